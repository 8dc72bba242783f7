import Foundation
import Testing
import TestSupport

/// --keep-metadata and --keep-copyright on the real binary, for every input container that carries
/// EXIF/XMP/IPTC x every output container, read back by exiftool (`-j -a -G1 -n`). The sources are
/// made by kind: a 480x369 image per container, then exiftool writes EXIF (orientation 6, size,
/// camera, serial, date, GPS, an IFD1 thumbnail), XMP (creator, rights, orientation, size, GPS)
/// and, where the container holds it (JPEG, PNG), IPTC.
@Suite(.tags(.pipeline)) struct KeptMetadataTests {
    static let sources = ["jpg", "png", "webp", "avif", "heic"]
    static let outputs = ["jpeg", "png", "webp", "avif"]
    static let tags = ["-Make=Canon", "-Model=EOS", "-SerialNumber=SN12345", "-Artist=Ann Artist", "-Copyright=(c) Ann",
                       "-DateTimeOriginal=2020:01:01 10:00:00", "-GPSLatitude=48.85", "-GPSLatitudeRef=N",
                       "-GPSLongitude=2.35", "-GPSLongitudeRef=E", "-ExifImageWidth=480", "-ExifImageHeight=369",
                       "-IFD0:Orientation#=6", "-ThumbnailImage<=thumb.jpg",
                       "-XMP-dc:Creator=Ann Creator", "-XMP-dc:Rights=XMP rights", "-XMP-xmpRights:Marked=True",
                       "-XMP-photoshop:Credit=XMP credit", "-XMP-tiff:Orientation#=6", "-XMP-exif:ExifImageWidth=480",
                       "-XMP-exif:GPSLatitude=48.85 N",
                       "-IPTC:By-line=Ann Byline", "-IPTC:CopyrightNotice=IPTC notice", "-IPTC:Credit=IPTC credit",
                       "-IPTC:City=Paris"]

    /// The sources, one per container, in a new sandbox.
    static func makeSources() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.copy("heic/clap-451x461-icc-libheif.heic", to: "src.heic")
        let convert = try CommandRunner.start(["-size", "480x369", "gradient:red-blue", "src.png"], in: sandbox.root,
                                              executable: ExternalTool.url("convert"))
        #expect(CommandRunner.finish(convert.0, convert.1, convert.2).status == 0)
        for (arguments, tool) in [(["src.png", "src.jpg"], "convert"), (["src.png", "src.webp"], "convert"),
                                  (["-size", "256x197", "xc:blue", "thumb.jpg"], "convert")] {
            let run = try CommandRunner.start(arguments, in: sandbox.root, executable: ExternalTool.url(tool))
            #expect(CommandRunner.finish(run.0, run.1, run.2).status == 0, "\(tool) \(arguments)")
        }
        #expect(try sandbox.run(["-f", "avif", "-o", "src.avif", "src.png"]).status == 0)
        for source in sources {
            let run = try CommandRunner.start(["-q", "-q", "-overwrite_original"] + tags + ["src.\(source)"], in: sandbox.root,
                                              executable: ExternalTool.url("exiftool"))
            let result = CommandRunner.finish(run.0, run.1, run.2)
            #expect(result.status == 0, "exiftool on src.\(source): \(result.stderr)")
        }
        return sandbox
    }

    /// exiftool's reading of `files`, by file name.
    static func read(_ files: [String], in sandbox: Sandbox) throws -> [String: [String: Any]] {
        let run = try CommandRunner.start(["-j", "-a", "-G1", "-n"] + files, in: sandbox.root, executable: ExternalTool.url("exiftool"))
        let result = CommandRunner.finish(run.0, run.1, run.2)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { (($0["SourceFile"] as? String) ?? "", $0) })
    }

    static func holdsIPTC(_ container: String) -> Bool { ["jpg", "jpeg", "png"].contains(container) }

    @Test func sourcesCarryWhatTheTestsLookFor() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.makeSources()
        let read = try Self.read(Self.sources.map { "src.\($0)" }, in: sandbox)
        for source in Self.sources {
            let tags = try #require(read["src.\(source)"])
            #expect(tags["IFD1:ThumbnailImage"] != nil && tags["GPS:GPSLatitude"] != nil && tags["IFD0:Orientation"] as? Int == 6,
                    "src.\(source)")
            #expect(tags["XMP-dc:Creator"] != nil && tags["XMP-tiff:Orientation"] as? Int == 6, "src.\(source)")
            #expect((tags["IPTC:By-line"] != nil) == Self.holdsIPTC(source), "src.\(source)")
        }
    }

    /// All of it kept and true for the 150x150 output: sizes, orientation 1, no thumbnail, XMP, IPTC
    /// where the output holds it, GPS and camera still there.
    @Test func keepMetadataIsTrueForTheOutputInEveryContainer() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.makeSources()
        var names: [String] = []
        for source in Self.sources {
            for output in Self.outputs {
                let name = "all-\(source).\(output)"
                let result = try sandbox.run(["-r", "1:1", "-w", "150", "--keep-metadata", "-f", output, "-o", name, "src.\(source)"])
                #expect(result.status == 0, "\(name): \(result.stderr)")
                names.append(name)
            }
        }
        let read = try Self.read(names, in: sandbox)
        for source in Self.sources {
            for output in Self.outputs {
                let name = "all-\(source).\(output)"
                let tags = try #require(read[name], "\(name) not read")
                #expect(tags["ExifIFD:ExifImageWidth"] as? Int == 150 && tags["ExifIFD:ExifImageHeight"] as? Int == 150,
                        "\(name): EXIF size \(String(describing: tags["ExifIFD:ExifImageWidth"]))")
                #expect(tags["IFD0:Orientation"] as? Int == 1, "\(name): EXIF orientation")
                #expect(tags.keys.filter { $0.hasPrefix("IFD1:") }.isEmpty, "\(name): IFD1 thumbnail kept")
                #expect(tags["IFD0:Make"] as? String == "Canon" && tags["GPS:GPSLatitude"] != nil, "\(name): camera and GPS")
                #expect(tags["XMP-dc:Creator"] as? String == "Ann Creator" && tags["XMP-dc:Rights"] as? String == "XMP rights",
                        "\(name): XMP")
                #expect(tags["XMP-tiff:Orientation"] as? Int == 1, "\(name): XMP orientation")
                #expect(tags["XMP-exif:ExifImageWidth"] as? Int == 150, "\(name): XMP size")
                let iptc = Self.holdsIPTC(source) && Self.holdsIPTC(output)
                #expect((tags["IPTC:By-line"] as? String == "Ann Byline") == iptc, "\(name): IPTC")
                #expect((tags["IPTC:City"] as? String == "Paris") == iptc, "\(name): IPTC")
            }
        }
    }

    /// Only rights and creator: EXIF Artist/Copyright, XMP creator/rights/credit, IPTC By-line,
    /// Credit, Copyright Notice; no GPS, camera, serial, date or city anywhere.
    @Test func keepCopyrightKeepsOnlyRightsInEveryContainer() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.makeSources()
        var names: [String] = []
        for source in Self.sources {
            for output in Self.outputs {
                let name = "rights-\(source).\(output)"
                let result = try sandbox.run(["-r", "1:1", "-w", "150", "--keep-copyright", "-f", output, "-o", name, "src.\(source)"])
                #expect(result.status == 0, "\(name): \(result.stderr)")
                names.append(name)
            }
        }
        let read = try Self.read(names, in: sandbox)
        for source in Self.sources {
            for output in Self.outputs {
                let name = "rights-\(source).\(output)"
                let tags = try #require(read[name], "\(name) not read")
                #expect(tags["IFD0:Artist"] as? String == "Ann Artist" && tags["IFD0:Copyright"] as? String == "(c) Ann",
                        "\(name): EXIF rights")
                #expect(tags["XMP-dc:Creator"] as? String == "Ann Creator" && tags["XMP-dc:Rights"] as? String == "XMP rights"
                        && tags["XMP-photoshop:Credit"] as? String == "XMP credit" && tags["XMP-xmpRights:Marked"] != nil,
                        "\(name): XMP rights")
                let iptc = Self.holdsIPTC(source) && Self.holdsIPTC(output)
                #expect((tags["IPTC:By-line"] as? String == "Ann Byline" && tags["IPTC:CopyrightNotice"] as? String == "IPTC notice"
                         && tags["IPTC:Credit"] as? String == "IPTC credit") == iptc, "\(name): IPTC rights")
                let leaked = tags.keys.filter { key in
                    key.hasPrefix("GPS:") || key.hasPrefix("IFD1:") || key.hasPrefix("ExifIFD:")
                        || ["IFD0:Make", "IFD0:Model", "IFD0:Orientation", "XMP-exif:GPSLatitude", "XMP-tiff:Orientation",
                            "IPTC:City"].contains(key)
                }
                #expect(leaked.isEmpty, "\(name): kept \(leaked.sorted())")
            }
        }
    }
}
