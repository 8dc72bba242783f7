/// A 16-bit image: `height` rows of `width` pixels, `layout.channels` UInt16 samples each, unpadded.
///
/// The wide route's buffer (16-bit PNG in and out, `WideResampler`); `layout` names the colour
/// model and alpha (its 8 in the case names is the 8-bit route's), the samples are 0...65535.
public struct PixelBuffer16: Sendable, Equatable {
    /// Pixels per row.
    public var width: Int
    /// Rows.
    public var height: Int
    /// The channels of each pixel, in order.
    public var layout: PixelLayout
    /// `height * width * layout.channels` samples, row after row.
    public var samples: [UInt16]

    /// Wraps `samples`, which must hold exactly `height` rows of `width` pixels.
    public init(width: Int, height: Int, layout: PixelLayout, samples: [UInt16]) {
        precondition(width >= 0 && height >= 0 && samples.count == width * height * layout.channels,
                     "\(samples.count) samples for \(width)x\(height) \(layout)")
        self.width = width
        self.height = height
        self.layout = layout
        self.samples = samples
    }

    /// An 8-bit image widened exactly: v -> v * 257 (255 -> 65535).
    public init(widening image: PixelBuffer) {
        let channels = image.layout.channels
        var samples = [UInt16](repeating: 0, count: image.width * image.height * channels)
        for y in 0 ..< image.height {
            let from = y * image.bytesPerRow, to = y * image.width * channels
            for i in 0 ..< image.width * channels { samples[to + i] = UInt16(image.bytes[from + i]) * 257 }
        }
        self.init(width: image.width, height: image.height, layout: image.layout, samples: samples)
    }

    /// The samples of pixel (x, y), one per channel.
    public subscript(x: Int, y: Int) -> ArraySlice<UInt16> {
        let start = (y * width + x) * layout.channels
        return samples[start ..< start + layout.channels]
    }

    /// The 8-bit image nearest to this one: round(v / 257) (the PNG decoder's 16-to-8 scaling).
    public var narrowed: PixelBuffer {
        let bytes = samples.map { UInt8((UInt32($0) * 255 + 32895) >> 16) }
        return PixelBuffer(checkedWidth: width, height: height, layout: layout, bytesPerRow: width * layout.channels, bytes: bytes)
    }

    /// The same pixels with an opaque alpha channel added (gray -> gray+alpha, RGB -> RGBA).
    func addingOpaqueAlpha() -> PixelBuffer16 {
        guard !layout.hasAlpha else { return self }
        let channels = layout.channels
        var out = [UInt16](repeating: .max, count: width * height * (channels + 1))
        for p in 0 ..< width * height {
            for c in 0 ..< channels { out[p * (channels + 1) + c] = samples[p * channels + c] }
        }
        return PixelBuffer16(width: width, height: height, layout: layout.withAlpha, samples: out)
    }
}
