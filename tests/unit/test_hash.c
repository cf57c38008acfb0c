/* test_hash.c — the integer hashes of placement (shaders/shared/sw_hash.h; SPEC PL4, DESIGN "Determinism"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "shared/sw_hash.h"

#include <stdlib.h>

/* Expected values computed independently (Python) from the PCG output permutation:
 * state = v * 747796405 + 2891336453; word = ((state >> ((state >> 28) + 4)) ^ state) * 277803737;
 * out = (word >> 22) ^ word, all mod 2^32. */
static void test_pcg_known_values(void **state)
{
    (void)state;
    assert_int_equal(sw_pcg(0u), 129708002u);
    assert_int_equal(sw_pcg(1u), 2831084092u);
    assert_int_equal(sw_pcg(2u), 2055130248u);
    assert_int_equal(sw_pcg(12345u), 4099845390u);
    assert_int_equal(sw_pcg(0xffffffffu), 3861530882u);
    assert_int_equal(sw_cell_hash(0, 0, 0u, 0u), 2368882721u);
    assert_int_equal(sw_cell_hash(-1, 3, 2u, 42u), 3251171473u);
}

static int popcount32(sw_uint v)
{
    int c = 0;
    for (; v; v &= v - 1u) c++;
    return c;
}

/* Flipping one input bit flips about half of the output bits. */
static void test_pcg_avalanche(void **state)
{
    (void)state;
    double total = 0.0;
    int count = 0;
    int per_bit_min = 32, per_bit_max = 0;
    for (int bit = 0; bit < 32; bit++) {
        double bit_total = 0.0;
        for (sw_uint k = 0; k < 2000u; k++) {
            sw_uint v = sw_pcg(k * 2654435761u + 17u); /* spread inputs */
            int d = popcount32(sw_pcg(v) ^ sw_pcg(v ^ (1u << bit)));
            bit_total += d;
            total += d;
            count++;
        }
        int mean = (int)(bit_total / 2000.0 + 0.5);
        if (mean < per_bit_min) per_bit_min = mean;
        if (mean > per_bit_max) per_bit_max = mean;
    }
    double mean = total / count;
    assert_true(mean > 15.0 && mean < 17.0);
    assert_true(per_bit_min >= 12 && per_bit_max <= 20); /* no input bit is weak */
}

static void test_unit_range_and_mean(void **state)
{
    (void)state;
    assert_true(sw_unit(0u) == 0.0f);
    assert_true(sw_unit(0xffffffffu) < 1.0f);
    assert_true(sw_unit(0xffffffffu) == 16777215.0f / 16777216.0f);
    assert_true(sw_unit(0x80000000u) == 0.5f);
    double sum = 0.0;
    int below_quarter = 0;
    const int n = 200000;
    for (int k = 0; k < n; k++) {
        float u = sw_unit(sw_pcg((sw_uint)k));
        assert_true(u >= 0.0f && u < 1.0f);
        sum += u;
        below_quarter += u < 0.25f;
    }
    assert_true(fabs(sum / n - 0.5) < 0.005);
    assert_true(abs(below_quarter - n / 4) < 1000); /* ~5 sigma */
}

static void test_cell_hash_distinct(void **state)
{
    (void)state;
    for (int j = -20; j < 20; j++)
        for (int i = -20; i < 20; i++) {
            sw_uint h = sw_cell_hash(i, j, 3u, 99u);
            assert_int_not_equal(h, sw_cell_hash(i + 1, j, 3u, 99u));
            assert_int_not_equal(h, sw_cell_hash(i, j + 1, 3u, 99u));
            if (i != j) assert_int_not_equal(h, sw_cell_hash(j, i, 3u, 99u)); /* not symmetric */
            assert_int_not_equal(h, sw_cell_hash(i, j, 4u, 99u));
            assert_int_not_equal(h, sw_cell_hash(i, j, 3u, 100u));
            assert_int_equal(h, sw_cell_hash(i, j, 3u, 99u));
        }
}

/* Negative cells are as random as positive ones: no sign-symmetric collisions, uniform low bits. */
static void test_cell_hash_negative(void **state)
{
    (void)state;
    int bins[8] = {0};
    const int n = 64;
    for (int j = -n; j < 0; j++)
        for (int i = -n; i < 0; i++) {
            sw_uint h = sw_cell_hash(i, j, 0u, 7u);
            assert_int_not_equal(h, sw_cell_hash(-i, -j, 0u, 7u));
            assert_int_not_equal(h, sw_cell_hash(-i, j, 0u, 7u));
            bins[h & 7u]++;
        }
    assert_int_equal(sw_cell_hash(-1, -1, 0u, 7u), sw_cell_hash(-1, -1, 0u, 7u));
    for (int b = 0; b < 8; b++) assert_true(abs(bins[b] - n * n / 8) < 5 * 21); /* sigma ~ 21 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pcg_known_values),
        cmocka_unit_test(test_pcg_avalanche),
        cmocka_unit_test(test_unit_range_and_mean),
        cmocka_unit_test(test_cell_hash_distinct),
        cmocka_unit_test(test_cell_hash_negative),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
