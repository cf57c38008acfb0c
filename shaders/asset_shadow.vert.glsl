// asset_shadow.vert.glsl — the mid cascade's asset casters (SPEC LS3, HZD "S2": fewer triangles, not animated):
// asset_depth_vert.inc.glsl at rest; trees cast their billboard, alpha-tested (asset_depth.frag.glsl).
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_ASSET_NO_ANIMATION 1
#include "asset_depth_vert.inc.glsl"
