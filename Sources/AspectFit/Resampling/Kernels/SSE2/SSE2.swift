#if arch(x86_64)
import _Builtin_intrinsics.intel

/// Unaligned 16-byte and 8-byte loads and stores of Int16/Int32 lanes for the SSE2 loops.
enum SSE2 {
    @inline(__always)
    static func load(_ p: UnsafePointer<Int16>) -> __m128i {
        _mm_loadu_si128(UnsafeRawPointer(p).assumingMemoryBound(to: __m128i_u.self))
    }

    @inline(__always)
    static func load(_ p: UnsafePointer<Int32>) -> __m128i {
        _mm_loadu_si128(UnsafeRawPointer(p).assumingMemoryBound(to: __m128i_u.self))
    }

    @inline(__always)
    static func load(_ p: UnsafePointer<UInt8>) -> __m128i {
        _mm_loadu_si128(UnsafeRawPointer(p).assumingMemoryBound(to: __m128i_u.self))
    }

    @inline(__always)
    static func loadLow(_ p: UnsafePointer<Int16>) -> __m128i {
        _mm_loadl_epi64(UnsafeRawPointer(p).assumingMemoryBound(to: __m128i_u.self))
    }

    @inline(__always)
    static func store(_ v: __m128i, _ p: UnsafeMutablePointer<Int32>) {
        _mm_storeu_si128(UnsafeMutableRawPointer(p).assumingMemoryBound(to: __m128i_u.self), v)
    }
}
#endif
