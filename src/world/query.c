/* query.c — gameplay queries on the CPU-side grass maps (SPEC PL9; Ghost of Tsushima "Gameplay visibility":
 * grass height copied into CPU-friendly textures, stealth types return a fixed gameplay height, decorative
 * ones none).
 *
 * Cover is constant over a map texel: type = the texel's type (no dither), height = gameplay_height x the
 * texel's grass height for stealth types, 0 otherwise. The ray query walks the texels the ray crosses
 * (Amanatides and Woo's DDA over the map grid); inside a texel the terrain still varies, so the segment is
 * sampled at a quarter of the finer of the terrain and map cells, and the first crossing found is refined
 * by bisection. */
#include "world/world.h"

#include "core/core.h"
#include "shared/sw_world.h"

#include <math.h>

static float texel_cover(const sward_scene *s, int i, int j)
{
    const world_terrain *t = &s->terrain;
    if (!t->types || !t->grass_height) return 0.0f;
    unsigned type = world_type_at(t, i, j);
    if (type >= (unsigned)s->material_count) return 0.0f;
    const world_material *m = &s->materials[type];
    float g = world_grass_height_at(t, i, j);
    if (!m->stealth || !(g > 0.0f)) return 0.0f;
    return m->gameplay_height * g;
}

sward_result sward_query_cover(const sward_scene *s, float x, float z, float *height_m)
{
    if (!s || !height_m) return SWARD_ERROR_INVALID_INPUT;
    *height_m = 0.0f;
    if (!isfinite(x) || !isfinite(z)) return SWARD_ERROR_INVALID_INPUT;
    const world_terrain *t = &s->terrain;
    float half = 0.5f * t->size;
    if (x < -half || x > half || z < -half || z > half || t->map_res < 1) return SWARD_OK;
    float x0, z0, inv;
    world_map_grid(t, &x0, &z0, &inv);
    int i = sw_map_nearest(x, x0, inv, t->map_res), j = sw_map_nearest(z, z0, inv, t->map_res);
    *height_m = texel_cover(s, i, j);
    return SWARD_OK;
}

typedef struct ray {
    double o[3], d[3];
} ray;

/* How far the ray at t is above terrain + cover; < 0 is inside the cover or the ground. */
static double clearance(const sward_scene *s, const ray *r, double t, float cover)
{
    float x = (float)(r->o[0] + r->d[0] * t), z = (float)(r->o[2] + r->d[2] * t);
    double y = r->o[1] + r->d[1] * t;
    return y - ((double)world_terrain_height(&s->terrain, x, z) + (double)cover);
}

/* First t in [t0, t1] with clearance < 0 (to about 1e-6 of the segment), or -1. */
static double segment_hit(const sward_scene *s, const ray *r, double t0, double t1, float cover, double step)
{
    if (clearance(s, r, t0, cover) < 0.0) return t0;
    int n = (int)ceil((t1 - t0) / step);
    if (n < 1) n = 1;
    double prev = t0;
    for (int k = 1; k <= n; k++) {
        double t = k == n ? t1 : t0 + (t1 - t0) * (double)k / (double)n;
        if (clearance(s, r, t, cover) < 0.0) {
            double lo = prev, hi = t; /* lo above, hi below */
            for (int it = 0; it < 48; it++) {
                double mid = 0.5 * (lo + hi);
                if (clearance(s, r, mid, cover) < 0.0) hi = mid;
                else lo = mid;
            }
            return hi;
        }
        prev = t;
    }
    return -1.0;
}

sward_result sward_query_ray(const sward_scene *s, const float origin[3], const float dir[3], float max_distance,
                             float *hit_distance, bool *hit)
{
    if (!s || !origin || !dir || !hit_distance || !hit) return SWARD_ERROR_INVALID_INPUT;
    *hit = false;
    *hit_distance = max_distance;
    double len2 = 0.0;
    for (int k = 0; k < 3; k++) {
        if (!isfinite(origin[k]) || !isfinite(dir[k])) return SWARD_ERROR_INVALID_INPUT;
        len2 += (double)dir[k] * (double)dir[k];
    }
    if (!(len2 > 0.0) || !(max_distance >= 0.0f) || !isfinite(max_distance)) return SWARD_ERROR_INVALID_INPUT;
    const world_terrain *t = &s->terrain;
    if (!t->heights) return SWARD_ERROR_INVALID_INPUT;
    ray r;
    double inv_len = 1.0 / sqrt(len2);
    for (int k = 0; k < 3; k++) {
        r.o[k] = (double)origin[k];
        r.d[k] = (double)dir[k] * inv_len;
    }
    /* Clip to the terrain square (slabs in x and z). */
    const double half = 0.5 * (double)t->size;
    double tmin = 0.0, tmax = (double)max_distance;
    for (int a = 0; a < 3; a += 2) {
        if (fabs(r.d[a]) < 1e-300) {
            if (r.o[a] < -half || r.o[a] > half) return SWARD_OK;
        } else {
            double ta = (-half - r.o[a]) / r.d[a], tb = (half - r.o[a]) / r.d[a];
            if (ta > tb) {
                double tmp = ta;
                ta = tb;
                tb = tmp;
            }
            tmin = fmax(tmin, ta);
            tmax = fmin(tmax, tb);
        }
    }
    if (tmin > tmax) return SWARD_OK;

    const int res = t->map_res > 0 ? t->map_res : 1;
    const double mcell = (double)t->size / (double)res, tcell = (double)t->size / (double)(t->resolution - 1);
    const double step = 0.25 * fmin(mcell, tcell);
    /* DDA over the map texels, in texel units from the square's corner. */
    double gx = (r.o[0] + r.d[0] * tmin + half) / mcell, gz = (r.o[2] + r.d[2] * tmin + half) / mcell;
    int i = (int)floor(gx), j = (int)floor(gz);
    if (i < 0) i = 0;
    if (i > res - 1) i = res - 1;
    if (j < 0) j = 0;
    if (j > res - 1) j = res - 1;
    int si = r.d[0] > 0.0 ? 1 : -1, sj = r.d[2] > 0.0 ? 1 : -1;
    double tdx = fabs(r.d[0]) > 1e-300 ? mcell / fabs(r.d[0]) : INFINITY;
    double tdz = fabs(r.d[2]) > 1e-300 ? mcell / fabs(r.d[2]) : INFINITY;
    double nx = fabs(r.d[0]) > 1e-300 ? ((double)(i + (si > 0)) * mcell - half - r.o[0]) / r.d[0] : INFINITY;
    double nz = fabs(r.d[2]) > 1e-300 ? ((double)(j + (sj > 0)) * mcell - half - r.o[2]) / r.d[2] : INFINITY;
    double tc = tmin;
    for (int guard = 0; guard < 4 * res + 8; guard++) {
        double te = fmin(fmin(nx, nz), tmax);
        if (te < tc) te = tc;
        float cover = 0.0f;
        if (t->types) cover = texel_cover(s, i, j);
        double th = segment_hit(s, &r, tc, te, cover, step);
        if (th >= 0.0) {
            *hit = true;
            *hit_distance = (float)th;
            return SWARD_OK;
        }
        if (te >= tmax) break;
        tc = te;
        if (nx < nz) {
            i += si;
            nx += tdx;
        } else {
            j += sj;
            nz += tdz;
        }
        if (i < 0 || j < 0 || i >= res || j >= res) break;
    }
    return SWARD_OK;
}
