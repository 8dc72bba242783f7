#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file path kept as raw bytes: POSIX paths need not be valid UTF-8, and a Swift `String`
/// would silently repair (and so change) them.
struct PathBytes: Hashable, Comparable, Sendable, CustomStringConvertible {
    var bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }
    init(_ string: String) { bytes = Array(string.utf8) }
    init<S: Sequence>(_ slice: S) where S.Element == UInt8 { bytes = Array(slice) }
    init(cString: UnsafePointer<CChar>) {
        bytes = Array(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
    }

    static let slash = UInt8(ascii: "/")
    static let dot = UInt8(ascii: ".")

    /// The path for messages: invalid UTF-8 is shown as U+FFFD.
    var description: String { String(decoding: bytes, as: UTF8.self) }
    var isEmpty: Bool { bytes.isEmpty }
    /// Whether `description` shows the bytes exactly (no U+FFFD repair).
    var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }
    var isAbsolute: Bool { bytes.first == Self.slash }
    var hasTrailingSlash: Bool { bytes.count > 1 && bytes.last == Self.slash }

    static func < (lhs: PathBytes, rhs: PathBytes) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }

    /// Calls `body` with a NUL-terminated copy of the path for a system call.
    func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        var copy = bytes
        copy.append(0)
        return try copy.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// `self/component`, without doubling slashes; an empty side yields the other.
    func appending(_ component: PathBytes) -> PathBytes {
        if bytes.isEmpty { return component }
        if component.isEmpty { return self }
        var result = bytes
        if result.last != Self.slash { result.append(Self.slash) }
        result.append(contentsOf: component.bytes.drop(while: { $0 == Self.slash }))
        return PathBytes(result)
    }

    /// The path without trailing slashes (but "/" stays "/").
    var trimmingTrailingSlashes: PathBytes {
        var b = bytes
        while b.count > 1, b.last == Self.slash { b.removeLast() }
        return PathBytes(b)
    }

    /// The last path component ("a/b.jpg" -> "b.jpg").
    var lastComponent: PathBytes {
        let t = trimmingTrailingSlashes.bytes
        if let i = t.lastIndex(of: Self.slash), t.count > 1 { return PathBytes(t[(i + 1)...]) }
        return PathBytes(t)
    }

    /// The containing directory ("a/b.jpg" -> "a", "b.jpg" -> ".", "/b" -> "/").
    var parent: PathBytes {
        let t = trimmingTrailingSlashes.bytes
        guard let i = t.lastIndex(of: Self.slash) else { return PathBytes(".") }
        return i == 0 ? PathBytes("/") : PathBytes(t[..<i])
    }

    /// The file name without its extension; a leading dot does not start an extension.
    var stem: PathBytes {
        let name = lastComponent.bytes
        if let i = name.lastIndex(of: Self.dot), i > 0 { return PathBytes(name[..<i]) }
        return PathBytes(name)
    }

    /// The extension after the last dot of the file name, as spelled; "" if none.
    var fileExtension: String {
        let name = lastComponent.bytes
        guard let i = name.lastIndex(of: Self.dot), i > 0 else { return "" }
        return String(decoding: name[(i + 1)...], as: UTF8.self)
    }

    var lowercasedExtension: String { fileExtension.lowercased() }

    /// The non-empty components, dropping "." ("./a//b/" -> ["a", "b"]).
    var components: [PathBytes] {
        bytes.split(separator: Self.slash).filter { !($0.count == 1 && $0.first == Self.dot) }.map { PathBytes($0) }
    }

    /// The path made lexically tidy: no empty or "." components, "a/../b" kept as is (symlinks make ".." non-lexical).
    var normalized: PathBytes {
        let joined = Array(components.map(\.bytes).joined(separator: [Self.slash]))
        if isAbsolute { return PathBytes([Self.slash] + joined) }
        return joined.isEmpty ? PathBytes(".") : PathBytes(joined)
    }
}
