/// Builds JPEG files in memory: marker segments, and a valid progressive 4:4:4 image made of one
/// DC scan where every block is grey (one zero bit per block), the smallest file whose decoding
/// needs libjpeg's whole-image coefficient buffers (6 bytes per pixel).
enum JPEGBytes {
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    static func size16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// SOI, a quantisation table and a start-of-frame `marker` (0xC0 baseline, 0xC2 progressive)
    /// for 3 components at 4:4:4.
    static func header(width: Int, height: Int, marker: UInt8) -> [UInt8] {
        let dqt = segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        let components: [UInt8] = [1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]
        return [0xFF, 0xD8] + dqt + segment(marker, [8] + size16(height) + size16(width) + [3] + components)
    }

    /// The progressive image described above (see fuzz/make-bombs.py for the same on disk).
    static func greyProgressive(width: Int, height: Int) -> [UInt8] {
        let dht = segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0])   // "0" = DC diff 0
        let sos = segment(0xDA, [3, 1, 0, 2, 0, 3, 0, 0, 0, 0])
        let blocks = 3 * ((width + 7) / 8) * ((height + 7) / 8)
        return header(width: width, height: height, marker: 0xC2) + dht + sos
            + [UInt8](repeating: 0, count: (blocks + 7) / 8) + [0xFF, 0xD9]
    }
}
