/* Far tiles at their thinning levels (SPEC SC5, SC2; src/place/tiles.c, shaders/cull.comp.glsl): a level-L tile
 * holds every 2^L-th cell and is drawn where the cells it leaves out are thinned away. Checked on the CPU
 * reference: the levels partition the ground (every point has one tile), every level-L tile lies beyond the
 * distance where lower cells are gone, the blades kept from the level tiles are the blades kept from level 0's
 * tiles, bit for bit, and a draw distance of 150 m builds no more cells than 60 m did without levels. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "sward/sward.h"

#include "place/place.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "place_test_util.h"

/* Every tile within the draw distance of an eye 1.7 m above the ground at (x, z), no frustum. */
static size_t choose(const sward_scene *s, float x, float z, float thin, float draw, sw_tile *out)
{
    place_view v;
    memset(&v, 0, sizeof v);
    v.eye[0] = x, v.eye[2] = z;
    v.eye[1] = world_height_at(&s->terrain, s->terrain.resolution / 2, s->terrain.resolution / 2) + 1.7f;
    v.draw_distance = draw;
    v.thin_distance = thin;
    return place_choose_tiles(s, &v, false, out, NULL);
}

static double gap(double v, double lo, double hi)
{
    return v < lo ? lo - v : (v > hi ? v - hi : 0.0);
}

/* The levels partition the ground: every point within the draw distance lies in the cells' square of exactly one
 * tile of each material (a tile the terrain can hold), and no level-L tile comes nearer than its level's distance. */
static void test_levels_partition_the_ground(void **state)
{
    (void)state;
    sward_scene *s = tu_load_repo_scene("scenes/meadow.json");
    sw_tile *t = calloc(place_tiles_bound(s), sizeof *t);
    assert_non_null(t);
    const float ex = 3.0f, ez = -7.0f, thin = s->render.thin_distance, draw = s->render.draw_distance;
    size_t n = choose(s, ex, ez, thin, draw, t);
    int per_level[PLACE_LEVELS] = {0};
    for (size_t i = 0; i < n; i++) {
        const world_material *m = &s->materials[t[i].material];
        const int L = (int)t[i].level;
        per_level[L]++;
        const double side = place_tile_side(m, L), pad = place_tile_reach(m);
        const double x0 = (double)t[i].ci0 * place_spacing(m), z0 = (double)t[i].cj0 * place_spacing(m);
        const double gx = gap(ex, x0 - pad, x0 + side + pad), gz = gap(ez, z0 - pad, z0 + side + pad);
        assert_true(sqrt(gx * gx + gz * gz) >= place_level_distance(thin, L));
        /* its blocks start at a multiple of the tile's span */
        assert_int_equal(t[i].ci0 % ((int)SW_TILE_CELLS << L), 0);
    }
    print_message("meadow at %g m: %d, %d, %d, %d tiles at levels 0-3\n", (double)draw, per_level[0], per_level[1],
                  per_level[2], per_level[3]);
    for (int L = 0; L < PLACE_LEVELS - 1; L++) assert_true(per_level[L] > 0); /* 150 m reaches level 2 */
    for (int m = 0; m < s->material_count; m++) {
        const double sp = place_spacing(&s->materials[m]);
        for (int k = 0; k < 4000; k++) { /* points on a spiral out to 0.95 of the draw distance */
            const double r = 0.95 * draw * sqrt((k + 0.5) / 4000.0), a = k * 2.39996323;
            const double px = ex + r * cos(a), pz = ez + r * sin(a);
            int holders = 0, possible = 0;
            for (size_t i = 0; i < n; i++) {
                if ((int)t[i].material != m) continue;
                const double side = sp * (double)((int)SW_TILE_CELLS << t[i].level);
                const double x0 = (double)t[i].ci0 * sp, z0 = (double)t[i].cj0 * sp;
                holders += px >= x0 && px < x0 + side && pz >= z0 && pz < z0 + side;
            }
            /* the level the quadtree gives the point (derived here from the distances alone): its tile there must
             * hold it, if that tile can hold a blade at all */
            const double pad = place_tile_reach(&s->materials[m]);
            int L = 0;
            for (; L + 1 < PLACE_LEVELS; L++) {
                const double ps = place_tile_side(&s->materials[m], L + 1);
                const double px0 = floor(px / ps) * ps, pz0 = floor(pz / ps) * ps;
                const double gx = gap(ex, px0 - pad, px0 + ps + pad), gz = gap(ez, pz0 - pad, pz0 + ps + pad);
                if (sqrt(gx * gx + gz * gz) < place_level_distance(thin, L + 1)) break; /* the parent is too near */
            }
            const double side = place_tile_side(&s->materials[m], L);
            possible = place_tile_possible(s, NULL, m, L, (int)floor(px / side), (int)floor(pz / side));
            if (holders != 1 && possible) fail_msg("material %d: (%.2f, %.2f) is in %d tiles", m, px, pz, holders);
        }
    }
    free(t);
    sward_scene_destroy(s);
}

/* The blades the culling keeps of a tile list: within the draw distance and below their thinning cutoff, measured
 * as cull.comp.glsl does (3D distance from the eye to the root). Sorted. */
static size_t kept_blades(const sward_scene *s, const sw_tile *t, size_t n, const float eye[3], float thin,
                          sw_blade **out)
{
    sw_blade *b = malloc(n * SW_TILE_CANDIDATES * sizeof *b + sizeof *b);
    assert_non_null(b);
    size_t all = 0, kept = 0;
    for (size_t i = 0; i < n; i++) all += place_tile_cells_at(s, &t[i], 0.5f, b + all);
    for (size_t i = 0; i < all; i++) {
        float dx = b[i].x - eye[0], dy = b[i].y - eye[1], dz = b[i].z - eye[2];
        float d = sqrtf(dx * dx + dy * dy + dz * dz);
        if (d > s->render.draw_distance) continue;
        float th = sw_thin_threshold(sw_blade_level(b[i]), sw_thin_hash(b[i].facing_hash >> 16u));
        if (th >= sw_thin_cutoff(d, thin)) continue;
        b[kept++] = b[i];
    }
    qsort(b, kept, sizeof *b, tu_blade_cmp);
    *out = b;
    return kept;
}

/* SC5: the level tiles drop only blades thinning drops: the blades kept from them are those kept from level 0's
 * tiles, bit for bit (a level too near would lose blades, a wrong stride or level would change them). */
static void test_levels_keep_what_thinning_keeps(void **state)
{
    (void)state;
    sward_scene *s = tu_load_repo_scene("bench/got_field.json");
    s->render.draw_distance = 70.0f; /* the reference places every level-0 tile: keep it to seconds */
    sw_tile *t = calloc(place_tiles_bound(s), sizeof *t), *t0 = calloc(place_tiles_bound(s), sizeof *t0);
    assert_non_null(t);
    assert_non_null(t0);
    const float thin = s->render.thin_distance;
    size_t n = choose(s, 10.0f, 20.0f, thin, s->render.draw_distance, t);
    size_t n0 = choose(s, 10.0f, 20.0f, 0.0f, s->render.draw_distance, t0);
    float eye[3] = {10.0f, 0.0f, 20.0f};
    eye[1] = world_height_at(&s->terrain, s->terrain.resolution / 2, s->terrain.resolution / 2) + 1.7f;
    sw_blade *a = NULL, *b = NULL;
    size_t na = kept_blades(s, t, n, eye, thin, &a), nb = kept_blades(s, t0, n0, eye, thin, &b);
    print_message("got_field: %zu tiles with levels, %zu at level 0; %zu and %zu blades kept\n", n, n0, na, nb);
    assert_true(n < n0 / 2);
    assert_true(na > 10000);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, na * sizeof *a);
    free(a);
    free(b);
    free(t);
    free(t0);
    sward_scene_destroy(s);
}

/* The cost: the tiles and the cells the culling builds (those of a tile's cells whose level can be kept anywhere
 * in the tile) out to 150 m stay within 1.5 times those of every tile out to 60 m without levels (in the draw
 * distance's old place: a flat 150 m builds 6 times as many). */
static size_t built_cells(const sward_scene *s, const sw_tile *t, size_t n, float ex, float ez, float thin)
{
    size_t built = 0;
    for (size_t i = 0; i < n; i++) {
        const world_material *m = &s->materials[t[i].material];
        const double sp = place_spacing(m), side = place_tile_side(m, (int)t[i].level), pad = place_tile_reach(m);
        const double x0 = (double)t[i].ci0 * sp, z0 = (double)t[i].cj0 * sp;
        const double gx = gap(ex, x0 - pad, x0 + side + pad), gz = gap(ez, z0 - pad, z0 + side + pad);
        const float cutoff = thin > 0.0f ? sw_thin_cutoff((float)sqrt(gx * gx + gz * gz), thin) : 2.0f;
        for (int k = 0; k < (int)SW_TILE_CANDIDATES; k++) {
            sw_cell c = sw_thin_carrier((t[i].ci0 >> t[i].level) + k % (int)SW_TILE_CELLS,
                                        (t[i].cj0 >> t[i].level) + k / (int)SW_TILE_CELLS, t[i].level, t[i].material);
            built += sw_thin_level_floor(sw_thin_level(c.i, c.j, t[i].material)) < cutoff;
        }
    }
    return built;
}

static void test_far_field_costs_no_more(void **state)
{
    (void)state;
    sward_scene *s = tu_load_repo_scene("scenes/meadow.json");
    sw_tile *t = calloc(place_tiles_bound(s), sizeof *t);
    assert_non_null(t);
    size_t n150 = choose(s, 0.0f, 0.0f, s->render.thin_distance, 150.0f, t);
    size_t c150 = built_cells(s, t, n150, 0.0f, 0.0f, s->render.thin_distance);
    size_t n60 = choose(s, 0.0f, 0.0f, 0.0f, 60.0f, t);
    size_t c60 = built_cells(s, t, n60, 0.0f, 0.0f, 0.0f);
    print_message("meadow: 150 m with levels %zu tiles, %zu cells built; 60 m without %zu tiles, %zu cells\n", n150,
                  c150, n60, c60);
    assert_true(n150 < n60 * 3 / 2);
    assert_true(c150 < c60 * 3 / 2);
    free(t);
    sward_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels_partition_the_ground),
        cmocka_unit_test(test_levels_keep_what_thinning_keeps),
        cmocka_unit_test(test_far_field_costs_no_more),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
