extension PixelBuffer {
    /// The same pixels with an opaque alpha channel added (gray8 -> grayAlpha8, rgb8 -> rgba8),
    /// so corners can be cut out of an image that had no transparency.
    func addingOpaqueAlpha() -> PixelBuffer {
        guard !layout.hasAlpha else { return self }
        let channels = layout.channels, outChannels = channels + 1
        let count = width * height * outChannels
        let rows = bytes.withUnsafeBufferPointer { src in
            [UInt8](unsafeUninitializedCapacity: count) { dst, initialized in
                for y in 0 ..< height {
                    let s = src.baseAddress! + y * bytesPerRow, d = dst.baseAddress! + y * width * outChannels
                    if channels == 3 { Self.addAlpha(rgb: s, to: d, width: width) } else { Self.addAlpha(gray: s, to: d, width: width) }
                }
                initialized = count
            }
        }
        return PixelBuffer(checkedWidth: width, height: height, layout: layout.withAlpha, bytesPerRow: width * outChannels, bytes: rows)
    }

    /// RGB to RGBA: each pixel but the last moves as one 32-bit word (its 4th byte, the next
    /// pixel's red, replaced by the alpha); the last is copied by byte so no read passes the row.
    private static func addAlpha(rgb s: UnsafePointer<UInt8>, to d: UnsafeMutablePointer<UInt8>, width: Int) {
        guard width > 0 else { return }
        var source = UnsafeRawPointer(s), destination = UnsafeMutableRawPointer(d)
        for _ in 0 ..< width - 1 {
            let word = UInt32(littleEndian: source.loadUnaligned(as: UInt32.self)) | 0xFF00_0000
            destination.storeBytes(of: word.littleEndian, as: UInt32.self)
            source += 3
            destination += 4
        }
        let last = width - 1
        d[4 * last] = s[3 * last]
        d[4 * last + 1] = s[3 * last + 1]
        d[4 * last + 2] = s[3 * last + 2]
        d[4 * last + 3] = 255
    }

    private static func addAlpha(gray s: UnsafePointer<UInt8>, to d: UnsafeMutablePointer<UInt8>, width: Int) {
        for x in 0 ..< width {
            d[2 * x] = s[x]
            d[2 * x + 1] = 255
        }
    }
}
