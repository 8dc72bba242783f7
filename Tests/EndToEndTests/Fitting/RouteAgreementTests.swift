import AspectFit
import Foundation
import Testing
import TestSupport

/// Every option that shapes the pixels, on every route one image can take through the binary: the
/// streamed decode, the smart crops (the frame decoded whole, the window chosen from it), contain,
/// trim (the frame decoded whole at full scale) and a variant sharing its decode with another.
/// When the output box has the source's shape every route crops the whole frame, so the routes
/// must agree byte for byte with each other (the oracle is the same run on another route), and
/// each option must change the output on each route (an option one route ignores cannot pass).
@Suite(.tags(.pipeline)) struct RouteAgreementTests {
    /// A generated source: edges, a gradient and noise with no uniform border (so trim keeps it
    /// whole), alpha fading across when the layout has it.
    static func pixels(_ layout: PixelLayout, width: Int, height: Int, maximum: Int) -> [Int] {
        var samples = [Int]()
        var state: UInt32 = 2024
        let colours = layout.hasAlpha ? layout.channels - 1 : layout.channels
        for y in 0 ..< height {
            for x in 0 ..< width {
                for c in 0 ..< colours {
                    state = state &* 1664525 &+ 1013904223
                    let edge = ((x / (5 + c)) + (y / 7)) % 2 == 0 ? maximum * 3 / 4 : maximum / 5
                    let ramp = (x + y * (c + 1)) * maximum / (4 * (width + height))
                    samples.append(min(max(edge + ramp + Int(state >> 25) * maximum / 1024 - maximum / 16, 0), maximum))
                }
                if layout.hasAlpha { samples.append(maximum / 4 + x * (maximum - maximum / 4) / width) }
            }
        }
        return samples
    }

    struct Source: CustomStringConvertible, Sendable {
        var name: String
        var layout: PixelLayout
        var format: String
        var sixteenBit = false
        var description: String { name }

        func bytes() throws -> [UInt8] {
            let (width, height) = (192, 144)
            let samples = RouteAgreementTests.pixels(layout, width: width, height: height, maximum: sixteenBit ? 65535 : 255)
            if sixteenBit {
                return SixteenBitPNG.encode(.init(image: PixelBuffer16(width: width, height: height, layout: layout,
                                                                        samples: samples.map { UInt16($0) })))
            }
            let image = try PixelBuffer(width: width, height: height, layout: layout, bytes: samples.map { UInt8($0) })
            return format == "jpg" ? try ImageEncoder.encodeJPEG(image, options: .init(quality: 95)) : try ImageEncoder.encodePNG(image)
        }

        /// Trim decodes a JPEG at full scale where the others decode at the plan's DCT scale, and
        /// refuses 16-bit sources: those routes are compared with themselves only.
        var trimAgrees: Bool { format == "png" && !sixteenBit }
    }

    static let sources: [Source] = PixelLayout.allCases.map { Source(name: "\($0) PNG", layout: $0, format: "png") } + [
        Source(name: "RGB8 JPEG", layout: .rgb8, format: "jpg"), Source(name: "Gray8 JPEG", layout: .gray8, format: "jpg"),
        Source(name: "RGBA16 PNG", layout: .rgba8, format: "png", sixteenBit: true),
        Source(name: "Gray16 PNG", layout: .gray8, format: "png", sixteenBit: true),
    ]

    /// The pixel-shaping options, each changing the output of a photo-like source on any route.
    static let options: [[String]] = Filter.allCases.filter { $0 != .lanczos3 }.map { ["--filter", $0.rawValue] } + [
        ["--linear"], ["--sharpen", "0.8,1.2"], ["--radius", "7"], ["--radius", "7", "--corners", "continuous"],
        ["--radius", "9", "--background", "#336699"],
    ]

    struct Route {
        var name: String
        var arguments: [String]
        var variant = false
    }

    static let size = ["-s", "48x36"]
    static let routes: [Route] = [
        Route(name: "streamed", arguments: size), Route(name: "attention", arguments: size + ["-g", "attention"]),
        Route(name: "entropy", arguments: size + ["-g", "entropy"]), Route(name: "contain", arguments: size + ["--fit", "contain"]),
        Route(name: "trim", arguments: size + ["--trim"]), Route(name: "variant", arguments: size, variant: true),
    ]

    /// The output of `route` with `option`, as PNG bytes (lossless, so equal pixels are equal bytes).
    static func output(_ sandbox: Sandbox, _ input: String, _ route: Route, _ option: [String]) throws -> [UInt8] {
        let out = "\(route.name)/\(option.joined(separator: "_"))/"
        let arguments = route.variant
            ? route.arguments + option + ["-f", "png", "--variant", "-o \(out)", "--variant", "-w 20 -g west -o \(out)small/"]
            : route.arguments + option + ["-f", "png", "-o", out]
        let result = try sandbox.run(arguments + ["--quiet", input])
        #expect(result.status == 0, "\(route.name) \(option): \(result.stderr)")
        let name = (input as NSString).deletingPathExtension + ".png"
        return [UInt8](try sandbox.data(out + name))
    }

    @Test(arguments: sources)
    func everyRouteGivesTheSameBytesAndEveryOptionChangesThem(_ source: Source) throws {
        let sandbox = try Sandbox()
        let input = "in.\(source.format)"
        try Data(try source.bytes()).write(to: sandbox.url(input))
        let routes = Self.routes.filter { $0.name != "trim" || source.trimAgrees }
        for option in [[]] + Self.options {
            let outputs = try routes.map { try Self.output(sandbox, input, $0, option) }
            for (route, bytes) in zip(routes, outputs).dropFirst() {
                #expect(bytes == outputs[0], "\(source) \(option): the \(route.name) route differs from the streamed one")
            }
        }
        if !source.trimAgrees && !source.sixteenBit {
            let trim = Route(name: "trim", arguments: Self.size + ["--trim"])
            let plain = try Self.output(sandbox, input, trim, [])
            for option in Self.options {
                #expect(try Self.output(sandbox, input, trim, option) != plain, "\(source) \(option) changes nothing on the trim route")
            }
        }
        for route in routes {
            let plain = try Self.output(sandbox, input, route, [])
            for option in Self.options {
                #expect(try Self.output(sandbox, input, route, option) != plain, "\(source) \(option) changes nothing on the \(route.name) route")
            }
        }
    }
}
