// asset.frag.glsl — the mesh assets' G-buffer after the depth prime (asset_frag.inc.glsl).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "asset_frag.inc.glsl"
