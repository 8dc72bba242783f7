import AspectFit
import TestSupport

/// djpeg's decode of a JPEG (PPM for colour, PGM for gray), the reference for JPEG pixels.
enum Djpeg {
    struct Image: Equatable {
        var width: Int
        var height: Int
        var channels: Int
        var pixels: [UInt8]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `djpeg -pnm [-scale 1/n] [-nosmooth] file`.
    static func decode(path: String, scaleDenominator: Int = 1, smoothChroma: Bool = true) throws -> Image {
        let djpeg = try ExternalTool.path("djpeg")
        var args = ["-pnm"]
        if !smoothChroma { args.append("-nosmooth") }
        if scaleDenominator != 1 { args += ["-scale", "1/\(scaleDenominator)"] }
        let output = try ExternalTool.run(djpeg, args + [path])
        guard output.status == 0 else { throw Failure(description: "djpeg failed: \(output.stderr)") }
        return try parsePNM(output.stdout)
    }

    /// Parses binary P5/P6 with maxval 255.
    static func parsePNM(_ data: [UInt8]) throws -> Image {
        var index = 0
        func token() throws -> String {
            while index < data.count {
                if data[index] == UInt8(ascii: "#") {
                    while index < data.count, data[index] != 10 { index += 1 }
                } else if data[index] == 32 || (9 ... 13).contains(data[index]) {
                    index += 1
                } else { break }
            }
            let start = index
            while index < data.count, !(data[index] == 32 || (9 ... 13).contains(data[index])) { index += 1 }
            guard index > start else { throw Failure(description: "PNM header ends early") }
            return String(decoding: data[start ..< index], as: UTF8.self)
        }
        let magic = try token()
        guard magic == "P5" || magic == "P6" else { throw Failure(description: "not P5/P6: \(magic)") }
        guard let w = Int(try token()), let h = Int(try token()), let maxval = Int(try token()), maxval == 255 else {
            throw Failure(description: "bad PNM header")
        }
        index += 1  // the single whitespace after maxval
        let channels = magic == "P5" ? 1 : 3
        guard data.count - index >= w * h * channels else { throw Failure(description: "PNM data short") }
        return Image(width: w, height: h, channels: channels, pixels: Array(data[index ..< index + w * h * channels]))
    }
}
