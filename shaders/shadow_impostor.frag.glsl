// shadow_impostor.frag.glsl — the mid cascade's grass impostor (SPEC LS4; Ghost of Tsushima: "a terrain-based
// impostor raises terrain vertices to grass height and uses dithered depth offsets"): each texel of the raised
// surface is pushed down by a hashed fraction of the local grass height, so its shadow is broken up like a
// canopy of blades and not a solid slab, and the filtered lookup shades a receiver by how deep in the grass
// it stands. The hash is of a world-space grid, so the pattern does not swim when the cascade moves.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_hash.h"

layout(location = 0) in float v_raise;
layout(location = 1) in vec2 v_world;
layout(location = 2) in vec2 v_dither; // the hash's world grid (m); depth per metre of sinking

const float IMPOSTOR_DITHER = 0.8; // the deepest offset, as a fraction of the grass height

void main()
{
    // The slope-scaled bias by hand (a written depth takes no raster depth bias): a texel and a half of the
    // surface's own depth slope, away from the sun.
    float d = gl_FragCoord.z - 1.5 * max(abs(dFdx(gl_FragCoord.z)), abs(dFdy(gl_FragCoord.z)));
    if (v_raise > 0.0) {
        ivec2 g = ivec2(floor(v_world / v_dither.x));
        float f = sw_unit(sw_cell_hash(g.x, g.y, 0x5badu, 0x1234u));
        // sink the surface by f x IMPOSTOR_DITHER of the grass height: the light ray gets there that many
        // metres later / its rate of approach to the ground, its depth (1 toward the sun) that much lower
        d -= f * IMPOSTOR_DITHER * v_raise * v_dither.y;
    }
    gl_FragDepth = d;
}
