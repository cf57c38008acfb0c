// shadow_terrain.vert.glsl — the ground as a shadow caster (SPEC LS2, LS3, LS4): depth only, the CDLOD patches
// of the camera's mesh inside the cascade's clip volume (src/render/plan.c), the very vertices the camera's
// terrain passes draw (terrain_lod.inc.glsl: the LOD eye is the camera's in every view).
// IMPOSTOR (the mid cascade, Ghost of Tsushima's grass shadow impostor): each vertex is raised by the local
// grass height, the type map's type's mean blade height times the grass-height map (none where there is no
// grass); shadow_impostor.frag.glsl then breaks the raised surface up with dithered depth offsets.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "terrain_lod.inc.glsl"

layout(constant_id = 1) const bool IMPOSTOR = false;

layout(location = 0) out float v_raise;  // m the vertex was raised by
layout(location = 1) out vec2 v_world;   // x, z (the impostor's dither is anchored in the world)
// The dither's world grid (m) and the light-space depth per metre a point sinks below the impostor's top: the
// light ray gets that much nearer the ground per metre it travels at rate sun_y plus the terrain's rise away
// from the sun (so a sunk texel never ends below the ground, on slopes too). The fragment shader then reads
// no set-0 buffer.
layout(location = 2) out vec2 v_dither;

void main()
{
    sw_ground gv = sw_ground_vertex(IMPOSTOR);
    vec3 world = gv.world;
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
        // the ground's slope from its normal: -n.xz / n.y is the height gradient
        vec2 g = -gv.normal.xz / max(gv.normal.y, 1e-3);
        rise = -dot(g, l.xz / hl);
    }
    v_dither = vec2(2.0 * VIEW.shadow_texel, 1.0 / (max(l.y + rise * hl, 0.05) * VIEW.shadow_depth_range));
    world.y += raise;
    gl_Position = sw_mat4(VIEW.view_proj) * vec4(world, 1.0);
}
