#include "resample_kernels.h"

#if defined(__x86_64__)
#include <cpuid.h>

int rk_cpu_has_sse2(void) { return 1; }

/* AVX2 needs the CPU bit (leaf 7, EBX bit 5), AVX and OSXSAVE (leaf 1, ECX bits 28 and 27), and
 * the OS saving the SSE and AVX register state (XCR0 bits 1 and 2). */
int rk_cpu_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27)) || !(c & (1u << 28))) return 0;
    unsigned xcr0_low, xcr0_high;
    __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6) != 6) return 0;
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 5)) != 0;
}
#else
int rk_cpu_has_sse2(void) { return 0; }
int rk_cpu_has_avx2(void) { return 0; }
#endif
