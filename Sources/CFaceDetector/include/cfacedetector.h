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

/// The side of the smallest face the detector finds, in pixels of the image it searches.
int cfd_smallest_face(void);

#ifdef __cplusplus
}
#endif

#endif
