/* The encoders behind cio_animation_encoder, one per format: each writes a frame as it is added. */
#ifndef CIMAGEIO_ANIMATION_WRITERS_H
#define CIMAGEIO_ANIMATION_WRITERS_H
#include "internal.h"

typedef struct cio_gif_writer cio_gif_writer;
typedef struct cio_webp_animation_writer cio_webp_animation_writer;
typedef struct cio_avif_animation_writer cio_avif_animation_writer;

cio_status cio_gif_writer_new(const cio_animation_encode_options *options, cio_gif_writer **writer, cio_message *message);
cio_status cio_gif_writer_add(cio_gif_writer *writer, const uint8_t *rgba, size_t stride, int delay_ms, cio_message *message);
cio_status cio_gif_writer_finish(cio_gif_writer *writer, cio_byte_buffer *file, cio_message *message);
void cio_gif_writer_free(cio_gif_writer *writer);

cio_status cio_webp_animation_writer_new(const cio_animation_encode_options *options, cio_webp_animation_writer **writer,
                                         cio_message *message);
cio_status cio_webp_animation_writer_add(cio_webp_animation_writer *writer, const uint8_t *rgba, size_t stride, int delay_ms,
                                         cio_message *message);
cio_status cio_webp_animation_writer_finish(cio_webp_animation_writer *writer, cio_byte_buffer *file, cio_message *message);
void cio_webp_animation_writer_free(cio_webp_animation_writer *writer);

cio_status cio_avif_animation_writer_new(const cio_animation_encode_options *options, cio_avif_animation_writer **writer,
                                         cio_message *message);
cio_status cio_avif_animation_writer_add(cio_avif_animation_writer *writer, const uint8_t *rgba, size_t stride, int delay_ms,
                                         cio_message *message);
cio_status cio_avif_animation_writer_finish(cio_avif_animation_writer *writer, cio_byte_buffer *file, cio_message *message);
void cio_avif_animation_writer_free(cio_avif_animation_writer *writer);
#endif
