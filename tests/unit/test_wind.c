/* test_wind.c — wind motion and force-field formulas (shaders/shared/sw_wind.h; SPEC GA4, GA5, SC5, SC6)
 * against hand-computed values, and force-field paths (src/wind/forces.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "shared/sw_wind.h"
#include "wind/wind.h"

#include <string.h>

#define PI_F 3.14159265f

static void test_hzd_large(void **state)
{
    (void)state;
    /* c + t = 0: x = 2 sin 0 + 1 = 1, y = sin 0 + 0.5 = 0.5 */
    sw_w2 a = sw_hzd_large(1.0f, -2.0f, 1.0f, 0.0f);
    assert_float_equal(a.x, 1.0f, 1e-6);
    assert_float_equal(a.y, 0.5f, 1e-6);
    /* c + t = pi/2: x = 3, y = sin(pi) + 0.5 = 0.5 */
    sw_w2 b = sw_hzd_large(0.5f, 0.25f, 0.0f, PI_F / 2.0f - 0.75f);
    assert_float_equal(b.x, 3.0f, 1e-5);
    assert_float_equal(b.y, 0.5f, 1e-5);
    /* c + t = pi/4: x = 2 * 0.7071068 + 1, y = 1.5 */
    sw_w2 c = sw_hzd_large(PI_F / 4.0f, 0.0f, 0.0f, 0.0f);
    assert_float_equal(c.x, 2.4142136f, 1e-5);
    assert_float_equal(c.y, 1.5f, 1e-5);
}

static void test_hzd_small(void **state)
{
    (void)state;
    assert_float_equal(sw_hzd_small(0.0f, 0.0f, 0.0f, 0.0f), 0.0f, 1e-7);
    /* 2.65 (sum + t) = pi/2 -> 0.065 */
    float s = PI_F / 2.0f / 2.65f;
    assert_float_equal(sw_hzd_small(s * 0.5f, s * 0.25f, 0.0f, s * 0.25f), 0.065f, 1e-6);
    /* sum + t = 1: 0.065 sin 2.65 = 0.065 * 0.4718957 */
    assert_float_equal(sw_hzd_small(0.2f, 0.3f, 0.4f, 0.1f), 0.0306820f, 1e-6);
}

static void test_frictional(void **state)
{
    (void)state;
    /* x axis at z = 0, t = 0: 0.125 sin 13 + 0.25 sin 17 + sin 17 (the source's third term reuses add.y) */
    sw_w2 o = sw_frictional(0.0f, 0.0f, 1.0f, 0.0f);
    float ox = 0.125f * 0.42016704f + 0.25f * -0.96139749f + -0.96139749f;
    assert_float_equal(o.x, ox, 1e-5);
    /* z axis at x + offset.x: a = (7, 3, 1) * p + (103, 13, 113), third term uses a.z */
    float p = ox;
    float oz = 0.125f * sinf(7.0f * p + 103.0f) + 0.25f * sinf(3.0f * p + 13.0f) + sinf(p + 113.0f);
    assert_float_equal(o.y, oz, 1e-5);
    /* a hand value: z = 1, freq = 0.5, t = 2: add = (3.5 + 13, 1.5 + 17, .); t * (1.13, 1.17, 1) = (2.26, 2.34, 2)
     * = 0.125 sin(2.26 + 16.5) + 0.25 sin(2.34 + 18.5) + sin(2 + 18.5) */
    float hx = sw_frictional_axis(1.0f, 0.5f, 2.0f, 13.0f, 17.0f, 103.0f, 0);
    float want = 0.125f * sinf(18.76f) + 0.25f * sinf(20.84f) + sinf(20.5f);
    assert_float_equal(hx, want, 1e-5);
    assert_float_equal(want, 0.125f * -0.0894363f + 0.25f * 0.9132325f + 0.9968298f, 1e-4);
    /* bounded by the weights */
    for (int k = 0; k < 100; k++) {
        sw_w2 r = sw_frictional((float)k * 0.37f, (float)k * -0.53f, 0.3f, (float)k * 0.1f);
        assert_true(fabsf(r.x) <= 1.375f && fabsf(r.y) <= 1.375f);
    }
}

/* GA8: HZD's camera-based tilting against the formula: the displacement is h times the view's up vector minus the
 * world's, the view's up computed here from the pitch and heading directly. */
static void test_camera_tilt(void **state)
{
    (void)state;
    for (int pitch = -60; pitch <= 60; pitch += 15)
        for (int heading = 0; heading < 360; heading += 45) {
            double p = pitch * 3.14159265358979 / 180.0, hd = heading * 3.14159265358979 / 180.0;
            /* forward: heading about y, pitch up (+) or down (-); up: the forward pitched up by 90 degrees */
            double f[3] = {cos(p) * sin(hd), sin(p), cos(p) * cos(hd)};
            double u[3] = {-sin(p) * sin(hd), cos(p), -sin(p) * cos(hd)};
            float h = 0.7f;
            sw_w3 d = sw_camera_tilt((float)f[0], (float)f[1], (float)f[2], h);
            assert_true(fabs(d.x - u[0] * h) < 1e-5 && fabs(d.y - (u[1] - 1.0) * h) < 1e-5 && fabs(d.z - u[2] * h) < 1e-5);
            /* the point stays h from the root, and a camera looking down pushes it away from itself */
            double q[3] = {d.x, h + d.y, d.z};
            assert_true(fabs(sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]) - h) < 1e-5);
            if (pitch < 0) assert_true(q[0] * f[0] + q[2] * f[2] > 0.0);
            if (pitch == 0) assert_true(fabs(d.x) + fabs(d.y) + fabs(d.z) < 1e-6);
        }
    sw_w3 none = sw_camera_tilt(0.0f, -1.0f, 0.0f, 1.0f); /* straight down: no up, no tilt */
    assert_true(none.x == 0.0f && none.y == 0.0f && none.z == 0.0f);
}

static void test_force_push(void **state)
{
    (void)state;
    /* outside the radius: nothing */
    sw_w2 o = sw_force_push(5.0f, 0.0f, 0.0f, 0.0f, 2.0f, 1.0f, 0.3f, 1.0f, 0.4f);
    assert_true(o.x == 0.0f && o.y == 0.0f);
    /* d = r/2, seed 0, t = 0, clock pi/2: f = 0.5 sin(pi/2) = 0.5, a = 0, dir (0, 1) */
    sw_w2 a = sw_force_push(1.0f, 0.0f, 0.0f, 0.0f, 2.0f, 0.8f, 0.0f, PI_F / 2.0f, 0.0f);
    assert_float_equal(a.x, 0.0f, 1e-6);
    assert_float_equal(a.y, 0.4f, 1e-6);
    /* centre, seed 0.25: a = 1.57, f = sin(0 + 1.57) * 1, dir (sin 1.57, cos 1.57) */
    sw_w2 b = sw_force_push(0.0f, 3.0f, 0.0f, 3.0f, 1.0f, 1.0f, 0.0f, 0.0f, 0.25f);
    assert_float_equal(b.x, 0.99999968f, 1e-5);
    assert_float_equal(b.y, 0.0007963f, 1e-5);
    /* force falls off linearly with distance */
    sw_w2 c = sw_force_push(0.0f, 0.75f, 0.0f, 0.0f, 1.0f, 1.0f, 0.0f, 0.0f, 0.25f);
    assert_float_equal(c.x, 0.25f * b.x, 1e-5);
}

static void test_thinning_and_fade(void **state)
{
    (void)state;
    float D = 150.0f, T = 22.0f; /* draw and thinning distances (the default) */
    /* SC5: all kept up to T, then (T / d)^2: a pixel's ground grows as d^2, its blades stay about as many */
    assert_float_equal(sw_thin_keep(0.0f, T), 1.0f, 1e-7);
    assert_float_equal(sw_thin_keep(T, T), 1.0f, 1e-7);
    assert_float_equal(sw_thin_keep(2.0f * T, T), 0.25f, 1e-6);
    assert_float_equal(sw_thin_keep(8.0f * T, T), 1.0f / 64.0f, 1e-7);
    assert_float_equal(sw_thin_keep(100.0f, T), 0.0484f, 1e-6);
    for (int k = 1; k <= 100; k++) assert_true(sw_thin_keep(D * (float)k / 100.0f, T) <= sw_thin_keep(D * (float)(k - 1) / 100.0f, T));
    /* the blades drawn out to 150 m with this law number about those out to 60 m with the old one (1 until 24 m,
     * a smoothstep to a quarter at 60 m): integrate keep x 2 pi d over the distance (3 % more) */
    double now = 0.0, before = 0.0;
    for (int k = 0; k < 15000; k++) {
        double d = (k + 0.5) * 0.01;
        now += sw_thin_keep((float)d, T) * d * 0.01;
        if (d < 60.0) before += sw_mixf(1.0f, 0.25f, sw_smoothstepf(24.0f, 60.0f, (float)d)) * d * 0.01;
    }
    assert_true(now < 1.05 * before);
    /* the near look ends at 2.5 T, or at the draw distance if nearer */
    assert_float_equal(sw_near_distance(D, T), 55.0f, 1e-5);
    assert_float_equal(sw_near_distance(30.0f, T), 30.0f, 1e-7);
    /* the dither levels: every block of 2^L x 2^L cells has exactly one cell of level L or more (its carrier, a
     * hashed cell anywhere in the block: a jittered grid, no lattice), across 0 too */
    for (sw_uint L = 1; L <= SW_THIN_LEVELS; L++) {
        int span = 1 << L, corner[4] = {0};
        for (int bj = -3; bj < 3; bj++)
            for (int bi = -3; bi < 3; bi++) {
                int carriers = 0;
                for (int j = 0; j < span; j++)
                    for (int i = 0; i < span; i++) carriers += sw_thin_level(bi * span + i, bj * span + j, 5u) >= L;
                assert_int_equal(carriers, 1);
                sw_cell c = sw_thin_carrier(bi, bj, L, 5u);
                assert_int_equal(sw_floor_shift(c.i, L), bi);
                assert_int_equal(sw_floor_shift(c.j, L), bj);
                assert_true(sw_thin_level(c.i, c.j, 5u) >= L);
                corner[(c.i - bi * span) * 2 / span + 2 * ((c.j - bj * span) * 2 / span)]++;
            }
        for (int q = 0; q < 4; q++) assert_true(corner[q] > 0); /* the carrier moves about its block */
    }
    assert_int_equal(sw_floor_shift(-1, 1), -1);
    assert_int_equal(sw_floor_shift(-4, 2), -1);
    assert_int_equal(sw_floor_shift(-5, 2), -2);
    assert_int_equal(sw_floor_shift(7, 2), 1);
    /* a level's thresholds fill [4^-(level + 1), 4^-level): the cells kept at keep 4^-L are those of stride 2^L */
    assert_float_equal(sw_thin_threshold(0, 0.0f), 0.25f, 1e-7);
    assert_float_equal(sw_thin_threshold(0, 0.999f), 0.99925f, 1e-6);
    assert_float_equal(sw_thin_threshold(1, 0.0f), 1.0f / 16.0f, 1e-7);
    assert_float_equal(sw_thin_threshold(2, 0.5f), 0.5f * (1.0f / 64.0f + 1.0f / 16.0f), 1e-7);
    assert_float_equal(sw_thin_threshold(3, 0.5f), 0.5f / 64.0f, 1e-7);
    /* over a 64 x 64 block of cells with spread hashes, the fraction whose threshold is below keep is keep */
    for (int q = 0; q < 4; q++) {
        float keep = (float[]){0.8f, 0.3f, 0.1f, 0.02f}[q];
        int kept = 0;
        for (int j = 0; j < 64; j++)
            for (int i = 0; i < 64; i++)
                kept += sw_thin_threshold(sw_thin_level(i, j, 0u), sw_thin_hash((sw_uint)(j * 64 + i) * 2654435761u >> 16)) < keep;
        assert_true(fabs(kept / 4096.0 - keep) < 0.02 + 0.1 * keep);
    }
    /* a blade with threshold 0.1 is whole up to its cutoff and faded at the edge */
    assert_float_equal(sw_blade_fade(2.0f * T, D, T, 0.1f), 1.0f, 1e-7);
    assert_float_equal(sw_blade_fade(D, D, 0.5f * D, 0.1f), 0.0f, 1e-7);
    assert_float_equal(sw_blade_fade(D * (1.0f - 0.5f * SW_EDGE_BAND), D, D, 0.1f), 0.5f, 1e-5);
    /* SC5: where nothing is thinned (keep 1), every blade is whole, whatever its threshold */
    for (int k = 0; k < 1000; k++) assert_float_equal(sw_blade_fade(0.9f * T, D, T, (float)k / 1000.0f), 1.0f, 0.0);
    /* a blade with threshold t fades over the band before its cutoff and is gone where keep (1 + band) <= t, the
     * band a fraction of keep at every level */
    for (int q = 0; q < 3; q++) {
        float t = (float[]){0.6f, 0.05f, 0.004f}[q];
        float cut = T * sqrtf((1.0f + SW_THIN_BAND) / t); /* keep (1 + band) = t */
        assert_float_equal(sw_blade_fade(cut * 1.0001f, 1e4f, T, t), 0.0f, 1e-3);
        float mid = sw_blade_fade(cut * 0.98f, 1e4f, T, t);
        assert_true(mid > 0.0f && mid < 1.0f);
        assert_float_equal(sw_blade_fade(cut * 0.95f, 1e4f, T, t), 1.0f, 1e-6);
    }
    /* the thinning hash is spread over [0, 1) */
    int below = 0;
    for (sw_uint h = 0; h < 65536u; h += 7u) below += sw_thin_hash(h) < 0.25f;
    assert_true(below > 2100 && below < 2600); /* ~9363 samples x 0.25 */
    /* LOD morph: 0 before the band, 1 at the switch */
    assert_float_equal(sw_lod_morph(0.5f * D, D), 0.0f, 1e-7);
    assert_float_equal(sw_lod_morph(D, D), 1.0f, 1e-7);
    assert_float_equal(sw_distance_scale(0.0f, D, 0.3f), 1.0f, 1e-7);
    assert_float_equal(sw_distance_scale(D, D, 0.3f), 0.3f, 1e-6);
}

static void test_force_paths(void **state)
{
    (void)state;
    world_force f;
    memset(&f, 0, sizeof f);
    f.key_count = 3;
    float keys[3][3] = {{1.0f, 0.0f, 0.0f}, {3.0f, 4.0f, 2.0f}, {5.0f, 4.0f, -2.0f}};
    memcpy(f.keys, keys, sizeof keys);
    float x, z;
    /* clamped before and after */
    wind_force_position(&f, 0.0f, &x, &z);
    assert_float_equal(x, 0.0f, 1e-6);
    wind_force_position(&f, 9.0f, &x, &z);
    assert_float_equal(x, 4.0f, 1e-6);
    assert_float_equal(z, -2.0f, 1e-6);
    /* linear between keys */
    wind_force_position(&f, 2.0f, &x, &z);
    assert_float_equal(x, 2.0f, 1e-6);
    assert_float_equal(z, 1.0f, 1e-6);
    wind_force_position(&f, 4.5f, &x, &z);
    assert_float_equal(x, 4.0f, 1e-6);
    assert_float_equal(z, -1.0f, 1e-6);
    /* looping: period 4 s, t = 6 -> 2 */
    f.loop = true;
    wind_force_position(&f, 6.0f, &x, &z);
    assert_float_equal(x, 2.0f, 1e-5);
    assert_float_equal(z, 1.0f, 1e-5);
    wind_force_position(&f, -2.0f, &x, &z); /* -2 -> 2 */
    assert_float_equal(x, 2.0f, 1e-5);
    /* one key: stays */
    f.key_count = 1;
    wind_force_position(&f, 7.0f, &x, &z);
    assert_float_equal(x, 0.0f, 1e-7);
    /* clock */
    f.phase = 1.0f;
    f.frequency = 0.5f;
    assert_float_equal(wind_force_clock(&f, 0.0f), 1.0f, 1e-6);
    assert_float_equal(wind_force_clock(&f, 1.0f), 1.0f + PI_F, 1e-5);
    assert_float_equal(wind_force_clock(&f, 2.0f), 1.0f, 1e-4);
}

static void test_forces_eval(void **state)
{
    (void)state;
    sward_scene *s = NULL;
    sward_error err = {0};
    assert_int_equal(sward_scene_load_default(&s, &err), SWARD_OK);
    s->force_count = 2;
    memset(s->forces, 0, 2 * sizeof s->forces[0]);
    for (int i = 0; i < 2; i++) {
        s->forces[i].key_count = 2;
        s->forces[i].keys[0][0] = 0.0f;
        s->forces[i].keys[1][0] = 10.0f;
        s->forces[i].keys[1][1] = 10.0f * (float)(i + 1);
        s->forces[i].radius = 2.0f + (float)i;
        s->forces[i].strength = 0.5f;
    }
    float out[SW_MAX_FORCES * WIND_FORCE_STRIDE];
    assert_int_equal(wind_forces_eval(s, 5.0f, out), 2);
    assert_float_equal(out[0], 5.0f, 1e-5);
    assert_float_equal(out[WIND_FORCE_STRIDE], 10.0f, 1e-5);
    assert_float_equal(out[1], world_terrain_height(&s->terrain, 5.0f, 0.0f), 1e-6);
    assert_float_equal(out[WIND_FORCE_STRIDE + 3], 3.0f, 1e-7);
    assert_float_equal(out[2 * WIND_FORCE_STRIDE], 0.0f, 0.0); /* unused slots are zero */
    sward_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hzd_large),     cmocka_unit_test(test_hzd_small),
        cmocka_unit_test(test_frictional),    cmocka_unit_test(test_force_push),
        cmocka_unit_test(test_thinning_and_fade), cmocka_unit_test(test_force_paths),
        cmocka_unit_test(test_forces_eval),   cmocka_unit_test(test_camera_tilt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
