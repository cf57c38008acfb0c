/* The flight benchmark's summary (SPEC BX5, src/app/flight_stats.c) on made-up frames: a teleport's fill lasts
 * from the teleport until no visible tile is missing; the no-hitch criterion is judged without the fills; the
 * memory's range and flatness, vegetation memory when reported, else all GPU memory; the 256 MiB budget. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "app/flight_stats.h"

#include <math.h>
#include <string.h>

#define MIB (1024ull * 1024ull)
#define N 14

/* 14 frames of 10 ms and 100 MiB; teleports at 3 (tiles missing at 3, 4, 5), 8 (none missing) and 12
 * (missing to the end); the fills' frames take 40 ms. */
static void make_frames(flight_sample *f)
{
    memset(f, 0, N * sizeof *f);
    for (uint32_t i = 0; i < N; i++) {
        f[i].gpu_ms = 10.0;
        f[i].gpu_memory_bytes = 100 * MIB;
        f[i].tiles_generated = 1;
    }
    f[3].teleport = f[8].teleport = f[12].teleport = true;
    f[3].tiles_missing = 7, f[4].tiles_missing = 3, f[5].tiles_missing = 1;
    f[12].tiles_missing = f[13].tiles_missing = 2;
    f[7].tiles_missing = 5; /* missing tiles outside a teleport's fill do not start one */
    static const uint32_t fill[] = {3, 4, 5, 8, 12, 13};
    for (size_t k = 0; k < sizeof fill / sizeof fill[0]; k++) f[fill[k]].gpu_ms = 40.0;
}

static void test_fills(void **state)
{
    (void)state;
    flight_sample f[N];
    make_frames(f);
    flight_mark_fills(f, N);
    const bool want[N] = {false, false, false, true, true, true, false, false, true, false, false, false, true, true};
    for (uint32_t i = 0; i < N; i++) {
        if (f[i].fill != want[i]) print_error("frame %u: fill %d, want %d\n", i, f[i].fill, want[i]);
        assert_int_equal(f[i].fill, want[i]);
    }
    flight_fill fl[4];
    assert_int_equal(flight_fills(f, N, fl, 4), 3);
    assert_int_equal(fl[0].first, 3);
    assert_int_equal(fl[0].len, 3);
    assert_int_equal(fl[0].generated, 3);
    assert_true(fl[0].max_ms == 40.0);
    assert_int_equal(fl[1].first, 8);
    assert_int_equal(fl[1].len, 1);
    assert_int_equal(fl[2].first, 12);
    assert_int_equal(fl[2].len, 2);
    /* counting only */
    assert_int_equal(flight_fills(f, N, NULL, 0), 3);
    assert_int_equal(flight_fills(f, N, fl, 1), 3);
    assert_int_equal(fl[0].first, 3);
}

static void test_hitch(void **state)
{
    (void)state;
    flight_sample f[N];
    make_frames(f);
    flight_mark_fills(f, N);
    flight_summary s = flight_summarize(f, N);
    /* every frame: median 10, max 40 */
    assert_int_equal(s.all.n, N);
    assert_true(s.all.median == 10.0 && s.all.max == 40.0);
    assert_true(fabs(flight_ratio(s.all) - 4.0) < 1e-12);
    /* ready: the 8 frames outside the fills, all 10 ms */
    assert_int_equal(s.ready.n, 8);
    assert_true(s.ready.max == 10.0 && s.ready.median == 10.0);
    assert_int_equal(s.crit_hitch, 1);
    /* a hitch outside the fills fails; 1.5 x the median passes */
    f[10].gpu_ms = 15.0;
    assert_int_equal(flight_summarize(f, N).crit_hitch, 1);
    f[10].gpu_ms = 15.5;
    assert_int_equal(flight_summarize(f, N).crit_hitch, 0);
    /* an even count's median is the mean of the middle two */
    flight_sample g[4];
    memset(g, 0, sizeof g);
    g[0].gpu_ms = 1.0, g[1].gpu_ms = 4.0, g[2].gpu_ms = 2.0, g[3].gpu_ms = 3.0;
    assert_true(flight_summarize(g, 4).all.median == 2.5);
    /* no frames: unknown */
    flight_summary e = flight_summarize(g, 0);
    assert_int_equal(e.crit_hitch, -1);
    assert_int_equal(e.crit_flat, -1);
    assert_int_equal(e.crit_budget, -1);
}

static void test_memory(void **state)
{
    (void)state;
    flight_sample f[N];
    make_frames(f);
    flight_mark_fills(f, N);
    /* vegetation memory not reported: all GPU memory is judged */
    flight_summary s = flight_summarize(f, N);
    assert_false(s.veg_reported);
    assert_int_equal(s.judged.max, 100 * MIB);
    assert_true(s.judged.flat == 0.0);
    assert_int_equal(s.crit_flat, 1);
    assert_int_equal(s.crit_budget, 1);
    /* reported: 200 MiB growing to 209 MiB is 4.3 %, flat; to 211 MiB, 5.2 %, not */
    for (uint32_t i = 0; i < N; i++) f[i].vegetation_memory_bytes = 200 * MIB;
    f[6].vegetation_memory_bytes = 209 * MIB;
    s = flight_summarize(f, N);
    assert_true(s.veg_reported);
    assert_int_equal(s.judged.min, 200 * MIB);
    assert_int_equal(s.judged.max, 209 * MIB);
    assert_true(fabs(s.judged.flat - 9.0 / 209.0) < 1e-12);
    assert_int_equal(s.crit_flat, 1);
    f[6].vegetation_memory_bytes = 211 * MIB;
    assert_int_equal(flight_summarize(f, N).crit_flat, 0);
    /* the budget: 256 MiB passes, a byte more fails (the GPU memory does not count when vegetation is reported) */
    for (uint32_t i = 0; i < N; i++) f[i].vegetation_memory_bytes = 256 * MIB, f[i].gpu_memory_bytes = 900 * MIB;
    assert_int_equal(flight_summarize(f, N).crit_budget, 1);
    f[2].vegetation_memory_bytes = 256 * MIB + 1;
    assert_int_equal(flight_summarize(f, N).crit_budget, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fills),
        cmocka_unit_test(test_hitch),
        cmocka_unit_test(test_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
