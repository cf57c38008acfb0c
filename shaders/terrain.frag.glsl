// terrain.frag.glsl — simple ground shading: Lambert sun and sky ambient on an albedo that carries the
// mean grass colour by its cover, so the ground under the blades and the field beyond the draw distance read
// as grass rather than bare soil (a first form of SC7).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_noise.h"
#include "common.inc.glsl"

layout(location = 0) in vec3 v_normal;
layout(location = 1) in vec3 v_world;
layout(location = 0) out vec4 o_color;

void main()
{
    vec3 n = normalize(v_normal);
    vec3 ground = vec3(frame.ground_r, frame.ground_g, frame.ground_b);
    vec3 grass = vec3(frame.grass_r, frame.grass_g, frame.grass_b);
    // Broad light and dark swaths, so the far field is not one flat colour.
    float swath = 0.5 * sw_perlin(v_world.x * 0.02, v_world.z * 0.02, 3u) + 0.25 * sw_perlin(v_world.x * 0.09, v_world.z * 0.09, 4u);
    vec3 albedo = mix(ground, grass, frame.grass_cover) * (1.0 + 0.35 * swath);
    float diffuse = max(dot(n, sw_sun_dir()), 0.0);
    o_color = vec4(albedo * (sw_sun_radiance() * diffuse + sw_sky_ambient(n)), 1.0);
}
