// asset_probe.comp.glsl — test shader for tests/gpu/test_asset_wind.c: shaders/asset_vertex.inc.glsl's vertex
// program (sw_asset_point_of: the scale, the yaw and the wind's displacement, GA6, GA7, GA9) at probe points, bound
// as the asset passes bind it (set 0 the scene set: the assets, their vertices, the leaves' noise; set 1 the drawn
// instances at binding 2). A probe is (drawn instance, vertex); the output per probe: the world position, then the
// vertex as the buffer holds it (its 10 words), 16 words in all.
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_ASSET_DRAWN_BINDING 2
#include "asset_vertex.inc.glsl"

layout(local_size_x = 64) in;

layout(std430, set = SW_SET_PASS, binding = 0) readonly buffer ProbeBuf { uint probes[]; };
layout(std430, set = SW_SET_PASS, binding = 1) writeonly buffer OutBuf { uint results[]; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i >= uint(pc.level)) return; // probe count
    uint inst = probes[2u * i], vertex = probes[2u * i + 1u];
    sw_asset_point p = sw_asset_point_of(inst, vertex);
    sw_asset_vertex v = asset_vertices[vertex];
    uint o = 16u * i;
    results[o] = floatBitsToUint(p.world.x);
    results[o + 1u] = floatBitsToUint(p.world.y);
    results[o + 2u] = floatBitsToUint(p.world.z);
    results[o + 3u] = floatBitsToUint(v.x);
    results[o + 4u] = floatBitsToUint(v.y);
    results[o + 5u] = floatBitsToUint(v.z);
    results[o + 6u] = v.normal;
    results[o + 7u] = v.uv;
    results[o + 8u] = floatBitsToUint(v.px);
    results[o + 9u] = floatBitsToUint(v.py);
    results[o + 10u] = floatBitsToUint(v.pz);
    results[o + 11u] = v.wind;
    results[o + 12u] = v.part;
}
