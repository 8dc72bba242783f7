extension PixelBuffer {
    /// The same pixels with an opaque alpha channel added (gray8 -> grayAlpha8, rgb8 -> rgba8),
    /// so corners can be cut out of an image that had no transparency.
    func addingOpaqueAlpha() -> PixelBuffer {
        guard !layout.hasAlpha else { return self }
        let channels = layout.channels
        var out = PixelBuffer(blankWidth: width, height: height, layout: layout.withAlpha)
        bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                var o = 0
                for y in 0 ..< height {
                    var i = y * bytesPerRow
                    for _ in 0 ..< width {
                        for c in 0 ..< channels { dst[o + c] = src[i + c] }
                        dst[o + channels] = 255
                        i += channels
                        o += channels + 1
                    }
                }
            }
        }
        return out
    }
}
