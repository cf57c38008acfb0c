/* place.h — CPU reference placement (module `place`; SPEC PL3, PL4, PL7) and the choice of render tiles near
 * the camera (SC3 first part, SC2: per-frame CPU work is O(tiles), never O(blades)).
 *
 * Pure functions over a loaded scene, no GPU: the GPU placement (shaders/place.comp.glsl, shaders/cull.comp.glsl) runs the
 * same shared code (shaders/shared/sw_place.h) and a test compares the two blade by blade. Memory is the
 * caller's, sized by the *_bound() functions. */
#ifndef SWARD_PLACE_H
#define SWARD_PLACE_H

#include "world/world.h"
#include "shared/sw_place.h"
#include "shared/sw_assets.h"

#include <stddef.h>

/* The GPU-side form of a scene material. */
sw_material place_material_gpu(const world_material *m);
/* PL2 (areas.c): clamp(base + the densities of the scene's areas with user_bit that contain (x, z), 0, max) /
 * max, exactly 1 at max; inv_max = 1 / max as the GPU gets it. */
float place_area_fraction(const sward_scene *s, sw_uint user_bit, float base, float max_density, float inv_max,
                          float x, float z);

/* Grid spacing in metres of a material: 1 / sqrt(density). */
float place_spacing(const world_material *m);

/* Most blades place_cells can write for a rectangle of cells. */
size_t place_cells_bound(int ncells_i, int ncells_j);

/* Places material `material` over cells [ci0, ci0 + ni) x [cj0, cj0 + nj), in row order (j outer, i
 * inner), exactly as the GPU does without culling: candidate, terrain bounds, coverage test, height,
 * shape, and the wind: the grass category of the wind field (GA3; src/wind/field.c wind_field_push).
 * Returns the number of blades written to out. */
struct wind_field;
size_t place_cells_field(const sward_scene *scene, int material, int ci0, int cj0, int ni, int nj,
                         const struct wind_field *field, sw_blade *out);
/* The same with the field's equilibrium at `time` everywhere (no grid: what the GPU gives beyond the grid;
 * the wind's inertia and lag are left out). */
size_t place_cells(const sward_scene *scene, int material, int ci0, int cj0, int ni, int nj, float time,
                   sw_blade *out);

/* Axis-aligned view volume used to choose tiles. */
typedef struct place_view {
    float eye[3];
    float frustum[24];      /* 6 planes (a, b, c, d), inside when >= 0, as in sw_frame */
    float draw_distance;    /* m; capped at the scene's render.draw_distance, which place_tiles_bound uses */
} place_view;

/* Upper bound of the tiles place_choose_tiles can return for a scene (all materials). */
size_t place_tiles_bound(const sward_scene *scene);

/* The render tiles of every material whose bounds intersect the terrain, the draw-distance sphere and the
 * frustum. A tile's bounds are its cells' square and the terrain's min to max height (the roots, for the
 * terrain and distance tests); for the frustum they grow by the material's tallest blade upwards and
 * sideways, since a leaning blade reaches out of its tile. Order is deterministic: material, then j, then
 * i. With cull == false, the frustum is ignored (distance still applies). Returns the count written to out
 * (at most place_tiles_bound); *in_range (may be NULL) gets the count before the frustum test. */
size_t place_choose_tiles(const sward_scene *scene, const place_view *view, bool cull, sw_tile *out,
                          size_t *in_range);

/* Which tiles of each material can hold a blade at all, whatever the view (the type map has the type around
 * the tile, PL5, and the tile meets the terrain): one bit per tile, built once per scene (O(tiles of the
 * terrain), at most 1 MiB per material; a material past that has no index and is looked up per tile). With
 * it, choosing the frame's tiles costs O(runs of tiles near the camera + tiles in view). */
typedef struct place_tile_bits {
    int ti0, tj0, n;   /* tile indices of bit 0 in x and z; tiles per side (0: no index) */
    int words;         /* 64-bit words per row */
    size_t offset;     /* of the rows in place_tile_index.bits */
    bool ready;
} place_tile_bits;

typedef struct place_tile_index {
    place_tile_bits material[WORLD_MAX_MATERIALS];
    uint64_t *bits;
} place_tile_index;

void place_tile_index_build(const sward_scene *scene, place_tile_index *idx);
void place_tile_index_free(place_tile_index *idx);

/* place_choose_tiles with the index (NULL: without): the same tiles in the same order. */
size_t place_choose_tiles_indexed(const sward_scene *scene, const place_tile_index *idx, const place_view *view,
                                  bool cull, sw_tile *out, size_t *in_range);

/* 1 / gust_scale as the GPU gets it (sw_frame.wind_inv_gust_scale); 0 when gust_scale is 0 (no gusts). */
float place_wind_inv_gust_scale(const world_wind *wind);

/* The wind push at a point for a material (GA4, first part): the grass category's equilibrium in the wind
 * field (GA3; the field's value beyond its grid). */
sw_v2 place_wind(const sward_scene *scene, const world_material *m, float x, float z, float time);

/* ---- mesh assets (assets.c; PL8, SC4) ---- */

/* The asset's grid spacing, 1 / sqrt(density) m. */
float place_asset_spacing(const world_asset *a);
/* The salt of asset `asset`'s candidates: its own, or its layer's (PL2, shared by the layer's assets). */
sw_uint place_asset_salt(const world_asset *a, uint32_t asset);
/* At most how many clusters place_asset_clusters returns for these reaches (m, per asset). */
size_t place_asset_clusters_bound(const sward_scene *s, const float reach[WORLD_MAX_ASSETS]);
/* The clusters of every asset whose square comes within reach[a] of the eye horizontally and overlaps the
 * terrain, asset by asset, each with slot = its index and count 0; per_asset (may be NULL) gets each asset's
 * number. At most `max` (place_asset_clusters_bound). */
size_t place_asset_clusters(const sward_scene *s, const float eye[3], const float reach[WORLD_MAX_ASSETS],
                            sw_cluster *out, size_t max, uint32_t per_asset[WORLD_MAX_ASSETS]);
/* The CPU reference of asset_place.comp.glsl: the instances of asset `asset`'s cluster at cell (ci0, cj0), in
 * the cluster's order (SC4); returns how many. */
uint32_t place_asset_cluster(const sward_scene *s, uint32_t asset, int ci0, int cj0,
                             sw_instance out[SW_CLUSTER_CANDIDATES]);

#endif
