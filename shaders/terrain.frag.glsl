// terrain.frag.glsl — the ground's colour, shaded per vertex in terrain.vert.glsl.
#version 450

layout(location = 0) in vec3 v_color;
layout(location = 0) out vec4 o_color;

void main()
{
    o_color = vec4(v_color, 1.0);
}
