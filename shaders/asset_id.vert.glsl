// asset_id.vert.glsl — the mesh assets' depth prime in sward's own frame (SPEC SH1, BX6): animated, with the drawn
// instance for the visibility buffer's id (asset_depth_vert.inc.glsl, asset_id.frag.glsl).
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_ASSET_ID 1
#include "asset_depth_vert.inc.glsl"
