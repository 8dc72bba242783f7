import AspectFit
import Testing
import TestSupport

/// The PNG encoder's own row filters (SSE2 steps and scalar tails) against the PNG specification,
/// computed in Python from the spec's formulas: every row must unfilter to the input pixels, and
/// its filter must be the heuristic's choice (the smaller sum of magnitudes of AVG and PAETH, AVG on
/// a tie).
@Suite struct PNGFilterTests {
    /// Reads PNGs (each after a 4-byte big-endian length) from stdin and writes their unfiltered
    /// pixels to stdout; exits 1 naming the first row whose filter is not the expected one.
    static let unfilter = """
        import struct, sys, zlib
        data = sys.stdin.buffer.read(); out = sys.stdout.buffer; at = 0
        def paeth(a, b, c):
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            return a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        def predict(kind, row, prev, x, bpp):
            a = row[x - bpp] if x >= bpp else 0; b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
            return (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]
        def cost(kind, row, prev, bpp):
            return sum(min(v, 256 - v) for v in ((row[x] - predict(kind, row, prev, x, bpp)) & 255 for x in range(len(row))))
        while at < len(data):
            (size,) = struct.unpack(">I", data[at:at + 4]); png = data[at + 4:at + 4 + size]; at += 4 + size
            i = 8; idat = b""
            while i < len(png):
                n, kind = struct.unpack(">I4s", png[i:i + 8])
                if kind == b"IHDR": w, h, depth, colour = struct.unpack(">IIBB", png[i + 8:i + 18])
                if kind == b"IDAT": idat += png[i + 8:i + 8 + n]
                i += 12 + n
            bpp = {0: 1, 4: 2, 2: 3, 6: 4}[colour]; n = w * bpp; raw = zlib.decompress(idat); prev = bytes(n)
            for y in range(h):
                kind = raw[y * (n + 1)]; filtered = raw[y * (n + 1) + 1:(y + 1) * (n + 1)]; row = bytearray(n)
                for x in range(n): row[x] = (filtered[x] + predict(kind, row, prev, x, bpp)) & 255
                expected = 4 if cost(4, row, prev, bpp) < cost(3, row, prev, bpp) else 3
                if kind != expected: sys.exit(f"{w}x{h} colour type {colour} row {y}: filter {kind}, the heuristic picks {expected}")
                out.write(row); prev = row
        """

    /// Images of every kind the filters treat differently: noise (PAETH wins), smooth ramps (AVG
    /// wins), 0/255 extremes (the Paeth distances at their limits), flat rows (ties).
    static func images(_ layout: PixelLayout) -> [PixelBuffer] {
        var images: [PixelBuffer] = []
        var seed: UInt32 = 99
        for width in [1, 2, 3, 5, 15, 16, 17, 31, 67] {
            for height in [1, 2, 5] {
                for kind in 0 ..< 4 {
                    var image = try! PixelBuffer(width: width, height: height, layout: layout)
                    for i in image.bytes.indices {
                        let x = i / layout.channels % width, y = i / layout.channels / width
                        seed = seed &* 1_103_515_245 &+ 12345
                        switch kind {
                        case 0: image.bytes[i] = UInt8(truncatingIfNeeded: seed >> 24)
                        case 1: image.bytes[i] = UInt8(truncatingIfNeeded: x * 7 + y * 3 + i % layout.channels * 40)
                        case 2: image.bytes[i] = (x + y + Int(seed >> 31)) % 2 == 0 ? 0 : 255
                        default: image.bytes[i] = UInt8(truncatingIfNeeded: 200 + y)
                        }
                    }
                    images.append(image)
                }
            }
        }
        return images
    }

    @Test(arguments: PixelLayout.allCases)
    func rowsFollowTheSpecification(_ layout: PixelLayout) throws {
        let python = try ExternalTool.path("python3")
        let images = Self.images(layout)
        var input: [UInt8] = [], expected: [UInt8] = []
        for image in images {
            let png = try ImageEncoder.encodePNG(image)
            input += withUnsafeBytes(of: UInt32(png.count).bigEndian, Array.init) + png
            expected += image.packedBytes
        }
        let result = try ExternalTool.run(python, ["-c", Self.unfilter], input: input)
        #expect(result.status == 0, "\(layout): \(result.stderr)")
        #expect(Bytes(result.stdout) == Bytes(expected), "\(layout): unfiltered pixels")
    }
}
