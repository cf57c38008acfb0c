/* sw_canopy.h — the trees' canopy over the ground and the undergrowth rules that read it (SPEC PL11's undergrowth,
 * SH10's canopy rule), for C and GLSL.
 *
 * The canopy is a map over the terrain on the world maps' grid (PL1: map_res texels a side, texel centres as the
 * type map's), baked once at load from the deterministic placement of the one asset layer that casts it
 * (src/place/canopy.c): each texel holds the signed distance from its centre to the nearest crown's edge (negative
 * under a crown), a crown being the disk of an instance's crown radius (its asset's level-0 bounds, the mean of
 * the half-widths in x and z, times the instance's scale). One byte a texel: code = 128 + d / SW_CANOPY_STEP,
 * clamped, so d spans [-16, 15.875] m in 1/8 m; 4 texels a uint on the GPU (SW_BIND_CANOPY), low byte first.
 * Bilinear between texels (the distance, not the cover: a crown's edge stays sharp between texels).
 *
 * Why a baked map rather than the dither candidates evaluated near each point: the crowns depend on the tree
 * layer's whole placement (its density areas, type map, forest decode, sub-ranges and its assets' bounds); a
 * shader that re-derived it would run that placement for the ~20 candidates within reach of every grass cell and
 * asset point it places, and the ground's resolve would run it at four texels a pixel each frame. The map costs
 * one byte a texel (1 MiB at 1024^2) and one bilinear read where a tile's or a cluster's density is decided
 * (placed once and cached) and four reads a ground pixel. It needs the whole terrain at load: streamed worlds
 * (terrain.stream, terrain.world) have no canopy (the loader refuses the rules there).
 *
 * From the distance d: the canopy cover c(d) = 1 under a crown, 0 in the open, linear over SW_CANOPY_SOFT m
 * centred on the edge; the fringe f(d) = 1 up to `width` m outside the edge, falling to 0 over the next
 * SW_CANOPY_SOFT m (under the crown c takes over). A grass type's or an asset's rule multiplies its density by
 *     m(d) = mix(mix(open, fringe, f(d)), under, c(d))
 * (the density's maximum still caps it: a multiplier above 1 raises a base density or a patchy cover toward it). */
#ifndef SW_CANOPY_H
#define SW_CANOPY_H
#include "sw_lang.h"

#define SW_CANOPY_ZERO 128u     /* the code of a crown's edge */
#define SW_CANOPY_STEP 0.125f   /* m a code */
#define SW_CANOPY_INV_STEP 8.0f
#define SW_CANOPY_FAR 16.0f     /* m: the farthest distance held (outside); codes clamp to [0, 255] */
#define SW_CANOPY_SOFT 1.5f     /* m: the edge's soft width */
#define SW_CANOPY_INV_SOFT (1.0f / 1.5f)

/* A texel's signed distance (m) from its code. */
SW_FN float sw_canopy_distance(sw_uint code)
{
    return (SW_F(code) - SW_F(SW_CANOPY_ZERO)) * SW_CANOPY_STEP;
}

/* The distance at a point from its four texels' codes and its place between them (sw_map_locate's fx, fz). */
SW_FN float sw_canopy_bilinear(sw_uint c00, sw_uint c10, sw_uint c01, sw_uint c11, float fx, float fz)
{
    SW_PRECISE float a = sw_canopy_distance(c00) + (sw_canopy_distance(c10) - sw_canopy_distance(c00)) * fx;
    SW_PRECISE float b = sw_canopy_distance(c01) + (sw_canopy_distance(c11) - sw_canopy_distance(c01)) * fx;
    SW_PRECISE float d = a + (b - a) * fz;
    return d;
}

/* The canopy cover at distance d: 1 under a crown, 0 in the open. */
SW_FN float sw_canopy_cover(float d)
{
    return sw_clampf(0.5f - d * SW_CANOPY_INV_SOFT, 0.0f, 1.0f);
}

/* The fringe at distance d: 1 within `width` m outside the nearest crown's edge, 0 beyond width + SW_CANOPY_SOFT. */
SW_FN float sw_canopy_fringe(float d, float width)
{
    return sw_clampf(1.0f + (width - d) * SW_CANOPY_INV_SOFT, 0.0f, 1.0f);
}

/* A rule's density multiplier at distance d (the header's m(d)). */
SW_FN float sw_canopy_density(float d, float under, float open, float fringe, float width)
{
    SW_PRECISE float outside = open + (fringe - open) * sw_canopy_fringe(d, width);
    SW_PRECISE float m = outside + (under - outside) * sw_canopy_cover(d);
    return m;
}

/* SH10: whether a map texel of code `code` lies under a crown (its centre within one), for the ground's rule. */
SW_FN bool sw_canopy_under(sw_uint code)
{
    return code < SW_CANOPY_ZERO;
}

#endif
