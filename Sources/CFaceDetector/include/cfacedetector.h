#ifndef CFACEDETECTOR_H
#define CFACEDETECTOR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One detected face: a box in the pixels of the image searched, and dlib's detection score
/// (> 0: a face; higher is surer).
typedef struct {
    float x, y, width, height;
    float score;
} cfd_face;

/// Finds frontal faces (dlib's HOG + linear SVM detector, its 80x80 window scanned over a pyramid
/// that steps by 5/6) in an 8-bit grey image of `width` x `height` with rows `stride` bytes apart,
/// scoring above dlib's threshold plus `adjust` (0: dlib's own; below 0 also weaker candidates).
/// Writes up to `capacity` faces, surest first, and returns how many it found (which may exceed
/// `capacity`); returns -1 on failure with a message in `error` (NUL-terminated, at most
/// `error_size` bytes). No C++ exception leaves this function.
int cfd_detect_faces(const uint8_t *grey, int width, int height, int stride, double adjust,
                     cfd_face *faces, int capacity, char *error, size_t error_size);

/// Which build of the scan runs: the one the CPU and ASPECTFIT_SIMD choose (AVX2 where the CPU has it,
/// unless ASPECTFIT_SIMD is "sse2" or "scalar"), the one for any x86-64, or the AVX2 one. The boxes
/// are the same; scores may differ in a float's last bits.
typedef enum { CFD_LOOPS_CHOSEN = 0, CFD_LOOPS_ANY_X86_64 = 1, CFD_LOOPS_AVX2 = 2 } cfd_loops;

/// cfd_detect_faces with the scan `loops` names; CFD_LOOPS_AVX2 on a CPU without AVX2 fails (-1).
int cfd_detect_faces_using(cfd_loops loops, const uint8_t *grey, int width, int height, int stride, double adjust,
                           cfd_face *faces, int capacity, char *error, size_t error_size);

/// Nonzero when this CPU runs the AVX2 scan.
int cfd_cpu_has_avx2(void);

/// The side of the smallest face the detector finds, in pixels of the image it searches.
int cfd_smallest_face(void);

#ifdef __cplusplus
}
#endif

#endif
