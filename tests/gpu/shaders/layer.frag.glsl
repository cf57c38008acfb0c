// layer.frag.glsl — test shader for tests/gpu/test_gpu_layer.c: the colour of specialization constants 1-3
// into two attachments, alpha 1 and 0.5.
#version 450
layout(constant_id = 1) const float R = 1.0;
layout(constant_id = 2) const float G = 1.0;
layout(constant_id = 3) const float B = 1.0;
layout(location = 0) out vec4 c0;
layout(location = 1) out vec4 c1;

void main()
{
    c0 = vec4(R, G, B, 1.0);
    c1 = vec4(R, G, B, 0.5);
}
