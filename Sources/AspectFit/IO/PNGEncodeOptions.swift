/// How to write a PNG.
public struct PNGEncodeOptions: Sendable, Hashable, Codable {
    /// libdeflate level 0 (store) ... 12 (smallest; the CLI's `--png-compression` offers 0...9, and
    /// `--max-bytes` retries at 12); lower levels encode faster and write larger files
    /// (`scripts/measure/measure-png.sh` measures both on every kind of image).
    public var compressionLevel: Int
    /// The SUB filter on every row instead of the smaller of AVG and PAETH (what the PNG spec
    /// recommends choosing by). The filter choice is a small part of the encode and SUB rows
    /// deflate worse, so this gains little time for larger files; for speed, use level 1 (the CLI's
    /// `--fast-png`).
    public var fastFilters: Bool

    /// Level 3 with adaptive (AVG or PAETH) filtering by default.
    public init(compressionLevel: Int = 3, fastFilters: Bool = false) {
        self.compressionLevel = compressionLevel
        self.fastFilters = fastFilters
    }
}
