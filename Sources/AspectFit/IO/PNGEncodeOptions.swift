/// How to write a PNG.
public struct PNGEncodeOptions: Sendable, Hashable, Codable {
    /// libdeflate level 0 (store) ... 12 (smallest; the CLI's `--png-compression` offers 0...9, and
    /// `--max-bytes` retries at 12); lower levels encode faster and write larger files
    /// (`scripts/measure/measure-png.sh` measures both on every kind of image).
    public var compressionLevel: Int

    /// Indexed colour with at most this many palette entries (2...256), or nil for truecolour (or
    /// grey, as the pixels are). An image with no more distinct colours than that keeps them exactly;
    /// others get a palette cut by variance in premultiplied RGBA and Floyd-Steinberg dithering, partial
    /// alpha kept per entry (tRNS). Written at 1, 2, 4 or 8 bits a pixel, whichever holds the
    /// palette, rows unfiltered; always 8 bits a sample, whatever `FitOptions.bitDepth` says.
    public var palette: Int?

    /// Level 3 by default, truecolour. Each truecolour row is filtered with the smaller of AVG and
    /// PAETH (by the sum of magnitudes the PNG specification suggests choosing by).
    public init(compressionLevel: Int = 3, palette: Int? = nil) {
        self.compressionLevel = compressionLevel
        self.palette = palette
    }

    /// The fewest palette colours a byte budget (`FitOptions.maxBytes`) may take a PNG down to at
    /// `FitOptions.minQuality` `quality`: 256 × quality / 100, rounded, at least 2 (quality 30: 77).
    public static func paletteColours(forQuality quality: Int) -> Int {
        max(2, min(256, (256 * quality + 50) / 100))
    }
}
