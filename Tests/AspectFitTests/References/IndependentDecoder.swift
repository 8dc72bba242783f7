import AspectFit
import Foundation
import Testing
import TestSupport

/// WebP and AVIF files read back by tools that share no code with our encoders: dwebp (libwebp's
/// own decoder) and avifdec (dav1d decodes; libaom only encodes) for pixels, handed over as PNG;
/// exiftool for the metadata; avifdec --info for AVIF's colour description.
enum IndependentDecoder {
    /// The pixels of an encoded WebP (suffix ".webp") or AVIF (".avif"), as the tool writes them to PNG;
    /// `dwebpOptions` (such as `-crop X Y W H` or `-scale W H`) go to dwebp.
    static func pixels(_ encoded: [UInt8], suffix: String, dwebpOptions: [String] = []) throws -> PixelBuffer {
        let tool = suffix == ".webp" ? "dwebp" : "avifdec"
        let path = try ExternalTool.path(tool)
        let source = try EncodeTests.writeTemporary(encoded, suffix: suffix)
        let target = source + ".png"
        defer { try? FileManager.default.removeItem(atPath: source); try? FileManager.default.removeItem(atPath: target) }
        let arguments = suffix == ".webp" ? ["-quiet"] + dwebpOptions + [source, "-o", target] : ["--depth", "8", source, target]
        let result = try ExternalTool.run(path, arguments)
        #expect(result.status == 0, "\(tool): \(result.stderr)")
        return try ImageFile.decode(ImageFile.read(path: target)).pixels
    }

    /// A metadata block as exiftool extracts it (`tag` "ICC_Profile" or "EXIF"); empty when absent.
    static func block(_ tag: String, of encoded: [UInt8], suffix: String) throws -> [UInt8] {
        let exiftool = try ExternalTool.path("exiftool")
        let path = try EncodeTests.writeTemporary(encoded, suffix: suffix)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try ExternalTool.run(exiftool, ["-b", "-\(tag)", path])
        #expect(result.status == 0, "exiftool: \(result.stderr)")
        return result.stdout
    }

    /// avifdec's description of an AVIF ("Format", "Alpha", "Color Primaries", ...: the text after the colon).
    static func avifInfo(_ encoded: [UInt8]) throws -> [String: String] {
        let avifdec = try ExternalTool.path("avifdec")
        let path = try EncodeTests.writeTemporary(encoded, suffix: ".avif")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try ExternalTool.run(avifdec, ["--info", path])
        #expect(result.status == 0, "avifdec: \(result.stderr)")
        var fields: [String: String] = [:]
        for line in String(decoding: result.stdout, as: UTF8.self).split(separator: "\n") where line.hasPrefix(" * ") {
            let parts = line.dropFirst(3).split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return fields
    }

    /// PSNR of one channel (or all, when nil) of two same-sized buffers of the same layout.
    static func psnr(_ a: PixelBuffer, _ b: PixelBuffer, channel: Int? = nil) -> Double {
        let pa = a.packedBytes, pb = b.packedBytes, channels = a.layout.channels
        var sum = 0.0, count = 0
        for i in pa.indices where channel == nil || i % channels == channel {
            let d = Double(Int(pa[i]) - Int(pb[i]))
            sum += d * d
            count += 1
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(count)))
    }

    /// One channel of every pixel.
    static func channel(_ index: Int, of image: PixelBuffer) -> [UInt8] {
        let bytes = image.packedBytes, channels = image.layout.channels
        return stride(from: index, to: bytes.count, by: channels).map { bytes[$0] }
    }
}
