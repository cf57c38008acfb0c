/* barrier.c — synchronization2 barriers derived from named access states (DESIGN "barriers derived from a
 * small access-state helper"): each state says which stage and access it is, and for images which layout. */
#include "gpu/gpu.h"

typedef struct access_info {
    VkPipelineStageFlags2 stage;
    VkAccessFlags2 access;
    VkImageLayout layout;
} access_info;

static access_info info_of(gpu_access a)
{
    switch (a) {
    case GPU_ACCESS_NONE: return (access_info){VK_PIPELINE_STAGE_2_NONE, 0, VK_IMAGE_LAYOUT_UNDEFINED};
    case GPU_ACCESS_TRANSFER_WRITE:
        return (access_info){VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                             VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL};
    case GPU_ACCESS_TRANSFER_READ:
        return (access_info){VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT,
                             VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL};
    case GPU_ACCESS_HOST_WRITE:
        return (access_info){VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_WRITE_BIT, VK_IMAGE_LAYOUT_GENERAL};
    case GPU_ACCESS_HOST_READ:
        return (access_info){VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT, VK_IMAGE_LAYOUT_GENERAL};
    case GPU_ACCESS_COMPUTE_READ:
        return (access_info){VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT,
                             VK_IMAGE_LAYOUT_GENERAL};
    case GPU_ACCESS_COMPUTE_WRITE:
        return (access_info){VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                             VK_IMAGE_LAYOUT_GENERAL};
    case GPU_ACCESS_COMPUTE_READ_WRITE:
        return (access_info){VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                             VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                             VK_IMAGE_LAYOUT_GENERAL};
    case GPU_ACCESS_GENERAL_COMPUTE: /* storage image, or sampled in GENERAL layout */
        return (access_info){VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                             VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT |
                                 VK_ACCESS_2_SHADER_SAMPLED_READ_BIT,
                             VK_IMAGE_LAYOUT_GENERAL};
    case GPU_ACCESS_INDIRECT:
        return (access_info){VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT, VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT,
                             VK_IMAGE_LAYOUT_UNDEFINED};
    case GPU_ACCESS_VERTEX_READ:
        return (access_info){VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT,
                             VK_IMAGE_LAYOUT_UNDEFINED};
    case GPU_ACCESS_DRAW_READ:
        return (access_info){VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                             VK_ACCESS_2_SHADER_STORAGE_READ_BIT, VK_IMAGE_LAYOUT_UNDEFINED};
    case GPU_ACCESS_FRAGMENT_READ_WRITE:
        return (access_info){VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                             VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                             VK_IMAGE_LAYOUT_UNDEFINED};
    case GPU_ACCESS_INDEX:
        return (access_info){VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT, VK_ACCESS_2_INDEX_READ_BIT,
                             VK_IMAGE_LAYOUT_UNDEFINED};
    case GPU_ACCESS_COLOR_ATTACHMENT:
        return (access_info){VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                             VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                             VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    case GPU_ACCESS_DEPTH_ATTACHMENT:
        return (access_info){VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                             VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
                                 VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                             VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL};
    case GPU_ACCESS_ALL: break;
    case GPU_ACCESS_SAMPLED_COMPUTE:
        return (access_info){VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT,
                             VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    case GPU_ACCESS_SAMPLED_ALL:
        return (access_info){VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT,
                             VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    case GPU_ACCESS_DEPTH_READ_COMPUTE:
        return (access_info){VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT,
                             VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
    }
    return (access_info){VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT,
                         VK_IMAGE_LAYOUT_GENERAL};
}

/* Which states write: they need a barrier before any later access, and every later state after them. */
static bool writes(gpu_access a)
{
    switch (a) {
    case GPU_ACCESS_TRANSFER_WRITE:
    case GPU_ACCESS_HOST_WRITE:
    case GPU_ACCESS_COMPUTE_WRITE:
    case GPU_ACCESS_COMPUTE_READ_WRITE:
    case GPU_ACCESS_FRAGMENT_READ_WRITE:
    case GPU_ACCESS_GENERAL_COMPUTE:
    case GPU_ACCESS_COLOR_ATTACHMENT:
    case GPU_ACCESS_DEPTH_ATTACHMENT:
    case GPU_ACCESS_ALL: return true;
    default: return false;
    }
}

gpu_access_info gpu_access_of(gpu_access a)
{
    access_info i = info_of(a);
    return (gpu_access_info){i.stage, i.access, i.layout, writes(a)};
}

void gpu_barrier_memory(VkCommandBuffer cmd, gpu_access from, gpu_access to)
{
    access_info a = info_of(from), b = info_of(to);
    VkMemoryBarrier2 mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = a.stage,
        .srcAccessMask = a.access,
        .dstStageMask = b.stage,
        .dstAccessMask = b.access,
    };
    VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .memoryBarrierCount = 1, .pMemoryBarriers = &mb};
    vkCmdPipelineBarrier2(cmd, &di);
}

void gpu_barrier_buffer(VkCommandBuffer cmd, gpu_buffer *buf, gpu_access from, gpu_access to)
{
    access_info a = info_of(from), b = info_of(to);
    VkBufferMemoryBarrier2 bb = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
        .srcStageMask = a.stage,
        .srcAccessMask = a.access,
        .dstStageMask = b.stage,
        .dstAccessMask = b.access,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = buf->buffer,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .bufferMemoryBarrierCount = 1,
                           .pBufferMemoryBarriers = &bb};
    vkCmdPipelineBarrier2(cmd, &di);
}

void gpu_barrier_image(VkCommandBuffer cmd, gpu_image *img, gpu_access from, gpu_access to)
{
    gpu_barrier_image_range(cmd, img, from, to, 0, img->mips ? img->mips : 1, 0, img->layers ? img->layers : 1);
}

void gpu_barrier_image_range(VkCommandBuffer cmd, gpu_image *img, gpu_access from, gpu_access to, uint32_t mip,
                             uint32_t mips, uint32_t layer, uint32_t layers)
{
    access_info a = info_of(from), b = info_of(to);
    VkImageMemoryBarrier2 ib = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
        .srcStageMask = a.stage,
        .srcAccessMask = a.access,
        .dstStageMask = b.stage,
        .dstAccessMask = b.access,
        .oldLayout = a.layout,
        .newLayout = b.layout,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = img->image,
        .subresourceRange = {img->aspect, mip, mips, layer, layers},
    };
    VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .imageMemoryBarrierCount = 1,
                           .pImageMemoryBarriers = &ib};
    vkCmdPipelineBarrier2(cmd, &di);
}
