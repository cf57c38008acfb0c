/* tree_grow.c — the stems of the Weber-Penn model (tree.h), level by level, into the generator's skeleton: each
 * stem is curve_res segments bent by curve / curve_back / curve_v (positive turns up), tapered, with clones split
 * off at its segment points (nSegSplits, error-diffused; the trunk's BaseSplits at base_size), children spread
 * along it (a spiral by nRotate, or whorls) leaving at nDownAngle, their length from the parent's and, on the
 * trunk, the shape ratio of their height in the crown; stems of level >= 2 turn up by AttractionUp; stems of level
 * >= 1 are shortened into the pruning envelope (PruneRatio). A stem's polyline has its own random stream, so its
 * pruned trials bend exactly as the stem that is kept. */
#include "assets/tree.h"

#include <string.h>

#define DEG 0.0174532925f
#define TWO_PI 6.28318531f
#define PRUNE_STEP 0.9f  /* each pruning trial shortens the stem by this factor */
#define PRUNE_TRIES 30   /* 0.9^30 = 4 %: a stem that does not fit then is pruned away */
#define MAX_CLONES 8u    /* at one segment point */

typedef struct grower {
    gen_skel *s;
    const tree_params *p;
    tree_stats *st;
    float age, scale;
    float split_err[TREE_MAX_LEVELS];
} grower;

/* A stem to grow: the whole stem's length and base radius (a clone continues its stem from segment seg0). */
typedef struct stem_desc {
    uint32_t depth, seg0;
    int parent;
    float parent_f, length, radius, parent_length, share;
    v3 start, dir;
    bool clone;
} stem_desc;

/* The random choices of a stem made before its points: clones per segment point, their azimuth and angle, the
 * seed of its bends, its bend axis. */
typedef struct stem_plan {
    uint32_t clones[TREE_MAX_RES + 1u];
    float az[TREE_MAX_RES + 1u], angle[TREE_MAX_RES + 1u];
    uint64_t seed;
    v3 bend_axis;
} stem_plan;

static v3 rotate_about(v3 v, v3 k, float a)
{
    float c = cosf(a), s = sinf(a);
    return add(add(mul(v, c), mul(cross(k, v), s)), mul(k, dot(k, v) * (1.0f - c)));
}

/* A unit vector perpendicular to d, the same for the same d. */
static v3 perpendicular(v3 d)
{
    return norm(cross(fabsf(d.y) < 0.9f ? v3_make(0, 1, 0) : v3_make(1, 0, 0), d));
}

/* The points of a stem whose segments are k x length / curve_res long; clone_dir[i][j] the direction of clone j
 * (1 .. clones[i]) at point i. */
static void stem_points(const grower *g, const stem_desc *sd, const stem_plan *pl, float k, v3 *pts,
                        v3 clone_dir[][MAX_CLONES + 1u])
{
    const tree_level *l = &g->p->lv[sd->depth];
    uint32_t res = l->curve_res, half = (res + 1u) / 2u;
    float seg = sd->length * k / (float)res;
    assets_rng r = {sd->clone ? pl->seed ^ 0x5bd1e995u : pl->seed};
    v3 d = norm(sd->dir), p = sd->start;
    pts[0] = p;
    for (uint32_t i = sd->seg0; i < res; i++) {
        if (pl->clones[i]) {
            uint32_t n = pl->clones[i] + 1u;
            v3 ref = perpendicular(d);
            for (uint32_t j = n; j-- > 0;) {
                v3 axis = rotate_about(ref, d, pl->az[i] + TWO_PI * (float)j / (float)n);
                v3 turned = rotate_about(d, axis, 0.5f * pl->angle[i]);
                if (j) clone_dir[i][j] = turned;
                else d = turned;
            }
        }
        float c = l->curve_back == 0.0f ? l->curve / (float)res
                                         : (i < half ? l->curve : l->curve_back) / (float)(i < half ? half : res - half);
        c += assets_rng_range(&r, -1.0f, 1.0f) * l->curve_v / (float)res;
        d = norm(rotate_about(d, pl->bend_axis, c * DEG));
        if (sd->depth >= 2u && g->p->attraction_up != 0.0f) {
            v3 axis = cross(d, v3_make(0, 1, 0));
            float decl = acosf(fminf(1.0f, fmaxf(-1.0f, d.y))), a = g->p->attraction_up * decl / (float)res;
            a = fminf(a, decl);
            a = fmaxf(a, decl - 3.14159265f);
            if (len(axis) > 1e-4f) d = norm(rotate_about(d, norm(axis), a));
        }
        p = add(p, mul(d, seg));
        pts[i - sd->seg0 + 1u] = p;
    }
}

static bool stem_inside(const grower *g, const v3 *pts, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++)
        if (!tree_inside_envelope(g->p, g->scale, pts[i], 0.0f)) return false;
    return true;
}

static void grow_stem(grower *g, const stem_desc *sd);

/* The children of the stem just grown (tube idx, points pts of the stem from its segment seg0, radii r, its whole
 * length L as pruned). */
static void grow_children(grower *g, const stem_desc *sd, uint32_t idx, const v3 *pts, const float *r, uint32_t n,
                          float L)
{
    const tree_params *p = g->p;
    gen_skel *s = g->s;
    uint32_t cd = sd->depth + 1u;
    if (cd >= p->levels) return;
    const tree_level *cl = &p->lv[cd];
    uint32_t res = p->lv[sd->depth].curve_res;
    float z_lo = sd->depth == 0 ? p->base_size * L : 0.1f * L, z_t0 = L * (float)sd->seg0 / (float)res;
    float z0 = fmaxf(z_lo, z_t0);
    if (z0 >= L) return;
    float total = cl->branches;
    if (sd->depth == 0) {
        total *= 0.6f + 0.4f * g->age;
    } else {
        const tree_level *own = &p->lv[sd->depth];
        float rel = (L / fmaxf(sd->parent_length, 1e-6f)) / (own->length + own->length_v);
        total *= 0.2f + 0.8f * fminf(1.0f, rel);
    }
    float want = total * (L - z0) / (L - z_lo) * sd->share;
    uint32_t count = (uint32_t)(want + rnd(s, 0.0f, 1.0f));
    uint32_t whorl = sd->depth == 0 ? p->whorl : 1u, groups = (count + whorl - 1u) / whorl;
    float az = rnd(s, 0.0f, 360.0f);
    for (uint32_t gi = 0; gi < groups; gi++) {
        float z = z0 + (L - z0) * ((float)gi + rnd(s, 0.2f, 0.8f)) / (float)groups;
        float f = (z - z_t0) / (L - z_t0), u = f * (float)(n - 1u);
        uint32_t j = u >= (float)(n - 1u) ? n - 2u : (uint32_t)u;
        float fr = u - (float)j;
        v3 pos = add(pts[j], mul(sub(pts[j + 1u], pts[j]), fr)), tdir = norm(sub(pts[j + 1u], pts[j]));
        float r_here = r[j] + (r[j + 1u] - r[j]) * fr;
        float ratio = (L - z) / fmaxf(L - z_lo, 1e-6f);
        for (uint32_t m = 0; m < whorl && gi * whorl + m < count; m++) {
            az += whorl > 1u ? 360.0f / (float)whorl + rnd(s, -cl->rotate_v, cl->rotate_v)
                             : cl->rotate + rnd(s, -cl->rotate_v, cl->rotate_v);
            float lc = cl->length + rnd(s, -cl->length_v, cl->length_v);
            lc = sd->depth == 0 ? L * lc * tree_shape_ratio(p, p->shape, ratio) : lc * (L - 0.6f * z);
            if (lc < 1e-3f * g->scale) continue;
            float da = cl->down_angle;
            if (sd->depth == 0 && cl->down_angle_v < 0.0f)
                da += cl->down_angle_v * (1.0f - 2.0f * tree_shape_ratio(p, TREE_SHAPE_CONICAL, ratio));
            else
                da += rnd(s, -cl->down_angle_v, cl->down_angle_v);
            v3 side = rotate_about(perpendicular(tdir), tdir, az * DEG);
            v3 dir = norm(add(mul(tdir, cosf(da * DEG)), mul(side, sinf(da * DEG))));
            float rc = fminf(sd->radius * powf(lc / L, p->ratio_power), 0.9f * r_here);
            stem_desc c = {.depth = cd, .seg0 = 0, .parent = (int)idx, .parent_f = f, .length = lc, .radius = rc,
                           .parent_length = L, .share = 1.0f, .start = pos, .dir = dir, .clone = false};
            grow_stem(g, &c);
        }
    }
}

static void grow_stem(grower *g, const stem_desc *sd)
{
    const tree_params *p = g->p;
    const tree_level *l = &p->lv[sd->depth];
    gen_skel *s = g->s;
    uint32_t res = l->curve_res, n = res - sd->seg0 + 1u;
    stem_plan pl;
    memset(&pl, 0, sizeof pl);
    uint32_t base_seg = (uint32_t)(p->base_size * (float)res);
    for (uint32_t i = sd->seg0; i < res; i++) {
        uint32_t c = 0;
        if (sd->depth == 0 && !sd->clone && i == base_seg && p->base_splits) {
            c = p->base_splits;
        } else if (i > sd->seg0 && l->seg_splits > 0.0f) {
            float v = l->seg_splits + g->split_err[sd->depth];
            c = (uint32_t)floorf(v + 0.5f);
            c = c > 1u ? 1u : c;
            g->split_err[sd->depth] = v - (float)c;
        }
        pl.clones[i] = c > MAX_CLONES ? MAX_CLONES : c;
        if (c) {
            pl.az[i] = rnd(s, 0.0f, TWO_PI);
            pl.angle[i] = (l->split_angle + rnd(s, -l->split_angle_v, l->split_angle_v)) * DEG;
        }
    }
    pl.seed = ((uint64_t)assets_rng_u32(&s->rng) << 32) | assets_rng_u32(&s->rng);
    v3 d = norm(sd->dir);
    pl.bend_axis = fabsf(d.y) < 0.95f ? norm(cross(d, v3_make(0, 1, 0)))
                                      : rotate_about(v3_make(1, 0, 0), v3_make(0, 1, 0), rnd(s, 0.0f, TWO_PI));
    v3 pts[GEN_MAX_POINTS], clone_dir[TREE_MAX_RES + 1u][MAX_CLONES + 1u];
    float k = 1.0f;
    stem_points(g, sd, &pl, k, pts, clone_dir);
    if (sd->depth >= 1u && p->prune_ratio > 0.0f) {
        uint32_t tries = 0;
        while (!stem_inside(g, pts, n) && tries < PRUNE_TRIES) {
            k *= PRUNE_STEP;
            tries++;
            stem_points(g, sd, &pl, k, pts, clone_dir);
        }
        if (!stem_inside(g, pts, n)) {
            g->st->pruned++;
            return;
        }
        float kept = 1.0f - p->prune_ratio * (1.0f - k);
        if (kept != k) stem_points(g, sd, &pl, kept, pts, clone_dir);
        k = kept;
    }
    float r[GEN_MAX_POINTS];
    for (uint32_t j = 0; j < n; j++) {
        float z = (float)(sd->seg0 + j) / (float)res;
        r[j] = sd->radius * (1.0f - l->taper * z);
        if (sd->depth == 0) r[j] *= 1.0f + p->flare * (powf(100.0f, fmaxf(0.0f, 1.0f - 8.0f * z)) - 1.0f) / 100.0f;
    }
    uint32_t idx = s->tube_count;
    gen_tube *t = assets_skel_tube(s);
    if (!t) return;
    t->n = n;
    t->sides = l->sides;
    t->level = sd->depth == 0 ? ASSET_LEVEL_TRUNK : ASSET_LEVEL_BRANCH;
    t->depth = sd->depth;
    t->parent = sd->parent;
    t->parent_f = sd->parent_f;
    t->phase = rnd(s, 0.0f, 1.0f);
    t->branch = sd->depth == 0 ? 0u : idx;
    memcpy(t->p, pts, n * sizeof *pts);
    memcpy(t->r, r, n * sizeof *r);
    g->st->stems[sd->depth]++;
    if (sd->clone) g->st->clones[sd->depth]++;
    uint32_t split_total = 0;
    for (uint32_t i = sd->seg0; i < res; i++)
        split_total += pl.clones[i];
    float share = sd->share / (float)(1u + split_total);
    stem_desc own = *sd;
    own.length = sd->length * k;
    own.share = share;
    grow_children(g, &own, idx, pts, r, n, own.length);
    for (uint32_t i = sd->seg0; i < res; i++)
        for (uint32_t j = 1; j <= pl.clones[i]; j++) {
            stem_desc c = own;
            c.seg0 = i;
            c.clone = true;
            c.radius = sd->radius * 0.85f;
            c.parent = sd->depth == 0 ? -1 : (int)idx;
            c.parent_f = (float)(i - sd->seg0) / (float)(res - sd->seg0);
            c.start = pts[i - sd->seg0];
            c.dir = clone_dir[i][j];
            grow_stem(g, &c);
        }
}

void tree_grow(gen_skel *s, const tree_params *p, float age, tree_stats *st)
{
    memset(st, 0, sizeof *st);
    grower g = {.s = s, .p = p, .st = st, .age = age};
    float length = p->scale * (p->lv[0].length + rnd(s, -p->lv[0].length_v, p->lv[0].length_v));
    g.scale = length;
    st->scale = length;
    stem_desc trunk = {.depth = 0, .seg0 = 0, .parent = -1, .length = length, .radius = length * p->ratio,
                       .parent_length = length, .share = 1.0f, .start = v3_make(0, 0, 0),
                       .dir = v3_make(rnd(s, -0.04f, 0.04f), 1.0f, rnd(s, -0.04f, 0.04f)), .clone = false};
    grow_stem(&g, &trunk);
}
