extension PixelBuffer {
    /// The pixels of `rect` (inside the bounds) as an image of their own, rows unpadded.
    func cut(_ rect: PixelRect) -> PixelBuffer {
        let channels = layout.channels
        var bytes = [UInt8]()
        bytes.reserveCapacity(rect.width * rect.height * channels)
        for y in rect.y ..< rect.maxY {
            let start = y * bytesPerRow + rect.x * channels
            bytes += self.bytes[start ..< start + rect.width * channels]
        }
        return PixelBuffer(checkedWidth: rect.width, height: rect.height, layout: layout, bytesPerRow: rect.width * channels, bytes: bytes)
    }
}
