/* view_window.h — the viewer's window (`sward view`): a GLFW window with a Vulkan swapchain on sward's own
 * device (sward_context_desc's extensions, sward_context_vulkan's handles). Each frame's pixels (RGBA8, what
 * sward_render_wait reads back, with the HUD drawn over them) are copied through a host-visible staging buffer
 * into the acquired swapchain image and presented; two presentation slots, each with its fence, so the copy of
 * one frame overlaps the next. */
#ifndef SWARD_APP_VIEW_WINDOW_H
#define SWARD_APP_VIEW_WINDOW_H

#include <sward/sward_vulkan.h>

#include <stdbool.h>
#include <stdint.h>

#define VIEW_SLOTS 2
#define VIEW_MAX_IMAGES 8

typedef struct GLFWwindow GLFWwindow;

typedef struct view_slot {
    VkCommandBuffer cmd;
    VkFence fence;         /* signalled when the slot's last copy is done */
    VkSemaphore acquired;  /* the swapchain image is ready to be written */
    VkBuffer staging;
    VkDeviceMemory memory;
    VkDeviceSize size;
    void *mapped;
} view_slot;

typedef struct view_window {
    GLFWwindow *win;
    sward_vulkan_device vk;
    VkSurfaceKHR surface;
    VkSwapchainKHR swapchain;
    VkFormat format;       /* R8G8B8A8_UNORM or B8G8R8A8_UNORM: sward's bytes are already sRGB-encoded */
    VkExtent2D extent;
    uint32_t image_count;
    VkImage images[VIEW_MAX_IMAGES];
    VkSemaphore presentable[VIEW_MAX_IMAGES]; /* per image: its copy is done, present it */
    VkCommandPool pool;
    view_slot slots[VIEW_SLOTS];
    uint32_t slot;
    bool stale;            /* the swapchain no longer matches the window (resized): recreated before the next */
} view_window;

/* glfwInit and a window of width x height (not shown to the user until the first frame is ready). 0 or an
 * exit status with the message printed. */
int view_window_open(view_window *w, uint32_t width, uint32_t height, const char *title);
/* The instance extensions GLFW needs for a surface (for sward_context_desc). */
const char *const *view_window_instance_extensions(uint32_t *count);
/* The surface and swapchain on the context's device; its queue family must present. 0 or an exit status. */
int view_window_attach(view_window *w, sward_context *ctx);
/* The window's drawable size in pixels (0 x 0 while minimised). */
void view_window_size(const view_window *w, uint32_t *width, uint32_t *height);
/* Copies width x height RGBA8 pixels to the top-left of the next swapchain image (the rest cleared) and presents
 * it. 0 or an exit status. */
int view_window_present(view_window *w, const uint8_t *pixels, uint32_t width, uint32_t height);
/* Waits for the window's GPU work and destroys everything it made (the context stays). */
void view_window_close(view_window *w);

#endif
