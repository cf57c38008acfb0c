// shadow_raster.comp.glsl — the near shadow cascade's blades in compute (SPEC BX1, LS3): every blade the
// culling kept for the near view (the 7-vertex form, animated; raster_blades.inc.glsl walks them with the
// camera rasteriser's code and fill rule) into 32-bit depth, one atomicMax of the depth's bits per covered
// texel (reverse-Z: the largest is nearest the sun), with the SC5 dither as the hardware casters' alpha test
// (shadow_grass.frag.glsl). The lighting's lookup (shadow.inc.glsl) reads it beside the map's near layer.
// Reads: frame, the near view, materials, tiles, tile_draws, survivors. Writes: the casters' depth.
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#define SW_DITHER_COMPUTE
#define SW_RASTER_CHUNKED // its blades are large in the cascade's texels: each triangle set up once
#define SW_DOOR_FIXED     // the blades' screen door as shadow_grass's (SW_FLAG_SHADOW_DOOR)
#include "grass_blade.inc.glsl"
#include "shared/sw_raster.h"
#include "dither.inc.glsl"

layout(std430, set = SW_SET_PASS, binding = SW_RASTER_TILES) readonly buffer TileBuf { sw_tile tiles[]; };
layout(std430, set = SW_SET_PASS, binding = SW_RASTER_TILE_DRAWS) readonly buffer TileDrawBuf { sw_tile_draw tile_draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_SHADOW_CASTERS) buffer CasterBuf { uint casters[]; };

#include "raster_blades.inc.glsl"

void raster_fragment(int x, int y, float z, vec2 ts)
{
    if (sw_screen_door_out_at(g_fade, uvec2(x, y), g_shift) || !(z > 0.0 && z <= 1.0)) return;
    uint i = uint(y) * VIEW.width + uint(x), bits = floatBitsToUint(z);
    atomicMax(casters[i], bits); // no read first: see raster.comp.glsl
}

void raster_counters(bool first_batch, uint instances) {}

void main()
{
    raster_blades();
}
