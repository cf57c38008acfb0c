// asset_shadow.vert.glsl — the mid cascade's asset casters (SPEC LS3, HZD "S2": fewer triangles, not animated):
// asset_depth.vert.glsl at rest; trees cast their billboard, alpha-tested (asset_depth.frag.glsl).
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_ASSET_NO_ANIMATION 1
#include "asset_vertex.inc.glsl"

layout(location = 2) out vec2 v_uv;
layout(location = 3) flat out uint v_card;
layout(location = 4) flat out uint v_door;
layout(location = 6) flat out uint v_shift;
layout(location = 7) flat out uint v_impostor;

void main()
{
    sw_asset_point p = sw_asset_point_of(uint(gl_InstanceIndex), uint(gl_VertexIndex));
    gl_Position = sw_mat4(VIEW.view_proj) * vec4(p.world, 1.0);
    v_uv = p.uv;
    v_card = p.card;
    v_door = p.door;
    v_shift = (frame.frame_index * 7u) & 15u; // SC5: the screen door's offset this frame (asset_alpha.inc.glsl)
    v_impostor = assets[p.asset].impostor_offset;
}
