// draw_args.comp.glsl — the hardware path's indirect draw arguments from one view's culled tiles (SPEC GA1,
// SC2): per tile two indexed draws, 15-vertex blades then 7-vertex ones, drawn in tile order; none for the tiles
// the compute rasteriser draws (SPEC BX1, raster_split.inc.glsl), which read the same survivor list.
// Reads: tile_draws. Writes: draws. Cost: one thread per tile.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(local_size_x = 64) in;

layout(std430, set = SW_SET_PASS, binding = SW_ARGS_TILE_DRAWS) readonly buffer TileDrawBuf { sw_tile_draw tile_draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ARGS_DRAWS) writeonly buffer DrawBuf { sw_draw_cmd draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ARGS_TILES) readonly buffer TileBuf { sw_tile tiles[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ARGS_SURVIVORS) readonly buffer BladeBuf { sw_blade blades[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ARGS_STATS) buffer StatsBuf { sw_cull_stats stats[]; };

#include "shared/sw_raster.h"
#include "raster_split.inc.glsl"

void main()
{
    if (gl_GlobalInvocationID.x >= VIEW.tile_count) return;
    uint t = VIEW.tile_first + gl_GlobalInvocationID.x; // the view's run of the frame's tiles
    sw_tile_draw d = tile_draws[t];
    uint per = d.per_instance;
    // No instancing: vertex_offset moves the shared index pattern (src/render/passes/grass.c) to the tile's
    // first blade; first_instance: bit 0 low LOD, bit 1 two blades per instance (the patterns cover
    // 2 x SW_TILE_CANDIDATES blades of each LOD, so n two-blade instances are 2n consecutive blades).
    uint two = per == 2u ? 2u : 0u;
    // BX1: the compute rasteriser draws this tile's blades (raster.comp.glsl): no hardware draw
    if (d.high + d.low > 0u && sw_raster_in_compute(gl_GlobalInvocationID.x, tiles[t], blades[d.first].y)) {
        d.high = 0u;
        d.low = 0u;
    }
    if (d.high + d.low > 0u) atomicAdd(stats[pc.view].hw_blades, d.high + d.low);
    draws[2u * t] = sw_draw_cmd(d.high * per * SW_HIGH_INDICES, 1u, 0u, int(d.first * per * SW_HIGH_VERTS), two);
    draws[2u * t + 1u] = sw_draw_cmd(d.low * per * SW_LOW_INDICES, 1u, 2u * SW_TILE_CANDIDATES * SW_HIGH_INDICES,
                                     int((d.first + d.high) * per * SW_LOW_VERTS), 1u | two);
}
