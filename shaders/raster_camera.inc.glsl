// raster_camera.inc.glsl — the camera's compute rasteriser (SPEC BX1), shared by its two walks:
// raster.comp.glsl (the row walk: the small blades) and raster_chunked.comp.glsl (each triangle set up once: the
// large ones; draw_args.comp.glsl sorts the tiles into the two walks' work lists by their blades' projected size).
#define SW_DITHER_COMPUTE
#include "grass_blade.inc.glsl"
#include "shared/sw_raster.h"
#include "dither.inc.glsl"

layout(std430, set = SW_SET_PASS, binding = SW_RASTER_TILES) readonly buffer TileBuf { sw_tile tiles[]; };
layout(std430, set = SW_SET_PASS, binding = SW_RASTER_TILE_DRAWS) readonly buffer TileDrawBuf { sw_tile_draw tile_draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_RASTER_VIS) buffer VisBuf { uint64_t vis[]; };
layout(std430, set = SW_SET_PASS, binding = SW_RASTER_STATS) buffer StatsBuf { sw_cull_stats stats[]; };

#include "raster_blades.inc.glsl"

shared uint s_pixels, s_fragments;
uint g_pixels = 0u;    // atomics this thread issued
uint g_fragments = 0u; // covered centres it kept

// A covered pixel centre of the blade: the SC5 screen door, the depth range, then the key.
void raster_fragment(int x, int y, float z, vec2 ts)
{
    if (sw_screen_door_out_at(g_fade, uvec2(x, y), g_shift) || !(z > 0.0 && z <= 1.0)) return;
    g_fragments++;
    uint hi = sw_raster_key_hi(z, g_tile);
    uint lo = sw_raster_id_lo(g_tile, g_slot, ts.x, ts.y);
    uint i = uint(y) * VIEW.width + uint(x);
    uint64_t key = (uint64_t(hi) << 32) | uint64_t(lo);
    // No read first: an atomic whose result is unused does not wait for the memory, a read does. Most fragments
    // of a dense field lose, and a plain read before the atomic spared them it, but the row walk then waited on
    // every read (H200: raster 0.85 -> 0.47 ms in got_field, 4.89 -> 3.89 in dense without it).
    atomicMax(vis[i], key);
    g_pixels++;
}

void raster_counters(bool first_batch, uint instances)
{
    atomicAdd(s_pixels, g_pixels);
    atomicAdd(s_fragments, g_fragments);
    barrier();
    if (gl_LocalInvocationIndex == 0u) {
        // instances, as sw_cull_stats.drawn counts them; the tile once (by its first batch)
        if (first_batch) atomicAdd(stats[0].raster_blades, instances);
        if (first_batch) atomicAdd(stats[0].raster_tiles, 1u);
        atomicAdd(stats[0].raster_pixels, s_pixels);
        atomicAdd(stats[0].raster_fragments, s_fragments);
    }
}

void main()
{
    if (gl_LocalInvocationIndex == 0u) {
        s_pixels = 0u;
        s_fragments = 0u;
    }
    raster_blades();
}
