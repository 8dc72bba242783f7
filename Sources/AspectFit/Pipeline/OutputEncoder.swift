/// The encoder that writes a result, with its options: the one place an output format meets its
/// encoder and the way that encoder labels colour.
enum OutputEncoder: Equatable {
    case jpeg(JPEGEncodeOptions)
    case png(PNGEncodeOptions)
    case webp(WebPEncodeOptions)
    case avif(AVIFEncodeOptions)
    /// A still GIF: one frame, no loop extension.
    case gif

    /// The encoder for `format`, with `options`' settings for it. `format` is one a plan resolved
    /// (`OutputFormat.resolved`), so always a written one.
    init(_ format: ImageFormat, options: FitOptions) {
        switch format {
        case .jpeg: self = .jpeg(options.jpeg)
        case .png: self = .png(options.png)
        case .webp: self = .webp(options.webp)
        case .avif: self = .avif(options.avif)
        case .gif: self = .gif
        case .heic: preconditionFailure("\(format) is read only; OutputFormat.resolved never picks it")
        }
    }

    /// `image` encoded with its colour label (`tag`) and metadata blocks; metadata left out is reported in `warnings`.
    func encode(_ image: PixelBuffer, tag: ColourTag, metadata: MetadataBlocks,
                warnings: inout [String]) throws(ImageIOError) -> [UInt8] {
        let (exif, xmp, iptc) = (metadata.exif, metadata.xmp, metadata.iptc)
        switch self {
        case .jpeg(let options):
            return try ImageEncoder.encodeJPEG(image, options: options, iccProfile: tag.jpegProfile(layout: image.layout),
                                               exif: exif, xmp: xmp, iptc: iptc, warnings: &warnings)
        case .png(let options):
            return try ImageEncoder.encodePNG(image, options: options, iccProfile: tag.pngProfile, exif: exif, xmp: xmp,
                                              iptc: iptc, markedSRGB: tag == .sRGB, warnings: &warnings)
        case .webp(let options):
            return try ImageEncoder.encodeWebP(image, options: options, iccProfile: tag.webpProfile, exif: exif, xmp: xmp,
                                               iptc: iptc, warnings: &warnings)
        case .avif(let options):
            return try ImageEncoder.encodeAVIF(image, options: options, iccProfile: tag.avifProfile, exif: exif, xmp: xmp,
                                               iptc: iptc, warnings: &warnings)
        case .gif:
            if case .profile = tag { warnings.append("ICC profile dropped: GIF has no place for it") }
            if exif != nil || xmp != nil || iptc != nil { warnings.append("metadata dropped: GIF has no place for it") }
            let encoder = try AnimationEncoder(format: .gif, width: image.width, height: image.height, loopCount: nil,
                                               hasAlpha: image.layout.hasAlpha, webp: WebPEncodeOptions())
            try encoder.add(image, delay: 0)
            return try encoder.finish()
        }
    }

    /// The quality a lossy encode is made at; nil for PNG and lossless WebP.
    var lossyQuality: Int? {
        switch self {
        case .jpeg(let o): o.quality
        case .webp(let o): o.lossless ? nil : o.quality
        case .avif(let o): o.quality
        case .png, .gif: nil
        }
    }

    /// The palette size limit of an indexed PNG encode; nil for every other.
    var paletteColours: Int? {
        if case .png(let o) = self { return o.palette }
        return nil
    }

    /// The same PNG encoder with a palette of at most `colours`; any other encoder unchanged.
    func withPalette(_ colours: Int) -> OutputEncoder {
        guard case .png(var o) = self else { return self }
        o.palette = colours
        return .png(o)
    }

    /// The same encoder at lossy quality `quality` (a lossless one unchanged).
    func atQuality(_ quality: Int) -> OutputEncoder {
        switch self {
        case .jpeg(var o): o.quality = quality; return .jpeg(o)
        case .webp(var o) where !o.lossless: o.quality = quality; return .webp(o)
        case .avif(var o): o.quality = quality; return .avif(o)
        case .webp, .png, .gif: return self
        }
    }

    /// The smallest setting of a lossless encoder: PNG at libdeflate's level 12 with adaptive filters,
    /// lossless WebP at quality 100 and effort 4 or the one asked if higher (effort 6 at quality 100
    /// takes many times as long for a few bytes). A lossy encoder unchanged.
    var tightestLossless: OutputEncoder {
        switch self {
        case .png(var o): o.compressionLevel = 12; return .png(o)
        case .webp(var o) where o.lossless: o.quality = 100; o.effort = max(o.effort, 4); return .webp(o)
        case .jpeg, .webp, .avif, .gif: return self
        }
    }
}
