/* sw_wind_field.h — GA3: the camera-local simulated wind field (Horizon Zero Dawn, GDC 2018 "Between Tech and
 * Art: The Vegetation of Horizon Zero Dawn": "all movement is driven by a global wind force field; compute
 * shader, around 150 microseconds; local around the player / camera; baked-in physical properties; up to 4
 * categories of spring settings: trees, plants, grasses, special").
 *
 * The grid: SW_WIND_FIELD_RES^2 cells of SW_WIND_FIELD_CELL m anchored to world cells (cell (i, j) covers
 * [2 i, 2 i + 2) x [2 j, 2 j + 2) m, its value taken at the centre); the camera only picks which 64 x 64 of
 * them are computed (sw_frame.field_i0, field_j0: the first cell; src/wind/field.c wind_field_origin), so a
 * cell's value depends on its world position and the time, never on the camera.
 *
 * The drive: the scrolling Perlin gust field of GA4's analytic push (the same noise, speed, gust scale, gust
 * speed and swing as sw_wind_push in sw_place.h), as a 2D force per cell in "unsaturated push" units
 * (sw_wind_push's s = 0.15 x local speed, times its swung direction).
 *
 * The response: per cell and category a damped spring, x'' = w^2 (gain f(t) - x) - 2 zeta w x', for x and z.
 * It is simulated without any state kept across frames, so a frame stays a pure function of its time (our
 * renders are byte-deterministic whatever the frame history): the state at time t is the spring integrated
 * over a fixed window of W steps of SW_WIND_FIELD_DT ending at the first step at or after t, starting from
 * rest, the steps aligned to absolute time (step k at k dt), and the state at t interpolated (cubic Hermite
 * on position and velocity) between the two steps around t. A spring forgets its start as e^(-zeta w T):
 * the window is the slowest category's ln(200) / (zeta w) (src/wind/field.c wind_field_window), which keeps
 * what the rest start leaves under 1 % of the force (measured: tests/unit/test_wind_field.c).
 *
 * The integrator is the exact discretisation of the linear spring for a force linear between steps
 * (first-order hold): s' = A s + B0 f_k + B1 f_(k+1) with A = exp(M dt), computed once per category in double
 * on the CPU (wind_field_springs) and handed to the shader as specialisation constants; the steps use only
 * + and * (SW_PRECISE), so the compute shader and the C reference agree bit for bit.
 *
 * The output (shaders/wind_field.comp.glsl, RES_WIND_FIELD): SW_WIND_FIELD_STRIDE floats per cell, row-major
 * (cell (i0 + a, j0 + b) at (b * RES + a) * STRIDE): per category the displacement (x, z) in unsaturated push
 * units, then the force at t (x, z) and the gust (0..1). Consumers sample it with sw_field_sample
 * (shaders/wind_field.inc.glsl, src/wind/field.c wind_field_sample): bilinear in the grid, the spring's
 * equilibrium (gain x force at the point) outside it, blended over the last SW_WIND_FIELD_BLEND cells; and
 * saturate it into a push (length < 1, a fraction of the height) with sw_field_push, as sw_wind_push does. */
#ifndef SW_WIND_FIELD_H
#define SW_WIND_FIELD_H
#include "sw_noise.h"

#define SW_WIND_FIELD_RES 64             /* cells per side: 128 m around the camera */
#define SW_WIND_FIELD_CELL 2.0f          /* m */
#define SW_WIND_FIELD_INV_CELL 0.5f      /* 1 / m */
#define SW_WIND_FIELD_GROUP_CELLS 8      /* cells per workgroup of wind_field.comp.glsl, 8 threads each */
#define SW_WIND_FIELD_STRIDE 12          /* floats per cell */
#define SW_WIND_FIELD_FORCE 8            /* offset of the force at t (x, z) in a cell; + 2: the gust */
#define SW_WIND_FIELD_STEPS_PER_S 15.0f  /* 1 / dt: the gusts change over seconds, the springs' steps are exact, and
                                            the field costs its steps (H200: 0.18 ms at 30 per s, whose default
                                            window was 127 steps; at 15 per s it is 64) */
#define SW_WIND_FIELD_DT 0.06666667f     /* s: 1/15 as a float */
#define SW_WIND_FIELD_BLEND 4.0f         /* cells over which the grid fades into the equilibrium at its edge */
#define SW_WIND_FIELD_MAX_WINDOW 88      /* steps at most: ln(200) / (2 pi 0.15 Hz) = 5.6 s, scene validation
                                            keeps damping x frequency >= 0.15 Hz */

/* The four spring categories (HZD: trees, plants, grasses, special: banners, tarps, canvas). */
#define SW_WIND_CAT_TREES 0u
#define SW_WIND_CAT_PLANTS 1u
#define SW_WIND_CAT_GRASS 2u
#define SW_WIND_CAT_SPECIAL 3u
#define SW_WIND_CATEGORIES 4u

/* Each category's stiffness (0..1, sw_field_push_scale) for what samples the field without one of its own: the
 * assets (shaders/asset_cull.comp.glsl), once per instance. Grass types have theirs (grass[].stiffness). */
SW_FN float sw_wind_category_stiffness(sw_uint category)
{
    return category == SW_WIND_CAT_TREES    ? 0.55f
           : category == SW_WIND_CAT_PLANTS ? 0.35f
           : category == SW_WIND_CAT_GRASS  ? 0.5f
                                            : 0.15f;
}

/* The scene's wind, as sw_frame has it. */
struct sw_wind_drive {
    float dir_x, dir_z, speed, inv_gust_scale, gust_speed;
};

/* The force at a point and time: (x, z) in unsaturated push units, and the gust (0..1). */
struct sw_wind_force {
    float x, z, gust;
};

/* One category's step: x' = a00 x + a01 v + b0x f_k + b1x f_(k+1), v' = a10 x + a11 v + b0v f_k + b1v f_(k+1)
 * (the gain is in the b's). */
struct sw_spring {
    float a00, a01, a10, a11, b0x, b0v, b1x, b1v;
};

/* sw_spring's members in order, as an X-macro: X(member, k) for k = 0 .. SW_SPRING_FLOATS - 1. The wind field's
 * specialisation constants are walked with it on both sides, so their ids cannot drift apart. */
#define SW_SPRING_MEMBERS(X) X(a00, 0) X(a01, 1) X(a10, 2) X(a11, 3) X(b0x, 4) X(b0v, 5) X(b1x, 6) X(b1v, 7)
#define SW_SPRING_FLOATS 8

/* The specialisation constants of the wind field pass (shaders/wind_field.comp.glsl declares them,
 * src/render/passes/wind_field.c fills them): 0 is the view's (common.inc.glsl: none for a compute pass), then
 * each category's spring, member k of category c at SW_WF_SPEC_SPRING_ID(c, k), then the window (steps). */
#define SW_WF_SPEC_SPRING 1
#define SW_WF_SPEC_SPRING_ID(category, k) (SW_WF_SPEC_SPRING + SW_SPRING_FLOATS * SW_I(category) + (k))
#define SW_WF_SPEC_WINDOW (SW_WF_SPEC_SPRING + SW_SPRING_FLOATS * SW_I(SW_WIND_CATEGORIES))
#define SW_WF_SPEC_COUNT (SW_WF_SPEC_WINDOW + 1)

struct sw_osc {
    float x, v;
};
#ifndef SW_GLSL
typedef struct sw_osc sw_osc; /* before the structs that hold it */
#endif

/* The springs of one cell: every category, x and z. */
struct sw_field_state {
    sw_osc tx, tz, px, pz, gx, gz, sx, sz;
};

/* A cell's value at t (the floats of one cell of the buffer, in order). */
struct sw_field_cell {
    float tx, tz, px, pz, gx, gz, sx, sz, fx, fz, gust, pad;
};

/* Where a point falls in the grid: the lower-left of the four cells around it (clamped into the grid), the
 * fractions toward the next, and the grid's weight against the equilibrium (1 inside, 0 from the edge out). */
struct sw_field_coord {
    int a, b;
    float fx, fz, w;
};

/* The field buffer's floats a sample reads: a category's displacement x in the four cells around the point
 * (o00 at (a, b), o10 at (a + 1, b), o01 at (a, b + 1), o11 at (a + 1, b + 1)); its z follows each. */
struct sw_field_taps {
    int o00, o10, o01, o11;
};

#ifndef SW_GLSL
typedef struct sw_wind_drive sw_wind_drive;
typedef struct sw_wind_force sw_wind_force;
typedef struct sw_spring sw_spring;
typedef struct sw_field_state sw_field_state;
typedef struct sw_field_cell sw_field_cell;
typedef struct sw_field_coord sw_field_coord;
typedef struct sw_field_taps sw_field_taps;
_Static_assert(sizeof(sw_spring) == SW_SPRING_FLOATS * sizeof(float), "SW_SPRING_MEMBERS lists every member");
#endif

/* The drive at (x, z) and time t: GA4's gust and swing fields (sw_wind_push), before its stiffness and
 * saturation. */
SW_FN sw_wind_force sw_wind_force_at(sw_wind_drive d, float x, float z, float t)
{
    SW_PRECISE float px = (x - d.dir_x * d.gust_speed * t) * d.inv_gust_scale;
    SW_PRECISE float pz = (z - d.dir_z * d.gust_speed * t) * d.inv_gust_scale;
    SW_PRECISE float px2 = px * 1.7f + 19.1f;
    SW_PRECISE float pz2 = pz * 1.7f - 7.3f;
    SW_PRECISE float gust = 0.5f + 0.5f * sw_perlin(px, pz, 7u);
    SW_PRECISE float swing = 0.35f * sw_perlin(px2, pz2, 13u);
    SW_PRECISE float s = d.speed * (0.3f + 1.4f * gust * gust) * 0.15f;
    SW_PRECISE float fx = (d.dir_x - d.dir_z * swing) * s;
    SW_PRECISE float fz = (d.dir_z + d.dir_x * swing) * s;
    sw_wind_force f;
    f.x = fx;
    f.z = fz;
    f.gust = gust;
    return f;
}

/* One step of one spring with the force f0 at its start and f1 at its end. */
SW_FN sw_osc sw_spring_step(sw_spring s, sw_osc o, float f0, float f1)
{
    SW_PRECISE float x = s.a00 * o.x + s.a01 * o.v + s.b0x * f0 + s.b1x * f1;
    SW_PRECISE float v = s.a10 * o.x + s.a11 * o.v + s.b0v * f0 + s.b1v * f1;
    sw_osc r;
    r.x = x;
    r.v = v;
    return r;
}

SW_FN sw_field_state sw_field_advance(sw_field_state st, sw_spring t, sw_spring p, sw_spring g, sw_spring s,
                                      sw_wind_force f0, sw_wind_force f1)
{
    st.tx = sw_spring_step(t, st.tx, f0.x, f1.x);
    st.tz = sw_spring_step(t, st.tz, f0.z, f1.z);
    st.px = sw_spring_step(p, st.px, f0.x, f1.x);
    st.pz = sw_spring_step(p, st.pz, f0.z, f1.z);
    st.gx = sw_spring_step(g, st.gx, f0.x, f1.x);
    st.gz = sw_spring_step(g, st.gz, f0.z, f1.z);
    st.sx = sw_spring_step(s, st.sx, f0.x, f1.x);
    st.sz = sw_spring_step(s, st.sz, f0.z, f1.z);
    return st;
}

/* The state at fraction u of the step from a to b (cubic Hermite on position and velocity). */
SW_FN float sw_osc_at(sw_osc a, sw_osc b, float u)
{
    SW_PRECISE float u2 = u * u;
    SW_PRECISE float u3 = u2 * u;
    SW_PRECISE float h00 = 2.0f * u3 - 3.0f * u2 + 1.0f;
    SW_PRECISE float h10 = u3 - 2.0f * u2 + u;
    SW_PRECISE float h01 = 3.0f * u2 - 2.0f * u3;
    SW_PRECISE float h11 = u3 - u2;
    SW_PRECISE float x = h00 * a.x + h10 * SW_WIND_FIELD_DT * a.v + h01 * b.x + h11 * SW_WIND_FIELD_DT * b.v;
    return x;
}

/* The step at or before t (the window ends one step later). */
SW_FN int sw_field_step_before(float t)
{
    SW_PRECISE float k = sw_floor(t * SW_WIND_FIELD_STEPS_PER_S);
    return SW_I(k);
}

SW_FN float sw_field_step_time(int k)
{
    SW_PRECISE float t = SW_F(k) * SW_WIND_FIELD_DT;
    return t;
}

/* The springs at world point (x, z) at time t, simulated over `window` steps from rest (see the top). */
SW_FN sw_field_cell sw_field_simulate(sw_wind_drive d, sw_spring t, sw_spring p, sw_spring g, sw_spring s, int window,
                                      float x, float z, float time)
{
    int k1 = sw_field_step_before(time);
    SW_PRECISE float u = time * SW_WIND_FIELD_STEPS_PER_S - SW_F(k1);
    int k0 = k1 + 1 - window;
    sw_osc rest;
    rest.x = 0.0f;
    rest.v = 0.0f;
    sw_field_state st;
    st.tx = rest;
    st.tz = rest;
    st.px = rest;
    st.pz = rest;
    st.gx = rest;
    st.gz = rest;
    st.sx = rest;
    st.sz = rest;
    sw_wind_force f0 = sw_wind_force_at(d, x, z, sw_field_step_time(k0));
    for (int k = k0 + 1; k <= k1; k++) {
        sw_wind_force f1 = sw_wind_force_at(d, x, z, sw_field_step_time(k));
        st = sw_field_advance(st, t, p, g, s, f0, f1);
        f0 = f1;
    }
    sw_field_state before = st;
    sw_wind_force f1 = sw_wind_force_at(d, x, z, sw_field_step_time(k1 + 1));
    st = sw_field_advance(st, t, p, g, s, f0, f1);
    sw_wind_force now = sw_wind_force_at(d, x, z, time);
    sw_field_cell c;
    c.tx = sw_osc_at(before.tx, st.tx, u);
    c.tz = sw_osc_at(before.tz, st.tz, u);
    c.px = sw_osc_at(before.px, st.px, u);
    c.pz = sw_osc_at(before.pz, st.pz, u);
    c.gx = sw_osc_at(before.gx, st.gx, u);
    c.gz = sw_osc_at(before.gz, st.gz, u);
    c.sx = sw_osc_at(before.sx, st.sx, u);
    c.sz = sw_osc_at(before.sz, st.sz, u);
    c.fx = now.x;
    c.fz = now.z;
    c.gust = now.gust;
    c.pad = 0.0f;
    return c;
}

/* The centre of world cell i (m). */
SW_FN float sw_field_centre(int i)
{
    SW_PRECISE float c = (SW_F(i) + 0.5f) * SW_WIND_FIELD_CELL;
    return c;
}

/* Where (x, z) falls in the grid whose first cell is (i0, j0). The fractions come from the world cells alone,
 * so inside the grid a sample does not depend on where the camera put it. */
SW_FN sw_field_coord sw_field_locate(float x, float z, int i0, int j0)
{
    SW_PRECISE float wx = x * SW_WIND_FIELD_INV_CELL - 0.5f; /* in cells, 0 at world cell 0's centre */
    SW_PRECISE float wz = z * SW_WIND_FIELD_INV_CELL - 0.5f;
    float cx = sw_floor(wx);
    float cz = sw_floor(wz);
    SW_PRECISE float fx = wx - cx;
    SW_PRECISE float fz = wz - cz;
    sw_field_coord c;
    c.a = SW_I(cx) - i0;
    c.b = SW_I(cz) - j0;
    c.fx = fx;
    c.fz = fz;
    if (c.a < 0) {
        c.a = 0;
        c.fx = 0.0f;
    }
    if (c.a > SW_WIND_FIELD_RES - 2) {
        c.a = SW_WIND_FIELD_RES - 2;
        c.fx = 1.0f;
    }
    if (c.b < 0) {
        c.b = 0;
        c.fz = 0.0f;
    }
    if (c.b > SW_WIND_FIELD_RES - 2) {
        c.b = SW_WIND_FIELD_RES - 2;
        c.fz = 1.0f;
    }
    /* cells from the edge of the part of the grid that bilinear sampling covers (centres 0 .. RES - 1) */
    float last = SW_F(SW_WIND_FIELD_RES - 1);
    float gx = wx - SW_F(i0);
    float gz = wz - SW_F(j0);
    float edge = sw_minf(sw_minf(gx, last - gx), sw_minf(gz, last - gz));
    float w = sw_clampf(edge * (1.0f / SW_WIND_FIELD_BLEND), 0.0f, 1.0f);
    SW_PRECISE float ws = w * w * (3.0f - 2.0f * w);
    c.w = ws;
    return c;
}

/* Where a located point's four cells keep a category's displacement (the buffer's layout: the top). */
SW_FN sw_field_taps sw_field_taps_at(sw_field_coord c, sw_uint category)
{
    sw_field_taps t;
    t.o00 = (c.b * SW_WIND_FIELD_RES + c.a) * SW_WIND_FIELD_STRIDE + 2 * SW_I(category);
    t.o10 = t.o00 + SW_WIND_FIELD_STRIDE;
    t.o01 = t.o00 + SW_WIND_FIELD_RES * SW_WIND_FIELD_STRIDE;
    t.o11 = t.o01 + SW_WIND_FIELD_STRIDE;
    return t;
}

/* The field's value from its four cells' values (v00 at (a, b), v10 at (a + 1, b), ...) and the spring's
 * equilibrium at the point (eq = gain x force). */
SW_FN float sw_field_mix(sw_field_coord c, float v00, float v10, float v01, float v11, float eq)
{
    SW_PRECISE float lo = v00 + (v10 - v00) * c.fx;
    SW_PRECISE float hi = v01 + (v11 - v01) * c.fx;
    SW_PRECISE float grid = lo + (hi - lo) * c.fz;
    SW_PRECISE float r = eq + (grid - eq) * c.w;
    return r;
}

/* A displacement in unsaturated push units as a push (length < 1, a fraction of the height), softened like
 * sw_wind_push's: p = y k / (1 + |y| k) with k = 1.05 - stiffness (stiffness 0.05: k = 1). In equilibrium
 * (gain 1) this is sw_wind_push but for the swing's share of |y| (at most 6 %). */
SW_FN float sw_field_push_scale(float yx, float yz, float stiffness)
{
    float k = 1.05f - stiffness;
    float m = sw_sqrt(yx * yx + yz * yz) * k;
    return k / (1.0f + m);
}

#endif
