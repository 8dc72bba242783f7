/// A tightly owned 8-bit image: `height` rows of `bytesPerRow` bytes, pixels in `layout` order.
///
/// Rows may be padded (`bytesPerRow >= width * layout.channels`) so a decoder or a worker
/// can reuse one allocation for images of different sizes.
public struct PixelBuffer: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var layout: PixelLayout
    public var bytesPerRow: Int
    public var bytes: [UInt8]

    /// A zero-filled buffer with unpadded rows.
    public init(width: Int, height: Int, layout: PixelLayout) {
        precondition(width >= 0 && height >= 0, "negative image size")
        self.width = width
        self.height = height
        self.layout = layout
        self.bytesPerRow = width * layout.channels
        self.bytes = [UInt8](repeating: 0, count: width * height * layout.channels)
    }

    /// Wraps existing pixel bytes; `bytes` must hold `height` rows of `bytesPerRow`.
    public init(width: Int, height: Int, layout: PixelLayout, bytesPerRow: Int? = nil, bytes: [UInt8]) {
        let stride = bytesPerRow ?? width * layout.channels
        precondition(stride >= width * layout.channels && bytes.count >= stride * height, "pixel bytes too short")
        self.width = width
        self.height = height
        self.layout = layout
        self.bytesPerRow = stride
        self.bytes = bytes
    }

    /// The samples of pixel (x, y), one per channel.
    public subscript(x: Int, y: Int) -> ArraySlice<UInt8> {
        let start = y * bytesPerRow + x * layout.channels
        return bytes[start ..< start + layout.channels]
    }

    /// The pixels without row padding, row after row.
    public var packedBytes: [UInt8] {
        let rowBytes = width * layout.channels
        if rowBytes == bytesPerRow { return Array(bytes.prefix(rowBytes * height)) }
        var packed = [UInt8]()
        packed.reserveCapacity(rowBytes * height)
        for y in 0 ..< height { packed += bytes[y * bytesPerRow ..< y * bytesPerRow + rowBytes] }
        return packed
    }
}
