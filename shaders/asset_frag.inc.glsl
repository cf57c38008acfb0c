// asset_frag.inc.glsl — the mesh assets' G-buffer fragments (SPEC SH2; the surface: asset_surface.inc.glsl, with
// the inputs' screen derivatives). After the depth prime the pipeline tests EQUAL and never discards
// (asset.frag.glsl); without it (asset_dither.frag.glsl, SW_ASSET_CUTS) it cuts the cards and the screen door
// itself. In sward's own frame with the prime the assets' G-buffer is resolved in compute instead
// (asset_resolve.comp.glsl, BX6); this is a host's path, and the comparison's.
#include "gbuffer_out.inc.glsl"
#include "asset_alpha.inc.glsl"
#define SW_ASSET_SURFACE_FRAGMENT 1
#include "asset_surface.inc.glsl"

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
layout(location = 11) flat in vec2 v_roughness; // SH5: the asset's cards', its bark's
layout(location = 12) in vec4 v_prev;
layout(location = 13) flat in uint v_bark_set; // AS5: the asset's bark set (0: plain)

void main()
{
#ifdef SW_ASSET_CUTS
    if (sw_asset_cut(v_uv, v_card, v_door, uvec2(gl_FragCoord.xy), v_shift, v_impostor)) discard;
#endif
    // the derivatives are its own, taken inside (SW_ASSET_SURFACE_FRAGMENT)
    sw_asset_surface s = sw_asset_surface_at(v_albedo, v_normal, v_uv, vec2(0.0), vec2(0.0), v_world, vec3(0.0),
                                             vec3(0.0), v_card, v_ao_thick, v_impostor, v_yaw_colorize, v_bark,
                                             v_roughness, v_bark_set, gl_FrontFacing);
    vec2 size = vec2(float(views[SW_VIEW_SPEC].width), float(views[SW_VIEW_SPEC].height));
    vec2 motion = gl_FragCoord.xy - vec2(views[SW_VIEW_SPEC].jitter_x, views[SW_VIEW_SPEC].jitter_y) -
                  (v_prev.xy / v_prev.w * 0.5 + 0.5) * size; // SH2
    sw_gbuffer_write(s.albedo, s.ao, s.n, s.roughness, SW_KIND_MESH, s.thickness, 0.6, s.spec_occlusion, motion);
}
