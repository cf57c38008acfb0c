// layer.vert.glsl — test shader for tests/gpu/test_gpu_layer.c: the top-left half of the viewport (x + y < 0
// in clip space) as one triangle at the depth of specialization constant 0.
#version 450
layout(constant_id = 0) const float DEPTH = 0.5;

void main()
{
    vec2 p[3] = vec2[3](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0));
    gl_Position = vec4(p[gl_VertexIndex], DEPTH, 1.0);
}
