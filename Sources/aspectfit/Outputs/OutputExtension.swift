import AspectFit

/// What an output name's extension says: a format we write (it decides the format, as for any
/// image tool), an image format we cannot write (a usage error, never a file of other bytes), or
/// nothing about images.
enum OutputExtension: Equatable {
    case format(ImageFormat)
    case unwritableImage(String)
    case other

    /// Image formats people name outputs with that aspectfit does not write.
    static let unwritable: Set<String> = ["webp", "gif", "tif", "tiff", "bmp", "heic", "heif", "avif", "jxl", "jp2",
                                          "j2k", "jpx", "ico", "svg", "psd", "tga", "ppm", "pgm", "pbm", "pnm", "exr", "hdr"]

    init(_ ext: String) {
        if let format = ImageFormat(fileExtension: ext) {
            self = .format(format)
        } else if Self.unwritable.contains(ext.lowercased()) {
            self = .unwritableImage(ext)
        } else {
            self = .other
        }
    }

    /// The usage error for an output named `path` with an extension we cannot write.
    static func cannotWrite(_ ext: String, path: PathBytes) -> UsageError {
        UsageError("-o \(path): aspectfit cannot write .\(ext) files; it writes JPEG (.jpg .jpeg .jpe .jfif) or PNG (.png)")
    }

    /// The usage error for an output named `path` whose extension names no image format.
    static func notAFormat(_ ext: String, path: PathBytes) -> UsageError {
        UsageError("-o \(path): '.\(ext)' is not an image format aspectfit writes (JPEG: .jpg .jpeg .jpe .jfif, PNG: .png); "
            + "a folder is one that exists or is named with a trailing /")
    }

    /// The extension written for `format` in directory and template outputs: the input's own
    /// spelling when it names the same format (photo.JPEG stays .JPEG), else jpg or png.
    static func written(for format: ImageFormat, input: PathBytes?) -> String {
        if let input, ImageFormat(fileExtension: input.fileExtension) == format { return input.fileExtension }
        return format.fileExtension
    }
}
