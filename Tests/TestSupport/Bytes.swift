/// A byte string compared whole and described by its size and hash, for `#expect(Bytes(a) == Bytes(b))`:
/// a plain `==` of two arrays or `Data` has Swift Testing diff them when they differ, which takes
/// minutes for an encoded image of 100 KB and hours for a binary.
public struct Bytes: Equatable, CustomStringConvertible {
    public let value: [UInt8]

    public init(_ bytes: some Sequence<UInt8>) {
        value = Array(bytes)
    }

    public var description: String {
        "\(value.count) bytes, FNV-1a \(String(FNV1a.hash(value), radix: 16))"
    }
}
