// hiz.inc.glsl — layout of the min/max depth pyramid (SPEC SC3), a storage buffer of vec2 (r: min = farthest
// depth, g: max = nearest; reverse-Z). Level 0 is half the render size rounded up, each further level half
// the one below rounded down (at least 1); the odd texel at an edge is folded into the last one. Levels lie
// one after another. A buffer rather than a mipmapped image: plain loads behave the same on every device
// (mip fetches did not on lavapipe).

ivec2 hiz_size(ivec2 size0, int level)
{
    return max(size0 >> level, ivec2(1));
}

int hiz_offset(ivec2 size0, int level)
{
    int o = 0;
    for (int l = 0; l < level; l++) {
        ivec2 s = hiz_size(size0, l);
        o += s.x * s.y;
    }
    return o;
}
