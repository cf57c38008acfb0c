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
#include "shared/sw_dither_points.h"

#include <stddef.h>

/* The GPU-side form of a scene material. */
sw_material place_material_gpu(const world_material *m);
/* SC7 (far_look.c): bakes the type's far field into g's field_* and far_* members from its blades' shape
 * (shaders/shared/sw_blade_shape.h) as they are drawn near the draw distance; g's other members as
 * place_material_gpu sets them. */
void place_far_look(const world_material *m, sw_material *g);
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

/* SC5, tile levels: a level-L tile of a material holds every 2^L-th cell of (SW_TILE_CELLS << L) cells a side,
 * the cells whose thinning level (sw_thin_level) is at least L; it is drawn where every cell it leaves out is
 * thinned away (beyond place_level_distance(L)), so a far tile costs what a near one does. Tiles of one material
 * and level are a tile class, with its own ring in the tile cache. */
#define PLACE_LEVELS ((int)SW_THIN_LEVELS + 1)
#define PLACE_CLASSES (WORLD_MAX_MATERIALS * PLACE_LEVELS)
static inline int place_class(uint32_t material, uint32_t level)
{
    return (int)material * PLACE_LEVELS + (int)level;
}
/* m: the horizontal distance from which level `level`'s tiles hold every blade thinning keeps (cells of lower
 * levels have thresholds at or above the cutoff there: sw_thin_cutoff = 4^-level); 0 for level 0. */
double place_level_distance(float thin_distance, int level);
/* The side (m) of a level's tiles. */
double place_tile_side(const world_material *m, int level);

/* Places one render tile's cells (its level's stride), as place_cells_field does a rectangle. */
size_t place_tile_cells(const sward_scene *scene, const sw_tile *tile, const struct wind_field *field, sw_blade *out);
/* The same with the field's equilibrium at `time` (place_cells). */
size_t place_tile_cells_at(const sward_scene *scene, const sw_tile *tile, float time, sw_blade *out);

/* Axis-aligned view volume used to choose tiles. */
typedef struct place_view {
    float eye[3];
    float frustum[24];      /* 6 planes (a, b, c, d), inside when >= 0, as in sw_frame */
    float draw_distance;    /* m; capped at the scene's render.draw_distance, which place_tiles_bound uses */
    float thin_distance;    /* m, SC5 (render.thin_distance): far tiles take levels; 0: no thinning, level 0 only */
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

/* Which tiles of each class can hold a blade at all, whatever the view (the type map has the type around
 * the tile, PL5, and the tile meets the terrain): one bit per tile, built once per scene (O(tiles of the
 * terrain), at most 1 MiB per class; a class past that has no index and is looked up per tile). With
 * it, choosing the frame's tiles costs O(runs of tiles near the camera + tiles in view). */
typedef struct place_tile_bits {
    int ti0, tj0, n;   /* tile indices of bit 0 in x and z; tiles per side (0: no index) */
    int words;         /* 64-bit words per row */
    size_t offset;     /* of the rows in place_tile_index.bits */
    bool ready;
} place_tile_bits;

typedef struct place_tile_index {
    place_tile_bits cls[PLACE_CLASSES]; /* by tile class (place_class): each level's tiles */
    uint64_t *bits;
} place_tile_index;

void place_tile_index_build(const sward_scene *scene, place_tile_index *idx);
void place_tile_index_free(place_tile_index *idx);

/* place_choose_tiles with the index (NULL: without): the same tiles in the same order. */
size_t place_choose_tiles_indexed(const sward_scene *scene, const place_tile_index *idx, const place_view *view,
                                  bool cull, sw_tile *out, size_t *in_range);

/* Can tile (ti, tj) of a material hold a blade at all, whatever the view (its type is in the type map around it,
 * PL5, and it meets the terrain)? From the index where it has the material (idx may be NULL). */
bool place_tile_possible(const sward_scene *scene, const place_tile_index *idx, int material, int level, int ti,
                         int tj);
/* How far (m) a material's blades' roots may lie outside their tile's cells: the clump pull. */
double place_tile_reach(const world_material *m);

/* ---- the camera-local tile cache (cache.c; SPEC SC1, SC2) ----
 * Placed tiles persist across frames in slots of a device buffer (SW_TILE_SLOT_WORDS words each). Each tile class
 * has a ring of R x R slots around the camera, tile (ti, tj) in slot (ti mod R, tj mod R): a lookup is an index,
 * and a tile is evicted when a tile R tiles away takes its slot, the camera having moved on. R covers the draw
 * distance plus a margin the cache fills ahead of the camera, unless the budget makes the rings smaller (then
 * the farther of two needed tiles that share a slot is not drawn). A frame places at most K tiles: first those
 * the views need now (the camera's, nearest first, then the near shadow cascade's), then, after culling and
 * overlapping the draws (SC2), those within the margin, nearest first; a teleport places everything the views
 * need at once. A tile's placement is a pure function of the tile (PL4), so an evicted tile placed again is the
 * same bytes. */
typedef struct place_cache_slot {
    int32_t ti, tj;   /* the tile it holds, when held */
    uint32_t used;    /* the frame (stamp) that last needed or placed it */
    uint32_t held;    /* 1: holds a placed tile */
} place_cache_slot;

typedef struct place_cache_want {
    double dist2;     /* m^2, horizontal, from the eye to the tile's square */
    uint32_t list;    /* 0 the camera's tiles, 1 the near cascade's, 2 ahead */
    uint32_t index;   /* in the frame's tile list, or the slot (ahead) */
    int32_t ti, tj;
    int cls;          /* the tile class (place_class) */
} place_cache_want;

typedef struct place_cache {
    int class_count;                   /* materials x PLACE_LEVELS: a ring per tile class (place_class) */
    int ring[PLACE_CLASSES];           /* slots per side of each class's ring */
    uint32_t base[PLACE_CLASSES];      /* its first slot */
    uint32_t sweep[PLACE_CLASSES];     /* where the next look for tiles to place ahead starts */
    /* Once a whole sweep of a ring found nothing to place, the ring is "clean" about an eye: every tile within
     * reach of it is held. Then a frame looks only at the tiles that came within reach since (the crescent
     * between the two discs, O(ring side)), until a teleport, the world's windows moving or too long a lag. */
    bool clean[PLACE_CLASSES];
    double clean_x[PLACE_CLASSES], clean_z[PLACE_CLASSES];
    uint32_t cycle_left[PLACE_CLASSES], cycle_found[PLACE_CLASSES];
    double cycle_x[PLACE_CLASSES], cycle_z[PLACE_CLASSES];
    bool full_ring[PLACE_CLASSES]; /* the ring covers the reach (the budget did not shrink it) */
    double side[PLACE_CLASSES];  /* m, the class's tile side */
    double reach[PLACE_CLASSES]; /* m: tiles whose square comes this close to the eye are placed ahead (0: none) */
    uint32_t slot_count, held;
    place_cache_slot *slots;
    uint32_t stamp;
    place_cache_want *want;           /* scratch */
    size_t want_cap;
} place_cache;

typedef struct place_cache_stats {
    uint32_t now, ahead;    /* tiles placed: needed by this frame, and ahead of the camera */
    uint32_t missing;       /* needed tiles not placed this frame (K, or two needed tiles in one slot) */
    uint32_t evicted;       /* placed tiles whose slot another tile took */
} place_cache_stats;

/* Slots of each tile class's ring that budget_bytes allows, all classes together; ring[] gets each side, reach[]
 * how far ahead the class is placed. */
uint32_t place_cache_rings(const sward_scene *scene, uint64_t budget_bytes, int ring[PLACE_CLASSES],
                           double reach[PLACE_CLASSES]);
sward_result place_cache_init(place_cache *c, const sward_scene *scene, uint64_t budget_bytes, sward_error *err);
void place_cache_free(place_cache *c);
/* The slot tile (ti, tj) of a tile class (place_class) goes in. */
uint32_t place_cache_slot_of(const place_cache *c, int cls, int ti, int tj);
/* Moves the `keep` first wants by (list, distance, class, tj, ti) to the front of w, sorted (the rest unordered). */
void place_cache_nearest_first(place_cache_want *w, size_t n, size_t keep);
/* Looks at whole rings again (the world's windows moved: tiles left out at their edge may be placeable now). */
void place_cache_resweep(place_cache *c);
/* One frame. tiles: the camera's n_cam tiles then the near cascade's n_near (place_choose_tiles); on return each
 * has its slot, and the lists are compacted to the tiles that are placed (or placed now), *n_cam and *n_near
 * updated. place gets the tiles to place: [0, now) before culling, then [now, now + ahead) after; it holds at
 * least *n_cam + *n_near + k entries. k: most tiles placed (teleport: the needed ones are not counted). */
void place_cache_frame(place_cache *c, const sward_scene *scene, const place_tile_index *idx, const float eye[3],
                       uint32_t k, bool teleport, sw_tile *tiles, size_t *n_cam, size_t *n_near, sw_tile *place,
                       place_cache_stats *st);

/* 1 / gust_scale as the GPU gets it (sw_frame.wind_inv_gust_scale); 0 when gust_scale is 0 (no gusts). */
float place_wind_inv_gust_scale(const world_wind *wind);

/* The wind push at a point for a material (GA4, first part): the grass category's equilibrium in the wind
 * field (GA3; the field's value beyond its grid). */
sw_v2 place_wind(const sward_scene *scene, const world_material *m, float x, float z, float time);

/* ---- mesh assets (assets.c; PL8, SC4) ---- */

/* The asset's grid spacing, 1 / sqrt(density) m (its layer's grid, PL2); for a dither asset (PL11) its point set's
 * tile side / SW_CLUSTER_CELLS, so that a cluster is one tile of the point set. */
float place_asset_spacing(const world_asset *a);
/* The salt of asset `asset`'s candidates: its own, or its layer's (PL2, shared by the layer's assets). */
sw_uint place_asset_salt(const world_asset *a, uint32_t asset);
/* The placement members of the asset's GPU constants (spacing, salt, density areas, the layer's keep interval,
 * patches, PL11's point set and forest decode, SW_ASSET_AREAS | SW_ASSET_DITHER | SW_ASSET_FOREST in flags); the
 * others zero. The renderer starts its sw_asset from this, the CPU reference reads it. */
void place_asset_placement(const sward_scene *s, uint32_t asset, sw_asset *g);
/* The clusters (i, j) in [i0, i1] x [j0, j1] hold every cluster of the asset whose square comes within `reach`
 * of the eye (horizontally) and overlaps the terrain (i1 < i0: none). */
void place_asset_cluster_range(const sward_scene *s, const world_asset *a, const float eye[3], float reach, int *i0,
                               int *i1, int *j0, int *j1);
/* At most how many clusters place_asset_clusters returns for these reaches (m, per asset). */
size_t place_asset_clusters_bound(const sward_scene *s, const float reach[WORLD_MAX_ASSETS]);
/* The clusters of every asset whose square comes within reach[a] of the eye horizontally and overlaps the
 * terrain, asset by asset, each with slot = its index and count 0; per_asset (may be NULL) gets each asset's
 * number. At most `max` (place_asset_clusters_bound). */
size_t place_asset_clusters(const sward_scene *s, const float eye[3], const float reach[WORLD_MAX_ASSETS],
                            sw_cluster *out, size_t max, uint32_t per_asset[WORLD_MAX_ASSETS]);
/* The CPU reference of asset_place.comp.glsl: the instances of asset `asset`'s cluster at cell (ci0, cj0), in
 * the cluster's order (SC4; a dither asset's: its tile's points in threshold order, PL11); returns how many. */
uint32_t place_asset_cluster(const sward_scene *s, uint32_t asset, int ci0, int cj0,
                             sw_instance out[SW_CLUSTER_CANDIDATES]);

/* ---- the asset clusters' cache (clusters.c; SC1 for PL8, SC4) ----
 * Placed clusters persist across frames, as the grass's tiles do (cache.c, whose slots and wants it shares): each
 * asset has a ring of R x R slots around the camera, cluster (i, j) in slot (i mod R, j mod R), a slot holding the
 * cluster's SW_CLUSTER_CANDIDATES instances and its record (an sw_cluster: count and ground heights). R covers
 * the asset's reach (its draw distance and radius) plus a margin placed ahead, unless the budget makes the rings
 * smaller (then the farther of two needed clusters that share a slot is not drawn). A frame places at most K
 * clusters (render.tile_cache.tiles_per_frame, counted apart from the grass's K tiles): first those the frame
 * needs, the camera's (in its frustum) nearest first, then the rest of the reach (the shadow views' casters),
 * then those within the margin ahead; a teleport places everything needed at once. A cluster whose pages have
 * not all arrived (a streamed world) is not placed, so it is never cached from stale pages. A cluster's
 * placement is a pure function of the cluster (PL4): an evicted cluster placed again is the same bytes. */
#define PLACE_CLUSTER_SLOT_BYTES ((uint64_t)SW_CLUSTER_CANDIDATES * sizeof(sw_instance) + sizeof(sw_cluster))
typedef struct place_cluster_cache {
    int count;                          /* the scene's assets: a ring each */
    int ring[WORLD_MAX_ASSETS];         /* slots per side */
    uint32_t base[WORLD_MAX_ASSETS];    /* its first slot */
    float side[WORLD_MAX_ASSETS];       /* m, a cluster's side */
    float reach[WORLD_MAX_ASSETS];      /* m: clusters within this of the eye are needed (drawn) */
    float ahead[WORLD_MAX_ASSETS];      /* m: and within this placed ahead */
    uint32_t slot_count, held, stamp;
    place_cache_slot *slots;
    place_cache_want *want;             /* scratch */
    size_t want_cap, bound;             /* bound: most clusters within the ahead reaches */
} place_cluster_cache;

/* Slots of each asset's ring that budget_bytes allows (PLACE_CLUSTER_SLOT_BYTES each), all assets together;
 * reach: each asset's (m); ring[] gets each side. */
uint32_t place_cluster_rings(const sward_scene *scene, const float reach[WORLD_MAX_ASSETS], uint64_t budget_bytes,
                             int ring[WORLD_MAX_ASSETS]);
sward_result place_cluster_cache_init(place_cluster_cache *c, const sward_scene *scene,
                                      const float reach[WORLD_MAX_ASSETS], uint64_t budget_bytes, sward_error *err);
void place_cluster_cache_free(place_cluster_cache *c);
/* The slot cluster (i, j) of an asset goes in. */
uint32_t place_cluster_slot_of(const place_cluster_cache *c, int asset, int i, int j);
/* One frame. list gets the clusters within reach that are placed (or placed now), in place_asset_clusters' order,
 * each with its slot (count 0); per_asset each asset's number of them; place the clusters to place this frame
 * (both at least c->bound entries). frustum: the camera's 6 planes (NULL: every cluster is the camera's). k: most
 * clusters placed (teleport: the needed ones are not counted). */
size_t place_cluster_cache_frame(place_cluster_cache *c, const sward_scene *scene, const float eye[3],
                                 const float *frustum, uint32_t k, bool teleport, sw_cluster *list,
                                 uint32_t per_asset[WORLD_MAX_ASSETS], sw_cluster *place, size_t *n_place,
                                 place_cache_stats *st);

/* ---- the trees' canopy (canopy.c; PL11's undergrowth, SH10; shaders/shared/sw_canopy.h) ---- */

/* The crown radius of an asset with these level-0 bounds (m): the mean of its half-widths in x and z. */
float place_crown_radius(const float bounds_min[3], const float bounds_max[3]);
/* Builds s->terrain.canopy from the placement of the layer s->terrain.canopy_layer (nothing without one): sets
 * each of the layer's assets' crown_radius from its level 0 (generated or imported), places every cluster of
 * theirs over the terrain (place_asset_cluster) and keeps at each map texel the signed distance from its centre to
 * the nearest crown (a disk of crown_radius x the instance's scale), as codes. The loader calls it after the maps.
 * Errors: an asset that cannot be built (its scene error), out of memory. */
sward_result place_canopy_build(sward_scene *s, sward_error *err);
/* The signed distance (m) to the nearest crown at (x, z), bilinear between the texels (SW_CANOPY_FAR without a
 * canopy); the GPU's sw_canopy_at. */
float place_canopy_distance(const world_terrain *t, float x, float z);
/* A rule's density multiplier at (x, z) (sw_canopy_density; 1 without the rule or a canopy). */
float place_canopy_density(const world_terrain *t, const world_canopy_rule *rule, float x, float z);

/* ---- the ordered-dither point set (dither_points.c; PL11) ---- */

/* Generates the table of shaders/shared/sw_dither_table.h: SW_DITHER_POINTS points of the SW_DITHER_Q^2 torus at
 * least SW_DITHER_R apart, in farthest-point order (x | z << SW_DITHER_Q_BITS). false if the darts ran out. */
bool place_dither_generate(sw_uint out[SW_DITHER_POINTS]);
/* The least squared distance (lattice steps, around the torus) between two of n points. */
int place_dither_min_d2(const sw_uint *points, uint32_t n);

#endif
