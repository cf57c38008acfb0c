/* upload_queue.c — a streamed world's page uploads on the device's transfer queue (BX7; docs/streaming.md
 * "Uploads").
 *
 * On a discrete GPU the copy from host memory crosses PCIe; recorded in the frame's command buffer it holds every
 * later pass of the frame behind its barrier. Where the device has a transfer queue (gpu_device.transfer_queue:
 * a dedicated copy engine, the host's, or the test hook's stand-in), the frame slot's packed staging is copied
 * into a device-local landing buffer of the same size by a submit of its own on that queue, made when the frame
 * is recorded, so the copy engine runs it beside the frame before; the submit signals the renderer's timeline
 * semaphore, the frame's submit waits for that value at the copy stage, and the frame's command buffer copies
 * landing -> rings with the same regions it would have copied from the staging (world_stream.c), a copy at device
 * bandwidth. Both buffers are shared by the two families (no ownership transfers).
 *
 * A slot's staging, landing buffer and transfer command buffer are reused only when the slot's last frame has
 * completed (its fence, or the embedding API's frames_in_flight rule); that frame waited for the slot's last
 * upload, so the upload has completed too. Nothing here waits for the device. */
#include "render/render.h"

#include <stdio.h>

sward_result render_upload_queue_create(sward_renderer *r, VkDeviceSize bytes, sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    render_upload_queue *q = &r->upload_queue;
    if (!dev->transfer_queue || q->timeline) return SWARD_OK;
    VkCommandPoolCreateInfo pi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = dev->transfer_family,
    };
    GPU_TRY(vkCreateCommandPool(dev->device, &pi, NULL, &q->pool));
    gpu_name(dev, VK_OBJECT_TYPE_COMMAND_POOL, (uint64_t)q->pool, "sward.upload_pool");
    for (uint32_t i = 0; i < r->slot_count; i++) {
        render_slot *s = &r->slots[i];
        sward_result res = gpu_buffer_create_shared(dev, &s->world_landing, bytes,
                                                    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                                    GPU_MEMORY_DEVICE, "sward.world_landing", err);
        if (res != SWARD_OK) return res;
        VkCommandBufferAllocateInfo ai = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
            .commandPool = q->pool,
            .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
            .commandBufferCount = 1,
        };
        GPU_TRY(vkAllocateCommandBuffers(dev->device, &ai, &s->transfer_cmd));
        char name[48];
        snprintf(name, sizeof name, "sward.upload[%u]", i);
        gpu_name(dev, VK_OBJECT_TYPE_COMMAND_BUFFER, (uint64_t)s->transfer_cmd, name);
    }
    VkSemaphoreTypeCreateInfo ti = {
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
        .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
        .initialValue = 0,
    };
    VkSemaphoreCreateInfo si = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &ti};
    GPU_TRY(vkCreateSemaphore(dev->device, &si, NULL, &q->timeline)); /* last: it turns the path on */
    gpu_name(dev, VK_OBJECT_TYPE_SEMAPHORE, (uint64_t)q->timeline, "sward.upload_timeline");
    return SWARD_OK;
}

/* The device is idle (sward_renderer_destroy waited for it). */
void render_upload_queue_destroy(sward_renderer *r)
{
    gpu_device *dev = &r->ctx->dev;
    render_upload_queue *q = &r->upload_queue;
    for (uint32_t i = 0; i < RENDER_MAX_SLOTS; i++) {
        render_slot *s = &r->slots[i];
        gpu_buffer_destroy(dev, &s->world_landing);
        if (s->transfer_cmd) vkFreeCommandBuffers(dev->device, q->pool, 1, &s->transfer_cmd);
        s->transfer_cmd = VK_NULL_HANDLE;
        s->transfer_value = 0;
    }
    if (q->timeline) vkDestroySemaphore(dev->device, q->timeline, NULL);
    if (q->pool) vkDestroyCommandPool(dev->device, q->pool, NULL);
    *q = (render_upload_queue){0};
}

sward_result render_upload_queue_submit(sward_renderer *r, render_slot *s, VkDeviceSize bytes, sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    render_upload_queue *q = &r->upload_queue;
    if (s->transfer_value) {
        /* the slot's last frame has completed, and it waited for this: a host that did not wait breaks it */
        uint64_t done = 0;
        GPU_TRY(vkGetSemaphoreCounterValue(dev->device, q->timeline, &done));
        if (done < s->transfer_value)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "a frame slot's page upload (value %llu) has not completed when the slot is used again: "
                             "the host's submit of that frame must wait on sward_renderer_frame_wait's semaphore",
                             (unsigned long long)s->transfer_value);
    }
    VkCommandBuffer c = s->transfer_cmd;
    GPU_TRY(vkResetCommandBuffer(c, 0));
    VkCommandBufferBeginInfo bi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    GPU_TRY(vkBeginCommandBuffer(c, &bi));
    vkCmdCopyBuffer(c, s->world_upload.buffer, s->world_landing.buffer, 1, &(VkBufferCopy){0, 0, bytes});
    GPU_TRY(vkEndCommandBuffer(c));
    const uint64_t value = q->value + 1;
    VkCommandBufferSubmitInfo cbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = c};
    VkSemaphoreSubmitInfo signal = {
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
        .semaphore = q->timeline,
        .value = value,
        .stageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
    };
    VkSubmitInfo2 si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
        .commandBufferInfoCount = 1,
        .pCommandBufferInfos = &cbi,
        .signalSemaphoreInfoCount = 1,
        .pSignalSemaphoreInfos = &signal,
    };
    GPU_TRY(vkQueueSubmit2(dev->transfer_queue, 1, &si, VK_NULL_HANDLE));
    q->value = value;
    s->transfer_value = value;
    s->stream.transfer_submits++;
    return SWARD_OK;
}

void sward_renderer_frame_wait(const sward_renderer *r, VkSemaphore *semaphore, uint64_t *value,
                               VkPipelineStageFlags2 *stage)
{
    const render_slot *s = r && r->frames ? &r->slots[r->slot] : NULL;
    const bool wait = s && s->stream.transfer_submits && r->upload_queue.timeline;
    if (semaphore) *semaphore = wait ? r->upload_queue.timeline : VK_NULL_HANDLE;
    if (value) *value = wait ? s->transfer_value : 0;
    if (stage) *stage = wait ? VK_PIPELINE_STAGE_2_COPY_BIT : VK_PIPELINE_STAGE_2_NONE;
}

sward_result render_frame_submit(sward_renderer *r, render_slot *s, sward_error *err)
{
    VkSemaphore wait;
    uint64_t value;
    VkPipelineStageFlags2 stage;
    sward_renderer_frame_wait(r, &wait, &value, &stage); /* s holds the frame sward_cmd_place began: the same */
    return gpu_frame_submit(&r->ctx->dev, &s->frame, wait, value, stage, err);
}
