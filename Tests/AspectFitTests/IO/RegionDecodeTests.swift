import AspectFit
import Testing
import TestSupport

/// A region decode (jpeg_crop_scanline columns, jpeg_skip_scanlines rows, early stop; PNG rows)
/// equals the same pixels of the full decode, at every DCT scale.
@Suite struct RegionDecodeTests {
    static let files = [
        "jpeg/ljt-testorig.jpg", "jpeg/ljt-testimgp.jpg", "jpeg/ljt-testimgari.jpg", "jpeg/ljt-testimggray.jpg",
        "jpeg/sampling-peacock.s-very-weird.jpg", "jpeg/sampling-peacock.s-weird.jpg", "jpeg/sampling-peacock.s1x3.jpg",
        "jpeg/sampling-peacock.s2x1-422.jpg", "jpeg/sampling-peacock.s1x1-444.jpg", "jpeg/restart-bicycles.jpg",
        "jpeg/ycck-pil-sample.jpg", "jpeg/cmyk-adobe-swop-icc.jpg", "jpeg/progressive-nuke-tricky.jpg",
        "jpeg/sampling-flower-420-non-interleaved.jpg", "exif-orientation/Landscape_3.jpg",
        "png-extra/interlaced-hippopotamus.png", "png-extra/palette-trns-thumbor.png", "pngsuite/basn6a16.png",
    ]

    /// Regions as fractions of the scaled size: middle, bottom-right corner, one row, one column, top strip.
    static func regions(width w: Int, height h: Int) -> [PixelRect] {
        [
            PixelRect(x: w / 3, y: h / 3, width: max(1, w / 3), height: max(1, h / 3)),
            PixelRect(x: w - max(1, w / 4), y: h - max(1, h / 5), width: max(1, w / 4), height: max(1, h / 5)),
            PixelRect(x: w / 5, y: h / 2, width: max(1, w / 2), height: 1),
            PixelRect(x: w - 1, y: 0, width: 1, height: h),
            PixelRect(x: 0, y: 0, width: w, height: max(1, h / 7)),
            PixelRect(x: 7 % w, y: 9 % h, width: max(1, w - 7 % w - 5 % w), height: max(1, h - 9 % h - 3 % h)),
        ]
    }

    @Test(arguments: files)
    func regionEqualsTheSamePixelsOfTheFullDecode(_ file: String) throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path(file))
        let scales = try ImageFile.probe(data).format == .jpeg ? [1, 2, 4, 8] : [1]
        for scale in scales {
            let full = try ImageFile.decode(data, options: DecodeOptions(scaleDenominator: scale))
            for asked in Self.regions(width: full.scaledWidth, height: full.scaledHeight) {
                let part = try ImageFile.decode(data, options: DecodeOptions(scaleDenominator: scale, region: asked))
                let got = part.region
                #expect(got == asked, "\(file) 1/\(scale): asked \(asked), decoded \(got)")
                #expect(part.pixels.width == got.width && part.pixels.height == got.height)
                let expected = PixelConversion.crop(full.pixels, x: got.x, y: got.y, width: got.width, height: got.height)
                #expect(Self.differences(part.pixels, expected) == [], "\(file) 1/\(scale) region \(asked) (decoded \(got))")
            }
        }
    }

    /// The (column, row) positions where a decoded region differs from the expected bytes (first 8).
    static func differences(_ pixels: PixelBuffer, _ expected: [UInt8]) -> [String] {
        let got = pixels.packedBytes, c = pixels.layout.channels
        guard got.count == expected.count else { return ["size \(got.count) != \(expected.count)"] }
        var out = [String]()
        for i in stride(from: 0, to: got.count, by: c) where got[i ..< i + c] != expected[i ..< i + c] {
            out.append("(\(i / c % pixels.width),\(i / c / pixels.width))")
            if out.count == 8 { break }
        }
        return out
    }

    @Test func streamingRowsEqualTheBufferDecode() throws {
        guard try Corpus.require() else { return }
        for file in ["jpeg/restart-bicycles.jpg", "png-extra/interlaced-palette-trns-toucan.png"] {
            let data = try ImageFile.read(path: Corpus.path(file))
            let region = PixelRect(x: 10, y: 20, width: 100, height: 90)
            let options = DecodeOptions(region: region)
            let buffer = try ImageFile.decode(data, options: options)
            var started: (PixelRect, PixelLayout)?
            var rows = [UInt8]()
            var nextY = 0
            let summary = try ImageFile.decodeRows(data, options: options, start: { started = ($0, $1) }, row: { y, pixels in
                #expect(y == nextY)
                nextY += 1
                rows += pixels
            })
            #expect(started?.0 == buffer.region && started?.1 == buffer.pixels.layout)
            #expect(summary.region == buffer.region && summary.layout == buffer.pixels.layout)
            #expect(Bytes(rows) == Bytes(buffer.pixels.packedBytes), "\(file)")
        }
    }

    @Test func streamingStopsWhenTheConsumerThrows() throws {
        guard try Corpus.require() else { return }
        struct Enough: Error {}
        let data = try ImageFile.read(path: Corpus.path("photos/harvesters-1165x859.jpg"))
        var count = 0
        #expect(throws: Enough.self) {
            try ImageFile.decodeRows(data, start: { _, _ in }, row: { _, _ in
                count += 1
                if count == 40 { throw Enough() }
            })
        }
        #expect(count == 40)
    }

    @Test func regionsOutsideTheImageAreRejected() throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path("jpeg/ljt-testorig.jpg"))  // 227x149
        for region in [PixelRect(x: 200, y: 0, width: 28, height: 10), PixelRect(x: 0, y: 0, width: 0, height: 1),
                       PixelRect(x: -1, y: 0, width: 5, height: 5), PixelRect(x: 0, y: 140, width: 5, height: 10)] {
            #expect(throws: ImageIOError.self, "\(region)") { try ImageFile.decode(data, options: DecodeOptions(region: region)) }
        }
        #expect(throws: ImageIOError.self) { try ImageFile.decode(data, options: DecodeOptions(scaleDenominator: 3)) }
        let png = try ImageFile.read(path: Corpus.path("pngsuite/basn2c08.png"))
        #expect(throws: ImageIOError.self) { try ImageFile.decode(png, options: DecodeOptions(scaleDenominator: 2)) }
    }
}
