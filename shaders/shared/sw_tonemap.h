/* sw_tonemap.h — exposure, Uncharted 2 filmic curve with white point, sRGB (SPEC PO2; Frictional "HDR").
 *
 *   U(x) = ((x (A x + C B) + D E) / (x (A x + B) + D F)) - E / F,  A .15 B .50 C .10 D .20 E .02 F .30
 *   colour = U(c * exposure) / U(white)
 * Reinhard x / (x + 1) is kept for comparison. Both saturate: an exposed value from SW_TONEMAP_X_MAX up, infinity
 * included, is white. */
#ifndef SW_TONEMAP_H
#define SW_TONEMAP_H
#include "sw_lang.h"

/* The exposed value the curves saturate at. From it up every value is white for every white point a scene may
 * have (at most 1e6), and below it A x^2 stays finite in 32-bit floats (it overflows from about 4.8e19, and
 * infinity / infinity is NaN; so is Reinhard's x / (x + 1) of an infinite x). */
#define SW_TONEMAP_X_MAX 1.0e18f

SW_FN float sw_uncharted2(float x)
{
    x = sw_minf(x, SW_TONEMAP_X_MAX);
    float A = 0.15f, B = 0.50f, C = 0.10f, D = 0.20f, E = 0.02f, F = 0.30f;
    return ((x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F)) - E / F;
}

SW_FN float sw_tonemap_filmic(float c, float exposure, float white)
{
    return sw_clampf(sw_uncharted2(c * exposure) / sw_uncharted2(white), 0.0f, 1.0f);
}

SW_FN float sw_tonemap_reinhard(float c, float exposure)
{
    float x = sw_minf(c * exposure, SW_TONEMAP_X_MAX);
    return x / (x + 1.0f);
}

SW_FN float sw_linear_to_srgb(float c)
{
    c = sw_clampf(c, 0.0f, 1.0f);
    return c <= 0.0031308f ? 12.92f * c : 1.055f * sw_pow(c, 1.0f / 2.4f) - 0.055f;
}

#endif
