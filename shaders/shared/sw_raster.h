/* sw_raster.h — the compute rasteriser's visibility buffer key and fill rule (SPEC BX1), for C (tests) and GLSL.
 *
 * One 64-bit texel per pixel. The key orders by depth first: reverse-Z depth (near = 1) is a positive float, so
 * its bits order like its value, and one atomicMax is the depth test and the write. The low bits name the
 * surface: the blade (the view's tile, the blade's slot in the tile: stable ids, so ties between equal depths
 * go to the larger id whatever the thread order) and the point of the blade the pixel shows (t along it, side
 * across it), from which the resolve reconstructs the surface (resolve.comp.glsl):
 *   bits 63..38  depth: the float's bits >> 4 (26 bits: 19 of mantissa, a relative 2e-6; d <= 1 has bits
 *                <= 0x3F800000)
 *   bits 37..22  the tile's index in the view's run of tiles (SW_RASTER_MAX_TILES)
 *   bits 21..11  the blade's slot in its tile: instance x blades per instance + which blade (2 x 1024 slots)
 *   bits 10..4   t, 0..1 in 127 steps
 *   bits  3..0   side, -1..1 in 14 steps (0..14; 7 is the centre line)
 * Key 0 is "no blade" (the buffer is cleared to 0; every visible depth is > 0).
 *
 * Fill rule: Vulkan's (and the hardware's): vertices snapped to 1/256 px (8 sub-pixel bits), a pixel is
 * covered when its centre is inside the triangle, and a centre exactly on an edge belongs to the triangle only
 * for a top or left edge, so triangles that share an edge (a blade's quads) cover each pixel once. The edge
 * functions are exact integers. */
#ifndef SW_RASTER_H
#define SW_RASTER_H
#include "sw_lang.h"

#define SW_RASTER_SUBPIXEL 256.0f   /* 8 sub-pixel bits */
#define SW_RASTER_BATCHES 32u       /* workgroups per tile: 2 x SW_TILE_CANDIDATES blades in batches of 64 */
#define SW_RASTER_MAX_TILES 65536u  /* tiles of a view the key can name: later tiles take the hardware path */
/* The work lists draw_args makes per view (BX1): an entry per (tile, batch of 64 blades) that has blades,
 * local tile << 5 | batch. The row walk's list grows from the front after the header, the chunked walk's (each
 * triangle set up once: the camera's large blades and the near cascade's) from the buffer's end. Header:
 * the row walk's indirect dispatch (x, y, 1) and count, then the chunked walk's; x is at most
 * SW_RASTER_WORK_X, a workgroup per entry (x + y * X). */
#define SW_RASTER_WORK_HEADER 8u
#define SW_RASTER_WORK_X 1024u
/* a camera tile whose tallest blade projects at least this many pixels from the tile's nearest point goes to
 * the chunked walk (its triangles span many rows), a smaller one to the row walk */
#define SW_RASTER_CHUNK_PX 32.0f
/* "auto": a tile nearer the eye than SW_RASTER_REACH x its tallest blade + SW_RASTER_REACH_M stays with the
 * hardware, whatever the threshold (a blade may cross the near plane there: the compute path drops such blades) */
#define SW_RASTER_REACH 1.25f
#define SW_RASTER_REACH_M 0.25f
#define SW_RASTER_SLOTS 2048u
#define SW_RASTER_T_STEPS 127u
#define SW_RASTER_SIDE_STEPS 14u

/* The low 38 bits, split so that C and GLSL can build them from 32-bit parts: bits 37..32 (the tile's top
 * 6 bits) and bits 31..0. */
SW_FN sw_uint sw_raster_id_hi(sw_uint tile) { return tile >> 10u; }

SW_FN sw_uint sw_raster_id_lo(sw_uint tile, sw_uint slot, float t, float side)
{
    sw_uint tq = SW_U(sw_clampf(t, 0.0f, 1.0f) * SW_F(SW_RASTER_T_STEPS) + 0.5f);
    sw_uint sq = SW_U(sw_clampf(side * 0.5f + 0.5f, 0.0f, 1.0f) * SW_F(SW_RASTER_SIDE_STEPS) + 0.5f);
    return ((tile & 1023u) << 22u) | (slot << 11u) | (tq << 4u) | sq;
}

/* The parts back from the key's two words (hi: bits 63..32, lo: bits 31..0). */
SW_FN float sw_raster_depth(sw_uint hi) { return sw_uint_bits_to_float((hi >> 6u) << 4u); }
SW_FN sw_uint sw_raster_tile(sw_uint hi, sw_uint lo) { return ((hi & 63u) << 10u) | (lo >> 22u); }
SW_FN sw_uint sw_raster_slot(sw_uint lo) { return (lo >> 11u) & (SW_RASTER_SLOTS - 1u); }
SW_FN float sw_raster_t(sw_uint lo) { return SW_F((lo >> 4u) & 127u) / SW_F(SW_RASTER_T_STEPS); }
SW_FN float sw_raster_side(sw_uint lo) { return SW_F(lo & 15u) / SW_F(SW_RASTER_SIDE_STEPS) * 2.0f - 1.0f; }
/* The key's high word for a depth and the tile's top bits. */
SW_FN sw_uint sw_raster_key_hi(float depth, sw_uint tile)
{
    return ((sw_float_bits(depth) >> 4u) << 6u) | sw_raster_id_hi(tile);
}

/* A vertex coordinate in pixels, snapped to the sub-pixel grid (round half up, as integers of 1/256 px). */
SW_FN int sw_raster_snap(float px) { return SW_I(sw_floor(px * SW_RASTER_SUBPIXEL + 0.5f)); }

/* Edge functions: E(p) = (b - a) x (p - a) = (bx - ax)(py - ay) - (by - ay)(px - ax), in pixel coordinates
 * (y down), on the sub-pixel grid. A triangle is wound (its second and third vertices swapped if need be) so
 * that its area E_ab(c) > 0; then its interior has every edge function > 0. Vulkan's top-left rule decides the
 * centres exactly on an edge: inside for a top edge (horizontal, the interior below: dy = 0, dx > 0) or a left
 * edge (the interior to its right: dy < 0). Returns 1 for those edges, 0 for the others: a centre is covered
 * when E + bias > 0 on every edge. */
SW_FN int sw_raster_bias(int ax, int ay, int bx, int by)
{
    int dx = bx - ax, dy = by - ay;
    return ((dy == 0 && dx > 0) || dy < 0) ? 1 : 0;
}

#endif
