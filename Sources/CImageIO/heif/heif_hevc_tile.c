/* libavcodec on one tile: hvcC as the decoder's configuration, the item's length-prefixed NAL units as
 * one packet (what libheif's libde265 plugin feeds libde265, in the form FFmpeg takes). */
#include "heif/heif_hevc_tile.h"
#include "heif/heif_ycbcr.h"
#include <libavcodec/avcodec.h>
#include <libavutil/log.h>
#include <pthread.h>
#include <string.h>

enum { MAX_PROPERTIES = 32 };

static pthread_once_t quiet_once = PTHREAD_ONCE_INIT;
/* FFmpeg writes its diagnostics to stderr; a damaged tile becomes one error or warning line instead. */
static void quiet(void) { av_log_set_level(AV_LOG_QUIET); }

/* The tile's hvcC, and its own nclx (the last colr nclx among its properties, as libheif keeps it). */
static int tile_properties(const cio_heif_items *items, uint32_t id, cio_bmff_span *hvcc, int *matrix, int *full_range) {
    cio_heif_property properties[MAX_PROPERTIES];
    const size_t count = cio_heif_item_properties(items, id, properties, MAX_PROPERTIES);
    int own_nclx = 0;
    hvcc->size = 0;
    for (size_t i = 0; i < count; i++) {
        const cio_bmff_span p = properties[i].payload;
        if (memcmp(properties[i].type, "hvcC", 4) == 0 && hvcc->size == 0) *hvcc = p;
        if (memcmp(properties[i].type, "colr", 4) == 0 && p.size >= 11 && memcmp(p.data, "nclx", 4) == 0) {
            *matrix = (int)cio_bmff_number(p.data + 8, 2);
            *full_range = (p.data[10] & 0x80) != 0;
            own_nclx = 1;
        }
    }
    return own_nclx;
}

/* FFmpeg's buffers with the planes zeroed: what a damaged stream leaves undecoded is black, never
 * whatever the heap held. */
static int zeroed_buffer(AVCodecContext *context, AVFrame *frame, int flags) {
    const int status = avcodec_default_get_buffer2(context, frame, flags);
    for (int i = 0; status == 0 && i < AV_NUM_DATA_POINTERS && frame->buf[i] != NULL; i++) {
        memset(frame->buf[i]->data, 0, frame->buf[i]->size);
    }
    return status;
}

/* The 8-bit layouts converted here, as the chroma's horizontal and vertical halving; 0 for the others. */
static int chroma_shifts(int format, int *shift_x, int *shift_y) {
    switch (format) {
    case AV_PIX_FMT_YUV420P: case AV_PIX_FMT_YUVJ420P: *shift_x = 1; *shift_y = 1; return 1;
    case AV_PIX_FMT_YUV422P: case AV_PIX_FMT_YUVJ422P: *shift_x = 1; *shift_y = 0; return 1;
    case AV_PIX_FMT_YUV444P: case AV_PIX_FMT_YUVJ444P: *shift_x = 0; *shift_y = 0; return 1;
    default: return 0;
    }
}

/* Decodes the packet; with `strict`, any error the decoder notices stops it. The picture is in `frame`
 * when it returns 1. */
static int decode(cio_bmff_span hvcc, const uint8_t *data, size_t size, int strict, AVFrame *frame, int *failed) {
    const AVCodec *codec = avcodec_find_decoder(AV_CODEC_ID_HEVC);
    AVCodecContext *context = codec != NULL ? avcodec_alloc_context3(codec) : NULL;
    AVPacket *packet = av_packet_alloc();
    AVFrame *next = av_frame_alloc();   /* receiving clears its frame, also when nothing comes */
    int got = 0;
    *failed = 1;
    if (context != NULL && packet != NULL && next != NULL && (context->extradata = av_mallocz(hvcc.size + AV_INPUT_BUFFER_PADDING_SIZE)) != NULL &&
        av_new_packet(packet, (int)size) == 0) {
        memcpy(context->extradata, hvcc.data, hvcc.size);
        context->extradata_size = (int)hvcc.size;
        context->thread_count = 1;   /* the tile route runs tiles in parallel */
        context->get_buffer2 = zeroed_buffer;
        if (strict) context->err_recognition |= AV_EF_EXPLODE;
        memcpy(packet->data, data, size);
        if (avcodec_open2(context, codec, NULL) == 0) {
            const int sent = avcodec_send_packet(context, packet);
            const int flushed = avcodec_send_packet(context, NULL);
            int received;
            while ((received = avcodec_receive_frame(context, next)) == 0) {   /* the last picture stays */
                av_frame_unref(frame);
                av_frame_move_ref(frame, next);
                got = 1;
            }
            *failed = sent < 0 || flushed < 0 || (received != AVERROR_EOF && received != AVERROR(EAGAIN)) ||
                      (got && (frame->flags & AV_FRAME_FLAG_CORRUPT));
        }
    }
    av_frame_free(&next);
    av_packet_free(&packet);
    avcodec_free_context(&context);
    return got;
}

static cio_status convert(const AVFrame *frame, int matrix, int full_range, uint32_t width, uint32_t height,
                          uint8_t *rgb, cio_message *message) {
    if (frame->width != (int)width || frame->height != (int)height) {
        cio_set_message(message, "corrupt HEIF: a tile decodes to %dx%d, its header says %ux%u", frame->width,
                        frame->height, width, height);
        return CIO_CORRUPT;
    }
    cio_heif_ycbcr conversion;
    int shift_x, shift_y;
    if (!chroma_shifts(frame->format, &shift_x, &shift_y) || !cio_heif_ycbcr_of(matrix, full_range, &conversion)) {
        return CIO_UNSUPPORTED;
    }
    for (uint32_t row = 0; row < height; row++) {
        const size_t chroma_row = row >> shift_y;
        cio_heif_ycbcr_row(&conversion, frame->data[0] + (size_t)row * (size_t)frame->linesize[0],
                           frame->data[1] + chroma_row * (size_t)frame->linesize[1],
                           frame->data[2] + chroma_row * (size_t)frame->linesize[2], shift_x, 0, width,
                           rgb + (size_t)row * width * 3);
    }
    return CIO_OK;
}

/* The stream's colour description as libheif's plugin records it from libde265: a matrix outside
 * H.273's known ones is unspecified, and without a VUI the range is limited. */
static void stream_nclx(const AVFrame *frame, int *matrix, int *full_range) {
    const int m = (int)frame->colorspace;
    *matrix = (m >= 0 && m <= 14 && m != 3) ? m : 2;
    *full_range = frame->color_range == AVCOL_RANGE_JPEG;
}

cio_status cio_heif_hevc_tile_decode(const cio_heif_items *items, uint32_t id, uint32_t width, uint32_t height,
                                     uint8_t *rgb, cio_message *damage, cio_message *message) {
    damage->text[0] = '\0';
    pthread_once(&quiet_once, quiet);
    int matrix = 2, full_range = 1;
    cio_bmff_span hvcc;
    const int own_nclx = tile_properties(items, id, &hvcc, &matrix, &full_range);
    size_t size = 0;
    if (hvcc.size == 0 || !cio_heif_item_data(items, id, NULL, 0, &size) || size == 0 || size > INT32_MAX) {
        return CIO_UNSUPPORTED;   /* libheif says what is wrong */
    }
    uint8_t *data = av_malloc(size);
    AVFrame *frame = av_frame_alloc();
    cio_status status = CIO_OK;
    if (data == NULL || frame == NULL) {
        cio_set_message(message, "out of memory");
        status = CIO_OUT_OF_MEMORY;
    } else if (!cio_heif_item_data(items, id, data, size, &size)) {
        status = CIO_UNSUPPORTED;
    } else {
        int failed;
        int got = decode(hvcc, data, size, 1, frame, &failed);
        if (failed) {   /* the pixels a lenient decode keeps */
            av_frame_unref(frame);
            got = decode(hvcc, data, size, 0, frame, &failed);
            cio_set_message(damage, "damaged HEVC data in a tile (libavcodec could not decode all of it)");
        }
        if (!got) {
            cio_set_message(message, "corrupt HEIF (decoding a tile: libavcodec gave no picture)");
            status = CIO_CORRUPT;
        } else {
            if (!own_nclx) stream_nclx(frame, &matrix, &full_range);
            status = convert(frame, matrix, full_range, width, height, rgb, message);
        }
    }
    av_frame_free(&frame);
    av_free(data);
    return status;
}
