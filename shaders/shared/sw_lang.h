/* sw_lang.h — the common subset of C11 and GLSL 4.50 that the shared headers are written in.
 *
 * Every header in shaders/shared/ is compiled twice: by glslangValidator into the shaders, and by the C
 * compiler into the CPU reference (src/place, src/wind, tests). The rules that keep the two identical:
 *   - scalars only (float, sw_uint, int); no vector operators, which C lacks;
 *   - functions return values (structs allowed); no out-parameters, no pointers, no arrays;
 *   - casts through SW_F / SW_U / SW_I;
 *   - math through the sw_* wrappers below, so C uses the float (not double) versions;
 *   - positions use only +, -, * on exactly representable values: with contraction off (C: -ffp-contract=off,
 *     GLSL: `precise` on the results that must match) CPU and GPU round identically. `precise` does not
 *     reach into called functions, so every helper on such a path marks its own results.
 */
#ifndef SW_LANG_H
#define SW_LANG_H

#ifdef GL_core_profile /* ---- GLSL ---- */
#define SW_GLSL 1
#define SW_FN
#define SW_PRECISE precise
#define sw_uint uint
#define SW_F(x) float(x)
#define SW_U(x) uint(x)
#define SW_I(x) int(x)
#define sw_floor floor
#define sw_fract fract
#define sw_sqrt sqrt
#define sw_sin sin
#define sw_cos cos
#define sw_atan2 atan
#define sw_abs abs
#define sw_exp2 exp2
#define sw_log2 log2
#define sw_pow pow
#define sw_minf min
#define sw_maxf max
#define sw_clampf clamp
#define sw_mixf mix
#define sw_smoothstepf smoothstep
#define sw_mini min
#define sw_maxi max
#define sw_minu min
#define sw_float_bits floatBitsToUint
#define sw_uint_bits_to_float uintBitsToFloat

#else /* ---- C ---- */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#define SW_FN static inline
#define SW_PRECISE
typedef uint32_t sw_uint;
#define SW_F(x) ((float)(x))
#define SW_U(x) ((sw_uint)(x))
#define SW_I(x) ((int)(x))
SW_FN float sw_floor(float x) { return floorf(x); }
SW_FN float sw_fract(float x) { return x - floorf(x); }
SW_FN float sw_sqrt(float x) { return sqrtf(x); }
SW_FN float sw_sin(float x) { return sinf(x); }
SW_FN float sw_cos(float x) { return cosf(x); }
SW_FN float sw_atan2(float y, float x) { return atan2f(y, x); }
SW_FN float sw_abs(float x) { return fabsf(x); }
SW_FN float sw_exp2(float x) { return exp2f(x); }
SW_FN float sw_log2(float x) { return log2f(x); }
SW_FN float sw_pow(float x, float y) { return powf(x, y); }
SW_FN float sw_minf(float a, float b) { return a < b ? a : b; }
SW_FN float sw_maxf(float a, float b) { return a > b ? a : b; }
SW_FN float sw_clampf(float x, float lo, float hi) { return sw_minf(sw_maxf(x, lo), hi); }
SW_FN float sw_mixf(float a, float b, float t) { return a + (b - a) * t; }
SW_FN float sw_smoothstepf(float e0, float e1, float x)
{
    float t = sw_clampf((x - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}
SW_FN int sw_mini(int a, int b) { return a < b ? a : b; }
SW_FN int sw_maxi(int a, int b) { return a > b ? a : b; }
SW_FN sw_uint sw_minu(sw_uint a, sw_uint b) { return a < b ? a : b; }
SW_FN sw_uint sw_float_bits(float x)
{
    union { float f; sw_uint u; } v = {x};
    return v.u;
}
SW_FN float sw_uint_bits_to_float(sw_uint x)
{
    union { sw_uint u; float f; } v = {x};
    return v.f;
}
#endif

#define SW_PI 3.14159265358979f
#define SW_TAU 6.28318530717959f

#endif
