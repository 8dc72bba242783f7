import CImageIO

/// Writing images to memory as JPEG, PNG, WebP or AVIF, optionally with an ICC profile and an EXIF block.
public enum ImageEncoder {
    /// Encodes gray8 (as a gray JPEG) or rgb8; alpha layouts must be flattened first (`.invalidArgument`).
    /// A profile is written as APP2 ICC_PROFILE markers (split when over 64 KB); EXIF (a TIFF block,
    /// as `ImageInfo.exif`) as an APP1 marker right after SOI, replacing the JFIF header.
    /// Metadata never fails the encode: see the `warnings:` form for what was left out.
    public static func encodeJPEG(_ image: PixelBuffer, options: JPEGEncodeOptions = .init(),
                                  iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil) throws(ImageIOError) -> [UInt8] {
        var ignored: [String] = []
        return try encodeJPEG(image, options: options, iccProfile: iccProfile, exif: exif, warnings: &ignored)
    }

    /// As `encodeJPEG`, also writing an XMP packet (an APP1 "http://ns.adobe.com/xap/1.0/" marker)
    /// and IPTC records (an APP13 "Photoshop 3.0" marker), appending one line to `warnings` for each
    /// metadata block left out (a profile over 255 APP2 markers, EXIF, XMP or IPTC over one marker,
    /// EXIF not TIFF-structured).
    public static func encodeJPEG(_ image: PixelBuffer, options: JPEGEncodeOptions = .init(), iccProfile: [UInt8]?,
                                  exif: [UInt8]?, xmp: [UInt8]? = nil, iptc: [UInt8]? = nil,
                                  warnings: inout [String]) throws(ImageIOError) -> [UInt8] {
        var c = cio_jpeg_options(quality: Int32(clamping: options.quality), progressive: options.progressive ? 1 : 0,
                                 full_chroma: options.resolvedChroma == .full444 ? 1 : 0, optimize_huffman: options.optimizeHuffman ? 1 : 0,
                                 encoder: options.encoder == .trellis ? CIO_JPEG_TRELLIS : CIO_JPEG_TURBO, sequential: 0)
        return try encode(image, iccProfile: iccProfile, blocks: MetadataBlocks(exif: exif, xmp: xmp, iptc: iptc),
                          warnings: &warnings) { image, metadata, output, size, message in
            cio_encode_jpeg(image, &c, metadata, output, size, message)
        }
    }

    /// Encodes any of the four 8-bit layouts; a profile is written as an iCCP chunk, EXIF as eXIf;
    /// `markedSRGB` writes an sRGB chunk (perceptual) instead of any profile. Metadata never fails
    /// the encode: see the `warnings:` form for what was left out.
    public static func encodePNG(_ image: PixelBuffer, options: PNGEncodeOptions = .init(),
                                 iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil,
                                 markedSRGB: Bool = false) throws(ImageIOError) -> [UInt8] {
        var ignored: [String] = []
        return try encodePNG(image, options: options, iccProfile: iccProfile, exif: exif, markedSRGB: markedSRGB,
                             warnings: &ignored)
    }

    /// As `encodePNG`, also writing an XMP packet (iTXt XML:com.adobe.xmp) and IPTC records (zTXt
    /// "Raw profile type iptc"), appending one line to `warnings` for each metadata block left out: a profile
    /// libpng finds unusable (it is kept whenever libpng can write it, "known incorrect" sRGB
    /// profiles included), EXIF that is not TIFF-structured.
    public static func encodePNG(_ image: PixelBuffer, options: PNGEncodeOptions = .init(), iccProfile: [UInt8]?,
                                 exif: [UInt8]?, xmp: [UInt8]? = nil, iptc: [UInt8]? = nil, markedSRGB: Bool = false,
                                 warnings: inout [String]) throws(ImageIOError) -> [UInt8] {
        var c = cio_png_options()
        c.compression_level = Int32(clamping: options.compressionLevel)
        c.palette_colours = Int32(clamping: options.palette ?? 0)
        return try encode(image, iccProfile: iccProfile, blocks: MetadataBlocks(exif: exif, xmp: xmp, iptc: iptc),
                          markedSRGB: markedSRGB, warnings: &warnings) { image, metadata, output, size, message in
            cio_encode_png(image, &c, metadata, output, size, message)
        }
    }

    /// Encodes any of the four 8-bit layouts (grey as RGB: WebP has no grey; alpha kept unless every
    /// pixel is opaque). A profile is written as an ICCP chunk, EXIF as an EXIF chunk (a TIFF block,
    /// as `ImageInfo.exif`), both in a VP8X container. Metadata never fails the encode: see the
    /// `warnings:` form for what was left out.
    public static func encodeWebP(_ image: PixelBuffer, options: WebPEncodeOptions = .init(),
                                  iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil) throws(ImageIOError) -> [UInt8] {
        var ignored: [String] = []
        return try encodeWebP(image, options: options, iccProfile: iccProfile, exif: exif, warnings: &ignored)
    }

    /// As `encodeWebP`, also writing an XMP packet (the "XMP " chunk), appending one line to
    /// `warnings` for each metadata block left out: a grey profile (the pixels are written as RGB),
    /// EXIF that is not TIFF-structured, IPTC (WebP has no place for it).
    public static func encodeWebP(_ image: PixelBuffer, options: WebPEncodeOptions = .init(), iccProfile: [UInt8]?,
                                  exif: [UInt8]?, xmp: [UInt8]? = nil, iptc: [UInt8]? = nil,
                                  warnings: inout [String]) throws(ImageIOError) -> [UInt8] {
        var c = cio_webp_options()
        c.quality = Int32(clamping: options.quality)
        c.lossless = options.lossless ? 1 : 0
        c.method = Int32(clamping: options.effort)
        c.sharp_yuv = options.sharpYUV ? 1 : 0
        return try encode(image, iccProfile: iccProfile, blocks: MetadataBlocks(exif: exif, xmp: xmp, iptc: iptc),
                          warnings: &warnings) { image, metadata, output, size, message in
            cio_encode_webp(image, &c, metadata, output, size, message)
        }
    }

    /// Encodes any of the four 8-bit layouts as 8-bit AV1 (grey as 4:0:0, alpha as an auxiliary
    /// image). A profile is written as the colr "prof" box; without one the pixels are labelled
    /// sRGB (nclx 1/13/6, full range). EXIF becomes an Exif item. Metadata never fails the encode:
    /// see the `warnings:` form for what was left out.
    public static func encodeAVIF(_ image: PixelBuffer, options: AVIFEncodeOptions = .init(),
                                  iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil) throws(ImageIOError) -> [UInt8] {
        var ignored: [String] = []
        return try encodeAVIF(image, options: options, iccProfile: iccProfile, exif: exif, warnings: &ignored)
    }

    /// As `encodeAVIF`, also writing an XMP packet (an XMP item), appending one line to `warnings`
    /// for each metadata block left out (EXIF that is not TIFF-structured or that libavif refuses,
    /// IPTC: AVIF has no place for it).
    public static func encodeAVIF(_ image: PixelBuffer, options: AVIFEncodeOptions = .init(), iccProfile: [UInt8]?,
                                  exif: [UInt8]?, xmp: [UInt8]? = nil, iptc: [UInt8]? = nil,
                                  warnings: inout [String]) throws(ImageIOError) -> [UInt8] {
        var c = cio_avif_options(options)
        return try encode(image, iccProfile: iccProfile, blocks: MetadataBlocks(exif: exif, xmp: xmp, iptc: iptc),
                          warnings: &warnings) { image, metadata, output, size, message in
            cio_encode_avif(image, &c, metadata, output, size, message)
        }
    }

    private typealias CEncoder = (UnsafePointer<cio_image>, UnsafePointer<cio_metadata>,
                                  UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>,
                                  UnsafeMutablePointer<cio_message>) -> cio_status

    /// Checks the buffer, pins its pixels and encodes them.
    private static func encode(_ image: PixelBuffer, iccProfile: [UInt8]?, blocks: MetadataBlocks, markedSRGB: Bool = false,
                               warnings: inout [String],
                               _ run: CEncoder) throws(ImageIOError) -> [UInt8] {
        let rowBytes = image.width.multipliedReportingOverflow(by: image.layout.channels)
        let total = image.bytesPerRow.multipliedReportingOverflow(by: image.height)
        guard image.width > 0, image.height > 0, image.width <= Int(UInt32.max), image.height <= Int(UInt32.max),
              !rowBytes.overflow, !total.overflow, image.bytesPerRow >= rowBytes.partialValue,
              image.bytes.count >= total.partialValue else {
            throw .invalidArgument("pixel buffer \(image.width)x\(image.height) \(image.layout) is empty or inconsistent")
        }
        return try image.bytes.withUnsafeBufferPointer { (pixels) throws(ImageIOError) in
            var c = cio_image(pixels: pixels.baseAddress, width: UInt32(image.width), height: UInt32(image.height),
                              stride: image.bytesPerRow, layout: cio_layout(UInt32(image.layout.rawValue)), sixteen_bit: 0)
            return try encode(&c, iccProfile: iccProfile, blocks: blocks, markedSRGB: markedSRGB, warnings: &warnings, run)
        }
    }

    /// Encodes any of the four layouts with 16 bits per sample (big-endian in the file, as PNG
    /// stores them); metadata as `encodePNG` of an 8-bit image. A palette (`PNGEncodeOptions.palette`)
    /// is refused: it is written from 8-bit pixels.
    public static func encodePNG(_ image: PixelBuffer16, options: PNGEncodeOptions = .init(), iccProfile: [UInt8]?,
                                 exif: [UInt8]?, xmp: [UInt8]? = nil, iptc: [UInt8]? = nil, markedSRGB: Bool = false,
                                 warnings: inout [String]) throws(ImageIOError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= Int(UInt32.max), image.height <= Int(UInt32.max) else {
            throw .invalidArgument("pixel buffer \(image.width)x\(image.height) \(image.layout) is empty")
        }
        var options16 = cio_png_options()
        options16.compression_level = Int32(clamping: options.compressionLevel)
        options16.palette_colours = Int32(clamping: options.palette ?? 0)
        return try image.samples.withUnsafeBufferPointer { (samples) throws(ImageIOError) in
            let pixels = UnsafeRawPointer(samples.baseAddress)?.assumingMemoryBound(to: UInt8.self)
            var c = cio_image(pixels: pixels, width: UInt32(image.width),
                              height: UInt32(image.height), stride: image.width * image.layout.channels * 2,
                              layout: cio_layout(UInt32(image.layout.rawValue)), sixteen_bit: 1)
            return try encode(&c, iccProfile: iccProfile, blocks: MetadataBlocks(exif: exif, xmp: xmp, iptc: iptc),
                              markedSRGB: markedSRGB, warnings: &warnings) { image, metadata, output, size, message in
                cio_encode_png(image, &options16, metadata, output, size, message)
            }
        }
    }

    /// Pins the metadata, runs the C encoder on `image` (whose pixels the caller pins) and copies its output.
    private static func encode(_ image: inout cio_image, iccProfile: [UInt8]?, blocks: MetadataBlocks, markedSRGB: Bool,
                               warnings: inout [String], _ run: CEncoder) throws(ImageIOError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = cio_message()
        var dropped = cio_warnings()
        let status = (iccProfile ?? []).withUnsafeBufferPointer { icc in
            (blocks.exif ?? []).withUnsafeBufferPointer { exif in
                (blocks.xmp ?? []).withUnsafeBufferPointer { xmp in
                    (blocks.iptc ?? []).withUnsafeBufferPointer { iptc in
                        withUnsafeMutablePointer(to: &dropped) { dropped in
                            var metadata = cio_metadata(icc: icc.baseAddress, icc_size: icc.count,
                                                        exif: exif.baseAddress, exif_size: exif.count,
                                                        xmp: xmp.baseAddress, xmp_size: xmp.count,
                                                        iptc: iptc.baseAddress, iptc_size: iptc.count, dropped: dropped,
                                                        srgb: markedSRGB ? 1 : 0)
                            return run(&image, &metadata, &output, &size, &message)
                        }
                    }
                }
            }
        }
        guard status == CIO_OK, let output else { throw ImageIOError(status: status, message: &message) }
        defer { cio_free(output) }
        warnings += (0 ..< Int(dropped.count)).map { i in
            withUnsafeBytes(of: &dropped.items) { raw in
                let item = raw[i * MemoryLayout<cio_message>.stride ..< (i + 1) * MemoryLayout<cio_message>.stride]
                return String(decoding: item.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
