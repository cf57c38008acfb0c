// grass.frag.glsl — the blades' G-buffer after the depth prime (SH1): depth test EQUAL, no depth write, no
// discard (the prime already cut the screen door), so each covered pixel is shaded once (zero overdraw).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "grass_gbuffer.inc.glsl"

layout(early_fragment_tests) in;

void main()
{
    grass_gbuffer();
}
