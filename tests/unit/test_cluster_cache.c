/* The mesh assets' cluster cache (SPEC SC1 for PL8, SC4; src/place/clusters.c): the frame's clusters are
 * place_asset_clusters', each in its asset's ring slot; a frame places at most K, the camera's before the rest of
 * the reach even where those are nearer; a teleport places everything needed at once; a cluster held is not placed
 * again; a cluster the camera left (along x or z) is evicted, its slot then holds the cluster that took it, and it
 * comes back to the same slot; the rings never exceed the budget. */
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

typedef struct fixture {
    sward_scene *s;
    float reach[WORLD_MAX_ASSETS];
    place_cluster_cache c;
    sw_cluster *list, *place;
    uint32_t per_asset[WORLD_MAX_ASSETS];
} fixture;

/* flowers.json (three assets, clusters of 16-20 m on a 128 m field); reach: each asset's draw distance plus 1 m
 * (the renderer adds the asset's size). */
static void open_fx(fixture *f, uint64_t budget)
{
    memset(f, 0, sizeof *f);
    f->s = tu_load_repo_scene("scenes/flowers.json");
    for (int a = 0; a < f->s->asset_count; a++) f->reach[a] = f->s->assets[a].draw_distance + 1.0f;
    sward_error err = {0};
    assert_int_equal(place_cluster_cache_init(&f->c, f->s, f->reach, budget, &err), SWARD_OK);
    f->list = calloc(f->c.bound, sizeof *f->list);
    f->place = calloc(f->c.bound, sizeof *f->place);
    assert_non_null(f->list);
    assert_non_null(f->place);
}

static void close_fx(fixture *f)
{
    free(f->list);
    free(f->place);
    place_cluster_cache_free(&f->c);
    sward_scene_destroy(f->s);
}

/* One frame at (x, z); frustum may be NULL. Returns the list's count; *np the clusters placed. */
static size_t frame(fixture *f, float x, float z, const float *frustum, uint32_t k, bool teleport, size_t *np,
                    place_cache_stats *st)
{
    const float eye[3] = {x, 1.7f, z};
    return place_cluster_cache_frame(&f->c, f->s, eye, frustum, k, teleport, f->list, f->per_asset, f->place, np, st);
}

static int ci(const sw_cluster *c) { return c->ci0 / (int)SW_CLUSTER_CELLS; }
static int cj(const sw_cluster *c) { return c->cj0 / (int)SW_CLUSTER_CELLS; }

static void test_teleport_list_and_held(void **state)
{
    (void)state;
    fixture f;
    open_fx(&f, UINT64_MAX / 2);
    size_t np = 0;
    place_cache_stats st;
    size_t n = frame(&f, 10.0f, -5.0f, NULL, 2, true, &np, &st);
    /* everything needed at once, whatever K (and K more ahead); the list is place_asset_clusters' (order and
     * all) */
    sw_cluster *ref = calloc(place_asset_clusters_bound(f.s, f.reach), sizeof *ref);
    uint32_t per[WORLD_MAX_ASSETS];
    const float eye[3] = {10.0f, 1.7f, -5.0f};
    size_t nr = place_asset_clusters(f.s, eye, f.reach, ref, place_asset_clusters_bound(f.s, f.reach), per);
    assert_true(nr > 20);
    assert_int_equal(n, nr);
    assert_int_equal(st.missing, 0);
    assert_true(np >= n);
    for (size_t k = 0; k < n; k++) {
        assert_int_equal(f.list[k].ci0, ref[k].ci0);
        assert_int_equal(f.list[k].cj0, ref[k].cj0);
        assert_int_equal(f.list[k].asset, ref[k].asset);
        assert_int_equal(f.list[k].slot, place_cluster_slot_of(&f.c, (int)ref[k].asset, ci(&ref[k]), cj(&ref[k])));
    }
    assert_memory_equal(f.per_asset, per, (size_t)f.s->asset_count * sizeof *per);
    assert_int_equal(st.now + 2, np);
    /* the margin ahead fills at K a frame; then the same eye places nothing, and keeps the same list */
    sw_cluster *first = malloc(n * sizeof *first);
    memcpy(first, f.list, n * sizeof *first);
    for (int frames = 0; frames < 100 && np; frames++) {
        assert_int_equal(frame(&f, 10.0f, -5.0f, NULL, 2, false, &np, &st), n);
        assert_true(np <= 2 && st.now == 0);
    }
    size_t n2 = frame(&f, 10.0f, -5.0f, NULL, 2, false, &np, &st);
    assert_int_equal(n2, n);
    assert_int_equal(np, 0);
    assert_int_equal(st.now + st.ahead + st.evicted + st.missing, 0);
    assert_memory_equal(f.list, first, n * sizeof *first);
    free(first);
    free(ref);
    close_fx(&f);
}

/* A frustum that holds what lies at x >= x0 (the other five planes hold everything). */
static void half_space(float x0, float frustum[24])
{
    memset(frustum, 0, 24 * sizeof *frustum);
    frustum[0] = 1.0f, frustum[3] = -x0;
    for (int p = 1; p < 6; p++) frustum[4 * p + 3] = 1.0f;
}

static void test_k_camera_first(void **state)
{
    (void)state;
    fixture f;
    open_fx(&f, UINT64_MAX / 2);
    float frustum[24];
    const float x = 3.0f, z = 7.0f;
    half_space(x + 25.0f, frustum); /* the camera sees only what lies 25 m ahead and farther */
    const uint32_t k = 5;
    size_t np = 0;
    place_cache_stats st;
    size_t n = frame(&f, x, z, frustum, k, false, &np, &st);
    assert_int_equal(np, k);
    assert_int_equal(st.now, k);
    assert_true(st.missing > 0);
    assert_int_equal(n, k);
    /* every placed cluster is in the camera's half space (its square grown by reach - draw distance, 1 m), and a
     * cluster out of it, nearer than the farthest placed, waits: by distance alone it would have come first */
    float far2 = 0.0f;
    for (size_t p = 0; p < np; p++) {
        const sw_cluster *c = &f.place[p];
        const float side = place_asset_spacing(&f.s->assets[c->asset]) * (float)SW_CLUSTER_CELLS;
        assert_true((float)(ci(c) + 1) * side + 1.0f >= x + 25.0f);
        float cx = fmaxf((float)ci(c) * side, fminf(x, (float)(ci(c) + 1) * side));
        float cz = fmaxf((float)cj(c) * side, fminf(z, (float)(cj(c) + 1) * side));
        far2 = fmaxf(far2, (cx - x) * (cx - x) + (cz - z) * (cz - z));
    }
    const float side0 = place_asset_spacing(&f.s->assets[0]) * (float)SW_CLUSTER_CELLS;
    const int hi = (int)floorf(x / side0); /* the eye's own cluster of asset 0: behind the camera's volume */
    const uint32_t s = place_cluster_slot_of(&f.c, 0, hi, (int)floorf(z / side0));
    assert_false(f.c.slots[s].held);
    assert_true(far2 > 0.0f);
    /* K a frame until everything needed is held, the camera's first */
    for (int frames = 0; frames < 100 && st.missing; frames++) {
        frame(&f, x, z, frustum, k, false, &np, &st);
        assert_true(np <= k);
    }
    assert_int_equal(st.missing, 0);
    assert_true(f.c.slots[s].held);
    close_fx(&f);
}

/* Every cluster of the frame's list is the one its slot holds. */
static void list_held(const fixture *f, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const place_cache_slot *sl = &f->c.slots[f->list[k].slot];
        assert_true(sl->held);
        assert_int_equal(sl->ti, ci(&f->list[k]));
        assert_int_equal(sl->tj, cj(&f->list[k]));
        assert_int_equal(f->list[k].slot, place_cluster_slot_of(&f->c, (int)f->list[k].asset, sl->ti, sl->tj));
    }
}

static void test_evict_and_return(void **state)
{
    (void)state;
    fixture f;
    open_fx(&f, UINT64_MAX / 2);
    size_t np = 0;
    place_cache_stats st;
    size_t n = frame(&f, -55.0f, 0.0f, NULL, 1024, true, &np, &st);
    assert_true(n > 0);
    list_held(&f, n);
    const sw_cluster far_end = f.list[0]; /* the -x end's first */
    assert_true(far_end.ci0 < -64);
    frame(&f, 55.0f, 0.0f, NULL, 1024, true, &np, &st);
    assert_true(st.evicted > 0);
    const place_cache_slot *sl = &f.c.slots[far_end.slot];
    assert_false(sl->held && sl->ti == ci(&far_end) && sl->tj == cj(&far_end));
    frame(&f, -55.0f, 0.0f, NULL, 1024, true, &np, &st);
    assert_int_equal(f.list[0].slot, far_end.slot);
    bool placed = false;
    for (size_t p = 0; p < np; p++)
        placed |= f.place[p].asset == far_end.asset && f.place[p].ci0 == far_end.ci0 && f.place[p].cj0 == far_end.cj0;
    assert_true(placed);
    list_held(&f, n);
    /* along z too: the slots a row of clusters gave away hold the other end's row */
    for (int k = 0; k < 3; k++) {
        const float z = k == 1 ? 55.0f : -55.0f;
        n = frame(&f, -55.0f, z, NULL, 1024, true, &np, &st);
        list_held(&f, n);
        if (k == 1) assert_true(st.evicted > 0);
    }
    close_fx(&f);
}

static void test_budget(void **state)
{
    (void)state;
    fixture f;
    open_fx(&f, UINT64_MAX / 2);
    const uint32_t full = f.c.slot_count;
    int ring[WORLD_MAX_ASSETS];
    for (double mib = 0.05; mib < 4.0; mib *= 1.7) {
        uint64_t budget = (uint64_t)(mib * 1048576.0);
        uint32_t slots = place_cluster_rings(f.s, f.reach, budget, ring);
        assert_true((uint64_t)slots * PLACE_CLUSTER_SLOT_BYTES <= budget || slots == (uint32_t)f.s->asset_count);
        assert_true(slots <= full);
    }
    close_fx(&f);
    /* a small budget: needed clusters that share a slot are not all drawn, and the cache never outgrows it */
    const uint64_t budget = 40u * PLACE_CLUSTER_SLOT_BYTES;
    open_fx(&f, budget);
    assert_true(f.c.slot_count < full);
    assert_true((uint64_t)f.c.slot_count * PLACE_CLUSTER_SLOT_BYTES <= budget);
    size_t np = 0;
    place_cache_stats st;
    size_t n = frame(&f, 0.0f, 0.0f, NULL, 1024, true, &np, &st);
    assert_true(st.missing > 0);
    assert_true(n <= f.c.slot_count);
    for (size_t a = 0; a < n; a++)
        for (size_t b = a + 1; b < n; b++) assert_true(f.list[a].slot != f.list[b].slot);
    close_fx(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_teleport_list_and_held),
        cmocka_unit_test(test_k_camera_first),
        cmocka_unit_test(test_evict_and_return),
        cmocka_unit_test(test_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
