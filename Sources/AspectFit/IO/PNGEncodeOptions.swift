/// How to write a PNG.
public struct PNGEncodeOptions: Sendable, Hashable, Codable {
    /// libdeflate level 0 (store) ... 9 (smallest). The default, 3, makes smaller files than zlib's
    /// level 3 did, in half the time (10 cards and photos of every kind, 1080x1350 RGBA: 1.35 s
    /// against 2.76 s, every file smaller, by 0.6-66%); level 1 is 17% faster still and up to 11% larger.
    public var compressionLevel: Int
    /// The SUB filter on every row instead of the smaller of AVG and PAETH (what the PNG spec
    /// recommends choosing by). The choice is under a tenth of the encode, so this saves about 1%
    /// of the time and costs 7-11% in size on photos, up to 18x on a smooth gradient.
    public var fastFilters: Bool

    /// Level 3 with adaptive (AVG or PAETH) filtering by default.
    public init(compressionLevel: Int = 3, fastFilters: Bool = false) {
        self.compressionLevel = compressionLevel
        self.fastFilters = fastFilters
    }
}
