/* chain.c — LOD chains of imported meshes (SPEC AS2; Horizon Zero Dawn GDC 2018 "Assets: Trees" / "Assets:
 * Plants" for the levels, meshoptimizer's simplifier for the reduction). A generated asset's chain is built up
 * from its components (lod.c); an imported mesh has no components, only triangles, so its chain is built down:
 * level 0 is the mesh, each lower level the level above simplified by meshoptimizer to the kind's target
 * scaled to the mesh (asset_lod_targets' ratio to level 0 times the mesh's own triangles), and the billboard
 * levels exactly as a generated chain has them (assets_finish_level), so that the renderer and the impostor
 * baker treat both alike. */
#include "assets/parts.h"

#include <assert.h>
#include <math.h>
#include <meshoptimizer.h>
#include <stdlib.h>
#include <string.h>

static size_t dist(size_t a, size_t b)
{
    return a > b ? a - b : b - a;
}

/* meshopt_simplify (or, sloppy, meshopt_simplifySloppy) of the n indices `in` asked for `ask` indices. */
static size_t run(bool sloppy, const asset_mesh *m, const uint32_t *in, size_t n, size_t ask, uint32_t *out)
{
    if (sloppy)
        return meshopt_simplifySloppy(out, in, n, m->vertices[0].pos, m->vertex_count, sizeof *m->vertices, ask, 1.0f,
                                      NULL);
    return meshopt_simplify(out, in, n, m->vertices[0].pos, m->vertex_count, sizeof *m->vertices, ask, 1.0f, 0, NULL);
}

/* The simplification of `in` nearest `goal` indices into out (room for n; scratch too): the simplifiers stop
 * where they can, not at the count asked for (a collapse pass can undershoot; the sloppy grid lands below the
 * request, far below on scattered cards), so the request is corrected by the ratio missed, a few times, until
 * the result is within 10 %. Never more than n; 0 when every try gave nothing. */
static size_t seek(bool sloppy, const asset_mesh *m, const uint32_t *in, size_t n, size_t goal, uint32_t *out,
                   uint32_t *scratch)
{
    size_t best = 0, ask = goal;
    for (int attempt = 0; attempt < 8; attempt++) {
        size_t got = run(sloppy, m, in, n, ask, scratch);
        if (got > 0 && got <= n && (best == 0 || dist(got, goal) < dist(best, goal))) {
            best = got;
            memcpy(out, scratch, got * sizeof *out);
        }
        if (dist(got, goal) * 10u <= goal) break;
        /* meshopt_simplify above what was asked is stuck (only disconnected pieces left): asking less won't help */
        if (!sloppy && got > ask) break;
        double next = got > 0 ? (double)ask * (double)goal / (double)got : 2.0 * (double)ask;
        size_t nask = next >= (double)n ? n : (size_t)next / 3u * 3u;
        if (nask < 3u) nask = 3u;
        if (nask == ask) nask = got < goal ? ask + 3u : ask - 3u;
        if (nask > n || nask < 3u) break;
        ask = nask;
    }
    return best;
}

/* Simplifies the n indices `src` (into m's vertices) to about `target` triangles into dst (room for n):
 * meshopt_simplify keeps the shape; where it stops short (only disconnected pieces such as cards are left),
 * the sloppy simplifier, which clusters vertices on a grid and may drop whole small pieces, takes its result the
 * rest of the way (lod.c does the same for wood). The result nearer the target wins; never more triangles than
 * src. tmp: room for 2 n. Returns the index count. */
static size_t simplify_level(const asset_mesh *m, const uint32_t *src, size_t n, uint32_t target, uint32_t *dst,
                             uint32_t *tmp)
{
    size_t goal = (size_t)target * 3u;
    if (goal >= n) {
        memcpy(dst, src, n * sizeof *dst);
        return n;
    }
    size_t a = seek(false, m, src, n, goal, dst, tmp);
    if (a > 0 && dist(a, goal) * 10u <= goal) return a;
    /* from the shape-preserving result when it stopped above the goal, else from the level above */
    const uint32_t *from = a > goal ? dst : src;
    size_t b = seek(true, m, from, a > goal ? a : n, goal, tmp, tmp + n);
    if (b > 0 && (a == 0 || dist(b, goal) < dist(a, goal))) {
        memcpy(dst, tmp, b * sizeof *dst);
        return b;
    }
    if (a > 0) return a;
    memcpy(dst, src, n * sizeof *dst); /* nothing simplified at all: the level above, unchanged */
    return n;
}

/* Copies the vertices of the n indices idx uses (first-use order: their data, wind data included, untouched)
 * and the triangles into b. remap: room for m's vertices. */
static void compact(const asset_mesh *m, const uint32_t *idx, size_t n, uint32_t *remap, assets_builder *b)
{
    for (uint32_t i = 0; i < m->vertex_count; i++)
        remap[i] = UINT32_MAX;
    for (size_t i = 0; i + 2 < n; i += 3) {
        uint32_t t[3];
        for (int k = 0; k < 3; k++) {
            uint32_t v = idx[i + (size_t)k];
            if (remap[v] == UINT32_MAX) remap[v] = assets_push_vertex(b, &m->vertices[v]);
            t[k] = remap[v];
        }
        assets_push_tri(b, t[0], t[1], t[2]);
    }
}

static sward_result check_mesh(const asset_mesh *m, asset_kind kind, uint32_t n_idx, sward_error *err)
{
    if ((uint32_t)kind >= ASSET_KIND_COUNT)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "asset: kind: %u is not a kind (0 .. %u)", (uint32_t)kind,
                         ASSET_KIND_COUNT - 1u);
    if (!m->vertices || !m->indices || m->vertex_count == 0 || n_idx < 3 || n_idx % 3u != 0 ||
        m->billboard_indices > m->index_count)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "asset: a mesh of %u vertices and %u indices (%u of them billboard) has no triangles to "
                         "build a LOD chain from", m->vertex_count, m->index_count, m->billboard_indices);
    if (m->vertex_count > ASSET_MAX_VERTICES)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "asset: %u vertices, more than the limit of %u",
                         m->vertex_count, ASSET_MAX_VERTICES);
    if (n_idx / 3u > 4u * ASSET_MAX_VERTICES)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "asset: %u triangles, more than the limit of %u (4 per vertex allowed)",
                         n_idx / 3u, 4u * ASSET_MAX_VERTICES);
    for (uint32_t i = 0; i < n_idx; i++)
        if (m->indices[i] >= m->vertex_count)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "asset: index %u is %u, beyond the %u vertices", i,
                             m->indices[i], m->vertex_count);
    return SWARD_OK;
}

sward_result asset_chain_from_mesh(const asset_mesh *m, asset_kind kind, asset_chain *out, sward_error *err)
{
    assert(m && out);
    memset(out, 0, sizeof *out);
    /* a mesh that already has a billboard (a baked level read back) is its mesh part: the chain adds its own */
    uint32_t n0 = m->billboard_indices <= m->index_count ? asset_mesh_billboard_first(m) : 0u;
    sward_result r = check_mesh(m, kind, n0, err);
    if (r != SWARD_OK) return r;
    uint32_t mesh[ASSET_MAX_LODS], bb_from, bb_tris;
    out->kind = kind;
    out->lod_count = asset_lod_targets(kind, mesh, &bb_from, &bb_tris);
    out->billboard_from = bb_from;
    out->billboard_cards = bb_tris / 4u;
    uint32_t *cur = malloc((size_t)n0 * sizeof *cur), *next = malloc((size_t)n0 * sizeof *next);
    uint32_t *tmp = malloc((size_t)n0 * 2u * sizeof *tmp), *remap = malloc((size_t)m->vertex_count * sizeof *remap);
    if (!cur || !next || !tmp || !remap) r = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "asset: out of memory building the LOD chain");
    size_t n = n0;
    if (cur) memcpy(cur, m->indices, (size_t)n0 * sizeof *cur);
    uint32_t t0 = n0 / 3u;
    for (uint32_t lv = 0; lv < out->lod_count && r == SWARD_OK; lv++) {
        assets_builder b = {0};
        if (mesh[lv] > 0) {
            if (lv > 0) {
                /* AS2: the kind's ratio to its level 0, of the mesh's own triangles; simplified from the level
                 * above, so that no level has more triangles than the one before */
                uint32_t target = (uint32_t)((double)t0 * mesh[lv] / mesh[0] + 0.5);
                if (target < 1) target = 1;
                n = simplify_level(m, cur, n, target, next, tmp);
                uint32_t *s = cur;
                cur = next;
                next = s;
            }
            compact(m, cur, n, remap, &b);
        }
        r = assets_finish_level(&b, b.m.vertex_count, b.m.index_count, out, lv, lv >= bb_from ? out->billboard_cards : 0u,
                                &out->lods[lv], err);
        if (r == SWARD_OK && lv == 0) {
            out->height = out->lods[0].bounds_max[1];
            out->radius = assets_mesh_radius(&out->lods[0]);
        }
    }
    free(cur);
    free(next);
    free(tmp);
    free(remap);
    if (r != SWARD_OK) asset_chain_free(out);
    return r;
}
