/* sward_vulkan.h — embedding sward in a host renderer's Vulkan frame (like the Vulkan back-ends of Dear ImGui
 * or FidelityFX): the host owns the instance, the device, the queue, the command buffers and the images;
 * sward owns only its buffers and pipelines and records its passes into the host's command buffer.
 *
 *     sward_context *ctx;   // wraps the host's device; destroys nothing of the host's
 *     sward_context_create_vulkan(&(sward_vulkan_device){ .instance = inst, .physical_device = gpu,
 *                                  .device = dev, .queue_family = family, .queue = queue }, &ctx, &err);
 *     sward_renderer *grass;
 *     sward_renderer_create_vulkan(ctx, scene, &(sward_vulkan_targets){ .color_format = hdr_format,
 *                                  .depth_format = depth_format }, &grass, &err);
 *     // each frame, in the host's command buffer:
 *     sward_cmd_place(grass, cmd, &(sward_vulkan_view){ .view = ..., .proj = ..., .eye = ..., .width = w,
 *                     .height = h, .time = t }, &err);           // compute: place, cull, indirect args
 *     vkCmdBeginRendering(cmd, ...);                             // the host's HDR colour + depth targets
 *     sward_cmd_draw(grass, cmd);                                // the blades (and optionally the ground)
 *     vkCmdEndRendering(cmd);
 *
 * Conventions the host must follow: depth is reverse-Z (1 near, 0 far; sward's pipelines test GREATER and
 * write depth); colour is linear HDR radiance (the host tone-maps); the device has Vulkan 1.3 with
 * dynamicRendering and synchronization2, and multiDrawIndirect and drawIndirectFirstInstance enabled.
 * examples/embed.c is a complete minimal host. */
#ifndef SWARD_VULKAN_H
#define SWARD_VULKAN_H

#include "sward/sward.h"

#include <vulkan/vulkan.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sward_vulkan_device {
    VkInstance instance;
    VkPhysicalDevice physical_device;
    VkDevice device;
    uint32_t queue_family; /* a graphics + compute family; the host records sward's passes on it */
    VkQueue queue;         /* of that family: sward submits its one-time uploads here (and waits) */
    bool debug_utils;      /* the instance has VK_EXT_debug_utils enabled: sward names its objects */
    sward_logger logger;
} sward_vulkan_device;

/* Wraps the host's device. sward_context_destroy then frees sward's objects only. */
sward_result sward_context_create_vulkan(const sward_vulkan_device *desc, sward_context **out, sward_error *err);

typedef struct sward_vulkan_targets {
    VkFormat color_format; /* the host's HDR colour target; 0 = VK_FORMAT_R16G16B16A16_SFLOAT */
    VkFormat depth_format; /* the host's depth target; 0 = VK_FORMAT_D32_SFLOAT */
    bool no_terrain;       /* true: sward_cmd_draw draws blades only (the host has its own ground) */
} sward_vulkan_targets;

/* A renderer that draws into the host's targets (no targets, sky or tone mapping of its own). */
sward_result sward_renderer_create_vulkan(sward_context *ctx, const sward_scene *scene,
                                          const sward_vulkan_targets *targets, sward_renderer **out,
                                          sward_error *err);

typedef struct sward_vulkan_view {
    float view[16];         /* world -> view, column-major (GLSL, cglm) */
    float proj[16];         /* view -> Vulkan clip space (y down, depth 0..1), reverse-Z */
    float eye[3];           /* camera position in the world, m */
    uint32_t width, height; /* render area in pixels; sward sets viewport and scissor to it */
    float time;             /* s, wind animation time */
} sward_vulkan_view;

/* The scene's own camera as a view for a width x height target (what the standalone path uses). */
sward_vulkan_view sward_scene_view(const sward_scene *scene, uint32_t width, uint32_t height, float time);

/* Records this frame's placement and culling compute, outside any render pass, with the barriers that
 * make its output ready for sward_cmd_draw. Choosing the tiles costs O(tiles) on the CPU. When the field
 * needs more tiles than ever before, sward grows its buffers and waits for the device to be idle first. */
sward_result sward_cmd_place(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_view *view,
                             sward_error *err);

/* Records the ground (unless no_terrain) and the blades; call inside the host's vkCmdBeginRendering with
 * one colour attachment and a depth attachment of the formats given at creation. */
void sward_cmd_draw(sward_renderer *r, VkCommandBuffer cmd);

#ifdef __cplusplus
}
#endif

#endif
