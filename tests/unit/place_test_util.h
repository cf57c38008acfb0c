/* place_test_util.h — checks shared by the placement tests (test_place.c, test_grass_types.c). Include after
 * cmocka.h, place/place.h and test_util.h. */
#ifndef SWARD_PLACE_TEST_UTIL_H
#define SWARD_PLACE_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A scene of the repository by its path from the source folder (SWARD_SOURCE_DIR); fails the test if it does not
 * load. */
static inline sward_scene *tu_load_repo_scene(const char *rel)
{
    const char *src = getenv("SWARD_SOURCE_DIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", src ? src : ".", rel);
    sward_error err = {0};
    sward_scene *s = NULL;
    if (sward_scene_load_file(path, &s, &err) != SWARD_OK) fail_msg("%s: %s", rel, err.message);
    return s;
}

/* Orders blades by position, then by every other byte, for set comparisons. */
static inline int tu_blade_cmp(const void *pa, const void *pb)
{
    const sw_blade *a = pa, *b = pb;
    if (a->z != b->z) return a->z < b->z ? -1 : 1;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    return memcmp(a, b, sizeof *a);
}

/* PL4: placing material m over a 6 x 6-tile region as a whole or as 32 x 32 tiles gives the same blades, bit
 * for bit; and at least min_blades of them. */
static inline void tu_assert_tiles_match_whole(const sward_scene *s, int m, size_t min_blades)
{
    const int ci0 = -96, n = 192;
    sw_blade *whole = malloc(sizeof(sw_blade) * place_cells_bound(n, n));
    sw_blade *tiles = malloc(sizeof(sw_blade) * place_cells_bound(n, n));
    assert_non_null(whole);
    assert_non_null(tiles);
    size_t nw = place_cells(s, m, ci0, ci0, n, n, 0.25f, whole), nt = 0;
    for (int tj = 0; tj < 6; tj++)
        for (int ti = 0; ti < 6; ti++)
            nt += place_cells(s, m, ci0 + ti * 32, ci0 + tj * 32, 32, 32, 0.25f, tiles + nt);
    assert_int_equal(nw, nt);
    assert_true(nw > min_blades);
    qsort(whole, nw, sizeof *whole, tu_blade_cmp);
    qsort(tiles, nt, sizeof *tiles, tu_blade_cmp);
    assert_memory_equal(whole, tiles, nw * sizeof *whole);
    free(whole);
    free(tiles);
}

#endif
