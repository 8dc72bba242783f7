/// How to write a PNG.
public struct PNGEncodeOptions: Sendable, Hashable, Codable {
    /// libdeflate level 0 (store) ... 12 (smallest; the CLI's `--png-compression` offers 0...9, and
    /// `--max-bytes` retries at 12); lower levels encode faster and write larger files
    /// (`scripts/measure/measure-png.sh` measures both on every kind of image).
    public var compressionLevel: Int

    /// Level 3 by default. Each row is filtered with the smaller of AVG and PAETH (by the sum of
    /// magnitudes the PNG specification suggests choosing by).
    public init(compressionLevel: Int = 3) {
        self.compressionLevel = compressionLevel
    }
}
