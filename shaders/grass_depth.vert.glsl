// grass_depth.vert.glsl — the blades' depth prime (SPEC SH1, HZD "Depth Only Pass: very cheap depth only
// shader"): the same vertex as the G-buffer pass (grass_blade.inc.glsl, precise position), only the fade
// goes on to the fragment stage's screen door.
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_BLADE_VERTEX_STAGE
#include "grass_blade.inc.glsl"

layout(location = 0) flat out float v_fade;
layout(location = 1) flat out uint v_shift; // SC5: the screen door's offset this frame (dither.inc.glsl)

void main()
{
    blade_vertex g = blade_vertex_build();
    v_fade = g.fade;
    v_shift = sw_door_shift();
}
