// grass.frag.glsl — picks the shaded side of the blade (lighting is per vertex, grass.vert.glsl), cuts the
// SC5 screen-door fade with an ordered 4x4 Bayer dither (discard, no blending), and darkens a midrib line
// along the blade (SH7 vein detail). Kept this small on purpose: the fragment stage is the scarce one.
#version 450

layout(location = 0) in vec3 v_front;
layout(location = 1) in vec3 v_back;
layout(location = 2) flat in float v_fade;
layout(location = 3) in float v_side;
layout(location = 0) out vec4 o_color;

const float BAYER4[16] = float[16](0.0, 8.0, 2.0, 10.0, 12.0, 4.0, 14.0, 6.0, 3.0, 11.0, 1.0, 9.0, 15.0, 7.0, 13.0, 5.0);

void main()
{
    if (v_fade < 1.0) {
        uvec2 q = uvec2(gl_FragCoord.xy) & 3u;
        if (v_fade * 16.0 <= BAYER4[q.y * 4u + q.x] + 0.5) discard;
    }
    float rib = 1.0 - 0.2 * (1.0 - min(abs(v_side) * 5.0, 1.0));
    o_color = vec4((gl_FrontFacing ? v_front : v_back) * rib, 1.0);
}
