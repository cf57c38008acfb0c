// grass_gbuffer.inc.glsl — the blades' G-buffer pass, fragment stage (included by grass.frag.glsl, after a
// depth prime, and grass_dither.frag.glsl, without one). Packs the interpolated surface (grass.vert.glsl):
// SH3 double-sided normal 'incorrectly' with abs(z) of the view-space normal (HZD, for grass: both sides
// face the viewer), the SH7 midrib darkening the albedo along the blade's centre line; the motion since the
// previous frame (SH2: the wind's and the camera's; grass_blade.inc.glsl blade_prev_world).
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
layout(location = 7) in vec4 v_prev;

void grass_gbuffer()
{
    vec3 back = -vec3(views[SW_VIEW_SPEC].fwd_x, views[SW_VIEW_SPEC].fwd_y, views[SW_VIEW_SPEC].fwd_z);
    vec3 n, albedo;
    grass_pixel(v_albedo, v_normal, v_side, back, albedo, n);
    vec2 size = vec2(float(views[SW_VIEW_SPEC].width), float(views[SW_VIEW_SPEC].height));
    vec2 motion = gl_FragCoord.xy - vec2(views[SW_VIEW_SPEC].jitter_x, views[SW_VIEW_SPEC].jitter_y) -
                  (v_prev.xy / v_prev.w * 0.5 + 0.5) * size;
    sw_gbuffer_write(albedo, v_surface.x, n, v_surface.y, SW_KIND_GRASS, v_surface.z, v_surface.w, v_gloss, motion);
}

// SC5 screen-door fade of the blade.
bool grass_dithered_out()
{
    return sw_screen_door_out(v_fade, v_shift);
}
