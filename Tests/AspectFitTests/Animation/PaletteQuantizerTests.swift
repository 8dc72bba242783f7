import AspectFit
import CImageIO
import Foundation
import Testing

/// The GIF writer's palette (median cut) and Floyd-Steinberg mapping: at most 256 colours, every
/// index inside the palette, few colours kept exactly, a bounded error on gradients and noise, and
/// transparency as its own index.
@Suite struct PaletteQuantizerTests {
    /// The palette's reconstruction of `rgba` (width x height) and the colour count; transparent: the index for alpha under 128.
    static func quantize(_ rgba: [UInt8], width: Int, height: Int, transparent: Int32 = -1) -> (indices: [UInt8], palette: [[UInt8]], colors: Int) {
        var palette = [(UInt8, UInt8, UInt8)](repeating: (0, 0, 0), count: 256)
        var indices = [UInt8](repeating: 0, count: width * height)
        let colors = palette.withUnsafeMutableBytes { raw in
            cio_quantize(rgba, UInt32(width), UInt32(height), width * 4, transparent,
                         raw.baseAddress!.assumingMemoryBound(to: (UInt8, UInt8, UInt8).self), &indices)
        }
        return (indices, palette.map { [$0.0, $0.1, $0.2] }, Int(colors))
    }

    /// PSNR (dB) of the opaque pixels' RGB as the palette maps them.
    static func psnr(_ rgba: [UInt8], _ q: (indices: [UInt8], palette: [[UInt8]], colors: Int)) -> Double {
        var sum = 0.0, count = 0
        for (i, index) in q.indices.enumerated() where rgba[i * 4 + 3] >= 128 {
            for c in 0 ..< 3 { sum += pow(Double(Int(rgba[i * 4 + c]) - Int(q.palette[Int(index)][c])), 2) }
            count += 3
        }
        return sum == 0 ? 99 : 10 * log10(255 * 255 * Double(count) / sum)
    }

    static func image(width: Int, height: Int, _ pixel: (Int, Int) -> (Int, Int, Int, Int)) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0 ..< height {
            for x in 0 ..< width {
                let p = pixel(x, y)
                bytes += [UInt8(p.0), UInt8(p.1), UInt8(p.2), UInt8(p.3)]
            }
        }
        return bytes
    }

    @Test func aFewColoursAreKeptExactly() {
        let rgba = Self.image(width: 64, height: 32) { x, y in ((x / 16) * 80, (y / 8) * 60, 200, 255) }
        let q = Self.quantize(rgba, width: 64, height: 32)
        #expect(q.colors == 16)
        #expect(Self.psnr(rgba, q) == 99)
    }

    @Test func aGradientAndNoiseStayWithinTheirBounds() {
        let gradient = Self.image(width: 256, height: 64) { x, y in (x, (x + y * 2) % 256, 255 - x, 255) }
        let g = Self.quantize(gradient, width: 256, height: 64)
        #expect(g.colors <= 256 && g.indices.allSatisfy { Int($0) < g.colors })
        // Pillow's dithered 256 colours measure 36.6 dB (median cut) and 35.0 dB (fast octree) here
        #expect(Self.psnr(gradient, g) > 34, "gradient \(Self.psnr(gradient, g)) dB")
        var seed: UInt32 = 7
        let noise = Self.image(width: 128, height: 96) { x, y in
            seed = seed &* 1_103_515_245 &+ 12345
            let n = Int(seed >> 24) % 48
            return (min(255, x * 2 + n), min(255, y * 2 + n), min(255, (x + y) + n), 255)
        }
        let q = Self.quantize(noise, width: 128, height: 96)
        #expect(q.colors <= 256 && q.indices.allSatisfy { Int($0) < q.colors })
        #expect(Self.psnr(noise, q) > 32, "noise \(Self.psnr(noise, q)) dB")
    }

    @Test func transparentPixelsTakeTheTransparentIndexAndNoOthers() {
        let rgba = Self.image(width: 64, height: 64) { x, y in (x * 4, y * 4, 90, (x + y) % 3 == 0 ? 0 : (x < 32 ? 255 : 127)) }
        let q = Self.quantize(rgba, width: 64, height: 64, transparent: 255)
        #expect(q.colors <= 256)
        let transparent = UInt8(q.colors - 1)
        let wrong = q.indices.indices.filter { (rgba[$0 * 4 + 3] < 128) != (q.indices[$0] == transparent) }
        #expect(wrong.isEmpty, "pixels \(wrong.prefix(5)) and \(max(0, wrong.count - 5)) more")
    }
}
