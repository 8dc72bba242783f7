import AspectFit
import Testing

/// Formats by content and by name: magic bytes and ftyp brands, extensions, which formats are
/// written, and what `auto` writes for a source that is only read.
@Suite struct ImageFormatTests {
    static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let brands = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
        let size = UInt32(8 + brands.count)
        return withUnsafeBytes(of: size.bigEndian, Array.init) + Array("ftyp".utf8) + brands + Array("\0\0\0\u{8}meta".utf8)
    }

    @Test func magicBytesAndBrandsNameTheFormat() {
        #expect(ImageFile.format(ofPrefix: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFile.format(ofPrefix: Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
        #expect(ImageFile.format(ofPrefix: Array("GIF87a".utf8)) == .gif)
        #expect(ImageFile.format(ofPrefix: Array("GIF89a".utf8)) == .gif)
        #expect(ImageFile.format(ofPrefix: Array("GIF88a".utf8)) == nil)
        #expect(ImageFile.format(ofPrefix: Self.ftyp("avif", ["mif1", "miaf"])) == .avif)
        #expect(ImageFile.format(ofPrefix: Self.ftyp("mif1", ["mif1", "avif"])) == .avif)   // mif1 may be AV1
        #expect(ImageFile.format(ofPrefix: Self.ftyp("avis", ["avis", "msf1"])) == .avif)
        #expect(ImageFile.format(ofPrefix: Self.ftyp("heic", ["mif1", "heic"])) == .heic)
        #expect(ImageFile.format(ofPrefix: Self.ftyp("mif1", ["mif1", "heic", "hevc"])) == .heic)
        #expect(ImageFile.format(ofPrefix: Self.ftyp("    ", ["    ", "heic"])) == .heic)
        #expect(ImageFile.format(ofPrefix: Self.ftyp("isom", ["isom", "mp41"])) == nil)   // an MP4 video
        #expect(ImageFile.format(ofPrefix: Self.ftyp("qt  ", ["avif"])) == .avif)
        // the minor version is no brand, except in a 'mini' file, whose codec brand sits there
        #expect(ImageFile.format(ofPrefix: Array("\u{0}\u{0}\u{0}\u{10}ftypisomavif".utf8)) == nil)
        #expect(ImageFile.format(ofPrefix: Array("\u{0}\u{0}\u{0}\u{10}ftypmif3avif".utf8)) == .avif)
        #expect(ImageFile.format(ofPrefix: Array("\u{0}\u{0}\u{0}\u{10}ftypmif3heic".utf8)) == .heic)
        #expect(ImageFile.signatureLength >= Self.ftyp("avis", ["mif1", "avif", "iso4", "av01", "avis", "msf1", "miaf", "MA1B"]).count - 8)
    }

    @Test func extensionsNameTheFormatAndHEIFIsOnlyRead() {
        for format in ImageFormat.allCases {
            #expect(ImageFormat(fileExtension: format.fileExtension) == format)
            #expect(ImageFormat(fileExtension: format.fileExtension.uppercased()) == format)
            #expect(format.isWritable == [.jpeg, .png, .webp, .avif, .gif].contains(format))
            #expect(format.mediaType == ["jpeg": "image/jpeg", "png": "image/png", "webp": "image/webp", "avif": "image/avif",
                                         "heic": "image/heic", "gif": "image/gif"][format.rawValue])
            #expect(format.maxSide > 16000)
        }
        #expect(ImageFormat(fileExtension: "heif") == .heic && ImageFormat(fileExtension: "avifs") == .avif)
        #expect(ImageFormat(fileExtension: "tiff") == nil)
    }

    @Test func autoWritesAReadOnlySourceAsJPEGOrTransparentAsPNG() {
        for source in ImageFormat.allCases where !source.isWritable {
            #expect(OutputFormat.auto.resolved(source: source, transparent: false) == .jpeg)
            #expect(OutputFormat.auto.resolved(source: source, transparent: true) == .png)
            #expect(OutputFormat(source) == nil)
            // whether a WebP, AVIF, HEIF or GIF source has alpha is in its header, so auto cannot say before it
            #expect(Pipeline(options: FitOptions()).outputFormat(forSource: source) == nil)
        }
        #expect(OutputFormat.auto.resolved(source: .jpeg, transparent: false) == .jpeg)
        #expect(OutputFormat.auto.resolved(source: .png, transparent: false) == .png)
        // a still GIF is written as JPEG or PNG, an animated one stays GIF
        #expect(OutputFormat.auto.resolved(source: .gif, transparent: false) == .jpeg)
        #expect(OutputFormat.auto.resolved(source: .gif, transparent: true) == .png)
        #expect(OutputFormat.auto.resolved(source: .gif, transparent: true, animated: true) == .gif)
        #expect(Pipeline(options: FitOptions()).outputFormat(forSource: .jpeg) == .jpeg)
        var png = FitOptions()
        png.format = .png
        #expect(Pipeline(options: png).outputFormat(forSource: .gif) == .png)
    }

    /// An output's name decides its format as image tools' names do (vips, sharp's `toFile`): a
    /// written format's extension, in any case, unless `format` is fixed to another.
    @Test func anOutputNameDecidesTheFormatUnlessFixedToAnother() {
        let names: [(String, OutputFormat?)] = [("jpg", .jpeg), ("JPEG", .jpeg), ("jpe", .jpeg), ("jfif", .jpeg), ("png", .png),
                                                ("PNG", .png), ("webp", .webp), ("avif", .avif), ("Avif", .avif),
                                                ("heic", nil), ("gif", .gif), ("txt", nil), ("", nil)]
        for (ext, named) in names {
            #expect(OutputFormat.auto.resolved(forFileExtension: ext) == named ?? .auto, "auto, .\(ext)")
            for fixed in OutputFormat.allCases where fixed != .auto {
                let expected: OutputFormat? = named == nil || named == fixed ? fixed : nil
                #expect(fixed.resolved(forFileExtension: ext) == expected, "\(fixed), .\(ext)")
            }
        }
    }
}
