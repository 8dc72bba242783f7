/// Builds PNG files in memory: chunks with valid CRCs and zlib streams of stored (uncompressed)
/// deflate blocks, so bomb and limit tests need no zlib and no files on disk.
public enum PNGBytes {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(CRC32.checksum(body))
    }

    /// IHDR for an 8-bit image of `colorType` (0 grey, 2 RGB, 6 RGBA), not interlaced.
    public static func ihdr(width: UInt32, height: UInt32, colorType: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, colorType, 0, 0, 0])
    }

    /// A zlib stream holding `data` in stored deflate blocks (at most 65535 bytes each).
    public static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65535, data.count - start)
            let final: UInt8 = start + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            out += data[start ..< start + n]
            start += n
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }

    /// A complete grey image of `width` x `height` zeros, with `extra` chunks before IDAT.
    public static func grayImage(width: UInt32, height: UInt32, extra: [UInt8] = []) -> [UInt8] {
        let raw = [UInt8](repeating: 0, count: (Int(width) + 1) * Int(height))
        return signature + ihdr(width: width, height: height) + extra + chunk("IDAT", storedZlib(raw)) + chunk("IEND", [])
    }
}
