/* GPU placement equals the CPU reference (SPEC PL3, PL4, PL7): the same set of blades for every tile of a
 * scene, positions within 1e-5 m and every other field equal up to one quantisation step; with culling on
 * (SC3 distance and frustum, SC5 thinning), the GPU keeps exactly the blades the CPU's tests keep, but for
 * blades within a rounding error of a test's threshold. */
#include "gpu_util.h"

#include "render/render.h"
#include "shared/sw_wind.h"
#include "wind/wind.h"

#include <math.h>

typedef struct keyed {
    sw_blade b;
} keyed;

static int cmp_blade(const void *pa, const void *pb)
{
    const sw_blade *a = pa, *b = pb;
    uint32_t ma = sw_blade_material(*a), mb = sw_blade_material(*b);
    if (ma != mb) return ma < mb ? -1 : 1;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    if (a->z != b->z) return a->z < b->z ? -1 : 1;
    return 0;
}

static int diff_u(uint32_t a, uint32_t b, int shift, uint32_t mask)
{
    int x = (int)((a >> shift) & mask), y = (int)((b >> shift) & mask);
    return abs(x - y);
}

/* PL2: a circle that a negative area clears (no GPU blade inside), when clear_r > 0. */
static float clear_x, clear_z, clear_r;

static void compare_scene_types(const char *rel, float time, int min_types)
{
    size_t clumped = 0, wind_exact = 0;
    unsigned types_seen = 0;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean(rel);
    gu_draw_distance(scene, 60.0f); /* every blade in range is read back: the field scenes' 150 m are millions */
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);

    /* CPU: the same tiles the renderer chooses without culling (those within the draw distance), each placed
     * by the reference. */
    sw_view view_constants;
    place_view view;
    sward_render_settings rs = sward_scene_render_settings(scene);
    sward_vulkan_view camera = sward_scene_view(scene, rs.width, rs.height, time);
    r->plan.switches.no_cull = true; /* the tiles of sward_read_blades with no_culling: every tile within draw distance */
    render_view_constants(r, &camera, false, &view_constants, &view);
    size_t bound = place_tiles_bound(scene);
    sw_tile *tiles = calloc(bound, sizeof *tiles);
    size_t ntiles = place_choose_tiles(scene, &view, false, tiles, NULL);
    assert_true(ntiles > 0);
    size_t cap = ntiles * SW_TILE_CANDIDATES;
    sw_blade *cpu = calloc(cap, sizeof *cpu);
    sw_blade *gpu = calloc(cap, sizeof *gpu);
    size_t ncpu = 0;
    /* GA3: the wind is the grass category of the frame's wind field, around the camera */
    float *cells = malloc(WIND_FIELD_FLOATS * sizeof(float));
    wind_field field;
    wind_field_compute(&scene->wind, time, camera.eye[0], camera.eye[2], cells, &field);
    for (size_t t = 0; t < ntiles; t++)
        ncpu += place_tile_cells(scene, &tiles[t], &field, cpu + ncpu);

    size_t ngpu = 0;
    sward_frame_debug dbg = {.no_culling = true};
    sward_frame_desc fd = {.time = time, .debug = &dbg};
    if (sward_read_blades(r, &fd, gpu, cap, &ngpu, &err) != SWARD_OK) fail_msg("read blades: %s", err.message);
    print_message("%s: %zu tiles, CPU %zu blades, GPU %zu blades\n", rel, ntiles, ncpu, ngpu);
    assert_true(ncpu > 1000);
    assert_int_equal(ncpu, ngpu);
    size_t cleared = 0;
    for (size_t i = 0; i < ngpu && clear_r > 0.0f; i++) {
        float dx = gpu[i].x - clear_x, dz = gpu[i].z - clear_z;
        cleared += dx * dx + dz * dz < clear_r * clear_r;
    }
    assert_int_equal(cleared, 0);

    qsort(cpu, ncpu, sizeof *cpu, cmp_blade);
    qsort(gpu, ngpu, sizeof *gpu, cmp_blade);
    double worst = 0.0;
    size_t opposed = 0;
    for (size_t i = 0; i < ncpu; i++) {
        const sw_blade *a = &cpu[i], *b = &gpu[i];
        double d = fmax(fabs((double)a->x - b->x), fmax(fabs((double)a->y - b->y), fabs((double)a->z - b->z)));
        if (d > worst) worst = d;
        if (d > 1e-5) fail_msg("blade %zu: CPU (%.6f %.6f %.6f) GPU (%.6f %.6f %.6f)", i, a->x, a->y, a->z, b->x, b->y, b->z);
        /* variation hash exact; facing (bent toward the wind with atan2, sin, cos) within one step */
        assert_int_equal(a->facing_hash >> 16, b->facing_hash >> 16);
        int df = abs((int)(a->facing_hash & 0xffff) - (int)(b->facing_hash & 0xffff));
        /* a blade whose wind is within a rounding error of straight against its facing turns left on one side
         * and right on the other (sw_make_blade wraps the angle to [-pi, pi)): rare, counted, bounded below */
        if (!(df <= 1 || df == 65535)) opposed++;
        assert_true(diff_u(a->size, b->size, 0, 0xffff) <= 1);
        assert_true(diff_u(a->size, b->size, 16, 0xffff) <= 1);
        assert_true(diff_u(a->shape, b->shape, 0, 0xff) <= 1);
        assert_true(diff_u(a->shape, b->shape, 8, 0xff) <= 1);  /* wind: the field sampled by each side */
        wind_exact += (a->shape & 0xffff00u) == (b->shape & 0xffff00u);
        assert_true(diff_u(a->shape, b->shape, 16, 0xff) <= 1);
        assert_int_equal(sw_blade_material(*a), sw_blade_material(*b));
        assert_int_equal(a->shape >> 24, b->shape >> 24); /* type and the unused top bits */
        /* PL6 clump word: the hash exactly, the offsets from the clump centre within one step. */
        assert_int_equal(a->clump & 0xffu, b->clump & 0xffu);
        assert_true(diff_u(a->clump, b->clump, 8, 0xff) <= 1);
        assert_true(diff_u(a->clump, b->clump, 16, 0xff) <= 1);
        /* SH2: the previous frame's push and facing; without TAA there is none: this frame's, as the CPU's */
        assert_true(diff_u(b->prev, b->shape >> 8, 0, 0xffff) == 0);
        assert_int_equal(b->prev >> 16, b->facing_hash & 0xffffu);
        assert_int_equal(a->clump >> 24, b->clump >> 24);
        if (a->clump != (128u << 8 | 128u << 16)) clumped++;
        types_seen |= 1u << sw_blade_material(*a);
    }
    print_message("%zu clumped blades, types seen 0x%x\n", clumped, types_seen);
    if (min_types > 0) {
        assert_true(clumped > ncpu / 2);
        assert_int_equal(__builtin_popcount(types_seen), min_types);
    }
    print_message("largest position difference %.3g m; wind bytes equal for %zu of %zu blades; %zu facing the wind "
                  "head-on turned the other way\n", worst, wind_exact, ncpu, opposed);
    assert_true(opposed <= ncpu / 100000u); /* measured 1 of 2,071,705 in fields.json */
    assert_int_equal(r->frame.wind_field_i0, field.i0); /* the frame's grid is the reference's */
    assert_int_equal(r->frame.wind_field_j0, field.j0);

    free(cells);
    free(tiles);
    free(cpu);
    free(gpu);
    gu_finish(r, ctx, scene);
}

/* The CPU's culling of a placed blade for a view, as cull.comp.glsl does it (SC3, SC5): 1 kept, 0 culled, -1
 * within a rounding error of a threshold (sqrt, dot and the frustum planes are not bit-exact across devices). */
static int cpu_keeps(const sward_scene *scene, const sw_material *mats, const sw_view *v, const sw_blade *b,
                     float scene_draw)
{
    sw_material m = mats[sw_blade_material(*b)];
    float draw_d = fminf(m.draw_distance, scene_draw);
    double dx = (double)b->x - v->cam_x, dy = (double)b->y - v->cam_y, dz = (double)b->z - v->cam_z;
    double d2 = dx * dx + dy * dy + dz * dz, dd = (double)draw_d * draw_d;
    if (fabs(d2 - dd) < 1e-4 * dd) return -1;
    if (d2 > dd) return 0;
    double keep = sw_thin_cutoff((float)sqrt(d2), scene->render.thin_distance),
           u = sw_thin_threshold(sw_blade_level(*b), sw_thin_hash(b->facing_hash >> 16));
    if (fabs(keep - u) < 1e-4) return -1;
    if (u >= keep) return 0;
    float hm = m.height_max * (1.0f + m.clump_height_var);
    double c[3] = {b->x, (double)b->y + 0.5 * hm, b->z};
    for (int p = 0; p < 6; p++) {
        const float *pl = v->frustum + 4 * p;
        double s = pl[0] * c[0] + pl[1] * c[1] + pl[2] * c[2] + pl[3] + hm;
        if (fabs(s) < 1e-3) return -1;
        if (s < 0.0) return 0;
    }
    return 1;
}

static bool same_blade(const sw_blade *a, const sw_blade *b)
{
    return sw_blade_material(*a) == sw_blade_material(*b) && fabsf(a->x - b->x) <= 1e-5f && fabsf(a->z - b->z) <= 1e-5f;
}

/* Is b among the sorted blades? */
static bool contains(const sw_blade *sorted, size_t n, const sw_blade *b)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        sw_blade key = *b;
        key.x -= 1e-5f;
        if (cmp_blade(&sorted[mid], &key) < 0) lo = mid + 1;
        else hi = mid;
    }
    for (size_t i = lo; i < n && sorted[i].x <= b->x + 1e-5f; i++)
        if (same_blade(&sorted[i], b)) return true;
    return false;
}

/* Culling on: the GPU's survivors are the CPU's placed blades that pass the CPU's tests. */
static void compare_culled(const char *rel, float time)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean(rel);
    sward_error err = {0};
    /* the culling's decisions do not depend on the pixels (the same 16:9 frustum): a small frame, since the field
     * scenes' blades to 150 m make a 1920x1080 lavapipe frame a minute */
    sward_renderer *r = gu_renderer(ctx, scene, 320, 180);
    sward_frame_desc fd = {.time = time};
    sward_vulkan_view camera = render_frame_view(r, &fd);
    sw_view vc;
    place_view view;
    r->plan.switches.no_cull = false;
    render_view_constants(r, &camera, false, &vc, &view);
    size_t bound = place_tiles_bound(scene);
    sw_tile *tiles = calloc(bound, sizeof *tiles);
    size_t ntiles = place_choose_tiles(scene, &view, true, tiles, NULL);
    size_t cap = ntiles * SW_TILE_CANDIDATES + 1;
    sw_blade *cpu = calloc(cap, sizeof *cpu), *gpu = calloc(cap, sizeof *gpu);
    size_t ncpu = 0;
    for (size_t t = 0; t < ntiles; t++)
        ncpu += place_tile_cells_at(scene, &tiles[t], time, cpu + ncpu);
    size_t ngpu = 0;
    if (sward_read_blades(r, &fd, gpu, cap, &ngpu, &err) != SWARD_OK) fail_msg("read blades: %s", err.message);
    qsort(gpu, ngpu, sizeof *gpu, cmp_blade);
    size_t kept = 0, culled = 0, border = 0, found = 0;
    sw_material mats[WORLD_MAX_MATERIALS]; /* once: each bakes its far look (place_far_look) */
    for (int k = 0; k < scene->material_count; k++) mats[k] = place_material_gpu(&scene->materials[k]);
    for (size_t i = 0; i < ncpu; i++) {
        int k = cpu_keeps(scene, mats, &vc, &cpu[i], scene->render.draw_distance);
        bool on_gpu = contains(gpu, ngpu, &cpu[i]);
        found += on_gpu;
        if (k < 0) {
            border++;
            continue;
        }
        if (k == 1) kept++;
        else culled++;
        if ((k == 1) != on_gpu)
            fail_msg("%s: blade (%.4f %.4f %.4f) kept by the CPU: %d, on the GPU: %d", rel, cpu[i].x, cpu[i].y, cpu[i].z,
                     k, on_gpu);
    }
    print_message("%s culled: %zu placed, CPU keeps %zu, culls %zu, %zu at a threshold; GPU %zu\n", rel, ncpu, kept,
                  culled, border, ngpu);
    assert_int_equal(found, ngpu); /* every GPU survivor is a CPU blade */
    assert_true(kept > 1000 && culled > 1000); /* both outcomes are exercised */
    assert_true(border * 1000 < ncpu);
    free(tiles);
    free(cpu);
    free(gpu);
    gu_finish(r, ctx, scene);
}

static void gpu_equals_cpu_culled_meadow(void **state)
{
    (void)state;
    compare_culled("scenes/meadow.json", 1.5f);
}

static void gpu_equals_cpu_culled_fields(void **state)
{
    (void)state;
    compare_culled("scenes/fields.json", 0.5f);
}

static void compare_scene(const char *rel, float time)
{
    compare_scene_types(rel, time, 0);
}

/* PL1, PL5: four grass types chosen by a type map (dithered), a grass-height map with a path and a clearing,
 * Voronoi clumps with pull: every field of every blade, clump word included. */
static void gpu_equals_cpu_fields(void **state)
{
    (void)state;
    compare_scene_types("scenes/fields.json", 0.5f, 4);
}

static void gpu_equals_cpu_small_scene(void **state)
{
    (void)state;
    compare_scene("scenes/small.json", 0.0f);
}

static void gpu_equals_cpu_with_wind_time(void **state)
{
    (void)state;
    compare_scene("scenes/small.json", 2.75f);
}

/* The default scene: two materials, one in patches, fBm hills, about a million candidates. */
static void gpu_equals_cpu_meadow(void **state)
{
    (void)state;
    compare_scene("scenes/meadow.json", 1.5f);
}

/* PL2: density areas (circles and polygons, positive, negative, base_density, on a patchy clumped type): the GPU
 * places exactly the CPU's blades, and none inside the clearing. */
static void gpu_equals_cpu_areas(void **state)
{
    (void)state;
    clear_x = -6.0f;
    clear_z = -16.0f;
    clear_r = 3.0f; /* the area's radius 4, less the clumps' pull (the keep test is at the candidate, the blade at its pulled root) */
    compare_scene_types("tests/data/areas/small_areas.json", 0.5f, 2);
    clear_r = 0.0f;
}

/* PL11: two types following the trees' canopy (one thinned under the crowns, one raised in their fringe): the GPU
 * places exactly the CPU's blades. */
static void gpu_equals_cpu_canopy(void **state)
{
    (void)state;
    compare_scene_types("tests/data/canopy/field_canopy.json", 0.5f, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gpu_equals_cpu_canopy),
        cmocka_unit_test(gpu_equals_cpu_areas),
        cmocka_unit_test(gpu_equals_cpu_small_scene),
        cmocka_unit_test(gpu_equals_cpu_with_wind_time),
        cmocka_unit_test(gpu_equals_cpu_meadow),
        cmocka_unit_test(gpu_equals_cpu_fields),
        cmocka_unit_test(gpu_equals_cpu_culled_meadow),
        cmocka_unit_test(gpu_equals_cpu_culled_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
