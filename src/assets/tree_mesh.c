/* tree_mesh.c — the leaves of the Weber-Penn model and the species tree as parts (tree.h): clusters of leaf cards
 * (leaf_cluster cards sharing an attach point) on the last level's stems, as many as the LOD0 budget leaves after
 * the wood, their fronts turned up and outward by LeafBend and away from the crown's centre; then the generator's
 * emission (skel.h): the fit to the height, the baked wind data of GA6 / GA9 and the canopy normals of SH9. */
#include "assets/tree.h"

#include <stdlib.h>
#include <string.h>

/* The leafy length of tube t (0 when it bears none): the last level's stems from a quarter of their length, the
 * level below's outer half, leaves_inner times as dense; *lo the fraction the leaves start at. */
static float leafy(const gen_tube *t, const tree_params *p, uint32_t host_depth, float *lo)
{
    float l = len(sub(t->p[t->n - 1u], t->p[0]));
    if (t->depth == host_depth) {
        *lo = host_depth == 0 ? p->base_size : 0.25f;
        return (1.0f - *lo) * l;
    }
    *lo = 0.5f;
    return t->depth > 0 && t->depth + 1u == host_depth ? 0.5f * l * p->leaves_inner : 0.0f;
}

void tree_leaves(gen_skel *s, const tree_params *p, uint32_t levels)
{
    uint32_t wood = assets_skel_wood_tris(s), n = s->budget > wood ? (s->budget - wood) / 2u : 0u;
    uint32_t host_depth = 0;
    for (uint32_t i = 0; i < s->tube_count; i++)
        if (s->tubes[i].depth > host_depth && s->tubes[i].depth < levels) host_depth = s->tubes[i].depth;
    float total = 0.0f, lo;
    uint32_t last = 0;
    for (uint32_t i = 0; i < s->tube_count; i++)
        if (leafy(&s->tubes[i], p, host_depth, &lo) > 0.0f) {
            total += leafy(&s->tubes[i], p, host_depth, &lo);
            last = i;
        }
    if (total <= 0.0f) return;
    uint32_t given = 0;
    for (uint32_t i = 0; i < s->tube_count && !s->oom; i++) {
        float w = leafy(&s->tubes[i], p, host_depth, &lo);
        if (w <= 0.0f) continue;
        uint32_t k = (uint32_t)((float)n * w / total);
        if (i == last || given + k > n) k = n - given;
        given += k;
        for (uint32_t c = 0; c < k;) {
            float f = rnd(s, lo, 1.0f);
            tube_pt q = assets_skel_tube_at(&s->tubes[i], f);
            v3 out = norm(v3_make(q.pos.x, 0.0f, q.pos.z));
            v3 light = norm(add(out, v3_make(0, 1, 0)));
            for (uint32_t m = 0; m < p->leaf_cluster && c < k; m++, c++) {
                float l = p->leaf_scale * rnd(s, 0.8f, 1.2f);
                v3 dir = norm(add(add(mul(q.dir, 0.6f), rnd_unit(s)), mul(light, 0.5f * p->leaf_bend)));
                v3 face = norm(add(mul(rnd_unit(s), 1.0f - p->leaf_bend), mul(light, p->leaf_bend)));
                v3 across = cross(dir, face);
                if (len(across) < 1e-3f) across = cross(dir, v3_make(0.3f, 0.1f, 1.0f));
                gen_card *cd = assets_skel_card(s);
                if (!cd) return;
                cd->host = i;
                cd->host_f = f;
                cd->along = mul(dir, l);
                cd->across = mul(norm(across), p->leaf_scale_x * l);
                cd->curl = rnd(s, -0.12f, 0.08f);
                cd->segs = 1;
                cd->surface = ASSET_SURFACE_LEAF;
                cd->phase = rnd(s, 0.0f, 1.0f);
                cd->attach = q.pos;
            }
        }
    }
}

sward_result assets_gen_species(const asset_gen_desc *d, assets_parts *p, tree_stats *st, sward_error *err)
{
    tree_params own_params;
    const tree_params *tp = &own_params;
    if (!tree_params_of(d, &own_params, err)) return SWARD_ERROR_INVALID_INPUT;
    sward_result r = tree_params_check(tp, err);
    if (r != SWARD_OK) return r;
    gen_skel s;
    memset(&s, 0, sizeof s);
    s.d = *d;
    uint32_t mesh[ASSET_MAX_LODS], bf, bt;
    asset_lod_targets(ASSET_KIND_TREE, mesh, &bf, &bt);
    s.budget = mesh[0];
    uint64_t seed = ((uint64_t)d->seed << 8) ^ ((uint64_t)d->species << 40) ^ 0x7ee5u;
    s.rng.state = seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
    assets_rng_u32(&s.rng);
    tree_stats own;
    tree_grow(&s, tp, d->age, st ? st : &own);
    assets_skel_resolve(&s);
    tree_leaves(&s, tp, tp->levels);
    v3 centre = v3_make(0, 0, 0);
    for (uint32_t i = 0; i < s.card_count; i++)
        centre = add(centre, mul(s.cards[i].attach, 1.0f / (float)s.card_count));
    assets_skel_face_outward(&s, centre);
    r = assets_skel_finish(&s, d->width == 0.0f, p, err);
    free(s.tubes);
    free(s.cards);
    return r;
}
