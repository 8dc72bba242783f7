import AspectFit
import Foundation
import Testing
import TestSupport

/// ImageFile.read: whole files via POSIX, clear errors for missing paths and directories.
@Suite struct ImageFileReadTests {
    @Test func readsWholeFiles() throws {
        let bytes = (0 ..< 3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("aspectfit-read-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Bytes(ImageFile.read(path: path)) == Bytes(bytes))
    }

    @Test func missingFilesAndDirectoriesFailClearly() {
        #expect(throws: ImageIOError.io("cannot open /nonexistent/x.jpg: No such file or directory")) {
            try ImageFile.read(path: "/nonexistent/x.jpg")
        }
        #expect(throws: ImageIOError.io("cannot read /tmp: is a directory")) { try ImageFile.read(path: "/tmp") }
    }

    @Test func unreadableFilesFailClearly() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("aspectfit-noread-\(UUID().uuidString)").path
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        if geteuid() == 0 {
            // root ignores permission bits: the read succeeds
            #expect(try ImageFile.read(path: path) == [1, 2, 3])
        } else {
            #expect(throws: ImageIOError.io("cannot open \(path): Permission denied")) { try ImageFile.read(path: path) }
        }
    }
}
