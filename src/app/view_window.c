/* view_window.c — the viewer's window and swapchain (view_window.h). */
#include "view_window.h"

#define GLFW_INCLUDE_VULKAN
#include <GLFW/glfw3.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The viewer's exit statuses: sward_result numbers, as every command's. */
static int vk_fail(VkResult r, const char *what)
{
    fprintf(stderr, "sward view: %s failed (VkResult %d)\n", what, (int)r);
    return r == VK_ERROR_OUT_OF_HOST_MEMORY || r == VK_ERROR_OUT_OF_DEVICE_MEMORY ? (int)SWARD_ERROR_OUT_OF_MEMORY
                                                                                : (int)SWARD_ERROR_VULKAN;
}

#define VK_CHECK(call, what)                                                                                   \
    do {                                                                                                       \
        VkResult vk_r_ = (call);                                                                               \
        if (vk_r_ != VK_SUCCESS) return vk_fail(vk_r_, what);                                                  \
    } while (0)

static void on_glfw_error(int code, const char *text)
{
    (void)code;
    fprintf(stderr, "sward view: GLFW: %s\n", text);
}

int view_window_open(view_window *w, uint32_t width, uint32_t height, const char *title)
{
    memset(w, 0, sizeof *w);
    glfwSetErrorCallback(on_glfw_error);
    if (!glfwInit()) {
        fprintf(stderr, "sward view: cannot open a window (no display? set DISPLAY, or run under xvfb-run)\n");
        return (int)SWARD_ERROR_NO_DEVICE;
    }
    if (!glfwVulkanSupported()) {
        fprintf(stderr, "sward view: GLFW finds no Vulkan loader for windows\n");
        glfwTerminate();
        return (int)SWARD_ERROR_NO_DEVICE;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
    glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE); /* shown with its first frame */
    w->win = glfwCreateWindow((int)width, (int)height, title, NULL, NULL);
    if (!w->win) {
        fprintf(stderr, "sward view: cannot create a %ux%u window\n", (unsigned)width, (unsigned)height);
        glfwTerminate();
        return (int)SWARD_ERROR_NO_DEVICE;
    }
    return 0;
}

const char *const *view_window_instance_extensions(uint32_t *count)
{
    return glfwGetRequiredInstanceExtensions(count);
}

void view_window_size(const view_window *w, uint32_t *width, uint32_t *height)
{
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(w->win, &fw, &fh);
    *width = fw > 0 ? (uint32_t)fw : 0;
    *height = fh > 0 ? (uint32_t)fh : 0;
}

static uint32_t memory_type(const view_window *w, uint32_t bits, VkMemoryPropertyFlags want)
{
    VkPhysicalDeviceMemoryProperties mp;
    vkGetPhysicalDeviceMemoryProperties(w->vk.physical_device, &mp);
    for (uint32_t i = 0; i < mp.memoryTypeCount; i++)
        if ((bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want) return i;
    return UINT32_MAX;
}

static void destroy_swapchain(view_window *w)
{
    VkDevice d = w->vk.device;
    for (uint32_t i = 0; i < w->image_count; i++)
        if (w->presentable[i]) vkDestroySemaphore(d, w->presentable[i], NULL);
    memset(w->presentable, 0, sizeof w->presentable);
    if (w->swapchain) vkDestroySwapchainKHR(d, w->swapchain, NULL);
    w->swapchain = VK_NULL_HANDLE;
    w->image_count = 0;
}

static int create_swapchain(view_window *w)
{
    VkPhysicalDevice pd = w->vk.physical_device;
    VkSurfaceCapabilitiesKHR caps;
    VK_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(pd, w->surface, &caps), "vkGetPhysicalDeviceSurfaceCapabilitiesKHR");
    if (!(caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_DST_BIT)) {
        fprintf(stderr, "sward view: the window's swapchain images cannot be copied to (no TRANSFER_DST usage)\n");
        return (int)SWARD_ERROR_NO_DEVICE;
    }
    uint32_t nf = 0;
    VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(pd, w->surface, &nf, NULL), "vkGetPhysicalDeviceSurfaceFormatsKHR");
    VkSurfaceFormatKHR formats[64];
    if (nf > 64) nf = 64;
    VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(pd, w->surface, &nf, formats), "vkGetPhysicalDeviceSurfaceFormatsKHR");
    /* a UNORM format takes sward's sRGB-encoded bytes as they are */
    int pick = -1;
    for (uint32_t i = 0; i < nf && pick < 0; i++)
        if (formats[i].format == VK_FORMAT_R8G8B8A8_UNORM) pick = (int)i;
    for (uint32_t i = 0; i < nf && pick < 0; i++)
        if (formats[i].format == VK_FORMAT_B8G8R8A8_UNORM) pick = (int)i;
    if (pick < 0) {
        fprintf(stderr, "sward view: the window offers neither RGBA8 nor BGRA8 UNORM images\n");
        return (int)SWARD_ERROR_NO_DEVICE;
    }
    w->format = formats[pick].format;
    uint32_t fw, fh;
    view_window_size(w, &fw, &fh);
    VkExtent2D e = caps.currentExtent;
    if (e.width == UINT32_MAX) e = (VkExtent2D){fw, fh};
    if (e.width < caps.minImageExtent.width) e.width = caps.minImageExtent.width;
    if (e.height < caps.minImageExtent.height) e.height = caps.minImageExtent.height;
    if (e.width > caps.maxImageExtent.width) e.width = caps.maxImageExtent.width;
    if (e.height > caps.maxImageExtent.height) e.height = caps.maxImageExtent.height;
    if (e.width == 0 || e.height == 0) return 0; /* minimised: no swapchain until it has a size */
    uint32_t count = caps.minImageCount + 1;
    if (caps.maxImageCount && count > caps.maxImageCount) count = caps.maxImageCount;
    VkSwapchainKHR old = w->swapchain;
    VkSwapchainCreateInfoKHR ci = {
        .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
        .surface = w->surface,
        .minImageCount = count,
        .imageFormat = w->format,
        .imageColorSpace = formats[pick].colorSpace,
        .imageExtent = e,
        .imageArrayLayers = 1,
        .imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT,
        .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
        .preTransform = caps.currentTransform,
        .compositeAlpha = (caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR)
                              ? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR
                              : (VkCompositeAlphaFlagBitsKHR)(caps.supportedCompositeAlpha &
                                                              (uint32_t)-(int32_t)caps.supportedCompositeAlpha),
        .presentMode = VK_PRESENT_MODE_FIFO_KHR, /* every driver has it; the frame rate follows the display */
        .clipped = VK_TRUE,
        .oldSwapchain = old,
    };
    VkSwapchainKHR sc;
    VK_CHECK(vkCreateSwapchainKHR(w->vk.device, &ci, NULL, &sc), "vkCreateSwapchainKHR");
    if (old) {
        /* every copy into the old images is done (the caller waited for the slots' fences) */
        for (uint32_t i = 0; i < w->image_count; i++) vkDestroySemaphore(w->vk.device, w->presentable[i], NULL);
        memset(w->presentable, 0, sizeof w->presentable);
        vkDestroySwapchainKHR(w->vk.device, old, NULL);
    }
    w->swapchain = sc;
    w->extent = e;
    w->image_count = VIEW_MAX_IMAGES;
    VK_CHECK(vkGetSwapchainImagesKHR(w->vk.device, sc, &w->image_count, w->images), "vkGetSwapchainImagesKHR");
    for (uint32_t i = 0; i < w->image_count; i++) {
        VkSemaphoreCreateInfo si = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
        VK_CHECK(vkCreateSemaphore(w->vk.device, &si, NULL, &w->presentable[i]), "vkCreateSemaphore");
    }
    w->stale = false;
    return 0;
}

int view_window_attach(view_window *w, sward_context *ctx)
{
    w->vk = sward_context_vulkan(ctx);
    VK_CHECK(glfwCreateWindowSurface(w->vk.instance, w->win, NULL, &w->surface), "glfwCreateWindowSurface");
    VkBool32 present = VK_FALSE;
    VK_CHECK(vkGetPhysicalDeviceSurfaceSupportKHR(w->vk.physical_device, w->vk.queue_family, w->surface, &present),
             "vkGetPhysicalDeviceSurfaceSupportKHR");
    if (!present) {
        fprintf(stderr, "sward view: the device's graphics queue cannot present to this window\n");
        return (int)SWARD_ERROR_NO_DEVICE;
    }
    VkCommandPoolCreateInfo pi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = w->vk.queue_family,
    };
    VK_CHECK(vkCreateCommandPool(w->vk.device, &pi, NULL, &w->pool), "vkCreateCommandPool");
    for (uint32_t i = 0; i < VIEW_SLOTS; i++) {
        view_slot *s = &w->slots[i];
        VkCommandBufferAllocateInfo ai = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
            .commandPool = w->pool,
            .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
            .commandBufferCount = 1,
        };
        VK_CHECK(vkAllocateCommandBuffers(w->vk.device, &ai, &s->cmd), "vkAllocateCommandBuffers");
        VkFenceCreateInfo fi = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, .flags = VK_FENCE_CREATE_SIGNALED_BIT};
        VK_CHECK(vkCreateFence(w->vk.device, &fi, NULL, &s->fence), "vkCreateFence");
        VkSemaphoreCreateInfo si = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
        VK_CHECK(vkCreateSemaphore(w->vk.device, &si, NULL, &s->acquired), "vkCreateSemaphore");
    }
    return create_swapchain(w);
}

static void free_staging(view_window *w, view_slot *s)
{
    if (s->staging) vkDestroyBuffer(w->vk.device, s->staging, NULL);
    if (s->memory) vkFreeMemory(w->vk.device, s->memory, NULL);
    s->staging = VK_NULL_HANDLE;
    s->memory = VK_NULL_HANDLE;
    s->mapped = NULL;
    s->size = 0;
}

/* The slot's staging buffer, at least `bytes` (its last copy is done). */
static int ensure_staging(view_window *w, view_slot *s, VkDeviceSize bytes)
{
    if (s->size >= bytes) return 0;
    free_staging(w, s);
    VkBufferCreateInfo bi = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = bytes,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
    };
    VK_CHECK(vkCreateBuffer(w->vk.device, &bi, NULL, &s->staging), "vkCreateBuffer");
    VkMemoryRequirements mr;
    vkGetBufferMemoryRequirements(w->vk.device, s->staging, &mr);
    uint32_t type = memory_type(w, mr.memoryTypeBits,
                                VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    if (type == UINT32_MAX) {
        fprintf(stderr, "sward view: no host-visible memory for the window's staging buffer\n");
        return (int)SWARD_ERROR_NO_DEVICE;
    }
    VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = mr.size, .memoryTypeIndex = type};
    VK_CHECK(vkAllocateMemory(w->vk.device, &ai, NULL, &s->memory), "vkAllocateMemory");
    VK_CHECK(vkBindBufferMemory(w->vk.device, s->staging, s->memory, 0), "vkBindBufferMemory");
    VK_CHECK(vkMapMemory(w->vk.device, s->memory, 0, VK_WHOLE_SIZE, 0, &s->mapped), "vkMapMemory");
    s->size = bytes;
    return 0;
}

static void image_barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to,
                          VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access, VkPipelineStageFlags2 dst_stage,
                          VkAccessFlags2 dst_access)
{
    VkImageMemoryBarrier2 b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
        .srcStageMask = src_stage,
        .srcAccessMask = src_access,
        .dstStageMask = dst_stage,
        .dstAccessMask = dst_access,
        .oldLayout = from,
        .newLayout = to,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .imageMemoryBarrierCount = 1, .pImageMemoryBarriers = &b};
    vkCmdPipelineBarrier2(cmd, &di);
}

/* Waits for both slots' copies (before the swapchain or the staging buffers change). */
static void wait_slots(view_window *w)
{
    VkFence f[VIEW_SLOTS];
    for (uint32_t i = 0; i < VIEW_SLOTS; i++) f[i] = w->slots[i].fence;
    vkWaitForFences(w->vk.device, VIEW_SLOTS, f, VK_TRUE, UINT64_MAX);
}

int view_window_present(view_window *w, const uint8_t *pixels, uint32_t width, uint32_t height)
{
    uint32_t fw, fh;
    view_window_size(w, &fw, &fh);
    if (fw == 0 || fh == 0) return 0; /* minimised */
    if (w->stale || !w->swapchain || fw != w->extent.width || fh != w->extent.height) {
        wait_slots(w);
        int rc = create_swapchain(w);
        if (rc || !w->swapchain) return rc;
    }
    view_slot *s = &w->slots[w->slot];
    VK_CHECK(vkWaitForFences(w->vk.device, 1, &s->fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");
    uint32_t index = 0;
    VkResult ar = vkAcquireNextImageKHR(w->vk.device, w->swapchain, UINT64_MAX, s->acquired, VK_NULL_HANDLE, &index);
    if (ar == VK_ERROR_OUT_OF_DATE_KHR) {
        w->stale = true;
        return 0; /* this frame is skipped; the next one recreates the swapchain */
    }
    if (ar != VK_SUCCESS && ar != VK_SUBOPTIMAL_KHR) return vk_fail(ar, "vkAcquireNextImageKHR");
    if (ar == VK_SUBOPTIMAL_KHR) w->stale = true;
    VK_CHECK(vkResetFences(w->vk.device, 1, &s->fence), "vkResetFences");

    /* the overlapping part of the frame, row by row, in the swapchain's byte order */
    uint32_t cw = width < w->extent.width ? width : w->extent.width;
    uint32_t ch = height < w->extent.height ? height : w->extent.height;
    int rc = ensure_staging(w, s, (VkDeviceSize)cw * ch * 4 + 4);
    if (rc) return rc;
    uint8_t *dst = s->mapped;
    bool bgra = w->format == VK_FORMAT_B8G8R8A8_UNORM;
    for (uint32_t y = 0; y < ch; y++) {
        const uint8_t *src = pixels + (size_t)y * width * 4;
        uint8_t *row = dst + (size_t)y * cw * 4;
        if (!bgra) {
            memcpy(row, src, (size_t)cw * 4);
            continue;
        }
        for (uint32_t x = 0; x < cw; x++) {
            row[4 * x + 0] = src[4 * x + 2];
            row[4 * x + 1] = src[4 * x + 1];
            row[4 * x + 2] = src[4 * x + 0];
            row[4 * x + 3] = 255;
        }
    }

    VkCommandBuffer cmd = s->cmd;
    VK_CHECK(vkResetCommandBuffer(cmd, 0), "vkResetCommandBuffer");
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                   .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi), "vkBeginCommandBuffer");
    VkImage img = w->images[index];
    image_barrier(cmd, img, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, 0, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                  VK_ACCESS_2_TRANSFER_WRITE_BIT);
    if (cw < w->extent.width || ch < w->extent.height) {
        VkClearColorValue grey = {.float32 = {0.08f, 0.08f, 0.08f, 1.0f}};
        VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        vkCmdClearColorImage(cmd, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &grey, 1, &range);
        image_barrier(cmd, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                      VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    }
    if (cw && ch) {
        VkBufferImageCopy region = {
            .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .imageExtent = {cw, ch, 1},
        };
        vkCmdCopyBufferToImage(cmd, s->staging, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    }
    image_barrier(cmd, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
                  VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                  VK_PIPELINE_STAGE_2_NONE, 0);
    VK_CHECK(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");

    VkSemaphoreSubmitInfo wait = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO, .semaphore = s->acquired,
                                  .stageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT};
    VkSemaphoreSubmitInfo signal = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
                                    .semaphore = w->presentable[index],
                                    .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT};
    VkCommandBufferSubmitInfo cb = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = cmd};
    VkSubmitInfo2 si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
        .waitSemaphoreInfoCount = 1,
        .pWaitSemaphoreInfos = &wait,
        .commandBufferInfoCount = 1,
        .pCommandBufferInfos = &cb,
        .signalSemaphoreInfoCount = 1,
        .pSignalSemaphoreInfos = &signal,
    };
    VK_CHECK(vkQueueSubmit2(w->vk.queue, 1, &si, s->fence), "vkQueueSubmit2");
    VkPresentInfoKHR pi = {
        .sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
        .waitSemaphoreCount = 1,
        .pWaitSemaphores = &w->presentable[index],
        .swapchainCount = 1,
        .pSwapchains = &w->swapchain,
        .pImageIndices = &index,
    };
    VkResult pr = vkQueuePresentKHR(w->vk.queue, &pi);
    if (pr == VK_ERROR_OUT_OF_DATE_KHR || pr == VK_SUBOPTIMAL_KHR) w->stale = true;
    else if (pr != VK_SUCCESS) return vk_fail(pr, "vkQueuePresentKHR");
    w->slot = (w->slot + 1) % VIEW_SLOTS;
    if (!glfwGetWindowAttrib(w->win, GLFW_VISIBLE)) glfwShowWindow(w->win);
    return 0;
}

void view_window_close(view_window *w)
{
    if (w->vk.device) {
        vkQueueWaitIdle(w->vk.queue);
        for (uint32_t i = 0; i < VIEW_SLOTS; i++) {
            view_slot *s = &w->slots[i];
            free_staging(w, s);
            if (s->fence) vkDestroyFence(w->vk.device, s->fence, NULL);
            if (s->acquired) vkDestroySemaphore(w->vk.device, s->acquired, NULL);
        }
        destroy_swapchain(w);
        if (w->pool) vkDestroyCommandPool(w->vk.device, w->pool, NULL);
    }
    if (w->surface) vkDestroySurfaceKHR(w->vk.instance, w->surface, NULL);
    if (w->win) glfwDestroyWindow(w->win);
    glfwTerminate();
    memset(w, 0, sizeof *w);
}
