/* assets.h — the module `assets` (SPEC AS1-AS5): vegetation meshes (generated or imported) with the baked wind
 * data of GA6/GA9, their LOD chains, impostors and textures, and alpha textures whose mip chain keeps the
 * coverage the alpha test gives at full resolution (AS4). Pure CPU code, no Vulkan: the renderer uploads what
 * this module builds. The vertex convention is docs/assets.md's. */
#ifndef SWARD_ASSETS_H
#define SWARD_ASSETS_H

#include "core/core.h"

#include <stdint.h>

/* ---- meshes (AS1): the vertex convention every asset follows, generated or imported ----
 *
 * Object space in metres, y up, the origin at the root on the ground (where the asset meets the terrain).
 * Triangles are counter-clockwise seen from the front; foliage is drawn double-sided (SH3). Every vertex carries
 * the data the wind needs (HZD GA6 "three levels of motion", 003's GA9 pivot animation), baked once: */
typedef enum asset_level {
    ASSET_LEVEL_TRUNK = 0,  /* the trunk (trees) or the stem / base (plants, flowers, rocks): bends with height */
    ASSET_LEVEL_BRANCH = 1, /* a branch, frond or flower stalk: bends, sways and lifts about its pivot */
    ASSET_LEVEL_LEAF = 2,   /* a leaf card, leaflet or petal: flutters about its pivot (the 3D noise) */
} asset_level;

/* SH3, SH9: the least cosine of a tree's canopy normal with the eye's axis (its view-space z) after abs(z), in the
 * shading (asset_surface.inc.glsl SW_CANOPY_FACING) and in the impostor's bake */
#define ASSET_CANOPY_FACING 0.3f
typedef enum asset_surface {
    ASSET_SURFACE_BARK = 0, /* opaque: trunks, branches, stems, rocks */
    ASSET_SURFACE_LEAF = 1, /* alpha-tested card (AS4 alpha), translucent (SH6) */
    ASSET_SURFACE_PETAL = 2,/* alpha-tested, coloured by the flower's colour */
} asset_surface;

typedef struct asset_vertex {
    float pos[3];      /* m, object space */
    float normal[3];   /* unit */
    float uv[2];       /* in the asset's texture set (AS5): [0, 1]^2 */
    float pivot[3];    /* m, object space: the point the vertex's part rotates about (trunk: the origin; branch:
                          where it leaves its parent; leaf: where it is attached to its branch) */
    float gradient;    /* GA9: 0 at the asset's root, 1 at its highest tip (height / asset height for a tree,
                          along the stalk for a plant part): the pivot animation's weight */
    float trunk_dist;  /* GA6: m along the branches from the trunk to this point (0 on the trunk) */
    float branch_dist; /* GA6: m from the branch to this point along the leaf (0 on trunk and branches) */
    float phase;       /* GA6 "index / offset": [0, 1), the part's own phase, so parts do not move in step */
    float ao;          /* baked ambient occlusion, 0 (occluded) .. 1 (open) */
    uint32_t level;    /* asset_level */
    uint32_t surface;  /* asset_surface */
    uint32_t branch;   /* index of the branch the vertex belongs to (0: the trunk), for per-branch motion */
} asset_vertex;

typedef struct asset_mesh {
    asset_vertex *vertices;
    uint32_t vertex_count;
    uint32_t *indices;     /* triangle list */
    uint32_t index_count;  /* 3 x triangles */
    float bounds_min[3], bounds_max[3]; /* of the positions (asset_mesh_bounds) */
    uint32_t billboard_indices; /* the last billboard_indices indices are the billboard's cards (AS3), drawn with the
                                   billboard shader; 0: none (added for AS2) */
} asset_mesh;

/* The first index of the billboard (index_count when the mesh has none): the mesh is the indices before it. */
static inline uint32_t asset_mesh_billboard_first(const asset_mesh *m)
{
    return m->index_count - m->billboard_indices;
}

#define ASSET_MAX_LODS 6u
#define ASSET_MAX_VERTICES (1u << 22) /* per mesh: a larger one (imported) is refused */

typedef enum asset_kind {
    ASSET_KIND_TREE = 0,   /* AS2: 5 levels, ~10000, ~2600, ~1200, ~200 (+ fading billboard), 12-triangle billboard */
    ASSET_KIND_PLANT = 1,  /* ferns, bushes: 4 levels, ~2000, ~800, ~140, 8-triangle billboard */
    ASSET_KIND_FLOWER = 2, /* like a plant (4 levels) */
    ASSET_KIND_ROCK = 3,   /* no wind; LODs by simplification */
    ASSET_KIND_COUNT
} asset_kind;

/* An asset's LOD chain (AS2): lods[0] the most detailed. The last level of trees and plants is the billboard
 * (vertical cards crossing at the centre, textured by the impostor, AS3); `billboard_from` is the first level
 * that shows it (trees: level 3 fades it in over its ~200-triangle mesh, level 4 is only the billboard). */
typedef struct asset_chain {
    asset_kind kind;
    uint32_t lod_count;
    asset_mesh lods[ASSET_MAX_LODS];
    uint32_t billboard_from;   /* lod_count when there is no billboard */
    float height, radius;      /* m: the asset's height and horizontal radius (of lods[0]) */
    uint32_t billboard_cards;  /* cards of the billboard (tree 3, plant and flower 2, rock 0): the impostor atlas is
                                  a horizontal strip of this many cells, card c showing cell c (added for AS2) */
} asset_chain;

void asset_mesh_free(asset_mesh *m);
void asset_chain_free(asset_chain *c);
/* A deep copy of src into dst (freed with asset_chain_free); false, with dst empty, when out of memory. */
bool asset_chain_copy(asset_chain *dst, const asset_chain *src);
/* Recomputes m->bounds_min / bounds_max from its vertices. */
void asset_mesh_bounds(asset_mesh *m);

/* ---- the procedural generator (AS1, generate.c) and LOD chains (AS2, lod.c) ---- */

typedef enum asset_plant_style {
    ASSET_PLANT_FERN = 0, /* fronds: a curved stalk with pairs of leaflet cards */
    ASSET_PLANT_BUSH = 1, /* short stems from the ground, covered in leaf cards */
    ASSET_PLANT_STYLE_COUNT
} asset_plant_style;

/* Tree species of the Weber-Penn model (tree_params.c, docs/assets.md "Species"): presets as data. NONE is the
 * generator's own tree (gen_tree in generate.c), unchanged. */
typedef enum asset_tree_species {
    ASSET_TREE_NONE = 0,
    ASSET_TREE_OAK = 1,   /* broad spreading broadleaf */
    ASSET_TREE_BIRCH = 2, /* slender broadleaf, small leaves, drooping twigs */
    ASSET_TREE_PINE = 3,  /* conifer: whorls of branches, a dominant leader, needle cards, conical crown */
    ASSET_TREE_HAZEL = 4, /* shrub-tree: stems from the ground in a vase */
    ASSET_TREE_SPECIES_COUNT
} asset_tree_species;

/* A species tree's bark (SPEC AS5, bark.c): a procedural texture kind per preset (tree_params.bark); PLAIN, the
 * other assets' and the generator's own tree's, is the asset's bark colour alone. */
typedef enum asset_bark {
    ASSET_BARK_PLAIN = 0,
    ASSET_BARK_BIRCH = 1,    /* white to cream, dark horizontal lenticels, dark rough patches toward the base */
    ASSET_BARK_PLATES = 2,   /* pine, spruce: red-brown to grey plates between dark furrows */
    ASSET_BARK_FURROWED = 3, /* oak: grey-brown ridges between deep vertical furrows */
    ASSET_BARK_SMOOTH = 4,   /* hazel: smooth grey-brown, faint lenticels */
    ASSET_BARK_COUNT
} asset_bark;

/* The bark kind of a species (PLAIN for NONE or out of range). */
asset_bark asset_tree_species_bark(uint32_t species);

/* The species' name ("oak", ...; "" for NONE or out of range), and the species of a name (NONE when unknown). */
const char *asset_tree_species_name(uint32_t species);
asset_tree_species asset_tree_species_find(const char *name);

/* What to generate; every zero field means its default. The triangle counts do not depend on the sizes: the
 * number of cards fills each kind's LOD budget (asset_lod_targets). */
/* A species' parameter set to its value (docs/assets.md "Overrides"): `param` an asset_tree_param_find id,
 * `level` the stem level of a per-level parameter (0 the trunk), `value` the number (a whole number for the
 * integer parameters, a tree_shape index for "shape"). */
#define ASSET_TREE_OVERRIDES_MAX 48u
typedef struct asset_tree_override {
    uint16_t param, level;
    float value;
} asset_tree_override;

typedef enum asset_tree_param_type {
    ASSET_TREE_PARAM_NONE, ASSET_TREE_PARAM_NUMBER, ASSET_TREE_PARAM_INTEGER, ASSET_TREE_PARAM_SHAPE
} asset_tree_param_type;

/* The id of the parameter named `name` (the paper's in snake_case: "base_size"; per_level: a level's, "down_angle"),
 * and its type; ASSET_TREE_PARAM_NONE (id 0) when there is none. */
uint16_t asset_tree_param_find(const char *name, bool per_level, asset_tree_param_type *type);
/* The index of the shape named `name` ("conical" .. "envelope"), -1 when none; the names, comma-separated. */
int asset_tree_shape_find(const char *name);
const char *asset_tree_shape_names(void);

/* PL11: the forest decode's class a species tree is baked for. The sparse trees are the species as given; the
 * edge's are lower-crowned (a shorter bare trunk), wider and more branched; the inner forest's are taller with
 * the crown higher up (docs/assets.md "Forest variants"). */
typedef enum asset_tree_forest_class {
    ASSET_TREE_FOREST_ANY, ASSET_TREE_FOREST_SPARSE, ASSET_TREE_FOREST_EDGE, ASSET_TREE_FOREST_INNER,
    ASSET_TREE_FOREST_COUNT
} asset_tree_forest_class;

typedef struct asset_gen_desc {
    asset_kind kind;
    uint32_t seed;      /* same seed and desc: the same bytes */
    float height;       /* m, of the highest point (0: tree 9, plant 0.8, flower 0.5, rock 0.6; 0.05 .. 100) */
    float width;        /* m, horizontal diameter, 2 x radius (0: tree 0.6, plant 1.0, flower 0.5, rock 1.5 x height;
                           0.02 .. 200, at most 4 x height) */
    float leaf_size;    /* m, length of a leaf card, leaflet or petal before fitting to height / width (0: tree
                           0.055, bush 0.15, fern leaflet 0.2, flower petal 0.1 x height; at most height) */
    uint32_t branches;  /* main branches (tree, 0: 10, max 16), fronds or stems (plant, 0: 7, max 16), stems with a
                           flower each (flower, 0: 5, max 12); rocks: must be 0 */
    uint32_t variant;   /* plant: asset_plant_style; other kinds: must be 0 */
    uint32_t species;   /* tree: asset_tree_species (0: the generator's own tree); other kinds: must be 0. A
                           species sets the shape: width 0 keeps the species' proportions (scaled to the height),
                           leaf_size and branches must be 0 */
    float age;          /* species: 0..1, the tree's age within its species (young: smaller, fewer branches; 0: 1) */
    const asset_tree_override *tree; /* species: parameter overrides, applied to the preset in order */
    uint32_t tree_count;             /* of them, at most ASSET_TREE_OVERRIDES_MAX */
    uint32_t forest_class;           /* species: PL11's class the tree is shaped for (asset_tree_forest_class) */
} asset_gen_desc;

#define ASSET_GEN_MAX_HEIGHT 100.0f

/* Checks d's overrides against its species' parameter ranges (the preset with them applied); on error the message
 * and err->field name the parameter ("tree.lv[1].curve_res"), as asset_generate would. */
sward_result asset_tree_check(const asset_gen_desc *d, sward_error *err);

/* A species tree's size as desc d grows it, in closed form before it is built (the frame's work estimate,
 * src/world/frame_budget.c): its parameters are the preset with d's overrides applied and shaped for d's forest
 * class (tree_params_of), so an override of `scale` or `prune_width`, or the edge's and inner forest's shapes,
 * change it. height: d's, else the parameters' scale at d's age (0: 1), scale x (1/2 + age / 2), the height
 * asset_generate fits the tree to; width: d's, else the pruning envelope's diameter there, 2 x prune_width x
 * height (the tree comes within it). Its LOD0 triangles need no estimate: they are the chain's target whatever
 * the overrides (asset_lod_targets; a wood over it leaves no room for cards and is simplified to it, lod.c). False
 * (0 x 0) when d is not a species tree or its overrides are not parameters. */
typedef struct asset_tree_size {
    float height, width; /* m */
} asset_tree_size;
bool asset_tree_estimate(const asset_gen_desc *d, asset_tree_size *out);

/* The chain's triangle targets (AS2, HZD "Assets: Trees / Plants"): fills mesh[i] with level i's mesh triangles
 * (0 for a billboard-only level), *billboard_from with the first level that adds the billboard (lod_count when
 * none) and *billboard_tris with its triangles (tree 12, plant and flower 8, rock 0). Returns lod_count. */
uint32_t asset_lod_targets(asset_kind kind, uint32_t mesh[ASSET_MAX_LODS], uint32_t *billboard_from,
                           uint32_t *billboard_tris);

/* Generates an asset and its LOD chain (the caller frees it with asset_chain_free). Deterministic: no global
 * state, the same desc gives the same bytes. Errors: SWARD_ERROR_INVALID_INPUT naming the field (NaN, negative,
 * out of range; err->field is the desc's field: "height", "width", "leaf_size", "branches", "variant"),
 * SWARD_ERROR_OUT_OF_MEMORY; on error *out is left empty. */
sward_result asset_generate(const asset_gen_desc *d, asset_chain *out, sward_error *err);

/* The LOD chain of a mesh that was not generated (imported, chain.c): level 0 is m (its mesh part: a billboard
 * it carries is dropped, the chain adds its own), each lower level the one above simplified by meshoptimizer
 * (meshopt_simplify, else meshopt_simplifySloppy) to the kind's target relative to its level 0 (asset_lod_targets)
 * times m's triangles, never more than the level above; trees, plants and flowers get the billboard levels
 * exactly as generated chains do. A level's vertices are copies of m's (wind data kept); each level in vertex
 * cache order. Errors: SWARD_ERROR_INVALID_INPUT (a bad kind, no triangles, an index out of range),
 * SWARD_ERROR_OUT_OF_MEMORY; on error *out is empty. */
sward_result asset_chain_from_mesh(const asset_mesh *m, asset_kind kind, asset_chain *out, sward_error *err);

/* Writes m as glTF 2.0 (gltf.c): `path` (.gltf, JSON) and its buffer beside it, the same name with .bin, into
 * batch (replaced with the rest of the caller's set at its commit), or, with batch NULL, replaced now as a pair.
 * The buffer's FNV-1a hash is in buffers[0].extras.sward_fnv1a64 (ASSET_GLTF_STAMP): the import refuses a .bin
 * that does not match it. POSITION (with min / max), NORMAL, TEXCOORD_0 (uv) and the wind data as
 * docs/import.md reads it (TEXCOORD_1 (gradient, phase), _2 (trunk_dist, branch_dist), _3 (pivot x, y), _4 (pivot
 * z, level), _5 (branch, 0), COLOR_0 (1, 1, 1, ao)), uint32 indices; one primitive per surface with a material
 * named "bark", "leaf" or "petal" (asset_import maps them back), and the billboard, if any, as a primitive of its
 * own with the material "leaf_billboard". Errors: SWARD_ERROR_INVALID_INPUT (a path not ending in .gltf, a mesh
 * without triangles or with an index out of range), SWARD_ERROR_IO, SWARD_ERROR_OUT_OF_MEMORY. */
#define ASSET_GLTF_STAMP "sward_fnv1a64"
sward_result asset_write_gltf(core_batch *batch, const char *path, const asset_mesh *m, sward_error *err);

/* ---- mesh import (AS1, import.c; docs/import.md): glTF 2.0 (.gltf + .bin, .glb) and OBJ through assimp ---- */
typedef struct asset_import_desc {
    float scale;           /* metres per file unit; 0: 1 (glTF is in metres; OBJ is assumed to be) */
    bool z_up;             /* the file is z up: rotated to y up, (x, y, z) -> (x, z, -y); default false (y up) */
    bool recentre;         /* move the base's centre to the origin and the lowest point to y = 0; default false:
                              the author's origin is kept (it is the pivot the author chose) */
    float trunk_radius;    /* m, derived wind data only: bark within this horizontal distance of the y axis is
                              the trunk; 0: a quarter of the mesh's horizontal radius */
    uint32_t max_vertices; /* 0 or more than ASSET_MAX_VERTICES: ASSET_MAX_VERTICES */
} asset_import_desc;

/* Imports every mesh of every node of a glTF or OBJ file (node transforms applied) into `out` in the vertex
 * convention above, with the wind data the file supplies or, where it supplies none, data derived from the
 * geometry (docs/import.md). d may be NULL (all defaults). The caller frees out with asset_mesh_free. Errors
 * (SWARD_ERROR_IO: the file or a glTF buffer cannot be read; SWARD_ERROR_INVALID_INPUT: everything else)
 * name the file and the problem. Not to be called from two threads at once: assimp's C API keeps its last
 * error in a global. A build without assimp (SWARD_ASSIMP=OFF, the bundle) refuses every file. */
sward_result asset_import(const char *path, const asset_import_desc *d, asset_mesh *out, sward_error *err);
/* Whether this build has mesh import (built with assimp). */
bool asset_import_available(void);

/* Billboard card c of `cards` (AS2/AS3) for a mesh with bounds lo..hi: a vertical rectangle through the centre of
 * the bounds, at 180 * c / cards degrees about y. A point of the card is centre + right * s + (0, t, 0), s in
 * [-half_width, half_width] (u from c / cards at -half_width to (c + 1) / cards), t in [0, height] (v 1 at the
 * bottom, 0 at the top). `normal` is the cards' vertex normal, the side the impostor is baked from. */
typedef struct asset_card {
    float centre[3];  /* m: the middle of the card's bottom edge (x, z the bounds' centre, y bounds_min's) */
    float right[3];   /* unit, horizontal: (cos a, 0, sin a), the direction of increasing u */
    float normal[3];  /* unit, horizontal: (sin a, 0, -cos a), the card's front */
    float half_width; /* m: half the larger horizontal side of the bounds */
    float height;     /* m: of the bounds (1 when flat) */
} asset_card;
void asset_billboard_card(const float *lo, const float *hi, uint32_t cards, uint32_t c, asset_card *out);

#define ASSET_ALPHA_MAX_LEVELS 16u
#define ASSET_ALPHA_CUTOFF 0.5f       /* the alpha test: a texel is covered when alpha >= this */

/* An alpha texture's mip chain: level 0 is the source, each next level half the last (rounded up, at least
 * 1), down to 1x1. Alpha in [0, 1], rows top to bottom. */
typedef struct asset_alpha_mips {
    uint32_t levels;
    uint32_t width[ASSET_ALPHA_MAX_LEVELS], height[ASSET_ALPHA_MAX_LEVELS];
    float *alpha[ASSET_ALPHA_MAX_LEVELS];
    float scale[ASSET_ALPHA_MAX_LEVELS]; /* 0.5 / P applied to the level (1 for level 0) */
} asset_alpha_mips;

/* The fraction of texels covered by the alpha test (alpha >= ASSET_ALPHA_CUTOFF). */
double asset_alpha_coverage(const float *alpha, uint32_t width, uint32_t height);

/* Level `src` of `w` x `h` texels bilinearly up-sampled to `out_w` x `out_h` (texel centres aligned, edges
 * clamped: what a magnified texture shows). */
void asset_alpha_upsample(const float *src, uint32_t w, uint32_t h, float *out, uint32_t out_w, uint32_t out_h);

/* HZD's "custom coverage" mip chain (SPEC AS4): the coverage of the source after the alpha test; a regular
 * (2x2 box) mip chain; for each level, bilinearly up-sampled to the source's size (HZD: to 4096^2), the value P
 * at which that up-sampling covers as much as the source does (HZD reads it from the histogram; here the exact
 * quantile), and the level's texels scaled by 0.5 / P (clamped to 1) so that P lands on the alpha test's 0.5. `preserve` false builds the regular chain
 * alone (for comparison). Errors: a size of 0 or over 8192, a value outside [0, 1] or NaN (naming the texel),
 * out of memory. */
sward_result asset_alpha_build_mips(const float *alpha, uint32_t width, uint32_t height, bool preserve,
                                    asset_alpha_mips *out, sward_error *err);
void asset_alpha_mips_free(asset_alpha_mips *m);

/* ---- the leaves' noise (GA6, noise.c) ---- */
#define ASSET_NOISE_SIZE 16u                    /* HZD: a tiny 16x16x16 3D simplex noise texture */
#define ASSET_NOISE_TEXELS (ASSET_NOISE_SIZE * ASSET_NOISE_SIZE * ASSET_NOISE_SIZE)
/* 3D simplex noise, about [-1, 1]; salt picks the field. */
float asset_simplex3(float x, float y, float z, uint32_t salt);
/* ASSET_NOISE_TEXELS x 4 floats, x fastest then y then z: three channels of simplex noise (a displacement),
 * tileable over the 16 texels in each direction, and 0. */
void asset_leaf_noise(uint32_t seed, float *out);


/* ---- texture sets (AS5, textures.c) ----
 * HZD "Texture Sets": the leaf or petal card's alpha, tangent-space normal, albedo variation, translucency, mask
 * and AO packed into two RGBA8 textures, square, rows top (v = 0) to bottom, uv [0, 1]^2 over the whole card as
 * the generator maps it (generate.c emit_card: v = 1 at the attach point / base, v = 0 at the tip, u 0 .. 1
 * across). Each byte is unorm8 (round(255 x)).
 *   a: r albedo luminance multiplier m as m / 2 (0.5 is 1: the leaf colour unchanged), g translucency mask
 *      (1 thin blade .. lower on the ribs), b AO (0 occluded .. 1 open), a alpha: signed distance to the
 *      silhouette, 0.5 on the edge, + inside, ASSET_TEXSET_SPREAD of uv from the edge to 0 or 1
 *   b: r, g the tangent-space normal's x (along +u) and y (along +v) as x / 2 + 1 / 2 (z = sqrt(1 - x^2 - y^2),
 *      out of the card's front), b the colorize mask (SH4: texture * (2 colorize mask + 1 - mask); 0 on the
 *      ribs, which keep their colour), a 255 (unused)
 * Level l is half of level l - 1 down to 1x1. The alpha's chain is AS4's coverage-preserving one
 * (asset_alpha_build_mips, preserve); the other channels are 2x2 boxes (the normal renormalised). */
#define ASSET_TEXSET_MAX_LEVELS 16u
#define ASSET_TEXSET_MIN_SIZE 8u
#define ASSET_TEXSET_MAX_SIZE 4096u
#define ASSET_TEXSET_SPREAD 0.0625f /* uv: the signed distance's ramp, edge (0.5) to fully in or out */

typedef struct asset_texture_set {
    asset_surface surface;                 /* leaf or petal; bark: asset_bark_build's layout */
    uint32_t levels;                       /* log2(size[0]) + 1 */
    uint32_t size[ASSET_TEXSET_MAX_LEVELS]; /* texels per side of level l */
    uint8_t *a[ASSET_TEXSET_MAX_LEVELS];   /* RGBA8, size[l]^2 x 4 bytes: albedo, translucency, AO, alpha */
    uint8_t *b[ASSET_TEXSET_MAX_LEVELS];   /* RGBA8: normal x, normal y, colorize mask, 255 */
} asset_texture_set;

/* Builds the texture set of a leaf (pointed tip, widest at 40 % of its length, midrib and veins) or a petal
 * (rounded) of size x size texels (a power of two, ASSET_TEXSET_MIN_SIZE .. ASSET_TEXSET_MAX_SIZE) with all its
 * levels; `seed` varies the albedo. Deterministic. Errors: SWARD_ERROR_INVALID_INPUT naming `size` or
 * `surface`, SWARD_ERROR_OUT_OF_MEMORY; on error *out is empty. */
sward_result asset_texture_set_build(asset_surface surface, uint32_t size, uint32_t seed, asset_texture_set *out,
                                     sward_error *err);
void asset_texture_set_free(asset_texture_set *t);

/* The next level of an RGBA8 texture (n x n to n/2 x n/2, n even): 2x2 boxes; with `normal` the first two
 * channels are a tangent-space normal, averaged as vectors and renormalised. */
void asset_texture_box_down(const uint8_t *src, uint32_t n, uint8_t *dst, bool normal);

/* ---- bark (AS5, bark.c) ----
 * A bark kind's texture set (surface ASSET_SURFACE_BARK), tileable, SW_BARK_TILE m a side (shaders/shared/
 * sw_assets.h): x (u) around the stem, y (v) up it, as emit_tube maps a species tree's stems. Unorm8 bytes:
 *   a: r, g, b the albedo factor f as f / 2 (albedo = the asset's bark colour x f; 0.5 keeps the colour), a the
 *      roughness factor likewise (x the asset's bark roughness)
 *   b: r, g the tangent-space normal (x around, y up) as x / 2 + 1 / 2; b the base mask m: the dark rough patch
 *      (birch) shows where 1 - (metres from the root) / SW_BARK_BASE_HEIGHT > m (1: never); a 255
 * All levels down to 1x1 (2x2 boxes, the normal renormalised). */

/* Builds kind's set (not PLAIN) of size x size texels (a power of two, ASSET_TEXSET_MIN_SIZE ..
 * ASSET_TEXSET_MAX_SIZE); `seed` varies it. Deterministic. Errors: SWARD_ERROR_INVALID_INPUT naming the kind or
 * the size, SWARD_ERROR_OUT_OF_MEMORY; on error *out is empty. */
sward_result asset_bark_build(asset_bark kind, uint32_t size, uint32_t seed, asset_texture_set *out, sward_error *err);
/* The kind's bark colour (linear RGB): a species' default bark_color, the mean the texture's factor varies. */
void asset_bark_color(asset_bark kind, float rgb[3]);

/* ---- impostors (AS3, impostor.c) ----
 * HZD: the billboard's cards show the tree baked from its most detailed mesh. The atlas is a horizontal strip
 * of `cards` cells of cell_w x cell_h texels, rows top to bottom; texel (x, y) of cell c is the point of card c
 * (asset_billboard_card of lods[0]'s bounds) at u = (c + (x + 0.5) / cell_w) / cards, v = (y + 0.5) / cell_h,
 * i.e. s = half_width (2 (x + 0.5) / cell_w - 1) along `right`, t = height (1 - (y + 0.5) / cell_h) up. The
 * mesh is projected orthographically along the card's normal, seen from its front (+normal); the nearest
 * surface wins. The back of a card shows the same cell (the same points, so the silhouette is right from both
 * sides, the image mirrored); its normals are the front surface's (the renderer may reflect them through the
 * card plane). Each texel is a uint32:
 *   bits  0-7   octahedral normal u, 8-15 v (shaders/shared/sw_gbuffer.h sw_oct_encode: u from x, v from z,
 *               folded where y < 0; unorm8 of [0, 1]); object space; leaves and petals facing away from the
 *               viewer are flipped to face it (they are drawn double-sided)
 *   bits 16-23  AO, unorm8 of the vertex ao
 *   bits 24-25  surface + 1 (0 empty, 1 bark, 2 leaf, 3 petal)
 *   bits 26-31  depth d of the hit in front of the card plane (along normal), q = round((d / depth_range + 1)
 *               / 2 x 63) clamped to 0 .. 63; depth_range is half the bounds' horizontal diagonal (no point of
 *               the mesh is farther from the plane)
 * An empty texel is 0. */
#define ASSET_IMPOSTOR_MAX_CELL 4096u
#define ASSET_IMPOSTOR_DEPTH_MAX 63u

typedef struct asset_impostor {
    uint32_t cards, cell_w, cell_h;
    uint32_t width, height; /* the atlas: cards x cell_w, cell_h */
    uint32_t *texels;       /* width x height, rows top to bottom */
    float depth_range;      /* m: depth q = 0 is -depth_range, 63 is +depth_range */
} asset_impostor;

/* Bakes the impostor of chain c (its billboard_cards cards; lods[0]'s mesh rasterised, its billboard, if any, not).
 * Leaf and petal triangles are alpha-tested with `leaves`' level-0 alpha at their uv (nearest texel; NULL: not
 * tested, whole cards). Errors: SWARD_ERROR_INVALID_INPUT naming cell_w / cell_h (0 or over
 * ASSET_IMPOSTOR_MAX_CELL), a chain without billboard cards or without triangles; out of memory. On error
 * *out is empty. */
sward_result asset_impostor_bake(const asset_chain *c, uint32_t cell_w, uint32_t cell_h,
                                 const asset_texture_set *leaves, asset_impostor *out, sward_error *err);
void asset_impostor_free(asset_impostor *im);

/* ---- billboard cards trimmed to their impostor (AS3; trim.c) ----
 * A card's outline: its 3 rows (0 bottom, 1 middle, 2 top) at texel heights y from the cell's top, each row's ends
 * left and right in texels from the cell's left; every covered texel's whole square lies inside it. */
typedef struct asset_card_outline {
    float y[3], left[3], right[3];
} asset_card_outline;
/* Card `card`'s outline in im; false (a whole cell) when it covers nothing or the cell is degenerate. */
bool asset_card_outline_of(const asset_impostor *im, uint32_t card, asset_card_outline *out);
/* Its area in texels. */
double asset_card_outline_area(const asset_card_outline *o);
/* Moves the billboard vertices of every level of c (its cards' rows, add_billboard's) onto their cards' outlines
 * in im (c's own impostor), with the uv that shows the same texels there. */
void asset_billboard_trim(asset_chain *c, const asset_impostor *im);
/* The renderer's billboard: c's impostor baked (asset_impostor_bake's arguments and errors), then c's cards trimmed
 * to it. */
sward_result asset_billboard_bake(asset_chain *c, uint32_t cell_w, uint32_t cell_h, const asset_texture_set *leaves,
                                  asset_impostor *out, sward_error *err);
/* The fields of a texel. */
static inline uint32_t asset_impostor_surface(uint32_t t) { return (t >> 24) & 3u; } /* surface + 1, 0 empty */
static inline uint32_t asset_impostor_depth(uint32_t t) { return t >> 26; }
static inline uint32_t asset_impostor_ao(uint32_t t) { return (t >> 16) & 255u; }

#endif
