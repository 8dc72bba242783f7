/// Bits per sample of the pixels written: PNG can hold 8 or 16; the other formats are written with 8.
public enum BitDepth: Int, Sendable, Hashable, Codable, CaseIterable {
    /// 8 bits per sample.
    case eight = 8
    /// 16 bits per sample (PNG only).
    case sixteen = 16
}
