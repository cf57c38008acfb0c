/* noise.c — the leaves' "tiny 3D simplex noise texture (16x16x16)" (SPEC GA6; HZD "Vertex Program: Trees": the
 * length of the wind sampled at the tree's centre drives the leaves' motion read from it). Three channels of 3D
 * simplex noise (Gustavson's formulation: the skewed tetrahedral lattice, radial falloff (0.6 - r^2)^4), made
 * tileable over 16 texels by blending the eight periodic shifts of the field trilinearly, so the vertex shader
 * can scroll through it with wrapping and never meet a seam. */
#include "assets/assets.h"

#include "shared/sw_hash.h"

#include <math.h>

static const float GRAD3[12][3] = {{1, 1, 0}, {-1, 1, 0}, {1, -1, 0}, {-1, -1, 0}, {1, 0, 1}, {-1, 0, 1},
                                   {1, 0, -1}, {-1, 0, -1}, {0, 1, 1}, {0, -1, 1}, {0, 1, -1}, {0, -1, -1}};

static float corner(int i, int j, int k, float x, float y, float z, uint32_t salt)
{
    float t = 0.6f - x * x - y * y - z * z;
    if (t <= 0.0f) return 0.0f;
    uint32_t h = sw_pcg((uint32_t)i * 0x8da6b343u ^ (uint32_t)j * 0xd8163841u ^ (uint32_t)k * 0xcb1ab31fu ^ salt);
    const float *g = GRAD3[h % 12u];
    t *= t;
    return t * t * (g[0] * x + g[1] * y + g[2] * z);
}

float asset_simplex3(float x, float y, float z, uint32_t salt)
{
    const float F3 = 1.0f / 3.0f, G3 = 1.0f / 6.0f;
    float s = (x + y + z) * F3;
    int i = (int)floorf(x + s), j = (int)floorf(y + s), k = (int)floorf(z + s);
    float t = (float)(i + j + k) * G3;
    float x0 = x - ((float)i - t), y0 = y - ((float)j - t), z0 = z - ((float)k - t);
    /* which of the six tetrahedra of the skewed cube the point lies in */
    int i1, j1, k1, i2, j2, k2;
    if (x0 >= y0) {
        if (y0 >= z0) { i1 = 1; j1 = 0; k1 = 0; i2 = 1; j2 = 1; k2 = 0; }
        else if (x0 >= z0) { i1 = 1; j1 = 0; k1 = 0; i2 = 1; j2 = 0; k2 = 1; }
        else { i1 = 0; j1 = 0; k1 = 1; i2 = 1; j2 = 0; k2 = 1; }
    } else {
        if (y0 < z0) { i1 = 0; j1 = 0; k1 = 1; i2 = 0; j2 = 1; k2 = 1; }
        else if (x0 < z0) { i1 = 0; j1 = 1; k1 = 0; i2 = 0; j2 = 1; k2 = 1; }
        else { i1 = 0; j1 = 1; k1 = 0; i2 = 1; j2 = 1; k2 = 0; }
    }
    float n = corner(i, j, k, x0, y0, z0, salt);
    n += corner(i + i1, j + j1, k + k1, x0 - (float)i1 + G3, y0 - (float)j1 + G3, z0 - (float)k1 + G3, salt);
    n += corner(i + i2, j + j2, k + k2, x0 - (float)i2 + 2.0f * G3, y0 - (float)j2 + 2.0f * G3, z0 - (float)k2 + 2.0f * G3,
                salt);
    n += corner(i + 1, j + 1, k + 1, x0 - 1.0f + 3.0f * G3, y0 - 1.0f + 3.0f * G3, z0 - 1.0f + 3.0f * G3, salt);
    return 32.0f * n; /* about [-1, 1] */
}

void asset_leaf_noise(uint32_t seed, float *out)
{
    const float n = (float)ASSET_NOISE_SIZE, freq = 0.25f; /* four lattice cells across the texture */
    for (uint32_t z = 0; z < ASSET_NOISE_SIZE; z++)
        for (uint32_t y = 0; y < ASSET_NOISE_SIZE; y++)
            for (uint32_t x = 0; x < ASSET_NOISE_SIZE; x++) {
                float fx = (float)x / n, fy = (float)y / n, fz = (float)z / n;
                float *o = out + 4u * ((z * ASSET_NOISE_SIZE + y) * ASSET_NOISE_SIZE + x);
                for (uint32_t c = 0; c < 3; c++) {
                    uint32_t salt = sw_pcg(seed * 3u + c + 0x1eafu);
                    float v = 0.0f;
                    /* the field and its shifts by one period, weighted so that texel n equals texel 0 */
                    for (int s = 0; s < 8; s++) {
                        int sx = s & 1, sy = s >> 1 & 1, sz = s >> 2 & 1;
                        float w = (sx ? fx : 1.0f - fx) * (sy ? fy : 1.0f - fy) * (sz ? fz : 1.0f - fz);
                        v += w * asset_simplex3(((float)x - (float)sx * n) * freq, ((float)y - (float)sy * n) * freq,
                                                ((float)z - (float)sz * n) * freq, salt);
                    }
                    o[c] = v;
                }
                o[3] = 0.0f;
            }
}
