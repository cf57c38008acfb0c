// grass_gbuffer.inc.glsl — the blades' G-buffer pass, fragment stage (included by grass.frag.glsl, after a
// depth prime, and grass_dither.frag.glsl, without one). Packs the interpolated surface (grass.vert.glsl):
// SH3 double-sided normal 'incorrectly' with abs(z) of the view-space normal (HZD, for grass: both sides
// face the viewer), the SH7 midrib darkening the albedo along the blade's centre line; no motion (GoT:
// grass writes no velocity, SW_MOTION_NONE).
#extension GL_GOOGLE_include_directive : require
#include "gbuffer_out.inc.glsl"
#include "dither.inc.glsl"
#include "grass_pixel.inc.glsl"

layout(location = 0) in vec3 v_albedo;
layout(location = 1) in vec3 v_normal;
layout(location = 2) flat in float v_fade;
layout(location = 3) in float v_side;
layout(location = 4) in vec4 v_surface;
layout(location = 5) in float v_gloss;
layout(location = 6) flat in uint v_shift;

void grass_gbuffer()
{
    vec3 back = -vec3(views[SW_VIEW_SPEC].fwd_x, views[SW_VIEW_SPEC].fwd_y, views[SW_VIEW_SPEC].fwd_z);
    vec3 n, albedo;
    grass_pixel(v_albedo, v_normal, v_side, back, albedo, n);
    // motion written as 'none' (not left undefined): TAA reprojects the blades by depth
    sw_gbuffer_write(albedo, v_surface.x, n, v_surface.y, SW_KIND_GRASS, v_surface.z, v_surface.w, v_gloss,
                     vec2(SW_MOTION_NONE));
}

// SC5 screen-door fade of the blade.
bool grass_dithered_out()
{
    return sw_screen_door_out(v_fade, v_shift);
}
