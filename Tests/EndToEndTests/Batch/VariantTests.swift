#if canImport(Glibc)
import Glibc
#endif
import AspectFit
import Foundation
import Testing
import TestSupport

/// Issue 13 part 1 through the real binary: `--variant` / `--variants-from` give each input
/// several outputs from one decode, each equal to a separate run (identical bytes at the same
/// decode scale, else close to it), and everything per output: collisions, write failures,
/// `--skip-existing`, `--dry-run`, shards, interrupts.
@Suite struct VariantTests {
    /// The issue's example: a square thumbnail, a 16:9 hero and a 4:5 social card with corners.
    static let example: [[String]] = [["-r", "square", "-w", "256", "-o", "thumbs/"],
                                      ["-r", "16:9", "-w", "1280", "-o", "hero/"],
                                      ["-r", "4:5", "-w", "1080", "--radius", "24", "-o", "social/"]]

    static func variantArguments(_ variants: [[String]]) -> [String] {
        variants.flatMap { ["--variant", $0.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")] }
    }

    /// Peak signal-to-noise ratio of two decoded images of one size and layout, over all channels.
    static func psnr(_ a: Data, _ b: Data) throws -> Double {
        let x = try ImageFile.decode(Array(a)).pixels
        let y = try ImageFile.decode(Array(b)).pixels
        #expect(x.width == y.width && x.height == y.height && x.layout == y.layout)
        var sum = 0.0
        let row = x.width * x.layout.channels
        for r in 0..<x.height {
            for i in 0..<row {
                let d = Double(x.bytes[r * x.bytesPerRow + i]) - Double(y.bytes[r * y.bytesPerRow + i])
                sum += d * d
            }
        }
        let mse = sum / Double(row * x.height)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Whether a record's decode repeats a JPEG's chroma samples, by the documented rule: a
    /// full-scale decode for a JPEG output whose crop is at least twice the scaled image (the
    /// output, or the image inside a letterbox) on both axes; a smart crop decodes its frame with
    /// smoothed chroma, and so does a PNG output.
    static func repeatsChroma(_ record: [String: Any]) -> Bool {
        let image = (record["letterbox"] as? [String: Any]) ?? record
        guard record["source_format"] as? String == "jpeg", record["output_format"] as? String == "jpeg",
              record["decode_scale"] as? Int == 1, record["smart_crop"] is NSNull,
              let crop = record["crop"] as? [String: Any], let w = crop["width"] as? Double, let h = crop["height"] as? Double,
              let outW = (image["width"] ?? image["output_width"]) as? Int,
              let outH = (image["height"] ?? image["output_height"]) as? Int else { return false }
        return w >= 2 * Double(outW) && h >= 2 * Double(outH)
    }

    static func corpusInputs(_ sandbox: Sandbox) throws {
        try sandbox.copy("photos/flickr-saw-2725x2225.jpg", to: "in/saw.jpg")
        try sandbox.copy("photos/nasa-astronaut-rgba-852x567.png", to: "in/astronaut.png")
        try sandbox.copy("exif-orientation/Portrait_6.jpg", to: "in/sub/portrait6.jpg")
        try sandbox.copy(Samples.jpeg, to: "in/sub/small.jpg")
    }

    @Test func everyOutputEqualsASeparateRunOfItsVariant() throws {
        guard try Corpus.require() else { return }
        // Defaults outside the variants (-q 80) and one variant overriding them (-q 95).
        var variants = Self.example
        variants.append(["-r", "3:2", "--max", "300", "-q", "95", "-g", "north", "-o", "card/{name}-{w}x{h}.jpg"])
        let finer = try Self.compareWithSeparateRuns(variants, defaults: ["-q", "80"])
        #expect(finer > 0, "no variant was decoded finer than alone: the shared scale went untested")
    }

    /// Smart crop (chosen from the pixels, so decoded by itself) and contain (letterboxed) per variant.
    @Test func fitAndSmartGravityWorkPerVariant() throws {
        guard try Corpus.require() else { return }
        let variants = [["-r", "square", "-w", "128", "-g", "attention", "-o", "attention/"],
                        ["-r", "16:9", "-w", "320", "--fit", "contain", "-f", "png", "-o", "contain/"],
                        ["-r", "square", "-w", "128", "-g", "entropy", "-o", "entropy/"],
                        ["-r", "4:5", "-w", "600", "-o", "cover/"]]
        _ = try Self.compareWithSeparateRuns(variants, defaults: [])
    }

    /// Runs `variants` in one run and each alone; every output must equal its separate run: the
    /// same bytes when read at the same decode scale without box reduction and with the same chroma
    /// upsampling, else within 40 dB (box-averaged rows or smoothed chroma), else (a finer shared
    /// decode) within 36 dB. `chroma_repeated` must follow the documented rule: a separate run repeats
    /// chroma when its crop is at least twice its output, a shared decode only when every variant
    /// sharing it (all but the smart crops, which decode alone) does or is box-reduced from it. Returns how many outputs were
    /// decoded finer than alone.
    static func compareWithSeparateRuns(_ variants: [[String]], defaults: [String]) throws -> Int {
        let sandbox = try Sandbox()
        try Self.corpusInputs(sandbox)
        let shared = try CommandRunner.run(["-R", "--json"] + defaults + ["in"] + Self.variantArguments(variants), in: sandbox.root)
        #expect(shared.status == 0, "\(shared.stderr)")
        let records = shared.jsonLines.dropLast()
        #expect(records.count == 4 * variants.count)
        var finerScales = 0
        for (index, variant) in variants.enumerated() {
            let folder = "separate\(index)/"
            var alone = variant
            let o = alone.firstIndex(of: "-o")!
            alone[o + 1] = folder + variant[o + 1]
            let separate = try CommandRunner.run(["-R", "--json"] + defaults + ["in"] + alone, in: sandbox.root)
            #expect(separate.status == 0, "\(separate.stderr)")
            for record in separate.jsonLines.dropLast() {
                let input = try #require(record["input"] as? String)
                let output = try #require(record["output"] as? String)
                let mine = try #require(records.first { $0["input"] as? String == input && $0["variant"] as? Int == index + 1 })
                let sharedOutput = try #require(mine["output"] as? String)
                #expect(folder + sharedOutput == output, "\(input) variant \(index + 1)")
                for key in ["output_width", "output_height", "output_format"] {
                    #expect("\(mine[key] ?? "-")" == "\(record[key] ?? "-")", "\(input) variant \(index + 1) \(key)")
                }
                #expect(record["box_reduction"] as? Int == 1)
                #expect(record["chroma_repeated"] as? Bool == Self.repeatsChroma(record), "\(input) variant \(index + 1) alone")
                let sharing = records.filter { $0["input"] as? String == input && $0["smart_crop"] is NSNull }
                let sharedRepeats = mine["smart_crop"] is NSNull
                    && sharing.allSatisfy { ($0["box_reduction"] as? Int ?? 1) > 1 || Self.repeatsChroma($0) }
                #expect(mine["chroma_repeated"] as? Bool == sharedRepeats, "\(input) variant \(index + 1) shared")
                let ours = try sandbox.data(sharedOutput)
                let theirs = try sandbox.data(output)
                if mine["decode_scale"] as? Int == record["decode_scale"] as? Int {
                    let sameRows = mine["box_reduction"] as? Int == 1
                    if sameRows && mine["chroma_repeated"] as? Bool == record["chroma_repeated"] as? Bool {
                        #expect(Bytes(ours) == Bytes(theirs), "\(input) variant \(index + 1): same decode, same bytes")
                    } else {
                        let psnr = try Self.psnr(ours, theirs)
                        #expect(psnr >= 40, "\(input) variant \(index + 1): \(psnr) dB, box-averaged or smoothed rows")
                    }
                } else {
                    finerScales += 1
                    #expect((mine["decode_scale"] as? Int ?? 9) < (record["decode_scale"] as? Int ?? 0))
                    let psnr = try Self.psnr(ours, theirs)
                    #expect(psnr >= 36, "\(input) variant \(index + 1): \(psnr) dB against the separate run")
                }
            }
        }
        return finerScales
    }

    @Test func collisionsAcrossVariantsAreAUsageErrorBeforeAnyWork() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.corpusInputs(sandbox)
        let result = try CommandRunner.run(["-R", "in", "--variant", "-w 64 -o out/", "--variant", "-w 32 -o hero/",
                                            "--variant", "-r 16:9 -w 64 -o out/"], in: sandbox.root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("in/saw.jpg (--variant '-w 64 -o out/') and in/saw.jpg (--variant '-r 16:9 -w 64 -o out/') would both write out/saw.jpg"),
                "\(result.stderr)")
        #expect(result.stderr.contains("give each --variant its own -o folder"))
        #expect(!sandbox.exists("out") && !sandbox.exists("hero"))
        // {w}x{h} in the name keeps them apart.
        let apart = try CommandRunner.run(["-R", "in", "--variant", "-w 64 -o out/{name}-{w}x{h}.{ext}",
                                           "--variant", "-r 16:9 -w 64 -o out/{name}-{w}x{h}.{ext}"], in: sandbox.root)
        #expect(apart.status == 0, "\(apart.stderr)")
        #expect(sandbox.files(under: "out").count == 8)
    }

    @Test func oneVariantsWriteFailureFailsOnlyThatOutput() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.corpusInputs(sandbox)
        try sandbox.write("a file where a folder is needed", to: "social")
        let result = try CommandRunner.run(["-R", "--json", "in"] + Self.variantArguments(Self.example), in: sandbox.root)
        #expect(result.status == 1)
        let records = result.jsonLines.dropLast()
        #expect(records.count == 12)
        for record in records {
            let failed = record["variant"] as? Int == 3
            #expect(record["status"] as? String == (failed ? "error" : "ok"), "\(record)")
            if failed { #expect((record["error"] as? String)?.hasPrefix("cannot write social/") == true, "\(record)") }
        }
        #expect(result.jsonLines.last?["failed"] as? Int == 4 && result.jsonLines.last?["ok"] as? Int == 8)
        #expect(result.stderr.contains("aspectfit: in/saw.jpg -> social/saw.png: cannot write social/saw.png"), "\(result.stderr)")
        #expect(sandbox.files(under: "thumbs").count == 4 && sandbox.files(under: "hero").count == 4)
    }

    @Test func skipExistingIsPerOutput() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.corpusInputs(sandbox)
        let arguments = ["-R", "--json", "in"] + Self.variantArguments(Self.example)
        #expect(try CommandRunner.run(arguments, in: sandbox.root).status == 0)
        let kept = try sandbox.data("thumbs/saw.jpg")
        try sandbox.write("stale", to: "thumbs/saw.jpg")   // exists: left alone
        try FileManager.default.removeItem(at: sandbox.url("hero/saw.jpg"))
        let rerun = try CommandRunner.run(arguments + ["--skip-existing"], in: sandbox.root)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let statuses = rerun.jsonLines.dropLast().map { "\($0["output"] as! String) \($0["status"] as! String)" }
        #expect(statuses.filter { $0.hasSuffix(" ok") } == ["hero/saw.jpg ok"], "\(statuses)")
        #expect(statuses.filter { $0.hasSuffix(" skipped") }.count == 11)
        #expect(try sandbox.data("thumbs/saw.jpg") == Data("stale".utf8))
        #expect(sandbox.exists("hero/saw.jpg") && kept.count > 0)
    }

    /// The issue's own example, `-o thumbs/{rel}` in each variant: each folder mirrors the walked
    /// tree (`{name}.{ext}` below `{rel}`), as `-o thumbs/` does, byte for byte.
    @Test func relTemplatesMirrorTheTreeAsFoldersDo() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.corpusInputs(sandbox)
        let rel = Self.example.map { $0.map { $0.hasSuffix("/") ? "r-" + $0 + "{rel}" : $0 } }
        let result = try CommandRunner.run(["-R", "in"] + Self.variantArguments(rel), in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let folders = try CommandRunner.run(["-R", "in"] + Self.variantArguments(Self.example), in: sandbox.root)
        #expect(folders.status == 0, "\(folders.stderr)")
        let names = ["astronaut.png", "saw.jpg", "sub/portrait6.jpg", "sub/small.jpg"]
        for folder in ["thumbs", "hero", "social"] {
            let expected = names.map { folder == "social" ? $0.replacingOccurrences(of: ".jpg", with: ".png") : $0 }
            #expect(sandbox.files(under: "r-" + folder) == expected, "\(folder)")
            for name in expected { #expect(try sandbox.data("r-\(folder)/\(name)") == sandbox.data("\(folder)/\(name)"), "\(folder)/\(name)") }
        }
    }

    @Test func dryRunListsEveryOutputAtTheSharedDecodeScale() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.corpusInputs(sandbox)
        let result = try CommandRunner.run(["-R", "--dry-run", "--json", "in"] + Self.variantArguments(Self.example), in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let records = result.jsonLines.dropLast()
        #expect(records.map { $0["output"] as? String } == ["in/astronaut.png", "in/saw.jpg", "in/sub/portrait6.jpg", "in/sub/small.jpg"]
            .map { $0.replacingOccurrences(of: "in/", with: "") }
            .flatMap { name in ["thumbs/", "hero/", "social/"].map { $0 + (name.hasSuffix(".jpg") && $0 == "social/" ? name.replacingOccurrences(of: ".jpg", with: ".png") : name) } })
        #expect(records.allSatisfy { $0["status"] as? String == "planned" })
        let saw = records.filter { $0["input"] as? String == "in/saw.jpg" }.map { $0["decode_scale"] as? Int }
        #expect(Set(saw).count == 1, "one decode scale per input: \(saw)")
        #expect(!sandbox.exists("thumbs") && !sandbox.exists("hero") && !sandbox.exists("social"))
        let text = try CommandRunner.run(["-R", "--dry-run", "in"] + Self.variantArguments(Self.example), in: sandbox.root)
        #expect(text.stdoutText.split(separator: "\n").count == 12)
    }

    @Test func variantsFromReadsOneVariantPerLineAndNamesTheLineOfAMistake() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.corpusInputs(sandbox)
        try sandbox.write("""
        # renditions
        -r square -w 256 -o thumbs/

          -r 16:9 -w 1280 -o "hero images/"
        """, to: "variants.txt")
        let result = try CommandRunner.run(["-R", "--json", "in", "--variants-from", "variants.txt",
                                            "--variant", "-r 4:5 -w 1080 --radius 24 -o social/"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.jsonLines.dropLast().map { $0["variant"] as? Int }.prefix(3) == [1, 2, 3])
        #expect(sandbox.files(under: "hero images").count == 4 && sandbox.files(under: "thumbs").count == 4)
        for (text, message) in [
            ("-w 64 -o a/\n\n-w 32 -j 2 -o b/\n", "--variants-from bad.txt:3: --jobs cannot be used inside a variant"),
            ("-w 64 -o a/\n-w 32\n", "--variants-from bad.txt:2: -o is required in each variant"),
            ("# only\n-w 64 -o 'a/\n", "--variants-from bad.txt:2: unclosed quote"),
            ("-w 0 -o a/\n", "--variants-from bad.txt:1: --width:"),
            ("-w 64 -s 3x3 -o a/\n", "--variants-from bad.txt:1: --width and --size cannot be used together"),
            ("-w 64 in/saw.jpg -o a/\n", "--variants-from bad.txt:1: 'in/saw.jpg' is not an option"),
            ("# nothing\n\n", "no variants in the file"),
        ] {
            try sandbox.write(text, to: "bad.txt")
            let bad = try CommandRunner.run(["in", "--variants-from", "bad.txt"], in: sandbox.root)
            #expect(bad.status == 2 && bad.stderr.contains(message), "\(text): \(bad.stderr)")
        }
        let withOutput = try CommandRunner.run(["in", "-o", "x/", "--variant", "-w 64 -o a/"], in: sandbox.root)
        #expect(withOutput.status == 2 && withOutput.stderr.contains("--variant and --output cannot be used together"))
        let toStdout = try CommandRunner.run(["in", "--variant", "-w 64 -o -"], in: sandbox.root)
        #expect(toStdout.status == 2 && toStdout.stderr.contains("standard output"), "\(toStdout.stderr)")
    }

    @Test func aSizeInAVariantReplacesTheDefaultSize() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("photos/harvesters-1165x859.jpg", to: "in/h.jpg")
        let result = try CommandRunner.run(["--json", "in/h.jpg", "-r", "16:9", "-w", "320", "--variant", "-o a/",
                                            "--variant", "-H 90 -o b/", "--variant", "-s 50x50 -o c/", "--variant", "-r 1 -o d/"],
                                           in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let sizes = result.jsonLines.dropLast().map { "\($0["output_width"] as! Int)x\($0["output_height"] as! Int)" }
        #expect(sizes == ["320x180", "160x90", "50x50", "320x320"])
    }

    @Test func shardsSplitByInputWithAllItsOutputs() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.corpusInputs(sandbox)
        var seen: [String] = []
        for k in 1...3 {
            let result = try CommandRunner.run(["-R", "--json", "--shard", "\(k)/3", "in", "--variant", "-w 32 -o a/",
                                                "--variant", "-w 16 -o b/"], in: sandbox.root)
            #expect(result.status == 0, "\(result.stderr)")
            let records = result.jsonLines.dropLast()
            let inputs = Set(records.map { $0["input"] as! String })
            #expect(records.count == inputs.count * 2, "shard \(k): every input with both outputs")
            seen += records.map { $0["output"] as! String }
        }
        #expect(seen.sorted() == (sandbox.files(under: "a").map { "a/" + $0 } + sandbox.files(under: "b").map { "b/" + $0 }).sorted())
        #expect(seen.count == 8 && Set(seen).count == 8)
    }

    @Test func anInterruptAbandonsEveryOutputInFlight() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.write("not an image", to: "in/a.jpg")
        try sandbox.copy(Samples.jpeg, to: "in/b.jpg")
        try sandbox.copy(Samples.jpeg, to: "in/c.jpg")
        let (process, out, err) = try CommandRunner.start(["--json", "-j", "1", "-f", "png", "--png-compression", "9", "in",
                                                           "--variant", "-s 4000x4000 -o big/", "--variant", "-s 3000x3000 -o big2/"],
                                                          in: sandbox.root)
        let firstLine = try #require(out.fileHandleForReading.readLine())
        #expect(firstLine.contains("\"input\":\"in/a.jpg\""), "\(firstLine)")
        usleep(300_000)
        kill(process.processIdentifier, SIGINT)
        let result = CommandRunner.finish(process, out, err)
        #expect(result.status == 130, "\(result.stderr)")
        let records = result.jsonLines
        // a.jpg (no output: not an image) had its first record read above; its second follows, then b.jpg's two in flight and c.jpg's two.
        #expect(records.dropLast().map { "\($0["output"] as? String ?? "?") \($0["status"] as! String)" }
            == ["? error", "big/b.png not_finished", "big2/b.png not_finished", "big/c.png not_started", "big2/c.png not_started"],
                "\(result.stdoutText)")
        #expect(records.last?["not_finished"] as? Int == 2 && records.last?["not_started"] as? Int == 2)
        #expect(sandbox.files(under: "big").isEmpty && sandbox.files(under: "big2").isEmpty)
    }
}
