// bloom.inc.glsl — the bloom chain (SPEC PO3; src/render/passes/bloom.c): SW_BLOOM_LEVELS levels in one buffer,
// level 0 at half the render size, each next level half of the one before (rounded up), 4 halves per texel
// (RGBA16F; a unused). The including shader defines SW_BLOOM_BINDING (and SW_BLOOM_WRITE to write it).
// Needs common.inc.glsl.
#ifdef SW_BLOOM_WRITE
layout(std430, set = SW_SET_PASS, binding = SW_BLOOM_BINDING) buffer BloomChain { uvec2 chain[]; };
#else
layout(std430, set = SW_SET_PASS, binding = SW_BLOOM_BINDING) readonly buffer BloomChain { uvec2 chain[]; };
#endif

ivec2 bloom_size0() { return ivec2((int(VIEW.width) + 1) / 2, (int(VIEW.height) + 1) / 2); }

// The size and first texel of a level (the same recurrence as render_bloom_size in bloom.c).
ivec2 bloom_level(uint level, out uint first)
{
    ivec2 s = bloom_size0();
    first = 0u;
    for (uint l = 0u; l < level; l++) {
        first += uint(s.x * s.y);
        s = max((s + 1) / 2, ivec2(1));
    }
    return s;
}

vec3 bloom_load(uint first, ivec2 size, ivec2 q)
{
    q = clamp(q, ivec2(0), size - 1);
    uvec2 v = chain[first + uint(q.y * size.x + q.x)];
    return vec3(unpackHalf2x16(v.x), unpackHalf2x16(v.y).x);
}

#ifdef SW_BLOOM_WRITE
void bloom_store(uint first, ivec2 size, ivec2 q, vec3 c)
{
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
