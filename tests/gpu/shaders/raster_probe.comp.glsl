// raster_probe.comp.glsl — test shader for tests/gpu/test_raster_fill.c: rasterises N triangles with the
// compute rasteriser's triangle walk (shaders/raster_triangle.inc.glsl, SPEC BX1), one thread per triangle,
// into a W x H target of counters: every covered pixel centre gets one atomicAdd in `counts` and an atomicMax
// of the triangle's index + 1 in `winners`. A triangle is 6 floats: x, y of its three vertices in pixels.
// Push constants: triangle count, W, H.
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#include "shared/sw_raster.h"

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer TriBuf { float tris[]; };
layout(std430, set = 0, binding = 1) buffer CountBuf { uint counts[]; };
layout(std430, set = 0, binding = 2) buffer WinnerBuf { uint winners[]; };

layout(push_constant) uniform Push { uint n, w, h; } pc;

uint g_tri = 0u; // the triangle this thread walks

void raster_fragment(int x, int y, float z, vec2 attributes)
{
    uint i = uint(y) * pc.w + uint(x);
    atomicAdd(counts[i], 1u);
    atomicMax(winners[i], g_tri + 1u);
}

#include "raster_triangle.inc.glsl"

void main()
{
    uint t = gl_GlobalInvocationID.x;
    if (t >= pc.n) return;
    g_tri = t;
    uint o = 6u * t;
    vec3 a = vec3(tris[o], tris[o + 1u], 0.25);
    vec3 b = vec3(tris[o + 2u], tris[o + 3u], 0.5);
    vec3 c = vec3(tris[o + 4u], tris[o + 5u], 0.75);
    raster_triangle(a, b, c, vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(0.0, 1.0), int(pc.w), int(pc.h));
}
