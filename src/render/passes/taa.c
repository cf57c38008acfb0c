/* taa.c — temporal anti-aliasing of the camera view (SPEC SH8; shaders/taa.comp.glsl): the frame is rendered
 * with a Halton (2, 3) sub-pixel jitter (camera.c) and resolved against the previous frame's resolved image,
 * reprojected from the depth. The two RGBA16F images swap roles every frame (history partners in resources.c): RES_TAA_HISTORY
 * is last frame's RES_TAA, so there is no copy. The history is reset (the frame alone) on the first frame, after
 * a resize and on a camera cut (render_taa_needs_reset); sward_render then renders SWARD_TAA_WARMUP_DEFAULT
 * jittered frames first, so stills are converged. With SW_FEAT_TAA off the images are 1 x 1 and nothing is
 * dispatched (post reads RES_HDR).
 * Reads frame, view, HDR colour, depth, history. Writes the resolved image. Cost: one dispatch of 8 x 8
 * pixels; per pixel 1.6 colour and depth texels (shared memory), 16 history texels, one write. */
#include "render/pass.h"

#include "taa_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    /* the images are resources.c's (RES_TAA and its history partner, 1 x 1 without SW_FEAT_TAA) */
    return render_compute_pipeline(c, sw_spirv_taa_comp, sizeof sw_spirv_taa_comp, "sward.taa", &c->pipes[0], err);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    if (!(c->config->features & SW_FEAT_TAA) || c->view != 0) return;
    render_record_per_pixel(c, cmd); /* the next frame reprojects into this one (render_post keeps its camera) */
}

const render_pass render_pass_taa = {
    .name = "taa",
    .phase = RENDER_PHASE_POST,
    .history = true,
    .use_count = 6,
    .uses = {
        {RES_HDR, GPU_ACCESS_GENERAL_COMPUTE, SW_TAA_HDR, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_TAA_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, RENDER_USE_FRAME_DEPTH},
        {RES_MOTION, GPU_ACCESS_SAMPLED_COMPUTE, SW_TAA_MOTION, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 0},
        {RES_TAA_HISTORY, GPU_ACCESS_GENERAL_COMPUTE, SW_TAA_HISTORY, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
        {RES_TAA, GPU_ACCESS_GENERAL_COMPUTE, SW_TAA_OUT, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, RENDER_USE_DISCARD},
        {RES_EXPOSURE, GPU_ACCESS_COMPUTE_READ, SW_TAA_EXPOSURE, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .record = record,
};
