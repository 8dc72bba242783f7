import Foundation
import Testing
import TestSupport

/// A fresh temporary directory for one test, filled with corpus copies; removed at the end.
final class Sandbox {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("aspectfit-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Copies a corpus file to `relative` (directories created), writable.
    @discardableResult
    func copy(_ corpusPath: String, to relative: String) throws -> URL {
        let destination = url(relative)
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        let data = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(corpusPath)))
        try data.write(to: destination)
        return destination
    }

    func write(_ text: String, to relative: String) throws {
        let destination = url(relative)
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: destination)
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative).path) }

    func data(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }

    /// Every file below `relative`, as sorted relative paths (hidden files included).
    func files(under relative: String) -> [String] {
        let base = url(relative)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var result: [String] = []
        while let path = walker.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path, isDirectory: &isDir), !isDir.boolValue {
                result.append(path)
            }
        }
        return result.sorted()
    }

    func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> CommandRunner.Result {
        try CommandRunner.run(arguments, in: root, stdin: stdin, environment: environment)
    }
}

extension Tag {
    /// Needs the real AspectFit pipeline (pixels resampled and encoded), not only the CLI.
    @Tag static var pipeline: Self
}

/// Small corpus images that keep the suite fast.
enum Samples {
    static let jpeg = "jpeg/ljt-testorig.jpg"            // 227x149
    static let png = "photos/tulips-vignette-alpha-500x500.png"
    static let landscape = "exif-orientation/Landscape_1.jpg"
    static let rotated = "exif-orientation/Landscape_6.jpg"
    static let truncated = "bad/truncated-sharp.jpg"
}
