/* scene_flight.c — the scene's "flight": a camera path for the world-scale benchmark (SPEC BX5;
 * docs/scene-format.md "flight"). Keys of eye and target over time, linear between keys; a key with "cut" is a
 * teleport: the camera holds the previous key until the cut's time and then jumps to it. Parsed and checked
 * field by field with its path like the rest of the loader; after the terrain is built every frame's view is
 * checked (eye != target, not vertical, not under the ground), so the renderer never gets a degenerate camera. */
#include "world/world.h"

#include "core/core.h"
#include "world/scene_json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define RANGE(lo, hi) ((sj_range){(lo), (hi), false, false, 0.0})
#define LIM_COORD 1.0e6 /* m, as camera.position */
#define LIM_TIME 1.0e5  /* s, as render.time */
#define LIM_FPS 240.0

static bool parse_key(const sj_ctx *c, const cJSON *e, const char *p, bool above_ground, world_flight_key *k)
{
    static const char *const known[] = {"time", "eye", "target", "cut"};
    static const char *const required[] = {"time", "eye", "target"};
    if (!cJSON_IsObject(e)) return sj_fail(c, p, "expected an object {time, eye, target, cut}, got %s", sj_type_name(e));
    if (!SJ_CHECK_FIELDS(c, e, p, known)) return false;
    for (int i = 0; i < 3; i++)
        if (!sj_member(e, required[i])) {
            char fp[SJ_PATH_MAX];
            sj_join(fp, p, required[i]);
            return sj_fail(c, fp, "missing required field");
        }
    if (!sj_number(c, e, p, "time", RANGE(0.0, LIM_TIME), &k->time) ||
        !sj_numbers(c, e, p, "eye", 3, RANGE(-LIM_COORD, LIM_COORD), k->eye) ||
        !sj_numbers(c, e, p, "target", 3, RANGE(-LIM_COORD, LIM_COORD), k->target) || !sj_bool(c, e, p, "cut", &k->cut))
        return false;
    if (above_ground && k->eye[1] < 0.0f) {
        char fp[SJ_PATH_MAX + 8];
        snprintf(fp, sizeof fp, "%s.eye[1]", p);
        return sj_fail(c, fp, "must be >= 0 with flight.above_ground (it is the height above the terrain), got %g",
                       (double)k->eye[1]);
    }
    return true;
}

bool world_parse_flight(const sj_ctx *c, const cJSON *root, sward_scene *s)
{
    static const char *const known[] = {"fps", "keys", "above_ground"};
    world_flight *f = &s->flight;
    memset(f, 0, sizeof *f);
    const cJSON *o;
    if (!sj_object(c, root, "", "flight", &o)) return false;
    if (!o) return true;
    f->fps = 30.0f;
    f->above_ground = true;
    if (!SJ_CHECK_FIELDS(c, o, "flight", known) ||
        !sj_number(c, o, "flight", "fps", (sj_range){0.0, LIM_FPS, true, false, 0.001}, &f->fps) ||
        !sj_bool(c, o, "flight", "above_ground", &f->above_ground))
        return false;
    const cJSON *a = sj_member(o, "keys");
    if (!a) return sj_fail(c, "flight.keys", "missing required field (an array of 2 to %d keys)", WORLD_MAX_FLIGHT_KEYS);
    if (!cJSON_IsArray(a)) return sj_fail(c, "flight.keys", "expected an array, got %s", sj_type_name(a));
    int n = 0;
    for (const cJSON *e = a->child; e; e = e->next) n++;
    if (n < 2 || n > WORLD_MAX_FLIGHT_KEYS)
        return sj_fail(c, "flight.keys", "must have 2 to %d keys, got %d", WORLD_MAX_FLIGHT_KEYS, n);
    int i = 0;
    for (const cJSON *e = a->child; e; e = e->next, i++) {
        char p[SJ_PATH_MAX], fp[SJ_PATH_MAX];
        snprintf(p, sizeof p, "flight.keys[%d]", i);
        world_flight_key *k = &f->keys[i];
        if (!parse_key(c, e, p, f->above_ground, k)) return false;
        if (i == 0 && k->cut) {
            sj_join(fp, p, "cut");
            return sj_fail(c, fp, "the first key cannot be a cut (there is no shot before it to cut from)");
        }
        if (i > 0 && !(k->time > f->keys[i - 1].time)) {
            sj_join(fp, p, "time");
            return sj_fail(c, fp, "times must increase: %g after %g", (double)k->time, (double)f->keys[i - 1].time);
        }
    }
    f->key_count = n;
    double frames = floor((double)f->keys[n - 1].time * (double)f->fps + 0.5);
    if (frames < 1.0 || frames > (double)WORLD_MAX_FLIGHT_FRAMES) {
        char fp[SJ_PATH_MAX];
        snprintf(fp, sizeof fp, "flight.keys[%d].time", n - 1);
        return sj_fail(c, fp,
                       "the flight's length (the last key's time, %g s) x flight.fps (%g) gives %.0f frames, must be "
                       "1 to %d",
                       (double)f->keys[n - 1].time, (double)f->fps, frames, WORLD_MAX_FLIGHT_FRAMES);
    }
    f->frames = (uint32_t)frames;
    return true;
}

/* The key whose segment holds t: keys[i].time <= t < keys[i + 1].time (0 before the first key, the last one
 * from its time on). */
static int segment(const world_flight *f, double t)
{
    int i = 0;
    while (i + 1 < f->key_count && (double)f->keys[i + 1].time <= t) i++;
    return i;
}

void world_flight_camera(const sward_scene *scene, double t, float eye[3], float target[3])
{
    const world_flight *f = &scene->flight;
    int i = segment(f, t);
    const world_flight_key *a = &f->keys[i];
    double u = 0.0;
    if (i + 1 < f->key_count && t > (double)a->time) {
        const world_flight_key *b = &f->keys[i + 1];
        /* a cut: the shot before it holds its last key (no interpolation into the teleport) */
        if (!b->cut) u = (t - (double)a->time) / ((double)b->time - (double)a->time);
    }
    const world_flight_key *b = i + 1 < f->key_count ? &f->keys[i + 1] : a;
    for (int d = 0; d < 3; d++) {
        eye[d] = (float)((double)a->eye[d] + ((double)b->eye[d] - (double)a->eye[d]) * u);
        target[d] = (float)((double)a->target[d] + ((double)b->target[d] - (double)a->target[d]) * u);
    }
    if (f->above_ground && scene->terrain.heights) {
        eye[1] += world_terrain_height(&scene->terrain, eye[0], eye[2]);
        target[1] += world_terrain_height(&scene->terrain, target[0], target[2]);
    }
}

bool world_flight_cut_between(const world_flight *f, double t_prev, double t)
{
    for (int i = 1; i < f->key_count; i++)
        if (f->keys[i].cut && (double)f->keys[i].time > t_prev && (double)f->keys[i].time <= t) return true;
    return false;
}

bool world_flight_validate(const sj_ctx *c, const sward_scene *s)
{
    const world_flight *f = &s->flight;
    const world_terrain *t = &s->terrain;
    float half = 0.5f * t->size;
    for (uint32_t k = 0; k < f->frames; k++) {
        double tk = (double)k / (double)f->fps;
        float eye[3], target[3];
        world_flight_camera(s, tk, eye, target);
        char p[SJ_PATH_MAX];
        snprintf(p, sizeof p, "flight.keys[%d]", segment(f, tk));
        double d[3], len2 = 0.0;
        for (int i = 0; i < 3; i++) {
            d[i] = (double)target[i] - (double)eye[i];
            len2 += d[i] * d[i];
        }
        if (!(len2 > 1e-8))
            return sj_fail(c, p, "at frame %u (t = %g s) the target is the eye (%g, %g, %g)", (unsigned)k, tk,
                           (double)eye[0], (double)eye[1], (double)eye[2]);
        if (!(d[0] * d[0] + d[2] * d[2] > 1e-6 * len2))
            return sj_fail(c, p, "at frame %u (t = %g s) the target is straight above or below the eye", (unsigned)k,
                           tk);
        if (!f->above_ground && fabsf(eye[0]) <= half && fabsf(eye[2]) <= half) {
            float ground = world_terrain_height(t, eye[0], eye[2]);
            if (eye[1] < ground)
                return sj_fail(c, p,
                               "at frame %u (t = %g s) the eye is below the terrain: y = %g, the ground at (%g, %g) "
                               "is at %g m; raise it, or set flight.above_ground",
                               (unsigned)k, tk, (double)eye[1], (double)eye[0], (double)eye[2], (double)ground);
        }
    }
    return true;
}

/* ---- the public API (sward.h) ---- */

sward_flight sward_scene_flight(const sward_scene *scene)
{
    sward_flight out;
    memset(&out, 0, sizeof out);
    if (!scene || scene->flight.key_count == 0) return out;
    const world_flight *f = &scene->flight;
    out.frames = f->frames;
    out.fps = f->fps;
    out.length = f->keys[f->key_count - 1].time;
    out.keys = (uint32_t)f->key_count;
    for (int i = 1; i < f->key_count; i++) out.cuts += f->keys[i].cut ? 1u : 0u;
    return out;
}

sward_result sward_scene_flight_frame(const sward_scene *scene, uint32_t frame, sward_flight_frame *out,
                                      sward_error *err)
{
    if (!scene || !out) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_scene_flight_frame: NULL argument");
    const world_flight *f = &scene->flight;
    if (f->key_count == 0)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: the scene has no flight", scene->name);
    if (frame >= f->frames)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: flight frame %u does not exist (the flight has %u)",
                         scene->name, (unsigned)frame, (unsigned)f->frames);
    memset(out, 0, sizeof *out);
    double t = (double)frame / (double)f->fps;
    out->time = (float)t;
    world_flight_camera(scene, t, out->eye, out->target);
    out->cut = frame > 0 && world_flight_cut_between(f, (double)(frame - 1) / (double)f->fps, t);
    return SWARD_OK;
}
