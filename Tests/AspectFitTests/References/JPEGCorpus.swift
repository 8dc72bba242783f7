import TestSupport

/// The corpus JPEGs a decoder must handle: everything in jpeg/, exif-orientation/ and photos/
/// except the MANIFEST `reject` ones (12-bit and lossless).
enum JPEGCorpus {
    static let rejected: Set<String> = Set(Corpus.manifest().filter { $0.expected == "reject" }.map(\.path))

    /// Corpus-relative paths, e.g. "jpeg/ljt-testorig.jpg".
    static let decodable: [String] = ["jpeg", "exif-orientation", "photos"].flatMap { folder in
        Corpus.files(in: folder, withExtensions: ["jpg", "jpeg"]).map { "\(folder)/\($0.split(separator: "/").last!)" }
    }.filter { !rejected.contains($0) }

    static let unsupported: [String] = rejected.filter { $0.hasPrefix("jpeg/") }.sorted()

    static func name(_ relative: String) -> String { String(relative.split(separator: "/").last!) }
}
