/* pipelines.c — shader modules from embedded SPIR-V, compute pipelines, and graphics pipelines for dynamic
 * rendering (no render pass objects; Vulkan 1.3): several colour attachments with optional blending,
 * depth-only pipelines, any depth compare (EQUAL after a depth prime) with or without depth writes, depth
 * bias and clamp (shadow casters), and specialization constants. */
#include "gpu/gpu.h"

sward_result gpu_shader_create(gpu_device *dev, const uint32_t *code, size_t bytes, const char *name,
                               VkShaderModule *out, sward_error *err)
{
    VkShaderModuleCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = bytes,
        .pCode = code,
    };
    GPU_TRY(vkCreateShaderModule(dev->device, &ci, NULL, out));
    gpu_name(dev, VK_OBJECT_TYPE_SHADER_MODULE, (uint64_t)*out, name);
    return SWARD_OK;
}

/* Constant i at byte 4 i: the entries a VkSpecializationInfo needs for a gpu_spec. */
static const VkSpecializationInfo *spec_info(const gpu_spec *s, VkSpecializationMapEntry *entries,
                                             VkSpecializationInfo *info)
{
    if (!s || s->count == 0) return NULL;
    for (uint32_t i = 0; i < s->count && i < GPU_MAX_SPEC; i++)
        entries[i] = (VkSpecializationMapEntry){i, i * (uint32_t)sizeof(uint32_t), sizeof(uint32_t)};
    *info = (VkSpecializationInfo){
        .mapEntryCount = s->count < GPU_MAX_SPEC ? s->count : GPU_MAX_SPEC,
        .pMapEntries = entries,
        .dataSize = (s->count < GPU_MAX_SPEC ? s->count : GPU_MAX_SPEC) * sizeof(uint32_t),
        .pData = s->values,
    };
    return info;
}

sward_result gpu_compute_pipeline(gpu_device *dev, VkPipelineLayout layout, const uint32_t *code, size_t bytes,
                                  const gpu_spec *spec, const char *name, VkPipeline *out, sward_error *err)
{
    VkShaderModule module;
    sward_result r = gpu_shader_create(dev, code, bytes, name, &module, err);
    if (r != SWARD_OK) return r;
    VkSpecializationMapEntry entries[GPU_MAX_SPEC];
    VkSpecializationInfo si;
    VkComputePipelineCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = module,
                  .pName = "main",
                  .pSpecializationInfo = spec_info(spec, entries, &si)},
        .layout = layout,
    };
    VkResult vr = vkCreateComputePipelines(dev->device, VK_NULL_HANDLE, 1, &ci, NULL, out);
    vkDestroyShaderModule(dev->device, module, NULL);
    if (vr != VK_SUCCESS) return gpu_fail(err, vr, "vkCreateComputePipelines", __FILE__, __LINE__);
    gpu_name(dev, VK_OBJECT_TYPE_PIPELINE, (uint64_t)*out, name);
    return SWARD_OK;
}

static VkPipelineColorBlendAttachmentState blend_state(gpu_blend b)
{
    VkPipelineColorBlendAttachmentState s = {.colorWriteMask = 0xf};
    if (b == GPU_BLEND_NONE) return s;
    s.blendEnable = VK_TRUE;
    s.colorBlendOp = VK_BLEND_OP_ADD;
    s.alphaBlendOp = VK_BLEND_OP_ADD;
    if (b == GPU_BLEND_ALPHA) {
        s.srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA;
        s.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
        s.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
        s.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    } else {
        s.srcColorBlendFactor = VK_BLEND_FACTOR_ONE;
        s.dstColorBlendFactor = VK_BLEND_FACTOR_ONE;
        s.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
        s.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
    }
    return s;
}

sward_result gpu_graphics_pipeline(gpu_device *dev, VkPipelineLayout layout, const gpu_graphics_desc *d,
                                   VkPipeline *out, sward_error *err)
{
    if (d->color_count > GPU_MAX_COLOR)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: %u colour attachments (at most %d)", d->name,
                         d->color_count, GPU_MAX_COLOR);
    if (d->color_count && !d->fs)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: colour attachments need a fragment shader", d->name);
    if (d->depth_clamp && !dev->features.depthClamp)
        return core_fail(err, SWARD_ERROR_NO_DEVICE, "%s: depth clamp is not enabled on this device", d->name);
    for (uint32_t i = 1; i < d->color_count; i++)
        if (d->blend[i] != d->blend[0] && !dev->features.independentBlend)
            return core_fail(err, SWARD_ERROR_NO_DEVICE, "%s: blending per attachment (independentBlend) is not enabled",
                             d->name);
    if (d->depth_bias_clamp != 0.0f && !dev->features.depthBiasClamp)
        return core_fail(err, SWARD_ERROR_NO_DEVICE, "%s: depth bias clamp is not enabled on this device", d->name);
    VkShaderModule vs = VK_NULL_HANDLE, fs = VK_NULL_HANDLE;
    sward_result r = gpu_shader_create(dev, d->vs, d->vs_bytes, d->name, &vs, err);
    if (r != SWARD_OK) return r;
    if (d->fs && (r = gpu_shader_create(dev, d->fs, d->fs_bytes, d->name, &fs, err)) != SWARD_OK) {
        vkDestroyShaderModule(dev->device, vs, NULL);
        return r;
    }
    VkSpecializationMapEntry entries[GPU_MAX_SPEC];
    VkSpecializationInfo si;
    const VkSpecializationInfo *spec = spec_info(&d->spec, entries, &si);
    VkPipelineShaderStageCreateInfo stages[2] = {
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_VERTEX_BIT,
         .module = vs, .pName = "main", .pSpecializationInfo = spec},
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
         .module = fs, .pName = "main", .pSpecializationInfo = spec},
    };
    VkPipelineVertexInputStateCreateInfo vin = {.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    VkPipelineInputAssemblyStateCreateInfo ia = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = d->topology,
    };
    VkPipelineViewportStateCreateInfo vp = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
        .viewportCount = 1,
        .scissorCount = 1,
    };
    bool bias = d->depth_bias_constant != 0.0f || d->depth_bias_slope != 0.0f;
    VkPipelineRasterizationStateCreateInfo rs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .depthClampEnable = d->depth_clamp,
        .polygonMode = VK_POLYGON_MODE_FILL,
        .cullMode = d->cull,
        .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
        .depthBiasEnable = bias,
        .depthBiasConstantFactor = d->depth_bias_constant,
        .depthBiasClamp = d->depth_bias_clamp,
        .depthBiasSlopeFactor = d->depth_bias_slope,
        .lineWidth = 1.0f,
    };
    VkPipelineMultisampleStateCreateInfo ms = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
        .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
    };
    VkPipelineDepthStencilStateCreateInfo ds = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
        .depthTestEnable = d->depth_test,
        .depthWriteEnable = d->depth_write,
        .depthCompareOp = d->depth_compare,
    };
    VkPipelineColorBlendAttachmentState att[GPU_MAX_COLOR];
    for (uint32_t i = 0; i < d->color_count; i++) att[i] = blend_state(d->blend[i]);
    VkPipelineColorBlendStateCreateInfo cb = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
        .attachmentCount = d->color_count,
        .pAttachments = att,
    };
    VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
    VkPipelineDynamicStateCreateInfo dy = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
        .dynamicStateCount = 2,
        .pDynamicStates = dyn,
    };
    VkPipelineRenderingCreateInfo ri = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
        .colorAttachmentCount = d->color_count,
        .pColorAttachmentFormats = d->color_formats,
        .depthAttachmentFormat = d->depth_format,
        .stencilAttachmentFormat =
            (gpu_format_aspect(d->depth_format) & VK_IMAGE_ASPECT_STENCIL_BIT) ? d->depth_format : VK_FORMAT_UNDEFINED,
    };
    VkGraphicsPipelineCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
        .pNext = &ri,
        .stageCount = fs ? 2u : 1u,
        .pStages = stages,
        .pVertexInputState = &vin,
        .pInputAssemblyState = &ia,
        .pViewportState = &vp,
        .pRasterizationState = &rs,
        .pMultisampleState = &ms,
        .pDepthStencilState = &ds,
        .pColorBlendState = &cb,
        .pDynamicState = &dy,
        .layout = layout,
    };
    VkResult vr = vkCreateGraphicsPipelines(dev->device, VK_NULL_HANDLE, 1, &ci, NULL, out);
    vkDestroyShaderModule(dev->device, vs, NULL);
    if (fs) vkDestroyShaderModule(dev->device, fs, NULL);
    if (vr != VK_SUCCESS) return gpu_fail(err, vr, "vkCreateGraphicsPipelines", __FILE__, __LINE__);
    gpu_name(dev, VK_OBJECT_TYPE_PIPELINE, (uint64_t)*out, d->name);
    return SWARD_OK;
}
