// dither.inc.glsl — the SC5 screen-door fade: an ordered 4x4 Bayer dither of a coverage (discard, no
// blending), the same pattern in every pass that cuts blades (depth prime, G-buffer without prime, shadows, the
// compute rasterisers). The pattern moves by one of 16 offsets each frame (`shift`, sw_door_shift in
// common.inc.glsl: the frame index times 7, so TAA's 8-frame warm-up visits 8 of them): TAA averages a fade into
// a blend instead of keeping a fixed stipple (SC5; the assets' doors move the same way).
const float SW_BAYER4[16] = float[16](0.0, 8.0, 2.0, 10.0, 12.0, 4.0, 14.0, 6.0, 3.0, 11.0, 1.0, 9.0, 15.0, 7.0, 13.0, 5.0);

// The Bayer threshold (0..15) of a pixel this frame.
float sw_bayer_at(uvec2 pixel, uint shift)
{
    uvec2 q = (pixel + uvec2(shift, shift >> 2u)) & 3u;
    return SW_BAYER4[q.y * 4u + q.x];
}

// The pixel (x, y) of a blade with coverage `fade` is cut this frame.
bool sw_screen_door_out_at(float fade, uvec2 pixel, uint shift)
{
    if (fade >= 1.0) return false;
    return fade * 16.0 <= sw_bayer_at(pixel, shift) + 0.5;
}

#ifndef SW_DITHER_COMPUTE
bool sw_screen_door_out(float fade, uint shift)
{
    return sw_screen_door_out_at(fade, uvec2(gl_FragCoord.xy), shift);
}
#endif
