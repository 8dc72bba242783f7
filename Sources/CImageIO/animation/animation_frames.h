/* The frame iterators behind cio_animation_decoder, one per format: each holds the canvas it composites
 * on (and what a later disposal needs), never more than one frame's pixels besides. */
#ifndef CIMAGEIO_ANIMATION_FRAMES_H
#define CIMAGEIO_ANIMATION_FRAMES_H
#include "internal.h"

typedef struct cio_gif_frames cio_gif_frames;
typedef struct cio_webp_frames cio_webp_frames;
typedef struct cio_avif_frames cio_avif_frames;

/* Checks `limits` against the headers (the frame count read by a block walk) before allocating anything. */
cio_status cio_gif_frames_open(const uint8_t *data, size_t size, const cio_animation_limits *limits,
                               cio_gif_frames **frames, cio_animation_info *info, cio_message *message);
cio_status cio_gif_frames_next(cio_gif_frames *frames, const uint8_t **canvas, int *delay_ms, cio_warnings *warnings,
                               cio_message *message);
void cio_gif_frames_close(cio_gif_frames *frames);

cio_status cio_webp_frames_open(const uint8_t *data, size_t size, const cio_animation_limits *limits,
                                cio_webp_frames **frames, cio_animation_info *info, cio_message *message);
cio_status cio_webp_frames_next(cio_webp_frames *frames, const uint8_t **canvas, int *delay_ms, cio_message *message);
void cio_webp_frames_close(cio_webp_frames *frames);

/* Checks `limits` against the track header's size and sample count (libavif parses the container only). */
cio_status cio_avif_frames_open(const uint8_t *data, size_t size, const cio_animation_limits *limits,
                                cio_avif_frames **frames, cio_animation_info *info, cio_message *message);
cio_status cio_avif_frames_next(cio_avif_frames *frames, const uint8_t **canvas, int *delay_ms, cio_warnings *warnings,
                                cio_message *message);
void cio_avif_frames_close(cio_avif_frames *frames);

/* CIO_TOO_LARGE with a message when the canvas, the frames or their pixels together are over `limits`. */
cio_status cio_check_animation_limits(uint32_t width, uint32_t height, uint32_t frames, const cio_animation_limits *limits,
                                      cio_message *message);
#endif
