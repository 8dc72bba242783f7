@testable import AspectFit

/// The coverage of every pixel of a mask, row after row, read back by applying the mask to an
/// opaque grayAlpha8 image (so the tests exercise the same path the pipeline uses).
func coveragePlane(_ mask: CornerMask) -> [UInt8] {
    var buffer = try! PixelBuffer(width: mask.width, height: mask.height, layout: .grayAlpha8,
                             bytes: [UInt8](repeating: 255, count: mask.width * mask.height * 2))
    mask.apply(to: &buffer)
    return stride(from: 1, to: buffer.bytes.count, by: 2).map { buffer.bytes[$0] }
}

/// The area the mask keeps, in pixels: the sum of coverage / 255.
func keptArea(_ mask: CornerMask) -> Double {
    Double(coveragePlane(mask).reduce(0) { $0 + Int($1) }) / 255
}

/// A repeatable pseudo-random byte sequence (xorshift), for buffers with varied content.
func noiseBytes(count: Int, seed: UInt64) -> [UInt8] {
    var state = seed | 1
    return (0 ..< count).map { _ in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state >> 24)
    }
}
