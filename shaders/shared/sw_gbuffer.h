/* sw_gbuffer.h — the G-buffer's encoding and the surface functions shared by the geometry passes and the
 * deferred lighting (SPEC SH2-SH7; HZD "Pixel Program: G-Buffers", "Normals", "Albedo", "Roughness /
 * Reflectance", "Translucency"; 003 "deferred translucent foliage"). Compiled as C (tests) and GLSL.
 *
 * Targets (RES_GBUF_* in src/render/render.h; public formats in sward_vulkan.h):
 *   0 albedo    R8G8B8A8_SRGB          rgb albedo, a ambient occlusion (baked along the blade x per blade)
 *   1 normal    A2B10G10R10_UNORM      rg octahedral normal, b roughness, a surface kind (SW_KIND_*)
 *   2 material  R8G8B8A8_UNORM         r reflectance / SW_REFLECTANCE_SCALE, g translucency amount
 *                                      (thickness), b translucency diffusion, a specular
 *                                      occlusion (grass-covered ground: its sheen is the blades')
 *   3 motion    R16G16_SFLOAT          pixels: this frame's unjittered position minus the last frame's; grass writes
 *                                      none (Ghost of Tsushima): cleared to SW_MOTION_NONE
 * Depth is the reverse-Z depth buffer. */
#ifndef SW_GBUFFER_H
#define SW_GBUFFER_H
#include "sw_lang.h"

#define SW_KIND_NONE 0u    /* sky: nothing was drawn */
#define SW_KIND_TERRAIN 1u
#define SW_KIND_GRASS 2u   /* double-sided, thin: translucent */
#define SW_KIND_MESH 3u

#define SW_REFLECTANCE 0.04f      /* SH5: dielectric, fixed at 4 % */
#define SW_REFLECTANCE_SCALE 0.08f /* stored as reflectance / this, so 4 % is mid-range */
#define SW_MOTION_NONE (-32768.0f) /* the motion target's clear value: no motion written (use depth) */

struct sw_oct {
    float u, v;
};
struct sw_n3 {
    float x, y, z;
};
#ifndef SW_GLSL
typedef struct sw_oct sw_oct;
typedef struct sw_n3 sw_n3;
#endif

SW_FN float sw_sign_nz(float x) { return x >= 0.0f ? 1.0f : -1.0f; }

/* Octahedral encoding of a unit vector into [0, 1]^2 (Cigolle et al. 2014). */
SW_FN sw_oct sw_oct_encode(float x, float y, float z)
{
    float l1 = sw_abs(x) + sw_abs(y) + sw_abs(z);
    float u = x / l1, v = z / l1;
    if (y < 0.0f) {
        float uu = (1.0f - sw_abs(v)) * sw_sign_nz(u);
        float vv = (1.0f - sw_abs(u)) * sw_sign_nz(v);
        u = uu;
        v = vv;
    }
    sw_oct o;
    o.u = u * 0.5f + 0.5f;
    o.v = v * 0.5f + 0.5f;
    return o;
}

/* The unit vector back from [0, 1]^2. */
SW_FN sw_n3 sw_oct_decode(float eu, float ev)
{
    float u = eu * 2.0f - 1.0f, v = ev * 2.0f - 1.0f;
    float yy = 1.0f - sw_abs(u) - sw_abs(v);
    if (yy < 0.0f) {
        float uu = (1.0f - sw_abs(v)) * sw_sign_nz(u);
        float vv = (1.0f - sw_abs(u)) * sw_sign_nz(v);
        u = uu;
        v = vv;
    }
    float l = sw_sqrt(u * u + yy * yy + v * v);
    sw_n3 n;
    n.x = u / l;
    n.y = yy / l;
    n.z = v / l;
    return n;
}

/* SH4 colorization (HZD): Result = Texture * (2 * Colorize * Mask + 1 - Mask); Colorize 0.5 is neutral, a
 * mask of 0 keeps the texture. Per channel. */
SW_FN float sw_colorize(float texture, float colorize, float mask)
{
    return texture * (2.0f * colorize * mask + 1.0f - mask);
}

/* GGX / Trowbridge-Reitz normal distribution, alpha = roughness^2. */
SW_FN float sw_ggx_d(float n_dot_h, float alpha)
{
    float a2 = alpha * alpha;
    float d = n_dot_h * n_dot_h * (a2 - 1.0f) + 1.0f;
    return a2 / (SW_PI * d * d + 1e-7f);
}

/* Height-correlated Smith visibility (Heitz 2014), V = G / (4 NoL NoV). */
SW_FN float sw_smith_vis(float n_dot_v, float n_dot_l, float alpha)
{
    float a2 = alpha * alpha;
    float gv = n_dot_l * sw_sqrt(n_dot_v * n_dot_v * (1.0f - a2) + a2);
    float gl = n_dot_v * sw_sqrt(n_dot_l * n_dot_l * (1.0f - a2) + a2);
    return 0.5f / (gv + gl + 1e-7f);
}

SW_FN float sw_fresnel_schlick(float f0, float v_dot_h)
{
    float k = 1.0f - v_dot_h;
    float k2 = k * k;
    return f0 + (1.0f - f0) * k2 * k2 * k;
}

/* SH5 + GGX: the sun's specular factor for one pixel (times the sun's radiance). Reflectance is 4 % times
 * the AO (HZD: "Reflectance – fixed at 4 % dielectric, baked ambient occlusion"). Scaled by pi, like the
 * diffuse term, which is albedo x N.L without the 1/pi (sward's radiance convention). */
SW_FN float sw_specular(float n_dot_l, float n_dot_v, float n_dot_h, float v_dot_h, float roughness, float ao)
{
    if (n_dot_l <= 0.0f || n_dot_v <= 0.0f) return 0.0f;
    float alpha = sw_maxf(roughness * roughness, 0.002f);
    float f0 = SW_REFLECTANCE * ao;
    return SW_PI * sw_ggx_d(n_dot_h, alpha) * sw_smith_vis(n_dot_v, n_dot_l, alpha) *
           sw_fresnel_schlick(f0, v_dot_h) * n_dot_l;
}

/* SH6, HZD's translucency: the product of the light reaching the surface from behind (N.L of the back),
 * the angle between the camera, the pixel and the light (a lobe around looking into the sun, narrower for
 * a low diffusion), the max luminance of the albedo, the thickness (translucency amount), the AO and an
 * artistic boost. A scalar: the caller tints it by the albedo's chroma. */
#define SW_TRANSLUCENCY_BOOST 3.0f
SW_FN float sw_translucency_hzd(float back_n_dot_l, float view_dot_sun, float albedo_max, float thickness,
                                float diffusion, float ao)
{
    float angle = sw_pow(sw_maxf(view_dot_sun, 0.0f), sw_mixf(12.0f, 1.0f, diffusion));
    return sw_maxf(back_n_dot_l, 0.0f) * angle * albedo_max * thickness * ao * SW_TRANSLUCENCY_BOOST;
}

#endif
