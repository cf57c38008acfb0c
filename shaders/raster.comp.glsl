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

// One triangle, vertices in pixels (x, y) and depth (z), with (t, side) per vertex.
void raster_triangle(vec3 a, vec3 b, vec3 c, vec2 pa, vec2 pb, vec2 pc_, float fade, uint tile, uint slot)
{
    ivec2 A = ivec2(sw_raster_snap(a.x), sw_raster_snap(a.y));
    ivec2 B = ivec2(sw_raster_snap(b.x), sw_raster_snap(b.y));
    ivec2 C = ivec2(sw_raster_snap(c.x), sw_raster_snap(c.y));
    int64_t area = int64_t(B.x - A.x) * int64_t(C.y - A.y) - int64_t(B.y - A.y) * int64_t(C.x - A.x);
    if (area == 0) return;
    if (area < 0) { // wind it so that the interior is positive (blades are double-sided)
        ivec2 ti = B; B = C; C = ti;
        vec3 tv = b; b = c; c = tv;
        vec2 tp = pb; pb = pc_; pc_ = tp;
        area = -area;
    }
    int W = int(VIEW.width), H = int(VIEW.height);
    // pixels whose centre (px * 256 + 128) lies within the bounding box
    int x0 = max((min(A.x, min(B.x, C.x)) - 128 + 255) >> 8, 0);
    int x1 = min((max(A.x, max(B.x, C.x)) - 128) >> 8, W - 1);
    int y0 = max((min(A.y, min(B.y, C.y)) - 128 + 255) >> 8, 0);
    int y1 = min((max(A.y, max(B.y, C.y)) - 128) >> 8, H - 1);
    if (x0 > x1 || y0 > y1) return;
    // edge functions of the edges opposite A (B -> C), B (C -> A) and C (A -> B) at the first centre, their
    // steps per pixel in x and y, and the top-left biases
    ivec2 P = ivec2(x0 * 256 + 128, y0 * 256 + 128);
    int64_t e0 = int64_t(C.x - B.x) * int64_t(P.y - B.y) - int64_t(C.y - B.y) * int64_t(P.x - B.x);
    int64_t e1 = int64_t(A.x - C.x) * int64_t(P.y - C.y) - int64_t(A.y - C.y) * int64_t(P.x - C.x);
    int64_t e2 = int64_t(B.x - A.x) * int64_t(P.y - A.y) - int64_t(B.y - A.y) * int64_t(P.x - A.x);
    int64_t dx0 = -int64_t(C.y - B.y) * 256, dy0 = int64_t(C.x - B.x) * 256;
    int64_t dx1 = -int64_t(A.y - C.y) * 256, dy1 = int64_t(A.x - C.x) * 256;
    int64_t dx2 = -int64_t(B.y - A.y) * 256, dy2 = int64_t(B.x - A.x) * 256;
    int64_t b0 = int64_t(sw_raster_bias(B.x, B.y, C.x, C.y));
    int64_t b1 = int64_t(sw_raster_bias(C.x, C.y, A.x, A.y));
    int64_t b2 = int64_t(sw_raster_bias(A.x, A.y, B.x, B.y));
    float inv_area = 1.0 / float(area);
    uint hi_tile = sw_raster_id_hi(tile);
    for (int y = y0; y <= y1; y++) {
        int64_t r0 = e0, r1 = e1, r2 = e2;
        for (int x = x0; x <= x1; x++) {
            if (r0 + b0 > 0 && r1 + b1 > 0 && r2 + b2 > 0 && !sw_screen_door_out_at(fade, uvec2(x, y))) {
                vec3 l = vec3(float(r0), float(r1), float(r2)) * inv_area;
                float z = l.x * a.z + l.y * b.z + l.z * c.z;
                if (z > 0.0 && z <= 1.0) {
                    vec2 ts = l.x * pa + l.y * pb + l.z * pc_;
                    uint hi = ((floatBitsToUint(z) >> 2u) << 4u) | hi_tile;
                    uint lo = sw_raster_id_lo(tile, slot, ts.x, ts.y);
                    atomicMax(vis[uint(y) * uint(W) + uint(x)], (uint64_t(hi) << 32) | uint64_t(lo));
                    g_pixels++;
                }
            }
            r0 += dx0;
            r1 += dx1;
            r2 += dx2;
        }
        e0 += dy0;
        e1 += dy1;
        e2 += dy2;
    }
}

void raster_blade(sw_blade b, bool low, uint sub, uint tile, uint slot)
{
    uint verts = low ? SW_LOW_VERTS : SW_HIGH_VERTS;
    uint segments = (verts - 1u) / 2u;
    mat4 vp = sw_mat4(VIEW.view_proj);
    vec2 size = vec2(float(VIEW.width), float(VIEW.height));
    vec3 sp[SW_HIGH_VERTS];
    vec2 ts[SW_HIGH_VERTS];
    float fade = 1.0;
    for (uint v = 0u; v < verts; v++) {
        float t = sw_strip_t(v, segments), side = sw_strip_side(v, segments);
        blade_vertex g = blade_vertex_at(b, low, sub, t, side);
        vec4 clip = vp * vec4(g.world, 1.0);
        if (clip.w <= 1e-6) return; // behind the eye (see the top)
        vec3 ndc = clip.xyz / clip.w;
        sp[v] = vec3((ndc.xy * 0.5 + 0.5) * size, ndc.z);
        ts[v] = vec2(t, side);
        fade = g.fade;
    }
    // the index pattern of grass.c: rows of two vertices, two triangles between rows, one at the tip
    uint rows = segments;
    for (uint q = 0u; q + 1u < rows; q++) {
        uint a = 2u * q;
        raster_triangle(sp[a], sp[a + 1u], sp[a + 2u], ts[a], ts[a + 1u], ts[a + 2u], fade, tile, slot);
        raster_triangle(sp[a + 1u], sp[a + 3u], sp[a + 2u], ts[a + 1u], ts[a + 3u], ts[a + 2u], fade, tile, slot);
    }
    uint last = 2u * (rows - 1u);
    raster_triangle(sp[last], sp[last + 1u], sp[last + 2u], ts[last], ts[last + 1u], ts[last + 2u], fade, tile, slot);
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
