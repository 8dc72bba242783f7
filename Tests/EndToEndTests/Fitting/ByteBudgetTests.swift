import Foundation
import Testing
import TestSupport

/// Issue 29 part 1 through the real binary: `--max-bytes` and `--min-quality` for every written
/// format, by kind of budget: above the output as asked, just under it, between it and the floor,
/// exactly the floor's size, under the floor. The oracles are the binary's own runs without a
/// budget (the chosen quality's file is the same bytes; one quality higher is over the budget) and
/// decoders of other projects (djpeg, dwebp, avifdec, pngcheck) reading what was written.
@Suite(.tags(.pipeline)) struct ByteBudgetTests {
    /// A lossy format: its extension, its quality option and the quality it defaults to.
    struct Lossy: CustomStringConvertible, Sendable {
        var ext: String
        var option: String
        var asked: Int
        var description: String { ext }
    }

    static let lossy = [Lossy(ext: "jpg", option: "-q", asked: 85), Lossy(ext: "webp", option: "--webp-quality", asked: 82),
                        Lossy(ext: "avif", option: "--avif-quality", asked: 65)]
    static let source = "photos/harvesters-1165x859.jpg"
    static let shape = ["-r", "4:3", "-w", "320"]
    static let floor = 40

    /// One run's record and the file it wrote (nil when it wrote none).
    struct Run {
        var result: CommandRunner.Result
        var record: [String: Any]
        var file: Data?
    }

    private func run(_ sandbox: Sandbox, _ extra: [String], to name: String) throws -> Run {
        let result = try sandbox.run(Self.shape + extra + ["--json", "--overwrite", "-o", name, "in.jpg"])
        let record = try #require(result.jsonLines.first, "\(result.stdoutText) \(result.stderr)")
        return Run(result: result, record: record, file: sandbox.exists(name) ? try sandbox.data(name) : nil)
    }

    /// The size of the file written at `quality` without a budget.
    private func size(_ sandbox: Sandbox, _ format: Lossy, quality: Int) throws -> Int {
        let plain = try run(sandbox, [format.option, "\(quality)"], to: "plain-\(quality).\(format.ext)")
        return try #require(plain.file).count
    }

    /// The file decodes with a decoder of another project, at the planned size.
    private func decodesElsewhere(_ url: URL, ext: String) throws {
        switch ext {
        case "jpg", "webp":
            let decoded = ext == "jpg" ? try ExternalTool.run(try ExternalTool.path("djpeg"), ["-pnm", url.path])
                : try ExternalTool.run(try ExternalTool.path("dwebp"), [url.path, "-ppm", "-o", "-"])
            #expect(decoded.status == 0, "\(decoded.stderr)")
            let header = String(decoding: decoded.stdout.prefix(20), as: UTF8.self).split(whereSeparator: \.isWhitespace)
            #expect(header.count >= 3 && header[1] == "320" && header[2] == "240", "\(header)")
        case "avif":
            let decoded = try ExternalTool.run(try ExternalTool.path("avifdec"), [url.path, url.path + ".png"])
            #expect(decoded.status == 0, "\(decoded.stderr)")
        default:
            let checked = try ExternalTool.run(try ExternalTool.path("pngcheck"), [url.path])
            #expect(checked.status == 0, "\(String(decoding: checked.stdout, as: UTF8.self))")
        }
    }

    /// Every lossy format, every kind of budget: the file is at most the budget, the chosen
    /// quality is the highest that fits up to the asked one (the same bytes as a plain run at it,
    /// and the plain run one higher is over), never under the floor, and under the floor's size
    /// the output fails with one line naming the smallest size reached, writing nothing.
    @Test(arguments: lossy)
    func lossyBudgetsChooseTheHighestQualityThatFits(format: Lossy) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Self.source, to: "in.jpg")
        let asked = try size(sandbox, format, quality: format.asked)
        let atFloor = try size(sandbox, format, quality: Self.floor)
        #expect(atFloor < asked)
        let budgets = [("above", asked + 1000), ("asked size", asked), ("just under", asked - 1),
                       ("between", (asked + atFloor) / 2), ("floor size", atFloor)]
        for (kind, budget) in budgets {
            let name = "budget-\(budget).\(format.ext)"
            let fitted = try run(sandbox, ["--max-bytes", "\(budget)", "--min-quality", "\(Self.floor)"], to: name)
            let bytes = try #require(fitted.file, "\(kind): \(fitted.result.stderr)")
            #expect(fitted.result.status == 0 && fitted.record["status"] as? String == "ok", "\(kind)")
            #expect(bytes.count <= budget, "\(kind): \(bytes.count) > \(budget)")
            #expect(fitted.record["bytes"] as? Int == bytes.count)
            let quality = try #require(fitted.record["quality"] as? Int, "\(kind)")
            #expect((Self.floor...format.asked).contains(quality), "\(kind): quality \(quality)")
            let same = try run(sandbox, [format.option, "\(quality)"], to: "same.\(format.ext)").file
            #expect(same == bytes, "\(kind): quality \(quality) without a budget is another file")
            if kind == "above" || kind == "asked size" {
                #expect(quality == format.asked && fitted.record["encodes"] as? Int == 1, "\(kind)")
            } else {
                #expect(quality < format.asked, "\(kind)")
                #expect(try size(sandbox, format, quality: quality + 1) > budget, "\(kind): quality \(quality + 1) fits too")
                #expect((fitted.record["encodes"] as? Int ?? 0) > 1, "\(kind)")
            }
            try decodesElsewhere(sandbox.url(name), ext: format.ext)
        }
        // Under the floor's size: this output fails, the next input of the batch is still written.
        try sandbox.copy(Samples.jpeg, to: "small.jpg")
        let under = try sandbox.run(Self.shape + ["--max-bytes", "\(atFloor - 1)", "--min-quality", "\(Self.floor)", "--json",
                                                  "-f", format.ext == "jpg" ? "jpeg" : format.ext, "-o", "out/", "in.jpg", "small.jpg"])
        #expect(under.status == 1)
        let failed = try #require(under.jsonLines.first { $0["input"] as? String == "in.jpg" })
        let message = "no encode fits --max-bytes \(atFloor - 1): the smallest, at --min-quality \(Self.floor), is \(atFloor) bytes"
        #expect(failed["status"] as? String == "error" && failed["error"] as? String == message, "\(failed)")
        #expect(failed["quality"] is NSNull && failed["bytes"] is NSNull)
        #expect(under.stderr.split(separator: "\n").filter { $0.contains("in.jpg") } == ["aspectfit: in.jpg: \(message)"], "\(under.stderr)")
        #expect(sandbox.files(under: "out") == ["small.\(format.ext)"], "nothing half-written for in.jpg")
        #expect(try sandbox.data("out/small.\(format.ext)").count <= atFloor - 1)
    }

    /// Lossless WebP is never quantised: a budget the setting asked for fits costs one encode; under
    /// it the tightest compression is tried: the smallest size a failure names is then written when
    /// it is the budget (the same pixels, read by dwebp), and fails one byte under. (PNG goes on to
    /// a palette: `PNGPaletteTests`, `PNGPaletteLibraryTests`.)
    @Test(arguments: [("webp", ["--webp-lossless", "--webp-quality", "1", "--webp-effort", "0"])])
    func losslessBudgetsTryTheTightestCompressionThenFail(ext: String, asked: [String]) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Self.source, to: "in.jpg")
        let plain = try #require(try run(sandbox, asked, to: "plain.\(ext)").file)
        let fits = try run(sandbox, asked + ["--max-bytes", "\(plain.count)"], to: "fits.\(ext)")
        #expect(fits.file == plain && fits.record["encodes"] as? Int == 1 && fits.record["quality"] is NSNull, "\(fits.record)")
        let probe = try run(sandbox, asked + ["--max-bytes", "1K"], to: "probe.\(ext)")
        let prefix = "no encode fits --max-bytes 1024: the smallest, lossless at the tightest compression (nothing is quantised), is "
        let reason = try #require(probe.record["error"] as? String, "\(probe.record)")
        #expect(reason.hasPrefix(prefix) && reason.hasSuffix(" bytes") && probe.file == nil, "\(reason)")
        let smallest = try #require(Int(reason.dropFirst(prefix.count).dropLast(" bytes".count)))
        #expect(smallest < plain.count)
        let squeezed = try run(sandbox, asked + ["--max-bytes", "\(smallest)"], to: "squeezed.\(ext)")
        #expect(squeezed.file?.count == smallest && squeezed.record["encodes"] as? Int == 2, "\(squeezed.record)")
        try decodesElsewhere(sandbox.url("squeezed.\(ext)"), ext: ext)
        func pixels(_ name: String) throws -> [UInt8] {
            let url = sandbox.url(name)
            let decoded = try ExternalTool.run(try ExternalTool.path("dwebp"), [url.path, "-ppm", "-o", url.path + ".ppm"])
            #expect(decoded.status == 0, "\(decoded.stderr)")
            let ppm = try Data(contentsOf: URL(fileURLWithPath: url.path + ".ppm"))
            return ppm.split(separator: UInt8(ascii: "\n"), maxSplits: 4, omittingEmptySubsequences: false)
                .filter { $0.first != UInt8(ascii: "#") }.flatMap { Array($0) + [10] }
        }
        #expect(try pixels("squeezed.\(ext)") == pixels("plain.\(ext)"), "lossless: the same pixels")
        let over = try run(sandbox, asked + ["--max-bytes", "\(smallest - 1)"], to: "over.\(ext)")
        #expect(over.result.status == 1 && over.file == nil)
        #expect(over.record["error"] as? String == "no encode fits --max-bytes \(smallest - 1): the smallest, lossless at the "
                + "tightest compression (nothing is quantised), is \(smallest) bytes", "\(over.record)")
    }

    /// Each variant has its own budget and floor, inherited from the command line unless it sets
    /// them: one variant fails alone (one line naming its output), the others are written within theirs.
    @Test func eachVariantHasItsOwnBudget() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Self.source, to: "in.jpg")
        let result = try sandbox.run(["--max-bytes", "16K", "--min-quality", "50", "--json",
                                      "--variant", "-w 320 -o small/",
                                      "--variant", "-w 640 -o large/ --max-bytes 64K",
                                      "--variant", "-w 640 -o tight/ -f webp --max-bytes 10K",
                                      "--variant", "-w 640 -o mush/ -f webp --max-bytes 10K --min-quality 1",
                                      "in.jpg"])
        #expect(result.status == 1)
        let records = result.jsonLines.filter { $0["input"] != nil }
        #expect(records.count == 4)
        for (record, limit) in zip(records, [16 * 1024, 64 * 1024, 10 * 1024, 10 * 1024]) {
            let output = try #require(record["output"] as? String)
            if output.hasPrefix("tight/") {
                #expect(record["status"] as? String == "error" && !sandbox.exists(output))
                #expect((record["error"] as? String)?.hasPrefix("no encode fits --max-bytes 10240: the smallest, at --min-quality 50,") == true)
                #expect(result.stderr.contains("aspectfit: in.jpg -> \(output): no encode fits --max-bytes 10240"), "\(result.stderr)")
            } else {
                #expect(record["status"] as? String == "ok", "\(record)")
                #expect(try sandbox.data(output).count <= limit)
                let quality = try #require(record["quality"] as? Int)
                #expect(output.hasPrefix("mush/") ? quality < 50 : quality >= 50, "\(output): \(quality)")
            }
        }
        #expect(sandbox.files(under: "tight").isEmpty)
    }

    /// The options' values: binary K and M, a floor only with a budget, nothing out of range.
    @Test func budgetValuesAreChecked() throws {
        let sandbox = try Sandbox()
        for (arguments, message) in [(["--min-quality", "40"], "--min-quality needs --max-bytes"),
                                     (["--max-bytes", "0"], "invalid size '0'"), (["--max-bytes", "12Q"], "invalid size '12Q'"),
                                     (["--max-bytes", "2G"], "invalid size '2G'"),
                                     (["--max-bytes", "1K", "--min-quality", "0"], "--min-quality"),
                                     (["--max-bytes", "1K", "--min-quality", "101"], "--min-quality")] {
            let result = try sandbox.run(["-w", "32"] + arguments + ["in.jpg"])
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        guard try Corpus.require() else { return }
        try sandbox.copy(Self.source, to: "in.jpg")
        let kibi = try sandbox.run(["-w", "320", "--max-bytes", "1K", "-o", "a.jpg", "in.jpg"])
        #expect(kibi.stderr.contains("no encode fits --max-bytes 1024:"), "\(kibi.stderr)")
        let mebi = try sandbox.run(["-w", "320", "--max-bytes", "1M", "--json", "-o", "b.jpg", "in.jpg"])
        #expect(mebi.jsonLines.first?["quality"] as? Int == 85 && mebi.jsonLines.first?["encodes"] as? Int == 1)
    }
}
