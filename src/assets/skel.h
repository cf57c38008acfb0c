/* skel.h — private to the assets module: the generator's skeleton (generate.c), shared with the Weber-Penn tree
 * model (tree_grow.c). An asset is first tubes (trunk, branches, stalks: a polyline with radii, attached to a
 * parent at a fraction of its length) and cards (leaves, leaflets, petals: attached to a tube), then emitted as
 * meshes whose wind data is derived from the skeleton (generate.c), so trunk_dist, the pivots and the gradient
 * cannot disagree with the geometry. */
#ifndef SWARD_ASSETS_SKEL_H
#define SWARD_ASSETS_SKEL_H

#include "assets/parts.h"

#include <math.h>

#define PI_F 3.14159265f
#define GOLDEN_ANGLE 2.39996323f
#define GEN_MAX_POINTS 16

typedef struct v3 {
    float x, y, z;
} v3;

static inline v3 v3_make(float x, float y, float z)
{
    return (v3){x, y, z};
}
static inline v3 add(v3 a, v3 b)
{
    return v3_make(a.x + b.x, a.y + b.y, a.z + b.z);
}
static inline v3 sub(v3 a, v3 b)
{
    return v3_make(a.x - b.x, a.y - b.y, a.z - b.z);
}
static inline v3 mul(v3 a, float s)
{
    return v3_make(a.x * s, a.y * s, a.z * s);
}
static inline v3 mulv(v3 a, v3 s)
{
    return v3_make(a.x * s.x, a.y * s.y, a.z * s.z);
}
static inline float dot(v3 a, v3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
static inline v3 cross(v3 a, v3 b)
{
    return v3_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline float len(v3 a)
{
    return sqrtf(dot(a, a));
}
static inline v3 norm(v3 a)
{
    float l = len(a);
    return l > 1e-12f ? mul(a, 1.0f / l) : v3_make(0.0f, 1.0f, 0.0f);
}
static inline void put3(float *o, v3 a)
{
    o[0] = a.x;
    o[1] = a.y;
    o[2] = a.z;
}
static inline float smooth01(float e0, float e1, float x)
{
    float t = (x - e0) / (e1 - e0);
    t = t < 0.0f ? 0.0f : t > 1.0f ? 1.0f : t;
    return t * t * (3.0f - 2.0f * t);
}

/* A tube of n points (n - 1 along the axis carry rings, the last is the closed tip). Its wind data (pivot,
 * base_td, base_path) is resolved from its parent (tube index, fraction of the parent's length). */
typedef struct gen_tube {
    v3 p[GEN_MAX_POINTS];
    float r[GEN_MAX_POINTS];
    uint32_t n, sides, level, branch;
    uint32_t depth; /* the Weber-Penn model's level of the stem (tree.h); 0 for the generator's own kinds */
    int parent; /* -1: on the ground (the trunk, a plant's stalk) */
    float parent_f, phase;
    v3 pivot;
    float base_td, base_path; /* trunk_dist and root-to-here length at p[0] */
} gen_tube;

/* A card: `segs` quads from its base (attach) to its tip, bent along its normal by curl (x length x t^2). */
typedef struct gen_card {
    v3 attach, along, across; /* along: base to tip (m); across: the full width, left to right (m) */
    float curl, phase, host_f, td, path;
    uint32_t host, segs, surface;
} gen_card;

typedef struct gen_skel {
    gen_tube *tubes;
    gen_card *cards;
    uint32_t tube_count, tube_cap, card_count, card_cap;
    bool oom;
    assets_rng rng;
    asset_gen_desc d; /* defaults filled in */
    float leaf;       /* the leaf size, m */
    uint32_t budget;  /* LOD0 triangles */
} gen_skel;

static inline float rnd(gen_skel *s, float lo, float hi)
{
    return assets_rng_range(&s->rng, lo, hi);
}

static inline v3 rnd_unit(gen_skel *s)
{
    for (;;) {
        v3 v = v3_make(rnd(s, -1, 1), rnd(s, -1, 1), rnd(s, -1, 1));
        float l = len(v);
        if (l > 0.1f && l <= 1.0f) return mul(v, 1.0f / l);
    }
}

static inline uint32_t tube_tris(const gen_tube *t)
{
    return t->sides * 2u * (t->n - 2u) + t->sides;
}
typedef struct tube_pt {
    v3 pos, dir;
    float r, td, path;
} tube_pt;

/* generate.c: see there. A tube or card appended to the skeleton (zeroed; NULL with s->oom set when out of
 * memory; pointers into the lists do not survive the next append: refer to tubes by index). */
gen_tube *assets_skel_tube(gen_skel *s);
gen_card *assets_skel_card(gen_skel *s);
/* The axis of t at fraction f (0 base .. 1 tip) of its length, with the wind data there (t resolved). */
tube_pt assets_skel_tube_at(const gen_tube *t, float f);
/* Derives every pivot, base trunk_dist and root length from the geometry (parents come before children). */
void assets_skel_resolve(gen_skel *s);
uint32_t assets_skel_wood_tris(const gen_skel *s);
/* Turns each card so that its front faces away from `centre`. */
void assets_skel_face_outward(gen_skel *s, v3 centre);
/* Shuffles the cards (the LOD order), emits the meshes into p, fits them to s->d's height and width (`keep_shape`:
 * one scale for x, y and z, to the height alone) and bakes the gradient, AO and canopy normals (tree). */
sward_result assets_skel_finish(gen_skel *s, bool keep_shape, assets_parts *p, sward_error *err);

#endif
