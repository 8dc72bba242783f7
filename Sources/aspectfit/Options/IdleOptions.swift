import AspectFit

/// Options only some outputs read: an encoder's settings are read by its format alone. Given for a
/// run none of whose outputs reads them, they do nothing, and the run says so once (not per file,
/// and not as an error: `-f auto` and variants make mixed runs legitimate). What the outputs' pixels
/// make idle (a background with nothing to fill) is known once they are planned: `afterRun`.
enum IdleOptions {
    /// The formats whose outputs read each option.
    static let readers: [String: Set<ImageFormat>] = [
        "quality": [.jpeg], "progressive": [.jpeg], "optimize-huffman": [.jpeg], "jpeg-encoder": [.jpeg], "chroma444": [.jpeg, .avif], "chroma420": [.jpeg],
        "png-compression": [.png], "fast-png": [.png], "png-depth": [.png], "png-palette": [.png],
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

    /// The warnings only the planned outputs can give, once per run: a `--background` no output had
    /// bars, corners or transparency to fill, and box corners that fell only on bars in `onlyOnBars`
    /// of the `written` outputs.
    static func afterRun(given: Set<String>, written: Int, filled: Int, onlyOnBars: Int) -> [String] {
        var lines: [String] = []
        if given.contains("background"), written > 0, filled == 0 {
            lines.append("--background does nothing in this run: no output has contain bars, corners or transparency to fill")
        }
        if onlyOnBars > 0 {
            lines.append("--radius rounded only the bars of \(onlyOnBars) of \(written) outputs: their corners fall on bars "
                + "of the same colour, so nothing shows them; --corners-on picture rounds the picture")
        }
        return lines
    }
}
