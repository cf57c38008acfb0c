// grass_surface.inc.glsl — what a blade's surface is at one of its points (SPEC SH2-SH7): albedo, normal, AO,
// roughness, translucency, gloss. Material per vertex, light per pixel: the hardware path evaluates it per
// vertex (grass.vert.glsl) and interpolates it; the compute rasteriser's resolve (resolve.comp.glsl) evaluates
// it at each pixel's stored point of the blade. Include after grass_blade.inc.glsl.
#include "shared/sw_gbuffer.h"

struct grass_surface {
    vec3 albedo;
    vec3 normal;   // world, the front side's (the G-buffer write orients it, SH3)
    vec4 surface;  // AO, roughness, translucency amount (thickness), diffusion
    float gloss;   // SH7: the specular's weight, reduced with distance
};

// The albedo at t along the blade (in_head: t is within the flower head).
vec3 grass_albedo(blade_vertex g, float t, bool in_head)
{
    sw_blade b = g.b;
    sw_material m = g.m;
    float hash = g.hash, head_t0 = g.head_t0;
    vec3 root_c = vec3(m.root_r, m.root_g, m.root_b);
    vec3 tip_c = vec3(m.tip_r, m.tip_g, m.tip_b);
    // Colour along the blade (SH7): root colour, tip colour, a lighter band before the tip — the "texture".
    vec3 albedo = mix(root_c, tip_c, smoothstep(0.0, 1.0, t)) * (1.0 + 0.15 * smoothstep(0.5, 0.85, t) * (1.0 - t) * 4.0);
    // SH4 colorization, Result = Texture * (2 Colorize Mask + 1 - Mask): Colorize from the clump (PL6, SH7
    // clump colour variation: brightness and a yellow-green shift) and the blade's hash, Mask rising along
    // the blade (the root stays the texture's colour).
    float cv = (float(sw_blade_clump_hash(b)) / 255.0 - 0.5) * 2.0 * m.clump_color_var;
    float tint = 0.85 + 0.3 * fract(hash * 7.31);
    vec3 colorize = 0.5 * vec3(tint * (1.0 + 0.45 * cv), tint * (1.0 + 0.2 * cv), tint * (1.0 - 0.2 * cv));
    float mask = 0.6 + 0.4 * t;
    albedo = vec3(sw_colorize(albedo.r, colorize.r, mask), sw_colorize(albedo.g, colorize.g, mask),
                  sw_colorize(albedo.b, colorize.b, mask));
    if (head_t0 < 1.0 && (in_head || t >= 1.0)) albedo = vec3(m.head_r, m.head_g, m.head_b) * tint;
    return albedo;
}

grass_surface grass_surface_at(blade_vertex g)
{
    sw_blade b = g.b;
    sw_material m = g.m;
    float t = g.t, dist = g.dist, near_d = g.near_d, hash = g.hash, head_t0 = g.head_t0;
    grass_surface s;

    // SH7: normals blended toward the clump's dome normal (outward from its centre), more with distance, so
    // clumps read as shapes and far blades do not shimmer; gloss reduced (roughness raised) with distance.
    vec3 nc = normalize(vec3(sw_blade_clump_dx(b), 1.5, sw_blade_clump_dz(b)));
    float kc = mix(0.25, 0.75, smoothstep(0.0, 0.5 * near_d, dist));
    s.normal = normalize(mix(g.normal, nc, kc));
    // SH5: grass roughness is artist-set and influenced by the translucency (thin, waxy blades are glossier).
    float far = smoothstep(0.1 * near_d, 0.6 * near_d, dist);
    float roughness = mix(m.roughness, 0.95, far); // the type's (grass[].roughness: 0.58 - 0.12 translucency by default)
    s.gloss = 1.0 - 0.9 * far;

    s.albedo = grass_albedo(g, t, g.in_head);
    // AO along the blade (dark at the root, GoT) times per-blade AO: blades near a clump's centre stand in its
    // densest part, and a little random.
    float clumped = sw_blade_clump_hash(b) != 0u ? 1.0 : 0.0;
    float centre = 1.0 - min(length(vec2(sw_blade_clump_dx(b), sw_blade_clump_dz(b))), 1.0);
    float ao = mix(0.35, 1.0, t) * (1.0 - 0.25 * clumped * centre) * (0.9 + 0.1 * fract(hash * 13.7));
    // Translucency along the blade (GoT): thin toward the tip lets more light through.
    float thickness = clamp(m.translucency * mix(0.5, 1.2, t), 0.0, 1.0);
    s.surface = vec4(ao, roughness, thickness, 0.6);
    return s;
}
