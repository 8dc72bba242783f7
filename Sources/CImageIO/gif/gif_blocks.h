/* A walk over a GIF's blocks (no LZW decoding): the logical screen, the frames, the first frame's
 * transparency. The probe reports it; the decoder takes its layout from it. */
#ifndef CIMAGEIO_GIF_BLOCKS_H
#define CIMAGEIO_GIF_BLOCKS_H
#include "internal.h"

typedef struct {
    uint32_t width, height;       /* the logical screen: the canvas the first frame is drawn on */
    uint32_t frame_count;         /* image descriptors met before the trailer or the end of the data */
    int first_transparent;        /* the first frame's graphic control extension names a transparent index */
    int first_interlaced;         /* the first frame's rows are stored in four interlaced passes */
    int complete;                 /* the walk reached the trailer */
    int loop_count;               /* the NETSCAPE2.0 extension's loop count (0: forever); -1 without one */
    int animation_alpha;          /* some frame shows transparency: a transparent index, a clear to background
                                     or a first frame that leaves part of the canvas uncovered */
    uint64_t duration_ms;         /* the frames' delays as browsers play them (cio_gif_delay_ms) */
} cio_gif_summary;

/* CIO_TRUNCATED when the data ends before the first frame, CIO_CORRUPT for a block that is not
 * one or no frame before the trailer; a file cut after its first frame is summarised. */
/* A delay of `centiseconds` as browsers play it: 10 ms or less becomes 100 ms. */
int cio_gif_delay_ms(int centiseconds);

cio_status cio_gif_summarise(const uint8_t *data, size_t size, cio_gif_summary *summary, cio_message *message);
#endif
