#if canImport(Glibc)
// Links libm, which `rounded()` needs on Linux.
import Glibc
#endif

/// What will happen to one image, worked out from its header alone: the output size, the
/// sub-pixel crop that fills it (fill, then clip), and how little of the source must be decoded.
///
/// All geometry is done in upright space (after the EXIF orientation), then mapped back to the
/// stored pixels the decoder sees. `Pipeline.plan` returns one without decoding anything.
public struct CropPlan: Sendable, Equatable, CustomStringConvertible {
    /// The source width as stored in the file (not oriented).
    public var sourceWidth: Int
    /// The source height as stored in the file (not oriented).
    public var sourceHeight: Int
    /// How the stored pixels turn upright.
    public var orientation: Orientation
    /// The output width, upright, exactly as it will be encoded.
    public var outputWidth: Int
    /// The output height, upright, exactly as it will be encoded.
    public var outputHeight: Int
    /// The part of the upright source that fills the output; fractional, never rounded.
    public var crop: Box
    /// `crop` in stored source coordinates.
    public var storedCrop: Box
    /// The scale denominator to decode at: 1, 2, 4 or 8 (always 1 without shrink-on-load).
    public var decodeScale: Int
    /// `storedCrop` in the coordinates of the image decoded at 1/`decodeScale`.
    public var scaledCrop: Box
    /// The rows and columns of the scaled stored image the resampler reads: `scaledCrop` plus the
    /// filter support, clamped to the image (exactly the crop for a pure clip).
    public var decodeRegion: PixelRect
    /// False for a pure clip: whole-pixel crop, output the same size, decoded at full scale.
    public var needsResampling: Bool

    /// Plans the fill-then-clip of a `sourceWidth` x `sourceHeight` (stored) image.
    ///
    /// - `shrinkOnLoad`: how the decoder can scale while decoding (`ShrinkOnLoad(info)`: JPEG's DCT
    ///   scaling, a lossy WebP's block means, or none).
    /// - `ratio`: the output shape; nil keeps the source's (or the one implied by `.size`).
    /// - `enlarge`: false never upsamples: an output larger than the crop at scale 1 shrinks to the
    ///   largest box of the same ratio inside the source, which is then a pure clip.
    /// - `filterRadius`: the resampling filter's radius in output pixels (3 for Lanczos3); it sets the
    ///   margin of `decodeRegion` and the measured decode-scale bound (`DecodeScaleBound`).
    /// - `maxSide`, `maxPixels`: the largest output side and area (by default the largest any output
    ///   format takes, and the decoder's default pixel limit); larger requests throw `.outputTooLarge`.
    public static func make(sourceWidth: Int, sourceHeight: Int, orientation: Orientation, shrinkOnLoad: ShrinkOnLoad,
                            ratio: AspectRatio?, size: SizeRequest, gravity: Gravity, enlarge: Bool,
                            filterRadius: Double, maxSide: Int = ImageFormat.largestMaxSide,
                            maxPixels: Int = DecodeOptions.defaultMaxPixels) throws(PlanError) -> CropPlan {
        precondition(filterRadius.isFinite && filterRadius >= 0, "filter radius must be finite and not negative")
        guard sourceWidth > 0, sourceHeight > 0 else {
            throw .invalidSource(width: sourceWidth, height: sourceHeight)
        }
        if case .focus(let x, let y) = gravity, !(0 ... 1).contains(x) || !(0 ... 1).contains(y) {
            throw .invalidFocus(x: x, y: y)
        }
        guard size.isPositive else { throw .nonPositiveSize(size) }

        let upright = orientation.uprightSize(width: sourceWidth, height: sourceHeight)
        let w = Double(upright.width)
        let h = Double(upright.height)
        let output = try outputSize(ratio: ratio, size: size, enlarge: enlarge, uprightWidth: w, uprightHeight: h)
        guard output.width <= Double(maxSide), output.height <= Double(maxSide),
              output.width * output.height <= Double(maxPixels) else {
            throw .outputTooLarge(width: output.width, height: output.height, maxSide: maxSide, maxPixels: maxPixels)
        }

        let crop = output.isPureClip
            ? clipBox(width: output.width, height: output.height, gravity: gravity, uprightWidth: w, uprightHeight: h)
            : coverBox(width: output.width, height: output.height, gravity: gravity, uprightWidth: w, uprightHeight: h)
        return CropPlan(sourceWidth: sourceWidth, sourceHeight: sourceHeight, orientation: orientation,
                        outputWidth: Int(output.width), outputHeight: Int(output.height), crop: crop,
                        shrinkOnLoad: shrinkOnLoad, filterRadius: filterRadius)
    }

    /// The upright output size (whole numbers, as Doubles so absurd requests cannot overflow), and
    /// whether it is the largest box of the ratio at source resolution.
    private static func outputSize(ratio: AspectRatio?, size: SizeRequest, enlarge: Bool,
                                   uprightWidth w: Double, uprightHeight h: Double) throws(PlanError)
        -> (width: Double, height: Double, isPureClip: Bool) {
        let shape = ratio ?? AspectRatio(unchecked: w, h)
        var kept = shape
        var output: (width: Double, height: Double)
        switch size {
        case .width(let n):
            output = (Double(n), height(forWidth: Double(n), shape))
        case .height(let n):
            output = (width(forHeight: Double(n), shape), Double(n))
        case .size(let ow, let oh):
            output = (Double(ow), Double(oh))
            if let ratio {
                guard height(forWidth: Double(ow), ratio) == Double(oh) || width(forHeight: Double(oh), ratio) == Double(ow) else {
                    throw .conflictingRatio(width: ow, height: oh, ratio: ratio)
                }
            } else {
                kept = AspectRatio(unchecked: Double(ow), Double(oh))
            }
        case .longEdge(let n):
            output = shape.width >= shape.height
                ? (Double(n), height(forWidth: Double(n), shape))
                : (width(forHeight: Double(n), shape), Double(n))
        case .none:
            let box = largestBox(kept, uprightWidth: w, uprightHeight: h)
            return (box.width, box.height, true)
        }
        if !enlarge, output.width > w || output.height > h {
            let box = largestBox(kept, uprightWidth: w, uprightHeight: h)
            return (box.width, box.height, true)
        }
        return (output.width, output.height, false)
    }

    /// The height of a `width`-wide box of `ratio`, rounded to the nearest pixel, at least 1.
    private static func height(forWidth width: Double, _ ratio: AspectRatio) -> Double {
        max(1, (width * ratio.height / ratio.width).rounded())
    }

    /// The width of a `height`-high box of `ratio`, rounded to the nearest pixel, at least 1.
    private static func width(forHeight height: Double, _ ratio: AspectRatio) -> Double {
        max(1, (height * ratio.width / ratio.height).rounded())
    }

    /// The largest whole-pixel box of `ratio` inside the upright source: full height if the source is
    /// wider than the ratio, else full width; the other side rounded to the nearest pixel.
    private static func largestBox(_ ratio: AspectRatio, uprightWidth w: Double, uprightHeight h: Double)
        -> (width: Double, height: Double) {
        w * ratio.height >= h * ratio.width
            ? (min(w, width(forHeight: h, ratio)), h)
            : (w, min(h, height(forWidth: w, ratio)))
    }

    /// The fill crop: scale s = max(outW/W, outH/H), box (outW/s) x (outH/s) placed by gravity.
    ///
    /// The axis that sets s is the whole source exactly (outW/(outW/W) can miss W by an ulp).
    /// Centred, x0 = (W - outW/s)/2, the benchmark's reference geometry.
    private static func coverBox(width ow: Double, height oh: Double, gravity: Gravity,
                                 uprightWidth w: Double, uprightHeight h: Double) -> Box {
        let sx = ow / w
        let sy = oh / h
        let s = max(sx, sy)
        let cw = sx >= sy ? w : min(ow / s, w)
        let ch = sy >= sx ? h : min(oh / s, h)
        return Box(x: offset(gravity.horizontal, extent: w, length: cw, wholePixels: false),
                   y: offset(gravity.vertical, extent: h, length: ch, wholePixels: false),
                   width: cw, height: ch)
    }

    /// The pure-clip crop: the output-sized box placed by gravity on whole pixels (centred with an
    /// odd margin, the extra pixel goes to the right or bottom).
    private static func clipBox(width ow: Double, height oh: Double, gravity: Gravity,
                                uprightWidth w: Double, uprightHeight h: Double) -> Box {
        Box(x: offset(gravity.horizontal, extent: w, length: ow, wholePixels: true),
            y: offset(gravity.vertical, extent: h, length: oh, wholePixels: true),
            width: ow, height: oh)
    }

    /// Where a `length` box starts along an `extent` axis for `anchor`; a focus fraction is centred
    /// in the box, then clamped so the box stays inside.
    private static func offset(_ anchor: Gravity.Anchor, extent: Double, length: Double, wholePixels: Bool) -> Double {
        let free = extent - length
        switch anchor {
        case .start: return 0
        case .end: return free
        case .centre: return wholePixels ? (free / 2).rounded(.down) : free / 2
        case .fraction(let f):
            let ideal = f * extent - length / 2
            return min(max(wholePixels ? ideal.rounded() : ideal, 0), free)
        }
    }

    public var description: String {
        let turned = orientation == .up ? "" : " (orientation \(orientation.rawValue))"
        let c = crop
        let box = [c.width, c.height].map { DecimalText.format($0) }.joined(separator: "x")
            + "+\(DecimalText.format(c.x))+\(DecimalText.format(c.y))"
        let how = needsResampling
            ? (decodeScale > 1 ? ", decode 1/\(decodeScale)" : "") + ", region \(decodeRegion)"
            : ", pure clip"
        return "\(sourceWidth)x\(sourceHeight)\(turned) -> crop \(box) -> \(outputWidth)x\(outputHeight)\(how)"
    }
}

extension CropPlan {
    /// `scaledCrop` measured from the top-left of the decoded `region` (the rows and columns a
    /// resampler is given), which holds it.
    func scaledCrop(within region: PixelRect) -> Box {
        Box(x: scaledCrop.x - Double(region.x), y: scaledCrop.y - Double(region.y), width: scaledCrop.width, height: scaledCrop.height)
    }
}
