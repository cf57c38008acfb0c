// dither.inc.glsl — the SC5 screen-door fade: an ordered 4x4 Bayer dither of a coverage (discard, no
// blending), the same pattern in every pass that cuts blades (depth prime, G-buffer without prime, shadows).
const float SW_BAYER4[16] = float[16](0.0, 8.0, 2.0, 10.0, 12.0, 4.0, 14.0, 6.0, 3.0, 11.0, 1.0, 9.0, 15.0, 7.0, 13.0, 5.0);

// The pixel (x, y) of a blade with coverage `fade` is cut.
bool sw_screen_door_out_at(float fade, uvec2 pixel)
{
    if (fade >= 1.0) return false;
    uvec2 q = pixel & 3u;
    return fade * 16.0 <= SW_BAYER4[q.y * 4u + q.x] + 0.5;
}

#ifndef SW_DITHER_COMPUTE
bool sw_screen_door_out(float fade)
{
    return sw_screen_door_out_at(fade, uvec2(gl_FragCoord.xy));
}
#endif
