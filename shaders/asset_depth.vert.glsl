// asset_depth.vert.glsl — the mesh assets' depth prime and near-cascade casters (SPEC SH1, LS3): animated
// (asset_depth_vert.inc.glsl).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "asset_depth_vert.inc.glsl"
