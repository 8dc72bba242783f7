#if arch(x86_64)
import _Builtin_intrinsics.intel

/// SSE2 loop of the vertical pass: rows t and t+1 interleaved sample by sample meet their
/// (w_t, w_t+1) pair in `pmaddwd`; 32 samples per step share each pair's broadcast.
/// Needs an even tap count (the row table is padded to one).
enum VerticalPassSSE2 {
    /// Samples before `start` are left alone (a wider loop did them).
    static func run(rows: UnsafePointer<UnsafePointer<Int16>>, pairs: UnsafePointer<Int32>, taps: Int, length: Int,
                    from start: Int = 0, into sums: UnsafeMutablePointer<Int32>) {
        var x = start
        while x + 32 <= length {
            var s = (_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128(),
                     _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128())
            for k in 0 ..< taps / 2 {
                let w = _mm_set1_epi32(pairs[k])
                let p = rows[2 * k] + x, q = rows[2 * k + 1] + x
                let a0 = SSE2.load(p), b0 = SSE2.load(q), a1 = SSE2.load(p + 8), b1 = SSE2.load(q + 8)
                let a2 = SSE2.load(p + 16), b2 = SSE2.load(q + 16), a3 = SSE2.load(p + 24), b3 = SSE2.load(q + 24)
                s.0 = _mm_add_epi32(s.0, _mm_madd_epi16(_mm_unpacklo_epi16(a0, b0), w))
                s.1 = _mm_add_epi32(s.1, _mm_madd_epi16(_mm_unpackhi_epi16(a0, b0), w))
                s.2 = _mm_add_epi32(s.2, _mm_madd_epi16(_mm_unpacklo_epi16(a1, b1), w))
                s.3 = _mm_add_epi32(s.3, _mm_madd_epi16(_mm_unpackhi_epi16(a1, b1), w))
                s.4 = _mm_add_epi32(s.4, _mm_madd_epi16(_mm_unpacklo_epi16(a2, b2), w))
                s.5 = _mm_add_epi32(s.5, _mm_madd_epi16(_mm_unpackhi_epi16(a2, b2), w))
                s.6 = _mm_add_epi32(s.6, _mm_madd_epi16(_mm_unpacklo_epi16(a3, b3), w))
                s.7 = _mm_add_epi32(s.7, _mm_madd_epi16(_mm_unpackhi_epi16(a3, b3), w))
            }
            SSE2.store(s.0, sums + x)
            SSE2.store(s.1, sums + x + 4)
            SSE2.store(s.2, sums + x + 8)
            SSE2.store(s.3, sums + x + 12)
            SSE2.store(s.4, sums + x + 16)
            SSE2.store(s.5, sums + x + 20)
            SSE2.store(s.6, sums + x + 24)
            SSE2.store(s.7, sums + x + 28)
            x += 32
        }
        while x + 8 <= length {
            var low = _mm_setzero_si128(), high = _mm_setzero_si128()
            for k in 0 ..< taps / 2 {
                let w = _mm_set1_epi32(pairs[k])
                let a = SSE2.load(rows[2 * k] + x), b = SSE2.load(rows[2 * k + 1] + x)
                low = _mm_add_epi32(low, _mm_madd_epi16(_mm_unpacklo_epi16(a, b), w))
                high = _mm_add_epi32(high, _mm_madd_epi16(_mm_unpackhi_epi16(a, b), w))
            }
            SSE2.store(low, sums + x)
            SSE2.store(high, sums + x + 4)
            x += 8
        }
        for s in x ..< length {
            var sum: Int32 = 0
            for t in 0 ..< taps {
                let pair = pairs[t / 2]
                let w = t % 2 == 0 ? Int16(truncatingIfNeeded: pair) : Int16(truncatingIfNeeded: pair >> 16)
                sum &+= Int32(w) &* Int32(rows[t][s])
            }
            sums[s] = sum
        }
    }

    /// The loop over 8-bit rows: bytes of rows t and t+1 interleave, then widen with zeros to the
    /// same (row t, row t+1) Int16 pairs; 32 samples per step, rounded, shifted and packed
    /// (saturating, like `Narrowing`) to Int16 before they leave the registers.
    /// Samples before `start` are left alone (a wider loop did them).
    static func runNarrowing(rows: UnsafePointer<UnsafePointer<UInt8>>, pairs: UnsafePointer<Int32>, taps: Int, length: Int,
                             shift: Int32, from start: Int = 0, into destination: UnsafeMutablePointer<Int16>) {
        let zero = _mm_setzero_si128()
        let half = _mm_set1_epi32(1 &<< (shift - 1))
        @inline(__always) func narrow(_ a: __m128i, _ b: __m128i) -> __m128i {
            _mm_packs_epi32(_mm_srai_epi32(_mm_add_epi32(a, half), shift), _mm_srai_epi32(_mm_add_epi32(b, half), shift))
        }
        let out = UnsafeMutableRawPointer(destination).assumingMemoryBound(to: __m128i_u.self)
        var x = start
        while x + 32 <= length {
            var s = (zero, zero, zero, zero, zero, zero, zero, zero)
            for k in 0 ..< taps / 2 {
                let w = _mm_set1_epi32(pairs[k])
                let p = rows[2 * k] + x, q = rows[2 * k + 1] + x
                let a0 = SSE2.load(p), b0 = SSE2.load(q), a1 = SSE2.load(p + 16), b1 = SSE2.load(q + 16)
                let l0 = _mm_unpacklo_epi8(a0, b0), h0 = _mm_unpackhi_epi8(a0, b0)
                let l1 = _mm_unpacklo_epi8(a1, b1), h1 = _mm_unpackhi_epi8(a1, b1)
                s.0 = _mm_add_epi32(s.0, _mm_madd_epi16(_mm_unpacklo_epi8(l0, zero), w))
                s.1 = _mm_add_epi32(s.1, _mm_madd_epi16(_mm_unpackhi_epi8(l0, zero), w))
                s.2 = _mm_add_epi32(s.2, _mm_madd_epi16(_mm_unpacklo_epi8(h0, zero), w))
                s.3 = _mm_add_epi32(s.3, _mm_madd_epi16(_mm_unpackhi_epi8(h0, zero), w))
                s.4 = _mm_add_epi32(s.4, _mm_madd_epi16(_mm_unpacklo_epi8(l1, zero), w))
                s.5 = _mm_add_epi32(s.5, _mm_madd_epi16(_mm_unpackhi_epi8(l1, zero), w))
                s.6 = _mm_add_epi32(s.6, _mm_madd_epi16(_mm_unpacklo_epi8(h1, zero), w))
                s.7 = _mm_add_epi32(s.7, _mm_madd_epi16(_mm_unpackhi_epi8(h1, zero), w))
            }
            _mm_storeu_si128(out + x / 8, narrow(s.0, s.1))
            _mm_storeu_si128(out + x / 8 + 1, narrow(s.2, s.3))
            _mm_storeu_si128(out + x / 8 + 2, narrow(s.4, s.5))
            _mm_storeu_si128(out + x / 8 + 3, narrow(s.6, s.7))
            x += 32
        }
        let halfScalar: Int32 = 1 &<< (shift - 1)
        for s in x ..< length {
            var sum: Int32 = 0
            for t in 0 ..< taps {
                let pair = pairs[t / 2]
                let w = t % 2 == 0 ? Int16(truncatingIfNeeded: pair) : Int16(truncatingIfNeeded: pair >> 16)
                sum &+= Int32(w) &* Int32(rows[t][s])
            }
            let v = (sum &+ halfScalar) &>> shift
            destination[s] = Int16(truncatingIfNeeded: min(max(v, Int32(Int16.min)), Int32(Int16.max)))
        }
    }
}
#endif
