/* The flight benchmark's summary (SPEC BX5, BX7, src/app/flight_stats.c) on made-up frames: a teleport's fill
 * lasts from the teleport until no visible tile is missing; the no-hitch criteria are judged without the fills,
 * the GPU's on GPU ms and the wall's on wall ms; the rendering thread's CPU ceiling on every frame, fills
 * included, at the ceiling given; the worst frames of each series, largest first; the memory's range and
 * flatness, vegetation memory when reported, else all GPU memory; the 256 MiB budget. */
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
    flight_summary s = flight_summarize(f, N, FLIGHT_CPU_CEILING_MS);
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
    assert_int_equal(flight_summarize(f, N, FLIGHT_CPU_CEILING_MS).crit_hitch, 1);
    f[10].gpu_ms = 15.5;
    assert_int_equal(flight_summarize(f, N, FLIGHT_CPU_CEILING_MS).crit_hitch, 0);
    /* an even count's median is the mean of the middle two */
    flight_sample g[4];
    memset(g, 0, sizeof g);
    g[0].gpu_ms = 1.0, g[1].gpu_ms = 4.0, g[2].gpu_ms = 2.0, g[3].gpu_ms = 3.0;
    assert_true(flight_summarize(g, 4, FLIGHT_CPU_CEILING_MS).all.median == 2.5);
    /* no frames: unknown */
    flight_summary e = flight_summarize(g, 0, FLIGHT_CPU_CEILING_MS);
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
    flight_summary s = flight_summarize(f, N, FLIGHT_CPU_CEILING_MS);
    assert_false(s.veg_reported);
    assert_int_equal(s.judged.max, 100 * MIB);
    assert_true(s.judged.flat == 0.0);
    assert_int_equal(s.crit_flat, 1);
    assert_int_equal(s.crit_budget, 1);
    /* reported: 200 MiB growing to 209 MiB is 4.3 %, flat; to 211 MiB, 5.2 %, not */
    for (uint32_t i = 0; i < N; i++) f[i].vegetation_memory_bytes = 200 * MIB;
    f[6].vegetation_memory_bytes = 209 * MIB;
    s = flight_summarize(f, N, FLIGHT_CPU_CEILING_MS);
    assert_true(s.veg_reported);
    assert_int_equal(s.judged.min, 200 * MIB);
    assert_int_equal(s.judged.max, 209 * MIB);
    assert_true(fabs(s.judged.flat - 9.0 / 209.0) < 1e-12);
    assert_int_equal(s.crit_flat, 1);
    f[6].vegetation_memory_bytes = 211 * MIB;
    assert_int_equal(flight_summarize(f, N, FLIGHT_CPU_CEILING_MS).crit_flat, 0);
    /* the budget: 256 MiB passes, a byte more fails (the GPU memory does not count when vegetation is reported) */
    for (uint32_t i = 0; i < N; i++) f[i].vegetation_memory_bytes = 256 * MIB, f[i].gpu_memory_bytes = 900 * MIB;
    assert_int_equal(flight_summarize(f, N, FLIGHT_CPU_CEILING_MS).crit_budget, 1);
    f[2].vegetation_memory_bytes = 256 * MIB + 1;
    assert_int_equal(flight_summarize(f, N, FLIGHT_CPU_CEILING_MS).crit_budget, 0);
}

/* The wall series: 20 ms a frame, 80 in the fills, GPU ms as make_frames (a wall criterion computed from the GPU
 * numbers, or over the fills, would not see the hitch below) */
static void test_wall(void **state)
{
    (void)state;
    flight_sample f[N];
    make_frames(f);
    for (uint32_t i = 0; i < N; i++) f[i].wall_ms = f[i].gpu_ms * 2.0;
    flight_mark_fills(f, N);
    flight_summary s = flight_summarize(f, N, FLIGHT_CPU_CEILING_MS);
    assert_true(s.wall.median == 20.0 && s.wall.max == 80.0);
    assert_int_equal(s.wall_ready.n, 8);
    assert_true(s.wall_ready.median == 20.0 && s.wall_ready.max == 20.0);
    assert_int_equal(s.crit_wall, 1);
    /* a wall hitch outside the fills while the GPU is steady: the wall fails, the GPU passes */
    f[10].wall_ms = 30.5;
    s = flight_summarize(f, N, FLIGHT_CPU_CEILING_MS);
    assert_int_equal(s.crit_wall, 0);
    assert_int_equal(s.crit_hitch, 1);
    f[10].wall_ms = 30.0; /* 1.5 x the median passes */
    assert_int_equal(flight_summarize(f, N, FLIGHT_CPU_CEILING_MS).crit_wall, 1);
    /* a GPU hitch while the wall is steady: the GPU fails, the wall passes */
    f[10].gpu_ms = 15.5;
    s = flight_summarize(f, N, FLIGHT_CPU_CEILING_MS);
    assert_int_equal(s.crit_hitch, 0);
    assert_int_equal(s.crit_wall, 1);
    assert_int_equal(flight_summarize(f, 0, FLIGHT_CPU_CEILING_MS).crit_wall, -1);
}

/* The CPU ceiling: judged on the largest CPU ms of every frame, a fill's included, against the ceiling given */
static void test_cpu_ceiling(void **state)
{
    (void)state;
    flight_sample f[N];
    make_frames(f);
    for (uint32_t i = 0; i < N; i++) f[i].cpu_thread_ms = 0.5;
    flight_mark_fills(f, N);
    flight_summary s = flight_summarize(f, N, 1.0);
    assert_true(s.cpu.max == 0.5 && s.cpu.median == 0.5);
    assert_true(s.cpu_ceiling_ms == 1.0);
    assert_int_equal(s.crit_cpu, 1);
    f[4].cpu_thread_ms = 1.0; /* in a fill, at the ceiling: passes */
    assert_int_equal(flight_summarize(f, N, 1.0).crit_cpu, 1);
    f[4].cpu_thread_ms = 1.25; /* a fill's frame is judged too */
    s = flight_summarize(f, N, 1.0);
    assert_true(s.cpu.max == 1.25);
    assert_int_equal(s.crit_cpu, 0);
    /* the ceiling is the caller's, not the default (and not a ratio to the median: 2.5 x passes here) */
    assert_int_equal(flight_summarize(f, N, 1.5).crit_cpu, 1);
    assert_int_equal(flight_summarize(f, N, 1.2).crit_cpu, 0);
    assert_int_equal(flight_summarize(f, 0, 1.0).crit_cpu, -1);
}

/* The worst frames: per series, largest first, ties to the earlier frame, at most k and at most n */
static void test_worst(void **state)
{
    (void)state;
    flight_sample f[N];
    make_frames(f);
    for (uint32_t i = 0; i < N; i++) f[i].cpu_thread_ms = 0.1 * (double)(i % 5), f[i].wall_ms = 1.0;
    f[6].wall_ms = 9.0, f[2].wall_ms = 7.0, f[11].wall_ms = 8.0;
    uint32_t w[5];
    /* CPU: frames 4, 9 (0.4), then 3, 8, 13 (0.3) */
    assert_int_equal(flight_worst(f, N, FLIGHT_CPU, w, 5), 5);
    const uint32_t cpu[5] = {4, 9, 3, 8, 13};
    for (int i = 0; i < 5; i++) assert_int_equal(w[i], cpu[i]);
    /* GPU: the fills' 40 ms frames in frame order */
    assert_int_equal(flight_worst(f, N, FLIGHT_GPU, w, 5), 5);
    const uint32_t gpu[5] = {3, 4, 5, 8, 12};
    for (int i = 0; i < 5; i++) assert_int_equal(w[i], gpu[i]);
    /* wall: 6, 11, 2, then the 1 ms frames from the first */
    assert_int_equal(flight_worst(f, N, FLIGHT_WALL, w, 5), 5);
    const uint32_t wall[5] = {6, 11, 2, 0, 1};
    for (int i = 0; i < 5; i++) assert_int_equal(w[i], wall[i]);
    /* fewer frames than k; k of 0 */
    assert_int_equal(flight_worst(f + 10, 3, FLIGHT_WALL, w, 5), 3);
    assert_int_equal(w[0], 1), assert_int_equal(w[1], 0), assert_int_equal(w[2], 2);
    assert_int_equal(flight_worst(f, N, FLIGHT_WALL, w, 0), 0);
    /* the value each series reads */
    f[0].cpu_thread_ms = 1.0, f[0].gpu_ms = 2.0, f[0].wall_ms = 3.0;
    assert_true(flight_value(&f[0], FLIGHT_CPU) == 1.0);
    assert_true(flight_value(&f[0], FLIGHT_GPU) == 2.0);
    assert_true(flight_value(&f[0], FLIGHT_WALL) == 3.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fills),
        cmocka_unit_test(test_hitch),
        cmocka_unit_test(test_memory),
        cmocka_unit_test(test_wall),
        cmocka_unit_test(test_cpu_ceiling),
        cmocka_unit_test(test_worst),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
