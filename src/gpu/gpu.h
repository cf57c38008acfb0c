/* gpu.h — the Vulkan layer (module `gpu`): plain structs and free functions, one small file per job, in the
 * style of niagara. Nothing here knows about grass; src/render builds the frame on top of it. */
#ifndef SWARD_GPU_H
#define SWARD_GPU_H

#include "core/core.h"

#include <vulkan/vulkan.h>

/* Checks a VkResult inside a function returning sward_result, with `err` in scope. */
#define GPU_TRY(call)                                                                                         \
    do {                                                                                                      \
        VkResult gpu_try_r_ = (call);                                                                         \
        if (gpu_try_r_ != VK_SUCCESS) return gpu_fail(err, gpu_try_r_, #call, __FILE__, __LINE__);            \
    } while (0)

sward_result gpu_fail(sward_error *err, VkResult r, const char *call, const char *file, int line);
const char *gpu_result_string(VkResult r);

/* ---- device.c ---- */
typedef struct gpu_device {
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    VkPhysicalDevice physical;
    VkDevice device;
    uint32_t queue_family;
    VkQueue queue;
    VkCommandPool pool;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties mem_props;
    bool owns_device;          /* standalone: sward created instance and device */
    bool debug_utils;          /* object names available */
    PFN_vkSetDebugUtilsObjectNameEXT set_name;
    bool validation;
    uint32_t validation_messages;
    uint64_t allocated_bytes;  /* device memory sward holds now */
    sward_logger logger;
    sward_device_info info;
} gpu_device;

typedef struct gpu_device_desc {
    int device_index; /* -1: automatic */
    bool validation;
    sward_logger logger;
} gpu_device_desc;

sward_result gpu_device_create(gpu_device *dev, const gpu_device_desc *desc, sward_error *err);
/* Wraps a host's device (embedded use): sward creates only its command pool and destroys only that. */
sward_result gpu_device_wrap(gpu_device *dev, VkInstance instance, VkPhysicalDevice physical, VkDevice device,
                             uint32_t queue_family, VkQueue queue, bool debug_utils, sward_logger logger,
                             sward_error *err);
void gpu_device_destroy(gpu_device *dev);
sward_result gpu_enumerate(sward_device_info *out, uint32_t capacity, uint32_t *count, sward_error *err);

void gpu_name(gpu_device *dev, VkObjectType type, uint64_t handle, const char *name);

/* ---- resources.c ---- */
typedef struct gpu_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    VkDeviceSize allocated; /* bytes of device memory behind it */
    void *mapped; /* host-visible buffers stay mapped */
} gpu_buffer;

typedef enum gpu_memory { GPU_MEMORY_DEVICE, GPU_MEMORY_UPLOAD, GPU_MEMORY_READBACK } gpu_memory;

sward_result gpu_buffer_create(gpu_device *dev, gpu_buffer *b, VkDeviceSize size, VkBufferUsageFlags usage,
                               gpu_memory mem, const char *name, sward_error *err);
void gpu_buffer_destroy(gpu_device *dev, gpu_buffer *b);

typedef struct gpu_image {
    VkImage image;
    VkImageView view;
    VkDeviceMemory memory;
    VkFormat format;
    VkExtent2D extent;
    VkImageAspectFlags aspect;
    VkDeviceSize allocated;
} gpu_image;

sward_result gpu_image_create(gpu_device *dev, gpu_image *img, VkFormat format, uint32_t width, uint32_t height,
                              VkImageUsageFlags usage, const char *name, sward_error *err);
void gpu_image_destroy(gpu_device *dev, gpu_image *img);

/* Copies data into a device-local buffer through a temporary staging buffer (waits). */
sward_result gpu_upload(gpu_device *dev, gpu_buffer *dst, const void *data, VkDeviceSize size, sward_error *err);

/* ---- submit.c ---- */
sward_result gpu_begin_once(gpu_device *dev, VkCommandBuffer *cmd, sward_error *err);
sward_result gpu_submit_wait(gpu_device *dev, VkCommandBuffer cmd, sward_error *err);

/* ---- barrier.c: barriers derived from access states, not written out at every call site ---- */
typedef enum gpu_access {
    GPU_ACCESS_NONE,
    GPU_ACCESS_TRANSFER_WRITE,
    GPU_ACCESS_TRANSFER_READ,
    GPU_ACCESS_HOST_WRITE,
    GPU_ACCESS_COMPUTE_READ,
    GPU_ACCESS_COMPUTE_WRITE,
    GPU_ACCESS_COMPUTE_READ_WRITE,
    GPU_ACCESS_INDIRECT,
    GPU_ACCESS_VERTEX_READ,      /* storage buffers read by vertex shaders */
    GPU_ACCESS_INDEX,
    GPU_ACCESS_COLOR_ATTACHMENT,
    GPU_ACCESS_DEPTH_ATTACHMENT,
    GPU_ACCESS_DEPTH_READ_COMPUTE,
    GPU_ACCESS_GENERAL_COMPUTE,  /* storage image read/written by compute */
    GPU_ACCESS_HOST_READ,
    GPU_ACCESS_ALL,              /* any earlier work (start of a frame) */
} gpu_access;

void gpu_barrier_buffer(VkCommandBuffer cmd, gpu_buffer *b, gpu_access from, gpu_access to);
/* Several buffers' accesses at once (a global memory barrier). */
void gpu_barrier_memory(VkCommandBuffer cmd, gpu_access from, gpu_access to);
void gpu_barrier_image(VkCommandBuffer cmd, gpu_image *img, gpu_access from, gpu_access to);

/* ---- shaders.c / pipelines.c ---- */
sward_result gpu_shader_create(gpu_device *dev, const uint32_t *code, size_t bytes, const char *name,
                               VkShaderModule *out, sward_error *err);

sward_result gpu_compute_pipeline(gpu_device *dev, VkPipelineLayout layout, const uint32_t *code, size_t bytes,
                                  const char *name, VkPipeline *out, sward_error *err);

typedef struct gpu_graphics_desc {
    const uint32_t *vs;
    size_t vs_bytes;
    const uint32_t *fs;
    size_t fs_bytes;
    VkPrimitiveTopology topology;
    VkCullModeFlags cull;
    VkFormat color_format;
    VkFormat depth_format;
    VkCompareOp depth_compare;
    const char *name;
} gpu_graphics_desc;

sward_result gpu_graphics_pipeline(gpu_device *dev, VkPipelineLayout layout, const gpu_graphics_desc *d,
                                   VkPipeline *out, sward_error *err);

/* ---- timing.c: timestamp queries, two per pass ---- */
typedef struct gpu_timer {
    VkQueryPool pool;
    uint32_t count; /* timestamps */
    double period_ns;
    bool supported;
} gpu_timer;

sward_result gpu_timer_create(gpu_device *dev, gpu_timer *t, uint32_t passes, sward_error *err);
void gpu_timer_destroy(gpu_device *dev, gpu_timer *t);
void gpu_timer_reset(VkCommandBuffer cmd, gpu_timer *t);
void gpu_timer_mark(VkCommandBuffer cmd, gpu_timer *t, uint32_t index, VkPipelineStageFlags2 stage);
/* Milliseconds between marks 2p and 2p+1 for each pass (0 where unsupported). */
sward_result gpu_timer_read(gpu_device *dev, gpu_timer *t, double *ms, uint32_t passes, sward_error *err);

#endif
