// terrain.frag.glsl — the ground's G-buffer (SH2): the per-vertex albedo, normal and roughness (SH10;
// terrain.vert.glsl), no translucency, and its motion in pixels since the last frame (a static surface: the
// camera's motion), for TAA. After a depth prime the pipeline tests EQUAL without writes.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "gbuffer_out.inc.glsl"

layout(early_fragment_tests) in;
layout(location = 0) in vec3 v_albedo;
layout(location = 1) in vec3 v_normal;
layout(location = 2) in vec4 v_prev;
layout(location = 3) in vec2 v_occl;
layout(location = 4) in float v_rough;

void main()
{
    vec2 size = vec2(float(views[SW_VIEW_SPEC].width), float(views[SW_VIEW_SPEC].height));
    vec2 prev = (v_prev.xy / v_prev.w * 0.5 + 0.5) * size;
    vec2 motion = gl_FragCoord.xy - vec2(views[SW_VIEW_SPEC].jitter_x, views[SW_VIEW_SPEC].jitter_y) - prev;
    sw_gbuffer_write(v_albedo, v_occl.x, normalize(v_normal), v_rough, SW_KIND_TERRAIN, 0.0, 0.0, v_occl.y, motion);
}
