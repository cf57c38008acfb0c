/* Per-blade culling against a CPU reference (SPEC SC3 distance and frustum, SC5 density thinning, SC6 LOD
 * switch, GA1/SC6 two blades per instance). The CPU places every candidate of the tiles the frame chose
 * (the reference of test_placement) and decides for each, with the SPEC's rules, whether the compute pass
 * keeps it: within the type's draw distance, not thinned (its thinning hash below the fraction kept at its
 * distance), its bounding sphere inside the view frustum; and at which LOD (15 vertices within the LOD
 * distance). The blades the GPU kept must be exactly those, the frame's LOD counts and triangles must be
 * the predicted ones, and the CPU's tile choice must have dropped tiles outside the frustum. The scene
 * (scenes/small.json, its short type drawn two blades per instance) has all of this on screen: the counts
 * each rule removes are asserted to be large, so dropping a rule changes the result by hundreds of blades. */
#include "gpu_util.h"

#include "render_util.h"

/* The camera view's constants (sw_view) of the frame under test: set where the frame's are computed. */
static const sw_view *g_view;
#include "shared/sw_wind.h"

#include <math.h>

static int cmp_blade(const void *pa, const void *pb)
{
    const sw_blade *a = pa, *b = pb;
    uint32_t ma = sw_blade_material(*a), mb = sw_blade_material(*b);
    if (ma != mb) return ma < mb ? -1 : 1;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    if (a->z != b->z) return a->z < b->z ? -1 : 1;
    return 0;
}

/* cull.comp.glsl's sphere test, in double */
static bool sphere_in_frustum(const float fr[24], double x, double y, double z, double r)
{
    for (int p = 0; p < 6; p++)
        if (fr[4 * p] * x + fr[4 * p + 1] * y + fr[4 * p + 2] * z + fr[4 * p + 3] < -r) return false;
    return true;
}

static bool same_blade(const sw_blade *a, const sw_blade *b)
{
    return sw_blade_material(*a) == sw_blade_material(*b) && fabsf(a->x - b->x) <= 1e-5f && fabsf(a->z - b->z) <= 1e-5f;
}

/* Blades in one sorted array and not in the other (a merge over both). */
static size_t unmatched(const sw_blade *a, size_t na, const sw_blade *b, size_t nb)
{
    size_t i = 0, j = 0, miss = 0;
    while (i < na && j < nb) {
        if (same_blade(&a[i], &b[j])) i++, j++;
        else if (cmp_blade(&a[i], &b[j]) < 0) i++, miss++;
        else j++, miss++;
    }
    return miss + (na - i) + (nb - j);
}

static void gpu_culls_what_the_reference_culls(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/small.json");
    scene->materials[0].blades_per_instance = 2; /* short grass: two blades per instance */
    scene->render.thin_distance = 8.0f; /* thinning, and far tiles at level 1 (SC5), within the 25 m drawn */
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    const float time = 0.75f;
    sward_frame_desc fd = {.time = time};

    /* The frame's constants and tiles, as sward_read_blades and sward_render choose them. */
    sw_frame f;
    place_view pv;
    static sw_view view_constants;
    gu_constants(r, &fd, false, &f, &view_constants, &pv);
    g_view = &view_constants;
    size_t bound = place_tiles_bound(scene), in_range = 0;
    sw_tile *tiles = calloc(bound, sizeof *tiles);
    size_t ntiles = place_choose_tiles(scene, &pv, true, tiles, &in_range);
    print_message("tiles: %zu in range, %zu after the tile frustum test\n", in_range, ntiles);
    assert_true(ntiles > 0);
    assert_true(ntiles < in_range * 3 / 4); /* the CPU's tile choice drops tiles outside the frustum (SC3) */

    size_t cap = ntiles * SW_TILE_CANDIDATES;
    sw_blade *cand = calloc(cap, sizeof *cand), *keep = calloc(cap, sizeof *keep), *gpu = calloc(cap, sizeof *gpu);
    size_t ncand = 0;
    for (size_t t = 0; t < ntiles; t++)
        ncand += place_tile_cells_at(scene, &tiles[t], time, cand + ncand);
    size_t nkeep = 0, by_distance = 0, by_thinning = 0, by_frustum = 0, high = 0, low = 0, two = 0;
    uint64_t triangles = 0;
    sw_material mats[WORLD_MAX_MATERIALS]; /* once: each bakes its far look (place_far_look) */
    for (int k = 0; k < scene->material_count; k++) mats[k] = place_material_gpu(&scene->materials[k]);
    for (size_t k = 0; k < ncand; k++) {
        sw_blade b = cand[k];
        sw_material m = mats[sw_blade_material(b)];
        float draw_d = fminf(m.draw_distance, f.draw_distance);
        float dx = b.x - g_view->cam_x, dy = b.y - g_view->cam_y, dz = b.z - g_view->cam_z;
        float dist2 = dx * dx + dy * dy + dz * dz;
        if (dist2 > draw_d * draw_d) { /* SC3 distance */
            by_distance++;
            continue;
        }
        if (sw_thin_threshold(sw_blade_level(b), sw_thin_hash(b.facing_hash >> 16u)) >=
            sw_thin_cutoff(sqrtf(dist2), f.thin_distance)) { /* SC5 thinning */
            by_thinning++;
            continue;
        }
        double hm = (double)m.height_max * (1.0 + (double)m.clump_height_var);
        if (!sphere_in_frustum(g_view->frustum, b.x, b.y + 0.5 * hm, b.z, hm)) { /* SC3 frustum */
            by_frustum++;
            continue;
        }
        keep[nkeep++] = b;
        bool is_high = dist2 < m.lod_distance * m.lod_distance; /* SC6 */
        uint32_t per = m.blades_per_instance == 2u ? 2u : 1u;
        high += is_high;
        low += !is_high;
        two += per == 2u;
        triangles += per * (is_high ? SW_HIGH_INDICES / 3u : SW_LOW_INDICES / 3u);
    }
    print_message("reference: %zu candidates, removed by distance %zu, thinning %zu, frustum %zu; kept %zu (high %zu, "
                  "low %zu, %zu of them two blades per instance), %llu triangles\n",
                  ncand, by_distance, by_thinning, by_frustum, nkeep, high, low, two, (unsigned long long)triangles);
    /* each rule removes a good share, so dropping one changes hundreds of blades */
    assert_true(by_distance > 500 && by_thinning > 500 && by_frustum > 500);
    assert_true(high > 200 && low > 500 && two > 500 && two < nkeep);

    size_t ngpu = 0;
    if (sward_read_blades(r, &fd, gpu, cap, &ngpu, &err) != SWARD_OK) fail_msg("read blades: %s", err.message);
    qsort(keep, nkeep, sizeof *keep, cmp_blade);
    qsort(gpu, ngpu, sizeof *gpu, cmp_blade);
    size_t miss = unmatched(keep, nkeep, gpu, ngpu);
    print_message("GPU kept %zu; blades in one set and not the other: %zu\n", ngpu, miss);
    /* the same blades, but for the odd one whose thinning hash equals its cut-off to the last float bit */
    assert_true(miss <= 2 + nkeep / 5000);

    /* The frame draws them at the predicted LODs, two blades per instance of the short type (no occlusion
     * test, which this reference leaves out). */
    sward_render_settings rs = sward_scene_render_settings(scene);
    sward_image img = {.width = rs.width, .height = rs.height, .pixels = malloc(sward_image_bound(rs.width, rs.height))};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    sward_frame_desc fd_render = {.time = time, .no_occlusion = true};
    if (sward_render(r, &fd_render, &img, &st, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    print_message("frame: high %llu low %llu triangles %llu tiles %llu (of %llu candidates in range)\n",
                  (unsigned long long)st.blades.high, (unsigned long long)st.blades.low,
                  (unsigned long long)st.blades.triangles, (unsigned long long)st.blades.tiles,
                  (unsigned long long)st.blades.candidates_in_range);
    assert_int_equal(st.blades.tiles, ntiles);
    assert_true(llabs((long long)st.blades.high - (long long)high) <= (long long)(2 + nkeep / 5000));
    assert_true(llabs((long long)st.blades.low - (long long)low) <= (long long)(2 + nkeep / 5000));
    assert_true(llabs((long long)st.blades.triangles - (long long)triangles) <= (long long)(26 + triangles / 5000));
    assert_true(st.blades.removed_distance > 0 && st.blades.removed_frustum > 0);
    assert_int_equal(st.blades.removed_frustum, by_frustum);

    free(img.pixels);
    free(tiles);
    free(cand);
    free(keep);
    free(gpu);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(gpu_culls_what_the_reference_culls)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
