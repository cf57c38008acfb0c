// asset_depth_frag.inc.glsl — the assets' depth-only fragments (SPEC SH1, LS3): the cards' alpha test (texture sets,
// impostors) and the screen door; with SW_ASSET_ID (asset_id.frag.glsl, BX6) the visibility buffer's id of the
// surface as well: the drawn instance + 1 (0: none) and the triangle of its level (gl_PrimitiveID), which
// asset_resolve.comp.glsl rebuilds the pixel's surface from.
#include "shared/sw_bindings.h"
#include "asset_alpha.inc.glsl"

layout(location = 2) in vec2 v_uv;
layout(location = 3) flat in uint v_card;
layout(location = 4) flat in uint v_door;
layout(location = 6) flat in uint v_shift;
layout(location = 7) flat in uint v_impostor;
#ifdef SW_ASSET_ID
layout(location = 11) flat in uint v_drawn;
layout(location = 0) out uvec2 o_id;
#endif

void main()
{
    if (sw_asset_cut(v_uv, v_card, v_door, uvec2(gl_FragCoord.xy), v_shift, v_impostor)) discard;
#ifdef SW_ASSET_ID
    o_id = uvec2(v_drawn + 1u, uint(gl_PrimitiveID));
#endif
}
