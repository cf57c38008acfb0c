/* sw_assets.h — mesh assets placed as GPU instances (SPEC PL8, SC4, SC5, AS2, LS3): the structs that cross the
 * CPU/GPU boundary, and the placement and LOD rules that the shaders (asset_place.comp.glsl,
 * asset_cull.comp.glsl) and the CPU reference (src/place/assets.c) share.
 *
 * Placement (PL8) is the grass's: each asset has a jittered grid anchored at the world origin (spacing 1 /
 * sqrt(density)); a cell grows an instance where its hash passes the asset's patch coverage, the terrain is
 * there and, for assets that grow on grass types, the type map's nearest texel is one of them. The instance
 * depends only on its cell and the seed, never on the camera or the frame.
 *
 * Clusters (SC4, the hobby engine's cluster culling): the grid is cut into clusters of SW_CLUSTER_CELLS^2 =
 * 1024 cells, about a thousand instances, culled first by their bounds. Within a cluster the cells are
 * visited in a fixed pseudo-random order (a bijection of the 1024 indices), and the placed instances are
 * stored in that order, so drawing the first n of a cluster's instances, n falling with distance, thins the
 * cluster evenly instead of cutting a corner off it. */
#ifndef SW_ASSETS_H
#define SW_ASSETS_H
#include "sw_place.h"
#include "sw_wind_field.h"
#include "sw_areas.h"

#define SW_MAX_ASSETS 8u
#define SW_ASSET_MAX_LODS 6u
#define SW_CLUSTER_CELLS 32u
#define SW_CLUSTER_CANDIDATES 1024u /* = SW_CLUSTER_CELLS^2 */
#define SW_ASSET_SALT 16u           /* candidate hashes use material SW_ASSET_SALT + asset: not a grass type's */
#define SW_LAYER_SALT 24u           /* PL2: the assets of layer L share the grid of SW_LAYER_SALT + L */

/* AS5 + AS3: the asset textures (one storage buffer of RGBA8 / uint32 texels, src/render/assets.c): the leaf's
 * and the petal's texture sets (SW_TEXSET_SIZE^2 down to 1x1, every level's "a" texture then every level's "b"),
 * then each asset's impostor atlas (billboard cards x SW_IMPOSTOR_CELL_W wide, SW_IMPOSTOR_CELL_H high). */
#define SW_TEXSET_SIZE 128u                  /* HZD: small alpha textures */
#define SW_TEXSET_LEVELS 8u                  /* 128 .. 1 */
#define SW_TEXSET_TEXELS 21845u              /* (4 x 128^2 - 1) / 3: one texture's whole chain */
#define SW_TEXSET_WORDS (2u * SW_TEXSET_TEXELS) /* a and b */
#define SW_TEXSET_LEAF 0u                    /* offset of the leaf's set; the petal's follows */
/* AS5: a species tree's bark texture set (src/assets/bark.c) follows the leaf's and the petal's, one per kind the
 * scene's assets use (sw_asset.bark_set), in their layout. Its tile is SW_BARK_TILE m a side; a stem's uv
 * (generate.c emit_tube) holds u = its wraps around the stem / SW_BARK_U_RANGE and v = m from the root along the
 * stems / SW_BARK_V_RANGE, so the texture's coordinates are uv x (SW_BARK_U_RANGE, SW_BARK_V_RANGE / SW_BARK_TILE). */
#define SW_BARK_TILE 0.5f     /* m */
#define SW_BARK_U_RANGE 16.0f /* wraps (a stem wraps the tile about once per SW_BARK_TILE m of its girth, at most 8) */
#define SW_BARK_V_RANGE 64.0f /* m */
#define SW_BARK_BASE_HEIGHT 2.5f /* m: the birch's dark rough patches reach up to here (the set's base mask) */
#define SW_BARK_BASE_DARK 0.18f  /* the patches' albedo factor */
#define SW_IMPOSTOR_CELL_W 96u
#define SW_IMPOSTOR_CELL_H 128u

/* The first texel of level l of a texture set's chain (the sum of the levels above it). */
SW_FN sw_uint sw_texset_level_offset(sw_uint l)
{
    return (65536u - (65536u >> (2u * l))) / 3u;
}

/* sw_asset.flags */
#define SW_ASSET_BILLBOARD 1u /* the chain's last level is the billboard (AS3) */
#define SW_ASSET_NO_WIND 2u   /* rocks */
#define SW_ASSET_MID_CASTER 4u /* LS3: casts into the mid cascade (tall enough for its shadow to matter there: trees;
                                  small plants cast into the near cascade only, as the grass does) */
#define SW_ASSET_AREAS 8u     /* PL2: density areas name it, or its base density is below its maximum */
#define SW_ASSET_DITHER 16u   /* PL11: placed on the ordered-dither point set (sw_dither_points.h), not the grid */
#define SW_ASSET_FOREST 32u   /* PL11: with SW_ASSET_DITHER, its density value decoded into sparse, edge and inner */
#define SW_ASSET_CANOPY 64u   /* PL11: its density follows the trees' canopy (assets[i].canopy, shared/sw_canopy.h) */
#define SW_ASSET_MID_CASTER_HEIGHT 2.0f /* m: the tallest instance from which an asset is a mid-cascade caster */

/* sw_asset.wind: one of the GA3 field's categories (SW_WIND_CAT_*, sw_wind_field.h), or none (rocks). The vertex
 * program of each kind: */
#define SW_WIND_CAT_NONE 4u

#define SW_ASSET_KIND_TREE 0u   /* GA6: trunk bend, branch bend / sway / lift, leaf noise */
#define SW_ASSET_KIND_PLANT 1u  /* GA7: no bend, the soft clamp */
#define SW_ASSET_KIND_FLOWER 2u /* GA9: pivot animation by the 0..1 gradient */
#define SW_ASSET_KIND_ROCK 3u

/* One asset: placement, LOD chain and look. 4-byte members only (std430 = C). */
struct sw_asset {
    float spacing, inv_spacing, scale_min, scale_max;  /* m; instance scale range */
    float patch_inv_scale, patch_coverage, draw_distance, radius; /* 1/m (0: uniform); m; m: bounding radius */
    float height, center_y, lod_bias, translucency;    /* m (scale 1); bounding sphere centre height; 0..1 */
    sw_uint grows_on, lod_count, billboard_from, wind; /* grass-type bits (0: anywhere); levels; SW_WIND_CAT_* */
    sw_uint kind, flags, shadow_near_lod, shadow_mid_lod; /* SW_ASSET_KIND_*; SW_ASSET_*; LS3's casters */
    float leaf_r, leaf_g, leaf_b, rigidity;            /* linear albedo; GA6 trunk rigidity 0..1 */
    float bark_r, bark_g, bark_b, branch_len;          /* m: the longest trunk_dist (GA6 weights) */
    float flower_r, flower_g, flower_b, leaf_len;      /* m: the longest branch_dist */
    float lod_px[SW_ASSET_MAX_LODS];      /* level k is drawn while the instance projects >= lod_px[k] pixels tall
                                             (lod_px[lod_count - 1] = 0) */
    sw_uint first_index[SW_ASSET_MAX_LODS], index_count[SW_ASSET_MAX_LODS];
    int vertex_offset[SW_ASSET_MAX_LODS];
    sw_uint mesh_index_count[SW_ASSET_MAX_LODS]; /* of index_count, the mesh's (the rest: billboard cards) */
    sw_uint impostor_offset;  /* AS3: the impostor atlas's first texel in the asset textures (SW_BIND_ASSET_TEXTURES) */
    float impostor_depth;     /* m: its depth range (asset_impostor.depth_range) */
    float base_density, inv_density, keep_lo, keep_scale; /* PL2: instances / m^2 outside the areas; 1 / density;
                                 the layer's keep interval (sw_keep_in: lo 0, scale 1 without a layer) */
    sw_uint salt;             /* candidate hash salt: SW_ASSET_SALT + asset, or the layer's SW_LAYER_SALT + layer */
    float density;            /* PL2: instances / m^2 at most (the areas' clamp) */
    float leaf_roughness, bark_roughness; /* SH5: GGX roughness of the cards (leaves, fronds, petals) and of the rest */
    /* PL11 (SW_ASSET_DITHER): the point set's tile side (m, footprint x SW_DITHER_TILE_PER_FOOTPRINT; spacing is
       tile / SW_CLUSTER_CELLS, so a cluster is a tile), the thresholds its density fills at most (the grid
       density over the set's full density, at most 1) and its shift around the torus (sw_dither_shift) */
    float dither_tile, dither_fill;
    sw_uint dither_shift;
    /* PL11 (SW_ASSET_FOREST): the decode of the density value v (cover x the areas' fraction): v in (0, edge) sparse,
       [edge, inner) the forest's edge, [inner, 1] the inner forest; each class's density (of the full set, shared
       by the layer through keep_lo, keep_scale) and instance scale factor */
    float forest_edge, forest_inner;
    float sparse_density, edge_density, inner_density;
    float sparse_scale, edge_scale, inner_scale;
    float scale_bound; /* the largest instance scale: scale_max, times the largest class factor (SW_ASSET_FOREST) */
    /* PL11: the asset whose point set, patches and areas place it (itself, or the forest asset whose class variant
       it is: world_asset.forest_of) and the forest classes it keeps (bit k: class k, sw_forest_class) */
    sw_uint place_as, forest_classes;
    sw_uint bark_set; /* AS5: the first word of its bark's texture set in the asset textures; 0: plain bark */
    sw_uint pad_place1;
    /* PL11's undergrowth (SW_ASSET_CANOPY, shared/sw_canopy.h): the density multipliers under the trees' crowns, in
       the open and in the fringe, and the fringe's width (m) */
    float canopy_under, canopy_open, canopy_fringe, canopy_width;
};

/* A cluster of the frame (uploaded with count 0; asset_place writes it, with its count and heights, into its
 * slot's record: the cluster cache's, SC1). */
struct sw_cluster {
    int ci0, cj0;          /* its first grid cell */
    sw_uint asset, count;  /* instances placed (the first `count` of its slot) */
    float y_min, y_max;    /* m: ground heights of its instances (its bounds with the asset's size) */
    sw_uint slot, pad;     /* where its instances live: slot * SW_CLUSTER_CANDIDATES */
};

/* A placed instance, 20 bytes. */
struct sw_instance {
    float x, y, z, scale; /* root on the ground; uniform scale */
    sw_uint yaw_hash;     /* bits 0-15 yaw (unorm16 of 2 pi), 16-31 variation hash */
};

/* A drawn instance of one view (asset_cull.comp.glsl), in its (asset, level) run. */
struct sw_drawn {
    float x, y, z, scale;
    sw_uint yaw_hash; /* the instance's, with bits 29-31 the asset (SW_MAX_ASSETS = 8) */
    sw_uint wind, prev_wind; /* GA3: the wind at the instance's centre for its spring category, as a push (a fraction
                                of its height, < 1; x, z as half floats), sampled once per instance by the culling,
                                not per vertex; then the push the previous frame drew it with (SH2 motion vectors) */
    sw_uint door; /* SC5: the screen door, unorm16 lo | hi << 16: pixels whose 4x4 Bayer threshold t (in [0, 1))
                     has lo <= t < hi are drawn. A whole instance is [0, 1); thinning keeps [0, fade); a LOD
                     cross-fade splits [0, fade) between the two levels at fade (1 - f): no pixel twice, none lost */
};

/* A mesh vertex as the GPU holds it (src/render/assets.c packs asset_vertex, docs/assets.md), 40 bytes, pulled by
 * gl_VertexIndex from a storage buffer. */
struct sw_asset_vertex {
    float x, y, z;        /* m, object space */
    sw_uint normal;       /* octahedral, snorm16 x 2 */
    sw_uint uv;           /* unorm16 x 2 */
    float px, py, pz;     /* pivot, m, object space */
    sw_uint wind;         /* unorm8 x 4: gradient, trunk_dist / branch_len, branch_dist / leaf_len, phase */
    sw_uint part;         /* bits 0-7 ao (unorm8), 8-9 level, 10-11 surface, 12 billboard card (AS3), 13 a billboard
                             that fades in over its level's range (trees' fourth level), 16-31 branch index */
};

/* One (asset, level)'s indirect draw of a view: VkDrawIndexedIndirectCommand, then its run's room. The cull
 * pass counts instance_count up (atomically) from 0; first_instance is the run's start in the view's list. */
struct sw_asset_draw {
    sw_uint index_count, instance_count, first_index;
    int vertex_offset;
    sw_uint first_instance;
    sw_uint capacity, needed; /* the run's room; instances that wanted it (> capacity: dropped) */
    sw_uint early; /* SC3 two-phase culling (the camera): instances of the run from the first phase; the second
                      phase's are appended after them and drawn from RES_ASSET_LATE_DRAWS (asset_late.comp.glsl) */
};

/* SC3 two-phase culling: the camera's instances phase 1 can defer to phase 2 (RES_ASSET_DEFERRED: a
 * 16-byte header, then a (cluster, instance) pair each); more are drawn in phase 1 */
#define SW_ASSET_DEFERRED_MAX 65536u

#ifndef SW_GLSL
typedef struct sw_asset sw_asset;
typedef struct sw_cluster sw_cluster;
typedef struct sw_instance sw_instance;
typedef struct sw_drawn sw_drawn;
typedef struct sw_asset_draw sw_asset_draw;
typedef struct sw_asset_vertex sw_asset_vertex;
_Static_assert(sizeof(sw_asset_vertex) == 40, "sw_asset_vertex layout");
_Static_assert(sizeof(sw_asset) % 16 == 0, "sw_asset layout");
_Static_assert(sizeof(sw_cluster) == 32, "sw_cluster layout");
_Static_assert(sizeof(sw_instance) == 20, "sw_instance layout");
_Static_assert(sizeof(sw_drawn) == 32, "sw_drawn layout");
_Static_assert(sizeof(sw_asset_draw) == 32, "sw_asset_draw layout");
#endif

/* SC4: the k-th cell visited in a cluster, a bijection of [0, 1024) keyed by the cluster: xor-shifts and odd
 * multiplications modulo 2^10 are each invertible, so every cell is visited exactly once. */
SW_FN sw_uint sw_cluster_order(sw_uint k, sw_uint key)
{
    sw_uint m = SW_CLUSTER_CANDIDATES - 1u;
    sw_uint p = (k ^ key) & m;
    p = (p * 0x2c5u + (key >> 10u)) & m; /* odd multiplier */
    p ^= p >> 5u;
    p = (p * 0x1a7u) & m;
    p ^= p >> 4u;
    p = (p * 0x3b3u + (key >> 20u)) & m;
    p ^= p >> 6u;
    return p;
}

SW_FN sw_uint sw_cluster_key(int ci0, int cj0, sw_uint asset, sw_uint seed)
{
    return sw_cell_hash(ci0, cj0, SW_ASSET_SALT + asset, seed ^ 0x5bd1e995u);
}

/* The candidate of a grid cell for an asset (the grass's jittered grid with the asset's salt, sw_asset.salt:
 * SW_ASSET_SALT + asset, or its layer's SW_LAYER_SALT + layer, PL2). */
SW_FN sw_candidate sw_asset_candidate(int ci, int cj, sw_uint salt, sw_uint seed, float spacing)
{
    return sw_candidate_at(ci, cj, salt, seed, spacing);
}

/* Whether the candidate grows an instance, apart from the terrain and the type map: the patch coverage times
 * the density areas' fraction (PL2, sw_area_fraction), within the asset's interval of its layer (sw_keep_in). */
SW_FN bool sw_asset_keeps(sw_candidate c, sw_uint asset, sw_uint seed, float patch_inv_scale, float patch_coverage,
                          float fraction, float keep_lo, float keep_scale)
{
    float cover = sw_coverage(c.x, c.z, SW_ASSET_SALT + asset, seed, patch_inv_scale, patch_coverage);
    return sw_keep_in(c.keep, cover, fraction, keep_lo, keep_scale);
}

/* PL11: the forest class of a density value v: 0 none (v <= 0), 1 sparse trees, 2 the forest's edge, 3 inner. */
SW_FN sw_uint sw_forest_class(float v, float edge, float inner)
{
    return v <= 0.0f ? 0u : v < edge ? 1u : v < inner ? 2u : 3u;
}

/* PL11: whether a dither candidate grows an instance, apart from the terrain and the type map, as its instance
 * scale factor (0: it does not). The density value v is the patch coverage times the areas' fraction (PL2); it
 * is compared with the point's threshold within the asset's sub-range of its layer (sw_keep_in): as a fraction of
 * dither_fill, or, decoded (SW_ASSET_FOREST), as its class's density, which also gives the instance's scale; a
 * class the asset does not keep (forest_classes: its variants keep the others) grows nothing. `asset` is the one
 * whose patches place it (place_as). */
SW_FN float sw_dither_keeps(sw_candidate c, sw_asset a, sw_uint asset, sw_uint seed, float fraction)
{
    float cover = sw_coverage(c.x, c.z, SW_ASSET_SALT + asset, seed, a.patch_inv_scale, a.patch_coverage);
    if ((a.flags & SW_ASSET_FOREST) == 0u) {
        SW_PRECISE float f = fraction * a.dither_fill;
        return sw_keep_in(c.keep, cover, f, a.keep_lo, a.keep_scale) ? 1.0f : 0.0f;
    }
    SW_PRECISE float v = cover * fraction;
    sw_uint cls = sw_forest_class(v, a.forest_edge, a.forest_inner);
    if (((a.forest_classes >> cls) & 1u) == 0u) return 0.0f;
    float d = cls == 1u ? a.sparse_density : cls == 2u ? a.edge_density : cls == 3u ? a.inner_density : 0.0f;
    float s = cls == 1u ? a.sparse_scale : cls == 2u ? a.edge_scale : a.inner_scale;
    return sw_keep_in(c.keep, 1.0f, d, a.keep_lo, a.keep_scale) ? s : 0.0f;
}

/* The instance's scale and yaw from its hash. */
SW_FN float sw_asset_scale(sw_uint hash, float scale_min, float scale_max)
{
    return sw_mixf(scale_min, scale_max, sw_unit(sw_pcg(hash ^ 0x68bc21ebu)));
}

SW_FN sw_uint sw_asset_yaw_hash(sw_uint hash)
{
    return (sw_pcg(hash ^ 0x02e5be93u) & 0xffffu) | (hash & 0xffff0000u);
}

/* SC4 + SC5: the fraction of a cluster's instances drawn at a distance: all up to half the draw distance,
 * falling to SW_ASSET_THIN_FLOOR at it. Instance i of n is drawn while i < keep n; it fades over the last
 * SW_ASSET_THIN_BAND of that before its cutoff. */
#define SW_ASSET_THIN_START 0.5f
#define SW_ASSET_THIN_FLOOR 0.35f
#define SW_ASSET_THIN_BAND 0.1f
#define SW_ASSET_EDGE_BAND 0.1f /* of the draw distance: every instance fades over this much before the edge */
SW_FN float sw_asset_keep(float dist, float draw_distance)
{
    return sw_mixf(1.0f, SW_ASSET_THIN_FLOOR, sw_smoothstepf(SW_ASSET_THIN_START * draw_distance, draw_distance, dist));
}

/* Coverage 0..1 of instance i of a cluster of n at a distance (0: not drawn). The cutoff is keep scaled by
 * 1 + SW_ASSET_THIN_BAND: where nothing is thinned (keep 1) every instance is whole (SC5: measured from keep
 * itself, the last tenth of every cluster was drawn through the screen door at every distance, the wood's ghost
 * trees). */
SW_FN float sw_asset_fade(sw_uint i, sw_uint n, float dist, float draw_distance)
{
    float u = (SW_F(i) + 0.5f) / SW_F(sw_maxi(SW_I(n), 1));
    float thin = sw_clampf((sw_asset_keep(dist, draw_distance) * (1.0f + SW_ASSET_THIN_BAND) - u) / SW_ASSET_THIN_BAND,
                           0.0f, 1.0f);
    float edge = sw_clampf((draw_distance - dist) / (SW_ASSET_EDGE_BAND * draw_distance), 0.0f, 1.0f);
    return thin * edge;
}

/* AS2 + SC5: the level for an instance projecting `px` pixels tall, and how far it has cross-faded into the
 * next level (0..1): over the band from lod_px[k] to (1 + SW_LOD_FADE_BAND) lod_px[k] the instance is drawn by
 * both levels with complementary screen doors. Returns level + fade as one float (level = floor). */
#define SW_LOD_FADE_BAND 0.25f
SW_FN float sw_asset_lod(float px, float l0, float l1, float l2, float l3, float l4, float l5, sw_uint count)
{
    float t[6];
    t[0] = l0; t[1] = l1; t[2] = l2; t[3] = l3; t[4] = l4; t[5] = l5;
    sw_uint k = 0u;
    while (k + 1u < count && px < t[k]) k++;
    if (k + 1u >= count || t[k] <= 0.0f) return SW_F(k);
    float f = sw_clampf((t[k] * (1.0f + SW_LOD_FADE_BAND) - px) / (t[k] * SW_LOD_FADE_BAND), 0.0f, 1.0f);
    return SW_F(k) + sw_minf(f, 0.999f);
}

#endif
