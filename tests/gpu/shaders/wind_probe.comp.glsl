// wind_probe.comp.glsl — test shader for tests/gpu/test_wind_field.c: shaders/wind_field.inc.glsl's
// sw_field_sample and sw_field_push at probe points, bound as a vegetation pass binds the field (set 0 the
// scene set, set 1 the field at SW_BIND_WIND_FIELD). A probe is 4 floats: x, z, category, stiffness; the
// output per probe: the sample (x, z), the push (x, z) and the previous frame's sample (x, z: SH2 motion vectors).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "wind_field.inc.glsl"

layout(local_size_x = 64) in;

layout(std430, set = SW_SET_PASS, binding = 0) readonly buffer ProbeBuf { float probes[]; };
layout(std430, set = SW_SET_PASS, binding = 1) writeonly buffer OutBuf { float results[]; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i >= uint(pc.level)) return; // probe count
    vec2 xz = vec2(probes[4u * i], probes[4u * i + 1u]);
    uint category = uint(probes[4u * i + 2u]);
    vec2 y = sw_field_sample(category, xz);
    vec2 p = sw_field_push(y, probes[4u * i + 3u]);
    vec2 was = sw_field_sample_at(category, xz, true);
    results[6u * i] = y.x;
    results[6u * i + 1u] = y.y;
    results[6u * i + 2u] = p.x;
    results[6u * i + 3u] = p.y;
    results[6u * i + 4u] = was.x;
    results[6u * i + 5u] = was.y;
}
