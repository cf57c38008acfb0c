/* sw_exposure.h — auto exposure (SPEC PO4; Frictional "Exposure": "controlled automatically by storing the average
 * luminance over a few frames and calculating an exposure from that value", and set per area of the world), for
 * C (the CPU reference, tests) and GLSL (shaders/exposure_*.comp.glsl).
 *
 *   meter   a histogram of log2 luminance over SW_EXPOSURE_BINS bins spanning [SW_EXPOSURE_LOG_MIN,
 *           SW_EXPOSURE_LOG_MAX], by blocks of 2 x 2 pixels (the block's mean luminance counted with the sum of
 *           its pixels' weights), each pixel weighted by a centre weight (1 at the corners, 4 at the centre:
 *           centre-weighted metering, as a camera's), times SW_EXPOSURE_SURFACE_WEIGHT where a surface is (the
 *           sky counts once: the field, not the sky over it, is what the exposure is for, as a photographer
 *           meters the subject; a frame of sky alone is metered all the same);
 *   mean    the weighted mean log2 luminance of the pixels between the low and high percentiles of the
 *           histogram (the darkest shadows and the sun's disc and highlights do not steer it);
 *   target  EV = log2(key) - mean + compensation + the exposure areas' bias, clamped to [min_ev, max_ev]:
 *           the metered mean is brought to the key (a mid grey);
 *   adapt   ev += (target - ev) (1 - exp(-dt speed)), speed_up where the exposure rises (the scene got darker),
 *           speed_down where it falls (the eye closes faster than it opens); a frame without a previous one
 *           (the first, a camera cut, a still: dt 0) takes the target.
 * exposure = 2^ev multiplies the radiance before the tone map (PO2). */
#ifndef SW_EXPOSURE_H
#define SW_EXPOSURE_H
#include "sw_lang.h"

#define SW_EXPOSURE_BINS 128u
#define SW_EXPOSURE_LOG_MIN (-14.0f) /* log2 luminance of bin 0's lower edge (darker pixels fall in bin 0) */
#define SW_EXPOSURE_LOG_MAX 18.0f    /* ... of the last bin's upper edge (brighter ones fall in it) */
#define SW_EXPOSURE_WEIGHT_MAX 4u    /* a pixel's count at the image centre; 1 at the corners */
#define SW_EXPOSURE_SURFACE_WEIGHT 4u /* a surface pixel's weight over a sky pixel's */
#define SW_EXPOSURE_GROUP 16u        /* shaders/exposure_histogram.comp.glsl: 16 x 16 blocks of 2 x 2 a workgroup */

/* Rec. 709 luminance of linear RGB. */
SW_FN float sw_exposure_luminance(float r, float g, float b) { return 0.2126f * r + 0.7152f * g + 0.0722f * b; }

/* The bin of a luminance (not finite or <= 0: bin 0). */
SW_FN sw_uint sw_exposure_bin(float luminance)
{
    if (!(luminance > 0.0f) || !(luminance < 3.0e38f)) return luminance > 0.0f ? SW_EXPOSURE_BINS - 1u : 0u;
    float t = (sw_log2(luminance) - SW_EXPOSURE_LOG_MIN) / (SW_EXPOSURE_LOG_MAX - SW_EXPOSURE_LOG_MIN);
    float b = sw_floor(sw_clampf(t, 0.0f, 1.0f) * SW_F(SW_EXPOSURE_BINS));
    return SW_U(sw_minf(b, SW_F(SW_EXPOSURE_BINS - 1u)));
}

/* The log2 luminance a bin stands for: its centre. */
SW_FN float sw_exposure_bin_log(sw_uint bin)
{
    return SW_EXPOSURE_LOG_MIN +
           (SW_F(bin) + 0.5f) * ((SW_EXPOSURE_LOG_MAX - SW_EXPOSURE_LOG_MIN) / SW_F(SW_EXPOSURE_BINS));
}

/* The weight of pixel (x, y) of a width x height image: the centre weight 1 + round(3 (1 - r^2)), r the distance
 * from the centre over the half-diagonal (4 at the centre, 1 at the corners), times SW_EXPOSURE_SURFACE_WEIGHT
 * where the pixel is a surface (not the sky). */
SW_FN sw_uint sw_exposure_weight(sw_uint x, sw_uint y, sw_uint width, sw_uint height, bool surface)
{
    float dx = (SW_F(x) + 0.5f) / SW_F(width) - 0.5f, dy = (SW_F(y) + 0.5f) / SW_F(height) - 0.5f;
    float r2 = (dx * dx + dy * dy) * 2.0f; /* (dx^2 + dy^2) / 0.5 */
    sw_uint centre = 1u + SW_U(sw_floor(3.0f * sw_maxf(1.0f - r2, 0.0f) + 0.5f));
    return surface ? centre * SW_EXPOSURE_SURFACE_WEIGHT : centre;
}

/* The percentile mean, bin by bin in order (the caller loops over the bins: no arrays in shared code).
 * lo, hi: the counts below which and above which pixels are left out (total x low_percent / 100, total x
 * high_percent / 100); cum: counts so far; sum, weight: of the bins' logs over what is kept. */
struct sw_exposure_mean {
    float lo, hi, cum, sum, weight;
};
#ifndef SW_GLSL
typedef struct sw_exposure_mean sw_exposure_mean;
#endif

SW_FN sw_exposure_mean sw_exposure_mean_begin(float total, float low_percent, float high_percent)
{
    sw_exposure_mean m;
    m.lo = total * low_percent * 0.01f;
    m.hi = total * high_percent * 0.01f;
    m.cum = 0.0f;
    m.sum = 0.0f;
    m.weight = 0.0f;
    return m;
}

SW_FN sw_exposure_mean sw_exposure_mean_add(sw_exposure_mean m, sw_uint bin, float count)
{
    /* the part of this bin's counts inside [lo, hi] of the cumulative counts */
    float kept = sw_maxf(sw_minf(m.cum + count, m.hi) - sw_maxf(m.cum, m.lo), 0.0f);
    m.sum += kept * sw_exposure_bin_log(bin);
    m.weight += kept;
    m.cum += count;
    return m;
}

/* The mean log2 luminance of what was kept; an empty meter reads as mid grey at exposure 1 (log2 0.18). */
SW_FN float sw_exposure_mean_log(sw_exposure_mean m)
{
    return m.weight > 0.0f ? m.sum / m.weight : -2.4739312f;
}

/* The target EV for a metered mean (see the header). */
SW_FN float sw_exposure_target_ev(float mean_log, float key, float compensation_ev, float min_ev, float max_ev)
{
    return sw_clampf(sw_log2(key) - mean_log + compensation_ev, min_ev, max_ev);
}

/* One step of the eye's adaptation from ev towards target over dt seconds (dt <= 0: the target). */
SW_FN float sw_exposure_adapt(float ev, float target, float dt, float speed_up, float speed_down)
{
    if (!(dt > 0.0f)) return target;
    float speed = target > ev ? speed_up : speed_down;
    return ev + (target - ev) * (1.0f - sw_exp2(-dt * speed * 1.4426950f)); /* 1 - e^(-dt speed) */
}

#endif
