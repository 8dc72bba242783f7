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
                var failure: ImageIOError?
                let samples = [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
                    do throws(ImageIOError) {
                        try read(decoder, into: buffer)
                        initialized = count
                    } catch {
                        failure = error   // plain UInt16s: leaving them uninitialized is fine
                    }
                }
                if let failure { throw failure }
                let pixels = PixelBuffer16(width: region.width, height: region.height, layout: decoder.layout, samples: samples)
                return .success((pixels, region, decoder.warnings))
            } catch {
                return .failure(error)
            }
        }
        let (pixels, region, warnings) = try result.get()
        return (pixels, region, warnings)
    }

    /// Every row of `decoder`'s region into `samples`: 16-bit rows straight in, 8-bit ones through
    /// one row of bytes, widened.
    private static func read(_ decoder: RowDecoder, into samples: UnsafeMutableBufferPointer<UInt16>) throws(ImageIOError) {
        let region = decoder.region
        let rowSamples = region.width * decoder.layout.channels
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: rowSamples)
        defer { row.deallocate() }
        var y = 0
        while y < region.height {
            let target = samples.baseAddress! + y * rowSamples
            let n: Int
            if decoder.isSixteenBit {
                let bytes = UnsafeMutableRawPointer(target).assumingMemoryBound(to: UInt8.self)
                n = try decoder.readRows(into: bytes, stride: rowSamples * 2, maxRows: region.height - y)
            } else {
                n = try decoder.readRows(into: row, stride: rowSamples, maxRows: 1)
                for i in 0 ..< (n > 0 ? rowSamples : 0) { target[i] = UInt16(row[i]) * 257 }
            }
            guard n > 0 else { throw .corrupt("decoder stopped after \(y) of \(region.height) rows") }
            y += n
        }
    }
}
