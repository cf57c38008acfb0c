/* lighting.c — deferred lighting in compute (SPEC SH2-SH7, LS1-LS4; shaders/lighting.comp.glsl), 8 x 8
 * pixels per workgroup: once per pixel, the G-buffer lit by the sun (under its shadows) and the sky, the sky
 * itself where nothing was drawn, and the haze. Compute rather than a full-screen triangle: the H200 ran the
 * same arithmetic about 30x faster in compute than in fragment shaders (few graphics units).
 * Reads frame, views (the shadow cascades'), the G-buffer, depth, the shadow maps; writes the HDR image and the
 * covered-pixel counters. */
#include "render/pass.h"

#include "lighting_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_lighting_comp, sizeof sw_spirv_lighting_comp, "sward.lighting",
                                   &c->pipes[0], err);
}

const render_pass render_pass_lighting = {
    .name = "lighting",
    .phase = RENDER_PHASE_POST,
    .history = true, /* the lit frame the TAA history resolves */
    .use_count = 10,
    .uses = {
        {RES_GBUF_ALBEDO, GPU_ACCESS_SAMPLED_COMPUTE, SW_LIGHT_ALBEDO, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 0},
        {RES_GBUF_NORMAL, GPU_ACCESS_SAMPLED_COMPUTE, SW_LIGHT_NORMAL, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 0},
        {RES_GBUF_MATERIAL, GPU_ACCESS_SAMPLED_COMPUTE, SW_LIGHT_MATERIAL, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 0},
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_LIGHT_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, RENDER_USE_FRAME_DEPTH},
        {RES_HDR, GPU_ACCESS_GENERAL_COMPUTE, SW_LIGHT_HDR, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, RENDER_USE_DISCARD},
        {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_LIGHT_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_SHADOW, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_LIGHT_SHADOW_MAP, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 0},
        {RES_SHADOW_FAR, GPU_ACCESS_COMPUTE_READ, SW_LIGHT_SHADOW_FAR, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_SHADOW_CASTERS, GPU_ACCESS_COMPUTE_READ, SW_LIGHT_SHADOW_CASTERS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_SHADOW_LIT, GPU_ACCESS_COMPUTE_READ, SW_LIGHT_SHADOW_LIT, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .record = render_record_per_pixel,
};
