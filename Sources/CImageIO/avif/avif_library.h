/* libavif, opened on first use rather than linked (codec_library.h). Linked, it and the AV1 codecs it
 * depends on (libaom, dav1d, rav1e, SVT-AV1, libgav1, abseil) cost every process about 6 M instructions
 * of relocations at start, whatever it reads. Every libavif function the AVIF and HEIF code calls is in
 * CIO_AVIF_FUNCTIONS and named as in libavif, so that code reads as plain libavif: each name below
 * stands for its entry in the table cio_avif_library_open() fills. */
#ifndef CIMAGEIO_AVIF_LIBRARY_H
#define CIMAGEIO_AVIF_LIBRARY_H
#include "internal.h"
#include <avif/avif.h>

#define CIO_AVIF_FUNCTIONS(F)                                                                             \
    F(avifCodecName) F(avifDecoderCreate) F(avifDecoderDestroy) F(avifDecoderNextImage)                   \
    F(avifDecoderNthImageTiming) F(avifDecoderParse) F(avifDecoderSetIOMemory) F(avifEncoderAddImage)     \
    F(avifEncoderCreate) F(avifEncoderDestroy) F(avifEncoderFinish) F(avifEncoderWrite)                   \
    F(avifImageAllocatePlanes) F(avifImageCreate) F(avifImageDestroy) F(avifImageRGBToYUV)                \
    F(avifImageSetMetadataExif) F(avifImageSetMetadataXMP) F(avifImageSetProfileICC)                      \
    F(avifImageYUVToRGB) F(avifRGBImageSetDefaults) F(avifRWDataFree) F(avifResultToString)

#define CIO_AVIF_ENTRY(name) __typeof__(name) *name;
typedef struct {
    CIO_AVIF_FUNCTIONS(CIO_AVIF_ENTRY)
} cio_avif_library;
#undef CIO_AVIF_ENTRY

/* Opens libavif once per process: $ASPECTFIT_LIBAVIF when set (a path or a soname), else libavif.so.15.
 * CIO_OK when every function was found; otherwise CIO_UNSUPPORTED with a message naming the library
 * and dlerror()'s words. */
cio_status cio_avif_library_open(cio_message *message);

/* The table; filled only after cio_avif_library_open returned CIO_OK. */
extern cio_avif_library cio_avif_functions;

#ifndef CIO_AVIF_LIBRARY_ITSELF   /* avif_library.c fills the table under libavif's own names */
#define avifCodecName (cio_avif_functions.avifCodecName)
#define avifDecoderCreate (cio_avif_functions.avifDecoderCreate)
#define avifDecoderDestroy (cio_avif_functions.avifDecoderDestroy)
#define avifDecoderNextImage (cio_avif_functions.avifDecoderNextImage)
#define avifDecoderNthImageTiming (cio_avif_functions.avifDecoderNthImageTiming)
#define avifDecoderParse (cio_avif_functions.avifDecoderParse)
#define avifDecoderSetIOMemory (cio_avif_functions.avifDecoderSetIOMemory)
#define avifEncoderAddImage (cio_avif_functions.avifEncoderAddImage)
#define avifEncoderCreate (cio_avif_functions.avifEncoderCreate)
#define avifEncoderDestroy (cio_avif_functions.avifEncoderDestroy)
#define avifEncoderFinish (cio_avif_functions.avifEncoderFinish)
#define avifEncoderWrite (cio_avif_functions.avifEncoderWrite)
#define avifImageAllocatePlanes (cio_avif_functions.avifImageAllocatePlanes)
#define avifImageCreate (cio_avif_functions.avifImageCreate)
#define avifImageDestroy (cio_avif_functions.avifImageDestroy)
#define avifImageRGBToYUV (cio_avif_functions.avifImageRGBToYUV)
#define avifImageSetMetadataExif (cio_avif_functions.avifImageSetMetadataExif)
#define avifImageSetMetadataXMP (cio_avif_functions.avifImageSetMetadataXMP)
#define avifImageSetProfileICC (cio_avif_functions.avifImageSetProfileICC)
#define avifImageYUVToRGB (cio_avif_functions.avifImageYUVToRGB)
#define avifRGBImageSetDefaults (cio_avif_functions.avifRGBImageSetDefaults)
#define avifRWDataFree (cio_avif_functions.avifRWDataFree)
#define avifResultToString (cio_avif_functions.avifResultToString)
#endif
#endif
