import AspectFit

/// Recognises JPEG and PNG by their magic bytes (never by the file name).
enum ImageSniffer {
    /// How many leading bytes `format(of:)` needs.
    static let prefixLength = 8

    static func format<C: Collection>(of prefix: C) -> ImageFormat? where C.Element == UInt8 {
        if prefix.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if prefix.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        return nil
    }
}
