/* test_wind_field.c — GA3, the camera-local wind field (shaders/shared/sw_wind_field.h, src/wind/field.c):
 * the spring steps against the closed-form response of a damped spring to a step force and to a sinusoid;
 * the categories differ (trees lag more than grass); the window's rest start costs under 1 % of the force;
 * the field is a pure function of the time and of the world cell (not of the camera); the sampler is
 * continuous into the equilibrium at the grid's edge; and the scene's "wind.field" overrides and errors. */
#include "scene_test_util.h"

#include "wind/wind.h"

#define PI_D 3.14159265358979323846

static sward_scene *default_scene(void)
{
    return expect_ok(SCENE(""));
}

/* x(t) of x'' = w^2 (g F - x) - 2 z w x' from rest with a constant F (z < 1). */
static double step_response(const world_spring *s, double force, double t)
{
    double w = 2.0 * PI_D * s->frequency, z = s->damping, wd = w * sqrt(1.0 - z * z);
    return s->gain * force * (1.0 - exp(-z * w * t) * (cos(wd * t) + z / sqrt(1.0 - z * z) * sin(wd * t)));
}

static void test_step_response(void **state)
{
    (void)state;
    sward_scene *sc = default_scene();
    for (int k = 0; k < WORLD_WIND_CATEGORIES; k++) {
        const world_spring *s = &sc->wind.field[k];
        sw_spring sp = wind_spring(s);
        sw_osc o = {0.0f, 0.0f};
        double worst = 0.0;
        for (int n = 1; n <= 600; n++) {
            o = sw_spring_step(sp, o, 0.7f, 0.7f);
            double want = step_response(s, 0.7, n * (double)SW_WIND_FIELD_DT);
            worst = fmax(worst, fabs(o.x - want));
        }
        print_message("category %d: step response within %.2g of the closed form (gain x force %.2f)\n", k, worst,
                      s->gain * 0.7);
        assert_true(worst < 1e-4 * s->gain * 0.7 + 1e-6);
        assert_true(fabs(o.x - s->gain * 0.7) < 1e-4); /* settled at the equilibrium */
    }
    sward_scene_destroy(sc);
}

/* The steady state of the spring driven by F sin(W t): amplitude and phase lag. */
static void sine_response(const world_spring *s, double omega, double *amp, double *lag)
{
    double w = 2.0 * PI_D * s->frequency, z = s->damping, r = omega / w;
    *amp = s->gain / sqrt((1.0 - r * r) * (1.0 - r * r) + (2.0 * z * r) * (2.0 * z * r));
    *lag = atan2(2.0 * z * r, 1.0 - r * r);
}

/* Simulates F = sin(W t) sampled at the steps for `seconds` and returns the largest difference from the
 * steady state over the last two seconds, relative to the gain; the measured lag (rad) in *lag_out. */
static double sine_error(const world_spring *s, double hz, double seconds, double *lag_out)
{
    double omega = 2.0 * PI_D * hz, amp, lag;
    sine_response(s, omega, &amp, &lag);
    sw_spring sp = wind_spring(s);
    sw_osc o = {0.0f, 0.0f};
    int steps = (int)(seconds / SW_WIND_FIELD_DT);
    double worst = 0.0, sx = 0.0, cx = 0.0;
    int tail = (int)(2.0 / SW_WIND_FIELD_DT);
    for (int n = 1; n <= steps; n++) {
        float f0 = sinf((float)(omega * (n - 1) * (double)SW_WIND_FIELD_DT));
        float f1 = sinf((float)(omega * n * (double)SW_WIND_FIELD_DT));
        o = sw_spring_step(sp, o, f0, f1);
        double t = n * (double)SW_WIND_FIELD_DT;
        if (n > steps - tail) {
            worst = fmax(worst, fabs(o.x - amp * sin(omega * t - lag)));
            sx += o.x * sin(omega * t);
            cx += o.x * cos(omega * t);
        }
    }
    *lag_out = -atan2(cx, sx); /* x ~ sin(W t - lag): projections give sin(lag) and cos(lag) */
    return worst / s->gain;
}

static void test_sine_response(void **state)
{
    (void)state;
    sward_scene *sc = default_scene();
    const double hz[] = {0.25, 0.5, 1.5};
    for (int k = 0; k < WORLD_WIND_CATEGORIES; k++)
        for (int h = 0; h < 3; h++) {
            double lag, amp, phase, wdt = 2.0 * PI_D * hz[h] * (double)SW_WIND_FIELD_DT;
            double e = sine_error(&sc->wind.field[k], hz[h], 30.0, &lag);
            sine_response(&sc->wind.field[k], 2.0 * PI_D * hz[h], &amp, &phase);
            /* the steps see the force linear between samples: an error up to (W dt)^2 / 8 of it, amplified
             * by the spring like the force (1.2 % at 1.5 Hz); the spring's own steps are exact */
            double bound = 1e-3 + wdt * wdt / 8.0 * amp / sc->wind.field[k].gain;
            print_message("category %d, %.2f Hz: steady state within %.2g of the closed form (of the gain; bound %.2g)\n",
                          k, hz[h], e, bound);
            assert_true(e < bound);
        }
    sward_scene_destroy(sc);
}

/* Trees (0.4 Hz, heavy) lag the wind more than grass (2 Hz): the phase of the response to a 0.3 Hz force,
 * and in the field itself the lag of the best match between the force and the displacement over time. */
static void test_categories_differ(void **state)
{
    (void)state;
    sward_scene *sc = default_scene();
    double lag_trees, lag_grass, lag_plants;
    sine_error(&sc->wind.field[SW_WIND_CAT_TREES], 0.3, 30.0, &lag_trees);
    sine_error(&sc->wind.field[SW_WIND_CAT_PLANTS], 0.3, 30.0, &lag_plants);
    sine_error(&sc->wind.field[SW_WIND_CAT_GRASS], 0.3, 30.0, &lag_grass);
    print_message("lag at 0.3 Hz: trees %.2f rad, plants %.2f, grass %.2f\n", lag_trees, lag_plants, lag_grass);
    assert_true(lag_trees > lag_plants + 0.2 && lag_plants > lag_grass + 0.1);

    /* The field over 12 s at one cell: the shift (in steps) that best aligns each category with the force. */
    world_wind w = sc->wind;
    w.speed = 8.0f;
    sw_wind_drive d = wind_field_drive(&w);
    sw_spring t = wind_spring(&w.field[0]), p = wind_spring(&w.field[1]), g = wind_spring(&w.field[2]),
              s = wind_spring(&w.field[3]);
    enum { N = 360 };
    static float force[N], tree[N], grass[N];
    for (int n = 0; n < N; n++) {
        sw_field_cell c = sw_field_simulate(d, t, p, g, s, wind_field_window(&w), 5.0f, -3.0f,
                                            100.0f + (float)n * SW_WIND_FIELD_DT);
        force[n] = c.fx, tree[n] = c.tx, grass[n] = c.gx;
    }
    int best[2] = {0, 0};
    const float *resp[2] = {tree, grass};
    for (int r = 0; r < 2; r++) {
        double best_c = -1e30;
        for (int lag = 0; lag < 60; lag++) {
            double mf = 0, mr = 0, cfr = 0, cff = 0, crr = 0;
            int m = N - lag;
            for (int n = 0; n < m; n++) mf += force[n], mr += resp[r][n + lag];
            mf /= m, mr /= m;
            for (int n = 0; n < m; n++) {
                double a = force[n] - mf, b = resp[r][n + lag] - mr;
                cfr += a * b, cff += a * a, crr += b * b;
            }
            double corr = cfr / sqrt(cff * crr + 1e-30);
            if (corr > best_c) best_c = corr, best[r] = lag;
        }
    }
    print_message("field: trees follow the force %d steps late, grass %d\n", best[0], best[1]);
    assert_true(best[0] > best[1] + 3);
    sward_scene_destroy(sc);
}

/* The rest start: the window's state against one four times as long, for every category, over cells and
 * times, relative to the largest equilibrium displacement (gain x force) seen. */
static void test_window_truncation(void **state)
{
    (void)state;
    sward_scene *sc = default_scene();
    /* the defaults at two speeds, then the least damped spring the scene allows (damping 0.05 at 3 Hz) */
    const float speeds[] = {4.0f, 15.0f, 8.0f};
    for (int sp = 0; sp < 3; sp++) {
        world_wind w = sc->wind;
        w.speed = speeds[sp];
        if (sp == 2) w.field[SW_WIND_CAT_SPECIAL] = (world_spring){.frequency = 3.0f, .damping = 0.05f, .gain = 1.2f};
        w.direction[0] = 0.6f, w.direction[1] = 0.8f;
        sw_wind_drive d = wind_field_drive(&w);
        sw_spring t = wind_spring(&w.field[0]), p = wind_spring(&w.field[1]), g = wind_spring(&w.field[2]),
                  s = wind_spring(&w.field[3]);
        int window = wind_field_window(&w);
        double worst[4] = {0}, scale[4] = {0};
        for (int n = 0; n < 400; n++) {
            float x = -40.0f + 7.3f * (float)n, z = 11.0f - 3.1f * (float)n, time = 0.37f * (float)n - 20.0f;
            sw_field_cell a = sw_field_simulate(d, t, p, g, s, window, x, z, time);
            sw_field_cell b = sw_field_simulate(d, t, p, g, s, 4 * window, x, z, time);
            const float va[8] = {a.tx, a.tz, a.px, a.pz, a.gx, a.gz, a.sx, a.sz};
            const float vb[8] = {b.tx, b.tz, b.px, b.pz, b.gx, b.gz, b.sx, b.sz};
            for (int k = 0; k < 8; k++) {
                worst[k / 2] = fmax(worst[k / 2], fabs(va[k] - vb[k]));
                scale[k / 2] = fmax(scale[k / 2], w.field[k / 2].gain * fmax(fabs(a.fx), fabs(a.fz)));
            }
        }
        for (int k = 0; k < 4; k++) {
            print_message("speed %g, window %d steps: category %d truncation %.3g of gain x force (%.3g)\n",
                          (double)speeds[sp], window, k, worst[k] / scale[k], scale[k]);
            assert_true(worst[k] < 0.01 * scale[k]);
        }
    }
    /* the defaults' window: trees, 0.4 Hz at damping 0.5, settle slowest: ln(200) / (0.5 x 2 pi 0.4) = 4.2 s */
    assert_int_equal(wind_field_window(&sc->wind), 64); /* 4.2 s of 1/15 s steps */
    sward_scene_destroy(sc);
}

/* A pure function of the time: the same field whatever was computed before; the state at a step equals the
 * step's, and time between steps moves it smoothly. */
static void test_deterministic(void **state)
{
    (void)state;
    sward_scene *sc = default_scene();
    float *a = malloc(WIND_FIELD_FLOATS * sizeof(float)), *b = malloc(WIND_FIELD_FLOATS * sizeof(float));
    wind_field fa, fb;
    wind_field_compute(&sc->wind, 12.5f, 3.0f, -7.0f, a, &fa);
    wind_field_compute(&sc->wind, 40.0f, 3.0f, -7.0f, b, &fb);
    wind_field_compute(&sc->wind, 12.5f, 3.0f, -7.0f, b, &fb);
    assert_memory_equal(a, b, WIND_FIELD_FLOATS * sizeof(float));
    double moved = 0.0;
    for (size_t k = 0; k < WIND_FIELD_FLOATS; k++) moved += fabs(a[k]);
    assert_true(moved > 1.0); /* not all zero */

    sw_wind_drive d = wind_field_drive(&sc->wind);
    sw_spring t = wind_spring(&sc->wind.field[0]), p = wind_spring(&sc->wind.field[1]),
              g = wind_spring(&sc->wind.field[2]), s = wind_spring(&sc->wind.field[3]);
    int window = wind_field_window(&sc->wind);
    float step = sw_field_step_time(300);
    sw_field_cell at = sw_field_simulate(d, t, p, g, s, window, 1.0f, 1.0f, step);
    sw_field_cell before = sw_field_simulate(d, t, p, g, s, window, 1.0f, 1.0f, step - 1e-4f);
    sw_field_cell after = sw_field_simulate(d, t, p, g, s, window, 1.0f, 1.0f, step + 1e-4f);
    assert_true(fabsf(at.gx - before.gx) < 1e-3f && fabsf(at.gx - after.gx) < 1e-3f);
    assert_true(fabsf(at.tz - before.tz) < 1e-3f && fabsf(at.tz - after.tz) < 1e-3f);
    free(a);
    free(b);
    sward_scene_destroy(sc);
}

/* No wind, no motion: every spring starts its window at rest, so a calm field is exactly zero. */
static void test_calm(void **state)
{
    (void)state;
    sward_scene *sc = default_scene();
    sc->wind.speed = 0.0f;
    float *a = malloc(WIND_FIELD_FLOATS * sizeof(float));
    wind_field f;
    wind_field_compute(&sc->wind, 3.0f, 0.0f, 0.0f, a, &f);
    for (size_t k = 0; k < WIND_FIELD_FLOATS; k++)
        if (a[k] != 0.0f && k % SW_WIND_FIELD_STRIDE != SW_WIND_FIELD_FORCE + 2) /* the gust is a noise value */
            fail_msg("calm field: float %zu is %g", k, (double)a[k]);
    free(a);
    sward_scene_destroy(sc);
}

/* A cell's value depends on its world position, not on where the camera put the grid. */
static void test_camera_independent(void **state)
{
    (void)state;
    sward_scene *sc = default_scene();
    float *a = malloc(WIND_FIELD_FLOATS * sizeof(float)), *b = malloc(WIND_FIELD_FLOATS * sizeof(float));
    wind_field fa, fb;
    wind_field_compute(&sc->wind, 7.25f, 0.5f, 0.5f, a, &fa);
    wind_field_compute(&sc->wind, 7.25f, 17.3f, -9.1f, b, &fb);
    assert_int_equal(fa.i0, -32);
    assert_int_equal(fb.i0 - fa.i0, 8);
    assert_int_equal(fb.j0 - fa.j0, -5);
    size_t same = 0;
    for (int j = 0; j < SW_WIND_FIELD_RES; j++)
        for (int i = 0; i < SW_WIND_FIELD_RES; i++) {
            int ib = fa.i0 + i - fb.i0, jb = fa.j0 + j - fb.j0;
            if (ib < 0 || jb < 0 || ib >= SW_WIND_FIELD_RES || jb >= SW_WIND_FIELD_RES) continue;
            const float *ca = a + ((size_t)j * SW_WIND_FIELD_RES + (size_t)i) * SW_WIND_FIELD_STRIDE;
            const float *cb = b + ((size_t)jb * SW_WIND_FIELD_RES + (size_t)ib) * SW_WIND_FIELD_STRIDE;
            assert_memory_equal(ca, cb, SW_WIND_FIELD_STRIDE * sizeof(float));
            same++;
        }
    assert_int_equal(same, (size_t)(SW_WIND_FIELD_RES - 8) * (SW_WIND_FIELD_RES - 5));
    /* and a sample inside both grids is the same */
    sw_v2 sa = wind_field_sample(&fa, SW_WIND_CAT_GRASS, 10.3f, -4.2f), sb = wind_field_sample(&fb, SW_WIND_CAT_GRASS, 10.3f, -4.2f);
    assert_true(sa.x == sb.x && sa.y == sb.y);
    free(a);
    free(b);
    sward_scene_destroy(sc);
}

/* The sampler: the cell's value at a cell centre inside the grid, the equilibrium outside, and no seam: along
 * lines through the edge, neighbouring samples 2 cm apart differ by little. */
static void test_sampler_edge(void **state)
{
    (void)state;
    sward_scene *sc = default_scene();
    sc->wind.speed = 10.0f;
    float *cells = malloc(WIND_FIELD_FLOATS * sizeof(float));
    wind_field f, eq;
    const float time = 31.0f;
    wind_field_compute(&sc->wind, time, 0.0f, 0.0f, cells, &f);
    wind_field_equilibrium(&sc->wind, time, &eq);
    /* a cell centre well inside: exactly the cell */
    const int a = 20, b = 41;
    sw_v2 v = wind_field_sample(&f, SW_WIND_CAT_TREES, sw_field_centre(f.i0 + a), sw_field_centre(f.j0 + b));
    const float *c = cells + ((size_t)b * SW_WIND_FIELD_RES + (size_t)a) * SW_WIND_FIELD_STRIDE;
    assert_float_equal(v.x, c[0], 1e-6);
    assert_float_equal(v.y, c[1], 1e-6);
    /* outside: the equilibrium */
    sw_v2 o = wind_field_sample(&f, SW_WIND_CAT_SPECIAL, 80.0f, 3.0f), oe = wind_field_sample(&eq, SW_WIND_CAT_SPECIAL, 80.0f, 3.0f);
    assert_true(o.x == oe.x && o.y == oe.y);
    sw_wind_force force = sw_wind_force_at(wind_field_drive(&sc->wind), 80.0f, 3.0f, time);
    assert_float_equal(oe.x, sc->wind.field[3].gain * force.x, 1e-6);
    /* across the edges, for every category: the largest step between samples 2 cm apart, against the
     * largest step of the equilibrium alone */
    for (unsigned k = 0; k < SW_WIND_CATEGORIES; k++) {
        double jump = 0.0, eq_jump = 0.0, differ = 0.0;
        for (int line = 0; line < 4; line++) {
            sw_v2 prev = {0, 0}, prev_eq = {0, 0};
            for (int n = 0; n <= 1600; n++) {
                float u = 48.0f + 0.02f * (float)n; /* the grid's centres end at -63 and +63 m */
                float x = line == 0 ? u : line == 1 ? -u : 7.0f;
                float z = line == 2 ? u : line == 3 ? -u : -5.0f;
                sw_v2 s = wind_field_sample(&f, k, x, z), e = wind_field_sample(&eq, k, x, z);
                if (n) {
                    jump = fmax(jump, fmax(fabs(s.x - prev.x), fabs(s.y - prev.y)));
                    eq_jump = fmax(eq_jump, fmax(fabs(e.x - prev_eq.x), fabs(e.y - prev_eq.y)));
                }
                differ = fmax(differ, fabs(s.x - e.x));
                prev = s, prev_eq = e;
            }
        }
        print_message("category %u: largest 2 cm step %.3g (equilibrium alone %.3g); field vs equilibrium up to %.3g\n",
                      k, jump, eq_jump, differ);
        assert_true(jump < 1.5 * eq_jump + 5e-4);
        assert_true(differ > 5.0 * jump); /* the field is not the equilibrium: the test can see a seam */
    }
    free(cells);
    sward_scene_destroy(sc);
}

/* The push: length < 1, sw_wind_push's look in equilibrium. */
static void test_push(void **state)
{
    (void)state;
    sward_scene *sc = default_scene();
    wind_field eq;
    wind_field_equilibrium(&sc->wind, 2.0f, &eq);
    sw_wind_drive d = wind_field_drive(&sc->wind);
    double worst = 0.0;
    for (int n = 0; n < 200; n++) {
        float x = 0.37f * (float)n, z = -0.91f * (float)n, stiff = 0.005f * (float)n;
        sw_v2 p = wind_field_push(&eq, SW_WIND_CAT_GRASS, x, z, stiff);
        sw_v2 old = sw_wind_push(x, z, 2.0f, d.dir_x, d.dir_z, d.speed, d.inv_gust_scale, d.gust_speed, stiff);
        assert_true(p.x * p.x + p.y * p.y < 1.0f);
        worst = fmax(worst, fmax(fabs(p.x - old.x), fabs(p.y - old.y)));
    }
    print_message("equilibrium push vs GA4's analytic push: within %.3g\n", worst);
    assert_true(worst < 0.03);
    sc->wind.speed = 100.0f;
    wind_field_equilibrium(&sc->wind, 2.0f, &eq);
    sw_v2 p = wind_field_push(&eq, SW_WIND_CAT_GRASS, 1.0f, 1.0f, 0.0f);
    assert_true(p.x * p.x + p.y * p.y < 1.0f && p.x * p.x + p.y * p.y > 0.8f);
    sward_scene_destroy(sc);
}

static void test_scene_field(void **state)
{
    (void)state;
    sward_scene *s = default_scene();
    assert_float_equal(s->wind.field[SW_WIND_CAT_TREES].frequency, 0.4f, 0);
    assert_float_equal(s->wind.field[SW_WIND_CAT_GRASS].gain, 1.0f, 0);
    sward_scene_destroy(s);
    s = expect_ok(SCENE(", \"wind\": {\"field\": {\"trees\": {\"frequency\": 0.3, \"damping\": 0.8}, "
                        "\"special\": {\"gain\": 2}}}"));
    assert_float_equal(s->wind.field[SW_WIND_CAT_TREES].frequency, 0.3f, 0);
    assert_float_equal(s->wind.field[SW_WIND_CAT_TREES].damping, 0.8f, 0);
    assert_float_equal(s->wind.field[SW_WIND_CAT_TREES].gain, 0.5f, 0); /* default kept */
    assert_float_equal(s->wind.field[SW_WIND_CAT_SPECIAL].gain, 2.0f, 0);
    assert_float_equal(s->wind.field[SW_WIND_CAT_SPECIAL].frequency, 1.5f, 0);
    assert_int_equal(wind_field_window(&s->wind), 57); /* special now settles slowest: 0.15 x 2 pi 1.5 /s */
    sward_scene_destroy(s);
    expect_error(SCENE(", \"wind\": {\"field\": {\"trees\": {\"frequency\": 7}}}"),
                 "t.json: wind.field.trees.frequency: must be <= 5, got 7");
    expect_error(SCENE(", \"wind\": {\"field\": {\"grass\": {\"damping\": 1.5}}}"),
                 "t.json: wind.field.grass.damping: must be <= 1, got 1.5");
    expect_error(SCENE(", \"wind\": {\"field\": {\"plants\": {\"gain\": -1}}}"),
                 "t.json: wind.field.plants.gain: must be >= 0, got -1");
    expect_error(SCENE(", \"wind\": {\"field\": {\"special\": {\"damping\": 0.05}}}"),
                 "t.json: wind.field.special: damping x frequency must be >= 0.15");
    expect_error(SCENE(", \"wind\": {\"field\": {\"bushes\": {}}}"), "t.json: wind.field.bushes: unknown field");
    expect_error(SCENE(", \"wind\": {\"field\": {\"trees\": {\"stiffness\": 1}}}"),
                 "t.json: wind.field.trees.stiffness: unknown field");
    expect_error(SCENE(", \"wind\": {\"field\": [1]}"), "t.json: wind.field: expected an object, got an array");
    expect_error(SCENE(", \"wind\": {\"field\": {\"trees\": 3}}"),
                 "t.json: wind.field.trees: expected an object, got a number");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_step_response),   cmocka_unit_test(test_sine_response),
        cmocka_unit_test(test_categories_differ), cmocka_unit_test(test_window_truncation),
        cmocka_unit_test(test_deterministic),   cmocka_unit_test(test_camera_independent),
        cmocka_unit_test(test_sampler_edge),    cmocka_unit_test(test_push),
        cmocka_unit_test(test_scene_field),     cmocka_unit_test(test_calm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
