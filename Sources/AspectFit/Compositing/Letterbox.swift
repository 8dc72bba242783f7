/// Where a contained image sits in its output box (`FitMode.contain`): the box size and the
/// whole-pixel offset of the image inside it.
public struct Letterbox: Sendable, Equatable {
    /// The output box's width in pixels.
    public var width: Int
    /// The output box's height in pixels.
    public var height: Int
    /// The image's left edge in the box, in pixels.
    public var x: Int
    /// The image's top edge in the box, in pixels.
    public var y: Int

    /// Places a `imageWidth` x `imageHeight` image in a `width` x `height` box by `gravity`
    /// (compass points pin it to that side; focus centres it on the point; centred otherwise).
    init(width: Int, height: Int, imageWidth: Int, imageHeight: Int, gravity: Gravity) {
        self.width = width
        self.height = height
        x = Self.offset(gravity.horizontal, free: width - imageWidth, extent: width, length: imageWidth)
        y = Self.offset(gravity.vertical, free: height - imageHeight, extent: height, length: imageHeight)
    }

    private static func offset(_ anchor: Gravity.Anchor, free: Int, extent: Int, length: Int) -> Int {
        switch anchor {
        case .start: 0
        case .end: free
        case .centre: free / 2
        case .fraction(let f): min(max(Int((f * Double(extent) - Double(length) / 2).rounded()), 0), free)
        }
    }

    /// The box with `image` at (x, y): the rest transparent when `transparent` (alpha added if the
    /// image has none), else `background` (opaque; an alpha image keeps its alpha for flattening).
    func place(_ image: PixelBuffer, transparent: Bool, background: RGBColor) -> PixelBuffer {
        let source = transparent && !image.layout.hasAlpha ? image.addingOpaqueAlpha() : image
        let layout = source.layout
        var box = PixelBuffer(blankWidth: width, height: height, layout: layout)
        let ch = layout.channels
        if !transparent {
            let fill: [UInt8] = switch layout {
            case .gray8: [background.luma]
            case .grayAlpha8: [background.luma, 255]
            case .rgb8: [background.r, background.g, background.b]
            case .rgba8: [background.r, background.g, background.b, 255]
            }
            for p in stride(from: 0, to: box.bytes.count, by: ch) {
                for c in 0 ..< ch { box.bytes[p + c] = fill[c] }
            }
        }
        let rowBytes = source.width * ch
        for row in 0 ..< source.height {
            let from = row * source.bytesPerRow
            let to = (y + row) * box.bytesPerRow + x * ch
            box.bytes.replaceSubrange(to ..< to + rowBytes, with: source.bytes[from ..< from + rowBytes])
        }
        return box
    }

    /// `place` for 16-bit pixels, on transparency (alpha added if the image has none): the 16-bit
    /// route puts any background under the whole box afterwards.
    func placeOnTransparency(_ image: PixelBuffer16) -> PixelBuffer16 {
        let source = image.addingOpaqueAlpha()
        let layout = source.layout
        let ch = layout.channels
        var samples = [UInt16](repeating: 0, count: width * height * ch)
        let rowSamples = source.width * ch
        for row in 0 ..< source.height {
            let from = row * rowSamples, to = ((y + row) * width + x) * ch
            samples.replaceSubrange(to ..< to + rowSamples, with: source.samples[from ..< from + rowSamples])
        }
        return PixelBuffer16(width: width, height: height, layout: layout, samples: samples)
    }
}
