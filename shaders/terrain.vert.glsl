// terrain.vert.glsl — the ground as CDLOD patches over the height field (terrain_lod.inc.glsl): positions and
// normals come from the height buffer by patch and vertex index (the index buffer only connects the patch grid).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "terrain_lod.inc.glsl"
#define SW_TERRAIN_MEAN_GROUND // the ground's materials without their detail (terrain_surface.inc.glsl)
#include "terrain_surface.inc.glsl"

// The ground's surface, per vertex (material per vertex, light per pixel in lighting.comp.glsl): its material
// (terrain_surface.inc.glsl, which the compute resolve evaluates per pixel in sward's own frame).
layout(location = 0) out vec3 v_albedo;
layout(location = 1) out vec3 v_normal;
layout(location = 2) out vec4 v_prev; // clip position in the last frame (motion vectors, SH2)
layout(location = 3) out vec2 v_occl; // AO: ground under grass lies in the blades' shade; specular
                                      // occlusion: the sheen of grass-covered ground is the blades' own
layout(location = 4) out float v_rough; // SH10: the ground material's roughness

// precise: the depth prime (a depth-only pipeline of this shader) and the G-buffer pass (depth test EQUAL)
// compute bit-identical positions.
precise gl_Position;

void main()
{
    sw_ground gv = sw_ground_vertex(true);
    vec3 world = gv.world;
    vec3 n = gv.normal;
    float dist = length(world - vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z));
    // SH10: per vertex each material's mean (SW_TERRAIN_MEAN_GROUND): detail finer than the mesh would alias
    sw_terrain_surface ts = sw_terrain_surface_at(world, n, dist, dist / VIEW.px_scale);
    v_albedo = ts.albedo;
    v_occl = vec2(ts.ao, ts.spec_occlusion);
    v_normal = ts.normal;
    v_rough = ts.roughness;
    v_prev = sw_mat4(VIEW.prev_view_proj) * vec4(world, 1.0);
    gl_Position = sw_mat4(VIEW.view_proj) * vec4(world, 1.0);
}
