import Foundation

/// The shared test corpus at `../shared/corpus` relative to the project root.
///
/// Tests that need it call `Corpus.require()`. Outside CI a missing corpus skips them;
/// with `CI=true` it is a hard failure, so CI can never pass by silently testing nothing.
public enum Corpus {
    /// The project root: three levels up from this file (Tests/TestSupport/Corpus.swift).
    public static let projectRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let root: URL = projectRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/corpus").standardizedFileURL

    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("MANIFEST.tsv").path)
    }

    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "test corpus missing at \(Corpus.root.path) (CI=true requires it)" }
    }

    /// Whether corpus tests should run; throws under CI when the corpus is missing.
    public static func require() throws -> Bool {
        if isAvailable { return true }
        if isCI { throw Missing() }
        return false
    }

    /// Absolute path of a corpus file, e.g. `path("jpeg/ljt-testorig.jpg")`.
    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The files of one corpus folder (e.g. "pngsuite"), sorted by name.
    public static func files(in folder: String, withExtensions exts: Set<String>? = nil) -> [String] {
        let dir = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted()
            .filter { exts == nil || exts!.contains(($0 as NSString).pathExtension.lowercased()) }
            .map { dir.appendingPathComponent($0).path }
    }

    /// One row of MANIFEST.tsv.
    public struct Entry: Sendable {
        public var path: String
        public var size: String
        public var colorType: String
        public var expected: String
        public var license: String
        public var notes: String
    }

    /// All rows of MANIFEST.tsv.
    public static func manifest() -> [Entry] {
        guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 9 else { return nil }
            return Entry(path: f[0], size: f[3], colorType: f[4], expected: f[5], license: f[7], notes: f[8])
        }
    }
}
