import Testing
@testable import AspectFit

/// Invariants of `CropPlan.make` over many deterministic pseudo-random requests.
@Suite struct CropPlanPropertyTests {
    static let cases = 20_000
    static let tolerance = 1e-9

    /// One generated request.
    struct Request: CustomStringConvertible {
        var width: Int, height: Int, orientation: Orientation, shrinkOnLoad: ShrinkOnLoad
        var ratio: AspectRatio?, size: SizeRequest, gravity: Gravity, enlarge: Bool, filterRadius: Double

        var description: String {
            "\(width)x\(height) o\(orientation.rawValue) ratio \(ratio.map { "\($0)" } ?? "nil") \(size) \(gravity) "
                + "enlarge \(enlarge) shrink \(shrinkOnLoad) radius \(filterRadius)"
        }

        func plan() throws(PlanError) -> CropPlan {
            try CropPlan.make(sourceWidth: width, sourceHeight: height, orientation: orientation, shrinkOnLoad: shrinkOnLoad,
                              ratio: ratio, size: size, gravity: gravity, enlarge: enlarge, filterRadius: filterRadius)
        }
    }

    static func request(_ n: Int) -> Request {
        var rng = SplitMix64(seed: UInt64(n) &* 0x2545_F491_4F6C_DD1D)
        let specials = [(1, 1), (1, 10000), (10000, 1), (4032, 3024), (3024, 4032), (1, 2), (3, 1)]
        let (w, h) = Bool.random(using: &rng) && n % 3 == 0
            ? specials.randomElement(using: &rng)!
            : (rng.side(upTo: 6000), rng.side(upTo: 6000))
        let orientation = Orientation(rawValue: Int.random(in: 1 ... 8, using: &rng))!
        let ratio: AspectRatio? = switch Int.random(in: 0 ..< 6, using: &rng) {
        case 0: nil
        case 1, 2: AspectRatio.named.randomElement(using: &rng)!.ratio
        case 3: try! .custom(width: Double(Int.random(in: 1 ... 40, using: &rng)), height: Double(Int.random(in: 1 ... 40, using: &rng)))
        case 4: try! .custom(width: Double.random(in: 0.2 ... 5, using: &rng), height: 1)
        default: [try! AspectRatio.custom(width: 1000, height: 1), try! .custom(width: 1, height: 1000), try! .custom(width: 1, height: 7)]
            .randomElement(using: &rng)!
        }
        let side = rng.side(upTo: 5000)
        let size: SizeRequest
        switch Int.random(in: 0 ..< 5, using: &rng) {
        case 0: size = .width(side)
        case 1: size = .height(side)
        case 2: size = .longEdge(side)
        case 3: size = .none
        default:
            let other = rng.side(upTo: 5000)
            if let ratio, Int.random(in: 0 ..< 4, using: &rng) > 0 {
                // Mostly sizes of the ratio, so most plans succeed; the rest test the conflict check.
                size = .size(width: side, height: max(1, Int((Double(side) * ratio.height / ratio.width).rounded())))
            } else {
                size = .size(width: side, height: other)
            }
        }
        let gravity: Gravity = Int.random(in: 0 ..< 3, using: &rng) == 0
            ? .focus(x: [0, 1, Double.random(in: 0 ... 1, using: &rng)].randomElement(using: &rng)!, y: Double.random(in: 0 ... 1, using: &rng))
            : Gravity.named.randomElement(using: &rng)!.gravity
        return Request(width: w, height: h, orientation: orientation, shrinkOnLoad: [.none, .dct, .blockMean(alpha: false), .blockMean(alpha: true)][Int.random(in: 0 ..< 4, using: &rng)], ratio: ratio,
                       size: size, gravity: gravity, enlarge: Bool.random(using: &rng),
                       filterRadius: [0, 1, 2, 3].randomElement(using: &rng)!)
    }

    /// What the request must produce, from the documented rules.
    enum Outcome { case output(width: Double, height: Double, isClip: Bool), conflict, tooLarge }

    static func expected(_ r: Request) -> Outcome {
        let upright = r.orientation.uprightSize(width: r.width, height: r.height)
        let (sw, sh) = (Double(upright.width), Double(upright.height))
        var shape = r.ratio.map { ($0.width, $0.height) } ?? (sw, sh)
        let heightFor = { (w: Double) in max(1, (w * shape.1 / shape.0).rounded()) }
        let widthFor = { (h: Double) in max(1, (h * shape.0 / shape.1).rounded()) }
        var out: (Double, Double)
        var isClip = false
        switch r.size {
        case .width(let n): out = (Double(n), heightFor(Double(n)))
        case .height(let n): out = (widthFor(Double(n)), Double(n))
        case .longEdge(let n): out = shape.0 >= shape.1 ? (Double(n), heightFor(Double(n))) : (widthFor(Double(n)), Double(n))
        case .size(let w, let h):
            out = (Double(w), Double(h))
            if r.ratio != nil {
                if heightFor(Double(w)) != Double(h), widthFor(Double(h)) != Double(w) { return .conflict }
            } else {
                shape = (Double(w), Double(h))
            }
        case .none: out = (.infinity, .infinity); isClip = true
        }
        if isClip || (!r.enlarge && (out.0 > sw || out.1 > sh)) {
            isClip = true
            out = sw * shape.1 >= sh * shape.0 ? (min(sw, widthFor(sh)), sh) : (sw, min(sh, heightFor(sw)))
        }
        if out.0 > 65535 || out.1 > 65535 || out.0 * out.1 > 268_402_689 { return .tooLarge }
        return .output(width: out.0, height: out.1, isClip: isClip)
    }

    @Test func invariantsHoldForEveryRequest() throws {
        var planned = 0, conflicts = 0, tooLarge = 0
        for n in 0 ..< Self.cases {
            let r = Self.request(n)
            switch Self.expected(r) {
            case .conflict:
                conflicts += 1
                #expect(throws: PlanError.self, "\(n): \(r)") { try r.plan() }
            case .tooLarge:
                tooLarge += 1
                #expect(throws: PlanError.self, "\(n): \(r)") { try r.plan() }
            case .output(let w, let h, let isClip):
                planned += 1
                let p = try r.plan()
                #expect(Double(p.outputWidth) == w && Double(p.outputHeight) == h, "\(n): \(r) -> \(p)")
                let failures = Self.violations(p, r, isClip: isClip)
                #expect(failures.isEmpty, "\(n): \(r) -> \(p): \(failures)")
                if !failures.isEmpty { return }
            }
        }
        // The generator must exercise every outcome, mostly successful plans.
        #expect(planned > Self.cases * 3 / 4 && conflicts > 100 && tooLarge > 10, "\(planned) \(conflicts) \(tooLarge)")
    }

    /// Every invariant the plan breaks, as text (empty when all hold).
    static func violations(_ p: CropPlan, _ r: Request, isClip: Bool) -> [String] {
        var bad: [String] = []
        func check(_ ok: Bool, _ what: String) { if !ok { bad.append(what) } }
        let eps = tolerance
        let upright = r.orientation.uprightSize(width: r.width, height: r.height)
        let (sw, sh) = (Double(upright.width), Double(upright.height))
        let (ow, oh) = (Double(p.outputWidth), Double(p.outputHeight))
        let c = p.crop

        // Inside the source, upright and stored.
        check(c.x >= 0 && c.y >= 0 && c.maxX <= sw + eps && c.maxY <= sh + eps && c.width > 0 && c.height > 0, "crop outside")
        let s = p.storedCrop
        check(s.x >= -eps && s.y >= -eps && s.maxX <= Double(r.width) + eps && s.maxY <= Double(r.height) + eps, "stored crop outside")

        // Fill: the whole source on one axis, exactly; then the crop has the output's shape.
        check(c.width == sw || c.height == sh, "does not fill")
        check(abs(c.width * oh - c.height * ow) <= eps * max(c.width * oh, 1), "crop shape differs from output shape")
        let scale = ow / c.width
        if let ratio = r.ratio, !(p.outputWidth == 1 || p.outputHeight == 1) {
            // The output is the ratio to within rounding of one output side...
            check(abs(ow - oh * ratio.value) <= max(1, ratio.value) / 2 + eps, "output not of the ratio")
            // ...so the crop is within one source pixel of it when the output is not much smaller.
            if scale >= 0.5 {
                check(abs(c.width - c.height * ratio.value) <= max(1, ratio.value) + eps, "crop not of the ratio")
            }
        }
        if ow * sh == oh * sw {
            check(c == Box(x: 0, y: 0, width: sw, height: sh), "source of the output's shape was cropped")
        }
        if isClip {
            check(c.width == ow && c.height == oh && !p.needsResampling, "clip is resampled")
        }

        // Gravity.
        func axis(_ anchor: Gravity.Anchor, start: Double, length: Double, extent: Double, _ name: String) {
            let end = start + length
            switch anchor {
            case .start: check(start == 0, "\(name) not at start")
            case .end: check(abs(end - extent) <= eps, "\(name) not at end")
            case .centre:
                if isClip { check(start == ((extent - length) / 2).rounded(.down), "\(name) clip not centred") }
                else { check(abs(start - (extent - end)) <= eps, "\(name) margins differ") }
            case .fraction(let f):
                let point = f * extent
                check(start <= point + eps && point <= end + eps, "\(name) focus outside crop")
                let ideal = min(max(point, length / 2), extent - length / 2)
                check(abs(start + length / 2 - ideal) <= (isClip ? 0.5 : 0) + eps, "\(name) focus not centred")
            }
        }
        axis(r.gravity.horizontal, start: c.x, length: c.width, extent: sw, "x")
        axis(r.gravity.vertical, start: c.y, length: c.height, extent: sh, "y")

        // The stored crop is the same rectangle.
        let a = r.orientation.upright(x: s.x, y: s.y, storedWidth: Double(r.width), storedHeight: Double(r.height))
        let b = r.orientation.upright(x: s.maxX, y: s.maxY, storedWidth: Double(r.width), storedHeight: Double(r.height))
        check(abs(min(a.x, b.x) - c.x) <= eps && abs(min(a.y, b.y) - c.y) <= eps
            && abs(max(a.x, b.x) - c.maxX) <= eps && abs(max(a.y, b.y) - c.maxY) <= eps, "stored crop maps elsewhere")

        // Decode scale: the largest of 8, 4, 2 leaving the published minimum factor on both stored axes.
        let (sow, soh) = r.orientation.swapsAxes ? (oh, ow) : (ow, oh)
        // JPEG (DCT): docs/decode-scale.md; WebP (block means, 1/4 and 1/8 only, d dividing both
        // stored sides): docs/decode-scale-webp.md.
        let minimum: [Int: Double] = switch (r.shrinkOnLoad, r.filterRadius) {
        case (.dct, 3...): [2: 2, 4: 2.5, 8: 2.5]
        case (.dct, 2..<3): [2: 2, 4: 2.5]
        case (.dct, 1..<2): [2: 2.5, 4: 2.5, 8: 2.5]
        case (.blockMean(false), 3...): [4: 2.5, 8: 2.5]
        case (.blockMean(false), 2..<3): [4: 2.5]
        case (.blockMean(false), 1..<2): [4: 2.5, 8: 3]
        case (.blockMean(true), 3...): [8: 2.5]   // with alpha, 1/8 only
        case (.blockMean(true), 1..<2): [8: 3]
        default: [:]
        }
        let leaves = { (d: Int) in
            guard let m = minimum[d] else { return false }
            if case .blockMean = r.shrinkOnLoad, r.width % d != 0 || r.height % d != 0 { return false }
            return s.width / Double(d) / sow >= m && s.height / Double(d) / soh >= m
        }
        check(p.decodeScale == 1 || leaves(p.decodeScale), "decode scale leaves less than the bound")
        check([8, 4, 2].filter { $0 > p.decodeScale }.allSatisfy { !leaves($0) }, "decode scale not the largest")
        let d = Double(p.decodeScale)
        check(p.scaledCrop == Box(x: s.x / d, y: s.y / d, width: s.width / d, height: s.height / d), "scaled crop")

        // Decode region: inside the scaled image, covering the crop and the filter's reach.
        let region = p.decodeRegion
        let (scaledW, scaledH) = ((r.width + p.decodeScale - 1) / p.decodeScale, (r.height + p.decodeScale - 1) / p.decodeScale)
        check(p.scaledSourceWidth == scaledW && p.scaledSourceHeight == scaledH, "scaled size")
        check(region.x >= 0 && region.y >= 0 && region.maxX <= scaledW && region.maxY <= scaledH && region.width > 0
            && region.height > 0, "region outside the scaled image")
        let sc = p.scaledCrop
        if p.needsResampling {
            let supportX = r.filterRadius * max(1, sc.width / sow)
            let supportY = r.filterRadius * max(1, sc.height / soh)
            check(Double(region.x) <= max(0, sc.x - supportX) && Double(region.maxX) >= min(Double(scaledW), sc.maxX + supportX)
                && Double(region.y) <= max(0, sc.y - supportY) && Double(region.maxY) >= min(Double(scaledH), sc.maxY + supportY),
                "region misses the filter support")
        } else {
            let whole = [c.x, c.y, c.width, c.height].allSatisfy { $0 == $0.rounded() }
            check(whole && c.width == ow && c.height == oh && p.decodeScale == 1, "pure clip that is not one")
            check(region == PixelRect(x: Int(sc.x), y: Int(sc.y), width: Int(sc.width), height: Int(sc.height)), "clip region")
        }
        return bad
    }

    @Test func sameShapeRequestsNeverCrop() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0 ..< 2000 {
            let (w, h) = (rng.side(upTo: 6000), rng.side(upTo: 6000))
            let k = Int.random(in: 1 ... 2, using: &rng)
            let orientation = Orientation(rawValue: Int.random(in: 1 ... 8, using: &rng))!
            let upright = orientation.uprightSize(width: w, height: h)
            let ratio = AspectRatio(unchecked: Double(upright.width), Double(upright.height))   // the source's own shape, however extreme
            for size in [SizeRequest.none, .size(width: upright.width * k, height: upright.height * k), .width(upright.width * k)] {
                let p = try CropPlan.make(sourceWidth: w, sourceHeight: h, orientation: orientation, shrinkOnLoad: .dct,
                                          ratio: ratio, size: size, gravity: .southEast, enlarge: true, filterRadius: 3)
                #expect(p.crop == Box(x: 0, y: 0, width: Double(upright.width), height: Double(upright.height)), "\(w)x\(h) \(size)")
                #expect(p.storedCrop == Box(x: 0, y: 0, width: Double(w), height: Double(h)))
            }
        }
    }
}
