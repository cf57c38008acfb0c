/* scene_layers.c — the terrain's blend layers (SPEC PL10; Frictional: "the top visible blend material always
 * sets the physics material"; docs/scene-format.md "terrain.layers"): "terrain.layers", bottom to top, each
 * with a name, an optional grass type and an opacity (a grey PNG or a rule of height and slope), and
 * "terrain.layer_threshold". Read after the grass types (a layer names one); the images are read by
 * world_layers_build (layers.c). */
#include "world/world.h"

#include "world/scene_json.h"
#include "shared/sw_ground.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define RANGE(lo, hi) ((sj_range){(lo), (hi), false, false, 0.0})
#define LIM_HEIGHT 10000.0 /* m */
#define LIM_COORD 1.0e6     /* m, a path's points */
#define LIM_PATH_WIDTH 1000.0

static bool min_max(const sj_ctx *c, const char *path, const char *key, const float v[2])
{
    char p[SJ_PATH_MAX + 16];
    sj_join(p, path, key);
    if (v[0] > v[1]) return sj_fail(c, p, "min must be <= max, got [%g, %g]", (double)v[0], (double)v[1]);
    return true;
}

/* "path": {"points": [[x, z], ...], "width": m}: a polyline of 2 to WORLD_PATH_MAX_POINTS points. */
static bool parse_path(const sj_ctx *c, const cJSON *o, const char *path, world_layer *l)
{
    static const char *const known[] = {"points", "width"};
    char p[SJ_PATH_MAX + 16], q[SJ_PATH_MAX + 64];
    if (!cJSON_IsObject(o)) return sj_fail(c, path, "expected an object {\"points\", \"width\"}, got %s", sj_type_name(o));
    if (!SJ_CHECK_FIELDS(c, o, path, known) ||
        !sj_number(c, o, path, "width", (sj_range){0.0, LIM_PATH_WIDTH, true, false, 0.01}, &l->path_width))
        return false;
    sj_join(p, path, "width");
    if (!sj_member(o, "width")) return sj_fail(c, p, "missing required field (m, > 0)");
    sj_join(p, path, "points");
    const cJSON *pts = sj_member(o, "points");
    if (!pts) return sj_fail(c, p, "missing required field (an array of [x, z] points)");
    if (!cJSON_IsArray(pts)) return sj_fail(c, p, "expected an array of [x, z] points, got %s", sj_type_name(pts));
    int n = cJSON_GetArraySize(pts);
    if (n < 2 || n > WORLD_PATH_MAX_POINTS)
        return sj_fail(c, p, "must have 2 to %d points, got %d", WORLD_PATH_MAX_POINTS, n);
    int k = 0;
    for (const cJSON *e = pts->child; e; e = e->next, k++) {
        snprintf(q, sizeof q, "%s[%d]", p, k);
        if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) != 2)
            return sj_fail(c, q, "expected an array of 2 numbers [x, z], got %s", sj_type_name(e));
        int j = 0;
        for (const cJSON *v = e->child; v; v = v->next, j++) {
            char qj[SJ_PATH_MAX + 96];
            snprintf(qj, sizeof qj, "%s[%d]", q, j);
            if (!cJSON_IsNumber(v)) return sj_fail(c, qj, "expected a number, got %s", sj_type_name(v));
            if (!isfinite(v->valuedouble) || fabs(v->valuedouble) > LIM_COORD)
                return sj_fail(c, qj, "must be a finite coordinate within +-%g m, got %g", LIM_COORD, v->valuedouble);
            l->path_pts[k][j] = (float)v->valuedouble;
        }
    }
    l->path_count = n;
    return true;
}

/* "opacity": {"image": "x.png"}, {"height": [lo, hi], "slope": [lo, hi], "edge": m} or {"path": {...}, "edge": m}. */
static bool parse_opacity(const sj_ctx *c, const cJSON *o, const char *path, const char *base_dir, world_layer *l)
{
    static const char *const known[] = {"image", "height", "slope", "edge", "path"};
    char p[SJ_PATH_MAX + 16], rel[WORLD_PATH_MAX] = "";
    if (!cJSON_IsObject(o)) return sj_fail(c, path, "expected an object, got %s", sj_type_name(o));
    l->height[0] = (float)-LIM_HEIGHT;
    l->height[1] = (float)LIM_HEIGHT;
    l->slope[0] = 0.0f;
    l->slope[1] = 90.0f;
    if (!SJ_CHECK_FIELDS(c, o, path, known) || !sj_string(c, o, path, "image", rel, sizeof rel) ||
        !sj_numbers(c, o, path, "height", 2, RANGE(-LIM_HEIGHT, LIM_HEIGHT), l->height) ||
        !sj_numbers(c, o, path, "slope", 2, RANGE(0.0, 90.0), l->slope) ||
        !sj_number(c, o, path, "edge", RANGE(0.0, LIM_HEIGHT), &l->edge) || !min_max(c, path, "height", l->height) ||
        !min_max(c, path, "slope", l->slope))
        return false;
    if (sj_member(o, "image")) {
        if (sj_member(o, "height") || sj_member(o, "slope") || sj_member(o, "edge") || sj_member(o, "path"))
            return sj_fail(c, path, "an opacity is an \"image\" or a rule (\"height\", \"slope\", \"edge\") or a \"path\", "
                                    "not several");
        sj_join(p, path, "image");
        l->kind = WORLD_LAYER_IMAGE;
        return world_resolve_path(c, p, rel, base_dir, l->path);
    }
    if (sj_member(o, "path")) {
        if (sj_member(o, "height") || sj_member(o, "slope"))
            return sj_fail(c, path, "a \"path\" opacity takes only \"edge\" beside it, not \"height\" or \"slope\"");
        sj_join(p, path, "path");
        l->kind = WORLD_LAYER_PATH;
        return parse_path(c, sj_member(o, "path"), p, l);
    }
    if (!sj_member(o, "height") && !sj_member(o, "slope"))
        return sj_fail(c, path, "give \"image\", \"path\", or a rule with \"height\" and/or \"slope\"");
    l->kind = WORLD_LAYER_RULE;
    return true;
}

static bool parse_layer(const sj_ctx *c, const cJSON *o, const char *path, const char *base_dir, const sward_scene *s,
                        int index, world_layer *l)
{
    static const char *const known[] = {"name", "grass", "ground", "opacity"};
    char p[SJ_PATH_MAX + 16], grass[WORLD_NAME_MAX] = "";
    memset(l, 0, sizeof *l);
    l->grass = -1;
    l->ground = SW_GROUND_NONE; /* SH10: the rules go on where a layer names no ground */
    if (!cJSON_IsObject(o)) return sj_fail(c, path, "expected an object, got %s", sj_type_name(o));
    if (!SJ_CHECK_FIELDS(c, o, path, known) || !sj_string(c, o, path, "name", l->name, sizeof l->name) ||
        !sj_string(c, o, path, "grass", grass, sizeof grass) || !world_parse_ground_kind(c, o, path, "ground", &l->ground))
        return false;
    sj_join(p, path, "name");
    if (!l->name[0]) return sj_fail(c, p, "missing required field (the physics material's name)");
    for (int k = 0; k < index; k++)
        if (!strcmp(s->terrain.layers[k].name, l->name))
            return sj_fail(c, p, "\"%s\" is already the name of terrain.layers[%d]", l->name, k);
    if (grass[0]) {
        sj_join(p, path, "grass");
        for (int k = 0; k < s->material_count && l->grass < 0; k++)
            if (!strcmp(grass, s->materials[k].name)) l->grass = k;
        if (l->grass < 0) return sj_fail(c, p, "no grass type is named \"%s\"", grass);
    }
    const cJSON *op = sj_member(o, "opacity");
    sj_join(p, path, "opacity");
    if (!op) {
        if (index > 0)
            return sj_fail(c, p, "missing required field (only the first layer, the base, may leave it out)");
        l->kind = WORLD_LAYER_FULL;
        return true;
    }
    return parse_opacity(c, op, p, base_dir, l);
}

bool world_parse_layers(const sj_ctx *c, const cJSON *root, const char *base_dir, sward_scene *s)
{
    world_terrain *t = &s->terrain;
    t->layer_count = 0;
    t->layer_threshold = 0.5f;
    const cJSON *terrain = sj_member(root, "terrain");
    if (!terrain) return true;
    if (!sj_number(c, terrain, "terrain", "layer_threshold", RANGE(0.0, 1.0), &t->layer_threshold)) return false;
    const cJSON *layers = sj_member(terrain, "layers");
    if (!layers) {
        if (sj_member(terrain, "layer_threshold"))
            return sj_fail(c, "terrain.layer_threshold", "only allowed with terrain.layers");
        return true;
    }
    if (!cJSON_IsArray(layers)) return sj_fail(c, "terrain.layers", "expected an array, got %s", sj_type_name(layers));
    int n = cJSON_GetArraySize(layers);
    if (n < 1 || n > WORLD_MAX_LAYERS)
        return sj_fail(c, "terrain.layers", "must have 1 to %d layers, got %d", WORLD_MAX_LAYERS, n);
    int i = 0;
    for (const cJSON *e = layers->child; e; e = e->next, i++) {
        char p[SJ_PATH_MAX + 16];
        snprintf(p, sizeof p, "terrain.layers[%d]", i);
        if (!parse_layer(c, e, p, base_dir, s, i, &t->layers[i])) return false;
        t->layer_count = i + 1;
        if (t->layers[i].grass >= 0) {
            if (t->type_map_path[0]) {
                snprintf(p, sizeof p, "terrain.layers[%d].grass", i);
                return sj_fail(c, p,
                               "not allowed with terrain.type_map: the layers that name grass types make the type map");
            }
        }
    }
    return true;
}
