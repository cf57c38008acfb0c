/* field.c — GA3, the camera-local wind field: the CPU reference of shaders/wind_field.comp.glsl and of the
 * sampler in shaders/wind_field.inc.glsl (Horizon Zero Dawn, GDC 2018 "Between Tech and Art: The Vegetation
 * of Horizon Zero Dawn": a global wind force field simulated in compute around the camera, four categories
 * of spring settings). The math is shaders/shared/sw_wind_field.h's, written once; this file computes the
 * springs' step coefficients (in double: they reach the shader as specialisation constants, so both sides
 * step with the same floats) and walks the cells in the GPU's layout. */
#include "wind/wind.h"

#include <assert.h>
#include <math.h>

#define FIELD_TAU 6.283185307179586
#define FIELD_SETTLE 5.298317366548036 /* ln(200): the window's decay times (its rest start: under 0.5 %) */

sw_spring wind_spring(const world_spring *s)
{
    assert(s);
    const double w = FIELD_TAU * (double)s->frequency, z = (double)s->damping, h = (double)SW_WIND_FIELD_DT;
    /* x'' = w^2 (g f - x) - 2 z w x': state (x, v), M = [[0, 1], [-w^2, -2 z w]], input B = (0, w^2 g).
     * Over a step with f linear from f0 to f1: s1 = e^(M h) s0 + P B f0 + (Q - P) B f1, with
     * Q = sum M^n h^(n+1) / (n+1)!, P = sum M^n h^(n+1) / (n! (n+2)). The series converge fast (|M h| < 2
     * within the scene's limits) and cover every damping ratio without cases. */
    const double m[2][2] = {{0.0, h}, {-w * w * h, -2.0 * z * w * h}}; /* M h */
    double t[2][2] = {{1.0, 0.0}, {0.0, 1.0}};                          /* (M h)^n / n! */
    double e[2][2] = {{0.0, 0.0}, {0.0, 0.0}}, q[2][2] = {{0.0, 0.0}, {0.0, 0.0}}, p[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
    for (int n = 0; n < 40; n++) {
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 2; c++) {
                e[r][c] += t[r][c];
                q[r][c] += t[r][c] * h / (double)(n + 1);
                p[r][c] += t[r][c] * h / (double)(n + 2);
            }
        double nt[2][2];
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 2; c++) nt[r][c] = (t[r][0] * m[0][c] + t[r][1] * m[1][c]) / (double)(n + 1);
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 2; c++) t[r][c] = nt[r][c];
    }
    const double b = w * w * (double)s->gain;
    return (sw_spring){
        .a00 = (float)e[0][0], .a01 = (float)e[0][1], .a10 = (float)e[1][0], .a11 = (float)e[1][1],
        .b0x = (float)(p[0][1] * b), .b0v = (float)(p[1][1] * b),
        .b1x = (float)((q[0][1] - p[0][1]) * b), .b1v = (float)((q[1][1] - p[1][1]) * b),
    };
}

int wind_field_window(const world_wind *w)
{
    assert(w);
    double slowest = INFINITY; /* the smallest decay rate zeta omega, 1/s */
    for (int k = 0; k < WORLD_WIND_CATEGORIES; k++) {
        double rate = (double)w->field[k].damping * FIELD_TAU * (double)w->field[k].frequency;
        if (rate < slowest) slowest = rate;
    }
    double steps = slowest > 0.0 ? ceil(FIELD_SETTLE / slowest / (double)SW_WIND_FIELD_DT) : INFINITY;
    if (!(steps <= (double)SW_WIND_FIELD_MAX_WINDOW)) return SW_WIND_FIELD_MAX_WINDOW;
    return steps < 2.0 ? 2 : (int)steps;
}

sw_wind_drive wind_field_drive(const world_wind *w)
{
    assert(w);
    /* as render_frame_constants fills sw_frame.wind_* (place_wind_inv_gust_scale: the same float) */
    return (sw_wind_drive){.dir_x = w->direction[0], .dir_z = w->direction[1], .speed = w->speed,
                           .inv_gust_scale = w->gust_scale > 0.0f ? 1.0f / w->gust_scale : 0.0f,
                           .gust_speed = w->gust_speed};
}

void wind_field_origin(float cam_x, float cam_z, int *i0, int *j0)
{
    /* the camera's cell, then half the grid back; clamped far inside int range (scene coordinates are <= 1e6 m) */
    float cx = fminf(fmaxf(floorf(cam_x * SW_WIND_FIELD_INV_CELL), -1.0e8f), 1.0e8f);
    float cz = fminf(fmaxf(floorf(cam_z * SW_WIND_FIELD_INV_CELL), -1.0e8f), 1.0e8f);
    *i0 = (int)cx - SW_WIND_FIELD_RES / 2;
    *j0 = (int)cz - SW_WIND_FIELD_RES / 2;
}

void wind_field_frame_constants(const world_wind *w, float cam_x, float cam_z, sw_frame *f)
{
    assert(w && f);
    _Static_assert(sizeof f->wind_gain / sizeof f->wind_gain[0] == SW_WIND_CATEGORIES, "a gain per category");
    for (unsigned k = 0; k < SW_WIND_CATEGORIES; k++) f->wind_gain[k] = w->field[k].gain;
    wind_field_origin(cam_x, cam_z, &f->wind_field_i0, &f->wind_field_j0);
}

void wind_field_equilibrium(const world_wind *w, float time, wind_field *out)
{
    assert(w && out);
    *out = (wind_field){.drive = wind_field_drive(w), .time = time};
    for (int k = 0; k < WORLD_WIND_CATEGORIES; k++) out->gain[k] = w->field[k].gain;
}

void wind_field_compute(const world_wind *w, float time, float cam_x, float cam_z, float *cells, wind_field *out)
{
    assert(w && cells && out);
    wind_field_equilibrium(w, time, out);
    wind_field_origin(cam_x, cam_z, &out->i0, &out->j0);
    out->cells = cells;
    const sw_spring t = wind_spring(&w->field[SW_WIND_CAT_TREES]), p = wind_spring(&w->field[SW_WIND_CAT_PLANTS]),
                    g = wind_spring(&w->field[SW_WIND_CAT_GRASS]), s = wind_spring(&w->field[SW_WIND_CAT_SPECIAL]);
    const int window = wind_field_window(w);
    for (int b = 0; b < SW_WIND_FIELD_RES; b++)
        for (int a = 0; a < SW_WIND_FIELD_RES; a++) {
            sw_field_cell c = sw_field_simulate(out->drive, t, p, g, s, window, sw_field_centre(out->i0 + a),
                                                sw_field_centre(out->j0 + b), time);
            float *o = cells + ((size_t)b * SW_WIND_FIELD_RES + (size_t)a) * SW_WIND_FIELD_STRIDE;
            const float v[SW_WIND_FIELD_STRIDE] = {c.tx, c.tz, c.px, c.pz, c.gx, c.gz, c.sx, c.sz, c.fx, c.fz, c.gust, c.pad};
            for (int k = 0; k < SW_WIND_FIELD_STRIDE; k++) o[k] = v[k];
        }
}

sw_v2 wind_field_sample(const wind_field *f, unsigned category, float x, float z)
{
    assert(f && category < SW_WIND_CATEGORIES);
    sw_wind_force force = sw_wind_force_at(f->drive, x, z, f->time);
    float eq_x = f->gain[category] * force.x, eq_z = f->gain[category] * force.z;
    if (!f->cells) return (sw_v2){eq_x, eq_z};
    sw_field_coord c = sw_field_locate(x, z, f->i0, f->j0);
    sw_field_taps t = sw_field_taps_at(c, category);
    const float *v = f->cells;
    return (sw_v2){sw_field_mix(c, v[t.o00], v[t.o10], v[t.o01], v[t.o11], eq_x),
                   sw_field_mix(c, v[t.o00 + 1], v[t.o10 + 1], v[t.o01 + 1], v[t.o11 + 1], eq_z)};
}

sw_v2 wind_field_push(const wind_field *f, unsigned category, float x, float z, float stiffness)
{
    sw_v2 y = wind_field_sample(f, category, x, z);
    float k = sw_field_push_scale(y.x, y.y, stiffness);
    return (sw_v2){y.x * k, y.y * k};
}
