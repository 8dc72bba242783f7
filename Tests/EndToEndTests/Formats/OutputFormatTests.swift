import AspectFit
import Foundation
import Testing
import TestSupport

/// Every way an output's format is decided, for the formats written (JPEG, PNG, WebP, AVIF) and
/// those only read (HEIC, GIF): the output name's extension, `-f`, and `auto` (a written source that
/// holds the result keeps its format; HEIC and GIF become JPEG, or PNG when transparent). What came
/// out is read by vipsheader (libvips, sharing no code with our encoders): format, size, bands.
@Suite(.tags(.pipeline)) struct OutputFormatTests {
    /// vipsheader's format, width, height and band count of a file.
    private func header(_ url: URL) throws -> (loader: String, width: Int, height: Int, bands: Int) {
        let tool = try ExternalTool.path("vipsheader")
        func field(_ name: String) throws -> String {
            let result = try ExternalTool.run(tool, ["-f", name, url.path])
            #expect(result.status == 0, "vipsheader \(url.lastPathComponent): \(result.stderr)")
            return String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return (try field("vips-loader"), Int(try field("width")) ?? -1, Int(try field("height")) ?? -1, Int(try field("bands")) ?? -1)
    }

    private static let loaders = ["jpeg": "jpegload", "png": "pngload", "webp": "webpload", "avif": "heifload"]

    /// Each written format by name (file, template, folder with -f) from an opaque and a transparent
    /// source, with and without corners: the format asked for, the size, alpha where the result has it.
    @Test(arguments: ["jpeg", "png", "webp", "avif"])
    func eachWrittenFormatComesOutAsNamed(format: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "opaque.jpg")
        try sandbox.copy(Samples.png, to: "alpha.png")
        let ext = format == "jpeg" ? "jpg" : format
        for (input, corners, alpha) in [("opaque.jpg", false, false), ("alpha.png", false, true), ("opaque.jpg", true, true)] {
            let stem = "out-" + (input as NSString).deletingPathExtension + (corners ? "-round" : "")
            let extra = corners ? ["--radius", "25%"] : []
            let named = try sandbox.run(["-s", "64x48", "-o", "\(stem).\(ext)"] + extra + [input])
            let templated = try sandbox.run(["-s", "64x48", "-o", "t/out-{name}\(corners ? "-round" : "").\(ext)"] + extra + [input])
            let folder = try sandbox.run(["-s", "64x48", "-f", format, "-o", "d\(corners ? "-round" : "")/"] + extra + [input])
            for (result, path) in [(named, "\(stem).\(ext)"), (templated, "t/\(stem).\(ext)"),
                                   (folder, "d\(corners ? "-round" : "")/\((input as NSString).deletingPathExtension).\(ext)")] {
                if format == "jpeg" && (alpha || corners) {
                    // JPEG holds no alpha: flattened onto the background, three bands
                    #expect(result.status == 0, "\(path): \(result.stderr)")
                    #expect(try header(sandbox.url(path)).bands == 3, "\(path)")
                    continue
                }
                #expect(result.status == 0, "\(path): \(result.stderr)")
                let h = try header(sandbox.url(path))
                #expect(h.loader.hasPrefix(Self.loaders[format]!), "\(path): \(h.loader)")
                #expect(h.width == 64 && h.height == 48, "\(path): \(h.width)x\(h.height)")
                #expect(h.bands == (alpha ? 4 : 3), "\(path): \(h.bands) bands")
            }
        }
    }

    /// `auto` beside the input (the default naming): the source's format when it is written and
    /// holds the result, else JPEG (opaque) or PNG (transparent).
    @Test(arguments: [
        ("webp/lossy-libwebp-test.webp", [String](), "webp", 3), ("webp/lossy-alpha-libwebp.webp", [], "webp", 4),
        ("avif/8bit-420-pillow.avif", [], "avif", 3), ("avif/alpha-444-pillow.avif", [], "avif", 4),
        ("heic/example-libheif.heic", [], "jpg", 3), ("heic/alpha-libheif-colors.heic", [], "png", 4),
        ("gif/palette-wuffs-hippopotamus.gif", [], "jpg", 3), ("gif/transparency-pillow.gif", [], "png", 4),
        ("webp/lossy-libwebp-test.webp", ["--radius", "20%"], "webp", 4), ("heic/example-libheif.heic", ["--radius", "20%"], "png", 4),
        ("jpeg/ljt-testorig.jpg", ["--radius", "20%"], "png", 4),
    ])
    func autoKeepsWhatItWritesAndHoldsTheResult(source: String, extra: [String], ext: String, bands: Int) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let name = (source as NSString).lastPathComponent
        try sandbox.copy(source, to: "in/" + name)
        let result = try sandbox.run(["-s", "40x30"] + extra + ["in/" + name])
        #expect(result.status == 0, "\(result.stderr)")
        let output = "in/" + (name as NSString).deletingPathExtension + "-40x30." + ext
        #expect(sandbox.files(under: "in").sorted() == [name, (output as NSString).lastPathComponent].sorted(), "\(sandbox.files(under: "in"))")
        let h = try header(sandbox.url(output))
        #expect(h.width == 40 && h.height == 30 && h.bands == bands, "\(output): \(h)")
    }

    /// A rerun replaces its own WebP and AVIF (they carry the mark) but not one another tool wrote,
    /// nor its own once edited.
    @Test(arguments: ["webp", "avif"])
    func aRerunReplacesOnlyItsOwnWebPAndAVIF(format: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let first = try sandbox.run(["-w", "50", "-o", "out.\(format)", "a.jpg"])
        #expect(first.status == 0, "\(first.stderr)")
        let again = try sandbox.run(["-w", "60", "-o", "out.\(format)", "a.jpg"])
        #expect(again.status == 0, "its own earlier output is replaced: \(again.stderr)")
        #expect(try header(sandbox.url("out.\(format)")).width == 60)
        var edited = try sandbox.data("out.\(format)")
        edited[edited.count / 2] ^= 0x01
        try edited.write(to: sandbox.url("out.\(format)"))
        let afterEdit = try sandbox.run(["-w", "70", "-o", "out.\(format)", "a.jpg"])
        #expect(afterEdit.status == 1 && afterEdit.stderr.contains("was not written by aspectfit (or was changed since)"), "\(afterEdit.stderr)")
        #expect(try sandbox.data("out.\(format)") == edited)
        let foreign = sandbox.url("foreign.\(format)")
        let made = try ExternalTool.run(try ExternalTool.path("vips"), ["copy", sandbox.url("a.jpg").path, foreign.path])
        #expect(made.status == 0, "\(made.stderr)")
        let before = try Data(contentsOf: foreign)
        let overForeign = try sandbox.run(["-w", "50", "-o", "foreign.\(format)", "a.jpg"])
        #expect(overForeign.status == 1, "\(overForeign.stderr)")
        #expect(try Data(contentsOf: foreign) == before)
        let forced = try sandbox.run(["--overwrite", "-w", "50", "-o", "foreign.\(format)", "a.jpg"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try header(foreign).width == 50)
    }

    /// An animation gives its first frame, with a warning on stderr and in JSON; the frame equals
    /// libvips' page 0 (GIF exactly: a palette; WebP within libwebp's rounding).
    @Test(arguments: [("gif/animated-wuffs-red-blue.gif", 4, 0), ("webp/animated-alpha-sharp.webp", 9, 2),
                      ("gif/animated-dispose-previous-libvips.gif", 3, 0)])
    func anAnimationGivesItsFirstFrameWithAWarning(source: String, frames: Int, tolerance: Int) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(source, to: "anim." + (source as NSString).pathExtension)
        let input = "anim." + (source as NSString).pathExtension
        let result = try sandbox.run(["--json", "-f", "png", "-o", "first.png", input])
        #expect(result.status == 0, "\(result.stderr)")
        let warning = "an animation of \(frames) frames: only the first is written"
        #expect(result.stderr.contains(warning), "\(result.stderr)")
        #expect((result.jsonLines.first?["warnings"] as? [String])?.contains(warning) == true, "\(result.stdoutText)")
        let reference = sandbox.url("reference.png")
        let made = try ExternalTool.run(try ExternalTool.path("vips"), ["copy", sandbox.url(input).path + "[page=0]", reference.path])
        #expect(made.status == 0, "\(made.stderr)")
        let ours = try ImageFile.decode(ImageFile.read(path: sandbox.url("first.png").path)).pixels
        let theirs = try ImageFile.decode(ImageFile.read(path: reference.path)).pixels
        #expect(ours.width == theirs.width && ours.height == theirs.height)
        var b = theirs.packedBytes
        if theirs.layout == .rgba8 && ours.layout == .rgb8 {
            // libvips always gives a GIF an alpha band; a first frame without transparency has it opaque
            #expect(stride(from: 3, to: b.count, by: 4).allSatisfy { b[$0] == 255 })
            b = b.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        } else {
            #expect(ours.layout == theirs.layout, "\(ours.layout) \(theirs.layout)")
        }
        let a = ours.packedBytes
        #expect(a.count == b.count)
        let worst = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= tolerance, "largest difference \(worst)")
    }
}
