/* test_ground.c — the ground's materials (SPEC SH10, shaders/shared/sw_ground.h): the material at points of a
 * loaded scene (its layers, grass types, slope and height) equals an independent evaluation of the rules from
 * the scene's own fields; determinism; the footprint fade keeps each material's mean and removes its detail;
 * detail at both scales (5 cm and 1.6 m); the triplanar planes; the noise's analytic gradient; the loader's
 * messages for bad ground fields. */
#include "scene_test_util.h"

#include "shared/sw_ground.h"
#include "shared/sw_types.h"
#include "shared/sw_world.h"

static const float SOIL[3] = {0.05f, 0.06f, 0.02f};

/* Hills 3 to 12 m high on 100 m in height bands of layers: lawn at the base (it asks for no ground), pampas
 * (it asks for sand), moss (the layer's own ground), bare (no grass, no ground), path (the layer's own ground);
 * rock above 30 degrees, sand below 4 m where nothing else names a ground, forest floor by default. */
static const char *const SCENE_RULES =
    "{\"terrain\": {\"size\": 100, \"resolution\": 101, \"map_resolution\": 100,"
    " \"fbm\": {\"amplitude\": 16, \"wavelength\": 30, \"octaves\": 3},"
    " \"layers\": [{\"name\": \"base\", \"grass\": \"lawn\"},"
    "  {\"name\": \"dunes\", \"grass\": \"pampas\", \"opacity\": {\"height\": [5, 6]}},"
    "  {\"name\": \"moss\", \"ground\": \"moss\", \"opacity\": {\"height\": [6, 8]}},"
    "  {\"name\": \"bare\", \"opacity\": {\"height\": [9, 10]}},"
    "  {\"name\": \"trail\", \"ground\": \"path\", \"opacity\": {\"height\": [11, 12]}}],"
    " \"ground\": {\"default\": \"forest_floor\", \"rock_slope\": 30, \"sand_below\": 4}},"
    " \"grass\": [{\"name\": \"lawn\", \"density\": 5}, {\"name\": \"pampas\", \"density\": 5, \"ground\": \"sand\"}]}";

/* The renderer's evaluation (terrain_surface.inc.glsl): the texel's ground through the layer map and the type
 * map, then the rule at the point. */
static unsigned shader_kind(const sward_scene *s, int i, int j, float x, float z, float height, float slope)
{
    const world_terrain *t = &s->terrain;
    sw_uint words[2] = {0xffffffffu, 0xffffffffu};
    for (int k = 0; k < t->layer_count; k++) {
        const sw_uint shift = SW_GROUND_BITS * (sw_uint)(k % 8);
        words[k / 8] = (words[k / 8] & ~(15u << shift)) | (t->layers[k].ground << shift);
    }
    size_t at = (size_t)j * (size_t)t->map_res + (size_t)i;
    unsigned type = t->types[at];
    bool grows = type < (unsigned)s->material_count && t->grass_height[at] > 0.0f;
    sw_uint texel = sw_ground_texel(sw_ground_layer_kind(t->material_ids[at], words[0], words[1]), SW_GROUND_NONE,
                                    grows ? s->materials[type].ground : SW_GROUND_NONE, grows);
    return sw_ground_rule(texel, sw_ground_edge(x, z), height, slope, t->ground.default_kind, t->ground.rock_slope,
                          t->ground.sand_below);
}

/* The rules as docs/scene-format.md states them, from the scene's fields: rock above rock_slope (+-5 degrees of
 * noise), the top layer's ground, the grass type's request, sand below sand_below (+-0.3 m), the default. The
 * margin: how near the point is to a threshold that decided. */
static unsigned reference_kind(const sward_scene *s, float x, float z, double height, double slope, double *margin)
{
    const world_terrain *t = &s->terrain;
    double e = (double)sw_perlin(x / 3.0f, z / 3.0f, 0x6e5u);
    double rock = slope + 5.0 * e - (double)t->ground.rock_slope;
    *margin = fabs(rock);
    if (rock > 0.0) return SW_GROUND_ROCK;
    const world_layer *l = &t->layers[world_layer_at(s, x, z)];
    if (l->ground != SW_GROUND_NONE) return l->ground;
    if (l->grass >= 0 && s->materials[l->grass].ground != SW_GROUND_NONE) return s->materials[l->grass].ground;
    double sand = height + 0.3 * e - (double)t->ground.sand_below;
    *margin = fmin(*margin, fabs(sand));
    return sand < 0.0 ? SW_GROUND_SAND : t->ground.default_kind;
}

static void test_material_follows_the_rules(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(SCENE_RULES);
    const world_terrain *t = &s->terrain;
    assert_int_equal(t->layers[1].ground, SW_GROUND_NONE);
    assert_int_equal(t->layers[2].ground, SW_GROUND_MOSS);
    assert_int_equal(t->layers[4].ground, SW_GROUND_PATH);
    assert_int_equal(s->materials[1].ground, SW_GROUND_SAND);
    assert_int_equal(s->materials[0].ground, SW_GROUND_NONE);
    int seen[SW_GROUND_KINDS] = {0}, compared = 0, sand_by_height = 0;
    const float cell = t->size / (float)t->map_res, x0 = -0.5f * t->size;
    const double e = (double)t->size / (double)(t->resolution - 1);
    for (int j = 1; j < t->map_res - 1; j++)
        for (int i = 1; i < t->map_res - 1; i++) {
            float x = x0 + ((float)i + 0.5f) * cell, z = x0 + ((float)j + 0.5f) * cell;
            double h = (double)world_terrain_height(t, x, z);
            double dx = ((double)world_terrain_height(t, x + (float)e, z) - (double)world_terrain_height(t, x - (float)e, z)) / (2 * e);
            double dz = ((double)world_terrain_height(t, x, z + (float)e) - (double)world_terrain_height(t, x, z - (float)e)) / (2 * e);
            double len = sqrt(1.0 + dx * dx + dz * dz);
            float slope = sw_ground_slope((float)(-dx / len), (float)(1.0 / len), (float)(-dz / len));
            assert_true(fabs((double)slope - atan(sqrt(dx * dx + dz * dz)) * 57.29577951308232) < 1e-3);
            double margin;
            unsigned want = reference_kind(s, x, z, h, (double)slope, &margin);
            if (margin < 0.01) continue; /* on a threshold: float rounding may decide */
            unsigned got = shader_kind(s, i, j, x, z, (float)h, slope);
            if (got != want) print_error("(%g, %g): h %.2f slope %.1f: got %u, want %u\n", (double)x, (double)z, h, (double)slope, got, want);
            assert_int_equal(got, want);
            seen[want]++, compared++;
            sand_by_height += want == SW_GROUND_SAND && t->layers[t->material_ids[(size_t)j * (size_t)t->map_res + (size_t)i]].grass == 0;
        }
    print_message("compared %d points: soil %d moss %d rock %d sand %d forest floor %d path %d\n", compared, seen[0],
                  seen[1], seen[2], seen[3], seen[4], seen[5]);
    print_message("sand by height (under the lawn, which asks for none): %d\n", sand_by_height);
    for (unsigned k = SW_GROUND_MOSS; k < SW_GROUND_KINDS; k++) assert_true(seen[k] > 20); /* every rule decided */
    assert_true(sand_by_height > 20);
    assert_int_equal(seen[SW_GROUND_SOIL], 0); /* the default is forest floor here */
    sward_scene_destroy(s);
}

/* Without terrain.ground: soil, rock above 35 degrees, no sand; without layers every texel names none. */
static void test_defaults(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(SCENE(""));
    const world_ground *g = &s->terrain.ground;
    assert_int_equal(g->default_kind, SW_GROUND_SOIL);
    assert_true(g->rock_slope == 35.0f && g->detail == 1.0f && g->sand_below == SW_GROUND_NO_SAND);
    assert_int_equal(s->materials[0].ground, SW_GROUND_NONE);
    assert_int_equal(sw_ground_layer_kind(255u, 0xffffffffu, 0xffffffffu), SW_GROUND_NONE);
    assert_int_equal(sw_ground_rule(SW_GROUND_NONE, 0.0f, -1e6f, 34.0f, 0, 35.0f, SW_GROUND_NO_SAND), SW_GROUND_SOIL);
    assert_int_equal(sw_ground_rule(SW_GROUND_NONE, 0.0f, 0.0f, 36.0f, 0, 35.0f, SW_GROUND_NO_SAND), SW_GROUND_ROCK);
    /* sand below sand_below where no texel names a ground; a texel's ground above it */
    assert_int_equal(sw_ground_rule(SW_GROUND_NONE, 0.0f, 0.5f, 10.0f, 0, 35.0f, 1.0f), SW_GROUND_SAND);
    assert_int_equal(sw_ground_rule(SW_GROUND_MOSS, 0.0f, 0.5f, 10.0f, 0, 35.0f, 1.0f), SW_GROUND_MOSS);
    assert_int_equal(sw_ground_rule(SW_GROUND_NONE, 0.0f, 1.5f, 10.0f, 0, 35.0f, 1.0f), SW_GROUND_SOIL);
    /* a grass type's request only where it grows */
    assert_int_equal(sw_ground_texel(SW_GROUND_NONE, SW_GROUND_NONE, SW_GROUND_SAND, true), SW_GROUND_SAND);
    assert_int_equal(sw_ground_texel(SW_GROUND_NONE, SW_GROUND_NONE, SW_GROUND_SAND, false), SW_GROUND_NONE);
    assert_int_equal(sw_ground_texel(SW_GROUND_PATH, SW_GROUND_NONE, SW_GROUND_SAND, true), SW_GROUND_PATH);
    /* PL11: the canopy's ground under a crown: below a layer's, above a grass type's request */
    assert_int_equal(sw_ground_texel(SW_GROUND_NONE, SW_GROUND_FOREST_FLOOR, SW_GROUND_SAND, true),
                     SW_GROUND_FOREST_FLOOR);
    assert_int_equal(sw_ground_texel(SW_GROUND_PATH, SW_GROUND_FOREST_FLOOR, SW_GROUND_SAND, true), SW_GROUND_PATH);
    sward_scene_destroy(s);
}

static void test_bad_ground_fields(void **state)
{
    (void)state;
    expect_error(SCENE(", \"terrain\": {\"ground\": {\"default\": \"grass\"}}"),
                 "t.json: terrain.ground.default: no ground material is named \"grass\" (one of soil, moss, rock, "
                 "sand, forest_floor, path)");
    expect_error(SCENE(", \"terrain\": {\"ground\": {\"rock_slope\": 120}}"), "terrain.ground.rock_slope: must be <= 90");
    expect_error(SCENE(", \"terrain\": {\"ground\": {\"detail\": -1}}"), "terrain.ground.detail: must be >= 0");
    expect_error(SCENE(", \"terrain\": {\"ground\": {\"snow\": 1}}"), "terrain.ground.snow: unknown field");
    expect_error("{\"grass\": [{\"ground\": \"lava\"}]}", "t.json: grass[0].ground: no ground material is named \"lava\"");
    expect_error("{\"grass\": [{\"ground\": 3}]}", "grass[0].ground: expected a string, got a number");
    expect_error(SCENE(", \"terrain\": {\"layers\": [{\"name\": \"a\", \"ground\": \"ice\"}]}"),
                 "terrain.layers[0].ground: no ground material is named \"ice\"");
}

static void test_perlin_d_is_perlin_and_its_gradient(void **state)
{
    (void)state;
    double worst_n = 0.0, worst_g = 0.0;
    const float e = 1e-3f;
    for (int k = 0; k < 4000; k++) {
        float x = (float)(k % 80) * 0.1371f - 3.3f, y = (float)(k / 80) * 0.1173f - 2.1f;
        sw_noise_d d = sw_perlin_d(x, y, 7u);
        worst_n = fmax(worst_n, fabs((double)(d.n - sw_perlin(x, y, 7u))));
        double fx = ((double)sw_perlin(x + e, y, 7u) - (double)sw_perlin(x - e, y, 7u)) / (2.0 * (double)e);
        double fy = ((double)sw_perlin(x, y + e, 7u) - (double)sw_perlin(x, y - e, 7u)) / (2.0 * (double)e);
        worst_g = fmax(worst_g, fmax(fabs(fx - (double)d.du), fabs(fy - (double)d.dv)));
    }
    assert_true(worst_n < 1e-5);
    assert_true(worst_g < 2e-2);
}

static sw_ground_surf flat(sw_uint kind, float x, float z, float footprint, float detail)
{
    return sw_ground_surface(kind, x, 0.0f, z, 0.0f, 1.0f, 0.0f, footprint, detail, SOIL[0], SOIL[1], SOIL[2]);
}

static double luma(sw_ground_surf g) { return 0.2126 * g.r + 0.7152 * g.g + 0.0722 * g.b; }

/* Mean luminance of a material over n x n points `step` m apart; *var its variance, *tilt the mean tilt of the
 * normal (1 - ny). */
static double mean_luma(sw_uint kind, float step, int n, float footprint, float detail, double *var, double *tilt)
{
    double l1 = 0.0, l2 = 0.0, t = 0.0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            sw_ground_surf g = flat(kind, (float)i * step - 40.0f, (float)j * step * 1.07f + 13.0f, footprint, detail);
            double l = luma(g);
            l1 += l, l2 += l * l, t += 1.0 - (double)g.ny;
        }
    double c = (double)n * n;
    *var = l2 / c - (l1 / c) * (l1 / c);
    *tilt = t / c;
    return l1 / c;
}

/* Far away (a footprint of 4 m a pixel) every octave is gone: the mean colour, a flat normal; near, the
 * detail's mean is the same colour (within 3 %), with texture and a tilted normal. */
static void test_fading_keeps_the_mean(void **state)
{
    (void)state;
    for (sw_uint k = 0; k < SW_GROUND_KINDS; k++) {
        sw_ground_sample m = sw_ground_mean(k, SOIL[0], SOIL[1], SOIL[2]);
        double mean = 0.2126 * m.r + 0.7152 * m.g + 0.0722 * m.b, var_far, tilt_far, var_near, tilt_near;
        double far = mean_luma(k, 0.37f, 120, 4.0f, 1.0f, &var_far, &tilt_far);
        double near = mean_luma(k, 0.037f, 300, 0.001f, 1.0f, &var_near, &tilt_near);
        print_message("%s: mean %.4f far %.4f near %.4f (sd %.1f %%, tilt %.4f)\n", world_ground_name(k), mean, far,
                      near, 100.0 * sqrt(var_near) / mean, tilt_near);
        assert_true(fabs(far - mean) < 1e-6 * mean && var_far < 1e-12 && tilt_far < 1e-9);
        assert_true(fabs(near - mean) < 0.03 * mean);
        assert_true(sqrt(var_near) > 0.03 * mean);
        assert_true(tilt_near > 1e-4);
    }
}

/* Both scales are there: along a line sampled every 1 cm the fine octave (5 cm) moves the brightness between
 * neighbours 2 cm apart, and the coarse one (1.6 m) the means of 0.5 m windows; with detail 0 neither does. */
static void band_energy(float detail, double *fine, double *coarse)
{
    const int n = 2000; /* 20 m */
    double l[2000];
    for (int i = 0; i < n; i++) l[i] = luma(flat(SW_GROUND_SOIL, (float)i * 0.01f, 3.3f, 0.002f, detail));
    double f = 0.0, c = 0.0, m = 0.0;
    for (int i = 2; i < n; i++) f += (l[i] - l[i - 2]) * (l[i] - l[i - 2]);
    double w[40];
    for (int k = 0; k < 40; k++) {
        w[k] = 0.0;
        for (int i = 0; i < 50; i++) w[k] += l[k * 50 + i] / 50.0;
        m += w[k] / 40.0;
    }
    for (int k = 0; k < 40; k++) c += (w[k] - m) * (w[k] - m) / 40.0;
    *fine = sqrt(f / (n - 2)) / m;
    *coarse = sqrt(c) / m;
}

static void test_detail_at_both_scales(void **state)
{
    (void)state;
    double fine, coarse, fine0, coarse0;
    band_energy(1.0f, &fine, &coarse);
    band_energy(0.0f, &fine0, &coarse0);
    print_message("fine %.4f coarse %.4f; without detail %.2g %.2g\n", fine, coarse, fine0, coarse0);
    assert_true(fine > 0.02 && coarse > 0.03);
    assert_true(fine0 == 0.0 && coarse0 < 1e-9);
    /* the octaves fade by the footprint: the 5 cm one whole at 1 cm a pixel, gone at 3 cm */
    assert_true(sw_ground_fade(SW_GROUND_L2, 0.0125f) == 1.0f && sw_ground_fade(SW_GROUND_L2, 0.025f) == 0.0f);
    assert_true(SW_GROUND_L2 <= 0.06f && SW_GROUND_L0 >= 1.0f && SW_GROUND_L0 <= 2.0f);
}

/* Triplanar: on a cliff facing +x the detail lies in the plane x = const (it changes with y and z, not x); on
 * flat ground in the plane y = const. Determinism: the same point gives the same bits. */
static void test_triplanar_and_determinism(void **state)
{
    (void)state;
    double dy = 0.0, dx = 0.0;
    for (int k = 0; k < 200; k++) {
        float y = (float)k * 0.13f, z = (float)k * 0.07f;
        sw_ground_surf a = sw_ground_surface(SW_GROUND_ROCK, 1.0f, y, z, 1.0f, 0.0f, 0.0f, 0.002f, 1.0f, SOIL[0], SOIL[1], SOIL[2]);
        sw_ground_surf b = sw_ground_surface(SW_GROUND_ROCK, 1.0f, y + 0.1f, z, 1.0f, 0.0f, 0.0f, 0.002f, 1.0f, SOIL[0], SOIL[1], SOIL[2]);
        sw_ground_surf c = sw_ground_surface(SW_GROUND_ROCK, 7.3f, y, z, 1.0f, 0.0f, 0.0f, 0.002f, 1.0f, SOIL[0], SOIL[1], SOIL[2]);
        sw_ground_surf a2 = sw_ground_surface(SW_GROUND_ROCK, 1.0f, y, z, 1.0f, 0.0f, 0.0f, 0.002f, 1.0f, SOIL[0], SOIL[1], SOIL[2]);
        assert_memory_equal(&a, &a2, sizeof a);
        dy += fabs(luma(a) - luma(b));
        dx += fabs(luma(a) - luma(c));
    }
    assert_true(dy > 0.1);
    assert_true(dx == 0.0);
    /* flat ground: the same at any height */
    sw_ground_surf f0 = flat(SW_GROUND_SAND, 2.0f, 5.0f, 0.002f, 1.0f);
    sw_ground_surf f1 = sw_ground_surface(SW_GROUND_SAND, 2.0f, 9.0f, 5.0f, 0.0f, 1.0f, 0.0f, 0.002f, 1.0f, SOIL[0], SOIL[1], SOIL[2]);
    assert_memory_equal(&f0, &f1, sizeof f0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_material_follows_the_rules),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_bad_ground_fields),
        cmocka_unit_test(test_perlin_d_is_perlin_and_its_gradient),
        cmocka_unit_test(test_fading_keeps_the_mean),
        cmocka_unit_test(test_detail_at_both_scales),
        cmocka_unit_test(test_triplanar_and_determinism),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
