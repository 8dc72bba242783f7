/// How to write a PNG.
public struct PNGEncodeOptions: Sendable, Hashable, Codable {
    /// zlib level 0 (store) ... 9 (smallest). The default, 3, is the last of zlib's fast levels:
    /// on photos it is as small as level 6 at a third of the time (a 512x512 RGBA photo thumbnail:
    /// 569 KB in 27 ms at 3, 586 KB in 100 ms at 6, 585 KB in 18 ms at 1).
    public var compressionLevel: Int
    /// SUB filter only with zlib's Z_RLE strategy instead of libpng's adaptive choice of filter per
    /// row (between AVG and PAETH, which it picks almost always when offered all five: see README
    /// "Performance"). Measured before that choice was narrowed (the
    /// level then hardly matters). Measured on a 1165x859 RGB photo: 2.0 MB in 26 ms vs 1.87 MB in
    /// 173 ms at level 6 and 1.79 MB in 53 ms at level 1; on an 852x567 RGBA photo 724 KB in 11 ms
    /// vs 660 KB in 62 ms at level 6: about 6x faster for about 10% more bytes.
    public var fastFilters: Bool

    /// Level 3 with adaptive (AVG or PAETH) filtering by default.
    public init(compressionLevel: Int = 3, fastFilters: Bool = false) {
        self.compressionLevel = compressionLevel
        self.fastFilters = fastFilters
    }
}
