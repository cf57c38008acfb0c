// asset.vert.glsl — the mesh assets' G-buffer vertices (SPEC AS1, AS3, SH2; asset_vertex.inc.glsl).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "asset_vertex.inc.glsl"

layout(location = 0) out vec3 v_albedo;
layout(location = 1) out vec3 v_normal;
layout(location = 2) out vec2 v_uv;
layout(location = 3) flat out uint v_card;
layout(location = 4) flat out uint v_door;
layout(location = 5) out vec2 v_ao_thick;
layout(location = 6) flat out uint v_shift;
layout(location = 7) flat out uint v_impostor;
layout(location = 8) flat out vec2 v_yaw_colorize;
layout(location = 9) out vec3 v_world;
layout(location = 10) flat out vec3 v_bark;
layout(location = 11) flat out vec2 v_roughness; // SH5: the asset's cards', its bark's
layout(location = 12) out vec4 v_prev;           // SH2: the clip position in the previous frame (motion vectors)
layout(location = 13) flat out uint v_bark_set;  // AS5: the asset's bark set (0: plain)

void main()
{
    sw_asset_point p = sw_asset_point_of(uint(gl_InstanceIndex), uint(gl_VertexIndex));
    sw_asset a = assets[p.asset];
    gl_Position = sw_mat4(VIEW.view_proj) * vec4(p.world, 1.0);
    v_albedo = sw_asset_albedo(a, p.surface);
    v_normal = p.normal;
    v_uv = p.uv;
    v_card = p.card;
    v_door = p.door;
    v_ao_thick = vec2(p.ao, p.surface == 0u ? 0.0 : a.translucency);
    v_shift = sw_door_shift(); // SC5: the screen door's offset this frame (asset_alpha.inc.glsl)
    v_impostor = a.impostor_offset;
    v_yaw_colorize = vec2(p.yaw, p.colorize);
    v_world = p.world;
    v_bark = vec3(a.bark_r, a.bark_g, a.bark_b);
    v_roughness = vec2(a.leaf_roughness, a.bark_roughness);
    v_bark_set = a.bark_set;
    v_prev = sw_mat4(VIEW.prev_view_proj) * vec4(sw_asset_prev_world(uint(gl_InstanceIndex), uint(gl_VertexIndex), p.world), 1.0);
}
