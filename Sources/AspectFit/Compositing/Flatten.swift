/// Composites an image with alpha onto an opaque background: rgba8 -> rgb8, grayAlpha8 ->
/// gray8 (onto the background's luma). Needed when a transparent PNG is written as JPEG.
/// Layouts without alpha are returned unchanged.
public func flatten(_ buffer: PixelBuffer, onto background: RGBColor) -> PixelBuffer {
    guard buffer.layout.hasAlpha else { return buffer }
    var output = PixelBuffer(blankWidth: buffer.width, height: buffer.height, layout: buffer.layout.withoutAlpha)
    let (width, inStride, outStride) = (buffer.width, buffer.bytesPerRow, output.bytesPerRow)
    let isGray = buffer.layout == .grayAlpha8
    let (red, green, blue) = isGray
        ? (UInt32(background.luma), 0, 0)
        : (UInt32(background.r), UInt32(background.g), UInt32(background.b))
    buffer.bytes.withUnsafeBufferPointer { source in
        output.bytes.withUnsafeMutableBufferPointer { target in
            for y in 0 ..< buffer.height {
                var from = y * inStride
                var to = y * outStride
                if isGray {
                    for _ in 0 ..< width {
                        target[to] = over(source[from], alpha: source[from + 1], background: red)
                        from += 2
                        to += 1
                    }
                } else {
                    for _ in 0 ..< width {
                        let alpha = source[from + 3]
                        target[to] = over(source[from], alpha: alpha, background: red)
                        target[to + 1] = over(source[from + 1], alpha: alpha, background: green)
                        target[to + 2] = over(source[from + 2], alpha: alpha, background: blue)
                        from += 4
                        to += 3
                    }
                }
            }
        }
    }
    return output
}

/// One straight-alpha sample over an opaque background sample, rounded: (v a + b (255 - a) + 127) / 255.
@inline(__always)
private func over(_ value: UInt8, alpha: UInt8, background: UInt32) -> UInt8 {
    let a = UInt32(alpha)
    return UInt8(truncatingIfNeeded: (UInt32(value) * a + background * (255 - a) + 127) / 255)
}
