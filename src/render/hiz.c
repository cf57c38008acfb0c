/* hiz.c — the hierarchical depth pyramid for occlusion culling (SPEC SC3; two-phase culling as in the 003
 * post and niagara, occluders first). The terrain is drawn first; its depth is reduced into a min/max
 * pyramid (shaders/hiz.inc.glsl: a storage buffer, level 0 half the render size) which the placement then
 * tests each blade's box against. Reads depth; writes the pyramid.
 * Cost: about 1.3 x (width x height / 4) texels written, one dispatch per level. */
#include "render/render.h"

#include "hiz_init_comp.h"
#include "hiz_reduce_comp.h"

typedef struct hiz_push {
    int32_t size0[2];
    int32_t level;
} hiz_push;

/* The same sizes as hiz_size in shaders/hiz.inc.glsl. */
static uint32_t level_size(uint32_t size0, uint32_t level)
{
    uint32_t s = size0 >> level;
    return s ? s : 1;
}

sward_result render_hiz_create(sward_renderer *r, sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    /* Embedded renderers have no depth of their own to reduce: a one-texel pyramid that is never read. */
    uint32_t w0 = r->standalone ? (r->width + 1) / 2 : 1, h0 = r->standalone ? (r->height + 1) / 2 : 1;
    uint32_t levels = 1;
    while ((w0 >> levels) || (h0 >> levels)) levels++;
    r->hiz_levels = levels;
    VkDeviceSize texels = 0;
    for (uint32_t l = 0; l < levels; l++) texels += (VkDeviceSize)level_size(w0, l) * level_size(h0, l);
    sward_result res = gpu_buffer_create(dev, &r->hiz_buf, texels * 2 * sizeof(float),
                                         VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         GPU_MEMORY_DEVICE, "sward.hiz", err);
    if (res != SWARD_OK || !r->standalone) return res;

    VkDescriptorSetLayoutBinding b[2] = {
        {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
    };
    VkDescriptorSetLayoutCreateInfo li = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 2, .pBindings = b};
    GPU_TRY(vkCreateDescriptorSetLayout(dev->device, &li, NULL, &r->hiz_set_layout));
    gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, (uint64_t)r->hiz_set_layout, "sward.hiz_set_layout");
    VkPushConstantRange push = {VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(hiz_push)};
    VkPipelineLayoutCreateInfo pli = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
                                      .pSetLayouts = &r->hiz_set_layout, .pushConstantRangeCount = 1,
                                      .pPushConstantRanges = &push};
    GPU_TRY(vkCreatePipelineLayout(dev->device, &pli, NULL, &r->hiz_layout));
    gpu_name(dev, VK_OBJECT_TYPE_PIPELINE_LAYOUT, (uint64_t)r->hiz_layout, "sward.hiz_pipeline_layout");
    if ((res = gpu_compute_pipeline(dev, r->hiz_layout, sw_spirv_hiz_init_comp, sizeof sw_spirv_hiz_init_comp,
                                    "sward.hiz_init", &r->hiz_init_pipe, err)))
        return res;
    if ((res = gpu_compute_pipeline(dev, r->hiz_layout, sw_spirv_hiz_reduce_comp, sizeof sw_spirv_hiz_reduce_comp,
                                    "sward.hiz_reduce", &r->hiz_reduce_pipe, err)))
        return res;
    VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1},
                                    {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1}};
    VkDescriptorPoolCreateInfo pi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
                                     .poolSizeCount = 2, .pPoolSizes = sizes};
    GPU_TRY(vkCreateDescriptorPool(dev->device, &pi, NULL, &r->hiz_pool));
    gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_POOL, (uint64_t)r->hiz_pool, "sward.hiz_pool");
    VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = r->hiz_pool, .descriptorSetCount = 1,
                                      .pSetLayouts = &r->hiz_set_layout};
    GPU_TRY(vkAllocateDescriptorSets(dev->device, &ai, &r->hiz_set));
    gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_SET, (uint64_t)r->hiz_set, "sward.hiz_set");
    VkDescriptorImageInfo depth = {r->sampler, r->depth.view, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
    VkDescriptorBufferInfo pyramid = {r->hiz_buf.buffer, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet writes[2] = {
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->hiz_set, .dstBinding = 0, .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, .pImageInfo = &depth},
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->hiz_set, .dstBinding = 1, .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &pyramid},
    };
    vkUpdateDescriptorSets(dev->device, 2, writes, 0, NULL);
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
    gpu_buffer_destroy(dev, &r->hiz_buf);
}

/* Depth must be readable by compute (DEPTH_READ_COMPUTE) when this runs. */
void render_hiz_build(sward_renderer *r, VkCommandBuffer cmd)
{
    uint32_t w0 = (r->width + 1) / 2, h0 = (r->height + 1) / 2;
    hiz_push push = {{(int32_t)w0, (int32_t)h0}, 0};
    /* The last frame's placement read the pyramid: order that before these writes. */
    gpu_barrier_buffer(cmd, &r->hiz_buf, GPU_ACCESS_COMPUTE_READ, GPU_ACCESS_COMPUTE_WRITE);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->hiz_layout, 0, 1, &r->hiz_set, 0, NULL);
    for (uint32_t l = 0; l < r->hiz_levels; l++) {
        if (l) gpu_barrier_buffer(cmd, &r->hiz_buf, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_COMPUTE_READ_WRITE);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, l ? r->hiz_reduce_pipe : r->hiz_init_pipe);
        push.level = (int32_t)l;
        vkCmdPushConstants(cmd, r->hiz_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
        uint32_t w = level_size(w0, l), h = level_size(h0, l);
        vkCmdDispatch(cmd, (w + 7) / 8, (h + 7) / 8, 1);
    }
    gpu_barrier_buffer(cmd, &r->hiz_buf, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_COMPUTE_READ);
}
