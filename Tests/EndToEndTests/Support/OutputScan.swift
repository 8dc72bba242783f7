import Foundation

/// What a stopped or failed batch left in an output folder: temporaries, and outputs that are not
/// complete images (a JPEG must end with its EOI marker, a PNG with its IEND chunk).
enum OutputScan {
    /// Whether a file name is one of the CLI's temporaries (`.NAME.aspectfit-PID-N.tmp`).
    static func isTemporary(_ relativePath: String) -> Bool {
        let name = (relativePath as NSString).lastPathComponent
        return name.hasPrefix(".") && name.contains(".aspectfit-") && name.hasSuffix(".tmp")
    }

    /// Whether the bytes are a whole JPEG or PNG file, not a prefix of one.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return bytes.suffix(2).elementsEqual([0xFF, 0xD9]) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return bytes.suffix(12).elementsEqual([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        }
        return false
    }

    /// Temporaries below `relative` in the sandbox (hidden files included).
    static func temporaries(in sandbox: Sandbox, under relative: String) -> [String] {
        sandbox.files(under: relative).filter(isTemporary)
    }

    /// Files below `relative` that are not complete images.
    static func incomplete(in sandbox: Sandbox, under relative: String) -> [String] {
        sandbox.files(under: relative).filter { file in
            guard let data = try? sandbox.data("\(relative)/\(file)") else { return true }
            return !isComplete([UInt8](data))
        }
    }
}
