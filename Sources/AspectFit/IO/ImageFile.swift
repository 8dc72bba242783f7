import CImageIO

/// Reading images: probe the header, decode to a buffer, or stream decoded rows.
///
/// The format always comes from the magic bytes. Everything here is thread-safe: separate
/// calls share no mutable state.
///
/// JPEG: libjpeg-turbo defaults (ISLOW DCT, fancy upsampling), so pixels equal `djpeg`'s; CMYK and
/// YCCK become sRGB through their ICC profile (LittleCMS; README "Colour"). PNG: 16-bit samples are scaled to 8 bits with
/// rounding (png_set_scale_16, i.e. round(v / 257); the 16-bit route keeps them: `decodeSixteenBit`), low bit depths and palettes are expanded,
/// tRNS becomes alpha; gAMA/cHRM/sRGB are ignored (pixels as stored, as browsers assume sRGB and
/// Pillow does). Of the text chunks only the EXIF raw profile and XMP keywords are read (for the
/// orientation), with a bound on their inflated size, so zTXt/iTXt cannot inflate unbounded.
public enum ImageFile {
    /// Rows decoded per C call in the streaming form.
    static let rowsPerBatch = 16

    /// Reads the header only: size, channels, orientation, ICC profile. Fast and small even for huge images.
    public static func probe(_ data: [UInt8]) throws(ImageIOError) -> ImageInfo {
        let result = data.withUnsafeBytes { bytes in Result { () throws(ImageIOError) in try probe(bytes) } }
        return try result.get()
    }

    /// Reads the header of bytes the caller owns (`Data`, a NIO `ByteBuffer` view, mapped memory)
    /// without copying them.
    public static func probe(_ data: UnsafeRawBufferPointer) throws(ImageIOError) -> ImageInfo {
        var info = cio_info()
        var message = cio_message()
        let status = cio_probe(data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, &info, &message)
        guard status == CIO_OK else { throw ImageIOError(status: status, message: &message) }
        defer { cio_info_release(&info) }
        guard let format = ImageFormat(info.format) else { throw .unsupported(format: "format code \(info.format.rawValue)") }
        return ImageInfo(info, format: format)
    }

    /// Decodes `options.region` (or the whole image) at `1/options.scaleDenominator` into one buffer.
    public static func decode(_ data: [UInt8], options: DecodeOptions = .init()) throws(ImageIOError) -> DecodedImage {
        try data.withUnsafeBytes { bytes in Result { () throws(ImageIOError) in try decode(bytes, options: options) } }.get()
    }

    /// `decode` over bytes the caller owns, read in place (the bytes must not change meanwhile).
    public static func decode(_ data: UnsafeRawBufferPointer, options: DecodeOptions = .init()) throws(ImageIOError) -> DecodedImage {
        let input = data.assumingMemoryBound(to: UInt8.self)
        let result: Result<DecodedImage, ImageIOError> = withExtendedLifetime(input) {
            do throws(ImageIOError) {
                let decoder = try RowDecoder(data: input, options: options)
                let region = decoder.region
                let stride = region.width * decoder.layout.channels
                let (count, overflow) = stride.multipliedReportingOverflow(by: region.height)
                guard !overflow else { throw .limitExceeded("decoded region \(region) does not fit in memory") }
                var failure: ImageIOError?
                let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                    cio_advise_huge_pages(buffer.baseAddress, count)
                    var row = 0
                    do throws(ImageIOError) {
                        while row < region.height, let base = buffer.baseAddress {
                            let n = try decoder.readRows(into: base + row * stride, stride: stride,
                                                         maxRows: region.height - row)
                            guard n > 0 else { break }
                            row += n
                        }
                        if row < region.height { throw .corrupt("decoder stopped after \(row) of \(region.height) rows") }
                        initialized = count
                    } catch {
                        failure = error   // the bytes are plain UInt8: leaving them uninitialized is fine
                    }
                }
                if let failure { throw failure }
                let pixels = PixelBuffer(checkedWidth: region.width, height: region.height, layout: decoder.layout,
                                         bytesPerRow: stride, bytes: bytes)
                var decoded = DecodedImage(pixels: pixels, region: region, scaledWidth: decoder.scaledWidth,
                                           scaledHeight: decoder.scaledHeight, warnings: decoder.warnings)
                if options.recordsBlockMeans { decoded.blockMeans = try decoder.blockMeans(scaleDenominator: options.scaleDenominator) }
                return .success(decoded)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A one-scan JPEG's block means (`BlockMeans`) read without the rest of its decode, under
    /// `options`' pixel limit and damage policy (its warnings are left to the full decode); nil for
    /// other sources, JPEGs of several scans (progressive ones), and CMYK.
    static func blockMeans(_ data: UnsafeRawBufferPointer, options: DecodeOptions, width: Int, height: Int)
        throws(ImageIOError) -> PixelBuffer? {
        var c = try RowDecoder.limits(options)
        let input = data.assumingMemoryBound(to: UInt8.self)
        let capacity = BlockMeans.capacity(width: width, height: height)
        do {
            return try BlockMeans.read(capacity: capacity) { pixels, w, h, layout, message in
                cio_jpeg_block_means(input.baseAddress, input.count, &c, pixels, capacity, w, h, layout, message)
            }
        } catch {
            throw RowDecoder.pixelLimitError(input, maxPixels: options.maxPixels) ?? error
        }
    }

    /// Streams the decoded rows: `start` once with the decoded region and layout, then `row` for each
    /// row in order (`y` counts from the region's top; the pixel bytes are valid only during the call).
    /// Only `rowsPerBatch` rows are held at a time, so a resampler can consume them as they arrive.
    public static func decodeRows(_ data: [UInt8], options: DecodeOptions = .init(),
                                  start: (_ region: PixelRect, _ layout: PixelLayout) throws -> Void,
                                  row: (_ y: Int, _ pixels: UnsafeRawBufferPointer) throws -> Void) throws -> DecodeSummary {
        try data.withUnsafeBytes { try decodeRows($0, options: options, start: start, row: row) }
    }

    /// `decodeRows` over bytes the caller owns, read in place (the bytes must not change meanwhile).
    public static func decodeRows(_ data: UnsafeRawBufferPointer, options: DecodeOptions = .init(),
                                  start: (_ region: PixelRect, _ layout: PixelLayout) throws -> Void,
                                  row: (_ y: Int, _ pixels: UnsafeRawBufferPointer) throws -> Void) throws -> DecodeSummary {
        try decodeRows(data, options: options, store: nil, start: start, row: row)
    }

    /// `decodeRows` with a whole-image decode's pixel memory lent by `store`.
    static func decodeRows(_ data: UnsafeRawBufferPointer, options: DecodeOptions, store: PixelStore?,
                           start: (_ region: PixelRect, _ layout: PixelLayout) throws -> Void,
                           row: (_ y: Int, _ pixels: UnsafeRawBufferPointer) throws -> Void) throws -> DecodeSummary {
        try withExtendedLifetime(data.assumingMemoryBound(to: UInt8.self)) { input in
            let decoder = try RowDecoder(data: input, options: options, store: store)
            let region = decoder.region
            try start(region, decoder.layout)
            let stride = region.width * decoder.layout.channels
            let batch = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * rowsPerBatch)
            defer { batch.deallocate() }
            var y = 0
            while y < region.height {
                let n = try decoder.readRows(into: batch, stride: stride, maxRows: rowsPerBatch)
                guard n > 0 else { throw ImageIOError.corrupt("decoder stopped after \(y) of \(region.height) rows") }
                for i in 0 ..< n {
                    try row(y + i, UnsafeRawBufferPointer(start: batch + i * stride, count: stride))
                }
                y += n
            }
            return DecodeSummary(region: region, layout: decoder.layout, scaledWidth: decoder.scaledWidth,
                                 scaledHeight: decoder.scaledHeight, warnings: decoder.warnings)
        }
    }
}
