/* sw_ground.h — the ground's materials (SPEC SH10): soil, moss, rock, sand, forest floor and path, the rules
 * that pick one at a point, and each material's procedural albedo, roughness and detail normal. Written once for
 * the CPU reference (tests/unit/test_ground.c) and the shaders (terrain_surface.inc.glsl, per pixel in the
 * compute resolve and per vertex in the G-buffer pass).
 *
 * Rules (sw_ground_rule), first match wins: the ground is rock where the slope is steeper than rock_slope
 * degrees; else the top blend layer's ground (PL10, terrain.layers[i].ground); else, under the trees' crowns,
 * the canopy's ground (terrain.ground.canopy, PL11: the texel's centre under a crown, shared/sw_canopy.h); else
 * the ground the texel's grass type asks for (grass[i].ground, where that type grows); else sand below
 * sand_below metres; else the scene's default. A painted layer (a path) crosses a wood; the wood's floor beats
 * what the grass beneath asks for. The slope and height thresholds are broken up by a gradient noise of SW_GROUND_EDGE_L
 * metres (+-SW_GROUND_EDGE_SLOPE degrees, +-SW_GROUND_EDGE_HEIGHT m) so a contour line does not show as one.
 *
 * Detail: three octaves of gradient noise with its analytic gradient (sw_perlin_d: no texture, so nothing
 * tiles), at wavelengths SW_GROUND_L0..L2 (1.6 m, 0.35 m, 5 cm), in the albedo's brightness, the roughness and
 * a detail height whose gradient tilts the normal. Each octave fades out as the pixel's footprint on the ground
 * grows (whole at SW_GROUND_FADE_HI pixels a wavelength, gone at SW_GROUND_FADE_LO), and every variation is
 * affine in the octaves or symmetric about their mean 0, so far away a material is its mean colour: the far
 * field (SC7) mixes the grass over that mean, the same colour the near ground averages to, and no seam shows.
 * On steep ground the detail is triplanar (sw_ground_surface): the noise on the three axis planes, blended by
 * the normal, so a cliff is not streaked by noise stretched down it. */
#ifndef SW_GROUND_H
#define SW_GROUND_H
#include "sw_noise.h"

#define SW_GROUND_SOIL 0u
#define SW_GROUND_MOSS 1u
#define SW_GROUND_ROCK 2u
#define SW_GROUND_SAND 3u
#define SW_GROUND_FOREST_FLOOR 4u
#define SW_GROUND_PATH 5u
#define SW_GROUND_KINDS 6u
#define SW_GROUND_NONE 15u   /* a layer or grass type that names no ground: the rules go on */
#define SW_GROUND_BITS 4u    /* per layer in sw_frame.ground_layers (16 layers in two words) */

#define SW_GROUND_L0 1.6f    /* m: the octaves' wavelengths */
#define SW_GROUND_L1 0.35f
#define SW_GROUND_L2 0.05f
#define SW_GROUND_FADE_LO 2.0f /* pixels a wavelength: an octave is gone below, whole above SW_GROUND_FADE_HI */
#define SW_GROUND_FADE_HI 4.0f
#define SW_GROUND_EDGE_L 3.0f      /* m: the rules' edge noise */
#define SW_GROUND_EDGE_SLOPE 5.0f  /* degrees */
#define SW_GROUND_EDGE_HEIGHT 0.3f /* m */
#define SW_GROUND_NO_SAND (-1.0e30f) /* sand_below without sand */

/* Noise and its gradient (d/du, d/dv) per unit of its argument. */
struct sw_noise_d {
    float n, du, dv;
};

/* One material on one plane: linear albedo, roughness and the detail height's gradient (m/m along u and v). */
struct sw_ground_sample {
    float r, g, b;
    float roughness;
    float hu, hv;
};

/* One material at a point: albedo, roughness and the normal tilted by the detail. */
struct sw_ground_surf {
    float r, g, b;
    float roughness;
    float nx, ny, nz;
};

#ifndef SW_GLSL
typedef struct sw_noise_d sw_noise_d;
typedef struct sw_ground_sample sw_ground_sample;
typedef struct sw_ground_surf sw_ground_surf;
#endif

/* sw_perlin with its analytic gradient: the same value (same hashes, gradients and quintic fade). */
SW_FN sw_noise_d sw_perlin_d(float x, float y, sw_uint salt)
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
    /* each corner's gradient (its dot product is linear in the offset) */
    float gx00 = sw_grad_dot(h00, 1.0f, 0.0f), gy00 = sw_grad_dot(h00, 0.0f, 1.0f);
    float gx10 = sw_grad_dot(h10, 1.0f, 0.0f), gy10 = sw_grad_dot(h10, 0.0f, 1.0f);
    float gx01 = sw_grad_dot(h01, 1.0f, 0.0f), gy01 = sw_grad_dot(h01, 0.0f, 1.0f);
    float gx11 = sw_grad_dot(h11, 1.0f, 0.0f), gy11 = sw_grad_dot(h11, 0.0f, 1.0f);
    float u = sw_fade(dx);
    float v = sw_fade(dy);
    float du = 30.0f * dx * dx * (dx - 1.0f) * (dx - 1.0f);
    float dv = 30.0f * dy * dy * (dy - 1.0f) * (dy - 1.0f);
    float a = n00 + (n10 - n00) * u;
    float b = n01 + (n11 - n01) * u;
    float ax = gx00 + (gx10 - gx00) * u + (n10 - n00) * du;
    float bx = gx01 + (gx11 - gx01) * u + (n11 - n01) * du;
    float ay = gy00 + (gy10 - gy00) * u;
    float by = gy01 + (gy11 - gy01) * u;
    sw_noise_d r;
    r.n = 1.41421356f * (a + (b - a) * v);
    r.du = 1.41421356f * (ax + (bx - ax) * v);
    r.dv = 1.41421356f * (ay + (by - ay) * v + (b - a) * dv);
    return r;
}

/* ---- rules ------------------------------------------------------------------------------------------------ */

/* The ground layer `layer` (a PL10 layer index; 16 and above: none) names, through the frame's two words of
 * SW_GROUND_BITS a layer; SW_GROUND_NONE where it names none. */
SW_FN sw_uint sw_ground_layer_kind(sw_uint layer, sw_uint words0, sw_uint words1)
{
    if (layer >= 16u) return SW_GROUND_NONE;
    sw_uint w = layer < 8u ? words0 : words1;
    return (w >> (SW_GROUND_BITS * (layer & 7u))) & 15u;
}

/* A map texel's own ground: its top layer's, else the canopy's (`canopy_kind`: terrain.ground.canopy where the
 * texel's centre is under a crown, sw_canopy_under; else SW_GROUND_NONE), else its grass type's request where
 * grass grows there (`grows`: the type is set and its grass height above 0); SW_GROUND_NONE when none names one. */
SW_FN sw_uint sw_ground_texel(sw_uint layer_kind, sw_uint canopy_kind, sw_uint type_request, bool grows)
{
    if (layer_kind != SW_GROUND_NONE) return layer_kind;
    if (canopy_kind != SW_GROUND_NONE) return canopy_kind;
    return grows ? type_request : SW_GROUND_NONE;
}

/* The rules' edge noise at (x, z), about [-1, 1]: once a point, for the four texels' rules. */
SW_FN float sw_ground_edge(float x, float z)
{
    return sw_perlin(x * (1.0f / SW_GROUND_EDGE_L), z * (1.0f / SW_GROUND_EDGE_L), 0x6e5u);
}

/* The material at a point of ground `height` m high and `slope` degrees steep, with the edge noise `edge` there
 * (sw_ground_edge), whose map texel gives `texel` (sw_ground_texel). */
SW_FN sw_uint sw_ground_rule(sw_uint texel, float edge, float height, float slope, sw_uint default_kind,
                             float rock_slope, float sand_below)
{
    float e = edge;
    if (slope + SW_GROUND_EDGE_SLOPE * e > rock_slope) return SW_GROUND_ROCK;
    if (texel != SW_GROUND_NONE) return texel;
    if (height + SW_GROUND_EDGE_HEIGHT * e < sand_below) return SW_GROUND_SAND;
    return default_kind;
}

/* Degrees of slope of a unit normal. */
SW_FN float sw_ground_slope(float nx, float ny, float nz)
{
    return sw_atan2(sw_sqrt(nx * nx + nz * nz), sw_maxf(ny, 1e-6f)) * 57.2957795f;
}

/* ---- detail ----------------------------------------------------------------------------------------------- */

/* An octave's weight for a wavelength (m) at a footprint (m a pixel on the ground). */
SW_FN float sw_ground_fade(float wavelength, float footprint)
{
    return sw_smoothstepf(SW_GROUND_FADE_LO, SW_GROUND_FADE_HI, wavelength / sw_maxf(footprint, 1e-6f));
}

/* One octave at (u, v) m: the noise of that wavelength times `weight` (value, gradient per metre). */
SW_FN sw_noise_d sw_ground_octave(float u, float v, float wavelength, float weight, sw_uint salt)
{
    float f = 1.0f / wavelength;
    sw_noise_d o = sw_perlin_d(u * f, v * f, salt);
    o.n *= weight;
    o.du *= weight * f;
    o.dv *= weight * f;
    return o;
}

/* A material's mean linear albedo (what it fades to far away); soil's is the scene's terrain.color. */
SW_FN sw_ground_sample sw_ground_mean(sw_uint kind, float soil_r, float soil_g, float soil_b)
{
    sw_ground_sample s;
    s.r = soil_r, s.g = soil_g, s.b = soil_b, s.roughness = 0.95f;
    if (kind == SW_GROUND_MOSS) s.r = 0.035f, s.g = 0.07f, s.b = 0.015f, s.roughness = 0.85f;
    else if (kind == SW_GROUND_ROCK) s.r = 0.15f, s.g = 0.14f, s.b = 0.125f, s.roughness = 0.7f;
    else if (kind == SW_GROUND_SAND) s.r = 0.36f, s.g = 0.31f, s.b = 0.21f, s.roughness = 0.95f;
    else if (kind == SW_GROUND_FOREST_FLOOR) s.r = 0.075f, s.g = 0.05f, s.b = 0.025f, s.roughness = 0.9f;
    else if (kind == SW_GROUND_PATH) s.r = 0.2f, s.g = 0.155f, s.b = 0.1f, s.roughness = 0.9f;
    s.hu = 0.0f, s.hv = 0.0f;
    return s;
}

/* Octave o's wavelength (m). */
SW_FN float sw_ground_wavelength(int o)
{
    return o == 0 ? SW_GROUND_L0 : (o == 1 ? SW_GROUND_L1 : SW_GROUND_L2);
}

/* Material `kind`'s share of the brightness (x) and detail height (y, m) in octave o. */
SW_FN float sw_ground_octave_k(sw_uint kind, int o)
{
    float k0 = 0.22f, k1 = 0.16f, k2 = 0.18f;
    if (kind == SW_GROUND_MOSS) k0 = 0.3f, k1 = 0.2f, k2 = 0.1f;
    else if (kind == SW_GROUND_ROCK) k0 = 0.2f, k1 = 0.25f, k2 = 0.15f;
    else if (kind == SW_GROUND_SAND) k0 = 0.08f, k1 = 0.08f, k2 = 0.1f;
    else if (kind == SW_GROUND_FOREST_FLOOR) k0 = 0.2f, k1 = 0.1f, k2 = 0.2f;
    else if (kind == SW_GROUND_PATH) k0 = 0.15f, k1 = 0.1f, k2 = 0.25f;
    return o == 0 ? k0 : (o == 1 ? k1 : k2);
}
SW_FN float sw_ground_octave_a(sw_uint kind, int o)
{
    float a0 = 0.03f, a1 = 0.008f, a2 = 0.0025f;
    if (kind == SW_GROUND_MOSS) a0 = 0.02f, a1 = 0.008f, a2 = 0.001f;
    else if (kind == SW_GROUND_ROCK) a0 = 0.2f, a1 = 0.04f, a2 = 0.003f;
    else if (kind == SW_GROUND_SAND) a0 = 0.04f, a1 = 0.004f, a2 = 0.0008f;
    else if (kind == SW_GROUND_FOREST_FLOOR) a0 = 0.03f, a1 = 0.01f, a2 = 0.002f;
    else if (kind == SW_GROUND_PATH) a0 = 0.01f, a1 = 0.004f, a2 = 0.002f;
    return o == 0 ? a0 : (o == 1 ? a1 : a2);
}

/* Material `kind` on one plane at (u, v) m with `footprint` m a pixel; `detail` scales every variation
 * (terrain.ground.detail: 0 leaves the mean colour and the flat normal). The octaves in one loop: the shader
 * holds one copy of the noise (lavapipe compiles a pipeline's every inlined copy). */
SW_FN sw_ground_sample sw_ground_plane(sw_uint kind, float u, float v, float footprint, float detail, float soil_r,
                                       float soil_g, float soil_b)
{
    sw_uint salt = 0x6e0u + kind * 7u;
    float bright = 1.0f, mid = 0.0f, fine = 0.0f, hu = 0.0f, hv = 0.0f;
    for (int o = 0; o < 3; o++) {
        float l = sw_ground_wavelength(o);
        float w = detail * sw_ground_fade(l, footprint);
        if (w <= 0.0f) continue;
        sw_noise_d d = sw_ground_octave(u, v, l, w, salt + SW_U(o));
        float a = sw_ground_octave_a(kind, o);
        bright += sw_ground_octave_k(kind, o) * d.n;
        hu += a * d.du;
        hv += a * d.dv;
        if (o == 1) mid = d.n;
        if (o == 2) fine = d.n;
    }
    sw_ground_sample m = sw_ground_mean(kind, soil_r, soil_g, soil_b);
    bright = sw_maxf(bright, 0.0f);
    float tr = 1.0f, tg = 1.0f, tb = 1.0f;
    if (kind == SW_GROUND_FOREST_FLOOR || kind == SW_GROUND_MOSS) {
        /* forest floor: brown leaf litter against dark humus; moss: yellower and greener tufts. A tint symmetric
         * about 1 in the mid octave, so its mean is the material's */
        float t = sw_clampf(1.5f * mid, -0.5f, 0.5f);
        tr = 1.0f + 0.5f * t, tg = 1.0f + (kind == SW_GROUND_MOSS ? 0.2f : 0.1f) * t, tb = 1.0f - 0.3f * t;
    }
    m.r *= bright * tr;
    m.g *= bright * tg;
    m.b *= bright * tb;
    m.roughness = sw_clampf(m.roughness + 0.05f * fine, 0.0f, 1.0f);
    m.hu = hu;
    m.hv = hv;
    return m;
}

/* Material `kind` at world point (x, y, z) on ground of unit normal n, with `footprint` m a pixel: the planes'
 * samples blended by the normal (a plane's weight max(|n_axis| - 0.5, 0): ground under about 30 degrees is the
 * horizontal plane's alone, and pays for one), the normal tilted by each plane's detail gradient. */
SW_FN sw_ground_surf sw_ground_surface(sw_uint kind, float x, float y, float z, float nx, float ny, float nz,
                                       float footprint, float detail, float soil_r, float soil_g, float soil_b)
{
    float wx = sw_maxf(sw_abs(nx) - 0.5f, 0.0f), wy = sw_maxf(sw_abs(ny) - 0.5f, 0.0f);
    float wz = sw_maxf(sw_abs(nz) - 0.5f, 0.0f);
    float inv = 1.0f / (wx + wy + wz);
    sw_ground_surf s;
    s.r = 0.0f, s.g = 0.0f, s.b = 0.0f, s.roughness = 0.0f;
    float tx = nx, ty = ny, tz = nz;
    for (int p = 0; p < 3; p++) {
        /* plane 0: y = const, (u, v) = (x, z); 1: x = const, (z, y); 2: z = const, (x, y) */
        float w = (p == 0 ? wy : (p == 1 ? wx : wz)) * inv;
        if (w <= 0.0f) continue;
        float u = p == 1 ? z : x, v = p == 0 ? z : y;
        sw_ground_sample g = sw_ground_plane(kind, u, v, footprint, detail, soil_r, soil_g, soil_b);
        s.r += w * g.r, s.g += w * g.g, s.b += w * g.b, s.roughness += w * g.roughness;
        if (p == 0) tx -= w * g.hu, tz -= w * g.hv;
        else if (p == 1) tz -= w * g.hu, ty -= w * g.hv;
        else tx -= w * g.hu, ty -= w * g.hv;
    }
    float l = 1.0f / sw_sqrt(tx * tx + ty * ty + tz * tz);
    s.nx = tx * l, s.ny = ty * l, s.nz = tz * l;
    return s;
}

/* The four texels' bilinear weights with the texels of one material merged onto the first of them (the others
 * 0), so each material is evaluated once. */
struct sw_ground_weights {
    float w00, w10, w01, w11;
};
#ifndef SW_GLSL
typedef struct sw_ground_weights sw_ground_weights;
#endif
SW_FN sw_ground_weights sw_ground_merge(sw_uint k00, sw_uint k10, sw_uint k01, sw_uint k11, float w00, float w10,
                                        float w01, float w11)
{
    sw_ground_weights r;
    r.w00 = w00 + (k10 == k00 ? w10 : 0.0f) + (k01 == k00 ? w01 : 0.0f) + (k11 == k00 ? w11 : 0.0f);
    r.w10 = k10 == k00 ? 0.0f : w10 + (k01 == k10 ? w01 : 0.0f) + (k11 == k10 ? w11 : 0.0f);
    r.w01 = (k01 == k00 || k01 == k10) ? 0.0f : w01 + (k11 == k01 ? w11 : 0.0f);
    r.w11 = (k11 == k00 || k11 == k10 || k11 == k01) ? 0.0f : w11;
    return r;
}

#endif
