import CImageIO

extension ImageFormat {
    /// The format a file name's extension names, in any case: jpg, jpeg, jpe, jfif (JPEG), png,
    /// webp, avif, heic/heif (HEIF) or gif. Reading never trusts a name; this is for naming outputs
    /// and for telling a damaged image from another file in a folder walk.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg", "jpe", "jfif": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        case "avif", "avifs": self = .avif
        case "heic", "heif", "heics", "heifs", "hif": self = .heic
        case "gif": self = .gif
        default: return nil
        }
    }

    /// The format's name as people write it: JPEG, PNG, WebP, AVIF, HEIF or GIF.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .avif: "AVIF"
        case .heic: "HEIF"
        case .gif: "GIF"
        }
    }

    /// The format's media type, for a `Content-Type` header: image/jpeg, image/png, image/webp,
    /// image/avif, image/heic or image/gif.
    public var mediaType: String { "image/" + rawValue }

    /// The usual extension of a file of this format.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .avif: "avif"
        case .heic: "heic"
        case .gif: "gif"
        }
    }

    /// The format of a C probe or sniff result; nil for CIO_FORMAT_UNKNOWN.
    init?(_ format: cio_format) {
        switch format {
        case CIO_FORMAT_JPEG: self = .jpeg
        case CIO_FORMAT_PNG: self = .png
        case CIO_FORMAT_WEBP: self = .webp
        case CIO_FORMAT_AVIF: self = .avif
        case CIO_FORMAT_HEIF: self = .heic
        case CIO_FORMAT_GIF: self = .gif
        default: return nil
        }
    }
}

extension ImageFile {
    /// How many leading bytes `format(ofPrefix:)` needs to decide: AVIF and HEIF are told apart by
    /// the brands of their ftyp box, which rarely runs past 64 bytes.
    public static let signatureLength = 64

    /// The format the magic bytes at the start of `prefix` name, by the same test `probe` and
    /// `decode` use; nil when they name none of the formats read.
    public static func format(ofPrefix prefix: [UInt8]) -> ImageFormat? {
        ImageFormat(prefix.withUnsafeBufferPointer { cio_sniff_format($0.baseAddress, $0.count) })
    }

    /// Throws the error decoding would give for a `width` x `height` image over `maxPixels`, so a
    /// plan from the header alone (a dry run) fails exactly where the decode would.
    public static func checkPixelLimit(width: Int, height: Int, maxPixels: Int) throws(ImageIOError) {
        var message = cio_message()
        let status = cio_check_pixel_limit(UInt64(max(width, 0)), UInt64(max(height, 0)), UInt64(max(maxPixels, 0)), &message)
        if status == CIO_TOO_LARGE { throw .tooLarge(width: width, height: height, limit: maxPixels) }
        guard status == CIO_OK else { throw ImageIOError(status: status, message: &message) }
    }
}
