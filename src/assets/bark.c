/* bark.c — the species trees' bark textures (SPEC AS5, AS1): one procedural kind per species preset
 * (tree_params.bark), made on the CPU at load like the leaf's set, tileable in both directions (the trunk's u wraps
 * around it, its v runs up the stem: generate.c emit_tube), SW_BARK_TILE m a side. Layout in assets.h
 * (asset_bark_build). The kinds:
 *   birch: white to cream, dark horizontal lenticels (dashes a few cm long around the trunk, a texel or two tall)
 *          and, in b's mask, the blotches where the dark rough patches grow toward the base
 *   plates (pine, spruce): red-brown to grey plates, taller than wide, separated by dark furrows (a periodic
 *          Voronoi diagram's cell borders)
 *   furrowed (oak): grey-brown ridges between deep vertical furrows that wander, merge and split
 *   smooth (hazel): smooth grey-brown with faint pale lenticels
 * Everything is periodic over the tile (lattices whose periods divide it), so the trunk shows no seam. */
#include "assets/assets.h"

#include "shared/sw_assets.h"
#include "shared/sw_hash.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI_F 3.14159265f

static float clampf(float x, float lo, float hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

static uint8_t unorm8(float x)
{
    return (uint8_t)(clampf(x, 0.0f, 1.0f) * 255.0f + 0.5f);
}

static int wrapi(int x, int p)
{
    int m = x % p;
    return m < 0 ? m + p : m;
}

/* A hash of lattice point (x, y) of period p in [0, 1). */
static float lattice(int x, int y, int p, uint32_t salt)
{
    uint32_t h = sw_pcg((uint32_t)wrapi(x, p) * 0x8da6b343u ^ (uint32_t)wrapi(y, p) * 0xd8163841u ^ salt);
    return (float)(h >> 8) * (1.0f / 16777216.0f);
}

/* Value noise in [-1, 1] of period px x py lattice cells over the tile, at (u, v) in tile units. */
static float vnoise(float u, float v, int px, int py, uint32_t salt)
{
    float x = u * (float)px, y = v * (float)py, fx = floorf(x), fy = floorf(y);
    int ix = (int)fx, iy = (int)fy;
    float tx = x - fx, ty = y - fy;
    tx = tx * tx * (3.0f - 2.0f * tx);
    ty = ty * ty * (3.0f - 2.0f * ty);
    float a = lattice(ix, iy, px, salt) + (lattice(ix + 1, iy, px, salt) - lattice(ix, iy, px, salt)) * tx;
    float b = lattice(ix, iy + 1, px, salt) + (lattice(ix + 1, iy + 1, px, salt) - lattice(ix, iy + 1, px, salt)) * tx;
    (void)py;
    return 2.0f * (a + (b - a) * ty) - 1.0f;
}

/* Octaves of vnoise from px x py cells, each twice as fine at half the amplitude; about [-1, 1]. */
static float fbm(float u, float v, int px, int py, int octaves, uint32_t salt)
{
    float s = 0.0f, amp = 0.5f;
    for (int o = 0; o < octaves; o++, px *= 2, py *= 2, amp *= 0.5f)
        s += amp * vnoise(u, v, px, py, salt + (uint32_t)o * 0x9e3779b9u);
    return s * 1.0667f; /* 1 / (1 - 2^-4): four octaves span about [-1, 1] */
}

/* The wrapped difference a - b on the unit tile. */
static float wrapd(float d)
{
    return d - floorf(d + 0.5f);
}

/* One texel's look: the albedo factor (x the kind's colour), the roughness factor (x the asset's roughness), the
 * height (tile units, for the normal) and the base mask (1: no base patch). */
typedef struct bark_texel {
    float rgb[3], rough, height, base;
} bark_texel;

typedef struct bark_dash {
    float u, v, half_len, half_h, depth;
} bark_dash;

#define BARK_DASHES_MAX 96

/* Horizontal dashes (lenticels): lengths [len0, len1] m around the trunk, heights [h0, h1] m along it. */
static uint32_t make_dashes(bark_dash *d, uint32_t n, float len0, float len1, float h0, float h1, uint32_t salt)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t h = sw_pcg(i * 0x2c1b3c6du + salt);
        float r[5];
        for (uint32_t k = 0; k < 5; k++) {
            h = sw_pcg(h + k);
            r[k] = (float)(h >> 8) * (1.0f / 16777216.0f);
        }
        d[i] = (bark_dash){r[0], r[1], 0.5f * (len0 + (len1 - len0) * r[2]) / SW_BARK_TILE,
                           0.5f * (h0 + (h1 - h0) * r[3]) / SW_BARK_TILE, 0.7f + 0.3f * r[4]};
    }
    return n;
}

/* The darkest dash at (u, v): 0 outside every dash, up to its depth inside (an ellipse flattened at its ends). */
static float dash_at(const bark_dash *d, uint32_t n, float u, float v)
{
    float best = 0.0f;
    for (uint32_t i = 0; i < n; i++) {
        float x = wrapd(u - d[i].u) / d[i].half_len, y = wrapd(v - d[i].v) / d[i].half_h;
        float x2 = x * x, e = 1.0f - (x2 * x2 + y * y);
        best = fmaxf(best, d[i].depth * clampf(3.0f * e, 0.0f, 1.0f));
    }
    return best;
}

static bark_texel birch(const bark_dash *d, uint32_t nd, float u, float v, uint32_t salt)
{
    float n = fbm(u, v, 4, 8, 4, salt), band = fbm(u, v, 1, 12, 2, salt + 7u); /* faint rings around the trunk */
    float len = dash_at(d, nd, u, v), w = 1.0f + 0.06f * n - 0.05f * fmaxf(band, 0.0f);
    float dark = 0.16f;
    bark_texel t = {{w * 1.04f, w * 1.0f, w * 0.9f}, 0.75f, 0.0f, 1.0f};
    for (int k = 0; k < 3; k++)
        t.rgb[k] += (dark - t.rgb[k]) * len;
    t.rough += (1.15f - t.rough) * len;
    t.height = -0.004f * len + 0.001f * n;
    /* the base's blotches: low where a patch begins high up the trunk (mask < 1 - height / ASSET_BARK_BASE_HEIGHT) */
    t.base = clampf(0.55f + 0.6f * fbm(u, v, 3, 2, 3, salt + 13u), 0.02f, 1.0f);
    return t;
}

/* The two nearest feature points' distances (m-proportional tile units) of a periodic grid of gx x gy cells, and
 * the nearest one's cell hash. */
static void voronoi(float u, float v, int gx, int gy, uint32_t salt, float *f1, float *f2, uint32_t *id)
{
    int cx = (int)floorf(u * (float)gx), cy = (int)floorf(v * (float)gy);
    *f1 = *f2 = 1e9f;
    *id = 0;
    for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i++) {
            int x = cx + i, y = cy + j;
            float px = ((float)x + 0.15f + 0.7f * lattice(x, y, gx, salt)) / (float)gx;
            float py = ((float)y + 0.15f + 0.7f * lattice(x, y, gy, salt + 1u)) / (float)gy;
            float dx = wrapd(u - px), dy = wrapd(v - py), d = sqrtf(dx * dx + dy * dy);
            if (d < *f1) {
                *f2 = *f1;
                *f1 = d;
                *id = sw_pcg((uint32_t)wrapi(x, gx) * 131u + (uint32_t)wrapi(y, gy) + salt);
            } else if (d < *f2) {
                *f2 = d;
            }
        }
}

static bark_texel plates(float u, float v, uint32_t salt)
{
    /* the cells' borders wander by the noise, so the plates are not polygons */
    float wu = u + 0.02f * fbm(u, v, 4, 4, 3, salt + 3u), wv = v + 0.03f * fbm(u, v, 4, 4, 3, salt + 5u);
    float f1, f2;
    uint32_t id;
    voronoi(wu, wv, 5, 3, salt, &f1, &f2, &id);
    float furrow = 1.0f - clampf((f2 - f1) / 0.06f, 0.0f, 1.0f); /* 1 on a border */
    float grey = (float)(id >> 8) * (1.0f / 16777216.0f), n = fbm(u, v, 8, 8, 4, salt + 9u);
    float w = 1.0f + 0.2f * n;
    grey *= grey; /* most plates red-brown, a few grey */
    float plate[3] = {w * (1.3f - 0.5f * grey), w * (0.95f - 0.05f * grey), w * (0.75f + 0.3f * grey)};
    bark_texel t = {{0}, 0.85f, 0.0f, 1.0f};
    float f = sqrtf(furrow);
    for (int k = 0; k < 3; k++)
        t.rgb[k] = plate[k] + (0.28f - plate[k]) * f;
    t.rough += (1.2f - t.rough) * f;
    t.height = -0.02f * f + 0.002f * n;
    return t;
}

static bark_texel furrowed(float u, float v, uint32_t salt)
{
    /* ridges across u, their course wandering slowly up the stem (the warp's noise is coarse along v) */
    const float ridges = 9.0f;
    float x = u * ridges + 1.2f * fbm(u, v, 2, 3, 3, salt) + 0.35f * fbm(u, v, 6, 4, 2, salt + 1u);
    float s = fabsf(sinf(PI_F * x));                             /* 0 in a furrow, 1 on a ridge's crest */
    float open = 0.45f + 0.3f * fbm(u, v, 3, 5, 2, salt + 2u);   /* furrows widen and narrow, ridges merge */
    float furrow = 1.0f - clampf((s - open + 0.2f) / 0.3f, 0.0f, 1.0f);
    float n = fbm(u, v, 8, 4, 4, salt + 4u);
    float w = 1.0f + 0.1f * n;
    bark_texel t = {{w * 1.08f, w * 1.0f, w * 0.92f}, 0.9f, 0.0f, 1.0f};
    float f = furrow * furrow;
    for (int k = 0; k < 3; k++)
        t.rgb[k] += (0.22f - t.rgb[k]) * f;
    t.rough += (1.2f - t.rough) * f;
    t.height = -0.03f * f + 0.002f * n;
    return t;
}

static bark_texel smooth(const bark_dash *d, uint32_t nd, float u, float v, uint32_t salt)
{
    float n = fbm(u, v, 3, 3, 4, salt), len = dash_at(d, nd, u, v);
    float w = 1.0f + 0.07f * n;
    bark_texel t = {{w * 1.03f, w * 1.0f, w * 0.95f}, 0.75f, 0.0f, 1.0f};
    for (int k = 0; k < 3; k++)
        t.rgb[k] += (1.25f - t.rgb[k]) * 0.5f * len; /* faint and pale */
    t.height = 0.0015f * len + 0.001f * n;
    return t;
}

void asset_bark_color(asset_bark kind, float rgb[3])
{
    static const float C[ASSET_BARK_COUNT][3] = {
        [ASSET_BARK_PLAIN] = {0.09f, 0.06f, 0.04f},     [ASSET_BARK_BIRCH] = {0.55f, 0.53f, 0.5f},
        [ASSET_BARK_PLATES] = {0.12f, 0.06f, 0.035f},   [ASSET_BARK_FURROWED] = {0.08f, 0.065f, 0.05f},
        [ASSET_BARK_SMOOTH] = {0.11f, 0.08f, 0.06f}};
    memcpy(rgb, C[(unsigned)kind < ASSET_BARK_COUNT ? kind : ASSET_BARK_PLAIN], sizeof C[0]);
}

sward_result asset_bark_build(asset_bark kind, uint32_t size, uint32_t seed, asset_texture_set *out, sward_error *err)
{
    memset(out, 0, sizeof *out);
    if (kind <= ASSET_BARK_PLAIN || kind >= ASSET_BARK_COUNT)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "bark: kind %u is not a textured bark (1 to %u)",
                         (unsigned)kind, (unsigned)ASSET_BARK_COUNT - 1u);
    if (size < ASSET_TEXSET_MIN_SIZE || size > ASSET_TEXSET_MAX_SIZE || (size & (size - 1u)))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "bark: size %u (a power of two, %u to %u)", size,
                         ASSET_TEXSET_MIN_SIZE, ASSET_TEXSET_MAX_SIZE);
    uint32_t salt = sw_pcg(seed * 0x27d4eb2du + (uint32_t)kind);
    bark_dash dashes[BARK_DASHES_MAX];
    uint32_t nd = kind == ASSET_BARK_BIRCH   ? make_dashes(dashes, 64, 0.03f, 0.08f, 0.005f, 0.011f, salt + 17u)
                  : kind == ASSET_BARK_SMOOTH ? make_dashes(dashes, 40, 0.012f, 0.03f, 0.003f, 0.006f, salt + 17u)
                                              : 0u;
    size_t n0 = (size_t)size * size;
    float *h = malloc(n0 * sizeof *h);
    out->a[0] = malloc(4u * n0);
    out->b[0] = malloc(4u * n0);
    if (!h || !out->a[0] || !out->b[0]) {
        free(h);
        asset_texture_set_free(out);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "bark: out of memory (%u texels per side)", size);
    }
    out->surface = ASSET_SURFACE_BARK;
    float inv = 1.0f / (float)size;
    for (uint32_t y = 0; y < size; y++)
        for (uint32_t x = 0; x < size; x++) {
            float u = ((float)x + 0.5f) * inv, v = ((float)y + 0.5f) * inv;
            bark_texel t = kind == ASSET_BARK_BIRCH    ? birch(dashes, nd, u, v, salt)
                           : kind == ASSET_BARK_PLATES ? plates(u, v, salt)
                           : kind == ASSET_BARK_FURROWED ? furrowed(u, v, salt)
                                                         : smooth(dashes, nd, u, v, salt);
            size_t i = (size_t)y * size + x;
            for (int k = 0; k < 3; k++)
                out->a[0][4 * i + (size_t)k] = unorm8(0.5f * t.rgb[k]);
            out->a[0][4 * i + 3] = unorm8(0.5f * t.rough);
            out->b[0][4 * i + 2] = unorm8(t.base);
            out->b[0][4 * i + 3] = 255;
            h[i] = t.height;
        }
    /* the normal from the height field's wrapped central differences (x around the trunk, y up it) */
    for (uint32_t y = 0; y < size; y++)
        for (uint32_t x = 0; x < size; x++) {
            size_t i = (size_t)y * size + x;
            uint32_t xl = (x + size - 1u) % size, xr = (x + 1u) % size, yd = (y + size - 1u) % size, yu = (y + 1u) % size;
            float dhu = (h[(size_t)y * size + xr] - h[(size_t)y * size + xl]) / (2.0f * inv);
            float dhv = (h[(size_t)yu * size + x] - h[(size_t)yd * size + x]) / (2.0f * inv);
            float nl = sqrtf(dhu * dhu + dhv * dhv + 1.0f);
            out->b[0][4 * i + 0] = unorm8(0.5f - 0.5f * dhu / nl);
            out->b[0][4 * i + 1] = unorm8(0.5f - 0.5f * dhv / nl);
        }
    free(h);
    out->size[0] = size;
    out->levels = 1;
    for (uint32_t l = 1; out->size[l - 1u] > 1u; l++) {
        uint32_t n = out->size[l - 1u] / 2u;
        out->a[l] = malloc(4u * (size_t)n * n);
        out->b[l] = malloc(4u * (size_t)n * n);
        if (!out->a[l] || !out->b[l]) {
            asset_texture_set_free(out);
            return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "bark: out of memory for level %u", l);
        }
        asset_texture_box_down(out->a[l - 1u], out->size[l - 1u], out->a[l], false);
        asset_texture_box_down(out->b[l - 1u], out->size[l - 1u], out->b[l], true);
        out->size[l] = n;
        out->levels = l + 1u;
    }
    return SWARD_OK;
}
