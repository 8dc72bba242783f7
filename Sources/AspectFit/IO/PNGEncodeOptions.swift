/// How to write a PNG.
public struct PNGEncodeOptions: Sendable, Equatable {
    /// zlib level 0 (store) ... 9 (smallest).
    public var compressionLevel: Int
    /// SUB filter only with zlib's Z_RLE strategy instead of libpng's adaptive filtering:
    /// several times faster on photos for somewhat larger files (see the PNG encode test notes).
    public var fastFilters: Bool

    public init(compressionLevel: Int = 6, fastFilters: Bool = false) {
        self.compressionLevel = compressionLevel
        self.fastFilters = fastFilters
    }
}
