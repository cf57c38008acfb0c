// bloom.inc.glsl — the bloom chain (SPEC PO3; src/render/passes/bloom.c): SW_BLOOM_LEVELS levels in one buffer,
// level 0 at half the render size, each next level half of the one before (rounded up), 4 halves per texel
// (RGBA16F; a unused). The including shader defines SW_BLOOM_BINDING (and SW_BLOOM_WRITE to write it).
// Needs common.inc.glsl.
#ifdef SW_BLOOM_WRITE
layout(std430, set = SW_SET_PASS, binding = SW_BLOOM_BINDING) buffer BloomChain { uvec2 chain[]; };
#else
layout(std430, set = SW_SET_PASS, binding = SW_BLOOM_BINDING) readonly buffer BloomChain { uvec2 chain[]; };
#endif

#include "shared/sw_pyramid.h"

ivec2 bloom_size0() { return ivec2(sw_half_up(int(VIEW.width)), sw_half_up(int(VIEW.height))); }

// The size and first texel of a level (shared/sw_pyramid.h: bloom.c sizes the chain and the dispatches with it).
ivec2 bloom_level(uint level, out uint first)
{
    ivec2 s0 = bloom_size0();
    first = uint(sw_bloom_offset(s0.x, s0.y, int(level)));
    return ivec2(sw_bloom_side(s0.x, int(level)), sw_bloom_side(s0.y, int(level)));
}

vec3 bloom_load(uint first, ivec2 size, ivec2 q)
{
    q = clamp(q, ivec2(0), size - 1);
    uvec2 v = chain[first + uint(q.y * size.x + q.x)];
    return vec3(unpackHalf2x16(v.x), unpackHalf2x16(v.y).x);
}

#ifdef SW_BLOOM_WRITE
// The largest finite half float. The chain is in exposed units, and the documented exposures (up to 1e6, times
// 2^30 by an exposure area) take c x exposure far past it: a texel stored as infinity would make post's bloom /
// exposure infinite and the tone map's output NaN (a black frame). Saturating keeps every level finite; a texel
// below the limit is stored unchanged, and so is the bloom of the normal range.
#define SW_BLOOM_HALF_MAX 65504.0

void bloom_store(uint first, ivec2 size, ivec2 q, vec3 c)
{
    c = min(c, vec3(SW_BLOOM_HALF_MAX));
    chain[first + uint(q.y * size.x + q.x)] = uvec2(packHalf2x16(c.rg), packHalf2x16(vec2(c.b, 0.0)));
}
#endif

// The chain's level 0 bilinearly at the centre of full-resolution pixel px, in exposed units (c x exposure).
vec3 bloom_at(ivec2 px)
{
    uint first;
    ivec2 s = bloom_level(0u, first);
    vec2 c = (vec2(px) + 0.5) / vec2(VIEW.width, VIEW.height) * vec2(s) - 0.5;
    ivec2 i = ivec2(floor(c));
    vec2 f = c - floor(c);
    vec3 a = mix(bloom_load(first, s, i), bloom_load(first, s, i + ivec2(1, 0)), f.x);
    vec3 b = mix(bloom_load(first, s, i + ivec2(0, 1)), bloom_load(first, s, i + ivec2(1, 1)), f.x);
    return mix(a, b, f.y) * (SW_BLOOM_STRENGTH / float(SW_BLOOM_LEVELS));
}
