// terrain_probe.comp.glsl — test shader for tests/gpu/test_far_field.c: shaders/terrain_surface.inc.glsl's
// sw_terrain_texel (the far look's grass cover of a map texel) at every map texel's centre, bound as the ground's
// resolve binds it (set 0 the scene set). The output per texel: its cover, canopy code, grass height and type.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "terrain_surface.inc.glsl"

layout(local_size_x = 64) in;

layout(std430, set = SW_SET_PASS, binding = 1) writeonly buffer OutBuf { float results[]; };

void main()
{
    uint k = gl_GlobalInvocationID.x;
    if (k >= uint(pc.level)) return; // map_res^2 texels
    int res = frame.map_res, i = int(k) % res, j = int(k) / res;
    vec2 xz = vec2(frame.terrain_x0 + (float(i) + 0.5) / frame.map_inv_cell,
                   frame.terrain_z0 + (float(j) + 0.5) / frame.map_inv_cell);
    float canopy_d = SW_CANOPY_UNREAD, draw_d = 0.0;
    vec4 far = vec4(0.0);
    uint ground;
    vec4 t = sw_terrain_texel(i, j, xz, canopy_d, draw_d, far, ground);
    results[4u * k] = t.a;
    results[4u * k + 1u] = float(sw_canopy_code(i, j));
    results[4u * k + 2u] = sw_grass_height(i, j);
    results[4u * k + 3u] = float(sw_type_at(i, j));
}
