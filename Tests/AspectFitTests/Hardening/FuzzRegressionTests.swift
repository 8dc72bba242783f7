import AspectFit
import Foundation
import Testing
import TestSupport

/// Every file under fuzz/regressions (fuzzer findings and bombs) goes through probe and decode
/// with every option combination; each must end with pixels or an ImageIOError, never a crash.
/// Fuzzer inputs start with two option bytes (fuzz/decode_fuzzer.c), so files are also tried
/// without them.
@Suite struct FuzzRegressionTests {
    static let folder = Corpus.projectRoot.appendingPathComponent("fuzz/regressions")

    static var files: [String] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return paths.sorted().map { folder.appendingPathComponent($0).path }
            .filter { var isDirectory: ObjCBool = false
                      return FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
    }

    static func exercise(_ data: [UInt8]) {
        _ = try? ImageFile.probe(data)
        for scale in [1, 2, 4, 8] {
            for failOnTruncation in [true, false] {
                var options = DecodeOptions(failOnTruncation: failOnTruncation, scaleDenominator: scale)
                guard let full = try? ImageFile.decode(data, options: options) else { continue }
                options.region = PixelRect(x: full.scaledWidth / 3, y: full.scaledHeight / 4,
                                           width: max(1, full.scaledWidth / 2), height: max(1, full.scaledHeight / 2))
                _ = try? ImageFile.decode(data, options: options)
                _ = try? ImageFile.decodeRows(data, options: options, start: { _, _ in }, row: { y, _ in
                    if y == 2 { throw CancellationError() }   // an early stop mid-image
                })
            }
        }
    }

    @Test func everyRegressionFileDecodesOrFailsCleanly() throws {
        let files = Self.files
        #expect(files.count >= 2)
        for path in files {
            let data = try ImageFile.read(path: path)
            Self.exercise(data)
            if data.count > 2 { Self.exercise(Array(data.dropFirst(2))) }
        }
    }
}
