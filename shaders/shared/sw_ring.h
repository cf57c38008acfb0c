/* sw_ring.h — the toroidal clipmap window of the world's samples (issue 10, streamed world data; docs/world-format.md).
 *
 * A map (the height field, or the type / grass-height / material maps) is held as a ring x ring window of its
 * samples whose first sample is the GLOBAL index (i0, j0); global sample (i, j) lives at (j mod ring) * ring +
 * (i mod ring). Reads outside the window clamp to its edge. A resident world is the window ring = the map's
 * side at (0, 0): every index in the map maps to itself. The shaders' accessors (common.inc.glsl sw_height,
 * sw_type_at, sw_grass_height) and the CPU's (world.h world_height_at, ...) both call this. */
#ifndef SW_RING_H
#define SW_RING_H
#include "sw_lang.h"

SW_FN int sw_ring_index(int i, int j, int ring, int i0, int j0)
{
    i = sw_mini(sw_maxi(i, i0), i0 + ring - 1);
    j = sw_mini(sw_maxi(j, j0), j0 + ring - 1);
    return (j % ring) * ring + (i % ring);
}

#endif
