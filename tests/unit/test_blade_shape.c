/* test_blade_shape.c — the procedural blade: Bezier spine, taper, strip vertices (shaders/shared/
 * sw_blade_shape.h; SPEC GA1). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "shared/sw_blade_shape.h"
#include "shared/sw_types.h"

static double arc_length(sw_bezier b)
{
    double len = 0.0;
    sw_v3 prev = sw_bezier_pos(b, 0.0f);
    for (int k = 1; k <= 2000; k++) {
        sw_v3 p = sw_bezier_pos(b, (float)k / 2000.0f);
        double dx = p.x - prev.x, dy = p.y - prev.y, dz = p.z - prev.z;
        len += sqrt(dx * dx + dy * dy + dz * dz);
        prev = p;
    }
    return len;
}

static void test_bezier_endpoints(void **state)
{
    (void)state;
    sw_bezier b = sw_blade_curve(0.7f, 0.4f, 0.6f, 0.8f, 0.1f, -0.2f);
    sw_v3 p0 = sw_bezier_pos(b, 0.0f), p1 = sw_bezier_pos(b, 1.0f);
    assert_true(p0.x == 0.0f && p0.y == 0.0f && p0.z == 0.0f);
    assert_float_equal(p1.x, b.p3x, 1e-6);
    assert_float_equal(p1.y, b.p3y, 1e-6);
    assert_float_equal(p1.z, b.p3z, 1e-6);
    /* the tip leans by (facing * lean + push) * height */
    assert_float_equal(b.p3x, (0.6f * 0.4f + 0.1f) * 0.7f, 1e-6);
    assert_float_equal(b.p3z, (0.8f * 0.4f - 0.2f) * 0.7f, 1e-6);
    /* the root leaves the ground vertically */
    sw_v3 t0 = sw_bezier_tangent(b, 0.0f);
    assert_float_equal(t0.x, 0.0f, 1e-7);
    assert_float_equal(t0.z, 0.0f, 1e-7);
    assert_true(t0.y > 0.0f);
}

static void test_tangent_matches_finite_differences(void **state)
{
    (void)state;
    float leans[3] = {0.0f, 0.5f, 0.9f};
    for (int l = 0; l < 3; l++) {
        sw_bezier b = sw_blade_curve(1.3f, leans[l], 0.0f, 1.0f, 0.3f, 0.1f);
        for (int k = 0; k <= 50; k++) {
            float t = (float)k / 50.0f;
            float h = 1e-3f;
            float ta = t - h < 0.0f ? 0.0f : t - h, tb = t + h > 1.0f ? 1.0f : t + h;
            sw_v3 a = sw_bezier_pos(b, ta), c = sw_bezier_pos(b, tb), d = sw_bezier_tangent(b, t);
            float inv = 1.0f / (tb - ta);
            float tol = 0.01f; /* one-sided at the ends: error ~ h * |B''| */
            assert_float_equal(d.x, (c.x - a.x) * inv, tol);
            assert_float_equal(d.y, (c.y - a.y) * inv, tol);
            assert_float_equal(d.z, (c.z - a.z) * inv, tol);
        }
    }
}

/* The wind push lowers the tip while the blade keeps its length: chord never above the height, arc within
 * 15 % of it. */
static void test_length_kept(void **state)
{
    (void)state;
    const float height = 0.8f;
    for (int l = 0; l <= 9; l++) {
        float lean = 0.1f * (float)l;
        float prev_tip = INFINITY;
        for (int p = 0; p <= 20; p++) {
            float push = 0.05f * (float)p;
            sw_bezier b = sw_blade_curve(height, lean, 0.6f, -0.8f, push * 0.6f, push * -0.8f);
            float chord = sqrtf(b.p3x * b.p3x + b.p3y * b.p3y + b.p3z * b.p3z);
            assert_true(chord <= height * (1.0f + 1e-5f));
            assert_float_equal(chord, height, 1e-4);
            assert_true(b.p3y > 0.3f * height);       /* never through the ground */
            assert_true(b.p3y <= prev_tip + 1e-6f); /* more push, lower tip */
            prev_tip = b.p3y;
            double arc = arc_length(b);
            assert_true(arc >= height * 0.999 && arc <= height * 1.15);
        }
    }
    /* an upright blade without wind is its height tall */
    sw_bezier up = sw_blade_curve(height, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f);
    assert_float_equal(up.p3y, height, 1e-6);
    assert_float_equal(arc_length(up), height, 1e-4);
    /* pushing sideways moves the tip that way */
    sw_bezier side = sw_blade_curve(height, 0.0f, 1.0f, 0.0f, 0.0f, 0.5f);
    assert_true(side.p3z > 0.3f && fabsf(side.p3x) < 1e-6f);
}

static void check_strip(sw_uint verts, sw_uint segments)
{
    float prev = -1.0f;
    for (sw_uint v = 0; v < verts; v++) {
        float t = sw_strip_t(v, segments), side = sw_strip_side(v, segments);
        assert_true(t >= prev); /* monotonic */
        assert_true(t >= 0.0f && t <= 1.0f);
        if (v + 1u < verts) {
            assert_float_equal(t, (float)(v / 2u) / (float)segments, 1e-7);
            assert_true(side == ((v & 1u) ? 1.0f : -1.0f));
            assert_true(t < 1.0f);
        } else {
            assert_float_equal(t, 1.0f, 0.0); /* the last vertex is the tip, on the spine */
            assert_float_equal(side, 0.0f, 0.0);
        }
        prev = t;
    }
    /* the two vertices of a segment share t and lie on opposite sides */
    for (sw_uint v = 0; v + 1u < verts - 1u; v += 2u) {
        assert_float_equal(sw_strip_t(v, segments), sw_strip_t(v + 1u, segments), 0.0);
        assert_float_equal(sw_strip_side(v, segments), -sw_strip_side(v + 1u, segments), 0.0);
    }
}

static void test_strips(void **state)
{
    (void)state;
    assert_int_equal(SW_HIGH_VERTS, 15u);
    assert_int_equal(SW_LOW_VERTS, 7u);
    check_strip(SW_HIGH_VERTS, 7u);
    check_strip(SW_LOW_VERTS, 3u);
    assert_float_equal(sw_strip_t(14u, 7u), 1.0f, 0.0);
    assert_float_equal(sw_strip_side(14u, 7u), 0.0f, 0.0);
    assert_float_equal(sw_strip_t(6u, 3u), 1.0f, 0.0);
    assert_float_equal(sw_strip_side(6u, 3u), 0.0f, 0.0);
    assert_float_equal(sw_strip_t(13u, 7u), 6.0f / 7.0f, 1e-7);
}

static void test_taper(void **state)
{
    (void)state;
    assert_float_equal(sw_blade_taper(0.0f), 1.0f, 0.0);
    assert_float_equal(sw_blade_taper(1.0f), 0.0f, 0.0);
    float prev = 2.0f;
    for (int k = 0; k <= 100; k++) {
        float t = (float)k / 100.0f, w = sw_blade_taper(t);
        assert_true(w < prev && w >= 0.0f && w <= 1.0f);
        assert_true(w >= 1.0f - t - 1e-6f); /* convex: fuller than a wedge */
        prev = w;
    }
    assert_float_equal(sw_blade_taper(0.5f), 0.65f, 1e-6);
}

/* SC6: at the switch (morph 1) every vertex of the 15-vertex blade lies on the 7-vertex blade's polyline
 * (spine and width), so swapping one for the other does not pop; with morph 0 the high blade is the Bezier. */
static void test_lod_morph(void **state)
{
    (void)state;
    sw_bezier b = sw_blade_curve(0.8f, 0.5f, 0.6f, 0.8f, 0.2f, 0.1f);
    for (sw_uint v = 0; v < SW_HIGH_VERTS; v++) {
        float t = sw_strip_t(v, 7);
        sw_v3 h = sw_bezier_pos_morph(b, t, 1.0f);
        /* the low knots this t lies between */
        int s = (int)floorf(t * 3.0f);
        if (s > 2) s = 2;
        sw_v3 a = sw_bezier_pos(b, sw_strip_t((sw_uint)(2 * s), 3));
        sw_v3 c = sw_bezier_pos(b, sw_strip_t((sw_uint)(2 * s + 2), 3));
        float w = t * 3.0f - (float)s;
        assert_true(w >= -1e-6f && w <= 1.0f + 1e-6f);
        assert_float_equal(h.x, a.x + (c.x - a.x) * w, 1e-5);
        assert_float_equal(h.y, a.y + (c.y - a.y) * w, 1e-5);
        assert_float_equal(h.z, a.z + (c.z - a.z) * w, 1e-5);
        float tw = sw_blade_taper_morph(t, 1.0f);
        float ta = sw_blade_taper((float)s / 3.0f), tc = sw_blade_taper((float)(s + 1) / 3.0f);
        assert_float_equal(tw, ta + (tc - ta) * w, 1e-5);
        /* unmorphed: the Bezier itself */
        sw_v3 q = sw_bezier_pos_morph(b, t, 0.0f), r = sw_bezier_pos(b, t);
        assert_float_equal(q.x, r.x, 1e-7);
        assert_float_equal(q.y, r.y, 1e-7);
        assert_float_equal(sw_blade_taper_morph(t, 0.0f), sw_blade_taper(t), 1e-7);
    }
    /* the low blade's own vertices (t = 0, 1/3, 2/3, 1) are on the Bezier: the polyline passes through them */
    for (int k = 0; k <= 3; k++) {
        float t = (float)k / 3.0f;
        sw_v3 l = sw_bezier_pos_low(b, t), p = sw_bezier_pos(b, t);
        assert_float_equal(l.x, p.x, 1e-5);
        assert_float_equal(l.y, p.y, 1e-5);
        assert_float_equal(l.z, p.z, 1e-5);
    }
    /* halfway through the morph the middle high vertex is off both shapes: the morph is gradual */
    sw_v3 mid = sw_bezier_pos_morph(b, 0.5f, 0.5f), hi = sw_bezier_pos(b, 0.5f), lo = sw_bezier_pos_low(b, 0.5f);
    assert_float_equal(mid.y, 0.5f * (hi.y + lo.y), 1e-6);
    assert_true(fabsf(hi.y - lo.y) > 1e-3f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bezier_endpoints),
        cmocka_unit_test(test_tangent_matches_finite_differences),
        cmocka_unit_test(test_length_kept),
        cmocka_unit_test(test_strips),
        cmocka_unit_test(test_taper),
        cmocka_unit_test(test_lod_morph),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
