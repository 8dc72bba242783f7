import AspectFit

/// Options only some outputs read: an encoder's settings are read by its format alone, and
/// `--background` only by JPEG, the one format that flattens transparency onto it. Given for a run
/// none of whose outputs reads them, they do nothing, and the run says so once (not per file, and
/// not as an error: `-f auto` and variants make mixed runs legitimate).
enum IdleOptions {
    /// The formats whose outputs read each option.
    static let readers: [String: Set<ImageFormat>] = [
        "quality": [.jpeg], "progressive": [.jpeg], "optimize-huffman": [.jpeg], "chroma444": [.jpeg, .avif],
        "background": [.jpeg], "png-compression": [.png], "fast-png": [.png], "png-depth": [.png],
        "webp-quality": [.webp], "webp-lossless": [.webp], "webp-effort": [.webp],
        "avif-quality": [.avif], "avif-speed": [.avif],
    ]

    /// One line per option of `given` that no format of `written` reads; none when nothing is written.
    static func warnings(given: Set<String>, written: Set<ImageFormat>) -> [String] {
        guard !written.isEmpty else { return [] }
        let names = written.map(\.name).sorted().joined(separator: ", ")
        return readers.keys.sorted().compactMap { option in
            guard given.contains(option), let formats = readers[option], formats.isDisjoint(with: written) else { return nil }
            let readBy = formats.map(\.name).sorted().joined(separator: " and ")
            return "--\(option) does nothing in this run: it is for \(readBy) output, and this run writes \(names)"
        }
    }
}
