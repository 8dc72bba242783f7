import AspectFit

/// Refuses, before any work, a requested output size that no input could give: over the output
/// limit on a side or in area whatever the source (`-w 70000`, `-r 1:100 -w 1000`).
///
/// The library's planner decides, on the source that makes the request smallest: any source when a
/// ratio is given (the output does not depend on it), else one a single pixel thick, so only the
/// requested side counts. With `--no-enlarge` a small source shrinks a cover output, so nothing is
/// refused then; a contained box stays as asked.
/// When `-f` or the output's name fixes the format, that format's own limit counts (JPEG 65500,
/// WebP 16383), not only the largest of all.
enum ImpossibleSize {
    static func check(_ fit: FitOptions, format: ImageFormat?) throws(UsageError) {
        guard fit.enlarge || fit.fit == .contain else { return }
        let source: (width: Int, height: Int)
        switch fit.size {
        case .none: return
        case .size: source = (1, 1)
        case .width(let n), .longEdge(let n): source = fit.ratio == nil ? (n, 1) : (1, 1)
        case .height(let n): source = fit.ratio == nil ? (1, n) : (1, 1)
        }
        let plan: CropPlan
        do {
            plan = try CropPlan.make(sourceWidth: source.width, sourceHeight: source.height, orientation: .up, shrinkOnLoad: .none,
                                  ratio: fit.ratio, size: fit.size, gravity: .centre, enlarge: true, filterRadius: 0)
        } catch {
            // Without a ratio the planned other side is the stand-in source's, not the user's: name the request.
            let reason = fit.ratio == nil && !isExact(fit.size) ? "the requested \(fit.size) is over the limit of \(ImageFormat.largestMaxSide) per side" : "\(error)"
            throw UsageError("no input can be made that size: \(reason)")
        }
        if let format, max(plan.outputWidth, plan.outputHeight) > format.maxSide {
            let side = fit.ratio == nil && !isExact(fit.size) ? "the requested \(fit.size)" : "\(plan.outputWidth)x\(plan.outputHeight)"
            throw UsageError("no input can be made that size: \(side) is over the limit of \(format.maxSide) per side of "
                + "\(format.name) output")
        }
    }

    private static func isExact(_ size: SizeRequest) -> Bool {
        if case .size = size { return true }
        return false
    }
}
