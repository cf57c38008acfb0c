// grass.vert.glsl — the blades' G-buffer pass, vertex stage: the blade's vertex (grass_blade.inc.glsl) and
// its surface (SPEC SH2-SH7): material per vertex, light per pixel — the lighting is done once per pixel in
// compute (lighting.comp.glsl); this stage only writes what the surface is.
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_BLADE_VERTEX_STAGE
#include "grass_blade.inc.glsl"
#include "grass_surface.inc.glsl"

layout(location = 0) out vec3 v_albedo;
layout(location = 1) out vec3 v_normal;     // world, the front side's (the fragment stage orients it, SH3)
layout(location = 2) flat out float v_fade; // SC5 dither coverage of the blade, 0..1
layout(location = 3) out float v_side;      // -1..1 across the blade, for the midrib (SH7)
layout(location = 4) out vec4 v_surface;    // AO, roughness, translucency amount (thickness), diffusion
layout(location = 5) out float v_gloss;     // SH7: the specular's weight, reduced with distance
layout(location = 6) flat out uint v_shift; // SC5: the screen door's offset this frame (dither.inc.glsl)
layout(location = 7) out vec4 v_prev;       // SH2: the clip position in the previous frame (motion vectors)

void main()
{
    blade_vertex g = blade_vertex_build_moving(v_prev);
    grass_surface s = grass_surface_at(g);
    v_albedo = s.albedo;
    v_normal = s.normal;
    v_fade = g.fade;
    v_shift = sw_door_shift();
    v_side = g.side;
    v_surface = s.surface;
    v_gloss = s.gloss;
}
