/* mesh.c — asset meshes and chains: freeing, bounds, and the growable mesh the generator writes (SPEC AS1). */
#include "assets/parts.h"

#include <stdlib.h>
#include <string.h>

void asset_mesh_free(asset_mesh *m)
{
    if (!m) return;
    free(m->vertices);
    free(m->indices);
    memset(m, 0, sizeof *m);
}

void asset_chain_free(asset_chain *c)
{
    if (!c) return;
    for (uint32_t i = 0; i < ASSET_MAX_LODS; i++)
        asset_mesh_free(&c->lods[i]);
    memset(c, 0, sizeof *c);
}

bool asset_chain_copy(asset_chain *dst, const asset_chain *src)
{
    *dst = *src;
    bool ok = true;
    for (uint32_t i = 0; i < ASSET_MAX_LODS; i++) {
        const asset_mesh *m = &src->lods[i];
        asset_mesh *o = &dst->lods[i];
        o->vertices = ok && m->vertex_count ? malloc((size_t)m->vertex_count * sizeof *o->vertices) : NULL;
        o->indices = ok && m->index_count ? malloc((size_t)m->index_count * sizeof *o->indices) : NULL;
        ok = ok && (o->vertices || !m->vertex_count) && (o->indices || !m->index_count);
        if (o->vertices) memcpy(o->vertices, m->vertices, (size_t)m->vertex_count * sizeof *o->vertices);
        if (o->indices) memcpy(o->indices, m->indices, (size_t)m->index_count * sizeof *o->indices);
    }
    if (!ok) asset_chain_free(dst);
    return ok;
}

void asset_mesh_bounds(asset_mesh *m)
{
    for (int k = 0; k < 3; k++) {
        m->bounds_min[k] = m->vertex_count ? m->vertices[0].pos[k] : 0.0f;
        m->bounds_max[k] = m->bounds_min[k];
    }
    for (uint32_t i = 1; i < m->vertex_count; i++)
        for (int k = 0; k < 3; k++) {
            float p = m->vertices[i].pos[k];
            if (p < m->bounds_min[k]) m->bounds_min[k] = p;
            if (p > m->bounds_max[k]) m->bounds_max[k] = p;
        }
}

void assets_parts_free(assets_parts *p)
{
    asset_mesh_free(&p->wood);
    asset_mesh_free(&p->cards);
    free(p->card_vfirst);
    free(p->card_ifirst);
    memset(p, 0, sizeof *p);
}

/* The most a builder holds: an imported mesh at the import's limits (ASSET_MAX_VERTICES, 4 triangles per vertex,
 * docs/import.md) with room for a billboard's cards; a generated asset is far below. */
#define BUILDER_MAX_VERTICES (ASSET_MAX_VERTICES + 4096u)
#define BUILDER_MAX_INDICES (3u * 4u * ASSET_MAX_VERTICES + 4096u)

/* Doubles *cap (from 256, at most `limit`) and reallocates *data to it; false (data unchanged) when already at
 * the limit (*over set) or out of memory. */
static bool grow(void **data, uint32_t *cap, uint32_t limit, size_t elem, bool *over)
{
    if (*cap >= limit) {
        *over = true;
        return false;
    }
    uint32_t n = *cap ? (*cap > limit / 2u ? limit : *cap * 2u) : 256u;
    void *p = realloc(*data, (size_t)n * elem);
    if (!p) return false;
    *data = p;
    *cap = n;
    return true;
}

uint32_t assets_push_vertex(assets_builder *b, const asset_vertex *v)
{
    if (b->oom || b->over) return 0;
    if (b->m.vertex_count == b->vcap &&
        !grow((void **)&b->m.vertices, &b->vcap, BUILDER_MAX_VERTICES, sizeof *v, &b->over)) {
        b->oom = !b->over;
        return 0;
    }
    b->m.vertices[b->m.vertex_count] = *v;
    return b->m.vertex_count++;
}

void assets_push_tri(assets_builder *b, uint32_t a, uint32_t c, uint32_t d)
{
    if (b->oom || b->over) return;
    if (b->m.index_count + 3u > b->icap &&
        !grow((void **)&b->m.indices, &b->icap, BUILDER_MAX_INDICES, sizeof(uint32_t), &b->over)) {
        b->oom = !b->over;
        return;
    }
    b->m.indices[b->m.index_count++] = a;
    b->m.indices[b->m.index_count++] = c;
    b->m.indices[b->m.index_count++] = d;
}
