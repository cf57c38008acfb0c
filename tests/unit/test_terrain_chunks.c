/* test_terrain_chunks.c — the ground grid's chunks (src/render/terrain_chunks.c; issue 19): the chunk-ordered
 * index buffer holds every quad of the grid once, with the grid's winding; a view's runs hold every triangle
 * any part of which it can see (over random cameras and heights: no visible triangle culled), and cull what
 * lies behind or beside the camera. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "render/terrain_chunks.h"

#include <cglm/cglm.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* a quad's key: its first index a = j mesh + i */
static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static void test_every_quad_once(void **state)
{
    (void)state;
    const int meshes[] = {2, 3, 33, 34, 65, 100, 257};
    for (size_t m = 0; m < sizeof meshes / sizeof meshes[0]; m++) {
        int mesh = meshes[m], q = mesh - 1;
        size_t n = render_terrain_chunk_indices(mesh, NULL);
        assert_int_equal(n, (size_t)6 * (size_t)q * (size_t)q);
        uint32_t *idx = malloc(n * sizeof *idx), *keys = malloc((n / 6) * sizeof *keys);
        assert_non_null(idx);
        assert_non_null(keys);
        assert_int_equal(render_terrain_chunk_indices(mesh, idx), n);
        for (size_t k = 0; k < n / 6; k++) {
            const uint32_t *t = idx + 6 * k, a = t[0], b = a + 1, c = a + (uint32_t)mesh, d = c + 1;
            assert_true(a % (uint32_t)mesh < (uint32_t)q && a / (uint32_t)mesh < (uint32_t)q);
            assert_int_equal(t[1], c);
            assert_int_equal(t[2], b);
            assert_int_equal(t[3], b);
            assert_int_equal(t[4], c);
            assert_int_equal(t[5], d);
            keys[k] = a;
        }
        qsort(keys, n / 6, sizeof *keys, cmp_u32);
        for (size_t k = 1; k < n / 6; k++) assert_true(keys[k] > keys[k - 1]); /* none twice, so all q^2 */
        free(idx);
        free(keys);
    }
}

/* camera.c's camera: look-at and a reverse-Z infinite perspective, 50 degrees, 16:9 */
static void camera(const float eye[3], float yaw, float pitch, float out[16])
{
    vec3 e = {eye[0], eye[1], eye[2]}, dir = {cosf(pitch) * sinf(yaw), sinf(pitch), cosf(pitch) * cosf(yaw)}, t;
    vec3 up = {0, 1, 0};
    glm_vec3_add(e, dir, t);
    mat4 view, proj, vp;
    glm_lookat(e, t, up, view);
    memset(proj, 0, sizeof proj);
    float f = 1.0f / tanf(glm_rad(50.0f) * 0.5f);
    proj[0][0] = f / (16.0f / 9.0f);
    proj[1][1] = -f;
    proj[2][3] = -1.0f;
    proj[3][2] = 0.1f;
    glm_mat4_mul(proj, view, vp);
    memcpy(out, vp, 16 * sizeof(float));
}

/* Whether any of a triangle's sample points (corners, edge midpoints, centroid, and points between) lies
 * inside the clip volume, in double. */
static int seen(const float m[16], double p[3][3])
{
    for (int a = 0; a <= 8; a++) {
        for (int b = 0; a + b <= 8; b++) {
            double u = a / 8.0, v = b / 8.0, w = 1.0 - u - v, x[3], c[4];
            for (int k = 0; k < 3; k++) x[k] = u * p[0][k] + v * p[1][k] + w * p[2][k];
            for (int r = 0; r < 4; r++) c[r] = m[r] * x[0] + m[4 + r] * x[1] + m[8 + r] * x[2] + m[12 + r];
            if (c[3] > 0 && fabs(c[0]) <= c[3] && fabs(c[1]) <= c[3] && c[2] >= 0 && c[2] <= c[3]) return 1;
        }
    }
    return 0;
}

#define MESH 129
static float heights[MESH * MESH];

static void test_no_visible_triangle_culled(void **state)
{
    (void)state;
    srand(7);
    render_terrain_grid g = {.mesh = MESH, .x0 = -64.0f, .z0 = -40.0f, .quad = 1.0f};
    g.y_min = INFINITY, g.y_max = -INFINITY;
    for (int k = 0; k < MESH * MESH; k++) {
        int i = k % MESH, j = k / MESH;
        heights[k] = 6.0f * sinf((float)i * 0.11f) * cosf((float)j * 0.07f) + 0.5f * (float)(rand() % 100) / 100.0f;
        g.y_min = fminf(g.y_min, heights[k]), g.y_max = fmaxf(g.y_max, heights[k]);
    }
    size_t n = render_terrain_chunk_indices(MESH, NULL);
    uint32_t *idx = malloc(n * sizeof *idx);
    unsigned char *drawn = malloc(n / 3);
    assert_non_null(idx);
    assert_non_null(drawn);
    render_terrain_chunk_indices(MESH, idx);
    int nc = render_terrain_chunks_per_side(MESH);
    render_terrain_run runs[8 * 8 / 2 + 1];
    assert_int_equal(nc, 4);
    /* the boxes from the grid's height range, then from each chunk's (resident terrain) */
    float chunk_y[4 * 4][2];
    render_terrain_chunk_heights(MESH, 1, MESH, heights, chunk_y);
    uint64_t total_drawn = 0;
    for (int cam = 0; cam < 120; cam++) {
        g.chunk_y = cam < 60 ? NULL : (const float (*)[2])chunk_y;
        float eye[3] = {-80.0f + 160.0f * (float)(rand() % 1000) / 1000.0f, -2.0f + 30.0f * (float)(rand() % 1000) / 1000.0f,
                        -60.0f + 160.0f * (float)(rand() % 1000) / 1000.0f};
        float yaw = 6.2831853f * (float)(rand() % 1000) / 1000.0f, pitch = -1.2f + 1.6f * (float)(rand() % 1000) / 1000.0f;
        float vp[16];
        camera(eye, yaw, pitch, vp);
        uint64_t count = 0;
        uint32_t nr = render_terrain_runs(&g, vp, runs, (uint32_t)(sizeof runs / sizeof runs[0]), &count);
        memset(drawn, 0, n / 3);
        uint64_t sum = 0;
        for (uint32_t r = 0; r < nr; r++) {
            assert_true(runs[r].first + runs[r].count <= n);
            assert_int_equal(runs[r].count % 6, 0);
            if (r > 0) assert_true(runs[r].first > runs[r - 1].first + runs[r - 1].count); /* merged, in order */
            for (uint32_t t = runs[r].first / 3; t < (runs[r].first + runs[r].count) / 3; t++) drawn[t] = 1;
            sum += runs[r].count;
        }
        assert_int_equal(sum, count);
        total_drawn += count;
        for (size_t t = 0; t < n / 3; t++) {
            if (drawn[t]) continue;
            double p[3][3];
            for (int k = 0; k < 3; k++) {
                uint32_t v = idx[3 * t + (size_t)k];
                p[k][0] = g.x0 + (double)(v % MESH) * g.quad;
                p[k][1] = heights[v];
                p[k][2] = g.z0 + (double)(v / MESH) * g.quad;
            }
            if (seen(vp, p)) fail_msg("camera %d: triangle %zu is seen but culled", cam, t);
        }
    }
    free(idx);
    free(drawn);
    /* culling is not a no-op: random cameras see well under all of it */
    assert_true(total_drawn < (uint64_t)n * 120 * 7 / 10);
}

static void test_culls_behind_and_beside(void **state)
{
    (void)state;
    int mesh = 1025;
    size_t n = render_terrain_chunk_indices(mesh, NULL);
    render_terrain_grid g = {.mesh = mesh, .x0 = -512.0f, .z0 = -512.0f, .quad = 1.0f, .y_min = 0.0f, .y_max = 30.0f};
    render_terrain_run runs[32 * 32 / 2 + 1];
    float vp[16];
    uint64_t count = 0;
    /* from the middle, looking along +x, level: the 79-degree wedge in front (22 % of the grid), in chunks:
     * under 30 % */
    camera((float[3]){0.0f, 2.0f, 0.0f}, 1.5707963f, 0.0f, vp);
    render_terrain_runs(&g, vp, runs, (uint32_t)(sizeof runs / sizeof runs[0]), &count);
    assert_true(count > 0);
    assert_true(count < n * 3 / 10);
    /* outside the grid's -x edge, looking away from it: nothing */
    camera((float[3]){-600.0f, 2.0f, 0.0f}, -1.5707963f, 0.0f, vp);
    assert_int_equal(render_terrain_runs(&g, vp, runs, (uint32_t)(sizeof runs / sizeof runs[0]), &count), 0);
    assert_int_equal(count, 0);
    /* high above, looking down at all of it: all of it, one run */
    camera((float[3]){0.0f, 2000.0f, 0.0f}, 0.0f, -1.5707f, vp);
    assert_int_equal(render_terrain_runs(&g, vp, runs, (uint32_t)(sizeof runs / sizeof runs[0]), &count), 1);
    assert_int_equal(count, n);
    /* too few runs given: the last one grows, nothing is dropped */
    camera((float[3]){0.0f, 2.0f, 0.0f}, 0.7f, 0.0f, vp);
    uint64_t full = 0, capped = 0;
    uint32_t nr = render_terrain_runs(&g, vp, runs, (uint32_t)(sizeof runs / sizeof runs[0]), &full);
    assert_true(nr > 2);
    render_terrain_run two[2];
    assert_int_equal(render_terrain_runs(&g, vp, two, 2, &capped), 2);
    assert_true(capped >= full);
    assert_int_equal(two[1].first + two[1].count, runs[nr - 1].first + runs[nr - 1].count);
}

/* A shadow view's clip volume: an orthographic box along a low sun (light space: x, y across, z depth). With
 * depth clamped (the casters), only x and y cull: chunks beyond the box's depth range stay, chunks beside it go. */
static void test_planes_xy_only(void **state)
{
    (void)state;
    int mesh = 513;
    render_terrain_grid g = {.mesh = mesh, .x0 = -256.0f, .z0 = -256.0f, .quad = 1.0f, .y_min = 0.0f, .y_max = 10.0f};
    /* light looking along +x, level; a 40 m square around the origin, depth over 20 m */
    vec3 eye = {-10.0f, 3.0f, 0.0f}, at = {0.0f, 3.0f, 0.0f}, up = {0, 1, 0};
    mat4 view, proj, vp;
    glm_lookat(eye, at, up, view);
    glm_ortho(-20.0f, 20.0f, -20.0f, 20.0f, 0.0f, 20.0f, proj);
    glm_mat4_mul(proj, view, vp);
    int nc = render_terrain_chunks_per_side(mesh);
    uint8_t all[16 * 16], xy[16 * 16];
    assert_int_equal(nc, 16);
    uint32_t n_all = render_terrain_visible(&g, (const float *)vp, RENDER_CLIP_ALL, NULL, all);
    uint32_t n_xy = render_terrain_visible(&g, (const float *)vp, RENDER_CLIP_X | RENDER_CLIP_Y, NULL, xy);
    assert_true(n_all > 0);
    assert_true(n_xy > n_all);        /* the chunks far along the light's axis: beyond its depth, kept */
    assert_true(n_xy < (uint32_t)(nc * nc) / 2); /* beside the square: culled */
    for (int k = 0; k < nc * nc; k++) assert_true(!all[k] || xy[k]); /* fewer planes never cull more */
    /* the chunk at the square's centre and the one 200 m up the light's axis (past its depth) */
    int centre = (256 / RENDER_TERRAIN_CHUNK) * nc + 256 / RENDER_TERRAIN_CHUNK;
    int far = (256 / RENDER_TERRAIN_CHUNK) * nc + (256 + 200) / RENDER_TERRAIN_CHUNK;
    assert_true(all[centre] && xy[centre]);
    assert_true(!all[far] && xy[far]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_quad_once),
        cmocka_unit_test(test_no_visible_triangle_culled),
        cmocka_unit_test(test_culls_behind_and_beside),
        cmocka_unit_test(test_planes_xy_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
