#if arch(x86_64)
import _Builtin_intrinsics.intel

/// SSE2 loops of the horizontal pass, one per channel count: samples of pixels k, k+1 are
/// interleaved with those of k+2, k+3 so that one `pmaddwd` multiplies two taps of a channel
/// by the matching pair of weights from `CoefficientTable.lanes`, four taps per step.
///
/// Windows must be whole groups of four taps. Rows need 16 samples of readable padding after
/// the last window (2- and 3-channel loads run past it).
enum HorizontalPassSSE2 {
    static func run(_ source: UnsafePointer<Int16>, table: CoefficientTable, channels: Int,
                    into sums: UnsafeMutablePointer<Int32>) {
        table.starts.withUnsafeBufferPointer { starts in
            table.weights.withUnsafeBufferPointer { weights in
                table.lanes.withUnsafeBufferPointer { lanes in
                    let s = starts.baseAddress!, n = table.count, groups = table.taps / 4
                    switch channels {
                    case 1: oneChannel(source, s, weights.baseAddress!, n, groups, sums)
                    case 2: twoChannels(source, s, lanes.baseAddress!, n, groups, sums)
                    case 3: threeChannels(source, s, lanes.baseAddress!, n, groups, sums)
                    default: fourChannels(source, s, lanes.baseAddress!, n, groups, sums)
                    }
                }
            }
        }
    }

    /// Gray: four samples times four weights, two pairs per `pmaddwd`.
    private static func oneChannel(_ source: UnsafePointer<Int16>, _ starts: UnsafePointer<Int>, _ weights: UnsafePointer<Int16>,
                                   _ count: Int, _ groups: Int, _ sums: UnsafeMutablePointer<Int32>) {
        var w = weights
        for i in 0 ..< count {
            var src = source + starts[i]
            var acc = _mm_setzero_si128()
            for _ in 0 ..< groups {
                acc = _mm_add_epi32(acc, _mm_madd_epi16(SSE2.loadLow(src), SSE2.loadLow(w)))
                src += 4
                w += 4
            }
            let v = unsafeBitCast(acc, to: SIMD4<Int32>.self)
            sums[i] = v[0] &+ v[1]
        }
    }

    /// Gray+alpha: (g0,a0,g1,a1) with (g2,a2,g3,a3) gives (g0,g2, a0,a2, g1,g3, a1,a3).
    private static func twoChannels(_ source: UnsafePointer<Int16>, _ starts: UnsafePointer<Int>, _ lanes: UnsafePointer<Int32>,
                                    _ count: Int, _ groups: Int, _ sums: UnsafeMutablePointer<Int32>) {
        var w = lanes
        for i in 0 ..< count {
            var src = source + starts[i] * 2
            var acc = _mm_setzero_si128()
            for _ in 0 ..< groups {
                let mixed = _mm_unpacklo_epi16(SSE2.load(src), SSE2.load(src + 4))
                acc = _mm_add_epi32(acc, _mm_madd_epi16(mixed, SSE2.load(w)))
                src += 8
                w += 4
            }
            let v = unsafeBitCast(acc, to: SIMD4<Int32>.self)
            sums[i * 2] = v[0] &+ v[2]
            sums[i * 2 + 1] = v[1] &+ v[3]
        }
    }

    /// RGB: a = (r0,g0,b0,r1,g1,b1,r2,g2) and b = (r2,g2,b2,r3,g3,b3,r4,g4) interleave to
    /// low (r0,r2, g0,g2, b0,b2, r1,r3) and high (g1,g3, b1,b3, -, -): two loads per four taps.
    private static func threeChannels(_ source: UnsafePointer<Int16>, _ starts: UnsafePointer<Int>, _ lanes: UnsafePointer<Int32>,
                                      _ count: Int, _ groups: Int, _ sums: UnsafeMutablePointer<Int32>) {
        var w = lanes
        for i in 0 ..< count {
            var src = source + starts[i] * 3
            var low = _mm_setzero_si128(), high = _mm_setzero_si128()
            for _ in 0 ..< groups {
                let a = SSE2.load(src), b = SSE2.load(src + 6)
                low = _mm_add_epi32(low, _mm_madd_epi16(_mm_unpacklo_epi16(a, b), SSE2.load(w)))
                high = _mm_add_epi32(high, _mm_madd_epi16(_mm_unpackhi_epi16(a, b), SSE2.load(w + 4)))
                src += 12
                w += 8
            }
            let l = unsafeBitCast(low, to: SIMD4<Int32>.self), h = unsafeBitCast(high, to: SIMD4<Int32>.self)
            sums[i * 3] = l[0] &+ l[3]
            sums[i * 3 + 1] = l[1] &+ h[0]
            sums[i * 3 + 2] = l[2] &+ h[1]
        }
    }

    /// RGBA: pixels k..k+1 interleaved with k+2..k+3 give (r0,r2,g0,g2,b0,b2,a0,a2) and the odd taps.
    private static func fourChannels(_ source: UnsafePointer<Int16>, _ starts: UnsafePointer<Int>, _ lanes: UnsafePointer<Int32>,
                                     _ count: Int, _ groups: Int, _ sums: UnsafeMutablePointer<Int32>) {
        var w = lanes
        for i in 0 ..< count {
            var src = source + starts[i] * 4
            var even = _mm_setzero_si128(), odd = _mm_setzero_si128()
            for _ in 0 ..< groups {
                let a = SSE2.load(src), b = SSE2.load(src + 8)
                even = _mm_add_epi32(even, _mm_madd_epi16(_mm_unpacklo_epi16(a, b), SSE2.load(w)))
                odd = _mm_add_epi32(odd, _mm_madd_epi16(_mm_unpackhi_epi16(a, b), SSE2.load(w + 4)))
                src += 16
                w += 8
            }
            SSE2.store(_mm_add_epi32(even, odd), sums + i * 4)
        }
    }
}
#endif
