/// The anti-aliased rounded-corner mask of one output size: coverage (0...255) of every pixel
/// the four corners touch; all other pixels have coverage 255 and are never visited.
///
/// Resolved by the plan (`FitPlan.corners`) from one analytic corner table mirrored to the four
/// corners; a batch worker's `PipelineWorkspace` keeps the last one, so a batch of one output size
/// builds it once per worker. Applying it touches only the corner pixels.
public struct CornerMask: Sendable, Equatable {
    /// The output width the mask was made for.
    public let width: Int
    /// The output height the mask was made for.
    public let height: Int
    /// The corner curve.
    public let style: CornerStyle
    /// The radius actually used, in pixels (clamped to half the short side).
    public let radius: Double

    /// A horizontal run of corner pixels with coverage below 255.
    private struct Span: Sendable, Equatable {
        var y: Int
        var x: Int
        var count: Int
        var offset: Int   // into `coverages`
    }

    private let spans: [Span]
    private let coverages: [UInt8]

    /// The mask of a `width` x `height` output; the radius is resolved and clamped for that size.
    public init(width: Int, height: Int, radius: CornerRadius, style: CornerStyle = .circular) {
        precondition(width >= 0 && height >= 0, "negative mask size")
        self.width = width
        self.height = height
        self.style = style
        self.radius = radius.pixels(width: width, height: height)
        let profile = CornerProfile(radius: self.radius, style: style,
                                    limit: Double(min(width, height)) / 2)
        let side = Int(profile.extent.rounded(.up))
        var outside = [Double](repeating: 0, count: side * side)
        for j in 0 ..< side {
            for i in j ..< side {
                let area = profile.outsideArea(column: i, row: j)
                outside[j * side + i] = area
                outside[i * side + j] = area
            }
        }
        (spans, coverages) = Self.spans(width: width, height: height, side: side, outside: outside)
    }

    /// The coverage of pixel (x, y): 255 fully inside the shape, 0 fully outside.
    public func coverage(x: Int, y: Int) -> UInt8 {
        // Spans are sorted by row: find the row's first span, then look along the row.
        var (low, high) = (0, spans.count)
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].y < y { low = middle + 1 } else { high = middle }
        }
        for span in spans[low...] {
            guard span.y == y else { break }
            if x >= span.x && x < span.x + span.count { return coverages[span.offset + x - span.x] }
        }
        return 255
    }

    /// Whether the mask changes no pixel (a zero radius), so a pipeline can skip it.
    public var isEmpty: Bool { spans.isEmpty }

    /// Multiplies the coverage into the alpha channel (grayAlpha8, rgba8): a' = round(a c / 255).
    public func apply(to buffer: inout PixelBuffer) {
        precondition(buffer.layout.hasAlpha, "CornerMask.apply(to:) needs an alpha channel; use apply(to:background:)")
        precondition(buffer.width == width && buffer.height == height, "mask and buffer sizes differ")
        let channels = buffer.layout.channels
        let stride = buffer.bytesPerRow
        buffer.bytes.withUnsafeMutableBufferPointer { bytes in
            coverages.withUnsafeBufferPointer { coverage in
                for span in spans {
                    var index = span.y * stride + span.x * channels + channels - 1
                    for k in 0 ..< span.count {
                        let c = UInt32(coverage[span.offset + k])
                        bytes[index] = UInt8(truncatingIfNeeded: (UInt32(bytes[index]) * c + 127) / 255)
                        index += channels
                    }
                }
            }
        }
    }

    /// Multiplies the coverage into a 16-bit alpha channel: a' = round(a c / 255).
    public func apply(to buffer: inout PixelBuffer16) {
        precondition(buffer.layout.hasAlpha, "CornerMask.apply(to:) needs an alpha channel")
        precondition(buffer.width == width && buffer.height == height, "mask and buffer sizes differ")
        let channels = buffer.layout.channels
        buffer.samples.withUnsafeMutableBufferPointer { samples in
            for span in spans {
                var index = (span.y * width + span.x) * channels + channels - 1
                for k in 0 ..< span.count {
                    let c = UInt32(coverages[span.offset + k])
                    samples[index] = UInt16(truncatingIfNeeded: (UInt32(samples[index]) * c + 127) / 255)
                    index += channels
                }
            }
        }
    }

    /// Blends each corner pixel toward `background` by (1 - coverage), for layouts without
    /// alpha (gray8, rgb8: JPEG output). Gray buffers blend toward the background's luma.
    public func apply(to buffer: inout PixelBuffer, background: RGBColor) {
        precondition(!buffer.layout.hasAlpha, "CornerMask.apply(to:background:) is for layouts without alpha; use apply(to:)")
        precondition(buffer.width == width && buffer.height == height, "mask and buffer sizes differ")
        let channels = buffer.layout.channels
        let stride = buffer.bytesPerRow
        let fill: [UInt32] = channels == 1
            ? [UInt32(background.luma)]
            : [UInt32(background.r), UInt32(background.g), UInt32(background.b)]
        buffer.bytes.withUnsafeMutableBufferPointer { bytes in
            coverages.withUnsafeBufferPointer { coverage in
                for span in spans {
                    var index = span.y * stride + span.x * channels
                    for k in 0 ..< span.count {
                        let c = UInt32(coverage[span.offset + k])
                        for channel in 0 ..< channels {
                            let blended = UInt32(bytes[index + channel]) * c + fill[channel] * (255 - c) + 127
                            bytes[index + channel] = UInt8(truncatingIfNeeded: blended / 255)
                        }
                        index += channels
                    }
                }
            }
        }
    }

    /// Mirrors the corner table (outside areas of the top-left corner square, `side` x `side`)
    /// to the four corners and keeps the runs of pixels with coverage below 255. Where corner
    /// squares overlap (odd sizes at 50%) the outside areas add: each corner's table holds only
    /// the part of the pixel within its own reach, and the reaches never overlap.
    private static func spans(width: Int, height: Int, side: Int, outside: [Double]) -> ([Span], [UInt8]) {
        guard side > 0, width > 0, height > 0 else { return ([], []) }
        let rows = Self.bandIndices(count: height, side: side)
        let columns = Self.bandIndices(count: width, side: side)
        var spans = [Span]()
        var coverages = [UInt8]()
        for y in rows {
            let localRows = [y, height - 1 - y].filter { $0 < side }
            var open: Span? = nil
            for x in columns {
                var area = 0.0
                for ly in localRows {
                    if x < side { area += outside[ly * side + x] }
                    let mx = width - 1 - x
                    if mx < side { area += outside[ly * side + mx] }
                }
                let value = Self.quantize(coverage: 1 - area)
                if value == 255 {
                    if let span = open { spans.append(span); open = nil }
                    continue
                }
                if var span = open, span.x + span.count == x {
                    span.count += 1
                    open = span
                } else {
                    if let span = open { spans.append(span) }
                    open = Span(y: y, x: x, count: 1, offset: coverages.count)
                }
                coverages.append(value)
            }
            if let span = open { spans.append(span) }
        }
        return (spans, coverages)
    }

    /// The indices within `side` of either end of 0..<count, in order, each once.
    private static func bandIndices(count: Int, side: Int) -> [Int] {
        let head = min(side, count)
        return Array(0 ..< head) + Array(max(count - side, head) ..< count)
    }

    /// Coverage to 0...255, never rounding a pixel the outline crosses to fully in or out.
    private static func quantize(coverage: Double) -> UInt8 {
        let epsilon = 1e-9
        if coverage >= 1 - epsilon { return 255 }
        if coverage <= epsilon { return 0 }
        return UInt8(min(254, max(1, (coverage * 255).rounded())))
    }
}
