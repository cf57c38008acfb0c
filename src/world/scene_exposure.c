/* scene_exposure.c — the scene's exposure (SPEC PO2, PO4; Frictional "Exposure"; docs/scene-format.md):
 * render.exposure, a number (the manual exposure, a linear multiplier) or "auto" (the default: adapted to the
 * frame's luminance, shaders/shared/sw_exposure.h); render.auto_exposure, the meter's and the adaptation's
 * settings; and the top-level "exposure_areas", boxes of the world that bias the exposure by EV stops (the
 * manual one and the auto one's target alike). Every problem is reported with its field path; nothing is
 * clamped. */
#include "world/world.h"

#include "world/scene_json.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define RANGE(lo, hi) ((sj_range){(lo), (hi), false, false, 0.0})
#define RANGE_POS(least, hi) ((sj_range){0.0, (hi), true, false, (least)})
#define RANGE_INIT(lo, hi) {(lo), (hi), false, false, 0.0} /* the same, in a static table's initializer */
#define RANGE_POS_INIT(least, hi) {0.0, (hi), true, false, (least)}
#define LIM_EXPOSURE_MIN 1e-6 /* render.exposure (manual) */
#define LIM_EXPOSURE_MAX 1e6
#define LIM_EV 30.0           /* |EV| of the clamps, the compensation and an area's bias */
#define LIM_KEY 1000.0
#define LIM_SPEED 1000.0      /* 1/s */
#define LIM_COORD 1.0e6       /* m */

void world_auto_exposure_defaults(sward_auto_exposure *a)
{
    *a = (sward_auto_exposure){.enabled = true, .key = 0.36f, .compensation = 0.0f, .min_ev = -4.0f, .max_ev = 6.0f,
                               .speed_up = 1.5f, .speed_down = 3.0f, .low_percent = 30.0f, .high_percent = 85.0f};
}

/* render.auto_exposure's numbers: each one's name, range and place, for the parser and the setter's check alike */
typedef struct auto_field {
    const char *name;
    sj_range range;
    size_t offset; /* of its float in sward_auto_exposure */
} auto_field;

static const auto_field AUTO_FIELDS[] = {
    {"key", RANGE_POS_INIT(1e-6, LIM_KEY), offsetof(sward_auto_exposure, key)},
    {"compensation", RANGE_INIT(-LIM_EV, LIM_EV), offsetof(sward_auto_exposure, compensation)},
    {"min_ev", RANGE_INIT(-LIM_EV, LIM_EV), offsetof(sward_auto_exposure, min_ev)},
    {"max_ev", RANGE_INIT(-LIM_EV, LIM_EV), offsetof(sward_auto_exposure, max_ev)},
    {"speed_up", RANGE_POS_INIT(1e-6, LIM_SPEED), offsetof(sward_auto_exposure, speed_up)},
    {"speed_down", RANGE_POS_INIT(1e-6, LIM_SPEED), offsetof(sward_auto_exposure, speed_down)},
    {"low_percent", RANGE_INIT(0.0, 100.0), offsetof(sward_auto_exposure, low_percent)},
    {"high_percent", RANGE_INIT(0.0, 100.0), offsetof(sward_auto_exposure, high_percent)},
};
#define AUTO_FIELD_COUNT (sizeof AUTO_FIELDS / sizeof AUTO_FIELDS[0])

static float *auto_value(sward_auto_exposure *a, const auto_field *f)
{
    return (float *)(void *)((char *)a + f->offset);
}

static float auto_get(const sward_auto_exposure *a, const auto_field *f)
{
    float v;
    memcpy(&v, (const char *)a + f->offset, sizeof v);
    return v;
}

/* The rules between the fields, once each is in its range. The message names a field the scene (or an override)
 * gave: max_ev when given, else min_ev, which then broke the rule against the default max_ev (o: the JSON object,
 * NULL when every field was given, as by the setter). */
static bool auto_cross_rules(const sj_ctx *c, const sward_auto_exposure *a, const cJSON *o)
{
    if (a->min_ev > a->max_ev) {
        if (o && !sj_member(o, "max_ev"))
            return sj_fail(c, "render.auto_exposure.min_ev", "must be <= max_ev (%g, the default), got %g",
                           (double)a->max_ev, (double)a->min_ev);
        return sj_fail(c, "render.auto_exposure.max_ev", "must be >= min_ev (%g), got %g", (double)a->min_ev,
                       (double)a->max_ev);
    }
    if (!(a->low_percent < a->high_percent)) {
        if (o && !sj_member(o, "high_percent"))
            return sj_fail(c, "render.auto_exposure.low_percent", "must be < high_percent (%g, the default), got %g",
                           (double)a->high_percent, (double)a->low_percent);
        return sj_fail(c, "render.auto_exposure.high_percent", "must be > low_percent (%g), got %g",
                       (double)a->low_percent, (double)a->high_percent);
    }
    return true;
}

bool world_check_auto_exposure(const sj_ctx *c, const sward_auto_exposure *a)
{
    for (size_t i = 0; i < AUTO_FIELD_COUNT; i++) {
        char path[64];
        snprintf(path, sizeof path, "render.auto_exposure.%s", AUTO_FIELDS[i].name);
        if (!sj_check_float(c, path, auto_get(a, &AUTO_FIELDS[i]), AUTO_FIELDS[i].range)) return false;
    }
    return auto_cross_rules(c, a, NULL);
}

bool world_parse_exposure(const sj_ctx *c, const cJSON *render, world_render *r)
{
    static const char *const known[] = {"key",      "compensation", "min_ev",      "max_ev",
                                        "speed_up", "speed_down",   "low_percent", "high_percent"};
    _Static_assert(sizeof known / sizeof known[0] == AUTO_FIELD_COUNT, "every field is known");
    sward_render_settings *rs = &r->settings;
    sward_auto_exposure *a = &rs->auto_exposure;
    const cJSON *e = sj_member(render, "exposure");
    if (e && cJSON_IsString(e)) {
        if (strcmp(e->valuestring, "auto") != 0)
            return sj_fail(c, "render.exposure", "must be a number > 0 or \"auto\", got \"%s\"", e->valuestring);
        a->enabled = true;
    } else if (e && !cJSON_IsNumber(e)) {
        return sj_fail(c, "render.exposure", "expected a number > 0 or \"auto\", got %s", sj_type_name(e));
    } else if (e) {
        if (!sj_number(c, render, "render", "exposure", RANGE_POS(LIM_EXPOSURE_MIN, LIM_EXPOSURE_MAX), &rs->exposure))
            return false;
        a->enabled = false;
    }
    const cJSON *o;
    if (!sj_object(c, render, "render", "auto_exposure", &o)) return false;
    if (!o) return true;
    const char *p = "render.auto_exposure";
    if (!SJ_CHECK_FIELDS(c, o, p, known)) return false;
    /* each number in its range as it is read (its own message), then the rules between them */
    for (size_t i = 0; i < AUTO_FIELD_COUNT; i++)
        if (!sj_number(c, o, p, AUTO_FIELDS[i].name, AUTO_FIELDS[i].range, auto_value(a, &AUTO_FIELDS[i]))) return false;
    return auto_cross_rules(c, a, o);
}

bool world_parse_exposure_areas(const sj_ctx *c, const cJSON *root, world_render *r)
{
    static const char *const known[] = {"min", "max", "ev", "blend"};
    const cJSON *list = sj_member(root, "exposure_areas");
    r->exposure_area_count = 0;
    if (!list) return true;
    if (!cJSON_IsArray(list))
        return sj_fail(c, "exposure_areas", "expected an array, got %s", sj_type_name(list));
    int n = cJSON_GetArraySize(list);
    if (n > WORLD_MAX_EXPOSURE_AREAS)
        return sj_fail(c, "exposure_areas", "must have at most %d areas, got %d", WORLD_MAX_EXPOSURE_AREAS, n);
    int i = 0;
    for (const cJSON *e = list->child; e; e = e->next, i++) {
        char p[SJ_PATH_MAX], q[SJ_PATH_MAX + 8];
        snprintf(p, sizeof p, "exposure_areas[%d]", i);
        world_exposure_area *a = &r->exposure_areas[i];
        *a = (world_exposure_area){.ev = 0.0f, .blend = 2.0f};
        if (!cJSON_IsObject(e)) return sj_fail(c, p, "expected an object, got %s", sj_type_name(e));
        if (!SJ_CHECK_FIELDS(c, e, p, known)) return false;
        for (int k = 0; k < 2; k++) {
            const char *key = k ? "max" : "min";
            sj_join(q, p, key);
            if (!sj_member(e, key)) return sj_fail(c, q, "missing required field (an [x, y, z] corner in m)");
        }
        if (!sj_member(e, "ev")) {
            sj_join(q, p, "ev");
            return sj_fail(c, q, "missing required field (the EV stops the area adds)");
        }
        if (!sj_numbers(c, e, p, "min", 3, RANGE(-LIM_COORD, LIM_COORD), a->min) ||
            !sj_numbers(c, e, p, "max", 3, RANGE(-LIM_COORD, LIM_COORD), a->max) ||
            !sj_number(c, e, p, "ev", RANGE(-LIM_EV, LIM_EV), &a->ev) ||
            !sj_number(c, e, p, "blend", RANGE(0.0, LIM_COORD), &a->blend))
            return false;
        for (int k = 0; k < 3; k++)
            if (a->min[k] > a->max[k]) {
                sj_join(q, p, "max");
                return sj_fail(c, q, "must be >= min on every axis, got %c: %g < %g", "xyz"[k], (double)a->max[k],
                               (double)a->min[k]);
            }
    }
    r->exposure_area_count = n;
    return true;
}

float world_exposure_bias(const world_render *r, const float eye[3])
{
    double sum = 0.0, weight = 0.0;
    for (int i = 0; i < r->exposure_area_count; i++) {
        const world_exposure_area *a = &r->exposure_areas[i];
        double d2 = 0.0; /* squared distance from the eye to the box */
        for (int k = 0; k < 3; k++) {
            double d = fmax(fmax((double)a->min[k] - eye[k], (double)eye[k] - a->max[k]), 0.0);
            d2 += d * d;
        }
        double d = sqrt(d2);
        double w = d <= 0.0 ? 1.0 : a->blend > 0.0f && d < a->blend ? 1.0 - d / a->blend : 0.0;
        sum += w * a->ev;
        weight += w;
    }
    return (float)(sum / fmax(weight, 1.0));
}
