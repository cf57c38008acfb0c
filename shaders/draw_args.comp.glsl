// draw_args.comp.glsl — the hardware path's indirect draw arguments from one view's culled tiles (SPEC GA1,
// SC2): per tile two indexed draws, 15-vertex blades then 7-vertex ones, drawn in tile order; none for the tiles
// the compute rasteriser draws (SPEC BX1, raster_split.inc.glsl), which read the same survivor list.
// The compute rasteriser's work lists (BX1): an entry per batch of 64 blades of each tile it draws, the row
// walk's list for the camera's small blades, the chunked walk's for its large ones and for every tile of the near
// shadow cascade (shadow_raster.comp.glsl): only workgroups with blades start, each walk's where it is faster.
// Reads: tile_draws. Writes: draws, the work lists. Cost: one thread per tile.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(local_size_x = 64) in;

layout(std430, set = SW_SET_PASS, binding = SW_ARGS_TILE_DRAWS) readonly buffer TileDrawBuf { sw_tile_draw tile_draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ARGS_DRAWS) writeonly buffer DrawBuf { sw_draw_cmd draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ARGS_TILES) readonly buffer TileBuf { sw_tile tiles[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ARGS_SURVIVORS) readonly buffer BladeBuf { sw_blade blades[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ARGS_STATS) buffer StatsBuf { sw_cull_stats stats[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ARGS_WORK) buffer WorkBuf { uint work[]; };

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
    // BX1: the compute rasteriser draws this tile's blades (raster.comp.glsl): no hardware draw; its batches
    // into a work list (the near cascade's every tile: shadow_raster draws them when it runs)
    uint n = (d.high + d.low) * (per == 2u ? 2u : 1u);
    bool camera = pc.view == SW_VIEW_CAMERA;
    if (n > 0u && (!camera || sw_raster_in_compute(gl_GlobalInvocationID.x, tiles[t], blades[d.first].y))) {
        bool chunked = true;
        if (camera) {
            float px = sw_raster_tile_px(tiles[t], blades[d.first].y);
            chunked = px < 0.0 || px >= SW_RASTER_CHUNK_PX;
            d.high = 0u;
            d.low = 0u;
        }
        uint batches = (n + 63u) / 64u, h = chunked ? 4u : 0u;
        uint at = atomicAdd(work[h + 3u], batches), end = at + batches;
        atomicMax(work[h], min(end, SW_RASTER_WORK_X));
        atomicMax(work[h + 1u], (end + SW_RASTER_WORK_X - 1u) / SW_RASTER_WORK_X);
        uint last = uint(work.length()) - 1u;
        for (uint b = 0u; b < batches; b++) {
            uint e = (gl_GlobalInvocationID.x << 5u) | b;
            if (chunked) work[last - (at + b)] = e;
            else work[SW_RASTER_WORK_HEADER + at + b] = e;
        }
    }
    if (d.high + d.low > 0u) atomicAdd(stats[pc.view].hw_blades, d.high + d.low);
    draws[2u * t] = sw_draw_cmd(d.high * per * SW_HIGH_INDICES, 1u, 0u, int(d.first * per * SW_HIGH_VERTS), two);
    draws[2u * t + 1u] = sw_draw_cmd(d.low * per * SW_LOW_INDICES, 1u, 2u * SW_TILE_CANDIDATES * SW_HIGH_INDICES,
                                     int((d.first + d.high) * per * SW_LOW_VERTS), 1u | two);
}
