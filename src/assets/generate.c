/* generate.c — the procedural generator (SPEC AS1; Horizon Zero Dawn GDC 2018 "Vertex Program: Trees": three
 * levels of motion from baked per-vertex data, "Build asset out of components"; 003's pivot gradient, GA9).
 * An asset is first a skeleton — tubes (trunk, branches, stalks: a polyline with radii, attached to a parent at a
 * fraction of its length) and cards (leaves, leaflets, petals: attached to a tube at a fraction of its length) —
 * then emitted as meshes with the wind data derived from the skeleton, so trunk_dist, the pivots and the
 * gradient cannot disagree with the geometry. The skeleton is scaled to fit the desc's height and width and
 * emitted again. The number of cards fills the kind's LOD0 triangle budget (asset_lod_targets). The skeleton's
 * types are skel.h's, shared with the Weber-Penn model (tree_*.c), which grows a tree with a species. */
#include "assets/tree.h"
#include "shared/sw_assets.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ASSET_CANOPY_BEND 0.8f /* SH9: how far a tree's leaf normals are bent to the crown's (1: a sphere's) */

/* A new tube (zeroed) at the end of the list; NULL when out of memory. Pointers into the list do not survive
 * the next call: tubes are referred to by index. */
static gen_tube *tube_new(gen_skel *s)
{
    if (s->tube_count == s->tube_cap) {
        uint32_t n = s->tube_cap ? 2u * s->tube_cap : 32u;
        gen_tube *t = realloc(s->tubes, n * sizeof *t);
        if (!t) {
            s->oom = true;
            return NULL;
        }
        s->tubes = t;
        s->tube_cap = n;
    }
    gen_tube *t = &s->tubes[s->tube_count++];
    memset(t, 0, sizeof *t);
    return t;
}

static gen_card *card_new(gen_skel *s)
{
    if (s->card_count == s->card_cap) {
        uint32_t n = s->card_cap ? 2u * s->card_cap : 256u;
        gen_card *c = realloc(s->cards, n * sizeof *c);
        if (!c) {
            s->oom = true;
            return NULL;
        }
        s->cards = c;
        s->card_cap = n;
    }
    gen_card *c = &s->cards[s->card_count++];
    memset(c, 0, sizeof *c);
    return c;
}

/* Grows the axis from start along dir: `pull` turns the direction per metre (up: tropism, down: droop),
 * `wobble` adds a random turn per metre; the radius tapers linearly from r0 to r1. */
static void tube_grow(gen_skel *s, gen_tube *t, v3 start, v3 dir, float length, float r0, float r1, v3 pull,
                      float wobble)
{
    float step = length / (float)(t->n - 1u);
    v3 p = start, d = norm(dir);
    for (uint32_t i = 0; i < t->n; i++) {
        float f = (float)i / (float)(t->n - 1u);
        t->p[i] = p;
        t->r[i] = r0 + (r1 - r0) * f;
        d = norm(add(d, mul(add(pull, mul(rnd_unit(s), wobble)), step)));
        p = add(p, mul(d, step));
    }
}

/* The cumulative length of the axis at each point. */
static void tube_lengths(const gen_tube *t, float *cum)
{
    cum[0] = 0.0f;
    for (uint32_t i = 1; i < t->n; i++)
        cum[i] = cum[i - 1] + len(sub(t->p[i], t->p[i - 1]));
}

/* The axis at fraction f (0 base .. 1 tip) of its length, with the wind data there. */
static tube_pt tube_at(const gen_tube *t, float f)
{
    float cum[GEN_MAX_POINTS] = {0}; /* tube_lengths fills the first t->n (gcc -O3 cannot tell) */
    tube_lengths(t, cum);
    float target = f * cum[t->n - 1];
    uint32_t i = 0;
    while (i + 2u < t->n && cum[i + 1] < target)
        i++;
    float seg = cum[i + 1] - cum[i], u = seg > 0.0f ? (target - cum[i]) / seg : 0.0f;
    u = u < 0.0f ? 0.0f : u > 1.0f ? 1.0f : u;
    tube_pt q;
    q.pos = add(t->p[i], mul(sub(t->p[i + 1], t->p[i]), u));
    q.dir = norm(sub(t->p[i + 1], t->p[i]));
    q.r = t->r[i] + (t->r[i + 1] - t->r[i]) * u;
    q.td = t->level == ASSET_LEVEL_TRUNK ? 0.0f : t->base_td + target;
    q.path = t->base_path + target;
    return q;
}

/* Derives every pivot, base trunk_dist and root length from the geometry (parents come before children). */
static void skel_resolve(gen_skel *s)
{
    for (uint32_t i = 0; i < s->tube_count; i++) {
        gen_tube *t = &s->tubes[i];
        if (t->parent < 0) {
            t->pivot = t->level == ASSET_LEVEL_TRUNK ? v3_make(0, 0, 0) : t->p[0];
            t->base_td = 0.0f;
            t->base_path = 0.0f;
        } else {
            tube_pt q = tube_at(&s->tubes[t->parent], t->parent_f);
            t->pivot = q.pos;
            t->base_td = q.td;
            t->base_path = q.path;
        }
    }
    for (uint32_t i = 0; i < s->card_count; i++) {
        gen_card *c = &s->cards[i];
        tube_pt q = tube_at(&s->tubes[c->host], c->host_f);
        c->attach = q.pos;
        c->td = q.td;
        c->path = q.path;
    }
}

/* A branch of `parent` leaving at fraction f (the parent must already be resolved for tube_at's data). */
static int32_t add_branch(gen_skel *s, uint32_t parent, float f, v3 dir, float length, float r_scale, float tip_scale,
                          uint32_t n, uint32_t sides, v3 pull)
{
    tube_pt q = tube_at(&s->tubes[parent], f);
    gen_tube *t = tube_new(s);
    if (!t) return -1;
    t->n = n;
    t->sides = sides;
    t->level = ASSET_LEVEL_BRANCH;
    t->parent = (int)parent;
    t->parent_f = f;
    t->phase = rnd(s, 0, 1);
    t->branch = s->tube_count - 1u;
    tube_grow(s, t, q.pos, dir, length, q.r * r_scale, q.r * r_scale * tip_scale, pull, 0.15f / length);
    return (int32_t)(s->tube_count - 1u);
}

/* A card on tube `host` at fraction f, pointing along dir, the width across it. */
static void add_card(gen_skel *s, uint32_t host, float f, v3 dir, v3 across_dir, float length, float width, float curl,
                     uint32_t segs, uint32_t surface)
{
    gen_card *c = card_new(s);
    if (!c) return;
    c->host = host;
    c->host_f = f;
    c->along = mul(norm(dir), length);
    c->across = mul(norm(across_dir), width);
    c->curl = curl;
    c->segs = segs;
    c->surface = surface;
    c->phase = rnd(s, 0, 1);
    c->attach = tube_at(&s->tubes[host], f).pos;
}

static uint32_t wood_tris(const gen_skel *s)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->tube_count; i++)
        n += tube_tris(&s->tubes[i]);
    return n;
}

/* Turns each card so that its front faces away from `centre` (lighting reads the crown as a volume). */
static void face_outward(gen_skel *s, v3 centre)
{
    for (uint32_t i = 0; i < s->card_count; i++) {
        gen_card *c = &s->cards[i];
        if (dot(cross(c->across, c->along), sub(c->attach, centre)) < 0.0f) c->across = mul(c->across, -1.0f);
    }
}

/* Tree: a tapered trunk, main branches in a golden-angle spiral (longer low in the crown), four side branches on
 * each, leaf cards on the side branches and the outer half of the main branches. */
static void gen_tree(gen_skel *s)
{
    float H = s->d.height, R = 0.5f * s->d.width;
    gen_tube *trunk = tube_new(s);
    if (!trunk) return;
    trunk->n = 16;
    trunk->sides = 10;
    trunk->level = ASSET_LEVEL_TRUNK;
    trunk->parent = -1;
    trunk->phase = rnd(s, 0, 1);
    tube_grow(s, trunk, v3_make(0, 0, 0), v3_make(rnd(s, -0.05f, 0.05f), 1, rnd(s, -0.05f, 0.05f)), 0.82f * H,
              0.028f * H, 0.004f * H, v3_make(0, 0, 0), 0.02f);
    skel_resolve(s);
    uint32_t B = s->d.branches;
    for (uint32_t i = 0; i < B; i++) {
        float f = 0.38f + 0.5f * ((float)i + rnd(s, 0, 0.7f)) / (float)B, h = (f - 0.38f) / 0.5f;
        float az = (float)i * GOLDEN_ANGLE + rnd(s, -0.3f, 0.3f), el = 0.35f + 0.55f * h;
        v3 dir = v3_make(cosf(el) * cosf(az), sinf(el), cosf(el) * sinf(az));
        float length = R * (1.1f - 0.6f * h) * rnd(s, 0.85f, 1.1f);
        int32_t m = add_branch(s, 0, f, dir, length, 0.6f, 0.15f, 8, 8, v3_make(0, (0.6f * h - 0.1f) / length, 0));
        if (m < 0) return;
        skel_resolve(s);
        for (uint32_t j = 0; j < 4; j++) {
            float g = 0.3f + 0.6f * ((float)j + rnd(s, 0, 0.8f)) / 4.0f;
            tube_pt q = tube_at(&s->tubes[m], g);
            v3 ref = norm(cross(q.dir, v3_make(0, 1, 0)));
            float a = (float)j * GOLDEN_ANGLE + rnd(s, -0.4f, 0.4f);
            v3 side = add(mul(ref, cosf(a)), mul(cross(q.dir, ref), sinf(a)));
            v3 sdir = add(add(mul(q.dir, 0.6f), side), v3_make(0, 0.3f, 0));
            float sl = length * 0.45f * (1.1f - 0.6f * g) * rnd(s, 0.8f, 1.1f);
            if (add_branch(s, (uint32_t)m, g, sdir, sl, 0.6f, 0.2f, 6, 5, v3_make(0, 0.3f / sl, 0)) < 0) return;
        }
        skel_resolve(s);
    }
    /* cards: the rest of the budget, 2 triangles each, spread over the branches by their leafy length */
    uint32_t wood = wood_tris(s), n = s->budget > wood ? (s->budget - wood) / 2u : 0u;
    float total = 0.0f;
    for (uint32_t i = 1; i < s->tube_count; i++)
        total += s->tubes[i].parent == 0 ? 0.45f : 0.85f;
    uint32_t given = 0, hosts = s->tube_count;
    for (uint32_t i = 1; i < hosts && !s->oom; i++) {
        float lo = s->tubes[i].parent == 0 ? 0.55f : 0.15f;
        uint32_t k = (uint32_t)((float)n * (1.0f - lo) / total);
        if (i == hosts - 1u) k = n - given;
        for (uint32_t c = 0; c < k; c++) {
            float f = rnd(s, lo, 1.0f), l = s->leaf * rnd(s, 0.8f, 1.2f);
            v3 dir = add(add(mul(tube_at(&s->tubes[i], f).dir, 0.7f), rnd_unit(s)), v3_make(0, 0.2f, 0));
            add_card(s, i, f, dir, cross(dir, rnd_unit(s)), l, 0.8f * l, rnd(s, -0.1f, 0.1f), 1, ASSET_SURFACE_LEAF);
        }
        given += k;
    }
    face_outward(s, v3_make(0, 0.62f * H, 0));
}

/* A stalk from the ground (a fern's frond, a bush's stem, a flower's stem). */
static int32_t add_stalk(gen_skel *s, v3 start, v3 dir, float length, float r0, float r1, uint32_t n, uint32_t sides,
                         v3 pull, float wobble)
{
    gen_tube *t = tube_new(s);
    if (!t) return -1;
    t->n = n;
    t->sides = sides;
    t->level = ASSET_LEVEL_BRANCH;
    t->parent = -1;
    t->phase = rnd(s, 0, 1);
    t->branch = s->tube_count; /* 0 stays the (absent) trunk */
    tube_grow(s, t, start, dir, length, r0, r1, pull, wobble);
    return (int32_t)(s->tube_count - 1u);
}

/* Fern: arching fronds, pairs of leaflets along each, longest a third of the way up. */
static void gen_fern(gen_skel *s)
{
    float H = s->d.height;
    uint32_t F = s->d.branches;
    for (uint32_t i = 0; i < F; i++) {
        float az = (float)i * 2.0f * PI_F / (float)F + rnd(s, -0.25f, 0.25f), el = rnd(s, 0.95f, 1.25f);
        v3 dir = v3_make(cosf(el) * cosf(az), sinf(el), cosf(el) * sinf(az));
        float l = H * rnd(s, 1.0f, 1.2f);
        v3 start = v3_make(0.02f * H * cosf(az), 0, 0.02f * H * sinf(az));
        if (add_stalk(s, start, dir, l, 0.008f * H, 0.002f * H, 9, 4, v3_make(0, -1.6f / l, 0), 0.1f / l) < 0) return;
    }
    skel_resolve(s);
    uint32_t wood = wood_tris(s), pairs = s->budget > wood ? (s->budget - wood) / 8u : 0u; /* 2 x 4 triangles */
    for (uint32_t i = 0; i < F && !s->oom; i++) {
        uint32_t P = pairs / F + (i < pairs % F ? 1u : 0u);
        for (uint32_t k = 0; k < P; k++) {
            float f = 0.12f + 0.86f * ((float)k + 0.5f) / (float)P;
            tube_pt q = tube_at(&s->tubes[i], f);
            v3 sv = norm(cross(q.dir, v3_make(0, 1, 0))), pn = norm(cross(sv, q.dir));
            float shape = fminf(1.0f, (f - 0.05f) * 4.0f) * (1.15f - f), l = s->leaf * shape * rnd(s, 0.9f, 1.1f);
            for (int side = -1; side <= 1; side += 2) {
                v3 dir = add(add(mul(sv, (float)side), mul(q.dir, 0.5f)), v3_make(0, -0.1f, 0));
                add_card(s, i, f, dir, cross(norm(dir), pn), l, 0.3f * l, -0.2f, 2, ASSET_SURFACE_LEAF);
            }
        }
    }
}

/* Bush: short stems from the ground, leaf cards on their outer three quarters. */
static void gen_bush(gen_skel *s)
{
    float H = s->d.height;
    uint32_t S = s->d.branches;
    for (uint32_t i = 0; i < S; i++) {
        float az = (float)i * GOLDEN_ANGLE + rnd(s, -0.3f, 0.3f), el = rnd(s, 0.9f, 1.35f), o = rnd(s, 0, 0.1f) * H;
        v3 dir = v3_make(cosf(el) * cosf(az), sinf(el), cosf(el) * sinf(az));
        float l = H * rnd(s, 0.75f, 1.0f);
        if (add_stalk(s, v3_make(o * cosf(az), 0, o * sinf(az)), dir, l, 0.012f * H, 0.003f * H, 7, 5,
                      v3_make(0, -0.3f / l, 0), 0.3f / l) < 0)
            return;
    }
    skel_resolve(s);
    uint32_t wood = wood_tris(s), n = s->budget > wood ? (s->budget - wood) / 2u : 0u;
    for (uint32_t i = 0; i < S && !s->oom; i++) {
        uint32_t k = n / S + (i < n % S ? 1u : 0u);
        for (uint32_t c = 0; c < k; c++) {
            float f = rnd(s, 0.25f, 1.0f), l = s->leaf * rnd(s, 0.8f, 1.2f);
            v3 dir = add(add(rnd_unit(s), mul(tube_at(&s->tubes[i], f).dir, 0.3f)), v3_make(0, 0.3f, 0));
            add_card(s, i, f, dir, cross(dir, rnd_unit(s)), l, 0.6f * l, rnd(s, -0.2f, 0.05f), 1, ASSET_SURFACE_LEAF);
        }
    }
    face_outward(s, v3_make(0, 0.5f * H, 0));
}

/* The head of a flower: petals in a golden-angle spiral at the stem's tip, the inner ones more upright. */
static void flower_head(gen_skel *s, uint32_t stem, uint32_t petals)
{
    tube_pt q = tube_at(&s->tubes[stem], 1.0f);
    v3 ref = norm(cross(q.dir, v3_make(1, 0, 0))), ref2 = cross(q.dir, ref);
    for (uint32_t k = 0; k < petals; k++) {
        float a = (float)k * GOLDEN_ANGLE, u = (float)k / (float)(petals > 1 ? petals - 1u : 1u);
        float tilt = 0.15f + 0.6f * (1.0f - u);
        v3 radial = add(mul(ref, cosf(a)), mul(ref2, sinf(a)));
        v3 dir = add(mul(radial, cosf(tilt)), mul(q.dir, sinf(tilt)));
        float l = s->leaf * rnd(s, 0.85f, 1.1f) * (0.7f + 0.3f * u);
        add_card(s, stem, 1.0f, dir, cross(norm(dir), q.dir), l, 0.35f * l, -0.25f, 3, ASSET_SURFACE_PETAL);
    }
}

/* Flower: a few stems, each with three leaves low down and a head of petals. */
static void gen_flower(gen_skel *s)
{
    float H = s->d.height;
    uint32_t S = s->d.branches;
    for (uint32_t i = 0; i < S; i++) {
        float az = (float)i * GOLDEN_ANGLE, el = S > 1 ? rnd(s, 1.25f, 1.45f) : 1.5f, o = rnd(s, 0, 0.08f) * H;
        v3 dir = v3_make(cosf(el) * cosf(az), sinf(el), cosf(el) * sinf(az));
        float l = H * (S > 1 ? rnd(s, 0.75f, 1.0f) : 1.0f);
        if (add_stalk(s, v3_make(o * cosf(az), 0, o * sinf(az)), dir, l, 0.012f * H, 0.008f * H, 9, 5, v3_make(0, 0, 0),
                      0.2f / l) < 0)
            return;
    }
    skel_resolve(s);
    uint32_t leaf_tris = S * 3u * 6u, wood = wood_tris(s) + leaf_tris;
    uint32_t petals = s->budget > wood ? (s->budget - wood) / 6u : 0u;
    for (uint32_t i = 0; i < S && !s->oom; i++) {
        for (uint32_t j = 0; j < 3; j++) {
            float f = 0.08f + 0.35f * ((float)j + rnd(s, 0, 0.8f)) / 3.0f, az = rnd(s, 0, 2.0f * PI_F);
            v3 dir = v3_make(cosf(az), 0.9f, sinf(az));
            float l = 3.0f * s->leaf * rnd(s, 0.8f, 1.1f);
            add_card(s, i, f, dir, cross(norm(dir), v3_make(0, 1, 0)), l, 0.22f * l, -0.35f, 3, ASSET_SURFACE_LEAF);
        }
        flower_head(s, i, petals / S + (i < petals % S ? 1u : 0u));
    }
}

/* Fisher-Yates with the asset's generator: the fixed pseudo-random order whose prefixes are the LOD levels. */
static void shuffle_cards(gen_skel *s)
{
    for (uint32_t i = s->card_count; i > 1; i--) {
        uint32_t j = assets_rng_u32(&s->rng) % i;
        gen_card t = s->cards[i - 1u];
        s->cards[i - 1u] = s->cards[j];
        s->cards[j] = t;
    }
}

/* The base of every vertex of a part: what its wind data says (the gradient holds the root length until
 * finish_wind). */
static asset_vertex part_vertex(uint32_t level, uint32_t surface, uint32_t branch, v3 pivot, float td, float phase)
{
    asset_vertex v;
    memset(&v, 0, sizeof v);
    v.level = level;
    v.surface = surface;
    v.branch = branch;
    put3(v.pivot, pivot);
    v.trunk_dist = td;
    v.phase = phase;
    v.ao = 1.0f;
    return v;
}

/* Rings of sides + 1 vertices (the seam doubled for the bark's u), closed by a tip vertex; u around the
 * circumference in [0, 0.5], v from 0 at the base to 1 at the tip. A species tree's bark is textured (AS5,
 * shared/sw_assets.h): u runs over its wraps of the SW_BARK_TILE m tile around the stem (about one per tile of
 * girth at its base, 1 to 8) over SW_BARK_U_RANGE, v the metres from the root along the stems over SW_BARK_V_RANGE,
 * so the texture keeps its scale on every stem and continues from a branch's parent up it. */
static void emit_tube(assets_builder *b, const gen_tube *t, bool textured)
{
    float cum[GEN_MAX_POINTS];
    tube_lengths(t, cum);
    float total = cum[t->n - 1];
    float wraps = fminf(fmaxf(roundf(2.0f * PI_F * t->r[0] / SW_BARK_TILE), 1.0f), 8.0f);
    float u_end = textured ? wraps / SW_BARK_U_RANGE : 0.5f;
    uint32_t first = b->m.vertex_count, row = t->sides + 1u;
    v3 t0 = norm(sub(t->p[1], t->p[0]));
    v3 nx = norm(cross(fabsf(t0.y) < 0.9f ? v3_make(0, 1, 0) : v3_make(1, 0, 0), t0));
    for (uint32_t i = 0; i + 1u < t->n; i++) {
        /* the ring's frame carried along the axis (parallel transport), so the quads do not twist */
        v3 tan = norm(sub(t->p[i + 1u], t->p[i > 0 ? i - 1u : 0u]));
        nx = norm(sub(nx, mul(tan, dot(nx, tan))));
        v3 bx = cross(tan, nx);
        for (uint32_t k = 0; k <= t->sides; k++) {
            float a = 2.0f * PI_F * (float)k / (float)t->sides;
            v3 dir = add(mul(nx, cosf(a)), mul(bx, sinf(a)));
            float td = t->level == ASSET_LEVEL_TRUNK ? 0.0f : t->base_td + cum[i];
            asset_vertex v = part_vertex(t->level, ASSET_SURFACE_BARK, t->branch, t->pivot, td, t->phase);
            put3(v.pos, add(t->p[i], mul(dir, t->r[i])));
            put3(v.normal, dir);
            v.uv[0] = u_end * (float)k / (float)t->sides;
            v.uv[1] = textured ? fminf((t->base_path + cum[i]) / SW_BARK_V_RANGE, 1.0f) : cum[i] / total;
            v.gradient = t->base_path + cum[i];
            assets_push_vertex(b, &v);
        }
    }
    float td = t->level == ASSET_LEVEL_TRUNK ? 0.0f : t->base_td + total;
    asset_vertex tip = part_vertex(t->level, ASSET_SURFACE_BARK, t->branch, t->pivot, td, t->phase);
    put3(tip.pos, t->p[t->n - 1u]);
    put3(tip.normal, norm(sub(t->p[t->n - 1u], t->p[t->n - 2u])));
    tip.uv[0] = 0.5f * u_end;
    tip.uv[1] = textured ? fminf((t->base_path + total) / SW_BARK_V_RANGE, 1.0f) : 1.0f;
    tip.gradient = t->base_path + total;
    uint32_t tip_i = assets_push_vertex(b, &tip);
    for (uint32_t i = 0; i + 1u < t->n; i++)
        for (uint32_t k = 0; k < t->sides; k++) {
            uint32_t a = first + i * row + k, c = a + row;
            if (i + 2u < t->n) {
                assets_push_tri(b, a, a + 1u, c);
                assets_push_tri(b, a + 1u, c + 1u, c);
            } else {
                assets_push_tri(b, a, a + 1u, tip_i);
            }
        }
}

/* segs + 1 rows of two vertices from base (v = 1) to tip (v = 0), u 0 left .. 1 right: the whole leaf texture;
 * branch_dist is the length along the card from its attach point. */
static void emit_card(assets_builder *b, const gen_card *c, uint32_t branch)
{
    float L = len(c->along);
    v3 n0 = norm(cross(c->across, c->along)), half = mul(c->across, 0.5f);
    uint32_t first = b->m.vertex_count;
    for (uint32_t j = 0; j <= c->segs; j++) {
        float t = (float)j / (float)c->segs;
        v3 centre = add(add(c->attach, mul(c->along, t)), mul(n0, c->curl * L * t * t));
        v3 tangent = add(c->along, mul(n0, 2.0f * c->curl * L * t));
        v3 n = norm(cross(c->across, tangent));
        for (uint32_t k = 0; k < 2; k++) {
            asset_vertex v = part_vertex(ASSET_LEVEL_LEAF, c->surface, branch, c->attach, c->td, c->phase);
            put3(v.pos, k ? add(centre, half) : sub(centre, half));
            put3(v.normal, n);
            v.uv[0] = (float)k;
            v.uv[1] = 1.0f - t;
            v.branch_dist = L * t;
            v.gradient = c->path + L * t;
            assets_push_vertex(b, &v);
        }
    }
    for (uint32_t j = 0; j < c->segs; j++) {
        uint32_t a = first + 2u * j;
        assets_push_tri(b, a, a + 1u, a + 2u);
        assets_push_tri(b, a + 1u, a + 3u, a + 2u);
    }
}

/* Writes the skeleton's meshes into p (emptied first). */
static sward_result emit(const gen_skel *s, assets_parts *p, sward_error *err)
{
    assets_parts_free(p);
    assets_builder wood = {0}, cards = {0};
    for (uint32_t i = 0; i < s->tube_count; i++)
        emit_tube(&wood, &s->tubes[i], s->d.kind == ASSET_KIND_TREE && s->d.species != 0);
    p->card_count = s->card_count;
    p->card_vfirst = malloc((s->card_count + 1u) * sizeof *p->card_vfirst);
    p->card_ifirst = malloc((s->card_count + 1u) * sizeof *p->card_ifirst);
    bool oom = !p->card_vfirst || !p->card_ifirst;
    for (uint32_t i = 0; i < s->card_count && !oom; i++) {
        p->card_vfirst[i] = cards.m.vertex_count;
        p->card_ifirst[i] = cards.m.index_count;
        emit_card(&cards, &s->cards[i], s->tubes[s->cards[i].host].branch);
    }
    if (!oom) {
        p->card_vfirst[s->card_count] = cards.m.vertex_count;
        p->card_ifirst[s->card_count] = cards.m.index_count;
    }
    p->wood = wood.m;
    p->cards = cards.m;
    if (oom || wood.oom || cards.oom) {
        assets_parts_free(p);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "asset: out of memory generating the mesh");
    }
    return SWARD_OK;
}

/* The highest point and the largest horizontal distance from the axis over both meshes. */
static void parts_extent(const assets_parts *p, float *top, float *radius)
{
    *top = 0.0f;
    *radius = 0.0f;
    const asset_mesh *m[2] = {&p->wood, &p->cards};
    for (int k = 0; k < 2; k++)
        for (uint32_t i = 0; i < m[k]->vertex_count; i++) {
            const float *q = m[k]->vertices[i].pos;
            *top = fmaxf(*top, q[1]);
            *radius = fmaxf(*radius, sqrtf(q[0] * q[0] + q[2] * q[2]));
        }
}

/* Scales the skeleton by (sx, sy, sx) about the origin: a linear map, so the meshes emitted again are the old
 * ones scaled (up to the tube radii, scaled by the mean, and the cards' bend). */
static void skel_scale(gen_skel *s, float sx, float sy)
{
    v3 k = v3_make(sx, sy, sx);
    float rk = sqrtf(sx * sy);
    for (uint32_t i = 0; i < s->tube_count; i++)
        for (uint32_t j = 0; j < s->tubes[i].n; j++) {
            s->tubes[i].p[j] = mulv(s->tubes[i].p[j], k);
            s->tubes[i].r[j] *= rk;
        }
    for (uint32_t i = 0; i < s->card_count; i++) {
        s->cards[i].along = mulv(s->cards[i].along, k);
        s->cards[i].across = mulv(s->cards[i].across, k);
    }
    skel_resolve(s);
}

/* The gradient (tree: height / asset height; plants: root length / longest root length) and the baked AO:
 * darker inside the crown (the ellipsoid around the cards' centre) and near the ground. SH9 (HZD's "custom vertex
 * normals"): a tree's leaf cards' normals are bent ASSET_CANOPY_BEND of the way to the crown ellipsoid's normal at
 * the vertex, so the canopy shades as a volume; the shading's abs(z) (SH3) keeps them facing the eye. */
static void finish_wind(assets_parts *p, asset_kind kind, float height)
{
    double c[3] = {0, 0, 0};
    for (uint32_t i = 0; i < p->cards.vertex_count; i++)
        for (int k = 0; k < 3; k++)
            c[k] += p->cards.vertices[i].pos[k];
    float n = (float)(p->cards.vertex_count ? p->cards.vertex_count : 1u);
    v3 centre = v3_make((float)c[0] / n, (float)c[1] / n, (float)c[2] / n);
    float rh = 1e-6f, rv = 1e-6f, longest = 1e-6f;
    asset_mesh *m[2] = {&p->wood, &p->cards};
    for (int k = 0; k < 2; k++)
        for (uint32_t i = 0; i < m[k]->vertex_count; i++) {
            const asset_vertex *v = &m[k]->vertices[i];
            longest = fmaxf(longest, v->gradient);
            if (k == 1) {
                rh = fmaxf(rh, hypotf(v->pos[0] - centre.x, v->pos[2] - centre.z));
                rv = fmaxf(rv, fabsf(v->pos[1] - centre.y));
            }
        }
    for (int k = 0; k < 2; k++)
        for (uint32_t i = 0; i < m[k]->vertex_count; i++) {
            asset_vertex *v = &m[k]->vertices[i];
            float g = kind == ASSET_KIND_TREE ? v->pos[1] / height : v->gradient / longest;
            v->gradient = g < 0.0f ? 0.0f : g > 1.0f ? 1.0f : g;
            float dx = (v->pos[0] - centre.x) / rh, dy = (v->pos[1] - centre.y) / rv, dz = (v->pos[2] - centre.z) / rh;
            float crown = 0.35f + 0.65f * smooth01(0.2f, 1.0f, sqrtf(dx * dx + dy * dy + dz * dz));
            v->ao = crown * (0.55f + 0.45f * smooth01(0.0f, 0.2f * height, v->pos[1]));
            if (k == 1 && kind == ASSET_KIND_TREE) {
                /* the ellipsoid's gradient (x / rh^2, y / rv^2, z / rh^2) at the vertex */
                v3 s = v3_make(dx / rh, dy / rv, dz / rh);
                float sl = len(s);
                if (sl > 1e-6f) {
                    v3 card = v3_make(v->normal[0], v->normal[1], v->normal[2]);
                    put3(v->normal, norm(add(mul(card, 1.0f - ASSET_CANOPY_BEND), mul(s, ASSET_CANOPY_BEND / sl))));
                }
            }
        }
}

/* Shuffles the cards, emits the skeleton, fits it to the height and width, emits it again, bakes (skel.h). */
sward_result assets_skel_finish(gen_skel *s, bool keep_shape, assets_parts *p, sward_error *err)
{
    const asset_gen_desc *d = &s->d;
    sward_result r = s->oom ? core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "asset: out of memory") : SWARD_OK;
    if (r == SWARD_OK) {
        shuffle_cards(s);
        skel_resolve(s);
        r = emit(s, p, err);
    }
    /* the bend of the cards and the tubes' radii do not scale linearly: a few rounds converge on the size */
    for (int round = 0; round < 3 && r == SWARD_OK; round++) {
        float top, radius;
        parts_extent(p, &top, &radius);
        float sy = d->height / fmaxf(top, 1e-6f);
        skel_scale(s, keep_shape ? sy : 0.5f * d->width / fmaxf(radius, 1e-6f), sy);
        r = emit(s, p, err);
    }
    if (r == SWARD_OK) finish_wind(p, d->kind, d->height);
    return r;
}

gen_tube *assets_skel_tube(gen_skel *s)
{
    return tube_new(s);
}
gen_card *assets_skel_card(gen_skel *s)
{
    return card_new(s);
}
tube_pt assets_skel_tube_at(const gen_tube *t, float f)
{
    return tube_at(t, f);
}
void assets_skel_resolve(gen_skel *s)
{
    skel_resolve(s);
}
uint32_t assets_skel_wood_tris(const gen_skel *s)
{
    return wood_tris(s);
}
void assets_skel_face_outward(gen_skel *s, v3 centre)
{
    face_outward(s, centre);
}

/* Builds the skeleton of d's kind, emits it, fits it to the height and width, emits it again. */
static sward_result gen_plantlike(const asset_gen_desc *d, assets_parts *p, sward_error *err)
{
    gen_skel s;
    memset(&s, 0, sizeof s);
    s.d = *d;
    s.leaf = d->leaf_size;
    uint32_t mesh[ASSET_MAX_LODS], bf, bt;
    asset_lod_targets(d->kind, mesh, &bf, &bt);
    s.budget = mesh[0];
    uint64_t seed = ((uint64_t)d->seed << 8) ^ ((uint64_t)d->kind << 4) ^ d->variant;
    s.rng.state = seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
    assets_rng_u32(&s.rng);
    if (d->kind == ASSET_KIND_TREE)
        gen_tree(&s);
    else if (d->kind == ASSET_KIND_FLOWER)
        gen_flower(&s);
    else if (d->variant == ASSET_PLANT_BUSH)
        gen_bush(&s);
    else
        gen_fern(&s);
    sward_result r = assets_skel_finish(&s, false, p, err);
    free(s.tubes);
    free(s.cards);
    return r;
}

/* Fills the zero fields of d with the kind's defaults. */
static asset_gen_desc gen_defaults(const asset_gen_desc *d)
{
    static const float height[ASSET_KIND_COUNT] = {9.0f, 0.8f, 0.5f, 0.6f};
    static const float width[ASSET_KIND_COUNT] = {0.6f, 1.0f, 0.5f, 1.5f};
    static const uint32_t branches[ASSET_KIND_COUNT] = {10, 7, 5, 0};
    asset_gen_desc o = *d;
    const tree_params *tp = o.kind == ASSET_KIND_TREE ? tree_preset(o.species) : NULL;
    if (tp) {
        /* a species keeps its own proportions (width 0) and leaves; age scales its default height */
        if (o.age == 0.0f) o.age = 1.0f;
        tree_params own;
        if (o.height == 0.0f && o.age >= 0.0f && o.age <= 1.0f && tree_params_of(&o, &own, NULL))
            o.height = own.scale * (0.5f + 0.5f * o.age); /* the scale its overrides and forest class give it */
        return o;
    }
    if (o.height == 0.0f) o.height = height[o.kind];
    if (o.width == 0.0f) o.width = width[o.kind] * o.height;
    if (o.branches == 0) o.branches = branches[o.kind];
    if (o.leaf_size == 0.0f) {
        float f = o.kind == ASSET_KIND_TREE                                     ? 0.055f
                  : o.kind == ASSET_KIND_FLOWER                                 ? 0.1f
                  : o.kind == ASSET_KIND_PLANT && o.variant == ASSET_PLANT_BUSH ? 0.15f
                                                                                : 0.2f;
        o.leaf_size = f * o.height;
    }
    return o;
}

/* A size field: finite, >= 0 (0: default); the filled-in value within [lo, hi] (`limit`: why hi, or NULL). */
static sward_result check_size(const char *name, float given, float filled, float lo, float hi, const char *limit,
                               sward_error *err)
{
    if (!isfinite(given) || given < 0.0f)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "asset: %s: %g is not a size (a finite number >= 0, 0: "
                         "the default)",
                         name, (double)given);
    if (filled < lo || filled > hi)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "asset: %s: %g m%s is out of range (%g .. %g m%s%s)", name,
                         (double)filled, given == 0.0f ? " (the default)" : "", (double)lo, (double)hi,
                         limit ? ": " : "", limit ? limit : "");
    return SWARD_OK;
}

/* Checks d (f: with the defaults filled in); on error err->field names d's field ("width"), so that a caller
 * that took it from a file can name its own field (render_asset_chain: assets[i].generate.width). */
static sward_result validate(const asset_gen_desc *d, const asset_gen_desc *f, sward_error *err)
{
    static const uint32_t max_branches[ASSET_KIND_COUNT] = {16, 16, 12, 0};
    const char *field = "height";
    char why[96];
    float wmax = fminf(200.0f, 4.0f * f->height);
    snprintf(why, sizeof why, "at most 4 x the height %g m and 200 m", (double)f->height);
    bool species = d->kind == ASSET_KIND_TREE && d->species != 0;
    sward_result r = SWARD_OK;
    if (d->species >= (d->kind == ASSET_KIND_TREE ? (uint32_t)ASSET_TREE_SPECIES_COUNT : 1u))
        field = "species", r = core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                         "asset: species: %u is out of range (0 .. %u for this kind)", d->species,
                                         d->kind == ASSET_KIND_TREE ? ASSET_TREE_SPECIES_COUNT - 1u : 0u);
    if (r == SWARD_OK && (!(d->age >= 0.0f && d->age <= 1.0f) || (d->age != 0.0f && !species)))
        field = "age", r = core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                     "asset: age: %g is out of range (0 .. 1, and only for a tree's species)",
                                     (double)d->age);
    if (r == SWARD_OK && species && (d->leaf_size != 0.0f || d->branches != 0))
        field = d->leaf_size != 0.0f ? "leaf_size" : "branches",
        r = core_fail(err, SWARD_ERROR_INVALID_INPUT, "asset: %s: must be 0 with a species (the species sets it)",
                      d->leaf_size != 0.0f ? "leaf_size" : "branches");
    if (r == SWARD_OK && !species && (d->tree_count != 0 || d->forest_class != 0))
        field = "tree", r = core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                      "asset: tree: parameter overrides and a forest class need a species");
    if (r == SWARD_OK && species) {
        r = asset_tree_check(d, err); /* its field names the parameter */
        if (r != SWARD_OK) return r;
    }
    if (r == SWARD_OK) field = "height", r = check_size("height", d->height, f->height, 0.05f, ASSET_GEN_MAX_HEIGHT, NULL, err);
    if (r == SWARD_OK && !(species && d->width == 0.0f))
        field = "width", r = check_size("width", d->width, f->width, 0.02f, wmax, why, err);
    if (species) {
        if (r != SWARD_OK && err) snprintf(err->field, sizeof err->field, "%s", field);
        return r;
    }
    if (r == SWARD_OK && d->kind != ASSET_KIND_ROCK)
        field = "leaf_size", r = check_size("leaf_size", d->leaf_size, f->leaf_size, 0.001f * f->height, f->height,
                                            "at most the height", err);
    if (r == SWARD_OK && d->branches > max_branches[d->kind])
        field = "branches", r = core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                          "asset: branches: %u is out of range (0 .. %u for this kind)", d->branches,
                                          max_branches[d->kind]);
    uint32_t variants = d->kind == ASSET_KIND_PLANT ? ASSET_PLANT_STYLE_COUNT : 1u;
    if (r == SWARD_OK && d->variant >= variants)
        field = "variant", r = core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                         "asset: variant: %u is out of range (0 .. %u for this kind)", d->variant,
                                         variants - 1u);
    if (r != SWARD_OK && err) snprintf(err->field, sizeof err->field, "%s", field);
    return r;
}

sward_result asset_generate(const asset_gen_desc *d, asset_chain *out, sward_error *err)
{
    assert(d && out);
    memset(out, 0, sizeof *out);
    if ((uint32_t)d->kind >= ASSET_KIND_COUNT)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "asset: kind: %u is not a kind (0 .. %u)", (uint32_t)d->kind,
                         ASSET_KIND_COUNT - 1u);
    asset_gen_desc f = gen_defaults(d);
    sward_result r = validate(d, &f, err);
    if (r != SWARD_OK) return r;
    assets_parts parts;
    memset(&parts, 0, sizeof parts);
    if (f.kind == ASSET_KIND_TREE && f.species != 0)
        r = assets_gen_species(&f, &parts, NULL, err);
    else
        r = f.kind == ASSET_KIND_ROCK ? assets_gen_rock(&f, &parts, err) : gen_plantlike(&f, &parts, err);
    if (r == SWARD_OK) r = assets_build_chain(&parts, f.kind, out, err);
    assets_parts_free(&parts);
    return r;
}
