// shadow_probe.comp.glsl — test shader for tests/gpu/test_shadows.c: evaluates shaders/shadow.inc.glsl's
// sw_sun_shadow and sw_contact_shadow at probe points, bound like the lighting pass binds them (set 0 the
// scene set, set 1 the shadow map, the far map and the camera's depth at the SW_LIGHT_* bindings).
// A probe is 12 floats: world x, y, z, normal x, y, z, pixel u, v, the pixel's footprint x, y, z (sw_sun_shadow's
// span; zero: a point), unused. With u >= 0 the point is the camera depth's
// surface at that pixel (normal up) instead; with u < 0 and v > 0, v is the view distance the lookup is given
// (to reach the far cascade on a small terrain). Output per probe: sun, contact, view distance, depth.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "shadow.inc.glsl"

layout(local_size_x = 64) in;

layout(std430, set = SW_SET_PASS, binding = 0) readonly buffer ProbeBuf { float probes[]; };
layout(std430, set = SW_SET_PASS, binding = 1) writeonly buffer OutBuf { float results[]; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i >= uint(pc.level)) return; // probe count
    uint o = 12u * i;
    vec3 world = vec3(probes[o], probes[o + 1u], probes[o + 2u]);
    vec3 normal = vec3(probes[o + 3u], probes[o + 4u], probes[o + 5u]);
    vec2 uv = vec2(probes[o + 6u], probes[o + 7u]);
    float depth = -1.0;
    if (uv.x >= 0.0) {
        depth = textureLod(sw_light_depth, uv, 0.0).r;
        vec4 q = sw_mat4(views[0].inv_view_proj) * vec4(uv * 2.0 - 1.0, depth, 1.0);
        world = q.xyz / q.w;
        normal = vec3(0.0, 1.0, 0.0);
    }
    float dist = length(world - vec3(views[0].cam_x, views[0].cam_y, views[0].cam_z));
    if (uv.x < 0.0 && uv.y > 0.0) dist = uv.y;
    results[4u * i] = sw_sun_shadow(world, normal, dist, vec3(probes[o + 8u], probes[o + 9u], probes[o + 10u]));
    results[4u * i + 1u] = uv.x >= 0.0 ? sw_contact_shadow(uv, world, dist) : 1.0;
    results[4u * i + 2u] = dist;
    results[4u * i + 3u] = depth;
}
