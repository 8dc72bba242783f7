import AspectFit
import Foundation
import TestSupport

/// Another decoder's reading of a corpus file: libvips (`vips copy FILE[page 0] out.png`), whose GIF
/// loader is libnsgif (not giflib) and whose AVIF/HEIF loader is libheif (not libavif). WebP goes
/// through libwebp in both, and HEIF through libheif, the only readers Debian has: there the
/// comparison checks our use of them (canvas, alpha, strides, orientation), and the corpus
/// MANIFEST's Pillow cross-check covers the libraries themselves.
enum VipsReference {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// The file's first page as packed RGBA8 with its size.
    static func rgba8(_ path: String) throws -> (pixels: [UInt8], width: Int, height: Int) {
        let vips = try ExternalTool.path("vips")
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("vips-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: png) }
        let result = try ExternalTool.run(vips, ["copy", path, png])
        guard result.status == 0 else { throw Failed(description: "vips copy \(path): \(result.stderr)") }
        let decoded = try ImageFile.decode(ImageFile.read(path: png))
        return (PixelConversion.rgba8(decoded.pixels), decoded.pixels.width, decoded.pixels.height)
    }
}

/// How far apart two RGBA8 images are, compared premultiplied (the colour under a transparent
/// pixel is no part of the picture).
struct ImageDifference {
    var maximum = 0
    var psnr: Double

    init(_ a: [UInt8], _ b: [UInt8]) {
        precondition(a.count == b.count && a.count % 4 == 0)
        var squares = 0.0
        for i in stride(from: 0, to: a.count, by: 4) {
            for c in 0 ..< 4 {
                let x = c == 3 ? Int(a[i + 3]) : (Int(a[i + c]) * Int(a[i + 3]) + 127) / 255
                let y = c == 3 ? Int(b[i + 3]) : (Int(b[i + c]) * Int(b[i + 3]) + 127) / 255
                maximum = max(maximum, abs(x - y))
                squares += Double((x - y) * (x - y))
            }
        }
        let mse = squares / Double(a.count)
        psnr = mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
