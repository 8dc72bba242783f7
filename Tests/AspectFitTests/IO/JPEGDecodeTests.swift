import AspectFit
import Testing
import TestSupport

/// JPEG pixels equal djpeg's (same libjpeg-turbo, ISLOW DCT, fancy upsampling) at every DCT scale.
/// Files up to 2000 px on the long side are checked at 1/1, 1/2, 1/4 and 1/8; the big photos at 1/1
/// and 1/8 to keep the test time sane. CMYK/YCCK files are checked against Pillow's ImageCms instead (ColourConversionTests).
@Suite struct JPEGDecodeTests {
    @Test(arguments: JPEGCorpus.decodable)
    func matchesDjpeg(_ file: String) throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path(file))
        let info = try ImageFile.probe(data)
        guard info.channels != 4 else { return }   // CMYK/YCCK: ColourConversionTests
        let scales = max(info.width, info.height) > 2000 ? [1, 8] : [1, 2, 4, 8]
        for scale in scales {
            let reference = try Djpeg.decode(path: Corpus.path(file), scaleDenominator: scale)
            let decoded = try ImageFile.decode(data, options: DecodeOptions(scaleDenominator: scale))
            #expect(decoded.warnings.isEmpty, "\(file): \(decoded.warnings)")
            #expect(decoded.pixels.layout == (reference.channels == 1 ? .gray8 : .rgb8), "\(file) 1/\(scale)")
            #expect(decoded.scaledWidth == reference.width && decoded.scaledHeight == reference.height)
            #expect(decoded.region == PixelRect(x: 0, y: 0, width: reference.width, height: reference.height))
            #expect(Bytes(decoded.pixels.packedBytes) == Bytes(reference.pixels), "\(file) at 1/\(scale) differs from djpeg")
        }
    }

    /// Repeated chroma (libjpeg's merged upsampler) equals `djpeg -nosmooth`, for the whole image
    /// and for a region whose edges fall inside MCUs (column crop and skipped rows).
    @Test(arguments: JPEGCorpus.decodable)
    func replicatedChromaMatchesDjpegNosmooth(_ file: String) throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path(file))
        let info = try ImageFile.probe(data)
        guard info.channels != 4, max(info.width, info.height) <= 2000 else { return }
        let reference = try Djpeg.decode(path: Corpus.path(file), smoothChroma: false)
        var options = DecodeOptions()
        options.smoothChroma = false
        let whole = try ImageFile.decode(data, options: options)
        let wholeMatches = whole.pixels.packedBytes == reference.pixels
        #expect(wholeMatches, "\(file): whole image differs from djpeg -nosmooth")
        let region = PixelRect(x: reference.width / 3 + 1, y: reference.height / 4 + 3,
                               width: max(1, reference.width / 3), height: max(1, reference.height / 3))
        guard region.maxX <= reference.width, region.maxY <= reference.height else { return }
        options.region = region
        let part = try ImageFile.decode(data, options: options)
        #expect(part.region == region)
        let c = reference.channels
        var expected: [UInt8] = []
        for y in region.y ..< region.maxY {
            let start = (y * reference.width + region.x) * c
            expected += reference.pixels[start ..< start + region.width * c]
        }
        let partMatches = part.pixels.packedBytes == expected
        #expect(partMatches, "\(file): region \(region) differs from djpeg -nosmooth")
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
}
