// asset.vert.glsl — the mesh assets' G-buffer and depth-prime vertices (SPEC AS1, SH1, SH2; asset_vertex.inc.glsl).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "asset_vertex.inc.glsl"

layout(location = 0) out vec3 v_albedo;
layout(location = 1) out vec3 v_normal;
layout(location = 2) out vec2 v_uv;
layout(location = 3) flat out uint v_surface;
layout(location = 4) flat out uint v_door;
layout(location = 6) flat out uint v_shift;
layout(location = 5) out vec2 v_ao_thick;

void main()
{
    sw_asset_point p = sw_asset_point_of(uint(gl_InstanceIndex), uint(gl_VertexIndex));
    sw_asset a = assets[p.asset];
    gl_Position = sw_mat4(VIEW.view_proj) * vec4(p.world, 1.0);
    v_albedo = p.surface == 0u ? vec3(a.bark_r, a.bark_g, a.bark_b)
             : p.surface == 2u ? vec3(a.flower_r, a.flower_g, a.flower_b) : vec3(a.leaf_r, a.leaf_g, a.leaf_b);
    v_normal = p.normal;
    v_uv = p.uv;
    v_surface = p.surface;
    v_door = p.door;
    v_shift = (frame.frame_index * 7u) & 15u; // SC5: the screen door's offset this frame (asset_alpha.inc.glsl)
    v_ao_thick = vec2(p.ao, p.surface == 0u ? 0.0 : a.translucency);
}
