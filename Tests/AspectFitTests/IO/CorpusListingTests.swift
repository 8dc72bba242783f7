import Testing
import TestSupport

/// The parameterised corpus tests are built from directory listings and MANIFEST rows; a short
/// or empty listing (a missing folder, a renamed file) would make them pass by testing nothing.
/// Minimum counts are today's corpus; a new CMYK/YCCK JPEG without a Pillow reference fails here
/// instead of being skipped (regenerate with scripts/make-cmyk-references.py).
@Suite struct CorpusListingTests {
    @Test func listingsAreAsLongAsTheCorpus() throws {
        guard try Corpus.require() else { return }
        #expect(JPEGCorpus.decodable.count >= 59, "\(JPEGCorpus.decodable.count) decodable JPEGs listed")
        #expect(JPEGCorpus.unsupported.count >= 3, "\(JPEGCorpus.unsupported)")
        #expect(BadCorpusTests.entries.count >= 47, "\(BadCorpusTests.entries.count) bad/ entries")
        #expect(Corpus.files(in: "pngsuite", withExtensions: ["png"]).count >= 176)
        #expect(Corpus.manifest().count >= 200)
    }

    @Test func everyCMYKJPEGHasAReference() throws {
        guard try Corpus.require() else { return }
        let cmyk = Corpus.manifest().filter {
            $0.path.lowercased().hasSuffix(".jpg") && ($0.colorType.contains("CMYK") || $0.colorType.contains("YCCK"))
        }
        #expect(cmyk.count >= 3)
        for entry in cmyk {
            #expect(ColourReferences.entries[entry.path] != nil, "\(entry.path) has no Pillow reference")
            #expect(JPEGCorpus.decodable.contains(entry.path), "\(entry.path) is not in the decode tests")
        }
    }
}
