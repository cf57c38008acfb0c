/* shadow_lit.c — the near and mid ranges' lit-height map (issue 19; SPEC LS2, LS4): a compute pass writing, for
 * each texel of a RENDER_SHADOW_SIZE^2 square around the camera in the sun's horizontal frame (the mid view's
 * lit_*: cascades.c), the lowest height that sees the sun over the ground and over the ground raised by the
 * grass impostor (shaders/shadow_lit.comp.glsl, shared/sw_shadow.h). The lighting reads it in place of the
 * ground and the impostor that the near and mid shadow maps used to rasterise (0.70 and 0.76 ms in got_field
 * on the H200, mostly the 2048^2 fill); the maps keep the casters that are not height fields (blades drawn by
 * the hardware, mesh assets).
 * Reads frame, the mid and far views, heights, maps, materials, RES_SHADOW_FAR (each row starts from the far
 * lit heights beyond the square). Writes RES_SHADOW_LIT. One workgroup of 256 threads per row. */
#include "render/pass.h"

#include "shadow_lit_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    if (!c->plan->shadows) return SWARD_OK;
    return render_compute_pipeline(c, sw_spirv_shadow_lit_comp, sizeof sw_spirv_shadow_lit_comp, "sward.shadow_lit",
                                   &c->pipes[0], err);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, NULL);
    vkCmdDispatch(cmd, c->plan->view[SW_VIEW_MID]->lit_size, 1, 1);
}

/* Not when the map holds this frame's already (plan.c: a still's next frame; the mid view holds its square). */
static bool active(const render_plan *p)
{
    return p->shadows && !p->shadows_kept;
}

const render_pass render_pass_shadow_lit = {
    .name = "shadow_lit",
    .phase = RENDER_PHASE_SHADOW,
    .view = SW_VIEW_MID,
    .use_count = 2,
    .uses = {
        {RES_SHADOW_LIT, GPU_ACCESS_COMPUTE_WRITE, SW_SHADOW_LIT_OUT, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, true},
        {RES_SHADOW_FAR, GPU_ACCESS_COMPUTE_READ, SW_SHADOW_LIT_FAR, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
    },
    .create = create,
    .record = record,
    .active = active,
};
