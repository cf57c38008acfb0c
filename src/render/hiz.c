/* hiz.c — the hierarchical depth pyramid for occlusion culling (SPEC SC3; two-phase culling in the manner of
 * the 003 post and niagara: occluders first). The terrain is drawn first; its depth is reduced into a
 * min/max pyramid (RG32F: r the farthest, g the nearest depth, reverse-Z) whose level 0 is half the render
 * size; the placement then tests each blade's box against it. Reads depth; writes the pyramid.
 * Cost: about 1.3 x (width x height / 4) texels written, one dispatch per level. */
#include "render/render.h"

#include "hiz_init_comp.h"
#include "hiz_reduce_comp.h"

#include <string.h>

#define HIZ_FORMAT VK_FORMAT_R32G32_SFLOAT

/* Level 0 is half the render size, rounded up; further levels follow Vulkan's mip sizes (halved, rounded
 * down; the shaders fold the odd texel into the last one). */
static uint32_t level_size(uint32_t full, uint32_t level)
{
    uint32_t s = ((full + 1) / 2) >> level;
    return s ? s : 1;
}

sward_result render_hiz_create(sward_renderer *r, sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    uint32_t w = level_size(r->standalone ? r->width : 1, 0), h = level_size(r->standalone ? r->height : 1, 0);
    uint32_t levels = 1;
    while ((w >> levels) || (h >> levels)) levels++;
    r->hiz_levels = levels;
    sward_result res = gpu_image_create_levels(dev, &r->hiz, HIZ_FORMAT, w, h, levels,
                                               VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                                                   VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                               "sward.hiz", err);
    if (res != SWARD_OK) return res;
    VkSamplerCreateInfo si = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
        .magFilter = VK_FILTER_NEAREST,
        .minFilter = VK_FILTER_NEAREST,
        .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
        .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .maxLod = (float)levels,
    };
    GPU_TRY(vkCreateSampler(dev->device, &si, NULL, &r->hiz_sampler));
    gpu_name(dev, VK_OBJECT_TYPE_SAMPLER, (uint64_t)r->hiz_sampler, "sward.hiz_sampler");

    /* The pyramid starts cleared to depth 0 ("nothing occludes") in GENERAL, the layout it always has. */
    VkCommandBuffer cmd;
    if ((res = gpu_begin_once(dev, &cmd, err))) return res;
    gpu_barrier_image(cmd, &r->hiz, GPU_ACCESS_NONE, GPU_ACCESS_TRANSFER_WRITE);
    VkClearColorValue zero = {{0.0f, 0.0f, 0.0f, 0.0f}};
    VkImageSubresourceRange all = {VK_IMAGE_ASPECT_COLOR_BIT, 0, VK_REMAINING_MIP_LEVELS, 0, 1};
    vkCmdClearColorImage(cmd, r->hiz.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &zero, 1, &all);
    gpu_barrier_image(cmd, &r->hiz, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_GENERAL_COMPUTE);
    if ((res = gpu_submit_wait(dev, cmd, err))) return res;
    if (!r->standalone) return SWARD_OK;

    /* Building it (standalone): one small descriptor set per level. */
    VkDescriptorSetLayoutBinding b[3] = {
        {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {2, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
    };
    VkDescriptorSetLayoutCreateInfo li = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 3, .pBindings = b};
    GPU_TRY(vkCreateDescriptorSetLayout(dev->device, &li, NULL, &r->hiz_set_layout));
    gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, (uint64_t)r->hiz_set_layout, "sward.hiz_set_layout");
    VkPipelineLayoutCreateInfo pli = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1, .pSetLayouts = &r->hiz_set_layout};
    GPU_TRY(vkCreatePipelineLayout(dev->device, &pli, NULL, &r->hiz_layout));
    gpu_name(dev, VK_OBJECT_TYPE_PIPELINE_LAYOUT, (uint64_t)r->hiz_layout, "sward.hiz_pipeline_layout");
    if ((res = gpu_compute_pipeline(dev, r->hiz_layout, sw_spirv_hiz_init_comp, sizeof sw_spirv_hiz_init_comp,
                                    "sward.hiz_init", &r->hiz_init_pipe, err)))
        return res;
    if ((res = gpu_compute_pipeline(dev, r->hiz_layout, sw_spirv_hiz_reduce_comp, sizeof sw_spirv_hiz_reduce_comp,
                                    "sward.hiz_reduce", &r->hiz_reduce_pipe, err)))
        return res;
    VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, levels},
                                    {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 2 * levels}};
    VkDescriptorPoolCreateInfo pi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = levels,
                                     .poolSizeCount = 2, .pPoolSizes = sizes};
    GPU_TRY(vkCreateDescriptorPool(dev->device, &pi, NULL, &r->hiz_pool));
    gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_POOL, (uint64_t)r->hiz_pool, "sward.hiz_pool");
    for (uint32_t l = 0; l < levels; l++) {
        VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                          .descriptorPool = r->hiz_pool, .descriptorSetCount = 1,
                                          .pSetLayouts = &r->hiz_set_layout};
        GPU_TRY(vkAllocateDescriptorSets(dev->device, &ai, &r->hiz_sets[l]));
        gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_SET, (uint64_t)r->hiz_sets[l], "sward.hiz_level");
        VkImageView one = levels > 1 ? r->hiz.level_views[l] : r->hiz.view;
        VkImageView below = l ? r->hiz.level_views[l - 1] : one;
        VkDescriptorImageInfo depth = {r->sampler, r->depth.view, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
        VkDescriptorImageInfo src = {VK_NULL_HANDLE, below, VK_IMAGE_LAYOUT_GENERAL};
        VkDescriptorImageInfo dst = {VK_NULL_HANDLE, one, VK_IMAGE_LAYOUT_GENERAL};
        VkWriteDescriptorSet writes[3] = {
            {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->hiz_sets[l], .dstBinding = 0,
             .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, .pImageInfo = &depth},
            {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->hiz_sets[l], .dstBinding = 1,
             .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, .pImageInfo = &src},
            {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->hiz_sets[l], .dstBinding = 2,
             .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, .pImageInfo = &dst},
        };
        vkUpdateDescriptorSets(dev->device, 3, writes, 0, NULL);
    }
    return SWARD_OK;
}

void render_hiz_destroy(sward_renderer *r)
{
    gpu_device *dev = &r->ctx->dev;
    if (r->hiz_init_pipe) vkDestroyPipeline(dev->device, r->hiz_init_pipe, NULL);
    if (r->hiz_reduce_pipe) vkDestroyPipeline(dev->device, r->hiz_reduce_pipe, NULL);
    if (r->hiz_pool) vkDestroyDescriptorPool(dev->device, r->hiz_pool, NULL);
    if (r->hiz_layout) vkDestroyPipelineLayout(dev->device, r->hiz_layout, NULL);
    if (r->hiz_set_layout) vkDestroyDescriptorSetLayout(dev->device, r->hiz_set_layout, NULL);
    if (r->hiz_sampler) vkDestroySampler(dev->device, r->hiz_sampler, NULL);
    gpu_image_destroy(dev, &r->hiz);
}

/* Depth must be readable by compute (DEPTH_READ_COMPUTE) when this runs. */
void render_hiz_build(sward_renderer *r, VkCommandBuffer cmd)
{
    /* The last frame's placement sampled the pyramid: order that before these writes. */
    gpu_barrier_image(cmd, &r->hiz, GPU_ACCESS_GENERAL_COMPUTE, GPU_ACCESS_GENERAL_COMPUTE);
    for (uint32_t l = 0; l < r->hiz_levels; l++) {
        if (l) gpu_barrier_image(cmd, &r->hiz, GPU_ACCESS_GENERAL_COMPUTE, GPU_ACCESS_GENERAL_COMPUTE);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, l ? r->hiz_reduce_pipe : r->hiz_init_pipe);
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->hiz_layout, 0, 1, &r->hiz_sets[l], 0, NULL);
        uint32_t w = level_size(r->width, l), h = level_size(r->height, l);
        vkCmdDispatch(cmd, (w + 7) / 8, (h + 7) / 8, 1);
    }
    gpu_barrier_image(cmd, &r->hiz, GPU_ACCESS_GENERAL_COMPUTE, GPU_ACCESS_GENERAL_COMPUTE);
}
