/* scene_json.h — typed, path-aware reading of cJSON values for the scene loader (module `world`).
 *
 * Every reader takes the JSON object, the path of that object ("" for the root, "grass[1]", "terrain.fbm")
 * and a key. An absent key leaves *out untouched (the caller has put the default there); a present one is
 * checked for type, shape, finiteness and range, and any problem becomes one message of the form
 * `<scene>: <path>.<key>: <problem>` in the context's error. Readers return false after an error, and the
 * first error wins. Nothing here allocates. */
#ifndef SWARD_WORLD_SCENE_JSON_H
#define SWARD_WORLD_SCENE_JSON_H

#include "sward/sward.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SJ_PATH_MAX 128

typedef struct sj_ctx {
    const char *name; /* scene name, first part of every message */
    sward_error *err;
    char *fail_path;         /* NULL, or SJ_PATH_MAX bytes that get the field path of a failure (sj_fail) */
    sward_result *fail_code; /* NULL, or gets the code of a failure (sj_fail: SWARD_ERROR_INVALID_INPUT) */
} sj_ctx;

/* A numeric range; `lo_open`/`hi_open` make a bound exclusive. With lo_open ("> lo"), `least` is the smallest
 * value accepted above lo (0: FLT_MIN, the smallest normal float): a field documented as "> 0" is stored as a
 * float, and a value such as 1e-300 must not pass the check in double and then become 0 or a denormal. Since
 * rounding to float is monotonic, a value >= least (>= FLT_MIN) is stored as a float >= (float)least. */
typedef struct sj_range {
    double lo, hi;
    bool lo_open, hi_open;
    double least;
} sj_range;

/* Joins a parent path and a key ("" + "camera" = "camera", "camera" + "fov" = "camera.fov"). */
void sj_join(char out[SJ_PATH_MAX], const char *parent, const char *key);

/* Reports `<scene>: <path>: <printf message>` as SWARD_ERROR_INVALID_INPUT; returns false. An empty path
 * gives `<scene>: <message>`. */
bool sj_fail(const sj_ctx *c, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* sj_fail with another code: a file the field names could not be read (SWARD_ERROR_IO), memory ran out. */
bool sj_fail_code(const sj_ctx *c, sward_result code, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* "a string", "a number", "an array", "an object", "a boolean", "null". */
const char *sj_type_name(const cJSON *v);

/* Rejects unknown and repeated keys of `obj` (known: `known[0..n)`). */
bool sj_check_fields(const sj_ctx *c, const cJSON *obj, const char *path, const char *const *known, size_t n);
/* sj_check_fields over every name of the array `known`, counted by the compiler so a key added to the list is
 * never left out of the check. `known` must be an array, not a pointer (-Wsizeof-pointer-div says so). */
#define SJ_CHECK_FIELDS(c, obj, path, known) \
    sj_check_fields((c), (obj), (path), (known), sizeof(known) / sizeof((known)[0]))

/* The member `key` of obj, case-sensitive, or NULL. */
const cJSON *sj_member(const cJSON *obj, const char *key);

/* An object member: NULL in *out when absent. */
bool sj_object(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, const cJSON **out);

/* Checks v against r; the message names the bound that was broken: "must be > 0, got -3", "must be >= 0.001,
 * got 1e-300" (below `least`). */
bool sj_check_range(const sj_ctx *c, const char *path, double v, sj_range r);

bool sj_number(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, sj_range r, float *out);
/* Exactly n numbers, each in r. */
bool sj_numbers(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, int n, sj_range r,
                float *out);
/* Like sj_check_range, for a value already stored as a float (the render settings of the API): `least` is
 * compared as the float (float)least, so that the documented minimum itself passes. */
bool sj_check_float(const sj_ctx *c, const char *path, float v, sj_range r);
/* A direction: n numbers, each in r, not all zero once stored as floats ("must not be zero"; a vector such as
 * [1e-300, 0] that is zero only as floats is named as such). Normalisation is the caller's. */
bool sj_direction(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, int n, sj_range r,
                  float *out);
/* An integral number in r (r's bounds are treated as inclusive integers). */
bool sj_integer(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, sj_range r, int64_t *out);
bool sj_bool(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, bool *out);
/* A string of 1 to cap - 1 bytes. */
bool sj_string(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, char *out, size_t cap);

/* Parses text as strict JSON (RFC 8259). On a syntax error reports
 * `<scene>:<line>:<column>: JSON syntax error: <what was expected>, found '<up to 16 bytes>'` (or `found the end
 * of the file`), line and column 1-based, columns counting bytes, at the first byte that cannot be JSON;
 * returns NULL. */
cJSON *sj_parse(const sj_ctx *c, const char *text, size_t len);

/* ---- scene_parse.c: the scene format's rules, run by scene_load.c ---- */
/* Every field at its documented default (docs/scene-format.md). */
void world_scene_defaults(sward_scene *s);
/* Reads the JSON into s field by field, each checked on its own; false after reporting the first problem. */
bool world_scene_parse(const sj_ctx *c, const cJSON *root, const char *base_dir, sward_scene *s);
/* The rules between fields (draw distances, the candidate limit, the budget before anything is built). */
bool world_scene_validate(const sj_ctx *c, sward_scene *s);
/* Resolves a path from the scene against the scene's folder into out (WORLD_PATH_MAX bytes); `field` names it
 * in the message when the result is too long. */
bool world_resolve_path(const sj_ctx *c, const char *field, const char *rel, const char *base_dir, char *out);

/* ---- scene_assets.c: "assets", the mesh assets placed over the field (PL8, AS1) ---- */
bool world_parse_assets(const sj_ctx *c, const cJSON *root, const char *base_dir, sward_scene *s);

/* ---- scene_flight.c: "flight", the benchmark's camera path (BX5) ---- */
bool world_parse_flight(const sj_ctx *c, const cJSON *root, sward_scene *s);
/* Every frame's view against the built terrain (eye != target, not vertical, not under the ground). */
bool world_flight_validate(const sj_ctx *c, const sward_scene *s);
/* ---- scene_areas.c: grass types' and assets' "base_density", assets' "layer", "areas" (PL2), then the
 * terrain's blend layers (scene_layers.c, PL10); run after the grass and the assets ---- */
bool world_parse_areas(const sj_ctx *c, const cJSON *root, const char *base_dir, sward_scene *s);

/* The camera against the built terrain (not under the ground, not straight up or down). */
bool world_scene_validate_camera(const sj_ctx *c, const sward_scene *s);
/* BX5 (scene_stream.c): terrain.world and terrain.stream, after the rest of terrain is parsed; and their
 * rules against the rest of the scene (the window covers the draw distance, the world's type names). */
struct world_terrain;
/* SH10 (scene_ground.c): terrain.ground and grass[i].ground, after the grass types; a material's name at key
 * (absent: *kind untouched). */
bool world_parse_ground(const sj_ctx *c, const cJSON *root, struct sward_scene *s);
bool world_parse_ground_kind(const sj_ctx *c, const cJSON *o, const char *path, const char *key, unsigned *kind);
/* PL11, SH10 (scene_canopy.c): grass[i].canopy, assets[i].canopy and terrain.ground.canopy, after the assets'
 * layers (world_parse_areas): the one layer they name casts the canopy (terrain.canopy_layer). */
bool world_parse_canopy(const sj_ctx *c, const cJSON *root, struct sward_scene *s);
bool world_parse_stream(const sj_ctx *c, const cJSON *terrain, const char *base_dir, struct world_terrain *t);
bool world_validate_stream(const sj_ctx *c, const sward_scene *s);

/* PO4 (scene_exposure.c): render.exposure (a number or "auto") and render.auto_exposure; the top-level
 * "exposure_areas"; the defaults, and the rules the API's settings are checked by too. */
struct world_render;
void world_auto_exposure_defaults(sward_auto_exposure *a);
bool world_check_auto_exposure(const sj_ctx *c, const sward_auto_exposure *a);
bool world_parse_exposure(const sj_ctx *c, const cJSON *render, struct world_render *r);
bool world_parse_exposure_areas(const sj_ctx *c, const cJSON *root, struct world_render *r);

/* render.tile_cache (scene_cache.c): budget_mib, tiles_per_frame, teleport_distance. */
struct world_tile_cache;
bool scene_parse_tile_cache(const sj_ctx *c, const cJSON *render, struct world_tile_cache *out);

#endif
