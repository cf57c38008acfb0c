/* scene_areas.c — the scene's density areas and asset layers (SPEC PL2; Frictional "Plant Placement Data";
 * Horizon Zero Dawn's layered exclusion; docs/scene-format.md "areas"): "base_density" of grass types and
 * assets, assets' "layer", and the top-level "areas" list of circles and convex polygons. Called once from
 * world_scene_parse after the grass and the assets; the terrain's blend layers (PL10) follow in scene_layers.c.
 * Every problem is reported with its field path; nothing is clamped. */
#include "world/world.h"

#include "world/scene_json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define RANGE(lo, hi) ((sj_range){(lo), (hi), false, false, 0.0})
#define RANGE_POS(least, hi) ((sj_range){0.0, (hi), true, false, (least)})
#define LIM_COORD 1.0e6 /* m, area coordinates and radii */
#define PI_D 3.14159265358979323846

bool world_parse_layers(const sj_ctx *c, const cJSON *root, const char *base_dir, sward_scene *s);
bool world_asset_forest_variants(const sj_ctx *c, sward_scene *s);

/* "base_density" of grass[i] or assets[i]: in [0, density]. */
static bool parse_base(const sj_ctx *c, const cJSON *o, const char *path, float density, float *base, bool *set)
{
    char p[SJ_PATH_MAX + 16];
    if (!cJSON_IsObject(o) || !sj_member(o, "base_density")) return true;
    if (!sj_number(c, o, path, "base_density", RANGE(0.0, 1e6), base)) return false;
    sj_join(p, path, "base_density");
    if (*base > density)
        return sj_fail(c, p, "must be in [0, density] (density %g is the grid's maximum), got %g", (double)density,
                       (double)*base);
    *set = true;
    return true;
}

/* assets[i].layer: the assets naming the same layer share one grid and never grow at the same point. */
static bool parse_asset_layers(const sj_ctx *c, const cJSON *assets, sward_scene *s)
{
    char names[WORLD_MAX_ASSETS][WORLD_NAME_MAX];
    int nlayers = 0, i = 0;
    for (const cJSON *e = assets ? assets->child : NULL; e && i < s->asset_count; e = e->next, i++) {
        char p[SJ_PATH_MAX + 16], name[WORLD_NAME_MAX] = "";
        snprintf(p, sizeof p, "assets[%d]", i);
        world_asset *a = &s->assets[i];
        if (!parse_base(c, e, p, a->density, &a->base_density, &a->base_set) ||
            !sj_string(c, e, p, "layer", name, sizeof name))
            return false;
        if (!name[0]) continue;
        int l = 0;
        while (l < nlayers && strcmp(names[l], name))
            l++;
        if (l == nlayers) snprintf(names[nlayers++], WORLD_NAME_MAX, "%s", name);
        a->layer = l + 1;
    }
    for (int l = 1; l <= nlayers; l++) {
        double total = 0.0;
        for (int k = 0; k < s->asset_count; k++)
            if (s->assets[k].layer == l) total += (double)s->assets[k].density;
        double lo = 0.0;
        const world_asset *first = NULL;
        for (int k = 0; k < s->asset_count; k++) {
            world_asset *a = &s->assets[k];
            if (a->layer != l) continue;
            /* PL11: a layer shares one point set, so its assets share the placement and the footprint */
            if (!first) first = a;
            if (a->dither != first->dither || (a->dither && a->footprint != first->footprint)) {
                char p[SJ_PATH_MAX + 16];
                snprintf(p, sizeof p, "assets[%d].%s", k, a->dither != first->dither ? "placement" : "footprint");
                return sj_fail(c, p, "the assets of layer \"%s\" share one point set: the same placement and footprint "
                                     "(\"%s\" has %s, %g m)",
                               names[l - 1], first->name, first->dither ? "dither" : "grid", (double)first->footprint);
            }
            a->grid_density = (float)total;
            a->keep_lo = (float)(lo / total);
            a->keep_scale = (float)((double)a->density / total);
            lo += (double)a->density;
            /* the layer's grid is denser than the asset's own: the same candidate limit on the shared grid (a point
             * set's candidates do not depend on the densities: checked with the asset) */
            double candidates = total * 4.0 * (double)a->draw_distance * (double)a->draw_distance;
            if (!a->dither && candidates > (double)WORLD_ASSET_MAX_CANDIDATES) {
                char p[SJ_PATH_MAX + 16];
                snprintf(p, sizeof p, "assets[%d].layer", k);
                return sj_fail(c, p,
                               "too many candidates on layer \"%s\"'s grid: its densities' sum %g x (2 x draw_distance "
                               "%g m)^2 = %.0f, the limit is %u",
                               names[l - 1], total, (double)a->draw_distance, candidates,
                               (unsigned)WORLD_ASSET_MAX_CANDIDATES);
            }
        }
    }
    return true;
}

/* One coordinate pair [x, z] of an area. */
static bool parse_xz(const sj_ctx *c, const cJSON *v, const char *path, float out[2])
{
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2)
        return sj_fail(c, path, "expected an array of 2 numbers [x, z], got %s", sj_type_name(v));
    int k = 0;
    for (const cJSON *e = v->child; e; e = e->next, k++) {
        char p[SJ_PATH_MAX + 16];
        snprintf(p, sizeof p, "%s[%d]", path, k);
        if (!cJSON_IsNumber(e)) return sj_fail(c, p, "expected a number, got %s", sj_type_name(e));
        double d = e->valuedouble;
        if (!isfinite(d) || fabs(d) > LIM_COORD)
            return sj_fail(c, p, "must be a finite coordinate within +-%g m, got %g", LIM_COORD, d);
        out[k] = (float)d;
    }
    return true;
}

/* A convex polygon: 3 to WORLD_AREA_MAX_POINTS points, either winding, every turn the same way (no three
 * consecutive points collinear, no repeated point), turning once around (not self-intersecting). Stored
 * counter-clockwise in (x, z) (sw_area_contains). */
static bool parse_polygon(const sj_ctx *c, const cJSON *v, const char *path, sw_area *a)
{
    if (!cJSON_IsArray(v)) return sj_fail(c, path, "expected an array of [x, z] points, got %s", sj_type_name(v));
    int n = cJSON_GetArraySize(v);
    if (n < 3 || n > WORLD_AREA_MAX_POINTS)
        return sj_fail(c, path, "must have 3 to %d points, got %d", WORLD_AREA_MAX_POINTS, n);
    float pt[WORLD_AREA_MAX_POINTS][2];
    int k = 0;
    for (const cJSON *e = v->child; e; e = e->next, k++) {
        char p[SJ_PATH_MAX + 48];
        snprintf(p, sizeof p, "%s[%d]", path, k);
        if (!parse_xz(c, e, p, pt[k])) return false;
    }
    int sign = 0;
    double turning = 0.0, area2 = 0.0;
    for (k = 0; k < n; k++) {
        const float *p0 = pt[(k + n - 1) % n], *p1 = pt[k], *p2 = pt[(k + 1) % n];
        double ax = (double)p1[0] - p0[0], az = (double)p1[1] - p0[1];
        double bx = (double)p2[0] - p1[0], bz = (double)p2[1] - p1[1];
        double cr = ax * bz - az * bx, dot = ax * bx + az * bz;
        if (cr == 0.0)
            return sj_fail(c, path, "points %d, %d and %d are collinear or repeated (a degenerate polygon)",
                           (k + n - 1) % n, k, (k + 1) % n);
        int sk = cr > 0.0 ? 1 : -1;
        if (sign && sk != sign)
            return sj_fail(c, path, "must be convex: the polygon turns the other way at point %d", k);
        sign = sk;
        turning += atan2(cr, dot);
        area2 += (double)p1[0] * p2[1] - (double)p2[0] * p1[1];
    }
    if (fabs(fabs(turning) - 2.0 * PI_D) > 1e-3)
        return sj_fail(c, path, "must be convex: the polygon winds %.0f times around (it intersects itself)",
                       fabs(turning) / (2.0 * PI_D));
    a->kind = SW_AREA_POLYGON;
    a->count = (sw_uint)n;
    a->x0 = a->z0 = INFINITY;
    a->x1 = a->z1 = -INFINITY;
    for (k = 0; k < n; k++) {
        const float *q = pt[area2 > 0.0 ? k : n - 1 - k];
        a->px[k] = q[0];
        a->pz[k] = q[1];
        a->x0 = fminf(a->x0, q[0]);
        a->x1 = fmaxf(a->x1, q[0]);
        a->z0 = fminf(a->z0, q[1]);
        a->z1 = fmaxf(a->z1, q[1]);
    }
    return true;
}

static bool parse_circle(const sj_ctx *c, const cJSON *o, const char *path, sw_area *a)
{
    static const char *const known[] = {"center", "radius"};
    char p[SJ_PATH_MAX + 16];
    float r = 0.0f, ctr[2];
    if (!cJSON_IsObject(o))
        return sj_fail(c, path, "expected an object {\"center\", \"radius\"}, got %s", sj_type_name(o));
    if (!SJ_CHECK_FIELDS(c, o, path, known) || !sj_number(c, o, path, "radius", RANGE_POS(1e-3, LIM_COORD), &r))
        return false;
    sj_join(p, path, "center");
    const cJSON *cv = sj_member(o, "center");
    if (!cv) return sj_fail(c, p, "missing required field ([x, z])");
    if (!parse_xz(c, cv, p, ctr)) return false;
    sj_join(p, path, "radius");
    if (!sj_member(o, "radius")) return sj_fail(c, p, "missing required field (> 0)");
    a->kind = SW_AREA_CIRCLE;
    a->cx = ctr[0];
    a->cz = ctr[1];
    a->r2 = r * r;
    a->x0 = nextafterf(ctr[0] - r, -INFINITY);
    a->x1 = nextafterf(ctr[0] + r, INFINITY);
    a->z0 = nextafterf(ctr[1] - r, -INFINITY);
    a->z1 = nextafterf(ctr[1] + r, INFINITY);
    return true;
}

/* areas[i].types: names of grass types and assets (a name both have names both). */
static bool parse_users(const sj_ctx *c, const cJSON *o, const char *path, const sward_scene *s, sw_uint *users)
{
    char p[SJ_PATH_MAX + 16];
    sj_join(p, path, "types");
    const cJSON *t = sj_member(o, "types");
    if (!t) return sj_fail(c, p, "missing required field (names of grass types and assets)");
    if (!cJSON_IsArray(t)) return sj_fail(c, p, "expected an array of names, got %s", sj_type_name(t));
    int i = 0;
    for (const cJSON *e = t->child; e; e = e->next, i++) {
        char q[SJ_PATH_MAX + 48];
        snprintf(q, sizeof q, "%s[%d]", p, i);
        if (!cJSON_IsString(e)) return sj_fail(c, q, "expected a grass type or asset name, got %s", sj_type_name(e));
        sw_uint found = 0u;
        for (int k = 0; k < s->material_count; k++)
            if (!strcmp(e->valuestring, s->materials[k].name)) found |= 1u << k;
        for (int k = 0; k < s->asset_count; k++)
            if (!strcmp(e->valuestring, s->assets[k].name)) found |= 1u << (SW_AREA_USER_ASSET + (sw_uint)k);
        if (!found) return sj_fail(c, q, "no grass type or asset is named \"%.64s\"", e->valuestring);
        *users |= found;
    }
    if (i == 0) return sj_fail(c, p, "must name at least one grass type or asset");
    return true;
}

static bool parse_area(const sj_ctx *c, const cJSON *o, const char *path, const sward_scene *s, sw_area *a)
{
    static const char *const known[] = {"types", "density", "circle", "polygon"};
    char p[SJ_PATH_MAX + 16];
    memset(a, 0, sizeof *a);
    if (!cJSON_IsObject(o)) return sj_fail(c, path, "expected an object, got %s", sj_type_name(o));
    if (!SJ_CHECK_FIELDS(c, o, path, known) || !parse_users(c, o, path, s, &a->users) ||
        !sj_number(c, o, path, "density", RANGE(-1e6, 1e6), &a->density))
        return false;
    sj_join(p, path, "density");
    if (!sj_member(o, "density")) return sj_fail(c, p, "missing required field (instances / m^2, may be negative)");
    const cJSON *circle = sj_member(o, "circle"), *poly = sj_member(o, "polygon");
    if (circle && poly) return sj_fail(c, path, "give one shape, \"circle\" or \"polygon\", not both");
    if (!circle && !poly) return sj_fail(c, path, "missing its shape: give \"circle\" or \"polygon\"");
    sj_join(p, path, circle ? "circle" : "polygon");
    return circle ? parse_circle(c, circle, p, a) : parse_polygon(c, poly, p, a);
}

bool world_parse_areas(const sj_ctx *c, const cJSON *root, const char *base_dir, sward_scene *s)
{
    const cJSON *grass = sj_member(root, "grass");
    int i = 0;
    for (const cJSON *e = grass ? grass->child : NULL; e && i < s->material_count; e = e->next, i++) {
        char p[SJ_PATH_MAX + 16];
        snprintf(p, sizeof p, "grass[%d]", i);
        if (!parse_base(c, e, p, s->materials[i].density, &s->materials[i].base_density, &s->materials[i].base_set))
            return false;
    }
    if (!parse_asset_layers(c, sj_member(root, "assets"), s)) return false;

    s->area_count = 0;
    const cJSON *areas = sj_member(root, "areas");
    if (areas) {
        if (!cJSON_IsArray(areas)) return sj_fail(c, "areas", "expected an array, got %s", sj_type_name(areas));
        int n = cJSON_GetArraySize(areas);
        if (n > WORLD_MAX_AREAS) return sj_fail(c, "areas", "must have at most %d areas, got %d", WORLD_MAX_AREAS, n);
        i = 0;
        for (const cJSON *e = areas->child; e; e = e->next, i++) {
            char p[SJ_PATH_MAX + 16];
            snprintf(p, sizeof p, "areas[%d]", i);
            if (!parse_area(c, e, p, s, &s->areas[i])) return false;
        }
        s->area_count = n;
    }
    for (int k = 0; k < s->material_count; k++)
        for (int a = 0; a < s->area_count; a++)
            s->materials[k].areas |= (s->areas[a].users >> k & 1u) != 0u;
    for (int k = 0; k < s->asset_count; k++)
        for (int a = 0; a < s->area_count; a++)
            s->assets[k].areas |= (s->areas[a].users >> (SW_AREA_USER_ASSET + (sw_uint)k) & 1u) != 0u;
    /* after the layers and areas: the forest's variants are copies placed as the asset they come from */
    return world_asset_forest_variants(c, s) && world_parse_layers(c, root, base_dir, s);
}
