// asset_depth.frag.glsl — the assets' depth prime and shadow casters (SPEC SH1, LS3): the cards' alpha test and
// the screen door, nothing else (asset_depth_frag.inc.glsl).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "asset_depth_frag.inc.glsl"
