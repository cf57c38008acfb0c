// occlusion.inc.glsl — the occlusion test of the placement (SPEC SC3; two-phase: the terrain is drawn first
// and its depth reduced into a min/max pyramid, then each blade's box is tested against it; in sward's own frame
// the camera's mesh assets are tested against the ground's pyramid first, and their depth joins it; with the
// previous frame's pyramid as well, in two phases: SC3, asset_cull.comp.glsl).
// Depth is reverse-Z: larger is nearer. A box is hidden when even its nearest point is farther than the
// farthest occluder over the pixels it covers, i.e. its max depth < the pyramid's min depth there.

#include "hiz.inc.glsl"

// the includer's binding of the pyramid (the blades' culling: SW_CULL_HIZ; the assets': SW_ACULL_HIZ)
#ifndef SW_HIZ_BINDING
#define SW_HIZ_BINDING SW_CULL_HIZ
#endif
layout(std430, set = SW_SET_PASS, binding = SW_HIZ_BINDING) readonly buffer Hiz { vec2 hiz[]; }; // level L texels cover 2^(L+1) px
// SC3's first phase of the camera's assets: the previous frame's pyramid, the same layout
#ifdef SW_HIZ_HISTORY_BINDING
layout(std430, set = SW_SET_PASS, binding = SW_HIZ_HISTORY_BINDING) readonly buffer HizHistory { vec2 hiz_history[]; };
#endif

float sw_hiz_far(bool history, int i)
{
#ifdef SW_HIZ_HISTORY_BINDING
    if (history) return hiz_history[i].r;
#endif
    return hiz[i].r;
}

// The box [lo, hi] seen through `vp` is behind the pyramid (this frame's, or the history's through its frame's
// view_proj).
bool sw_box_occluded_by(mat4 vp, bool history, vec3 lo, vec3 hi)
{
    vec2 pmin = vec2(1e30), pmax = vec2(-1e30);
    float nearest = 0.0;
    for (int k = 0; k < 8; k++) {
        vec3 corner = vec3((k & 1) != 0 ? hi.x : lo.x, (k & 2) != 0 ? hi.y : lo.y, (k & 4) != 0 ? hi.z : lo.z);
        vec4 clip = vp * vec4(corner, 1.0);
        if (clip.w <= 1e-4) return false; // crosses the camera plane: keep
        vec3 ndc = clip.xyz / clip.w;
        pmin = min(pmin, ndc.xy);
        pmax = max(pmax, ndc.xy);
        nearest = max(nearest, ndc.z);
    }
    vec2 size = vec2(VIEW.width, VIEW.height);
    vec2 px0 = clamp((pmin * 0.5 + 0.5) * size, vec2(0.0), size - 1.0);
    vec2 px1 = clamp((pmax * 0.5 + 0.5) * size, vec2(0.0), size - 1.0);
    // The finest level where the box spans at most two texels each way; level L texels cover 2^(L+1) px.
    int level = 0;
    ivec2 t0 = ivec2(px0) >> 1, t1 = ivec2(px1) >> 1;
    while (level + 1 < int(VIEW.hiz_levels) && (t1.x - t0.x > 1 || t1.y - t0.y > 1)) {
        level++;
        t0 >>= 1;
        t1 >>= 1;
    }
    ivec2 size0 = hiz_size0();
    ivec2 lsize = hiz_size(size0, level);
    int base = hiz_offset(size0, level);
    t0 = min(t0, lsize - 1);
    t1 = min(t1, lsize - 1);
    float farthest = min(min(sw_hiz_far(history, base + t0.y * lsize.x + t0.x), sw_hiz_far(history, base + t0.y * lsize.x + t1.x)),
                         min(sw_hiz_far(history, base + t1.y * lsize.x + t0.x), sw_hiz_far(history, base + t1.y * lsize.x + t1.x)));
    return nearest < farthest;
}

bool sw_box_occluded(vec3 lo, vec3 hi)
{
    return sw_box_occluded_by(sw_mat4(VIEW.view_proj), false, lo, hi);
}
