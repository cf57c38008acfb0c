/* cache.c — the camera-local cache of placed tiles (SPEC SC1, SC2; Frictional "Cache system": only patches near
 * the camera are generated, at most a few a frame unless the camera is teleported; HZD: tiles generated around
 * the player, about 4 a frame). The rules are in place.h. Pure CPU bookkeeping: which slot holds which tile and
 * which tiles the GPU places this frame; the placement itself is place.comp.glsl's. O(tiles needed + ring
 * slots / SWEEP_FRAMES) a frame. */
#include "place/place.h"

#include "core/core.h"
#include "world/stream.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The look for tiles to place ahead covers each ring in this many frames. */
#define SWEEP_FRAMES 2u
/* The margin placed ahead of the camera beyond the draw distance: this fraction of it, and at least two tiles. */
#define AHEAD_FRACTION 0.15
#define SLOT_BYTES ((uint64_t)SW_TILE_SLOT_WORDS * 4u)

static int ring_for(double reach, double side)
{
    /* Tiles whose square comes within reach of the eye: tile indices [e - c, e + c] around the eye's tile e. */
    double c = ceil(reach / side);
    if (!(c < 16384.0)) c = 16384.0; /* a ring is at most 32769 slots a side (the budget shrinks it first) */
    return 2 * (int)c + 1;
}

/* SC5: how far from the eye a class's tiles are placed ahead: a level's tiles lie where their parent comes
 * within the next level's distance (place_choose_tiles), the top level's out to the draw distance; a level that
 * begins beyond the draw distance is never drawn (0). Level 0's ring still covers the draw distance (ring_reach),
 * so that with thinning off (sward_frame_debug.no_lod_fade) its tiles out there find slots. */
static double class_reach(const sward_scene *scene, int cls, double *ring_reach)
{
    const double dd = (double)scene->render.draw_distance;
    const world_material *m = &scene->materials[cls / PLACE_LEVELS];
    const int level = cls % PLACE_LEVELS;
    const double side = place_tile_side(m, level), thin = (double)scene->render.thin_distance;
    const double margin = fmax(AHEAD_FRACTION * dd, 2.0 * side) + place_tile_reach(m);
    double reach = dd + margin;
    if (level + 1 < PLACE_LEVELS)
        reach = fmin(reach, place_level_distance((float)thin, level + 1) + 3.0 * side + margin);
    if (level > 0 && place_level_distance((float)thin, level) > dd + margin) reach = 0.0;
    *ring_reach = level == 0 ? dd + margin : reach;
    return reach;
}

uint32_t place_cache_rings(const sward_scene *scene, uint64_t budget_bytes, int ring[PLACE_CLASSES],
                           double reach[PLACE_CLASSES])
{
    const int classes = scene->material_count * PLACE_LEVELS;
    uint64_t total = 0;
    for (int k = 0; k < classes; k++) {
        double ring_reach;
        reach[k] = class_reach(scene, k, &ring_reach);
        ring[k] = ring_reach > 0.0 ? ring_for(ring_reach, place_tile_side(&scene->materials[k / PLACE_LEVELS],
                                                                           k % PLACE_LEVELS))
                                   : 1;
        total += (uint64_t)ring[k] * (uint64_t)ring[k];
    }
    uint64_t allowed = budget_bytes / SLOT_BYTES;
    if (allowed < (uint64_t)classes) allowed = (uint64_t)classes;
    if (total > allowed) {
        /* Over budget: every ring shrinks by the same factor, then the largest by one until they fit. */
        double f = sqrt((double)allowed / (double)total);
        total = 0;
        for (int k = 0; k < classes; k++) {
            ring[k] = (int)floor((double)ring[k] * f);
            if (ring[k] < 1) ring[k] = 1;
            total += (uint64_t)ring[k] * (uint64_t)ring[k];
        }
        while (total > allowed) {
            int big = 0;
            for (int k = 1; k < classes; k++)
                if (ring[k] > ring[big]) big = k;
            if (ring[big] <= 1) break;
            total -= (uint64_t)ring[big] * (uint64_t)ring[big];
            ring[big]--;
            total += (uint64_t)ring[big] * (uint64_t)ring[big];
        }
    }
    return (uint32_t)total;
}

sward_result place_cache_init(place_cache *c, const sward_scene *scene, uint64_t budget_bytes, sward_error *err)
{
    memset(c, 0, sizeof *c);
    c->class_count = scene->material_count * PLACE_LEVELS;
    c->slot_count = place_cache_rings(scene, budget_bytes, c->ring, c->reach);
    uint32_t base = 0;
    for (int k = 0; k < c->class_count; k++) {
        c->base[k] = base;
        base += (uint32_t)c->ring[k] * (uint32_t)c->ring[k];
        c->side[k] = place_tile_side(&scene->materials[k / PLACE_LEVELS], k % PLACE_LEVELS);
    }
    int full[PLACE_CLASSES];
    double reach[PLACE_CLASSES];
    place_cache_rings(scene, UINT64_MAX / 2, full, reach);
    for (int k = 0; k < c->class_count; k++) c->full_ring[k] = c->ring[k] == full[k];
    c->slots = c->slot_count ? calloc(c->slot_count, sizeof *c->slots) : NULL;
    if (c->slot_count && !c->slots)
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for a tile cache of %u slots", scene->name,
                         c->slot_count);
    return SWARD_OK;
}

void place_cache_free(place_cache *c)
{
    free(c->slots);
    free(c->want);
    memset(c, 0, sizeof *c);
}

void place_cache_resweep(place_cache *c)
{
    for (int m = 0; m < c->class_count; m++) c->clean[m] = false, c->cycle_left[m] = 0;
}

static int ring_mod(int v, int r)
{
    int m = v % r;
    return m < 0 ? m + r : m;
}

uint32_t place_cache_slot_of(const place_cache *c, int cls, int ti, int tj)
{
    int r = c->ring[cls];
    return c->base[cls] + (uint32_t)ring_mod(tj, r) * (uint32_t)r + (uint32_t)ring_mod(ti, r);
}

static double square_dist2(const place_cache *c, int cls, int ti, int tj, const float eye[3])
{
    double side = c->side[cls];
    double lo_x = (double)ti * side, lo_z = (double)tj * side;
    double ex = (double)eye[0], ez = (double)eye[2];
    double gx = ex < lo_x ? lo_x - ex : (ex > lo_x + side ? ex - lo_x - side : 0.0);
    double gz = ez < lo_z ? lo_z - ez : (ez > lo_z + side ? ez - lo_z - side : 0.0);
    return gx * gx + gz * gz;
}

static int want_order(const void *pa, const void *pb)
{
    const place_cache_want *a = pa, *b = pb;
    if (a->list != b->list) return a->list < b->list ? -1 : 1;
    if (a->dist2 != b->dist2) return a->dist2 < b->dist2 ? -1 : 1;
    /* ties: a fixed order, so the same frame makes the same choices */
    if (a->cls != b->cls) return a->cls < b->cls ? -1 : 1;
    if (a->tj != b->tj) return a->tj < b->tj ? -1 : 1;
    if (a->ti != b->ti) return a->ti < b->ti ? -1 : 1;
    return 0;
}

static void swap_want(place_cache_want *a, place_cache_want *b)
{
    place_cache_want t = *a;
    *a = *b;
    *b = t;
}

/* Moves the `keep` first entries by want_order to the front, sorted: a selection (quickselect, Lomuto's partition
 * about the middle entry), then a sort of those only. */
void place_cache_nearest_first(place_cache_want *w, size_t n, size_t keep)
{
    size_t lo = 0, hi = n;
    while (keep < n && hi - lo > 1) {
        swap_want(&w[lo + (hi - lo) / 2], &w[hi - 1]);
        size_t p = lo;
        for (size_t i = lo; i + 1 < hi; i++)
            if (want_order(&w[i], &w[hi - 1]) < 0) swap_want(&w[i], &w[p++]);
        swap_want(&w[p], &w[hi - 1]);
        if (p == keep) break;
        if (p < keep) lo = p + 1;
        else hi = p;
    }
    qsort(w, keep < n ? keep : n, sizeof *w, want_order);
}

static bool want_room(place_cache *c, size_t n)
{
    if (n <= c->want_cap) return true;
    size_t cap = n + n / 2 + 64;
    place_cache_want *w = realloc(c->want, cap * sizeof *w);
    if (!w) return false;
    c->want = w;
    c->want_cap = cap;
    return true;
}

/* A streamed world (BX5): is every sample the tile's placement reads (its cells, the clump pull, the 2 x 2
 * gathers) inside the windows now? A tile placed from the clamped edge would be cached wrong. */
static bool in_window(const sward_scene *scene, const place_cache *c, int cls, int ti, int tj)
{
    if (!scene->terrain.stream) return true;
    const double side = c->side[cls], pad = place_tile_reach(&scene->materials[cls / PLACE_LEVELS]) + 1e-3;
    return world_stream_holds(&scene->terrain, (double)ti * side - pad, (double)tj * side - pad,
                              (double)(ti + 1) * side + pad, (double)(tj + 1) * side + pad);
}

/* Gives slot s to tile (ti, tj): the tile it held is evicted. */
static void take(place_cache *c, uint32_t s, int ti, int tj, place_cache_stats *st)
{
    place_cache_slot *sl = &c->slots[s];
    if (sl->held) st->evicted++;
    else c->held++;
    sl->ti = ti;
    sl->tj = tj;
    sl->held = 1;
    sl->used = c->stamp;
}

static double axis_gap(double v, double lo, double hi)
{
    return v < lo ? lo - v : (v > hi ? v - hi : 0.0);
}

/* Can the class's tile hold a blade at all (place_tile_possible)? */
static bool class_possible(const sward_scene *scene, const place_tile_index *idx, int cls, int ti, int tj)
{
    return place_tile_possible(scene, idx, cls / PLACE_LEVELS, cls % PLACE_LEVELS, ti, tj);
}

/* Is tile (ti, tj) of class m wanted ahead: not held, within reach, placeable? Appends it to want. */
static void consider(place_cache *c, const sward_scene *scene, const place_tile_index *idx, int m, int ti, int tj,
                     double d2, size_t *wants)
{
    uint32_t s = place_cache_slot_of(c, m, ti, tj);
    const place_cache_slot *sl = &c->slots[s];
    if (sl->used == c->stamp || (sl->held && sl->ti == ti && sl->tj == tj)) return;
    if (!class_possible(scene, idx, m, ti, tj) || !in_window(scene, c, m, ti, tj)) return;
    c->want[(*wants)++] = (place_cache_want){d2, 2u, s, ti, tj, m};
}

/* The tiles of class m within reach of the eye that were not within reach of the clean eye, row by row: per
 * row, the new disc's run of tiles less the old disc's (the old run's inside is skipped, its ends checked). */
static bool crescent(place_cache *c, const sward_scene *scene, const place_tile_index *idx, int m, const float eye[3],
                     size_t *wants)
{
    const double side = c->side[m], reach = c->reach[m], r2 = reach * reach;
    const double nx = (double)eye[0], nz = (double)eye[2], ox = c->clean_x[m], oz = c->clean_z[m];
    const int j0 = (int)floor((nz - reach) / side), j1 = (int)floor((nz + reach) / side);
    if (!want_room(c, *wants + (size_t)(j1 - j0 + 1) * (8u + 2u * (size_t)(fabs(nx - ox) / side + 1.0))))
        return false;
    for (int tj = j0; tj <= j1; tj++) {
        double gz = axis_gap(nz, (double)tj * side, (double)(tj + 1) * side);
        if (gz > reach) continue;
        double w = sqrt(r2 - gz * gz);
        int a1 = (int)floor((nx - w) / side) - 1, b1 = (int)floor((nx + w) / side) + 1;
        double go = axis_gap(oz, (double)tj * side, (double)(tj + 1) * side);
        int a0 = 1, b0 = 0; /* the old run's inside: tiles surely within the old reach */
        if (go <= reach) {
            double wo = sqrt(r2 - go * go);
            a0 = (int)floor((ox - wo) / side) + 2;
            b0 = (int)floor((ox + wo) / side) - 2;
        }
        for (int ti = a1; ti <= b1; ti++) {
            if (ti >= a0 && ti <= b0) {
                ti = b0;
                continue;
            }
            double d2 = square_dist2(c, m, ti, tj, eye);
            if (d2 > r2) continue;
            double ex = axis_gap(ox, (double)ti * side, (double)(ti + 1) * side);
            if (ex * ex + go * go <= r2) continue; /* within the old reach: held already */
            consider(c, scene, idx, m, ti, tj, d2, wants);
        }
    }
    return true;
}

void place_cache_frame(place_cache *c, const sward_scene *scene, const place_tile_index *idx, const float eye[3],
                       uint32_t k, bool teleport, sw_tile *tiles, size_t *n_cam, size_t *n_near, sw_tile *place,
                       place_cache_stats *st)
{
    memset(st, 0, sizeof *st);
    if (++c->stamp == 0) c->stamp = 1; /* 0 is "never" */
    const size_t n = *n_cam + *n_near;
    size_t wants = 0;
    bool room = want_room(c, n);
    /* 1. The tiles the views need that the cache holds: they keep their slots this frame. The lists run along
     * rows (place_choose_tiles), so a tile's slot follows from the last one's without a division. */
    int row_m = -1;
    uint32_t row_base = 0;
    int row_j = 0, last_i = 0, last_a = 0;
    for (size_t i = 0; i < n; i++) {
        sw_tile *t = &tiles[i];
        const int cls = place_class(t->material, t->level);
        int ti = t->ci0 / ((int)SW_TILE_CELLS << t->level), tj = t->cj0 / ((int)SW_TILE_CELLS << t->level);
        const int r = c->ring[cls];
        if (cls != row_m || tj != row_j) {
            row_m = cls;
            row_j = tj;
            row_base = c->base[cls] + (uint32_t)ring_mod(tj, r) * (uint32_t)r;
            last_a = ring_mod(ti, r);
        } else if (ti == last_i + 1) {
            last_a = last_a + 1 == r ? 0 : last_a + 1;
        } else {
            last_a = ring_mod(ti, r);
        }
        last_i = ti;
        uint32_t s = row_base + (uint32_t)last_a;
        assert(s == place_cache_slot_of(c, cls, ti, tj));
        place_cache_slot *sl = &c->slots[s];
        t->slot = s;
        if (sl->held && sl->ti == ti && sl->tj == tj) {
            sl->used = c->stamp;
            continue;
        }
        t->slot = UINT32_MAX; /* not placed yet */
        if (room)
            c->want[wants++] = (place_cache_want){square_dist2(c, cls, ti, tj, eye), i < *n_cam ? 0u : 1u,
                                                  (uint32_t)i, ti, tj, cls};
    }
    /* 2. Those it does not: the camera's first, nearest first, as many as k allows (all on a teleport). */
    uint32_t budget = k;
    size_t now = 0;
    if (wants) {
        place_cache_nearest_first(c->want, wants, teleport || budget >= wants ? wants : budget);
        for (size_t w = 0; w < wants; w++) {
            const place_cache_want *q = &c->want[w];
            sw_tile *t = &tiles[q->index];
            uint32_t s = place_cache_slot_of(c, q->cls, q->ti, q->tj);
            place_cache_slot *sl = &c->slots[s];
            if (sl->used == c->stamp) {
                /* placed already this frame (a tile in both lists), or another needed tile has the slot */
                if (sl->held && sl->ti == q->ti && sl->tj == q->tj) t->slot = s;
                continue;
            }
            if (!teleport && budget == 0) continue;
            if (!in_window(scene, c, q->cls, q->ti, q->tj)) continue;
            take(c, s, q->ti, q->tj, st);
            if (!teleport) budget--;
            t->slot = s;
            place[now++] = *t;
        }
    }
    /* 3. The lists without the tiles not placed (drawn from a later frame). */
    size_t kept_cam = 0, kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (tiles[i].slot == UINT32_MAX) {
            st->missing++;
            continue;
        }
        tiles[kept++] = tiles[i];
        if (i < *n_cam) kept_cam = kept;
    }
    *n_near = kept - kept_cam;
    *n_cam = kept_cam;
    st->now = (uint32_t)now;
    if (teleport) budget = k; /* what a teleport needs is not counted */
    /* 4. Ahead (SC2): the tiles within reach the slots do not hold yet: the crescent since the ring was clean, or
     * a part of the ring each frame until a whole sweep finds nothing. */
    if (teleport) place_cache_resweep(c);
    wants = 0;
    uint64_t swept_whole = 0;
    for (int m = 0; m < c->class_count; m++) {
        if (!budget || c->reach[m] <= 0.0) continue; /* a level never drawn (class_reach) */
        const double lag = hypot((double)eye[0] - c->clean_x[m], (double)eye[2] - c->clean_z[m]);
        if (c->clean[m] && lag < 0.25 * c->reach[m]) {
            if (!crescent(c, scene, idx, m, eye, &wants)) c->clean[m] = false;
            continue;
        }
        c->clean[m] = false;
        const int r = c->ring[m];
        const uint32_t slots = (uint32_t)r * (uint32_t)r;
        const uint32_t count = (slots + SWEEP_FRAMES - 1u) / SWEEP_FRAMES;
        const double side = c->side[m], reach2 = c->reach[m] * c->reach[m];
        const int ei = (int)floor((double)eye[0] / side), ej = (int)floor((double)eye[2] / side);
        const int lo_i = ei - (r - 1) / 2, lo_j = ej - (r - 1) / 2; /* the ring's window of tiles */
        if (!want_room(c, wants + count)) continue;
        if (c->cycle_left[m] == 0) { /* a new sweep of the whole ring starts: the eye it is clean about */
            c->cycle_left[m] = slots;
            c->cycle_found[m] = 0;
            c->cycle_x[m] = (double)eye[0];
            c->cycle_z[m] = (double)eye[2];
        }
        uint32_t l = c->sweep[m] % slots;
        for (uint32_t q = 0; q < count; q++, l = l + 1u == slots ? 0u : l + 1u) {
            int a = (int)(l % (uint32_t)r), b = (int)(l / (uint32_t)r);
            int ti = lo_i + ring_mod(a - lo_i, r), tj = lo_j + ring_mod(b - lo_j, r);
            const place_cache_slot *sl = &c->slots[c->base[m] + l];
            if (sl->used == c->stamp || (sl->held && sl->ti == ti && sl->tj == tj)) continue;
            double d2 = square_dist2(c, m, ti, tj, eye);
            if (d2 > reach2 || !class_possible(scene, idx, m, ti, tj) || !in_window(scene, c, m, ti, tj)) continue;
            c->want[wants++] = (place_cache_want){d2, 2u, c->base[m] + l, ti, tj, m};
        }
        c->sweep[m] = l;
        c->cycle_left[m] = c->cycle_left[m] > count ? c->cycle_left[m] - count : 0u;
        if (c->cycle_left[m] == 0) swept_whole |= 1ull << m; /* this frame ended a sweep of the whole ring */
    }
    size_t ahead = 0;
    if (wants) {
        size_t keep = budget < wants ? budget : wants;
        place_cache_nearest_first(c->want, wants, keep);
        for (size_t w = 0; w < keep; w++) {
            const place_cache_want *q = &c->want[w];
            take(c, q->index, q->ti, q->tj, st);
            const int level = q->cls % PLACE_LEVELS;
            place[now + ahead++] = (sw_tile){.ci0 = q->ti * ((int)SW_TILE_CELLS << level),
                                             .cj0 = q->tj * ((int)SW_TILE_CELLS << level),
                                             .material = (sw_uint)(q->cls / PLACE_LEVELS), .slot = q->index,
                                             .level = (sw_uint)level};
        }
    }
    /* A clean ring whose crescent was placed whole is clean about this eye; else the next crescent starts from
     * the same clean eye and takes what K left this time. A sweep of the whole ring that left nothing unplaced
     * makes the ring clean about the sweep's first eye: every tile within reach of the eyes it saw is held (tiles
     * that only the first eye reached lie behind the camera; a view that needs them places them as needed). */
    for (int m = 0; m < c->class_count; m++) {
        uint32_t left = 0;
        for (size_t w = ahead; w < wants; w++) left += c->want[w].cls == m;
        if (c->clean[m]) {
            if (!left) {
                c->clean_x[m] = (double)eye[0];
                c->clean_z[m] = (double)eye[2];
            }
            continue;
        }
        c->cycle_found[m] += left;
        if ((swept_whole >> m & 1u) && c->cycle_found[m] == 0 && c->full_ring[m]) {
            c->clean[m] = true;
            c->clean_x[m] = c->cycle_x[m];
            c->clean_z[m] = c->cycle_z[m];
        }
    }
    st->ahead = (uint32_t)ahead;
}
