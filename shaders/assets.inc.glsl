// assets.inc.glsl — the mesh assets' part of the scene set (SPEC PL8, AS1, GA6): the assets' constants, their
// packed vertices (pulled by gl_VertexIndex) and the leaves' 16^3 noise. Included after common.inc.glsl by the
// asset passes' shaders (src/render/assets.c fills the buffers).
#include "shared/sw_assets.h"

layout(std430, set = SW_SET_SCENE, binding = SW_BIND_ASSETS) readonly buffer AssetBuf { sw_asset assets[]; };
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_ASSET_VERTICES) readonly buffer AssetVertexBuf { sw_asset_vertex asset_vertices[]; };
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_LEAF_NOISE) readonly buffer LeafNoiseBuf { vec4 leaf_noise[]; };

// The asset's level lod's first index, index count and vertex offset through the arrays of sw_asset (std430
// arrays of scalars in a struct read element by element).
float sw_asset_lod_px(sw_asset a, uint k)
{
    return k == 0u ? a.lod_px[0] : k == 1u ? a.lod_px[1] : k == 2u ? a.lod_px[2] : k == 3u ? a.lod_px[3]
         : k == 4u ? a.lod_px[4] : a.lod_px[5];
}

// The billboard's cards (AS2: trees 3, plants and flowers 2).
uint sw_asset_cards(sw_asset a)
{
    return a.kind == SW_ASSET_KIND_TREE ? 3u : 2u;
}
