/* bloom.c — HDR bloom (SPEC PO3; Frictional "HDR Bloom": a bright pass removes the pixels below the white
 * point and scales down those above it, the result is blurred and added to the image before the tone map;
 * the chain of Jimenez, "Next Generation Post Processing in Call of Duty: Advanced Warfare", 2014).
 *   bright   level 0 (half resolution): mean over 2 x 2 pixels of max(c exposure - white, 0)
 *   down     levels 1 .. SW_BLOOM_LEVELS - 1: 2 x 2 box
 *   up       levels SW_BLOOM_LEVELS - 2 .. 0: += the coarser level through a 3 x 3 tent
 * Post adds SW_BLOOM_STRENGTH (0.5) x level 0 / SW_BLOOM_LEVELS (energy-preserving: each level keeps the
 * bright light's mean), divided by the exposure, to the radiance before the tone map. Nothing above the
 * white point: every level is exactly 0 and the image is the same as without bloom. With SW_FEAT_BLOOM off
 * nothing is dispatched (a one-texel chain keeps post's binding valid).
 * The chain is a buffer like the Hi-Z pyramid (4 halves per texel): one binding for every level.
 * Reads frame, view, the resolved image (TAA) or the lit HDR colour. Writes the chain.
 * Cost: 2 SW_BLOOM_LEVELS - 1 = 11 dispatches; texels written about 1.33 x a quarter of the pixels, twice. */
#include "render/pass.h"
#include "shared/sw_pyramid.h"

#include "bloom_bright_comp.h"
#include "bloom_down_comp.h"
#include "bloom_up_comp.h"

/* The chain's sizes are shaders/shared/sw_pyramid.h's, as bloom_level in shaders/bloom.inc.glsl sees them. */
static VkDeviceSize chain_texels(uint32_t width, uint32_t height)
{
    return (VkDeviceSize)sw_bloom_offset(sw_half_up((int)width), sw_half_up((int)height), (int)SW_BLOOM_LEVELS);
}

static void level_size(uint32_t width, uint32_t height, uint32_t level, uint32_t *w, uint32_t *h)
{
    *w = (uint32_t)sw_bloom_side(sw_half_up((int)width), (int)level);
    *h = (uint32_t)sw_bloom_side(sw_half_up((int)height), (int)level);
}

static sward_result resize(render_pass_ctx *c, sward_error *err)
{
    bool on = (c->config->features & SW_FEAT_BLOOM) != 0;
    VkDeviceSize bytes = (on ? chain_texels(c->config->width, c->config->height) : 1u) * 2u * sizeof(uint32_t);
    const gpu_buffer *chain = render_pass_buffer(c, RES_BLOOM);
    if (chain->buffer && chain->size == bytes) return SWARD_OK;
    return render_pass_buffer_replace(c, RES_BLOOM, 0, bytes, err);
}

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    sward_result res;
    if ((res = render_compute_pipeline(c, sw_spirv_bloom_bright_comp, sizeof sw_spirv_bloom_bright_comp,
                                       "sward.bloom_bright", &c->pipes[0], err)) ||
        (res = render_compute_pipeline(c, sw_spirv_bloom_down_comp, sizeof sw_spirv_bloom_down_comp,
                                       "sward.bloom_down", &c->pipes[1], err)) ||
        (res = render_compute_pipeline(c, sw_spirv_bloom_up_comp, sizeof sw_spirv_bloom_up_comp,
                                       "sward.bloom_up", &c->pipes[2], err)))
        return res;
    return resize(c, err);
}

static void dispatch_level(VkCommandBuffer cmd, const render_config *p, uint32_t level)
{
    uint32_t w, h;
    level_size(p->width, p->height, level, &w, &h);
    vkCmdDispatch(cmd, (w + 7) / 8, (h + 7) / 8, 1);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    if (!(c->config->features & SW_FEAT_BLOOM) || c->view != 0) return;
    gpu_buffer *chain = render_pass_buffer(c, RES_BLOOM);
    sw_push push = {.view = c->view};
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, &push);
    dispatch_level(cmd, c->config, 0);
    /* each dispatch reads what the one before wrote: the only barriers inside the pass, on its own chain */
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[1]);
    for (uint32_t l = 0; l + 1 < SW_BLOOM_LEVELS; l++) {
        gpu_barrier_buffer(cmd, chain, GPU_ACCESS_COMPUTE_READ_WRITE, GPU_ACCESS_COMPUTE_READ_WRITE);
        push.level = l;
        vkCmdPushConstants(cmd, c->layout, VK_SHADER_STAGE_ALL, 0, sizeof push, &push);
        dispatch_level(cmd, c->config, l + 1);
    }
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[2]);
    for (uint32_t l = SW_BLOOM_LEVELS - 1; l-- > 0;) {
        gpu_barrier_buffer(cmd, chain, GPU_ACCESS_COMPUTE_READ_WRITE, GPU_ACCESS_COMPUTE_READ_WRITE);
        push.level = l;
        vkCmdPushConstants(cmd, c->layout, VK_SHADER_STAGE_ALL, 0, sizeof push, &push);
        dispatch_level(cmd, c->config, l);
    }
}

const render_pass render_pass_bloom = {
    .name = "bloom",
    .phase = RENDER_PHASE_POST,
    .use_count = 4,
    .uses = {
        {RES_HDR, GPU_ACCESS_GENERAL_COMPUTE, SW_BLOOM_HDR, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
        {RES_TAA, GPU_ACCESS_GENERAL_COMPUTE, SW_BLOOM_TAA, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
        {RES_BLOOM, GPU_ACCESS_COMPUTE_READ_WRITE, SW_BLOOM_CHAIN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_EXPOSURE, GPU_ACCESS_COMPUTE_READ, SW_BLOOM_EXPOSURE, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .resize = resize,
    .record = record,
};
