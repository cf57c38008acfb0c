/* world.h — the scene as the library holds it after loading and validation (module `world`).
 *
 * A sward_scene is plain data: every field has been checked against the limits below by the loader, so
 * later stages never re-validate. The terrain's height field is built (fBm or PNG) at load time. */
#ifndef SWARD_WORLD_H
#define SWARD_WORLD_H

#include "sward/sward.h"
#include "assets/assets.h"
#include "shared/sw_areas.h"
#include "shared/sw_ring.h"

#include <stddef.h>

#define WORLD_MAX_MATERIALS 16        /* = SW_MAX_MATERIALS */
#define WORLD_NAME_MAX 64
#define WORLD_PATH_MAX 1024
#define WORLD_MAX_SCENE_BYTES (4u << 20) /* scene files larger than 4 MiB are refused; exactly 4 MiB loads */

/* Limits, checked by the loader and reported with the field path. */
#define WORLD_TERRAIN_SIZE_MIN 1.0f       /* m */
#define WORLD_TERRAIN_SIZE_MAX 16384.0f   /* m */
#define WORLD_RESOLUTION_MIN 2
#define WORLD_RESOLUTION_MAX 4097         /* height-field samples per side */
#define WORLD_DENSITY_MIN 1e-6            /* blades / m^2 (one per km^2): smaller values of a "> 0" field */
#define WORLD_ROUGHNESS_MIN 0.02          /* SH5: GGX roughness below this is a mirror the lighting cannot filter */
#define WORLD_DENSITY_MAX 2000.0f         /* blades / m^2 */
#define WORLD_BLADE_HEIGHT_MIN 0.001      /* m: 16 steps of the blade's unorm16 height */
#define WORLD_BLADE_HEIGHT_MAX 4.0f       /* m, = SW_MAX_BLADE_HEIGHT */
#define WORLD_BLADE_WIDTH_MIN 0.0001      /* m: 26 steps of the blade's unorm16 width */
#define WORLD_BLADE_WIDTH_MAX 0.25f       /* m, = SW_MAX_BLADE_WIDTH */
#define WORLD_IMAGE_SIZE_MAX 8192u        /* output pixels per side */
#define WORLD_DRAW_DISTANCE_MIN 0.01      /* m, render's and each type's */
#define WORLD_DRAW_DISTANCE_MAX 2000.0f   /* m */
#define WORLD_MAX_CANDIDATES (64u << 20)  /* grid cells within draw distance, all materials together */
#define WORLD_MAP_RES_MAX 4096          /* PL1 type and grass-height map texels per side */
#define WORLD_MAP_RES_DEFAULT_MAX 2048  /* the generated maps' default side is resolution - 1, at most this */
#define WORLD_PRESENCE_TEXELS 8         /* map texels per side of a type-presence cell */
#define WORLD_RENDER_BYTES_PER_PIXEL 64u  /* estimate of the render targets per output pixel, for the memory
                                            budget: G-buffer 16, depth 4, HDR colour 8, TAA history and
                                            resolved image 16, LDR colour 4, read-backs 8, Hi-Z pyramid and
                                            bloom chain about 5, the caller's image 4 */
#define WORLD_TERRAIN_SALT 0x7e11a1u      /* sw_fbm salt of the procedural terrain; fixed, so the terrain
                                            does not change with the placement seed */

typedef struct world_fbm {
    float amplitude;   /* m, peak height above the base */
    float wavelength;  /* m, size of the largest hills */
    int octaves;
    float lacunarity;
    float gain;
} world_fbm;

/* PL10: one blend layer of the terrain. Its opacity comes from a grey PNG (sampled at the nearest pixel) or from
 * a rule of the point: 1 with the height in [height_lo, height_hi] and the slope in [slope_lo, slope_hi]
 * (degrees), falling linearly to 0 over `edge` metres / degrees outside (0: a step); none: opacity 1. */
#define WORLD_MAX_LAYERS 16
typedef enum world_layer_kind { WORLD_LAYER_FULL, WORLD_LAYER_IMAGE, WORLD_LAYER_RULE, WORLD_LAYER_PATH } world_layer_kind;
#define WORLD_PATH_MAX_POINTS 32 /* a layer's path: its polyline's points */
typedef struct world_layer {
    char name[WORLD_NAME_MAX];
    int grass;                     /* grass type grown where it is the top layer, or -1 (none) */
    unsigned ground;               /* SH10: the ground's material where it is the top layer (SW_GROUND_*,
                                      shared/sw_ground.h; "ground"), SW_GROUND_NONE: the rules go on */
    world_layer_kind kind;
    char path[WORLD_PATH_MAX];     /* resolved PNG path (image) */
    int image_size;                /* pixels per side */
    float *opacity;                /* image_size^2 opacities, row-major, top row first (z rows); owned, read by
                                      world_layers_build */
    float height[2];               /* m (rule); default the whole range */
    float slope[2];                /* degrees (rule); default [0, 90] */
    float edge;                    /* m and degrees of the linear fall-off (rule, path) */
    float path_pts[WORLD_PATH_MAX_POINTS][2]; /* m, [x, z] (path): a polyline; opacity 1 within path_width / 2 of it */
    int path_count;
    float path_width;              /* m */
} world_layer;

/* SH10: the ground materials' rules and detail (terrain.ground; shared/sw_ground.h sw_ground_rule). */
typedef struct world_ground {
    unsigned default_kind;         /* SW_GROUND_*: where no rule picks one (default soil) */
    float rock_slope;              /* degrees: rock on steeper ground (default 35) */
    float sand_below;              /* m: sand on lower ground (default SW_GROUND_NO_SAND: none) */
    float detail;                  /* the detail's amplitude (default 1; 0: each material's mean colour, flat) */
    unsigned canopy;               /* SW_GROUND_* under the canopy layer's crowns (terrain.ground.canopy.ground),
                                      SW_GROUND_NONE: no canopy rule (the default) */
} world_ground;

typedef struct world_terrain {
    float size;                    /* m, side of the square terrain, centred on the origin */
    int resolution;                /* samples per side */
    bool from_image;               /* heights from heightmap_path, else fBm */
    char heightmap_path[WORLD_PATH_MAX]; /* resolved path */
    float height_min, height_max;  /* m, PNG value 0 and 65535 (or 255) */
    world_fbm fbm;
    float color[3];                /* linear RGB albedo of the ground (soil's, SW_GROUND_SOIL) */
    world_ground ground;           /* SH10 */
    float *heights;                /* resolution^2 samples, row-major, z rows of x; owned */
    float min_y, max_y;            /* m, range of heights */

    /* PL1 world maps over the terrain square, each map_res x map_res texels, row-major like heights; texel
     * (i, j) is centred at x = -size/2 + (i + 0.5) * size / map_res. Loaded from PNG or generated. */
    int map_res;
    uint8_t *types;                /* grass type per texel (index into materials; 255 = no grass); owned */
    float *grass_height;           /* 0..1 scale of the type's height per texel, 0 = no grass; owned */
    char type_map_path[WORLD_PATH_MAX];     /* resolved PNG path; "" = generated from the patches */
    char grass_height_path[WORLD_PATH_MAX]; /* resolved PNG path; "" = 1.0 everywhere */
    /* Per-type presence on a coarse grid of WORLD_PRESENCE_TEXELS^2 texels a cell (presence_res cells a
     * side): bit k of type_presence[cj * presence_res + ci] is set when a texel of type k lies in the cell.
     * Lets the tile choice skip tiles of types absent there (O(tiles) per frame). Owned. */
    uint16_t *type_presence;
    int presence_res;

    /* PL10: blend layers, bottom to top (terrain.layers); the material id of a point is the index of the topmost
     * layer whose opacity there is above layer_threshold, else 0 (world_layer_at). */
    int layer_count;
    world_layer layers[WORLD_MAX_LAYERS];
    float layer_threshold;         /* [0, 1], default 0.5 */
    uint8_t *material_ids;         /* map_res^2 material ids (world_layer_at at each texel centre), NULL without
                                      layers; owned */
    /* PL11, SH10: the trees' canopy (shared/sw_canopy.h): the asset layer that casts it (world_asset.layer; 0:
     * none, no rule names one), and map_res^2 codes of the signed distance to the nearest crown
     * (place_canopy_build), NULL without; owned */
    int canopy_layer;
    uint8_t *canopy;
    /* BX5, streamed world data (shaders/shared/sw_ring.h, docs/world-format.md): heights, types and
     * grass_height hold a ring x ring window of the map, global sample (i, j) at (j mod ring) * ring + (i mod
     * ring), the window's first sample (i0, j0). 0 = resident: the whole map at 0 (index maps to itself).
     * Read every sample through world_height_at, world_type_at, world_grass_height_at. */
    int hf_ring, hf_i0, hf_j0;
    int map_ring, map_i0, map_j0;
    char world_dir[WORLD_PATH_MAX]; /* terrain.world: a baked world folder (resolved; "" = none) */
    bool streamed;                  /* the maps are windows (terrain.stream, or terrain.world by default) */
    float stream_window;            /* m, side of the windows (terrain.stream.window) */
    int stream_page;                /* samples per page side (terrain.stream.page, or the world's) */
    struct world_stream *stream;    /* the open windows (src/world/stream.h); NULL when resident; owned */
} world_terrain;

/* The windows' ring sides (the map's side when resident). */
static inline int world_hf_ring(const world_terrain *t) { return t->hf_ring > 0 ? t->hf_ring : t->resolution; }
static inline int world_map_ring(const world_terrain *t) { return t->map_ring > 0 ? t->map_ring : t->map_res; }
/* Index into heights / types / grass_height of GLOBAL sample (i, j), clamped to the window. */
static inline size_t world_hf_index(const world_terrain *t, int i, int j)
{
    return (size_t)sw_ring_index(i, j, world_hf_ring(t), t->hf_i0, t->hf_j0);
}
static inline size_t world_map_index(const world_terrain *t, int i, int j)
{
    return (size_t)sw_ring_index(i, j, world_map_ring(t), t->map_i0, t->map_j0);
}
/* Height samples a side the terrain mesh covers: the window when streamed (at most the world), else all. */
static inline int world_mesh_samples(const world_terrain *t)
{
    return t->hf_ring > 0 && t->hf_ring < t->resolution ? t->hf_ring : t->resolution;
}
static inline float world_height_at(const world_terrain *t, int i, int j) { return t->heights[world_hf_index(t, i, j)]; }
static inline unsigned world_type_at(const world_terrain *t, int i, int j) { return t->types[world_map_index(t, i, j)]; }
static inline float world_grass_height_at(const world_terrain *t, int i, int j)
{
    return t->grass_height[world_map_index(t, i, j)];
}

/* PL6 Voronoi clumping of one grass type. */
typedef struct world_clump {
    float size;              /* m, Voronoi cell size; 0 = no clumping */
    float height_variation;  /* 0..1: clump height scale is 1 +- this */
    float facing;            /* 0..1: how much blades turn to the clump's facing */
    float lean;              /* 0..1: extra lean of the clump's blades along its facing */
    float color_variation;   /* 0..1: per-clump brightness and hue variation */
    float pull;              /* 0..1: how far blades move toward the clump centre */
} world_clump;

typedef enum world_wind_model {
    WORLD_WIND_GOT,          /* scrolling Perlin push + hash-offset sine bobbing (default) */
    WORLD_WIND_HZD,          /* + HZD large- and small-scale motion (SPEC GA4) */
    WORLD_WIND_FRICTIONAL,   /* + Frictional fbm of sines with prime multipliers (SPEC GA4) */
} world_wind_model;

/* PL11's undergrowth: a grass type's or an asset's density multipliers by the trees' canopy ("canopy": {"layer",
 * "under", "open", "fringe", "fringe_width"}; shared/sw_canopy.h): under the crowns, in the open, in the fringe
 * of fringe_width m outside the nearest crown. The layer is the scene's canopy layer (world_terrain.canopy_layer). */
typedef struct world_canopy_rule {
    bool set;
    float under, open, fringe, width;
} world_canopy_rule;

typedef struct world_material {
    char name[WORLD_NAME_MAX];
    float density;            /* blades / m^2 at full coverage */
    float height[2];          /* m, min and max */
    float width[2];           /* m, min and max */
    float root_color[3];      /* linear RGB */
    float tip_color[3];       /* linear RGB */
    float stiffness;          /* 0..1 */
    float bend;               /* 0..1 */
    float translucency;       /* 0..1 */
    unsigned ground;          /* SH10: the ground asked for beneath the blades (SW_GROUND_*; grass[i].ground),
                                 SW_GROUND_NONE: the rules' */
    float roughness;          /* SH5: the blades' GGX roughness near the eye (the loader resolves the default,
                                 0.58 - 0.12 translucency: thin, waxy blades glossier); far blades go to 0.95 */
    float patch_scale;        /* m; 0 = uniform coverage */
    float patch_coverage;     /* (0, 1] */
    world_clump clump;        /* PL6 */
    int blades_per_instance;  /* 1, or 2 for short grass (SC6, GA1) */
    float lod_distance;       /* m: nearer blades use the 15-vertex form (SC6), per type */
    float draw_distance;      /* m: the type's blades fade out before this (SC5), per type, <= render's */
    world_wind_model wind_model; /* GA4 */
    bool camera_tilt;         /* GA8: HZD's camera-based tilting (grass[i].camera_tilt; default: with wind_model hzd) */
    bool stealth;             /* PL9: gameplay height is gameplay_height; else decorative (no cover) */
    float gameplay_height;    /* m, stealth types only */
    float head_color[3];      /* linear RGB of a flower head at the tip; head_size 0 = none */
    float head_size;          /* m, length of the coloured head */
    float base_density;       /* PL2: blades / m^2 outside the density areas (<= density); used when base_set */
    bool base_set;            /* false: the base density is `density` (scenes built by hand, no "base_density") */
    bool areas;               /* PL2: a density area names it */
    world_canopy_rule canopy; /* PL11 */
} world_material;

/* GA3: one spring category of the wind field (wind.field.trees, .plants, .grass, .special; src/wind/field.c). */
typedef struct world_spring {
    float frequency;      /* Hz, natural frequency of the undamped spring */
    float damping;        /* damping ratio zeta (1: critical) */
    float gain;           /* response: the displacement in equilibrium is gain x force */
} world_spring;

#define WORLD_WIND_CATEGORIES 4 /* trees, plants, grass, special (SW_WIND_CAT_*) */

typedef struct world_wind {
    float direction[2];   /* normalised x, z */
    float speed;          /* m/s */
    float gust_scale;     /* m */
    float gust_speed;     /* m/s */
    world_spring field[WORLD_WIND_CATEGORIES]; /* GA3 spring categories, SW_WIND_CAT_* order */
} world_wind;

/* GA3: the spring categories' defaults (what a scene without "wind.field" gets). */
void world_wind_field_defaults(world_wind *w);

typedef struct world_sun {
    float direction[3];   /* normalised, towards the sun (sun.direction, or from sun.elevation and sun.azimuth) */
    float color[3];
    float intensity;
} world_sun;

typedef struct world_sky {
    float zenith[3];      /* used as given only with render.features.sky off */
    float horizon[3];
    float intensity;
    float turbidity;      /* Preetham's T of the analytic sky (render.features.sky), [1.7, 10], default 3 */
} world_sky;

typedef struct world_camera {
    float position[3];    /* m */
    float target[3];      /* m */
    float fov_y;          /* degrees */
    bool above_ground;    /* position[1] is metres above the terrain there */
    float near_plane;     /* m */
} world_camera;

/* BX1 render.raster: "auto" (small blades in compute, large ones on the hardware path), "hardware", "compute". */
typedef enum world_raster { WORLD_RASTER_AUTO, WORLD_RASTER_HARDWARE, WORLD_RASTER_COMPUTE } world_raster;
#define WORLD_RASTER_THRESHOLD_DEFAULT 512.0f /* px, measured on the H200 (docs/raster.md) */
#define WORLD_SHADOW_SIZE_DEFAULT 2048u /* texels a side of the near and mid shadow maps (HZD: 2048) */
#define WORLD_SHADOW_SIZE_MIN 128u      /* the lit-height map's snap and lookup margin fit (cascades.c) */
#define WORLD_SHADOW_SIZE_MAX 2048u     /* shadow_lit.comp.glsl's rows: 256 threads of 8 texels */

/* SC1, SC2: the camera-local cache of placed tiles (render.tile_cache; src/place/cache.c). */
#define WORLD_TILE_CACHE_MIB_DEFAULT 64.0f
#define WORLD_TILE_CACHE_MIB_MAX 65536.0
#define WORLD_TILES_PER_FRAME_DEFAULT 1024
#define WORLD_TILES_PER_FRAME_MAX (1 << 24)
typedef struct world_tile_cache {
    float budget_mib;          /* device memory of the placed tiles, MiB */
    int tiles_per_frame;       /* K: most tiles placed in a frame, except what a teleport needs at once */
    float teleport_distance;   /* m: a camera move longer than this in one frame is a teleport; 0 = a quarter
                                  of render.draw_distance */
} world_tile_cache;

/* PO4 (Frictional: "dividing the level into areas that have different exposures"): a box of the world whose
 * exposure is biased by `ev` stops, in full inside it and fading linearly to nothing `blend` m outside it.
 * Overlapping areas: their weighted mean (world_exposure_bias). */
#define WORLD_MAX_EXPOSURE_AREAS 32
typedef struct world_exposure_area {
    float min[3], max[3]; /* m, world box corners (min <= max per axis) */
    float ev;             /* EV stops added: > 0 brighter (a dark interior), < 0 darker */
    float blend;          /* m outside the box over which the bias fades to 0 */
} world_exposure_area;

typedef struct world_render {
    sward_render_settings settings;
    int exposure_area_count;  /* PO4: the scene's "exposure_areas" */
    world_exposure_area exposure_areas[WORLD_MAX_EXPOSURE_AREAS];
    float draw_distance;  /* m */
    float lod_distance;   /* m: nearer blades use the 15-vertex form */
    float thin_distance;  /* m: blades thin beyond it, keeping (thin_distance / distance)^2 (SC5, sw_thin_keep) */
    uint32_t features;    /* SW_FEAT_* bits (shaders/shared/sw_types.h): render.features, all on by default */
    world_raster raster;  /* BX1: which rasteriser draws the camera's blades (render.raster) */
    float raster_threshold; /* px: auto sends tiles whose blades project smaller than this to compute */
    uint32_t shadow_size; /* texels a side of the near and mid shadow maps and their lit heights (a power of two) */
    world_tile_cache tile_cache; /* SC1, SC2: render.tile_cache */
} world_render;

/* GA5: a force field (a character walking through, an explosion) moving along a path of keys. */
#define WORLD_MAX_FORCES 16
#define WORLD_MAX_FORCE_KEYS 64
typedef struct world_force {
    float radius;     /* m */
    float strength;   /* m of push at the centre */
    float phase;      /* rad, offset of the field's own oscillation */
    float frequency;  /* Hz of that oscillation */
    int key_count;    /* >= 1 */
    float keys[WORLD_MAX_FORCE_KEYS][3]; /* (time s, x m, z m), times increasing; on the ground in y */
    bool loop;        /* repeat the path after the last key */
} world_force;

/* PL8, AS1: a mesh asset placed over the field as GPU instances (trees, plants, flowers, rocks). Generated by
 * src/assets (kind, seed, size) or imported from a mesh file; placed on its own jittered grid (1 / sqrt(density)
 * spacing) by the same deterministic placement as the grass, in clusters of 32 x 32 cells (SC4). */
#define WORLD_MAX_ASSETS 8
#define WORLD_MAX_AREAS 256           /* = SW_MAX_AREAS */
#define WORLD_AREA_MAX_POINTS 32      /* = SW_AREA_MAX_POINTS */
#define WORLD_ASSET_SIZE_MAX 100.0f     /* m: generated height and width */
#define WORLD_ASSET_DENSITY_MIN 1e-6    /* instances / m^2 */
#define WORLD_ASSET_DENSITY_MAX 100.0f
#define WORLD_ASSET_SCALE_MAX 100.0f
#define WORLD_ASSET_MAX_CANDIDATES (4u << 20) /* per asset: density x (2 x draw distance)^2 */
typedef enum world_asset_kind {
    WORLD_ASSET_TREE, WORLD_ASSET_FERN, WORLD_ASSET_BUSH, WORLD_ASSET_FLOWER, WORLD_ASSET_ROCK, WORLD_ASSET_KIND_COUNT
} world_asset_kind;
/* GA3: the wind field's spring categories (HZD: trees, plants, grasses, special) */
typedef enum world_wind_category {
    WORLD_WIND_TREES, WORLD_WIND_PLANTS, WORLD_WIND_GRASS, WORLD_WIND_SPECIAL, WORLD_WIND_NONE
} world_wind_category;
typedef struct world_asset {
    char name[WORLD_NAME_MAX];
    world_asset_kind kind;
    uint32_t seed;            /* generator seed (generate.seed) */
    float height, width;      /* m, generated size; 0 = the kind's default */
    uint32_t species;         /* tree: asset_tree_species (generate.species; 0: the generator's own tree) */
    float age;                /* generate.age: 0..1 with a species (0: grown, 1) */
    asset_tree_override tree[ASSET_TREE_OVERRIDES_MAX]; /* generate.tree: the species' parameters overridden */
    uint32_t tree_count;
    char mesh_path[WORLD_PATH_MAX]; /* resolved path of an imported mesh ("" = generated) */
    float mesh_scale;         /* metres per unit of the mesh file */
    float density;            /* instances / m^2 where it grows */
    float scale[2];           /* uniform scale range per instance */
    float patch_scale, patch_coverage; /* m, fraction: the same patch noise as a grass type (0: uniform) */
    uint32_t grows_on;        /* bit k: grows where the type map has grass type k; 0 = anywhere on the terrain */
    float draw_distance;      /* m */
    float lod_bias;           /* > 0: multiplies the distances at which the LODs switch (1 = the defaults) */
    world_wind_category wind; /* which spring of the wind field moves it */
    float leaf_color[3], bark_color[3], flower_color[3]; /* linear RGB albedo */
    float translucency;       /* 0..1 of the leaves */
    float roughness;          /* SH5: GGX roughness of its leaves, fronds and petals (default 0.6) */
    float bark_roughness;     /* SH5: of its bark, stems and stone (default 0.9) */
    /* PL2: density areas and layered exclusion (HZD). base_density as the grass's. layer: 0 none, else the index
     * + 1 of the scene's layer (the assets with the same "layer" name); the layer's assets share one grid of
     * spacing 1 / sqrt(grid_density), grid_density the sum of their densities, and each keeps the points whose
     * keep value falls in [keep_lo, keep_lo + fraction x keep_scale) (sw_keep_in). */
    float base_density;
    bool base_set;
    int layer;
    float grid_density;       /* instances / m^2 of its grid (0: density) */
    float keep_lo, keep_scale;
    bool areas;               /* a density area names it */
    /* PL11: "placement": "dither" places it on the ordered-dither point set (shaders/shared/sw_dither_points.h)
     * scaled so its points are at least `footprint` m apart; "forest" decodes its density value into sparse trees,
     * the forest's edge and the inner forest (v < forest_edge, < forest_inner, else), each class with a density
     * (a fraction of the point set) and an instance scale factor. */
    bool dither;
    float footprint;          /* m (default by kind: tree 6, fern, bush and flower 1, rock 2) */
    bool forest;
    float forest_edge, forest_inner;
    float forest_density[3];  /* sparse, edge, inner: fraction of the point set, 0..1 */
    float forest_scale[3];    /* sparse, edge, inner: instance scale factor */
    /* PL11: a species tree with a forest decode is baked once per class (asset_tree_forest_class): the asset
     * itself keeps the sparse trees, and the loader appends one asset for the edge and one for the inner forest,
     * each a copy placed on the first's point set (forest_of: its index + 1; 0 for the others) and keeping only
     * its class's points (forest_classes: bit k for class k; 0: every class) */
    uint32_t forest_class;
    uint32_t forest_classes;
    int forest_of;
    world_canopy_rule canopy; /* PL11's undergrowth: its density by the canopy */
    float crown_radius;       /* m at scale 1: of the canopy layer's assets, their crowns' (place_canopy_build) */
} world_asset;

/* PL11: instances / m^2 of an asset's whole dither point set: SW_DITHER_POINTS over its tile's area. */
float world_asset_dither_full(const world_asset *a);
/* The largest scale an instance of the asset has: scale[1], times the largest forest class factor (PL11). */
float world_asset_scale_max(const world_asset *a);

/* BX5: a camera flight (scene "flight", scene_flight.c): keys of eye and target over time, linear between keys;
 * a key with `cut` is a teleport (the camera holds the previous key until the cut's time, then jumps). */
#define WORLD_MAX_FLIGHT_KEYS 256
#define WORLD_MAX_FLIGHT_FRAMES 100000 /* = sward bench --frames' limit */
typedef struct world_flight_key {
    float time;       /* s, from the flight's start; strictly increasing */
    float eye[3];     /* m; with above_ground, y is the height above the terrain at (x, z) */
    float target[3];  /* m; with above_ground, y is likewise above the terrain at the target's (x, z) */
    bool cut;         /* teleport to this key (never on the first) */
} world_flight_key;
typedef struct world_flight {
    int key_count;    /* 0: the scene has no flight; else 2..WORLD_MAX_FLIGHT_KEYS */
    float fps;        /* (0, 240] */
    bool above_ground;
    uint32_t frames;  /* round(last key's time x fps), 1..WORLD_MAX_FLIGHT_FRAMES */
    world_flight_key keys[WORLD_MAX_FLIGHT_KEYS];
} world_flight;

struct sward_scene {
    char name[WORLD_PATH_MAX]; /* file name or "<default>", for messages */
    bool from_file;            /* name is the path of the file it was read from (sward_scene_file) */
    world_terrain terrain;
    world_material materials[WORLD_MAX_MATERIALS];
    int material_count;
    world_wind wind;
    world_sun sun;
    world_sky sky;
    world_camera camera;
    world_render render;
    world_force forces[WORLD_MAX_FORCES];
    int force_count;
    world_asset assets[WORLD_MAX_ASSETS];
    int asset_count;
    world_flight flight;       /* BX5; key_count 0 = none */
    sw_area areas[WORLD_MAX_AREAS]; /* PL2: the density areas in the file's order (the sum's order) */
    int area_count;
    sward_scene_budget budget; /* of the load, defaults resolved; zero (scenes built by hand): the defaults */
};

/* Builds terrain->heights from fBm or the PNG; errors name the image path. The grid is world_terrain_grid's:
 * sample (i, j) at x = -size/2 + i * size/(resolution-1), z likewise with j, stored at heights[j*res + i].
 * fBm: amplitude * (0.5 + 0.5 * sw_fbm(x / wavelength, z / wavelength, ..., WORLD_TERRAIN_SALT)). PNG: pixel
 * column i, row j (top row first) -> sample (i, j), value v in [0, 1] -> height_min + (height_max -
 * height_min) * v, and resolution = the image width (a non-square image is an error). */
sward_result world_terrain_build(world_terrain *terrain, const char *scene_name, sward_error *err);
/* The height field's grid as the shaders get it (sw_frame.terrain_*): origin (x0, z0) = (-size/2, -size/2),
 * texel size cell = size / (resolution - 1) and its inverse, computed in float once for CPU and GPU. */
void world_terrain_grid(const world_terrain *t, float *x0, float *z0, float *cell, float *inv_cell);

/* PL1: builds terrain->types, grass_height and type_presence from the PNGs or procedurally (types from the
 * materials' patches: a texel takes the last type whose patch noise covers its centre (sw_coverage > 0.5),
 * else the first type without patches, else none (255); grass height 1). Errors name the field and image. */
sward_result world_maps_build(sward_scene *scene, sward_error *err);
/* The maps' grid as the shaders get it: origin (-size/2, -size/2) and texels per m (sw_frame.map_inv_cell). */
void world_map_grid(const world_terrain *t, float *x0, float *z0, float *inv_cell);

/* Budgets (docs/scene-format.md "Budgets"). Sizes of 0 count as nothing (an image not read yet). */
/* Units of work of the load (about 20 ns of one core each, budget.c): fBm resolution^2 x octaves (none for a
 * height map), plus, for a generated type map of map_res^2 texels, map_res^2 x (1 + 3 x grass types with
 * patches). */
uint64_t world_load_work(const sward_scene *scene, int map_res);
/* Host bytes of a scene with a height_res^2 height field and map_res^2 maps, plus the estimate of the render
 * targets for width x height pixels (WORLD_RENDER_BYTES_PER_PIXEL). */
uint64_t world_memory_bytes(const sward_scene *scene, int height_res, int map_res, uint32_t width, uint32_t height);
/* Checks both, with width x height render pixels, against scene->budget, naming the largest part's field and
 * the budget (SWARD_ERROR_INVALID_INPUT). The loader calls it before each large allocation or computation,
 * with the sizes known by then; sward_scene_set_render_settings with a new size. */
sward_result world_check_budget(const sward_scene *scene, int height_res, int map_res, uint32_t width,
                                uint32_t height, sward_error *err);

/* The frame's work (frame_budget.c, docs/scene-format.md "Budgets"): what one width x height frame of the scene
 * asks of the device, in units of one rasterised fragment, shadow-map texel or asset triangle, estimated in closed
 * form before anything runs. */
typedef struct world_frame_work {
    double pixels;          /* width x height */
    double fragments;       /* the camera's blades and assets, each at least one */
    double overdraw;        /* fragments / pixels */
    double blades;          /* blades within reach: the draw distances and the horizontal field of view */
    double shadow_texels;   /* the near cascade's blades and assets, each at least one texel */
    double asset_triangles; /* the assets' triangles in the camera and the near cascade */
    double units;           /* fragments + shadow_texels + asset_triangles */
    double eye_height;      /* m: the lowest eye height above the ground assumed, at least camera.near */
    int worst;              /* the grass type (index) or asset (WORLD_MAX_MATERIALS + index) costing the most */
} world_frame_work;
void world_frame_work_estimate(const sward_scene *scene, uint32_t width, uint32_t height, world_frame_work *out);
/* The integral over d in [0, D] of d x max(c, min(a, b / d^2)): one ring's share of the estimate (per radian and
 * per unit of density). */
double world_ring_integral(double a, double b, double c, double D);
/* The same with density thinning past T (SC5): (T / d)^2 of the ring kept beyond it. */
double world_ring_integral_thinned(double a, double b, double c, double T, double D);
/* The estimate against `limit` units; over it, SWARD_ERROR_INVALID_INPUT with a message naming the field of the
 * costliest grass type or asset and `budget_name` ("frame work budget"). */
sward_result world_check_frame_budget(const sward_scene *scene, uint32_t width, uint32_t height, uint64_t limit,
                                      const char *budget_name, sward_error *err);

/* PL10 (layers.c): builds terrain->material_ids and, when a layer names a grass type, terrain->types from them
 * (world_maps_build calls it after the type map). Errors name the layer's image. */
sward_result world_layers_build(sward_scene *scene, sward_error *err);
/* PL10: the material id at a point: the index of the topmost layer whose opacity is above the threshold, else 0
 * (0 also for scenes without layers). */
uint8_t world_layer_at(const sward_scene *scene, float x, float z);
/* SH10 (scene_ground.c): terrain.ground's defaults; a ground material's name ("none" for SW_GROUND_NONE). */
void world_ground_defaults(world_ground *g);
const char *world_ground_name(unsigned kind);
/* PL10: one layer's opacity at a point (0..1). */
float world_layer_opacity(const sward_scene *scene, int layer, float x, float z);
void world_layers_free(world_terrain *t);
/* The generators, one sample at a time (so a streamed world generates page by page): the fBm height of sample
 * (i, j) and the generated type of map texel (i, j), exactly what world_terrain_build / world_maps_build store. */
float world_fbm_height(const world_terrain *t, int i, int j);
uint8_t world_generated_type(const sward_scene *s, int i, int j);

/* Height at a world point by bilinear interpolation (the same as the placement's). */
float world_terrain_height(const world_terrain *terrain, float x, float z);

/* BX5 (scene_flight.c): the flight's camera at time t s (above_ground resolved against the built terrain) and
 * whether a cut key lies in (t_prev, t]; the flight must have keys. */
void world_flight_camera(const sward_scene *scene, double t, float eye[3], float target[3]);
bool world_flight_cut_between(const world_flight *f, double t_prev, double t);

/* Camera position in world space (resolving above_ground). */
void world_camera_eye(const sward_scene *scene, float eye[3]);

/* json_locate.c: the 1-based line and column (in bytes, as for syntax errors) of the value at `path` (keys joined by '.', array
 * elements as [N], as the loader's messages spell them) in the JSON text, or of the deepest enclosing value the
 * text has; false (0, 0) for empty text. */
bool world_json_locate(const char *text, size_t len, const char *path, uint32_t *line, uint32_t *column);

/* PO4: the exposure areas' bias at the eye, in EV: sum of w_i ev_i / max(1, sum of w_i), w_i = 1 inside area i,
 * 1 - d / blend at distance d < blend outside it, else 0 (scene_exposure.c). */
float world_exposure_bias(const world_render *r, const float eye[3]);

#endif
