import CImageIO

/// A JPEG's block means: one pixel per 8 x 8 luma block, each component's DC coefficient as libjpeg's
/// 1 x 1 inverse transform gives it (the block's mean), subsampled chroma repeated, YCbCr turned into
/// RGB. A full decode records them as it goes (`DecodeOptions.recordsBlockMeans`); `ImageFile.blockMeans`
/// reads them alone, in about half a decode's work. Both give the same bytes.
enum BlockMeans {
    /// Bytes enough for the block means of a `width` x `height` image (or of a larger one).
    static func capacity(width: Int, height: Int) -> Int { ((width + 7) / 8) * ((height + 7) / 8) * 3 }

    /// The image `fill` writes into `capacity` bytes; nil when it reports the source has none.
    static func read(capacity: Int, _ fill: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>,
                                             UnsafeMutablePointer<cio_layout>, UnsafeMutablePointer<cio_message>) -> cio_status)
        throws(ImageIOError) -> PixelBuffer? {
        var width: UInt32 = 0, height: UInt32 = 0
        var layout = CIO_RGB8
        var message = cio_message()
        var status = CIO_OK
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            status = fill(buffer.baseAddress!, &width, &height, &layout, &message)
            initialized = capacity   // plain bytes: what the C side did not write is never read
        }
        if status == CIO_UNSUPPORTED { return nil }
        guard status == CIO_OK else { throw ImageIOError(status: status, message: &message) }
        let pixelLayout: PixelLayout = layout == CIO_GRAY8 ? .gray8 : .rgb8
        bytes.removeLast(capacity - Int(width) * Int(height) * pixelLayout.channels)
        return PixelBuffer(checkedWidth: Int(width), height: Int(height), layout: pixelLayout,
                           bytesPerRow: Int(width) * pixelLayout.channels, bytes: bytes)
    }
}
