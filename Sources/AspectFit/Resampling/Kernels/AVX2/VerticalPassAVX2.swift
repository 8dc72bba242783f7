#if ASPECTFIT_AVX2 && arch(x86_64)
import _Builtin_intrinsics.intel

/// AVX2 forms of the `VerticalPassSSE2` loops, compiled only with `-D ASPECTFIT_AVX2 -target-cpu
/// haswell`: Swift cannot pick kernels at run time, so the binary then needs an AVX2 CPU.
/// 256-bit unpacks work within 128-bit halves, so a register of sums holds two separate runs of
/// samples (e.g. 0-3 | 8-11); each half is stored to its own place.
enum VerticalPassAVX2 {
    /// Int16 rows, 32 samples per step; returns how many samples it did.
    static func run(rows: UnsafePointer<UnsafePointer<Int16>>, pairs: UnsafePointer<Int32>, taps: Int, length: Int,
                    into sums: UnsafeMutablePointer<Int32>) -> Int {
        let zero = _mm256_setzero_si256()
        @inline(__always) func load(_ p: UnsafePointer<Int16>) -> __m256i {
            _mm256_loadu_si256(UnsafeRawPointer(p).assumingMemoryBound(to: __m256i_u.self))
        }
        let out = UnsafeMutableRawPointer(sums).assumingMemoryBound(to: __m128i_u.self)
        var x = 0
        while x + 32 <= length {
            var s = (zero, zero, zero, zero)
            for k in 0 ..< taps / 2 {
                let w = _mm256_set1_epi32(pairs[k])
                let p = rows[2 * k] + x, q = rows[2 * k + 1] + x
                let a0 = load(p), b0 = load(q), a1 = load(p + 16), b1 = load(q + 16)
                s.0 = _mm256_add_epi32(s.0, _mm256_madd_epi16(_mm256_unpacklo_epi16(a0, b0), w))
                s.1 = _mm256_add_epi32(s.1, _mm256_madd_epi16(_mm256_unpackhi_epi16(a0, b0), w))
                s.2 = _mm256_add_epi32(s.2, _mm256_madd_epi16(_mm256_unpacklo_epi16(a1, b1), w))
                s.3 = _mm256_add_epi32(s.3, _mm256_madd_epi16(_mm256_unpackhi_epi16(a1, b1), w))
            }
            // Sums (0-3 | 8-11), (4-7 | 12-15), then the same for samples 16-31.
            let o = out + x / 4
            _mm256_storeu2_m128i(o + 2, o, s.0)
            _mm256_storeu2_m128i(o + 3, o + 1, s.1)
            _mm256_storeu2_m128i(o + 6, o + 4, s.2)
            _mm256_storeu2_m128i(o + 7, o + 5, s.3)
            x += 32
        }
        return x
    }

    /// 8-bit rows narrowed like `VerticalPassSSE2.runNarrowing`, 64 samples per step; returns how
    /// many samples it did.
    static func runNarrowing(rows: UnsafePointer<UnsafePointer<UInt8>>, pairs: UnsafePointer<Int32>, taps: Int, length: Int,
                             shift: Int32, into destination: UnsafeMutablePointer<Int16>) -> Int {
        let zero = _mm256_setzero_si256()
        let half = _mm256_set1_epi32(1 &<< (shift - 1))
        @inline(__always) func load(_ p: UnsafePointer<UInt8>) -> __m256i {
            _mm256_loadu_si256(UnsafeRawPointer(p).assumingMemoryBound(to: __m256i_u.self))
        }
        @inline(__always) func narrow(_ a: __m256i, _ b: __m256i) -> __m256i {
            _mm256_packs_epi32(_mm256_srai_epi32(_mm256_add_epi32(a, half), shift),
                               _mm256_srai_epi32(_mm256_add_epi32(b, half), shift))
        }
        let out = UnsafeMutableRawPointer(destination).assumingMemoryBound(to: __m128i_u.self)
        var x = 0
        while x + 64 <= length {
            var s = (zero, zero, zero, zero, zero, zero, zero, zero)
            for k in 0 ..< taps / 2 {
                let w = _mm256_set1_epi32(pairs[k])
                let p = rows[2 * k] + x, q = rows[2 * k + 1] + x
                let a0 = load(p), b0 = load(q), a1 = load(p + 32), b1 = load(q + 32)
                let l0 = _mm256_unpacklo_epi8(a0, b0), h0 = _mm256_unpackhi_epi8(a0, b0)
                let l1 = _mm256_unpacklo_epi8(a1, b1), h1 = _mm256_unpackhi_epi8(a1, b1)
                s.0 = _mm256_add_epi32(s.0, _mm256_madd_epi16(_mm256_unpacklo_epi8(l0, zero), w))
                s.1 = _mm256_add_epi32(s.1, _mm256_madd_epi16(_mm256_unpackhi_epi8(l0, zero), w))
                s.2 = _mm256_add_epi32(s.2, _mm256_madd_epi16(_mm256_unpacklo_epi8(h0, zero), w))
                s.3 = _mm256_add_epi32(s.3, _mm256_madd_epi16(_mm256_unpackhi_epi8(h0, zero), w))
                s.4 = _mm256_add_epi32(s.4, _mm256_madd_epi16(_mm256_unpacklo_epi8(l1, zero), w))
                s.5 = _mm256_add_epi32(s.5, _mm256_madd_epi16(_mm256_unpackhi_epi8(l1, zero), w))
                s.6 = _mm256_add_epi32(s.6, _mm256_madd_epi16(_mm256_unpacklo_epi8(h1, zero), w))
                s.7 = _mm256_add_epi32(s.7, _mm256_madd_epi16(_mm256_unpackhi_epi8(h1, zero), w))
            }
            // Packed halves: (0-7 | 16-23), (8-15 | 24-31), then the same for samples 32-63.
            let o = out + x / 8
            _mm256_storeu2_m128i(o + 2, o, narrow(s.0, s.1))
            _mm256_storeu2_m128i(o + 3, o + 1, narrow(s.2, s.3))
            _mm256_storeu2_m128i(o + 6, o + 4, narrow(s.4, s.5))
            _mm256_storeu2_m128i(o + 7, o + 5, narrow(s.6, s.7))
            x += 64
        }
        return x
    }
}
#endif
