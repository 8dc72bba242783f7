/// Composites an image with alpha onto an opaque background: rgba8 -> rgb8, grayAlpha8 ->
/// gray8 (onto the background's luma). Needed when a transparent PNG is written as JPEG.
/// Layouts without alpha are returned unchanged.
public func flatten(_ buffer: PixelBuffer, onto background: RGBColor) -> PixelBuffer {
    guard buffer.layout.hasAlpha else { return buffer }
    let colours = buffer.layout.channels - 1
    let fill: [UInt32] = colours == 1
        ? [UInt32(background.luma)]
        : [UInt32(background.r), UInt32(background.g), UInt32(background.b)]
    var output = PixelBuffer(width: buffer.width, height: buffer.height, layout: buffer.layout.withoutAlpha)
    let (width, inStride, outStride) = (buffer.width, buffer.bytesPerRow, output.bytesPerRow)
    buffer.bytes.withUnsafeBufferPointer { source in
        output.bytes.withUnsafeMutableBufferPointer { target in
            for y in 0 ..< buffer.height {
                var from = y * inStride
                var to = y * outStride
                for _ in 0 ..< width {
                    let alpha = UInt32(source[from + colours])
                    for channel in 0 ..< colours {
                        let value = UInt32(source[from + channel]) * alpha + fill[channel] * (255 - alpha) + 127
                        target[to + channel] = UInt8(truncatingIfNeeded: value / 255)
                    }
                    from += colours + 1
                    to += colours
                }
            }
        }
    }
    return output
}
