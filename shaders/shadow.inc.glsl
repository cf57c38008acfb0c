// shadow.inc.glsl — the sun's shadows for the deferred lighting pass (SPEC LS2, LS4; HZD GDC 2018 "Shadow
// Casting", Ghost of Tsushima's screen-space shadows). Include after common.inc.glsl in a pass whose set 1
// has RES_SHADOW at SW_LIGHT_SHADOW_MAP (combined image sampler, the renderer's nearest sampler, the depth in
// DEPTH_READ_ONLY_OPTIMAL) and RES_SHADOW_FAR at SW_LIGHT_SHADOW_FAR (storage buffer); for contact shadows
// the camera's depth at SW_LIGHT_DEPTH, declared here as `sw_light_depth` unless the includer defines
// SW_CONTACT_DEPTH as the name of its own sampler2D of it.
//   float sw_sun_shadow(vec3 world, vec3 normal, float view_dist, vec3 span)  -> 0 (shadow) .. 1 (lit)
//   float sw_contact_shadow(vec2 pixel_uv, vec3 world, float view_dist) -> 0 .. 1
// view_dist: metres from the camera's eye to `world` (length(world - cam)); span: the pixel's footprint on the
// receiver (sw_cascade_footprint; vec3(0.0) for a point). Both return 1 when the scene's features turn them off
// or the sun is below the horizon (the frame then has no shadow views).
// RES_SHADOW_LIT at SW_LIGHT_SHADOW_LIT (storage buffer). Cost per pixel: near or mid 16 texel
// fetches per tap where the cascade's layer holds casters (1 tap, up to SW_SHADOW_FOOTPRINT_TAPS where the
// footprint is longer than 2 texels) and 4 lit heights (twice in a cross-fade), far 4 buffer reads; contact: up
// to 16 depth fetches.

#include "shared/sw_shadow.h"

layout(set = SW_SET_PASS, binding = SW_LIGHT_SHADOW_MAP) uniform sampler2DArray sw_shadow_map;
layout(std430, set = SW_SET_PASS, binding = SW_LIGHT_SHADOW_FAR) readonly buffer ShadowFarBuf { float sw_lit_heights[]; };
// BX1: the near cascade's blades rasterised in compute (shadow_raster.comp.glsl), one float's bits per texel of
// layer 0, where the view has SW_VIEW_CASTERS: the lookup takes the nearer of these and the layer's terrain
// (no merge into the map).
layout(std430, set = SW_SET_PASS, binding = SW_LIGHT_SHADOW_CASTERS) readonly buffer ShadowCasterBuf { uint sw_shadow_casters[]; };
// LS4: the ground's and the grass impostor's lit heights over the near and mid ranges (shadow_lit.comp.glsl)
layout(std430, set = SW_SET_PASS, binding = SW_LIGHT_SHADOW_LIT) readonly buffer ShadowLitBuf { vec2 sw_lit[]; };
#ifndef SW_CONTACT_DEPTH
layout(set = SW_SET_PASS, binding = SW_LIGHT_DEPTH) uniform sampler2D sw_light_depth;
#define SW_CONTACT_DEPTH sw_light_depth
#endif

// The one key: the near view is a cascade (SW_VIEW_SHADOW) where the frame has shadows (render_plan.shadows: the
// features, the sun above the horizon and the cascades' resources, decided once a frame in plan.c).
bool sw_shadows_on()
{
    return (views[SW_VIEW_NEAR].flags & SW_VIEW_SHADOW) != 0u;
}

// One cascade's visibility (v: SW_VIEW_NEAR or SW_VIEW_MID, layer v - 1) with a 3 x 3 tent PCF (bilinear
// weights over 4 x 4 texels, compared by hand: reverse-Z, lit where the receiver's depth >= the map's).
// The receiver moves out along its normal by a texel and a half and toward the sun by one (normal offset),
// and its depth by 2 cm: no acne on the terrain or on the blades. `inside` says the map covers it.
float sw_cascade_visibility(uint v, vec3 world, vec3 normal, out bool inside)
{
    float texel = views[v].shadow_texel;
    vec3 p = world + normal * (1.5 * texel) + sw_sun_dir() * texel;
    vec4 clip = sw_mat4(views[v].view_proj) * vec4(p, 1.0);
    float size = float(views[v].width);
    vec2 st = (clip.xy * 0.5 + 0.5) * size - 0.5;
    // the 4 x 4 texels from floor(st) - 1 to floor(st) + 2 lie in the map
    inside = all(greaterThanEqual(st, vec2(1.0))) && all(lessThan(st, vec2(size - 2.0))) && clip.z >= 0.0 &&
             clip.z <= 1.0;
    bool casters = v == SW_VIEW_NEAR && (views[v].flags & SW_VIEW_CASTERS) != 0u;
    bool layer = (views[v].flags & SW_VIEW_LAYER) != 0u;
    if (!inside || !(casters || layer)) return 1.0;
    float receiver = clip.z + 0.02 / views[v].shadow_depth_range;
    vec2 base = floor(st);
    vec2 f = st - base;
    ivec2 b = ivec2(base) - 1;
    float sum = 0.0;
    for (int j = 0; j < 4; j++) {
        float wy = j == 0 ? 1.0 - f.y : (j == 3 ? f.y : 1.0);
        for (int i = 0; i < 4; i++) {
            float wx = i == 0 ? 1.0 - f.x : (i == 3 ? f.x : 1.0);
            float d = layer ? texelFetch(sw_shadow_map, ivec3(b.x + i, b.y + j, int(v) - 1), 0).r : 0.0;
            if (casters) d = max(d, uintBitsToFloat(sw_shadow_casters[(b.y + j) * int(views[v].width) + b.x + i]));
            sum += wx * wy * (receiver >= d ? 1.0 : 0.0);
        }
    }
    return sum * (1.0 / 9.0);
}

// The far cascade: the lit height at the point (bilinear over the map), a soft edge of half a metre and a
// texel's worth of bias below it.
float sw_far_visibility(vec3 world, out bool inside)
{
    int n = int(views[SW_VIEW_FAR].width);
    float t = views[SW_VIEW_FAR].shadow_texel;
    vec2 g = (world.xz - vec2(views[SW_VIEW_FAR].shadow_x0, views[SW_VIEW_FAR].shadow_z0)) / t - 0.5;
    inside = n > 1 && all(greaterThanEqual(g, vec2(0.0))) && all(lessThanEqual(g, vec2(float(n - 1))));
    if (!inside) return 1.0;
    ivec2 i0 = min(ivec2(floor(g)), ivec2(n - 2));
    vec2 f = g - vec2(i0);
    int k = i0.y * n + i0.x;
    float lit = mix(mix(sw_lit_heights[k], sw_lit_heights[k + 1], f.x),
                    mix(sw_lit_heights[k + n], sw_lit_heights[k + n + 1], f.x), f.y);
    float bias = 0.2 + 0.3 * t;
    return smoothstep(lit - bias - 0.5, lit - bias, world.y);
}

// LS4: the lit-height map of the near and mid ranges (shadow_lit.comp.glsl): per texel the ground's lit
// height and the impostor's excess over it. The receiver moves out along its normal by a texel and a half and
// toward the sun by one, as in the cascades. The ground: lit above its lit height bilinear at the point, less
// 2 cm, over a soft edge of about a texel's worth of the sun's slope; bilinear heights follow a slope exactly,
// so there is no acne however steep the ground. `grass` (the mid range) adds the impostor: the receiver's height
// above the ground's lit height against each texel's excess, less IMPOSTOR_BIAS, in the cascades' 3 x 3 tent
// over 4 x 4 texels (heights above the ground do not slope with it, so the filter needs no slope bias).
const float SW_LIT_IMPOSTOR_BIAS = 1.5; // texels: what the raster impostor's slope bias lowered it by (LS4)

float sw_lit_visibility(vec3 world, vec3 normal, bool grass)
{
    int n = int(views[SW_VIEW_MID].lit_size);
    float t = views[SW_VIEW_MID].lit_texel;
    sw_lit_axes ax = sw_lit_axes_of(frame.sun_x, frame.sun_y, frame.sun_z);
    vec3 p = world + normal * (1.5 * t) + sw_sun_dir() * t;
    vec2 g = vec2(sw_lit_u(ax, p.x, p.z) - views[SW_VIEW_MID].lit_u0, sw_lit_v(ax, p.x, p.z) - views[SW_VIEW_MID].lit_v0) / t - 0.5;
    // the 4 x 4 texels from floor(g) - 1 to floor(g) + 2 lie in the map
    if (n < 4 || any(lessThan(g, vec2(1.0))) || any(greaterThanEqual(g, vec2(float(n - 2))))) return 1.0;
    ivec2 i0 = ivec2(floor(g));
    vec2 f = g - vec2(i0);
    int k = i0.x * n + i0.y; // texel (i, j) at i n + j: j along the sun
    float ground = mix(mix(sw_lit[k].x, sw_lit[k + 1].x, f.y), mix(sw_lit[k + n].x, sw_lit[k + n + 1].x, f.y), f.x);
    float soft = min(0.02 + t * ax.tan_e, 0.5);
    float vis = smoothstep(ground - 0.02 - soft, ground - 0.02, p.y);
    if (!grass || vis <= 0.0) return vis;
    float above = p.y - ground + (0.02 + SW_LIT_IMPOSTOR_BIAS * t);
    float sum = 0.0;
    for (int a = 0; a < 4; a++) {
        float wa = a == 0 ? 1.0 - f.x : (a == 3 ? f.x : 1.0);
        for (int b = 0; b < 4; b++) {
            float wb = b == 0 ? 1.0 - f.y : (b == 3 ? f.y : 1.0);
            sum += wa * wb * (above >= sw_lit[k + (a - 1) * n + (b - 1)].y ? 1.0 : 0.0);
        }
    }
    return min(vis, sum * (1.0 / 9.0));
}

// A pixel's footprint (LS2). Seen at a grazing angle, the ground under one pixel runs metres along the view (1 to
// 4 m at 20-90 m from 2.5 m up in scenes/forest_edge.json), far more than the cascade's 3 x 3 tent covers (27 cm in
// the mid one): one lookup gives the shade of one point of it, and on a floor of sun flecks under the crowns each
// row of pixels took a fleck or the shade apart from the next, horizontal bands a row tall whatever the map's
// texel. The pixel's shade is the mean over its footprint: `span` (the receiver's step from one edge of the pixel
// to the other along the footprint's long axis) is cut into an odd number of taps about 2 texels of the map apart,
// SW_SHADOW_FOOTPRINT_TAPS at most, the middle one the point's own; the taps that leave the map do not count, and a
// footprint within 2 texels is the point's lookup. On that view 5 taps are within 0.003 of a 33-tap mean on
// average (0.013 at the 95th percentile), the point alone within 0.049 (0.244). Only the casters' maps: the lit
// heights hold the terrain, which a tap off the receiver's curved ground would misread (below it: in its own
// shade), and are smooth at a pixel's scale.
const int SW_SHADOW_FOOTPRINT_TAPS = 5;

float sw_cascade_footprint(uint v, vec3 world, vec3 normal, vec3 span, out bool inside)
{
    float vis = sw_cascade_visibility(v, world, normal, inside);
    vec2 st = (mat3(sw_mat4(views[v].view_proj)) * span).xy * (0.5 * float(views[v].width)); // texels
    int taps = min(int(ceil(min(length(st), 64.0) * 0.5)) | 1, SW_SHADOW_FOOTPRINT_TAPS);
    if (taps == 1 || !inside) return vis;
    float sum = vis, count = 1.0;
    for (int i = 0; i < taps; i++) {
        if (i == taps / 2) continue; // the point's own, above
        bool in_map;
        float a = sw_cascade_visibility(v, world + span * ((float(i) + 0.5) / float(taps) - 0.5), normal, in_map);
        if (in_map) sum += a, count += 1.0;
    }
    return sum / count;
}

// The near range: its cascade's casters (the blades, the assets) and the ground's lit heights.
float sw_near_visibility(vec3 world, vec3 normal, vec3 span, out bool inside)
{
    return min(sw_cascade_footprint(SW_VIEW_NEAR, world, normal, span, inside), sw_lit_visibility(world, normal, false));
}

// The mid range: its cascade's casters (the assets) and the impostor's lit heights.
float sw_mid_visibility(vec3 world, vec3 normal, vec3 span, out bool inside)
{
    return min(sw_cascade_footprint(SW_VIEW_MID, world, normal, span, inside), sw_lit_visibility(world, normal, true));
}

// LS2: near, mid and far cascades, each cross-faded (alpha-blended) over the last RENDER_SHADOW_FADE of its
// range into the next; lit beyond the far one. The near and mid ones over the pixel's footprint `span`.
float sw_sun_shadow(vec3 world, vec3 normal, float view_dist, vec3 span)
{
    if (!sw_shadows_on()) return 1.0;
    bool in_a, in_b;
    if (view_dist < views[SW_VIEW_NEAR].shadow_end) {
        float a = sw_near_visibility(world, normal, span, in_a);
        float k = in_a ? smoothstep(views[SW_VIEW_NEAR].shadow_fade, views[SW_VIEW_NEAR].shadow_end, view_dist) : 1.0;
        if (k <= 0.0) return a;
        return mix(a, sw_mid_visibility(world, normal, span, in_b), k);
    }
    if (view_dist < views[SW_VIEW_MID].shadow_end) {
        float a = sw_mid_visibility(world, normal, span, in_a);
        float k = in_a ? smoothstep(views[SW_VIEW_MID].shadow_fade, views[SW_VIEW_MID].shadow_end, view_dist) : 1.0;
        if (k <= 0.0) return a;
        return mix(a, sw_far_visibility(world, in_b), k);
    }
    if (view_dist < views[SW_VIEW_FAR].shadow_end) {
        float a = sw_far_visibility(world, in_a);
        return mix(a, 1.0, smoothstep(views[SW_VIEW_FAR].shadow_fade, views[SW_VIEW_FAR].shadow_end, view_dist));
    }
    return 1.0;
}

// The camera depth's surface at uv, in the world (w = 0: the sky).
vec4 sw_contact_surface(mat4 inv, vec2 uv)
{
    float d = textureLod(SW_CONTACT_DEPTH, uv, 0.0).r;
    if (d <= 0.0) return vec4(0.0);
    vec4 q = inv * vec4(uv * 2.0 - 1.0, d, 1.0);
    return vec4(q.xyz / q.w, 1.0);
}

// The nearer of a pixel's two neighbours along one axis, as a difference from the centre c (an edge behind the
// pixel on one side does not bend its plane).
vec3 sw_contact_tangent(mat4 inv, vec2 uv, vec2 step, vec3 c)
{
    vec4 a = sw_contact_surface(inv, uv + step), b = sw_contact_surface(inv, uv - step);
    float la = a.w > 0.0 ? length(a.xyz - c) : 1e30, lb = b.w > 0.0 ? length(c - b.xyz) : 1e30;
    return la < lb ? a.xyz - c : c - b.xyz;
}

// LS4 screen-space contact shadows (Ghost of Tsushima: "screen-space shadows adding nearby detail"; Bend
// Studio's screen-space shadows): 12 steps over 0.5 m from the point toward the sun, each projected into the
// camera's depth (views[0]). A step is blocked where the depth buffer holds a surface in front of it by less
// than a thickness (a blade, not a hill far behind it) that also stands out of the receiver's own plane
// (rebuilt from the neighbouring depths): at grazing views a pixel spans tens of cm of ground, and the
// ground's own samples must not shadow it. The first step is jittered per pixel and frame (interleaved gradient
// noise); a hit fades with the distance along the ray it was found at.
float sw_contact_shadow(vec2 pixel_uv, vec3 world, float view_dist)
{
    if ((frame.features & SW_FEAT_CONTACT_SHADOWS) == 0u || frame.sun_y <= 0.0) return 1.0;
    const int STEPS = 12;
    const float LENGTH = 0.5; // m
    vec3 l = sw_sun_dir();
    mat4 vp = sw_mat4(views[0].view_proj);
    mat4 inv = sw_mat4(views[0].inv_view_proj);
    vec3 cam = vec3(views[0].cam_x, views[0].cam_y, views[0].cam_z);
    vec2 size = vec2(float(views[0].width), float(views[0].height));
    vec3 n = cross(sw_contact_tangent(inv, pixel_uv, vec2(1.0 / size.x, 0.0), world),
                   sw_contact_tangent(inv, pixel_uv, vec2(0.0, 1.0 / size.y), world));
    n = length(n) > 0.0 ? normalize(n) : vec3(0.0, 1.0, 0.0);
    if (dot(n, cam - world) < 0.0) n = -n;
    float thickness = 0.08 + 0.01 * view_dist;
    float relief = 0.02 + 0.002 * view_dist; // m out of the receiver's plane that counts as an occluder
    // interleaved gradient noise moved each frame (Jimenez: 5.588238 px a frame, 64 frames before it repeats), so
    // TAA integrates the steps' offsets instead of keeping their pattern (LS4)
    vec2 ign_px = pixel_uv * size + sw_ign_frame_offset(frame.frame_index);
    float jitter = fract(52.9829189 * fract(dot(ign_px, vec2(0.06711056, 0.00583715))));
    vec3 start = world + l * (0.01 + 0.002 * view_dist);
    for (int i = 0; i < STEPS; i++) {
        float s = (float(i) + jitter) / float(STEPS);
        vec3 p = start + l * (LENGTH * s);
        vec4 c = vp * vec4(p, 1.0);
        if (c.w <= 0.0) break;
        vec3 ndc = c.xyz / c.w;
        vec2 uv = ndc.xy * 0.5 + 0.5;
        if (any(lessThan(uv, vec2(0.0))) || any(greaterThan(uv, vec2(1.0)))) break;
        vec4 q = sw_contact_surface(inv, uv);
        if (q.w <= 0.0) continue; // the sky
        float gap = length(p - cam) - length(q.xyz - cam);
        if (gap > 0.0 && gap < thickness && dot(q.xyz - world, n) > relief) return s * s; // blocked
    }
    return 1.0;
}
