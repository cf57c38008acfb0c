// shadow_far.comp.glsl — the far cascade's lit-height map (SPEC LS2; HZD "Shadow Casting"'s distant
// height-field cascade): per texel of the square around the camera (views[SW_VIEW_FAR]), the lowest height
// that sees the sun over the terrain (shared/sw_shadow.h, the same code as the CPU reference).
// Reads: frame, the far view, heights. Writes: the lit heights. 8 x 8 texels per workgroup.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "shared/sw_shadow.h"

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, set = SW_SET_PASS, binding = SW_SHADOW_FAR_OUT) writeonly buffer LitBuf { float lit[]; };

void main()
{
    uint n = views[SW_VIEW_FAR].width;
    uvec2 t = gl_GlobalInvocationID.xy;
    if (t.x >= n || t.y >= n) return;
    float texel = views[SW_VIEW_FAR].shadow_texel;
    float px = views[SW_VIEW_FAR].shadow_x0 + (float(t.x) + 0.5) * texel;
    float pz = views[SW_VIEW_FAR].shadow_z0 + (float(t.y) + 0.5) * texel;
    vec3 l = sw_sun_dir();
    float hl = length(l.xz);
    bool overhead = hl < 1e-6;
    vec2 d = overhead ? vec2(0.0) : l.xz / hl;
    float tan_e = overhead ? 0.0 : l.y / hl;
    int steps = overhead ? 0 : sw_lit_steps(0.0, views[SW_VIEW_FAR].shadow_depth_range, tan_e, texel);
    lit[t.y * n + t.x] = sw_lit_height(px, pz, d.x, d.y, tan_e, texel, steps, frame.terrain_x0, frame.terrain_z0,
                                       frame.terrain_inv_cell, frame.terrain_res);
}
