// grass.vert.glsl — the blades' colour pass: the blade's vertex (grass_blade.inc.glsl) and its shading.
// All lighting is here, per vertex: the fragment stage is the scarce one (measured on the H200).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "grass_blade.inc.glsl"

layout(location = 0) out vec3 v_front;    // radiance of the side the normal points to
layout(location = 1) out vec3 v_back;     // radiance of the other side
layout(location = 2) flat out float v_fade; // SC5 dither coverage of the blade, 0..1
layout(location = 3) out float v_side;    // -1..1 across the blade, for the midrib (SH7)

// Blade shading in linear HDR (LS1, PO1, SH6, SH7): sun diffuse, Blinn-Phong gloss (faded out with
// distance so distant blades do not shimmer), back-lit translucency growing toward the thin tip, sky
// ambient, and occlusion darkening toward the root times the blade's own occlusion.
vec3 shade(vec3 n, vec3 albedo, vec3 view, float translucency, float t, float gloss, float ao)
{
    vec3 l = sw_sun_dir();
    float diffuse = max(dot(n, l), 0.0);
    float back = max(dot(-n, l), 0.0) * translucency * mix(0.6, 1.3, t) *
                 (0.5 + 0.5 * pow(max(dot(-view, l), 0.0), 4.0));
    float spec = gloss * pow(max(dot(n, normalize(l + view)), 0.0), 24.0) * step(0.0, dot(n, l));
    float occl = mix(0.5, 1.0, t) * ao;
    vec3 sun = sw_sun_radiance() * ((diffuse + back * 0.8) * occl);
    vec3 ambient = sw_sky_ambient(n) * (mix(0.25, 1.0, t) * ao);
    return albedo * (sun + ambient) + sw_sun_radiance() * (spec * occl);
}

void main()
{
    blade_vertex g = blade_vertex_build();
    sw_blade b = g.b;
    sw_material m = g.m;
    vec3 world = g.world, normal = g.normal, cam = g.cam;
    float t = g.t, side = g.side, dist = g.dist, draw_d = g.draw_d, hash = g.hash, head_t0 = g.head_t0;
    bool in_head = g.in_head;
    v_fade = g.fade;
    v_side = side;

    vec3 view = normalize(cam - world);
    // SH7: normals blended toward the clump's dome normal (outward from its centre), more with distance, so
    // clumps read as shapes and far blades do not shimmer; gloss fades out over the first half of the range.
    vec3 nc = normalize(vec3(sw_blade_clump_dx(b), 1.5, sw_blade_clump_dz(b)));
    float kc = mix(0.25, 0.75, smoothstep(0.0, 0.5 * draw_d, dist));
    vec3 nf = normalize(mix(normal, nc, kc));
    vec3 nb = normalize(mix(-normal, nc, kc));
    float gloss = 0.12 * (1.0 - smoothstep(0.1 * draw_d, 0.5 * draw_d, dist));

    vec3 root_c = vec3(m.root_r, m.root_g, m.root_b);
    vec3 tip_c = vec3(m.tip_r, m.tip_g, m.tip_b);
    // Per-blade variation from the hash: a little lighter or darker.
    float tint = 0.85 + 0.3 * fract(hash * 7.31);
    // Clump colour variation (PL6, SH7): brightness and a yellow-green shift per clump.
    float cv = (float(sw_blade_clump_hash(b)) / 255.0 - 0.5) * 2.0 * m.clump_color_var;
    vec3 clump_tint = vec3(1.0 + 0.45 * cv, 1.0 + 0.2 * cv, 1.0 - 0.2 * cv);
    // Colour gradient along the blade: root colour, tip colour, a lighter band before the tip.
    vec3 albedo = mix(root_c, tip_c, smoothstep(0.0, 1.0, t)) * (1.0 + 0.15 * smoothstep(0.5, 0.85, t) * (1.0 - t) * 4.0);
    albedo *= tint * clump_tint;
    if (head_t0 < 1.0 && (in_head || t >= 1.0)) albedo = vec3(m.head_r, m.head_g, m.head_b) * tint;
    // Per-blade AO: blades near a clump's centre stand in its densest part; a little random.
    float clumped = sw_blade_clump_hash(b) != 0u ? 1.0 : 0.0;
    float centre = 1.0 - min(length(vec2(sw_blade_clump_dx(b), sw_blade_clump_dz(b))), 1.0);
    float ao = (1.0 - 0.25 * clumped * centre) * (0.9 + 0.1 * fract(hash * 13.7));
    v_front = shade(nf, albedo, view, m.translucency, t, gloss, ao);
    v_back = shade(nb, albedo, view, m.translucency, t, gloss, ao);
}
