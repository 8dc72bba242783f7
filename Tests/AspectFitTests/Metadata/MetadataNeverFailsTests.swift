import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// Metadata never costs the image: every kind of ICC profile and EXIF block, through both encoders
/// and every output path of the pipeline, gives a written file; a block that cannot be written is
/// left out with exactly one warning, and a usable profile reads back whole (djpeg -icc for JPEG).
@Suite struct MetadataNeverFailsTests {
    static let picture: PixelBuffer = {
        var image = try! PixelBuffer(width: 37, height: 23, layout: .rgb8)
        for i in image.bytes.indices { image.bytes[i] = UInt8(truncatingIfNeeded: i &* 13 &+ i / 111) }
        return image
    }()

    /// The outcome every writer must give for `profile`: kept byte for byte, or absent with one warning.
    static func expectKeptOrDroppedOnce(_ written: [UInt8]?, _ profile: [UInt8], _ warnings: [String],
                                        _ context: String) {
        let iccWarnings = warnings.filter { $0.contains("ICC") || $0.contains("iCCP") }
        if profile.isEmpty {
            #expect(written == nil && iccWarnings.isEmpty, "\(context)")
        } else if let written {
            #expect(written == profile, "\(context): a kept profile must be whole")
            #expect(iccWarnings.isEmpty, "\(context): \(warnings)")
        } else {
            #expect(iccWarnings.count == 1, "\(context): a dropped profile gets one warning: \(warnings)")
        }
    }

    @Test(arguments: ICCProfileKind.allCases)
    func bothEncodersWriteEveryProfileKind(_ kind: ICCProfileKind) throws {
        let profile = kind.bytes
        var jpegWarnings: [String] = []
        let jpeg = try ImageEncoder.encodeJPEG(Self.picture, iccProfile: profile, exif: nil, warnings: &jpegWarnings)
        var pngWarnings: [String] = []
        let png = try ImageEncoder.encodePNG(Self.picture, iccProfile: profile, exif: nil, warnings: &pngWarnings)
        let jpegProfile = try ImageFile.probe(jpeg).iccProfile, pngProfile = try ImageFile.probe(png).iccProfile
        Self.expectKeptOrDroppedOnce(jpegProfile, profile, jpegWarnings, "\(kind) JPEG")
        Self.expectKeptOrDroppedOnce(pngProfile, profile, pngWarnings, "\(kind) PNG")
        if kind.isUsable {
            #expect(jpegProfile == profile && pngProfile == profile, "\(kind): a usable profile is kept by both")
        }
        // JPEG APP2 carries any bytes; PNG keeps what libpng accepts
        #expect(profile.isEmpty || jpegProfile == profile, "\(kind): JPEG keeps the profile as it came")
        #expect(try Bytes(ImageFile.decode(png).pixels.packedBytes) == Bytes(Self.picture.bytes))
        do {
            let djpeg = try ExternalTool.path("djpeg")
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icc-kind-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let input = dir.appendingPathComponent("in.jpg"), extracted = dir.appendingPathComponent("out.icc")
            try Data(jpeg).write(to: input)
            let result = try ExternalTool.run(djpeg, ["-icc", extracted.path, "-outfile", "/dev/null", input.path])
            #expect(result.status == 0, "\(kind): djpeg: \(result.stderr)")
            let read = (try? [UInt8](Data(contentsOf: extracted))) ?? []
            #expect(read == (profile.isEmpty ? [] : profile), "\(kind): djpeg reads the profile back whole")
        }
        do {
            let pngcheck = try ExternalTool.path("pngcheck")
            let result = try ExternalTool.run(pngcheck, ["-q", "-"], input: png)
            #expect(result.status == 0, "\(kind): pngcheck: \(String(decoding: result.stdout, as: UTF8.self))")
        }
    }

    @Test func aHugeProfileIsSplitOverAPP2Markers() throws {
        let profile = ICCProfileKind.huge.bytes
        let jpeg = try ImageEncoder.encodeJPEG(Self.picture, iccProfile: profile)
        // each APP2 segment: FF E2, length, "ICC_PROFILE\0", sequence number, count
        var markers: [(Int, Int)] = []
        var i = 2
        while i + 4 < jpeg.count, jpeg[i] == 0xFF, jpeg[i + 1] != 0xDA {
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if jpeg[i + 1] == 0xE2, Array(jpeg[i + 4 ..< i + 16]) == Array("ICC_PROFILE\0".utf8) {
                markers.append((Int(jpeg[i + 16]), Int(jpeg[i + 17])))
            }
            i += 2 + length
        }
        #expect(markers.map(\.0) == [1, 2] && markers.allSatisfy { $0.1 == 2 }, "\(markers)")
        #expect(try ImageFile.probe(jpeg).iccProfile == profile)
    }

    /// An 8-bit RGB PNG of `image` whose iCCP chunk holds `profile` as is (no libpng checks).
    static func png(_ image: PixelBuffer, iccp profile: [UInt8]?, exif: [UInt8]? = nil) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0 ..< image.height {
            raw.append(0)
            raw += image.bytes[y * image.bytesPerRow ..< y * image.bytesPerRow + image.width * 3]
        }
        var extra: [UInt8] = []
        if let profile { extra += PNGBytes.chunk("iCCP", Array("icc\0".utf8) + [0] + PNGBytes.storedZlib(profile)) }
        if let exif { extra += PNGBytes.chunk("eXIf", exif) }
        return PNGBytes.signature + PNGBytes.ihdr(width: UInt32(image.width), height: UInt32(image.height), colorType: 2)
            + extra + PNGBytes.chunk("IDAT", PNGBytes.storedZlib(raw)) + PNGBytes.chunk("IEND", [])
    }

    /// Every output path: both formats, with and without corners, default / --keep-metadata / --strip,
    /// identity and resized.
    static func everyPath() -> [(String, FitOptions)] {
        var paths: [(String, FitOptions)] = []
        for format in [OutputFormat.jpeg, .png] {
            for corners in [false, true] {
                for metadata in ["default", "keep", "strip"] {
                    for resized in [false, true] {
                        var o = FitOptions()
                        o.format = format
                        if corners { o.cornerRadius = .percent(20) }
                        o.keepMetadata = metadata == "keep" ? .all : .none
                        o.keepICCProfile = metadata != "strip"
                        if resized {
                            o.ratio = .fourToThree
                            o.size = .width(24)
                        }
                        paths.append(("\(format) corners:\(corners) \(metadata) resized:\(resized)", o))
                    }
                }
            }
        }
        return paths
    }

    @Test(arguments: ICCProfileKind.allCases)
    func everyOutputPathWritesInputsCarryingEveryProfileKind(_ kind: ICCProfileKind) throws {
        let profile = kind.bytes
        let inputs = [("JPEG", try ImageEncoder.encodeJPEG(Self.picture, iccProfile: profile)),
                      ("PNG", Self.png(Self.picture, iccp: profile.isEmpty ? nil : profile))]
        for (inputName, input) in inputs {
            let source = try ImageFile.probe(input).iccProfile
            for (name, options) in Self.everyPath() {
                let context = "\(kind) \(inputName) -> \(name)"
                let result: FitResult
                do { result = try Pipeline(options: options).run(input) } catch {
                    Issue.record("\(context): \(error)")
                    continue
                }
                let info = try ImageFile.probe(result.bytes)
                #expect(info.width == result.plan.geometry.outputWidth && info.height == result.plan.geometry.outputHeight)
                _ = try ImageFile.decode(result.bytes)
                if !options.keepICCProfile {
                    #expect(info.iccProfile == nil, "\(context)")
                } else if let source {
                    Self.expectKeptOrDroppedOnce(info.iccProfile, source, result.warnings, context)
                } else {
                    #expect(info.iccProfile == nil, "\(context)")
                }
                if kind.isUsable && options.keepICCProfile {
                    #expect(info.iccProfile == profile, "\(context): a usable profile survives every path")
                }
            }
        }
    }

    /// EXIF kinds: valid, over one JPEG APP1 marker, not TIFF at all, TIFF with offsets past its end.
    static let exifKinds: [(String, [UInt8])] = {
        let orientation6: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0,
                                     0, 0, 0, 0, 0, 0]
        var oversized = orientation6 + [UInt8](repeating: 0x20, count: 70_000)
        oversized[8] = 0
        oversized[9] = 1
        let broken: [UInt8] = [0x49, 0x49, 42, 0, 0xF0, 0xFF, 0xFF, 0x7F, 9, 9]
        return [("valid", orientation6), ("oversized", oversized), ("garbage", Array("not exif at all".utf8)),
                ("offsets past the end", broken)]
    }()

    @Test func everyEXIFKindInEveryInputFormatIsWrittenThroughEveryPath() throws {
        for (kind, exif) in Self.exifKinds {
            var inputs: [(String, [UInt8])] = [("PNG", Self.png(Self.picture, iccp: nil, exif: exif))]
            if exif.count <= 65_527 {
                // a JPEG input carries the block as it is: APP1 "Exif\0\0" written by hand
                let plain = try ImageEncoder.encodeJPEG(Self.picture)
                let length = exif.count + 8
                let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif\0\0".utf8) + exif
                inputs.append(("JPEG", [0xFF, 0xD8] + app1 + plain.dropFirst(2)))
            }
            for (inputName, input) in inputs {
                for (name, options) in Self.everyPath() {
                    let context = "EXIF \(kind) \(inputName) -> \(name)"
                    let result: FitResult
                    do { result = try Pipeline(options: options).run(input) } catch {
                        Issue.record("\(context): \(error)")
                        continue
                    }
                    let info = try ImageFile.probe(result.bytes)
                    #expect(info.orientation == .up, "\(context): the pixels are upright")
                    let exifWarnings = result.warnings.filter { $0.hasPrefix("EXIF dropped") }
                    #expect(exifWarnings.count <= 1, "\(context): \(result.warnings)")
                    if options.keepMetadata != .all { #expect(info.exif == nil && exifWarnings.isEmpty, "\(context)") }
                    if options.keepMetadata == .all && kind == "valid" { #expect(info.exif != nil, "\(context)") }
                    if options.keepMetadata == .all && info.exif == nil { #expect(exifWarnings.count == 1, "\(context)") }
                }
            }
        }
    }
}
