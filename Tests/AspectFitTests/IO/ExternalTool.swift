import Foundation
import TestSupport

/// Runs a Debian tool (djpeg, pngcheck) from a test. Missing tools skip outside CI and fail under CI=true.
enum ExternalTool {
    struct Missing: Error, CustomStringConvertible {
        var tool: String
        var description: String { "\(tool) not found (CI=true requires it)" }
    }

    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
    }

    static func path(_ tool: String) throws -> String? {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(tool)") {
            return "\(dir)/\(tool)"
        }
        if Corpus.isCI { throw Missing(tool: tool) }
        return nil
    }

    /// Runs the tool with `arguments`, feeding `input` to stdin if given.
    static func run(_ executable: String, _ arguments: [String], input: [UInt8]? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inPipe = Pipe()
        if input != nil { process.standardInput = inPipe }
        try process.run()
        if let input {
            DispatchQueue.global().async {
                inPipe.fileHandleForWriting.write(Data(input))
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
