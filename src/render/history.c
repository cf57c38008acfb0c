/* history.c — the histories (history.h) take each frame's values: what a frame leaves for
 * the next (the TAA history, the exposure's metered frame, the camera's Hi-Z pyramid, the kept shadow map), and
 * the tests the plan asks of them (a TAA history that cannot be used). */
#include "render/render.h"

#include <string.h>

void render_history_keep(sward_renderer *r, const sward_vulkan_view *view)
{
    const render_plan *p = &r->plan;
    render_taa *taa = &r->taa;
    const uint32_t taa_serial = render_resource_serial(r, RES_TAA) + render_resource_serial(r, RES_TAA_HISTORY);
    if (taa_serial != taa->serial) taa->valid = false; /* a TAA image made since holds no history */
    taa->serial = taa_serial;
    taa->frame = p->taa_frame;
    if (p->auto_exposure) { /* PO4: the meter's last frame */
        r->exposure.kept = true;
        r->exposure.time = view->time;
        memcpy(r->exposure.eye, view->eye, sizeof r->exposure.eye);
    }
    render_hiz_history *h = &r->hiz_history; /* SC3: asset_cull_late keeps this frame's pyramid where assets occlude */
    h->valid = p->assets_occlude;
    h->width = r->config.width;
    h->height = r->config.height;
    memcpy(h->eye, view->eye, sizeof h->eye);
    memcpy(h->view_proj, r->views[0].constants.view_proj, sizeof h->view_proj);
    render_shadow_history *sh = &r->shadow_history;
    const render_slot *s = &r->slots[r->slot];
    if (!p->shadows_kept) { /* this frame draws the map: what it holds from now on (a frame missing tiles never) */
        sh->kept_valid = p->shadows && s->cache.missing == 0 && s->cache.evicted == 0;
        sh->kept_views[0] = r->views[SW_VIEW_NEAR].constants, sh->kept_views[1] = r->views[SW_VIEW_MID].constants;
        sh->kept_switches = p->switches;
        sh->kept_time = r->frame.time;
        sh->kept_features = r->config.features;
        sh->kept_serial = render_resource_serial(r, RES_SHADOW) + render_resource_serial(r, RES_SHADOW_CASTERS);
    }
}

uint32_t render_taa_content(const sward_renderer *r)
{
    return (r->plan.switches.no_grass ? 1u : 0u) | (r->plan.switches.no_cull ? 2u : 0u) | (r->plan.switches.no_lod_fade ? 4u : 0u) | (r->plan.switches.no_fade ? 8u : 0u) |
           (r->plan.switches.no_morph ? 16u : 0u);
}

void render_taa_keep(sward_renderer *r)
{
    render_taa *t = &r->taa;
    const render_view *v = &r->views[0];
    t->valid = true;
    t->width = r->config.width;
    t->height = r->config.height;
    t->content = render_taa_content(r);
    t->constants = r->frame;
    t->constants.frame_index = 0;
    t->constants.tile_count = 0; /* as render_view_constants sees this frame's: before the tiles are chosen */
    t->constants.asset_count = 0; /* ... and before the assets' clusters */
    t->constants.cluster_count = 0;
    t->constants.cluster_first = 0;
    t->constants.cluster_place = 0;
    t->constants.place_now = 0; /* ... and before the tile cache's batches */
    t->constants.place_ahead = 0;
    memcpy(t->eye, v->vk.eye, sizeof t->eye);
    memcpy(t->view_proj, v->unjittered_view_proj, sizeof t->view_proj);
}

bool render_taa_needs_reset(const sward_renderer *r, const sward_vulkan_view *v)
{
    const render_taa *t = &r->taa;
    if (!t->valid || t->width != v->width || t->height != v->height || t->content != render_taa_content(r))
        return true;
    float d[3] = {v->eye[0] - t->eye[0], v->eye[1] - t->eye[1], v->eye[2] - t->eye[2]};
    return d[0] * d[0] + d[1] * d[1] + d[2] * d[2] > RENDER_TAA_CUT_M * RENDER_TAA_CUT_M;
}
