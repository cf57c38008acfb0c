/* scene_load.c — scene files: parse, validate, build the terrain (SPEC TL2: data-driven scenes validated with
 * clear errors; PL1: terrain from fBm or a PNG; DESIGN "Errors" and cgltf's split of parsing and validation).
 *
 * Three steps: parse_* read the JSON into a sward_scene filled with defaults, checking types, shapes and the
 * range of each field on its own (scene_json.c); validate() checks the rules between fields; then the terrain
 * is built and the camera checked against it. Every message names the file, the field path and the problem;
 * nothing is clamped. The format is documented in docs/scene-format.md: keep the two in step. */
#include "world/world.h"

#include "core/core.h"
#include "world/scene_json.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char sward_default_scene_json[];
extern const unsigned long sward_default_scene_json_len;

/* Limits besides the WORLD_* ones of world.h (documented in docs/scene-format.md). */
#define LIM_HEIGHT 10000.0    /* m, terrain heights and fBm amplitude */
#define LIM_COORD 1.0e6       /* m, camera coordinates */
#define LIM_DIRECTION 1.0e6   /* components of direction vectors before normalisation */
#define LIM_RADIANCE 1000.0   /* sun and sky colour components */
#define LIM_INTENSITY 1.0e6   /* sun and sky intensity, exposure, white point */
#define LIM_LENGTH 1.0e5      /* m, fBm wavelength, patch and gust scales */
#define LIM_SPEED 100.0       /* m/s, wind and gust speed */
#define LIM_TIME 1.0e5        /* s, |render.time|: keeps the wind noise coordinates well inside int range */
#define LIM_NEAR 1000.0       /* m, camera.near */
#define LIM_OCTAVES 16
#define LIM_FBM_CELLS 1048576.0 /* the finest octave may have at most this many noise cells per half terrain */

#define RANGE(lo, hi) ((sj_range){(lo), (hi), false, false})
#define RANGE_POS(hi) ((sj_range){0.0, (hi), true, false}) /* (0, hi] */

static const sj_range r_unit = {0.0, 1.0, false, false};

/* ---- defaults ------------------------------------------------------------------------------------------ */

static void material_defaults(world_material *m, int index)
{
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "grass%d", index);
    m->density = 80.0f;
    m->height[0] = 0.25f;
    m->height[1] = 0.6f;
    m->width[0] = 0.006f;
    m->width[1] = 0.012f;
    const float root[3] = {0.02f, 0.05f, 0.01f}, tip[3] = {0.25f, 0.35f, 0.06f};
    memcpy(m->root_color, root, sizeof root);
    memcpy(m->tip_color, tip, sizeof tip);
    m->stiffness = 0.5f;
    m->bend = 0.35f;
    m->translucency = 0.5f;
    m->patch_scale = 0.0f;
    m->patch_coverage = 1.0f;
}

static void scene_defaults(sward_scene *s)
{
    world_terrain *t = &s->terrain;
    t->size = 512.0f;
    t->resolution = 513;
    t->from_image = false;
    t->height_min = 0.0f;
    t->height_max = 40.0f;
    t->fbm = (world_fbm){.amplitude = 14.0f, .wavelength = 220.0f, .octaves = 5, .lacunarity = 2.0f, .gain = 0.5f};
    const float ground[3] = {0.05f, 0.06f, 0.02f};
    memcpy(t->color, ground, sizeof ground);

    s->wind = (world_wind){.direction = {1.0f, 0.0f}, .speed = 4.0f, .gust_scale = 25.0f, .gust_speed = 6.0f};
    s->sun = (world_sun){.direction = {0.6f, 0.45f, 0.5f}, .color = {1.0f, 0.9f, 0.75f}, .intensity = 8.0f};
    s->sky = (world_sky){.zenith = {0.15f, 0.3f, 0.6f}, .horizon = {0.6f, 0.7f, 0.8f}, .intensity = 1.0f};
    s->camera = (world_camera){.position = {0.0f, 1.6f, -20.0f}, .target = {0.0f, 0.0f, 0.0f}, .fov_y = 50.0f,
                               .above_ground = true, .near_plane = 0.1f};
    s->render.settings = (sward_render_settings){.width = 1920, .height = 1080, .seed = 1, .time = 0.0f,
                                                 .exposure = 1.0f, .white_point = 8.0f};
    s->render.draw_distance = 60.0f;
    s->render.lod_distance = 12.0f;
}

/* ---- parse: one function per section ------------------------------------------------------------------- */

static bool min_max(const sj_ctx *c, const char *path, const float v[2])
{
    if (v[0] <= v[1]) return true;
    return sj_fail(c, path, "min must be <= max, got [%g, %g]", (double)v[0], (double)v[1]);
}

static bool parse_terrain(const sj_ctx *c, const cJSON *o, const char *base_dir, world_terrain *t)
{
    static const char *const known[] = {"size", "resolution", "color", "fbm", "heightmap"};
    static const char *const known_fbm[] = {"amplitude", "wavelength", "octaves", "lacunarity", "gain"};
    static const char *const known_hm[] = {"path", "min", "max"};
    if (!sj_check_fields(c, o, "terrain", known, 5)) return false;
    int64_t res = t->resolution;
    const cJSON *fbm, *hm;
    if (!sj_number(c, o, "terrain", "size", RANGE(WORLD_TERRAIN_SIZE_MIN, WORLD_TERRAIN_SIZE_MAX), &t->size) ||
        !sj_integer(c, o, "terrain", "resolution", RANGE(WORLD_RESOLUTION_MIN, WORLD_RESOLUTION_MAX), &res) ||
        !sj_numbers(c, o, "terrain", "color", 3, r_unit, t->color) ||
        !sj_object(c, o, "terrain", "fbm", &fbm) || !sj_object(c, o, "terrain", "heightmap", &hm))
        return false;
    t->resolution = (int)res;
    if (fbm && hm) return sj_fail(c, "terrain", "fbm and heightmap are exclusive; give one of them");

    if (fbm) {
        world_fbm *f = &t->fbm;
        int64_t oct = f->octaves;
        if (!sj_check_fields(c, fbm, "terrain.fbm", known_fbm, 5) ||
            !sj_number(c, fbm, "terrain.fbm", "amplitude", RANGE(0.0, LIM_HEIGHT), &f->amplitude) ||
            !sj_number(c, fbm, "terrain.fbm", "wavelength", RANGE_POS(LIM_LENGTH), &f->wavelength) ||
            !sj_integer(c, fbm, "terrain.fbm", "octaves", RANGE(1, LIM_OCTAVES), &oct) ||
            !sj_number(c, fbm, "terrain.fbm", "lacunarity", RANGE(1.0, 8.0), &f->lacunarity) ||
            !sj_number(c, fbm, "terrain.fbm", "gain", r_unit, &f->gain))
            return false;
        f->octaves = (int)oct;
    }
    if (hm) {
        if (sj_member(o, "resolution"))
            return sj_fail(c, "terrain.resolution",
                           "not allowed with terrain.heightmap (the image's width is the resolution)");
        char rel[WORLD_PATH_MAX] = "";
        if (!sj_check_fields(c, hm, "terrain.heightmap", known_hm, 3) ||
            !sj_string(c, hm, "terrain.heightmap", "path", rel, sizeof rel) ||
            !sj_number(c, hm, "terrain.heightmap", "min", RANGE(-LIM_HEIGHT, LIM_HEIGHT), &t->height_min) ||
            !sj_number(c, hm, "terrain.heightmap", "max", RANGE(-LIM_HEIGHT, LIM_HEIGHT), &t->height_max))
            return false;
        if (!rel[0]) return sj_fail(c, "terrain.heightmap.path", "missing required field");
        if (t->height_min > t->height_max)
            return sj_fail(c, "terrain.heightmap", "min must be <= max, got min %g and max %g",
                           (double)t->height_min, (double)t->height_max);
        int n;
        if (rel[0] == '/' || !base_dir || !base_dir[0])
            n = snprintf(t->heightmap_path, sizeof t->heightmap_path, "%s", rel);
        else
            n = snprintf(t->heightmap_path, sizeof t->heightmap_path, "%s%s%s", base_dir,
                         base_dir[strlen(base_dir) - 1] == '/' ? "" : "/", rel);
        if (n < 0 || (size_t)n >= sizeof t->heightmap_path)
            return sj_fail(c, "terrain.heightmap.path", "the path resolved against %s is longer than %d bytes",
                           base_dir, WORLD_PATH_MAX - 1);
        t->from_image = true;
    }
    return true;
}

static bool parse_material(const sj_ctx *c, const cJSON *o, const char *path, world_material *m)
{
    static const char *const known[] = {"name",      "density",   "height", "width",        "root_color",
                                        "tip_color", "stiffness", "bend",   "translucency", "patches"};
    static const char *const known_patches[] = {"scale", "coverage"};
    char p[SJ_PATH_MAX];
    const cJSON *patches;
    if (!cJSON_IsObject(o)) return sj_fail(c, path, "expected an object, got %s", sj_type_name(o));
    if (!sj_check_fields(c, o, path, known, 10) || !sj_string(c, o, path, "name", m->name, sizeof m->name) ||
        !sj_number(c, o, path, "density", RANGE_POS(WORLD_DENSITY_MAX), &m->density) ||
        !sj_numbers(c, o, path, "height", 2, RANGE_POS(WORLD_BLADE_HEIGHT_MAX), m->height) ||
        !sj_numbers(c, o, path, "width", 2, RANGE_POS(WORLD_BLADE_WIDTH_MAX), m->width) ||
        !sj_numbers(c, o, path, "root_color", 3, r_unit, m->root_color) ||
        !sj_numbers(c, o, path, "tip_color", 3, r_unit, m->tip_color) ||
        !sj_number(c, o, path, "stiffness", r_unit, &m->stiffness) ||
        !sj_number(c, o, path, "bend", r_unit, &m->bend) ||
        !sj_number(c, o, path, "translucency", r_unit, &m->translucency) ||
        !sj_object(c, o, path, "patches", &patches))
        return false;
    sj_join(p, path, "height");
    if (!min_max(c, p, m->height)) return false;
    sj_join(p, path, "width");
    if (!min_max(c, p, m->width)) return false;
    if (patches) {
        sj_join(p, path, "patches");
        m->patch_scale = 30.0f;
        m->patch_coverage = 0.5f;
        if (!sj_check_fields(c, patches, p, known_patches, 2) ||
            !sj_number(c, patches, p, "scale", RANGE(0.1, LIM_LENGTH), &m->patch_scale) ||
            !sj_number(c, patches, p, "coverage", RANGE_POS(1.0), &m->patch_coverage))
            return false;
    }
    return true;
}

static bool parse_grass(const sj_ctx *c, const cJSON *root, sward_scene *s)
{
    const cJSON *g = sj_member(root, "grass");
    if (!g) return sj_fail(c, "grass", "missing required field (an array of 1 to %d materials)", WORLD_MAX_MATERIALS);
    if (!cJSON_IsArray(g)) return sj_fail(c, "grass", "expected an array, got %s", sj_type_name(g));
    int n = 0;
    for (const cJSON *e = g->child; e; e = e->next) n++;
    if (n < 1 || n > WORLD_MAX_MATERIALS)
        return sj_fail(c, "grass", "must have 1 to %d materials, got %d", WORLD_MAX_MATERIALS, n);
    int i = 0;
    for (const cJSON *e = g->child; e; e = e->next, i++) {
        char p[SJ_PATH_MAX];
        snprintf(p, sizeof p, "grass[%d]", i);
        material_defaults(&s->materials[i], i);
        if (!parse_material(c, e, p, &s->materials[i])) return false;
    }
    s->material_count = n;
    return true;
}

static bool parse_wind(const sj_ctx *c, const cJSON *o, world_wind *w)
{
    static const char *const known[] = {"direction", "speed", "gust_scale", "gust_speed"};
    return sj_check_fields(c, o, "wind", known, 4) &&
           sj_numbers(c, o, "wind", "direction", 2, RANGE(-LIM_DIRECTION, LIM_DIRECTION), w->direction) &&
           sj_number(c, o, "wind", "speed", RANGE(0.0, LIM_SPEED), &w->speed) &&
           sj_number(c, o, "wind", "gust_scale", RANGE(0.1, LIM_LENGTH), &w->gust_scale) &&
           sj_number(c, o, "wind", "gust_speed", RANGE(0.0, LIM_SPEED), &w->gust_speed);
}

static bool parse_sun(const sj_ctx *c, const cJSON *o, world_sun *sun)
{
    static const char *const known[] = {"direction", "color", "intensity"};
    return sj_check_fields(c, o, "sun", known, 3) &&
           sj_numbers(c, o, "sun", "direction", 3, RANGE(-LIM_DIRECTION, LIM_DIRECTION), sun->direction) &&
           sj_numbers(c, o, "sun", "color", 3, RANGE(0.0, LIM_RADIANCE), sun->color) &&
           sj_number(c, o, "sun", "intensity", RANGE(0.0, LIM_INTENSITY), &sun->intensity);
}

static bool parse_sky(const sj_ctx *c, const cJSON *o, world_sky *sky)
{
    static const char *const known[] = {"zenith", "horizon", "intensity"};
    return sj_check_fields(c, o, "sky", known, 3) &&
           sj_numbers(c, o, "sky", "zenith", 3, RANGE(0.0, LIM_RADIANCE), sky->zenith) &&
           sj_numbers(c, o, "sky", "horizon", 3, RANGE(0.0, LIM_RADIANCE), sky->horizon) &&
           sj_number(c, o, "sky", "intensity", RANGE(0.0, LIM_INTENSITY), &sky->intensity);
}

static bool parse_camera(const sj_ctx *c, const cJSON *o, world_camera *cam)
{
    static const char *const known[] = {"position", "target", "fov", "above_ground", "near"};
    return sj_check_fields(c, o, "camera", known, 5) &&
           sj_numbers(c, o, "camera", "position", 3, RANGE(-LIM_COORD, LIM_COORD), cam->position) &&
           sj_numbers(c, o, "camera", "target", 3, RANGE(-LIM_COORD, LIM_COORD), cam->target) &&
           sj_number(c, o, "camera", "fov", RANGE(1.0, 170.0), &cam->fov_y) &&
           sj_bool(c, o, "camera", "above_ground", &cam->above_ground) &&
           sj_number(c, o, "camera", "near", RANGE_POS(LIM_NEAR), &cam->near_plane);
}

static bool parse_render(const sj_ctx *c, const cJSON *o, world_render *r)
{
    static const char *const known[] = {"width", "height",        "seed",        "time",
                                        "exposure", "white_point", "draw_distance", "lod_distance"};
    sward_render_settings *rs = &r->settings;
    int64_t w = rs->width, h = rs->height, seed = rs->seed;
    if (!sj_check_fields(c, o, "render", known, 8) ||
        !sj_integer(c, o, "render", "width", RANGE(1, WORLD_IMAGE_SIZE_MAX), &w) ||
        !sj_integer(c, o, "render", "height", RANGE(1, WORLD_IMAGE_SIZE_MAX), &h) ||
        !sj_integer(c, o, "render", "seed", RANGE(0, 4294967295.0), &seed) ||
        !sj_number(c, o, "render", "time", RANGE(-LIM_TIME, LIM_TIME), &rs->time) ||
        !sj_number(c, o, "render", "exposure", RANGE_POS(LIM_INTENSITY), &rs->exposure) ||
        !sj_number(c, o, "render", "white_point", RANGE_POS(LIM_INTENSITY), &rs->white_point) ||
        !sj_number(c, o, "render", "draw_distance", RANGE_POS(WORLD_DRAW_DISTANCE_MAX), &r->draw_distance) ||
        !sj_number(c, o, "render", "lod_distance", RANGE(0.0, WORLD_DRAW_DISTANCE_MAX), &r->lod_distance))
        return false;
    rs->width = (uint32_t)w;
    rs->height = (uint32_t)h;
    rs->seed = (uint32_t)seed;
    return true;
}

static bool parse_scene(const sj_ctx *c, const cJSON *root, const char *base_dir, sward_scene *s)
{
    static const char *const known[] = {"terrain", "grass", "wind", "sun", "sky", "camera", "render"};
    if (!cJSON_IsObject(root))
        return sj_fail(c, "", "expected a JSON object at the top level, got %s", sj_type_name(root));
    if (!sj_check_fields(c, root, "", known, 7)) return false;
    const cJSON *terrain, *wind, *sun, *sky, *camera, *render;
    if (!sj_object(c, root, "", "terrain", &terrain) || !sj_object(c, root, "", "wind", &wind) ||
        !sj_object(c, root, "", "sun", &sun) || !sj_object(c, root, "", "sky", &sky) ||
        !sj_object(c, root, "", "camera", &camera) || !sj_object(c, root, "", "render", &render))
        return false;
    return (!terrain || parse_terrain(c, terrain, base_dir, &s->terrain)) && parse_grass(c, root, s) &&
           (!wind || parse_wind(c, wind, &s->wind)) && (!sun || parse_sun(c, sun, &s->sun)) &&
           (!sky || parse_sky(c, sky, &s->sky)) && (!camera || parse_camera(c, camera, &s->camera)) &&
           (!render || parse_render(c, render, &s->render));
}

/* ---- validate: rules between fields -------------------------------------------------------------------- */

static bool normalise(const sj_ctx *c, const char *path, float *v, int n)
{
    double len2 = 0.0;
    for (int i = 0; i < n; i++) len2 += (double)v[i] * (double)v[i];
    if (!(len2 > 1e-12)) return sj_fail(c, path, "must not be zero");
    double inv = 1.0 / sqrt(len2);
    for (int i = 0; i < n; i++) v[i] = (float)((double)v[i] * inv);
    return true;
}

/* Grid cells the placement may consider, counted conservatively: each material's density over the square
 * around the draw-distance circle. */
static double candidate_estimate(const sward_scene *s)
{
    double side = 2.0 * (double)s->render.draw_distance;
    double n = 0.0;
    for (int i = 0; i < s->material_count; i++) n += (double)s->materials[i].density * side * side;
    return n;
}

static bool validate(const sj_ctx *c, sward_scene *s)
{
    const world_fbm *f = &s->terrain.fbm;
    if (!s->terrain.from_image) {
        /* The finest octave's noise coordinate must stay far inside int range and float precision. */
        double cells = 0.5 * (double)s->terrain.size / (double)f->wavelength *
                       pow((double)f->lacunarity, (double)(f->octaves - 1));
        if (cells > LIM_FBM_CELLS)
            return sj_fail(c, "terrain.fbm",
                           "the finest octave is too fine: size / 2 / wavelength * lacunarity^(octaves - 1) = %.0f, "
                           "must be <= %.0f; raise wavelength or lower octaves or lacunarity",
                           cells, LIM_FBM_CELLS);
    }
    if (!normalise(c, "wind.direction", s->wind.direction, 2) ||
        !normalise(c, "sun.direction", s->sun.direction, 3))
        return false;

    const world_render *r = &s->render;
    if (r->lod_distance > r->draw_distance)
        return sj_fail(c, "render.lod_distance", "must be <= render.draw_distance (%g), got %g",
                       (double)r->draw_distance, (double)r->lod_distance);
    if (s->camera.near_plane >= r->draw_distance)
        return sj_fail(c, "camera.near", "must be < render.draw_distance (%g), got %g", (double)r->draw_distance,
                       (double)s->camera.near_plane);

    double n = candidate_estimate(s);
    if (n > (double)WORLD_MAX_CANDIDATES) {
        char list[600] = "";
        size_t used = 0;
        for (int i = 0; i < s->material_count && used < sizeof list; i++) {
            int k = snprintf(list + used, sizeof list - used, "%sgrass[%d] \"%s\" (%g/m^2)", i ? ", " : "", i,
                             s->materials[i].name, (double)s->materials[i].density);
            if (k < 0) break;
            used += (size_t)k;
        }
        return sj_fail(c, "",
                       "too many grass candidates: %.0f within render.draw_distance %g m (limit %u, counting "
                       "density x (2 x draw_distance)^2 per material); reduce render.draw_distance or the density "
                       "of %s",
                       n, (double)r->draw_distance, (unsigned)WORLD_MAX_CANDIDATES, list);
    }
    return true;
}

/* After the terrain is built: the eye (above_ground resolved) must differ from the target, and the view
 * must not be vertical, where the camera's up vector is undefined. */
static bool validate_camera(const sj_ctx *c, const sward_scene *s)
{
    const world_camera *cam = &s->camera;
    const world_terrain *t = &s->terrain;
    if (cam->above_ground && cam->position[1] < 0.0f)
        return sj_fail(c, "camera.position[1]",
                       "must be >= 0 with camera.above_ground (it is the height above the terrain), got %g",
                       (double)cam->position[1]);
    float eye[3];
    world_camera_eye(s, eye);
    double d[3], len2 = 0.0;
    for (int i = 0; i < 3; i++) {
        d[i] = (double)s->camera.target[i] - (double)eye[i];
        len2 += d[i] * d[i];
    }
    if (!(len2 > 1e-8))
        return sj_fail(c, "camera.target", "must differ from the camera position (%g, %g, %g)", (double)eye[0],
                       (double)eye[1], (double)eye[2]);
    double horiz2 = d[0] * d[0] + d[2] * d[2];
    if (!(horiz2 > 1e-6 * len2))
        return sj_fail(c, "camera.target", "must not be straight above or below the camera position");
    /* Over the terrain square, an absolute eye height must not be under the ground: nothing but the
     * terrain's underside would be seen. */
    float half = 0.5f * t->size;
    if (!cam->above_ground && fabsf(cam->position[0]) <= half && fabsf(cam->position[2]) <= half) {
        float ground = world_terrain_height(t, cam->position[0], cam->position[2]);
        if (cam->position[1] < ground)
            return sj_fail(c, "camera.position",
                           "the camera is below the terrain: y = %g, but the ground at (%g, %g) is at %g m; raise "
                           "y, or set camera.above_ground to give the height above the ground",
                           (double)cam->position[1], (double)cam->position[0], (double)cam->position[2],
                           (double)ground);
    }
    return true;
}

/* ---- public ---------------------------------------------------------------------------------------------- */

sward_result sward_scene_load_string(const char *json, size_t len, const char *name, const char *base_dir,
                                     sward_scene **out, sward_error *err)
{
    if (!name) name = "<string>";
    if (!out) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no place for the scene (out is NULL)", name);
    *out = NULL;
    if (!json) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no JSON text (NULL)", name);
    if (len > WORLD_MAX_SCENE_BYTES)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: %zu bytes, more than the limit of %u bytes for a scene",
                         name, len, (unsigned)WORLD_MAX_SCENE_BYTES);
    sj_ctx c = {.name = name, .err = err};
    cJSON *root = sj_parse(&c, json, len);
    if (!root) return SWARD_ERROR_INVALID_INPUT;

    sward_scene *s = calloc(1, sizeof *s);
    if (!s) {
        cJSON_Delete(root);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", name);
    }
    snprintf(s->name, sizeof s->name, "%s", name);
    scene_defaults(s);
    bool ok = parse_scene(&c, root, base_dir, s) && validate(&c, s);
    cJSON_Delete(root);
    if (!ok) {
        free(s);
        return SWARD_ERROR_INVALID_INPUT;
    }
    sward_result r = world_terrain_build(&s->terrain, s->name, err);
    if (r != SWARD_OK) {
        sward_scene_destroy(s);
        return r;
    }
    if (!validate_camera(&c, s)) {
        sward_scene_destroy(s);
        return SWARD_ERROR_INVALID_INPUT;
    }
    *out = s;
    return SWARD_OK;
}

sward_result sward_scene_load_file(const char *path, sward_scene **out, sward_error *err)
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
    r = sward_scene_load_string(data, size, path, base, out, err);
    free(data);
    return r;
}

sward_result sward_scene_load_default(sward_scene **out, sward_error *err)
{
    return sward_scene_load_string(sward_default_scene_json, (size_t)sward_default_scene_json_len, "<default>", NULL,
                                   out, err);
}

void sward_scene_destroy(sward_scene *scene)
{
    if (!scene) return;
    free(scene->terrain.heights);
    free(scene);
}

sward_render_settings sward_scene_render_settings(const sward_scene *scene)
{
    assert(scene);
    return scene->render.settings;
}

sward_result sward_scene_set_render_settings(sward_scene *scene, const sward_render_settings *s, sward_error *err)
{
    if (!scene || !s)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_scene_set_render_settings: NULL argument");
    sj_ctx c = {.name = scene->name, .err = err};
    if (!sj_check_range(&c, "render.width", (double)s->width, RANGE(1, WORLD_IMAGE_SIZE_MAX)) ||
        !sj_check_range(&c, "render.height", (double)s->height, RANGE(1, WORLD_IMAGE_SIZE_MAX)) ||
        !sj_check_range(&c, "render.time", (double)s->time, RANGE(-LIM_TIME, LIM_TIME)) ||
        !sj_check_range(&c, "render.exposure", (double)s->exposure, RANGE_POS(LIM_INTENSITY)) ||
        !sj_check_range(&c, "render.white_point", (double)s->white_point, RANGE_POS(LIM_INTENSITY)))
        return SWARD_ERROR_INVALID_INPUT;
    scene->render.settings = *s;
    return SWARD_OK;
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
