import Testing
import TestSupport
@testable import AspectFit

/// A damaged file's verdict does not depend on the crop: every reject of bad/ and corpus files cut at
/// many offsets are refused under every gravity, several sizes (decodes that stop early, skip rows,
/// crop columns) and both output formats, with the default --fail-on truncated.
@Suite struct CropIndependentDamageTests {
    static let gravities: [Gravity] = [.centre, .north, .south, .east, .west, .northEast, .northWest, .southEast,
                                       .southWest]
    static let shapes: [(AspectRatio?, SizeRequest)] = [(nil, .none), (.fourToThree, .width(32)), (.square, .width(8)),
                                                        (.twentyOneToNine, .width(64)), (.nineToSixteen, .height(40))]

    /// The output format only changes the plan's output layout, never the decode region, so the
    /// many-file loops use one and the bad/ rejects both.
    static func everyCrop(formats: [OutputFormat] = [.jpeg, .png]) -> [FitOptions] {
        var all: [FitOptions] = []
        for gravity in gravities {
            for (ratio, size) in shapes {
                for format in formats {
                    var o = FitOptions()
                    o.gravity = gravity
                    o.ratio = ratio
                    o.size = size
                    o.format = format
                    all.append(o)
                }
            }
        }
        return all
    }

    static func expectRefusedUnderEveryCrop(_ data: [UInt8], _ name: String, formats: [OutputFormat] = [.jpeg, .png]) {
        for options in everyCrop(formats: formats) {
            #expect(throws: (any Error).self, "\(name) under \(options.gravity) \(String(describing: options.ratio)) \(options.size) \(options.format)") {
                try Pipeline(options: options).run(data)
            }
        }
    }

    @Test func everyRejectInBadIsRefusedWhateverTheCrop() throws {
        guard try Corpus.require() else { return }
        let rejects = Corpus.manifest().filter { $0.path.hasPrefix("bad/") && $0.expected == "reject" }
        #expect(rejects.count >= 40)
        for entry in rejects {
            Self.expectRefusedUnderEveryCrop(try ImageFile.read(path: Corpus.path(entry.path)), entry.path)
        }
    }

    @Test(arguments: TruncationReferences.files.keys.sorted())
    func filesCutAtEveryOffsetAreRefusedWhateverTheCrop(_ file: String) throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path(file))
        let cuts = try #require(TruncationReferences.files[file])
        // every third cut through the data, and all the cuts near the end (EOI, IEND, CRCs)
        for (i, cut) in cuts.enumerated() where i % 3 == 0 || cut.bytes > data.count - 20 {
            Self.expectRefusedUnderEveryCrop(Array(data.prefix(cut.bytes)), "\(file) cut at \(cut.bytes)",
                                             formats: [file.hasSuffix(".png") ? .jpeg : .png])
        }
    }

    @Test func theChecksAcceptEveryIntactCorpusFileWhateverTheCrop() throws {
        guard try Corpus.require() else { return }
        for file in TruncationReferences.files.keys.sorted() + ["jpeg/progressive-peacock.jpg", "jpeg/restart-trailing-rst.jpg"] {
            let data = try ImageFile.read(path: Corpus.path(file))
            for options in Self.everyCrop(formats: [.jpeg]) {
                do { _ = try Pipeline(options: options).run(data) } catch {
                    Issue.record("\(file) under \(options.gravity) \(options.size) \(options.format): \(error)")
                }
            }
        }
    }
}
