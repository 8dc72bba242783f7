import Foundation
import TestSupport

/// Reads an image file's format and size from its header, to check what the CLI wrote.
struct ImageHeader: Equatable {
    var format: String
    var width: Int
    var height: Int

    init(format: String, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    init?(_ d: [UInt8]) {
        func be16(_ i: Int) -> Int { Int(d[i]) << 8 | Int(d[i + 1]) }
        if d.count >= 24, d.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            format = "png"
            width = be16(16) << 16 | be16(18)
            height = be16(20) << 16 | be16(22)
            return
        }
        guard let frame = JPEGMarkers(d)?.frame?.payload, frame.count >= 5 else { return nil }
        let p = Array(frame)
        format = "jpeg"
        height = Int(p[1]) << 8 | Int(p[2])
        width = Int(p[3]) << 8 | Int(p[4])
    }

    init?(file url: URL) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        self.init([UInt8](data))
    }
}
