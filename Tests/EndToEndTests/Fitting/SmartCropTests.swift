import AspectFit
import Foundation
import Testing
import TestSupport

/// `-g attention` / `-g entropy` through the binary: the JSON line carries the chosen focus and
/// crop, `--dry-run` says the window is chosen from the pixels when run. `--fit contain` likewise:
/// the bars are the background, the JSON line and the dry run say where the image sits.
@Suite struct SmartCropEndToEndTests {
    @Test(arguments: ["attention", "entropy"])
    func jsonReportsFocusAndCrop(_ gravity: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("photos/unsplash-kayak-iptc-xmp.jpg", to: "kayak.jpg")
        let result = try sandbox.run(["-r", "3:1", "-w", "120", "-g", gravity, "--json", "-o", "out.jpg", "kayak.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.jsonLines.first)
        #expect(line["smart_crop"] as? String == gravity)
        let focus = try #require(line["focus"] as? [String: Any])
        let crop = try #require(line["crop"] as? [String: Any])
        let fx: Double = try #require(focus["x"] as? Double), fy: Double = try #require(focus["y"] as? Double)
        let x: Double = try #require(crop["x"] as? Double), y: Double = try #require(crop["y"] as? Double)
        let w: Double = try #require(crop["width"] as? Double), h: Double = try #require(crop["height"] as? Double)
        // The focus is the crop's centre in fractions of the upright 480x369 image.
        let centreX: Double = (x + w / 2) / 480, centreY: Double = (y + h / 2) / 369
        #expect(abs(fx - centreX) < 0.001 && abs(fy - centreY) < 0.001, "\(focus) \(crop)")
        #expect(line["output_width"] as? Int == 120 && line["output_height"] as? Int == 40)
        if gravity == "attention" {
            // The kayaker sits at 81-97% of the height (paddle and reflection included): the 3:1
            // window moves down to hold the boat and the paddler (81-90%).
            #expect(y + h >= 0.90 * 369 && y <= 0.81 * 369, "\(crop)")
        }
    }

    @Test func dryRunSaysTheWindowIsChosenWhenRun() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("photos/unsplash-kayak-iptc-xmp.jpg", to: "kayak.jpg")
        let text = try sandbox.run(["-r", "1:1", "-g", "attention", "--dry-run", "kayak.jpg"])
        #expect(text.status == 0)
        #expect(text.stdoutText.contains("placed from the pixels by attention when run"), "\(text.stdoutText)")
        let json = try sandbox.run(["-r", "1:1", "-g", "attention", "--dry-run", "--json", "kayak.jpg"])
        let line = try #require(json.jsonLines.first)
        let crop = try #require(line["crop"] as? [String: Any])
        #expect(crop["x"] is NSNull && crop["width"] as? Double == 369)
        #expect(line["focus"] is NSNull && line["smart_crop"] as? String == "attention")
        #expect(!sandbox.exists("kayak-369x369.jpg"))
    }

    @Test func containLetterboxesWithTheBackground() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("photos/harvesters-1165x859.jpg", to: "h.jpg")
        let arguments = ["--fit", "contain", "-r", "1:1", "-w", "100", "--background", "#ff0000", "h.jpg"]
        let dry = try sandbox.run(["--dry-run"] + arguments)
        #expect(dry.stdoutText.contains("-> 100x100 jpeg (contained: the image 100x74 at +0+13)"), "\(dry.stdoutText)")
        let result = try sandbox.run(["--json", "-o", "out.jpg"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.jsonLines.first)
        let box = try #require(line["letterbox"] as? [String: Any])
        #expect(box["x"] as? Int == 0 && box["y"] as? Int == 13 && box["width"] as? Int == 100 && box["height"] as? Int == 74)
        #expect(line["output_width"] as? Int == 100 && line["output_height"] as? Int == 100)
        let pixels = try ImageFile.decode([UInt8](try sandbox.data("out.jpg"))).pixels
        #expect(pixels.width == 100 && pixels.height == 100)
        for y in [2, 97] {   // the bars: red, up to JPEG's error
            let p = pixels[50, y]
            #expect(p[p.startIndex] > 230 && p[p.startIndex + 1] < 30 && p[p.startIndex + 2] < 30, "bar at y \(y): \(Array(p))")
        }
        let inside = pixels[50, 50]   // the field: not red
        #expect(!(inside[inside.startIndex] > 200 && inside[inside.startIndex + 1] < 60), "\(Array(inside))")
    }
}

/// `--json` lists what attention found, so a user can audit the window: a face as a box in source
/// pixels over the face drawn by eye (Tests/SmartCropSet/evidence.tsv), the crop holding it.
@Suite struct SmartCropSubjectsEndToEndTests {
    @Test func jsonListsTheDetectedFace() throws {
        let sandbox = try Sandbox()
        let photo = Corpus.projectRoot.appendingPathComponent("Tests/SmartCropSet/evidence/mpl-grace_hopper.jpg")
        try FileManager.default.copyItem(at: photo, to: sandbox.url("hopper.jpg"))
        let result = try sandbox.run(["-r", "16:9", "-w", "480", "-g", "attention", "--json", "-o", "out.jpg", "hopper.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.jsonLines.first)
        let subjects = try #require(line["subjects"] as? [[String: Any]])
        let face = try #require(subjects.first { $0["kind"] as? String == "face" })
        let x: Double = try #require(face["x"] as? Double), y: Double = try #require(face["y"] as? Double)
        let w: Double = try #require(face["width"] as? Double), h: Double = try #require(face["height"] as? Double)
        // by eye: the face spans 0.32-0.70 of the 512 px width and 0.22-0.54 of the 600 px height
        #expect(abs(x + w / 2 - 0.51 * 512) < 0.05 * 512 && abs(y + h / 2 - 0.38 * 600) < 0.06 * 600, "\(face)")
        #expect((face["confidence"] as? Double ?? 0) > 0)
        let crop = try #require(line["crop"] as? [String: Any])
        let cy: Double = try #require(crop["y"] as? Double), ch: Double = try #require(crop["height"] as? Double)
        #expect(cy <= y && cy + ch >= y + h, "the crop \(crop) holds the face \(face)")
        let entropy = try sandbox.run(["-r", "16:9", "-w", "480", "-g", "entropy", "--json", "-o", "out2.jpg", "hopper.jpg"])
        #expect(try #require(entropy.jsonLines.first)["subjects"] == nil)
    }

    /// The detector is dlib's headers alone, its model's filters split by dlib's own SVD: a face search
    /// opens no libdlib, and none of LAPACK, BLAS and libgfortran (whose relocations every process paid).
    @Test func theFaceSearchOpensNoLinearAlgebraLibrary() throws {
        let sandbox = try Sandbox()
        let photo = Corpus.projectRoot.appendingPathComponent("Tests/SmartCropSet/evidence/mpl-grace_hopper.jpg")
        try FileManager.default.copyItem(at: photo, to: sandbox.url("hopper.jpg"))
        let result = try sandbox.run(["-r", "16:9", "-w", "480", "-g", "attention", "--json", "-o", "out.jpg", "hopper.jpg"],
                                     environment: ["LD_DEBUG": "files"])
        try #require(result.status == 0, "\(result.stderr.suffix(400))")
        let subjects = try #require(result.jsonLines.first?["subjects"] as? [[String: Any]])
        #expect(subjects.contains { $0["kind"] as? String == "face" })
        let opened = LoaderTrace.openedLibraries(result.stderr)
        #expect(opened.contains { $0.contains("libjpeg") }, "the loader's lines were read: \(opened)")
        for library in ["libdlib", "liblapack", "libblas", "libgfortran"] {
            #expect(!opened.contains { $0.contains(library) }, "\(library) opened: \(opened)")
        }
    }
}
