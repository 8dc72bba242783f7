import AspectFit

/// Widens decoded pixels to packed RGBA8 or RGB8 so they compare with references.
enum PixelConversion {
    static func rgba8(_ buffer: PixelBuffer) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(buffer.width * buffer.height * 4)
        for y in 0 ..< buffer.height {
            for x in 0 ..< buffer.width {
                let p = buffer[x, y]
                let s = p.startIndex
                switch buffer.layout {
                case .gray8: out += [p[s], p[s], p[s], 255]
                case .grayAlpha8: out += [p[s], p[s], p[s], p[s + 1]]
                case .rgb8: out += [p[s], p[s + 1], p[s + 2], 255]
                case .rgba8: out += [p[s], p[s + 1], p[s + 2], p[s + 3]]
                }
            }
        }
        return out
    }

    /// The same rows/columns cut out of a bigger buffer.
    static func crop(_ buffer: PixelBuffer, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
        let c = buffer.layout.channels
        var out = [UInt8]()
        out.reserveCapacity(width * height * c)
        for row in y ..< y + height {
            let start = row * buffer.bytesPerRow + x * c
            out += buffer.bytes[start ..< start + width * c]
        }
        return out
    }
}
