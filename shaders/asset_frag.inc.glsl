// asset_frag.inc.glsl — the mesh assets' G-buffer (SPEC SH2, SH3, SH4, SH5, SH6, AS3, AS5): bark plain; leaf and
// petal cards from their texture set (albedo variation, translucency mask, AO, the tangent-space normal in the
// cotangent frame of the card, SH4's colorize Result = Texture (2 Colorize Mask + 1 - Mask) with a per-instance
// Colorize), the normal flipped to the side seen (double-sided cards, SH3 "flipped correctly" for plants);
// billboard cards from the impostor (its baked object-space normal turned with the instance and reflected
// through the card for its back face, its surface's colour, its AO). Rough dielectric, the leaves translucent.
// After the depth prime the pipeline tests EQUAL and never discards (asset.frag.glsl); without it
// (asset_dither.frag.glsl, SW_ASSET_CUTS) it cuts the cards and the screen door itself.
#include "gbuffer_out.inc.glsl"
#include "asset_alpha.inc.glsl"

#ifndef SW_ASSET_CUTS
layout(early_fragment_tests) in;
#endif
layout(location = 0) in vec3 v_albedo;
layout(location = 1) in vec3 v_normal;
layout(location = 2) in vec2 v_uv;
layout(location = 3) flat in uint v_card;
layout(location = 4) flat in uint v_door;
layout(location = 5) in vec2 v_ao_thick;
layout(location = 6) flat in uint v_shift;
layout(location = 7) flat in uint v_impostor;
layout(location = 8) flat in vec2 v_yaw_colorize;
layout(location = 9) in vec3 v_world;
layout(location = 10) flat in vec3 v_bark;

// The card's tangent-space normal tn (x along +u, y along +v) in the cotangent frame of the screen-space
// derivatives of its position and uv: no tangents stored per vertex.
vec3 sw_perturb(vec3 n, vec3 p, vec2 uv, vec2 tn)
{
    vec3 dp1 = dFdx(p), dp2 = dFdy(p);
    vec2 duv1 = dFdx(uv), duv2 = dFdy(uv);
    vec3 dp2perp = cross(dp2, n), dp1perp = cross(n, dp1);
    vec3 t = dp2perp * duv1.x + dp1perp * duv2.x;
    vec3 b = dp2perp * duv1.y + dp1perp * duv2.y;
    float m = max(dot(t, t), dot(b, b));
    if (!(m > 1e-20)) return n;
    float inv = inversesqrt(m);
    return normalize(mat3(t * inv, b * inv, n) * vec3(tn, sqrt(max(1.0 - dot(tn, tn), 0.0))));
}

void main()
{
#ifdef SW_ASSET_CUTS
    if (sw_asset_cut(v_uv, v_card, v_door, uvec2(gl_FragCoord.xy), v_shift, v_impostor)) discard;
#endif
    uint surface = v_card & 3u;
    vec3 n = normalize(v_normal);
    vec3 albedo = v_albedo;
    float ao = v_ao_thick.x, thickness = v_ao_thick.y;
    if ((v_card & 4u) != 0u) {
        // AS3: the impostor texel (its empty texels were cut)
        uint t = sw_impostor_texel(v_impostor, (v_card >> 8) & 255u, v_uv);
        sw_n3 o = sw_oct_decode(float(t & 255u) / 255.0, float((t >> 8) & 255u) / 255.0);
        float c = cos(v_yaw_colorize.x), s = sin(v_yaw_colorize.x);
        vec3 on = mat3(c, 0.0, -s, 0.0, 1.0, 0.0, s, 0.0, c) * vec3(o.x, o.y, o.z);
        if (!gl_FrontFacing) on = on - 2.0 * dot(on, n) * n; // the back shows the front mirrored
        uint surf = ((t >> 24) & 3u) - 1u;
        albedo = surf == 0u ? v_bark : albedo; // the card's vertices carry the leaf colour
        ao *= float((t >> 16) & 255u) / 255.0;
        thickness = surf == 0u ? 0.0 : thickness;
        n = normalize(on);
    } else if (surface != 0u) {
        // AS5: the card's texture set at the fragment's mip level
        float lod = sw_texset_lod(v_uv);
        vec4 ta = sw_texset_sample(surface, 0u, v_uv, lod);
        vec4 tb = sw_texset_sample(surface, 1u, v_uv, lod);
        if (!gl_FrontFacing) n = -n;
        vec2 tn = tb.xy * 2.0 - 1.0;
        float mask = tb.z;
        float colorize = v_yaw_colorize.y;
        albedo *= ta.r * 2.0 * (2.0 * colorize * mask + 1.0 - mask);
        thickness *= ta.g;
        ao *= ta.b;
        n = sw_perturb(n, v_world, v_uv, tn);
    }
    float roughness = surface == 0u ? 0.9 : 0.6;
    sw_gbuffer_write(albedo, ao, n, roughness, SW_KIND_MESH, thickness, 0.6, ao, vec2(SW_MOTION_NONE));
}
