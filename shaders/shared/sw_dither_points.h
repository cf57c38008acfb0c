/* sw_dither_points.h — the ordered-dither point set of asset placement (SPEC PL11; HZD's placement: a
 * disk-packed point pattern whose points carry thresholds), for C and GLSL.
 *
 * One tile of SW_DITHER_POINTS points on a lattice of SW_DITHER_Q^2 positions, wrapping around: no two points
 * closer than SW_DITHER_R lattice steps, across the tile's edges too (the tile is a torus), so tiled over the world
 * the pattern keeps that spacing everywhere. Point k carries the threshold k / SW_DITHER_POINTS and the points are
 * in farthest-point order, so the points below any threshold t are an even subset (spacing about 1 / sqrt(t) of
 * the whole set's). The table (sw_dither_table.h, one word a point: x | z << SW_DITHER_Q_BITS) is the output of
 * src/place/dither_points.c, written once.
 *
 * An asset placed by the point set scales the tile so that SW_DITHER_R steps are its footprint: the tile's side
 * is footprint x SW_DITHER_Q / SW_DITHER_R, and at full density the instances are a footprint apart or more. The
 * tiles are anchored at the world origin; each asset (or layer: the same salt) shifts the pattern around the torus
 * by a hash of its salt and the seed, in lattice steps, so the spacing is untouched and two assets without a
 * layer do not share points, while a layer's assets do and split the thresholds between them (PL2's sub-ranges,
 * sw_keep_in). */
#ifndef SW_DITHER_POINTS_H
#define SW_DITHER_POINTS_H
#include "sw_place.h"

#define SW_DITHER_POINTS 1024u /* = SW_CLUSTER_CANDIDATES: a tile is one cluster */
#define SW_DITHER_Q_BITS 12u
#define SW_DITHER_Q 4096u      /* lattice steps per tile side */
#define SW_DITHER_R 100u       /* lattice steps: the least distance between two points */
#define SW_DITHER_TILE_PER_FOOTPRINT 40.96f /* SW_DITHER_Q / SW_DITHER_R: the tile's side in footprints */

#ifdef SW_GLSL
#define SW_TABLE_BEGIN(type, name, n) const type name[n] = type[n](
#define SW_TABLE_END );
#else
#define SW_TABLE_BEGIN(type, name, n) static const type name[n] = {
#define SW_TABLE_END };
#endif
#include "sw_dither_table.h"

/* The pattern's shift around the torus for an asset's salt: x | z << SW_DITHER_Q_BITS, each < SW_DITHER_Q. */
SW_FN sw_uint sw_dither_shift(sw_uint salt, sw_uint seed)
{
    return sw_cell_hash(0, 0, salt, seed ^ 0x3c6ef372u) & (SW_DITHER_Q * SW_DITHER_Q - 1u);
}

/* Point k of the tile shifted by `shift`: its lattice position (x | z << SW_DITHER_Q_BITS). */
SW_FN sw_uint sw_dither_point(sw_uint k, sw_uint shift)
{
    sw_uint p = SW_DITHER_TABLE[k];
    sw_uint x = (p + shift) & (SW_DITHER_Q - 1u);
    sw_uint z = ((p >> SW_DITHER_Q_BITS) + (shift >> SW_DITHER_Q_BITS)) & (SW_DITHER_Q - 1u);
    return x | z << SW_DITHER_Q_BITS;
}

/* Point k of an asset's tile (ti, tj) as a candidate: its world position, its threshold k / SW_DITHER_POINTS as
 * the keep value, a hash of the tile and the point. */
SW_FN sw_candidate sw_dither_candidate(int ti, int tj, sw_uint k, sw_uint shift, sw_uint salt, sw_uint seed, float tile)
{
    sw_uint p = sw_dither_point(k, shift);
    sw_candidate c;
    SW_PRECISE float x = (SW_F(ti) + SW_F(p & (SW_DITHER_Q - 1u)) * (1.0f / SW_F(SW_DITHER_Q))) * tile;
    SW_PRECISE float z = (SW_F(tj) + SW_F(p >> SW_DITHER_Q_BITS) * (1.0f / SW_F(SW_DITHER_Q))) * tile;
    c.x = x;
    c.z = z;
    c.keep = SW_F(k) * (1.0f / SW_F(SW_DITHER_POINTS));
    c.hash = sw_pcg(sw_cell_hash(ti, tj, salt, seed) + k * 0x9e3779b9u);
    return c;
}

#endif
