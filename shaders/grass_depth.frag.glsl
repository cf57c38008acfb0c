// grass_depth.frag.glsl — the depth prime's fragment stage: only the SC5 screen door (dither.inc.glsl), so
// the G-buffer pass after it needs no discard.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "dither.inc.glsl"

layout(location = 0) flat in float v_fade;

void main()
{
    if (sw_screen_door_out(v_fade)) discard;
}
