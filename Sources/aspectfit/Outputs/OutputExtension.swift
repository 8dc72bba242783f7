import AspectFit

/// What an output name's extension says: a format we write (it decides the format, as for any
/// image tool), an image format we cannot write (a usage error, never a file of other bytes), or
/// nothing about images.
enum OutputExtension: Equatable {
    case format(ImageFormat)
    case unwritableImage(String)
    case other

    /// Image formats people name outputs with that aspectfit neither reads nor writes.
    static let unwritable: Set<String> = ["tif", "tiff", "bmp", "jxl", "jp2", "j2k", "jpx", "ico", "svg", "psd", "tga",
                                          "ppm", "pgm", "pbm", "pnm", "exr", "hdr"]

    init(_ ext: String) {
        if let format = ImageFormat(fileExtension: ext) {
            self = format.isWritable ? .format(format) : .unwritableImage(ext)
        } else if Self.unwritable.contains(ext.lowercased()) {
            self = .unwritableImage(ext)
        } else {
            self = .other
        }
    }

    /// The formats written and the extensions that name them, for messages.
    static let writtenExtensions = "JPEG .jpg .jpeg .jpe .jfif, PNG .png, WebP .webp, AVIF .avif, GIF .gif"

    /// The usage error for an output named `path` with an extension we cannot write.
    static func cannotWrite(_ ext: String, path: PathBytes) -> UsageError {
        UsageError("-o \(path): aspectfit cannot write .\(ext) files; it writes \(writtenExtensions)")
    }

    /// The usage error for an output named `path` whose extension names no image format.
    static func notAFormat(_ ext: String, path: PathBytes) -> UsageError {
        UsageError("-o \(path): '.\(ext)' is not an image format aspectfit writes (\(writtenExtensions)); "
            + "a folder is one that exists or is named with a trailing /")
    }

    /// The extension written for `format` in directory and template outputs: the input's own
    /// spelling when it names the same format (photo.JPEG stays .JPEG), else the format's own.
    static func written(for format: ImageFormat, input: PathBytes?) -> String {
        if let input, ImageFormat(fileExtension: input.fileExtension) == format { return input.fileExtension }
        return format.fileExtension
    }
}
