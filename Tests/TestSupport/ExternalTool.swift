import Foundation

/// The programs the tests run, found one way with one rule: a tool that is missing fails the test
/// that needs it, naming the Debian package that provides it (`bash scripts/test` installs every
/// package of `scripts/debian-packages.txt`). Nothing is skipped for a missing tool.
public enum ExternalTool {
    /// Every tool a test may run, and the Debian package that installs it. A tool not listed here
    /// cannot be looked up, so each one the tests use has a package in `scripts/debian-packages.txt`.
    public static let packages: [String: String] = [
        "avifdec": "libavif-bin",
        "avifenc": "libavif-bin",
        "bash": "bash",
        "chromium": "chromium",
        "cjpeg": "libjpeg-turbo-progs",
        "convert": "imagemagick",
        "djpeg": "libjpeg-turbo-progs",
        "dwebp": "webp",
        "exiftool": "libimage-exiftool-perl",
        "fish": "fish",
        "groff": "groff-base",
        "heif-convert": "libheif-examples",
        "jpegtran": "libjpeg-turbo-progs",
        "lexgrog": "man-db",
        "man": "man-db",
        "mount": "mount",
        "parallel": "parallel",
        "pngcheck": "pngcheck",
        "python3": "python3",
        "qemu-x86_64": "qemu-user",
        "script": "bsdutils",
        "setpriv": "util-linux",
        "strace": "strace",
        "umount": "mount",
        "valgrind": "valgrind",
        "vips": "libvips-tools",
        "vipsheader": "libvips-tools",
        "zsh": "zsh",
    ]

    /// The folders Debian packages install programs into, so a tool is the package's own and not a
    /// same-named one earlier on `PATH` (a pyenv `python3` without `python3-yaml`, say).
    static let folders = ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]

    public struct Missing: Error, CustomStringConvertible {
        public var tool: String
        public var package: String
        public var description: String {
            "\(tool) is missing: apt-get install \(package) (bash scripts/test installs scripts/debian-packages.txt)"
        }
    }

    public struct Unlisted: Error, CustomStringConvertible {
        public var tool: String
        public var description: String { "\(tool) has no Debian package in ExternalTool.packages" }
    }

    public struct Output {
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: String
    }

    /// The tool's path; throws `Missing` (naming its package) when it is not installed.
    public static func path(_ tool: String) throws -> String {
        guard let package = packages[tool] else { throw Unlisted(tool: tool) }
        for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(tool)") {
            return "\(folder)/\(tool)"
        }
        throw Missing(tool: tool, package: package)
    }

    /// `path(tool)` as a file URL, for `Process.executableURL`.
    public static func url(_ tool: String) throws -> URL {
        URL(fileURLWithPath: try path(tool))
    }

    /// Runs the tool at `executable` with `arguments`, feeding `input` to stdin if given.
    public static func run(_ executable: String, _ arguments: [String], input: [UInt8]? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inPipe = Pipe()
        if input != nil { process.standardInput = inPipe }
        BrokenPipe.ignore()
        try process.run()
        if let input {
            DispatchQueue.global().async {
                try? inPipe.fileHandleForWriting.write(contentsOf: Data(input))
                try? inPipe.fileHandleForWriting.close()
            }
        }
        // read both pipes concurrently so a full stderr pipe cannot block the tool
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: [UInt8](outData),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
