import AspectFit
import Testing
import TestSupport

/// Every PngSuite file against an independent (pypng) decode; every corrupt x*.png rejected.
@Suite struct PngSuiteTests {
    @Test func everyValidFileMatchesTheReferenceDecode() throws {
        guard try Corpus.require() else { return }
        let files = Corpus.files(in: "pngsuite", withExtensions: ["png"]).filter { !name($0).hasPrefix("x") }
        #expect(files.count == PngSuiteReferences.entries.count)
        for file in files {
            let reference = try #require(PngSuiteReferences.entries[name(file)], "no reference for \(name(file))")
            let decoded = try ImageFile.decode(ImageFile.read(path: file))
            #expect(decoded.pixels.width == reference.width && decoded.pixels.height == reference.height, "\(name(file))")
            #expect(FNV1a.hash(PixelConversion.rgba8(decoded.pixels)) == reference.rgba8Hash, "\(name(file)) pixels differ")
            let info = try ImageFile.probe(ImageFile.read(path: file))
            #expect(info.decodedLayout == decoded.pixels.layout, "\(name(file)) probe layout")
        }
    }

    @Test func everyCorruptFileIsRejectedWithAOneLineMessage() throws {
        guard try Corpus.require() else { return }
        let files = Corpus.files(in: "pngsuite", withExtensions: ["png"]).filter { name($0).hasPrefix("x") }
        #expect(files.count == 14)
        for file in files {
            #expect(throws: ImageIOError.self, "\(name(file))") { try ImageFile.decode(ImageFile.read(path: file)) }
            do {
                _ = try ImageFile.decode(ImageFile.read(path: file))
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(name(file)): \(error)")
            }
        }
    }

    private func name(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }
}
