// asset_depth.frag.glsl — the assets' depth prime and shadow casters (SPEC SH1, LS3): the card's alpha test and
// the screen door, nothing else.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "asset_alpha.inc.glsl"

layout(location = 2) in vec2 v_uv;
layout(location = 3) flat in uint v_surface;
layout(location = 4) flat in uint v_door;
layout(location = 6) flat in uint v_shift;

void main()
{
    if (sw_asset_cut(v_uv, v_surface, v_door, uvec2(gl_FragCoord.xy), v_shift)) discard;
}
