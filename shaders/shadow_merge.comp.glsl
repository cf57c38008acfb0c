// shadow_merge.comp.glsl — the near cascade's compute-rasterised blades into its layer of the shadow map
// (SPEC BX1, LS3): per texel the nearer (reverse-Z: larger) of the terrain's depth that shadow_near drew and
// the blades' (shadow_raster.comp.glsl), written back over the blades' buffer as float bits, which
// shadow_raster.c copies into layer 0.
// Reads: the near view, the shadow map, the casters' depth. Writes: the casters' buffer (merged).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, set = SW_SET_PASS, binding = SW_SHADOW_CASTERS) buffer CasterBuf { uint casters[]; };
layout(set = SW_SET_PASS, binding = SW_SHADOW_LAYERS) uniform sampler2DArray shadow_map;

void main()
{
    uvec2 p = gl_GlobalInvocationID.xy;
    if (p.x >= VIEW.width || p.y >= VIEW.height) return;
    uint i = p.y * VIEW.width + p.x;
    float terrain = texelFetch(shadow_map, ivec3(p, 0), 0).r;
    casters[i] = floatBitsToUint(max(terrain, uintBitsToFloat(casters[i])));
}
