// shadow_grass.frag.glsl — the near cascade's alpha test (SPEC LS3, SC5): the blade's screen-door fade as in
// grass.frag.glsl, an ordered 4x4 Bayer dither with discard, so fading blades cast fading shadows.
#version 450

layout(location = 0) flat in float v_fade;

const float BAYER4[16] = float[16](0.0, 8.0, 2.0, 10.0, 12.0, 4.0, 14.0, 6.0, 3.0, 11.0, 1.0, 9.0, 15.0, 7.0, 13.0, 5.0);

void main()
{
    if (v_fade < 1.0) {
        uvec2 q = uvec2(gl_FragCoord.xy) & 3u;
        if (v_fade * 16.0 <= BAYER4[q.y * 4u + q.x] + 0.5) discard; // the shadow caster's dither
    }
}
