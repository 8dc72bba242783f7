/// The wide route's decode: 16-bit samples whatever the source.
extension ImageFile {
    /// Decodes `options.region` (or the whole image) into 16-bit samples: a 16-bit PNG keeps its
    /// 16 bits (unless `options.convertToSRGB`, which converts at 8 bits); every other source is
    /// decoded to 8 bits and widened exactly (v * 257). Returns the pixels, the region they cover
    /// (in scaled stored coordinates) and the decoder's warnings.
    static func decodeSixteenBit(_ data: UnsafeRawBufferPointer,
                                 options: DecodeOptions) throws(ImageIOError) -> (pixels: PixelBuffer16, region: PixelRect, warnings: [String]) {
        var options = options
        options.keepsSixteenBits = true
        let input = data.assumingMemoryBound(to: UInt8.self)
        let result: Result<(PixelBuffer16, PixelRect, [String]), ImageIOError> = withExtendedLifetime(input) {
            do throws(ImageIOError) {
                let decoder = try RowDecoder(data: input, options: options)
                let region = decoder.region
                let channels = decoder.layout.channels
                let (count, overflow) = (region.width * channels).multipliedReportingOverflow(by: region.height)
                guard !overflow else { throw .limitExceeded("decoded region \(region) does not fit in memory") }
                let stride = region.width * decoder.bytesPerPixel
                var bytes = [UInt8](repeating: 0, count: stride * region.height)
                var row = 0
                try bytes.withUnsafeMutableBufferPointer { (buffer) throws(ImageIOError) in
                    while row < region.height {
                        let n = try decoder.readRows(into: buffer.baseAddress! + row * stride, stride: stride,
                                                     maxRows: region.height - row)
                        guard n > 0 else { break }
                        row += n
                    }
                }
                if row < region.height { throw .corrupt("decoder stopped after \(row) of \(region.height) rows") }
                let samples: [UInt16]
                if decoder.isSixteenBit {
                    samples = [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
                        bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
                        initialized = count
                    }
                } else {
                    samples = bytes.map { UInt16($0) * 257 }
                }
                let pixels = PixelBuffer16(width: region.width, height: region.height, layout: decoder.layout, samples: samples)
                return .success((pixels, region, decoder.warnings))
            } catch {
                return .failure(error)
            }
        }
        let (pixels, region, warnings) = try result.get()
        return (pixels, region, warnings)
    }
}
