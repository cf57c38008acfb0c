// raster_merge.comp.glsl — the compute rasteriser's depth into the frame's depth (SPEC BX1): per pixel the
// nearer of the hardware passes' depth and the visibility buffer's, into a buffer that raster.c copies into the
// depth image. With the depth prime (SH1) this runs before the G-buffer passes, so their depth test EQUAL
// leaves the ground under compute blades unshaded, as it does under hardware ones.
// Reads: the visibility buffer, the depth. Writes: the merged depth.
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#include "common.inc.glsl"
#include "shared/sw_raster.h"

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, set = SW_SET_PASS, binding = SW_RASTER_VIS) readonly buffer VisBuf { uint64_t vis[]; };
layout(set = SW_SET_PASS, binding = SW_RESOLVE_DEPTH) uniform sampler2D depth_tex;
layout(std430, set = SW_SET_PASS, binding = SW_RESOLVE_MERGED) writeonly buffer MergedBuf { float merged[]; };

void main()
{
    uvec2 p = gl_GlobalInvocationID.xy;
    if (p.x >= VIEW.width || p.y >= VIEW.height) return;
    uint i = p.y * VIEW.width + p.x;
    uint64_t key = vis[i];
    merged[i] = max(texelFetch(depth_tex, ivec2(p), 0).r, key == 0UL ? 0.0 : sw_raster_depth(uint(key >> 32)));
}
