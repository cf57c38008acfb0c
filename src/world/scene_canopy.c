/* scene_canopy.c — the undergrowth's rules by the trees' canopy (SPEC PL11's undergrowth, SH10's canopy rule;
 * docs/scene-format.md "Canopy"): grass[i].canopy and assets[i].canopy ({"layer", "under", "open", "fringe",
 * "fringe_width"}: density multipliers, shared/sw_canopy.h) and terrain.ground.canopy ({"layer", "ground"}: the
 * ground under the crowns). Every rule names the asset layer that casts the canopy, one layer a scene. Run after
 * the assets' layers are known (world_parse_areas); the canopy itself is built at load (src/place/canopy.c). */
#include "world/world.h"

#include "world/scene_json.h"
#include "shared/sw_canopy.h"
#include "shared/sw_ground.h"

#include <stdio.h>
#include <string.h>

#define RANGE(lo, hi) ((sj_range){(lo), (hi), false, false, 0.0})
#define LIM_MULTIPLIER 100.0
#define LIM_FRINGE_WIDTH ((double)(SW_CANOPY_FAR - SW_CANOPY_SOFT)) /* m: within the distances the map holds */

typedef struct canopy_ctx {
    const cJSON *assets;   /* the file's "assets" array */
    char layer[WORLD_NAME_MAX];
    char first[SJ_PATH_MAX]; /* the rule that named it */
} canopy_ctx;

/* rule.layer: an asset layer of the scene, the same for every rule. */
static bool parse_layer(const sj_ctx *c, const cJSON *o, const char *path, canopy_ctx *k, sward_scene *s)
{
    char name[WORLD_NAME_MAX] = "", p[SJ_PATH_MAX];
    if (!sj_string(c, o, path, "layer", name, sizeof name)) return false;
    sj_join(p, path, "layer");
    if (!name[0]) return sj_fail(c, p, "missing required field (the \"layer\" of the assets whose crowns cast it)");
    if (s->terrain.world_dir[0] || s->terrain.streamed)
        return sj_fail(c, path, "a canopy is baked from the whole terrain at load: not with terrain.world or "
                                "terrain.stream");
    if (k->layer[0] && strcmp(k->layer, name))
        return sj_fail(c, p, "one layer casts the scene's canopy: \"%s\" (%s), got \"%s\"", k->layer, k->first, name);
    int i = 0, layer = 0;
    for (const cJSON *e = k->assets ? k->assets->child : NULL; e && i < s->asset_count; e = e->next, i++) {
        const cJSON *l = sj_member(e, "layer");
        if (l && cJSON_IsString(l) && !strcmp(l->valuestring, name)) layer = s->assets[i].layer;
    }
    if (!layer) return sj_fail(c, p, "no asset has the layer \"%s\"", name);
    if (!k->layer[0]) {
        snprintf(k->layer, sizeof k->layer, "%s", name);
        snprintf(k->first, sizeof k->first, "%s", p);
    }
    s->terrain.canopy_layer = layer;
    return true;
}

/* A grass type's or an asset's "canopy": its density multipliers. */
static bool parse_rule(const sj_ctx *c, const cJSON *e, const char *path, canopy_ctx *k, sward_scene *s,
                       world_canopy_rule *r)
{
    static const char *const known[] = {"layer", "under", "open", "fringe", "fringe_width"};
    const cJSON *o;
    char p[SJ_PATH_MAX];
    if (!cJSON_IsObject(e)) return true; /* reported with the entry */
    if (!sj_object(c, e, path, "canopy", &o)) return false;
    if (!o) return true;
    sj_join(p, path, "canopy");
    *r = (world_canopy_rule){.set = true, .under = 1.0f, .open = 1.0f, .fringe = 1.0f, .width = 3.0f};
    if (!SJ_CHECK_FIELDS(c, o, p, known) || !parse_layer(c, o, p, k, s) ||
        !sj_number(c, o, p, "under", RANGE(0.0, LIM_MULTIPLIER), &r->under) ||
        !sj_number(c, o, p, "open", RANGE(0.0, LIM_MULTIPLIER), &r->open) ||
        !sj_number(c, o, p, "fringe", RANGE(0.0, LIM_MULTIPLIER), &r->fringe) ||
        !sj_number(c, o, p, "fringe_width", RANGE(0.0, LIM_FRINGE_WIDTH), &r->width))
        return false;
    r->fringe = sj_member(o, "fringe") ? r->fringe : r->open; /* no fringe: the open ground's density */
    return true;
}

bool world_parse_canopy(const sj_ctx *c, const cJSON *root, sward_scene *s)
{
    static const char *const known_ground[] = {"layer", "ground"};
    canopy_ctx k = {.assets = sj_member(root, "assets")};
    const cJSON *grass = sj_member(root, "grass");
    s->terrain.canopy_layer = 0;
    int i = 0;
    for (const cJSON *e = grass ? grass->child : NULL; e && i < s->material_count; e = e->next, i++) {
        char p[SJ_PATH_MAX];
        snprintf(p, sizeof p, "grass[%d]", i);
        if (!parse_rule(c, e, p, &k, s, &s->materials[i].canopy)) return false;
    }
    i = 0;
    for (const cJSON *e = k.assets ? k.assets->child : NULL; e && i < s->asset_count; e = e->next, i++) {
        char p[SJ_PATH_MAX];
        snprintf(p, sizeof p, "assets[%d]", i);
        if (!parse_rule(c, e, p, &k, s, &s->assets[i].canopy)) return false;
    }
    const cJSON *terrain = sj_member(root, "terrain"), *g = terrain ? sj_member(terrain, "ground") : NULL, *o = NULL;
    if (g && cJSON_IsObject(g) && !sj_object(c, g, "terrain.ground", "canopy", &o)) return false;
    if (o) {
        const char *p = "terrain.ground.canopy";
        char pp[SJ_PATH_MAX];
        if (!SJ_CHECK_FIELDS(c, o, p, known_ground) || !parse_layer(c, o, p, &k, s)) return false;
        sj_join(pp, p, "ground");
        if (!sj_member(o, "ground")) return sj_fail(c, pp, "missing required field (the ground under the crowns)");
        if (!world_parse_ground_kind(c, o, p, "ground", &s->terrain.ground.canopy)) return false;
    }
    /* the layer is known once every rule is read: an asset of it cannot follow its own canopy */
    for (int a = 0; a < s->asset_count; a++)
        if (s->assets[a].canopy.set && s->assets[a].layer == s->terrain.canopy_layer) {
            char p[SJ_PATH_MAX];
            snprintf(p, sizeof p, "assets[%d].canopy", a);
            return sj_fail(c, p, "\"%s\" is of the layer \"%s\" that casts the canopy: it cannot follow it",
                           s->assets[a].name, k.layer);
        }
    return true;
}
