/* Turns libjpeg errors and warnings into cimageio statuses and one-line messages. */
#include "jpeg/jpeg_error.h"
#include <jerror.h>
#include <string.h>

void cio_jpeg_fail(j_common_ptr cinfo, cio_status status, const char *text) {
    cio_jpeg_error *error = (cio_jpeg_error *)cinfo->err;
    error->status = status;
    cio_set_message(&error->message, "%s", text);
    longjmp(error->jump, 1);
}

static int is_lossless_sof(int marker) {
    return marker == 0xC3 || marker == 0xC7 || marker == 0xCB || marker == 0xCF;
}

static void error_exit(j_common_ptr cinfo) {
    cio_jpeg_error *error = (cio_jpeg_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    int code = cinfo->err->msg_code;
    error->status = CIO_CORRUPT;
    if (code == JERR_BAD_PRECISION) {
        error->status = CIO_UNSUPPORTED;
        cio_set_message(&error->message, "unsupported: %d-bit JPEG", cinfo->err->msg_parm.i[0]);
    } else if (code == JERR_SOF_UNSUPPORTED) {
        error->status = CIO_UNSUPPORTED;
        if (is_lossless_sof(cinfo->err->msg_parm.i[0])) cio_set_message(&error->message, "unsupported: lossless JPEG");
        else cio_set_message(&error->message, "unsupported: JPEG process SOF 0x%02x", cinfo->err->msg_parm.i[0]);
    } else if (code == JERR_NO_BACKING_STORE) {
        /* whole-image buffers over the memory budget (see jpeg_decode.c) */
        error->status = CIO_TOO_LARGE;
        cio_set_message(&error->message, "JPEG too large: progressive or multi-scan decoding needs more than the %ld MB memory budget",
                        cinfo->mem->max_memory_to_use >> 20);
    } else if (code == JERR_OUT_OF_MEMORY) {
        error->status = CIO_OUT_OF_MEMORY;
        cio_set_message(&error->message, "out of memory decoding JPEG");
    } else if (error->saw_end_of_file) {
        error->status = CIO_TRUNCATED;
        cio_set_message(&error->message, "truncated JPEG data (%s)", text);
    } else {
        cio_set_message(&error->message, "corrupt JPEG: %s", text);
    }
    longjmp(error->jump, 1);
}

/* Entropy-data damage: the decoder fills the rest with grey, so by default it is an error. */
static int is_damage(int code) {
    return code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER || code == JWRN_HUFF_BAD_CODE ||
           code == JWRN_ARITH_BAD_CODE || code == JWRN_MUST_RESYNC;
}

static void emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;  /* trace messages */
    cio_jpeg_error *error = (cio_jpeg_error *)cinfo->err;
    cinfo->err->num_warnings++;
    int code = cinfo->err->msg_code;
    if (code == JWRN_JPEG_EOF) error->saw_end_of_file = 1;
    if (error->warnings == NULL) return;
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    if (is_damage(code)) {
        const char *what = code == JWRN_JPEG_EOF ? "truncated JPEG data" : "damaged JPEG data";
        if (error->fail_on_damage) {
            error->status = code == JWRN_JPEG_EOF ? CIO_TRUNCATED : CIO_CORRUPT;
            if (code == JWRN_JPEG_EOF) cio_set_message(&error->message, "%s", what);
            else cio_set_message(&error->message, "%s: %s", what, text);
            longjmp(error->jump, 1);
        }
        char line[CIO_MESSAGE_CAPACITY];
        snprintf(line, sizeof line, "%s, decoded anyway: %s", what, text);
        cio_warnings_add(error->warnings, line);
        return;
    }
    cio_warnings_add(error->warnings, text);
}

struct jpeg_error_mgr *cio_jpeg_error_init(cio_jpeg_error *error, cio_warnings *warnings, int fail_on_damage) {
    memset(error, 0, sizeof *error);
    jpeg_std_error(&error->pub);
    error->pub.error_exit = error_exit;
    error->pub.emit_message = emit_message;
    error->warnings = warnings;
    error->fail_on_damage = fail_on_damage;
    error->status = CIO_OK;
    return &error->pub;
}
