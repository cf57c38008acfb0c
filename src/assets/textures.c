/* textures.c — leaf and petal texture sets (SPEC AS5; Horizon Zero Dawn "Texture Sets": alpha, normal, albedo,
 * translucency, mask and AO packed into few textures; "Pixel Program: Alpha": signed-distance alpha with the
 * coverage-preserving mip chain of AS4, alpha.c). Procedural: the silhouette is an analytic half-width profile
 * along the leaf, the ribs a height field whose gradient is the normal map. Layout in assets.h. */
#include "assets/assets.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI_F 3.14159265f
/* the leaf's extent in uv: a border of empty texels all round, so a clamped or mipped edge stays transparent */
#define LEAF_S0 0.06f   /* base, in s = 1 - v */
#define LEAF_S1 0.94f   /* tip */
#define LEAF_HALF 0.40f /* widest half-width in u */
#define OUTLINE_N 256u  /* outline points per side */

typedef struct leaf_shape {
    asset_surface surface;
    float p; /* t^p puts sin's maximum where the shape is widest: t = 0.5^(1 / p) */
} leaf_shape;

/* Half-width in u at t in [0, 1] from base to tip. Leaf: sin(pi t^p) — pointed at the tip (a finite slope),
 * rounded at the base, widest at t = 0.4. Petal: its square root, vertical at both ends (rounded), widest at 0.6. */
static float half_width(const leaf_shape *sh, float t)
{
    if (!(t > 0.0f && t < 1.0f)) return 0.0f;
    float w = sinf(PI_F * powf(t, sh->p));
    return LEAF_HALF * (sh->surface == ASSET_SURFACE_PETAL ? sqrtf(fmaxf(w, 0.0f)) : fmaxf(w, 0.0f));
}

static float leaf_t(float v)
{
    return ((1.0f - v) - LEAF_S0) / (LEAF_S1 - LEAF_S0);
}

static float clampf(float x, float lo, float hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* The alpha as a byte that keeps the alpha test's answer: at or above the cutoff, at least 128 (128 / 255 >= 0.5);
 * below it, at most 127 (rounding alone would turn the coverage-preserving chain's 0.4999999 into 128 and its
 * 0.5 into 127 or 128 by chance). */
static uint8_t unorm8_alpha(float x);

static uint8_t unorm8(float x)
{
    return (uint8_t)(clampf(x, 0.0f, 1.0f) * 255.0f + 0.5f);
}

static uint8_t unorm8_alpha(float x)
{
    uint8_t b = unorm8(x);
    if (x >= ASSET_ALPHA_CUTOFF) return b < 128 ? 128 : b;
    return b > 127 ? 127 : b;
}

/* Distance from (px, py) to segment a-b, squared. */
static float seg_dist2(float px, float py, const float *a, const float *b)
{
    float ex = b[0] - a[0], ey = b[1] - a[1], wx = px - a[0], wy = py - a[1];
    float l2 = ex * ex + ey * ey, h = l2 > 0.0f ? clampf((wx * ex + wy * ey) / l2, 0.0f, 1.0f) : 0.0f;
    float dx = wx - ex * h, dy = wy - ey * h;
    return dx * dx + dy * dy;
}

/* The signed-distance alpha of level 0 (floats, for alpha.c): the outline as a closed polyline (cosine-spaced
 * so the rounded ends are fine), each segment updating only the texels within the ramp's reach of it — the
 * rest are fully in or out — so the cost is the outline's length times the ramp, not texels times segments. */
static void signed_distance(const leaf_shape *sh, uint32_t n, float *alpha, float *d2)
{
    float pts[2u * OUTLINE_N + 1u][2];
    uint32_t np = 0;
    for (uint32_t side = 0; side < 2; side++)
        for (uint32_t i = 0; i <= OUTLINE_N; i++) {
            uint32_t k = side ? OUTLINE_N - i : i; /* right side base to tip, left side back down */
            if (side && i == 0) continue;          /* the tip once */
            float t = 0.5f - 0.5f * cosf(PI_F * (float)k / (float)OUTLINE_N);
            pts[np][0] = 0.5f + (side ? -1.0f : 1.0f) * half_width(sh, t);
            pts[np][1] = 1.0f - (LEAF_S0 + t * (LEAF_S1 - LEAF_S0));
            np++;
        }
    float spread = ASSET_TEXSET_SPREAD, inv = 1.0f / (float)n;
    for (size_t i = 0; i < (size_t)n * n; i++)
        d2[i] = spread * spread;
    int64_t reach = (int64_t)ceilf(spread * (float)n) + 1;
    for (uint32_t s = 0; s + 1u < np; s++) {
        const float *a = pts[s], *b = pts[s + 1u];
        int64_t x0 = (int64_t)floorf(fminf(a[0], b[0]) * (float)n) - reach;
        int64_t x1 = (int64_t)floorf(fmaxf(a[0], b[0]) * (float)n) + reach;
        int64_t y0 = (int64_t)floorf(fminf(a[1], b[1]) * (float)n) - reach;
        int64_t y1 = (int64_t)floorf(fmaxf(a[1], b[1]) * (float)n) + reach;
        for (int64_t y = y0 < 0 ? 0 : y0; y <= y1 && y < (int64_t)n; y++)
            for (int64_t x = x0 < 0 ? 0 : x0; x <= x1 && x < (int64_t)n; x++) {
                size_t i = (size_t)y * n + (size_t)x;
                float d = seg_dist2(((float)x + 0.5f) * inv, ((float)y + 0.5f) * inv, a, b);
                if (d < d2[i]) d2[i] = d;
            }
    }
    for (uint32_t y = 0; y < n; y++)
        for (uint32_t x = 0; x < n; x++) {
            size_t i = (size_t)y * n + x;
            float u = ((float)x + 0.5f) * inv, v = ((float)y + 0.5f) * inv;
            bool inside = fabsf(u - 0.5f) < half_width(sh, leaf_t(v));
            float d = sqrtf(d2[i]);
            alpha[i] = clampf(0.5f + (inside ? d : -d) / (2.0f * spread), 0.0f, 1.0f);
        }
}

/* The ribs at (u, v): 1 on the midrib and the veins, falling off across them. Leaf: a midrib along the centre
 * and secondary veins leaving it towards the tip; petal: fine veins fanning out from the base. */
static float ribs(const leaf_shape *sh, float u, float v)
{
    float t = leaf_t(v), x = u - 0.5f, w = half_width(sh, t);
    if (t <= 0.0f || t >= 1.0f) return 0.0f;
    float fade = clampf(1.0f - fabsf(x) / (w + 1e-3f), 0.0f, 1.0f); /* the veins thin out to the margin */
    if (sh->surface == ASSET_SURFACE_PETAL) {
        float f = x / (w + 1e-3f) * 5.0f, d = fabsf(f - floorf(f + 0.5f)) * (w + 1e-3f) / 5.0f;
        return 0.5f * expf(-(d * d) / (0.004f * 0.004f)) * fade;
    }
    float mid = expf(-(x * x) / (0.012f * 0.012f));
    float phase = (t - 1.1f * fabsf(x)) * 9.0f, d = fabsf(phase - floorf(phase + 0.5f)) / 9.0f;
    float vein = 0.7f * expf(-(d * d) / (0.006f * 0.006f)) * fade * (fabsf(x) > 0.01f ? 1.0f : 0.0f);
    return fmaxf(mid, vein);
}

/* Level 0 of both textures. The ribs are raised (a height field of ribs() x RIB_HEIGHT in uv units), their
 * gradient giving the tangent-space normal; the albedo varies by low-frequency noise, lighter on the ribs and
 * darker towards the base, as does the AO; the translucency mask is lower on the thicker ribs. The colour
 * channels are evaluated outside the silhouette too, so bilinear filtering at the edge blends like values. */
#define RIB_HEIGHT 0.003f
static void fill_level0(const leaf_shape *sh, uint32_t n, uint32_t seed, const float *alpha, uint8_t *a, uint8_t *b)
{
    float inv = 1.0f / (float)n, e = 0.5f * inv;
    for (uint32_t y = 0; y < n; y++)
        for (uint32_t x = 0; x < n; x++) {
            size_t i = (size_t)y * n + x;
            float u = ((float)x + 0.5f) * inv, v = ((float)y + 0.5f) * inv, t = clampf(leaf_t(v), 0.0f, 1.0f);
            float r = ribs(sh, u, v);
            float dhu = RIB_HEIGHT * (ribs(sh, u + e, v) - ribs(sh, u - e, v)) / (2.0f * e);
            float dhv = RIB_HEIGHT * (ribs(sh, u, v + e) - ribs(sh, u, v - e)) / (2.0f * e);
            float nl = sqrtf(dhu * dhu + dhv * dhv + 1.0f);
            float noise = asset_simplex3(u * 5.0f, v * 5.0f, 0.37f, seed);
            float m = 1.0f + 0.12f * noise + 0.12f * r - 0.15f * (1.0f - t) * (1.0f - t);
            a[4 * i + 0] = unorm8(0.5f * m);
            a[4 * i + 1] = unorm8(1.0f - 0.6f * r);
            a[4 * i + 2] = unorm8(1.0f - 0.35f * (1.0f - t) * (1.0f - t) * (1.0f - t));
            a[4 * i + 3] = unorm8_alpha(alpha[i]);
            b[4 * i + 0] = unorm8(0.5f - 0.5f * dhu / nl);
            b[4 * i + 1] = unorm8(0.5f - 0.5f * dhv / nl);
            b[4 * i + 2] = unorm8(sh->surface == ASSET_SURFACE_PETAL ? 0.3f + 0.7f * (1.0f - r) * fminf(1.0f, t * 4.0f)
                                                                     : 1.0f - r);
            b[4 * i + 3] = 255;
        }
}

void asset_texture_box_down(const uint8_t *src, uint32_t n, uint8_t *dst, bool normal)
{
    uint32_t h = n / 2u;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < h; x++) {
            float sum[4] = {0}, nv[3] = {0};
            for (uint32_t k = 0; k < 4; k++) {
                const uint8_t *p = src + 4u * ((size_t)(2u * y + k / 2u) * n + 2u * x + k % 2u);
                for (uint32_t ch = 0; ch < 4; ch++)
                    sum[ch] += (float)p[ch];
                float nx = (float)p[0] / 127.5f - 1.0f, ny = (float)p[1] / 127.5f - 1.0f;
                nv[0] += nx;
                nv[1] += ny;
                nv[2] += sqrtf(fmaxf(0.0f, 1.0f - nx * nx - ny * ny));
            }
            uint8_t *o = dst + 4u * ((size_t)y * h + x);
            for (uint32_t ch = 0; ch < 4; ch++)
                o[ch] = (uint8_t)(sum[ch] * 0.25f + 0.5f);
            if (normal) {
                float l = sqrtf(nv[0] * nv[0] + nv[1] * nv[1] + nv[2] * nv[2]);
                o[0] = unorm8(0.5f + 0.5f * nv[0] / l);
                o[1] = unorm8(0.5f + 0.5f * nv[1] / l);
            }
        }
}

void asset_texture_set_free(asset_texture_set *t)
{
    for (uint32_t l = 0; l < ASSET_TEXSET_MAX_LEVELS; l++) {
        free(t->a[l]);
        free(t->b[l]);
    }
    memset(t, 0, sizeof *t);
}

sward_result asset_texture_set_build(asset_surface surface, uint32_t size, uint32_t seed, asset_texture_set *out,
                                     sward_error *err)
{
    memset(out, 0, sizeof *out);
    if (surface != ASSET_SURFACE_LEAF && surface != ASSET_SURFACE_PETAL)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "texture set: surface %u is not a leaf (%u) or petal (%u)",
                         (unsigned)surface, (unsigned)ASSET_SURFACE_LEAF, (unsigned)ASSET_SURFACE_PETAL);
    if (size < ASSET_TEXSET_MIN_SIZE || size > ASSET_TEXSET_MAX_SIZE || (size & (size - 1u)))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "texture set: size %u (a power of two, %u to %u)", size,
                         ASSET_TEXSET_MIN_SIZE, ASSET_TEXSET_MAX_SIZE);
    /* t^p peaks where the profile is widest: leaf 0.4 of the length, petal 0.6 */
    leaf_shape sh = {surface, surface == ASSET_SURFACE_PETAL ? logf(0.5f) / logf(0.6f) : logf(0.5f) / logf(0.4f)};
    out->surface = surface;
    size_t n0 = (size_t)size * size;
    float *alpha = malloc(n0 * sizeof *alpha), *d2 = malloc(n0 * sizeof *d2);
    out->a[0] = malloc(4u * n0);
    out->b[0] = malloc(4u * n0);
    if (!alpha || !d2 || !out->a[0] || !out->b[0]) {
        free(alpha);
        free(d2);
        asset_texture_set_free(out);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "texture set: out of memory (%u texels per side)", size);
    }
    signed_distance(&sh, size, alpha, d2);
    free(d2);
    fill_level0(&sh, size, seed, alpha, out->a[0], out->b[0]);
    /* AS4: the alpha test must cover as much at every level as at level 0, or the leaves thin out with
     * distance; the regular chain of the other channels is fine (they are not thresholded) */
    asset_alpha_mips mips;
    sward_result r = asset_alpha_build_mips(alpha, size, size, true, &mips, err);
    free(alpha);
    if (r != SWARD_OK) {
        asset_texture_set_free(out);
        return r;
    }
    out->size[0] = size;
    out->levels = 1;
    for (uint32_t l = 1; l < mips.levels; l++) {
        uint32_t n = out->size[l - 1u] / 2u;
        out->a[l] = malloc(4u * (size_t)n * n);
        out->b[l] = malloc(4u * (size_t)n * n);
        if (!out->a[l] || !out->b[l]) {
            asset_alpha_mips_free(&mips);
            asset_texture_set_free(out);
            return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "texture set: out of memory for level %u", l);
        }
        asset_texture_box_down(out->a[l - 1u], out->size[l - 1u], out->a[l], false);
        asset_texture_box_down(out->b[l - 1u], out->size[l - 1u], out->b[l], true);
        for (size_t i = 0; i < (size_t)n * n; i++)
            out->a[l][4u * i + 3u] = unorm8_alpha(mips.alpha[l][i]);
        out->size[l] = n;
        out->levels = l + 1u;
    }
    asset_alpha_mips_free(&mips);
    return SWARD_OK;
}
