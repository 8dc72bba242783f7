// ============================================================================================
// STAND-IN FOR THE ASPECTFIT LIBRARY: DELETE THIS WHOLE FILE AT MERGE TIME.
// The real types (module AspectFit: geometry, resampler, mask, io, Pipeline) replace these.
// They exist only so the CLI builds and its file-handling tests run before the library lands:
// `plan` reads the header and does rough arithmetic; `run` returns the input bytes unchanged.
// ============================================================================================

/// Stand-in error: a one-line message.
public struct StandInError: Error, CustomStringConvertible {
    public var description: String
    init(_ message: String) { description = message }
}

public struct AspectRatio: Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public var description: String { "\(Self.format(width)):\(Self.format(height))" }

    static let named: [String: (Double, Double)] = [
        "square": (1, 1), "classic": (4, 3), "photo": (3, 2), "widescreen": (16, 9),
        "portrait": (4, 5), "story": (9, 16), "golden": (1.618, 1),
    ]

    public init(parsing text: String) throws {
        if let (w, h) = Self.named[text.lowercased()] { width = w; height = h; return }
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == "/" || $0 == "x" }).map(String.init)
        let values: [Double]
        if parts.count == 2 { values = parts.compactMap(Double.init) } else if parts.count == 1, let v = Double(parts[0]) { values = [v, 1] } else { values = [] }
        guard values.count == 2, values.allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw StandInError("invalid aspect ratio '\(text)' (expected W:H such as 4:3, a number such as 1.5, or a name such as square)")
        }
        width = values[0]; height = values[1]
    }

    static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

public enum Gravity: Sendable {
    case center, north, south, east, west, northEast, northWest, southEast, southWest
    case focus(x: Double, y: Double)

    public init(parsing text: String) throws {
        switch text.lowercased() {
        case "center", "centre": self = .center
        case "north", "top": self = .north
        case "south", "bottom": self = .south
        case "east", "right": self = .east
        case "west", "left": self = .west
        case "northeast", "ne": self = .northEast
        case "northwest", "nw": self = .northWest
        case "southeast", "se": self = .southEast
        case "southwest", "sw": self = .southWest
        default: throw StandInError("invalid gravity '\(text)'")
        }
    }

    public init(focusParsing text: String) throws {
        let parts = text.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ (0...1).contains($0) }) else {
            throw StandInError("invalid focus point '\(text)' (expected X,Y in 0...1)")
        }
        self = .focus(x: parts[0], y: parts[1])
    }
}

public enum SizeRequest: Sendable { case none, width(Int), height(Int), size(width: Int, height: Int), longEdge(Int) }

public enum Filter: Sendable {
    case lanczos3, lanczos2, mitchell, catmullRom, bilinear, box, nearest
    public init(parsing text: String) throws {
        switch text.lowercased() {
        case "lanczos3", "lanczos": self = .lanczos3
        case "lanczos2": self = .lanczos2
        case "mitchell": self = .mitchell
        case "catmullrom", "catmull-rom": self = .catmullRom
        case "bilinear", "linear", "triangle": self = .bilinear
        case "box": self = .box
        case "nearest": self = .nearest
        default: throw StandInError("invalid filter '\(text)'")
        }
    }
}

public enum CornerRadius: Sendable {
    case pixels(Double), percent(Double)
    public init(parsing text: String) throws {
        var t = Substring(text)
        let percent = t.hasSuffix("%")
        if percent { t = t.dropLast() } else if t.hasSuffix("px") { t = t.dropLast(2) }
        guard let v = Double(t), v >= 0, v.isFinite, !percent || v <= 50 else {
            throw StandInError("invalid corner radius '\(text)' (expected pixels such as 64 or 64px, or a percentage such as 12.5%)")
        }
        self = percent ? .percent(v) : .pixels(v)
    }
}

public enum CornerStyle: Sendable { case circular, continuous }

public struct RGBColor: Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8
    public static let white = RGBColor(red: 255, green: 255, blue: 255)
    init(red: UInt8, green: UInt8, blue: UInt8) { self.red = red; self.green = green; self.blue = blue }
    public init(parsing text: String) throws {
        let names: [String: (UInt8, UInt8, UInt8)] = ["white": (255, 255, 255), "black": (0, 0, 0), "red": (255, 0, 0),
                                                       "green": (0, 128, 0), "blue": (0, 0, 255), "gray": (128, 128, 128)]
        if let (r, g, b) = names[text.lowercased()] { self.init(red: r, green: g, blue: b); return }
        var hex = Array(text.utf8)
        guard hex.first == UInt8(ascii: "#"), let value = UInt32(String(decoding: hex.dropFirst(), as: UTF8.self), radix: 16),
              hex.count == 4 || hex.count == 7 else { throw StandInError("invalid color '\(text)'") }
        hex.removeFirst()
        if hex.count == 3 {
            self.init(red: UInt8((value >> 8) & 0xF) * 17, green: UInt8((value >> 4) & 0xF) * 17, blue: UInt8(value & 0xF) * 17)
        } else {
            self.init(red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
        }
    }
}

public enum ImageFormat: String, Sendable { case jpeg, png }
public enum OutputFormat: Sendable { case auto, jpeg, png }

public struct FitOptions: Sendable {
    public var ratio: AspectRatio?
    public var size: SizeRequest = .none
    public var gravity: Gravity = .center
    public var enlarge = true
    public var filter: Filter = .lanczos3
    public var linearLight = false
    public var cornerRadius: CornerRadius? = nil
    public var cornerStyle: CornerStyle = .circular
    public var background: RGBColor = .white
    public var format: OutputFormat = .auto
    public var quality = 85
    public var progressive = false
    public var chroma444 = false
    public var pngCompression = 6
    public var keepICC = true
    public var keepMetadata = false
    public var maxPixels = 268_402_689
    public var failOnTruncation = true
    public init() {}
}

public struct FitPlan: Sendable {
    public var sourceFormat: ImageFormat
    public var sourceWidth: Int
    public var sourceHeight: Int
    public var orientation: Int
    public var outputFormat: ImageFormat
    public var outputWidth: Int
    public var outputHeight: Int
    public var crop: (x: Double, y: Double, width: Double, height: Double)
    public var decodeScale: Int
    public var description: String
}

public struct FitResult: Sendable {
    public var bytes: [UInt8]
    public var plan: FitPlan
    public var warnings: [String]
    public var timings: [(step: String, milliseconds: Double)]
}

public struct Pipeline: Sendable {
    let options: FitOptions
    public init(options: FitOptions) { self.options = options }

    public func plan(_ data: [UInt8]) throws -> FitPlan {
        let (format, w, h) = try Self.probe(data)
        guard w * h <= options.maxPixels else { throw StandInError("image of \(w)x\(h) pixels exceeds the limit of \(options.maxPixels) pixels") }
        var cropW = Double(w), cropH = Double(h)
        if let r = options.ratio {
            let target = r.width / r.height
            if cropW / cropH > target { cropW = cropH * target } else { cropH = cropW / target }
        } else if case .size(let tw, let th) = options.size {
            let target = Double(tw) / Double(th)
            if cropW / cropH > target { cropW = cropH * target } else { cropH = cropW / target }
        }
        let aspect = cropW / cropH
        var outW: Int, outH: Int
        switch options.size {
        case .none: outW = Int(cropW.rounded()); outH = Int(cropH.rounded())
        case .width(let tw): outW = tw; outH = max(1, Int((Double(tw) / aspect).rounded()))
        case .height(let th): outH = th; outW = max(1, Int((Double(th) * aspect).rounded()))
        case .size(let tw, let th): outW = tw; outH = th
        case .longEdge(let n):
            if aspect >= 1 { outW = n; outH = max(1, Int((Double(n) / aspect).rounded())) } else { outH = n; outW = max(1, Int((Double(n) * aspect).rounded())) }
        }
        if !options.enlarge, Double(outW) > cropW { outW = Int(cropW.rounded()); outH = Int(cropH.rounded()) }
        let outFormat: ImageFormat = switch options.format { case .auto: format; case .jpeg: .jpeg; case .png: .png }
        let crop = (x: (Double(w) - cropW) / 2, y: (Double(h) - cropH) / 2, width: cropW, height: cropH)
        return FitPlan(sourceFormat: format, sourceWidth: w, sourceHeight: h, orientation: 1, outputFormat: outFormat,
                       outputWidth: outW, outputHeight: outH, crop: crop, decodeScale: 1,
                       description: "\(w)x\(h) \(format.rawValue) -> \(outW)x\(outH) \(outFormat.rawValue) (stand-in)")
    }

    public func run(_ data: [UInt8]) throws -> FitResult {
        let plan = try plan(data)
        if options.failOnTruncation, plan.sourceFormat == .jpeg, !(data.count >= 2 && data[data.count - 2] == 0xFF && data[data.count - 1] == 0xD9) {
            throw StandInError("truncated JPEG data (premature end of file)")
        }
        return FitResult(bytes: data, plan: plan, warnings: [], timings: [("probe", 0), ("decode", 0), ("resample", 0), ("mask", 0), ("encode", 0)])
    }

    static func probe(_ d: [UInt8]) throws -> (ImageFormat, Int, Int) {
        func be16(_ i: Int) -> Int { Int(d[i]) << 8 | Int(d[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        if d.count >= 24, d.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return (.png, be32(16), be32(20))
        }
        if d.count >= 4, d[0] == 0xFF, d[1] == 0xD8 {
            var i = 2
            while i + 9 < d.count {
                guard d[i] == 0xFF else { break }
                let marker = d[i + 1]
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { return (.jpeg, be16(i + 7), be16(i + 5)) }
                i += 2 + be16(i + 2)
            }
            throw StandInError("corrupt JPEG header")
        }
        throw StandInError("not a JPEG or PNG image")
    }
}
