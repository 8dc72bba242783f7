import AspectFit
import Foundation
import Testing
import TestSupport

/// `FitOptions.maxBytes` and `minQuality` in the library, for each lossy format and in a
/// `VariantSet`: the result fits, its quality is the highest that does (the plain encode one
/// higher is over), a budget nothing fits is `FitError.overBudget` with the floor's size, and the
/// options survive JSON.
@Suite struct ByteBudgetLibraryTests {
    static func options(_ format: OutputFormat, quality: Int? = nil, maxBytes: Int? = nil) -> FitOptions {
        var o = FitOptions()
        o.ratio = .fourToThree
        o.size = .width(200)
        o.format = format
        o.maxBytes = maxBytes
        o.minQuality = 35
        if let quality { (o.jpeg.quality, o.webp.quality, o.avif.quality) = (quality, quality, quality) }
        return o
    }

    @Test(arguments: [OutputFormat.jpeg, .webp, .avif])
    func theResultIsTheHighestQualityThatFits(format: OutputFormat) throws {
        guard try Corpus.require() else { return }
        let data = try Data(contentsOf: URL(fileURLWithPath: Corpus.path("photos/harvesters-1165x859.jpg")))
        let asked = try Pipeline(options: Self.options(format)).run(data)
        let floor = try Pipeline(options: Self.options(format, quality: 35)).run(data)
        let budget = (asked.bytes.count + floor.bytes.count) / 2
        let fitted = try Pipeline(options: Self.options(format, maxBytes: budget)).run(data)
        let quality = try #require(fitted.quality)
        #expect(fitted.bytes.count <= budget && quality >= 35 && quality < asked.quality! && fitted.encodes > 1)
        #expect(try Pipeline(options: Self.options(format, quality: quality)).run(data).bytes == fitted.bytes)
        #expect(try Pipeline(options: Self.options(format, quality: quality + 1)).run(data).bytes.count > budget)
        #expect(throws: FitError.overBudget(smallestBytes: floor.bytes.count, maxBytes: floor.bytes.count - 1, atQuality: 35)) {
            try Pipeline(options: Self.options(format, maxBytes: floor.bytes.count - 1)).run(data)
        }
        let variants = VariantSet(options: [Self.options(format, maxBytes: budget), Self.options(format, maxBytes: floor.bytes.count - 1),
                                            Self.options(format)])
        let results = variants.run(data)
        #expect(try results[0].get().bytes == fitted.bytes)
        #expect(throws: FitError.self) { try results[1].get() }
        #expect(try results[2].get().quality == asked.quality && results[2].get().encodes == 1)
    }

    /// A budget of every size a quality between the floor and the asked one makes, and one byte
    /// under it: each time the quality chosen fits and the one above it does not.
    @Test(arguments: [OutputFormat.jpeg, .webp])
    func everyQualitysSizeAsABudget(format: OutputFormat) throws {
        guard try Corpus.require() else { return }
        let data = try Data(contentsOf: URL(fileURLWithPath: Corpus.path("photos/harvesters-1165x859.jpg")))
        let asked = try #require(try Pipeline(options: Self.options(format)).run(data).quality)
        var sizes: [Int: Int] = [:]
        for q in 35...asked { sizes[q] = try Pipeline(options: Self.options(format, quality: q)).run(data).bytes.count }
        for q in 35..<asked {
            for budget in [sizes[q]!, sizes[q]! - 1] where budget >= sizes[35]! {
                let chosen = try #require(try Pipeline(options: Self.options(format, maxBytes: budget)).run(data).quality)
                #expect(sizes[chosen]! <= budget && (chosen == asked || sizes[chosen + 1]! > budget),
                        "budget \(budget): quality \(chosen) of \(sizes)")
            }
        }
    }

    @Test func theBudgetRoundTripsThroughJSON() throws {
        let options = Self.options(.jpeg, maxBytes: 50_000)
        let decoded = try JSONDecoder().decode(FitOptions.self, from: JSONEncoder().encode(options))
        #expect(decoded.maxBytes == 50_000 && decoded.minQuality == 35 && decoded == options)
        let defaults = try JSONDecoder().decode(FitOptions.self, from: Data("{}".utf8))
        #expect(defaults.maxBytes == nil && defaults.minQuality == FitOptions().minQuality)
    }
}
