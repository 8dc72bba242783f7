/* Luma: mozjpeg's table tuned for MS-SSIM (its table 2, Annex K's shape with finer middle
 * frequencies); chroma: N. Robidoux's table for ImageMagick (mozjpeg's default, table 3), which keeps
 * the colour edges that Annex K's chroma table (99 from the fourth diagonal on) smears, scaled 1.3
 * times coarser than luma. Both are scaled as libjpeg scales its tables, then by 0.8, so a quality
 * looks about as good as libjpeg-turbo's at the same number (docs/bytes.md has the measurements
 * these choices come from). Row by row. */
#include "jpeg/quant_tables.h"

static const unsigned int LUMA[DCTSIZE2] = {
    12, 17, 20, 21, 30,  34,  56,  63,
    18, 20, 20, 26, 28,  51,  61,  55,
    19, 20, 21, 26, 33,  58,  69,  55,
    26, 26, 26, 30, 46,  87,  86,  66,
    31, 33, 36, 40, 46,  96,  100, 73,
    40, 35, 46, 62, 81,  100, 111, 91,
    46, 66, 76, 86, 102, 121, 120, 101,
    68, 90, 90, 96, 113, 102, 105, 103,
};

static const unsigned int CHROMA[DCTSIZE2] = {
    16, 16, 16,  18,  25,  37,  56,  85,
    16, 17, 20,  27,  34,  40,  53,  75,
    16, 20, 24,  31,  43,  62,  91,  135,
    18, 27, 31,  40,  53,  74,  106, 156,
    25, 34, 43,  53,  69,  94,  131, 189,
    37, 40, 62,  74,  94,  124, 169, 238,
    56, 53, 91,  106, 131, 169, 226, 311,
    85, 75, 135, 156, 189, 238, 311, 418,
};

/* Percent scales: the quality's (libjpeg's), times 0.8 for both, times 1.3 for chroma. */
enum { QUALITY_NUMERATOR = 8, QUALITY_DENOMINATOR = 10, CHROMA_NUMERATOR = 13, CHROMA_DENOMINATOR = 10 };

void cio_set_perceptual_quant_tables(j_compress_ptr cinfo, int quality) {
    const int scale = jpeg_quality_scaling(quality) * QUALITY_NUMERATOR / QUALITY_DENOMINATOR;
    jpeg_add_quant_table(cinfo, 0, LUMA, scale > 0 ? scale : 1, TRUE);
    const int chroma_scale = scale * CHROMA_NUMERATOR / CHROMA_DENOMINATOR;
    jpeg_add_quant_table(cinfo, 1, CHROMA, chroma_scale > 0 ? chroma_scale : 1, TRUE);
}
