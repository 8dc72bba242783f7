/// Turns one row of 8-bit source pixels into Int16 samples in `SampleScale` units:
/// shifted up by 6 bits, optionally to linear light, with colour premultiplied by alpha.
///
/// Premultiplying before filtering keeps the colour of transparent pixels out of their neighbours.
struct SourceConversion: Sendable {
    let channels: Int
    let hasAlpha: Bool
    let linearLight: Bool

    /// Converts `count` pixels from `source` to `destination`.
    func convert(_ source: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<Int16>) {
        let samples = count * channels
        switch (hasAlpha, linearLight) {
        case (false, false):
            for s in 0 ..< samples { destination[s] = Int16(source[s]) &<< 6 }
        case (false, true):
            SRGBTables.toLinear.withUnsafeBufferPointer { table in
                for s in 0 ..< samples { destination[s] = table[Int(source[s])] }
            }
        case (true, false):
            premultiply(source, count: count, into: destination) { c, a in
                (Int32(c) &* a &* SampleScale.perCode &+ 127) / 255
            }
        case (true, true):
            SRGBTables.toLinear.withUnsafeBufferPointer { table in
                premultiply(source, count: count, into: destination) { c, a in
                    (Int32(table[Int(c)]) &* a &+ 127) / 255
                }
            }
        }
    }

    /// Premultiplies every colour sample by its pixel's alpha with `scale(colour, alpha)`.
    @inline(__always)
    private func premultiply(_ source: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<Int16>,
                             _ scale: (UInt8, Int32) -> Int32) {
        let colours = channels - 1
        for p in 0 ..< count {
            let base = p * channels
            let a = Int32(source[base + colours])
            for c in 0 ..< colours { destination[base + c] = Int16(truncatingIfNeeded: scale(source[base + c], a)) }
            destination[base + colours] = Int16(truncatingIfNeeded: a &* SampleScale.perCode)
        }
    }
}
