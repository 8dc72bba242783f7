import CImageIO

/// An animated GIF or WebP, or an AVIF sequence, read one frame at a time, each composited on the full
/// canvas as browsers show it (GIF disposal and transparency, WebP blending and disposal; an AVIF
/// frame is whole). It holds one canvas (and, for a GIF that restores frames, the one before it; for
/// AVIF, the AV1 decoder's reference frames), never the frames already handed out.
///
/// The input bytes must stay valid (and pinned) for the decoder's whole life.
final class AnimationDecoder {
    private let handle: OpaquePointer
    /// The canvas: every frame's size.
    let width: Int
    let height: Int
    let frameCount: Int
    /// Plays of the animation (0: forever, always for an AVIF sequence); nil for a GIF without a loop
    /// extension (it plays once).
    let loopCount: Int?
    /// Whether some frame can show transparency.
    let hasAlpha: Bool

    /// Reads the headers and checks `policy`'s limits (the canvas against `maxPixels`, the frame
    /// count, every frame's pixels together) before anything is decoded.
    init(data: UnsafeRawBufferPointer, policy: DecodePolicy) throws(ImageIOError) {
        guard policy.maxPixels >= 0, policy.maxFrames >= 0, policy.maxAnimationPixels >= 0 else {
            throw .invalidArgument("the animation limits must not be negative")
        }
        var limits = cio_animation_limits(max_pixels: UInt64(policy.maxPixels), max_total_pixels: UInt64(policy.maxAnimationPixels),
                                          max_frames: UInt32(clamping: policy.maxFrames),
                                          fail_on_truncation: policy.failOnTruncation ? 1 : 0)
        var handle: OpaquePointer?
        var info = cio_animation_info()
        var message = cio_message()
        let bytes = data.bindMemory(to: UInt8.self)
        let status = cio_animation_decoder_open(bytes.baseAddress, bytes.count, &limits, &handle, &info, &message)
        guard status == CIO_OK, let handle else {
            if let info = try? ImageFile.probe(data), info.width * info.height > policy.maxPixels {
                throw .tooLarge(width: info.width, height: info.height, limit: policy.maxPixels)
            }
            throw ImageIOError(status: status, message: &message)
        }
        self.handle = handle
        width = Int(info.width)
        height = Int(info.height)
        frameCount = Int(info.frame_count)
        loopCount = info.loop_count < 0 ? nil : Int(info.loop_count)
        hasAlpha = info.has_alpha != 0
    }

    deinit { cio_animation_decoder_close(handle) }

    /// The next frame in `layout` (RGBA, or RGB where the animation is opaque) and how many
    /// milliseconds it shows; nil after the last.
    func next(layout: PixelLayout) throws(ImageIOError) -> (frame: PixelBuffer, delay: Int)? {
        var canvas: UnsafePointer<UInt8>?
        var delay: Int32 = 0
        var message = cio_message()
        let status = cio_animation_decoder_next(handle, &canvas, &delay, &message)
        guard status == CIO_OK else { throw ImageIOError(status: status, message: &message) }
        guard let canvas else { return nil }
        let count = width * height
        let source = UnsafeBufferPointer(start: canvas, count: count * 4)
        let bytes: [UInt8]
        if layout == .rgba8 {
            bytes = Array(source)
        } else {
            bytes = [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialised in
                for i in 0 ..< count {
                    out[i * 3] = source[i * 4]
                    out[i * 3 + 1] = source[i * 4 + 1]
                    out[i * 3 + 2] = source[i * 4 + 2]
                }
                initialised = count * 3
            }
        }
        return (PixelBuffer(checkedWidth: width, height: height, layout: layout, bytesPerRow: width * layout.channels, bytes: bytes),
                Int(delay))
    }

    /// Damage accepted so far (`failOnTruncation` off: a GIF cut inside a frame ends there, an AVIF
    /// sequence before a frame that does not decode).
    var warnings: [String] {
        (0 ..< cio_animation_decoder_warning_count(handle)).map { String(cString: cio_animation_decoder_warning(handle, $0)) }
    }
}
