// terrain.vert.glsl — the ground as CDLOD patches over the height field (terrain_lod.inc.glsl): positions and
// normals come from the height buffer by patch and vertex index (the index buffer only connects the patch grid).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_noise.h"
#include "common.inc.glsl"
#include "terrain_lod.inc.glsl"

// The ground's surface, per vertex (material per vertex, light per pixel in lighting.comp.glsl): an albedo
// that carries the grass colours (SC7, Ghost of Tsushima far field): where the PL1 maps are
// uploaded (frame.map_res > 0) the vertex takes its type-map texel's grass type, that type's mean blade
// colour and its flower-head colour, weighted by the grass-height map, so fields beyond the blade distance
// keep their colour (red-flower fields stay red); under the blades near the camera the ground is a darker
// version (it lies in the blades' shade). Without maps: the scene's mean grass colour by its cover. Broad
// light and dark swaths keep the far field from being one flat colour.

// SC7: the far field beyond the blades is darker than the bare grass colours by this factor, as the blades'
// own roots, AO and self-shadowing make the field: across the draw distance the mean luminance steps by under
// 3 % (gpu_lighting far_field_meets_the_blades).
#define SW_FAR_TONE 0.5
layout(location = 0) out vec3 v_albedo;
layout(location = 1) out vec3 v_normal;
layout(location = 2) out vec4 v_prev; // clip position in the last frame (motion vectors, SH2)
layout(location = 3) out vec2 v_occl; // AO: ground under grass lies in the blades' shade; specular
                                      // occlusion: the sheen of grass-covered ground is the blades' own

// precise: the depth prime (a depth-only pipeline of this shader) and the G-buffer pass (depth test EQUAL)
// compute bit-identical positions.
precise gl_Position;

void main()
{
    sw_ground gv = sw_ground_vertex(true);
    vec3 world = gv.world;
    vec3 n = gv.normal;
    vec3 ground = sw_vec3(frame.ground);
    vec3 grass = sw_vec3(frame.grass_color);
    float swath = 0.5 * sw_perlin(world.x * 0.02, world.z * 0.02, 3u) + 0.25 * sw_perlin(world.x * 0.09, world.z * 0.09, 4u);
    float cover = frame.grass_cover;
    float draw_d = frame.draw_distance;
    if (frame.map_res > 0) {
        int mi = clamp(int((world.x - frame.terrain_x0) * frame.map_inv_cell), 0, frame.map_res - 1);
        int mj = clamp(int((world.z - frame.terrain_z0) * frame.map_inv_cell), 0, frame.map_res - 1);
        uint type = sw_type_at(mi, mj);
        float gh = sw_grass_height(mi, mj);
        if (type < frame.material_count && gh > 0.0) {
            sw_material m = materials[type];
            grass = vec3(m.root_r, m.root_g, m.root_b) * 0.35 + vec3(m.tip_r, m.tip_g, m.tip_b) * 0.65;
            if (m.head_size > 0.0) {
                // Heads face the sky and the eye at a distance: weigh them by more than their share of the height.
                float share = clamp(2.5 * m.head_size / max(0.5 * (m.height_min + m.height_max), 1e-3), 0.0, 0.7);
                grass = mix(grass, vec3(m.head_r, m.head_g, m.head_b), share);
            }
            cover = 0.9 * smoothstep(0.0, 0.3, gh);
            draw_d = sw_type_draw_distance(m.draw_distance, draw_d);
        } else {
            cover = 0.0;
        }
    }
    float dist = length(world - vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z));
    // in the blades' shade near the camera; toward the draw distance, where the blades thin out, the field's tone
    grass *= mix(0.8, 1.0, smoothstep(0.5 * draw_d, draw_d, dist)) * mix(1.0, SW_FAR_TONE, smoothstep(0.8 * draw_d, draw_d, dist));
    vec3 albedo = mix(ground, grass, cover) * (1.0 + 0.35 * swath);
    v_albedo = albedo;
    v_occl = vec2(1.0 - 0.6 * cover * (1.0 - smoothstep(0.5 * draw_d, draw_d, dist)), 1.0 - cover);
    v_normal = n;
    v_prev = sw_mat4(VIEW.prev_view_proj) * vec4(world, 1.0);
    gl_Position = sw_mat4(VIEW.view_proj) * vec4(world, 1.0);
}
