#if arch(x86_64)
import _Builtin_intrinsics.intel

/// SSE2 loop of the vertical pass: two rows interleaved sample by sample meet a (w_t, w_t+1)
/// weight pair in `pmaddwd`, eight samples per step; an odd last row pairs with a zero weight.
enum VerticalPassSSE2 {
    static func run(rows: UnsafePointer<UnsafePointer<Int16>>, weights: UnsafePointer<Int16>, taps: Int, length: Int,
                    into sums: UnsafeMutablePointer<Int32>) {
        var x = 0
        while x + 8 <= length {
            var low = _mm_setzero_si128(), high = _mm_setzero_si128()
            var t = 0
            while t + 1 < taps {
                let a = SSE2.load(rows[t] + x), b = SSE2.load(rows[t + 1] + x)
                let w = _mm_set1_epi32(CoefficientTable.pair(weights[t], weights[t + 1]))
                low = _mm_add_epi32(low, _mm_madd_epi16(_mm_unpacklo_epi16(a, b), w))
                high = _mm_add_epi32(high, _mm_madd_epi16(_mm_unpackhi_epi16(a, b), w))
                t += 2
            }
            if t < taps {
                let a = SSE2.load(rows[t] + x), zero = _mm_setzero_si128()
                let w = _mm_set1_epi32(CoefficientTable.pair(weights[t], 0))
                low = _mm_add_epi32(low, _mm_madd_epi16(_mm_unpacklo_epi16(a, zero), w))
                high = _mm_add_epi32(high, _mm_madd_epi16(_mm_unpackhi_epi16(a, zero), w))
            }
            SSE2.store(low, sums + x)
            SSE2.store(high, sums + x + 4)
            x += 8
        }
        for s in x ..< length {
            var sum: Int32 = 0
            for t in 0 ..< taps { sum &+= Int32(weights[t]) &* Int32(rows[t][s]) }
            sums[s] = sum
        }
    }
}
#endif
