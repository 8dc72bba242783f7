import AspectFit
import Foundation
import Testing
import TestSupport

/// Every `decode` file of the WebP, AVIF, HEIF and GIF corpus folders decodes to the upright size
/// MANIFEST gives, with alpha where MANIFEST names it, and to the pixels libvips decodes.
///
/// Tolerances (premultiplied RGBA): WebP, HEIF and GIF exact (both decoders end in the same libwebp,
/// or libheif with libde265 and its YUV to RGB conversion, and a GIF is palette lookups, which
/// libnsgif and giflib must agree on); AVIF a PSNR of at
/// least 35 dB: libavif and libheif each convert YUV to RGB themselves, with different chroma
/// upsampling and rounding of 10- and 12-bit samples to 8 (MANIFEST shows Pillow's libavif and vips'
/// libheif apart by 39 to 48 dB on these files, up to 102 at single sharp red edges).
@Suite struct ReadOnlyFormatDecodeTests {
    static let folders = ["webp", "avif", "heic", "gif"]
    static let entries = Corpus.manifest().filter { entry in
        folders.contains { entry.path.hasPrefix("\($0)/") } && entry.expected == "decode"
    }

    @Test(arguments: folders)
    func decodesToTheUprightSizeAndAlphaMANIFESTGives(_ folder: String) throws {
        guard try Corpus.require() else { return }
        let rows = Self.entries.filter { $0.path.hasPrefix("\(folder)/") }
        #expect(rows.count >= 4, "\(folder): \(rows.count) decode rows")
        for entry in rows {
            let data = try ImageFile.read(path: Corpus.path(entry.path))
            let info = try ImageFile.probe(data)
            #expect(info.format == ImageFormat(fileExtension: (entry.path as NSString).pathExtension), "\(entry.path)")
            #expect("\(info.uprightWidth)x\(info.uprightHeight)" == entry.size, "\(entry.path)")
            let decoded = try ImageFile.decode(data)
            #expect(decoded.pixels.width == info.width && decoded.pixels.height == info.height, "\(entry.path)")
            #expect(decoded.pixels.layout == info.decodedLayout, "\(entry.path)")
            let alpha = entry.colorType.contains("alpha") || entry.colorType.contains("RGBA") ||
                entry.colorType.contains("transparency")
            let firstFrameAlpha = alpha && !entry.colorType.contains("frames")   // an animation's alpha may come later
            if firstFrameAlpha { #expect(info.hasAlpha && decoded.pixels.layout.hasAlpha, "\(entry.path): \(entry.colorType)") }
            if !alpha { #expect(!decoded.pixels.layout.hasAlpha, "\(entry.path): \(entry.colorType)") }
            #expect(info.isAnimated == entry.colorType.contains("frames") || entry.notes.contains("animated"), "\(entry.path)")
            if folder == "gif" { #expect(info.isProgressive == entry.colorType.contains("interlaced"), "\(entry.path)") }
        }
    }

    @Test(arguments: folders)
    func decodesThePixelsLibvipsDecodes(_ folder: String) throws {
        guard try Corpus.require() else { return }
        for entry in Self.entries where entry.path.hasPrefix("\(folder)/") {
            let path = Corpus.path(entry.path)
            let reference = try VipsReference.rgba8(path)
            let decoded = try ImageFile.decode(ImageFile.read(path: path))
            guard decoded.pixels.width == reference.width, decoded.pixels.height == reference.height else {
                Issue.record("\(entry.path): \(decoded.pixels.width)x\(decoded.pixels.height), vips \(reference.width)x\(reference.height)")
                continue
            }
            let difference = ImageDifference(PixelConversion.rgba8(decoded.pixels), reference.pixels)
            switch folder {
            case "avif": #expect(difference.psnr >= 35, "\(entry.path): \(difference)")
            default: #expect(difference.maximum == 0, "\(entry.path): \(difference)")
            }
        }
    }

    /// A region is the same pixels as that part of the whole decode (these formats decode whole, then serve rows).
    @Test(arguments: ["webp/lossless-libwebp-1000x307.webp", "avif/irot-imir-pillow.avif", "heic/clap-451x461-icc-libheif.heic",
                      "gif/interlaced-wuffs-hippopotamus.gif"])
    func aRegionIsThatPartOfTheWholeDecode(_ file: String) throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path(file))
        let whole = try ImageFile.decode(data).pixels
        let region = PixelRect(x: whole.width / 3, y: whole.height / 4, width: whole.width / 2, height: whole.height / 2)
        let part = try ImageFile.decode(data, options: DecodeOptions(region: region))
        #expect(part.region == region && part.scaledWidth == whole.width && part.scaledHeight == whole.height)
        #expect(part.pixels.bytes == PixelConversion.crop(whole, x: region.x, y: region.y, width: region.width, height: region.height))
        #expect(throws: ImageIOError.self) {
            try ImageFile.decode(data, options: DecodeOptions(scaleDenominator: 2))
        }
    }
}
