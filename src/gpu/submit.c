/* submit.c — one-shot command buffers: record, submit, wait on a fence. sward renders one frame at a time
 * in the standalone path, so this is the whole frame loop's synchronisation with the host. */
#include "gpu/gpu.h"

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
