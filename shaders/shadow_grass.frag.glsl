// shadow_grass.frag.glsl — the near cascade's alpha test (SPEC LS3, SC5): the blade's screen-door fade as in
// grass.frag.glsl, the ordered 4x4 Bayer dither of dither.inc.glsl with discard (moving each frame), so fading
// blades cast fading shadows.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "dither.inc.glsl"

layout(location = 0) flat in float v_fade;
layout(location = 1) flat in uint v_shift;

void main()
{
    if (sw_screen_door_out(v_fade, v_shift)) discard; // the shadow caster's dither
}
