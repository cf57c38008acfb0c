/* scene_ground.c — the ground's materials in the scene (SPEC SH10; docs/scene-format.md "Ground materials"):
 * "terrain.ground" (the rules' default material, the rock slope, the sand height, the detail's amplitude) and
 * each grass type's "ground" (the material it asks for beneath its blades). A blend layer's "ground" is read
 * with the layer (scene_layers.c). The rules themselves are shared/sw_ground.h's. */
#include "world/world.h"

#include "world/scene_json.h"
#include "shared/sw_ground.h"

#include <stdio.h>
#include <string.h>

#define RANGE(lo, hi) ((sj_range){(lo), (hi), false, false, 0.0})
#define LIM_HEIGHT 10000.0 /* m */

/* The materials' names, by SW_GROUND_*. */
static const char *const GROUND_NAMES[SW_GROUND_KINDS] = {"soil", "moss", "rock", "sand", "forest_floor", "path"};

const char *world_ground_name(unsigned kind) { return kind < SW_GROUND_KINDS ? GROUND_NAMES[kind] : "none"; }

void world_ground_defaults(world_ground *g)
{
    g->default_kind = SW_GROUND_SOIL;
    g->rock_slope = 35.0f;
    g->sand_below = SW_GROUND_NO_SAND;
    g->detail = 1.0f;
    g->canopy = SW_GROUND_NONE;
}

bool world_parse_ground_kind(const sj_ctx *c, const cJSON *o, const char *path, const char *key, unsigned *kind)
{
    char name[WORLD_NAME_MAX] = "", p[SJ_PATH_MAX + 16];
    if (!sj_member(o, key)) return true;
    if (!sj_string(c, o, path, key, name, sizeof name)) return false;
    for (unsigned k = 0; k < SW_GROUND_KINDS; k++)
        if (!strcmp(name, GROUND_NAMES[k])) {
            *kind = k;
            return true;
        }
    sj_join(p, path, key);
    return sj_fail(c, p, "no ground material is named \"%s\" (one of soil, moss, rock, sand, forest_floor, path)",
                   name);
}

bool world_parse_ground(const sj_ctx *c, const cJSON *root, sward_scene *s)
{
    static const char *const known[] = {"default", "rock_slope", "sand_below", "detail", "canopy"};
    const cJSON *terrain = sj_member(root, "terrain"), *g = NULL;
    world_ground *wg = &s->terrain.ground;
    if (terrain && !sj_object(c, terrain, "terrain", "ground", &g)) return false;
    if (g && (!SJ_CHECK_FIELDS(c, g, "terrain.ground", known) ||
              !world_parse_ground_kind(c, g, "terrain.ground", "default", &wg->default_kind) ||
              !sj_number(c, g, "terrain.ground", "rock_slope", RANGE(0.0, 90.0), &wg->rock_slope) ||
              !sj_number(c, g, "terrain.ground", "sand_below", RANGE(-LIM_HEIGHT, LIM_HEIGHT), &wg->sand_below) ||
              !sj_number(c, g, "terrain.ground", "detail", RANGE(0.0, 2.0), &wg->detail)))
        return false;
    const cJSON *grass = sj_member(root, "grass");
    int i = 0;
    for (const cJSON *e = grass ? grass->child : NULL; e && i < s->material_count; e = e->next, i++) {
        char p[SJ_PATH_MAX];
        snprintf(p, sizeof p, "grass[%d]", i);
        s->materials[i].ground = SW_GROUND_NONE;
        if (!world_parse_ground_kind(c, e, p, "ground", &s->materials[i].ground)) return false;
    }
    return true;
}
