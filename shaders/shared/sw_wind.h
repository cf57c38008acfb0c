/* sw_wind.h — per-blade wind motion and force-field push, shared by grass.vert.glsl and the CPU tests
 * (SPEC GA4, GA5, GA8, SC5, SC6).
 *
 * Sources: Horizon Zero Dawn "Between tech and art: the vegetation of HZD" (large- and small-scale motion);
 * Frictional Games "Undergrowth" blog (fbm of sines with prime multipliers; ForceField push); Ghost of
 * Tsushima "Procedural grass" (distance-scaled animation and push-down, fading thinning). Written in the
 * sw_lang.h subset; every function returns a value. */
#ifndef SW_WIND_H
#define SW_WIND_H
#include "sw_lang.h"

struct sw_w2 {
    float x, y;
};
#ifndef SW_GLSL
typedef struct sw_w2 sw_w2;
#endif

/* HZD large-scale motion: a Lissajous sway of the whole object, c = sum of its centre's coordinates.
 * x = 2 sin(c + t) + 1, y = sin(2 (c + t)) + 0.5. */
SW_FN sw_w2 sw_hzd_large(float cx, float cy, float cz, float t)
{
    float c = cx + cy + cz;
    sw_w2 r;
    r.x = 2.0f * sw_sin(c + t) + 1.0f;
    r.y = sw_sin(2.0f * (c + t)) + 0.5f;
    return r;
}

/* HZD small-scale motion: the scalar s of the displacement s * normal * (1, 1, 0.35), with
 * s = 0.065 sin(2.65 (px + py + pz + t)) from the point's own coordinates. */
SW_FN float sw_hzd_small(float px, float py, float pz, float t)
{
    return 0.065f * sw_sin(2.65f * (px + py + pz + t));
}

/* Frictional's fbm of sines, one axis: dot(sin(t*1.13 + a.x), sin(t*1.17 + a.y), sin(t + a.y)), (0.125,
 * 0.25, 1)) with a = (7, 3, 1) * p * freq + (o0, o1, o2). The third term uses a.y, as the source does for
 * x; for the other axis the source uses a.z (third_z != 0 picks it). */
SW_FN float sw_frictional_axis(float p, float freq, float t, float o0, float o1, float o2, int third_z)
{
    float ax = 7.0f * p * freq + o0;
    float ay = 3.0f * p * freq + o1;
    float az = 1.0f * p * freq + o2;
    float third = third_z != 0 ? az : ay;
    return 0.125f * sw_sin(t * 1.13f + ax) + 0.25f * sw_sin(t * 1.17f + ay) + 1.0f * sw_sin(t + third);
}

/* The two-axis offset: offset.x driven by the z coordinate, offset.y (our z) by x + offset.x. */
SW_FN sw_w2 sw_frictional(float x, float z, float freq, float t)
{
    sw_w2 r;
    r.x = sw_frictional_axis(z, freq, t, 13.0f, 17.0f, 103.0f, 0);
    r.y = sw_frictional_axis(x + r.x, freq, t, 103.0f, 13.0f, 113.0f, 1);
    return r;
}

/* Frictional ForceField push of one field on a point at horizontal distance d:
 * f = 1 - d / r (0 outside); a = t + seed * 6.28; f *= sin(t_ff + a); offset = (sin a, cos a) * f * strength.
 * t is the frame time, t_ff the field's own clock (2 pi frequency t + phase), seed in [0, 1). */
SW_FN sw_w2 sw_force_push(float px, float pz, float fx, float fz, float radius, float strength, float t, float t_ff,
                          float seed)
{
    float dx = px - fx, dz = pz - fz;
    float d = sw_sqrt(dx * dx + dz * dz);
    float f = radius > 0.0f ? sw_maxf(1.0f - d / radius, 0.0f) : 0.0f;
    float a = t + seed * 6.28f;
    f *= sw_sin(t_ff + a);
    sw_w2 r;
    r.x = sw_sin(a) * f * strength;
    r.y = sw_cos(a) * f * strength;
    return r;
}

/* GA8 (HZD "camera based tilting": Disp = [Vec3(0, 1, 0) view to object space] * ObjectPosZ): a point h above its
 * root is carried h along the camera's up vector instead of the world's, so the grass tilts away from a camera
 * that looks down on it and shows its length. fwd: the camera's forward axis (unit); returns the displacement
 * (the view's up minus the world's up, times h). A camera looking straight up or down has no defined up: none. */
struct sw_w3 {
    float x, y, z;
};
#ifndef SW_GLSL
typedef struct sw_w3 sw_w3;
#endif
SW_FN sw_w3 sw_camera_tilt(float fx, float fy, float fz, float h)
{
    sw_w3 d;
    d.x = 0.0f;
    d.y = 0.0f;
    d.z = 0.0f;
    float rl = sw_sqrt(fx * fx + fz * fz);
    if (rl < 1e-4f) return d;
    /* right = fwd x (0, 1, 0) = (-fz, 0, fx) / rl; up = right x fwd */
    float rx = -fz / rl, rz = fx / rl;
    float ux = -rz * fy, uy = rz * fx - rx * fz, uz = rx * fy;
    d.x = ux * h;
    d.y = (uy - 1.0f) * h;
    d.z = uz * h;
    return d;
}

/* GA8: animation amplitude and push-down with distance. 1 near, falling to `floor_scale` at the draw distance
 * from 30% of it. */
SW_FN float sw_distance_scale(float dist, float draw_distance, float floor_scale)
{
    return sw_mixf(1.0f, floor_scale, sw_smoothstepf(0.3f * draw_distance, draw_distance, dist));
}

/* SC5 density thinning: the fraction of blades kept at a distance, 1 up to 40% of the type's draw distance,
 * falling to SW_THIN_FLOOR at the draw distance. A blade with hash u in [0, 1) survives while u < keep. */
#define SW_THIN_START 0.4f
#define SW_THIN_FLOOR 0.25f
#define SW_THIN_BAND 0.08f /* of keep: the blade fades over this much before its cutoff */
#define SW_EDGE_BAND 0.12f /* of the draw distance: every blade fades over this much before the edge */
SW_FN float sw_thin_keep(float dist, float draw_distance)
{
    return sw_mixf(1.0f, SW_THIN_FLOOR, sw_smoothstepf(SW_THIN_START * draw_distance, draw_distance, dist));
}

/* The thinning hash from which a blade is gone at a distance (the culling removes it, its fade has reached 0):
 * keep scaled by 1 + SW_THIN_BAND, so that every blade is whole where keep is 1 (sw_blade_fade). */
SW_FN float sw_thin_cutoff(float dist, float draw_distance)
{
    return sw_thin_keep(dist, draw_distance) * (1.0f + SW_THIN_BAND);
}

/* The blade's thinning hash: decorrelated from its variation hash (tint, bobbing) by one more mix. */
SW_FN float sw_thin_hash(sw_uint variation16)
{
    sw_uint h = variation16 * 0x9e3779b1u;
    h ^= h >> 15u;
    h *= 0x85ebca77u;
    h ^= h >> 13u;
    return SW_F(h >> 8u) * (1.0f / 16777216.0f);
}

/* Dither coverage of a blade, 0..1: fades over SW_THIN_BAND before its thinning cutoff and over the last
 * SW_EDGE_BAND of the draw distance; the culling removes it where this reaches 0. The cutoff (sw_thin_cutoff) is
 * keep scaled by 1 + SW_THIN_BAND, so that where nothing is thinned (keep 1) every blade is whole: measured from keep itself,
 * the blades with u in the last band were dithered at every distance (SC5: fixed stipples on one blade in
 * twelve, the ghost trees of the assets' copy of this rule). */
SW_FN float sw_blade_fade(float dist, float draw_distance, float u)
{
    float thin = sw_clampf((sw_thin_cutoff(dist, draw_distance) - u) / SW_THIN_BAND, 0.0f, 1.0f);
    float edge = sw_clampf((draw_distance - dist) / (SW_EDGE_BAND * draw_distance), 0.0f, 1.0f);
    return thin * edge;
}

/* SC6: how far the 15-vertex blade has morphed toward the 7-vertex shape, 0..1, reaching 1 at the switch. */
#define SW_LOD_BAND 0.25f /* of the LOD distance */
SW_FN float sw_lod_morph(float dist, float lod_distance)
{
    return sw_smoothstepf((1.0f - SW_LOD_BAND) * lod_distance, lod_distance, dist);
}

/* GA7 (HZD plants): the soft-clamp ramp f(x) = x (a + 1) / (x + a) for x >= 0, a > 0: f(0) = 0, f(1) = 1, slope
 * (a + 1) / a at 0, rising toward a + 1: a plant bends with the wind and eases into a limit instead of
 * stopping hard (smaller a: a sharper knee). */
SW_FN float sw_soft_clamp(float x, float a)
{
    return x * (a + 1.0f) / (x + a);
}

#endif
