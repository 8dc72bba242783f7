import CImageIO

/// An open C decoder: header parsed, limits checked, ready to hand out the region's rows.
///
/// Each C call sets its own setjmp, so no libjpeg/libpng error ever unwinds through Swift.
/// The input bytes must stay valid (and pinned) for the decoder's whole life.
final class RowDecoder {
    private let handle: OpaquePointer
    private let store: PixelStore?   // kept alive while the decoder holds its memory
    let region: PixelRect
    let layout: PixelLayout
    /// Whether rows hold native-endian UInt16 samples (`DecodeOptions.keepsSixteenBits`, a 16-bit PNG).
    let isSixteenBit: Bool
    let scaledWidth: Int
    let scaledHeight: Int

    /// `store`, when given, lends a whole-image decode its pixel memory until the decoder is gone.
    init(data: UnsafeBufferPointer<UInt8>, options: DecodeOptions, store: PixelStore? = nil) throws(ImageIOError) {
        var c = try Self.limits(options)
        c.to_srgb = options.convertToSRGB ? 1 : 0
        c.replicate_chroma = options.smoothChroma ? 0 : 1
        c.skip_in_loop_filters = options.inLoopFilters ? 0 : 1
        c.keep_16 = options.keepsSixteenBits ? 1 : 0
        c.threads = Int32(clamping: max(1, options.threads))
        c.pixel_store = store?.handle
        c.record_block_means = options.recordsBlockMeans ? 1 : 0
        guard [1, 2, 4, 8].contains(options.scaleDenominator) else {
            throw .invalidArgument("scale denominator must be 1, 2, 4 or 8 (got \(options.scaleDenominator))")
        }
        c.scale_denominator = Int32(options.scaleDenominator)
        if let r = options.region {
            guard r.x >= 0, r.y >= 0, r.width > 0, r.height > 0,
                  r.maxX <= Int(UInt32.max), r.maxY <= Int(UInt32.max) else {
                throw .invalidArgument("invalid decode region \(r)")
            }
            c.has_region = 1
            c.region_x = UInt32(r.x)
            c.region_y = UInt32(r.y)
            c.region_width = UInt32(r.width)
            c.region_height = UInt32(r.height)
        }
        var handle: OpaquePointer?
        var geometry = cio_decode_geometry()
        var message = cio_message()
        let status = cio_decoder_open(data.baseAddress, data.count, &c, &handle, &geometry, &message)
        guard status == CIO_OK, let handle else {
            throw Self.pixelLimitError(data, maxPixels: options.maxPixels) ?? ImageIOError(status: status, message: &message)
        }
        self.handle = handle
        self.store = store
        region = PixelRect(x: Int(geometry.x), y: Int(geometry.y), width: Int(geometry.width), height: Int(geometry.height))
        layout = PixelLayout(rawValue: Int(geometry.layout.rawValue)) ?? .rgb8
        isSixteenBit = geometry.sixteen_bit != 0
        scaledWidth = Int(geometry.scaled_width)
        scaledHeight = Int(geometry.scaled_height)
    }

    deinit { cio_decoder_close(handle) }   // before `store` goes: the decoder gives its pixels back to it

    /// The C options holding `options`' pixel limit and damage policy, the part every reading of a
    /// source obeys.
    static func limits(_ options: DecodeOptions) throws(ImageIOError) -> cio_decode_options {
        guard options.maxPixels >= 0 else { throw .invalidArgument("maxPixels must not be negative") }
        var c = cio_decode_options()
        c.max_pixels = UInt64(options.maxPixels)
        c.fail_on_truncation = options.failOnTruncation ? 1 : 0
        return c
    }

    /// `.tooLarge` with the header's size when it is over `maxPixels` (the C decoder reports that
    /// as a message only), else nil.
    static func pixelLimitError(_ data: UnsafeBufferPointer<UInt8>, maxPixels: Int) -> ImageIOError? {
        guard let info = try? ImageFile.probe(UnsafeRawBufferPointer(data)),
              info.width.multipliedReportingOverflow(by: info.height).partialValue > maxPixels else { return nil }
        return .tooLarge(width: info.width, height: info.height, limit: maxPixels)
    }

    /// Bytes of one decoded pixel: its channels, twice that for 16-bit samples.
    var bytesPerPixel: Int { layout.channels * (isSixteenBit ? 2 : 1) }

    /// Decodes up to `maxRows` further rows, `stride` bytes apart; returns how many (0: all done).
    func readRows(into rows: UnsafeMutablePointer<UInt8>, stride: Int, maxRows: Int) throws(ImageIOError) -> Int {
        precondition(stride >= region.width * bytesPerPixel && maxRows > 0)
        var count: UInt32 = 0
        var message = cio_message()
        let status = cio_decoder_read_rows(handle, rows, stride, UInt32(min(maxRows, Int(UInt32.max))), &count, &message)
        guard status == CIO_OK else { throw ImageIOError(status: status, message: &message) }
        return Int(count)
    }

    /// The block means recorded by a decode asked to record them (`DecodeOptions.recordsBlockMeans`),
    /// once its last row is read; nil when the source has none (not a grey, YCbCr or RGB JPEG).
    func blockMeans(scaleDenominator: Int) throws(ImageIOError) -> PixelBuffer? {
        let capacity = BlockMeans.capacity(width: scaledWidth * scaleDenominator, height: scaledHeight * scaleDenominator)
        return try BlockMeans.read(capacity: capacity) { pixels, width, height, layout, message in
            cio_decoder_block_means(handle, pixels, capacity, width, height, layout, message)
        }
    }

    /// Warnings so far (accepted damage, dropped chunks).
    var warnings: [String] {
        (0 ..< cio_decoder_warning_count(handle)).map { String(cString: cio_decoder_warning(handle, $0)) }
    }
}
