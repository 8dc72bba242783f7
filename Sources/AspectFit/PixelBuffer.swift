/// A tightly owned 8-bit image: `height` rows of `bytesPerRow` bytes, pixels in `layout` order.
///
/// Rows may be padded (`bytesPerRow >= width * layout.channels`) so a decoder or a worker
/// can reuse one allocation for images of different sizes.
public struct PixelBuffer: Sendable, Equatable {
    /// Pixels per row.
    public var width: Int
    /// Rows.
    public var height: Int
    /// The samples of each pixel.
    public var layout: PixelLayout
    /// Bytes from one row's start to the next's.
    public var bytesPerRow: Int
    /// `height` rows of `bytesPerRow` bytes.
    public var bytes: [UInt8]

    /// The largest buffer `init(width:height:layout:)` allocates, in pixels: the decoder's default limit.
    public static let maxPixels = DecodeOptions.defaultMaxPixels

    /// A zero-filled buffer with unpadded rows; throws for a negative size or one over `maxPixels`.
    public init(width: Int, height: Int, layout: PixelLayout) throws(PixelBufferError) {
        guard width >= 0, height >= 0 else { throw .invalidSize(width: width, height: height) }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Self.maxPixels else { throw .tooLarge(width: width, height: height, limit: Self.maxPixels) }
        self.init(blankWidth: width, height: height, layout: layout)
    }

    /// Wraps existing pixel bytes, which must hold `height` rows of `bytesPerRow` (default: unpadded).
    public init(width: Int, height: Int, layout: PixelLayout, bytesPerRow: Int? = nil,
                bytes: [UInt8]) throws(PixelBufferError) {
        guard width >= 0, height >= 0 else { throw .invalidSize(width: width, height: height) }
        let (rowBytes, rowOverflow) = width.multipliedReportingOverflow(by: layout.channels)
        guard !rowOverflow else { throw .invalidSize(width: width, height: height) }
        let stride = bytesPerRow ?? rowBytes
        guard stride >= rowBytes else { throw .strideTooSmall(bytesPerRow: stride, minimum: rowBytes) }
        let (needed, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, bytes.count >= needed else {
            throw .bytesTooShort(needed: overflow ? Int.max : needed, available: bytes.count)
        }
        self.init(checkedWidth: width, height: height, layout: layout, bytesPerRow: stride, bytes: bytes)
    }

    /// A zero-filled buffer of a size the library has already validated (a plan's output).
    init(blankWidth width: Int, height: Int, layout: PixelLayout) {
        self.init(checkedWidth: width, height: height, layout: layout, bytesPerRow: width * layout.channels,
                  bytes: [UInt8](repeating: 0, count: width * height * layout.channels))
    }

    /// Wraps bytes already checked to hold `height` rows of `bytesPerRow`.
    init(checkedWidth width: Int, height: Int, layout: PixelLayout, bytesPerRow: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.layout = layout
        self.bytesPerRow = bytesPerRow
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
