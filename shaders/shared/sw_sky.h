/* sw_sky.h — the analytic daylight sky of A. J. Preetham, P. Shirley, B. Smits, "A Practical Analytic Model for
 * Daylight" (SIGGRAPH 1999), evaluated per pixel (render.features.sky, SW_FEAT_SKY). The per-frame constants
 * are computed on the CPU from the sun's elevation and the turbidity (src/render/sky.c) into sw_frame.sky.
 *
 * Radiance towards a direction at zenith angle theta and angle gamma from the sun, for each of the
 * luminance Y and the chromaticities x, y (the Perez et al. all-weather function F, with the paper's
 * coefficients A..E for the turbidity T):
 *
 *   F(theta, gamma) = (1 + A e^(B / cos theta)) (1 + C e^(D gamma) + E cos^2 gamma)
 *   Y = Y_z F(theta, gamma) / F(0, theta_s),  x and y likewise from x_z, y_z
 *
 * then Yxy -> XYZ (X = x Y / y, Z = (1 - x - y) Y / y) -> linear sRGB (Rec. 709 primaries, D65). Below the
 * horizon the horizon's radiance in the same compass direction is returned, and cos theta is clamped to
 * SW_SKY_MIN_COS (nothing is NaN).
 *
 * sw_frame.sky[32], written by render_sky_constants (src/render/sky.c):
 *   [0..4]   A, B, C, D, E of Y            [5..9] of x            [10..14] of y
 *   [15..17] Y_z (kcd/m^2), x_z, y_z       the zenith values
 *   [18..20] 1 / F(0, theta_s) of Y, x, y  the normalisation
 *   [21]     sky radiance per kcd/m^2: SW_SKY_LUMINANCE_SCALE times the twilight fade (1 with the sun up, 0
 *            with it 6 degrees or more below the horizon)
 *   [22..24] direction towards the sun that the model uses (its elevation clamped to >= 0), normalised
 *   [25..27] LS5: the air's extinction at the ground for R, G, B (1/m; Rayleigh and the turbidity's aerosol,
 *            sw_sky_aerial)
 *   [28..31] 0
 * The caller multiplies the result by sw_frame.sky_intensity (sky.intensity).
 *
 * LS5, one physical unit: sky radiance is Preetham's luminance in kcd/m^2 times SW_SKY_LUMINANCE_SCALE, and the
 * sun's light (sw_frame.sun_color, what a white Lambertian surface facing the sun reflects: E / pi) is the
 * illuminance outside the atmosphere, SW_SUN_ILLUMINANCE klux, through the same model's transmittance, over pi,
 * at the same scale (src/render/sky.c render_sun_light). sun.intensity and sky.intensity multiply these (1:
 * physical), so their ratio is the model's at every elevation. */
#ifndef SW_SKY_H
#define SW_SKY_H
#include "sw_lang.h"

#define SW_SKY_PEREZ_Y 0
#define SW_SKY_PEREZ_X 5
#define SW_SKY_PEREZ_YC 10
#define SW_SKY_ZENITH 15
#define SW_SKY_NORM 18
#define SW_SKY_SCALE 21
#define SW_SKY_SUN 22
#define SW_SKY_EXTINCTION 25
#define SW_SKY_FLOATS 32

#define SW_SKY_MIN_COS 0.01f            /* cos theta below this (directions within 0.6 degrees of the horizon
                                           and below it) is clamped */
#define SW_SKY_LUMINANCE_SCALE 0.05f    /* scene radiance per kcd/m^2, for the sky and the sun alike (LS5): a
                                           zenith of 3.4 kcd/m^2 (sun 15 degrees up, T = 3) is 0.17 */
#define SW_SUN_ILLUMINANCE 128.0f       /* klux: the sun's illuminance outside the atmosphere (the solar
                                           constant's luminous equivalent, 127-133 klux in the literature) */
#define SW_SKY_SUN_RADIUS 0.004625f     /* rad: the sun's disc is 0.53 degrees across */
#define SW_SKY_SUN_DISC_GAIN 40.0f      /* the disc's radiance over sw_sun_radiance() (the sun's light E / pi).
                                           The real disc is pi / 6.8e-5 sr = 46,000 times it: more than the
                                           RGBA16F targets hold, and bloom would spread that energy over the
                                           frame; 40 keeps the disc the brightest thing in the sky */
#define SW_SKY_LIMB 0.6f                /* limb darkening: I(mu) / I(1) = 1 - u (1 - mu), u = 0.6 */

struct sw_sky_rgb {
    float r, g, b;
};
#ifndef SW_GLSL
typedef struct sw_sky_rgb sw_sky_rgb;
#endif

SW_FN float sw_sky_exp(float x)
{
    return sw_exp2(x * 1.44269504f);
}

#ifdef SW_GLSL
#define sw_sky_acos acos
#else
SW_FN float sw_sky_acos(float x)
{
    return acosf(x);
}
#endif

/* The Perez function F(theta, gamma) for cos theta (already clamped) and gamma in radians. */
SW_FN float sw_perez(float A, float B, float C, float D, float E, float cos_theta, float gamma)
{
    float cg = sw_cos(gamma);
    return (1.0f + A * sw_sky_exp(B / cos_theta)) * (1.0f + C * sw_sky_exp(D * gamma) + E * cg * cg);
}

/* CIE Yxy -> XYZ -> linear sRGB (Rec. 709 primaries, D65 white). */
SW_FN sw_sky_rgb sw_sky_yxy_to_rgb(float Y, float x, float y)
{
    float yy = sw_maxf(y, 1e-4f);
    float X = x * Y / yy;
    float Z = (1.0f - x - y) * Y / yy;
    sw_sky_rgb c;
    c.r = sw_maxf(3.2404542f * X - 1.5371385f * Y - 0.4985314f * Z, 0.0f);
    c.g = sw_maxf(-0.9692660f * X + 1.8760108f * Y + 0.0415560f * Z, 0.0f);
    c.b = sw_maxf(0.0556434f * X - 0.2040259f * Y + 1.0572252f * Z, 0.0f);
    return c;
}

/* Sky radiance (before sky.intensity) towards the normalised direction (dx, dy, dz), y up; for a direction
 * below the horizon, the horizon's in the same compass direction. No sun disc (sw_sky_sun_disc). */
SW_FN sw_sky_rgb sw_sky_radiance(const float k[32], float dx, float dy, float dz)
{
    if (dy < 0.0f) { /* below the horizon: the horizon in the same compass direction */
        float h = sw_sqrt(dx * dx + dz * dz);
        float inv = h > 1e-6f ? 1.0f / h : 0.0f;
        dx = dx * inv;
        dz = dz * inv;
        dy = 0.0f;
    }
    float ct = sw_maxf(dy, SW_SKY_MIN_COS);
    float cg = sw_clampf(dx * k[SW_SKY_SUN] + dy * k[SW_SKY_SUN + 1] + dz * k[SW_SKY_SUN + 2], -1.0f, 1.0f);
    float gamma = sw_sky_acos(cg);
    float Y = k[SW_SKY_ZENITH] * k[SW_SKY_NORM] *
              sw_perez(k[0], k[1], k[2], k[3], k[4], ct, gamma);
    float x = k[SW_SKY_ZENITH + 1] * k[SW_SKY_NORM + 1] *
              sw_perez(k[5], k[6], k[7], k[8], k[9], ct, gamma);
    float y = k[SW_SKY_ZENITH + 2] * k[SW_SKY_NORM + 2] *
              sw_perez(k[10], k[11], k[12], k[13], k[14], ct, gamma);
    return sw_sky_yxy_to_rgb(Y * k[SW_SKY_SCALE], x, y);
}

/* Aerial perspective: the colour distant things fade to, the sky at the horizon in the view's compass
 * direction (dx, dz) (a vertical view takes the horizon 90 degrees from the sun's azimuth). Consistent with
 * the sky behind them: warm toward the sun at sunset, bluer away from it. */
SW_FN sw_sky_rgb sw_sky_fog(const float k[32], float dx, float dz)
{
    return sw_sky_radiance(k, dx, -1.0f, dz);
}

/* LS5 aerial perspective (Koschmieder's law per channel): a surface of radiance c seen through `dist` m of air
 * keeps exp(-beta dist) of it and gains the in-scattered light, which tends to the horizon sky `fog` (radiance,
 * sky.intensity applied) as the path grows; beta is the air's extinction at the ground (k[SW_SKY_EXTINCTION]). */
SW_FN sw_sky_rgb sw_sky_aerial(const float k[32], sw_sky_rgb c, sw_sky_rgb fog, float dist)
{
    float tr = sw_sky_exp(-k[SW_SKY_EXTINCTION] * dist);
    float tg = sw_sky_exp(-k[SW_SKY_EXTINCTION + 1] * dist);
    float tb = sw_sky_exp(-k[SW_SKY_EXTINCTION + 2] * dist);
    sw_sky_rgb o;
    o.r = c.r * tr + fog.r * (1.0f - tr);
    o.g = c.g * tg + fog.g * (1.0f - tg);
    o.b = c.b * tb + fog.b * (1.0f - tb);
    return o;
}

/* The sun's disc for a view direction at chord length |dir - sun| from the sun's centre (2 sin(angle / 2),
 * precise near 0 where acos of a dot product is not): the limb-darkened intensity in [0, 1], 1 at the centre,
 * 1 - SW_SKY_LIMB at the rim, 0 outside; times the disc's radiance. */
SW_FN float sw_sky_sun_disc(float chord)
{
    float r = chord / SW_SKY_SUN_RADIUS;
    if (r >= 1.0f) return 0.0f;
    float mu = sw_sqrt(1.0f - r * r);
    return 1.0f - SW_SKY_LIMB * (1.0f - mu);
}

#endif
