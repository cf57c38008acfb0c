/* probe_util.h — a GPU test's compute probe of the library's shader code (the probe shaders in tests/gpu/shaders):
 * one dispatch after the renderer's last frame, bound as the library's passes bind that code (set 0 the
 * renderer's scene set, set 1 the probe's own buffers and images), the push constants {view 0, level = count}. */
#ifndef SWARD_PROBE_UTIL_H
#define SWARD_PROBE_UTIL_H

#include "render_util.h"

/* One binding of the probe's set 1: a storage buffer, or an image sampled with the scene's sampler. */
typedef struct probe_bind {
    uint32_t binding;
    const gpu_buffer *buffer; /* NULL: the image below */
    VkImageView view;
    VkImageLayout layout;
} probe_bind;

/* The renderer's resources the probe reads (their barriers from the frame's last use) and how. */
typedef struct probe_read {
    render_res res;
    gpu_access access;
} probe_read;

#define PROBE_MAX_BINDS 8

/* Runs `spirv` over ceil(count / 64) workgroups; waits for it. The host's writes to the bound buffers are visible
 * to it and its writes to the host after it. */
static inline void probe_run(sward_renderer *r, const uint32_t *spirv, size_t bytes, const char *name,
                             const probe_bind *binds, uint32_t nb, const probe_read *reads, uint32_t nr, uint32_t count)
{
    gpu_device *dev = &r->ctx->dev;
    sward_error err = {0};
    assert_true(nb <= PROBE_MAX_BINDS);
    VkDescriptorSetLayoutBinding b[PROBE_MAX_BINDS];
    for (uint32_t i = 0; i < nb; i++)
        b[i] = (VkDescriptorSetLayoutBinding){binds[i].binding,
                                              binds[i].buffer ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
                                                              : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                              1, VK_SHADER_STAGE_ALL, NULL};
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkDescriptorPool pool;
    VkDescriptorSet set;
    VkPipeline pipe;
    if (gpu_set_layout_create(dev, b, nb, name, &set_layout, &err)) fail_msg("%s", err.message);
    VkDescriptorSetLayout sets[2] = {render_scene_layout(r), set_layout};
    if (gpu_pipeline_layout_create(dev, sets, 2, sizeof(sw_push), name, &layout, &err)) fail_msg("%s", err.message);
    if (gpu_sets_allocate(dev, set_layout, b, nb, 1, name, &pool, &set, &err)) fail_msg("%s", err.message);
    if (gpu_compute_pipeline(dev, layout, spirv, bytes, NULL, name, &pipe, &err)) fail_msg("%s", err.message);
    for (uint32_t i = 0; i < nb; i++) {
        if (binds[i].buffer)
            gpu_write_buffer(dev, set, binds[i].binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, binds[i].buffer);
        else
            gpu_write_image(dev, set, binds[i].binding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, binds[i].view,
                            binds[i].layout, render_scene_sampler(r));
    }
    VkCommandBuffer cmd;
    if (gpu_begin_once(dev, &cmd, &err)) fail_msg("%s", err.message);
    render_access(r, cmd, RES_FRAME, 0, GPU_ACCESS_COMPUTE_READ, false);
    render_access(r, cmd, RES_VIEWS, 0, GPU_ACCESS_COMPUTE_READ, false);
    for (uint32_t i = 0; i < nr; i++) render_access(r, cmd, reads[i].res, 0, reads[i].access, false);
    gpu_barrier_memory(cmd, GPU_ACCESS_HOST_WRITE, GPU_ACCESS_COMPUTE_READ);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
    VkDescriptorSet bound[2] = {render_scene_set0(r), set};
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 2, bound, 0, NULL);
    sw_push push = {.view = 0, .level = count};
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_ALL, 0, sizeof push, &push);
    vkCmdDispatch(cmd, (count + 63) / 64, 1, 1);
    gpu_barrier_memory(cmd, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_HOST_READ);
    if (gpu_submit_wait(dev, cmd, &err)) fail_msg("%s", err.message);
    vkDestroyPipeline(dev->device, pipe, NULL);
    vkDestroyDescriptorPool(dev->device, pool, NULL);
    vkDestroyPipelineLayout(dev->device, layout, NULL);
    vkDestroyDescriptorSetLayout(dev->device, set_layout, NULL);
}

/* A host-visible storage buffer of `bytes` (upload: written by the host; else read back), holding `data` if any. */
static inline void probe_buffer(sward_renderer *r, gpu_buffer *b, size_t bytes, bool upload, const void *data,
                                const char *name)
{
    sward_error err = {0};
    if (gpu_buffer_create(&r->ctx->dev, b, (VkDeviceSize)(bytes ? bytes : 4), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                          upload ? GPU_MEMORY_UPLOAD : GPU_MEMORY_READBACK, name, &err))
        fail_msg("%s", err.message);
    if (data) memcpy(b->mapped, data, bytes);
}

#endif
