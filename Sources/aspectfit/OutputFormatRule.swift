import AspectFit

/// Which format each output gets, decided by the CLI so that output names are known before any
/// decoding: `-f` wins, then the output file's extension, then the input's own format.
enum OutputFormatRule {
    /// The format an output file name asks for (".jpg", ".jpeg", ".png"), if any.
    static func formatForExtension(_ ext: String) -> ImageFormat? {
        switch ext {
        case "jpg", "jpeg": .jpeg
        case "png": .png
        default: nil
        }
    }

    static func format(explicit: ImageFormat?, outputFile: PathBytes?, source: ImageFormat) -> ImageFormat {
        if let explicit { return explicit }
        if let outputFile, let f = formatForExtension(outputFile.lowercasedExtension) { return f }
        return source
    }

    /// The extension written for a format in directory and template outputs: the input's own
    /// spelling when it names the same format (photo.JPEG stays .JPEG), else jpg or png.
    static func fileExtension(_ format: ImageFormat, input: PathBytes?) -> String {
        if let input, formatForExtension(input.lowercasedExtension) == format { return input.fileExtension }
        return switch format {
        case .jpeg: "jpg"
        case .png: "png"
        }
    }
}
