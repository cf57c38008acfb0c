/* tiles.c — which render tiles of which material lie near the camera (SPEC SC2, SC3 first part, PL4;
 * DESIGN "Performance model": per-frame CPU work is O(tiles), candidates ∝ area within draw distance).
 *
 * Tiles are SW_TILE_CELLS x SW_TILE_CELLS cells of a material's grid, anchored at cell (0, 0), so tile ti
 * covers cells [ti * 32, ti * 32 + 32) and the world interval [ti * 32 s, (ti + 1) * 32 s] for spacing s:
 * the tiling is a function of the material alone, never of the camera (PL4). A tile is kept when its box
 * meets the terrain square and the draw-distance sphere (closest point of the box) and is not wholly outside
 * one frustum plane (the box's positive vertex, as in Gribb and Hartmann / Real-Time Rendering 22.10). The
 * boxes are padded by a few float ulps, since candidate positions are rounded floats; a tile too many costs
 * one empty workgroup, a tile too few a visible hole. */
#include "place/place.h"

#include <assert.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* floor(v) + offset clamped to [lo, hi], in double: coordinates far outside the map or grid (a tiny density
 * makes a tile kilometres wide) never reach an int conversion or an int addition that overflows. NaN gives
 * lo. */
static int floor_clamped(double v, double offset, int lo, int hi)
{
    double f = floor(v) + offset;
    if (!(f > (double)lo)) return lo;
    if (f >= (double)hi) return hi;
    return (int)f;
}

/* Tile indices stay where ti * (SW_TILE_CELLS << level) (and ti + 1) fit an int. */
#define TILE_INDEX_MAX_AT(level) (INT_MAX / ((int)SW_TILE_CELLS << (level)) - 1)
#define TILE_INDEX_MAX TILE_INDEX_MAX_AT(0)

/* Padding of tile boxes for float rounding of blade positions (ulp of float at the terrain's edge). */
static double tile_eps(const world_terrain *t)
{
    return 1e-3 + 8.0 * (double)FLT_EPSILON * (0.5 * (double)t->size + 1.0);
}

static double tile_side(const world_material *m)
{
    return (double)SW_TILE_CELLS * (double)place_spacing(m);
}

double place_tile_side(const world_material *m, int level)
{
    return tile_side(m) * (double)(1 << level);
}

double place_level_distance(float thin_distance, int level)
{
    /* sw_thin_cutoff(R) = (thin / R)^2 (1 + band) = 4^-level; a thousandth farther for the float rounding of
     * the shaders' cutoff and of the blades' positions */
    if (level <= 0) return 0.0;
    return (double)thin_distance * (double)(1 << level) * sqrt(1.0 + (double)SW_THIN_BAND) * 1.001;
}

size_t place_tiles_bound(const sward_scene *scene)
{
    assert(scene);
    const world_terrain *t = &scene->terrain;
    double eps = tile_eps(t);
    double len = fmin(2.0 * (double)scene->render.draw_distance, (double)t->size) + 2.0 * eps;
    size_t total = 0;
    for (int k = 0; k < scene->material_count; k++)
        for (int level = 0; level < PLACE_LEVELS; level++) {
            /* An interval of length len meets at most floor(len / T) + 2 tiles of side T; one more for margin. */
            size_t per_axis = (size_t)floor(len / place_tile_side(&scene->materials[k], level)) + 3u;
            total += per_axis * per_axis;
        }
    return total;
}

/* PL5: can type k grow anywhere in world x [xlo, xhi], z [zlo, zhi] (candidate positions, before the clump
 * pull)? Looks up the coarse presence mask over the texels a candidate there may gather (sw_map_locate's
 * 2x2, padded by a texel for rounding). Scenes without maps: always. */
static bool type_present(const world_terrain *t, int k, double xlo, double xhi, double zlo, double zhi)
{
    if (!t->type_presence || t->map_res < 1 || t->presence_res < 1) return true;
    const double inv = (double)t->map_res / (double)t->size, half = 0.5 * (double)t->size;
    const int res = t->map_res;
    const int i0 = floor_clamped((xlo + half) * inv - 0.5, -1.0, 0, res - 1);
    const int i1 = floor_clamped((xhi + half) * inv - 0.5, 2.0, 0, res - 1);
    const int j0 = floor_clamped((zlo + half) * inv - 0.5, -1.0, 0, res - 1);
    const int j1 = floor_clamped((zhi + half) * inv - 0.5, 2.0, 0, res - 1);
    const int pr = t->presence_res, P = WORLD_PRESENCE_TEXELS;
    const uint16_t bit = (uint16_t)(1u << k);
    for (int cj = j0 / P; cj <= j1 / P; cj++)
        for (int ci = i0 / P; ci <= i1 / P; ci++)
            if (t->type_presence[cj * pr + ci] & bit) return true;
    return false;
}

static bool box_outside_plane(const float p[4], const double lo[3], const double hi[3])
{
    double px = p[0] >= 0.0f ? hi[0] : lo[0];
    double py = p[1] >= 0.0f ? hi[1] : lo[1];
    double pz = p[2] >= 0.0f ? hi[2] : lo[2];
    return (double)p[0] * px + (double)p[1] * py + (double)p[2] * pz + (double)p[3] < 0.0;
}

/* Is the whole box on the inside of the plane (its nearest corner to the plane's back)? */
static bool box_inside_plane(const float p[4], const double lo[3], const double hi[3])
{
    double px = p[0] >= 0.0f ? lo[0] : hi[0];
    double py = p[1] >= 0.0f ? lo[1] : hi[1];
    double pz = p[2] >= 0.0f ? lo[2] : hi[2];
    return (double)p[0] * px + (double)p[1] * py + (double)p[2] * pz + (double)p[3] >= 0.0;
}

/* Tiles of a row tested together first (place_choose_tiles). */
#define TILE_RUN 16

static double axis_gap(double v, double lo, double hi)
{
    return v < lo ? lo - v : (v > hi ? v - hi : 0.0);
}

/* A material's tile geometry: the side, and how far its tile boxes reach beyond the cells (eps, the clump
 * pull) and above the roots (lean: the tallest blade, clump height scale included, leaning that far). */
typedef struct tile_geom {
    double side, pull, lean;
} tile_geom;

static tile_geom geom_of(const world_material *m, int level)
{
    tile_geom g;
    g.side = place_tile_side(m, level);
    /* The clump pull moves a root at most pull x sqrt(2) clump sizes (the nearest clump point is at most a cell
     * diagonal away), so the root boxes grow by that. */
    g.pull = (double)m->clump.pull * 1.5 * (double)m->clump.size;
    g.lean = (double)m->height[1] * (1.0 + (m->clump.size > 0.0f ? (double)m->clump.height_variation : 0.0));
    return g;
}

/* Can tile (ti, tj) of material k hold a blade at all, whatever the view: its type is in the type map around
 * it (PL5) and its root box meets the terrain square. View-independent, so place_tile_index keeps it. */
static bool tile_possible(const world_terrain *t, int k, const tile_geom *g, double eps, int ti, int tj)
{
    const double half = 0.5 * (double)t->size, side = g->side;
    if (!type_present(t, k, (double)ti * side, (double)(ti + 1) * side, (double)tj * side, (double)(tj + 1) * side))
        return false;
    double lox = (double)ti * side - eps - g->pull, hix = (double)(ti + 1) * side + eps + g->pull;
    double loz = (double)tj * side - eps - g->pull, hiz = (double)(tj + 1) * side + eps + g->pull;
    return !(hix < -half || lox > half || hiz < -half || loz > half);
}

/* The tiles of material k that meet the terrain square: [i0, i0 + n) in each direction. */
static void tile_span(const world_terrain *t, const tile_geom *g, double eps, int *i0, int *n)
{
    const double half = 0.5 * (double)t->size;
    int a = floor_clamped((-half - eps - g->pull) / g->side, -1.0, -TILE_INDEX_MAX, TILE_INDEX_MAX);
    int b = floor_clamped((half + eps + g->pull) / g->side, 1.0, -TILE_INDEX_MAX, TILE_INDEX_MAX);
    *i0 = a;
    *n = b - a + 1;
}

#define INDEX_MAX_BITS (8u << 20) /* per tile class: 1 MiB; larger worlds look presence up per tile */

void place_tile_index_build(const sward_scene *scene, place_tile_index *idx)
{
    memset(idx, 0, sizeof *idx);
    const world_terrain *t = &scene->terrain;
    const double eps = tile_eps(t);
    size_t words = 0;
    for (int k = 0; k < scene->material_count * PLACE_LEVELS; k++) {
        tile_geom g = geom_of(&scene->materials[k / PLACE_LEVELS], k % PLACE_LEVELS);
        place_tile_bits *b = &idx->cls[k];
        tile_span(t, &g, eps, &b->ti0, &b->n);
        b->tj0 = b->ti0;
        b->words = (b->n + 63) / 64;
        if ((uint64_t)b->words * 64u * (uint64_t)b->n > INDEX_MAX_BITS) {
            b->n = 0; /* too large: no index for this class */
            continue;
        }
        b->offset = words;
        words += (size_t)b->words * (size_t)b->n;
    }
    idx->bits = words ? calloc(words, sizeof *idx->bits) : NULL;
    if (words && !idx->bits) { /* no memory: choose tiles without the index */
        memset(idx, 0, sizeof *idx);
        return;
    }
    for (int k = 0; k < scene->material_count * PLACE_LEVELS; k++) {
        place_tile_bits *b = &idx->cls[k];
        if (b->n == 0) continue;
        tile_geom g = geom_of(&scene->materials[k / PLACE_LEVELS], k % PLACE_LEVELS);
        uint64_t *bits = idx->bits + b->offset;
        for (int j = 0; j < b->n; j++)
            for (int i = 0; i < b->n; i++)
                if (tile_possible(t, k / PLACE_LEVELS, &g, eps, b->ti0 + i, b->tj0 + j))
                    bits[(size_t)j * (size_t)b->words + (size_t)(i >> 6)] |= 1ull << (i & 63);
        b->ready = true;
    }
}

void place_tile_index_free(place_tile_index *idx)
{
    free(idx->bits);
    memset(idx, 0, sizeof *idx);
}

/* Bits k of the result: tile r0 + k (k < count, count <= 32, bit k of want set) of row tj is possible
 * (tile_possible), from the index where it has the material, else tile by tile. */
static uint32_t run_mask(const world_terrain *t, const place_tile_index *idx, int k, int level, const tile_geom *g,
                         double eps, int r0, int count, int tj, uint32_t want)
{
    const place_tile_bits *b = idx ? &idx->cls[place_class((uint32_t)k, (uint32_t)level)] : NULL;
    uint32_t m = 0;
    if (b && b->ready) {
        int j = tj - b->tj0;
        if (j < 0 || j >= b->n) return 0;
        const uint64_t *row = idx->bits + b->offset + (size_t)j * (size_t)b->words;
        int i = r0 - b->ti0, lo = i < 0 ? -i : 0; /* bits before the row's first tile are 0 */
        if (i + count > b->n) count = b->n - i;
        if (lo >= count) return 0;
        int first = i + lo, w = first >> 6, sh = first & 63;
        uint64_t bits = row[w] >> sh;
        if (sh && w + 1 < b->words) bits |= row[w + 1] << (64 - sh);
        uint64_t keep = (count - lo) >= 64 ? ~0ull : ((1ull << (count - lo)) - 1ull);
        return (uint32_t)((bits & keep) << lo) & want;
    }
    for (int q = 0; q < count; q++)
        if ((want >> q & 1u) && tile_possible(t, k, g, eps, r0 + q, tj)) m |= 1u << q;
    return m;
}

bool place_tile_possible(const sward_scene *scene, const place_tile_index *idx, int material, int level, int ti,
                         int tj)
{
    const tile_geom g = geom_of(&scene->materials[material], level);
    return run_mask(&scene->terrain, idx, material, level, &g, tile_eps(&scene->terrain), ti, 1, tj, 1u) != 0u;
}

double place_tile_reach(const world_material *m)
{
    const tile_geom g = geom_of(m, 0);
    return g.pull;
}

/* SC5: the tiles of row tj of a level that can take their place (level_takes): those in [*a, *b] (narrowed from
 * the caller's) whose parent's box may come within r_out, less the run [*s0, *s1] whose own boxes surely come
 * within r_in (empty: s0 > s1). An empty row gets a > b. Conservative by a tile at every end. */
static void row_span(double ex, double ez, double side, double pad, int tj, double r_in, double r_out, int *a,
                     int *b, int *s0, int *s1)
{
    if (r_out < INFINITY) {
        const double ps = 2.0 * side;
        const int pj = sw_floor_shift(tj, 1u);
        const double gzp = axis_gap(ez, (double)pj * ps - pad, (double)(pj + 1) * ps + pad);
        if (gzp >= r_out) {
            *a = 1, *b = 0;
            return;
        }
        const double wp = sqrt(r_out * r_out - gzp * gzp);
        const double p0 = floor((ex - wp - pad) / ps) - 1.0, p1 = floor((ex + wp + pad) / ps) + 1.0;
        if (2.0 * p0 > (double)*a) *a = (int)(2.0 * p0);
        if (2.0 * p1 + 1.0 < (double)*b) *b = (int)(2.0 * p1 + 1.0);
    }
    const double gz = axis_gap(ez, (double)tj * side - pad, (double)(tj + 1) * side + pad);
    if (r_in > 0.0 && gz < r_in) {
        const double w = sqrt(r_in * r_in - gz * gz);
        *s0 = (int)floor((ex - w - pad) / side) + 2;
        *s1 = (int)floor((ex + w + pad) / side) - 2;
    }
}

/* SC5: does a level's tile (ti, tj) take its place in the quadtree of levels: its own box (padded by pad) at
 * least r_in from the eye horizontally (its left-out cells are thinned away everywhere in it) and its parent's
 * closer than r_out (the parent would leave out cells kept here)? Both tests are monotonic up the tree, so every
 * point of the ground has exactly one level. */
static bool level_takes(double ex, double ez, double side, double pad, int ti, int tj, double r_in, double r_out)
{
    if (r_in > 0.0) {
        double gx = axis_gap(ex, (double)ti * side - pad, (double)(ti + 1) * side + pad);
        double gz = axis_gap(ez, (double)tj * side - pad, (double)(tj + 1) * side + pad);
        if (gx * gx + gz * gz < r_in * r_in) return false;
    }
    if (r_out < INFINITY) {
        int pi = sw_floor_shift(ti, 1u), pj = sw_floor_shift(tj, 1u);
        double ps = 2.0 * side;
        double gx = axis_gap(ex, (double)pi * ps - pad, (double)(pi + 1) * ps + pad);
        double gz = axis_gap(ez, (double)pj * ps - pad, (double)(pj + 1) * ps + pad);
        if (gx * gx + gz * gz >= r_out * r_out) return false;
    }
    return true;
}

/* Do all tiles r0..r1 of row tj take their place (level_takes), from the run's ends alone: the nearest tile's own
 * box is the run's nearest, the farthest parent is one of the two at its ends (a box's gap is unimodal along x). */
static bool run_takes(double ex, double ez, double side, double pad, int r0, int r1, int tj, double r_in,
                      double r_out)
{
    if (r_in > 0.0) {
        double gx = axis_gap(ex, (double)r0 * side - pad, (double)(r1 + 1) * side + pad);
        double gz = axis_gap(ez, (double)tj * side - pad, (double)(tj + 1) * side + pad);
        if (gx * gx + gz * gz < r_in * r_in) return false;
    }
    if (r_out < INFINITY) {
        const double ps = 2.0 * side;
        const int p0 = sw_floor_shift(r0, 1u), p1 = sw_floor_shift(r1, 1u);
        const int pj = sw_floor_shift(tj, 1u);
        double gz = axis_gap(ez, (double)pj * ps - pad, (double)(pj + 1) * ps + pad);
        double gx = fmax(axis_gap(ex, (double)p0 * ps - pad, (double)(p0 + 1) * ps + pad),
                         axis_gap(ex, (double)p1 * ps - pad, (double)(p1 + 1) * ps + pad));
        if (gx * gx + gz * gz >= r_out * r_out) return false;
    }
    return true;
}

size_t place_choose_tiles(const sward_scene *scene, const place_view *view, bool cull, sw_tile *out,
                          size_t *in_range)
{
    return place_choose_tiles_indexed(scene, NULL, view, cull, out, in_range);
}

size_t place_choose_tiles_indexed(const sward_scene *scene, const place_tile_index *idx, const place_view *view,
                                  bool cull, sw_tile *out, size_t *in_range)
{
    assert(scene && view && out);
    const world_terrain *t = &scene->terrain;
    const double eps = tile_eps(t);
    /* Capped by the scene's distance, which place_tiles_bound is computed for. */
    const double dd = fmin((double)view->draw_distance, (double)scene->render.draw_distance);
    const double ex = (double)view->eye[0], ey = (double)view->eye[1], ez = (double)view->eye[2];
    const double half = 0.5 * (double)t->size;
    const size_t bound = place_tiles_bound(scene);
    size_t n = 0;
    if (in_range) *in_range = 0;
    if (!(dd >= 0.0)) return 0;

    /* The part of the terrain square within the sphere's square shadow; empty means nothing to draw. */
    double xlo = fmax(-half, ex - dd) - eps, xhi = fmin(half, ex + dd) + eps;
    double zlo = fmax(-half, ez - dd) - eps, zhi = fmin(half, ez + dd) + eps;
    if (xlo > xhi || zlo > zhi) return 0;

    const int top = view->thin_distance > 0.0f ? PLACE_LEVELS - 1 : 0;
    for (int k = 0; k < scene->material_count; k++)
    for (int level = 0; level <= top; level++) { /* one loop body: the levels of a material, as its own grid */
        const tile_geom g = geom_of(&scene->materials[k], level);
        const double side = g.side, pull = g.pull, lean = g.lean;
        /* SC5: this level's ring of distances, and the square around the eye its tiles can lie in */
        const double r_in = place_level_distance(view->thin_distance, level);
        const double r_out = level < top ? place_level_distance(view->thin_distance, level + 1) : INFINITY;
        const double reach = fmin(dd, r_out + 3.0 * side + pull + eps);
        const double lxlo = fmax(xlo, ex - reach - eps), lxhi = fmin(xhi, ex + reach + eps);
        const double lzlo = fmax(zlo, ez - reach - eps), lzhi = fmin(zhi, ez + reach + eps);
        if (lxlo > lxhi || lzlo > lzhi) continue;
        const int imax = TILE_INDEX_MAX_AT(level);
        const int ti0 = floor_clamped(lxlo / side, 0.0, -imax, imax);
        const int ti1 = floor_clamped(lxhi / side, 0.0, -imax, imax);
        const int tj0 = floor_clamped(lzlo / side, 0.0, -imax, imax);
        const int tj1 = floor_clamped(lzhi / side, 0.0, -imax, imax);
        for (int tj = tj0; tj <= tj1; tj++) {
            /* SC5: the row's tiles whose parent can be near enough ([a, b]) less those surely nearer than the
             * level's distance ([s0, s1]); level_takes decides the tiles at the edges of both */
            int a = ti0, b = ti1, s0 = 1, s1 = 0;
            if (top > 0)
                row_span(ex, ez, side, eps + pull, tj, r_in, r_out, &a, &b, &s0, &s1);
            /* Runs of TILE_RUN tiles of a row are tested as one box first: a run beyond the draw distance is
             * skipped, one wholly within it or wholly inside (or outside) the frustum spares its tiles those
             * tests. The run's box contains its tiles' boxes, so every answer is the tiles' own (the tests are
             * monotonic in the box's corners, rounding included): the same tiles in the same order. */
            for (int r0 = a, r1; r0 <= b; r0 = r1 + 1) {
                if (r0 >= s0 && r0 <= s1) r0 = s1 + 1;
                if (r0 > b) break;
                r1 = r0 + TILE_RUN - 1 < b ? r0 + TILE_RUN - 1 : b;
                if (r0 < s0 && r1 >= s0 && s0 <= s1) r1 = s0 - 1;
                double rlo[3] = {(double)r0 * side - eps - pull, (double)t->min_y - eps, (double)tj * side - eps - pull};
                double rhi[3] = {(double)(r1 + 1) * side + eps + pull, (double)t->max_y + eps,
                                 (double)(tj + 1) * side + eps + pull};
                double gx = axis_gap(ex, rlo[0], rhi[0]), gy = axis_gap(ey, rlo[1], rhi[1]);
                double gz = axis_gap(ez, rlo[2], rhi[2]);
                if (gx * gx + gy * gy + gz * gz > dd * dd) continue;
                double fx = fmax(ex - rlo[0], rhi[0] - ex), fy = fmax(ey - rlo[1], rhi[1] - ey);
                double fz = fmax(ez - rlo[2], rhi[2] - ez);
                /* SC5: the run's tiles at this level, before the costlier tests: none where the whole run is nearer
                 * than the level's distance, or so far that every parent is beyond the next level's */
                uint32_t at_level = (1u << (r1 - r0 + 1)) - 1u;
                if (top > 0) {
                    if (fx * fx + fz * fz < r_in * r_in) continue;
                    if (r_out < INFINITY && sqrt(gx * gx + gz * gz) - 2.83 * side >= r_out) continue;
                    if (!run_takes(ex, ez, side, eps + pull, r0, r1, tj, r_in, r_out))
                        for (int q = 0; q <= r1 - r0; q++)
                            if (!level_takes(ex, ez, side, eps + pull, r0 + q, tj, r_in, r_out)) at_level &= ~(1u << q);
                    if (!at_level) continue;
                }
                const uint32_t possible = run_mask(t, idx, k, level, &g, eps, r0, r1 - r0 + 1, tj, at_level);
                if (!possible) continue;
                const bool all_near = fx * fx + fy * fy + fz * fz <= dd * dd;
                int frustum = 1; /* 1: every tile inside, -1: every tile outside, 0: test each */
                unsigned straddled = 0; /* the planes the run crosses: the only ones its tiles need testing */
                if (cull) {
                    double blo[3] = {rlo[0] - lean, rlo[1], rlo[2] - lean};
                    double bhi[3] = {rhi[0] + lean, rhi[1] + lean, rhi[2] + lean};
                    for (int p = 0; p < 6 && frustum >= 0; p++) {
                        if (box_outside_plane(view->frustum + 4 * p, blo, bhi)) frustum = -1;
                        else if (!box_inside_plane(view->frustum + 4 * p, blo, bhi)) straddled |= 1u << p;
                    }
                    if (frustum > 0 && straddled) frustum = 0;
                }
                if (frustum < 0) {
                    if (!in_range) continue;
                    if (all_near) { /* in range, none in view: only counted */
                        *in_range += (size_t)__builtin_popcount(possible);
                        continue;
                    }
                }
                for (uint32_t bits = possible; bits; bits &= bits - 1u) {
                    const int ti = r0 + __builtin_ctz(bits);
                    double lo[3] = {(double)ti * side - eps - pull, (double)t->min_y - eps, (double)tj * side - eps - pull};
                    double hi[3] = {(double)(ti + 1) * side + eps + pull, (double)t->max_y + eps,
                                    (double)(tj + 1) * side + eps + pull};
                    if (!all_near) {
                        double tx = axis_gap(ex, lo[0], hi[0]), ty = axis_gap(ey, lo[1], hi[1]);
                        double tz = axis_gap(ez, lo[2], hi[2]);
                        if (tx * tx + ty * ty + tz * tz > dd * dd) continue;
                    }
                    if (in_range) ++*in_range;
                    if (frustum < 0) continue;
                    if (frustum == 0) {
                        /* Whole blades: up to their height above the roots and leaning that far sideways. */
                        double blo[3] = {lo[0] - lean, lo[1], lo[2] - lean};
                        double bhi[3] = {hi[0] + lean, hi[1] + lean, hi[2] + lean};
                        bool outside = false;
                        for (unsigned ps = straddled; ps && !outside; ps &= ps - 1u)
                            outside = box_outside_plane(view->frustum + 4 * __builtin_ctz(ps), blo, bhi);
                        if (outside) continue;
                    }
                    if (n >= bound) { /* cannot happen (test_tiles_bound); never write past the caller's memory */
                        assert(n < bound && "place_tiles_bound is too small");
                        return n;
                    }
                    out[n++] = (sw_tile){.ci0 = ti * ((int)SW_TILE_CELLS << level),
                                         .cj0 = tj * ((int)SW_TILE_CELLS << level), .material = (sw_uint)k,
                                         .slot = 0u, .level = (sw_uint)level};
                }
            }
        }
    }
    assert(n <= bound);
    return n;
}
