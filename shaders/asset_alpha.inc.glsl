// asset_alpha.inc.glsl — what cuts an asset's fragment (SPEC AS3, AS4, AS5, SC5): a leaf or petal card's alpha test
// at 0.5 on its texture set's signed-distance alpha, sampled at the fragment's mip level (the chain is
// coverage-preserving, AS4, so a distant canopy keeps its density); a billboard card's empty impostor texels; and
// the screen door: pixels whose 4x4 Bayer threshold t lies outside the instance's [lo, hi) (sw_drawn.door). The
// pattern moves by one of 16 offsets each frame (`shift`, as the blades' does: dither.inc.glsl), so that TAA
// averages a cross-fade into a blend instead of keeping a fixed stipple.
// Defines: SW_ASSET_ALPHA_COMPUTE (a compute shader: no screen derivatives; the caller gives the level).
#include "dither.inc.glsl"
#include "asset_textures.inc.glsl"

// The screen door: the pixel is outside the instance's [lo, hi) (door: unorm16 lo | hi << 16) this frame.
bool sw_asset_door_cut(uint door, uvec2 pixel, uint shift)
{
    float lo = float(door & 0xffffu) / 65535.0, hi = float(door >> 16) / 65535.0;
    if (lo <= 0.0 && hi >= 1.0) return false;
    float t = (sw_bayer_at(pixel, shift) + 0.5) / 16.0;
    return !(t >= lo && t < hi);
}

// card: bits 0-1 the surface (0 bark, 1 leaf, 2 petal), bit 2 a billboard card, bits 8-15 the billboard's cards;
// impostor: the asset's atlas offset; lod: the texture set's level at the point (sw_texset_lod_of).
bool sw_asset_cut_at(vec2 uv, uint card, uint door, uvec2 pixel, uint shift, uint impostor, float lod)
{
    uint surface = card & 3u;
    if ((card & 4u) != 0u) {
        if (sw_impostor_texel(impostor, (card >> 8) & 255u, uv) == 0u) return true;
    } else if (surface != 0u) {
        // the nearest level, bilinear: the chain keeps the coverage at every level (AS4), so no blend of two
        if (sw_texset_level(surface, 0u, uv, lod).a < 0.5) return true;
    }
    return sw_asset_door_cut(door, pixel, shift);
}

#ifndef SW_ASSET_ALPHA_COMPUTE
// A fragment's alpha test read: the set's "a" alpha at uv from the image array, bilinear within the level nearest
// to the hardware's level of detail from the uv's screen derivatives (log2 of the texels a pixel spans, as
// sw_texset_lod_of; the chain keeps the coverage at every level, AS4, so no blend of two): one filtered read
// instead of four storage reads and the filter by hand.
float sw_texset_alpha_here(uint surface, vec2 uv)
{
    return texture(asset_alpha, vec3(uv, float(surface - 1u))).r;
}

// A fragment's: the texture set's level from its uv's screen derivatives, by the sampler (the branch is uniform
// over a triangle, so the derivatives are defined).
bool sw_asset_cut(vec2 uv, uint card, uint door, uvec2 pixel, uint shift, uint impostor)
{
    uint surface = card & 3u;
    if ((card & 4u) != 0u) {
        if (sw_impostor_texel(impostor, (card >> 8) & 255u, uv) == 0u) return true;
    } else if (surface != 0u) {
        if (sw_texset_alpha_here(surface, uv) < 0.5) return true;
    }
    return sw_asset_door_cut(door, pixel, shift);
}
#endif
