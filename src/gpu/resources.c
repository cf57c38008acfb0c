/* resources.c — buffers and images, one allocation each (sward holds a handful of large resources), with
 * the bytes counted for the benchmark's "GPU memory in use". */
#include "gpu/gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int find_memory_type(const gpu_device *dev, uint32_t bits, VkMemoryPropertyFlags want)
{
    for (uint32_t i = 0; i < dev->mem_props.memoryTypeCount; i++)
        if ((bits & (1u << i)) && (dev->mem_props.memoryTypes[i].propertyFlags & want) == want) return (int)i;
    return -1;
}

static sward_result allocate(gpu_device *dev, VkMemoryRequirements req, gpu_memory mem, VkDeviceMemory *out,
                             const char *name, sward_error *err)
{
    int type = -1;
    if (mem == GPU_MEMORY_DEVICE) {
        type = find_memory_type(dev, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    } else if (mem == GPU_MEMORY_UPLOAD) {
        type = find_memory_type(dev, req.memoryTypeBits,
                                VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    } else {
        type = find_memory_type(dev, req.memoryTypeBits,
                                VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT |
                                    VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
        if (type < 0)
            type = find_memory_type(dev, req.memoryTypeBits,
                                    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    }
    if (type < 0) type = find_memory_type(dev, req.memoryTypeBits, 0);
    if (type < 0) return core_fail(err, SWARD_ERROR_VULKAN, "%s: no memory type fits", name);
    if (dev->budget_bytes && dev->allocated_bytes + req.size > dev->budget_bytes)
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY,
                         "%s: %.1f MiB more would take sward past its GPU memory budget of %.0f MiB (%.1f MiB in use); "
                         "lower the scene's density, draw distance or render size, or raise the budget",
                         name, (double)req.size / 1048576.0, (double)dev->budget_bytes / 1048576.0,
                         (double)dev->allocated_bytes / 1048576.0);
    VkMemoryAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = (uint32_t)type,
    };
    VkResult r = vkAllocateMemory(dev->device, &ai, NULL, out);
    if (r != VK_SUCCESS)
        return core_fail(err, r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY
                                  ? SWARD_ERROR_OUT_OF_MEMORY
                                  : SWARD_ERROR_VULKAN,
                         "%s: cannot allocate %.1f MiB of GPU memory: %s", name, (double)req.size / 1048576.0,
                         gpu_result_string(r));
    dev->allocated_bytes += req.size;
    gpu_name(dev, VK_OBJECT_TYPE_DEVICE_MEMORY, (uint64_t)*out, name);
    return SWARD_OK;
}

/* ---- the memory by object name ---- */

/* The account of name (created on first use): index + 1, or 0 when no room could be made (then not counted). */
static uint32_t account_of(gpu_device *dev, const char *name, gpu_memory mem, bool image)
{
    char key[48];
    snprintf(key, sizeof key, "%s", name ? name : "(unnamed)");
    for (uint32_t k = 0; k < dev->account_count; k++)
        if (dev->accounts[k].mem == mem && dev->accounts[k].image == image && strcmp(dev->accounts[k].name, key) == 0)
            return k + 1;
    if (dev->account_count == dev->account_cap) {
        uint32_t cap = dev->account_cap ? 2 * dev->account_cap : 64;
        gpu_account *grown = realloc(dev->accounts, cap * sizeof *grown);
        if (!grown) return 0;
        dev->accounts = grown;
        dev->account_cap = cap;
    }
    gpu_account *a = &dev->accounts[dev->account_count++];
    memset(a, 0, sizeof *a);
    snprintf(a->name, sizeof a->name, "%s", key);
    a->mem = mem;
    a->image = image;
    return dev->account_count;
}

static void account_add(gpu_device *dev, uint32_t account, VkDeviceSize bytes)
{
    if (!account) return;
    dev->accounts[account - 1].bytes += bytes;
    dev->accounts[account - 1].count++;
}

static void account_remove(gpu_device *dev, uint32_t account, VkDeviceSize bytes)
{
    if (!account) return;
    dev->accounts[account - 1].bytes -= bytes;
    dev->accounts[account - 1].count--;
}

static int by_bytes(const void *a, const void *b)
{
    const gpu_account *x = a, *y = b;
    return x->bytes < y->bytes ? 1 : x->bytes > y->bytes ? -1 : strcmp(x->name, y->name);
}

uint32_t gpu_memory_report(const gpu_device *dev, gpu_account *out, uint32_t capacity)
{
    gpu_account *all = malloc((dev->account_count + 1u) * sizeof *all);
    if (!all) return 0;
    uint32_t n = 0;
    for (uint32_t k = 0; k < dev->account_count; k++)
        if (dev->accounts[k].count) all[n++] = dev->accounts[k];
    qsort(all, n, sizeof *all, by_bytes);
    for (uint32_t k = 0; k < n && k < capacity; k++)
        out[k] = all[k];
    free(all);
    return n;
}

void gpu_accounts_free(gpu_device *dev)
{
    free(dev->accounts);
    dev->accounts = NULL;
    dev->account_count = dev->account_cap = 0;
}

static sward_result buffer_create(gpu_device *dev, gpu_buffer *b, VkDeviceSize size, VkBufferUsageFlags usage,
                                  gpu_memory mem, bool shared, const char *name, sward_error *err)
{
    memset(b, 0, sizeof *b);
    if (size == 0) size = 16;
    if ((usage & VK_BUFFER_USAGE_STORAGE_BUFFER_BIT) && size > dev->props.limits.maxStorageBufferRange)
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY,
                         "%s: %.1f MiB is more than this device can bind as one storage buffer "
                         "(maxStorageBufferRange %.1f MiB); lower the scene's density, draw distance or render size",
                         name, (double)size / 1048576.0, (double)dev->props.limits.maxStorageBufferRange / 1048576.0);
    const uint32_t families[2] = {dev->queue_family, dev->transfer_family};
    const bool concurrent = shared && dev->transfer_queue && dev->transfer_family != dev->queue_family;
    VkBufferCreateInfo bi = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
        .sharingMode = concurrent ? VK_SHARING_MODE_CONCURRENT : VK_SHARING_MODE_EXCLUSIVE,
        .queueFamilyIndexCount = concurrent ? 2u : 0u,
        .pQueueFamilyIndices = concurrent ? families : NULL,
    };
    GPU_TRY(vkCreateBuffer(dev->device, &bi, NULL, &b->buffer));
    gpu_name(dev, VK_OBJECT_TYPE_BUFFER, (uint64_t)b->buffer, name);
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(dev->device, b->buffer, &req);
    sward_result r = allocate(dev, req, mem, &b->memory, name, err);
    if (r != SWARD_OK) {
        vkDestroyBuffer(dev->device, b->buffer, NULL);
        b->buffer = VK_NULL_HANDLE;
        return r;
    }
    b->size = size;
    b->allocated = req.size;
    b->device_local = mem == GPU_MEMORY_DEVICE;
    if (b->device_local) dev->device_buffer_bytes += req.size;
    b->account = account_of(dev, name, mem, false);
    account_add(dev, b->account, req.size);
    GPU_TRY(vkBindBufferMemory(dev->device, b->buffer, b->memory, 0));
    if (mem != GPU_MEMORY_DEVICE) GPU_TRY(vkMapMemory(dev->device, b->memory, 0, VK_WHOLE_SIZE, 0, &b->mapped));
    return SWARD_OK;
}

sward_result gpu_buffer_create(gpu_device *dev, gpu_buffer *b, VkDeviceSize size, VkBufferUsageFlags usage,
                               gpu_memory mem, const char *name, sward_error *err)
{
    return buffer_create(dev, b, size, usage, mem, false, name, err);
}

sward_result gpu_buffer_create_shared(gpu_device *dev, gpu_buffer *b, VkDeviceSize size, VkBufferUsageFlags usage,
                                      gpu_memory mem, const char *name, sward_error *err)
{
    return buffer_create(dev, b, size, usage, mem, true, name, err);
}

void gpu_buffer_destroy(gpu_device *dev, gpu_buffer *b)
{
    if (b->buffer) vkDestroyBuffer(dev->device, b->buffer, NULL);
    if (b->memory) {
        vkFreeMemory(dev->device, b->memory, NULL);
        dev->allocated_bytes -= b->allocated;
        if (b->device_local) dev->device_buffer_bytes -= b->allocated;
        account_remove(dev, b->account, b->allocated);
    }
    memset(b, 0, sizeof *b);
}

VkImageAspectFlags gpu_format_aspect(VkFormat format)
{
    switch (format) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D32_SFLOAT: return VK_IMAGE_ASPECT_DEPTH_BIT;
    case VK_FORMAT_S8_UINT: return VK_IMAGE_ASPECT_STENCIL_BIT;
    case VK_FORMAT_D16_UNORM_S8_UINT:
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT: return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    default: return VK_IMAGE_ASPECT_COLOR_BIT;
    }
}

bool gpu_format_is_depth(VkFormat format)
{
    return (gpu_format_aspect(format) & VK_IMAGE_ASPECT_DEPTH_BIT) != 0;
}

/* What a shader or an attachment sees of a format: the depth of a depth/stencil format. */
static VkImageAspectFlags view_aspect(VkFormat format)
{
    VkImageAspectFlags a = gpu_format_aspect(format);
    return (a & VK_IMAGE_ASPECT_DEPTH_BIT) ? VK_IMAGE_ASPECT_DEPTH_BIT : a;
}

sward_result gpu_image_view(gpu_device *dev, const gpu_image *img, uint32_t mip, uint32_t mips, uint32_t layer,
                            uint32_t layers, const char *name, VkImageView *out, sward_error *err)
{
    VkImageViewCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = img->image,
        .viewType = img->layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D,
        .format = img->format,
        .subresourceRange = {view_aspect(img->format), mip, mips, layer, layers},
    };
    GPU_TRY(vkCreateImageView(dev->device, &vi, NULL, out));
    gpu_name(dev, VK_OBJECT_TYPE_IMAGE_VIEW, (uint64_t)*out, name);
    return SWARD_OK;
}

sward_result gpu_image_create(gpu_device *dev, gpu_image *img, const gpu_image_desc *d, sward_error *err)
{
    memset(img, 0, sizeof *img);
    uint32_t mips = d->mips ? d->mips : 1, layers = d->layers ? d->layers : 1;
    const VkPhysicalDeviceLimits *lim = &dev->props.limits;
    if (d->width == 0 || d->height == 0 || d->width > lim->maxImageDimension2D ||
        d->height > lim->maxImageDimension2D || layers > lim->maxImageArrayLayers)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: %ux%u with %u layers is beyond this device's image limits (%u per side, %u layers)",
                         d->name, d->width, d->height, layers, lim->maxImageDimension2D, lim->maxImageArrayLayers);
    bool twin = d->storage_format != VK_FORMAT_UNDEFINED && d->storage_format != d->format;
    VkImageCreateInfo ii = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        /* a storage view of another format: mutable, and `format`'s own views without the storage usage */
        .flags = twin ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT : 0,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = d->format,
        .extent = {d->width, d->height, 1},
        .mipLevels = mips,
        .arrayLayers = layers,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = d->usage,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    GPU_TRY(vkCreateImage(dev->device, &ii, NULL, &img->image));
    gpu_name(dev, VK_OBJECT_TYPE_IMAGE, (uint64_t)img->image, d->name);
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(dev->device, img->image, &req);
    sward_result r = allocate(dev, req, GPU_MEMORY_DEVICE, &img->memory, d->name, err);
    if (r != SWARD_OK) {
        vkDestroyImage(dev->device, img->image, NULL);
        img->image = VK_NULL_HANDLE;
        return r;
    }
    img->allocated = req.size;
    img->account = account_of(dev, d->name, GPU_MEMORY_DEVICE, true);
    account_add(dev, img->account, req.size);
    GPU_TRY(vkBindImageMemory(dev->device, img->image, img->memory, 0));
    img->format = d->format;
    img->extent = (VkExtent2D){d->width, d->height};
    img->mips = mips;
    img->layers = layers;
    img->aspect = gpu_format_aspect(d->format);
    const VkImageUsageFlags viewable = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT |
                                       VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
    if (!(d->usage & viewable)) return SWARD_OK; /* transfer only: no view */
    if (!twin) return gpu_image_view(dev, img, 0, mips, 0, layers, d->name, &img->view, err);
    VkImageViewUsageCreateInfo own = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
                                      .usage = d->usage & ~(VkImageUsageFlags)VK_IMAGE_USAGE_STORAGE_BIT};
    VkImageViewUsageCreateInfo storage = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
                                          .usage = VK_IMAGE_USAGE_STORAGE_BIT};
    VkImageViewCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .pNext = &own,
        .image = img->image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = d->format,
        .subresourceRange = {view_aspect(d->format), 0, mips, 0, layers},
    };
    GPU_TRY(vkCreateImageView(dev->device, &vi, NULL, &img->view));
    gpu_name(dev, VK_OBJECT_TYPE_IMAGE_VIEW, (uint64_t)img->view, d->name);
    vi.pNext = &storage;
    vi.format = d->storage_format;
    GPU_TRY(vkCreateImageView(dev->device, &vi, NULL, &img->storage_view));
    gpu_name(dev, VK_OBJECT_TYPE_IMAGE_VIEW, (uint64_t)img->storage_view, d->name);
    return SWARD_OK;
}

void gpu_image_destroy(gpu_device *dev, gpu_image *img)
{
    if (img->view) vkDestroyImageView(dev->device, img->view, NULL);
    if (img->storage_view) vkDestroyImageView(dev->device, img->storage_view, NULL);
    if (img->image) vkDestroyImage(dev->device, img->image, NULL);
    if (img->memory) {
        vkFreeMemory(dev->device, img->memory, NULL);
        dev->allocated_bytes -= img->allocated;
        account_remove(dev, img->account, img->allocated);
    }
    memset(img, 0, sizeof *img);
}

sward_result gpu_upload(gpu_device *dev, gpu_buffer *dst, const void *data, VkDeviceSize size, sward_error *err)
{
    gpu_buffer staging;
    sward_result r = gpu_buffer_create(dev, &staging, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, GPU_MEMORY_UPLOAD,
                                       "sward.staging", err);
    if (r != SWARD_OK) return r;
    memcpy(staging.mapped, data, (size_t)size);
    VkCommandBuffer cmd;
    r = gpu_begin_once(dev, &cmd, err);
    if (r == SWARD_OK) {
        vkCmdCopyBuffer(cmd, staging.buffer, dst->buffer, 1, &(VkBufferCopy){0, 0, size});
        r = gpu_submit_wait(dev, cmd, err);
    }
    gpu_buffer_destroy(dev, &staging);
    return r;
}

sward_result gpu_sampler_create(gpu_device *dev, VkFilter filter, float max_lod, const char *name, VkSampler *out,
                                sward_error *err)
{
    VkSamplerCreateInfo si = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
        .magFilter = filter,
        .minFilter = filter,
        .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
        .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .maxLod = max_lod,
    };
    VkResult vr = vkCreateSampler(dev->device, &si, NULL, out);
    if (vr != VK_SUCCESS) return gpu_fail(err, vr, "vkCreateSampler", __FILE__, __LINE__);
    gpu_name(dev, VK_OBJECT_TYPE_SAMPLER, (uint64_t)*out, name);
    return SWARD_OK;
}

sward_result gpu_upload_image(gpu_device *dev, gpu_image *dst, const void *data, uint32_t texel_bytes,
                              sward_error *err)
{
    VkBufferImageCopy regions[16];
    VkDeviceSize size = 0;
    uint32_t mips = dst->mips < 16 ? dst->mips : 16;
    for (uint32_t l = 0; l < mips; l++) {
        uint32_t w = dst->extent.width >> l ? dst->extent.width >> l : 1;
        uint32_t h = dst->extent.height >> l ? dst->extent.height >> l : 1;
        regions[l] = (VkBufferImageCopy){
            .bufferOffset = size,
            .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, dst->layers},
            .imageExtent = {w, h, 1},
        };
        size += (VkDeviceSize)w * h * dst->layers * texel_bytes;
    }
    gpu_buffer staging;
    sward_result r = gpu_buffer_create(dev, &staging, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, GPU_MEMORY_UPLOAD,
                                       "sward.staging", err);
    if (r != SWARD_OK) return r;
    if (data) memcpy(staging.mapped, data, (size_t)size);
    else memset(staging.mapped, 0, (size_t)size);
    VkCommandBuffer cmd;
    r = gpu_begin_once(dev, &cmd, err);
    if (r == SWARD_OK) {
        gpu_barrier_image(cmd, dst, GPU_ACCESS_NONE, GPU_ACCESS_TRANSFER_WRITE);
        vkCmdCopyBufferToImage(cmd, staging.buffer, dst->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, mips, regions);
        gpu_barrier_image(cmd, dst, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_SAMPLED_ALL);
        r = gpu_submit_wait(dev, cmd, err);
    }
    gpu_buffer_destroy(dev, &staging);
    return r;
}
