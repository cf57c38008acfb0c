/* The camera-local tile cache (SPEC SC1, SC2; src/place/cache.c): a frame places at most K tiles, nearest needed
 * first, the camera's before the shadow's; a teleport places everything needed at once; tiles ahead of the camera
 * are placed before they are needed; the rings never exceed the budget; a tile the camera left is evicted and
 * placed again in the same slot when it comes back; the same frames give the same choices. */
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


/* Every tile within the draw distance (no frustum) of an eye on the ground at (x, z). */
typedef struct frame_tiles {
    sw_tile *tiles, *place;
    size_t n, cap;
} frame_tiles;

static void choose(const sward_scene *s, const place_tile_index *idx, float x, float z, frame_tiles *f)
{
    place_view v;
    memset(&v, 0, sizeof v);
    v.eye[0] = x, v.eye[1] = s->terrain.max_y + 1.5f, v.eye[2] = z;
    v.draw_distance = s->render.draw_distance;
    v.thin_distance = s->render.thin_distance; /* far tiles at their levels (SC5), as a frame chooses them */
    f->n = place_choose_tiles_indexed(s, idx, &v, false, f->tiles, NULL);
}

static void frame_tiles_init(const sward_scene *s, frame_tiles *f, size_t k)
{
    f->cap = place_tiles_bound(s);
    f->tiles = calloc(f->cap, sizeof *f->tiles);
    f->place = calloc(f->cap + k, sizeof *f->place);
    assert_non_null(f->tiles);
    assert_non_null(f->place);
}

static void frame_tiles_free(frame_tiles *f)
{
    free(f->tiles);
    free(f->place);
}

/* A test's scene, its tile index, a cache of `budget` bytes and the frame's lists (k extra entries to place). */
static void open_all(const char *rel, uint64_t budget, size_t k, sward_scene **s, place_tile_index *idx, place_cache *c,
                     frame_tiles *f)
{
    *s = tu_load_repo_scene(rel);
    place_tile_index_build(*s, idx);
    sward_error err = {0};
    assert_int_equal(place_cache_init(c, *s, budget, &err), SWARD_OK);
    frame_tiles_init(*s, f, k);
}

static void close_all(sward_scene *s, place_tile_index *idx, place_cache *c, frame_tiles *f)
{
    frame_tiles_free(f);
    place_cache_free(c);
    place_tile_index_free(idx);
    sward_scene_destroy(s);
}

/* A tile's index along x and z in its level's grid, and its class. */
static int tile_i(const sw_tile *t) { return t->ci0 / ((int)SW_TILE_CELLS << t->level); }
static int tile_j(const sw_tile *t) { return t->cj0 / ((int)SW_TILE_CELLS << t->level); }
static int tile_class(const sw_tile *t) { return place_class(t->material, t->level); }

static double tile_dist2(const place_cache *c, const sw_tile *t, const float eye[3])
{
    double side = c->side[tile_class(t)], lo_x = tile_i(t) * side, lo_z = tile_j(t) * side;
    double gx = fmax(fmax(lo_x - eye[0], eye[0] - lo_x - side), 0.0), gz = fmax(fmax(lo_z - eye[2], eye[2] - lo_z - side), 0.0);
    return gx * gx + gz * gz;
}

/* Does the cache hold tile t (its slot has it)? */
static bool held(const place_cache *c, const sw_tile *t)
{
    const place_cache_slot *sl = &c->slots[place_cache_slot_of(c, tile_class(t), tile_i(t), tile_j(t))];
    return sl->held && sl->ti == tile_i(t) && sl->tj == tile_j(t);
}

static void test_k_and_nearest_first(void **state)
{
    (void)state;
    sward_scene *s;
    place_tile_index idx;
    place_cache c;
    frame_tiles f;
    const uint32_t k = 7;
    open_all("scenes/meadow.json", 64u << 20, k, &s, &idx, &c, &f);
    const float eye[3] = {3.0f, 0.0f, -2.0f};
    choose(s, &idx, eye[0], eye[2], &f);
    size_t needed = f.n, n_cam = f.n, n_near = 0;
    assert_true(needed > 100);
    /* Without a teleport: 7 tiles a frame, the nearest of the needed ones, and the rest not in the lists. */
    sw_tile *all = malloc(needed * sizeof *all);
    memcpy(all, f.tiles, needed * sizeof *all);
    place_cache_stats st;
    place_cache_frame(&c, s, &idx, eye, k, false, f.tiles, &n_cam, &n_near, f.place, &st);
    assert_int_equal(st.now, k);
    assert_int_equal(st.ahead, 0);
    assert_int_equal(n_cam, k);
    assert_int_equal(st.missing, needed - k);
    double worst_placed = 0.0;
    for (uint32_t i = 0; i < k; i++) worst_placed = fmax(worst_placed, tile_dist2(&c, &f.place[i], eye));
    size_t nearer_left = 0;
    for (size_t i = 0; i < needed; i++)
        if (!held(&c, &all[i]) && tile_dist2(&c, &all[i], eye) < worst_placed) nearer_left++;
    assert_int_equal(nearer_left, 0);
    /* Frame after frame, K at most, until everything needed is there; then ahead, then nothing. */
    int frames = 0;
    for (; frames < 10000; frames++) {
        choose(s, &idx, eye[0], eye[2], &f);
        n_cam = f.n, n_near = 0;
        place_cache_frame(&c, s, &idx, eye, k, false, f.tiles, &n_cam, &n_near, f.place, &st);
        assert_true(st.now + st.ahead <= k);
        if (st.now + st.ahead == 0) break;
    }
    assert_true(frames < 10000);
    assert_int_equal(st.missing, 0);
    assert_int_equal(n_cam, needed);
    assert_true(c.held > needed); /* and the margin around the draw distance */
    print_message("%zu tiles needed, %u held after %d frames at K = %u\n", needed, c.held, frames, k);
    free(all);
    close_all(s, &idx, &c, &f);
}

/* K limits a frame: the camera's needed tiles are placed before the near cascade's, even where the cascade's are
 * nearer the eye (it reaches behind the camera, around the eye; the camera's list looks ahead). The worst case as
 * the lists: the cascade needs the nearer half of the tiles around the eye, the camera the farther half. Frame after
 * frame, no cascade tile is drawn while a camera tile is still missing, and the camera's come nearest first. */
static void test_camera_before_shadow(void **state)
{
    (void)state;
    sward_scene *s;
    place_tile_index idx;
    place_cache c;
    frame_tiles f;
    const uint32_t k = 7;
    open_all("scenes/meadow.json", 64u << 20, k, &s, &idx, &c, &f);
    const float eye[3] = {3.0f, 0.0f, -2.0f};
    choose(s, &idx, eye[0], eye[2], &f);
    const size_t total = f.n;
    /* the split: the median distance of the tiles, each list in the chooser's row order */
    double *d2 = malloc(total * sizeof *d2), median;
    for (size_t i = 0; i < total; i++) d2[i] = tile_dist2(&c, &f.tiles[i], eye);
    {
        double *sorted = malloc(total * sizeof *sorted);
        memcpy(sorted, d2, total * sizeof *sorted);
        for (size_t i = 1; i < total; i++) /* insertion sort: a few hundred tiles */
            for (size_t j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
                double t = sorted[j];
                sorted[j] = sorted[j - 1];
                sorted[j - 1] = t;
            }
        median = sorted[total / 2];
        free(sorted);
    }
    sw_tile *cam = malloc(total * sizeof *cam), *near = malloc(total * sizeof *near);
    size_t n_cam_all = 0, n_near_all = 0;
    for (size_t i = 0; i < total; i++) {
        if (d2[i] > median) cam[n_cam_all++] = f.tiles[i];
        else near[n_near_all++] = f.tiles[i];
    }
    assert_true(n_cam_all > 4 * k && n_near_all > 4 * k);
    int frames = 0, cam_done_at = -1, near_first_at = -1;
    place_cache_stats st;
    for (; frames < 1000; frames++) {
        memcpy(f.tiles, cam, n_cam_all * sizeof *cam);
        memcpy(f.tiles + n_cam_all, near, n_near_all * sizeof *near);
        size_t n_cam = n_cam_all, n_near = n_near_all;
        place_cache_frame(&c, s, &idx, eye, k, false, f.tiles, &n_cam, &n_near, f.place, &st);
        assert_true(st.now <= k);
        if (frames == 0) {
            /* the first frame: K of the camera's, its nearest */
            assert_int_equal(st.now, k);
            assert_int_equal(n_cam, k);
            assert_int_equal(n_near, 0);
            double worst = 0.0;
            for (uint32_t i = 0; i < k; i++) worst = fmax(worst, tile_dist2(&c, &f.place[i], eye));
            for (size_t i = 0; i < n_cam_all; i++)
                if (!held(&c, &cam[i])) assert_true(tile_dist2(&c, &cam[i], eye) >= worst);
        }
        if (n_near > 0 && near_first_at < 0) near_first_at = frames;
        if (n_cam == n_cam_all && cam_done_at < 0) cam_done_at = frames;
        if (n_near > 0) assert_int_equal(n_cam, n_cam_all); /* a cascade tile drawn: every camera tile is */
        if (st.now == 0) break;
    }
    print_message("K = %u: the camera's %zu tiles (the farther half) all drawn at frame %d, the near cascade's first "
                  "at frame %d, its %zu all by frame %d\n",
                  k, n_cam_all, cam_done_at, near_first_at, n_near_all, frames);
    assert_true(frames < 1000);
    assert_int_equal(st.missing, 0);
    assert_true(cam_done_at >= 0 && near_first_at >= cam_done_at);
    free(cam);
    free(near);
    free(d2);
    close_all(s, &idx, &c, &f);
}

static void test_teleport_places_all_needed(void **state)
{
    (void)state;
    sward_scene *s;
    place_tile_index idx;
    place_cache c;
    frame_tiles f;
    open_all("scenes/meadow.json", 64u << 20, 4, &s, &idx, &c, &f);
    const float eye[3] = {-20.0f, 0.0f, 15.0f};
    choose(s, &idx, eye[0], eye[2], &f);
    /* the first half of the list as the camera's, the second as the near cascade's, overlapping by a few */
    size_t n_cam = f.n / 2 + 5, n_near = f.n - f.n / 2;
    memmove(f.tiles + n_cam, f.tiles + f.n / 2, n_near * sizeof *f.tiles);
    const size_t needed = n_cam + n_near;
    place_cache_stats st;
    place_cache_frame(&c, s, &idx, eye, 4, true, f.tiles, &n_cam, &n_near, f.place, &st);
    assert_int_equal(st.missing, 0);
    assert_int_equal(n_cam + n_near, needed);
    assert_int_equal(st.now, needed - 5); /* the 5 tiles in both lists are placed once */
    assert_int_equal(st.ahead, 4);        /* and K ahead */
    for (size_t i = 0; i < needed; i++) {
        assert_true(held(&c, &f.tiles[i]));
        assert_int_equal(f.tiles[i].slot, place_cache_slot_of(&c, tile_class(&f.tiles[i]), tile_i(&f.tiles[i]),
                                                              tile_j(&f.tiles[i])));
    }
    close_all(s, &idx, &c, &f);
}

/* Flying at 1 m a frame with the default K: the tiles placed ahead are there before the camera needs them. */
static void test_ahead_of_the_camera(void **state)
{
    (void)state;
    sward_scene *s;
    place_tile_index idx;
    place_cache c;
    frame_tiles f;
    const uint32_t k = WORLD_TILES_PER_FRAME_DEFAULT; /* the scene's, which leaves it out */
    open_all("bench/got_field.json", 64u << 20, k, &s, &idx, &c, &f);
    assert_int_equal(s->render.tile_cache.tiles_per_frame, (int)k);
    uint32_t missing = 0, max_placed = 0, clean_frames = 0;
    float eye[3] = {0};
    for (int frame = 0; frame < 120; frame++) {
        eye[0] = -60.0f + (float)frame, eye[2] = 0.5f * (float)frame;
        choose(s, &idx, eye[0], eye[2], &f);
        size_t n_cam = f.n, n_near = 0;
        place_cache_stats st;
        place_cache_frame(&c, s, &idx, eye, k, frame == 0, f.tiles, &n_cam, &n_near, f.place, &st);
        if (frame > 0) {
            missing += st.missing;
            if (st.now + st.ahead > max_placed) max_placed = st.now + st.ahead;
            assert_true(st.now + st.ahead <= k);
        }
        clean_frames += c.clean[0];
    }
    /* After the flight, every placeable tile within reach of the eye is held: the crescents (once a sweep found
     * the ring whole) missed none. */
    for (int m = 0; m < c.class_count; m++) {
        const double side = c.side[m], reach = c.reach[m];
        const int level = m % PLACE_LEVELS;
        for (int tj = (int)floor((eye[2] - reach) / side) - 1; tj <= (int)floor((eye[2] + reach) / side) + 1; tj++)
            for (int ti = (int)floor((eye[0] - reach) / side) - 1; ti <= (int)floor((eye[0] + reach) / side) + 1; ti++) {
                sw_tile t = {.ci0 = ti * (32 << level), .cj0 = tj * (32 << level),
                             .material = (sw_uint)(m / PLACE_LEVELS), .level = (sw_uint)level};
                if (reach > 0.0 && tile_dist2(&c, &t, eye) <= reach * reach &&
                    place_tile_possible(s, &idx, m / PLACE_LEVELS, level, ti, tj))
                    assert_true(held(&c, &t));
            }
    }
    print_message("%u of 119 frames looked only at the crescent of new tiles\n", clean_frames);
    assert_true(clean_frames > 60);
    print_message("120 frames at 1.1 m a frame: %u tiles missing, at most %u placed a frame (K %u)\n", missing,
                  max_placed, k);
    assert_int_equal(missing, 0);
    assert_true(max_placed > 0);
    close_all(s, &idx, &c, &f);
}

static void test_budget(void **state)
{
    (void)state;
    sward_scene *s = tu_load_repo_scene("bench/dense.json");
    int ring[PLACE_CLASSES];
    double reach[PLACE_CLASSES];
    uint32_t full = place_cache_rings(s, UINT64_MAX / 2, ring, reach);
    assert_true(full > 1000);
    for (double mib = 0.01; mib < 64.0; mib *= 1.7) {
        uint64_t budget = (uint64_t)(mib * 1048576.0);
        uint32_t slots = place_cache_rings(s, budget, ring, reach);
        uint64_t bytes = (uint64_t)slots * SW_TILE_SLOT_WORDS * 4u;
        assert_true(bytes <= budget || slots == (uint32_t)(s->material_count * PLACE_LEVELS));
        uint64_t sum = 0;
        for (int k = 0; k < s->material_count * PLACE_LEVELS; k++) sum += (uint64_t)ring[k] * (uint64_t)ring[k];
        assert_int_equal(sum, slots);
        if (bytes < budget && slots < full) assert_true(budget - bytes < budget / 2 + 4096); /* the budget is used */
    }
    /* A small budget: needed tiles that share a slot are not all drawn, and the cache never outgrows it. */
    place_tile_index idx;
    place_tile_index_build(s, &idx);
    place_cache c;
    sward_error err = {0};
    const uint64_t budget = 64u * 1024u;
    assert_int_equal(place_cache_init(&c, s, budget, &err), SWARD_OK);
    assert_true((uint64_t)c.slot_count * SW_TILE_SLOT_WORDS * 4u <= budget);
    frame_tiles f;
    frame_tiles_init(s, &f, 64);
    const float eye[3] = {0.0f, 0.0f, 0.0f};
    choose(s, &idx, eye[0], eye[2], &f);
    size_t n_cam = f.n, n_near = 0, needed = f.n;
    place_cache_stats st;
    place_cache_frame(&c, s, &idx, eye, 64, true, f.tiles, &n_cam, &n_near, f.place, &st);
    assert_true(st.missing > 0);
    assert_int_equal(n_cam + st.missing, needed);
    assert_true(c.held <= c.slot_count);
    for (size_t i = 0; i < n_cam; i++) assert_true(held(&c, &f.tiles[i]));
    close_all(s, &idx, &c, &f);
}

/* The camera leaves (its tiles' slots go to tiles elsewhere) and comes back: the same tiles in the same slots. */
static void test_evicted_and_back(void **state)
{
    (void)state;
    sward_scene *s;
    place_tile_index idx;
    place_cache c;
    frame_tiles f;
    open_all("scenes/meadow.json", 64u << 20, 16, &s, &idx, &c, &f);
    /* far enough apart that the away view's tiles take many of the home tiles' slots at every level */
    const float home[3] = {-180.0f, 0.0f, -180.0f}, away[3] = {180.0f, 0.0f, 180.0f};
    choose(s, &idx, home[0], home[2], &f);
    size_t n_cam = f.n, n_near = 0;
    place_cache_stats st;
    place_cache_frame(&c, s, &idx, home, 16, true, f.tiles, &n_cam, &n_near, f.place, &st);
    const size_t n_home = n_cam;
    sw_tile *first = malloc(n_home * sizeof *first);
    memcpy(first, f.tiles, n_home * sizeof *first);
    choose(s, &idx, away[0], away[2], &f);
    n_cam = f.n, n_near = 0;
    place_cache_frame(&c, s, &idx, away, 16, true, f.tiles, &n_cam, &n_near, f.place, &st);
    assert_true(st.evicted > 0);
    size_t gone = 0;
    for (size_t i = 0; i < n_home; i++) gone += !held(&c, &first[i]);
    print_message("%zu of %zu tiles evicted\n", gone, n_home);
    assert_true(gone > n_home / 4);
    choose(s, &idx, home[0], home[2], &f);
    n_cam = f.n, n_near = 0;
    place_cache_frame(&c, s, &idx, home, 16, true, f.tiles, &n_cam, &n_near, f.place, &st);
    assert_int_equal(n_cam, n_home);
    assert_int_equal(st.now, gone); /* exactly the evicted ones are placed again */
    assert_memory_equal(f.tiles, first, n_home * sizeof *first); /* same tiles, same order, same slots */
    free(first);
    close_all(s, &idx, &c, &f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k_and_nearest_first),
        cmocka_unit_test(test_camera_before_shadow),
        cmocka_unit_test(test_teleport_places_all_needed),
        cmocka_unit_test(test_ahead_of_the_camera),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_evicted_and_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
