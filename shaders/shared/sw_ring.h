/* sw_ring.h — the toroidal clipmap window of the world's samples (BX5, streamed world data; docs/world-format.md).
 *
 * A map (the height field, or the type / grass-height / material maps) is held as a ring x ring window of its
 * samples whose first sample is the GLOBAL index (i0, j0); global sample (i, j) lives at (j mod ring) * ring +
 * (i mod ring). Reads outside the window clamp to its edge. A resident world is the window ring = the map's
 * side at (0, 0): every index in the map maps to itself. The shaders' accessors (common.inc.glsl sw_height,
 * sw_type_at, sw_grass_height) and the CPU's (world.h world_height_at, ...) both call this. */
#ifndef SW_RING_H
#define SW_RING_H
#include "sw_lang.h"

/* (i mod ring) without a per-sample division: with i clamped into [i0, i0 + ring), i - i0 + (i0 mod ring) lies in
 * [0, 2 ring), so one conditional subtraction finishes it; i0 mod ring is the same for every sample of a frame (a
 * uniform value on the GPU). Resident (i0 = 0): i itself. */
SW_FN int sw_ring_index(int i, int j, int ring, int i0, int j0)
{
    int x = sw_mini(sw_maxi(i, i0), i0 + ring - 1) - i0 + i0 % ring;
    int z = sw_mini(sw_maxi(j, j0), j0 + ring - 1) - j0 + j0 % ring;
    x = x >= ring ? x - ring : x;
    z = z >= ring ? z - ring : z;
    return z * ring + x;
}

#endif
