/* impostor.c — billboard impostors baked from the most detailed mesh (SPEC AS3; Horizon Zero Dawn: the last LOD
 * of trees and plants is a billboard of crossing cards, cross-faded with the last mesh LOD). Each card's atlas
 * cell is the mesh rasterised orthographically onto the card's plane, over exactly the rectangle the card
 * covers, with a depth buffer, the leaves alpha-tested with their texture set (AS5) so the impostor has their
 * silhouettes. The texel format is in assets.h. */
#include "assets/assets.h"
#include "shared/sw_gbuffer.h" /* sw_oct_encode: the G-buffer's own normal encoding, so the two cannot drift */

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One cell being baked: the card, the projection onto it, and the cell's slice of the atlas. */
typedef struct bake_cell {
    asset_card card;
    const asset_mesh *mesh;
    const asset_texture_set *leaves;
    uint32_t w, h, stride; /* cell size, atlas row length */
    uint32_t *texels;      /* the cell's first texel in the atlas */
    float *depth;          /* w x h, the nearest hit so far (in front of the plane = larger) */
    float depth_range;
    bool canopy;           /* SH3, SH9: a tree: its leaves are double-sided by abs(z), not flipped */
} bake_cell;

/* A vertex projected into the cell: x, y in texels (y down, v), z the depth in front of the card plane (m). */
static void project(const bake_cell *b, const float *p, float *o)
{
    float d[3] = {p[0] - b->card.centre[0], p[1] - b->card.centre[1], p[2] - b->card.centre[2]};
    float s = d[0] * b->card.right[0] + d[2] * b->card.right[2];
    o[0] = (s / b->card.half_width * 0.5f + 0.5f) * (float)b->w;
    o[1] = (1.0f - d[1] / b->card.height) * (float)b->h;
    o[2] = d[0] * b->card.normal[0] + d[2] * b->card.normal[2];
}

/* Level 0 alpha of the texture set at uv (nearest texel, edges clamped) passes the alpha test. */
static bool alpha_passes(const asset_texture_set *t, float u, float v)
{
    uint32_t n = t->size[0];
    float fx = floorf(u * (float)n), fy = floorf(v * (float)n);
    uint32_t x = fx <= 0.0f ? 0u : fx >= (float)(n - 1u) ? n - 1u : (uint32_t)fx;
    uint32_t y = fy <= 0.0f ? 0u : fy >= (float)(n - 1u) ? n - 1u : (uint32_t)fy;
    return (float)t->a[0][4u * ((size_t)y * n + x) + 3u] >= ASSET_ALPHA_CUTOFF * 255.0f;
}

/* The texel of a hit: barycentric weights l over triangle tri's vertices, depth z. */
static uint32_t shade(const bake_cell *b, const asset_vertex *const tri[3], const float *l, float z)
{
    float n[3];
    for (int k = 0; k < 3; k++)
        n[k] = l[0] * tri[0]->normal[k] + l[1] * tri[1]->normal[k] + l[2] * tri[2]->normal[k];
    uint32_t surface = tri[0]->surface;
    /* foliage is double-sided: the side the viewer sees faces it; a tree's canopy as the shading does it
     * (asset_surface.inc.glsl, SH3): abs() of the normal's component along the view (the card's normal), at least
     * ASSET_CANOPY_FACING of it (no spherical normal of the crown's rim edge-on, SH9) */
    const float *c = b->card.normal;
    float toward = n[0] * c[0] + n[2] * c[2];
    if (b->canopy && surface == ASSET_SURFACE_LEAF) {
        float l0 = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (l0 > 0.0f && toward < ASSET_CANOPY_FACING * l0) {
            float add = (fabsf(toward) > ASSET_CANOPY_FACING * l0 ? fabsf(toward) : ASSET_CANOPY_FACING * l0) - toward;
            n[0] += add * c[0];
            n[2] += add * c[2];
        }
    } else if (surface != ASSET_SURFACE_BARK && toward < 0.0f) {
        for (int k = 0; k < 3; k++)
            n[k] = -n[k];
    }
    float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (!(len > 0.0f)) {
        n[0] = b->card.normal[0];
        n[1] = 0.0f;
        n[2] = b->card.normal[2];
        len = 1.0f;
    }
    sw_oct o = sw_oct_encode(n[0] / len, n[1] / len, n[2] / len);
    float ao = l[0] * tri[0]->ao + l[1] * tri[1]->ao + l[2] * tri[2]->ao;
    float q = (z / b->depth_range * 0.5f + 0.5f) * (float)ASSET_IMPOSTOR_DEPTH_MAX;
    q = q < 0.0f ? 0.0f : q > (float)ASSET_IMPOSTOR_DEPTH_MAX ? (float)ASSET_IMPOSTOR_DEPTH_MAX : q;
    ao = ao < 0.0f ? 0.0f : ao > 1.0f ? 1.0f : ao;
    return (uint32_t)(o.u * 255.0f + 0.5f) | (uint32_t)(o.v * 255.0f + 0.5f) << 8 |
           (uint32_t)(ao * 255.0f + 0.5f) << 16 | (surface + 1u) << 24 | (uint32_t)(q + 0.5f) << 26;
}

/* The tiny rasteriser: every texel whose centre lies in the projected triangle (either winding, edges
 * inclusive; no fill rule: a texel shared by two triangles of one surface is written twice with the same depth,
 * harmless here), depth-tested (the nearest to the viewer, the largest z, wins), leaves and petals alpha-tested
 * at their interpolated uv. Orthographic, so the weights interpolate linearly in the cell. */
static void raster_tri(bake_cell *b, const asset_vertex *const tri[3])
{
    float p[3][3];
    for (int k = 0; k < 3; k++)
        project(b, tri[k]->pos, p[k]);
    float area = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[2][0] - p[0][0]) * (p[1][1] - p[0][1]);
    if (!(fabsf(area) > 1e-12f)) return; /* edge-on to the card: covers nothing */
    float minx = fminf(p[0][0], fminf(p[1][0], p[2][0])), maxx = fmaxf(p[0][0], fmaxf(p[1][0], p[2][0]));
    float miny = fminf(p[0][1], fminf(p[1][1], p[2][1])), maxy = fmaxf(p[0][1], fmaxf(p[1][1], p[2][1]));
    /* texel x covers [x, x + 1): centres x + 0.5 inside [min, max] */
    float fx0 = fmaxf(0.0f, ceilf(minx - 0.5f)), fx1 = fminf((float)b->w - 1.0f, floorf(maxx - 0.5f));
    float fy0 = fmaxf(0.0f, ceilf(miny - 0.5f)), fy1 = fminf((float)b->h - 1.0f, floorf(maxy - 0.5f));
    if (fx0 > fx1 || fy0 > fy1) return;
    bool tested = b->leaves && tri[0]->surface != ASSET_SURFACE_BARK;
    /* weight k is the opposite edge's function, a plane in (x, y) normalised by the area: ex x + ey y + e0 */
    float inv = 1.0f / area, ex[3], ey[3], e0[3];
    for (int k = 0; k < 3; k++) {
        const float *a = p[(k + 1) % 3], *b2 = p[(k + 2) % 3];
        ex[k] = -(b2[1] - a[1]) * inv;
        ey[k] = (b2[0] - a[0]) * inv;
        e0[k] = (a[0] * (b2[1] - a[1]) - a[1] * (b2[0] - a[0])) * inv;
    }
    for (uint32_t y = (uint32_t)fy0; y <= (uint32_t)fy1; y++)
        for (uint32_t x = (uint32_t)fx0; x <= (uint32_t)fx1; x++) {
            float cx = (float)x + 0.5f, cy = (float)y + 0.5f, l[3];
            for (int k = 0; k < 3; k++)
                l[k] = ex[k] * cx + ey[k] * cy + e0[k];
            if (l[0] < 0.0f || l[1] < 0.0f || l[2] < 0.0f) continue;
            float z = l[0] * p[0][2] + l[1] * p[1][2] + l[2] * p[2][2];
            size_t i = (size_t)y * b->w + x;
            if (z <= b->depth[i]) continue;
            if (tested) {
                float u = l[0] * tri[0]->uv[0] + l[1] * tri[1]->uv[0] + l[2] * tri[2]->uv[0];
                float v = l[0] * tri[0]->uv[1] + l[1] * tri[1]->uv[1] + l[2] * tri[2]->uv[1];
                if (!alpha_passes(b->leaves, u, v)) continue;
            }
            b->depth[i] = z;
            b->texels[(size_t)y * b->stride + x] = shade(b, tri, l, z);
        }
}

void asset_impostor_free(asset_impostor *im)
{
    free(im->texels);
    memset(im, 0, sizeof *im);
}

sward_result asset_impostor_bake(const asset_chain *c, uint32_t cell_w, uint32_t cell_h,
                                 const asset_texture_set *leaves, asset_impostor *out, sward_error *err)
{
    memset(out, 0, sizeof *out);
    if (cell_w == 0 || cell_w > ASSET_IMPOSTOR_MAX_CELL)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "impostor: cell_w %u (1 to %u)", cell_w,
                         ASSET_IMPOSTOR_MAX_CELL);
    if (cell_h == 0 || cell_h > ASSET_IMPOSTOR_MAX_CELL)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "impostor: cell_h %u (1 to %u)", cell_h,
                         ASSET_IMPOSTOR_MAX_CELL);
    if (c->billboard_cards == 0 || c->lod_count == 0)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "impostor: the chain has no billboard cards (kind %u)",
                         (unsigned)c->kind);
    const asset_mesh *m = &c->lods[0];
    uint32_t mesh_indices = m->billboard_indices <= m->index_count ? asset_mesh_billboard_first(m) : 0u;
    if (mesh_indices < 3u || !m->vertices || !m->indices)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "impostor: lods[0] has no triangles to bake");
    if (!(m->bounds_max[0] - m->bounds_min[0] > 0.0f || m->bounds_max[2] - m->bounds_min[2] > 0.0f))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "impostor: lods[0]'s bounds have no horizontal extent");
    if (leaves && (leaves->levels == 0 || !leaves->a[0]))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "impostor: the leaves' texture set is empty");
    uint64_t texels = (uint64_t)c->billboard_cards * cell_w * cell_h;
    out->texels = calloc((size_t)texels, sizeof *out->texels);
    float *depth = malloc((size_t)cell_w * cell_h * sizeof *depth);
    if (!out->texels || !depth) {
        free(depth);
        asset_impostor_free(out);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "impostor: out of memory for %u cells of %ux%u",
                         c->billboard_cards, cell_w, cell_h);
    }
    out->cards = c->billboard_cards;
    out->cell_w = cell_w;
    out->cell_h = cell_h;
    out->width = c->billboard_cards * cell_w;
    out->height = cell_h;
    /* the card passes through the bounds' vertical centre line: no point is farther from it than this */
    out->depth_range = 0.5f * hypotf(m->bounds_max[0] - m->bounds_min[0], m->bounds_max[2] - m->bounds_min[2]);
    if (!(out->depth_range > 0.0f)) out->depth_range = 1.0f;
    for (uint32_t card = 0; card < out->cards; card++) {
        bake_cell b = {.mesh = m,
                       .leaves = leaves,
                       .w = cell_w,
                       .h = cell_h,
                       .stride = out->width,
                       .texels = out->texels + (size_t)card * cell_w,
                       .depth = depth,
                       .depth_range = out->depth_range,
                       .canopy = c->kind == ASSET_KIND_TREE};
        asset_billboard_card(m->bounds_min, m->bounds_max, out->cards, card, &b.card);
        for (size_t i = 0; i < (size_t)cell_w * cell_h; i++)
            depth[i] = -INFINITY;
        for (uint32_t i = 0; i + 2u < mesh_indices; i += 3) {
            const asset_vertex *tri[3];
            bool ok = true;
            for (int k = 0; k < 3; k++) {
                uint32_t vi = m->indices[i + (uint32_t)k];
                ok = ok && vi < m->vertex_count;
                tri[k] = ok ? &m->vertices[vi] : NULL;
            }
            if (ok) raster_tri(&b, tri);
        }
    }
    free(depth);
    return SWARD_OK;
}
