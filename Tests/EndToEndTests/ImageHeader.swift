import Foundation

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
        guard d.count > 4, d[0] == 0xFF, d[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < d.count, d[i] == 0xFF {
            let marker = d[i + 1]
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                format = "jpeg"
                height = be16(i + 5)
                width = be16(i + 7)
                return
            }
            i += 2 + be16(i + 2)
        }
        return nil
    }

    init?(file url: URL) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        self.init([UInt8](data))
    }
}
