/* scene_load.c — loading scenes (SPEC TL2; PL1: terrain from fBm or a PNG): the JSON text (from a file, a
 * string or the built-in scene) with the command line's PATH=VALUE overrides applied (overrides.c), parsed
 * and validated (scene_parse.c), then the terrain and world maps built within the scene's budgets (budget.c)
 * and the camera checked against the terrain. A failure in a field an override set says so. */
#include "world/world.h"
#include "place/place.h"

#include "core/core.h"
#include "world/overrides.h"
#include "world/scene_json.h"
#include "world/stream.h"
#include "shared/sw_types.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char sward_default_scene_json[];
extern const unsigned long sward_default_scene_json_len;

/* ---- public ---------------------------------------------------------------------------------------------- */

sward_result sward_scene_load_string(const char *json, size_t len, const char *name, const char *base_dir,
                                     sward_scene **out, sward_error *err)
{
    return sward_scene_load_string_overrides(json, len, name, base_dir, NULL, NULL, 0, out, err);
}

sward_result sward_scene_load_string_budget(const char *json, size_t len, const char *name, const char *base_dir,
                                            const sward_scene_budget *budget, sward_scene **out, sward_error *err)
{
    return sward_scene_load_string_overrides(json, len, name, base_dir, budget, NULL, 0, out, err);
}

/* A failure in a field an override set (or inside one, or above one) says so: the message ends with
 * " (set by override 'PATH=VALUE')", naming the last such override. */
static bool blame_override(const char *field, const char *const *overrides, size_t count, sward_error *err)
{
    if (!err || !field[0]) return false;
    for (size_t i = count; i-- > 0;) {
        if (!world_override_matches(overrides[i], field)) continue;
        char shown[WORLD_OVERRIDE_SHOWN];
        world_override_show(overrides[i], shown, sizeof shown);
        size_t used = strlen(err->message);
        snprintf(err->message + used, sizeof err->message - used, " (set by override '%s')", shown);
        return true;
    }
    return false;
}

/* sward_error.field, .line and .column of a failure in `field` (the text's line unless an override set it). */
static void locate_failure(const char *json, size_t len, const char *field, const char *const *overrides,
                           size_t count, sward_error *err)
{
    if (!err || !field[0]) return;
    bool blamed = blame_override(field, overrides, count, err);
    snprintf(err->field, sizeof err->field, "%s", field);
    if (!blamed) world_json_locate(json, len, field, &err->line, &err->column);
}

sward_result sward_scene_load_string_overrides(const char *json, size_t len, const char *name, const char *base_dir,
                                               const sward_scene_budget *budget, const char *const *overrides,
                                               size_t override_count, sward_scene **out, sward_error *err)
{
    if (!name) name = "<string>";
    if (!out) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no place for the scene (out is NULL)", name);
    *out = NULL;
    if (!json) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no JSON text (NULL)", name);
    if (override_count && !overrides)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: %zu overrides but no array of them (NULL)", name,
                         override_count);
    if (len > WORLD_MAX_SCENE_BYTES)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: %zu bytes, more than the limit of %u bytes for a scene",
                         name, len, (unsigned)WORLD_MAX_SCENE_BYTES);
    char fail_path[SJ_PATH_MAX] = "";
    sward_result fail_code = SWARD_ERROR_INVALID_INPUT;
    sj_ctx c = {.name = name, .err = err, .fail_path = fail_path, .fail_code = &fail_code};
    cJSON *root = sj_parse(&c, json, len);
    if (!root) return SWARD_ERROR_INVALID_INPUT;
    for (size_t i = 0; i < override_count; i++) {
        if (!overrides[i]) {
            cJSON_Delete(root);
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: override %zu is NULL", name, i);
        }
        if (!world_apply_override(&c, root, overrides[i])) {
            cJSON_Delete(root);
            return err && err->code ? err->code : SWARD_ERROR_INVALID_INPUT;
        }
    }

    sward_scene *s = calloc(1, sizeof *s);
    if (!s) {
        cJSON_Delete(root);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", name);
    }
    snprintf(s->name, sizeof s->name, "%s", name);
    world_scene_defaults(s);
    s->budget.work = budget && budget->work ? budget->work : SWARD_DEFAULT_LOAD_WORK;
    s->budget.memory_bytes = budget && budget->memory_bytes ? budget->memory_bytes : SWARD_DEFAULT_MEMORY_BYTES;
    s->budget.frame_work = budget ? budget->frame_work : 0; /* 0: each device's default (frame_budget.c) */
    bool ok = world_scene_parse(&c, root, base_dir, s) && world_scene_validate(&c, s);
    cJSON_Delete(root);
    if (!ok) {
        free(s);
        locate_failure(json, len, fail_path, overrides, override_count, err);
        return fail_code; /* SWARD_ERROR_IO: a file a field names (terrain.world's world.json) cannot be read */
    }
    sward_result r = s->terrain.world_dir[0] || s->terrain.streamed ? world_stream_load(s, err) /* BX5 */
                                                                     : world_terrain_build(&s->terrain, s->name, err);
    if (r == SWARD_OK && s->terrain.from_image) /* the height map's size is known now */
        r = world_check_budget(s, s->terrain.resolution,
                               s->terrain.type_map_path[0] || s->terrain.grass_height_path[0] ? 0 : s->terrain.map_res,
                               s->render.settings.width, s->render.settings.height, err);
    if (r == SWARD_OK && !s->terrain.types) r = world_maps_build(s, err);
    if (r == SWARD_OK) r = place_canopy_build(s, err); /* PL11: after the types its trees grow on */
    if (r != SWARD_OK) {
        sward_scene_destroy(s);
        return r;
    }
    if (!world_scene_validate_camera(&c, s) || !world_flight_validate(&c, s)) {
        sward_scene_destroy(s);
        locate_failure(json, len, fail_path, overrides, override_count, err);
        return SWARD_ERROR_INVALID_INPUT;
    }
    *out = s;
    return SWARD_OK;
}

sward_result sward_scene_load_file(const char *path, sward_scene **out, sward_error *err)
{
    return sward_scene_load_file_budget(path, NULL, out, err);
}

static sward_result load_file(const char *path, const sward_scene_budget *budget, const char *const *overrides,
                              size_t override_count, sward_scene **out, sward_error *err)
{
    if (out) *out = NULL;
    if (!path) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_scene_load_file: path is NULL");
    char *data = NULL;
    size_t size = 0;
    sward_result r = core_read_file(path, WORLD_MAX_SCENE_BYTES, &data, &size, err);
    if (r != SWARD_OK) return r;

    /* Image paths inside the scene are relative to the scene's folder. */
    char dir[WORLD_PATH_MAX];
    const char *slash = strrchr(path, '/');
    const char *base = NULL;
    if (slash) {
        size_t n = slash == path ? 1 : (size_t)(slash - path);
        if (n < sizeof dir) {
            memcpy(dir, path, n);
            dir[n] = '\0';
            base = dir;
        } else {
            free(data);
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: the folder name is longer than %d bytes", path,
                             WORLD_PATH_MAX - 1);
        }
    }
    r = sward_scene_load_string_overrides(data, size, path, base, budget, overrides, override_count, out, err);
    free(data);
    if (r == SWARD_OK) (*out)->from_file = true;
    return r;
}

sward_result sward_scene_load_file_budget(const char *path, const sward_scene_budget *budget, sward_scene **out,
                                          sward_error *err)
{
    return load_file(path, budget, NULL, 0, out, err);
}

sward_result sward_scene_load_overrides(const char *path, const char *const *overrides, size_t override_count,
                                        sward_scene **out, sward_error *err)
{
    if (!path)
        return sward_scene_load_string_overrides(sward_default_scene_json, (size_t)sward_default_scene_json_len,
                                                 "<default>", NULL, NULL, overrides, override_count, out, err);
    return load_file(path, NULL, overrides, override_count, out, err);
}

sward_result sward_scene_check_override(const char *override_text, sward_error *err)
{
    char why[256], shown[WORLD_OVERRIDE_SHOWN];
    if (!override_text) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "override is NULL");
    if (!world_override_check(override_text, why, sizeof why)) {
        world_override_show(override_text, shown, sizeof shown);
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "'%s': %s", shown, why);
    }
    return SWARD_OK;
}

sward_result sward_scene_load_default(sward_scene **out, sward_error *err)
{
    return sward_scene_load_string(sward_default_scene_json, (size_t)sward_default_scene_json_len, "<default>", NULL,
                                   out, err);
}

void sward_scene_destroy(sward_scene *scene)
{
    if (!scene) return;
    world_stream_close(&scene->terrain);
    free(scene->terrain.heights);
    free(scene->terrain.types);
    free(scene->terrain.grass_height);
    free(scene->terrain.type_presence);
    free(scene->terrain.canopy);
    world_layers_free(&scene->terrain);
    free(scene);
}

_Static_assert(SWARD_FEATURE_DEPTH_PRIME == SW_FEAT_DEPTH_PRIME && SWARD_FEATURE_SHADOWS == SW_FEAT_SHADOWS &&
                   SWARD_FEATURE_CONTACT_SHADOWS == SW_FEAT_CONTACT_SHADOWS &&
                   SWARD_FEATURE_TRANSLUCENCY == SW_FEAT_TRANSLUCENCY && SWARD_FEATURE_SPECULAR == SW_FEAT_SPECULAR &&
                   SWARD_FEATURE_TAA == SW_FEAT_TAA && SWARD_FEATURE_BLOOM == SW_FEAT_BLOOM &&
                   SWARD_FEATURE_SKY == SW_FEAT_SKY && SWARD_FEATURE_ALL == SW_FEAT_ALL,
               "SWARD_FEATURE_* must equal SW_FEAT_* (shaders/shared/sw_types.h)");

uint32_t sward_scene_features(const sward_scene *scene)
{
    assert(scene);
    return scene->render.features;
}

void sward_scene_set_features(sward_scene *scene, uint32_t features)
{
    assert(scene);
    scene->render.features = features & SW_FEAT_ALL;
}

sward_render_settings sward_scene_render_settings(const sward_scene *scene)
{
    assert(scene);
    return scene->render.settings;
}

const char *sward_result_name(sward_result r)
{
    switch (r) {
    case SWARD_OK: return "SWARD_OK";
    case SWARD_ERROR_INVALID_INPUT: return "SWARD_ERROR_INVALID_INPUT";
    case SWARD_ERROR_IO: return "SWARD_ERROR_IO";
    case SWARD_ERROR_NO_DEVICE: return "SWARD_ERROR_NO_DEVICE";
    case SWARD_ERROR_VULKAN: return "SWARD_ERROR_VULKAN";
    case SWARD_ERROR_OUT_OF_MEMORY: return "SWARD_ERROR_OUT_OF_MEMORY";
    }
    return "SWARD_ERROR_UNKNOWN";
}
