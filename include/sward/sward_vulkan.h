/* sward_vulkan.h — embedding sward in a host renderer's Vulkan frame (like the Vulkan back-ends of Dear ImGui
 * or FidelityFX): the host owns the instance, the device, the queue, the command buffers and the images;
 * sward owns only its buffers, its intermediate images and its pipelines and records its passes into the host's
 * command buffer.
 *
 *     sward_context *ctx;   // wraps the host's device; destroys nothing of the host's
 *     sward_context_create_vulkan(&(sward_vulkan_device){ .instance = inst, .physical_device = gpu,
 *                                  .device = dev, .queue_family = family, .queue = queue,
 *                                  .features = &enabled_features2 }, &ctx, &err);
 *     sward_renderer *grass;
 *     sward_renderer_create_vulkan(ctx, scene, &(sward_vulkan_targets){ .depth_format = depth_format },
 *                                  &grass, &err);
 *     // each frame, in the host's command buffer:
 *     sward_cmd_place(grass, cmd, &(sward_vulkan_view){ .view = ..., .proj = ..., .eye = ..., .width = w,
 *                     .height = h, .time = t }, &err);           // compute: constants, tiles, placement
 *     vkCmdBeginRendering(cmd, ...);                             // the host's depth only
 *     sward_cmd_draw(grass, cmd, SWARD_DRAW_GROUND_DEPTH);       // (or the host's own occluders)
 *     vkCmdEndRendering(cmd);
 *     sward_cmd_cull(grass, cmd, &(sward_vulkan_depth){ .image = depth, .view = depth_view,
 *                    .layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL }, &err); // occluders, Hi-Z, cull
 *     vkCmdBeginRendering(cmd, ...);                             // the depth again (load)
 *     sward_cmd_draw(grass, cmd, SWARD_DRAW_BLADES_DEPTH);       // the blades' depth prime (SH1)
 *     vkCmdEndRendering(cmd);
 *     sward_cmd_gbuffer_barriers(grass, cmd);
 *     vkCmdBeginRendering(cmd, ...);                             // sward's G-buffer formats + the depth
 *     sward_cmd_draw(grass, cmd, SWARD_DRAW_GROUND | SWARD_DRAW_BLADES); // depth test EQUAL
 *     vkCmdEndRendering(cmd);
 *     sward_cmd_shadows(grass, cmd, &err);                       // the sun's shadow cascades
 *     sward_cmd_post(grass, cmd, &(sward_vulkan_post){ ...G-buffer, depth, output... }, &err); // resolves, lighting
 *
 * One frame, one list of passes: these calls record every pass sward's own frame runs, in its order (sward_render,
 * src/render/standalone.c, is this same list with sward's own targets, then a copy to the host memory):
 *   sward_cmd_place    wind_field, place, asset_place
 *   sward_cmd_draw     terrain_depth (SWARD_DRAW_GROUND_DEPTH)
 *   sward_cmd_cull     with mesh assets, the prime and a depth: hiz_ground, asset_cull_camera, asset_occluders (the
 *                      assets' depth prime into the host's depth, in sward's own render pass instance: SC3); then
 *                      hiz, asset_cull_late, cull, draw_args, asset_cull per view; asset_occluders_late and
 *                      hiz_history (two-phase culling); place_ahead
 *   sward_cmd_draw     grass_depth, asset_depth (SWARD_DRAW_BLADES_DEPTH); terrain, grass, asset_gbuffer
 *                      (SWARD_DRAW_GROUND | SWARD_DRAW_BLADES: those not resolved in compute)
 *   sward_cmd_shadows  shadow_near, shadow_raster, shadow_assets, shadow_mid, shadow_far, shadow_lit
 *   sward_cmd_post     raster, raster_merge (the compute rasteriser, BX1), resolve, asset_resolve, terrain_resolve
 *                      (the visibility buffers into the host's G-buffer, BX6), lighting, taa, exposure, bloom, post
 * (the plan of each frame says which of them run; only sward_render_hdr's read-back, hdr_out, is not a host's).
 * Each call ends with the barriers of the sward_cmd_draw passes that may follow it, which is why nothing of
 * sward's may be recorded inside the host's render pass instances but sward_cmd_draw.
 *
 * sward_cmd_cull may be given no depth (NULL) only when the view said so (sward_vulkan_view.no_occlusion): then
 * there is no occlusion culling. Without render.features.depth_prime the depth-only instances go and the
 * G-buffer passes test GREATER and write depth (the ground before sward_cmd_cull, the blades after it).
 * Conventions the host must follow: depth is reverse-Z (1 near, 0 far; sward's pipelines test GREATER and
 * write depth, or EQUAL after the prime); shading is deferred: sward's draws and resolves write its G-buffer
 * (SWARD_GBUFFER_FORMATS, with storage usage: sward_vulkan_post) and sward_cmd_post lights it into linear HDR
 * and tone-maps; the device has Vulkan 1.3 with dynamicRendering, synchronization2 and maintenance4 (sward's
 * SPIR-V 1.6 compute shaders declare their sizes with LocalSizeId), and multiDrawIndirect,
 * drawIndirectFirstInstance and fragmentStoresAndAtomics enabled; the optional features it enabled
 * (sward_vulkan_device.features) decide the paths, as the device's do for sward_render. The host records sward's
 * calls for its frames in submission order on one queue, and keeps at most frames_in_flight frames in flight:
 * when sward_cmd_place is recorded for frame N, frame N - frames_in_flight has completed on the GPU (sward then
 * reuses that frame's per-frame resources, reads its counters and frees what it retired; it never waits for the
 * device while recording). examples/embed.c is a complete minimal host; its image is sward render's byte for
 * byte.
 *
 * A streamed world's pages (BX7, docs/streaming.md "Uploads"): given a transfer queue (sward_vulkan_device), sward
 * submits each frame's page copy (host memory -> device) to it from sward_cmd_place, signalling a timeline
 * semaphore; the host's submit of that frame's command buffer must then wait on it (sward_renderer_frame_wait).
 * Without one the copy is recorded in the host's command buffer and nothing is waited for. */
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
    /* The features the device was created with (its VkDeviceCreateInfo's chain: VkPhysicalDeviceFeatures2 and
     * VkPhysicalDeviceVulkan12Features or VkPhysicalDeviceShaderAtomicInt64Features), read during the call; NULL:
     * none of the optional ones. sward's frame uses what is there of depthClamp, depthBiasClamp, independentBlend,
     * pipelineStatisticsQuery, geometryShader (the assets' visibility buffer, BX6), shaderInt64 with
     * shaderBufferInt64Atomics and shaderStorageImageExtendedFormats (the compute rasteriser, BX1): enable those
     * the device has to get the frame `sward render` makes on it. */
    const VkPhysicalDeviceFeatures2 *features;
    /* Optional (VK_NULL_HANDLE: none; sward then copies pages on `queue`'s command buffers as before): a queue for
     * the streamed world's page uploads, ideally of a family with TRANSFER and neither GRAPHICS nor COMPUTE (a
     * discrete GPU's copy engine: the copy from host memory then runs beside the frames), and its family. sward
     * submits to it from sward_cmd_place, on the thread that calls sward: the queue is externally synchronised,
     * so the host must not use it concurrently from another thread (or give none). Needs timelineSemaphore
     * enabled (VkPhysicalDeviceVulkan12Features in `features`). sward's buffers that both queues use are shared
     * (VK_SHARING_MODE_CONCURRENT over the two families): no ownership transfers. */
    VkQueue transfer_queue;
    uint32_t transfer_family;
} sward_vulkan_device;

/* Wraps the host's device. sward_context_destroy then frees sward's objects only. */
sward_result sward_context_create_vulkan(const sward_vulkan_device *desc, sward_context **out, sward_error *err);

/* The Vulkan objects of a context, wrapped or created by sward (sward_context_create): a host that presents
 * sward's frames records its own work on this queue, from the thread that calls sward (the queue is externally
 * synchronised), and destroys its objects before sward_context_destroy. Its features pointer is NULL; its
 * transfer_queue is the one sward submits page uploads to (VK_NULL_HANDLE: none), for no other use. */
sward_vulkan_device sward_context_vulkan(const sward_context *ctx);

typedef struct sward_vulkan_targets {
    VkFormat depth_format; /* the host's depth target; 0 = VK_FORMAT_D32_SFLOAT */
    bool no_terrain;       /* true: sward never draws its ground (the host has its own) */
    uint32_t frames_in_flight; /* frames the host has in flight at most; 0 = SWARD_FRAMES_IN_FLIGHT, at most 4 */
    /* BX7, a streamed world: the page jobs' worker count, whether frames wait for pages, the upload budget, or
     * the host's own job system (run_job) instead of sward's threads (sward.h: sward_streaming; later changes:
     * sward_renderer_set_streaming). NULL: SWARD_STREAM_WORKERS_DEFAULT threads, frames that wait. A game sets
     * no_wait: sward_cmd_place then never waits for a page (docs/streaming.md). */
    const sward_streaming *streaming;
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
    bool no_occlusion;      /* true: this frame's sward_cmd_cull gets no depth (no occlusion culling) */
} sward_vulkan_view;

/* The scene's own camera as a view for a width x height target (what the standalone path uses). */
sward_vulkan_view sward_scene_view(const sward_scene *scene, uint32_t width, uint32_t height, float time);

/* Starts a frame: records the frame's and the view's constants, the tiles near the camera and the placement
 * compute, outside any render pass. Choosing the tiles costs O(tiles) on the CPU. Lists that must grow are
 * replaced, the old ones freed frames_in_flight frames later: sward never waits for the device here. After
 * it the ground can be drawn (sward_cmd_draw with SWARD_DRAW_GROUND). */
sward_result sward_cmd_place(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_view *view,
                             sward_error *err);

/* The host's depth buffer, handed to sward_cmd_cull for occlusion culling: the occluders drawn so far this
 * frame (reverse-Z). The image needs VK_IMAGE_USAGE_SAMPLED_BIT, the format given at creation, and the view's
 * width x height; the view has the depth aspect. `layout` is its layout when sward_cmd_cull is recorded
 * (after its writes as a depth attachment); sward leaves it in that layout, its reads ordered before later
 * depth writes. */
typedef struct sward_vulkan_depth {
    VkImage image;
    VkImageView view;
    VkImageLayout layout;
} sward_vulkan_depth;

/* Culls the placed blades for the frame's view (distance, thinning, frustum, and occlusion against `depth`'s
 * min/max pyramid) into a compact list of survivors, then writes the indirect draw arguments, with the barriers
 * that make them ready for sward_cmd_draw. With mesh assets and the depth prime it first culls the camera's
 * assets against the depth and draws their depth prime into it (in a render pass instance of its own, the depth
 * at the size of the view: the blades' pyramid then holds them), and after the blades' culling the assets the
 * last frame's pyramid hid and this one does not (two-phase culling, SC3). `depth` may be NULL only when
 * sward_cmd_place's view had no_occlusion. Outside any render pass. */
sward_result sward_cmd_cull(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_depth *depth,
                            sward_error *err);

/* Records the sun's shadow cascades (SPEC LS2-LS4) for this frame's view, outside any render pass, after
 * sward_cmd_cull (which culls the near cascade's blades with the camera's): the near cascade (terrain and
 * alpha-tested blades within ~8 m) and the mid one (terrain and the grass impostor, to ~80 m) into sward's
 * 2-layer shadow map, and, when the camera has moved far enough or the sun has turned, the far lit-height map
 * (~1.5 km). sward's deferred lighting reads them. Nothing when the scene's render.features lack shadows or
 * the sun is below the horizon. */
sward_result sward_cmd_shadows(sward_renderer *r, VkCommandBuffer cmd, sward_error *err);

/* What sward_cmd_draw records: sward's ground (unless the renderer was created with no_terrain), the blades. */
#define SWARD_DRAW_GROUND 1u        /* the ground into the G-buffer */
#define SWARD_DRAW_BLADES 2u        /* the blades into the G-buffer */
#define SWARD_DRAW_GROUND_DEPTH 4u  /* the ground's depth prime (depth only) */
#define SWARD_DRAW_BLADES_DEPTH 8u  /* the blades' depth prime (depth only) */

/* sward's G-buffer (SPEC SH2), the colour attachments of the render pass instance that SWARD_DRAW_GROUND and
 * SWARD_DRAW_BLADES draw into, and the storage images sward_cmd_post's resolves write, in this order: albedo + AO, octahedral normal + roughness + kind, reflectance
 * + translucency amount and diffusion, motion in pixels (this frame's unjittered position minus the previous
 * frame's: the ground's by the camera, the blades' and mesh assets' by the camera and their wind; with
 * render.features.taa the previous frame is the renderer's last one unless the camera cut; without TAA there is
 * none and every vector is 0). With render.features.depth_prime (the default) the
 * depth passes come first, in a depth-only instance, and the G-buffer passes test EQUAL without writes. */
#define SWARD_GBUFFER_COUNT 4
#define SWARD_GBUFFER_FORMATS                                                                                  \
    {VK_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_A2B10G10R10_UNORM_PACK32, VK_FORMAT_R8G8B8A8_UNORM,                    \
     VK_FORMAT_R16G16_SFLOAT}

/* With the depth prime: the barriers between the depth-only render pass instance (SWARD_DRAW_*_DEPTH) and the
 * G-buffer one (SWARD_DRAW_GROUND, SWARD_DRAW_BLADES); record it between the two, outside both. */
void sward_cmd_gbuffer_barriers(sward_renderer *r, VkCommandBuffer cmd);

/* Records the ground and/or the blades (`what`: SWARD_DRAW_*; 0 = SWARD_DRAW_GROUND | SWARD_DRAW_BLADES);
 * call inside the host's vkCmdBeginRendering: for the *_DEPTH flags with a depth attachment only (the format
 * given at creation), for the others with the SWARD_GBUFFER_COUNT colour attachments of SWARD_GBUFFER_FORMATS
 * (the motion target cleared to -32768: "no motion") and the depth. Blades need this frame's sward_cmd_cull
 * first. */
void sward_cmd_draw(sward_renderer *r, VkCommandBuffer cmd, uint32_t what);

/* The host's images for sward_cmd_post: the G-buffer sward's draws wrote (SWARD_GBUFFER_FORMATS, with
 * VK_IMAGE_USAGE_SAMPLED_BIT and VK_IMAGE_USAGE_STORAGE_BIT, the albedo made with VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT
 * and VK_IMAGE_CREATE_EXTENDED_USAGE_BIT, in `gbuffer_layout` after their writes as colour attachments), the depth
 * (sampled, in `depth_layout` after its writes as a depth attachment), and the output (VK_FORMAT_R8G8B8A8_UNORM
 * with VK_IMAGE_USAGE_STORAGE_BIT; its contents are replaced). The G-buffer and depth are left in their
 * layouts, the output in VK_IMAGE_LAYOUT_GENERAL, each with its writes visible to every later command. The
 * lit HDR image between lighting and tone mapping is sward's own. */
typedef struct sward_vulkan_post {
    VkImage gbuffer[SWARD_GBUFFER_COUNT], depth, out;
    VkImageView gbuffer_view[SWARD_GBUFFER_COUNT], depth_view, out_view;
    VkImageLayout gbuffer_layout, depth_layout;
    /* gbuffer[0] as VK_FORMAT_R8G8B8A8_UNORM (its image made with VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT): sward's
     * resolves write the albedo through it (compute cannot write sRGB); may be 0 only when no resolve runs
     * (render.raster "hardware", no depth prime, no mesh assets) */
    VkImageView albedo_storage_view;
} sward_vulkan_post;

/* sward's compute rasteriser and resolves, deferred lighting and post passes into the host's images (what the
 * standalone frame does): the blades the compute rasteriser draws (BX1) and the surfaces of sward's visibility
 * buffers (the mesh assets', the ground's: BX6) resolved into the G-buffer, the G-buffer lit by the sun and the
 * sky (with shadows), the sky where the depth is empty, distance haze; with the
 * scene's TAA (SH8) the frame is resolved against sward's history of the earlier frames (sward jitters its own
 * blades and ground by a sub-pixel offset each frame and keeps the history; a first frame, a resize or a camera
 * cut starts a new one: render a still 1 + SWARD_TAA_WARMUP_DEFAULT times to converge it, as sward_render
 * does); bloom (PO3), exposure (PO4: with render.exposure "auto" metered from this frame and adapted from the
 * last one's over their times' difference; the frame's stats say which: sward_frame_stats.exposure.linear), the
 * Uncharted 2 filmic curve with the scene's white point, sRGB. Outside any render pass, after this frame's
 * sward_cmd_place. */
sward_result sward_cmd_post(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_post *images,
                            sward_error *err);

/* What the host's submit of the frame sward_cmd_place last began must wait on (BX7): the timeline semaphore
 * that sward's page upload for it signals, the value and the stage (add them to the submit's
 * pWaitSemaphoreInfos, VkSemaphoreSubmitInfo). *semaphore is VK_NULL_HANDLE when the frame has nothing to wait
 * for (no transfer queue, or no pages this frame). Any argument but r may be NULL. */
void sward_renderer_frame_wait(const sward_renderer *r, VkSemaphore *semaphore, uint64_t *value,
                               VkPipelineStageFlags2 *stage);

/* Counters and GPU pass times of a frame recorded with these calls. With `completed` true the host says the
 * newest frame has completed on the GPU (it waited for its fence): its stats are read. Otherwise the stats are
 * those of the newest frame sward has read by itself, frames_in_flight frames after it ran (no waiting).
 * stats.struct_size must be sizeof(sward_frame_stats) (SWARD_FRAME_STATS_INIT), else SWARD_ERROR_INVALID_INPUT. */
sward_result sward_vulkan_frame_stats(sward_renderer *r, bool completed, sward_frame_stats *stats, sward_error *err);

#ifdef __cplusplus
}
#endif

#endif
