/* plan.c — the frame's decisions, taken once (render_plan), and the only file that writes the plan: what the
 * renderer fixes at creation (the raster path, whether the shadow cascades' resources exist, the shared
 * geometry), the render size and features the passes' resources follow, and per frame (setup.c calls them in
 * order): at its start the depth prime, the shadows, the near cascade's casters' path, the views culled, the
 * warm-up and the HDR read-back; at the view (stage 1) the TAA reset and jitter index, motion, the exposure
 * pass, the assets' two culling phases; once the tiles are known (stage 4) the tiles' and clusters' counts, the
 * kept shadow map and the ground's patches. It reads the renderer's histories and writes none of them, nor a
 * frame constant, view or slot (camera.c fills the constants from the plan; setup.c keeps the histories).
 * Passes read the plan (pass.h) and nothing else of the renderer; the entry points read it too, so that a
 * choice is made in one place. */
#include "render/render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void render_plan_init(sward_renderer *r, bool standalone, VkFormat depth_format)
{
    render_plan *p = &r->plan;
    const gpu_device *dev = &r->ctx->dev;
    p->standalone = standalone;
    p->width = r->scene->render.settings.width;
    p->height = r->scene->render.settings.height;
    p->depth_format = depth_format;
    p->view_count = 1;
    p->blade_views = 1;
    p->raster_compute = r->raster != WORLD_RASTER_HARDWARE;
    p->raster_all = r->raster == WORLD_RASTER_COMPUTE;
    p->geo.max_groups_x = dev->props.limits.maxComputeWorkGroupCount[0];
    p->geo.max_draw_indirect = dev->props.limits.maxDrawIndirectCount;
    p->primitive_id = dev->features.geometryShader;
    p->shadow_size = r->scene->render.shadow_size;
    p->frame = &r->frame;
    for (uint32_t k = 0; k < SW_MAX_VIEWS; k++) p->view[k] = &r->views[k].constants;
    render_plan_size(r);
}

void render_plan_scene(sward_renderer *r)
{
    render_plan *p = &r->plan;
    const sward_scene *s = r->scene;
    p->asset_count = r->assets.count; /* the targets follow it (RENDER_NEEDS_ASSETS) */
    for (uint32_t a = 0; a < r->assets.count; a++)
        if (r->assets.gpu[a].flags & SW_ASSET_MID_CASTER) p->mid_casters |= 1u << a;
    /* LS2: the cascades' resources (views 1-3, the near cascade's lists, the maps) exist where the scene has
     * shadows when the renderer is made; each frame draws them or not (render_plan_frame: plan.shadows). A host
     * that turns shadows on later (sward_scene_set_features) gets none: they were not made. */
    p->shadow_maps = (s->render.features & SW_FEAT_SHADOWS) != 0 && s->sun.direction[1] > 0.01f;
}

sward_result render_plan_terrain_create(sward_renderer *r, uint32_t capacity, sward_error *err)
{
    render_terrain_draws *t = &r->plan.terrain;
    t->capacity = capacity;
    t->patches = malloc((size_t)t->capacity * sizeof *t->patches);
    if (!t->patches) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for %u terrain patches", t->capacity);
    return SWARD_OK;
}

void render_plan_geometry(sward_renderer *r)
{
    render_plan *p = &r->plan;
    p->geo.terrain_index_count = r->bufs.terrain_index_count;
    p->geo.terrain_indices = r->bufs.terrain_indices.buffer;
    p->geo.blade_indices = r->bufs.blade_indices.buffer;
    p->geo.asset_indices = r->assets.index_buf.buffer;
    p->geo.shadow_layers[0] = r->shadows.layers[0];
    p->geo.shadow_layers[1] = r->shadows.layers[1];
    p->geo.terrain_y_min = r->scene->terrain.min_y;
    p->geo.terrain_y_max = r->scene->terrain.max_y;
    p->geo.terrain_bounds = r->bufs.terrain_bounds.levels ? &r->bufs.terrain_bounds : NULL;
}

void render_plan_size(sward_renderer *r)
{
    r->plan.features = r->scene->render.features;
}

void render_plan_render_size(sward_renderer *r, uint32_t width, uint32_t height)
{
    r->plan.width = width;
    r->plan.height = height;
}

void render_plan_culled(sward_renderer *r)
{
    r->plan.culled = true;
}

void render_plan_world_uploaded(sward_renderer *r)
{
    r->plan.world_uploads++;
}

void render_plan_frame(sward_renderer *r, bool no_occlusion, bool hdr_out, bool history_only)
{
    render_plan *p = &r->plan;
    p->features = r->scene->render.features;
    p->switches.no_occlusion = no_occlusion;
    /* LS2: the frame's one decision on shadows: the scene's features now, the sun above the horizon, and the
     * cascades' resources made (render_plan_scene); the lookup tests the near view's SW_VIEW_SHADOW alone */
    p->shadows = p->shadow_maps && (p->features & SW_FEAT_SHADOWS) != 0 && r->scene->sun.direction[1] > 0.01f;
    p->view_count = p->shadows ? 3u : 1u;
    p->blade_views = p->shadows ? 2u : 1u;
    p->depth_prime = (p->features & SW_FEAT_DEPTH_PRIME) != 0;
    /* BX1: the near cascade's blades in compute with "compute", and with "auto" where compute is the faster
     * (measured: docs/raster.md): always when every mesh asset's casters are in compute too, or there are none
     * (the near layer then holds nothing else, and shadow_near does not run at all), else once the
     * cascade held enough blades (in the last frame collected). The flowers' near casters (small
     * alpha-tested cards) are in compute wherever the compute rasteriser is (shadow_assets); trees, plants and
     * rocks, whose cards and faces span many texels, are drawn (measured on the H200: docs/raster.md). */
    const render_switches *sw = &p->switches;
    uint32_t cards = 0, all = p->asset_count ? (1u << p->asset_count) - 1u : 0u;
    for (uint32_t a = 0; a < p->asset_count && p->raster_compute && !sw->asset_casters_drawn; a++)
        if (r->assets.gpu[a].kind == SW_ASSET_KIND_FLOWER) cards |= 1u << a;
    bool compute = r->raster == WORLD_RASTER_COMPUTE ||
                   (r->raster == WORLD_RASTER_AUTO &&
                    (cards == all || r->near_blades >= RENDER_SHADOW_RASTER_MIN_BLADES));
    p->near_compute = compute; /* the frame's stats say the rule's choice */
    p->shadow_compute = compute && p->shadows;  /* shadow_raster draws the blades; shadow_near none */
    p->shadow_assets = p->shadows ? cards : 0u;
    p->shadow_casters = p->shadow_compute || p->shadow_assets; /* the casters' buffer holds this frame's */
    /* the camera and the near shadow cascade cull blades; the mid cascade draws the assets' casters, not blades:
     * only their culling runs for it (LS3) */
    p->cull_views = p->blade_views == 2 ? 3u : 1u;
    p->asset_views = !p->asset_count ? 0u : p->shadows ? (1u << 0) | (1u << SW_VIEW_NEAR) | (1u << SW_VIEW_MID) : 1u;
    /* SC3: the mesh assets occlude the blades: the camera's assets are culled in RENDER_PHASE_OCCLUDERS (against
     * the ground's Hi-Z) and their depth primed before the blades' Hi-Z (sward_cmd_cull, into sward's depth or the
     * host's), so the CULL phase culls only the shadow views' assets. Not without the prime (the assets' G-buffer is
     * drawn after the blades' culling) nor without a depth to cull against (sward_vulkan_view.no_occlusion). */
    p->assets_occlude = p->asset_count > 0 && p->depth_prime && !sw->no_cull && !sw->no_occlusion &&
                        !sw->no_asset_occluders;
    if (p->assets_occlude) p->asset_views &= ~1u;
    /* BX6: with the prime, sward's ground's G-buffer is resolved in compute where it is the depth (the G-buffer
     * pass of the blades and assets leaves it unwritten there); a host with its own ground has none to resolve */
    p->terrain_resolve = r->draw_terrain && p->depth_prime && !sw->ground_fragment;
    /* BX6: the assets' G-buffer from the id their prime leaves, where the prime is drawn before the blades (their
     * occluders' pass holds the id target alone) */
    p->asset_resolve = p->assets_occlude && p->primitive_id && !sw->asset_fragment;
    p->hdr_out = hdr_out && !history_only; /* the hdr_out pass runs (hdr_out.c active) in this frame only */
    p->history_only = history_only;
    p->culled = false;
    p->tile_count = 0;
    p->place_now = p->place_ahead = 0;
    p->cluster_count = 0;
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
    p->world_uploads = r->world_uploads;
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
    p->hiz_history = p->assets_occlude && h->valid && h->width == p->width && h->height == p->height &&
                     d[0] * d[0] + d[1] * d[1] + d[2] * d[2] <= RENDER_TAA_CUT_M * RENDER_TAA_CUT_M;
}

void render_plan_terrain(sward_renderer *r)
{
    render_plan *p = &r->plan;
    render_terrain_draws *t = &p->terrain;
    /* CDLOD: the camera's patches inside all its clip planes. The cascades draw no ground: it casts through the
     * lit heights (shadow_lit.c); their counts stay 0. */
    render_terrain_lod lod = render_terrain_lod_of(p);
    _Static_assert(SWARD_VIEW_NEAR_SHADOW == SW_VIEW_NEAR && SWARD_VIEW_MID_SHADOW == SW_VIEW_MID, "view numbers");
    uint32_t used = 0;
    for (uint32_t v = 0; v < SWARD_VIEWS; v++) {
        const bool on = v == SW_VIEW_CAMERA && r->draw_terrain;
        uint32_t n = on ? render_terrain_select(&lod, p->view[v]->view_proj, RENDER_CLIP_ALL, t->patches + used, t->capacity - used) : 0;
        if (n > t->capacity - used) n = t->capacity - used; /* never: the capacity is the mesh's bound per view */
        t->first[v] = used, t->count[v] = n;
        t->triangles[v] = (uint64_t)n * 2u * SW_TERRAIN_PATCH * SW_TERRAIN_PATCH;
        used += n;
    }
}

void render_plan_late(sward_renderer *r, const render_frame_tiles *t)
{
    render_plan *p = &r->plan;
    p->tile_count = (uint32_t)t->camera;
    p->place_now = t->place_now;
    p->place_ahead = t->place_ahead;
    p->cluster_count = r->assets.cluster_count;
    for (uint32_t a = 0; a < r->assets.count; a++) p->asset_room[a] = r->assets.per_asset[a] * SW_CLUSTER_CANDIDATES;
    /* a still's next frame draws no cascade again */
    const render_shadows *sh = &r->shadows;
    const sw_view *near = &r->views[SW_VIEW_NEAR].constants, *mid = &r->views[SW_VIEW_MID].constants;
    const uint32_t serial = render_resource_serial(r, RES_SHADOW) + render_resource_serial(r, RES_SHADOW_CASTERS);
    /* the casters (blades, assets, the impostor) are functions of the cascade's view and tiles, the time (wind),
     * the features and switches, and the placed tiles; the map keeps what was drawn until an image is made anew */
    const place_cache_stats *cache = &r->slots[r->slot].cache;
    const bool settled = cache->now == 0 && cache->missing == 0 && cache->evicted == 0;
    /* mesh assets cast with a screen door that moves every frame (frame_index, asset_alpha.inc.glsl): their
     * shadows differ frame by frame, and TAA averages them */
    /* ... and so do the blades' where a type fades within the cascade (SW_FLAG_SHADOW_DOOR, camera.c) */
    p->shadows_kept = p->shadows && p->asset_count == 0 && (r->frame.flags & SW_FLAG_SHADOW_DOOR) == 0u &&
                      sh->kept_valid && settled && sh->kept_serial == serial &&
                      sh->kept_time == r->frame.time && sh->kept_features == p->features &&
                      memcmp(&sh->kept_switches, &p->switches, sizeof p->switches) == 0 &&
                      memcmp(&sh->kept_views[0], near, sizeof *near) == 0 && memcmp(&sh->kept_views[1], mid, sizeof *mid) == 0;
    /* the ground's patches each view draws (CDLOD, terrain_lod.h), decided once for the passes */
    render_plan_terrain(r);
}
