import AspectFit

/// Which format each output gets, decided before any decoding so output names are known:
/// `-f` wins, then the output file's extension, then the library's `auto` rule (the input's
/// format, but PNG when the result has transparency).
enum OutputFormatRule {
    /// The format an output file name asks for (".jpg", ".jpeg", ".png"), if any.
    static func formatForExtension(_ ext: String) -> ImageFormat? {
        switch ext {
        case "jpg", "jpeg": .jpeg
        case "png": .png
        default: nil
        }
    }

    /// The output format when it is known without planning; nil when the library's `auto` rule
    /// needs the plan (a JPEG with rounded corners becomes PNG when the corners cut into it).
    static func format(explicit: ImageFormat?, outputFile: PathBytes?, source: ImageFormat, cornerRadius: CornerRadius?) -> ImageFormat? {
        if let explicit { return explicit }
        if let outputFile, let f = formatForExtension(outputFile.lowercasedExtension) { return f }
        if source == .png || cornerRadius == nil { return source }   // PNG stays PNG; JPEG has no alpha
        return nil
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
