#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The bytes and modification time of every file below a folder, to prove a batch left its
/// inputs untouched.
struct FileSnapshot: Equatable {
    struct Entry: Equatable {
        var bytes: Data
        var modified: timespec

        static func == (a: Entry, b: Entry) -> Bool {
            a.bytes == b.bytes && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        }
    }

    var entries: [String: Entry] = [:]

    init(_ sandbox: Sandbox, under relative: String) throws {
        for file in sandbox.files(under: relative) {
            let path = sandbox.url("\(relative)/\(file)").path
            var st = stat()
            guard stat(path, &st) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
            entries[file] = Entry(bytes: try Data(contentsOf: URL(fileURLWithPath: path)), modified: st.st_mtim)
        }
    }
}
