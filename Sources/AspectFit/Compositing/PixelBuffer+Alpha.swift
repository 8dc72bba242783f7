extension PixelBuffer {
    /// The same pixels with an opaque alpha channel added (gray8 -> grayAlpha8, rgb8 -> rgba8),
    /// so corners can be cut out of an image that had no transparency.
    func addingOpaqueAlpha() -> PixelBuffer {
        guard !layout.hasAlpha else { return self }
        let channels = layout.channels, outChannels = channels + 1
        var out = PixelBuffer(blankWidth: width, height: height, layout: layout.withAlpha)
        guard width > 0, height > 0 else { return out }
        bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                // raw pointers and a constant channel count per loop: no bounds checks, one store per sample
                for y in 0 ..< height {
                    let s = src.baseAddress! + y * bytesPerRow, d = dst.baseAddress! + y * width * outChannels
                    if channels == 3 {
                        for x in 0 ..< width {
                            d[4 * x] = s[3 * x]
                            d[4 * x + 1] = s[3 * x + 1]
                            d[4 * x + 2] = s[3 * x + 2]
                            d[4 * x + 3] = 255
                        }
                    } else {
                        for x in 0 ..< width {
                            d[2 * x] = s[x]
                            d[2 * x + 1] = 255
                        }
                    }
                }
            }
        }
        return out
    }
}
