import Foundation
import Testing
import TestSupport

/// `--no-enlarge` under both fits, on sources smaller and larger than the box on each axis. The
/// oracle is the rule itself, computed here: under contain the box is the requested one and the
/// picture inside keeps its own pixels when it fits (scale min(box/source, 1)); under cover the
/// output is the largest box of the ratio the source fills. ImageMagick's trim box (`%@`) of the
/// written PNG says where the opaque picture sits among the transparent bars.
@Suite struct NoEnlargeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var source: (width: Int, height: Int)
        var arguments: [String]
        var enlarge: Bool
        var testDescription: String { "\(source.width)x\(source.height) \(arguments.joined(separator: " "))\(enlarge ? "" : " --no-enlarge")" }
    }

    static let sources = [(100, 60), (1200, 700), (300, 900), (500, 200), (420, 310)]
    static let requests: [(arguments: [String], box: (Int, Int)?)] = [
        (["-s", "400x300"], (400, 300)), (["-s", "200x400"], (200, 400)), (["-r", "1:1", "-w", "256"], (256, 256)),
        (["-r", "16:9", "-H", "180"], (320, 180)), (["-r", "1:1"], nil), (["-r", "3:1"], nil),
    ]
    static let cases: [Case] = sources.flatMap { source in
        requests.flatMap { request in
            [true, false].map { Case(source: (source.0, source.1), arguments: request.arguments, enlarge: $0) }
        }
    }

    /// The box the request names, or for `-r` alone the smallest box of the ratio around the picture.
    static func containBox(_ c: Case) -> (width: Int, height: Int) {
        if let box = requests.first(where: { $0.arguments == c.arguments })?.box { return box }
        let ratio = c.arguments == ["-r", "1:1"] ? (1.0, 1.0) : (3.0, 1.0)
        let (w, h) = (Double(c.source.width), Double(c.source.height))
        return w * ratio.1 >= h * ratio.0
            ? (c.source.width, max(c.source.height, Int((w * ratio.1 / ratio.0).rounded())))
            : (max(c.source.width, Int((h * ratio.0 / ratio.1).rounded())), c.source.height)
    }

    @Test(arguments: cases)
    func containKeepsTheBoxAndNeverScalesThePictureUp(_ c: Case) throws {
        let sandbox = try Sandbox()
        _ = try ExternalTool.run(ExternalTool.path("convert"), ["-size", "\(c.source.width)x\(c.source.height)", "xc:red", sandbox.url("s.png").path])
        let result = try sandbox.run(c.arguments + ["--fit", "contain", "-o", "out.png", "s.png"] + (c.enlarge ? [] : ["--no-enlarge"]))
        #expect(result.status == 0, "\(result.stderr)")
        let box = Self.containBox(c)
        let header = try #require(ImageHeader(file: sandbox.url("out.png")))
        #expect((header.width, header.height) == box, "box \(header.width)x\(header.height), expected \(box)")
        let (w, h) = (Double(c.source.width), Double(c.source.height))
        var scale = min(Double(box.width) / w, Double(box.height) / h)
        if !c.enlarge { scale = min(scale, 1) }
        let picture = (width: min(box.width, Int((w * scale).rounded())), height: min(box.height, Int((h * scale).rounded())))
        guard picture != box else {
            let opaque = try ExternalTool.run(ExternalTool.path("convert"), [sandbox.url("out.png").path, "-format", "%[opaque]", "info:"])
            #expect(String(decoding: opaque.stdout, as: UTF8.self).lowercased() == "true", "no bars when the picture fills the box")
            return
        }
        let trim = try ExternalTool.run(ExternalTool.path("convert"), [sandbox.url("out.png").path, "-format", "%@", "info:"])
        let expected = "\(picture.width)x\(picture.height)+\((box.width - picture.width) / 2)+\((box.height - picture.height) / 2)"
        #expect(String(decoding: trim.stdout, as: UTF8.self) == expected)
    }

    @Test(arguments: cases)
    func coverFillsTheLargestBoxTheSourceHolds(_ c: Case) throws {
        let sandbox = try Sandbox()
        _ = try ExternalTool.run(ExternalTool.path("convert"), ["-size", "\(c.source.width)x\(c.source.height)", "xc:red", sandbox.url("s.png").path])
        let result = try sandbox.run(c.arguments + ["-o", "out.png", "s.png"] + (c.enlarge ? [] : ["--no-enlarge"]))
        #expect(result.status == 0, "\(result.stderr)")
        let header = try #require(ImageHeader(file: sandbox.url("out.png")))
        let ratio: (Double, Double)
        let requested: (width: Int, height: Int)?
        switch c.arguments {
        case ["-s", "400x300"]: (ratio, requested) = ((4, 3), (400, 300))
        case ["-s", "200x400"]: (ratio, requested) = ((1, 2), (200, 400))
        case ["-r", "1:1", "-w", "256"]: (ratio, requested) = ((1, 1), (256, 256))
        case ["-r", "16:9", "-H", "180"]: (ratio, requested) = ((16, 9), (320, 180))
        case ["-r", "1:1"]: (ratio, requested) = ((1, 1), nil)
        default: (ratio, requested) = ((3, 1), nil)
        }
        let (w, h) = (Double(c.source.width), Double(c.source.height))
        let largest = w * ratio.1 >= h * ratio.0
            ? (width: min(c.source.width, Int((h * ratio.0 / ratio.1).rounded())), height: c.source.height)
            : (width: c.source.width, height: min(c.source.height, Int((w * ratio.1 / ratio.0).rounded())))
        let expected = if let requested, c.enlarge || (requested.width <= c.source.width && requested.height <= c.source.height) {
            requested
        } else {
            largest
        }
        #expect((header.width, header.height) == expected)
    }
}
