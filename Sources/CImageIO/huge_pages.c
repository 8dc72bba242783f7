/* Transparent huge pages for large, fresh pixel buffers. */
#include "internal.h"
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20, SMALLEST_ADVISED = 2 * HUGE_PAGE };

int cio_huge_page_span(uintptr_t address, size_t size, uintptr_t *start, uintptr_t *end) {
    *start = *end = 0;
    if (address == 0 || size < SMALLEST_ADVISED || address > UINTPTR_MAX - size) return 0;
    const uintptr_t first = address + (HUGE_PAGE - 1 - (address + HUGE_PAGE - 1) % HUGE_PAGE);
    const uintptr_t last = (address + size) - (address + size) % HUGE_PAGE;
    if (last <= first) return 0;
    *start = first;
    *end = last;
    return 1;
}

/* The kernel faults a fresh buffer in page by page as it is first written: 9,000 faults for a
 * 36 MB frame in 4 KiB pages, 18 in 2 MiB pages (where THP is in "madvise" mode, as on most
 * distributions). Only the whole huge pages inside the buffer are advised, so no memory outside it
 * is taken; where THP is off, or the memory was touched already, the advice changes nothing. */
void cio_advise_huge_pages(void *pixels, size_t size) {
#ifdef MADV_HUGEPAGE
    uintptr_t start, end;
    if (cio_huge_page_span((uintptr_t)pixels, size, &start, &end)) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)pixels;
    (void)size;
#endif
}
