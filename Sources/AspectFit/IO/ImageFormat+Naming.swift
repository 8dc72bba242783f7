import CImageIO

extension ImageFormat {
    /// The format a file name's extension names, in any case: jpg, jpeg, jpe, jfif (JPEG) or png.
    /// Reading never trusts a name; this is for naming outputs.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg", "jpe", "jfif": self = .jpeg
        case "png": self = .png
        default: return nil
        }
    }

    /// The usual extension of an output file of this format.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        }
    }
}

extension ImageFile {
    /// How many leading bytes `format(ofPrefix:)` needs to decide.
    public static let signatureLength = 8

    /// The format the magic bytes at the start of `prefix` name, by the same test `probe` and
    /// `decode` use; nil when they name neither JPEG nor PNG.
    public static func format(ofPrefix prefix: [UInt8]) -> ImageFormat? {
        switch prefix.withUnsafeBufferPointer({ cio_sniff_format($0.baseAddress, $0.count) }) {
        case CIO_FORMAT_JPEG: .jpeg
        case CIO_FORMAT_PNG: .png
        default: nil
        }
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
