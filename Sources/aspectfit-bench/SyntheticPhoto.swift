import AspectFit

/// A deterministic photo-like test image: smooth colour gradients, soft texture, hard-edged
/// shapes and per-pixel noise, so the resampler sees realistic (not constant) data.
enum SyntheticPhoto {
    static func make(width: Int, height: Int, layout: PixelLayout) throws -> PixelBuffer {
        var image = try PixelBuffer(width: width, height: height, layout: layout)
        let ch = layout.channels, alpha = layout.hasAlpha
        var state: UInt32 = 0x1234_5678
        image.bytes.withUnsafeMutableBufferPointer { bytes in
            for y in 0 ..< height {
                let v = y * 256 / height
                for x in 0 ..< width {
                    let u = x * 256 / width
                    state = state &* 1_664_525 &+ 1_013_904_223
                    let noise = Int(state >> 27) - 16
                    let texture = ((x / 7 + y / 5) & 15) * 3
                    let shape = (x / 400 + y / 300) % 3 == 0 ? 60 : 0
                    let base = y * width * ch + x * ch
                    for c in 0 ..< ch {
                        let s = (c == 0 ? u : c == 1 ? v : (u + v) / 2) * 3 / 4 + texture + shape + noise
                        bytes[base + c] = UInt8(clamping: s)
                    }
                    if alpha { bytes[base + ch - 1] = UInt8(clamping: 255 - (u * v) / 512) }
                }
            }
        }
        return image
    }
}
