/* hdr_out.c — the linear HDR frame before the tone map, for sward_render_hdr (shaders/hdr_out.comp.glsl):
 * what post tone-maps (the TAA's resolved image, or the lit HDR colour without TAA, plus the bloom; before
 * exposure, the filmic curve and sRGB), as RGBA32F in RES_HDR_OUT, which standalone.c copies to the frame
 * slot's read-back. Runs only in a frame that asks for it (render_plan.hdr_out), so other frames cost nothing;
 * the buffer exists only once a frame has asked (render_hdr_out_ensure, standalone.c). 8 x 8 pixels per workgroup. */
#include "render/pass.h"

#include "hdr_out_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_hdr_out_comp, sizeof sw_spirv_hdr_out_comp, "sward.hdr_out",
                                   &c->pipes[0], err);
}

static bool active(const render_plan *p, const render_work *w)
{
    return (void)w, p->hdr_out;
}

const render_pass render_pass_hdr_out = {
    .name = "hdr_out",
    .phase = RENDER_PHASE_POST,
    .needs = RENDER_NEEDS_STANDALONE, /* sward_render's own read-back: not part of a host's frame */
    .use_count = 5,
    .uses = {
        {RES_HDR, GPU_ACCESS_GENERAL_COMPUTE, SW_HDR_OUT_HDR, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
        {RES_TAA, GPU_ACCESS_GENERAL_COMPUTE, SW_HDR_OUT_TAA, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
        {RES_BLOOM, GPU_ACCESS_COMPUTE_READ, SW_HDR_OUT_BLOOM, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_EXPOSURE, GPU_ACCESS_COMPUTE_READ, SW_HDR_OUT_EXPOSURE, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_HDR_OUT, GPU_ACCESS_COMPUTE_WRITE, SW_HDR_OUT_PIXELS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, RENDER_USE_DISCARD},
    },
    .create = create,
    .record = render_record_per_pixel,
    .active = active,
};
