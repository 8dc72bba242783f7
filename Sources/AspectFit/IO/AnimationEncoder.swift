import CImageIO

/// An animated GIF or WebP, or an AVIF sequence, written a frame at a time; `finish` returns the file.
final class AnimationEncoder {
    private let handle: OpaquePointer
    private let width: Int
    private let height: Int

    /// A `format` (GIF, WebP or AVIF) animation of `width` x `height` frames that plays `loopCount` times
    /// (0: forever; nil: once, with no GIF loop extension; an AVIF sequence, written without an edit
    /// list, plays forever whatever it says). When `hasAlpha` a GIF keeps a transparent index and an
    /// AVIF an alpha track; WebP frames are encoded with `webp`, AVIF frames with `avif`. A WebP or AVIF
    /// is labelled with `iccProfile` (an RGB profile: the colours the frames are in); a GIF has no place for one.
    init(format: ImageFormat, width: Int, height: Int, loopCount: Int?, hasAlpha: Bool,
         webp: WebPEncodeOptions = WebPEncodeOptions(), avif: AVIFEncodeOptions = AVIFEncodeOptions(),
         iccProfile: [UInt8]? = nil) throws(ImageIOError) {
        guard format.animates else { throw .invalidArgument("\(format.rawValue) animations are not written") }
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw .invalidArgument("an animation of \(width)x\(height) frames")
        }
        var options = cio_animation_encode_options()
        options.format = format == .gif ? CIO_FORMAT_GIF : format == .webp ? CIO_FORMAT_WEBP : CIO_FORMAT_AVIF
        options.width = UInt32(width)
        options.height = UInt32(height)
        options.loop_count = Int32(clamping: loopCount ?? -1)
        options.has_alpha = hasAlpha ? 1 : 0
        options.webp.quality = Int32(clamping: webp.quality)
        options.webp.lossless = webp.lossless ? 1 : 0
        options.webp.method = Int32(clamping: webp.effort)
        options.webp.sharp_yuv = webp.sharpYUV ? 1 : 0
        options.avif = cio_avif_options(avif)
        var handle: OpaquePointer?
        var message = cio_message()
        let profile = format == .gif ? [] : iccProfile ?? []
        let status = profile.withUnsafeBufferPointer { icc in
            options.icc = icc.isEmpty ? nil : icc.baseAddress
            options.icc_size = icc.count
            return cio_animation_encoder_new(&options, &handle, &message)
        }
        guard status == CIO_OK, let handle else { throw ImageIOError(status: status, message: &message) }
        self.handle = handle
        self.width = width
        self.height = height
    }

    deinit { cio_animation_encoder_free(handle) }

    /// Adds `frame` (the animation's size, any 8-bit layout: brought to RGBA) shown for `delay` milliseconds.
    func add(_ frame: PixelBuffer, delay: Int) throws(ImageIOError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidArgument("a \(frame.width)x\(frame.height) frame in a \(width)x\(height) animation")
        }
        let rgba = frame.layout == .rgba8 ? frame : Self.rgba(frame)
        var message = cio_message()
        let status = rgba.bytes.withUnsafeBufferPointer {
            cio_animation_encoder_add(handle, $0.baseAddress, rgba.bytesPerRow, Int32(clamping: delay), &message)
        }
        guard status == CIO_OK else { throw ImageIOError(status: status, message: &message) }
    }

    /// `frame`'s pixels as RGBA (grey spread to the three colours, opaque where it has no alpha).
    private static func rgba(_ frame: PixelBuffer) -> PixelBuffer {
        let channels = frame.layout.channels, count = frame.width * frame.height
        let bytes = frame.bytes.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialised in
                for y in 0 ..< frame.height {
                    for x in 0 ..< frame.width {
                        let s = y * frame.bytesPerRow + x * channels, d = (y * frame.width + x) * 4
                        let gray = channels < 3
                        out[d] = source[s]
                        out[d + 1] = source[gray ? s : s + 1]
                        out[d + 2] = source[gray ? s : s + 2]
                        out[d + 3] = frame.layout.hasAlpha ? source[s + channels - 1] : 255
                    }
                }
                initialised = count * 4
            }
        }
        return PixelBuffer(checkedWidth: frame.width, height: frame.height, layout: .rgba8, bytesPerRow: frame.width * 4, bytes: bytes)
    }

    /// The encoded file.
    func finish() throws(ImageIOError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = cio_message()
        let status = cio_animation_encoder_finish(handle, &output, &size, &message)
        guard status == CIO_OK, let output else { throw ImageIOError(status: status, message: &message) }
        defer { cio_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
