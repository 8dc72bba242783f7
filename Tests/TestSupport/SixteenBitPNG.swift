import Foundation
import AspectFit

/// 16-bit PNGs written and read by the tests themselves, from the PNG specification: an oracle
/// that shares no code with the library. The writer stores the data uncompressed (deflate stored
/// blocks), every row with filter 0, Adam7 passes when interlaced; the reader is Python's zlib
/// plus the spec's five unfilters.
public enum SixteenBitPNG {
    /// A source to write: `layout`'s colour type at 16 bits, with optional extras.
    public struct Source {
        public var image: PixelBuffer16
        public var interlaced = false
        /// A tRNS colour (one sample for gray, three for RGB): pixels of exactly that colour are transparent.
        public var transparent: [UInt16]?
        public var iccProfile: [UInt8]?
        /// An eXIf chunk with this orientation (1...8).
        public var orientation: Int?

        public init(image: PixelBuffer16, interlaced: Bool = false, transparent: [UInt16]? = nil,
                    iccProfile: [UInt8]? = nil, orientation: Int? = nil) {
            self.image = image
            self.interlaced = interlaced
            self.transparent = transparent
            self.iccProfile = iccProfile
            self.orientation = orientation
        }
    }

    /// PNG colour types by layout.
    public static func colourType(_ layout: PixelLayout) -> UInt8 {
        switch layout {
        case .gray8: 0
        case .grayAlpha8: 4
        case .rgb8: 2
        case .rgba8: 6
        }
    }

    /// The file bytes.
    public static func encode(_ source: Source) -> [UInt8] {
        let image = source.image
        let ch = image.layout.channels
        var ihdr = be32(image.width) + be32(image.height)
        ihdr += [16, colourType(image.layout), 0, 0, source.interlaced ? 1 : 0]
        var file: [UInt8] = PNGBytes.signature + PNGBytes.chunk("IHDR", ihdr)
        if let profile = source.iccProfile { file += PNGBytes.chunk("iCCP", Array("icc".utf8) + [0, 0] + PNGBytes.storedZlib(profile)) }
        if let t = source.transparent { file += PNGBytes.chunk("tRNS", t.flatMap { be16($0) }) }
        if let o = source.orientation {
            // Big-endian TIFF: one IFD entry, Orientation (0x0112) SHORT 1 = o.
            let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(o), 0, 0, 0, 0, 0, 0]
            file += PNGBytes.chunk("eXIf", tiff)
        }
        // (x0, y0, dx, dy) of each Adam7 pass; one pass of everything when not interlaced.
        let passes = source.interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes where x0 < image.width && y0 < image.height {
            for y in stride(from: y0, to: image.height, by: dy) {
                raw.append(0)
                for x in stride(from: x0, to: image.width, by: dx) {
                    for c in 0 ..< ch { raw += be16(image.samples[(y * image.width + x) * ch + c]) }
                }
            }
        }
        file += PNGBytes.chunk("IDAT", PNGBytes.storedZlib(raw)) + PNGBytes.chunk("IEND", [])
        return file
    }

    /// What the reader found in a PNG file.
    public struct Decoded: Decodable {
        public var width: Int
        public var height: Int
        public var depth: Int
        public var colour: Int
        public var interlace: Int
        /// The iCCP chunk's profile, inflated, as hex; nil without one.
        public var icc: String?
        /// Ancillary chunk names in file order.
        public var chunks: [String]
        /// Every sample, row after row (16-bit ones as their values, 8-bit ones as bytes).
        public var samples: [Int]
    }

    /// Python's reading of the non-interlaced PNG at `path`.
    public static func read(_ path: String) throws -> Decoded {
        let python = try ExternalTool.path("python3")
        let result = try ExternalTool.run(python, ["-c", reader, path])
        guard result.status == 0 else { throw ReadFailure(message: result.stderr) }
        return try JSONDecoder().decode(Decoded.self, from: Data(result.stdout))
    }

    /// The reader's complaint.
    public struct ReadFailure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    static let reader = """
        import json, struct, sys, zlib
        png = open(sys.argv[1], "rb").read(); assert png[:8] == b"\\x89PNG\\r\\n\\x1a\\n", "not a PNG"
        i = 8; idat = b""; icc = None; chunks = []
        while i < len(png):
            n, kind = struct.unpack(">I4s", png[i:i + 8]); body = png[i + 8:i + 8 + n]
            assert zlib.crc32(kind + body) == struct.unpack(">I", png[i + 8 + n:i + 12 + n])[0], "CRC"
            if kind == b"IHDR": w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            elif kind == b"IDAT": idat += body
            elif kind == b"iCCP": icc = zlib.decompress(body[body.index(b"\\0") + 2:]).hex()
            elif kind != b"IEND": chunks.append(kind.decode())
            i += 12 + n
        assert interlace == 0, "interlaced output"
        channels = {0: 1, 4: 2, 2: 3, 6: 4}[colour]; bpp = channels * depth // 8; n = w * bpp
        raw = zlib.decompress(idat); prev = bytearray(n); out = bytearray()
        def paeth(a, b, c):
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            return a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        for y in range(h):
            kind = raw[y * (n + 1)]; f = raw[y * (n + 1) + 1:(y + 1) * (n + 1)]; row = bytearray(n)
            for x in range(n):
                a = row[x - bpp] if x >= bpp else 0; b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
                row[x] = (f[x] + (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]) & 255
            out += row; prev = row
        samples = list(struct.unpack(">%dH" % (len(out) // 2), out)) if depth == 16 else list(out)
        print(json.dumps(dict(width=w, height=h, depth=depth, colour=colour, interlace=interlace, icc=icc,
                              chunks=chunks, samples=samples)))
        """

    private static func be32(_ v: Int) -> [UInt8] { PNGBytes.bigEndian(UInt32(v)) }
    private static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
}
