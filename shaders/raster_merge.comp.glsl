// raster_merge.comp.glsl — the frame's depth where the compute rasteriser draws (SPEC BX1): per pixel the nearer
// of the hardware passes' depth and the visibility buffer's, into an R32F image that the lighting and TAA read in
// the depth image's place (render_use.frame_depth). The depth image itself keeps the hardware's depth: a depth
// image cannot be written from compute, and copying the merged depth into it cost 0.10 ms of this pass's 0.125
// at 1920x1080 on the H200. So the G-buffer passes (EQUAL) also shade the few hardware blades and
// asset fragments behind compute blades, and resolve.comp.glsl (which tests the hardware's depth, the same
// decision as against the merged one) writes the compute blade over them.
// Reads: the visibility buffer, the depth. Writes: the merged depth.
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#include "common.inc.glsl"
#include "shared/sw_raster.h"

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, set = SW_SET_PASS, binding = SW_RASTER_VIS) readonly buffer VisBuf { uint64_t vis[]; };
layout(set = SW_SET_PASS, binding = SW_RESOLVE_DEPTH) uniform sampler2D depth_tex;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_MERGED, r32f) uniform writeonly image2D merged;

void main()
{
    uvec2 p = gl_GlobalInvocationID.xy;
    if (p.x >= VIEW.width || p.y >= VIEW.height) return;
    uint64_t key = vis[p.y * VIEW.width + p.x];
    float d = max(texelFetch(depth_tex, ivec2(p), 0).r, key == 0UL ? 0.0 : sw_raster_depth(uint(key >> 32)));
    imageStore(merged, ivec2(p), vec4(d, 0.0, 0.0, 0.0));
}
