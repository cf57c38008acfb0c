// grass_depth.frag.glsl — the depth prime's fragment stage: only the SC5 screen door (dither.inc.glsl), so
// the G-buffer pass after it needs no discard.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "dither.inc.glsl"

layout(location = 0) flat in float v_fade;
layout(location = 1) flat in uint v_shift;

void main()
{
    if (sw_screen_door_out(v_fade, v_shift)) discard;
}
