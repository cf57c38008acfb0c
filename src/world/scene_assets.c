/* scene_assets.c — the scene's "assets": mesh assets placed over the field as GPU instances (SPEC PL8, AS1;
 * docs/scene-format.md "assets"). Each entry is either generated (src/assets: kind, seed, size) or imported
 * from a mesh file (glTF, OBJ; resolved against the scene's folder), and says where and how densely it grows.
 * Like the rest of the loader, every field is checked on its own with its path, nothing is clamped. */
#include "world/world.h"

#include "world/scene_json.h"
#include "shared/sw_dither_points.h"

#include "assets/assets.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define RANGE(lo, hi) ((sj_range){(lo), (hi), false, false, 0.0})
#define RANGE_POS(least, hi) ((sj_range){0.0, (hi), true, false, (least)})
#define LIM_PATCH 1.0e5    /* m, patches.scale */
#define LIM_SEED 4294967295.0
#define LIM_LOD_BIAS 100.0
#define LIM_FOOTPRINT_MIN 0.05 /* m */
#define LIM_FOOTPRINT_MAX 1000.0

static const sj_range r_unit = {0.0, 1.0, false, false, 0.0};

static const char *const KIND_NAMES[WORLD_ASSET_KIND_COUNT] = {"tree", "fern", "bush", "flower", "rock"};
static const char *const WIND_NAMES[] = {"trees", "plants", "grass", "special", "none"};

/* The kind's defaults: a broad-leaved tree in a sparse wood, ferns and bushes under it, flowers in the grass,
 * rocks. Sizes of 0 are the generator's defaults (docs/assets.md). */
static void asset_defaults(world_asset *a, int index, world_asset_kind kind)
{
    memset(a, 0, sizeof *a);
    snprintf(a->name, sizeof a->name, "asset%d", index);
    a->kind = kind;
    a->seed = (uint32_t)index + 1u;
    a->mesh_scale = 1.0f;
    a->scale[0] = 0.8f;
    a->scale[1] = 1.2f;
    a->lod_bias = 1.0f;
    a->patch_coverage = 1.0f;
    const float leaf[3] = {0.06f, 0.14f, 0.03f}, bark[3] = {0.09f, 0.06f, 0.04f}, flower[3] = {0.7f, 0.1f, 0.5f};
    memcpy(a->leaf_color, leaf, sizeof leaf);
    memcpy(a->bark_color, bark, sizeof bark);
    memcpy(a->flower_color, flower, sizeof flower);
    a->translucency = 0.5f;
    a->roughness = 0.6f;
    a->bark_roughness = 0.9f;
    a->footprint = kind == WORLD_ASSET_TREE ? 6.0f : kind == WORLD_ASSET_ROCK ? 2.0f : 1.0f;
    a->forest_edge = 0.3f;
    a->forest_inner = 0.7f;
    const float fd[3] = {0.1f, 0.45f, 0.85f}, fs[3] = {1.0f, 0.8f, 1.15f};
    memcpy(a->forest_density, fd, sizeof fd);
    memcpy(a->forest_scale, fs, sizeof fs);
    switch (kind) {
    case WORLD_ASSET_TREE: a->density = 0.004f; a->draw_distance = 1000.0f; a->wind = WORLD_WIND_TREES; break;
    case WORLD_ASSET_FERN:
    case WORLD_ASSET_BUSH: a->density = 0.05f; a->draw_distance = 150.0f; a->wind = WORLD_WIND_PLANTS; break;
    case WORLD_ASSET_FLOWER: a->density = 0.5f; a->draw_distance = 60.0f; a->wind = WORLD_WIND_PLANTS; break;
    case WORLD_ASSET_ROCK:
    default:
        a->density = 0.01f;
        a->draw_distance = 300.0f;
        a->wind = WORLD_WIND_NONE;
        a->translucency = 0.0f;
        break;
    }
}

float world_asset_dither_full(const world_asset *a)
{
    float tile = a->footprint * SW_DITHER_TILE_PER_FOOTPRINT;
    return (float)SW_DITHER_POINTS / (tile * tile);
}

float world_asset_scale_max(const world_asset *a)
{
    if (!a->forest) return a->scale[1];
    return a->scale[1] * fmaxf(a->forest_scale[0], fmaxf(a->forest_scale[1], a->forest_scale[2]));
}

/* PL11: "placement" ("grid" or "dither"), "footprint" and "forest": {"edge", "inner", "density", "scale"}. */
static bool parse_placement(const sj_ctx *c, const cJSON *o, const char *path, world_asset *a)
{
    static const char *const known_forest[] = {"edge", "inner", "density", "scale"};
    char name[16] = "", p[SJ_PATH_MAX];
    const cJSON *forest;
    if (!sj_string(c, o, path, "placement", name, sizeof name) ||
        !sj_number(c, o, path, "footprint", RANGE(LIM_FOOTPRINT_MIN, LIM_FOOTPRINT_MAX), &a->footprint) ||
        !sj_object(c, o, path, "forest", &forest))
        return false;
    sj_join(p, path, "placement");
    if (name[0] && strcmp(name, "grid") && strcmp(name, "dither"))
        return sj_fail(c, p, "must be \"grid\" or \"dither\", got \"%s\"", name);
    a->dither = !strcmp(name, "dither");
    if (!forest) return true;
    if (!a->dither) return sj_fail(c, p, "must be \"dither\" with \"forest\" (it decodes the point set's density)");
    sj_join(p, path, "forest");
    a->forest = true;
    if (!SJ_CHECK_FIELDS(c, forest, p, known_forest) || !sj_number(c, forest, p, "edge", r_unit, &a->forest_edge) ||
        !sj_number(c, forest, p, "inner", r_unit, &a->forest_inner) ||
        !sj_numbers(c, forest, p, "density", 3, r_unit, a->forest_density) ||
        !sj_numbers(c, forest, p, "scale", 3, RANGE_POS(1e-3, WORLD_ASSET_SCALE_MAX), a->forest_scale))
        return false;
    if (a->forest_edge > a->forest_inner) {
        char pp[SJ_PATH_MAX];
        sj_join(pp, p, "edge");
        return sj_fail(c, pp, "must be <= inner (%g), got %g", (double)a->forest_inner, (double)a->forest_edge);
    }
    return true;
}

/* "kind" first: it picks the defaults the other fields override. */
static bool parse_kind(const sj_ctx *c, const cJSON *o, const char *path, world_asset_kind *kind)
{
    char name[16] = "", p[SJ_PATH_MAX];
    if (!sj_string(c, o, path, "kind", name, sizeof name)) return false;
    sj_join(p, path, "kind");
    if (!name[0]) return sj_fail(c, p, "missing required field (\"tree\", \"fern\", \"bush\", \"flower\" or \"rock\")");
    for (int k = 0; k < WORLD_ASSET_KIND_COUNT; k++)
        if (!strcmp(name, KIND_NAMES[k])) {
            *kind = (world_asset_kind)k;
            return true;
        }
    return sj_fail(c, p, "must be \"tree\", \"fern\", \"bush\", \"flower\" or \"rock\", got \"%s\"", name);
}

/* A species' colours where the scene gives none (its leaf_color and bark_color, parsed after, override them). */
static void species_colors(world_asset *a)
{
    static const float leaf[ASSET_TREE_SPECIES_COUNT][3] = {
        [ASSET_TREE_OAK] = {0.06f, 0.13f, 0.03f}, [ASSET_TREE_BIRCH] = {0.09f, 0.17f, 0.03f},
        [ASSET_TREE_PINE] = {0.03f, 0.08f, 0.03f}, [ASSET_TREE_HAZEL] = {0.08f, 0.15f, 0.03f}};
    memcpy(a->leaf_color, leaf[a->species], sizeof a->leaf_color);
    asset_bark_color(asset_tree_species_bark(a->species), a->bark_color); /* the mean of its bark's texture */
}

/* "species" and "age" of a generated tree (the Weber-Penn presets, docs/assets.md "Species"). */
static bool parse_species(const sj_ctx *c, const cJSON *gen, const char *p, world_asset *a)
{
    char name[16] = "", pp[SJ_PATH_MAX];
    if (!sj_string(c, gen, p, "species", name, sizeof name) || !sj_number(c, gen, p, "age", r_unit, &a->age))
        return false;
    if (name[0]) {
        sj_join(pp, p, "species");
        if (a->kind != WORLD_ASSET_TREE) return sj_fail(c, pp, "only a \"tree\" has a species");
        a->species = asset_tree_species_find(name);
        if (a->species == ASSET_TREE_NONE)
            return sj_fail(c, pp, "must be \"oak\", \"birch\", \"pine\" or \"hazel\", got \"%s\"", name);
        species_colors(a);
    }
    if (a->age != 0.0f && !a->species) {
        sj_join(pp, p, "age");
        return sj_fail(c, pp, "only with a species (\"species\": \"oak\" ...)");
    }
    return true;
}

/* One member of "tree" (or of "tree.lv[level]"): a parameter by the paper's name, of its type. */
static bool parse_tree_param(const sj_ctx *c, const cJSON *e, const char *p, bool per_level, uint16_t level,
                             world_asset *a)
{
    asset_tree_param_type type;
    uint16_t id = asset_tree_param_find(e->string, per_level, &type);
    if (!id)
        return sj_fail(c, p, "unknown %s parameter (the Weber-Penn model's, docs/assets.md \"Overrides\")",
                       per_level ? "level" : "tree");
    if (a->tree_count >= ASSET_TREE_OVERRIDES_MAX)
        return sj_fail(c, p, "too many parameters: at most %u", (unsigned)ASSET_TREE_OVERRIDES_MAX);
    float v;
    if (type == ASSET_TREE_PARAM_SHAPE) {
        if (!cJSON_IsString(e)) return sj_fail(c, p, "expected a shape name, got %s", sj_type_name(e));
        int k = asset_tree_shape_find(e->valuestring);
        if (k < 0) return sj_fail(c, p, "must be one of %s, got \"%.64s\"", asset_tree_shape_names(), e->valuestring);
        v = (float)k;
    } else {
        if (!cJSON_IsNumber(e)) return sj_fail(c, p, "expected a number, got %s", sj_type_name(e));
        double d = e->valuedouble;
        if (!isfinite(d) || fabs(d) > 1e6) return sj_fail(c, p, "must be a finite number, got %g", d);
        if (type == ASSET_TREE_PARAM_INTEGER && (d < 0.0 || d != floor(d)))
            return sj_fail(c, p, "expected a whole number >= 0, got %g", d);
        v = (float)d;
    }
    a->tree[a->tree_count++] = (asset_tree_override){.param = id, .level = level, .value = v};
    return true;
}

/* "tree": the species' Weber-Penn parameters overridden by name, the levels' in "lv": [{...}, ...] (trunk first);
 * the ranges are the generator's, checked on the preset with the overrides applied. */
static bool parse_tree(const sj_ctx *c, const cJSON *gen, const char *path, world_asset *a)
{
    char p[SJ_PATH_MAX], q[SJ_PATH_MAX + 16], r[SJ_PATH_MAX + 96];
    const cJSON *t;
    if (!sj_object(c, gen, path, "tree", &t)) return false;
    if (!t) return true;
    sj_join(p, path, "tree");
    if (!a->species) return sj_fail(c, p, "only with a species (\"species\": \"oak\" ...)");
    for (const cJSON *e = t->child; e; e = e->next) {
        sj_join(q, p, e->string);
        if (strcmp(e->string, "lv")) {
            if (!parse_tree_param(c, e, q, false, 0, a)) return false;
            continue;
        }
        if (!cJSON_IsArray(e)) return sj_fail(c, q, "expected an array of levels' objects, got %s", sj_type_name(e));
        int n = cJSON_GetArraySize(e);
        if (n > (int)4) return sj_fail(c, q, "must have at most 4 levels (the trunk first), got %d", n);
        int k = 0;
        for (const cJSON *l = e->child; l; l = l->next, k++) {
            snprintf(r, sizeof r, "%s[%d]", q, k);
            if (!cJSON_IsObject(l)) return sj_fail(c, r, "expected an object, got %s", sj_type_name(l));
            for (const cJSON *m = l->child; m; m = m->next) {
                char pm[SJ_PATH_MAX + 160];
                snprintf(pm, sizeof pm, "%s.%s", r, m->string);
                if (!parse_tree_param(c, m, pm, true, (uint16_t)k, a)) return false;
            }
        }
    }
    sward_error err = {0};
    asset_gen_desc d = {.kind = ASSET_KIND_TREE, .species = a->species, .tree = a->tree, .tree_count = a->tree_count};
    if (asset_tree_check(&d, &err) == SWARD_OK) return true;
    /* "tree: lv[1].curve_res: 0 is out of range (1 .. 11)": the field is the message's second part */
    const char *msg = err.message, *colon = strstr(msg, ": ");
    if (colon && (colon = strstr(colon + 2, ": "))) msg = colon + 2;
    sj_join(q, path, err.field[0] ? err.field : "tree");
    return sj_fail(c, q, "%s", msg);
}

/* "generate": {"seed", "height", "width", "species", "age", "tree"} or "mesh": {"path", "scale"}; exactly one. */
static bool parse_source(const sj_ctx *c, const cJSON *o, const char *path, const char *base_dir, world_asset *a)
{
    static const char *const known_gen[] = {"seed", "height", "width", "species", "age", "tree"};
    static const char *const known_mesh[] = {"path", "scale"};
    const cJSON *gen, *mesh;
    char p[SJ_PATH_MAX], pp[SJ_PATH_MAX];
    if (!sj_object(c, o, path, "generate", &gen) || !sj_object(c, o, path, "mesh", &mesh)) return false;
    if (gen && mesh) {
        sj_join(p, path, "mesh");
        return sj_fail(c, p, "an asset is either generated (\"generate\") or imported (\"mesh\"), not both");
    }
    if (gen) {
        int64_t seed = a->seed;
        sj_join(p, path, "generate");
        if (!SJ_CHECK_FIELDS(c, gen, p, known_gen) || !sj_integer(c, gen, p, "seed", RANGE(0.0, LIM_SEED), &seed) ||
            !sj_number(c, gen, p, "height", RANGE(0.0, WORLD_ASSET_SIZE_MAX), &a->height) ||
            !sj_number(c, gen, p, "width", RANGE(0.0, WORLD_ASSET_SIZE_MAX), &a->width) ||
            !parse_species(c, gen, p, a) || !parse_tree(c, gen, p, a))
            return false;
        a->seed = (uint32_t)seed;
        /* the generator's ranges (docs/assets.md) as far as they do not depend on the kind's default height:
         * a width past 4 x a default height is refused when the asset is built, naming this field too */
        if (a->height != 0.0f && a->height < 0.05f) {
            sj_join(pp, p, "height");
            return sj_fail(c, pp, "%g m is too short: 0 (the kind's default) or 0.05 to %g m", (double)a->height,
                           (double)WORLD_ASSET_SIZE_MAX);
        }
        if (a->width != 0.0f && (a->width < 0.02f || (a->height != 0.0f && a->width > 4.0f * a->height))) {
            sj_join(pp, p, "width");
            if (a->width < 0.02f)
                return sj_fail(c, pp, "%g m is too narrow: 0 (the kind's default) or 0.02 m to 4 x the height", (double)a->width);
            return sj_fail(c, pp, "%g m is out of range: at most 4 x the height %g m, %g m", (double)a->width,
                           (double)a->height, 4.0 * (double)a->height);
        }
    }
    if (mesh) {
        char rel[WORLD_PATH_MAX] = "";
        sj_join(p, path, "mesh");
        if (!SJ_CHECK_FIELDS(c, mesh, p, known_mesh) || !sj_string(c, mesh, p, "path", rel, sizeof rel) ||
            !sj_number(c, mesh, p, "scale", RANGE_POS(1e-6, 1e6), &a->mesh_scale))
            return false;
        sj_join(pp, p, "path");
        if (!rel[0]) return sj_fail(c, pp, "missing required field (a glTF or OBJ file, relative to the scene)");
        if (!world_resolve_path(c, pp, rel, base_dir, a->mesh_path)) return false;
    }
    return true;
}

/* "grows_on": names of grass types (the type map's), the asset grows only where one of them is. */
static bool parse_grows_on(const sj_ctx *c, const cJSON *o, const char *path, const sward_scene *s, world_asset *a)
{
    char p[SJ_PATH_MAX];
    const cJSON *g = sj_member(o, "grows_on");
    if (!g) return true;
    sj_join(p, path, "grows_on");
    if (!cJSON_IsArray(g)) return sj_fail(c, p, "expected an array of grass type names, got %s", sj_type_name(g));
    int i = 0;
    for (const cJSON *e = g->child; e; e = e->next, i++) {
        char q[SJ_PATH_MAX + 16];
        snprintf(q, sizeof q, "%s[%d]", p, i);
        if (!cJSON_IsString(e)) return sj_fail(c, q, "expected a grass type name, got %s", sj_type_name(e));
        int found = -1;
        for (int k = 0; k < s->material_count && found < 0; k++)
            if (!strcmp(e->valuestring, s->materials[k].name)) found = k;
        if (found < 0) return sj_fail(c, q, "no grass type is named \"%.64s\"", e->valuestring);
        a->grows_on |= 1u << found;
    }
    if (i == 0) return sj_fail(c, p, "must name at least one grass type (leave it out to grow anywhere)");
    return true;
}

static bool parse_asset(const sj_ctx *c, const cJSON *o, const char *path, const char *base_dir,
                        const sward_scene *s, int index, world_asset *a)
{
    static const char *const known[] = {"name",     "kind",          "generate",   "mesh",       "density",
                                        "scale",    "patches",       "grows_on",   "draw_distance", "lod_bias",
                                        "wind",     "leaf_color",    "bark_color", "flower_color", "translucency",
                                        "base_density", "layer", "roughness", "bark_roughness", "placement",
                                        "footprint", "forest", "canopy"};
    static const char *const known_patches[] = {"scale", "coverage"};
    char p[SJ_PATH_MAX], wind[16] = "";
    const cJSON *patches;
    world_asset_kind kind = WORLD_ASSET_TREE;
    if (!cJSON_IsObject(o)) return sj_fail(c, path, "expected an object, got %s", sj_type_name(o));
    if (!SJ_CHECK_FIELDS(c, o, path, known) || !parse_kind(c, o, path, &kind))
        return false;
    asset_defaults(a, index, kind);
    if (!sj_string(c, o, path, "name", a->name, sizeof a->name) || !parse_source(c, o, path, base_dir, a) ||
        !sj_number(c, o, path, "density", RANGE_POS(WORLD_ASSET_DENSITY_MIN, WORLD_ASSET_DENSITY_MAX), &a->density) ||
        !sj_numbers(c, o, path, "scale", 2, RANGE_POS(1e-3, WORLD_ASSET_SCALE_MAX), a->scale) ||
        !sj_number(c, o, path, "draw_distance", RANGE_POS(WORLD_DRAW_DISTANCE_MIN, WORLD_DRAW_DISTANCE_MAX),
                   &a->draw_distance) ||
        !sj_number(c, o, path, "lod_bias", RANGE_POS(0.01, LIM_LOD_BIAS), &a->lod_bias) ||
        !sj_string(c, o, path, "wind", wind, sizeof wind) ||
        !sj_numbers(c, o, path, "leaf_color", 3, r_unit, a->leaf_color) ||
        !sj_numbers(c, o, path, "bark_color", 3, r_unit, a->bark_color) ||
        !sj_numbers(c, o, path, "flower_color", 3, r_unit, a->flower_color) ||
        !sj_number(c, o, path, "translucency", r_unit, &a->translucency) ||
        !sj_number(c, o, path, "roughness", RANGE(WORLD_ROUGHNESS_MIN, 1.0), &a->roughness) ||
        !sj_number(c, o, path, "bark_roughness", RANGE(WORLD_ROUGHNESS_MIN, 1.0), &a->bark_roughness) ||
        !sj_object(c, o, path, "patches", &patches) || !parse_grows_on(c, o, path, s, a) ||
        !parse_placement(c, o, path, a))
        return false;
    if (a->scale[0] > a->scale[1]) {
        sj_join(p, path, "scale");
        return sj_fail(c, p, "min must be <= max, got [%g, %g]", (double)a->scale[0], (double)a->scale[1]);
    }
    if (wind[0]) {
        sj_join(p, path, "wind");
        int found = -1;
        for (int k = 0; k <= WORLD_WIND_NONE && found < 0; k++)
            if (!strcmp(wind, WIND_NAMES[k])) found = k;
        if (found < 0)
            return sj_fail(c, p, "must be \"trees\", \"plants\", \"grass\", \"special\" or \"none\", got \"%s\"", wind);
        a->wind = (world_wind_category)found;
    }
    if (patches) {
        sj_join(p, path, "patches");
        a->patch_scale = 30.0f;
        a->patch_coverage = 0.5f;
        if (!SJ_CHECK_FIELDS(c, patches, p, known_patches) ||
            !sj_number(c, patches, p, "scale", RANGE(0.1, LIM_PATCH), &a->patch_scale) ||
            !sj_number(c, patches, p, "coverage", RANGE_POS(0.001, 1.0), &a->patch_coverage))
            return false;
    }
    /* the clusters within the draw distance hold at most this many candidates (GPU memory, place work) */
    double per_m2 = a->dither ? (double)world_asset_dither_full(a) : (double)a->density;
    double candidates = per_m2 * 4.0 * (double)a->draw_distance * (double)a->draw_distance;
    if (candidates > (double)WORLD_ASSET_MAX_CANDIDATES)
        return sj_fail(c, path,
                       "too many candidates: %s %g x (2 x draw_distance %g m)^2 = %.0f, the limit is %u; %s",
                       a->dither ? "the point set's density" : "density", per_m2, (double)a->draw_distance, candidates,
                       (unsigned)WORLD_ASSET_MAX_CANDIDATES,
                       a->dither ? "raise the footprint or lower the draw_distance" : "lower the density or the draw_distance");
    for (int k = 0; k < index; k++)
        if (!strcmp(s->assets[k].name, a->name)) {
            sj_join(p, path, "name");
            return sj_fail(c, p, "\"%s\" is already the name of assets[%d]", a->name, k);
        }
    return true;
}

bool world_parse_assets(const sj_ctx *c, const cJSON *root, const char *base_dir, sward_scene *s)
{
    const cJSON *a = sj_member(root, "assets");
    s->asset_count = 0;
    if (!a) return true;
    if (!cJSON_IsArray(a)) return sj_fail(c, "assets", "expected an array, got %s", sj_type_name(a));
    int n = 0;
    for (const cJSON *e = a->child; e; e = e->next) n++;
    if (n > WORLD_MAX_ASSETS) return sj_fail(c, "assets", "must have at most %d assets, got %d", WORLD_MAX_ASSETS, n);
    int i = 0;
    for (const cJSON *e = a->child; e; e = e->next, i++) {
        char p[SJ_PATH_MAX];
        snprintf(p, sizeof p, "assets[%d]", i);
        if (!parse_asset(c, e, p, base_dir, s, i, &s->assets[i])) return false;
        s->asset_count = i + 1;
    }
    return true;
}

bool world_asset_forest_variants(const sj_ctx *c, sward_scene *s)
{
    const int given = s->asset_count;
    for (int i = 0; i < given; i++) {
        world_asset *a = &s->assets[i];
        if (!a->forest || !a->species || a->mesh_path[0]) continue;
        char p[SJ_PATH_MAX];
        snprintf(p, sizeof p, "assets[%d].forest", i);
        if (s->asset_count + 2 > WORLD_MAX_ASSETS)
            return sj_fail(c, p,
                           "a species' forest bakes its edge and inner trees as two more assets: %d assets and these "
                           "make %d, the limit is %d",
                           s->asset_count, s->asset_count + 2, WORLD_MAX_ASSETS);
        a->forest_class = ASSET_TREE_FOREST_SPARSE;
        a->forest_classes = 1u << 1;
        for (uint32_t cls = ASSET_TREE_FOREST_EDGE; cls <= ASSET_TREE_FOREST_INNER; cls++) {
            world_asset *v = &s->assets[s->asset_count++];
            *v = *a;
            char base[56]; /* the species' name apart (at most 55 bytes): gcc cannot tell v and a apart */
            memcpy(base, a->name, sizeof base - 1);
            base[sizeof base - 1] = '\0';
            snprintf(v->name, sizeof v->name, "%s.%s", base, cls == ASSET_TREE_FOREST_EDGE ? "edge" : "inner");
            v->forest_class = cls;
            v->forest_classes = 1u << cls;
            v->forest_of = i + 1;
            sward_error err = {0};
            asset_gen_desc d = {.kind = ASSET_KIND_TREE, .species = v->species, .tree = v->tree,
                                .tree_count = v->tree_count, .forest_class = cls};
            if (asset_tree_check(&d, &err) != SWARD_OK)
                return sj_fail(c, p, "the %s trees' shape: %s", v->name, err.message);
        }
    }
    return true;
}
