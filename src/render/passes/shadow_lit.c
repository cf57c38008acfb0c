/* shadow_lit.c — the near and mid ranges' lit-height map (SPEC LS2, LS4): a compute pass writing, for
 * each texel of a RENDER_SHADOW_SIZE^2 square around the camera in the sun's horizontal frame (the mid view's
 * lit_*: cascades.c), the lowest height that sees the sun over the ground and over the ground raised by the
 * grass impostor (shaders/shadow_lit.comp.glsl, shared/sw_shadow.h). The lighting reads it in place of the
 * ground and the impostor that the near and mid shadow maps used to rasterise (0.70 and 0.76 ms in got_field
 * on the H200, mostly the 2048^2 fill); the maps keep the casters that are not height fields (blades drawn by
 * the hardware, mesh assets).
 * Cached: it runs only when its snapped origin moves (RENDER_SHADOW_LIT_SNAP texels: 5 m), the sun turns, the
 * far map moves or a streamed world uploads heights or maps (render_shadow_lit_key); its state's `updates`
 * counts the runs. Reads frame, the mid and far views, heights, maps, materials, RES_SHADOW_FAR (each row starts
 * from the far lit heights beyond the square). Writes RES_SHADOW_LIT. One workgroup of 256 threads per row:
 * 0.07 ms on the H200 at 2048^2. */
#include "render/pass.h"

#include "shadow_lit_comp.h"

#include <string.h>

/* shadow_lit.comp.glsl: 256 threads a row, at most 8 texels each (its MAX_PER) */
_Static_assert(RENDER_SHADOW_SIZE <= 256u * 8u, "the lit-height map's rows fit shadow_lit.comp.glsl's threads");

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_shadow_lit_comp, sizeof sw_spirv_shadow_lit_comp, "sward.shadow_lit",
                                   &c->pipes[0], err);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    render_shadow_lit_state *st = c->state;
    const sw_view *m = c->work->view[SW_VIEW_MID], *f = c->work->view[SW_VIEW_FAR];
    const float *sun = c->scene->sun.direction;
    render_shadow_lit_key key;
    memset(&key, 0, sizeof key); /* padding too: the key is compared by its bytes */
    key.origin[0] = m->lit_u0, key.origin[1] = m->lit_v0;
    memcpy(key.sun, sun, sizeof key.sun);
    key.far_origin[0] = f->shadow_x0, key.far_origin[1] = f->shadow_z0;
    key.world_uploads = c->work->world_uploads;
    if (st->valid && memcmp(&key, &st->key, sizeof key) == 0) return;
    st->key = key;
    st->valid = true;
    st->updates++;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, NULL);
    vkCmdDispatch(cmd, c->work->view[SW_VIEW_MID]->lit_size, 1, 1);
}

/* Not when the shadow map is kept (plan.c: a still's next frame), which keeps this map too. */
static bool active(const render_plan *p, const render_work *w)
{
    return (void)w, p->shadows && !p->shadows_kept;
}

const render_pass render_pass_shadow_lit = {
    .name = "shadow_lit",
    .phase = RENDER_PHASE_SHADOW,
    .view = SW_VIEW_MID,
    .state_size = sizeof(render_shadow_lit_state),
    .use_count = 2,
    .uses = {
        /* not discarded: a frame that does not compute it keeps the last one */
        {RES_SHADOW_LIT, GPU_ACCESS_COMPUTE_WRITE, SW_SHADOW_LIT_OUT, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_SHADOW_FAR, GPU_ACCESS_COMPUTE_READ, SW_SHADOW_LIT_FAR, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .record = record,
    .needs = RENDER_NEEDS_SHADOWS,
    .active = active,
};
