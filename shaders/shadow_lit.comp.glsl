// shadow_lit.comp.glsl — the near and mid ranges' lit-height map (SPEC LS2, LS4): per texel of the
// square around the camera in the sun's horizontal frame (views[SW_VIEW_MID].lit_*, shared/sw_shadow.h), the
// lowest height that sees the sun over the ground (x), and how much higher it is over the ground raised by the
// grass impostor (y: the impostor's excess, >= 0, what the lookup filters: shadow.inc.glsl).
// One workgroup per row i (a line toward the sun), each thread a run of `per` texels along it:
//   1. the casters' heights C(j) of its run, and the run's own recurrence lit(j) = max(C(j), lit(j + 1) - drop)
//      (drop = texel x tan(sun elevation)) from its sunward end;
//   2. a run is the function c -> max(A, c - L drop) of the lit height c just sunward of it; the functions
//      compose into the same form, so a suffix scan over the threads (Hillis-Steele in shared memory) gives each
//      run the lit height entering it; the row enters from the far lit-height map just beyond the square;
//   3. each texel max(its run's lit, the entering height - its distance x drop).
// The result is the march of sw_lit_height with a texel's step, unbounded toward the sun within the square and
// the far map's beyond it. Reads frame, heights, maps, materials, the mid and far views, RES_SHADOW_FAR. Writes
// RES_SHADOW_LIT.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "shared/sw_shadow.h"

#define THREADS 256
#define MAX_PER 8 // texels a thread: sizes up to 2048 texels a side (RENDER_SHADOW_SIZE: shadow_lit.c asserts it)

layout(local_size_x = THREADS) in;

layout(std430, set = SW_SET_PASS, binding = SW_SHADOW_LIT_OUT) writeonly buffer LitOut { vec2 lit[]; };
layout(std430, set = SW_SET_PASS, binding = SW_SHADOW_LIT_FAR) readonly buffer FarIn { float far_lit[]; };

shared vec2 s_a[THREADS];
shared float s_l[THREADS];

const float NONE = -1e30;

// The far map's lit height at (x, z), bilinear; NONE outside it (the ground there shades nothing).
float far_height(float x, float z)
{
    int n = int(views[SW_VIEW_FAR].width);
    float t = views[SW_VIEW_FAR].shadow_texel;
    vec2 g = (vec2(x, z) - vec2(views[SW_VIEW_FAR].shadow_x0, views[SW_VIEW_FAR].shadow_z0)) / t - 0.5;
    if (n < 2 || any(lessThan(g, vec2(0.0))) || any(greaterThan(g, vec2(float(n - 1))))) return NONE;
    ivec2 i0 = min(ivec2(floor(g)), ivec2(n - 2));
    vec2 f = g - vec2(i0);
    int k = i0.y * n + i0.x;
    return mix(mix(far_lit[k], far_lit[k + 1], f.x), mix(far_lit[k + n], far_lit[k + n + 1], f.x), f.y);
}

// The casters' heights at world (x, z): the ground, and the ground raised by the impostor.
vec2 casters(float x, float z, float grid)
{
    float ground = sw_hf_height(x, z, frame.terrain_x0, frame.terrain_z0, frame.terrain_inv_cell, frame.terrain_res);
    float raise = 0.0;
    if (frame.map_res > 0) {
        int mi = clamp(int((x - frame.terrain_x0) * frame.map_inv_cell), 0, frame.map_res - 1);
        int mj = clamp(int((z - frame.terrain_z0) * frame.map_inv_cell), 0, frame.map_res - 1);
        uint type = sw_type_at(mi, mj);
        float gh = sw_grass_height(mi, mj);
        if (type < frame.material_count && gh > 0.0) raise = 0.5 * (materials[type].height_min + materials[type].height_max) * gh;
    }
    return vec2(ground, sw_lit_impostor(ground, raise, x, z, grid));
}

void main()
{
    const int n = int(views[SW_VIEW_MID].lit_size);
    const int row = int(gl_WorkGroupID.x);
    const int k = int(gl_LocalInvocationID.x);
    const float t = views[SW_VIEW_MID].lit_texel;
    const sw_lit_axes ax = sw_lit_axes_of(frame.sun_x, frame.sun_y, frame.sun_z);
    const float drop = t * ax.tan_e;
    const float u = views[SW_VIEW_MID].lit_u0 + (float(row) + 0.5) * t;
    const int per = (n + THREADS - 1) / THREADS;
    const int lo = k * per, hi = min(lo + per, n); // this thread's run [lo, hi), sunward at hi

    // 1. the run's casters and its own recurrence from its sunward end
    vec2 run[MAX_PER];
    vec2 c = vec2(NONE);
    const int mine = clamp(hi - lo, 0, MAX_PER); // the run's texels (a loop to it, not to MAX_PER: a CPU device
                                                 // runs the masked iterations too)
    for (int q = mine - 1; q >= 0; q--) {
        float v = views[SW_VIEW_MID].lit_v0 + (float(lo + q) + 0.5) * t;
        c = max(casters(sw_lit_world_x(ax, u, v), sw_lit_world_z(ax, u, v), 2.0 * t), c - drop);
        run[q] = c;
    }
    // 2. the suffix scan of the runs' functions (A, L): f(c) = max(A, c - L drop); a thread past the row is
    // the identity (NONE, 0). S_k = f_k o f_k+1 o ... (the runs from k sunward)
    s_a[k] = hi > lo ? c : vec2(NONE);
    s_l[k] = float(max(hi - lo, 0));
    barrier();
    for (int off = 1; off < THREADS; off <<= 1) {
        vec2 a = s_a[k];
        float l = s_l[k];
        if (k + off < THREADS) {
            a = max(a, s_a[k + off] - l * drop);
            l += s_l[k + off];
        }
        barrier();
        s_a[k] = a;
        s_l[k] = l;
        barrier();
    }
    // the height entering the row: the far map's just beyond the square; entering this run: S_k+1 of it
    float ve = views[SW_VIEW_MID].lit_v0 + (float(n) + 0.5) * t;
    float edge = far_height(sw_lit_world_x(ax, u, ve), sw_lit_world_z(ax, u, ve));
    vec2 enter = vec2(edge);
    if (k + 1 < THREADS) enter = max(s_a[k + 1], enter - s_l[k + 1] * drop);
    // 3. each texel of the run
    for (int q = 0; q < mine; q++) {
        vec2 h = max(run[q], enter - float(hi - (lo + q)) * drop);
        lit[row * n + lo + q] = vec2(h.x, h.y - h.x); // the ground's, and how far the impostor raises it
    }
}
