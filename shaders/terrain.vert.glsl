// terrain.vert.glsl — the ground as a grid mesh over the height field; positions and normals come from the
// height buffer by vertex index (the index buffer only connects the grid).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(location = 0) out vec3 v_normal;
layout(location = 1) out vec3 v_world;

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
    v_normal = normalize(vec3(-dx, 2.0 * float(step) * frame.terrain_cell, -dz));
    v_world = world;
    gl_Position = sw_mat4(frame.view_proj) * vec4(world, 1.0);
}
