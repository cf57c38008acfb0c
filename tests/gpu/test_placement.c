/* GPU placement equals the CPU reference (SPEC PL3, PL4, PL7): the same set of blades for every tile of a
 * scene, positions within 1e-5 m and every other field equal up to one quantisation step. */
#include "gpu_util.h"

#include "render/render.h"

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

static void compare_scene_types(const char *rel, float time, int min_types)
{
    size_t clumped = 0;
    unsigned types_seen = 0;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene(rel);
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);

    /* CPU: the same tiles the renderer chooses without culling (those within the draw distance), each placed
     * by the reference. */
    sw_frame frame_constants;
    place_view view;
    sward_render_settings rs = sward_scene_render_settings(scene);
    sward_vulkan_view camera = sward_scene_view(scene, rs.width, rs.height, time);
    render_frame_constants(r, &camera, true, false, &frame_constants, &view);
    size_t bound = place_tiles_bound(scene);
    sw_tile *tiles = calloc(bound, sizeof *tiles);
    size_t ntiles = place_choose_tiles(scene, &view, false, tiles, NULL);
    assert_true(ntiles > 0);
    size_t cap = ntiles * SW_TILE_CANDIDATES;
    sw_blade *cpu = calloc(cap, sizeof *cpu);
    sw_blade *gpu = calloc(cap, sizeof *gpu);
    size_t ncpu = 0;
    for (size_t t = 0; t < ntiles; t++)
        ncpu += place_cells(scene, (int)tiles[t].material, tiles[t].ci0, tiles[t].cj0, (int)SW_TILE_CELLS,
                            (int)SW_TILE_CELLS, time, cpu + ncpu);

    size_t ngpu = 0;
    sward_frame_desc fd = {.time = time, .no_culling = true};
    if (sward_read_blades(r, &fd, gpu, cap, &ngpu, &err) != SWARD_OK) fail_msg("read blades: %s", err.message);
    print_message("%s: %zu tiles, CPU %zu blades, GPU %zu blades\n", rel, ntiles, ncpu, ngpu);
    assert_true(ncpu > 1000);
    assert_int_equal(ncpu, ngpu);

    qsort(cpu, ncpu, sizeof *cpu, cmp_blade);
    qsort(gpu, ngpu, sizeof *gpu, cmp_blade);
    double worst = 0.0;
    for (size_t i = 0; i < ncpu; i++) {
        const sw_blade *a = &cpu[i], *b = &gpu[i];
        double d = fmax(fabs((double)a->x - b->x), fmax(fabs((double)a->y - b->y), fabs((double)a->z - b->z)));
        if (d > worst) worst = d;
        if (d > 1e-5) fail_msg("blade %zu: CPU (%.6f %.6f %.6f) GPU (%.6f %.6f %.6f)", i, a->x, a->y, a->z, b->x, b->y, b->z);
        /* variation hash exact; facing (bent toward the wind with atan2, sin, cos) within one step */
        assert_int_equal(a->facing_hash >> 16, b->facing_hash >> 16);
        int df = abs((int)(a->facing_hash & 0xffff) - (int)(b->facing_hash & 0xffff));
        assert_true(df <= 1 || df == 65535);
        assert_true(diff_u(a->size, b->size, 0, 0xffff) <= 1);
        assert_true(diff_u(a->size, b->size, 16, 0xffff) <= 1);
        assert_true(diff_u(a->shape, b->shape, 0, 0xff) <= 1);
        assert_true(diff_u(a->shape, b->shape, 8, 0xff) <= 1);  /* wind: noise evaluated by each side */
        assert_true(diff_u(a->shape, b->shape, 16, 0xff) <= 1);
        assert_int_equal(sw_blade_material(*a), sw_blade_material(*b));
        assert_int_equal(a->shape >> 24, b->shape >> 24); /* type and the unused top bits */
        /* PL6 clump word: the hash exactly, the offsets from the clump centre within one step. */
        assert_int_equal(a->clump & 0xffu, b->clump & 0xffu);
        assert_true(diff_u(a->clump, b->clump, 8, 0xff) <= 1);
        assert_true(diff_u(a->clump, b->clump, 16, 0xff) <= 1);
        assert_int_equal(a->clump >> 24, b->clump >> 24);
        if (a->clump != (128u << 8 | 128u << 16)) clumped++;
        types_seen |= 1u << sw_blade_material(*a);
    }
    print_message("%zu clumped blades, types seen 0x%x\n", clumped, types_seen);
    if (min_types > 0) {
        assert_true(clumped > ncpu / 2);
        assert_int_equal(__builtin_popcount(types_seen), min_types);
    }
    print_message("largest position difference %.3g m\n", worst);

    free(tiles);
    free(cpu);
    free(gpu);
    gu_finish(r, ctx, scene);
}

static void compare_scene(const char *rel, float time)
{
    compare_scene_types(rel, time, 0);
}

/* Issue 3: four grass types chosen by a type map (dithered), a grass-height map with a path and a clearing,
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gpu_equals_cpu_small_scene),
        cmocka_unit_test(gpu_equals_cpu_with_wind_time),
        cmocka_unit_test(gpu_equals_cpu_meadow),
        cmocka_unit_test(gpu_equals_cpu_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
