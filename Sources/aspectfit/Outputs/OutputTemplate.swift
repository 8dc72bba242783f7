/// An output path pattern such as `thumbs/{rel}/{name}-{w}x{h}.{ext}`.
///
/// Placeholders: `{name}` input file name without extension, `{ext}` output extension (jpg/png),
/// `{dir}` the input's directory, `{rel}` its sub-directory below a walked input directory,
/// `{w}` `{h}` output size, `{ratio}` the requested ratio (`RequestedRatio`). A template ending in
/// `/` or in `{rel}` is a folder: `{name}.{ext}` follows, below `{rel}/` if the template has no
/// `{rel}` of its own (so `thumbs/{rel}` mirrors the walked tree). Substituted names are checked so a
/// crafted file or directory name cannot move the output elsewhere ("..", control characters),
/// and the rendered path must stay below the template's fixed start (its output folder).
struct OutputTemplate: Sendable {
    enum Part: Sendable, Equatable { case literal([UInt8]), name, ext, dir, rel, width, height, ratio }
    var parts: [Part]

    /// The values for one input.
    struct Values {
        var name: PathBytes
        var ext: String
        var dir: PathBytes
        var rel: PathBytes
        var width: Int?
        var height: Int?
        var ratio: String = ""
    }

    /// Why a name cannot be substituted safely: a one-line message.
    struct UnsafeName: Error, CustomStringConvertible { var description: String }

    init(parsing text: [UInt8]) throws(UsageError) {
        parts = []
        var literal: [UInt8] = []
        var i = 0
        while i < text.count {
            if text[i] == UInt8(ascii: "{") {
                guard let close = text[i...].firstIndex(of: UInt8(ascii: "}")) else {
                    throw UsageError("-o: unclosed '{' in output template '\(PathBytes(text))'")
                }
                let key = String(decoding: text[(i + 1)..<close], as: UTF8.self)
                let part: Part
                switch key {
                case "name": part = .name
                case "ext": part = .ext
                case "dir": part = .dir
                case "rel": part = .rel
                case "w": part = .width
                case "h": part = .height
                case "ratio": part = .ratio
                default: throw UsageError("-o: unknown placeholder '{\(key)}' (known: {name} {ext} {dir} {rel} {w} {h} {ratio})")
                }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = [] }
                parts.append(part)
                i = close + 1
            } else {
                literal.append(text[i])
                i += 1
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        // A folder: `{name}.{ext}` follows, below `{rel}/` unless the template already placed it.
        if text.last == PathBytes.slash || parts.last == .rel {
            parts += (parts.contains(.rel) ? [] : [.rel]) + Self.fileInFolder
        }
    }

    init(parts: [Part]) { self.parts = parts }

    /// The extension the template spells out after its last placeholder (`{name}.png` gives "png"),
    /// which decides the format as a plain file name's does; nil when it ends in `{ext}` or has none.
    var literalExtension: String? {
        guard case .literal(let bytes)? = parts.last else { return nil }
        let name = bytes.lastIndex(of: PathBytes.slash).map { bytes[($0 + 1)...] } ?? bytes[...]
        guard let dot = name.lastIndex(of: PathBytes.dot), dot + 1 < name.endIndex else { return nil }
        return String(decoding: name[(dot + 1)...], as: UTF8.self)
    }

    /// Whether the file names it makes end in an extension: `{ext}` or a literal one.
    var endsInExtension: Bool {
        if case .ext? = parts.last { return true }
        return literalExtension != nil
    }

    /// What follows a folder's `{rel}`: `/{name}.{ext}`.
    static let fileInFolder: [Part] = [.literal([PathBytes.slash]), .name, .literal([PathBytes.dot]), .ext]

    /// Outputs in a directory: `DIR/{rel}/{name}.{ext}`.
    static func directory(_ dir: PathBytes) -> OutputTemplate {
        var prefix = dir.bytes
        if prefix.last != PathBytes.slash { prefix.append(PathBytes.slash) }
        let tail: [Part] = [.rel] + fileInFolder
        return OutputTemplate(parts: dir.isEmpty ? tail : [.literal(prefix)] + tail)
    }

    /// Beside the input: `{dir}/{name}-{w}x{h}.{ext}`.
    static let besideInput = OutputTemplate(parts: [.dir, .literal(Array("/".utf8)), .name, .literal(Array("-".utf8)),
                                                    .width, .literal(Array("x".utf8)), .height, .literal(Array(".".utf8)), .ext])

    /// Whether rendering needs the output size, so the input's header must be planned first.
    var needsPlan: Bool { parts.contains { $0 == .width || $0 == .height || $0 == .ratio } }

    /// The output path, and the folder the template fixes (see `contained`), below which the
    /// writer accepts no symlinked directory.
    func render(_ v: Values) throws(UnsafeName) -> (path: PathBytes, folder: PathBytes) {
        let name = v.name.bytes
        if name.isEmpty || name == [PathBytes.dot] || name == [PathBytes.dot, PathBytes.dot] || name.contains(PathBytes.slash) {
            throw UnsafeName(description: "file name '\(v.name)' cannot be used in an output path")
        }
        for component in v.rel.bytes.split(separator: PathBytes.slash, omittingEmptySubsequences: false) {
            if component.isEmpty || component.elementsEqual([PathBytes.dot]) || component.elementsEqual([PathBytes.dot, PathBytes.dot])
                || component.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
                if v.rel.isEmpty { break }
                throw UnsafeName(description: "directory name '\(v.rel)' cannot be used in an output path")
            }
        }
        var out: [UInt8] = []
        for (index, part) in parts.enumerated() {
            switch part {
            case .literal(let bytes): out += bytes
            case .name: out += name
            case .ext: out += Array(v.ext.utf8)
            case .dir:
                // First, {dir} is the input's own folder (beside the input). Below another folder it
                // must not climb out of it.
                if index > 0, v.dir.bytes.split(separator: PathBytes.slash).contains(where: { $0.elementsEqual([PathBytes.dot, PathBytes.dot]) }) {
                    throw UnsafeName(description: "directory '\(v.dir)' contains '..' and cannot be used inside an output folder")
                }
                out += v.dir.bytes
            case .rel: out += v.rel.bytes
            case .width: out += Array(String(v.width ?? 0).utf8)
            case .height: out += Array(String(v.height ?? 0).utf8)
            case .ratio: out += Array(v.ratio.utf8)
            }
        }
        return try contained(out, values: v)
    }

    /// The rendered path, refused if it leaves the folder the template starts with: the literal
    /// text up to its last '/' before the first placeholder (or the input's folder for a leading
    /// `{dir}`). After that folder no component may be "..", and a relative template stays relative
    /// even when a leading `{rel}` is empty (else "{rel}/{name}" would write at "/").
    private func contained(_ out: [UInt8], values v: Values) throws(UnsafeName) -> (path: PathBytes, folder: PathBytes) {
        let anchor: Int = switch parts.first {
        case .literal(let bytes)?: bytes.lastIndex(of: PathBytes.slash).map { $0 + 1 } ?? 0
        case .dir?: v.dir.bytes.count
        default: 0
        }
        var tail = out[anchor...]
        if anchor == 0 { tail = tail.drop { $0 == PathBytes.slash } }
        if tail.split(separator: PathBytes.slash).contains(where: { $0.elementsEqual([PathBytes.dot, PathBytes.dot]) }) {
            throw UnsafeName(description: "output path '\(PathBytes(out))' would climb out of its folder ('..' after a placeholder)")
        }
        return (PathBytes(Array(out[..<anchor]) + tail).normalized, PathBytes(out[..<anchor]).normalized)
    }
}
