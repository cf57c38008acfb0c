// asset_shadow.vert.glsl — the mid cascade's asset casters (SPEC LS3, HZD "S2": fewer triangles, not alpha-tested,
// not animated): the last mesh level at rest, depth only.
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_ASSET_NO_ANIMATION 1
#include "asset_vertex.inc.glsl"

void main()
{
    sw_asset_point p = sw_asset_point_of(uint(gl_InstanceIndex), uint(gl_VertexIndex));
    gl_Position = sw_mat4(VIEW.view_proj) * vec4(p.world, 1.0);
}
