/* scene_parse.c — what a scene file may say (SPEC TL2: data-driven scenes validated with clear errors; DESIGN
 * "Errors" and cgltf's split of parsing and validation): the defaults, the parse_* functions that read the JSON
 * into a sward_scene, checking types, shapes and the range of each field on its own (scene_json.c), and the
 * rules between fields (world_scene_validate) and against the built terrain (world_scene_validate_camera).
 * scene_load.c runs them. Every message names the file, the field path and the problem; nothing is clamped.
 * The format is documented in docs/scene-format.md: keep the two in step. */
#include "world/world.h"

#include "core/core.h"
#include "world/scene_json.h"
#include "world/stream.h"
#include "shared/sw_ground.h"
#include "shared/sw_types.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Limits besides the WORLD_* ones of world.h (documented in docs/scene-format.md). */
#define LIM_HEIGHT 10000.0    /* m, terrain heights and fBm amplitude */
#define LIM_COORD 1.0e6       /* m, camera coordinates */
#define LIM_DIRECTION 1.0e6   /* components of direction vectors before normalisation */
#define LIM_RADIANCE 1000.0   /* sun and sky colour components */
#define LIM_INTENSITY 1.0e6   /* sun and sky intensity, exposure, white point */
#define LIM_LENGTH 1.0e5      /* m, fBm wavelength, patch and gust scales */
#define LIM_SPEED 100.0       /* m/s, wind and gust speed */
#define LIM_RASTER_THRESHOLD_MIN 0.5 /* px: render.raster_threshold */
#define LIM_RASTER_THRESHOLD 4096.0
#define LIM_TIME 1.0e5        /* s, |render.time|: keeps the wind noise coordinates well inside int range */
#define LIM_NEAR 1000.0       /* m, camera.near */
#define LIM_AZIMUTH 3600.0    /* degrees, |sun.azimuth| */
#define PI_D 3.14159265358979323846
/* The smallest values of the fields documented as "> 0" (sj_range.least): each is stored as a float, and a
 * positive value that became 0 or a denormal would break the arithmetic that divides by it or works in its
 * units (the projection's near plane, the tone curve's white point, ...). */
#define LIM_NEAR_MIN 0.001        /* m: reverse-Z depth near / distance stays a normal float to 1e6 km */
#define LIM_WAVELENGTH_MIN 0.001  /* m */
#define LIM_COVERAGE_MIN 0.001    /* fraction of the ground */
#define LIM_FORCE_RADIUS_MIN 0.01 /* m */
#define LIM_EXPOSURE_MIN 1e-6
#define LIM_WHITE_POINT_MIN 0.001 /* the filmic curve at the white point stays well above float rounding */
#define LIM_OCTAVES 16
#define LIM_CLUMP_SIZE 100.0       /* m, clump.size */
#define LIM_CLUMP_SIZE_MIN 0.05    /* m, smallest clump.size other than 0 */
#define LIM_GAMEPLAY_HEIGHT 10.0   /* m */
#define LIM_FORCE_RADIUS 100.0     /* m */
#define LIM_FORCE_STRENGTH 10.0    /* m of push */
#define LIM_FORCE_FREQUENCY 100.0  /* Hz */
#define LIM_SPRING_FREQUENCY_MIN 0.05 /* Hz, wind.field.*.frequency (GA3) */
#define LIM_SPRING_FREQUENCY 5.0      /* Hz: at least 3 of the field's 1/15 s steps per period */
#define LIM_SPRING_DAMPING_MIN 0.05   /* damping ratio; at most 1 (critical) */
#define LIM_SPRING_GAIN 4.0
#define LIM_SPRING_SETTLE 0.15        /* Hz: damping x frequency at least (the window, src/wind/field.c) */
#define LIM_FBM_CELLS 1048576.0 /* the finest octave may have at most this many noise cells per half terrain */

#define RANGE(lo, hi) ((sj_range){(lo), (hi), false, false, 0.0})
/* "> 0, at most hi", and at least `least` (see sj_range): [least, hi] with "must be > 0" for values <= 0. */
#define RANGE_POS(least, hi) ((sj_range){0.0, (hi), true, false, (least)})

static const sj_range r_unit = {0.0, 1.0, false, false, 0.0};

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
    m->ground = SW_GROUND_NONE;
    m->roughness = -1.0f; /* resolved after parsing: 0.58 - 0.12 translucency */
    m->patch_scale = 0.0f;
    m->patch_coverage = 1.0f;
    /* PL6: clumping on by default with moderate values. */
    m->clump = (world_clump){.size = 0.6f, .height_variation = 0.3f, .facing = 0.4f, .lean = 0.15f,
                             .color_variation = 0.15f, .pull = 0.3f};
    m->blades_per_instance = 0;  /* resolved in validate(): 2 for height max <= 0.3 m, else 1 */
    m->lod_distance = -1.0f;     /* resolved in validate(): render.lod_distance */
    m->draw_distance = -1.0f;    /* resolved in validate(): render.draw_distance */
    m->wind_model = WORLD_WIND_GOT;
    m->stealth = true;
    m->gameplay_height = -1.0f;  /* resolved in validate(): the type's height max */
    m->head_size = 0.0f;
}

void world_wind_field_defaults(world_wind *w)
{
    /* GA3's spring categories (docs/scene-format.md "wind.field"): trees slow and heavy, plants in between,
     * grass fast (gain 1: in equilibrium the GA4 push), special (banners, tarps) lively and little damped. */
    w->field[0] = (world_spring){.frequency = 0.4f, .damping = 0.5f, .gain = 0.5f};
    w->field[1] = (world_spring){.frequency = 1.0f, .damping = 0.4f, .gain = 0.8f};
    w->field[2] = (world_spring){.frequency = 2.0f, .damping = 0.5f, .gain = 1.0f};
    w->field[3] = (world_spring){.frequency = 1.5f, .damping = 0.15f, .gain = 1.2f};
}

void world_scene_defaults(sward_scene *s)
{
    world_terrain *t = &s->terrain;
    t->size = 512.0f;
    t->resolution = 513;
    t->from_image = false;
    t->height_min = 0.0f;
    t->height_max = 40.0f;
    t->map_res = 0; /* resolved in validate(): resolution - 1, at most WORLD_MAP_RES_DEFAULT_MAX */
    t->fbm = (world_fbm){.amplitude = 14.0f, .wavelength = 220.0f, .octaves = 5, .lacunarity = 2.0f, .gain = 0.5f};
    const float ground[3] = {0.05f, 0.06f, 0.02f};
    memcpy(t->color, ground, sizeof ground);
    world_ground_defaults(&t->ground);

    s->wind = (world_wind){.direction = {1.0f, 0.0f}, .speed = 4.0f, .gust_scale = 25.0f, .gust_speed = 6.0f};
    world_wind_field_defaults(&s->wind);
    s->sun = (world_sun){.direction = {0.6f, 0.45f, 0.5f}, .color = {1.0f, 1.0f, 1.0f}, .intensity = 1.0f}; /* LS5: physical */
    s->sky = (world_sky){.zenith = {0.15f, 0.3f, 0.6f}, .horizon = {0.6f, 0.7f, 0.8f}, .intensity = 1.0f,
                         .turbidity = 3.0f};
    s->camera = (world_camera){.position = {0.0f, 1.6f, -20.0f}, .target = {0.0f, 0.0f, 0.0f}, .fov_y = 50.0f,
                               .above_ground = true, .near_plane = 0.1f};
    s->render.settings = (sward_render_settings){.width = 1920, .height = 1080, .seed = 1, .time = 0.0f,
                                                 .exposure = 1.0f, .white_point = 8.0f,
                                                 .tonemap = SWARD_TONEMAP_UNCHARTED2};
    world_auto_exposure_defaults(&s->render.settings.auto_exposure); /* PO4: on */
    s->render.exposure_area_count = 0;
    s->render.draw_distance = 60.0f;
    s->render.lod_distance = 12.0f;
    s->render.thin_distance = 22.0f;
    s->render.features = SW_FEAT_ALL;
    s->render.raster = WORLD_RASTER_AUTO;
    s->render.raster_threshold = WORLD_RASTER_THRESHOLD_DEFAULT;
    s->render.shadow_size = WORLD_SHADOW_SIZE_DEFAULT;
    s->render.tile_cache = (world_tile_cache){.budget_mib = WORLD_TILE_CACHE_MIB_DEFAULT,
                                              .tiles_per_frame = WORLD_TILES_PER_FRAME_DEFAULT};
}

/* ---- parse: one function per section ------------------------------------------------------------------- */

static bool min_max(const sj_ctx *c, const char *path, const float v[2])
{
    if (v[0] <= v[1]) return true;
    return sj_fail(c, path, "min must be <= max, got [%g, %g]", (double)v[0], (double)v[1]);
}

/* Resolves a path from the scene against the scene's folder into out (WORLD_PATH_MAX bytes). */
bool world_resolve_path(const sj_ctx *c, const char *field, const char *rel, const char *base_dir, char *out)
{
    int n;
    if (rel[0] == '/' || !base_dir || !base_dir[0])
        n = snprintf(out, WORLD_PATH_MAX, "%s", rel);
    else
        n = snprintf(out, WORLD_PATH_MAX, "%s%s%s", base_dir, base_dir[strlen(base_dir) - 1] == '/' ? "" : "/", rel);
    if (n < 0 || (size_t)n >= WORLD_PATH_MAX)
        return sj_fail(c, field, "the path resolved against %s is longer than %d bytes", base_dir, WORLD_PATH_MAX - 1);
    return true;
}

/* terrain.type_map / terrain.grass_height_map: {"path": "x.png"}. */
static bool parse_map(const sj_ctx *c, const cJSON *o, const char *key, const char *base_dir, char *out)
{
    static const char *const known[] = {"path"};
    const cJSON *mo;
    char p[SJ_PATH_MAX], pp[SJ_PATH_MAX];
    sj_join(p, "terrain", key);
    if (!sj_object(c, o, "terrain", key, &mo)) return false;
    if (!mo) return true;
    char rel[WORLD_PATH_MAX] = "";
    if (!SJ_CHECK_FIELDS(c, mo, p, known) || !sj_string(c, mo, p, "path", rel, sizeof rel)) return false;
    sj_join(pp, p, "path");
    if (!rel[0]) return sj_fail(c, pp, "missing required field");
    return world_resolve_path(c, pp, rel, base_dir, out);
}

static bool parse_terrain(const sj_ctx *c, const cJSON *o, const char *base_dir, world_terrain *t)
{
    static const char *const known[] = {"size", "resolution", "color", "fbm", "heightmap", "type_map",
                                        "grass_height_map", "map_resolution", "layers", "layer_threshold",
                                        "world", "stream", "ground"};
    static const char *const known_fbm[] = {"amplitude", "wavelength", "octaves", "lacunarity", "gain"};
    static const char *const known_hm[] = {"path", "min", "max"};
    if (!SJ_CHECK_FIELDS(c, o, "terrain", known)) return false;
    int64_t res = t->resolution, map_res = 0;
    const bool streamed = sj_member(o, "stream") != NULL; /* BX5: larger worlds stream (scene_stream.c) */
    if (!parse_map(c, o, "type_map", base_dir, t->type_map_path) ||
        !parse_map(c, o, "grass_height_map", base_dir, t->grass_height_path) ||
        !sj_integer(c, o, "terrain", "map_resolution",
                    RANGE(1, streamed ? WORLD_STREAM_MAP_RES_MAX : WORLD_MAP_RES_MAX), &map_res))
        return false;
    if (map_res && (t->type_map_path[0] || t->grass_height_path[0]))
        return sj_fail(c, "terrain.map_resolution",
                       "not allowed with terrain.type_map or terrain.grass_height_map (the image's width is the map "
                       "resolution)");
    t->map_res = (int)map_res;
    const cJSON *fbm, *hm;
    if (!sj_number(c, o, "terrain", "size", RANGE(WORLD_TERRAIN_SIZE_MIN, WORLD_TERRAIN_SIZE_MAX), &t->size) ||
        !sj_integer(c, o, "terrain", "resolution",
                    RANGE(WORLD_RESOLUTION_MIN, streamed ? WORLD_STREAM_RESOLUTION_MAX : WORLD_RESOLUTION_MAX), &res) ||
        !sj_numbers(c, o, "terrain", "color", 3, r_unit, t->color) ||
        !sj_object(c, o, "terrain", "fbm", &fbm) || !sj_object(c, o, "terrain", "heightmap", &hm))
        return false;
    t->resolution = (int)res;
    if (fbm && hm) return sj_fail(c, "terrain", "fbm and heightmap are exclusive; give one of them");

    if (fbm) {
        world_fbm *f = &t->fbm;
        int64_t oct = f->octaves;
        if (!SJ_CHECK_FIELDS(c, fbm, "terrain.fbm", known_fbm) ||
            !sj_number(c, fbm, "terrain.fbm", "amplitude", RANGE(0.0, LIM_HEIGHT), &f->amplitude) ||
            !sj_number(c, fbm, "terrain.fbm", "wavelength", RANGE_POS(LIM_WAVELENGTH_MIN, LIM_LENGTH), &f->wavelength) ||
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
        if (!SJ_CHECK_FIELDS(c, hm, "terrain.heightmap", known_hm) ||
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
    return world_parse_stream(c, o, base_dir, t);
}

/* The Ghost of Tsushima fields of a grass type: clumping (PL6), blades per instance and per-type distances
 * (SC6, SC5), wind model (GA4), gameplay class (PL9) and flower head. */
static bool parse_material_got(const sj_ctx *c, const cJSON *o, const char *path, world_material *m)
{
    static const char *const known_clump[] = {"size", "facing", "lean", "height_variation", "color_variation", "pull"};
    static const char *const known_head[] = {"color", "size"};
    char p[SJ_PATH_MAX], q[SJ_PATH_MAX];
    const cJSON *clump, *head;
    int64_t bpi = 0;
    char wind[16] = "", gameplay[16] = "";
    if (!sj_object(c, o, path, "clump", &clump) || !sj_object(c, o, path, "head", &head) ||
        !sj_integer(c, o, path, "blades_per_instance", RANGE(1, 2), &bpi) ||
        !sj_number(c, o, path, "lod_distance", RANGE(0.0, WORLD_DRAW_DISTANCE_MAX), &m->lod_distance) ||
        !sj_number(c, o, path, "draw_distance", RANGE_POS(WORLD_DRAW_DISTANCE_MIN, WORLD_DRAW_DISTANCE_MAX), &m->draw_distance) ||
        !sj_string(c, o, path, "wind_model", wind, sizeof wind) ||
        !sj_bool(c, o, path, "camera_tilt", &m->camera_tilt) ||
        !sj_string(c, o, path, "gameplay", gameplay, sizeof gameplay) ||
        !sj_number(c, o, path, "gameplay_height", RANGE(0.0, LIM_GAMEPLAY_HEIGHT), &m->gameplay_height))
        return false;
    m->blades_per_instance = (int)bpi;
    if (clump) {
        world_clump *k = &m->clump;
        sj_join(p, path, "clump");
        if (!SJ_CHECK_FIELDS(c, clump, p, known_clump) ||
            !sj_number(c, clump, p, "size", RANGE(0.0, LIM_CLUMP_SIZE), &k->size) ||
            !sj_number(c, clump, p, "height_variation", r_unit, &k->height_variation) ||
            !sj_number(c, clump, p, "facing", r_unit, &k->facing) ||
            !sj_number(c, clump, p, "lean", r_unit, &k->lean) ||
            !sj_number(c, clump, p, "color_variation", r_unit, &k->color_variation) ||
            !sj_number(c, clump, p, "pull", r_unit, &k->pull))
            return false;
        sj_join(q, p, "size");
        if (k->size > 0.0f && k->size < LIM_CLUMP_SIZE_MIN)
            return sj_fail(c, q, "must be 0 (no clumping) or >= %g, got %g", LIM_CLUMP_SIZE_MIN, (double)k->size);
    }
    if (head) {
        sj_join(p, path, "head");
        if (!SJ_CHECK_FIELDS(c, head, p, known_head) || !sj_numbers(c, head, p, "color", 3, r_unit, m->head_color) ||
            !sj_number(c, head, p, "size", RANGE(0.0, WORLD_BLADE_HEIGHT_MAX), &m->head_size))
            return false;
        if (!sj_member(head, "size")) m->head_size = 0.05f;
    }
    if (wind[0]) {
        sj_join(p, path, "wind_model");
        if (!strcmp(wind, "got")) m->wind_model = WORLD_WIND_GOT;
        else if (!strcmp(wind, "hzd")) m->wind_model = WORLD_WIND_HZD;
        else if (!strcmp(wind, "frictional")) m->wind_model = WORLD_WIND_FRICTIONAL;
        else return sj_fail(c, p, "must be \"got\", \"hzd\" or \"frictional\", got \"%s\"", wind);
    }
    /* GA8: HZD's camera tilt is its wind model's by default, any type's on request */
    if (!sj_member(o, "camera_tilt")) m->camera_tilt = m->wind_model == WORLD_WIND_HZD;
    if (gameplay[0]) {
        sj_join(p, path, "gameplay");
        if (!strcmp(gameplay, "stealth")) m->stealth = true;
        else if (!strcmp(gameplay, "decorative")) m->stealth = false;
        else return sj_fail(c, p, "must be \"stealth\" or \"decorative\", got \"%s\"", gameplay);
    }
    if (!m->stealth && sj_member(o, "gameplay_height")) {
        sj_join(p, path, "gameplay_height");
        return sj_fail(c, p, "only allowed with \"gameplay\": \"stealth\" (decorative grass gives no cover)");
    }
    return true;
}

static bool parse_material(const sj_ctx *c, const cJSON *o, const char *path, world_material *m)
{
    static const char *const known[] = {"name",         "density",       "height",     "width",
                                        "root_color",   "tip_color",     "stiffness",  "bend",
                                        "translucency", "patches",       "clump",      "blades_per_instance",
                                        "lod_distance", "draw_distance", "wind_model", "gameplay",
                                        "gameplay_height", "head",       "base_density", "roughness",
                                        "camera_tilt",  "ground",        "canopy"};
    static const char *const known_patches[] = {"scale", "coverage"};
    char p[SJ_PATH_MAX];
    const cJSON *patches;
    if (!cJSON_IsObject(o)) return sj_fail(c, path, "expected an object, got %s", sj_type_name(o));
    if (!SJ_CHECK_FIELDS(c, o, path, known) || !parse_material_got(c, o, path, m) || !sj_string(c, o, path, "name", m->name, sizeof m->name) ||
        !sj_number(c, o, path, "density", RANGE_POS(WORLD_DENSITY_MIN, WORLD_DENSITY_MAX), &m->density) ||
        !sj_numbers(c, o, path, "height", 2, RANGE_POS(WORLD_BLADE_HEIGHT_MIN, WORLD_BLADE_HEIGHT_MAX), m->height) ||
        !sj_numbers(c, o, path, "width", 2, RANGE_POS(WORLD_BLADE_WIDTH_MIN, WORLD_BLADE_WIDTH_MAX), m->width) ||
        !sj_numbers(c, o, path, "root_color", 3, r_unit, m->root_color) ||
        !sj_numbers(c, o, path, "tip_color", 3, r_unit, m->tip_color) ||
        !sj_number(c, o, path, "stiffness", r_unit, &m->stiffness) ||
        !sj_number(c, o, path, "bend", r_unit, &m->bend) ||
        !sj_number(c, o, path, "translucency", r_unit, &m->translucency) ||
        !sj_number(c, o, path, "roughness", RANGE(WORLD_ROUGHNESS_MIN, 1.0), &m->roughness) ||
        !sj_object(c, o, path, "patches", &patches))
        return false;
    if (m->roughness < 0.0f) m->roughness = 0.58f - 0.12f * m->translucency; /* SH5: HZD's, by the translucency */
    sj_join(p, path, "height");
    if (!min_max(c, p, m->height)) return false;
    sj_join(p, path, "width");
    if (!min_max(c, p, m->width)) return false;
    if (patches) {
        sj_join(p, path, "patches");
        m->patch_scale = 30.0f;
        m->patch_coverage = 0.5f;
        if (!SJ_CHECK_FIELDS(c, patches, p, known_patches) ||
            !sj_number(c, patches, p, "scale", RANGE(0.1, LIM_LENGTH), &m->patch_scale) ||
            !sj_number(c, patches, p, "coverage", RANGE_POS(LIM_COVERAGE_MIN, 1.0), &m->patch_coverage))
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

/* GA3: wind.field.<category>: one spring's frequency, damping ratio and gain. The field simulates each
 * spring over a window of the slowest one's settling time (src/wind/field.c), which must stay bounded. */
static bool parse_spring(const sj_ctx *c, const cJSON *o, const char *path, world_spring *sp)
{
    static const char *const known[] = {"frequency", "damping", "gain"};
    if (!SJ_CHECK_FIELDS(c, o, path, known) ||
        !sj_number(c, o, path, "frequency", RANGE_POS(LIM_SPRING_FREQUENCY_MIN, LIM_SPRING_FREQUENCY), &sp->frequency) ||
        !sj_number(c, o, path, "damping", RANGE(LIM_SPRING_DAMPING_MIN, 1.0), &sp->damping) ||
        !sj_number(c, o, path, "gain", RANGE(0.0, LIM_SPRING_GAIN), &sp->gain))
        return false;
    if ((double)sp->damping * (double)sp->frequency < LIM_SPRING_SETTLE)
        return sj_fail(c, path,
                       "damping x frequency must be >= %g (the spring must settle within the wind field's window), "
                       "got %g x %g = %g",
                       LIM_SPRING_SETTLE, (double)sp->damping, (double)sp->frequency,
                       (double)sp->damping * (double)sp->frequency);
    return true;
}

static bool parse_wind_field(const sj_ctx *c, const cJSON *o, world_wind *w)
{
    static const char *const known[] = {"trees", "plants", "grass", "special"};
    if (!SJ_CHECK_FIELDS(c, o, "wind.field", known)) return false;
    for (int k = 0; k < WORLD_WIND_CATEGORIES; k++) {
        const cJSON *sp;
        char p[SJ_PATH_MAX];
        sj_join(p, "wind.field", known[k]);
        if (!sj_object(c, o, "wind.field", known[k], &sp)) return false;
        if (sp && !parse_spring(c, sp, p, &w->field[k])) return false;
    }
    return true;
}

static bool parse_wind(const sj_ctx *c, const cJSON *o, world_wind *w)
{
    static const char *const known[] = {"direction", "speed", "gust_scale", "gust_speed", "field"};
    const cJSON *field;
    return SJ_CHECK_FIELDS(c, o, "wind", known) &&
           sj_direction(c, o, "wind", "direction", 2, RANGE(-LIM_DIRECTION, LIM_DIRECTION), w->direction) &&
           sj_number(c, o, "wind", "speed", RANGE(0.0, LIM_SPEED), &w->speed) &&
           sj_number(c, o, "wind", "gust_scale", RANGE(0.1, LIM_LENGTH), &w->gust_scale) &&
           sj_number(c, o, "wind", "gust_speed", RANGE(0.0, LIM_SPEED), &w->gust_speed) &&
           sj_object(c, o, "wind", "field", &field) && (!field || parse_wind_field(c, field, w));
}

/* sun.elevation and sun.azimuth (degrees) as an alternative to sun.direction: azimuth 0 looks towards +z, 90
 * towards +x (clockwise seen from above, like a compass with +z north and +x east). */
static bool parse_sun(const sj_ctx *c, const cJSON *o, world_sun *sun)
{
    static const char *const known[] = {"direction", "color", "intensity", "elevation", "azimuth"};
    float elevation = 0.0f, azimuth = 0.0f;
    if (!SJ_CHECK_FIELDS(c, o, "sun", known) ||
        !sj_direction(c, o, "sun", "direction", 3, RANGE(-LIM_DIRECTION, LIM_DIRECTION), sun->direction) ||
        !sj_numbers(c, o, "sun", "color", 3, RANGE(0.0, LIM_RADIANCE), sun->color) ||
        !sj_number(c, o, "sun", "intensity", RANGE(0.0, LIM_INTENSITY), &sun->intensity) ||
        !sj_number(c, o, "sun", "elevation", RANGE(-90.0, 90.0), &elevation) ||
        !sj_number(c, o, "sun", "azimuth", RANGE(-LIM_AZIMUTH, LIM_AZIMUTH), &azimuth))
        return false;
    bool has_el = sj_member(o, "elevation") != NULL, has_az = sj_member(o, "azimuth") != NULL;
    if (!has_el && !has_az) return true;
    if (sj_member(o, "direction"))
        return sj_fail(c, has_el ? "sun.elevation" : "sun.azimuth",
                       "not allowed with sun.direction; give either sun.direction or sun.elevation and sun.azimuth (an "
                       "override sun.direction=null removes sun.direction)");
    if (!has_el) return sj_fail(c, "sun.elevation", "missing required field (sun.azimuth is given)");
    if (!has_az) return sj_fail(c, "sun.azimuth", "missing required field (sun.elevation is given)");
    double el = (double)elevation * (PI_D / 180.0), az = (double)azimuth * (PI_D / 180.0);
    sun->direction[0] = (float)(cos(el) * sin(az));
    sun->direction[1] = (float)sin(el);
    sun->direction[2] = (float)(cos(el) * cos(az));
    return true;
}

static bool parse_sky(const sj_ctx *c, const cJSON *o, world_sky *sky)
{
    static const char *const known[] = {"zenith", "horizon", "intensity", "turbidity"};
    return SJ_CHECK_FIELDS(c, o, "sky", known) &&
           sj_numbers(c, o, "sky", "zenith", 3, RANGE(0.0, LIM_RADIANCE), sky->zenith) &&
           sj_numbers(c, o, "sky", "horizon", 3, RANGE(0.0, LIM_RADIANCE), sky->horizon) &&
           sj_number(c, o, "sky", "intensity", RANGE(0.0, LIM_INTENSITY), &sky->intensity) &&
           sj_number(c, o, "sky", "turbidity", RANGE(1.7, 10.0), &sky->turbidity);
}

static bool parse_camera(const sj_ctx *c, const cJSON *o, world_camera *cam)
{
    static const char *const known[] = {"position", "target", "fov", "above_ground", "near"};
    return SJ_CHECK_FIELDS(c, o, "camera", known) &&
           sj_numbers(c, o, "camera", "position", 3, RANGE(-LIM_COORD, LIM_COORD), cam->position) &&
           sj_numbers(c, o, "camera", "target", 3, RANGE(-LIM_COORD, LIM_COORD), cam->target) &&
           sj_number(c, o, "camera", "fov", RANGE(1.0, 170.0), &cam->fov_y) &&
           sj_bool(c, o, "camera", "above_ground", &cam->above_ground) &&
           sj_number(c, o, "camera", "near", RANGE_POS(LIM_NEAR_MIN, LIM_NEAR), &cam->near_plane);
}

/* render.features: {"shadows": false, ...}, one boolean per SW_FEAT_* bit, every one true by default. */
static const struct {
    const char *name;
    uint32_t bit;
} feature_names[] = {
    {"depth_prime", SW_FEAT_DEPTH_PRIME}, {"shadows", SW_FEAT_SHADOWS},   {"contact_shadows", SW_FEAT_CONTACT_SHADOWS},
    {"translucency", SW_FEAT_TRANSLUCENCY}, {"specular", SW_FEAT_SPECULAR}, {"taa", SW_FEAT_TAA},
    {"bloom", SW_FEAT_BLOOM},             {"sky", SW_FEAT_SKY},
};
#define FEATURE_COUNT (sizeof feature_names / sizeof feature_names[0])

static bool parse_features(const sj_ctx *c, const cJSON *render, uint32_t *features)
{
    const cJSON *o;
    if (!sj_object(c, render, "render", "features", &o)) return false;
    if (!o) return true;
    const char *known[FEATURE_COUNT];
    for (size_t i = 0; i < FEATURE_COUNT; i++) known[i] = feature_names[i].name;
    if (!SJ_CHECK_FIELDS(c, o, "render.features", known)) return false;
    for (size_t i = 0; i < FEATURE_COUNT; i++) {
        bool on = (*features & feature_names[i].bit) != 0;
        if (!sj_bool(c, o, "render.features", feature_names[i].name, &on)) return false;
        *features = on ? *features | feature_names[i].bit : *features & ~feature_names[i].bit;
    }
    return true;
}

static bool parse_render(const sj_ctx *c, const cJSON *o, world_render *r)
{
    static const char *const known[] = {"width",         "height",       "seed",     "time",   "exposure",
                                        "white_point",   "draw_distance", "lod_distance", "thin_distance", "features", "raster",
                                        "raster_threshold", "tile_cache", "tonemap", "auto_exposure",
                                        "shadow_size"};
    sward_render_settings *rs = &r->settings;
    int64_t w = rs->width, h = rs->height, seed = rs->seed, shadow_size = r->shadow_size;
    char raster[16] = "", tonemap[16] = "";
    if (!SJ_CHECK_FIELDS(c, o, "render", known) || !parse_features(c, o, &r->features) ||
        !sj_string(c, o, "render", "tonemap", tonemap, sizeof tonemap) ||
        !scene_parse_tile_cache(c, o, &r->tile_cache) ||
        !sj_string(c, o, "render", "raster", raster, sizeof raster) ||
        !sj_number(c, o, "render", "raster_threshold", RANGE_POS(LIM_RASTER_THRESHOLD_MIN, LIM_RASTER_THRESHOLD),
                   &r->raster_threshold) ||
        !sj_integer(c, o, "render", "width", RANGE(1, WORLD_IMAGE_SIZE_MAX), &w) ||
        !sj_integer(c, o, "render", "height", RANGE(1, WORLD_IMAGE_SIZE_MAX), &h) ||
        !sj_integer(c, o, "render", "seed", RANGE(0, 4294967295.0), &seed) ||
        !sj_integer(c, o, "render", "shadow_size", RANGE(WORLD_SHADOW_SIZE_MIN, WORLD_SHADOW_SIZE_MAX), &shadow_size) ||
        !sj_number(c, o, "render", "time", RANGE(-LIM_TIME, LIM_TIME), &rs->time) ||
        !world_parse_exposure(c, o, r) ||
        !sj_number(c, o, "render", "white_point", RANGE_POS(LIM_WHITE_POINT_MIN, LIM_INTENSITY), &rs->white_point) ||
        !sj_number(c, o, "render", "draw_distance", RANGE_POS(WORLD_DRAW_DISTANCE_MIN, WORLD_DRAW_DISTANCE_MAX),
                   &r->draw_distance) ||
        !sj_number(c, o, "render", "lod_distance", RANGE(0.0, WORLD_DRAW_DISTANCE_MAX), &r->lod_distance) ||
        !sj_number(c, o, "render", "thin_distance", RANGE_POS(WORLD_DRAW_DISTANCE_MIN, WORLD_DRAW_DISTANCE_MAX),
                   &r->thin_distance))
        return false;
    rs->width = (uint32_t)w;
    rs->height = (uint32_t)h;
    rs->seed = (uint32_t)seed;
    if (shadow_size & (shadow_size - 1))
        return sj_fail(c, "render.shadow_size", "must be a power of two (128, 256, 512, 1024 or 2048), got %lld",
                       (long long)shadow_size);
    r->shadow_size = (uint32_t)shadow_size;
    if (raster[0]) {
        if (!strcmp(raster, "auto")) r->raster = WORLD_RASTER_AUTO;
        else if (!strcmp(raster, "hardware")) r->raster = WORLD_RASTER_HARDWARE;
        else if (!strcmp(raster, "compute")) r->raster = WORLD_RASTER_COMPUTE;
        else return sj_fail(c, "render.raster", "must be \"auto\", \"hardware\" or \"compute\", got \"%s\"", raster);
    }
    if (tonemap[0]) {
        if (!strcmp(tonemap, "uncharted2")) rs->tonemap = SWARD_TONEMAP_UNCHARTED2;
        else if (!strcmp(tonemap, "reinhard")) rs->tonemap = SWARD_TONEMAP_REINHARD;
        else return sj_fail(c, "render.tonemap", "must be \"uncharted2\" or \"reinhard\", got \"%s\"", tonemap);
    }
    return true;
}

/* GA5 force fields: [{radius, strength, phase, frequency, path: [[t, x, z], ...], loop}]. */
static bool parse_forces(const sj_ctx *c, const cJSON *root, sward_scene *s)
{
    static const char *const known[] = {"radius", "strength", "phase", "frequency", "path", "loop"};
    const cJSON *a = sj_member(root, "force_fields");
    if (!a) return true;
    if (!cJSON_IsArray(a)) return sj_fail(c, "force_fields", "expected an array, got %s", sj_type_name(a));
    int n = 0;
    for (const cJSON *e = a->child; e; e = e->next) n++;
    if (n > WORLD_MAX_FORCES) return sj_fail(c, "force_fields", "must have at most %d fields, got %d", WORLD_MAX_FORCES, n);
    int i = 0;
    for (const cJSON *e = a->child; e; e = e->next, i++) {
        char p[SJ_PATH_MAX], pp[SJ_PATH_MAX];
        snprintf(p, sizeof p, "force_fields[%d]", i);
        world_force *f = &s->forces[i];
        *f = (world_force){.radius = 1.5f, .strength = 0.3f, .phase = 0.0f, .frequency = 1.0f, .loop = false};
        if (!cJSON_IsObject(e)) return sj_fail(c, p, "expected an object, got %s", sj_type_name(e));
        if (!SJ_CHECK_FIELDS(c, e, p, known) ||
            !sj_number(c, e, p, "radius", RANGE_POS(LIM_FORCE_RADIUS_MIN, LIM_FORCE_RADIUS), &f->radius) ||
            !sj_number(c, e, p, "strength", RANGE(-LIM_FORCE_STRENGTH, LIM_FORCE_STRENGTH), &f->strength) ||
            !sj_number(c, e, p, "phase", RANGE(-1000.0, 1000.0), &f->phase) ||
            !sj_number(c, e, p, "frequency", RANGE(0.0, LIM_FORCE_FREQUENCY), &f->frequency) ||
            !sj_bool(c, e, p, "loop", &f->loop))
            return false;
        sj_join(pp, p, "path");
        const cJSON *path = sj_member(e, "path");
        if (!path) return sj_fail(c, pp, "missing required field (an array of 1 to %d [t, x, z] keys)", WORLD_MAX_FORCE_KEYS);
        if (!cJSON_IsArray(path)) return sj_fail(c, pp, "expected an array, got %s", sj_type_name(path));
        int k = 0;
        for (const cJSON *key = path->child; key; key = key->next) k++;
        if (k < 1 || k > WORLD_MAX_FORCE_KEYS)
            return sj_fail(c, pp, "must have 1 to %d [t, x, z] keys, got %d", WORLD_MAX_FORCE_KEYS, k);
        k = 0;
        for (const cJSON *key = path->child; key; key = key->next, k++) {
            char kp[SJ_PATH_MAX + 16];
            snprintf(kp, sizeof kp, "%s[%d]", pp, k);
            int m = 0;
            if (cJSON_IsArray(key))
                for (const cJSON *v = key->child; v; v = v->next) m++;
            if (!cJSON_IsArray(key) || m != 3)
                return sj_fail(c, kp, "expected [t, x, z] (time s, x m, z m), got %s",
                               cJSON_IsArray(key) ? "an array of another length" : sj_type_name(key));
            int q = 0;
            for (const cJSON *v = key->child; v; v = v->next, q++) {
                char vp[SJ_PATH_MAX + 32];
                snprintf(vp, sizeof vp, "%s[%d]", kp, q);
                if (!cJSON_IsNumber(v)) return sj_fail(c, vp, "expected a number, got %s", sj_type_name(v));
                double lim = q == 0 ? LIM_TIME : LIM_COORD;
                if (!sj_check_range(c, vp, v->valuedouble, RANGE(-lim, lim))) return false;
                f->keys[k][q] = (float)v->valuedouble;
            }
            if (k > 0 && !(f->keys[k][0] > f->keys[k - 1][0]))
                return sj_fail(c, kp, "times must increase: %g after %g", (double)f->keys[k][0],
                               (double)f->keys[k - 1][0]);
        }
        f->key_count = k;
    }
    s->force_count = n;
    return true;
}

bool world_scene_parse(const sj_ctx *c, const cJSON *root, const char *base_dir, sward_scene *s)
{
    /* "$schema": the JSON Schema an editor should use (docs/scene.schema.json); any string, otherwise ignored */
    static const char *const known[] = {"terrain", "grass",  "wind",         "sun",    "sky",
                                        "camera",  "render", "force_fields", "assets", "areas",
                                        "flight",  "exposure_areas", "$schema"};
    if (!cJSON_IsObject(root))
        return sj_fail(c, "", "expected a JSON object at the top level, got %s", sj_type_name(root));
    if (!SJ_CHECK_FIELDS(c, root, "", known)) return false;
    const cJSON *schema = sj_member(root, "$schema");
    if (schema && !cJSON_IsString(schema))
        return sj_fail(c, "$schema", "expected a string, got %s", sj_type_name(schema));
    const cJSON *terrain, *wind, *sun, *sky, *camera, *render;
    if (!sj_object(c, root, "", "terrain", &terrain) || !sj_object(c, root, "", "wind", &wind) ||
        !sj_object(c, root, "", "sun", &sun) || !sj_object(c, root, "", "sky", &sky) ||
        !sj_object(c, root, "", "camera", &camera) || !sj_object(c, root, "", "render", &render))
        return false;
    return (!terrain || parse_terrain(c, terrain, base_dir, &s->terrain)) && parse_grass(c, root, s) &&
           world_parse_ground(c, root, s) &&
           (!wind || parse_wind(c, wind, &s->wind)) && (!sun || parse_sun(c, sun, &s->sun)) &&
           (!sky || parse_sky(c, sky, &s->sky)) && (!camera || parse_camera(c, camera, &s->camera)) &&
           (!render || parse_render(c, render, &s->render)) && parse_forces(c, root, s) &&
           world_parse_assets(c, root, base_dir, s) && world_parse_areas(c, root, base_dir, s) &&
           world_parse_canopy(c, root, s) &&
           world_parse_flight(c, root, s) && world_parse_exposure_areas(c, root, &s->render);
}

/* ---- validate: rules between fields -------------------------------------------------------------------- */

/* In double: for any float vector that is not all zeros (sj_direction), the length is finite and nonzero
 * (even 1.4e-45 squares to 2e-90) and the normalised components are floats of length 1. */
static bool normalise(const sj_ctx *c, const char *path, float *v, int n)
{
    double len2 = 0.0;
    for (int i = 0; i < n; i++) len2 += (double)v[i] * (double)v[i];
    if (!(len2 > 0.0)) return sj_fail(c, path, "must not be zero");
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

bool world_scene_validate(const sj_ctx *c, sward_scene *s)
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

    if (s->terrain.map_res == 0) {
        int mr = s->terrain.resolution - 1, cap = s->terrain.streamed ? WORLD_STREAM_MAP_RES_MAX : WORLD_MAP_RES_DEFAULT_MAX;
        s->terrain.map_res = mr < 1 ? 1 : (mr > cap ? cap : mr);
    }
    for (int i = 0; i < s->material_count; i++) {
        world_material *m = &s->materials[i];
        char p[SJ_PATH_MAX];
        if (m->blades_per_instance == 0) m->blades_per_instance = m->height[1] <= 0.3f ? 2 : 1;
        if (m->gameplay_height < 0.0f) m->gameplay_height = m->stealth ? m->height[1] : 0.0f;
        if (m->draw_distance < 0.0f) m->draw_distance = r->draw_distance;
        if (m->lod_distance < 0.0f) m->lod_distance = fminf(r->lod_distance, m->draw_distance);
        snprintf(p, sizeof p, "grass[%d].draw_distance", i);
        if (m->draw_distance > r->draw_distance)
            return sj_fail(c, p, "must be <= render.draw_distance (%g), got %g", (double)r->draw_distance,
                           (double)m->draw_distance);
        snprintf(p, sizeof p, "grass[%d].lod_distance", i);
        if (m->lod_distance > m->draw_distance)
            return sj_fail(c, p, "must be <= the type's draw_distance (%g), got %g", (double)m->draw_distance,
                           (double)m->lod_distance);
    }

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
    /* Budgets, before the terrain or the maps cost anything; an image's size counts once it is read. */
    const world_terrain *t = &s->terrain;
    int hres = t->from_image || t->streamed ? 0 : t->resolution; /* streamed: windows, checked when opened */
    int mres = t->type_map_path[0] || t->grass_height_path[0] || t->streamed ? 0 : t->map_res;
    if (!world_validate_stream(c, s)) return false;
    return world_check_budget(s, hres, mres, r->settings.width, r->settings.height, c->err) == SWARD_OK;
}

/* After the terrain is built: the eye (above_ground resolved) must differ from the target, and the view
 * must not be vertical, where the camera's up vector is undefined. */
bool world_scene_validate_camera(const sj_ctx *c, const sward_scene *s)
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

/* ---- render settings set through the API (the CLI's --width, --height, ...): the file's rules ---- */

sward_result sward_scene_set_render_settings(sward_scene *scene, const sward_render_settings *s, sward_error *err)
{
    if (!scene || !s)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_scene_set_render_settings: NULL argument");
    sj_ctx c = {.name = scene->name[0] ? scene->name : "<scene>", .err = err};
    if (!sj_check_range(&c, "render.width", (double)s->width, RANGE(1, WORLD_IMAGE_SIZE_MAX)) ||
        !sj_check_range(&c, "render.height", (double)s->height, RANGE(1, WORLD_IMAGE_SIZE_MAX)) ||
        !sj_check_float(&c, "render.time", s->time, RANGE(-LIM_TIME, LIM_TIME)) ||
        !sj_check_float(&c, "render.exposure", s->exposure, RANGE_POS(LIM_EXPOSURE_MIN, LIM_INTENSITY)) ||
        !sj_check_float(&c, "render.white_point", s->white_point, RANGE_POS(LIM_WHITE_POINT_MIN, LIM_INTENSITY)) ||
        (s->auto_exposure.enabled && !world_check_auto_exposure(&c, &s->auto_exposure)))
        return SWARD_ERROR_INVALID_INPUT;
    if (s->tonemap != SWARD_TONEMAP_UNCHARTED2 && s->tonemap != SWARD_TONEMAP_REINHARD)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: render.tonemap: must be SWARD_TONEMAP_UNCHARTED2 or "
                         "SWARD_TONEMAP_REINHARD, got %d", c.name, (int)s->tonemap);
    /* The new size against the scene's memory budget, with what the scene holds. */
    const world_terrain *t = &scene->terrain;
    sward_result r = world_check_budget(scene, t->heights ? t->resolution : 0, t->types ? t->map_res : 0, s->width,
                                        s->height, err);
    if (r != SWARD_OK) return r;
    scene->render.settings = *s;
    return SWARD_OK;
}
