// grass_gbuffer.inc.glsl — the blades' G-buffer pass, fragment stage (included by grass.frag.glsl, after a
// depth prime, and grass_dither.frag.glsl, without one). Packs the interpolated surface (grass.vert.glsl):
// SH3 double-sided normal 'incorrectly' with abs(z) of the view-space normal (HZD, for grass: both sides
// face the viewer), the SH7 midrib darkening the albedo along the blade's centre line; no motion (GoT:
// grass writes no velocity, SW_MOTION_NONE).
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_types.h"
#include "shared/sw_bindings.h"
#include "shared/sw_gbuffer.h"
#include "dither.inc.glsl"

layout(std430, set = SW_SET_SCENE, binding = SW_BIND_FRAME) readonly buffer FrameBuf { sw_frame frame; };
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_VIEWS) readonly buffer ViewBuf { sw_view views[]; };
layout(std430, set = SW_SET_PASS, binding = SW_GBUF_STATS) buffer StatsBuf { sw_cull_stats stats[]; };
layout(constant_id = 0) const uint SW_VIEW_SPEC = 0u;

layout(location = 0) in vec3 v_albedo;
layout(location = 1) in vec3 v_normal;
layout(location = 2) flat in float v_fade;
layout(location = 3) in float v_side;
layout(location = 4) in vec4 v_surface;
layout(location = 5) in float v_gloss;
layout(location = 0) out vec4 o_albedo;
layout(location = 1) out vec4 o_normal;
layout(location = 2) out vec4 o_material;
layout(location = 3) out vec2 o_motion;

void grass_gbuffer()
{
    if ((frame.flags & SW_FLAG_COUNT_SHADING) != 0u) atomicAdd(stats[0].shaded, 1u); // SH1 diagnostics
    vec3 back = -vec3(views[SW_VIEW_SPEC].fwd_x, views[SW_VIEW_SPEC].fwd_y, views[SW_VIEW_SPEC].fwd_z);
    vec3 n = normalize(v_normal);
    float z = dot(n, back);
    n += 2.0 * max(-z, 0.0) * back; // abs(z) in view space
    float rib = 1.0 - 0.2 * (1.0 - min(abs(v_side) * 5.0, 1.0));
    sw_oct o = sw_oct_encode(n.x, n.y, n.z);
    o_albedo = vec4(v_albedo * rib, v_surface.x);
    o_normal = vec4(o.u, o.v, v_surface.y, float(SW_KIND_GRASS) / 3.0);
    o_material = vec4(SW_REFLECTANCE / SW_REFLECTANCE_SCALE, v_surface.z, v_surface.w, v_gloss);
    o_motion = vec2(SW_MOTION_NONE); // written as 'none' (not left undefined): TAA reprojects by depth
}

// SC5 screen-door fade of the blade.
bool grass_dithered_out()
{
    return sw_screen_door_out(v_fade);
}
