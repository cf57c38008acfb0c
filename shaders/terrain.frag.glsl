// terrain.frag.glsl — the ground's G-buffer (SH2): the per-vertex albedo and normal (terrain.vert.glsl),
// rough dielectric, no translucency, and its motion in pixels since the last frame (a static surface: the
// camera's motion), for TAA. After a depth prime the pipeline tests EQUAL without writes.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_types.h"
#include "shared/sw_bindings.h"
#include "shared/sw_gbuffer.h"

layout(std430, set = SW_SET_SCENE, binding = SW_BIND_FRAME) readonly buffer FrameBuf { sw_frame frame; };
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_VIEWS) readonly buffer ViewBuf { sw_view views[]; };
layout(std430, set = SW_SET_PASS, binding = SW_GBUF_STATS) buffer StatsBuf { sw_cull_stats stats[]; };
layout(constant_id = 0) const uint SW_VIEW_SPEC = 0u;

layout(early_fragment_tests) in;
layout(location = 0) in vec3 v_albedo;
layout(location = 1) in vec3 v_normal;
layout(location = 2) in vec4 v_prev;
layout(location = 3) in vec2 v_occl;
layout(location = 0) out vec4 o_albedo;
layout(location = 1) out vec4 o_normal;
layout(location = 2) out vec4 o_material;
layout(location = 3) out vec2 o_motion;

void main()
{
    if ((frame.flags & SW_FLAG_COUNT_SHADING) != 0u) atomicAdd(stats[0].shaded, 1u); // SH1 diagnostics
    vec3 n = normalize(v_normal);
    sw_oct o = sw_oct_encode(n.x, n.y, n.z);
    o_albedo = vec4(v_albedo, v_occl.x);
    o_normal = vec4(o.u, o.v, 1.0, float(SW_KIND_TERRAIN) / 3.0);
    o_material = vec4(SW_REFLECTANCE / SW_REFLECTANCE_SCALE, 0.0, 0.0, v_occl.y);
    vec2 size = vec2(float(views[SW_VIEW_SPEC].width), float(views[SW_VIEW_SPEC].height));
    vec2 prev = (v_prev.xy / v_prev.w * 0.5 + 0.5) * size;
    o_motion = gl_FragCoord.xy - vec2(views[SW_VIEW_SPEC].jitter_x, views[SW_VIEW_SPEC].jitter_y) - prev;
}
