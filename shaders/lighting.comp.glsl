// lighting.comp.glsl — deferred lighting, once per pixel, in compute (SPEC SH2-SH7, LS1-LS4, PO1): on the
// H200 the same arithmetic ran about 30x faster in compute than in fragment shaders (few graphics units).
// Reads the G-buffer (sw_gbuffer.h) and the depth; writes linear HDR radiance: the sky where nothing was
// drawn, else the sun (diffuse, GGX specular with 4 % reflectance times AO, translucency) under its shadow,
// the sky's ambient times AO, and aerial-perspective haze toward the sky's colour. Counts covered pixels
// and, in the lower third of the image, ground seen between blades (bench: overdraw, fullness).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_gbuffer.h"
#include "common.inc.glsl"
#include "sky.inc.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = SW_SET_PASS, binding = SW_LIGHT_ALBEDO) uniform sampler2D g_albedo;
layout(set = SW_SET_PASS, binding = SW_LIGHT_NORMAL) uniform sampler2D g_normal;
layout(set = SW_SET_PASS, binding = SW_LIGHT_MATERIAL) uniform sampler2D g_material;
layout(set = SW_SET_PASS, binding = SW_LIGHT_DEPTH) uniform sampler2D depth_tex;
layout(set = SW_SET_PASS, binding = SW_LIGHT_HDR, rgba16f) uniform writeonly image2D hdr;
layout(std430, set = SW_SET_PASS, binding = SW_LIGHT_STATS) buffer StatsBuf { sw_cull_stats stats[]; };

#define SW_CONTACT_DEPTH depth_tex
#include "shadow.inc.glsl"

shared uint s_count[4]; // covered, grass, lower third, ground in the lower third

bool feature(uint f) { return (frame.features & f) != 0u; }

// The view ray through ndc. Reverse-Z with no far plane: depth 0 is at infinity (w = 0), so take the ray through
// two finite depths.
vec3 ray_dir(mat4 inv, vec2 ndc)
{
    vec4 far_p = inv * vec4(ndc, 0.01, 1.0);
    vec4 near_p = inv * vec4(ndc, 1.0, 1.0);
    return normalize(far_p.xyz / far_p.w - near_p.xyz / near_p.w);
}

// LS2: the pixel's footprint on its surface, for the shadow lookup (shadow.inc.glsl, sw_cascade_footprint): where
// the rays through the pixel's opposite edges meet the plane through `world` across n, along the screen's x and
// along its y, the longer of the two steps. A ray within about a degree of the plane is taken at that angle (the
// footprint of a surface seen edge-on is unbounded).
vec3 pixel_span(mat4 inv, vec2 ndc, vec3 cam, vec3 world, vec3 n)
{
    vec3 m = world - cam;
    if (dot(m, n) > 0.0) n = -n; // the side the eye sees
    float h = dot(m, n);
    vec2 e = 1.0 / vec2(VIEW.width, VIEW.height); // half a pixel in ndc
    vec3 best = vec3(0.0);
    for (int axis = 0; axis < 2; axis++) {
        vec2 d = axis == 0 ? vec2(e.x, 0.0) : vec2(0.0, e.y);
        vec3 a = ray_dir(inv, ndc - d), b = ray_dir(inv, ndc + d);
        vec3 s = b * (h / min(dot(b, n), -0.02)) - a * (h / min(dot(a, n), -0.02));
        if (dot(s, s) > dot(best, best)) best = s;
    }
    return best;
}

vec3 light_pixel(ivec2 px, vec3 world, vec3 view, float dist, vec4 nr, bool ground, vec3 cam, mat4 inv, vec2 ndc)
{
    vec4 a = texelFetch(g_albedo, px, 0);
    vec4 mt = texelFetch(g_material, px, 0);
    sw_n3 nn = sw_oct_decode(nr.x, nr.y);
    vec3 n = vec3(nn.x, nn.y, nn.z);
    vec3 albedo = a.rgb;
    float ao = a.a, roughness = nr.z;
    float thickness = mt.g, diffusion = mt.b; // mt.a: specular occlusion
    vec3 l = sw_sun_dir();
    vec3 sun = sw_sun_radiance();
    // LS2-LS4: the cascades (near blades, mid grass impostor, far height field) and screen-space contact
    // shadows for nearby detail; each is 1 when its feature is off or the sun is down.
    // the cascades over the ground's footprint; a blade or a leaf card is thin, and the plane through a pixel of one
    // runs off it: a point
    vec3 span = ground ? pixel_span(inv, ndc, cam, world, n) : vec3(0.0);
    float shadow = sw_sun_shadow(world, n, dist, span);
    shadow *= sw_contact_shadow((vec2(px) + 0.5) / vec2(VIEW.width, VIEW.height), world, dist);

    float n_dot_l = dot(n, l);
    vec3 c = albedo * sun * (max(n_dot_l, 0.0) * shadow);
    if (feature(SW_FEAT_SPECULAR)) {
        vec3 h = normalize(l + view);
        c += sun * (sw_specular(n_dot_l, max(dot(n, view), 1e-4), max(dot(n, h), 0.0), max(dot(view, h), 0.0),
                                roughness, ao) * (shadow * mt.a));
    }
    if (feature(SW_FEAT_TRANSLUCENCY) && thickness > 0.0) {
        // SH6: thin-surface deferred translucency (003): the lighting of the negated normal times the
        // thickness, added; and HZD's view-dependent glow when looking toward the sun through the blade.
        float back = max(-n_dot_l, 0.0);
        float amax = max(albedo.r, max(albedo.g, albedo.b));
        vec3 chroma = albedo / max(amax, 1e-4);
        float glow = sw_translucency_hzd(back, dot(-view, l), amax, thickness, diffusion, ao);
        c += sun * shadow * (albedo * (back * thickness) + chroma * glow);
    }
    c += albedo * sw_sky_ambient(n) * ao;
    return c;
}

void main()
{
    ivec2 px = ivec2(gl_GlobalInvocationID.xy);
    uint lid = gl_LocalInvocationIndex;
    if (lid < 4u) s_count[lid] = 0u;
    barrier();
    bool inside = px.x < int(VIEW.width) && px.y < int(VIEW.height);
    if (inside) {
        vec2 ndc = (vec2(px) + 0.5) / vec2(VIEW.width, VIEW.height) * 2.0 - 1.0;
        mat4 inv = sw_mat4(VIEW.inv_view_proj);
        vec3 cam = vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z);
        vec3 dir = ray_dir(inv, ndc);
        float d = texelFetch(depth_tex, px, 0).r;
        vec4 nr = texelFetch(g_normal, px, 0);
        uint kind = d > 0.0 ? uint(nr.a * 3.0 + 0.5) : SW_KIND_NONE;
        vec3 c;
        if (kind == SW_KIND_NONE) {
            c = sw_sky(dir);
        } else {
            vec4 wp = inv * vec4(ndc, d, 1.0);
            vec3 world = wp.xyz / wp.w;
            float dist = length(world - cam);
            c = light_pixel(px, world, -dir, dist, nr, kind == SW_KIND_TERRAIN, cam, inv, ndc);
            c = sw_aerial(c, dir, dist);
        }
        imageStore(hdr, px, vec4(c, 1.0));
        if (kind != SW_KIND_NONE) atomicAdd(s_count[0], 1u);
        if (kind == SW_KIND_GRASS) atomicAdd(s_count[1], 1u);
        if (3 * px.y >= 2 * int(VIEW.height)) {
            atomicAdd(s_count[2], 1u);
            if (kind == SW_KIND_TERRAIN) atomicAdd(s_count[3], 1u);
        }
    }
    barrier();
    if (lid == 0u) {
        atomicAdd(stats[0].covered, s_count[0]);
        atomicAdd(stats[0].grass_px, s_count[1]);
        atomicAdd(stats[0].lower_px, s_count[2]);
        atomicAdd(stats[0].lower_ground, s_count[3]);
    }
}
