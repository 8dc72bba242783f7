/// How to write a PNG.
public struct PNGEncodeOptions: Sendable, Hashable, Codable {
    /// libdeflate level 0 (store) ... 9 (smallest). The default, 3, makes smaller files than zlib's
    /// level 3 did, in half the time (`scripts/measure/measure-png.sh`, 10 cards of every kind of image:
    /// 1.23 s against 2.45 s, every file smaller, by 0.6-66%); level 1 is 15% faster still and up
    /// to 11% larger.
    public var compressionLevel: Int
    /// The SUB filter on every row instead of the smaller of AVG and PAETH (what the PNG spec
    /// recommends choosing by). Since libdeflate compresses, this is no faster (the choice is under
    /// a tenth of the encode, and SUB rows deflate slower) and 4-11% larger on photos, up to 18x on
    /// a smooth gradient (on the cards of `scripts/measure/measure-png.sh`); for speed, use level 1 (the
    /// CLI's `--fast-png`).
    public var fastFilters: Bool

    /// Level 3 with adaptive (AVG or PAETH) filtering by default.
    public init(compressionLevel: Int = 3, fastFilters: Bool = false) {
        self.compressionLevel = compressionLevel
        self.fastFilters = fastFilters
    }
}
