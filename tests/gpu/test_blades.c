/* The blade stage against a CPU reference (SPEC GA1, GA2, GA4, GA5, GA8, SC5, SC6, SH2-SH7, LS1, PO2): the
 * blades the GPU placed (sward_read_blades) are built, rasterised, written to the G-buffer, lit and tone-mapped
 * on the CPU by a C mirror of the deferred frame's grass path: shaders/grass_blade.inc.glsl and grass.vert.glsl
 * (the vertex and its surface: albedo, normal, AO, roughness, thickness, diffusion, gloss), the G-buffer
 * fragment stage (grass_gbuffer.inc.glsl: SH3 abs(z) of the view-space normal, the midrib, the packing),
 * lighting.comp.glsl with sky.inc.glsl (diffuse, GGX specular, HZD and thin-surface translucency, sky ambient
 * times AO, haze) and post.comp.glsl. The vertex outputs are interpolated per pixel (perspective-correct), the
 * fragment and lighting code runs per pixel. The rendered image must agree with it: the same pixels covered
 * (at most 1 in 500 differ) and the same colours (at most 1 in 500 of the pixels both cover off by more than
 * 3/255). Measured on lavapipe: 2 to 8 pixels of 29,000 to 31,500 differ in coverage, 11 to 16 off in colour,
 * none of them far inside a blade.
 *
 * The G-buffer is stored as the hardware stores it (Vulkan's conversions: UNORM = round(x (2^n - 1)); the
 * albedo R8G8B8A8_SRGB: sRGB-encoded, rounded to 8 bits, decoded on read; the normal A2B10G10R10 octahedral;
 * the lit image 16-bit float), so the 3/255 bound stands. One tolerance changed with the G-buffer: the mean
 * error inside the blades, under 0.25 of a step with per-vertex shading, is now bounded by 0.45 (measured
 * 0.33 to 0.36 on lavapipe). Its sRGB conversions are approximations that D3D10-class hardware is allowed
 * (llvmpipe, src/gallium/auxiliary/gallivm/lp_bld_format_srgb.c: decoding within +-0.35 of an 8-bit step,
 * allowed +-0.5; encoding within +-0.17, allowed +-0.6), so an albedo channel reads back up to about a third
 * of a step off the exact value, which moves the output by about as much; with that decoding mirrored the
 * mean falls to 0.25 (measured), but the mirror follows the specification, not one driver. To keep the
 * test's strength the mean signed error of each channel must also stay under 0.12 of a step (measured under
 * 0.04): the conversion errors average out, a dropped feature drifts one way.
 *
 * The mirror follows the shaders line by line and calls the shared headers (shaders/shared/: sw_gbuffer.h for
 * the octahedral normal, colorization, GGX and HZD translucency, sw_sky.h for the haze colour, sw_tonemap.h)
 * for every formula they hold, so it does not test those formulas (the unit tests do); it tests that the
 * shaders use them: the Bezier spine and the taper (GA1), the widening, look-down widening and the tilted
 * normals (GA2), the bobbing, HZD large- and small-scale motion and Frictional's fbm (GA4), force fields
 * (GA5), distance push-down and animation scaling (GA8), the dither fade (SC5), the morph and the two LODs
 * (SC6), the G-buffer's encoding (SH2), the double-sided normal (SH3), colorization (SH4), specular (SH5),
 * translucency (SH6) and the shading detail along the blade (SH7), sun, sky light and haze (LS1). Shadows,
 * contact shadows, TAA and bloom are off in the scene (render.features), the rest of the lighting on. The scene
 * (tests/data/blades/blades.json: a flat field of sparse, tall, wide blades seen from 2 to 14 m) puts every
 * one of them on screen; a feature the shader drops moves or recolours far more pixels than that. Each wind
 * model is rendered once, one with a force field in view, one with two blades per instance (GA1). If the
 * shaders change on purpose, change the mirror with them. */
#include "gpu_util.h"

#include "render_util.h"

/* The camera view's constants (sw_view) of the frame under test: set where the frame's are computed. */
static const sw_view *g_view;
/* GA8: the scene's grass[0].camera_tilt, as the run set it (not the material the placement packs: the mirror must
 * not share the code that turns the switch into its flag) */
static bool g_tilt;
#include "shared/sw_blade_shape.h"
#include "shared/sw_gbuffer.h"
#include "shared/sw_sky.h"
#include "shared/sw_tonemap.h"
#include "shared/sw_wind.h"

#include <math.h>

#define W 320u
#define H 180u

/* ---- a few GLSL built-ins ---- */
typedef struct v3 {
    float x, y, z;
} v3;
static v3 v3_(float x, float y, float z) { return (v3){x, y, z}; }
static v3 add(v3 a, v3 b) { return v3_(a.x + b.x, a.y + b.y, a.z + b.z); }
static v3 sub(v3 a, v3 b) { return v3_(a.x - b.x, a.y - b.y, a.z - b.z); }
static v3 mul(v3 a, float s) { return v3_(a.x * s, a.y * s, a.z * s); }
static v3 mulv(v3 a, v3 b) { return v3_(a.x * b.x, a.y * b.y, a.z * b.z); }
static float dot3(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static float len3(v3 a) { return sqrtf(dot3(a, a)); }
static v3 norm3(v3 a) { return mul(a, 1.0f / len3(a)); }
static v3 cross3(v3 a, v3 b) { return v3_(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
static v3 mix3(v3 a, v3 b, float t) { return add(a, mul(sub(b, a), t)); }
static float mixf(float a, float b, float t) { return a + (b - a) * t; }
static float clampf(float x, float a, float b) { return fminf(fmaxf(x, a), b); }
static float smooth(float e0, float e1, float x)
{
    float t = clampf((x - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}
static float fractf(float x) { return x - floorf(x); }

/* ---- grass_blade.inc.glsl and grass.vert.glsl, line by line ---- */
/* What the vertex stage hands the fragment stage (grass.vert.glsl's outputs), and the clip position. */
typedef struct vert_out {
    double clip[4];
    v3 albedo, normal;  /* v_albedo; v_normal (world, the front side's) */
    float surface[4];   /* v_surface: AO, roughness, thickness (translucency amount), diffusion */
    float gloss;        /* v_gloss */
    float fade, side;   /* v_fade (flat), v_side */
} vert_out;

#define SURFACE_N 4

static v3 sun_dir(const sw_frame *f) { return v3_(f->sun_x, f->sun_y, f->sun_z); }
static v3 sun_radiance(const sw_frame *f)
{
    return mul(v3_(f->sun_color[0], f->sun_color[1], f->sun_color[2]), f->sun_intensity);
}
/* common.inc.glsl */
static v3 sky_ambient(const sw_frame *f, v3 n)
{
    v3 zen = v3_(f->zenith[0], f->zenith[1], f->zenith[2]), hor = v3_(f->horizon[0], f->horizon[1], f->horizon[2]);
    return mul(mix3(hor, zen, clampf(n.y * 0.5f + 0.5f, 0.0f, 1.0f)), f->sky_intensity);
}

/* grass_blade.inc.glsl's SW_WIDEN_LOOK_DOWN (its default: the renderer does not define it) */
#define WIDEN_LOOK_DOWN 10.0f

static float profile(float t, float head_t0)
{
    return sw_blade_taper(t) * (head_t0 < 1.0f ? 1.0f + 1.2f * smooth(head_t0 - 0.1f, head_t0, t) : 1.0f);
}

/* GA4, HZD's small-scale motion as the seed writes it, in Decima's frame where z is up:
 *   Disp = 0.065 sin(2.65 (PointWX + PointWY + PointWZ + Time)) * NormalObject * (1, 1, 0.35)
 * Our y-up (x, y, z) is Decima's (x, z, y) (a swap of two axes: the sum of coordinates is the same); the
 * displacement comes back the same way. */
static v3 hzd_small_seed(v3 p_yup, v3 n_yup, float time)
{
    const float px = p_yup.x, py = p_yup.z, pz = p_yup.y; /* z up */
    const float nx = n_yup.x, ny = n_yup.z, nz = n_yup.y;
    const float d = 0.065f * sinf(2.650f * (px + py + pz + time));
    const float dx = d * nx * 1.0f, dy = d * ny * 1.0f, dz = d * nz * 0.35f;
    return v3_(dx, dz, dy); /* back to y up */
}
static vert_out blade_vertex(const sw_frame *fr, const sw_material *mats, sw_blade b, bool low, uint32_t sub_blade,
                             uint32_t v)
{
    vert_out o;
    uint32_t verts = low ? SW_LOW_VERTS : SW_HIGH_VERTS;
    uint32_t segments = (verts - 1u) / 2u;
    float t = sw_strip_t(v, segments);
    float side = sw_strip_side(v, segments);
    sw_material m = mats[sw_blade_material(b)];
    bool no_fade = (fr->flags & (SW_FLAG_NO_LOD_FADE | SW_FLAG_NO_CULL)) != 0u;
    bool no_dither = no_fade || (fr->flags & SW_FLAG_NO_FADE) != 0u;
    bool no_morph = no_fade || (fr->flags & SW_FLAG_NO_MORPH) != 0u;
    float draw_d = m.draw_distance > 0.0f ? fminf(m.draw_distance, fr->draw_distance) : fr->draw_distance;
    float lod_d = m.lod_distance > 0.0f ? m.lod_distance : fr->lod_distance;
    v3 root = v3_(b.x, b.y, b.z), cam = v3_(g_view->cam_x, g_view->cam_y, g_view->cam_z);
    float dist = len3(sub(root, cam));
    uint32_t h16 = b.facing_hash >> 16u;
    float hash = (float)h16 * (1.0f / 65536.0f);
    o.fade = no_dither ? 1.0f : sw_blade_fade(dist, draw_d, fr->thin_distance,
                                              sw_thin_threshold(sw_blade_level(b), sw_thin_hash(h16)));
    float near_d = sw_near_distance(draw_d, fr->thin_distance);
    float morph = (no_morph || low) ? 0.0f : sw_lod_morph(dist, lod_d);
    float far_k = smooth(0.3f * near_d, near_d, dist);
    float amp = sw_distance_scale(dist, near_d, 0.35f);
    float a = sw_blade_facing(b);
    float height = sw_blade_height(b) * (1.0f - 0.18f * far_k);
    float width = sw_blade_width(b);
    float lean = fminf(sw_blade_bend(b) + 0.15f * far_k, 1.0f);
    if (sub_blade == 1u) {
        uint32_t h = sw_pcg(b.facing_hash), h2 = sw_pcg(h);
        a += 1.6f + 3.0f * sw_unit(h);
        float oa = SW_TAU * sw_unit(h2);
        float r = (0.25f + 0.25f * sw_unit(sw_pcg(h2))) * m.spacing;
        root = add(root, v3_(cosf(oa) * r, 0.0f, sinf(oa) * r));
        height *= 0.7f + 0.3f * sw_unit(h2 >> 3u);
    }
    float px = sw_snorm8_decode(b.shape >> 8u), pz = sw_snorm8_decode(b.shape >> 16u);
    float pl = sqrtf(px * px + pz * pz);
    float fx = cosf(a), fz = sinf(a);
    float wx = fr->wind_x, wz = fr->wind_z;
    float bob = sinf(fr->time * (2.1f + 1.3f * hash) + hash * SW_TAU) * (0.04f + 0.25f * pl);
    float sx = wx * bob, sz = wz * bob;
    float gust = clampf(fr->wind_speed / 6.0f, 0.2f, 1.5f) * (1.0f - 0.5f * m.stiffness);
    if (m.wind_model == SW_WIND_HZD) {
        sw_w2 lg = sw_hzd_large(root.x, root.y, root.z, fr->time);
        sx += (wx * lg.x + -wz * lg.y) * (0.05f * gust);
        sz += (wz * lg.x + wx * lg.y) * (0.05f * gust);
    }
    px += sx * amp;
    pz += sz * amp;
    float ffx = 0.0f, ffz = 0.0f;
    for (int i = 0; i < fr->force_count; i++) {
        const float *q = fr->forces + i * 8;
        sw_w2 p = sw_force_push(root.x, root.z, q[SW_FORCE_X], q[SW_FORCE_Z], q[SW_FORCE_RADIUS], q[SW_FORCE_STRENGTH],
                                fr->time, q[SW_FORCE_CLOCK], hash);
        ffx += p.x;
        ffz += p.y;
    }
    px += ffx / fmaxf(height, 0.05f);
    pz += ffz / fmaxf(height, 0.05f);

    sw_bezier c = sw_blade_curve(height, lean, fx, fz, px, pz);
    sw_v3 p = sw_bezier_pos_morph(c, t, morph);
    sw_v3 d = sw_bezier_tangent(c, t);
    v3 tangent = norm3(v3_(d.x, d.y + 1e-6f, d.z));
    v3 across = v3_(-fz, 0.0f, fx);
    v3 normal = norm3(cross3(across, tangent));
    normal = norm3(add(normal, mul(across, side * 0.35f)));
    float head_t0 = m.head_size > 0.0f ? fmaxf(1.0f - m.head_size / fmaxf(height, 1e-3f), 0.0f) : 1.0f;
    float t0 = sw_low_knot(t);
    float prof = mixf(profile(t, head_t0), mixf(profile(t0, head_t0), profile(t0 + 1.0f / 3.0f, head_t0), sw_low_weight(t)),
                      morph);
    v3 to_cam = sub(cam, root);
    float vx = to_cam.x + 1e-6f, vz = to_cam.z, vl = sqrtf(vx * vx + vz * vz);
    float edge_on = 1.0f - fabsf((vx * fx + vz * fz) / vl);
    float look_down = clampf(to_cam.y / fmaxf(dist, 1e-3f), 0.0f, 0.6f);
    float look = fmaxf(fminf(1.0f + WIDEN_LOOK_DOWN * look_down, 0.6f * m.spacing / fmaxf(width, 1e-4f)), 1.0f);
    float widen = (1.0f + 0.35f * edge_on) * (1.0f + 1.5f * smooth(0.1f * near_d, near_d, dist)) * look;
    float half_w = 0.5f * width * widen * prof;
    bool in_head = head_t0 < 1.0f && t >= head_t0 - 0.16f && t < 1.0f;
    if (in_head) half_w = fmaxf(half_w, 0.5f * m.head_size * widen);
    v3 world = add(add(root, v3_(p.x, p.y, p.z)), mul(across, side * half_w));
    if (m.wind_model == SW_WIND_FRICTIONAL) { /* per point, weighted by height (GA4) */
        sw_w2 fo = sw_frictional(world.x, world.z, 0.35f, fr->time * 1.6f);
        float k = 0.12f * gust * amp * height * t * t;
        world = add(world, v3_(fo.x * k, 0.0f, fo.y * k));
    }
    if (m.wind_model == SW_WIND_HZD) {
        /* the seed's small-scale motion, evaluated in its own z-up frame (not the shader's expression) */
        world = add(world, mul(hzd_small_seed(world, normal, fr->time), t * fminf(height, 1.0f) * amp * gust));
    }
    if (g_tilt) { /* GA8, any wind model's (grass[i].camera_tilt) */
        sw_w3 tilt = sw_camera_tilt(g_view->fwd_x, g_view->fwd_y, g_view->fwd_z, p.y); /* GA8 */
        world = add(world, v3_(tilt.x, tilt.y, tilt.z));
    }
    for (int r = 0; r < 4; r++)
        o.clip[r] = (double)g_view->view_proj[r] * world.x + (double)g_view->view_proj[4 + r] * world.y +
                    (double)g_view->view_proj[8 + r] * world.z + (double)g_view->view_proj[12 + r];
    o.side = side;

    /* grass.vert.glsl: the surface */
    v3 nc = norm3(v3_(sw_blade_clump_dx(b), 1.5f, sw_blade_clump_dz(b)));
    float kc = mixf(0.25f, 0.75f, smooth(0.0f, 0.5f * near_d, dist));
    o.normal = norm3(mix3(normal, nc, kc));
    float far = smooth(0.1f * near_d, 0.6f * near_d, dist);
    float roughness = mixf(0.58f - 0.12f * m.translucency, 0.95f, far);
    o.gloss = 1.0f - 0.9f * far;
    v3 root_c = v3_(m.root_r, m.root_g, m.root_b), tip_c = v3_(m.tip_r, m.tip_g, m.tip_b);
    v3 albedo = mul(mix3(root_c, tip_c, smooth(0.0f, 1.0f, t)), 1.0f + 0.15f * smooth(0.5f, 0.85f, t) * (1.0f - t) * 4.0f);
    float cv = ((float)sw_blade_clump_hash(b) / 255.0f - 0.5f) * 2.0f * m.clump_color_var;
    float tint = 0.85f + 0.3f * fractf(hash * 7.31f);
    v3 colorize = mul(v3_(tint * (1.0f + 0.45f * cv), tint * (1.0f + 0.2f * cv), tint * (1.0f - 0.2f * cv)), 0.5f);
    float mask = 0.6f + 0.4f * t;
    albedo = v3_(sw_colorize(albedo.x, colorize.x, mask), sw_colorize(albedo.y, colorize.y, mask),
                 sw_colorize(albedo.z, colorize.z, mask));
    if (head_t0 < 1.0f && (in_head || t >= 1.0f)) albedo = mul(v3_(m.head_r, m.head_g, m.head_b), tint);
    o.albedo = albedo;
    float clumped = sw_blade_clump_hash(b) != 0u ? 1.0f : 0.0f;
    float cdx = sw_blade_clump_dx(b), cdz = sw_blade_clump_dz(b);
    float centre = 1.0f - fminf(sqrtf(cdx * cdx + cdz * cdz), 1.0f);
    float ao = mixf(0.35f, 1.0f, t) * (1.0f - 0.25f * clumped * centre) * (0.9f + 0.1f * fractf(hash * 13.7f));
    float thickness = clampf(m.translucency * mixf(0.5f, 1.2f, t), 0.0f, 1.0f);
    o.surface[0] = ao;
    o.surface[1] = roughness;
    o.surface[2] = thickness;
    o.surface[3] = 0.6f;
    return o;
}

/* ---- the G-buffer (shaders/shared/sw_gbuffer.h), stored as the hardware stores it ---- */
/* Vulkan's conversion from floating point to an n-bit normalized fixed-point value: round(clamp(x) (2^n - 1)). */
static float unorm(float x, int bits)
{
    float m = (float)((1u << bits) - 1u);
    return (float)lrintf(clampf(x, 0.0f, 1.0f) * m) / m;
}
/* An R8G8B8A8_SRGB colour channel written, then read: sRGB-encoded, rounded to 8 bits, decoded. */
static float srgb8(float x)
{
    float s = (float)lrintf(sw_linear_to_srgb(x) * 255.0f) / 255.0f;
    return s <= 0.04045f ? s / 12.92f : powf((s + 0.055f) / 1.055f, 2.4f);
}
/* An R16G16B16A16_SFLOAT channel (the lit HDR image): 11 significant bits, rounded to nearest even. */
static float half(float x)
{
    if (!(fabsf(x) >= 6.103515625e-05f)) return rintf(x * 16777216.0f) / 16777216.0f; /* subnormal: 2^-24 steps */
    int e;
    frexpf(x, &e);
    float q = ldexpf(1.0f, e - 11);
    return rintf(x / q) * q;
}

/* One pixel of the G-buffer as lighting.comp.glsl reads it back (texelFetch of the stored values). */
typedef struct gbuf {
    v3 albedo;                                              /* target 0, R8G8B8A8_SRGB: rgb */
    float ao;                                               /*           a (linear) */
    float nu, nv, roughness, kind;                          /* target 1, A2B10G10R10_UNORM */
    float reflectance, thickness, diffusion, spec_occl;     /* target 2, R8G8B8A8_UNORM */
} gbuf;

/* grass_gbuffer.inc.glsl, grass_gbuffer(), for the interpolated vertex outputs. */
static gbuf grass_gbuffer(v3 v_albedo, v3 v_normal, float v_side, const float v_surface[SURFACE_N], float v_gloss)
{
    v3 back = mul(v3_(g_view->fwd_x, g_view->fwd_y, g_view->fwd_z), -1.0f);
    v3 n = norm3(v_normal);
    float z = dot3(n, back);
    n = add(n, mul(back, 2.0f * fmaxf(-z, 0.0f))); /* abs(z) in view space */
    float rib = 1.0f - 0.2f * (1.0f - fminf(fabsf(v_side) * 5.0f, 1.0f));
    sw_oct o = sw_oct_encode(n.x, n.y, n.z);
    v3 albedo = mul(v_albedo, rib);
    gbuf g;
    g.albedo = v3_(srgb8(albedo.x), srgb8(albedo.y), srgb8(albedo.z));
    g.ao = unorm(v_surface[0], 8);
    g.nu = unorm(o.u, 10);
    g.nv = unorm(o.v, 10);
    g.roughness = unorm(v_surface[1], 10);
    g.kind = unorm((float)SW_KIND_GRASS / 3.0f, 2);
    g.reflectance = unorm(SW_REFLECTANCE / SW_REFLECTANCE_SCALE, 8);
    g.thickness = unorm(v_surface[2], 8);
    g.diffusion = unorm(v_surface[3], 8);
    g.spec_occl = unorm(v_gloss, 8);
    return g;
}

/* ---- rasterisation (reverse-Z, depth test GREATER, no culling, pixel centres, perspective-correct) ----
 * The frame primes depth (grass_depth: the same positions, the screen door cut there) and then writes the
 * G-buffer with depth test EQUAL: the pixel keeps the nearest blade's surface, as here. */
typedef struct raster {
    double depth[W * H];
    gbuf g[W * H];
    int blade[W * H]; /* -1: none */
} raster;

static const float BAYER4[16] = {0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5}; /* dither.inc.glsl */

static int near_skipped;

static void draw_triangle(raster *rs, const vert_out *a, const vert_out *b, const vert_out *c, int id)
{
    const vert_out *v[3] = {a, b, c};
    double sx[3], sy[3], sz[3], iw[3];
    for (int k = 0; k < 3; k++) {
        if (v[k]->clip[3] < 0.1) { /* crosses the near plane: these blades are out of view in the scene */
            near_skipped++;
            return;
        }
        iw[k] = 1.0 / v[k]->clip[3];
        sx[k] = (v[k]->clip[0] * iw[k] * 0.5 + 0.5) * W;
        sy[k] = (v[k]->clip[1] * iw[k] * 0.5 + 0.5) * H;
        sz[k] = v[k]->clip[2] * iw[k];
    }
    double area = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (sy[1] - sy[0]);
    if (area == 0.0) return;
    int x0 = (int)floor(fmin(sx[0], fmin(sx[1], sx[2]))), x1 = (int)ceil(fmax(sx[0], fmax(sx[1], sx[2])));
    int y0 = (int)floor(fmin(sy[0], fmin(sy[1], sy[2]))), y1 = (int)ceil(fmax(sy[0], fmax(sy[1], sy[2])));
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > (int)W - 1) x1 = (int)W - 1;
    if (y1 > (int)H - 1) y1 = (int)H - 1;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            double px = x + 0.5, py = y + 0.5;
            double l0 = ((sx[1] - px) * (sy[2] - py) - (sx[2] - px) * (sy[1] - py)) / area;
            double l1 = ((sx[2] - px) * (sy[0] - py) - (sx[0] - px) * (sy[2] - py)) / area;
            double l2 = 1.0 - l0 - l1;
            if (l0 < 0.0 || l1 < 0.0 || l2 < 0.0) continue;
            double z = l0 * sz[0] + l1 * sz[1] + l2 * sz[2];
            size_t i = (size_t)y * W + (size_t)x;
            if (!(z > rs->depth[i])) continue;
            if (a->fade < 1.0f && a->fade * 16.0f <= BAYER4[(y & 3) * 4 + (x & 3)] + 0.5f) continue; /* flat: first vertex */
            double p0 = l0 * iw[0], p1 = l1 * iw[1], p2 = l2 * iw[2], ps = p0 + p1 + p2;
            p0 /= ps, p1 /= ps, p2 /= ps;
#define PERSP(field) ((float)(p0 * (double)a->field + p1 * (double)b->field + p2 * (double)c->field))
            v3 albedo = v3_(PERSP(albedo.x), PERSP(albedo.y), PERSP(albedo.z));
            v3 normal = v3_(PERSP(normal.x), PERSP(normal.y), PERSP(normal.z));
            float surface[SURFACE_N];
            for (int k = 0; k < SURFACE_N; k++) surface[k] = PERSP(surface[k]);
            rs->g[i] = grass_gbuffer(albedo, normal, PERSP(side), surface, PERSP(gloss));
#undef PERSP
            rs->depth[i] = z;
            rs->blade[i] = id;
        }
}

/* The flat terrain's depth (y = 0 within the terrain square) under each pixel: the blades' occluder. */
static void terrain_depth(raster *rs, float half_size)
{
    const float *inv = g_view->inv_view_proj; /* column-major */
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            size_t i = (size_t)y * W + x;
            rs->depth[i] = 0.0;
            rs->blade[i] = -1;
            double ndc[2] = {(x + 0.5) / W * 2.0 - 1.0, (y + 0.5) / H * 2.0 - 1.0};
            double pn[4], pf[4];
            for (int r = 0; r < 4; r++) {
                pn[r] = inv[r] * ndc[0] + inv[4 + r] * ndc[1] + inv[8 + r] * 1.0 + inv[12 + r];
                pf[r] = inv[r] * ndc[0] + inv[4 + r] * ndc[1] + inv[8 + r] * 0.01 + inv[12 + r];
            }
            double o[3], d[3];
            for (int k = 0; k < 3; k++) o[k] = pn[k] / pn[3], d[k] = pf[k] / pf[3] - o[k];
            if (d[1] >= 0.0) continue;
            double s = -o[1] / d[1];
            double p[3] = {o[0] + d[0] * s, 0.0, o[2] + d[2] * s};
            if (fabs(p[0]) > half_size || fabs(p[2]) > half_size) continue;
            double cz = 0, cw = 0;
            for (int k = 0; k < 3; k++) cz += g_view->view_proj[4 * k + 2] * p[k], cw += g_view->view_proj[4 * k + 3] * p[k];
            cz += g_view->view_proj[14], cw += g_view->view_proj[15];
            rs->depth[i] = cz / cw;
        }
}

/* ---- lighting.comp.glsl and sky.inc.glsl, line by line, for a grass pixel ---- */
static bool feature(const sw_frame *f, uint32_t bit) { return (f->features & bit) != 0u; }

static v3 light_pixel(const sw_frame *f, const gbuf *g, v3 view)
{
    sw_n3 nn = sw_oct_decode(g->nu, g->nv);
    v3 n = v3_(nn.x, nn.y, nn.z);
    v3 albedo = g->albedo;
    float ao = g->ao, roughness = g->roughness;
    float thickness = g->thickness, diffusion = g->diffusion;
    v3 l = sun_dir(f);
    v3 sun = sun_radiance(f);
    float shadow = 1.0f; /* SW_FEAT_SHADOWS and SW_FEAT_CONTACT_SHADOWS are off in this test (run() checks) */

    float n_dot_l = dot3(n, l);
    v3 c = mul(mulv(albedo, sun), fmaxf(n_dot_l, 0.0f) * shadow);
    if (feature(f, SW_FEAT_SPECULAR)) {
        v3 h = norm3(add(l, view));
        c = add(c, mul(sun, sw_specular(n_dot_l, fmaxf(dot3(n, view), 1e-4f), fmaxf(dot3(n, h), 0.0f),
                                        fmaxf(dot3(view, h), 0.0f), roughness, ao) *
                                (shadow * g->spec_occl)));
    }
    if (feature(f, SW_FEAT_TRANSLUCENCY) && thickness > 0.0f) {
        float back = fmaxf(-n_dot_l, 0.0f);
        float amax = fmaxf(albedo.x, fmaxf(albedo.y, albedo.z));
        float am = fmaxf(amax, 1e-4f);
        v3 chroma = v3_(albedo.x / am, albedo.y / am, albedo.z / am);
        float glow = sw_translucency_hzd(back, dot3(mul(view, -1.0f), l), amax, thickness, diffusion, ao);
        c = add(c, mulv(mul(sun, shadow), add(mul(albedo, back * thickness), mul(chroma, glow))));
    }
    c = add(c, mul(mulv(albedo, sky_ambient(f, n)), ao));
    return c;
}

static v3 aerial(const sw_frame *f, v3 c, v3 dir, float dist)
{
    if (feature(f, SW_FEAT_SKY)) { /* LS5: the air's extinction per channel toward the analytic sky's horizon */
        sw_sky_rgb h = sw_sky_fog(f->sky, dir.x, dir.z);
        sw_sky_rgb fog = {h.r * f->sky_intensity, h.g * f->sky_intensity, h.b * f->sky_intensity};
        sw_sky_rgb o = sw_sky_aerial(f->sky, (sw_sky_rgb){c.x, c.y, c.z}, fog, dist);
        return v3_(o.r, o.g, o.b);
    }
    float fog = 1.0f - expf(-dist * f->fog_density);
    return mix3(c, mul(v3_(f->horizon[0], f->horizon[1], f->horizon[2]), f->sky_intensity), fog);
}

/* inv_view_proj (column-major) times (x, y, z, 1), divided by w */
static v3 unproject(float x, float y, float z)
{
    const float *m = g_view->inv_view_proj;
    float p[4];
    for (int r = 0; r < 4; r++) p[r] = m[r] * x + m[4 + r] * y + m[8 + r] * z + m[12 + r];
    return v3_(p[0] / p[3], p[1] / p[3], p[2] / p[3]);
}

/* lighting.comp.glsl's main() for a pixel the blades cover: the ray, the G-buffer's kind, the position from
 * the depth (D32_SFLOAT), lit and hazed; stored in the 16-bit float HDR image. */
static v3 lighting_pixel(const sw_frame *f, const gbuf *g, uint32_t x, uint32_t y, float d)
{
    float ndc_x = ((float)x + 0.5f) / (float)W * 2.0f - 1.0f, ndc_y = ((float)y + 0.5f) / (float)H * 2.0f - 1.0f;
    v3 cam = v3_(g_view->cam_x, g_view->cam_y, g_view->cam_z);
    v3 dir = norm3(sub(unproject(ndc_x, ndc_y, 0.01f), unproject(ndc_x, ndc_y, 1.0f)));
    uint32_t kind = d > 0.0f ? (uint32_t)(g->kind * 3.0f + 0.5f) : SW_KIND_NONE;
    assert_int_equal(kind, SW_KIND_GRASS);
    v3 world = unproject(ndc_x, ndc_y, d);
    float dist = len3(sub(world, cam));
    v3 c = light_pixel(f, g, mul(dir, -1.0f));
    c = aerial(f, c, dir, dist);
    return v3_(half(c.x), half(c.y), half(c.z));
}

static uint8_t to8(float v) { return (uint8_t)lrintf(clampf(v, 0.0f, 1.0f) * 255.0f); }

/* post.comp.glsl: exposure and the filmic curve, sRGB, 8 bits. */
static void post_pixel(const sw_frame *f, v3 c, uint8_t out[3])
{
    out[0] = to8(sw_linear_to_srgb(sw_tonemap_filmic(c.x, f->exposure, f->white_point)));
    out[1] = to8(sw_linear_to_srgb(sw_tonemap_filmic(c.y, f->exposure, f->white_point)));
    out[2] = to8(sw_linear_to_srgb(sw_tonemap_filmic(c.z, f->exposure, f->white_point)));
}

typedef struct result {
    size_t blades, low, morphing, fading, two;
    size_t cpu_px, gpu_px, missing, extra, strict, both, off_both, interior, off_colour;
    double mean_err, bias[3]; /* inside the blades: mean of the largest channel error; mean signed CPU - GPU */
} result;

static void draw_blade(raster *rs, const sw_frame *f, const sw_material *mats, sw_blade b, bool low, uint32_t per,
                       int id)
{
    uint32_t verts = low ? SW_LOW_VERTS : SW_HIGH_VERTS, rows = (verts - 1u) / 2u;
    for (uint32_t s = 0; s < per; s++) {
        vert_out v[SW_HIGH_VERTS];
        for (uint32_t k = 0; k < verts; k++) v[k] = blade_vertex(f, mats, b, low, s, k);
        for (uint32_t q = 0; q + 1 < rows; q++) {
            uint32_t a = 2 * q;
            draw_triangle(rs, &v[a], &v[a + 1], &v[a + 2], id * 2 + (int)s);
            draw_triangle(rs, &v[a + 1], &v[a + 3], &v[a + 2], id * 2 + (int)s);
        }
        uint32_t last = 2 * (rows - 1);
        draw_triangle(rs, &v[last], &v[last + 1], &v[last + 2], id * 2 + (int)s);
    }
}

static bool differs(const uint8_t *a, const uint8_t *b, size_t i)
{
    return a[4 * i] != b[4 * i] || a[4 * i + 1] != b[4 * i + 1] || a[4 * i + 2] != b[4 * i + 2];
}

static result run(sward_context *ctx, sward_scene *scene, world_wind_model model, bool tilt, int per_instance,
                  int forces, const char *tag)
{
    result res;
    memset(&res, 0, sizeof res);
    scene->materials[0].wind_model = model;
    scene->materials[0].camera_tilt = tilt;
    g_tilt = tilt;
    scene->materials[0].blades_per_instance = per_instance;
    scene->force_count = forces;
    sward_error err = {0};
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    sward_frame_desc fd = {.time = 1.3f};
    size_t cap = (size_t)1 << 19, n = 0;
    sw_blade *bl = malloc(cap * sizeof *bl);
    if (sward_read_blades(r, &fd, bl, cap, &n, &err) != SWARD_OK) fail_msg("read blades: %s", err.message);
    sward_image img = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    sward_image bare = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    if (sward_render(r, &fd, &img, &st, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    sward_frame_desc fd_bare = {.time = fd.time, .no_grass = true};
    if (sward_render(r, &fd_bare, &bare, NULL, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    assert_int_equal(st.blades.drawn, n); /* the flat field hides nothing: the frame draws what was placed */

    /* The frame's constants exactly as uploaded, and the materials. */
    sw_frame f;
    place_view pv;
    static sw_view view_constants;
    gu_constants(r, &fd, true, &f, &view_constants, &pv);
    g_view = &view_constants;
    /* SH3 orients the normal by the view's forward axis: it must be the camera's (the ray through the
     * image's centre), or the mirror would agree with a shader that orients nothing */
    v3 fwd = v3_(g_view->fwd_x, g_view->fwd_y, g_view->fwd_z);
    v3 centre_ray = norm3(sub(unproject(0.0f, 0.0f, 0.01f), unproject(0.0f, 0.0f, 1.0f)));
    assert_true(fabsf(len3(fwd) - 1.0f) < 1e-5f && dot3(fwd, centre_ray) > 0.99999f);
    /* the lighting the mirror follows: shadows, contact shadows, TAA and bloom off (blades.json), the rest on */
    assert_int_equal(f.features, SW_FEAT_ALL & ~(SW_FEAT_SHADOWS | SW_FEAT_CONTACT_SHADOWS | SW_FEAT_TAA | SW_FEAT_BLOOM));
    sw_material mats[SW_MAX_MATERIALS];
    for (int k = 0; k < scene->material_count; k++) mats[k] = place_material_gpu(&scene->materials[k]);

    raster *rs = malloc(sizeof *rs);
    terrain_depth(rs, 0.5f * scene->terrain.size);
    near_skipped = 0;
    res.blades = n;
    for (size_t k = 0; k < n; k++) {
        sw_blade b = bl[k];
        sw_material m = mats[sw_blade_material(b)];
        /* the LOD the compute chose (cull.comp.glsl: 15 vertices while dist^2 < lod_distance^2) */
        float dx = b.x - g_view->cam_x, dy = b.y - g_view->cam_y, dz = b.z - g_view->cam_z;
        float dist2 = dx * dx + dy * dy + dz * dz;
        bool low = !(dist2 < m.lod_distance * m.lod_distance);
        assert_true(fabsf(dist2 - m.lod_distance * m.lod_distance) > 1e-3f); /* no blade on the LOD switch */
        uint32_t per = m.blades_per_instance == 2u ? 2u : 1u;
        float dist = sqrtf(dist2), draw_d = fminf(m.draw_distance, f.draw_distance);
        res.low += low;
        res.morphing += !low && sw_lod_morph(dist, m.lod_distance) > 0.0f;
        res.fading += sw_blade_fade(dist, draw_d, f.thin_distance,
                                    sw_thin_threshold(sw_blade_level(b), sw_thin_hash(b.facing_hash >> 16u))) < 1.0f;
        res.two += per == 2u;
        draw_blade(rs, &f, mats, b, low, per, (int)k);
    }

    uint8_t *cpu = calloc((size_t)W * H * 4, 1);
    double err_sum = 0.0;
    for (uint32_t y = 1; y + 1 < H; y++)
        for (uint32_t x = 1; x + 1 < W; x++) {
            size_t i = (size_t)y * W + x;
            bool c = rs->blade[i] >= 0, g = differs(img.pixels, bare.pixels, i);
            bool any_c = false, any_g = false, inner = c;
            for (int oy = -1; oy <= 1; oy++)
                for (int ox = -1; ox <= 1; ox++) {
                    size_t j = (size_t)((int)y + oy) * W + (size_t)((int)x + ox);
                    any_c |= rs->blade[j] >= 0;
                    any_g |= differs(img.pixels, bare.pixels, j);
                    if (ox == 0 || oy == 0) inner &= rs->blade[j] == rs->blade[i];
                }
            res.cpu_px += c;
            res.gpu_px += g;
            res.missing += c && !any_g;
            res.extra += g && !any_c;
            res.strict += c != g;
            if (c) post_pixel(&f, lighting_pixel(&f, &rs->g[i], x, y, (float)rs->depth[i]), cpu + 4 * i);
            if (!(c && g)) continue;
            int e = 0;
            for (size_t ch = 0; ch < 3; ch++) {
                int d = abs((int)cpu[4 * i + ch] - (int)img.pixels[4 * i + ch]);
                if (d > e) e = d;
            }
            res.both++;
            res.off_both += e > 3;
            if (!inner) continue;
            res.interior++;
            err_sum += e;
            for (size_t ch = 0; ch < 3; ch++) res.bias[ch] += (double)((int)cpu[4 * i + ch] - (int)img.pixels[4 * i + ch]);
            res.off_colour += e > 3;
        }
    res.mean_err = res.interior ? err_sum / (double)res.interior : 0.0;
    for (size_t ch = 0; ch < 3; ch++) res.bias[ch] = res.interior ? res.bias[ch] / (double)res.interior : 0.0;
    print_message("%s: %zu blades (%zu low, %zu morphing, %zu fading, %zu two per instance), %d triangles at the near "
                  "plane; covered CPU %zu GPU %zu, missing %zu, extra %zu, differing %zu; interior %zu, off by > 3/255 %zu, mean "
                  "error %.3f, bias %.3f %.3f %.3f; all covered %zu, off %zu\n",
                  tag, res.blades, res.low, res.morphing, res.fading, res.two, near_skipped, res.cpu_px, res.gpu_px,
                  res.missing, res.extra, res.strict, res.interior, res.off_colour, res.mean_err, res.bias[0], res.bias[1],
                  res.bias[2], res.both, res.off_both);
    if (getenv("SWARD_TEST_KEEP")) {
        char name[64];
        snprintf(name, sizeof name, "blades_%s_gpu.png", tag);
        sward_write_png(name, &img, &err);
        for (size_t i = 0; i < (size_t)W * H; i++) cpu[4 * i + 3] = 255;
        sward_image ci = {.width = W, .height = H, .pixels = cpu};
        snprintf(name, sizeof name, "blades_%s_cpu.png", tag);
        sward_write_png(name, &ci, &err);
    }
    free(cpu);
    free(rs);
    free(bl);
    free(img.pixels);
    free(bare.pixels);
    sward_renderer_destroy(r);
    return res;
}

static void check(const result *r)
{
    /* the features are on screen: enough blades, both LODs, blades in the morph band and fading */
    assert_true(r->blades > 200);
    assert_true(r->low > 20 && r->low < r->blades);
    assert_true(r->morphing > 10);
    assert_true(r->fading > 10);
    assert_true(r->cpu_px > 3000);
    /* the same pixels covered: at most 1 in 500 differ (edges the two rasterisers split differently), and none
     * further than one pixel from the other's blades but for a handful */
    assert_true(r->strict <= r->cpu_px / 500);
    assert_true(r->missing <= r->cpu_px / 2000 + 2);
    assert_true(r->extra <= r->cpu_px / 2000 + 2);
    /* and the same colours: at most 1 in 500 of the pixels both cover off by more than 3/255 (where blades
     * cross at nearly equal depth), and inside the blades on average under half a step (the sRGB G-buffer:
     * see the header) and without a drift either way */
    assert_true(r->off_both <= r->both / 500);
    assert_true(r->interior > r->cpu_px / 5);
    assert_true(r->mean_err < 0.45);
    for (int ch = 0; ch < 3; ch++) assert_true(fabs(r->bias[ch]) < 0.12);
}

static void blades_match_the_reference(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("tests/data/blades/blades.json");
    /* the mirror is of the hardware path's shaders (gpu_raster holds the compute path to this one) */
    scene->render.raster = WORLD_RASTER_HARDWARE;
    /* GoT wind (push and bobbing) with a force field in view */
    result a = run(ctx, scene, WORLD_WIND_GOT, false, 1, 1, "got");
    check(&a);
    /* Horizon Zero Dawn large- and small-scale motion */
    result b = run(ctx, scene, WORLD_WIND_HZD, true, 1, 0, "hzd");
    check(&b);
    /* Frictional fbm of sines, two blades per instance (short grass), with HZD's camera tilt (GA8: any model's) */
    result c = run(ctx, scene, WORLD_WIND_FRICTIONAL, true, 2, 0, "frictional");
    check(&c);
    assert_int_equal(c.two, c.blades);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
    sward_scene_destroy(scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(blades_match_the_reference)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
