/* lod.c — LOD chains (SPEC AS2; Horizon Zero Dawn GDC 2018 "Build LOD chain of components", "Assets: Trees"
 * and "Assets: Plants": trees ~10000, ~2600, ~1200, ~200 + a fading billboard, a 12-triangle billboard; plants
 * ~2000, ~800, ~140, an 8-triangle billboard). Built "LOD up, not down": each level is the wood (trunk and
 * branches, simplified by meshoptimizer to the level's share of the budget) plus a PREFIX of the card list (in
 * the generator's fixed pseudo-random order), the cards enlarged about their centres so that their area
 * stays the full set's: a level is the one below plus detail, and the crown keeps its coverage. Rocks (no cards)
 * are simplified alone. */
#include "assets/parts.h"

#include <math.h>
#include <meshoptimizer.h>
#include <stdlib.h>
#include <string.h>

uint32_t asset_lod_targets(asset_kind kind, uint32_t mesh[ASSET_MAX_LODS], uint32_t *billboard_from,
                           uint32_t *billboard_tris)
{
    static const uint32_t tree[] = {10000, 2600, 1200, 200, 0}, plant[] = {2000, 800, 140, 0}, rock[] = {1000, 300, 80};
    const uint32_t *t = kind == ASSET_KIND_TREE ? tree : kind == ASSET_KIND_ROCK ? rock : plant;
    uint32_t n = kind == ASSET_KIND_TREE ? 5u : kind == ASSET_KIND_ROCK ? 3u : 4u;
    memset(mesh, 0, ASSET_MAX_LODS * sizeof *mesh);
    memcpy(mesh, t, n * sizeof *t);
    *billboard_from = kind == ASSET_KIND_ROCK ? n : 3u;
    *billboard_tris = kind == ASSET_KIND_TREE ? 12u : kind == ASSET_KIND_ROCK ? 0u : 8u;
    return n;
}

static double tri_area(const asset_vertex *v, const uint32_t *t)
{
    const float *a = v[t[0]].pos, *b = v[t[1]].pos, *c = v[t[2]].pos;
    double e[3], g[3];
    for (int k = 0; k < 3; k++) {
        e[k] = (double)b[k] - a[k];
        g[k] = (double)c[k] - a[k];
    }
    double x = e[1] * g[2] - e[2] * g[1], y = e[2] * g[0] - e[0] * g[2], z = e[0] * g[1] - e[1] * g[0];
    return 0.5 * sqrt(x * x + y * y + z * z);
}

/* src_n indices of the wood simplified to about `target` triangles into idx: meshopt_simplify keeps the tubes'
 * shape; where it stops short (a tube can only fold so far) and `sloppy` allows it, the sloppy simplifier, which
 * may drop whole small tubes, takes it the rest of the way. Returns the index count. */
static size_t simplify_part(const asset_mesh *w, const uint32_t *src, size_t src_n, uint32_t target, bool sloppy,
                            uint32_t *idx)
{
    if ((size_t)target * 3u >= src_n) {
        memcpy(idx, src, src_n * sizeof *idx);
        return src_n;
    }
    size_t n = meshopt_simplify(idx, src, src_n, w->vertices[0].pos, w->vertex_count, sizeof *w->vertices,
                                (size_t)target * 3u, 1.0f, 0, NULL);
    /* the cards fill what the wood leaves: a wood a little over its share costs only a few cards */
    if (sloppy && n > (size_t)target * 3u * 5u / 4u) {
        uint32_t *tmp = malloc(n * sizeof *tmp);
        if (!tmp) return n;
        memcpy(tmp, idx, n * sizeof *tmp);
        n = meshopt_simplifySloppy(idx, tmp, n, w->vertices[0].pos, w->vertex_count, sizeof *w->vertices,
                                   (size_t)target * 3u, 1.0f, NULL);
        free(tmp);
    }
    return n;
}

/* The triangles a single tapered tube keeps under the shape-keeping simplifier at the chain's smallest budget
 * (measured: 8 to 29 for the species' trunks at LOD 3). */
#define TRUNK_TUBE_LEAST 64u

static bool trunk_triangle(const asset_mesh *w, const uint32_t *t)
{
    for (int k = 0; k < 3; k++)
        if (w->vertices[t[k]].branch != 0 || w->vertices[t[k]].surface != ASSET_SURFACE_BARK) return false;
    return true;
}

/* The wood simplified to about `target` triangles into idx (room for all of the wood's indices). A tree's trunk
 * (branch 0) goes first, apart, with the shape-keeping simplifier alone and at most a sixth of the triangles: the
 * sloppy pass drops whole tubes, and a slender trunk (a birch's, a pine's) is one — a level without it shows the
 * trunk through the cross-fade's screen door. The branches take the rest. Returns the index count. */
static size_t simplify_wood(const asset_mesh *w, uint32_t target, bool keep_trunk, uint32_t *idx)
{
    if (!keep_trunk || (size_t)target * 3u >= w->index_count)
        return simplify_part(w, w->indices, w->index_count, target, true, idx);
    uint32_t *split = calloc(w->index_count, sizeof *split); /* zeroed: gcc cannot see the loop fills it */
    if (!split) return simplify_part(w, w->indices, w->index_count, target, true, idx);
    size_t trunk_n = 0, rest_n = 0;
    for (uint32_t i = 0; i + 2u < w->index_count; i += 3) {
        bool trunk = trunk_triangle(w, w->indices + i);
        uint32_t *dst = trunk ? split + trunk_n : split + w->index_count - 3u - rest_n;
        memcpy(dst, w->indices + i, 3u * sizeof *dst);
        if (trunk) trunk_n += 3u;
        else rest_n += 3u;
    }
    /* the branches were written from the end backwards: bring them to the front of their half in order */
    uint32_t *rest = split + w->index_count - rest_n;
    for (size_t a = 0, b = rest_n - 3u; rest_n && a < b; a += 3u, b -= 3u)
        for (int k = 0; k < 3; k++) {
            uint32_t t = rest[a + (size_t)k];
            rest[a + (size_t)k] = rest[b + (size_t)k];
            rest[b + (size_t)k] = t;
        }
    size_t n = simplify_part(w, split, trunk_n, target / 6u, false, idx);
    /* A trunk split into clones (base_splits, seg_splits) is many tubes, each of which folds only so far: past its
     * share and what one tube keeps at least, it takes the wood's budget in proportion to its triangles and the
     * sloppy pass thins it to that (dropping whole clones), or the level would keep the clones' triangles whatever
     * its budget */
    if (n / 3u > (target / 6u) * 5u / 4u && n / 3u > TRUNK_TUBE_LEAST) {
        uint32_t share = (uint32_t)((uint64_t)target * trunk_n / (trunk_n + rest_n));
        n = simplify_part(w, split, trunk_n, share > target / 6u ? share : target / 6u, true, idx);
    }
    uint32_t left = target > n / 3u ? target - (uint32_t)(n / 3u) : 0u;
    n += simplify_part(w, rest, rest_n, left, true, idx + n);
    free(split);
    return n;
}

/* What a level is made of: the simplified wood's indices, the number of cards kept and their enlargement. */
typedef struct level_plan {
    uint32_t *wood_idx;
    size_t wood_n;
    uint32_t cards;
    float grow;
} level_plan;

/* The first cards whose triangles fit what the wood leaves of `target` (at least one), and their enlargement:
 * linear sqrt(total area / kept area), so the kept cards cover the area all the cards do. */
static void plan_cards(const assets_parts *p, const double *card_area, double total_area, uint32_t target,
                       level_plan *l)
{
    uint32_t wood_tris = (uint32_t)(l->wood_n / 3u), budget = target > wood_tris ? target - wood_tris : 0u;
    uint32_t k = 0, tris = 0;
    double kept = 0.0;
    while (k < p->card_count) {
        uint32_t t = (p->card_ifirst[k + 1u] - p->card_ifirst[k]) / 3u;
        if (k > 0 && tris + t > budget) break;
        tris += t;
        kept += card_area[k];
        k++;
    }
    l->cards = k;
    l->grow = kept > 0.0 ? (float)sqrt(total_area / kept) : 1.0f;
}

void asset_billboard_card(const float *lo, const float *hi, uint32_t cards, uint32_t c, asset_card *out)
{
    float cx = 0.5f * (lo[0] + hi[0]), cz = 0.5f * (lo[2] + hi[2]);
    float a = 3.14159265f * (float)c / (float)cards, dx = cosf(a), dz = sinf(a);
    out->half_width = 0.5f * fmaxf(hi[0] - lo[0], hi[2] - lo[2]);
    out->height = hi[1] > lo[1] ? hi[1] - lo[1] : 1.0f;
    out->centre[0] = cx;
    out->centre[1] = lo[1];
    out->centre[2] = cz;
    out->right[0] = dx;
    out->right[1] = 0.0f;
    out->right[2] = dz;
    out->normal[0] = dz;
    out->normal[1] = 0.0f;
    out->normal[2] = -dx;
}

/* Billboard cards crossing at the centre of the bounds (asset_billboard_card): each two quads stacked (3 rows of
 * 2 vertices); card c shows cell c of a horizontal strip of `cards` atlas cells (u in [c / cards, (c + 1) /
 * cards], v 0 at the top); gradient by height. */
static void add_billboard(assets_builder *b, const float *lo, const float *hi, uint32_t cards)
{
    for (uint32_t c = 0; c < cards; c++) {
        asset_card k;
        asset_billboard_card(lo, hi, cards, c, &k);
        uint32_t first = b->m.vertex_count;
        for (uint32_t row = 0; row < 3; row++)
            for (uint32_t side = 0; side < 2; side++) {
                asset_vertex v;
                memset(&v, 0, sizeof v);
                float s = side ? k.half_width : -k.half_width, y = k.centre[1] + k.height * 0.5f * (float)row;
                v.pos[0] = k.centre[0] + k.right[0] * s;
                v.pos[1] = y;
                v.pos[2] = k.centre[2] + k.right[2] * s;
                memcpy(v.normal, k.normal, sizeof v.normal);
                v.uv[0] = ((float)c + (float)side) / (float)cards;
                v.uv[1] = 1.0f - 0.5f * (float)row;
                v.gradient = hi[1] > 0.0f ? fmaxf(0.0f, y / hi[1]) : 0.0f;
                v.ao = 1.0f;
                v.level = ASSET_LEVEL_TRUNK;
                v.surface = ASSET_SURFACE_LEAF;
                assets_push_vertex(b, &v);
            }
        for (uint32_t row = 0; row < 2; row++) {
            uint32_t q = first + 2u * row;
            assets_push_tri(b, q, q + 1u, q + 2u);
            assets_push_tri(b, q + 1u, q + 3u, q + 2u);
        }
    }
}

/* Copies the wood's vertices that l's indices use (in first-use order) and the kept cards, enlarged about their
 * centres (their pivots, phases and branches unchanged; branch_dist scaled with the card), into b. */
static void assemble(const assets_parts *p, const level_plan *l, uint32_t *remap, assets_builder *b)
{
    for (uint32_t i = 0; i < p->wood.vertex_count; i++)
        remap[i] = UINT32_MAX;
    for (size_t i = 0; i < l->wood_n; i += 3) {
        uint32_t t[3];
        for (int k = 0; k < 3; k++) {
            uint32_t v = l->wood_idx[i + (size_t)k];
            if (remap[v] == UINT32_MAX) remap[v] = assets_push_vertex(b, &p->wood.vertices[v]);
            t[k] = remap[v];
        }
        assets_push_tri(b, t[0], t[1], t[2]);
    }
    for (uint32_t c = 0; c < l->cards; c++) {
        uint32_t base = b->m.vertex_count, v0 = p->card_vfirst[c], v1 = p->card_vfirst[c + 1u];
        /* about the card's centre, not its attach point: the crown's silhouette grows by half as much, and the
           pivot stays on the branch */
        float centre[3] = {0, 0, 0};
        for (uint32_t v = v0; v < v1; v++)
            for (int k = 0; k < 3; k++)
                centre[k] += p->cards.vertices[v].pos[k] / (float)(v1 - v0);
        float lift = 0.0f; /* a card grown below the ground is lifted back onto it */
        for (uint32_t v = v0; v < v1; v++)
            lift = fmaxf(lift, -(centre[1] + (p->cards.vertices[v].pos[1] - centre[1]) * l->grow));
        for (uint32_t v = v0; v < v1; v++) {
            asset_vertex q = p->cards.vertices[v];
            for (int k = 0; k < 3; k++)
                q.pos[k] = centre[k] + (q.pos[k] - centre[k]) * l->grow;
            q.pos[1] += lift;
            q.branch_dist *= l->grow;
            assets_push_vertex(b, &q);
        }
        for (uint32_t i = p->card_ifirst[c]; i < p->card_ifirst[c + 1u]; i += 3)
            assets_push_tri(b, base + p->cards.indices[i] - v0, base + p->cards.indices[i + 1] - v0,
                            base + p->cards.indices[i + 2] - v0);
    }
}

/* The largest horizontal distance of m's vertices from the vertical axis through the origin. */
float assets_mesh_radius(const asset_mesh *m)
{
    float r = 0.0f;
    for (uint32_t i = 0; i < m->vertex_count; i++)
        r = fmaxf(r, hypotf(m->vertices[i].pos[0], m->vertices[i].pos[2]));
    return r;
}

/* Ends level `lv` whose mesh is b's first mesh_vertices / mesh_indices: adds the billboard (bb_cards cards
 * sized to c->lods[0], built already when lv > 0), puts the mesh and, separately, the billboard in
 * post-transform cache order (the billboard kept last for its own shader) and moves b's mesh into *out with its
 * bounds. Shared by generated and imported chains (chain.c) so that both have the same billboards. */
sward_result assets_finish_level(assets_builder *b, uint32_t mesh_vertices, uint32_t mesh_indices,
                                 const asset_chain *c, uint32_t lv, uint32_t bb_cards, asset_mesh *out,
                                 sward_error *err)
{
    if (bb_cards && lv > 0) add_billboard(b, c->lods[0].bounds_min, c->lods[0].bounds_max, bb_cards);
    if (b->oom || b->over) {
        asset_mesh_free(&b->m);
        if (b->over)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "asset: LOD %u has more than %u vertices or %u triangles (the import's limits)", lv,
                             ASSET_MAX_VERTICES, 4u * ASSET_MAX_VERTICES);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "asset: out of memory building LOD %u", lv);
    }
    if (mesh_indices) meshopt_optimizeVertexCache(b->m.indices, b->m.indices, mesh_indices, mesh_vertices);
    uint32_t bb_n = b->m.index_count - mesh_indices;
    if (bb_n) {
        uint32_t *bb = b->m.indices + mesh_indices;
        for (uint32_t i = 0; i < bb_n; i++)
            bb[i] -= mesh_vertices;
        meshopt_optimizeVertexCache(bb, bb, bb_n, b->m.vertex_count - mesh_vertices);
        for (uint32_t i = 0; i < bb_n; i++)
            bb[i] += mesh_vertices;
    }
    *out = b->m;
    out->billboard_indices = out->index_count - mesh_indices;
    asset_mesh_bounds(out);
    return SWARD_OK;
}

/* Level `lv` of the chain (lods[0] already built when lv > 0: the billboard is sized to it). */
static sward_result build_level(const assets_parts *p, const asset_chain *c, uint32_t lv, uint32_t target,
                                uint32_t bb_cards, const double *card_area, double total_area, float wood_share,
                                uint32_t *scratch, asset_mesh *out, sward_error *err)
{
    level_plan l = {.wood_idx = scratch};
    if (target > 0) {
        /* AS2: the wood's share of the level's budget (its share of level 0); the cards fill the rest */
        uint32_t wood_target = (uint32_t)((float)target * wood_share + 0.5f);
        bool trunk = c->kind == ASSET_KIND_TREE;
        l.wood_n = p->card_count ? simplify_wood(&p->wood, wood_target, trunk, scratch)
                                 : simplify_wood(&p->wood, target, trunk, scratch);
        if (p->card_count) plan_cards(p, card_area, total_area, target, &l);
    }
    assets_builder b = {0};
    uint32_t *remap = malloc((p->wood.vertex_count + 1u) * sizeof *remap);
    if (remap) assemble(p, &l, remap, &b);
    else b.oom = true;
    free(remap);
    return assets_finish_level(&b, b.m.vertex_count, b.m.index_count, c, lv, bb_cards, out, err);
}

sward_result assets_build_chain(const assets_parts *p, asset_kind kind, asset_chain *out, sward_error *err)
{
    memset(out, 0, sizeof *out);
    uint32_t mesh[ASSET_MAX_LODS], bb_from, bb_tris;
    out->kind = kind;
    out->lod_count = asset_lod_targets(kind, mesh, &bb_from, &bb_tris);
    out->billboard_from = bb_from;
    out->billboard_cards = bb_tris / 4u;
    double *area = malloc((p->card_count + 1u) * sizeof *area), total = 0.0;
    uint32_t *scratch = malloc((p->wood.index_count + 1u) * sizeof *scratch);
    if (!area || !scratch) {
        free(area);
        free(scratch);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "asset: out of memory building the LOD chain");
    }
    for (uint32_t c = 0; c < p->card_count; c++) {
        area[c] = 0.0;
        for (uint32_t i = p->card_ifirst[c]; i < p->card_ifirst[c + 1u]; i += 3)
            area[c] += tri_area(p->cards.vertices, p->cards.indices + i);
        total += area[c];
    }
    float wood_share = (float)p->wood.index_count / 3.0f / (float)mesh[0];
    sward_result r = SWARD_OK;
    for (uint32_t lv = 0; lv < out->lod_count && r == SWARD_OK; lv++) {
        r = build_level(p, out, lv, mesh[lv], lv >= bb_from ? out->billboard_cards : 0u, area, total, wood_share,
                        scratch, &out->lods[lv], err);
        if (r == SWARD_OK && lv == 0) {
            out->height = out->lods[0].bounds_max[1];
            out->radius = assets_mesh_radius(&out->lods[0]);
        }
    }
    free(area);
    free(scratch);
    if (r != SWARD_OK) asset_chain_free(out);
    return r;
}
