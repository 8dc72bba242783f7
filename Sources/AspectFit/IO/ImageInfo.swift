import CImageIO

/// What an image's header says, read without decoding any pixels.
public struct ImageInfo: Sendable, Equatable {
    /// The format, from the magic bytes.
    public var format: ImageFormat
    /// Width as stored (before applying `orientation`).
    public var width: Int
    /// Height as stored.
    public var height: Int
    /// Channels and bits per sample as in the file (CMYK JPEG = 4 channels; PNG palette = 1).
    public var channels: Int
    /// Bits per sample as stored (1...16).
    public var bitDepth: Int
    /// A JPEG of several scans (progressive, or one scan per component: decoded from coefficients
    /// buffered for the whole image), PNG Adam7 interlaced, or a GIF whose first frame is interlaced.
    public var isProgressive: Bool
    /// An alpha channel or a tRNS chunk.
    public var hasAlpha: Bool
    /// EXIF orientation (JPEG APP1 Exif, PNG eXIf, WebP EXIF); `.up` when absent or invalid, and
    /// always for AVIF and HEIF, whose irot/imir the decoder applies (their size is the upright one).
    public var orientation: Orientation
    /// The embedded ICC profile (JPEG APP2 markers reassembled, PNG iCCP inflated).
    public var iccProfile: [UInt8]?
    /// The EXIF block as TIFF bytes (JPEG APP1 after "Exif\0\0", PNG eXIf): camera, date, GPS.
    public var exif: [UInt8]?
    /// The XMP packet (JPEG APP1, PNG iTXt XML:com.adobe.xmp, WebP XMP chunk, AVIF/HEIF mime item).
    public var xmp: [UInt8]?
    /// The IPTC IIM records (JPEG APP13 Photoshop resource 0x0404, PNG "Raw profile type iptc").
    public var iptc: [UInt8]?
    /// The layout `ImageFile.decode` produces.
    public var decodedLayout: PixelLayout
    /// More than one frame (a WebP animation, an AVIF sequence, an animated GIF).
    public var isAnimated: Bool
    /// How many frames the file holds (1 for a still image).
    public var frameCount: Int
    /// A WebP coded losslessly (VP8L); false for every other format, which the header does not say.
    public var isLossless: Bool
    /// A GIF's, WebP's or AVIF sequence's plays (0: forever; an AVIF sequence always, as libavif 0.11
    /// reads no edit list and browsers loop a sequence); nil for a GIF without a loop extension (it
    /// plays once) and for other formats (a still AVIF too).
    public var loopCount: Int? = nil
    /// A GIF's, WebP's or AVIF sequence's frame delays added up, in milliseconds (a GIF's as browsers
    /// play them: 10 ms or less counts as 100 ms); 0 for other formats (a still AVIF too).
    public var durationMilliseconds = 0
    /// Whether some frame of an animation shows transparency (a GIF's transparent index, a frame
    /// cleared to the background, a first frame that leaves part of the canvas uncovered; an AVIF
    /// sequence's alpha track); `hasAlpha` describes the first frame alone.
    public var animationHasAlpha = false

    /// Whether every frame can be read (`AnimationDecoder`): a GIF or WebP animation, an AVIF sequence.
    public var isReadableAnimation: Bool { isAnimated && (format == .gif || format == .webp || format == .avif) }

    /// A CMYK or YCCK JPEG: decoding converts it to sRGB.
    public var isCMYK: Bool { format == .jpeg && channels == 4 }

    /// A header description from its fields (for tests and callers that probe elsewhere).
    public init(format: ImageFormat, width: Int, height: Int, channels: Int, bitDepth: Int, isProgressive: Bool,
                hasAlpha: Bool, orientation: Orientation, iccProfile: [UInt8]?, exif: [UInt8]? = nil,
                xmp: [UInt8]? = nil, iptc: [UInt8]? = nil, decodedLayout: PixelLayout, isAnimated: Bool = false, frameCount: Int = 1,
                isLossless: Bool = false) {
        self.format = format
        self.width = width
        self.height = height
        self.channels = channels
        self.bitDepth = bitDepth
        self.isProgressive = isProgressive
        self.hasAlpha = hasAlpha
        self.orientation = orientation
        self.iccProfile = iccProfile
        self.exif = exif
        self.xmp = xmp
        self.iptc = iptc
        self.decodedLayout = decodedLayout
        self.isAnimated = isAnimated
        self.frameCount = frameCount
        self.isLossless = isLossless
    }

    /// The width once `orientation` is applied: the width the image is seen and planned at.
    public var uprightWidth: Int { orientation.swapsAxes ? height : width }
    /// The height once `orientation` is applied.
    public var uprightHeight: Int { orientation.swapsAxes ? width : height }

    /// Copies a C probe result (which must have succeeded) of `format`.
    init(_ info: cio_info, format: ImageFormat) {
        self.init(
            format: format,
            width: Int(info.width), height: Int(info.height),
            channels: Int(info.channels), bitDepth: Int(info.bit_depth),
            isProgressive: info.progressive != 0, hasAlpha: info.has_alpha != 0,
            orientation: Orientation(exifValue: Int(info.orientation)),
            iccProfile: info.icc.map { Array(UnsafeBufferPointer(start: $0, count: info.icc_size)) },
            exif: info.exif.map { Array(UnsafeBufferPointer(start: $0, count: info.exif_size)) },
            xmp: info.xmp.map { Array(UnsafeBufferPointer(start: $0, count: info.xmp_size)) },
            iptc: info.iptc.map { Array(UnsafeBufferPointer(start: $0, count: info.iptc_size)) },
            decodedLayout: PixelLayout(rawValue: Int(info.layout.rawValue)) ?? .rgb8,
            isAnimated: info.animated != 0, frameCount: Int(info.frame_count), isLossless: info.lossless != 0)
        if format == .gif || format == .webp || (format == .avif && isAnimated) {
            loopCount = info.loop_count < 0 ? nil : Int(info.loop_count)
            durationMilliseconds = Int(clamping: info.duration_ms)
            animationHasAlpha = info.animation_alpha != 0
        }
    }
}
