// asset_frag.inc.glsl — the mesh assets' G-buffer (SPEC SH2, SH3, SH5, SH6): albedo with the baked AO, the normal
// flipped to the side seen (double-sided cards, SH3 "flipped correctly" for plants), rough dielectric, the
// leaves' translucency. After the depth prime the pipeline tests EQUAL and never discards (the prime cut the
// cards and the screen door: asset.frag.glsl); without it (asset_dither.frag.glsl, SW_ASSET_CUTS) it cuts
// them itself.
#include "gbuffer_out.inc.glsl"
#include "asset_alpha.inc.glsl"

#ifndef SW_ASSET_CUTS
layout(early_fragment_tests) in;
#endif
layout(location = 0) in vec3 v_albedo;
layout(location = 1) in vec3 v_normal;
layout(location = 2) in vec2 v_uv;
layout(location = 3) flat in uint v_surface;
layout(location = 4) flat in uint v_door;
layout(location = 6) flat in uint v_shift;
layout(location = 5) in vec2 v_ao_thick;

void main()
{
#ifdef SW_ASSET_CUTS
    if (sw_asset_cut(v_uv, v_surface, v_door, uvec2(gl_FragCoord.xy), v_shift)) discard;
#endif
    vec3 n = normalize(v_normal);
    if (!gl_FrontFacing && v_surface != 0u) n = -n;
    // leaves a little lighter toward their tips, bark darker in its grooves (the AO carries most of it)
    vec3 albedo = v_albedo * (v_surface == 0u ? 1.0 : mix(0.8, 1.15, clamp(v_uv.y, 0.0, 1.0)));
    float roughness = v_surface == 0u ? 0.9 : 0.6;
    sw_gbuffer_write(albedo, v_ao_thick.x, n, roughness, SW_KIND_MESH, v_ao_thick.y, 0.6, v_ao_thick.x,
                     vec2(SW_MOTION_NONE));
}
