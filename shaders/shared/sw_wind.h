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
#include "sw_hash.h"

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

/* SC5 density thinning (Ghost of Tsushima: blade removal by distance, apart from the tiles): the fraction of
 * blades kept at a distance, 1 up to the thinning distance thin_d (render.thin_distance), then (thin_d / dist)^2,
 * so a pixel holds about as many blades at every distance (a pixel's ground grows as dist^2) and the blades drawn
 * out to a draw distance D number ~ thin_d^2 (1/2 + ln(D / thin_d)): 150 m costs about what 60 m did with a
 * thinning that stopped at a quarter.
 * Which blades go is an ordered dither over the grid (SW_THIN_LEVELS levels): every block of 2^L x 2^L cells has
 * one cell of level L or more (sw_thin_carrier, hashed), and a cell's threshold lies in [4^-(level+1), 4^-level)
 * (sw_thin_threshold), so the blades kept below keep = 4^-L are one per such block, a jittered grid again, evenly
 * spread with no clumps and no rows, and the culling skips the other cells of a far tile without building them. */
#define SW_THIN_LEVELS 3u /* levels 0..3: the last keeps one cell in 64 (keep 1/64 at 8 thin_d) and fades by hash */
#define SW_THIN_BAND 0.08f /* of keep: the blade fades over this much before its cutoff */
#define SW_EDGE_BAND 0.12f /* of the draw distance: every blade fades over this much before the edge */
#define SW_FAR_SCALE 2.5f  /* of thin_d: where the near look (widening, animation, push-down) is done changing */
/* Where the near look is done changing: SW_FAR_SCALE thinning distances, or the draw distance if nearer. */
SW_FN float sw_near_distance(float draw_distance, float thin_d)
{
    return sw_minf(draw_distance, SW_FAR_SCALE * thin_d);
}

SW_FN float sw_thin_keep(float dist, float thin_d)
{
    float r = thin_d / sw_maxf(dist, 1e-6f);
    return sw_minf(r * r, 1.0f);
}

/* The keep at which a blade with threshold t is gone (the culling removes it, its fade has reached 0): keep
 * scaled by 1 + SW_THIN_BAND, so that every blade is whole where keep is 1 (sw_blade_fade). */
SW_FN float sw_thin_cutoff(float dist, float thin_d)
{
    return sw_thin_keep(dist, thin_d) * (1.0f + SW_THIN_BAND);
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

/* A grid cell (i, j), or a block of 2^level x 2^level cells (i, j) of a level. */
struct sw_cell {
    int i, j;
};
#ifndef SW_GLSL
typedef struct sw_cell sw_cell;
#endif

/* v >> n as floor(v / 2^n), negative v included (in C, >> of a negative int is the compiler's choice). */
SW_FN int sw_floor_shift(int v, sw_uint n)
{
    return v >= 0 ? (v >> n) : ~((~v) >> n);
}

/* The cell that carries a level's blade in block (bi, bj) of that level: each level picks, by a hash of the block,
 * one of its four sub-blocks' carriers, so the cells of level >= L are a jittered grid of spacing 2^L cells
 * (one per block, anywhere in it), not a lattice: no rows at a distance. salt: the material. */
SW_FN sw_cell sw_thin_carrier(int bi, int bj, sw_uint level, sw_uint salt)
{
    sw_cell c;
    c.i = bi;
    c.j = bj;
    for (sw_uint l = level; l > 0u; l--) {
        sw_uint h = sw_cell_hash(c.i, c.j, salt + 0x7a11u, l);
        c.i = c.i * 2 + SW_I(h & 1u);
        c.j = c.j * 2 + SW_I((h >> 1u) & 1u);
    }
    return c;
}

/* The thinning level of grid cell (ci, cj): the highest L (at most SW_THIN_LEVELS) whose block the cell carries. */
SW_FN sw_uint sw_thin_level(int ci, int cj, sw_uint salt)
{
    sw_uint level = 0u;
    while (level < SW_THIN_LEVELS) {
        sw_cell c = sw_thin_carrier(sw_floor_shift(ci, level + 1u), sw_floor_shift(cj, level + 1u), level + 1u, salt);
        if (c.i != ci || c.j != cj) break;
        level = level + 1u;
    }
    return level;
}

/* The lowest threshold of a level's cells: 4^-(level + 1), 0 for the last level. */
SW_FN float sw_thin_level_floor(sw_uint level)
{
    return level >= SW_THIN_LEVELS ? 0.0f : 1.0f / SW_F(1u << (2u * (level + 1u)));
}

/* A blade's threshold from its cell's level and its hash u in [0, 1): in [4^-(level+1), 4^-level), the last
 * level in [0, 4^-SW_THIN_LEVELS). It is kept while threshold < keep. */
SW_FN float sw_thin_threshold(sw_uint level, float u)
{
    float lo = sw_thin_level_floor(level);
    float hi = 1.0f / SW_F(1u << (2u * sw_minu(level, SW_THIN_LEVELS)));
    return lo + u * (hi - lo);
}

/* Dither coverage of a blade, 0..1: fades over SW_THIN_BAND of keep before its thinning cutoff and over the last
 * SW_EDGE_BAND of the draw distance; the culling removes it where this reaches 0. The cutoff (sw_thin_cutoff) is
 * keep scaled by 1 + SW_THIN_BAND, so that where nothing is thinned (keep 1) every blade is whole. The band is a
 * fraction of keep, so a blade fades over the same fraction of its distance at every level. */
SW_FN float sw_blade_fade(float dist, float draw_distance, float thin_d, float t)
{
    float keep = sw_thin_keep(dist, thin_d);
    float thin = sw_clampf((keep * (1.0f + SW_THIN_BAND) - t) / (SW_THIN_BAND * keep), 0.0f, 1.0f);
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
