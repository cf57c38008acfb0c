/* The compute rasteriser's fill rule (SPEC BX1): shaders/raster_triangle.inc.glsl, run through the probe
 * tests/gpu/shaders/raster_probe.comp.glsl (one thread per triangle, one atomicAdd per covered pixel centre
 * and an atomicMax of the triangle's index + 1), against a CPU reference written here from the rule itself:
 * vertices snapped to 1/256 px (round half up), pixel centres at (x + 0.5, y + 0.5), exact 64-bit edge
 * functions, a centre exactly on an edge covered only for a top edge (horizontal, the interior below, y down)
 * or a left edge (the interior to its right), the edges classified from the third vertex. Per-pixel counts and
 * winners must be equal over a 64 x 48 target for random triangles, triangles on the half-pixel grid (centres
 * on edges), shapes tiled by triangles (a blade with grass.c's index pattern, a fan, grids of quads: every
 * centre strictly inside covered exactly once) and degenerate and sub-pixel triangles. Validation (core +
 * synchronisation) must say nothing. */
#include "gpu_util.h"

#include "render/render.h"
#include "raster_probe_comp.h"

#include <math.h>
#include <stdint.h>

#define W 64
#define H 48
#define NPIX (W * H)

/* ---- the GPU side: the probe over n triangles (6 floats each) into counts and winners (W x H each) ---- */

static void run_raster(sward_context *ctx, const float *tris, uint32_t n, uint32_t *counts, uint32_t *winners)
{
    gpu_device *dev = &ctx->dev;
    sward_error err = {0};
    const VkDescriptorType sb = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    VkDescriptorSetLayoutBinding b[3] = {
        {0, sb, 1, VK_SHADER_STAGE_ALL, NULL},
        {1, sb, 1, VK_SHADER_STAGE_ALL, NULL},
        {2, sb, 1, VK_SHADER_STAGE_ALL, NULL},
    };
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkDescriptorPool pool;
    VkDescriptorSet set;
    VkPipeline pipe;
    gpu_buffer in, cnt, win;
    uint32_t push[3] = {n, W, H};
    if (gpu_set_layout_create(dev, b, 3, "test.raster_probe", &set_layout, &err)) fail_msg("%s", err.message);
    if (gpu_pipeline_layout_create(dev, &set_layout, 1, sizeof push, "test.raster_probe", &layout, &err))
        fail_msg("%s", err.message);
    if (gpu_sets_allocate(dev, set_layout, b, 3, 1, "test.raster_probe", &pool, &set, &err)) fail_msg("%s", err.message);
    if (gpu_compute_pipeline(dev, layout, sw_test_raster_probe_comp, sizeof sw_test_raster_probe_comp, NULL,
                             "test.raster_probe", &pipe, &err))
        fail_msg("%s", err.message);
    VkDeviceSize tri_bytes = (VkDeviceSize)(n ? n : 1) * 6 * sizeof(float);
    if (gpu_buffer_create(dev, &in, tri_bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_MEMORY_UPLOAD,
                          "test.raster_triangles", &err) ||
        gpu_buffer_create(dev, &cnt, NPIX * sizeof(uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_MEMORY_READBACK,
                          "test.raster_counts", &err) ||
        gpu_buffer_create(dev, &win, NPIX * sizeof(uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_MEMORY_READBACK,
                          "test.raster_winners", &err))
        fail_msg("%s", err.message);
    memset(in.mapped, 0, (size_t)tri_bytes);
    memcpy(in.mapped, tris, (size_t)n * 6 * sizeof(float));
    memset(cnt.mapped, 0, NPIX * sizeof(uint32_t));
    memset(win.mapped, 0, NPIX * sizeof(uint32_t));
    gpu_write_buffer(dev, set, 0, sb, &in);
    gpu_write_buffer(dev, set, 1, sb, &cnt);
    gpu_write_buffer(dev, set, 2, sb, &win);
    VkCommandBuffer cmd;
    if (gpu_begin_once(dev, &cmd, &err)) fail_msg("%s", err.message);
    gpu_barrier_memory(cmd, GPU_ACCESS_HOST_WRITE, GPU_ACCESS_COMPUTE_READ_WRITE);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_ALL, 0, sizeof push, push);
    vkCmdDispatch(cmd, (n + 63) / 64, 1, 1);
    gpu_barrier_memory(cmd, GPU_ACCESS_COMPUTE_READ_WRITE, GPU_ACCESS_HOST_READ);
    if (gpu_submit_wait(dev, cmd, &err)) fail_msg("%s", err.message);
    memcpy(counts, cnt.mapped, NPIX * sizeof(uint32_t));
    memcpy(winners, win.mapped, NPIX * sizeof(uint32_t));
    gpu_buffer_destroy(dev, &in);
    gpu_buffer_destroy(dev, &cnt);
    gpu_buffer_destroy(dev, &win);
    vkDestroyPipeline(dev->device, pipe, NULL);
    vkDestroyDescriptorPool(dev->device, pool, NULL);
    vkDestroyPipelineLayout(dev->device, layout, NULL);
    vkDestroyDescriptorSetLayout(dev->device, set_layout, NULL);
}

/* ---- the CPU reference, from the rule (not from sw_raster.h) ---- */

typedef struct pt {
    int64_t x, y; /* 1/256 px */
} pt;

static pt snap(float x, float y)
{
    /* round half up onto the 1/256 grid: x * 256 is exact, the + 0.5 rounds like the shader's float add */
    return (pt){(int64_t)floorf(x * 256.0f + 0.5f), (int64_t)floorf(y * 256.0f + 0.5f)};
}

/* (q - p) x (c - p): > 0 on one side of the line p -> q, 0 on it */
static int64_t edge(pt p, pt q, pt c) { return (q.x - p.x) * (c.y - p.y) - (q.y - p.y) * (c.x - p.x); }

/* Whether the triangle with edge p -> q and third vertex r keeps the centres exactly on that edge: a top edge
 * (horizontal, r below it: larger y) or a left edge (not horizontal, r to the right of the edge's line at r's
 * height). */
static bool keeps_edge(pt p, pt q, pt r)
{
    if (p.y == q.y) return r.y > p.y;
    /* x of the line at r.y is p.x + (r.y - p.y)(q.x - p.x)/(q.y - p.y); r.x beyond it, times (q.y - p.y) > 0 */
    int64_t s = (r.x - p.x) * (q.y - p.y) - (r.y - p.y) * (q.x - p.x);
    return q.y > p.y ? s > 0 : s < 0;
}

static pt centre(int x, int y) { return (pt){(int64_t)x * 256 + 128, (int64_t)y * 256 + 128}; }

/* Whether the centre c is covered by the snapped triangle (a, b, c) (of non-zero area). */
static bool covers(pt a, pt b, pt c, int64_t sign, pt p)
{
    const pt v[3] = {a, b, c};
    for (int k = 0; k < 3; k++) {
        pt s = v[k], e = v[(k + 1) % 3], o = v[(k + 2) % 3];
        int64_t f = edge(s, e, p) * sign;
        if (f < 0 || (f == 0 && !keeps_edge(s, e, o))) return false;
    }
    return true;
}

static void reference(const float *tris, uint32_t n, uint32_t *counts, uint32_t *winners)
{
    memset(counts, 0, NPIX * sizeof(uint32_t));
    memset(winners, 0, NPIX * sizeof(uint32_t));
    for (uint32_t t = 0; t < n; t++) {
        const float *f = tris + 6 * t;
        pt a = snap(f[0], f[1]), b = snap(f[2], f[3]), c = snap(f[4], f[5]);
        int64_t area = edge(a, b, c);
        if (area == 0) continue;
        int64_t sign = area > 0 ? 1 : -1;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                if (covers(a, b, c, sign, centre(x, y))) {
                    counts[y * W + x]++;
                    winners[y * W + x] = t + 1; /* increasing t: the largest index */
                }
    }
}

/* Rasterises on both sides and requires equal counts and winners (with `bad_out`: returns the pixels that
 * differ there instead, for the caller to fail after its own checks); returns the covered pixels (the GPU's
 * counts in `counts`). */
static size_t compare(sward_context *ctx, const char *name, const float *tris, uint32_t n, uint32_t *counts,
                      size_t *bad_out)
{
    uint32_t *gw = malloc(NPIX * sizeof(uint32_t)), *rc = malloc(NPIX * sizeof(uint32_t)),
             *rw = malloc(NPIX * sizeof(uint32_t));
    assert_non_null(gw);
    assert_non_null(rc);
    assert_non_null(rw);
    run_raster(ctx, tris, n, counts, gw);
    reference(tris, n, rc, rw);
    size_t covered = 0, fragments = 0, bad = 0;
    for (int i = 0; i < NPIX; i++) {
        covered += counts[i] > 0;
        fragments += counts[i];
        if (counts[i] != rc[i] || gw[i] != rw[i]) {
            if (bad < 8)
                print_error("%s: pixel (%d, %d): GPU %u fragments (last triangle %u), CPU %u (last %u)\n", name, i % W,
                            i / W, counts[i], gw[i], rc[i], rw[i]);
            bad++;
        }
    }
    print_message("%s: %u triangles, %zu of %d pixels covered, %zu fragments, %zu pixels differ from the CPU\n", name,
                  n, covered, NPIX, fragments, bad);
    free(gw);
    free(rc);
    free(rw);
    if (bad_out) *bad_out = bad;
    else if (bad) fail_msg("%s: %zu pixels' coverage differs from the CPU reference of the fill rule", name, bad);
    return covered;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 32);
}
static float rndf(float lo, float hi) { return lo + (hi - lo) * (float)(rnd() >> 8) * (1.0f / 16777216.0f); }
static int rndi(int lo, int hi) { return lo + (int)(rnd() % (uint32_t)(hi - lo + 1)); }

/* ---- 1: random triangles: `n` from `seed`, each around a centre within `margin` px of the target (some partly
 * off-screen), its vertices within `spread` px of it; or, with `independent`, each vertex anywhere within `margin`
 * px of the target. Most of the target covered; the same pixels as the CPU's. ---- */

static void random_case(const char *name, uint64_t seed, int n, float margin, float spread, bool independent)
{
    sward_context *ctx = gu_context();
    float *t = malloc((size_t)n * 6 * sizeof(float));
    uint32_t *counts = malloc(NPIX * sizeof(uint32_t));
    assert_non_null(t);
    assert_non_null(counts);
    rng_state = seed;
    for (int i = 0; i < n; i++) {
        float cx = 0.0f, cy = 0.0f;
        if (!independent) cx = rndf(-margin, (float)W + margin), cy = rndf(-margin, (float)H + margin);
        for (int k = 0; k < 3; k++) {
            t[6 * i + 2 * k] = independent ? rndf(-margin, (float)W + margin) : cx + rndf(-spread, spread);
            t[6 * i + 2 * k + 1] = independent ? rndf(-margin, (float)H + margin) : cy + rndf(-spread, spread);
        }
    }
    size_t covered = compare(ctx, name, t, (uint32_t)n, counts, NULL);
    assert_true(covered > NPIX * 9 / 10);
    free(t);
    free(counts);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

/* small ones (within 12 px of their centre: the 32-bit edge functions) */
static void random_triangles(void **state)
{
    (void)state;
    random_case("random", 0x243F6A8885A308D3ull, 2000, 6.0f, 12.0f, false);
}

/* large ones (vertices up to 264 px apart, beyond 128 px: the 64-bit edge functions) */
static void large_triangles(void **state)
{
    (void)state;
    random_case("large", 0x13198A2E03707344ull, 200, 100.0f, 0.0f, true);
}

/* ---- 2: vertices on pixel centres and pixel edges (multiples of 0.5 px): many centres on edges ---- */

static void half_pixel_grid(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    enum { N = 2000 };
    float *t = malloc(N * 6 * sizeof(float));
    uint32_t *counts = malloc(NPIX * sizeof(uint32_t));
    assert_non_null(t);
    assert_non_null(counts);
    rng_state = 0x13198A2E03707344ull;
    for (int i = 0; i < N; i++) {
        int cx = rndi(-8, 2 * W + 8), cy = rndi(-8, 2 * H + 8); /* in half pixels */
        float *v = t + 6 * i;
        if (i % 3 == 0) {
            /* right triangles: a horizontal and a vertical edge, in either winding */
            int dx = rndi(1, 16) * (rnd() & 1 ? 1 : -1), dy = rndi(1, 16) * (rnd() & 1 ? 1 : -1);
            float x0 = 0.5f * (float)cx, y0 = 0.5f * (float)cy;
            v[0] = x0, v[1] = y0;
            v[2] = x0 + 0.5f * (float)dx, v[3] = y0;
            v[4] = x0, v[5] = y0 + 0.5f * (float)dy;
        } else {
            for (int k = 0; k < 3; k++) {
                v[2 * k] = 0.5f * (float)(cx + rndi(-16, 16));
                v[2 * k + 1] = 0.5f * (float)(cy + rndi(-16, 16));
            }
        }
    }
    /* how many centres lie exactly on an edge of some triangle */
    size_t on_edge = 0;
    for (int i = 0; i < N; i++) {
        pt a = snap(t[6 * i], t[6 * i + 1]), b = snap(t[6 * i + 2], t[6 * i + 3]), c = snap(t[6 * i + 4], t[6 * i + 5]);
        if (edge(a, b, c) == 0) continue;
        const pt v[3] = {a, b, c};
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                for (int k = 0; k < 3; k++) {
                    pt p = centre(x, y), s = v[k], e = v[(k + 1) % 3];
                    if (edge(s, e, p) == 0 && p.x >= (s.x < e.x ? s.x : e.x) && p.x <= (s.x > e.x ? s.x : e.x) &&
                        p.y >= (s.y < e.y ? s.y : e.y) && p.y <= (s.y > e.y ? s.y : e.y))
                        on_edge++;
                }
    }
    print_message("half-pixel grid: %zu (triangle, centre) pairs with the centre exactly on an edge\n", on_edge);
    assert_true(on_edge > 3000);
    size_t covered = compare(ctx, "half-pixel grid", t, N, counts, NULL);
    assert_true(covered > NPIX * 9 / 10);
    free(t);
    free(counts);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

/* ---- 3: shapes tiled by triangles: every centre strictly inside is covered exactly once ---- */

typedef struct mesh {
    float v[2 * 256];
    uint32_t idx[3 * 256];
    uint32_t nv, nt;
} mesh;

static uint32_t vert(mesh *m, float x, float y)
{
    assert_true(m->nv < 256);
    m->v[2 * m->nv] = x;
    m->v[2 * m->nv + 1] = y;
    return m->nv++;
}

static void tri(mesh *m, uint32_t a, uint32_t b, uint32_t c)
{
    assert_true(m->nt < 256);
    m->idx[3 * m->nt] = a;
    m->idx[3 * m->nt + 1] = b;
    m->idx[3 * m->nt + 2] = c;
    m->nt++;
}

/* The mesh's triangles through both rasterisers (equal), then: no centre covered twice, and every centre
 * strictly inside the union (inside some closed triangle, on no boundary edge: an edge of one triangle only)
 * covered exactly once. Returns the covered pixels. */
static size_t check_tiling(sward_context *ctx, const char *name, const mesh *m)
{
    float *t = malloc((size_t)m->nt * 6 * sizeof(float));
    uint32_t *counts = malloc(NPIX * sizeof(uint32_t));
    assert_non_null(t);
    assert_non_null(counts);
    for (uint32_t i = 0; i < m->nt; i++)
        for (uint32_t k = 0; k < 3; k++) {
            t[6 * i + 2 * k] = m->v[2 * m->idx[3 * i + k]];
            t[6 * i + 2 * k + 1] = m->v[2 * m->idx[3 * i + k] + 1];
        }
    size_t differ = 0;
    size_t covered = compare(ctx, name, t, m->nt, counts, &differ);
    /* the boundary: edges (as unordered index pairs) of exactly one triangle */
    uint32_t be[3 * 256][2], nb = 0;
    for (uint32_t i = 0; i < m->nt; i++)
        for (uint32_t k = 0; k < 3; k++) {
            uint32_t a = m->idx[3 * i + k], b = m->idx[3 * i + (k + 1) % 3], uses = 0;
            for (uint32_t j = 0; j < m->nt; j++)
                for (uint32_t l = 0; l < 3; l++) {
                    uint32_t c = m->idx[3 * j + l], d = m->idx[3 * j + (l + 1) % 3];
                    uses += (a == c && b == d) || (a == d && b == c);
                }
            assert_true(uses == 1 || uses == 2); /* a manifold tiling */
            if (uses == 1) be[nb][0] = a, be[nb][1] = b, nb++;
        }
    size_t inside = 0, twice = 0, missed = 0, on_shared = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            pt p = centre(x, y);
            uint32_t c = counts[y * W + x];
            if (c > 1) {
                if (twice < 8) print_error("%s: pixel (%d, %d) covered %u times\n", name, x, y, c);
                twice++;
            }
            bool in = false, shared_edge = false;
            for (uint32_t i = 0; i < m->nt && !in; i++) {
                pt v[3];
                for (uint32_t k = 0; k < 3; k++) v[k] = snap(m->v[2 * m->idx[3 * i + k]], m->v[2 * m->idx[3 * i + k] + 1]);
                int64_t area = edge(v[0], v[1], v[2]);
                assert_true(area != 0);
                int64_t s = area > 0 ? 1 : -1;
                int64_t e0 = edge(v[0], v[1], p) * s, e1 = edge(v[1], v[2], p) * s, e2 = edge(v[2], v[0], p) * s;
                in = e0 >= 0 && e1 >= 0 && e2 >= 0;
                shared_edge = in && (e0 == 0 || e1 == 0 || e2 == 0);
            }
            if (!in) {
                assert_int_equal(c, 0);
                continue;
            }
            bool boundary = false;
            for (uint32_t e = 0; e < nb && !boundary; e++) {
                pt a = snap(m->v[2 * be[e][0]], m->v[2 * be[e][0] + 1]), b = snap(m->v[2 * be[e][1]], m->v[2 * be[e][1] + 1]);
                boundary = edge(a, b, p) == 0 && p.x >= (a.x < b.x ? a.x : b.x) && p.x <= (a.x > b.x ? a.x : b.x) &&
                           p.y >= (a.y < b.y ? a.y : b.y) && p.y <= (a.y > b.y ? a.y : b.y);
            }
            if (boundary) continue; /* on the outline: its owner's rule decides, either way */
            inside++;
            on_shared += shared_edge;
            if (c != 1) {
                if (missed < 8) print_error("%s: pixel (%d, %d) strictly inside covered %u times\n", name, x, y, c);
                missed++;
            }
        }
    print_message("%s: %zu centres strictly inside (%zu on shared edges or vertices), %zu covered twice, %zu inside "
                  "not covered exactly once\n",
                  name, inside, on_shared, twice, missed);
    if (twice || missed)
        fail_msg("%s: the tiling is not covered exactly once: %zu centres covered twice or more, %zu centres strictly "
                 "inside the union not covered exactly once",
                 name, twice, missed);
    if (differ) fail_msg("%s: %zu pixels' coverage differs from the CPU reference of the fill rule", name, differ);
    assert_true(inside > 100);
    free(t);
    free(counts);
    return covered;
}

/* A blade: rows of two vertices (left, right) and the tip, with grass.c's blade_pattern indices; with
 * `half_grid` its vertices are rounded to multiples of 0.5 px. */
static float on_grid(float v, bool half_grid) { return half_grid ? 0.5f * roundf(2.0f * v) : v; }

static void blade(mesh *m, uint32_t rows, float base_x, float base_y, float tip_x, float tip_y, float half_w, float bend,
                  bool half_grid)
{
    uint32_t first = m->nv;
    for (uint32_t q = 0; q < rows; q++) {
        float s = (float)q / (float)rows;
        float cx = base_x + (tip_x - base_x) * s + bend * s * (1.0f - s), cy = base_y + (tip_y - base_y) * s;
        float w = half_w * (1.0f - 0.8f * s);
        vert(m, on_grid(cx - w, half_grid), on_grid(cy, half_grid));
        vert(m, on_grid(cx + w, half_grid), on_grid(cy, half_grid));
    }
    vert(m, on_grid(tip_x, half_grid), on_grid(tip_y, half_grid));
    for (uint32_t q = 0; q + 1 < rows; q++) {
        uint32_t a = first + 2 * q;
        tri(m, a, a + 1, a + 2);
        tri(m, a + 1, a + 3, a + 2);
    }
    uint32_t last = first + 2 * (rows - 1);
    tri(m, last, last + 1, last + 2);
}

static void tilings(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    static mesh m;
    size_t covered[4];

    /* a blade of 7 rows (SW_HIGH_VERTS), bent, its rows horizontal (shared horizontal edges), float positions */
    memset(&m, 0, sizeof m);
    blade(&m, (SW_HIGH_VERTS - 1) / 2, 20.3f, 46.7f, 41.13f, 1.37f, 9.71f, 14.9f, false);
    covered[0] = check_tiling(ctx, "blade", &m);
    /* a second blade on the half-pixel grid (centres on its shared edges), leaning the other way */
    memset(&m, 0, sizeof m);
    blade(&m, (SW_HIGH_VERTS - 1) / 2, 44.5f, 47.0f, 12.0f, 0.5f, 12.0f, -10.0f, true);
    check_tiling(ctx, "blade (half-pixel grid)", &m);

    /* a fan of 16 triangles around one vertex on a pixel centre, a star outline on the half-pixel grid, the
     * triangles in both windings */
    memset(&m, 0, sizeof m);
    uint32_t hub = vert(&m, 31.5f, 23.5f);
    for (int k = 0; k < 16; k++) {
        double a = 2.0 * 3.14159265358979 * k / 16.0, r = k % 2 ? 14.0 : 22.0;
        vert(&m, 0.5f * (float)lround(2.0 * (31.5 + r * cos(a))), 0.5f * (float)lround(2.0 * (23.5 + r * sin(a))));
    }
    for (uint32_t k = 0; k < 16; k++) {
        uint32_t a = hub + 1 + k, b = hub + 1 + (k + 1) % 16;
        if (k % 3 == 0) tri(&m, hub, b, a);
        else tri(&m, hub, a, b);
    }
    covered[1] = check_tiling(ctx, "fan", &m);

    /* an axis-aligned rectangle tiled by 8 x 6 quads (vertices on pixel edges and centres), the diagonals
     * alternating */
    memset(&m, 0, sizeof m);
    for (int j = 0; j <= 6; j++)
        for (int i = 0; i <= 8; i++) vert(&m, 3.0f + 7.5f * (float)i, 2.5f + 7.0f * (float)j);
    for (uint32_t j = 0; j < 6; j++)
        for (uint32_t i = 0; i < 8; i++) {
            uint32_t a = j * 9 + i, b = a + 1, c = a + 9, d = a + 10;
            if ((i + j) % 2) tri(&m, a, b, d), tri(&m, a, d, c);
            else tri(&m, a, b, c), tri(&m, b, d, c);
        }
    covered[2] = check_tiling(ctx, "grid", &m);

    /* a rotated rectangle of 9 x 7 quads, float positions, partly off-screen */
    memset(&m, 0, sizeof m);
    float th = 0.41f, ux = 7.3f * cosf(th), uy = 7.3f * sinf(th), vx = -6.1f * sinf(th), vy = 6.1f * cosf(th);
    for (int j = 0; j <= 7; j++)
        for (int i = 0; i <= 9; i++)
            vert(&m, 6.77f + ux * (float)i + vx * (float)j - 9.0f, -4.31f + uy * (float)i + vy * (float)j);
    for (uint32_t j = 0; j < 7; j++)
        for (uint32_t i = 0; i < 9; i++) {
            uint32_t a = j * 10 + i, b = a + 1, c = a + 10, d = a + 11;
            if ((i * 7 + j) % 3 == 0) tri(&m, a, d, b), tri(&m, a, c, d);
            else tri(&m, a, b, c), tri(&m, b, d, c);
        }
    covered[3] = check_tiling(ctx, "rotated grid", &m);
    print_message("tilings: blade %zu, fan %zu, grid %zu, rotated grid %zu pixels covered\n", covered[0], covered[1],
                  covered[2], covered[3]);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

/* ---- 4: degenerate (zero area after snapping) and tiny (sub-pixel) triangles ---- */

static void degenerate_and_tiny(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    enum { N = 1200 };
    float *t = malloc(N * 6 * sizeof(float));
    uint32_t *counts = malloc(NPIX * sizeof(uint32_t));
    assert_non_null(t);
    assert_non_null(counts);
    rng_state = 0xA4093822299F31D0ull;
    for (int i = 0; i < N; i++) {
        float *v = t + 6 * i;
        int kind = i % 4;
        /* a point on the 1/256 grid, often a pixel centre */
        int ax = rndi(-256, 256 * W + 256), ay = rndi(-256, 256 * H + 256);
        if (rnd() % 2) ax = (ax & ~255) + 128, ay = (ay & ~255) + 128;
        if (kind == 0) {
            /* three points on one line of the grid (horizontal, vertical or slanted; repeated points) */
            int dx = rndi(-3, 3) * (i % 8 == 0 ? 0 : 1), dy = rndi(-3, 3) * (i % 12 == 4 ? 0 : 1);
            int k1 = rndi(-400, 400), k2 = rndi(-400, 400);
            v[0] = (float)ax / 256.0f, v[1] = (float)ay / 256.0f;
            v[2] = (float)(ax + k1 * dx) / 256.0f, v[3] = (float)(ay + k1 * dy) / 256.0f;
            v[4] = (float)(ax + k2 * dx) / 256.0f, v[5] = (float)(ay + k2 * dy) / 256.0f;
        } else if (kind == 1) {
            /* distinct floats that snap to one point (within the same 1/256 cell, off its rounding edge) */
            float x = (float)ax / 256.0f, y = (float)ay / 256.0f;
            for (int k = 0; k < 3; k++) {
                v[2 * k] = x + rndf(-0.0019f, 0.0019f);
                v[2 * k + 1] = y + rndf(-0.0019f, 0.0019f);
            }
        } else if (kind == 2) {
            /* sub-pixel triangles, a few 1/256 around a grid point (often a centre: on an edge or a vertex) */
            for (int k = 0; k < 3; k++) {
                v[2 * k] = (float)(ax + rndi(-6, 6)) / 256.0f;
                v[2 * k + 1] = (float)(ay + rndi(-6, 6)) / 256.0f;
            }
        } else {
            /* sub-pixel triangles at float positions, and slivers: long, under a pixel wide */
            float x = (float)ax / 256.0f + rndf(-0.5f, 0.5f), y = (float)ay / 256.0f + rndf(-0.5f, 0.5f);
            if (i % 8 == 3) {
                float lx = rndf(-20.0f, 20.0f), ly = rndf(-20.0f, 20.0f), w = rndf(0.0f, 0.3f);
                v[0] = x, v[1] = y, v[2] = x + lx, v[3] = y + ly, v[4] = x + lx * 0.5f - ly * w / 20.0f,
                v[5] = y + ly * 0.5f + lx * w / 20.0f;
            } else
                for (int k = 0; k < 3; k++) {
                    v[2 * k] = x + rndf(-0.7f, 0.7f);
                    v[2 * k + 1] = y + rndf(-0.7f, 0.7f);
                }
        }
    }
    /* the degenerate ones alone (kinds 0 and 1: zero area once snapped) cover nothing */
    float *d = malloc(N * 6 * sizeof(float));
    assert_non_null(d);
    uint32_t nd = 0;
    for (int i = 0; i < N; i++)
        if (i % 4 < 2) {
            const float *v = t + 6 * i;
            assert_true(edge(snap(v[0], v[1]), snap(v[2], v[3]), snap(v[4], v[5])) == 0);
            memcpy(d + 6 * nd++, v, 6 * sizeof(float));
        }
    size_t covered_d = compare(ctx, "degenerate", d, nd, counts, NULL);
    assert_int_equal(covered_d, 0);
    size_t covered = compare(ctx, "degenerate and tiny", t, N, counts, NULL);
    print_message("degenerate: %zu pixels covered; degenerate and tiny: %zu pixels covered\n", covered_d, covered);
    assert_true(covered > 100);
    free(d);
    free(t);
    free(counts);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_triangles),
        cmocka_unit_test(large_triangles),
        cmocka_unit_test(half_pixel_grid),
        cmocka_unit_test(tilings),
        cmocka_unit_test(degenerate_and_tiny),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
