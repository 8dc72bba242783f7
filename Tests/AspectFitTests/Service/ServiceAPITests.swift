import Foundation
import Testing
@testable import AspectFit

/// What a service relies on beyond the fit itself: options as a cache key and as JSON, one error
/// type for user-supplied option values, readable errors, and no trap on hostile values.
@Suite struct ServiceAPITests {
    static func sampleOptions() throws -> [FitOptions] {
        var a = FitOptions()
        a.ratio = try .custom(width: 1.91, height: 1)
        a.size = .size(width: 1200, height: 628)
        a.gravity = .focus(x: 0.25, y: 0.75)
        a.enlarge = false
        a.filter = .catmullRom
        a.linearLight = true
        a.cornerRadius = .circle
        a.cornerStyle = .continuous
        a.background = try RGBColor(parsing: "rebeccapurple")
        a.format = .png
        a.jpeg = JPEGEncodeOptions(quality: 70, progressive: true, chroma: .full444, optimizeHuffman: true)
        a.png = PNGEncodeOptions(compressionLevel: 9)
        a.keepICCProfile = false
        a.keepMetadata = .all
        a.decode = DecodePolicy(maxPixels: 1_000_000, failOnTruncation: false)
        var b = FitOptions()
        b.size = .longEdge(512)
        b.gravity = .southWest
        b.fit = .contain
        b.cornerRadius = .pixels(12.5)
        var c = FitOptions()
        c.size = .height(90)
        c.ratio = .nineToSixteen
        c.gravity = .attention
        var d = c
        d.gravity = .entropy
        var e = b
        e.trim = Trim(threshold: 24)
        return [FitOptions(), a, b, c, d, e]
    }

    @Test func optionsRoundTripThroughJSONAndHashAsACacheKey() throws {
        let all = try Self.sampleOptions()
        for options in all {
            let json = try JSONEncoder().encode(options)
            let back = try JSONDecoder().decode(FitOptions.self, from: json)
            #expect(back == options, "\(String(decoding: json, as: UTF8.self))")
            #expect(back.hashValue == options.hashValue)
        }
        #expect(Set(all).count == all.count, "distinct options must be distinct keys")
        var changed = all[1]
        changed.jpeg.quality += 1
        #expect(changed != all[1] && Set([changed, all[1]]).count == 2)
    }

    @Test func partialJSONKeepsTheDefaultsAndBadValuesAreRefused() throws {
        let options = try JSONDecoder().decode(FitOptions.self, from: Data(#"{"size": {"width": {"_0": 320}}}"#.utf8))
        var expected = FitOptions()
        expected.size = .width(320)
        #expect(options == expected)
        #expect(try JSONDecoder().decode(FitOptions.self, from: Data("{}".utf8)) == FitOptions())
        let contain = try JSONDecoder().decode(FitOptions.self, from: Data(#"{"fit": "contain", "gravity": {"attention": {}}}"#.utf8))
        #expect(contain.fit == .contain && contain.gravity == .attention && contain.size == .none)
        for bad in [#"{"ratio": {"width": 0, "height": 1}}"#, #"{"ratio": {"width": 5000, "height": 1}}"#,
                    #"{"filter": "gauss"}"#, #"{"format": "heic"}"#, #"{"fit": "stretch"}"#, #"{"frames": "some"}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(FitOptions.self, from: Data(bad.utf8)) }
        }
    }

    /// Every parser of a user-supplied value throws `OptionError`, whose message names the value.
    @Test func everyOptionParserThrowsOptionError() throws {
        let cases: [(String, String, () throws -> Void)] = [
            ("ratio", "4:0", { _ = try AspectRatio(parsing: "4:0") }),
            ("ratio", "nan", { _ = try AspectRatio(parsing: "nan") }),
            ("gravity", "middle", { _ = try Gravity(parsing: "middle") }),
            ("gravity", "2,0.5", { _ = try Gravity(focusParsing: "2,0.5") }),
            ("filter", "gauss", { _ = try Filter(parsing: "gauss") }),
            ("radius", "12pt", { _ = try CornerRadius(parsing: "12pt") }),
            ("radius", "-3", { _ = try CornerRadius(parsing: "-3") }),
            ("corners", "squircle", { _ = try CornerStyle(parsing: "squircle") }),
            ("background", "#12345", { _ = try RGBColor(parsing: "#12345") }),
            ("background", "rgb(300,0,0)", { _ = try RGBColor(parsing: "rgb(300,0,0)") }),
            ("corners-on", "bars", { _ = try CornerTarget(parsing: "bars") }),
            ("format", "tiff", { _ = try OutputFormat(parsing: "tiff") }),
            ("fit", "stretch", { _ = try FitMode(parsing: "stretch") }),
        ]
        for (option, text, parse) in cases {
            do {
                try parse()
                Issue.record("\(option) '\(text)' was accepted")
            } catch let error as OptionError {
                #expect(error.option == option, "\(text): \(error)")
                #expect(error.description.contains(text))
                #expect(error.localizedDescription == error.description)
            } catch {
                Issue.record("\(option) '\(text)' threw \(type(of: error)), not OptionError")
            }
        }
        #expect(try CornerRadius(parsing: " Circle ") == .circle)
        #expect(CornerRadius.circle.pixels(width: 200, height: 120) == 60)
    }

    @Test func errorsReadAsTheirMessageInLogs() {
        let errors: [any Error] = [
            FitError.image(.tooLarge(width: 20000, height: 14000, limit: 268_402_689)),
            FitError.image(.unsupported(format: "12-bit JPEG")),
            FitError.image(.truncated("premature end of JPEG data")),
            FitError.plan(.invalidSource(width: 0, height: 3)),
            FitError.cancelled,
            ImageIOError.corrupt("bad Huffman table"),
            PlanError.nonPositiveSize(.width(0)),
            PixelBufferError.invalidSize(width: -1, height: 1),
        ]
        for error in errors {
            let text = String(describing: error)
            #expect(error.localizedDescription == text)
            #expect(!text.contains("operation could not be completed") && !text.isEmpty)
        }
        #expect(FitError.image(.tooLarge(width: 20000, height: 14000, limit: 268_402_689)).description
            == "image is 20000x14000 (280000000 pixels), over the limit of 268402689 pixels")
        #expect(FitError.image(.unsupported(format: "12-bit JPEG")).description == "unsupported: 12-bit JPEG")
    }

    static let hostile: [Double] = [0, -0.0, -1, .nan, -.nan, .infinity, -.infinity, .greatestFiniteMagnitude,
                                    .leastNonzeroMagnitude, 1e-300, 1e300]

    @Test func hostileRatioSidesThrowInsteadOfTrapping() throws {
        for w in Self.hostile + [1] {
            for h in Self.hostile + [1] {
                let valid = w.isFinite && h.isFinite && w > 0 && h > 0 && (w / h) <= 1000 && (w / h) >= 0.001
                if valid {
                    #expect(try AspectRatio.custom(width: w, height: h).value == w / h)
                } else {
                    #expect(throws: OptionError.self, "\(w):\(h)") { try AspectRatio.custom(width: w, height: h) }
                }
            }
        }
    }

    @Test func hostilePixelBufferSizesThrowInsteadOfTrapping() throws {
        let sizes = [(-1, 1), (1, -1), (Int.min, 1), (Int.max, 2), (1 << 40, 1 << 40), (100_000, 100_000), (Int.max, Int.max)]
        for (w, h) in sizes {
            #expect(throws: PixelBufferError.self, "\(w)x\(h)") { try PixelBuffer(width: w, height: h, layout: .rgba8) }
            #expect(throws: PixelBufferError.self, "\(w)x\(h)") { try PixelBuffer(width: w, height: h, layout: .rgb8, bytes: [1, 2, 3]) }
        }
        #expect(throws: PixelBufferError.strideTooSmall(bytesPerRow: 5, minimum: 6)) {
            try PixelBuffer(width: 2, height: 1, layout: .rgb8, bytesPerRow: 5, bytes: [UInt8](repeating: 0, count: 6))
        }
        #expect(throws: PixelBufferError.bytesTooShort(needed: 12, available: 11)) {
            try PixelBuffer(width: 2, height: 2, layout: .rgb8, bytes: [UInt8](repeating: 0, count: 11))
        }
        #expect(throws: PixelBufferError.bytesTooShort(needed: .max, available: 3)) {
            try PixelBuffer(width: 1, height: Int.max, layout: .rgb8, bytesPerRow: 4, bytes: [1, 2, 3])
        }
        let empty = try PixelBuffer(width: 0, height: 0, layout: .gray8)
        #expect(empty.bytes.isEmpty)
        let one = try PixelBuffer(width: 3, height: 2, layout: .grayAlpha8)
        #expect(one.bytes.count == 12 && one.bytesPerRow == 6)
    }

    @Test func uprightSizeFollowsTheOrientation() throws {
        let info = try ImageFile.probe(try ImageFile.read(path: #filePath.components(separatedBy: "/Tests/")[0]
            + "/samples/harvesters-portrait-exif6.jpg"))
        #expect(info.orientation == .right)
        #expect((info.uprightWidth, info.uprightHeight) == (info.height, info.width))
        #expect(info.uprightWidth == 640 && info.uprightHeight == 859)
    }

    /// JPEG cannot be written past 65500 pixels a side; the plan refuses it up front instead of the
    /// encoder failing after the whole decode and resample.
    @Test func theOutputFormatsSideLimitIsPlannedWith() throws {
        let bytes = try ImageFile.read(path: #filePath.components(separatedBy: "/Tests/")[0] + "/samples/concert-gray.jpg")
        var options = FitOptions()
        options.ratio = try .custom(width: 1000, height: 1)
        options.size = .width(65501)
        #expect(throws: FitError.plan(.outputTooLarge(width: 65501, height: 66, maxSide: 65500, maxPixels: DecodeOptions.defaultMaxPixels))) {
            try Pipeline(options: options).plan(bytes)
        }
        options.format = .png
        #expect(try Pipeline(options: options).plan(bytes).outputWidth == 65501)
    }
}
