// asset_alpha.inc.glsl — the alpha test of the assets' cards and the SC5 screen door (SPEC AS4, AS5, SC5). A leaf
// or petal card's silhouette is a signed distance in its uv square (the leaf: pointed at both ends, widest at
// 40 % of its length; the petal: rounder), tested at 0; bark is opaque. The screen door keeps the pixels whose
// 4x4 Bayer threshold lies in the instance's [lo, hi) (sw_drawn.door). The pattern moves by one of 16 offsets
// each frame (`shift`, from the frame index), so that TAA averages a cross-fade into a blend instead of keeping
// a fixed stipple (the grass's screen door stays fixed: its fades are short and its blades small).
#include "dither.inc.glsl"

float sw_card_distance(vec2 uv, uint surface)
{
    float y = clamp(uv.y, 0.0, 1.0);
    float half_w = surface == 2u ? 0.48 * pow(sin(3.14159 * y), 0.6) : 0.42 * pow(sin(3.14159 * pow(y, 0.8)), 0.9);
    return half_w - abs(uv.x - 0.5);
}

bool sw_asset_cut(vec2 uv, uint surface, uint door, uvec2 pixel, uint shift)
{
    if (surface != 0u && sw_card_distance(uv, surface) < 0.0) return true;
    float lo = float(door & 0xffffu) / 65535.0, hi = float(door >> 16) / 65535.0;
    if (lo <= 0.0 && hi >= 1.0) return false;
    uvec2 q = (pixel + uvec2(shift, shift >> 2u)) & 3u;
    float t = (SW_BAYER4[q.y * 4u + q.x] + 0.5) / 16.0;
    return !(t >= lo && t < hi);
}
