// asset_depth_vert.inc.glsl — the vertex stage of the assets' depth-only passes (asset_depth.vert.glsl: the depth
// prime and the near cascade's casters, animated; asset_shadow.vert.glsl: the mid cascade's, at rest): the
// position and what the alpha test and the screen door need (asset_depth.frag.glsl), nothing else; with
// SW_ASSET_ID (asset_id.vert.glsl) the drawn instance too (the visibility buffer's id: asset_id.frag.glsl).
#include "asset_vertex.inc.glsl"

layout(location = 2) out vec2 v_uv;
layout(location = 3) flat out uint v_card;
layout(location = 4) flat out uint v_door;
layout(location = 6) flat out uint v_shift;
layout(location = 7) flat out uint v_impostor;
#ifdef SW_ASSET_ID
layout(location = 11) flat out uint v_drawn; // asset_id.vert.glsl only: a varying more costs the casters' passes
#endif

void main()
{
    sw_asset_point p = sw_asset_point_of(uint(gl_InstanceIndex), uint(gl_VertexIndex));
    gl_Position = p.hidden ? vec4(2.0, 2.0, 2.0, 1.0) : sw_mat4(VIEW.view_proj) * vec4(p.world, 1.0);
    v_uv = p.uv;
    v_card = p.card;
    v_door = p.door;
    v_shift = sw_door_shift(); // SC5: the screen door's offset this frame (asset_alpha.inc.glsl)
    v_impostor = assets[p.asset].impostor_offset;
#ifdef SW_ASSET_ID
    v_drawn = uint(gl_InstanceIndex);
#endif
}
