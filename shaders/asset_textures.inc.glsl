// asset_textures.inc.glsl — reads of the asset textures (SPEC AS3, AS4, AS5; layout in shared/sw_assets.h): the
// leaf's and the petal's texture sets, sampled trilinearly by hand from their mip chains (the alpha's chain keeps
// the alpha test's coverage at every level, AS4), the species trees' bark sets (wrapped), and the impostor atlases, read at the nearest texel: one
// storage buffer in set 0. The fragments' alpha test reads the sets' alpha from an R8 image array of the same
// chains (SW_BIND_ASSET_ALPHA, bilinear within the nearest level; asset_alpha.inc.glsl), the compute casters'
// from the buffer, so the depth prime, the G-buffer and the shadow casters test the same alpha.
#ifndef SW_ASSET_TEXTURES_INC
#define SW_ASSET_TEXTURES_INC
#include "shared/sw_assets.h"

layout(std430, set = SW_SET_SCENE, binding = SW_BIND_ASSET_TEXTURES) readonly buffer AssetTextureBuf { uint asset_texels[]; };
layout(set = SW_SET_SCENE, binding = SW_BIND_ASSET_ALPHA) uniform sampler2DArray asset_alpha;

vec4 sw_texset_fetch(uint base, uint level, ivec2 t)
{
    int size = int(SW_TEXSET_SIZE >> level);
    t = clamp(t, ivec2(0), ivec2(size - 1));
    return unpackUnorm4x8(asset_texels[base + sw_texset_level_offset(level) + uint(t.y * size + t.x)]);
}

vec4 sw_texset_bilinear(uint base, uint level, vec2 uv)
{
    float size = float(SW_TEXSET_SIZE >> level);
    vec2 p = uv * size - 0.5;
    ivec2 i = ivec2(floor(p));
    vec2 f = p - floor(p);
    vec4 a = mix(sw_texset_fetch(base, level, i), sw_texset_fetch(base, level, i + ivec2(1, 0)), f.x);
    vec4 b = mix(sw_texset_fetch(base, level, i + ivec2(0, 1)), sw_texset_fetch(base, level, i + ivec2(1, 1)), f.x);
    return mix(a, b, f.y);
}

// The mip level of a texture-set read whose uv changes by duv_dx and duv_dy a pixel: log2 of the texels a pixel
// spans (the fragment shaders pass their uv's screen derivatives, the resolve its analytic ones).
float sw_texset_lod_of(vec2 duv_dx, vec2 duv_dy)
{
    vec2 dx = duv_dx * float(SW_TEXSET_SIZE), dy = duv_dy * float(SW_TEXSET_SIZE);
    return 0.5 * log2(max(max(dot(dx, dx), dot(dy, dy)), 1e-8));
}

// The texture set of a surface (1 leaf, 2 petal): its "a" (which 0) or "b" (which 1) texture at uv, level-of-detail
// `lod` (log2 of texels per pixel), trilinear like a mipmapped sampler.
vec4 sw_texset_sample(uint surface, uint which, vec2 uv, float lod)
{
    uint base = (surface == 2u ? SW_TEXSET_WORDS : SW_TEXSET_LEAF) + which * SW_TEXSET_TEXELS;
    float l = clamp(lod, 0.0, float(SW_TEXSET_LEVELS - 1u));
    uint l0 = uint(floor(l));
    uint l1 = min(l0 + 1u, SW_TEXSET_LEVELS - 1u);
    return mix(sw_texset_bilinear(base, l0, uv), sw_texset_bilinear(base, l1, uv), l - float(l0));
}

// The same at the nearest level only: the compute casters' alpha test (shadow_assets.comp.glsl), by hand from the
// buffer, the reference the fragments' sampler is held to (gpu_asset_compute compares the two paths' casters).
vec4 sw_texset_level(uint surface, uint which, vec2 uv, float lod)
{
    uint base = (surface == 2u ? SW_TEXSET_WORDS : SW_TEXSET_LEAF) + which * SW_TEXSET_TEXELS;
    return sw_texset_bilinear(base, uint(clamp(lod + 0.5, 0.0, float(SW_TEXSET_LEVELS - 1u))), uv);
}

// AS5: a bark set (first word `base`, sw_asset.bark_set): its "a" (which 0) or "b" (which 1) texture at tuv in
// tiles, wrapped both ways (the tile repeats around and up the stem), level-of-detail `lod`, trilinear.
vec4 sw_bark_fetch(uint base, uint level, ivec2 t)
{
    int size = int(SW_TEXSET_SIZE >> level);
    t &= ivec2(size - 1);
    return unpackUnorm4x8(asset_texels[base + sw_texset_level_offset(level) + uint(t.y * size + t.x)]);
}

vec4 sw_bark_bilinear(uint base, uint level, vec2 tuv)
{
    float size = float(SW_TEXSET_SIZE >> level);
    vec2 p = fract(tuv) * size - 0.5;
    ivec2 i = ivec2(floor(p));
    vec2 f = p - floor(p);
    vec4 a = mix(sw_bark_fetch(base, level, i), sw_bark_fetch(base, level, i + ivec2(1, 0)), f.x);
    vec4 b = mix(sw_bark_fetch(base, level, i + ivec2(0, 1)), sw_bark_fetch(base, level, i + ivec2(1, 1)), f.x);
    return mix(a, b, f.y);
}

vec4 sw_bark_sample(uint base, uint which, vec2 tuv, float lod)
{
    base += which * SW_TEXSET_TEXELS;
    float l = clamp(lod, 0.0, float(SW_TEXSET_LEVELS - 1u));
    uint l0 = uint(floor(l));
    uint l1 = min(l0 + 1u, SW_TEXSET_LEVELS - 1u);
    return mix(sw_bark_bilinear(base, l0, tuv), sw_bark_bilinear(base, l1, tuv), l - float(l0));
}

// The impostor texel at a billboard card's uv (u across the strip of `cards` cells, v from the top); 0: empty.
uint sw_impostor_texel(uint offset, uint cards, vec2 uv)
{
    uint w = cards * SW_IMPOSTOR_CELL_W;
    int x = clamp(int(uv.x * float(w)), 0, int(w) - 1);
    int y = clamp(int(uv.y * float(SW_IMPOSTOR_CELL_H)), 0, int(SW_IMPOSTOR_CELL_H) - 1);
    return asset_texels[offset + uint(y) * w + uint(x)];
}
#endif
