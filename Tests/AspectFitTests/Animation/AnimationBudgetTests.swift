@testable import AspectFit
import Foundation
import Testing
import TestSupport

/// An animation over its byte budget is written at the highest lossy quality that fits (every frame
/// fitted again for each quality tried): against the sizes of plain runs at each quality, the quality
/// chosen fits and the one above it does not, and the file is the plain run's at that quality (but
/// for an AVIF sequence's timestamps). An
/// animation with no quality to lower (GIF), or whose floor does not fit, fails.
@Suite struct AnimationBudgetTests {
    static func options(_ format: OutputFormat, quality: Int? = nil, maxBytes: Int? = nil) -> FitOptions {
        var options = FitOptions()
        options.ratio = .square
        options.size = .width(48)
        options.format = format
        options.minQuality = 40
        options.maxBytes = maxBytes
        if let quality { options.webp.quality = quality; options.avif.quality = quality }
        return options
    }

    @Test(arguments: [(OutputFormat.webp, "gif/animated-loop3-sharp.gif"), (.avif, "avif/sequence-5frames-linku-star.avifs")])
    func theHighestQualityThatFitsIsChosen(format: OutputFormat, file: String) throws {
        guard try Corpus.require() else { return }
        let data = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(file)))
        let asked = try #require(try Pipeline(options: Self.options(format)).run(data).quality)
        var files: [Int: [UInt8]] = [:]
        func encoded(_ q: Int) throws -> [UInt8] {
            if files[q] == nil { files[q] = try Pipeline(options: Self.options(format, quality: q)).run(data).bytes }
            return files[q]!
        }
        for q in stride(from: 42, to: asked, by: 9) {
            let budget = try encoded(q).count
            let result = try Pipeline(options: Self.options(format, maxBytes: budget)).run(data)
            let chosen = try #require(result.quality)
            let plain = try encoded(chosen), above = chosen == asked ? Int.max : try encoded(chosen + 1).count
            // an AVIF sequence's movie, track and media headers carry the time it was written (seconds)
            let differing = result.bytes.count == plain.count ? zip(result.bytes, plain).filter { $0 != $1 }.count : Int.max
            #expect(differing <= (format == .avif ? 24 : 0), "\(file) budget \(budget): not the plain run at quality \(chosen)")
            #expect(result.bytes.count <= budget && above > budget,
                    "\(file) budget \(budget): quality \(chosen) of \(files.mapValues(\.count).sorted { $0.key < $1.key })")
            #expect(result.encodes > 2 && result.frames > 1)
        }
        let floor = try encoded(40).count
        do {
            _ = try Pipeline(options: Self.options(format, maxBytes: floor - 1)).run(data)
            Issue.record("\(file): written under a budget its floor does not fit")
        } catch .overBudget(let smallest, _, let atQuality, _) {
            #expect(smallest == floor && atQuality == 40)
        } catch { Issue.record("\(error)") }
    }

    @Test func aGIFOverItsBudgetFails() throws {
        guard try Corpus.require() else { return }
        let data = try Data(contentsOf: URL(fileURLWithPath: Corpus.path("gif/animated-loop3-sharp.gif")))
        let size = try Pipeline(options: Self.options(.gif)).run(data).bytes.count
        #expect(try Pipeline(options: Self.options(.gif, maxBytes: size)).run(data).bytes.count == size)
        do {
            _ = try Pipeline(options: Self.options(.gif, maxBytes: size - 1)).run(data)
            Issue.record("a GIF over its budget was written")
        } catch .overBudget(let smallest, _, let atQuality, _) {
            #expect(smallest == size && atQuality == nil)
        } catch { Issue.record("\(error)") }
    }
}
