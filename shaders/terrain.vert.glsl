// terrain.vert.glsl — the ground as a grid mesh over the height field; positions and normals come from the
// height buffer by vertex index (the index buffer only connects the grid).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_noise.h"
#include "common.inc.glsl"

// Simple ground shading, per vertex (the fragment stage is the scarce one): Lambert sun and sky ambient on
// an albedo that carries the mean grass colour by its cover, so the ground under the blades and the field
// beyond the draw distance read as grass rather than bare soil (a first form of SC7), with broad light and
// dark swaths so the far field is not one flat colour.
layout(location = 0) out vec3 v_color;

float height_at(int i, int j)
{
    int r = frame.terrain_res;
    i = clamp(i, 0, r - 1);
    j = clamp(j, 0, r - 1);
    return heights[j * r + i];
}

void main()
{
    int mesh = frame.terrain_mesh_res;
    int step = frame.terrain_step;
    int vi = gl_VertexIndex;
    int i = min((vi % mesh) * step, frame.terrain_res - 1);
    int j = min((vi / mesh) * step, frame.terrain_res - 1);
    float y = height_at(i, j);
    vec3 world = vec3(frame.terrain_x0 + float(i) * frame.terrain_cell, y, frame.terrain_z0 + float(j) * frame.terrain_cell);
    float dx = height_at(i + step, j) - height_at(i - step, j);
    float dz = height_at(i, j + step) - height_at(i, j - step);
    vec3 n = normalize(vec3(-dx, 2.0 * float(step) * frame.terrain_cell, -dz));
    vec3 ground = vec3(frame.ground_r, frame.ground_g, frame.ground_b);
    vec3 grass = vec3(frame.grass_r, frame.grass_g, frame.grass_b);
    float swath = 0.5 * sw_perlin(world.x * 0.02, world.z * 0.02, 3u) + 0.25 * sw_perlin(world.x * 0.09, world.z * 0.09, 4u);
    vec3 albedo = mix(ground, grass, frame.grass_cover) * (1.0 + 0.35 * swath);
    float diffuse = max(dot(n, sw_sun_dir()), 0.0);
    v_color = albedo * (sw_sun_radiance() * diffuse + sw_sky_ambient(n));
    gl_Position = sw_mat4(frame.view_proj) * vec4(world, 1.0);
}
