/* The forward DCT by the Arai-Agui-Nakajima factorisation (5 multiplications per 8 points): the
 * 8-point transform runs on whole rows at once (eight columns side by side, which vectorises), then
 * on the transposed block, and the output scale is folded into one multiplication per coefficient. */
#include "jpeg/forward_dct.h"

/* AAN leaves F(u,v) * 8 * s(u) * s(v), s(0) = 1, s(k) = sqrt(2) cos(k pi / 16). */
static const float DESCALE[8] = {
    1.0f / 1.0f,         1.0f / 1.387039845f, 1.0f / 1.306562965f, 1.0f / 1.175875602f,
    1.0f / 1.0f,         1.0f / 0.785694958f, 1.0f / 0.541196100f, 1.0f / 0.275899379f,
};

/* The 8-point transform down each of the 8 columns of `b` (row by row), in place. */
static inline void transform_columns(float b[64]) {
    for (int c = 0; c < 8; c++) {
        float d0 = b[c], d1 = b[8 + c], d2 = b[16 + c], d3 = b[24 + c];
        float d4 = b[32 + c], d5 = b[40 + c], d6 = b[48 + c], d7 = b[56 + c];
        float s07 = d0 + d7, m07 = d0 - d7, s16 = d1 + d6, m16 = d1 - d6;
        float s25 = d2 + d5, m25 = d2 - d5, s34 = d3 + d4, m34 = d3 - d4;

        float e0 = s07 + s34, e3 = s07 - s34, e1 = s16 + s25, e2 = s16 - s25;
        b[c] = e0 + e1;
        b[32 + c] = e0 - e1;
        float r = (e2 + e3) * 0.707106781f;
        b[16 + c] = e3 + r;
        b[48 + c] = e3 - r;

        float o0 = m34 + m25, o1 = m25 + m16, o2 = m16 + m07;
        float z5 = (o0 - o2) * 0.382683433f;
        float z2 = 0.541196100f * o0 + z5;
        float z4 = 1.306562965f * o2 + z5;
        float z3 = o1 * 0.707106781f;
        float z11 = m07 + z3, z13 = m07 - z3;
        b[40 + c] = z13 + z2;
        b[24 + c] = z13 - z2;
        b[8 + c] = z11 + z4;
        b[56 + c] = z11 - z4;
    }
}

static inline void transpose(const float in[64], float out[64]) {
    for (int r = 0; r < 8; r++) {
        for (int c = 0; c < 8; c++) out[8 * c + r] = in[8 * r + c];
    }
}

void cio_forward_dct(float block[64]) {
    float transposed[64];
    transform_columns(block);
    transpose(block, transposed);
    transform_columns(transposed);
    for (int u = 0; u < 8; u++) {
        for (int v = 0; v < 8; v++) block[8 * v + u] = transposed[8 * u + v] * (DESCALE[v] * DESCALE[u] * 0.125f);
    }
}
