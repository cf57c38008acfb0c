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
    float d = 0.0f;
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
    return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
}

SW_FN float sw_lerp(float a, float b, float t)
{
    return a + (b - a) * t;
}

/* Perlin gradient noise at (x, y); `salt` decorrelates independent fields. */
SW_FN float sw_perlin(float x, float y, sw_uint salt)
{
    float fx = sw_floor(x);
    float fy = sw_floor(y);
    int ix = SW_I(fx);
    int iy = SW_I(fy);
    float dx = x - fx;
    float dy = y - fy;
    sw_uint h00 = sw_cell_hash(ix, iy, salt, 0x51u);
    sw_uint h10 = sw_cell_hash(ix + 1, iy, salt, 0x51u);
    sw_uint h01 = sw_cell_hash(ix, iy + 1, salt, 0x51u);
    sw_uint h11 = sw_cell_hash(ix + 1, iy + 1, salt, 0x51u);
    float n00 = sw_grad_dot(h00, dx, dy);
    float n10 = sw_grad_dot(h10, dx - 1.0f, dy);
    float n01 = sw_grad_dot(h01, dx, dy - 1.0f);
    float n11 = sw_grad_dot(h11, dx - 1.0f, dy - 1.0f);
    /* sw_fade and sw_lerp written out: `precise` does not reach into called functions, and without it a GPU
     * may fuse these into FMAs that round differently from the CPU reference (PL4). */
    SW_PRECISE float u = dx * dx * dx * (dx * (dx * 6.0f - 15.0f) + 10.0f);
    SW_PRECISE float v = dy * dy * dy * (dy * (dy * 6.0f - 15.0f) + 10.0f);
    SW_PRECISE float a = n00 + (n10 - n00) * u;
    SW_PRECISE float b = n01 + (n11 - n01) * u;
    SW_PRECISE float r = 1.41421356f * (a + (b - a) * v);
    return r;
}

/* Fractal Brownian motion: `octaves` layers, each `lacunarity` times finer and `gain` times weaker.
 * Normalised by the sum of the amplitudes, so the range stays about [-1, 1]. Not `precise` (glslang 12 hangs
 * propagating it through this loop), so GPU and CPU may differ in the last bits: the placement does not use
 * fBm on the GPU. */
SW_FN float sw_fbm(float x, float y, int octaves, float lacunarity, float gain, sw_uint salt)
{
    float sum = 0.0f;
    float amp = 1.0f;
    float norm = 0.0f;
    float f = 1.0f;
    for (int o = 0; o < octaves; o++) {
        sum += amp * sw_perlin(x * f, y * f, salt + SW_U(o) * 101u);
        norm += amp;
        amp *= gain;
        f *= lacunarity;
    }
    return norm > 0.0f ? sum / norm : 0.0f;
}

#endif
