// shadow_terrain.vert.glsl — the ground as a shadow caster (SPEC LS2, LS3, LS4): depth only, a sub-grid of the
// terrain mesh that covers the cascade's column (src/render/shadows.c), drawn as 6 vertices per quad
// without an index buffer (positions from the height buffer by vertex index, like terrain.vert.glsl).
// Push constants: size0_x, size0_y the first drawn vertex (i, j), level the quads per row (low 24 bits) and
// the stride (mesh quads per drawn quad, bits 24-31: the impostor draws a coarser grid).
// IMPOSTOR (the mid cascade, Ghost of Tsushima's grass shadow impostor): each vertex is raised by the local
// grass height, the type map's type's mean blade height times the grass-height map (none where there is no
// grass); shadow_impostor.frag.glsl then breaks the raised surface up with dithered depth offsets.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(constant_id = 1) const bool IMPOSTOR = false;

layout(location = 0) out float v_raise;  // m the vertex was raised by
layout(location = 1) out vec2 v_world;   // x, z (the impostor's dither is anchored in the world)
// The dither's world grid (m) and the light-space depth per metre a point sinks below the impostor's top: the
// light ray gets that much nearer the ground per metre it travels at rate sun_y plus the terrain's rise away
// from the sun (so a sunk texel never ends below the ground, on slopes too). The fragment shader then reads
// no set-0 buffer.
layout(location = 2) out vec2 v_dither;

const ivec2 CORNER[6] = ivec2[6](ivec2(0, 0), ivec2(0, 1), ivec2(1, 0), ivec2(1, 0), ivec2(0, 1), ivec2(1, 1));

void main()
{
    int w = max(int(pc.level & 0xffffffu), 1);
    int stride = max(int(pc.level >> 24), 1);
    int q = gl_VertexIndex / 6;
    ivec2 mv = ivec2(pc.size0_x + q % w, pc.size0_y + q / w) + CORNER[gl_VertexIndex % 6];
    int res = frame.terrain_res;
    // issue 10: the mesh covers the height field's window (resident: all of it, from 0)
    int i = min(frame.hf_i0 + mv.x * stride * frame.terrain_step, min(frame.hf_i0 + frame.hf_ring, res) - 1);
    int j = min(frame.hf_j0 + mv.y * stride * frame.terrain_step, min(frame.hf_j0 + frame.hf_ring, res) - 1);
    vec3 world = vec3(frame.terrain_x0 + float(i) * frame.terrain_cell, sw_height(i, j),
                      frame.terrain_z0 + float(j) * frame.terrain_cell);
    float raise = 0.0;
    if (IMPOSTOR && frame.map_res > 0) {
        int mi = clamp(int((world.x - frame.terrain_x0) * frame.map_inv_cell), 0, frame.map_res - 1);
        int mj = clamp(int((world.z - frame.terrain_z0) * frame.map_inv_cell), 0, frame.map_res - 1);
        uint type = sw_type_at(mi, mj);
        float gh = sw_grass_height(mi, mj);
        if (type < frame.material_count && gh > 0.0) {
            sw_material m = materials[type];
            raise = 0.5 * (m.height_min + m.height_max) * gh;
        }
    }
    v_raise = raise;
    v_world = world.xz;
    vec3 l = sw_sun_dir();
    float hl = length(l.xz);
    float rise = 0.0; // m per m of the terrain away from the sun (along -l.xz)
    if (IMPOSTOR && hl > 1e-4) {
        int s = frame.terrain_step * stride;
        float gx = sw_height(min(i + s, res - 1), j) - sw_height(max(i - s, 0), j);
        float gz = sw_height(i, min(j + s, res - 1)) - sw_height(i, max(j - s, 0));
        vec2 g = vec2(gx, gz) / (2.0 * float(s) * frame.terrain_cell);
        rise = -dot(g, l.xz / hl);
    }
    v_dither = vec2(2.0 * VIEW.shadow_texel, 1.0 / (max(l.y + rise * hl, 0.05) * VIEW.shadow_depth_range));
    world.y += raise;
    gl_Position = sw_mat4(VIEW.view_proj) * vec4(world, 1.0);
}
