// raster.comp.glsl — the compute rasteriser (SPEC BX1): the camera's small blades into a 64-bit visibility
// buffer, one thread per blade, one workgroup per tile (the tiles raster_split.inc.glsl gives to compute).
// A thread builds the blade's vertices with the vertex shaders' own code (grass_blade.inc.glsl: the same
// positions), projects them, and walks the blade's triangles (the index pattern of src/render/passes/grass.c:
// two per segment, one at the tip) with Vulkan's fill rule (shared/sw_raster.h); each covered pixel that the
// SC5 screen door keeps gets one atomicMax of (depth, blade, t, side). Triangles with a vertex behind the eye
// are skipped (the hardware clips them; blades that near are the hardware path's unless render.raster is
// "compute"). resolve.comp.glsl turns the buffer into the G-buffer.
// Reads: frame, view, materials, tiles, tile_draws, survivors. Writes: the visibility buffer, counters.
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#define SW_DITHER_COMPUTE
#include "grass_blade.inc.glsl"
#include "shared/sw_raster.h"
#include "dither.inc.glsl"

layout(local_size_x = 64) in;

layout(std430, set = SW_SET_PASS, binding = SW_RASTER_TILES) readonly buffer TileBuf { sw_tile tiles[]; };
layout(std430, set = SW_SET_PASS, binding = SW_RASTER_TILE_DRAWS) readonly buffer TileDrawBuf { sw_tile_draw tile_draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_RASTER_VIS) buffer VisBuf { uint64_t vis[]; };
layout(std430, set = SW_SET_PASS, binding = SW_RASTER_STATS) buffer StatsBuf { sw_cull_stats stats[]; };

#include "raster_split.inc.glsl"

shared uint s_pixels;

uint g_pixels = 0u; // atomics this thread issued

// The blade being drawn (raster_blade), for raster_fragment.
float g_fade;
uint g_tile, g_slot;

// A covered pixel centre of the blade: the SC5 screen door, the depth range, then the key.
void raster_fragment(int x, int y, float z, vec2 ts)
{
    if (sw_screen_door_out_at(g_fade, uvec2(x, y)) || !(z > 0.0 && z <= 1.0)) return;
    uint hi = ((floatBitsToUint(z) >> 2u) << 4u) | sw_raster_id_hi(g_tile);
    uint lo = sw_raster_id_lo(g_tile, g_slot, ts.x, ts.y);
    atomicMax(vis[uint(y) * VIEW.width + uint(x)], (uint64_t(hi) << 32) | uint64_t(lo));
    g_pixels++;
}

#include "raster_triangle.inc.glsl"

void raster_blade(sw_blade b, bool low, uint sub, uint tile, uint slot)
{
    uint verts = low ? SW_LOW_VERTS : SW_HIGH_VERTS;
    uint segments = (verts - 1u) / 2u;
    mat4 vp = sw_mat4(VIEW.view_proj);
    vec2 size = vec2(float(VIEW.width), float(VIEW.height));
    vec3 sp[SW_HIGH_VERTS];
    vec2 ts[SW_HIGH_VERTS];
    g_tile = tile;
    g_slot = slot;
    for (uint v = 0u; v < verts; v++) {
        float t = sw_strip_t(v, segments), side = sw_strip_side(v, segments);
        blade_vertex g = blade_vertex_at(b, low, sub, t, side);
        vec4 clip = vp * vec4(g.world, 1.0);
        if (clip.w <= 1e-6) return; // behind the eye (see the top)
        vec3 ndc = clip.xyz / clip.w;
        sp[v] = vec3((ndc.xy * 0.5 + 0.5) * size, ndc.z);
        ts[v] = vec2(t, side);
        g_fade = g.fade;
    }
    // the index pattern of grass.c: rows of two vertices, two triangles between rows, one at the tip
    int W = int(VIEW.width), H = int(VIEW.height);
    uint rows = segments;
    for (uint q = 0u; q + 1u < rows; q++) {
        uint a = 2u * q;
        raster_triangle(sp[a], sp[a + 1u], sp[a + 2u], ts[a], ts[a + 1u], ts[a + 2u], W, H);
        raster_triangle(sp[a + 1u], sp[a + 3u], sp[a + 2u], ts[a + 1u], ts[a + 3u], ts[a + 2u], W, H);
    }
    uint last = 2u * (rows - 1u);
    raster_triangle(sp[last], sp[last + 1u], sp[last + 2u], ts[last], ts[last + 1u], ts[last + 2u], W, H);
}

void main()
{
    uint local_tile = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    if (local_tile >= VIEW.tile_count) return; // uniform across the workgroup
    uint tile_index = VIEW.tile_first + local_tile;
    sw_tile_draw d = tile_draws[tile_index];
    uint instances = d.high + d.low;
    if (instances == 0u || !sw_raster_in_compute(local_tile, tiles[tile_index], blades[d.first].y)) return;
    uint per = d.per_instance == 2u ? 2u : 1u;
    uint lid = gl_LocalInvocationIndex;
    if (lid == 0u) s_pixels = 0u;
    barrier();
    for (uint i = lid; i < instances * per; i += gl_WorkGroupSize.x) {
        uint inst = i / per;
        raster_blade(blades[d.first + inst], inst >= d.high, i % per, local_tile, i);
    }
    atomicAdd(s_pixels, g_pixels);
    barrier();
    if (lid == 0u) {
        atomicAdd(stats[0].raster_blades, instances); // instances, as sw_cull_stats.drawn counts them
        atomicAdd(stats[0].raster_tiles, 1u);
        atomicAdd(stats[0].raster_pixels, s_pixels);
    }
}
