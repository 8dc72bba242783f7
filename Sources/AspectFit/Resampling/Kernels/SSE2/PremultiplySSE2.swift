#if arch(x86_64)
import _Builtin_intrinsics.intel

/// SSE2 premultiplication of RGBA rows, four pixels per step, bit-exact with
/// `SourceConversion.premultiplied`: `pmullw` forms c * a, `pmulhuw` scales it by 16448 / 65536.
enum PremultiplySSE2 {
    /// Converts whole groups of four pixels; returns how many pixels it converted.
    static func rgba(_ source: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<Int16>) -> Int {
        let zero = _mm_setzero_si128()
        let colourLanes = _mm_set_epi16(0, -1, -1, -1, 0, -1, -1, -1)
        let opaque = _mm_set_epi16(255, 0, 0, 0, 255, 0, 0, 0)
        let two = _mm_set1_epi16(2), scale = _mm_set1_epi16(16448)
        /// Two pixels as Int16 lanes (r, g, b, a, r, g, b, a) to premultiplied ones.
        @inline(__always) func premultiply(_ v: __m128i) -> __m128i {
            var alpha = _mm_srli_epi64(v, 48)
            alpha = _mm_or_si128(alpha, _mm_slli_epi64(alpha, 16))
            alpha = _mm_or_si128(alpha, _mm_slli_epi64(alpha, 32))
            let factor = _mm_or_si128(_mm_and_si128(alpha, colourLanes), opaque)
            return _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(v, factor), two), scale)
        }
        var p = 0
        while p + 4 <= count {
            let x = SSE2.load(source + p * 4)
            let out = UnsafeMutableRawPointer(destination + p * 4).assumingMemoryBound(to: __m128i_u.self)
            _mm_storeu_si128(out, premultiply(_mm_unpacklo_epi8(x, zero)))
            _mm_storeu_si128(out + 1, premultiply(_mm_unpackhi_epi8(x, zero)))
            p += 4
        }
        return p
    }
}
#endif
