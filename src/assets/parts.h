/* parts.h — private to the assets module: an asset as the components its LOD chain is built from (HZD "Build
 * asset out of components", "Build LOD chain of components"), the growable mesh the generator writes, and a
 * small deterministic random number generator. */
#ifndef SWARD_ASSETS_PARTS_H
#define SWARD_ASSETS_PARTS_H

#include "assets/assets.h"

#include <stdbool.h>

/* wood: the connected tubes (trunk, branches, stalks) or a rock, simplified per level; cards: leaf cards,
 * leaflets and petals in a fixed pseudo-random order, card i being vertices [card_vfirst[i], card_vfirst[i + 1])
 * and indices [card_ifirst[i], card_ifirst[i + 1]) of `cards` (indices relative to `cards`). A level keeps a
 * prefix of the cards, so a lower level's cards are a subset of every higher level's. */
typedef struct assets_parts {
    asset_mesh wood, cards;
    uint32_t card_count;
    uint32_t *card_vfirst, *card_ifirst; /* card_count + 1 entries each */
} assets_parts;

void assets_parts_free(assets_parts *p);

/* A rock (desc with defaults filled in): a displaced icosphere with a flat base, all wood. */
sward_result assets_gen_rock(const asset_gen_desc *d, assets_parts *out, sward_error *err);

/* Builds the chain of `kind` (asset_lod_targets) from the parts; out is empty on error. */
sward_result assets_build_chain(const assets_parts *p, asset_kind kind, asset_chain *out, sward_error *err);

/* A mesh grown one vertex / triangle at a time, up to what an import may hold (mesh.c); `oom` records a failed
 * allocation, `over` a mesh past that limit (both checked once at the end). */
typedef struct assets_builder {
    asset_mesh m;
    uint32_t vcap, icap;
    bool oom, over;
} assets_builder;

uint32_t assets_push_vertex(assets_builder *b, const asset_vertex *v);
void assets_push_tri(assets_builder *b, uint32_t a, uint32_t c, uint32_t d);

/* lod.c, shared with chain.c: see there. */
sward_result assets_finish_level(assets_builder *b, uint32_t mesh_vertices, uint32_t mesh_indices,
                                 const asset_chain *c, uint32_t lv, uint32_t bb_cards, asset_mesh *out,
                                 sward_error *err);
/* The largest horizontal distance of m's vertices from the vertical axis through the origin. */
float assets_mesh_radius(const asset_mesh *m);

/* gltf_check.c: a glTF (by content: a .gltf or a .glb; named_glb: the file is named .glb) checked before
 * assimp reads it: the .glb's lengths against the file, the buffers' files, the node graph, the sizes its
 * scene declares against max_vertices (and 4 triangles per vertex), the index values (docs/import.md "Errors"). */
#define ASSETS_MAX_NODE_DEPTH 64u             /* node hierarchy levels: deeper is refused (a root is level 1) */
#define ASSETS_MAX_GLTF_JSON (256u << 20)     /* a .gltf with its buffers inline (base64) can be large */
sward_result assets_gltf_precheck(const char *path, bool named_glb, uint32_t max_vertices, sward_error *err);
/* obj_check.c: an OBJ's `v` lines against max_vertices and the triangles of its `f` lines against 4 per vertex,
 * before assimp reads it. */
sward_result assets_obj_precheck(const char *path, uint32_t max_vertices, sward_error *err);

/* PCG32 (O'Neill): the generator's only source of variation, seeded from the desc. */
typedef struct assets_rng {
    uint64_t state;
} assets_rng;

static inline uint32_t assets_rng_u32(assets_rng *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t xs = (uint32_t)(((old >> 18u) ^ old) >> 27u), rot = (uint32_t)(old >> 59u);
    return (xs >> rot) | (xs << ((32u - rot) & 31u));
}

/* Uniform in [lo, hi). */
static inline float assets_rng_range(assets_rng *r, float lo, float hi)
{
    return lo + (hi - lo) * ((float)(assets_rng_u32(r) >> 8) * (1.0f / 16777216.0f));
}

#endif
