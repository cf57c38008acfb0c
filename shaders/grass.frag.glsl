// grass.frag.glsl — picks the shaded side of the blade; all lighting is per vertex (grass.vert.glsl).
#version 450

layout(location = 0) in vec3 v_front;
layout(location = 1) in vec3 v_back;
layout(location = 0) out vec4 o_color;

void main()
{
    o_color = vec4(gl_FrontFacing ? v_front : v_back, 1.0);
}
