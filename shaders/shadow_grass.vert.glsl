// shadow_grass.vert.glsl — the near cascade's blades as shadow casters (SPEC LS3): the same vertex code as the
// camera's blades (grass_blade.inc.glsl; the view's cam is the camera, so LOD, fade and widening match what
// the camera sees), animated, the 7-vertex form (the culling forces it for SW_VIEW_LOW_LOD), depth only.
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_BLADE_VERTEX_STAGE
#include "grass_blade.inc.glsl"

layout(location = 0) flat out float v_fade; // SC5 dither coverage of the blade, 0..1
layout(location = 1) flat out uint v_shift; // its screen door's offset (dither.inc.glsl)

void main()
{
    blade_vertex g = blade_vertex_build();
    v_fade = g.fade;
    // fixed where no type fades within the cascade, whose map is then kept from frame to frame (plan.c)
    v_shift = (frame.flags & SW_FLAG_SHADOW_DOOR) != 0u ? sw_door_shift() : 0u;
}
