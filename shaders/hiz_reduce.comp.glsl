// hiz_reduce.comp.glsl — one further level of the min/max depth pyramid (SPEC SC3): min of the mins and max
// of the maxes of 2 x 2 texels of the level below (3 along an odd edge).
#version 450

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 1, rg32f) uniform readonly image2D src;
layout(set = 0, binding = 2, rg32f) uniform writeonly image2D dst;

void main()
{
    ivec2 d = ivec2(gl_GlobalInvocationID.xy);
    ivec2 dsize = imageSize(dst);
    if (d.x >= dsize.x || d.y >= dsize.y) return;
    ivec2 ssize = imageSize(src);
    ivec2 extra = ivec2(d.x == dsize.x - 1 && (ssize.x & 1) != 0 ? 1 : 0, d.y == dsize.y - 1 && (ssize.y & 1) != 0 ? 1 : 0);
    float lo = 1.0, hi = 0.0;
    for (int y = 0; y <= 1 + extra.y; y++) {
        for (int x = 0; x <= 1 + extra.x; x++) {
            vec2 v = imageLoad(src, min(2 * d + ivec2(x, y), ssize - 1)).rg;
            lo = min(lo, v.r);
            hi = max(hi, v.g);
        }
    }
    imageStore(dst, d, vec4(lo, hi, 0.0, 0.0));
}
