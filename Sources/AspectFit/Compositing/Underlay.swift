/// Puts a translucent `background` under an image with alpha (rgba8, grayAlpha8: onto the
/// background's luma), keeping alpha: Porter-Duff source-over in straight alpha, rounded. An
/// opaque background gives what `flatten` gives, with opaque alpha kept. Layouts without alpha
/// are returned unchanged.
func underlay(_ buffer: PixelBuffer, with background: RGBColor) -> PixelBuffer {
    guard buffer.layout.hasAlpha else { return buffer }
    var output = buffer
    let channels = buffer.layout.channels
    let colour: [UInt32] = channels == 2 ? [UInt32(background.luma)] : [UInt32(background.r), UInt32(background.g), UInt32(background.b)]
    let under = UInt32(background.a)
    output.bytes.withUnsafeMutableBufferPointer { pixels in
        for y in 0 ..< buffer.height {
            var p = y * buffer.bytesPerRow
            for _ in 0 ..< buffer.width {
                let alpha = UInt32(pixels[p + channels - 1])
                if alpha < 255 {
                    // Both weights in 1/65025ths: the pixel's a*255, the background's b*(255 - a).
                    let top = alpha * 255, bottom = under * (255 - alpha)
                    let total = top + bottom
                    for c in 0 ..< channels - 1 {
                        pixels[p + c] = total == 0 ? 0
                            : UInt8((UInt32(pixels[p + c]) * top + colour[c] * bottom + total / 2) / total)
                    }
                    pixels[p + channels - 1] = UInt8((total + 127) / 255)
                }
                p += channels
            }
        }
    }
    return output
}
