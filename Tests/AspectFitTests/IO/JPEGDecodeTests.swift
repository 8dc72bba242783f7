import AspectFit
import Testing
import TestSupport

/// JPEG pixels equal djpeg's (same libjpeg-turbo, ISLOW DCT, fancy upsampling) at every DCT scale.
/// Files up to 2000 px on the long side are checked at 1/1, 1/2, 1/4 and 1/8; the big photos at 1/1
/// and 1/8 to keep the test time sane. CMYK/YCCK files are checked against Pillow instead.
@Suite struct JPEGDecodeTests {
    @Test(arguments: JPEGCorpus.decodable)
    func matchesDjpeg(_ file: String) throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path(file))
        let info = try ImageFile.probe(data)
        guard info.channels != 4 else { return }   // CMYK/YCCK: CMYKDecodeTests
        let scales = max(info.width, info.height) > 2000 ? [1, 8] : [1, 2, 4, 8]
        for scale in scales {
            guard let reference = try Djpeg.decode(path: Corpus.path(file), scaleDenominator: scale) else { return }
            let decoded = try ImageFile.decode(data, options: DecodeOptions(scaleDenominator: scale))
            #expect(decoded.warnings.isEmpty, "\(file): \(decoded.warnings)")
            #expect(decoded.pixels.layout == (reference.channels == 1 ? .gray8 : .rgb8), "\(file) 1/\(scale)")
            #expect(decoded.scaledWidth == reference.width && decoded.scaledHeight == reference.height)
            #expect(decoded.region == PixelRect(x: 0, y: 0, width: reference.width, height: reference.height))
            #expect(decoded.pixels.packedBytes == reference.pixels, "\(file) at 1/\(scale) differs from djpeg")
        }
    }

    @Test(arguments: JPEGCorpus.unsupported)
    func twelveBitAndLosslessAreUnsupported(_ file: String) throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path(file))
        #expect(throws: ImageIOError.self) { try ImageFile.decode(data) }
        do {
            _ = try ImageFile.decode(data)
        } catch {
            let expected = file.contains("lossless") ? "lossless JPEG" : "12-bit JPEG"
            #expect(error == .unsupported(format: expected), "\(file)")
        }
    }

    @Test(arguments: CMYKReferences.entries.keys.sorted())
    func cmykMatchesPillow(_ name: String) throws {
        guard try Corpus.require() else { return }
        let reference = try #require(CMYKReferences.entries[name])
        let decoded = try ImageFile.decode(ImageFile.read(path: Corpus.path("jpeg/\(name)")))
        #expect(decoded.pixels.layout == .rgb8)
        #expect(decoded.pixels.width == reference.width && decoded.pixels.height == reference.height)
        let p = decoded.pixels
        for cy in 0 ..< 8 {
            for cx in 0 ..< 8 {
                let y0 = cy * p.height / 8, y1 = (cy + 1) * p.height / 8
                let x0 = cx * p.width / 8, x1 = (cx + 1) * p.width / 8
                var sums = [0.0, 0.0, 0.0]
                for y in y0 ..< y1 {
                    for x in x0 ..< x1 {
                        for c in 0 ..< 3 { sums[c] += Double(p.bytes[y * p.bytesPerRow + x * 3 + c]) }
                    }
                }
                let n = Double((y1 - y0) * (x1 - x0))
                for c in 0 ..< 3 {
                    let expected = reference.cellMeans[(cy * 8 + cx) * 3 + c]
                    #expect(abs(sums[c] / n - expected) <= 1.0, "\(name) cell \(cx),\(cy) channel \(c)")
                }
            }
        }
        // the conversion is written to be bit-exact with Pillow's cmyk2rgb
        #expect(FNV1a.hash(p.packedBytes) == reference.rgb8Hash, "\(name) not bit-exact with Pillow")
    }
}
