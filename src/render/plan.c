/* plan.c — the frame's decisions (render_plan), taken as values, and the only file that writes the plan. Per
 * frame (setup.c calls them in order): at its start the depth prime, the shadows and their layers, the near
 * cascade's casters' path, the views culled, the warm-up and the HDR read-back; at the view (stage 1) the TAA
 * reset and jitter index, motion, the exposure pass, the assets' two culling phases; once the tiles and the
 * views are known (stage 4) whether the shadow map kept from the last frame holds this one's. It reads the
 * config (config.c), the scene, the histories (history.c) and the frame's work (setup.c), and writes none of
 * them, nor a frame constant, view or slot (camera.c fills the constants from the plan). Passes read the plan
 * (pass.h); the entry points read it too, so that a choice is made in one place. */
#include "render/render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void render_plan_init(sward_renderer *r)
{
    r->plan.view_count = 1;
    r->plan.blade_views = 1;
}

void render_plan_frame(sward_renderer *r, bool no_occlusion, bool hdr_out, bool history_only)
{
    render_plan *p = &r->plan;
    const render_config *cfg = &r->config;
    /* the scene's features now: the config's follow them at the view (setup.c resizes the resources) */
    const uint32_t features = r->scene->render.features;
    p->switches.no_occlusion = no_occlusion;
    /* LS2: the frame's one decision on shadows: the scene's features now, the sun above the horizon, and the
     * cascades' resources made (render_config_scene); the lookup tests the near view's SW_VIEW_SHADOW alone */
    p->shadows = cfg->shadow_maps && (features & SW_FEAT_SHADOWS) != 0 && r->scene->sun.direction[1] > 0.01f;
    p->view_count = p->shadows ? 3u : 1u;
    p->blade_views = p->shadows ? 2u : 1u;
    p->depth_prime = (features & SW_FEAT_DEPTH_PRIME) != 0;
    /* BX1: the near cascade's blades in compute with "compute", and with "auto" where compute is the faster
     * (measured: docs/raster.md): always when every mesh asset's casters are in compute too, or there are none
     * (the near layer then holds nothing else, and shadow_near does not run at all), else once the
     * cascade held enough blades (in the last frame collected). The flowers' near casters (small
     * alpha-tested cards) are in compute wherever the compute rasteriser is (shadow_assets); trees, plants and
     * rocks, whose cards and faces span many texels, are drawn (measured on the H200: docs/raster.md). */
    const render_switches *sw = &p->switches;
    uint32_t cards = 0, all = cfg->asset_count ? (1u << cfg->asset_count) - 1u : 0u;
    for (uint32_t a = 0; a < cfg->asset_count && cfg->raster_compute && !sw->asset_casters_drawn; a++)
        if (r->assets.gpu[a].kind == SW_ASSET_KIND_FLOWER) cards |= 1u << a;
    bool compute = r->raster == WORLD_RASTER_COMPUTE ||
                   (r->raster == WORLD_RASTER_AUTO &&
                    (cards == all || r->near_blades >= RENDER_SHADOW_RASTER_MIN_BLADES));
    p->near_compute = compute; /* the frame's stats say the rule's choice */
    p->shadow_compute = compute && p->shadows;  /* shadow_raster draws the blades; shadow_near none */
    p->shadow_assets = p->shadows ? cards : 0u;
    p->shadow_casters = p->shadow_compute || p->shadow_assets; /* the casters' buffer holds this frame's */
    /* LS2: the layers with casters: the near one the hardware's blades (not with compute casters) or mesh assets
     * (not those in compute either), the mid one mesh assets tall enough (without any, the layer's clear alone
     * was 0.31 ms on the H200) */
    const bool near_layer = !p->shadow_compute || (cfg->asset_count > 0 && p->shadow_assets != all);
    const bool mid_layer = cfg->asset_count > 0 && cfg->mid_casters != 0;
    p->shadow_layers = !p->shadows ? 0u : (near_layer ? 1u << SW_VIEW_NEAR : 0u) | (mid_layer ? 1u << SW_VIEW_MID : 0u);
    /* the camera and the near shadow cascade cull blades; the mid cascade draws the assets' casters, not blades:
     * only their culling runs for it (LS3) */
    p->cull_views = p->blade_views == 2 ? 3u : 1u;
    p->asset_views = !cfg->asset_count ? 0u : p->shadows ? (1u << 0) | (1u << SW_VIEW_NEAR) | (1u << SW_VIEW_MID) : 1u;
    /* SC3: the mesh assets occlude the blades: the camera's assets are culled in RENDER_PHASE_OCCLUDERS (against
     * the ground's Hi-Z) and their depth primed before the blades' Hi-Z (sward_cmd_cull, into sward's depth or the
     * host's), so the CULL phase culls only the shadow views' assets. Not without the prime (the assets' G-buffer is
     * drawn after the blades' culling) nor without a depth to cull against (sward_vulkan_view.no_occlusion). */
    p->assets_occlude = cfg->asset_count > 0 && p->depth_prime && !sw->no_cull && !sw->no_occlusion &&
                        !sw->no_asset_occluders;
    if (p->assets_occlude) p->asset_views &= ~1u;
    /* BX6: with the prime, sward's ground's G-buffer is resolved in compute where it is the depth (the G-buffer
     * pass of the blades and assets leaves it unwritten there); a host with its own ground has none to resolve */
    p->terrain_resolve = r->draw_terrain && p->depth_prime && !sw->ground_fragment;
    /* BX6: the assets' G-buffer from the id their prime leaves, where the prime is drawn before the blades (their
     * occluders' pass holds the id target alone) */
    p->asset_resolve = p->assets_occlude && cfg->primitive_id && !sw->asset_fragment;
    p->hdr_out = hdr_out && !history_only; /* the hdr_out pass runs (hdr_out.c active) in this frame only */
    p->history_only = history_only;
}

void render_plan_switches(sward_renderer *r, const sward_frame_desc *fd)
{
    render_switches *s = &r->plan.switches;
    const sward_frame_debug *d = fd->debug;
    s->no_grass = fd->no_grass;
    s->no_cull = d && d->no_culling;
    s->no_lod_fade = d && d->no_lod_fade;
    s->no_fade = d && d->no_fade;
    s->no_morph = d && d->no_morph;
    s->no_terrain_lod = d && d->no_terrain_lod;
    s->count_shading = d && d->count_shading;
    s->no_occlusion = fd->no_occlusion;
    s->no_asset_occluders = d && d->no_asset_occluders;
    s->ground_fragment = d && d->ground_fragment;
    s->asset_fragment = d && d->asset_fragment;
    s->asset_casters_drawn = d && d->asset_casters_drawn;
    s->no_motion = d && d->no_motion;
}

void render_plan_view(sward_renderer *r, const sward_vulkan_view *view)
{
    render_plan *p = &r->plan;
    const render_taa *t = &r->taa;
    const world_render *wr = &r->scene->render;
    /* SH8: a new history (and the jitter sequence from its start) when the old one cannot be reprojected; a TAA
     * image made since the history was kept holds no history (resize, features) */
    const uint32_t serial = render_resource_serial(r, RES_TAA) + render_resource_serial(r, RES_TAA_HISTORY);
    p->taa_reset = serial != t->serial || render_taa_needs_reset(r, view);
    p->taa_frame = p->taa_reset ? 0u : t->frame + 1u;
    /* SH2 motion vectors: the objects' previous frame is the camera's (TAA's history: prev_view_proj), where the
     * time moved since; else none (the frame's own time: they write the camera's motion alone) */
    p->motion = (wr->features & SW_FEAT_TAA) && !p->taa_reset && t->valid && t->constants.time != view->time;
    /* PO4: a still's warm-up frames meter too (each takes its target: the time stands), so that TAA weighs their
     * samples at the exposure the still adapts to */
    p->auto_exposure = wr->settings.auto_exposure.enabled;
    /* SC3: a cut (as TAA's), a new size or a frame that kept no pyramid: one phase, against the ground alone */
    const render_hiz_history *h = &r->hiz_history;
    const float d[3] = {view->eye[0] - h->eye[0], view->eye[1] - h->eye[1], view->eye[2] - h->eye[2]};
    p->hiz_history = p->assets_occlude && h->valid && h->width == r->config.width && h->height == r->config.height &&
                     d[0] * d[0] + d[1] * d[1] + d[2] * d[2] <= RENDER_TAA_CUT_M * RENDER_TAA_CUT_M;
}

void render_plan_late(sward_renderer *r)
{
    render_plan *p = &r->plan;
    /* a still's next frame draws no cascade again */
    const render_shadow_history *sh = &r->shadow_history;
    const sw_view *near = &r->views[SW_VIEW_NEAR].constants, *mid = &r->views[SW_VIEW_MID].constants;
    const uint32_t serial = render_resource_serial(r, RES_SHADOW) + render_resource_serial(r, RES_SHADOW_CASTERS);
    /* the casters (blades, assets, the impostor) are functions of the cascade's view and tiles, the time (wind),
     * the features and switches, and the placed tiles; the map keeps what was drawn until an image is made anew */
    const place_cache_stats *cache = &r->slots[r->slot].cache;
    const bool settled = cache->now == 0 && cache->missing == 0 && cache->evicted == 0;
    /* mesh assets cast with a screen door that moves every frame (frame_index, asset_alpha.inc.glsl): their
     * shadows differ frame by frame, and TAA averages them */
    /* ... and so do the blades' where a type fades within the cascade (SW_FLAG_SHADOW_DOOR, camera.c) */
    p->shadows_kept = p->shadows && r->config.asset_count == 0 && (r->frame.flags & SW_FLAG_SHADOW_DOOR) == 0u &&
                      sh->kept_valid && settled && sh->kept_serial == serial &&
                      sh->kept_time == r->frame.time && sh->kept_features == r->config.features &&
                      memcmp(&sh->kept_switches, &p->switches, sizeof p->switches) == 0 &&
                      memcmp(&sh->kept_views[0], near, sizeof *near) == 0 && memcmp(&sh->kept_views[1], mid, sizeof *mid) == 0;
}
