/* clusters.c — the camera-local cache of placed mesh-asset clusters (SPEC SC1 for PL8 and SC4; the rules are in
 * place.h). The grass's tile cache (cache.c) for the assets: the same slots, wants and order (nearest first, the
 * camera's before the rest), rings per asset instead of per tile class. Pure CPU bookkeeping: which slot holds
 * which cluster and which clusters the GPU places this frame (asset_place.comp.glsl). O(clusters within the
 * ahead reaches) a frame: an asset's clusters are large (32 x 32 cells of its grid), a few hundred at most. */
#include "place/place.h"

#include "core/core.h"
#include "world/stream.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The margin placed ahead of the camera beyond an asset's reach: this fraction of it, and at least half a
 * cluster, so that a moving camera finds the clusters it comes to placed. */
#define AHEAD_FRACTION 0.15f

static float ahead_of(float reach, float side)
{
    return reach + fmaxf(AHEAD_FRACTION * reach, 0.5f * side);
}

/* Clusters of the asset along one side of the terrain: a ring this wide holds every one of them. */
static int terrain_side(const sward_scene *s, float side)
{
    float half = 0.5f * s->terrain.size;
    return (int)floorf(half / side) - (int)floorf(-half / side) + 1;
}

uint32_t place_cluster_rings(const sward_scene *scene, const float reach[WORLD_MAX_ASSETS], uint64_t budget_bytes,
                             int ring[WORLD_MAX_ASSETS])
{
    const int n = scene->asset_count;
    uint64_t total = 0;
    for (int a = 0; a < n; a++) {
        float side = place_asset_spacing(&scene->assets[a]) * (float)SW_CLUSTER_CELLS;
        double c = ceil((double)ahead_of(reach[a], side) / (double)side);
        int r = c < 16384.0 ? 2 * (int)c + 1 : 32769;
        int most = terrain_side(scene, side);
        ring[a] = r < most ? r : most;
        if (ring[a] < 1) ring[a] = 1;
        total += (uint64_t)ring[a] * (uint64_t)ring[a];
    }
    uint64_t allowed = budget_bytes / PLACE_CLUSTER_SLOT_BYTES;
    if (allowed < (uint64_t)n) allowed = (uint64_t)n;
    if (total > allowed) {
        /* Over budget: every ring shrinks by the same factor, then the largest by one until they fit (cache.c). */
        double f = sqrt((double)allowed / (double)total);
        total = 0;
        for (int a = 0; a < n; a++) {
            ring[a] = (int)floor((double)ring[a] * f);
            if (ring[a] < 1) ring[a] = 1;
            total += (uint64_t)ring[a] * (uint64_t)ring[a];
        }
        while (total > allowed) {
            int big = 0;
            for (int a = 1; a < n; a++)
                if (ring[a] > ring[big]) big = a;
            if (ring[big] <= 1) break;
            total -= (uint64_t)ring[big] * (uint64_t)ring[big];
            ring[big]--;
            total += (uint64_t)ring[big] * (uint64_t)ring[big];
        }
    }
    return (uint32_t)total;
}

sward_result place_cluster_cache_init(place_cluster_cache *c, const sward_scene *scene,
                                      const float reach[WORLD_MAX_ASSETS], uint64_t budget_bytes, sward_error *err)
{
    memset(c, 0, sizeof *c);
    c->count = scene->asset_count;
    c->slot_count = place_cluster_rings(scene, reach, budget_bytes, c->ring);
    uint32_t base = 0;
    for (int a = 0; a < c->count; a++) {
        c->base[a] = base;
        base += (uint32_t)c->ring[a] * (uint32_t)c->ring[a];
        c->side[a] = place_asset_spacing(&scene->assets[a]) * (float)SW_CLUSTER_CELLS;
        c->reach[a] = reach[a];
        c->ahead[a] = ahead_of(reach[a], c->side[a]);
    }
    c->bound = place_asset_clusters_bound(scene, c->ahead);
    c->slots = c->slot_count ? calloc(c->slot_count, sizeof *c->slots) : NULL;
    c->want = calloc(c->bound ? c->bound : 1u, sizeof *c->want);
    c->want_cap = c->bound;
    if ((c->slot_count && !c->slots) || !c->want) {
        place_cluster_cache_free(c);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for an asset cluster cache",
                         scene->name);
    }
    return SWARD_OK;
}

void place_cluster_cache_free(place_cluster_cache *c)
{
    free(c->slots);
    free(c->want);
    memset(c, 0, sizeof *c);
}

static int ring_mod(int v, int r)
{
    int m = v % r;
    return m < 0 ? m + r : m;
}

uint32_t place_cluster_slot_of(const place_cluster_cache *c, int asset, int i, int j)
{
    int r = c->ring[asset];
    return c->base[asset] + (uint32_t)ring_mod(j, r) * (uint32_t)r + (uint32_t)ring_mod(i, r);
}

/* Can the camera see anything of the cluster: its square grown by the asset's size (reach less draw distance),
 * at any height, against the frustum's planes (the box's positive vertex, as tiles.c tests). */
static bool in_camera(const float *frustum, double x0, double z0, double x1, double z1)
{
    if (!frustum) return true;
    const double y0 = -1.0e5, y1 = 1.0e5;
    for (int p = 0; p < 6; p++) {
        const float *pl = frustum + 4 * p;
        double x = pl[0] >= 0.0f ? x1 : x0, y = pl[1] >= 0.0f ? y1 : y0, z = pl[2] >= 0.0f ? z1 : z0;
        if ((double)pl[0] * x + (double)pl[1] * y + (double)pl[2] * z + (double)pl[3] < 0.0) return false;
    }
    return true;
}

/* A streamed world (BX5, BX7): has every page the cluster's placement reads arrived? One placed from a slot still
 * waiting for its page would be cached wrong. */
static bool arrived(const sward_scene *scene, float side, int i, int j)
{
    if (!scene->terrain.stream) return true;
    const double s = (double)side, pad = 1e-3;
    return world_stream_holds(&scene->terrain, (double)i * s - pad, (double)j * s - pad, (double)(i + 1) * s + pad,
                              (double)(j + 1) * s + pad);
}

size_t place_cluster_cache_frame(place_cluster_cache *c, const sward_scene *scene, const float eye[3],
                                 const float *frustum, uint32_t k, bool teleport, sw_cluster *list,
                                 uint32_t per_asset[WORLD_MAX_ASSETS], sw_cluster *place, size_t *n_place,
                                 place_cache_stats *st)
{
    memset(st, 0, sizeof *st);
    if (++c->stamp == 0) c->stamp = 1; /* 0 is "never" */
    size_t n = 0, wants = 0;
    /* 1. Every cluster within the ahead reach: the needed ones (within reach, in place_asset_clusters' order and
     * test) into the list, keeping their slots if held; the others not held are wanted. */
    for (int a = 0; a < c->count; a++) {
        const world_asset *as = &scene->assets[a];
        const float side = c->side[a], reach = c->reach[a], ahead = c->ahead[a];
        const float grow = fmaxf(reach - as->draw_distance, 0.0f);
        int i0, i1, j0, j1, ni0, ni1, nj0, nj1;
        place_asset_cluster_range(scene, as, eye, ahead, &i0, &i1, &j0, &j1);
        place_asset_cluster_range(scene, as, eye, reach, &ni0, &ni1, &nj0, &nj1);
        for (int j = j0; j <= j1; j++)
            for (int i = i0; i <= i1; i++) {
                float cx = fmaxf((float)i * side, fminf(eye[0], (float)(i + 1) * side));
                float cz = fmaxf((float)j * side, fminf(eye[2], (float)(j + 1) * side));
                float dx = cx - eye[0], dz = cz - eye[2], d2 = dx * dx + dz * dz;
                if (d2 > ahead * ahead || wants >= c->want_cap) continue;
                const bool needed = !(d2 > reach * reach) && i >= ni0 && i <= ni1 && j >= nj0 && j <= nj1;
                const uint32_t s = place_cluster_slot_of(c, a, i, j);
                place_cache_slot *sl = &c->slots[s];
                const bool has = sl->held && sl->ti == i && sl->tj == j;
                if (needed) {
                    list[n] = (sw_cluster){.ci0 = i * (int)SW_CLUSTER_CELLS, .cj0 = j * (int)SW_CLUSTER_CELLS,
                                           .asset = (sw_uint)a, .slot = has ? s : UINT32_MAX};
                    if (has) sl->used = c->stamp;
                    else {
                        bool cam = in_camera(frustum, (double)i * side - grow, (double)j * side - grow,
                                             (double)(i + 1) * side + grow, (double)(j + 1) * side + grow);
                        c->want[wants++] = (place_cache_want){d2, cam ? 0u : 1u, (uint32_t)n, i, j, a};
                    }
                    n++;
                } else if (!has) {
                    c->want[wants++] = (place_cache_want){d2, 2u, s, i, j, a};
                }
            }
    }
    /* 2. The wanted ones: the camera's, then the rest of the reach, then ahead, each nearest first, as many as k
     * allows (a teleport: every needed one, uncounted). */
    uint32_t budget = k;
    size_t np = 0;
    place_cache_nearest_first(c->want, wants, wants);
    for (size_t w = 0; w < wants; w++) {
        const place_cache_want *q = &c->want[w];
        const bool needed = q->list < 2u, free_now = teleport && needed;
        if (!free_now && budget == 0) {
            if (needed) continue;
            break;
        }
        const uint32_t s = place_cluster_slot_of(c, q->cls, q->ti, q->tj);
        place_cache_slot *sl = &c->slots[s];
        if (sl->used == c->stamp) continue; /* a needed cluster holds the slot, or one placed now took it */
        if (!arrived(scene, c->side[q->cls], q->ti, q->tj)) continue;
        if (sl->held) st->evicted++;
        else c->held++;
        *sl = (place_cache_slot){.ti = q->ti, .tj = q->tj, .used = c->stamp, .held = 1};
        if (!free_now) budget--;
        if (needed) list[q->index].slot = s, st->now++;
        else st->ahead++;
        place[np++] = (sw_cluster){.ci0 = q->ti * (int)SW_CLUSTER_CELLS, .cj0 = q->tj * (int)SW_CLUSTER_CELLS,
                                   .asset = (sw_uint)q->cls, .slot = s};
    }
    /* 3. The list without the clusters not placed (drawn from a later frame). */
    size_t kept = 0;
    memset(per_asset, 0, WORLD_MAX_ASSETS * sizeof *per_asset);
    for (size_t i = 0; i < n; i++) {
        if (list[i].slot == UINT32_MAX) {
            st->missing++;
            continue;
        }
        per_asset[list[i].asset]++;
        list[kept++] = list[i];
    }
    *n_place = np;
    return kept;
}
