@testable import AspectFit
import Foundation
import Testing
import TestSupport

/// An animation's ICC profile goes with its frames, as a still's does: onto an animated WebP (read
/// back by Pillow) and an AVIF sequence (avifdec's account), and is dropped with a warning where it
/// cannot go (GIF) or does not describe RGB (a grey profile), and with the metadata stripped.
@Suite struct AnimationProfileTests {
    /// A 3-frame animated WebP (Pillow) labelled with the corpus' Adobe RGB profile, or a grey one.
    static func animation(grey: Bool = false) throws -> (data: [UInt8], profile: [UInt8]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aspectfit-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Corpus.path(grey ? "icc/gray-with-gray-profile.png" : "icc/adobergb.jpg")
        let file = folder.appendingPathComponent("a.webp"), icc = folder.appendingPathComponent("a.icc")
        let script = """
        from PIL import Image
        icc = Image.open('\(source)').info['icc_profile']
        open('\(icc.path)', 'wb').write(icc)
        frames = [Image.new('RGB', (40, 30), (40 * n, 120, 200 - 40 * n)) for n in range(3)]
        frames[0].save('\(file.path)', save_all=True, append_images=frames[1:], duration=100, loop=0, icc_profile=icc)
        """
        let made = try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script])
        try #require(made.status == 0, "\(made.stderr)")
        return (try [UInt8](Data(contentsOf: file)), try [UInt8](Data(contentsOf: icc)))
    }

    static func fit(_ data: [UInt8], _ format: OutputFormat, keepProfile: Bool = true) throws -> FitResult {
        var options = FitOptions()
        options.ratio = .square
        options.size = .width(24)
        options.format = format
        options.keepICCProfile = keepProfile
        return try Pipeline(options: options).run(data)
    }

    /// The ICC profile Pillow reads from an animated WebP, and its frame count.
    static func webpProfile(_ bytes: [UInt8]) throws -> (profile: [UInt8]?, frames: Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aspectfit-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("out.webp"), icc = folder.appendingPathComponent("out.icc")
        try Data(bytes).write(to: file)
        let script = "from PIL import Image; im = Image.open('\(file.path)'); p = im.info.get('icc_profile'); "
            + "p and open('\(icc.path)', 'wb').write(p); print(im.n_frames)"
        let read = try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script])
        let frames = Int(String(decoding: read.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return (FileManager.default.fileExists(atPath: icc.path) ? try [UInt8](Data(contentsOf: icc)) : nil, frames)
    }

    /// avifdec's "ICC Profile" line for an AVIF: "Absent" or "Present (N bytes)".
    static func avifProfile(_ bytes: [UInt8]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aspectfit-profile-\(UUID().uuidString).avif")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let info = try ExternalTool.run(try ExternalTool.path("avifdec"), ["--info", file.path])
        let line = String(decoding: info.stdout, as: UTF8.self).split(separator: "\n").first { $0.contains("ICC Profile") }
        return line.map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) } ?? "?"
    }

    @Test func theProfileGoesOnAWebPAndAnAVIFSequence() throws {
        guard try Corpus.require() else { return }
        let (data, profile) = try Self.animation()
        let webp = try Self.fit(data, .webp)
        #expect(webp.frames == 3 && webp.warnings.isEmpty, "\(webp.warnings)")
        let read = try Self.webpProfile(webp.bytes)
        #expect(read.profile == profile && read.frames == 3)
        let avif = try Self.fit(data, .avif)
        #expect(avif.frames == 3 && avif.warnings.isEmpty, "\(avif.warnings)")
        #expect(try Self.avifProfile(avif.bytes) == "Present (\(profile.count) bytes)")
        let stripped = try Self.fit(data, .webp, keepProfile: false)
        #expect(try Self.webpProfile(stripped.bytes).profile == nil)
        #expect(try Self.avifProfile(try Self.fit(data, .avif, keepProfile: false).bytes) == "Absent")
    }

    @Test func whereTheProfileCannotGoItIsDroppedWithAWarning() throws {
        guard try Corpus.require() else { return }
        let gif = try Self.fit(try Self.animation().data, .gif)
        #expect(gif.warnings == ["ICC profile dropped: a GIF animation has no place for one"])
        let grey = try Self.fit(try Self.animation(grey: true).data, .webp)
        #expect(grey.warnings == ["ICC profile dropped: it does not describe RGB frames"])
        #expect(try Self.webpProfile(grey.bytes) == (nil, 3))
    }
}
