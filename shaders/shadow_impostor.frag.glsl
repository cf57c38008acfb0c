// shadow_impostor.frag.glsl — the mid cascade's grass impostor (SPEC LS4; Ghost of Tsushima: "a terrain-based
// impostor raises terrain vertices to grass height and uses dithered depth offsets"): each texel of the raised
// surface is pushed down by a hashed fraction of the local grass height, so its shadow is broken up like a
// canopy of blades and not a solid slab, and the filtered lookup shades a receiver by how deep in the grass
// it stands. The hash is of a world-space grid, so the pattern does not swim when the cascade moves.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_hash.h"
#include "common.inc.glsl"

layout(location = 0) in float v_raise;
layout(location = 1) in vec2 v_world;

const float IMPOSTOR_DITHER = 0.8; // the deepest offset, as a fraction of the grass height

void main()
{
    float d = gl_FragCoord.z;
    if (v_raise > 0.0) {
        ivec2 g = ivec2(floor(v_world / (2.0 * VIEW.shadow_texel)));
        float f = sw_unit(sw_cell_hash(g.x, g.y, 0x5badu, 0x1234u));
        // metres down along the vertical -> light-space depth: sun_y / the depth range per metre
        d -= f * IMPOSTOR_DITHER * v_raise * frame.sun_y / VIEW.shadow_depth_range;
    }
    gl_FragDepth = d;
}
