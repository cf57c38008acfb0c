/* resources.c — buffers and images, one allocation each (sward holds a handful of large resources), with
 * the bytes counted for the benchmark's "GPU memory in use". */
#include "gpu/gpu.h"

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

sward_result gpu_buffer_create(gpu_device *dev, gpu_buffer *b, VkDeviceSize size, VkBufferUsageFlags usage,
                               gpu_memory mem, const char *name, sward_error *err)
{
    memset(b, 0, sizeof *b);
    if (size == 0) size = 16;
    VkBufferCreateInfo bi = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
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
    GPU_TRY(vkBindBufferMemory(dev->device, b->buffer, b->memory, 0));
    if (mem != GPU_MEMORY_DEVICE) GPU_TRY(vkMapMemory(dev->device, b->memory, 0, VK_WHOLE_SIZE, 0, &b->mapped));
    return SWARD_OK;
}

void gpu_buffer_destroy(gpu_device *dev, gpu_buffer *b)
{
    if (b->buffer) vkDestroyBuffer(dev->device, b->buffer, NULL);
    if (b->memory) {
        vkFreeMemory(dev->device, b->memory, NULL);
        dev->allocated_bytes -= b->allocated;
    }
    memset(b, 0, sizeof *b);
}

sward_result gpu_image_create(gpu_device *dev, gpu_image *img, VkFormat format, uint32_t width, uint32_t height,
                              VkImageUsageFlags usage, const char *name, sward_error *err)
{
    memset(img, 0, sizeof *img);
    bool depth = format == VK_FORMAT_D32_SFLOAT;
    VkImageCreateInfo ii = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = format,
        .extent = {width, height, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    GPU_TRY(vkCreateImage(dev->device, &ii, NULL, &img->image));
    gpu_name(dev, VK_OBJECT_TYPE_IMAGE, (uint64_t)img->image, name);
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(dev->device, img->image, &req);
    sward_result r = allocate(dev, req, GPU_MEMORY_DEVICE, &img->memory, name, err);
    if (r != SWARD_OK) return r;
    img->allocated = req.size;
    GPU_TRY(vkBindImageMemory(dev->device, img->image, img->memory, 0));
    img->format = format;
    img->extent = (VkExtent2D){width, height};
    img->aspect = depth ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
    VkImageViewCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = img->image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = format,
        .subresourceRange = {img->aspect, 0, 1, 0, 1},
    };
    GPU_TRY(vkCreateImageView(dev->device, &vi, NULL, &img->view));
    gpu_name(dev, VK_OBJECT_TYPE_IMAGE_VIEW, (uint64_t)img->view, name);
    return SWARD_OK;
}

void gpu_image_destroy(gpu_device *dev, gpu_image *img)
{
    if (img->view) vkDestroyImageView(dev->device, img->view, NULL);
    if (img->image) vkDestroyImage(dev->device, img->image, NULL);
    if (img->memory) {
        vkFreeMemory(dev->device, img->memory, NULL);
        dev->allocated_bytes -= img->allocated;
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
