/* post.c — bloom, exposure, filmic tone map and sRGB in one compute pass (SPEC PO1, PO2, PO3;
 * shaders/post.comp.glsl), 8 x 8 pixels per workgroup. Compute rather than a full-screen triangle: on GPUs
 * with few graphics units (the H200) the fragment path is the slow one.
 * Reads frame, view, the lit HDR colour (or the TAA's resolved image, SH8), the bloom chain; writes the 8-bit
 * image. Cost: 0.025 ms at 1920x1080 on the H200. */
#include "render/pass.h"

#include "post_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_post_comp, sizeof sw_spirv_post_comp, "sward.post",
                                   &c->pipes[0], err);
}

const render_pass render_pass_post = {
    .name = "post",
    .phase = RENDER_PHASE_POST, /* the standalone frame, or sward_cmd_post with the host's images */
    .use_count = 5,
    .uses = {
        {RES_HDR, GPU_ACCESS_GENERAL_COMPUTE, SW_POST_HDR, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
        {RES_LDR, GPU_ACCESS_GENERAL_COMPUTE, SW_POST_LDR, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, RENDER_USE_DISCARD},
        {RES_TAA, GPU_ACCESS_GENERAL_COMPUTE, SW_POST_TAA, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
        {RES_BLOOM, GPU_ACCESS_COMPUTE_READ, SW_POST_BLOOM, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_EXPOSURE, GPU_ACCESS_COMPUTE_READ, SW_POST_EXPOSURE, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .record = render_record_per_pixel,
};
