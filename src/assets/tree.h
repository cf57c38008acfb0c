/* tree.h — private to the assets module: the parametric tree model after Jason Weber and Joseph Penn, "Creation
 * and Rendering of Realistic Trees" (SIGGRAPH 1995), for asset_generate's species (SPEC AS1). The parameters keep
 * the paper's names in snake_case (Shape -> shape, nDownAngle -> lv[n].down_angle); angles in degrees, lengths
 * relative as in the paper, `scale` in metres. tree_params.c holds the presets and the shape ratio and envelope,
 * tree_grow.c grows the stems level by level into the generator's skeleton (skel.h), tree_mesh.c adds the
 * leaves and builds the parts. */
#ifndef SWARD_ASSETS_TREE_H
#define SWARD_ASSETS_TREE_H

#include "assets/skel.h"

#define TREE_MAX_LEVELS 4u
#define TREE_MAX_RES (GEN_MAX_POINTS - 1u) /* segments of one stem: a tube holds GEN_MAX_POINTS points */

/* The shapes of the paper's ShapeRatio (0..8). */
typedef enum tree_shape {
    TREE_SHAPE_CONICAL = 0,
    TREE_SHAPE_SPHERICAL = 1,
    TREE_SHAPE_HEMISPHERICAL = 2,
    TREE_SHAPE_CYLINDRICAL = 3,
    TREE_SHAPE_TAPERED_CYLINDRICAL = 4,
    TREE_SHAPE_FLAME = 5,
    TREE_SHAPE_INVERSE_CONICAL = 6,
    TREE_SHAPE_TEND_FLAME = 7,
    TREE_SHAPE_ENVELOPE = 8, /* the pruning envelope's: prune_width_peak, prune_power_low / high */
    TREE_SHAPE_COUNT
} tree_shape;

/* One level of stems (0 the trunk): the paper's n-prefixed parameters. */
typedef struct tree_level {
    float length, length_v; /* nLength, nLengthV: relative to the parent (the trunk's: to scale) */
    float taper;            /* nTaper 0..1: the radius falls linearly to (1 - taper) at the tip */
    uint32_t curve_res;     /* nCurveRes: segments, 1 .. TREE_MAX_RES */
    float curve, curve_back, curve_v; /* nCurve, nCurveBack, nCurveV: degrees over the stem (curve_back: the
                                         upper half bends by it, the lower by curve) */
    float seg_splits;       /* nSegSplits: clones per segment (error-diffused), at most one per segment point */
    float split_angle, split_angle_v; /* nSplitAngle(V) between a clone and its stem */
    float down_angle, down_angle_v;   /* nDownAngle(V) from the parent's axis; a negative V on level 1 varies it
                                         with the position: lower stems further down */
    float rotate, rotate_v;           /* nRotate(V): about the parent's axis from the previous child */
    float branches;         /* nBranches: children of a stem of the level above (level 0: unused) */
    uint32_t sides;         /* the tube's sides (3 .. 16): the LOD0 budget's share of wood */
} tree_level;

typedef struct tree_params {
    const char *name;
    tree_shape shape;      /* Shape: the length of level-1 stems along the trunk */
    float base_size;       /* BaseSize: the bare part of the trunk, fraction of its length */
    float scale;           /* Scale (m): the trunk's length, the envelope's height; the default tree height */
    uint32_t levels;       /* Levels: 1 .. TREE_MAX_LEVELS levels of stems, leaves on the last */
    float ratio, ratio_power; /* Ratio (trunk radius / length), RatioPower (children: (length ratio)^power) */
    float flare;           /* Flare: the trunk's base widens by 1 + flare */
    uint32_t base_splits;  /* BaseSplits: clones of the trunk at base_size (0: none; at the root when 0 < base_size
                              x curve_res < 1) */
    uint32_t whorl;        /* level-1 stems per whorl (1: a spiral as in the paper; conifers: 4-6 at one height) */
    tree_level lv[TREE_MAX_LEVELS];
    float leaves;          /* Leaves: relative leaf cards per last-level stem (the card count fills the budget) */
    float leaves_inner;    /* leaf cards per metre on the outer half of the level below the last, relative to the
                              last level's (0: none; not in the paper: fills crowns that the wood budget keeps thin) */
    float leaf_scale, leaf_scale_x; /* LeafScale (m, the card's length), LeafScaleX (width / length) */
    float leaf_bend;       /* LeafBend 0..1: the cards' fronts turned up and outward, to the light */
    uint32_t leaf_cluster; /* cards per cluster: a cluster shares an attach point */
    float attraction_up;   /* AttractionUp: stems of level >= 2 turn up (negative: droop) per segment */
    float prune_ratio;     /* PruneRatio 0..1: how far stems outside the envelope are shortened into it */
    float prune_width, prune_width_peak, prune_power_low, prune_power_high; /* the envelope (PruneWidth x scale:
                              its largest radius, at PruneWidthPeak of the crown's height) */
    asset_bark bark;       /* the bark's texture kind (bark.c; not in the paper) */
} tree_params;

/* The preset of species (1 .. ASSET_TREE_SPECIES_COUNT - 1), NULL otherwise. */
const tree_params *tree_preset(uint32_t species);
/* The parameters d grows: its species' preset, d's overrides applied in order, then shaped for d's forest class;
 * false (err set, naming the parameter) when an override is not a parameter or not a whole number where one is
 * needed. The ranges are tree_params_check's. */
bool tree_params_of(const asset_gen_desc *d, tree_params *out, sward_error *err);
/* The paper's ShapeRatio(shape, ratio): ratio 1 at the crown's base, 0 at the top. */
float tree_shape_ratio(const tree_params *p, tree_shape shape, float ratio);
/* Whether point q (m, the trunk's root at the origin) lies inside p's pruning envelope for a trunk of `scale`
 * metres: its distance from the y axis below prune_width x scale x ShapeRatio(envelope, (scale - y) / (scale
 * (1 - base_size))), times (1 + tol). */
bool tree_inside_envelope(const tree_params *p, float scale, v3 q, float tol);
/* Checks p's ranges; the message names the parameter ("tree: lv[1].curve_res: ..."). */
sward_result tree_params_check(const tree_params *p, sward_error *err);

/* What tree_grow built: stems per level (clones included), clones per level, stems pruned away entirely. */
typedef struct tree_stats {
    uint32_t stems[TREE_MAX_LEVELS], clones[TREE_MAX_LEVELS], pruned;
    float scale; /* m: the trunk's length, the envelope's height (before the fit to the desc's height) */
} tree_stats;

/* Grows p's stems into s (its rng seeded, s->d filled in: age, budget) in the model's own metres; each tube's
 * `depth` is its level. Leaves are tree_mesh.c's. */
void tree_grow(gen_skel *s, const tree_params *p, float age, tree_stats *st);
/* Adds the leaf cards to s: clusters on the last level's stems, as many as the budget leaves after the wood. */
void tree_leaves(gen_skel *s, const tree_params *p, uint32_t levels);
/* The whole species tree of desc d (defaults filled in: height, age) as parts; st may be NULL. */
sward_result assets_gen_species(const asset_gen_desc *d, assets_parts *p, tree_stats *st, sward_error *err);

#endif
