/* shadow_far.c — the far sun-shadow cascade (SPEC LS2; HZD "Shadow Casting"'s distant height-field cascade):
 * a compute pass writing, for each texel of a square of ~1.5 km around the camera (views[SW_VIEW_FAR]: snapped
 * to RENDER_SHADOW_FAR_SNAP texels, clamped to the terrain), the lowest height that sees the sun over the
 * terrain (shared/sw_shadow.h). Cached: it runs only when the square moves or the sun turns (far_key), which
 * a camera crossing the meadow causes every ~100 m; its state's `updates` counts the runs.
 * Reads frame, the far view, heights. Writes RES_SHADOW_FAR. Cost per run: texels^2 x steps, steps = the
 * terrain's height range / (tan(sun elevation) x texel) (at most SW_LIT_MAX_STEPS); none otherwise. */
#include "render/pass.h"

#include "shadow_far_comp.h"

#include <string.h>

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_shadow_far_comp, sizeof sw_spirv_shadow_far_comp,
                                   "sward.shadow_far", &c->pipes[0], err);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    render_shadow_far_state *sh = c->state;
    const sw_view *f = c->work->view[c->view];
    const float *sun = c->scene->sun.direction;
    float key[5] = {f->shadow_x0, f->shadow_z0, sun[0], sun[1], sun[2]};
    if (sh->valid && memcmp(key, sh->key, sizeof key) == 0) return;
    memcpy(sh->key, key, sizeof key);
    sh->valid = true;
    sh->updates++;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, NULL);
    vkCmdDispatch(cmd, (f->width + 7) / 8, (f->height + 7) / 8, 1);
}

const render_pass render_pass_shadow_far = {
    .name = "shadow_far",
    .phase = RENDER_PHASE_SHADOW,
    .view = SW_VIEW_FAR,
    .state_size = sizeof(render_shadow_far_state),
    .use_count = 1,
    .uses = {
        /* not discarded: a frame that does not recompute it keeps the last one */
        {RES_SHADOW_FAR, GPU_ACCESS_COMPUTE_WRITE, SW_SHADOW_FAR_OUT, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .needs = RENDER_NEEDS_SHADOWS,
    .record = record,
};
