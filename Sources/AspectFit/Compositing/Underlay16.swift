extension PixelBuffer16 {
    /// `underlay(_:with:)` for 16-bit pixels: `background` (widened exactly, v * 257) under this
    /// image's straight alpha, source-over, rounded; alpha kept. Without alpha, unchanged.
    func underlaid(with background: RGBColor) -> PixelBuffer16 {
        guard layout.hasAlpha else { return self }
        let channels = layout.channels
        let colour = (channels == 2 ? [background.luma] : [background.r, background.g, background.b]).map { UInt64($0) * 257 }
        let under = UInt64(background.a) * 257
        var out = samples
        for p in stride(from: 0, to: out.count, by: channels) {
            let alpha = UInt64(out[p + channels - 1])
            guard alpha < 65535 else { continue }
            let top = alpha * 65535, bottom = under * (65535 - alpha)
            let total = top + bottom
            for c in 0 ..< channels - 1 {
                out[p + c] = total == 0 ? 0 : UInt16((UInt64(out[p + c]) * top + colour[c] * bottom + total / 2) / total)
            }
            out[p + channels - 1] = UInt16((total + 32767) / 65535)
        }
        return PixelBuffer16(width: width, height: height, layout: layout, samples: out)
    }

    /// The same pixels without their alpha channel (for an image an opaque background made opaque).
    func droppingAlpha() -> PixelBuffer16 {
        guard layout.hasAlpha else { return self }
        let channels = layout.channels
        var out = [UInt16]()
        out.reserveCapacity(width * height * (channels - 1))
        for p in stride(from: 0, to: samples.count, by: channels) { out += samples[p ..< p + channels - 1] }
        return PixelBuffer16(width: width, height: height, layout: layout.withoutAlpha, samples: out)
    }
}
