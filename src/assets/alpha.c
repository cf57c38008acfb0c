/* alpha.c — coverage-preserving alpha mips (SPEC AS4; Horizon Zero Dawn "Pixel Program: Alpha": signed
 * distance alpha textures and the 'custom coverage' mip chain). A regular mip chain of an alpha-tested texture
 * loses coverage level by level: thin leaves and fronds average below the 0.5 cutoff and the plant thins out
 * with distance. Each level is instead scaled so that, magnified back to the source's size, it covers as much
 * as the source does. */
#include "assets/assets.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ALPHA_MAX_SIDE 8192u

double asset_alpha_coverage(const float *alpha, uint32_t width, uint32_t height)
{
    size_t n = (size_t)width * height, covered = 0;
    for (size_t i = 0; i < n; i++) covered += alpha[i] >= ASSET_ALPHA_CUTOFF;
    return n ? (double)covered / (double)n : 0.0;
}

/* Index i clamped to [0, n - 1] (texels beyond an edge are the edge's). */
static size_t clamp_index(int64_t i, uint32_t n)
{
    return i < 0 ? 0 : i > (int64_t)n - 1 ? (size_t)n - 1 : (size_t)i;
}

void asset_alpha_upsample(const float *src, uint32_t w, uint32_t h, float *out, uint32_t out_w, uint32_t out_h)
{
    for (uint32_t y = 0; y < out_h; y++) {
        /* the output texel's centre in source texels, centres aligned */
        double sy = ((double)y + 0.5) * (double)h / (double)out_h - 0.5;
        double fy = floor(sy);
        double ty = sy - fy;
        size_t y0 = clamp_index((int64_t)fy, h), y1 = clamp_index((int64_t)fy + 1, h);
        for (uint32_t x = 0; x < out_w; x++) {
            double sx = ((double)x + 0.5) * (double)w / (double)out_w - 0.5;
            double fx = floor(sx);
            double tx = sx - fx;
            size_t x0 = clamp_index((int64_t)fx, w), x1 = clamp_index((int64_t)fx + 1, w);
            double a = src[y0 * w + x0], b = src[y0 * w + x1], c = src[y1 * w + x0], d = src[y1 * w + x1];
            double top = a + (b - a) * tx, bottom = c + (d - c) * tx;
            out[(size_t)y * out_w + x] = (float)(top + (bottom - top) * ty);
        }
    }
}

/* The 2x2 box of `src` (w x h) into the next level (w2 x h2); an odd last row or column averages what exists. */
static void box_down(const float *src, uint32_t w, uint32_t h, float *dst, uint32_t w2, uint32_t h2)
{
    for (uint32_t y = 0; y < h2; y++)
        for (uint32_t x = 0; x < w2; x++) {
            double sum = 0.0;
            int n = 0;
            for (uint32_t dy = 0; dy < 2; dy++)
                for (uint32_t dx = 0; dx < 2; dx++) {
                    uint32_t sx = 2 * x + dx, sy = 2 * y + dy;
                    if (sx < w && sy < h) {
                        sum += src[(size_t)sy * w + sx];
                        n++;
                    }
                }
            dst[(size_t)y * w2 + x] = (float)(sum / n);
        }
}

/* The k-th largest of v[0..n) (k from 0; v is reordered): Hoare's selection, O(n) on average. */
static float kth_largest(float *v, size_t n, size_t k)
{
    size_t lo = 0, hi = n - 1;
    while (lo < hi) {
        float pivot = v[lo + (hi - lo) / 2];
        size_t i = lo, j = hi;
        while (i <= j) {
            while (v[i] > pivot) i++;
            while (v[j] < pivot) j--;
            if (i <= j) {
                float t = v[i];
                v[i] = v[j];
                v[j] = t;
                i++;
                if (j == 0) break;
                j--;
            }
        }
        if (k <= j) hi = j;
        else if (k >= i) lo = i;
        else return v[k];
    }
    return v[k];
}

/* P: the alpha at which `n` up-sampled values cover `coverage` of them (at least that share is >= P). HZD reads
 * it from a histogram of the up-sampling; selecting the quantile is the same without the bins' rounding. A level
 * whose up-sampling has a plateau at P (the smallest levels, clamped at the edges) covers a little more. */
static double coverage_point(float *v, size_t n, double coverage)
{
    size_t k = (size_t)ceil(coverage * (double)n);
    if (k == 0) return 0.0;
    return kth_largest(v, n, k - 1);
}

void asset_alpha_mips_free(asset_alpha_mips *m)
{
    for (uint32_t i = 0; i < ASSET_ALPHA_MAX_LEVELS; i++) free(m->alpha[i]);
    memset(m, 0, sizeof *m);
}

sward_result asset_alpha_build_mips(const float *alpha, uint32_t width, uint32_t height, bool preserve,
                                    asset_alpha_mips *out, sward_error *err)
{
    memset(out, 0, sizeof *out);
    if (width == 0 || height == 0 || width > ALPHA_MAX_SIDE || height > ALPHA_MAX_SIDE)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "alpha texture: %ux%u texels (1 to %u per side)", width,
                         height, ALPHA_MAX_SIDE);
    size_t n0 = (size_t)width * height;
    for (size_t i = 0; i < n0; i++)
        if (!(alpha[i] >= 0.0f && alpha[i] <= 1.0f))
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "alpha texture: texel (%zu, %zu) is %g, not in [0, 1]",
                             i % width, i / width, (double)alpha[i]);
    double coverage = asset_alpha_coverage(alpha, width, height);
    float *regular = NULL, *up = malloc(n0 * sizeof *up);
    sward_result res = SWARD_OK;
    uint32_t w = width, h = height;
    for (uint32_t l = 0; l < ASSET_ALPHA_MAX_LEVELS && res == SWARD_OK; l++) {
        size_t n = (size_t)w * h;
        float *level = malloc(n * sizeof *level);
        if (!level || !up) {
            free(level);
            res = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "alpha texture: out of memory for its mips");
            break;
        }
        float *next_regular = malloc(n * sizeof *next_regular);
        if (!next_regular) {
            free(level);
            res = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "alpha texture: out of memory for its mips");
            break;
        }
        /* the regular chain: the source, then 2x2 boxes of the last regular level */
        if (l == 0) memcpy(next_regular, alpha, n * sizeof *alpha);
        else box_down(regular, out->width[l - 1], out->height[l - 1], next_regular, w, h);
        free(regular);
        regular = next_regular;
        memcpy(level, regular, n * sizeof *level);
        float scale = 1.0f;
        if (preserve && l > 0 && coverage > 0.0) {
            asset_alpha_upsample(regular, w, h, up, width, height);
            double p = coverage_point(up, n0, coverage);
            if (p > 0.0) scale = (float)(ASSET_ALPHA_CUTOFF / p);
            /* a texel at P or above passes the test, one below fails: exactly, not up to the rounding of the
             * product (P x 0.5 / P can round to just under 0.5; a 1x1 level is then never covered) */
            for (size_t i = 0; i < n; i++) {
                float v = fminf(level[i] * scale, 1.0f);
                bool pass = p > 0.0 && (double)level[i] >= p;
                level[i] = pass ? fmaxf(v, ASSET_ALPHA_CUTOFF) : fminf(v, nextafterf(ASSET_ALPHA_CUTOFF, 0.0f));
            }
        }
        out->alpha[l] = level;
        out->width[l] = w;
        out->height[l] = h;
        out->scale[l] = scale;
        out->levels = l + 1;
        if (w == 1 && h == 1) break;
        w = w > 1 ? (w + 1) / 2 : 1;
        h = h > 1 ? (h + 1) / 2 : 1;
    }
    free(regular);
    free(up);
    if (res != SWARD_OK) asset_alpha_mips_free(out);
    return res;
}
