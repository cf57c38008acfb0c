/* submit.c — command buffers and fences: one-shot ones for uploads (record, submit, wait), and frames in
 * flight (gpu_frame: a command buffer and a fence per frame slot; the standalone renderer keeps two or more,
 * so the CPU records a frame while the GPU runs the one before). */
#include "gpu/gpu.h"

#include <string.h>

sward_result gpu_begin_once(gpu_device *dev, VkCommandBuffer *cmd, sward_error *err)
{
    VkCommandBufferAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = dev->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    GPU_TRY(vkAllocateCommandBuffers(dev->device, &ai, cmd));
    gpu_name(dev, VK_OBJECT_TYPE_COMMAND_BUFFER, (uint64_t)*cmd, "sward.frame_commands");
    VkCommandBufferBeginInfo bi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    GPU_TRY(vkBeginCommandBuffer(*cmd, &bi));
    return SWARD_OK;
}

sward_result gpu_submit_wait(gpu_device *dev, VkCommandBuffer cmd, sward_error *err)
{
    GPU_TRY(vkEndCommandBuffer(cmd));
    VkFenceCreateInfo fi = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence;
    GPU_TRY(vkCreateFence(dev->device, &fi, NULL, &fence));
    gpu_name(dev, VK_OBJECT_TYPE_FENCE, (uint64_t)fence, "sward.frame_fence");
    VkCommandBufferSubmitInfo cbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = cmd};
    VkSubmitInfo2 si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
        .commandBufferInfoCount = 1,
        .pCommandBufferInfos = &cbi,
    };
    VkResult r = vkQueueSubmit2(dev->queue, 1, &si, fence);
    if (r == VK_SUCCESS) r = vkWaitForFences(dev->device, 1, &fence, VK_TRUE, UINT64_MAX);
    vkDestroyFence(dev->device, fence, NULL);
    vkFreeCommandBuffers(dev->device, dev->pool, 1, &cmd);
    if (r != VK_SUCCESS) return gpu_fail(err, r, "vkQueueSubmit2/vkWaitForFences", __FILE__, __LINE__);
    return SWARD_OK;
}

sward_result gpu_frame_create(gpu_device *dev, gpu_frame *f, const char *name, sward_error *err)
{
    memset(f, 0, sizeof *f);
    VkCommandBufferAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = dev->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    GPU_TRY(vkAllocateCommandBuffers(dev->device, &ai, &f->cmd));
    gpu_name(dev, VK_OBJECT_TYPE_COMMAND_BUFFER, (uint64_t)f->cmd, name);
    VkFenceCreateInfo fi = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    GPU_TRY(vkCreateFence(dev->device, &fi, NULL, &f->fence));
    gpu_name(dev, VK_OBJECT_TYPE_FENCE, (uint64_t)f->fence, name);
    return SWARD_OK;
}

void gpu_frame_destroy(gpu_device *dev, gpu_frame *f)
{
    if (f->fence) {
        if (f->submitted) vkWaitForFences(dev->device, 1, &f->fence, VK_TRUE, UINT64_MAX);
        vkDestroyFence(dev->device, f->fence, NULL);
    }
    if (f->cmd) vkFreeCommandBuffers(dev->device, dev->pool, 1, &f->cmd);
    memset(f, 0, sizeof *f);
}

sward_result gpu_frame_wait(gpu_device *dev, gpu_frame *f, sward_error *err)
{
    if (!f->submitted) return SWARD_OK;
    GPU_TRY(vkWaitForFences(dev->device, 1, &f->fence, VK_TRUE, UINT64_MAX));
    return SWARD_OK;
}

sward_result gpu_frame_begin(gpu_device *dev, gpu_frame *f, sward_error *err)
{
    sward_result r = gpu_frame_wait(dev, f, err);
    if (r != SWARD_OK) return r;
    if (f->submitted) GPU_TRY(vkResetFences(dev->device, 1, &f->fence));
    f->submitted = false;
    GPU_TRY(vkResetCommandBuffer(f->cmd, 0));
    VkCommandBufferBeginInfo bi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    GPU_TRY(vkBeginCommandBuffer(f->cmd, &bi));
    return SWARD_OK;
}

sward_result gpu_frame_submit(gpu_device *dev, gpu_frame *f, VkSemaphore wait, uint64_t value,
                              VkPipelineStageFlags2 stage, sward_error *err)
{
    GPU_TRY(vkEndCommandBuffer(f->cmd));
    VkCommandBufferSubmitInfo cbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = f->cmd};
    VkSemaphoreSubmitInfo wi = {
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO, .semaphore = wait, .value = value, .stageMask = stage};
    VkSubmitInfo2 si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
        .waitSemaphoreInfoCount = wait ? 1u : 0u,
        .pWaitSemaphoreInfos = wait ? &wi : NULL,
        .commandBufferInfoCount = 1,
        .pCommandBufferInfos = &cbi,
    };
    GPU_TRY(vkQueueSubmit2(dev->queue, 1, &si, f->fence));
    f->submitted = true;
    return SWARD_OK;
}
