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
    /* BX7: the queue the streamed world's page uploads are submitted to (src/render/upload_queue.c): one of a
     * dedicated transfer family (TRANSFER without GRAPHICS or COMPUTE: a discrete GPU's copy engine), the host's
     * (sward_vulkan_device.transfer_queue), or, with the test hook GPU_TEST_TRANSFER_QUEUE_ENV, `queue` itself;
     * VK_NULL_HANDLE: none, the uploads stay in the frame's command buffer. Needs timeline semaphores. */
    VkQueue transfer_queue;
    uint32_t transfer_family;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties mem_props;
    VkPhysicalDeviceFeatures features; /* enabled: the required ones and what the device has of the optional
                                          ones (depthClamp, depthBiasClamp, independentBlend, shaderInt64, ...); a
                                          host's device: those it says it enabled (sward_vulkan_device.features) */
    bool buffer_int64_atomics;         /* shaderBufferInt64Atomics enabled */
    bool owns_device;          /* standalone: sward created instance and device */
    bool debug_utils;          /* object names available */
    PFN_vkSetDebugUtilsObjectNameEXT set_name;
    bool validation;
    uint32_t validation_messages;
    uint64_t allocated_bytes;  /* device memory sward holds now */
    uint64_t device_buffer_bytes; /* of it, device-local buffers (world data, tile cache, lists, assets): not the
                                     images (render targets, shadow maps) nor the host-visible upload and
                                     read-back buffers */
    uint64_t budget_bytes;     /* most device memory sward may hold (0: no budget); see gpu_device_set_budget */
    struct gpu_account *accounts; /* the memory held now by object name (gpu_memory_report) */
    uint32_t account_count, account_cap;
    sward_logger logger;
    sward_device_info info;
    struct gpu_shared *shared; /* the layouts and pipelines its renderers share (shared.c) */
} gpu_device;

typedef struct gpu_device_desc {
    int device_index; /* -1: automatic */
    bool validation;
    sward_logger logger;
    const char *const *instance_extensions; /* a presenting host's (sward_context_desc) */
    uint32_t instance_extension_count;
    const char *const *device_extensions;
    uint32_t device_extension_count;
} gpu_device_desc;

sward_result gpu_device_create(gpu_device *dev, const gpu_device_desc *desc, sward_error *err);
/* Wraps a host's device (embedded use): sward creates only its command pool and destroys only that. */
/* A host's device; `enabled` the features it was created with (its VkDeviceCreateInfo's chain: Features2 and
 * the Vulkan 1.2 or atomic-int64 features), or NULL: none of the optional ones. transfer_queue: the host's queue
 * for sward's page uploads, of transfer_family (VK_NULL_HANDLE: none). */
sward_result gpu_device_wrap(gpu_device *dev, VkInstance instance, VkPhysicalDevice physical, VkDevice device,
                             uint32_t queue_family, VkQueue queue, VkQueue transfer_queue, uint32_t transfer_family,
                             const VkPhysicalDeviceFeatures2 *enabled, bool debug_utils, sward_logger logger,
                             sward_error *err);
/* The test hook (off unless the environment sets it to 1): where no dedicated transfer family exists (lavapipe),
 * the graphics queue stands in for the transfer queue, a submit of its own with the same semaphore, so that the
 * path runs in the tests. */
#define GPU_TEST_TRANSFER_QUEUE_ENV "SWARD_TEST_TRANSFER_QUEUE"
void gpu_device_destroy(gpu_device *dev);
sward_result gpu_enumerate(sward_device_info *out, uint32_t capacity, uint32_t *count, sward_error *err);

void gpu_name(gpu_device *dev, VkObjectType type, uint64_t handle, const char *name);

/* The device-memory budget (SWARD_GPU_BUDGET_DEFAULT_MIB unless given): an allocation that would take sward
 * past it fails with SWARD_ERROR_OUT_OF_MEMORY and a message naming the resource, so an untrusted scene
 * cannot take a host's whole GPU. */
#define GPU_BUDGET_DEFAULT_MIB 4096u
void gpu_device_set_budget(gpu_device *dev, uint64_t mib);

/* ---- resources.c ---- */
typedef struct gpu_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    VkDeviceSize allocated; /* bytes of device memory behind it */
    void *mapped; /* host-visible buffers stay mapped */
    bool device_local; /* GPU_MEMORY_DEVICE (counted in gpu_device.device_buffer_bytes) */
    uint32_t account;  /* gpu_device.accounts index + 1 (0: none) */
} gpu_buffer;

typedef enum gpu_memory { GPU_MEMORY_DEVICE, GPU_MEMORY_UPLOAD, GPU_MEMORY_READBACK } gpu_memory;

/* Buffers used as storage buffers are checked against maxStorageBufferRange (and every buffer against the
 * memory budget): a clear SWARD_ERROR_OUT_OF_MEMORY naming the buffer instead of a validation error. */
sward_result gpu_buffer_create(gpu_device *dev, gpu_buffer *b, VkDeviceSize size, VkBufferUsageFlags usage,
                               gpu_memory mem, const char *name, sward_error *err);
/* The same, shared by the graphics and the transfer family (VK_SHARING_MODE_CONCURRENT where they differ: no
 * ownership transfers between the two queues). */
sward_result gpu_buffer_create_shared(gpu_device *dev, gpu_buffer *b, VkDeviceSize size, VkBufferUsageFlags usage,
                                      gpu_memory mem, const char *name, sward_error *err);
void gpu_buffer_destroy(gpu_device *dev, gpu_buffer *b);

/* The device memory held now under one object name: its bytes and the number of objects. */
typedef struct gpu_account {
    char name[48];
    uint64_t bytes;
    uint32_t count;
    gpu_memory mem;  /* images: GPU_MEMORY_DEVICE */
    bool image;
} gpu_account;
/* Copies up to capacity accounts with bytes held, largest first; returns how many there are. */
uint32_t gpu_memory_report(const gpu_device *dev, gpu_account *out, uint32_t capacity);
void gpu_accounts_free(gpu_device *dev);

/* The aspects of a format: depth, stencil or both for depth/stencil formats, colour otherwise. */
VkImageAspectFlags gpu_format_aspect(VkFormat format);
bool gpu_format_is_depth(VkFormat format);

typedef struct gpu_image_desc {
    VkFormat format;
    uint32_t width, height;
    uint32_t mips;   /* 0 = 1 */
    uint32_t layers; /* 0 = 1; more than one gives a 2D-array view */
    VkImageUsageFlags usage;
    /* With VK_IMAGE_USAGE_STORAGE_BIT: the format of the view storage writes use, when `format` cannot be a
     * storage image (an sRGB target written by compute through its UNORM twin); 0: `format` itself. */
    VkFormat storage_format;
    const char *name;
} gpu_image_desc;

typedef struct gpu_image {
    VkImage image;
    VkImageView view;       /* every mip and layer; depth aspect only for depth/stencil formats (sampling);
                               none for an image used only by transfers */
    VkDeviceMemory memory;
    VkFormat format;
    VkExtent2D extent;
    uint32_t mips, layers;
    VkImageAspectFlags aspect; /* all aspects of the format (barriers) */
    VkDeviceSize allocated;
    VkImageView storage_view;  /* gpu_image_desc.storage_format's view (storage descriptors), or none */
    uint32_t account;          /* gpu_device.accounts index + 1 (0: none) */
} gpu_image;

sward_result gpu_image_create(gpu_device *dev, gpu_image *img, const gpu_image_desc *d, sward_error *err);
void gpu_image_destroy(gpu_device *dev, gpu_image *img);
/* A view of mips [mip, mip + mips) and layers [layer, layer + layers) (e.g. one cascade of a shadow array, one
 * level of a pyramid), with the aspect a shader or an attachment uses (depth for depth formats). */
sward_result gpu_image_view(gpu_device *dev, const gpu_image *img, uint32_t mip, uint32_t mips, uint32_t layer,
                            uint32_t layers, const char *name, VkImageView *out, sward_error *err);

/* A sampler clamped to the edge in every direction, `filter` within a level, the nearest level of [0, max_lod]. */
sward_result gpu_sampler_create(gpu_device *dev, VkFilter filter, float max_lod, const char *name, VkSampler *out,
                                sward_error *err);
/* Copies data into a device-local buffer through a temporary staging buffer (waits). */
sward_result gpu_upload(gpu_device *dev, gpu_buffer *dst, const void *data, VkDeviceSize size, sward_error *err);
/* Fills every mip and layer of a colour image (created with VK_IMAGE_USAGE_TRANSFER_DST_BIT) from `data`: level 0's
 * layers, then level 1's, each tightly packed at `texel_bytes` a texel, and leaves it in GPU_ACCESS_SAMPLED_ALL
 * (waits). NULL data: every texel zero. */
sward_result gpu_upload_image(gpu_device *dev, gpu_image *dst, const void *data, uint32_t texel_bytes,
                              sward_error *err);

/* ---- retire.c: resources destroyed once the frames that may use them are done ---- */
typedef struct gpu_retired {
    gpu_buffer *buffers;
    gpu_image *images;
    uint32_t buffer_count, buffer_cap, image_count, image_cap;
} gpu_retired;

/* Moves b (or img) into the list and clears it; if the list cannot grow, waits for the device and destroys it
 * at once (out of host memory only). */
void gpu_retire_buffer(gpu_device *dev, gpu_retired *list, gpu_buffer *b);
void gpu_retire_image(gpu_device *dev, gpu_retired *list, gpu_image *img);
/* Destroys everything in the list: call when the frame that retired them has completed. */
void gpu_retired_flush(gpu_device *dev, gpu_retired *list);
void gpu_retired_free(gpu_device *dev, gpu_retired *list);

/* ---- submit.c ---- */
sward_result gpu_begin_once(gpu_device *dev, VkCommandBuffer *cmd, sward_error *err);
sward_result gpu_submit_wait(gpu_device *dev, VkCommandBuffer cmd, sward_error *err);

/* A frame in flight: its command buffer and the fence that says it is done. */
typedef struct gpu_frame {
    VkCommandBuffer cmd;
    VkFence fence;
    bool submitted; /* the fence will signal (a submission is pending or done) */
} gpu_frame;

sward_result gpu_frame_create(gpu_device *dev, gpu_frame *f, const char *name, sward_error *err);
void gpu_frame_destroy(gpu_device *dev, gpu_frame *f);
/* Waits until the frame's last submission is done (no-op if none). */
sward_result gpu_frame_wait(gpu_device *dev, gpu_frame *f, sward_error *err);
/* Waits, then resets and begins the command buffer. */
sward_result gpu_frame_begin(gpu_device *dev, gpu_frame *f, sward_error *err);
/* Ends and submits the command buffer; does not wait. `wait` (VK_NULL_HANDLE: none): a timeline semaphore whose
 * `value` the frame's commands from `stage` on wait for (the page uploads' copy, BX7). */
sward_result gpu_frame_submit(gpu_device *dev, gpu_frame *f, VkSemaphore wait, uint64_t value,
                              VkPipelineStageFlags2 stage, sward_error *err);

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
    GPU_ACCESS_DRAW_READ,        /* storage buffers read by vertex and fragment shaders (the scene set) */
    GPU_ACCESS_FRAGMENT_READ_WRITE, /* a storage buffer read and written (atomics) by fragment shaders */
    GPU_ACCESS_INDEX,
    GPU_ACCESS_COLOR_ATTACHMENT,
    GPU_ACCESS_DEPTH_ATTACHMENT,
    GPU_ACCESS_DEPTH_READ_COMPUTE,
    GPU_ACCESS_GENERAL_COMPUTE,  /* storage image read/written by compute */
    GPU_ACCESS_HOST_READ,
    GPU_ACCESS_SAMPLED_COMPUTE,  /* colour image sampled by compute (read-only layout) */
    GPU_ACCESS_SAMPLED_ALL,      /* colour image sampled by any shader stage (read-only layout; scene data) */
    GPU_ACCESS_ALL,              /* any earlier work (start of a frame) */
} gpu_access;

void gpu_barrier_buffer(VkCommandBuffer cmd, gpu_buffer *b, gpu_access from, gpu_access to);
/* Several buffers' accesses at once (a global memory barrier). */
void gpu_barrier_memory(VkCommandBuffer cmd, gpu_access from, gpu_access to);
void gpu_barrier_image(VkCommandBuffer cmd, gpu_image *img, gpu_access from, gpu_access to);
/* The same over mips [mip, mip + mips) and layers [layer, layer + layers) only. */
void gpu_barrier_image_range(VkCommandBuffer cmd, gpu_image *img, gpu_access from, gpu_access to, uint32_t mip,
                             uint32_t mips, uint32_t layer, uint32_t layers);

/* Stage, access and layout of an access state, for code that merges several into one barrier (the frame's
 * resource tracking, src/render/graph.c). */
typedef struct gpu_access_info {
    VkPipelineStageFlags2 stage;
    VkAccessFlags2 access;
    VkImageLayout layout;
    bool writes;
} gpu_access_info;
gpu_access_info gpu_access_of(gpu_access a);

/* ---- pipelines.c ---- */
sward_result gpu_shader_create(gpu_device *dev, const uint32_t *code, size_t bytes, const char *name,
                               VkShaderModule *out, sward_error *err);

/* Specialization constants: constant_id i of the shader gets values[i] (32-bit each: int, uint, float or bool). */
#define GPU_MAX_SPEC 40 /* GA3's wind field: 4 springs x 8 coefficients and the window */
typedef struct gpu_spec {
    uint32_t count;
    uint32_t values[GPU_MAX_SPEC];
} gpu_spec;

sward_result gpu_compute_pipeline(gpu_device *dev, VkPipelineLayout layout, const uint32_t *code, size_t bytes,
                                  const gpu_spec *spec, const char *name, VkPipeline *out, sward_error *err);

#define GPU_MAX_COLOR 8
typedef enum gpu_blend { GPU_BLEND_NONE, GPU_BLEND_ALPHA, GPU_BLEND_ADD } gpu_blend;

typedef struct gpu_graphics_desc {
    const uint32_t *vs;
    size_t vs_bytes;
    const uint32_t *fs; /* NULL: a depth-only pipeline (no fragment shader, no colour attachments) */
    size_t fs_bytes;
    gpu_spec spec;      /* for both stages */
    VkPrimitiveTopology topology;
    VkCullModeFlags cull;
    uint32_t color_count;                    /* colour attachments */
    VkFormat color_formats[GPU_MAX_COLOR];
    gpu_blend blend[GPU_MAX_COLOR];          /* per attachment; 0 = none */
    VkFormat depth_format;                   /* VK_FORMAT_UNDEFINED: no depth attachment */
    bool depth_test;
    bool depth_write;
    VkCompareOp depth_compare;               /* e.g. GREATER (reverse-Z), EQUAL after a depth prime */
    bool depth_clamp;                        /* clamp instead of clip at the depth range (shadow casters) */
    float depth_bias_constant, depth_bias_slope, depth_bias_clamp; /* all 0: no bias */
    const char *name;
} gpu_graphics_desc;

sward_result gpu_graphics_pipeline(gpu_device *dev, VkPipelineLayout layout, const gpu_graphics_desc *d,
                                   VkPipeline *out, sward_error *err);

/* ---- shared.c: layouts and pipelines made once per definition, owned by the device (never destroyed by the
 * caller; gpu_device_destroy destroys them). Same arguments and checks as the gpu_*_create functions. ---- */
sward_result gpu_shared_new(gpu_device *dev, sward_error *err);
void gpu_shared_destroy(gpu_device *dev);
uint32_t gpu_shared_count(const gpu_device *dev); /* the objects made so far */
sward_result gpu_shared_set_layout(gpu_device *dev, const VkDescriptorSetLayoutBinding *bindings, uint32_t count,
                                   const char *name, VkDescriptorSetLayout *out, sward_error *err);
sward_result gpu_shared_pipeline_layout(gpu_device *dev, const VkDescriptorSetLayout *sets, uint32_t set_count,
                                        uint32_t push_bytes, const char *name, VkPipelineLayout *out,
                                        sward_error *err);
sward_result gpu_shared_compute_pipeline(gpu_device *dev, VkPipelineLayout layout, const uint32_t *code,
                                         size_t bytes, const gpu_spec *spec, const char *name, VkPipeline *out,
                                         sward_error *err);
sward_result gpu_shared_graphics_pipeline(gpu_device *dev, VkPipelineLayout layout, const gpu_graphics_desc *d,
                                          VkPipeline *out, sward_error *err);

/* ---- descriptors.c ---- */
sward_result gpu_set_layout_create(gpu_device *dev, const VkDescriptorSetLayoutBinding *bindings, uint32_t count,
                                   const char *name, VkDescriptorSetLayout *out, sward_error *err);
/* A pipeline layout of set_count sets and one push-constant range of push_bytes (0: none) for all stages. */
sward_result gpu_pipeline_layout_create(gpu_device *dev, const VkDescriptorSetLayout *sets, uint32_t set_count,
                                        uint32_t push_bytes, const char *name, VkPipelineLayout *out,
                                        sward_error *err);
/* A pool and `count` sets of one layout (whose bindings are given again to size the pool). */
sward_result gpu_sets_allocate(gpu_device *dev, VkDescriptorSetLayout layout,
                               const VkDescriptorSetLayoutBinding *bindings, uint32_t binding_count, uint32_t count,
                               const char *name, VkDescriptorPool *pool, VkDescriptorSet *sets, sward_error *err);
void gpu_write_buffer(gpu_device *dev, VkDescriptorSet set, uint32_t binding, VkDescriptorType type,
                      const gpu_buffer *b);
void gpu_write_image(gpu_device *dev, VkDescriptorSet set, uint32_t binding, VkDescriptorType type,
                     VkImageView view, VkImageLayout layout, VkSampler sampler);

/* ---- timing.c: timestamp queries, two per timed pass ---- */
#define GPU_MAX_TIMESTAMPS 128
typedef struct gpu_timer {
    VkQueryPool pool;
    uint32_t count; /* timestamps */
    double period_ns;
    uint64_t mask;  /* the queue family's timestampValidBits */
    bool supported;
} gpu_timer;

sward_result gpu_timer_create(gpu_device *dev, gpu_timer *t, uint32_t stamps, const char *name, sward_error *err);
void gpu_timer_destroy(gpu_device *dev, gpu_timer *t);
void gpu_timer_reset(VkCommandBuffer cmd, gpu_timer *t);
void gpu_timer_mark(VkCommandBuffer cmd, gpu_timer *t, uint32_t index, VkPipelineStageFlags2 stage);
/* Milliseconds between marks 2p and 2p + 1 for each pair p in `written` (a bit per pair; the others, and all
 * where timestamps are unsupported, get 0). The frame that wrote them must be done (waits otherwise). */
sward_result gpu_timer_read(gpu_device *dev, gpu_timer *t, uint64_t written, double *ms, uint32_t pairs,
                            sward_error *err);


/* Pipeline statistics (where the device has pipelineStatisticsQuery): the fragment shader invocations of up to
 * GPU_STATS_SPANS spans of commands (e.g. render pass instances) per frame, summed. */
#define GPU_STATS_SPANS 2
typedef struct gpu_stats {
    VkQueryPool pool[GPU_STATS_SPANS];
    bool supported;
    uint32_t ended; /* bit per span recorded this frame */
    int active;     /* the span begun and not ended, or -1 */
} gpu_stats;

sward_result gpu_stats_create(gpu_device *dev, gpu_stats *q, const char *name, sward_error *err);
void gpu_stats_destroy(gpu_device *dev, gpu_stats *q);
void gpu_stats_reset(VkCommandBuffer cmd, gpu_stats *q); /* outside any render pass instance */
void gpu_stats_begin(VkCommandBuffer cmd, gpu_stats *q, uint32_t span);
void gpu_stats_end(VkCommandBuffer cmd, gpu_stats *q);
/* The count of a completed frame; *valid is false where unsupported or not recorded. */
sward_result gpu_stats_read(gpu_device *dev, gpu_stats *q, uint64_t *fragments, bool *valid, sward_error *err);

#endif
