/* sw_shadow.h — the distant sun-shadow cascade as a "lit height" map (SPEC LS2; Horizon Zero Dawn GDC 2018
 * "Shadow Casting": beyond the shadow maps, a height-field cascade of ~1.5 km around the camera).
 *
 * For a point p on the ground plan, march the terrain height field H toward the sun (horizontal direction
 * d, elevation e) and keep the lowest height at which a point above p sees the sun over every step:
 *   lit(p) = max over s in {0, step, 2 step, ..., steps step} of H(p + s d) - s tan(e)
 * A point at height y above p is in shadow when y < lit(p) - bias. s = 0 gives lit(p) >= H(p): the ground
 * itself is lit exactly when no hill toward the sun rises above its line of sight. H is the bilinear height
 * field of sw_place.h (clamped at the terrain's edge), so the compute pass (shadow_far.comp.glsl) and the CPU
 * reference (tests/gpu/test_shadows.c) run this same code.
 *
 * The height fetch differs between the languages (a storage buffer in GLSL, a pointer in C), so the function
 * takes the heights as a leading argument in C only: call it as sw_lit_height(SW_HF_PASS(h) px, ...), where
 * SW_HF_PASS(h) is `h,` in C and nothing in GLSL (which reads common.inc.glsl's `heights`). */
#ifndef SW_SHADOW_H
#define SW_SHADOW_H
#include "sw_place.h"
#include "sw_ring.h"
#include "sw_hash.h"

#ifdef SW_GLSL
#define SW_HF_ARG
#define SW_HF_PASS(h)
#define SW_HF(i, j) sw_height(i, j)
#else
/* The C side's height field is a window (sw_ring.h): its samples, ring side and first global sample. */
typedef struct sw_hf_window {
    const float *h;
    int ring, i0, j0;
} sw_hf_window;
#define SW_HF_ARG const sw_hf_window *sw_hf,
#define SW_HF_PASS(h) h,
#define SW_HF(i, j) sw_hf->h[sw_ring_index(i, j, sw_hf->ring, sw_hf->i0, sw_hf->j0)]
#endif

/* Most steps one texel marches (a sun 2 degrees above the horizon over 30 m hills is ~860 m: the cap). */
#define SW_LIT_MAX_STEPS 512

/* The height field at (x, z), bilinear, clamped at the edge. */
SW_FN float sw_hf_height(SW_HF_ARG float x, float z, float x0, float z0, float inv_cell, int res)
{
    sw_hf_coord h = sw_hf_locate(x, z, x0, z0, inv_cell, res);
    return sw_bilerp(SW_HF(h.i, h.j), SW_HF(h.i + 1, h.j), SW_HF(h.i, h.j + 1), SW_HF(h.i + 1, h.j + 1), h.fx, h.fz);
}

/* Steps of `step` m a march needs to rise over the whole height range [y_min, y_max] at slope tan_e. */
SW_FN int sw_lit_steps(float y_min, float y_max, float tan_e, float step)
{
    if (!(tan_e > 0.0f)) return SW_LIT_MAX_STEPS;
    float n = sw_floor((y_max - y_min) / (tan_e * step)) + 1.0f;
    return SW_I(sw_minf(n, SW_F(SW_LIT_MAX_STEPS)));
}

/* lit(p) above; (dx, dz) the sun's horizontal direction, normalised (0, 0 with the sun overhead: steps 0). */
SW_FN float sw_lit_height(SW_HF_ARG float px, float pz, float dx, float dz, float tan_e, float step, int steps,
                          float x0, float z0, float inv_cell, int res)
{
    float lit = sw_hf_height(SW_HF_PASS(sw_hf) px, pz, x0, z0, inv_cell, res);
    for (int k = 1; k <= steps; k++) {
        float s = SW_F(k) * step;
        float h = sw_hf_height(SW_HF_PASS(sw_hf) px + dx * s, pz + dz * s, x0, z0, inv_cell, res) - s * tan_e;
        lit = sw_maxf(lit, h);
    }
    return lit;
}

/* ---- The lit-height cascade of the near and mid ranges (LS2, LS4) ----
 * Instead of rasterising the terrain into the near and mid shadow maps (0.7 and 0.76 ms on the H200 in
 * got_field), the ground's and the grass impostor's shadows within RENDER_SHADOW_MID_END of the camera are a
 * lit-height map like the far one, finer, in the sun's horizontal frame: axis d toward the sun, axis e across
 * it, texel (i, j) at (u, v) = (u0 + (i + 0.5) t, v0 + (j + 0.5) t) in (e, d). Along d the march of
 * sw_lit_height becomes a recurrence, lit(j) = max(C(j), lit(j + 1) - t tan(e)), scanned in parallel per row
 * (shadow_lit.comp.glsl). Two channels: C = the terrain (the near range, whose blades are cast for real), and
 * C = the terrain raised by the grass impostor (the mid range): the type's mean blade height x the grass-height
 * map, sunk by a hashed fraction of at most SW_LIT_DITHER of it per cell of 2 x 2 texels (Ghost of Tsushima's
 * dithered impostor; the shadow map's impostor was the same height field, rasterised). */
#define SW_LIT_DITHER 0.8f

/* The sun's horizontal frame: (dx, dz) toward the sun, normalised (+x with the sun overhead); tan_e its slope. */
struct sw_lit_axes {
    float dx, dz, tan_e;
};
#ifndef SW_GLSL
typedef struct sw_lit_axes sw_lit_axes;
#endif

SW_FN sw_lit_axes sw_lit_axes_of(float sun_x, float sun_y, float sun_z)
{
    sw_lit_axes a;
    float hl = sw_sqrt(sun_x * sun_x + sun_z * sun_z);
    bool overhead = hl < 1e-6f;
    a.dx = overhead ? 1.0f : sun_x / hl;
    a.dz = overhead ? 0.0f : sun_z / hl;
    a.tan_e = sun_y / sw_maxf(hl, 1e-6f);
    return a;
}

/* World x and z of the point (u, v) of the frame, and back (e = (-dz, dx)). */
SW_FN float sw_lit_world_x(sw_lit_axes a, float u, float v) { return v * a.dx - u * a.dz; }
SW_FN float sw_lit_world_z(sw_lit_axes a, float u, float v) { return u * a.dx + v * a.dz; }
SW_FN float sw_lit_u(sw_lit_axes a, float x, float z) { return z * a.dx - x * a.dz; }
SW_FN float sw_lit_v(sw_lit_axes a, float x, float z) { return x * a.dx + z * a.dz; }

/* The impostor's top at world (x, z) over ground height `ground`, raised by `raise` m of grass (0: none): sunk
 * by a hashed fraction of SW_LIT_DITHER of it, per cell of `grid` m anchored in the world (it does not swim). */
SW_FN float sw_lit_impostor(float ground, float raise, float x, float z, float grid)
{
    if (!(raise > 0.0f)) return ground;
    float f = sw_unit(sw_cell_hash(SW_I(sw_floor(x / grid)), SW_I(sw_floor(z / grid)), 0x5badu, 0x1234u));
    return ground + raise * (1.0f - SW_LIT_DITHER * f);
}

#endif
