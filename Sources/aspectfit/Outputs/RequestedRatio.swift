import AspectFit

/// `{ratio}` in an output template: the ratio the command asked for, written W x H ("3x2", "16x9",
/// "1.91x1" for og), so it is the same at every output size. `--size WxH` asks for W:H reduced
/// (800x600 gives 4x3); without a ratio the image keeps its own shape, reduced the same way.
enum RequestedRatio {
    static func text(options: FitOptions, plan: FitPlan?) -> String {
        if let ratio = options.ratio { return "\(side(ratio.width))x\(side(ratio.height))" }
        if case .size(let w, let h) = options.size { return reduced(w, h) }
        guard let plan else { return "" }
        let upright = plan.source.orientation.uprightSize(width: plan.source.width, height: plan.source.height)
        return reduced(upright.width, upright.height)
    }

    private static func reduced(_ w: Int, _ h: Int) -> String {
        let g = gcd(w, h)
        return "\(w / g)x\(h / g)"
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(a, 1) : gcd(b, a % b) }

    /// A side as written: 3, 1.91 (up to six decimals, no trailing zeros).
    private static func side(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        var text = String(v)
        if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 7 {
            text = String(text[...text.index(dot, offsetBy: 6)])
        }
        return text
    }
}
