#if arch(x86_64)
import _Builtin_intrinsics.intel

/// SSE2 loops of the horizontal pass, one per channel count: `pmaddwd` multiplies Int16 samples
/// by Int16 weights and adds pairs of taps into Int32 lanes, four taps per step.
///
/// Rows need 16 samples of readable padding after the last window (the loads run past a 3- or
/// 1-channel pixel), and `sums` one spare Int32 (the 3-channel store writes a fourth lane).
enum HorizontalPassSSE2 {
    static func run(_ source: UnsafePointer<Int16>, table: CoefficientTable, channels: Int,
                    into sums: UnsafeMutablePointer<Int32>) {
        table.starts.withUnsafeBufferPointer { starts in
            table.weights.withUnsafeBufferPointer { weights in
                table.pairs.withUnsafeBufferPointer { pairs in
                    let s = starts.baseAddress!, w = weights.baseAddress!, p = pairs.baseAddress!
                    let n = table.count, taps = table.taps
                    switch channels {
                    case 1: oneChannel(source, s, w, n, taps, sums)
                    case 2: twoChannels(source, s, w, p, n, taps, sums)
                    case 3: threeChannels(source, s, w, p, n, taps, sums)
                    default: fourChannels(source, s, w, p, n, taps, sums)
                    }
                }
            }
        }
    }

    /// Taps past the last whole group of four, added one by one.
    @inline(__always)
    private static func tail(_ src: UnsafePointer<Int16>, _ w: UnsafePointer<Int16>, from: Int, taps: Int,
                             channels: Int, _ out: UnsafeMutablePointer<Int32>) {
        for t in from ..< taps {
            for c in 0 ..< channels { out[c] &+= Int32(w[t]) &* Int32(src[t * channels + c]) }
        }
    }

    /// Gray: four samples times four weights, two pairs per `pmaddwd`.
    private static func oneChannel(_ source: UnsafePointer<Int16>, _ starts: UnsafePointer<Int>, _ weights: UnsafePointer<Int16>,
                                   _ count: Int, _ taps: Int, _ sums: UnsafeMutablePointer<Int32>) {
        let groups = taps / 4
        for i in 0 ..< count {
            let src = source + starts[i]
            let w = weights + i * taps
            var acc = _mm_setzero_si128()
            for g in 0 ..< groups {
                acc = _mm_add_epi32(acc, _mm_madd_epi16(SSE2.loadLow(src + g * 4), SSE2.loadLow(w + g * 4)))
            }
            let lanes = unsafeBitCast(acc, to: SIMD4<Int32>.self)
            sums[i] = lanes[0] &+ lanes[1]
            tail(src, w, from: groups * 4, taps: taps, channels: 1, sums + i)
        }
    }

    /// Gray+alpha: pixels k..k+1 interleaved with k+2..k+3 give (g0,g2,a0,a2,g1,g3,a1,a3).
    private static func twoChannels(_ source: UnsafePointer<Int16>, _ starts: UnsafePointer<Int>, _ weights: UnsafePointer<Int16>,
                                    _ pairs: UnsafePointer<Int32>, _ count: Int, _ taps: Int, _ sums: UnsafeMutablePointer<Int32>) {
        let groups = taps / 4
        for i in 0 ..< count {
            var src = source + starts[i] * 2
            let pr = pairs + i * groups * 2
            var acc = _mm_setzero_si128()
            for g in 0 ..< groups {
                let mixed = _mm_unpacklo_epi16(SSE2.load(src), SSE2.load(src + 4))
                let w = _mm_unpacklo_epi64(_mm_set1_epi32(pr[2 * g]), _mm_set1_epi32(pr[2 * g + 1]))
                acc = _mm_add_epi32(acc, _mm_madd_epi16(mixed, w))
                src += 8
            }
            let lanes = unsafeBitCast(acc, to: SIMD4<Int32>.self)
            sums[i * 2] = lanes[0] &+ lanes[2]
            sums[i * 2 + 1] = lanes[1] &+ lanes[3]
            tail(source + starts[i] * 2, weights + i * taps, from: groups * 4, taps: taps, channels: 2, sums + i * 2)
        }
    }

    /// RGB: loads at pixels k and k+2 interleave to (r0,r2,g0,g2,b0,b2,-,-); k+1 with k+3 likewise.
    private static func threeChannels(_ source: UnsafePointer<Int16>, _ starts: UnsafePointer<Int>, _ weights: UnsafePointer<Int16>,
                                      _ pairs: UnsafePointer<Int32>, _ count: Int, _ taps: Int, _ sums: UnsafeMutablePointer<Int32>) {
        let groups = taps / 4
        for i in 0 ..< count {
            var src = source + starts[i] * 3
            let pr = pairs + i * groups * 2
            var acc = _mm_setzero_si128()
            for g in 0 ..< groups {
                let even = _mm_unpacklo_epi16(SSE2.load(src), SSE2.load(src + 6))
                let odd = _mm_unpacklo_epi16(SSE2.load(src + 3), SSE2.load(src + 9))
                acc = _mm_add_epi32(acc, _mm_madd_epi16(even, _mm_set1_epi32(pr[2 * g])))
                acc = _mm_add_epi32(acc, _mm_madd_epi16(odd, _mm_set1_epi32(pr[2 * g + 1])))
                src += 12
            }
            SSE2.store(acc, sums + i * 3)
            tail(source + starts[i] * 3, weights + i * taps, from: groups * 4, taps: taps, channels: 3, sums + i * 3)
        }
    }

    /// RGBA: pixels k..k+1 interleaved with k+2..k+3 give (r0,r2,g0,g2,b0,b2,a0,a2) and the odd taps.
    private static func fourChannels(_ source: UnsafePointer<Int16>, _ starts: UnsafePointer<Int>, _ weights: UnsafePointer<Int16>,
                                     _ pairs: UnsafePointer<Int32>, _ count: Int, _ taps: Int, _ sums: UnsafeMutablePointer<Int32>) {
        let groups = taps / 4
        for i in 0 ..< count {
            var src = source + starts[i] * 4
            let pr = pairs + i * groups * 2
            var acc = _mm_setzero_si128()
            for g in 0 ..< groups {
                let a = SSE2.load(src), b = SSE2.load(src + 8)
                acc = _mm_add_epi32(acc, _mm_madd_epi16(_mm_unpacklo_epi16(a, b), _mm_set1_epi32(pr[2 * g])))
                acc = _mm_add_epi32(acc, _mm_madd_epi16(_mm_unpackhi_epi16(a, b), _mm_set1_epi32(pr[2 * g + 1])))
                src += 16
            }
            SSE2.store(acc, sums + i * 4)
            tail(source + starts[i] * 4, weights + i * taps, from: groups * 4, taps: taps, channels: 4, sums + i * 4)
        }
    }
}
#endif
