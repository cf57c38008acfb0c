/* tree_params.c — the Weber-Penn model's parameters (tree.h): the species presets as data, the paper's shape
 * ratio and pruning envelope, and the parameters' ranges. */
#include "assets/tree.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define PI_F 3.14159265f

/* Each level: length, length_v, taper, curve_res, curve, curve_back, curve_v, seg_splits, split_angle,
 * split_angle_v, down_angle, down_angle_v, rotate, rotate_v, branches, sides. */
static const tree_params PRESETS[ASSET_TREE_SPECIES_COUNT] = {
    [ASSET_TREE_OAK] = {
        .name = "oak", .shape = TREE_SHAPE_HEMISPHERICAL, .base_size = 0.22f, .scale = 13.0f, .levels = 3,
        .ratio = 0.024f, .ratio_power = 1.3f, .flare = 0.7f, .base_splits = 1, .whorl = 1,
        .lv = {
            {1.0f, 0.0f, 0.85f, 8, 0.0f, 0.0f, 30.0f, 0.15f, 22.0f, 8.0f, 0, 0, 0, 0, 0, 10},
            {0.75f, 0.1f, 0.9f, 5, 10.0f, -25.0f, 60.0f, 0.2f, 25.0f, 8.0f, 62.0f, -25.0f, 140.0f, 40.0f, 24.0f, 6},
            {0.42f, 0.1f, 0.9f, 3, 0.0f, 0.0f, 70.0f, 0.0f, 0, 0, 45.0f, 15.0f, 140.0f, 40.0f, 14.0f, 3},
            {0},
        },
        .leaves = 1.0f, .leaves_inner = 0.3f, .leaf_scale = 1.1f, .leaf_scale_x = 0.8f, .leaf_bend = 0.4f, .leaf_cluster = 4,
        .attraction_up = 0.4f, .prune_ratio = 1.0f, .prune_width = 0.55f, .prune_width_peak = 0.45f,
        .prune_power_low = 0.35f, .prune_power_high = 0.7f, .bark = ASSET_BARK_FURROWED,
    },
    [ASSET_TREE_BIRCH] = {
        .name = "birch", .shape = TREE_SHAPE_TEND_FLAME, .base_size = 0.3f, .scale = 15.0f, .levels = 4,
        .ratio = 0.013f, .ratio_power = 1.2f, .flare = 0.3f, .base_splits = 0, .whorl = 1,
        .lv = {
            {1.0f, 0.0f, 0.95f, 9, 0.0f, 0.0f, 12.0f, 0.0f, 0, 0, 0, 0, 0, 0, 0, 8},
            {0.32f, 0.06f, 0.9f, 4, -15.0f, 25.0f, 30.0f, 0.0f, 0, 0, 40.0f, -15.0f, 137.5f, 20.0f, 24.0f, 5},
            {0.5f, 0.1f, 0.9f, 3, 10.0f, 0.0f, 40.0f, 0.0f, 0, 0, 45.0f, 15.0f, 140.0f, 40.0f, 5.0f, 3},
            {0.45f, 0.1f, 0.9f, 2, 0.0f, 0.0f, 30.0f, 0.0f, 0, 0, 40.0f, 10.0f, 140.0f, 40.0f, 3.0f, 3},
        },
        .leaves = 1.0f, .leaves_inner = 0.3f, .leaf_scale = 0.55f, .leaf_scale_x = 0.75f, .leaf_bend = 0.3f, .leaf_cluster = 3,
        .attraction_up = -0.9f, .prune_ratio = 1.0f, .prune_width = 0.24f, .prune_width_peak = 0.4f,
        .prune_power_low = 0.5f, .prune_power_high = 0.9f, .bark = ASSET_BARK_BIRCH,
    },
    [ASSET_TREE_PINE] = {
        .name = "pine", .shape = TREE_SHAPE_CONICAL, .base_size = 0.12f, .scale = 18.0f, .levels = 3,
        .ratio = 0.016f, .ratio_power = 1.4f, .flare = 0.4f, .base_splits = 0, .whorl = 5,
        .lv = {
            {1.0f, 0.0f, 1.0f, 12, 0.0f, 0.0f, 6.0f, 0.0f, 0, 0, 0, 0, 0, 0, 0, 10},
            {0.3f, 0.04f, 0.95f, 4, 12.0f, 0.0f, 15.0f, 0.0f, 0, 0, 88.0f, -25.0f, 72.0f, 10.0f, 45.0f, 4},
            {0.32f, 0.08f, 0.9f, 2, 0.0f, 0.0f, 20.0f, 0.0f, 0, 0, 50.0f, 10.0f, 180.0f, 20.0f, 7.0f, 3},
            {0},
        },
        .leaves = 1.0f, .leaves_inner = 0.9f, .leaf_scale = 0.75f, .leaf_scale_x = 0.3f, .leaf_bend = 0.1f, .leaf_cluster = 5,
        .attraction_up = 0.2f, .prune_ratio = 1.0f, .prune_width = 0.22f, .prune_width_peak = 0.12f,
        .prune_power_low = 0.15f, .prune_power_high = 1.0f, .bark = ASSET_BARK_PLATES,
    },
    [ASSET_TREE_HAZEL] = {
        .name = "hazel", .shape = TREE_SHAPE_INVERSE_CONICAL, .base_size = 0.05f, .scale = 5.0f, .levels = 3,
        .ratio = 0.012f, .ratio_power = 1.2f, .flare = 0.0f, .base_splits = 5, .whorl = 1,
        .lv = {
            {1.0f, 0.0f, 0.9f, 7, 0.0f, 0.0f, 20.0f, 0.0f, 18.0f, 6.0f, 0, 0, 0, 0, 0, 6},
            {0.35f, 0.08f, 0.9f, 3, 15.0f, 0.0f, 40.0f, 0.0f, 0, 0, 50.0f, 15.0f, 140.0f, 40.0f, 36.0f, 4},
            {0.5f, 0.1f, 0.9f, 2, 0.0f, 0.0f, 40.0f, 0.0f, 0, 0, 45.0f, 15.0f, 140.0f, 40.0f, 8.0f, 3},
            {0},
        },
        .leaves = 1.0f, .leaves_inner = 0.2f, .leaf_scale = 0.38f, .leaf_scale_x = 0.85f, .leaf_bend = 0.5f, .leaf_cluster = 3,
        .attraction_up = 0.3f, .prune_ratio = 1.0f, .prune_width = 0.5f, .prune_width_peak = 0.7f,
        .prune_power_low = 0.4f, .prune_power_high = 0.6f, .bark = ASSET_BARK_SMOOTH,
    },
};

const tree_params *tree_preset(uint32_t species)
{
    return species > 0 && species < ASSET_TREE_SPECIES_COUNT ? &PRESETS[species] : NULL;
}

asset_bark asset_tree_species_bark(uint32_t species)
{
    const tree_params *p = tree_preset(species);
    return p ? p->bark : ASSET_BARK_PLAIN;
}

const char *asset_tree_species_name(uint32_t species)
{
    const tree_params *p = tree_preset(species);
    return p ? p->name : "";
}

asset_tree_species asset_tree_species_find(const char *name)
{
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT && name; k++)
        if (strcmp(name, PRESETS[k].name) == 0) return (asset_tree_species)k;
    return ASSET_TREE_NONE;
}

float tree_shape_ratio(const tree_params *p, tree_shape shape, float ratio)
{
    switch (shape) {
    case TREE_SHAPE_CONICAL: return 0.2f + 0.8f * ratio;
    case TREE_SHAPE_SPHERICAL: return 0.2f + 0.8f * sinf(PI_F * ratio);
    case TREE_SHAPE_HEMISPHERICAL: return 0.2f + 0.8f * sinf(0.5f * PI_F * ratio);
    case TREE_SHAPE_CYLINDRICAL: return 1.0f;
    case TREE_SHAPE_TAPERED_CYLINDRICAL: return 0.5f + 0.5f * ratio;
    case TREE_SHAPE_FLAME: return ratio <= 0.7f ? ratio / 0.7f : (1.0f - ratio) / 0.3f;
    case TREE_SHAPE_INVERSE_CONICAL: return 1.0f - 0.8f * ratio;
    case TREE_SHAPE_TEND_FLAME: return ratio <= 0.7f ? 0.5f + 0.5f * ratio / 0.7f : 0.5f + 0.5f * (1.0f - ratio) / 0.3f;
    case TREE_SHAPE_ENVELOPE:
    default: {
        if (ratio < 0.0f || ratio > 1.0f) return 0.0f;
        float peak = p->prune_width_peak;
        if (ratio < 1.0f - peak) return powf(ratio / (1.0f - peak), p->prune_power_high);
        return powf((1.0f - ratio) / peak, p->prune_power_low);
    }
    }
}

bool tree_inside_envelope(const tree_params *p, float scale, v3 q, float tol)
{
    float ratio = (scale - q.y) / (scale * (1.0f - p->base_size));
    float r = sqrtf(q.x * q.x + q.z * q.z);
    return r <= p->prune_width * scale * tree_shape_ratio(p, TREE_SHAPE_ENVELOPE, ratio) * (1.0f + tol);
}

/* A parameter outside [lo, hi] (or NaN): the message names it. */
static bool bad(float v, float lo, float hi, const char *name, sward_error *err)
{
    if (v >= lo && v <= hi) return false;
    core_fail(err, SWARD_ERROR_INVALID_INPUT, "tree: %s: %g is out of range (%g .. %g)", name, (double)v, (double)lo,
              (double)hi);
    if (err) snprintf(err->field, sizeof err->field, "tree.%s", name);
    return true;
}

sward_result tree_params_check(const tree_params *p, sward_error *err)
{
    if (bad((float)p->shape, 0, TREE_SHAPE_COUNT - 1, "shape", err) || bad(p->base_size, 0, 0.95f, "base_size", err) ||
        bad(p->scale, 0.1f, 100, "scale", err) || bad((float)p->levels, 1, TREE_MAX_LEVELS, "levels", err) ||
        bad(p->ratio, 1e-4f, 0.2f, "ratio", err) || bad(p->ratio_power, 0, 5, "ratio_power", err) ||
        bad(p->flare, 0, 5, "flare", err) || bad((float)p->base_splits, 0, 8, "base_splits", err) ||
        bad((float)p->whorl, 1, 12, "whorl", err) || bad(p->leaves, 0, 100, "leaves", err) || bad(p->leaves_inner, 0, 10, "leaves_inner", err) ||
        bad(p->leaf_scale, 1e-3f, 10, "leaf_scale", err) || bad(p->leaf_scale_x, 0.05f, 4, "leaf_scale_x", err) ||
        bad(p->leaf_bend, 0, 1, "leaf_bend", err) || bad((float)p->leaf_cluster, 1, 16, "leaf_cluster", err) ||
        bad(p->attraction_up, -5, 5, "attraction_up", err) || bad(p->prune_ratio, 0, 1, "prune_ratio", err) ||
        bad(p->prune_width, 0.01f, 4, "prune_width", err) ||
        bad(p->prune_width_peak, 0.01f, 0.99f, "prune_width_peak", err) ||
        bad(p->prune_power_low, 0, 10, "prune_power_low", err) ||
        bad(p->prune_power_high, 0, 10, "prune_power_high", err))
        return SWARD_ERROR_INVALID_INPUT;
    for (uint32_t n = 0; n < p->levels; n++) {
        const tree_level *l = &p->lv[n];
        char name[48];
#define LV(field, lo, hi)                                                                                             \
    (snprintf(name, sizeof name, "lv[%u]." #field, n), bad((float)l->field, lo, hi, name, err))
        if (LV(length, 0.01f, 4) || LV(length_v, 0, 2) || LV(taper, 0, 1) || LV(curve_res, 1, TREE_MAX_RES) ||
            LV(curve, -360, 360) || LV(curve_back, -360, 360) || LV(curve_v, 0, 720) || LV(seg_splits, 0, 1) ||
            LV(split_angle, 0, 90) || LV(split_angle_v, 0, 90) || LV(down_angle, -180, 180) ||
            LV(down_angle_v, -180, 180) || LV(rotate, -360, 360) || LV(rotate_v, 0, 360) ||
            LV(branches, 0, n ? 100 : 0) || LV(sides, 3, 16))
            return SWARD_ERROR_INVALID_INPUT;
#undef LV
    }
    return SWARD_OK;
}

/* The parameters an override may set, by name: the tree's, then a level's (tree.h). */
typedef struct param_def {
    const char *name;
    size_t offset;
    asset_tree_param_type type;
} param_def;
#define TP_F(n) {#n, offsetof(tree_params, n), ASSET_TREE_PARAM_NUMBER}
#define TP_U(n) {#n, offsetof(tree_params, n), ASSET_TREE_PARAM_INTEGER}
#define LV_F(n) {#n, offsetof(tree_level, n), ASSET_TREE_PARAM_NUMBER}
#define LV_U(n) {#n, offsetof(tree_level, n), ASSET_TREE_PARAM_INTEGER}
static const param_def TREE_PARAMS[] = {
    {"shape", offsetof(tree_params, shape), ASSET_TREE_PARAM_SHAPE},
    TP_F(base_size), TP_F(scale), TP_U(levels), TP_F(ratio), TP_F(ratio_power), TP_F(flare), TP_U(base_splits),
    TP_U(whorl), TP_F(leaves), TP_F(leaves_inner), TP_F(leaf_scale), TP_F(leaf_scale_x), TP_F(leaf_bend),
    TP_U(leaf_cluster), TP_F(attraction_up), TP_F(prune_ratio), TP_F(prune_width), TP_F(prune_width_peak),
    TP_F(prune_power_low), TP_F(prune_power_high),
};
static const param_def LEVEL_PARAMS[] = {
    LV_F(length), LV_F(length_v), LV_F(taper), LV_U(curve_res), LV_F(curve), LV_F(curve_back), LV_F(curve_v),
    LV_F(seg_splits), LV_F(split_angle), LV_F(split_angle_v), LV_F(down_angle), LV_F(down_angle_v), LV_F(rotate),
    LV_F(rotate_v), LV_F(branches), LV_U(sides),
};
#define N_TREE (sizeof TREE_PARAMS / sizeof TREE_PARAMS[0])
#define N_LEVEL (sizeof LEVEL_PARAMS / sizeof LEVEL_PARAMS[0])
static const char *const SHAPE_NAMES[TREE_SHAPE_COUNT] = {
    "conical", "spherical", "hemispherical", "cylindrical", "tapered_cylindrical", "flame", "inverse_conical",
    "tend_flame", "envelope"};

/* ids: 1 .. N_TREE the tree's, N_TREE + 1 .. the levels' (0: none) */
uint16_t asset_tree_param_find(const char *name, bool per_level, asset_tree_param_type *type)
{
    const param_def *t = per_level ? LEVEL_PARAMS : TREE_PARAMS;
    size_t n = per_level ? N_LEVEL : N_TREE;
    *type = ASSET_TREE_PARAM_NONE;
    for (size_t k = 0; k < n && name; k++)
        if (!strcmp(name, t[k].name)) {
            *type = t[k].type;
            return (uint16_t)(k + 1 + (per_level ? N_TREE : 0));
        }
    return 0;
}

int asset_tree_shape_find(const char *name)
{
    for (int k = 0; k < TREE_SHAPE_COUNT && name; k++)
        if (!strcmp(name, SHAPE_NAMES[k])) return k;
    return -1;
}

const char *asset_tree_shape_names(void)
{
    return "conical, spherical, hemispherical, cylindrical, tapered_cylindrical, flame, inverse_conical, tend_flame, "
           "envelope";
}

/* PL11's classes: the edge's trees keep their crown low (a shorter bare trunk), wider and with more level-1 stems;
 * the inner forest's grow taller, their crown raised and narrower, reaching for the light. */
static void shape_for_class(tree_params *p, uint32_t cls)
{
    if (cls == ASSET_TREE_FOREST_EDGE) {
        p->base_size *= 0.4f;
        p->lv[1].branches = fminf(100.0f, p->lv[1].branches * 1.3f);
        p->prune_width = fminf(4.0f, p->prune_width * 1.2f);
        p->scale *= 0.9f;
    } else if (cls == ASSET_TREE_FOREST_INNER) {
        p->base_size += 0.25f * (0.95f - p->base_size);
        p->prune_width *= 0.85f;
        p->scale = fminf(100.0f, p->scale * 1.15f);
    }
}

bool tree_params_of(const asset_gen_desc *d, tree_params *out, sward_error *err)
{
    const tree_params *preset = tree_preset(d->species);
    if (!preset) {
        core_fail(err, SWARD_ERROR_INVALID_INPUT, "asset: species: %u is not a species", d->species);
        return false;
    }
    *out = *preset;
    for (uint32_t i = 0; i < d->tree_count; i++) {
        const asset_tree_override *o = &d->tree[i];
        bool lv = o->param > N_TREE;
        const param_def *def = o->param == 0 || o->param > N_TREE + N_LEVEL ? NULL
                               : lv                                        ? &LEVEL_PARAMS[o->param - 1 - N_TREE]
                                                                           : &TREE_PARAMS[o->param - 1];
        if (!def || (lv && o->level >= TREE_MAX_LEVELS)) {
            core_fail(err, SWARD_ERROR_INVALID_INPUT, "tree: override %u: parameter %u (level %u) is not a parameter",
                      i, o->param, o->level);
            return false;
        }
        char *base = lv ? (char *)&out->lv[o->level] : (char *)out;
        if (def->type == ASSET_TREE_PARAM_NUMBER) {
            memcpy(base + def->offset, &o->value, sizeof(float));
            continue;
        }
        /* a whole number, or an index: anything else would not round-trip through the float */
        if (!(o->value >= 0.0f && o->value <= 1e6f && o->value == floorf(o->value))) {
            char name[48];
            if (lv)
                snprintf(name, sizeof name, "lv[%u].%s", o->level, def->name);
            else
                snprintf(name, sizeof name, "%s", def->name);
            core_fail(err, SWARD_ERROR_INVALID_INPUT, "tree: %s: %g is not a whole number >= 0", name,
                      (double)o->value);
            if (err) snprintf(err->field, sizeof err->field, "tree.%s", name);
            return false;
        }
        uint32_t u = (uint32_t)o->value;
        if (def->type == ASSET_TREE_PARAM_SHAPE) {
            tree_shape sh = (tree_shape)u;
            memcpy(base + def->offset, &sh, sizeof sh);
        } else {
            memcpy(base + def->offset, &u, sizeof u);
        }
    }
    shape_for_class(out, d->forest_class);
    return true;
}

bool asset_tree_estimate(const asset_gen_desc *d, asset_tree_size *out)
{
    *out = (asset_tree_size){0};
    tree_params p;
    if (d->kind != ASSET_KIND_TREE || d->forest_class >= ASSET_TREE_FOREST_COUNT || !tree_preset(d->species) ||
        !tree_params_of(d, &p, NULL))
        return false;
    const float age = d->age == 0.0f ? 1.0f : d->age;
    out->height = d->height > 0.0f ? d->height : p.scale * (0.5f + 0.5f * age);
    out->width = d->width > 0.0f ? d->width : 2.0f * p.prune_width * out->height;
    return true;
}

sward_result asset_tree_check(const asset_gen_desc *d, sward_error *err)
{
    tree_params p;
    if (d->forest_class >= ASSET_TREE_FOREST_COUNT)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "asset: forest_class: %u is out of range (0 .. %u)",
                         d->forest_class, ASSET_TREE_FOREST_COUNT - 1u);
    if (d->tree_count > ASSET_TREE_OVERRIDES_MAX)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "asset: tree: %u overrides, at most %u", d->tree_count,
                         ASSET_TREE_OVERRIDES_MAX);
    if (!tree_params_of(d, &p, err)) return SWARD_ERROR_INVALID_INPUT;
    return tree_params_check(&p, err);
}
