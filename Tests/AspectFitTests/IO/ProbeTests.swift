import AspectFit
import Foundation
import Testing
import TestSupport

/// Header probes: size, orientation, ICC profile, format from content, speed on huge headers.
@Suite(.serialized) struct ProbeTests {  // serialized: it bounds CPU time
    static func isICC(_ profile: [UInt8]?) -> Bool {
        guard let p = profile, p.count >= 128 else { return false }
        let declared = Int(p[0]) << 24 | Int(p[1]) << 16 | Int(p[2]) << 8 | Int(p[3])
        return Array(p[36 ..< 40]) == Array("acsp".utf8) && declared == p.count
    }

    @Test func exifOrientationExamples() throws {
        guard try Corpus.require() else { return }
        for kind in ["Landscape", "Portrait"] {
            for tag in 0 ... 8 {
                let info = try ImageFile.probe(ImageFile.read(path: Corpus.path("exif-orientation/\(kind)_\(tag).jpg")))
                #expect(info.orientation.rawValue == max(tag, 1), "\(kind)_\(tag)")
                let upright = info.orientation.uprightSize(width: info.width, height: info.height)
                #expect(kind == "Landscape" ? upright == (1800, 1200) : upright == (1200, 1800), "\(kind)_\(tag)")
                #expect(info.format == .jpeg && info.channels == 3 && info.bitDepth == 8 && !info.hasAlpha)
                #expect(info.decodedLayout == .rgb8)
            }
        }
    }

    @Test func iPhonePhotoHasOrientation6AndADisplayP3Profile() throws {
        guard try Corpus.require() else { return }
        let info = try ImageFile.probe(ImageFile.read(path: Corpus.path("photos/iphone-xs-p3-orientation6-4032x3024.jpg")))
        #expect(info.width == 4032 && info.height == 3024)
        #expect(info.orientation == .right)
        #expect(Self.isICC(info.iccProfile))
        #expect(!info.isProgressive)
    }

    @Test func jpegMetadataOddities() throws {
        guard try Corpus.require() else { return }
        let expectations: [(String, Orientation, Bool)] = [
            ("jpeg/icc-brg-orientation5.jpg", .leftMirrored, true),
            ("jpeg/icc-after-sof.jpg", .up, false),  // two 7-byte "1 of 1" APP2 markers: not a usable profile
            ("jpeg/exif-invalid.jpg", .up, false), ("jpeg/exif-broken-tag.jpg", .up, false),
            ("jpeg/gray-dotgain-icc.jpg", .up, true), ("jpeg/ljt-testorig.jpg", .up, false),
        ]
        for (file, orientation, hasICC) in expectations {
            let info = try ImageFile.probe(ImageFile.read(path: Corpus.path(file)))
            #expect(info.orientation == orientation, "\(file)")
            #expect(Self.isICC(info.iccProfile) == hasICC, "\(file)")
        }
        let progressive = try ImageFile.probe(ImageFile.read(path: Corpus.path("jpeg/ljt-testimgp.jpg")))
        #expect(progressive.isProgressive)
        let gray = try ImageFile.probe(ImageFile.read(path: Corpus.path("jpeg/ljt-testimggray.jpg")))
        #expect(gray.channels == 1 && gray.decodedLayout == .gray8)
        let cmyk = try ImageFile.probe(ImageFile.read(path: Corpus.path("jpeg/cmyk-adobe-swop-icc.jpg")))
        #expect(cmyk.channels == 4 && cmyk.decodedLayout == .rgb8 && Self.isICC(cmyk.iccProfile))
    }

    @Test func pngMetadata() throws {
        guard try Corpus.require() else { return }
        let exif = try ImageFile.probe(ImageFile.read(path: Corpus.path("png-extra/interlaced-rgba-pngtest.png")))
        #expect(exif.orientation == .leftMirrored && exif.isProgressive && exif.hasAlpha && exif.decodedLayout == .rgba8)
        for file in ["png-extra/iccp-colormatch-xmp-orientation.png", "png-extra/iccp-display-p3-8x8.png",
                     "png-extra/iccp-exif-xmp-paris.png", "png-extra/rgb16-monkey-iccp.png",
                     "png-extra/rgb16-rec2020-linear-iccp.png", "photos/nasa-astronaut-rgba-852x567.png"] {
            let info = try ImageFile.probe(ImageFile.read(path: Corpus.path(file)))
            #expect(Self.isICC(info.iccProfile), "\(file)")
        }
        let rgb16 = try ImageFile.probe(ImageFile.read(path: Corpus.path("png-extra/rgb16-monkey-iccp.png")))
        #expect(rgb16.bitDepth == 16 && rgb16.channels == 3 && rgb16.decodedLayout == .rgb8)
        let paletteTRNS = try ImageFile.probe(ImageFile.read(path: Corpus.path("png-extra/palette-trns-thumbor.png")))
        #expect(paletteTRNS.hasAlpha && paletteTRNS.decodedLayout == .rgba8 && paletteTRNS.channels == 1)
        let grayTRNS = try ImageFile.probe(ImageFile.read(path: Corpus.path("pngsuite/tbwn0g16.png")))
        #expect(grayTRNS.hasAlpha && grayTRNS.decodedLayout == .grayAlpha8)
    }

    @Test func hugeHeadersProbeInMilliseconds() throws {
        guard try Corpus.require() else { return }
        for file in ["bad/huge-valid-65536x65536.png", "bad/bomb-49157x27397.jpg", "bad/huge-valid-20000x14000.jpg"] {
            let data = try ImageFile.read(path: Corpus.path(file))
            let start = ThreadCPUTime.now()
            let info = try ImageFile.probe(data)
            #expect(ThreadCPUTime.now() - start < .milliseconds(50), "\(file)")
            #expect(info.width >= 20000)
        }
    }

    @Test func unknownDataIsUnsupportedAndEmptyDataTruncated() {
        #expect(throws: ImageIOError.truncated("empty file")) { try ImageFile.probe([]) }
        #expect(throws: ImageIOError.unsupported(format: "not a JPEG, PNG, WebP, AVIF, HEIF or GIF file")) {
            try ImageFile.probe(Array("BM6.......".utf8))
        }
        #expect(throws: ImageIOError.truncated("truncated GIF data (the logical screen descriptor is cut off)")) {
            try ImageFile.probe(Array("GIF89a....".utf8))
        }
    }
}
