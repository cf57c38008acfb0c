// asset_depth.frag.glsl — the assets' depth prime and near-cascade casters (SPEC SH1, LS3): the cards' alpha test
// (texture sets, impostors) and the screen door, nothing else.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_bindings.h"
#include "asset_alpha.inc.glsl"

layout(location = 2) in vec2 v_uv;
layout(location = 3) flat in uint v_card;
layout(location = 4) flat in uint v_door;
layout(location = 6) flat in uint v_shift;
layout(location = 7) flat in uint v_impostor;

void main()
{
    if (sw_asset_cut(v_uv, v_card, v_door, uvec2(gl_FragCoord.xy), v_shift, v_impostor)) discard;
}
