// grass.vert.glsl — blades built from vertex id and instance id, no vertex streams (SPEC GA1, GA2, GA4;
// Ghost of Tsushima "Procedural blade geometry", "Bezier shape and wind motion").
// Reads: frame, materials, blades. No instancing: a tile's draw covers its blades' vertices, vertex id =
// blade * vertices per blade + vertex in the blade, and gl_InstanceIndex (first_instance) is the LOD. Tiny
// instances (7 vertices) fill a fraction of a 32-wide vertex warp; pulling vertices this way fills them all.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_place.h"
#include "shared/sw_blade_shape.h"
#include "common.inc.glsl"

layout(std430, set = 0, binding = 4) readonly buffer BladeBuf { sw_blade blades[]; };

layout(location = 0) out vec3 v_front; // radiance of the side the normal points to
layout(location = 1) out vec3 v_back;  // radiance of the other side

// Blade shading in linear HDR (LS1, PO1): sun diffuse, a back-lit translucency term (SH6 in its simple
// form: the light arriving on the other side, through the blade), sky ambient, and occlusion darkening
// towards the root. Evaluated per vertex: a blade is a few pixels wide, and on GPUs with few graphics units
// the fragment stage is the slow one (measured: per-pixel shading cost the H200 most of its grass time).
vec3 shade(vec3 n, vec3 albedo, vec3 view, float translucency, float t)
{
    vec3 l = sw_sun_dir();
    float diffuse = max(dot(n, l), 0.0);
    float back = max(dot(-n, l), 0.0) * translucency * (0.5 + 0.5 * pow(max(dot(-view, l), 0.0), 4.0));
    vec3 sun = sw_sun_radiance() * (diffuse + back * 0.8) * mix(0.5, 1.0, t);
    vec3 ambient = sw_sky_ambient(n) * mix(0.25, 1.0, t);
    return albedo * (sun + ambient);
}

void main()
{
    bool low = gl_InstanceIndex != 0;
    uint verts = low ? SW_LOW_VERTS : SW_HIGH_VERTS;
    uint vid = uint(gl_VertexIndex);
    sw_blade b = blades[vid / verts];
    uint v = vid % verts;
    uint segments = (verts - 1u) / 2u;
    float t = sw_strip_t(v, segments);
    float side = sw_strip_side(v, segments);

    float a = sw_blade_facing(b);
    vec2 f = vec2(cos(a), sin(a));
    float height = sw_blade_height(b);
    float width = sw_blade_width(b);
    vec2 push = vec2(sw_snorm8_decode(b.shape >> 8u), sw_snorm8_decode(b.shape >> 16u));

    // Hash-offset sine bobbing (GA4): each blade sways around its wind-pushed pose with its own phase and
    // rate, more when the wind is stronger.
    float hash = float(b.facing_hash >> 16u) * (1.0 / 65536.0);
    vec2 wdir = vec2(frame.wind_x, frame.wind_z);
    float bob = sin(frame.time * (2.1 + 1.3 * hash) + hash * SW_TAU) * (0.04 + 0.25 * length(push));
    push += wdir * bob;

    sw_bezier c = sw_blade_curve(height, sw_blade_bend(b), f.x, f.y, push.x, push.y);
    sw_v3 p = sw_bezier_pos(c, t);
    sw_v3 d = sw_bezier_tangent(c, t);
    vec3 tangent = normalize(vec3(d.x, d.y, d.z) + vec3(0.0, 1e-6, 0.0));
    vec3 across = vec3(-f.y, 0.0, f.x);
    vec3 normal = normalize(cross(across, tangent));
    // GA2: normals tilted outward across the blade, so it shades as if rounded.
    normal = normalize(normal + across * side * 0.35);

    vec3 world = vec3(b.x, b.y, b.z) + vec3(p.x, p.y, p.z) + across * (side * 0.5 * width * sw_blade_taper(t));
    gl_Position = sw_mat4(frame.view_proj) * vec4(world, 1.0);

    uint mi = sw_blade_material(b);
    sw_material m = materials[mi];
    vec3 root = vec3(m.root_r, m.root_g, m.root_b);
    vec3 tip = vec3(m.tip_r, m.tip_g, m.tip_b);
    // Per-blade variation from the hash: a little lighter or darker, a little more or less yellow.
    float tint = 0.85 + 0.3 * fract(hash * 7.31);
    vec3 albedo = mix(root, tip, smoothstep(0.0, 1.0, t)) * tint;
    vec3 view = normalize(vec3(frame.cam_x, frame.cam_y, frame.cam_z) - world);
    v_front = shade(normal, albedo, view, m.translucency, t);
    v_back = shade(-normal, albedo, view, m.translucency, t);
}
