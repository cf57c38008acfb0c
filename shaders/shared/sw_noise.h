/* sw_noise.h — 2D gradient (Perlin) noise and fBm, shared by the wind field (GA4), the coverage patches of
 * the placement (PL3) and the procedural terrain (PL1).
 *
 * Gradients are picked by hash from eight fixed directions, and the interpolation uses only + and *, so the
 * CPU reference and the shaders compute the same value (no sin/cos of a hashed angle). Range is about
 * [-1, 1]. */
#ifndef SW_NOISE_H
#define SW_NOISE_H
#include "sw_hash.h"

SW_FN float sw_grad_dot(sw_uint h, float dx, float dy)
{
    sw_uint k = h & 7u;
    SW_PRECISE float d = 0.0f;
    if (k == 0u) d = dx;
    else if (k == 1u) d = -dx;
    else if (k == 2u) d = dy;
    else if (k == 3u) d = -dy;
    else if (k == 4u) d = (dx + dy) * 0.70710678f;
    else if (k == 5u) d = (dx - dy) * 0.70710678f;
    else if (k == 6u) d = (dy - dx) * 0.70710678f;
    else d = (-dx - dy) * 0.70710678f;
    return d;
}

SW_FN float sw_fade(float t)
{
    SW_PRECISE float r = t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
    return r;
}

SW_FN float sw_lerp(float a, float b, float t)
{
    SW_PRECISE float r = a + (b - a) * t;
    return r;
}

/* Perlin gradient noise at (x, y); `salt` decorrelates independent fields. */
SW_FN float sw_perlin(float x, float y, sw_uint salt)
{
    float fx = sw_floor(x);
    float fy = sw_floor(y);
    int ix = SW_I(fx);
    int iy = SW_I(fy);
    SW_PRECISE float dx = x - fx;
    SW_PRECISE float dy = y - fy;
    sw_uint h00 = sw_cell_hash(ix, iy, salt, 0x51u);
    sw_uint h10 = sw_cell_hash(ix + 1, iy, salt, 0x51u);
    sw_uint h01 = sw_cell_hash(ix, iy + 1, salt, 0x51u);
    sw_uint h11 = sw_cell_hash(ix + 1, iy + 1, salt, 0x51u);
    SW_PRECISE float dx1 = dx - 1.0f;
    SW_PRECISE float dy1 = dy - 1.0f;
    float n00 = sw_grad_dot(h00, dx, dy);
    float n10 = sw_grad_dot(h10, dx1, dy);
    float n01 = sw_grad_dot(h01, dx, dy1);
    float n11 = sw_grad_dot(h11, dx1, dy1);
    float u = sw_fade(dx);
    float v = sw_fade(dy);
    SW_PRECISE float r = 1.41421356f * sw_lerp(sw_lerp(n00, n10, u), sw_lerp(n01, n11, u), v);
    return r;
}

/* Fractal Brownian motion: `octaves` layers, each `lacunarity` times finer and `gain` times weaker.
 * Normalised by the sum of the amplitudes, so the range stays about [-1, 1]. */
SW_FN float sw_fbm(float x, float y, int octaves, float lacunarity, float gain, sw_uint salt)
{
    SW_PRECISE float sum = 0.0f;
    SW_PRECISE float amp = 1.0f;
    SW_PRECISE float norm = 0.0f;
    SW_PRECISE float f = 1.0f;
    for (int o = 0; o < octaves; o++) {
        SW_PRECISE float px = x * f;
        SW_PRECISE float py = y * f;
        sum += amp * sw_perlin(px, py, salt + SW_U(o) * 101u);
        norm += amp;
        amp *= gain;
        f *= lacunarity;
    }
    SW_PRECISE float r = norm > 0.0f ? sum / norm : 0.0f;
    return r;
}

#endif
