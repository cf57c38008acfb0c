/* descriptors.c — descriptor set layouts, pipeline layouts, pools and writes: the small helpers the passes
 * build their set 1 with (src/render/graph.c), each object named for the validation layer. */
#include "gpu/gpu.h"

sward_result gpu_set_layout_create(gpu_device *dev, const VkDescriptorSetLayoutBinding *bindings, uint32_t count,
                                   const char *name, VkDescriptorSetLayout *out, sward_error *err)
{
    VkDescriptorSetLayoutCreateInfo li = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = count,
        .pBindings = bindings,
    };
    GPU_TRY(vkCreateDescriptorSetLayout(dev->device, &li, NULL, out));
    gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, (uint64_t)*out, name);
    return SWARD_OK;
}

sward_result gpu_pipeline_layout_create(gpu_device *dev, const VkDescriptorSetLayout *sets, uint32_t set_count,
                                        uint32_t push_bytes, const char *name, VkPipelineLayout *out,
                                        sward_error *err)
{
    VkPushConstantRange push = {VK_SHADER_STAGE_ALL, 0, push_bytes};
    VkPipelineLayoutCreateInfo pi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = set_count,
        .pSetLayouts = sets,
        .pushConstantRangeCount = push_bytes ? 1u : 0u,
        .pPushConstantRanges = &push,
    };
    GPU_TRY(vkCreatePipelineLayout(dev->device, &pi, NULL, out));
    gpu_name(dev, VK_OBJECT_TYPE_PIPELINE_LAYOUT, (uint64_t)*out, name);
    return SWARD_OK;
}

sward_result gpu_sets_allocate(gpu_device *dev, VkDescriptorSetLayout layout,
                               const VkDescriptorSetLayoutBinding *bindings, uint32_t binding_count, uint32_t count,
                               const char *name, VkDescriptorPool *pool, VkDescriptorSet *sets, sward_error *err)
{
    VkDescriptorPoolSize sizes[8];
    uint32_t nsizes = 0;
    for (uint32_t i = 0; i < binding_count; i++) {
        uint32_t k = 0;
        while (k < nsizes && sizes[k].type != bindings[i].descriptorType) k++;
        if (k == nsizes) {
            if (nsizes == 8) return core_fail(err, SWARD_ERROR_VULKAN, "%s: too many descriptor types", name);
            sizes[nsizes++] = (VkDescriptorPoolSize){bindings[i].descriptorType, 0};
        }
        sizes[k].descriptorCount += bindings[i].descriptorCount * count;
    }
    VkDescriptorPoolCreateInfo pi = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = count,
        .poolSizeCount = nsizes,
        .pPoolSizes = sizes,
    };
    GPU_TRY(vkCreateDescriptorPool(dev->device, &pi, NULL, pool));
    gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_POOL, (uint64_t)*pool, name);
    for (uint32_t i = 0; i < count; i++) {
        VkDescriptorSetAllocateInfo ai = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
            .descriptorPool = *pool,
            .descriptorSetCount = 1,
            .pSetLayouts = &layout,
        };
        GPU_TRY(vkAllocateDescriptorSets(dev->device, &ai, &sets[i]));
        gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_SET, (uint64_t)sets[i], name);
    }
    return SWARD_OK;
}

void gpu_write_buffer(gpu_device *dev, VkDescriptorSet set, uint32_t binding, VkDescriptorType type,
                      const gpu_buffer *b)
{
    VkDescriptorBufferInfo bi = {b->buffer, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet w = {
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = set,
        .dstBinding = binding,
        .descriptorCount = 1,
        .descriptorType = type,
        .pBufferInfo = &bi,
    };
    vkUpdateDescriptorSets(dev->device, 1, &w, 0, NULL);
}

void gpu_write_image(gpu_device *dev, VkDescriptorSet set, uint32_t binding, VkDescriptorType type,
                     VkImageView view, VkImageLayout layout, VkSampler sampler)
{
    VkDescriptorImageInfo ii = {sampler, view, layout};
    VkWriteDescriptorSet w = {
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = set,
        .dstBinding = binding,
        .descriptorCount = 1,
        .descriptorType = type,
        .pImageInfo = &ii,
    };
    vkUpdateDescriptorSets(dev->device, 1, &w, 0, NULL);
}
