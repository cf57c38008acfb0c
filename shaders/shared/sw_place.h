/* sw_place.h — jittered-grid placement of grass blades (SPEC PL3, PL4, PL7; Frictional "Undergrowth",
 * Frostbite via Frictional, Ghost of Tsushima "GPU culling and placement").
 *
 * Each material has a grid whose spacing follows from its maximum density. Every grid cell hashes (with the
 * material and the scene seed) to a random offset inside the cell and a random number that is compared with
 * the density fraction there: below it, a blade grows. The grid is anchored at the world origin, so a blade
 * depends only on its cell, never on the tile, the camera or the frame (PL4). Everything here is run both
 * by shaders/place.comp.glsl, shaders/cull.comp.glsl and by the CPU reference in src/place/place.c. */
#ifndef SW_PLACE_H
#define SW_PLACE_H
#include "sw_noise.h"
#include "sw_types.h"
#include "sw_wind.h"
#include "sw_world.h"

struct sw_candidate {
    float x, z;     /* m, world position */
    float keep;     /* uniform [0, 1): the blade exists where keep < coverage */
    sw_uint hash;   /* variation hash for the blade's shape */
    sw_uint level;  /* SC5: the cell's thinning level (sw_thin_level) */
};

struct sw_v2 {
    float x, y;
};

/* Where the height-field sample lies: the lower-left texel and the fractions towards the next. */
struct sw_hf_coord {
    int i, j;
    float fx, fz;
    bool inside;
};

#ifndef SW_GLSL
typedef struct sw_candidate sw_candidate;
typedef struct sw_v2 sw_v2;
typedef struct sw_hf_coord sw_hf_coord;
#endif

/* sw_candidate_at for a cell whose thinning level the caller has (sw_thin_level(ci, cj, material)). */
SW_FN sw_candidate sw_candidate_of_level(int ci, int cj, sw_uint material, sw_uint seed, float spacing, sw_uint level)
{
    sw_uint h0 = sw_cell_hash(ci, cj, material, seed);
    sw_uint h1 = sw_pcg(h0);
    sw_uint h2 = sw_pcg(h1);
    sw_candidate c;
    SW_PRECISE float x = (SW_F(ci) + sw_unit(h0)) * spacing;
    SW_PRECISE float z = (SW_F(cj) + sw_unit(h1)) * spacing;
    c.x = x;
    c.z = z;
    c.keep = sw_unit(h2);
    c.hash = sw_pcg(h2);
    c.level = level;
    return c;
}

SW_FN sw_candidate sw_candidate_at(int ci, int cj, sw_uint material, sw_uint seed, float spacing)
{
    return sw_candidate_of_level(ci, cj, material, seed, spacing, sw_thin_level(ci, cj, material));
}

/* Fraction of the material's maximum density at (x, z): broad patches from gradient noise, softened over
 * about a tenth of the noise range so the field thins out instead of ending in a line. */
SW_FN float sw_coverage(float x, float z, sw_uint material, sw_uint seed, float patch_inv_scale, float coverage)
{
    if (patch_inv_scale <= 0.0f) return 1.0f;
    SW_PRECISE float px = x * patch_inv_scale;
    SW_PRECISE float pz = z * patch_inv_scale;
    SW_PRECISE float n = sw_perlin(px, pz, material * 7919u + seed);
    SW_PRECISE float t = sw_clampf((n * 0.5f + 0.5f - (1.0f - coverage)) * 5.0f + 0.5f, 0.0f, 1.0f);
    SW_PRECISE float s = t * t * (3.0f - 2.0f * t);
    return s;
}

SW_FN sw_hf_coord sw_hf_locate(float x, float z, float x0, float z0, float inv_cell, int res)
{
    sw_hf_coord c;
    SW_PRECISE float gx = (x - x0) * inv_cell;
    SW_PRECISE float gz = (z - z0) * inv_cell;
    float last = SW_F(res - 1);
    c.inside = gx >= 0.0f && gz >= 0.0f && gx <= last && gz <= last;
    gx = sw_clampf(gx, 0.0f, last);
    gz = sw_clampf(gz, 0.0f, last);
    c.i = sw_mini(SW_I(sw_floor(gx)), res - 2);
    c.j = sw_mini(SW_I(sw_floor(gz)), res - 2);
    SW_PRECISE float fx = gx - SW_F(c.i);
    SW_PRECISE float fz = gz - SW_F(c.j);
    c.fx = fx;
    c.fz = fz;
    return c;
}

SW_FN float sw_bilerp(float h00, float h10, float h01, float h11, float fx, float fz)
{
    SW_PRECISE float a = h00 + (h10 - h00) * fx;
    SW_PRECISE float b = h01 + (h11 - h01) * fx;
    SW_PRECISE float r = a + (b - a) * fz;
    return r;
}

/* GA4 (first part): the wind push at a point, a 2D vector of length < 1 that says how far (as a fraction of
 * the blade height) the wind moves a blade's tip. A Perlin field scrolls along the wind direction; its value
 * scales the wind speed into gusts, and a second field swings the direction a little. The push saturates
 * softly, so a storm lays grass down but never through the ground. */
SW_FN sw_v2 sw_wind_push(float x, float z, float time, float dir_x, float dir_z, float speed, float inv_gust_scale,
                         float gust_speed, float stiffness)
{
    SW_PRECISE float px = (x - dir_x * gust_speed * time) * inv_gust_scale;
    SW_PRECISE float pz = (z - dir_z * gust_speed * time) * inv_gust_scale;
    SW_PRECISE float px2 = px * 1.7f + 19.1f;
    SW_PRECISE float pz2 = pz * 1.7f - 7.3f;
    SW_PRECISE float gust = 0.5f + 0.5f * sw_perlin(px, pz, 7u);
    SW_PRECISE float swing = 0.35f * sw_perlin(px2, pz2, 13u);
    SW_PRECISE float local_speed = speed * (0.3f + 1.4f * gust * gust);
    SW_PRECISE float s = local_speed * (1.05f - stiffness) * 0.15f;
    SW_PRECISE float push = s / (s + 1.0f);
    SW_PRECISE float wx = (dir_x - dir_z * swing) * push;
    SW_PRECISE float wy = (dir_z + dir_x * swing) * push;
    sw_v2 w;
    w.x = wx;
    w.y = wy;
    return w;
}

SW_FN sw_uint sw_unorm16(float v, float range)
{
    SW_PRECISE float q = sw_clampf(v / range, 0.0f, 1.0f) * 65535.0f + 0.5f;
    return SW_U(q);
}

SW_FN sw_uint sw_unorm8(float v)
{
    SW_PRECISE float q = sw_clampf(v, 0.0f, 1.0f) * 255.0f + 0.5f;
    return SW_U(q);
}

SW_FN sw_uint sw_snorm8(float v)
{
    SW_PRECISE float q = sw_clampf(v, -1.0f, 1.0f) * 127.0f + 0.5f;
    return SW_U(SW_I(sw_floor(q)) + 128) & 255u;
}

SW_FN float sw_snorm8_decode(sw_uint b)
{
    return SW_F(SW_I(b & 255u) - 128) * (1.0f / 127.0f);
}

/* GA4: the facing (unorm16 of 2 pi) bent by the wind in the compute pass (Ghost of Tsushima: "blade facing is
 * influenced during compute"): the blade turns toward the push by its strength, so facings line up in gusts. atan2,
 * sin and cos are not exact across devices: the facing may differ from the CPU reference by one step. */
SW_FN sw_uint sw_wind_facing(sw_uint facing, sw_v2 wind)
{
    float pl = sw_sqrt(wind.x * wind.x + wind.y * wind.y);
    if (pl > 1e-3f) {
        float a = SW_F(facing) * (SW_TAU / 65536.0f);
        float d = sw_atan2(wind.y, wind.x) - a;
        d -= SW_TAU * sw_floor((d + SW_PI) * (1.0f / SW_TAU));
        a += d * sw_clampf(pl * 1.2f, 0.0f, 0.6f);
        facing = SW_U(SW_I(sw_floor(sw_fract(a * (1.0f / SW_TAU)) * 65536.0f))) & 0xffffu;
    }
    return facing;
}

/* Shape of a kept candidate from further hashes: facing, height, width and bend (PL3, PL7), scaled by the
 * grass-height map (height_scale, PL1/PL5) and shaped by its clump k (PL6): the clump's height scale
 * (1 +- clump_height_var), facing (the blade's turns toward it by clump_facing), lean (added bend) and the
 * clump word (hash, offset from the centre in clump sizes). c is the candidate after the pull. wind: the push now;
 * prev_wind: the push the previous frame drew the blade with (SH2 motion vectors; the same without motion). */
SW_FN sw_blade sw_make_blade(sw_candidate c, float y, sw_uint material, sw_material m, sw_v2 wind, sw_v2 prev_wind,
                             float height_scale, sw_clump k)
{
    sw_uint h1 = sw_pcg(c.hash);
    sw_uint h2 = sw_pcg(h1);
    sw_uint h3 = sw_pcg(h2);
    sw_uint k1 = sw_pcg(k.hash);
    sw_uint k2 = sw_pcg(k1);
    sw_uint k3 = sw_pcg(k2);
    bool clumped = k.hash != 0u;
    SW_PRECISE float clump_scale = clumped ? 1.0f + m.clump_height_var * (2.0f * sw_unit(k1) - 1.0f) : 1.0f;
    SW_PRECISE float clump_lean = clumped ? m.clump_lean * (0.5f + 0.5f * sw_unit(k3)) : 0.0f;
    SW_PRECISE float height =
        (m.height_min + (m.height_max - m.height_min) * sw_unit(h1)) * clump_scale * height_scale;
    SW_PRECISE float width = m.width_min + (m.width_max - m.width_min) * sw_unit(h2);
    SW_PRECISE float bend = m.bend * (0.5f + sw_unit(h3)) + clump_lean;
    sw_uint facing = c.hash & 0xffffu;
    if (clumped) {
        int d = SW_I(((k2 & 0xffffu) - facing + 32768u) & 0xffffu) - 32768;
        SW_PRECISE float turn = SW_F(d) * m.clump_facing;
        facing = (facing + SW_U(SW_I(turn))) & 0xffffu;
    }
    sw_uint clump_word = (128u << 8u) | (128u << 16u);
    if (clumped) {
        SW_PRECISE float ox = (c.x - k.cx) * m.clump_inv_size;
        SW_PRECISE float oz = (c.z - k.cz) * m.clump_inv_size;
        clump_word = (k.hash >> 24u) | (sw_snorm8(ox) << 8u) | (sw_snorm8(oz) << 16u);
    }
    sw_blade b;
    b.x = c.x;
    b.y = y;
    b.z = c.z;
    b.facing_hash = sw_wind_facing(facing, wind) | (h3 & 0xffff0000u);
    b.size = sw_unorm16(height, SW_MAX_BLADE_HEIGHT) | (sw_unorm16(width, SW_MAX_BLADE_WIDTH) << 16u);
    b.shape = sw_unorm8(bend) | (sw_snorm8(wind.x) << 8u) | (sw_snorm8(wind.y) << 16u) | ((material & 15u) << 24u) | (c.level << 28u);
    b.clump = clump_word;
    b.prev = sw_snorm8(prev_wind.x) | (sw_snorm8(prev_wind.y) << 8u) | (sw_wind_facing(facing, prev_wind) << 16u);
    return b;
}

/* PL6: the clump word's parts (an unclumped blade has hash 0 and offset 0). */
SW_FN sw_uint sw_blade_clump_hash(sw_blade b)
{
    return b.clump & 255u;
}

SW_FN float sw_blade_clump_dx(sw_blade b)
{
    return sw_snorm8_decode(b.clump >> 8u);
}

SW_FN float sw_blade_clump_dz(sw_blade b)
{
    return sw_snorm8_decode(b.clump >> 16u);
}

SW_FN float sw_blade_facing(sw_blade b)
{
    return SW_F(b.facing_hash & 0xffffu) * (SW_TAU / 65536.0f);
}

SW_FN float sw_blade_height(sw_blade b)
{
    return SW_F(b.size & 0xffffu) * (SW_MAX_BLADE_HEIGHT / 65535.0f);
}

SW_FN float sw_blade_width(sw_blade b)
{
    return SW_F(b.size >> 16u) * (SW_MAX_BLADE_WIDTH / 65535.0f);
}

SW_FN float sw_blade_bend(sw_blade b)
{
    return SW_F(b.shape & 255u) * (1.0f / 255.0f);
}

SW_FN sw_uint sw_blade_material(sw_blade b)
{
    return (b.shape >> 24u) & 15u;
}

/* SC5: the thinning level of the blade's cell (sw_thin_level). */
SW_FN sw_uint sw_blade_level(sw_blade b)
{
    return (b.shape >> 28u) & 3u;
}

/* Distance culling (SC3, first part): is the root within the draw distance of the camera? */
SW_FN bool sw_within_distance(float x, float y, float z, float cam_x, float cam_y, float cam_z, float draw_distance)
{
    SW_PRECISE float dx = x - cam_x;
    SW_PRECISE float dy = y - cam_y;
    SW_PRECISE float dz = z - cam_z;
    SW_PRECISE float d2 = dx * dx + dy * dy + dz * dz;
    SW_PRECISE float r2 = draw_distance * draw_distance;
    return d2 <= r2;
}

#endif
