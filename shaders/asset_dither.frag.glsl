// asset_dither.frag.glsl — the mesh assets' G-buffer without a depth prime: it cuts the cards and the screen
// door itself (asset_frag.inc.glsl).
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_ASSET_CUTS 1
#include "asset_frag.inc.glsl"
