import Foundation
import Testing
import TestSupport

/// What metadata reaches the output: by default the ICC profile only; --keep-metadata adds
/// EXIF; --strip drops everything.
@Suite struct MetadataEndToEndTests {
    static func contains(_ data: Data, _ marker: String) -> Bool {
        data.range(of: Data(marker.utf8)) != nil
    }

    @Test func exifOnlyWithKeepMetadataAndICCUnlessStripped() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("photos/iphone-xs-p3-orientation6-4032x3024.jpg", to: "in.jpg")
        for (flags, name, exif, icc) in [([String](), "plain.jpg", false, true),
                                          (["--keep-metadata"], "kept.jpg", true, true),
                                          (["--strip"], "stripped.jpg", false, false)] {
            let result = try sandbox.run(["-r", "1:1", "-w", "64", "-o", name] + flags + ["in.jpg"])
            #expect(result.status == 0, "\(flags): \(result.stderr)")
            let data = try sandbox.data(name)
            #expect(Self.contains(data, "Exif\0\0") == exif, "\(flags): EXIF")
            #expect(Self.contains(data, "ICC_PROFILE\0") == icc, "\(flags): ICC")
        }
    }
}

/// --to-srgb on the real binary: a Display P3 photo comes out tagged as sRGB (a compact profile
/// named "sRGB built-in", not Display P3), untagged with --strip.
@Suite struct ToSRGBEndToEndTests {
    @Test func p3PhotoIsTaggedSRGBUnlessStripped() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("photos/iphone-xs-p3-orientation6-4032x3024.jpg", to: "in.jpg")
        for (flags, name, tagged) in [(["--to-srgb"], "srgb.jpg", true), (["--to-srgb", "--strip"], "stripped.jpg", false)] {
            let result = try sandbox.run(["-r", "1:1", "-w", "64", "-o", name] + flags + ["in.jpg"])
            #expect(result.status == 0, "\(flags): \(result.stderr)")
            let data = try sandbox.data(name)
            #expect(MetadataEndToEndTests.contains(data, "ICC_PROFILE\0") == tagged, "\(flags)")
            #expect(MetadataEndToEndTests.contains(data, "Display P3") == false, "\(flags)")
        }
    }
}
