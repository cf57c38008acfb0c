// grass_dither.frag.glsl — the blades' G-buffer without a depth prime (render.features.depth_prime off):
// depth test GREATER with writes, the SC5 screen door cut here.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "grass_gbuffer.inc.glsl"

void main()
{
    if (grass_dithered_out()) discard;
    grass_gbuffer();
}
