// ============================================================================================
// STAND-IN FOR THE ASPECTFIT LIBRARY: DELETE THIS WHOLE FILE AT MERGE TIME.
// It mirrors the public API of module AspectFit as merged on main (4961b3b: Pipeline, FitOptions,
// FitPlan, FitResult, FitError, OutputFormat, CropPlan, ImageInfo, encode/decode options, the
// option parsers), only as far as the CLI uses it, so the CLI builds and its file-handling tests
// run on this branch. `plan` reads the header and does rough arithmetic (no EXIF orientation);
// `run` returns the input bytes unchanged. Nothing here is used once the real module is linked.
// ============================================================================================
import AspectFit

public enum FitError: Error, Equatable, CustomStringConvertible {
    case invalidOption(String)
    public var description: String {
        switch self {
        case .invalidOption(let message): message
        }
    }
}

public struct AspectRatio: Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public var description: String { "\(width):\(height)" }

    init(unchecked width: Double, _ height: Double) { self.width = width; self.height = height }

    public static let named: [(name: String, ratio: AspectRatio)] = [
        ("square", .init(unchecked: 1, 1)), ("fourToThree", .init(unchecked: 4, 3)), ("threeToFour", .init(unchecked: 3, 4)),
        ("sixteenToNine", .init(unchecked: 16, 9)), ("nineToSixteen", .init(unchecked: 9, 16)),
        ("threeToTwo", .init(unchecked: 3, 2)), ("twoToThree", .init(unchecked: 2, 3)), ("fiveToFour", .init(unchecked: 5, 4)),
        ("fourToFive", .init(unchecked: 4, 5)), ("twentyOneToNine", .init(unchecked: 21, 9)), ("openGraph", .init(unchecked: 1.91, 1)),
    ]

    public init(parsing text: String) throws(FitError) {
        if let match = Self.named.first(where: { $0.name.lowercased() == text.lowercased() }) { self = match.ratio; return }
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == "/" || $0 == "x" }).map(String.init)
        let values: [Double] = parts.count == 2 ? parts.compactMap(Double.init) : parts.count == 1 ? [Double(parts[0]), 1].compactMap { $0 } : []
        guard values.count == 2, values.allSatisfy({ $0 > 0 && $0.isFinite }) else { throw .invalidOption("'\(text)' is not an aspect ratio") }
        width = values[0]
        height = values[1]
    }
}

public enum Gravity: Sendable, Equatable {
    case centre, north, south, east, west, northEast, northWest, southEast, southWest
    case focus(x: Double, y: Double)
    public static let center = Gravity.centre
    public static let named: [(name: String, gravity: Gravity)] = [
        ("centre", .centre), ("north", .north), ("south", .south), ("east", .east), ("west", .west),
        ("northEast", .northEast), ("northWest", .northWest), ("southEast", .southEast), ("southWest", .southWest),
    ]

    public init(parsing text: String) throws(FitError) {
        let folded = text.lowercased().filter { $0 != "-" && $0 != "_" }
        if folded == "center" { self = .centre; return }
        guard let match = Self.named.first(where: { $0.name.lowercased() == folded }) else { throw .invalidOption("'\(text)' is not a gravity") }
        self = match.gravity
    }

    public init(focusParsing text: String) throws(FitError) {
        let parts = text.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ (0...1).contains($0) }) else { throw .invalidOption("'\(text)' is not a focus point x,y in 0...1") }
        self = .focus(x: parts[0], y: parts[1])
    }
}

public enum SizeRequest: Sendable { case width(Int), height(Int), size(width: Int, height: Int), longEdge(Int), none }

public enum Filter: String, Sendable, CaseIterable {
    case lanczos3, lanczos2, mitchell, catmullRom = "catmull-rom", bilinear, box, nearest
    public init(parsing name: String) throws(FitError) {
        guard let f = Filter(rawValue: name.lowercased()) else { throw .invalidOption("unknown filter '\(name)'") }
        self = f
    }
}

public enum CornerRadius: Sendable {
    case pixels(Double), percent(Double)
    public init(parsing text: String) throws(FitError) {
        var t = Substring(text.lowercased())
        let percent = t.hasSuffix("%")
        if percent { t = t.dropLast() } else if t.hasSuffix("px") { t = t.dropLast(2) }
        guard let v = Double(t), v >= 0, v.isFinite else { throw .invalidOption("invalid corner radius '\(text)'") }
        self = percent ? .percent(v) : .pixels(v)
    }
    public func pixels(width: Int, height: Int) -> Double {
        let limit = Double(min(width, height)) / 2
        switch self {
        case .pixels(let p): return min(p, limit)
        case .percent(let p): return min(p / 100 * Double(min(width, height)), limit)
        }
    }
}

public enum CornerStyle: String, Sendable, CaseIterable {
    case circular, continuous
    public init(parsing text: String) throws(FitError) {
        guard let style = CornerStyle(rawValue: text.lowercased()) else { throw .invalidOption("unknown corner style '\(text)'") }
        self = style
    }
}

public struct RGBColor: Sendable {
    public var r: UInt8, g: UInt8, b: UInt8
    public static let white = RGBColor(r: 255, g: 255, b: 255)
    public init(r: UInt8, g: UInt8, b: UInt8) { self.r = r; self.g = g; self.b = b }
    public init(parsing text: String) throws(FitError) {
        if text.lowercased() == "white" { self = .white; return }
        if text.lowercased() == "black" { self.init(r: 0, g: 0, b: 0); return }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 3 || hex.count == 6, let v = UInt32(hex, radix: 16) else { throw .invalidOption("'\(text)' is not a colour") }
        if hex.count == 3 {
            self.init(r: UInt8((v >> 8) & 0xF) * 17, g: UInt8((v >> 4) & 0xF) * 17, b: UInt8(v & 0xF) * 17)
        } else {
            self.init(r: UInt8((v >> 16) & 0xFF), g: UInt8((v >> 8) & 0xFF), b: UInt8(v & 0xFF))
        }
    }
}

public enum ImageFormat: String, Sendable, CaseIterable { case jpeg, png }

public enum OutputFormat: String, Sendable, CaseIterable {
    case auto, jpeg, png
    public func resolved(source: ImageFormat, transparent: Bool) -> ImageFormat {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .auto: transparent ? .png : source
        }
    }
}

public struct JPEGEncodeOptions: Sendable {
    public enum Chroma: Sendable { case subsampled420, full444 }
    public var quality = 85
    public var progressive = false
    public var chroma: Chroma = .subsampled420
    public var optimizeHuffman = false
    public init() {}
}

public struct PNGEncodeOptions: Sendable {
    public var compressionLevel = 6
    public var fastFilters = false
    public init() {}
}

public struct DecodeOptions: Sendable {
    public var maxPixels = 268_402_689
    public var failOnTruncation = true
    public init() {}
}

public struct FitOptions: Sendable {
    public var ratio: AspectRatio?
    public var size: SizeRequest = .none
    public var gravity: Gravity = .centre
    public var enlarge = true
    public var filter: Filter = .lanczos3
    public var linearLight = false
    public var cornerRadius: CornerRadius?
    public var cornerStyle: CornerStyle = .circular
    public var background: RGBColor = .white
    public var format: OutputFormat = .auto
    public var jpeg = JPEGEncodeOptions()
    public var png = PNGEncodeOptions()
    public var keepICCProfile = true
    public var decode = DecodeOptions()
    public init() {}
}

public struct ImageInfo: Sendable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    public var hasAlpha: Bool
    public var orientation: Orientation
}

public struct CropPlan: Sendable {
    public var sourceWidth: Int
    public var sourceHeight: Int
    public var orientation: Orientation
    public var outputWidth: Int
    public var outputHeight: Int
    public var crop: Box
    public var decodeScale: Int
}

public struct FitPlan: Sendable, CustomStringConvertible {
    public var source: ImageInfo
    public var crop: CropPlan
    public var outputFormat: ImageFormat
    public var outputWidth: Int { crop.outputWidth }
    public var outputHeight: Int { crop.outputHeight }
    public var description: String { "\(source.format.rawValue) -> \(outputWidth)x\(outputHeight) \(outputFormat.rawValue) (stand-in)" }
}

public struct FitResult: Sendable {
    public var bytes: [UInt8]
    public var plan: FitPlan
    public var warnings: [String]
    public var timings: [(step: String, milliseconds: Double)]
}

public struct Pipeline: Sendable {
    public let options: FitOptions
    public init(options: FitOptions = FitOptions()) { self.options = options }

    public func plan(_ data: [UInt8]) throws(FitError) -> FitPlan {
        let info = try Self.probe(data)
        let (w, h) = (info.width, info.height)
        guard w * h <= options.decode.maxPixels else { throw .invalidOption("image of \(w)x\(h) pixels exceeds the limit") }
        var cropW = Double(w), cropH = Double(h)
        let target: Double? = if let r = options.ratio { r.width / r.height } else if case .size(let tw, let th) = options.size { Double(tw) / Double(th) } else { nil }
        if let target { if cropW / cropH > target { cropW = cropH * target } else { cropH = cropW / target } }
        let aspect = cropW / cropH
        var outW = Int(cropW.rounded()), outH = Int(cropH.rounded())
        switch options.size {
        case .none: break
        case .width(let tw): outW = tw; outH = max(1, Int((Double(tw) / aspect).rounded()))
        case .height(let th): outH = th; outW = max(1, Int((Double(th) * aspect).rounded()))
        case .size(let tw, let th): outW = tw; outH = th
        case .longEdge(let n):
            if aspect >= 1 { outW = n; outH = max(1, Int((Double(n) / aspect).rounded())) } else { outH = n; outW = max(1, Int((Double(n) * aspect).rounded())) }
        }
        if !options.enlarge, Double(outW) > cropW { outW = Int(cropW.rounded()); outH = Int(cropH.rounded()) }
        let corners = (options.cornerRadius?.pixels(width: outW, height: outH) ?? 0) > 0
        let crop = CropPlan(sourceWidth: w, sourceHeight: h, orientation: .up, outputWidth: outW, outputHeight: outH,
                            crop: Box(x: (Double(w) - cropW) / 2, y: (Double(h) - cropH) / 2, width: cropW, height: cropH), decodeScale: 1)
        return FitPlan(source: info, crop: crop, outputFormat: options.format.resolved(source: info.format, transparent: info.hasAlpha || corners))
    }

    public func run(_ data: [UInt8]) throws(FitError) -> FitResult {
        let plan = try plan(data)
        if options.decode.failOnTruncation, plan.source.format == .jpeg, data.suffix(2) != [0xFF, 0xD9] {
            throw .invalidOption("truncated JPEG data (premature end of file)")
        }
        return FitResult(bytes: data, plan: plan, warnings: [], timings: [("plan", 0), ("decode+resample", 0), ("corners", 0), ("encode", 0)])
    }

    static func probe(_ d: [UInt8]) throws(FitError) -> ImageInfo {
        func be16(_ i: Int) -> Int { Int(d[i]) << 8 | Int(d[i + 1]) }
        if d.count >= 26, d.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return ImageInfo(format: .png, width: be16(16) << 16 | be16(18), height: be16(20) << 16 | be16(22),
                             hasAlpha: d[25] == 4 || d[25] == 6, orientation: .up)
        }
        var i = 2
        while d.count > 4, d[0] == 0xFF, d[1] == 0xD8, i + 9 < d.count, d[i] == 0xFF {
            if (0xC0...0xCF).contains(d[i + 1]), ![0xC4, 0xC8, 0xCC].contains(d[i + 1]) {
                return ImageInfo(format: .jpeg, width: be16(i + 7), height: be16(i + 5), hasAlpha: false, orientation: .up)
            }
            i += 2 + be16(i + 2)
        }
        throw .invalidOption("not a JPEG or PNG image, or a corrupt header")
    }
}
