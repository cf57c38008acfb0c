// asset_id.frag.glsl — the assets' depth prime in sward's own frame (SPEC SH1, BX6): the alpha test and the screen
// door, and the visibility buffer's id of each pixel's triangle (asset_depth_frag.inc.glsl).
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_ASSET_ID 1
#include "asset_depth_frag.inc.glsl"
