// hiz_init.comp.glsl — level 0 of the min/max depth pyramid (SPEC SC3) from the occluders' depth: each texel
// reduces 2 x 2 pixels, and 3 along an odd edge so no pixel is left out. Cost: one read per pixel.
#version 450

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D depth_tex;
layout(set = 0, binding = 2, rg32f) uniform writeonly image2D dst;

void main()
{
    ivec2 d = ivec2(gl_GlobalInvocationID.xy);
    ivec2 dsize = imageSize(dst);
    if (d.x >= dsize.x || d.y >= dsize.y) return;
    ivec2 ssize = textureSize(depth_tex, 0);
    ivec2 extra = ivec2(d.x == dsize.x - 1 && (ssize.x & 1) != 0 ? 1 : 0, d.y == dsize.y - 1 && (ssize.y & 1) != 0 ? 1 : 0);
    float lo = 1.0, hi = 0.0;
    for (int y = 0; y <= 1 + extra.y; y++) {
        for (int x = 0; x <= 1 + extra.x; x++) {
            float z = texelFetch(depth_tex, min(2 * d + ivec2(x, y), ssize - 1), 0).r;
            lo = min(lo, z);
            hi = max(hi, z);
        }
    }
    imageStore(dst, d, vec4(lo, hi, 0.0, 0.0));
}
