/* pipelines.c — shader modules from embedded SPIR-V, compute pipelines, and graphics pipelines for dynamic
 * rendering (no render pass objects; Vulkan 1.3). */
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

sward_result gpu_compute_pipeline(gpu_device *dev, VkPipelineLayout layout, const uint32_t *code, size_t bytes,
                                  const char *name, VkPipeline *out, sward_error *err)
{
    VkShaderModule module;
    sward_result r = gpu_shader_create(dev, code, bytes, name, &module, err);
    if (r != SWARD_OK) return r;
    VkComputePipelineCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = module,
                  .pName = "main"},
        .layout = layout,
    };
    VkResult vr = vkCreateComputePipelines(dev->device, VK_NULL_HANDLE, 1, &ci, NULL, out);
    vkDestroyShaderModule(dev->device, module, NULL);
    if (vr != VK_SUCCESS) return gpu_fail(err, vr, "vkCreateComputePipelines", __FILE__, __LINE__);
    gpu_name(dev, VK_OBJECT_TYPE_PIPELINE, (uint64_t)*out, name);
    return SWARD_OK;
}

sward_result gpu_graphics_pipeline(gpu_device *dev, VkPipelineLayout layout, const gpu_graphics_desc *d,
                                   VkPipeline *out, sward_error *err)
{
    VkShaderModule vs, fs;
    sward_result r = gpu_shader_create(dev, d->vs, d->vs_bytes, d->name, &vs, err);
    if (r != SWARD_OK) return r;
    r = gpu_shader_create(dev, d->fs, d->fs_bytes, d->name, &fs, err);
    if (r != SWARD_OK) {
        vkDestroyShaderModule(dev->device, vs, NULL);
        return r;
    }
    VkPipelineShaderStageCreateInfo stages[2] = {
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_VERTEX_BIT,
         .module = vs, .pName = "main"},
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
         .module = fs, .pName = "main"},
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
    VkPipelineRasterizationStateCreateInfo rs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .polygonMode = VK_POLYGON_MODE_FILL,
        .cullMode = d->cull,
        .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
        .lineWidth = 1.0f,
    };
    VkPipelineMultisampleStateCreateInfo ms = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
        .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
    };
    VkPipelineDepthStencilStateCreateInfo ds = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
        .depthTestEnable = VK_TRUE,
        .depthWriteEnable = VK_TRUE,
        .depthCompareOp = d->depth_compare,
    };
    VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xf};
    VkPipelineColorBlendStateCreateInfo cb = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
        .attachmentCount = 1,
        .pAttachments = &att,
    };
    VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
    VkPipelineDynamicStateCreateInfo dy = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
        .dynamicStateCount = 2,
        .pDynamicStates = dyn,
    };
    VkPipelineRenderingCreateInfo ri = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
        .colorAttachmentCount = 1,
        .pColorAttachmentFormats = &d->color_format,
        .depthAttachmentFormat = d->depth_format,
    };
    VkGraphicsPipelineCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
        .pNext = &ri,
        .stageCount = 2,
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
    vkDestroyShaderModule(dev->device, fs, NULL);
    if (vr != VK_SUCCESS) return gpu_fail(err, vr, "vkCreateGraphicsPipelines", __FILE__, __LINE__);
    gpu_name(dev, VK_OBJECT_TYPE_PIPELINE, (uint64_t)*out, d->name);
    return SWARD_OK;
}
