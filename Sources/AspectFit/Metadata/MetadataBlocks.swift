/// The EXIF, XMP and IPTC blocks written with an output's pixels (the ICC profile goes apart, as
/// `ColourTag`); nil is a block left out.
public struct MetadataBlocks: Sendable, Equatable {
    /// The EXIF block as TIFF bytes.
    public var exif: [UInt8]?
    /// The XMP packet.
    public var xmp: [UInt8]?
    /// The IPTC IIM records (JPEG and PNG only: WebP and AVIF have no place for them).
    public var iptc: [UInt8]?

    /// Blocks to write; all nil writes none.
    public init(exif: [UInt8]? = nil, xmp: [UInt8]? = nil, iptc: [UInt8]? = nil) {
        self.exif = exif
        self.xmp = xmp
        self.iptc = iptc
    }

    /// What `kept` keeps of `source`'s blocks, made true for an upright `width` x `height` output;
    /// an EXIF block that cannot be rebuilt (not readable TIFF) is left out with a line in `warnings`.
    public init(kept: KeptMetadata, from source: ImageInfo, width: Int, height: Int, warnings: inout [String]) {
        switch kept {
        case .none:
            self.init()
        case .all:
            let exif = source.exif.flatMap { EXIFBlock.rewritten($0, width: width, height: height) }
            if source.exif != nil && exif == nil { warnings.append("EXIF dropped: not a readable TIFF-structured block") }
            self.init(exif: exif, xmp: source.xmp.map { XMPPacket.rewritten($0, width: width, height: height) },
                      iptc: source.iptc)
        case .copyright:
            self.init(exif: source.exif.flatMap(EXIFBlock.rightsOnly), xmp: source.xmp.flatMap(XMPPacket.rightsOnly),
                      iptc: source.iptc.flatMap(IPTCRecords.rightsOnly))
        }
    }
}

/// Which of the source's EXIF, XMP and IPTC metadata an output keeps (the ICC profile is
/// `FitOptions.keepICCProfile`'s).
public enum KeptMetadata: String, Sendable, Hashable, Codable, CaseIterable {
    /// None: camera, date, GPS and rights are all dropped (the default).
    case none
    /// All of it, made true for the output: size and orientation rewritten, the source's embedded
    /// thumbnails and maker note dropped.
    case all
    /// Only who made the image and who owns it: EXIF Artist and Copyright, XMP dc:rights,
    /// dc:creator, xmpRights:*, photoshop:Credit and Source, IPTC By-line, Credit, Source and
    /// Copyright Notice.
    case copyright
}
