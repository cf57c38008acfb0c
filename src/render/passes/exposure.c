/* exposure.c — auto exposure (SPEC PO4; Frictional "Exposure"; shaders/shared/sw_exposure.h): after TAA, before
 * the bloom's bright pass and the tone map that multiply by it,
 *   histogram  the frame's log2 luminance by 2 x 2 blocks, centre- and surface-weighted, 16 x 16 blocks a
 *              workgroup into shared bins, then one global atomic per bin (shaders/exposure_histogram.comp.glsl);
 *   adapt      one workgroup: the bins into shared memory, then one thread: the percentile mean, the target EV,
 *              one adaptation step (exposure_adapt.comp.glsl).
 * The state (sw_exposure_state, RES_EXPOSURE) stays from frame to frame: the adapted EV the next frame steps
 * from, which TAA weighs its samples with. Runs where render.exposure is "auto" (SW_FLAG_AUTO_EXPOSURE), in a still's
 * warm-up frames too (each takes its target, dt 0: the next frame's TAA weighs at the still's exposure).
 * Reads frame, view, the resolved image (TAA) or the lit HDR colour, the frame's depth (sky or surface). Writes the
 * state.
 * Cost: a read of every pixel and 128 shared atomics per 256 pixels; one 128-bin loop. */
#include "render/pass.h"

#include "exposure_adapt_comp.h"
#include "exposure_histogram_comp.h"

#include <stddef.h>

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    sward_result res;
    if ((res = render_pass_buffer_replace(c, RES_EXPOSURE, 0, sizeof(sw_exposure_state), err)) ||
        (res = render_compute_pipeline(c, sw_spirv_exposure_histogram_comp, sizeof sw_spirv_exposure_histogram_comp,
                                       "sward.exposure_histogram", &c->pipes[0], err)))
        return res;
    return render_compute_pipeline(c, sw_spirv_exposure_adapt_comp, sizeof sw_spirv_exposure_adapt_comp,
                                   "sward.exposure_adapt", &c->pipes[1], err);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    gpu_buffer *state = render_pass_buffer(c, RES_EXPOSURE);
    /* this frame's histogram from zero; the adapted EV before it is kept */
    render_pass_access(c, cmd, RES_EXPOSURE, GPU_ACCESS_TRANSFER_WRITE, false);
    vkCmdFillBuffer(cmd, state->buffer, offsetof(sw_exposure_state, histogram), SW_EXPOSURE_BINS * sizeof(uint32_t),
                    0);
    render_pass_access(c, cmd, RES_EXPOSURE, GPU_ACCESS_COMPUTE_READ_WRITE, false);
    sw_push push = {.view = c->view};
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, &push);
    const uint32_t block = 2u * SW_EXPOSURE_GROUP; /* pixels a workgroup covers per side */
    vkCmdDispatch(cmd, (c->config->width + block - 1) / block, (c->config->height + block - 1) / block, 1);
    gpu_barrier_buffer(cmd, state, GPU_ACCESS_COMPUTE_READ_WRITE, GPU_ACCESS_COMPUTE_READ_WRITE);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[1]);
    vkCmdDispatch(cmd, 1, 1, 1);
}

static bool active(const render_plan *p, const render_work *w) { return (void)w, p->auto_exposure; }

const render_pass render_pass_exposure = {
    .name = "exposure",
    .phase = RENDER_PHASE_POST,
    .use_count = 4,
    .uses = {
        {RES_HDR, GPU_ACCESS_GENERAL_COMPUTE, SW_EXPOSURE_HDR, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
        {RES_TAA, GPU_ACCESS_GENERAL_COMPUTE, SW_EXPOSURE_TAA, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
        {RES_EXPOSURE, GPU_ACCESS_COMPUTE_READ_WRITE, SW_EXPOSURE_OUT, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_EXPOSURE_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
         RENDER_USE_FRAME_DEPTH},
    },
    .inside_count = 1,
    .inside = {{RES_EXPOSURE, GPU_ACCESS_TRANSFER_WRITE, -1, 0, 0}}, /* the histogram cleared first */
    .create = create,
    .record = record,
    .active = active,
    .history = true, /* the exposure the warm-up's TAA weighs with */
};
