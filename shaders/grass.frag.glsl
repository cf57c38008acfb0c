// grass.frag.glsl — blade shading in linear HDR (LS1, PO1): sun diffuse on the side facing the viewer, a
// back-lit translucency term (SH6, simple form: lighting with the negated normal times thickness), sky
// ambient, ambient occlusion darkening towards the root.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(location = 0) in vec3 v_normal;
layout(location = 1) in vec3 v_albedo;
layout(location = 2) in vec3 v_world;
layout(location = 3) in float v_t;
layout(location = 4) flat in uint v_material;

layout(location = 0) out vec4 o_color;

void main()
{
    vec3 n = normalize(v_normal);
    if (!gl_FrontFacing) n = -n;
    vec3 l = sw_sun_dir();
    vec3 view = normalize(vec3(frame.cam_x, frame.cam_y, frame.cam_z) - v_world);
    float translucency = materials[v_material].translucency;
    float ao = mix(0.25, 1.0, v_t);
    float diffuse = max(dot(n, l), 0.0);
    // Light through the blade: the back side lit by the sun, strongest looking towards the sun.
    float back = max(dot(-n, l), 0.0) * translucency * (0.5 + 0.5 * pow(max(dot(-view, l), 0.0), 4.0));
    vec3 sun = sw_sun_radiance() * (diffuse + back * 0.8) * mix(0.5, 1.0, v_t);
    vec3 ambient = sw_sky_ambient(n) * ao;
    o_color = vec4(v_albedo * (sun + ambient), 1.0);
}
