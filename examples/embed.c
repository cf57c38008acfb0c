/* embed.c — a minimal host renderer that embeds sward (include/sward/sward_vulkan.h).
 *
 * The host owns everything Vulkan: it creates the instance and device (with the optional features sward's frame
 * uses, where the device has them, and a queue of a dedicated transfer family for sward's page uploads where there
 * is one), its G-buffer (sward's formats, writable by sward's compute resolves), depth and output targets, and the
 * command buffer. Each frame it lets sward record the placement (compute), the ground's depth prime inside its
 * own depth-only rendering, the culling against its depth buffer (compute: the mesh assets' occluders drawn into
 * it, Hi-Z, two-phase culling), the blades' depth prime, then the G-buffer rendering (depth EQUAL), the shadow
 * maps, and the compute rasteriser, the resolves, the deferred lighting and post passes into its output image,
 * which it reads back and writes as a PNG; its submit waits for sward's page upload, if the frame made one. These
 * are the calls the standalone `sward render` is made of: the PNG is byte-identical to `sward render`'s of the
 * scene with the same overrides (tests/cli/test_embed_host.sh compares every repository scene).
 *
 *     sward_example_embed [SCENE.json] [--set PATH=VALUE]... [-o OUT.png]
 *
 * It prints the frame's counters (blades drawn, by the compute rasteriser, removed by occlusion; mesh-asset
 * instances occluded). Exit status 0 when the frame shows a field of grass and, if SWARD_VALIDATION=1, the
 * validation layer said nothing; ctest runs it as gpu_example_embed. */
#include <sward/sward_vulkan.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                                           \
    do {                                                                                                      \
        VkResult r_ = (call);                                                                                 \
        if (r_ != VK_SUCCESS) {                                                                               \
            fprintf(stderr, "embed: %s failed (%d) at line %d\n", #call, (int)r_, __LINE__);                  \
            exit(5);                                                                                          \
        }                                                                                                     \
    } while (0)

typedef struct host {
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    VkPhysicalDevice gpu;
    uint32_t family;
    VkDevice device;
    VkQueue queue;
    uint32_t transfer_family; /* a dedicated transfer family's (the copy engine), for sward's page uploads */
    VkQueue transfer_queue;   /* VK_NULL_HANDLE: the device has none */
    VkCommandPool pool;
    uint32_t messages; /* validation messages seen */
} host;

static VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                      VkDebugUtilsMessageTypeFlagsEXT type,
                                      const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
    (void)type;
    if (severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
        ((host *)user)->messages++;
        fprintf(stderr, "embed: validation: %s\n", data->pMessage);
    }
    return VK_FALSE;
}

/* The device's features as the host enables them: sward's required ones, and what the device has of the optional
 * ones sward's frame uses (sward_vulkan_device.features). */
typedef struct host_features {
    VkPhysicalDeviceFeatures2 f2;
    VkPhysicalDeviceVulkan12Features f12;
    VkPhysicalDeviceVulkan13Features f13;
} host_features;

static void host_create(host *h, host_features *hf, bool validation)
{
    const char *layer = "VK_LAYER_KHRONOS_validation";
    const char *exts[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME, VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME};
    VkValidationFeatureEnableEXT sync = VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT;
    VkValidationFeaturesEXT features = {.sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
                                        .enabledValidationFeatureCount = 1,
                                        .pEnabledValidationFeatures = &sync};
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .pApplicationName = "sward embed example",
                             .apiVersion = VK_API_VERSION_1_3};
    VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                .pNext = validation ? &features : NULL,
                                .pApplicationInfo = &app,
                                .enabledLayerCount = validation ? 1u : 0u,
                                .ppEnabledLayerNames = &layer,
                                .enabledExtensionCount = validation ? 2u : 0u,
                                .ppEnabledExtensionNames = exts};
    CHECK(vkCreateInstance(&ici, NULL, &h->instance));
    if (validation) {
        VkDebugUtilsMessengerCreateInfoEXT mi = {
            .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
            .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
            .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT,
            .pfnUserCallback = on_message,
            .pUserData = h};
        PFN_vkCreateDebugUtilsMessengerEXT create =
            (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(h->instance, "vkCreateDebugUtilsMessengerEXT");
        CHECK(create(h->instance, &mi, NULL, &h->messenger));
    }
    uint32_t n = 1;
    CHECK(vkEnumeratePhysicalDevices(h->instance, &n, &h->gpu) < 0 ? VK_ERROR_INITIALIZATION_FAILED : VK_SUCCESS);
    if (n == 0) {
        fprintf(stderr, "embed: no Vulkan device\n");
        exit(4);
    }
    VkQueueFamilyProperties fams[16];
    uint32_t nf = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(h->gpu, &nf, fams);
    for (h->family = 0; h->family < nf; h->family++)
        if ((fams[h->family].queueFlags & (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT)) ==
            (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT))
            break;
    /* a family with TRANSFER and neither GRAPHICS nor COMPUTE (a discrete GPU's copy engine): sward's streamed
     * world uploads its pages there, beside the frames (sward_vulkan_device.transfer_queue) */
    h->transfer_family = nf;
    for (uint32_t i = 0; i < nf && h->transfer_family == nf; i++)
        if ((fams[i].queueFlags & VK_QUEUE_TRANSFER_BIT) &&
            !(fams[i].queueFlags & (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT)))
            h->transfer_family = i;
    float prio = 1.0f;
    VkDeviceQueueCreateInfo qi[2] = {{.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                      .queueFamilyIndex = h->family, .queueCount = 1, .pQueuePriorities = &prio},
                                     {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                      .queueFamilyIndex = h->transfer_family, .queueCount = 1,
                                      .pQueuePriorities = &prio}};
    /* What sward needs from the host's device (sward_vulkan.h), and what it uses where the device has it. */
    VkPhysicalDeviceVulkan12Features has12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceFeatures2 has = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &has12};
    vkGetPhysicalDeviceFeatures2(h->gpu, &has);
    hf->f13 = (VkPhysicalDeviceVulkan13Features){.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                                 .dynamicRendering = VK_TRUE, .synchronization2 = VK_TRUE,
                                                 .maintenance4 = VK_TRUE};
    hf->f12 = (VkPhysicalDeviceVulkan12Features){.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                                 .pNext = &hf->f13,
                                                 .shaderBufferInt64Atomics = has12.shaderBufferInt64Atomics,
                                                 .timelineSemaphore = has12.timelineSemaphore};
    hf->f2 = (VkPhysicalDeviceFeatures2){
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
        .pNext = &hf->f12,
        .features = {.multiDrawIndirect = VK_TRUE, .drawIndirectFirstInstance = VK_TRUE,
                     .fragmentStoresAndAtomics = VK_TRUE, .depthClamp = has.features.depthClamp,
                     .depthBiasClamp = has.features.depthBiasClamp, .independentBlend = has.features.independentBlend,
                     .shaderInt64 = has.features.shaderInt64,
                     .pipelineStatisticsQuery = has.features.pipelineStatisticsQuery,
                     .shaderStorageImageExtendedFormats = has.features.shaderStorageImageExtendedFormats,
                     .geometryShader = has.features.geometryShader}};
    const bool transfer = h->transfer_family < nf && has12.timelineSemaphore;
    VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &hf->f2,
                              .queueCreateInfoCount = transfer ? 2u : 1u, .pQueueCreateInfos = qi};
    CHECK(vkCreateDevice(h->gpu, &dci, NULL, &h->device));
    vkGetDeviceQueue(h->device, h->family, 0, &h->queue);
    if (transfer) vkGetDeviceQueue(h->device, h->transfer_family, 0, &h->transfer_queue);
    VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                   .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                   .queueFamilyIndex = h->family};
    CHECK(vkCreateCommandPool(h->device, &pci, NULL, &h->pool));
}

static uint32_t memory_type(host *h, uint32_t bits, VkMemoryPropertyFlags want)
{
    VkPhysicalDeviceMemoryProperties mp;
    vkGetPhysicalDeviceMemoryProperties(h->gpu, &mp);
    for (uint32_t i = 0; i < mp.memoryTypeCount; i++)
        if ((bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want) return i;
    fprintf(stderr, "embed: no memory type\n");
    exit(5);
}

typedef struct target {
    VkImage image;
    VkImageView view;
    VkImageView storage_view; /* the sRGB albedo's UNORM view (sward_vulkan_post.albedo_storage_view) */
    VkDeviceMemory memory;
} target;

static target target_create(host *h, VkFormat format, VkImageUsageFlags usage, VkImageAspectFlags aspect,
                            uint32_t w, uint32_t ht)
{
    target t = {0};
    VkImageCreateInfo ii = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
                            /* the albedo (sRGB) is written by sward's resolves through a UNORM view: sRGB itself
                             * is no storage format */
                            .flags = format == VK_FORMAT_R8G8B8A8_SRGB
                                         ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT
                                         : 0u,
                            .format = format, .extent = {w, ht, 1}, .mipLevels = 1, .arrayLayers = 1,
                            .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL, .usage = usage};
    CHECK(vkCreateImage(h->device, &ii, NULL, &t.image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(h->device, t.image, &req);
    VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
                               .memoryTypeIndex = memory_type(h, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)};
    CHECK(vkAllocateMemory(h->device, &ai, NULL, &t.memory));
    CHECK(vkBindImageMemory(h->device, t.image, t.memory, 0));
    const bool srgb = format == VK_FORMAT_R8G8B8A8_SRGB;
    VkImageViewUsageCreateInfo own = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
                                      .usage = usage & ~(VkImageUsageFlags)VK_IMAGE_USAGE_STORAGE_BIT};
    VkImageViewUsageCreateInfo storage = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
                                          .usage = VK_IMAGE_USAGE_STORAGE_BIT};
    VkImageViewCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .pNext = srgb ? &own : NULL,
                                .image = t.image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = format,
                                .subresourceRange = {aspect, 0, 1, 0, 1}};
    CHECK(vkCreateImageView(h->device, &vi, NULL, &t.view));
    if (srgb) {
        vi.pNext = &storage;
        vi.format = VK_FORMAT_R8G8B8A8_UNORM;
        CHECK(vkCreateImageView(h->device, &vi, NULL, &t.storage_view));
    }
    return t;
}

static void barrier(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect, VkPipelineStageFlags2 src_stage,
                    VkAccessFlags2 src, VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst, VkImageLayout from,
                    VkImageLayout to)
{
    VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2, .srcStageMask = src_stage,
                               .srcAccessMask = src, .dstStageMask = dst_stage, .dstAccessMask = dst,
                               .oldLayout = from, .newLayout = to, .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                               .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = image,
                               .subresourceRange = {aspect, 0, 1, 0, 1}};
    VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .imageMemoryBarrierCount = 1,
                           .pImageMemoryBarriers = &b};
    vkCmdPipelineBarrier2(cmd, &di);
}

int main(int argc, char **argv)
{
    const char *scene_path = NULL, *out = "out/embed.png";
    const char *sets[32];
    size_t set_count = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) out = argv[++i];
        else if (strcmp(argv[i], "--set") == 0 && i + 1 < argc && set_count < 32) sets[set_count++] = argv[++i];
        else scene_path = argv[i];
    }
    const char *env = getenv("SWARD_VALIDATION");
    bool validation = env && strcmp(env, "0") != 0 && env[0];

    sward_error err = {0};
    sward_scene *scene = NULL;
    sward_result res = sward_scene_load_overrides(scene_path, sets, set_count, &scene, &err);
    if (res != SWARD_OK) {
        fprintf(stderr, "embed: %s\n", err.message);
        return (int)res;
    }
    sward_render_settings rs = sward_scene_render_settings(scene);
    uint32_t w = rs.width, ht = rs.height;

    host h = {0};
    host_features hf;
    host_create(&h, &hf, validation);

    /* 1. sward wraps the host's device and builds the scene's GPU data and pipelines for the host's formats. */
    sward_context *ctx = NULL;
    sward_renderer *grass = NULL;
    sward_vulkan_device vd = {.instance = h.instance, .physical_device = h.gpu, .device = h.device,
                              .queue_family = h.family, .queue = h.queue, .debug_utils = validation,
                              .features = &hf.f2, .transfer_queue = h.transfer_queue,
                              .transfer_family = h.transfer_family};
    if (sward_context_create_vulkan(&vd, &ctx, &err) != SWARD_OK ||
        sward_renderer_create_vulkan(ctx, scene, &(sward_vulkan_targets){.depth_format = VK_FORMAT_D32_SFLOAT}, &grass,
                                     &err) != SWARD_OK) {
        fprintf(stderr, "embed: %s\n", err.message);
        return (int)err.code;
    }

    /* 2. The host's targets and read-back buffer. */
    /* sward's G-buffer formats; sampled and storage too: sward_cmd_post resolves its visibility buffers into it and
     * lights it in compute */
    const VkFormat gformats[SWARD_GBUFFER_COUNT] = SWARD_GBUFFER_FORMATS;
    target gbuf[SWARD_GBUFFER_COUNT];
    for (int i = 0; i < SWARD_GBUFFER_COUNT; i++)
        gbuf[i] = target_create(&h, gformats[i],
                                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                                    VK_IMAGE_USAGE_STORAGE_BIT,
                                VK_IMAGE_ASPECT_COLOR_BIT, w, ht);
    target ldr = target_create(&h, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                               VK_IMAGE_ASPECT_COLOR_BIT, w, ht);
    /* sampled too: the host hands its depth to sward_cmd_cull for occlusion culling */
    target depth = target_create(&h, VK_FORMAT_D32_SFLOAT,
                                 VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
                                 VK_IMAGE_ASPECT_DEPTH_BIT, w, ht);
    VkBuffer readback;
    VkDeviceMemory readback_mem;
    VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = (VkDeviceSize)w * ht * 4,
                             .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    CHECK(vkCreateBuffer(h.device, &bi, NULL, &readback));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(h.device, readback, &req);
    VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
                               .memoryTypeIndex = memory_type(&h, req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                                                         VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)};
    CHECK(vkAllocateMemory(h.device, &ai, NULL, &readback_mem));
    CHECK(vkBindBufferMemory(h.device, readback, readback_mem, 0));

    /* 3. The frames: sward's compute, then the host's rendering with sward's draws inside it. The camera stands
     * still, so sward's temporal anti-aliasing (SH8) accumulates the jittered frames: like sward_render's
     * warm-up before a still, the host shows the 1 + SWARD_TAA_WARMUP_DEFAULT-th frame (one frame in flight:
     * each is waited for); without TAA the first. A frame whose blades outgrew sward's lists (its counters say
     * how many were dropped; the lists have grown for the next) is rendered again, as sward_render does. */
    VkCommandBuffer cmd;
    VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = h.pool,
                                       .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1};
    CHECK(vkAllocateCommandBuffers(h.device, &cai, &cmd));
    const bool taa = (sward_scene_features(scene) & SWARD_FEATURE_TAA) != 0;
    int frames = taa ? 1 + SWARD_TAA_WARMUP_DEFAULT : 1;
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    for (int frame = 0; frame < frames; frame++) {
        VkCommandBufferBeginInfo cbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        CHECK(vkBeginCommandBuffer(cmd, &cbi));
        sward_vulkan_view view = sward_scene_view(scene, w, ht, rs.time);
        if (sward_cmd_place(grass, cmd, &view, &err) != SWARD_OK) {
            fprintf(stderr, "embed: %s\n", err.message);
            return (int)err.code;
        }
        for (int i = 0; i < SWARD_GBUFFER_COUNT; i++)
            barrier(cmd, gbuf[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_PIPELINE_STAGE_2_NONE, 0,
                    VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                    VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
        barrier(cmd, depth.image, VK_IMAGE_ASPECT_DEPTH_BIT, VK_PIPELINE_STAGE_2_NONE, 0,
                VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL);
        VkRenderingAttachmentInfo ca[SWARD_GBUFFER_COUNT];
        for (int i = 0; i < SWARD_GBUFFER_COUNT; i++) {
            float c = i == SWARD_GBUFFER_COUNT - 1 ? -32768.0f : 0.0f; /* the motion target: "no motion" */
            ca[i] = (VkRenderingAttachmentInfo){.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                                .imageView = gbuf[i].view,
                                                .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                                .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                                .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                                .clearValue = {.color = {{c, c, 0.0f, 0.0f}}}};
        }
        VkRenderingAttachmentInfo da = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = depth.view,
                                        .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                                        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                        .clearValue = {.depthStencil = {0.0f, 0}}};
        VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = {{0, 0}, {w, ht}}, .layerCount = 1,
                              .colorAttachmentCount = 0, .pDepthAttachment = &da};
        /* Two-phase, as a host with occluders would: the occluders' depth first (here sward's ground), then sward
         * culls the blades against the host's depth, then the blades' depth (the depth prime, SH1), then the
         * G-buffer of both with depth test EQUAL. */
        vkCmdBeginRendering(cmd, &ri);
        sward_cmd_draw(grass, cmd, SWARD_DRAW_GROUND_DEPTH);
        vkCmdEndRendering(cmd);
        sward_vulkan_depth occluders = {.image = depth.image, .view = depth.view,
                                        .layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL};
        if (sward_cmd_cull(grass, cmd, &occluders, &err) != SWARD_OK) {
            fprintf(stderr, "embed: %s\n", err.message);
            return (int)err.code;
        }
        da.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
        vkCmdBeginRendering(cmd, &ri);
        sward_cmd_draw(grass, cmd, SWARD_DRAW_BLADES_DEPTH);
        vkCmdEndRendering(cmd);
        sward_cmd_gbuffer_barriers(grass, cmd);
        ri.colorAttachmentCount = SWARD_GBUFFER_COUNT;
        ri.pColorAttachments = ca;
        vkCmdBeginRendering(cmd, &ri);
        sward_cmd_draw(grass, cmd, SWARD_DRAW_GROUND | SWARD_DRAW_BLADES);
        vkCmdEndRendering(cmd);
        /* the sun's shadow cascades (sward's own maps, for its lighting) */
        if (sward_cmd_shadows(grass, cmd, &err) != SWARD_OK) {
            fprintf(stderr, "embed: %s\n", err.message);
            return (int)err.code;
        }
        /* sward's deferred lighting, sky, haze and filmic tone map into the host's output (left in GENERAL) */
        sward_vulkan_post post = {.gbuffer_layout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                  .depth = depth.image, .depth_view = depth.view,
                                  .depth_layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                                  .out = ldr.image, .out_view = ldr.view, .albedo_storage_view = gbuf[0].storage_view};
        for (int i = 0; i < SWARD_GBUFFER_COUNT; i++) {
            post.gbuffer[i] = gbuf[i].image;
            post.gbuffer_view[i] = gbuf[i].view;
        }
        if (sward_cmd_post(grass, cmd, &post, &err) != SWARD_OK) {
            fprintf(stderr, "embed: %s\n", err.message);
            return (int)err.code;
        }
        barrier(cmd, ldr.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                VK_ACCESS_2_MEMORY_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT,
                VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
        VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1}, .imageExtent = {w, ht, 1}};
        vkCmdCopyImageToBuffer(cmd, ldr.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback, 1, &region);
        VkMemoryBarrier2 hb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2, .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                               .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT, .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                               .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
        VkDependencyInfo hd = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .memoryBarrierCount = 1, .pMemoryBarriers = &hb};
        vkCmdPipelineBarrier2(cmd, &hd);
        CHECK(vkEndCommandBuffer(cmd));
        /* the frame waits for the page upload sward submitted to the transfer queue, if it made one */
        VkSemaphoreSubmitInfo wait = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
        sward_renderer_frame_wait(grass, &wait.semaphore, &wait.value, &wait.stageMask);
        VkCommandBufferSubmitInfo cbs = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = cmd};
        VkSubmitInfo2 si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2, .waitSemaphoreInfoCount = wait.semaphore ? 1u : 0u,
                            .pWaitSemaphoreInfos = &wait, .commandBufferInfoCount = 1, .pCommandBufferInfos = &cbs};
        CHECK(vkQueueSubmit2(h.queue, 1, &si, VK_NULL_HANDLE));
        CHECK(vkQueueWaitIdle(h.queue));
        /* The frame's counters: the host waited for the queue, so the frame is complete. */
        if (sward_vulkan_frame_stats(grass, true, &st, &err) != SWARD_OK) fprintf(stderr, "embed: %s\n", err.message);
        if (!taa && st.blades.dropped && frames < 3) frames++;
    }

    /* 4. The image, and a check that the frame shows grass where the field is. */
    uint8_t *px;
    CHECK(vkMapMemory(h.device, readback_mem, 0, VK_WHOLE_SIZE, 0, (void **)&px));
    sward_image img = {.width = w, .height = ht, .pixels = malloc(sward_image_bound(w, ht))};
    memcpy(img.pixels, px, sward_image_bound(w, ht));
    vkUnmapMemory(h.device, readback_mem);
    size_t greenish = 0, lower = 0;
    for (size_t i = (size_t)w * (ht * 3 / 4); i < (size_t)w * ht; i++) {
        const uint8_t *c = img.pixels + 4 * i;
        lower++;
        greenish += c[1] > c[2] && c[1] + 8 >= c[0];
    }
    if (sward_write_png(out, &img, &err) != SWARD_OK) fprintf(stderr, "embed: %s\n", err.message);
    double frac = (double)greenish / (double)lower;
    printf("embed: wrote %s (%ux%u); grass-coloured in the lower quarter: %.3f; validation messages: %u\n", out, w, ht,
           frac, h.messages);
    printf(
        "embed: %llu blades drawn, %llu by the compute rasteriser; removed %llu by distance, %llu by frustum, %llu by "
        "occlusion (the host's depth)\n",
        (unsigned long long)st.blades.drawn, (unsigned long long)st.raster.blades,
        (unsigned long long)st.blades.removed_distance, (unsigned long long)st.blades.removed_frustum,
        (unsigned long long)st.blades.removed_occlusion);
    printf("embed: mesh assets: %llu occluded, %llu in the second culling phase (%s)\n",
           (unsigned long long)st.assets.occluded, (unsigned long long)st.assets.late,
           st.assets.two_phase ? "two phases" : "one phase");
    if (st.stream.upload_bytes)
        printf("embed: streamed world: %llu bytes of pages uploaded, %u submits to the transfer queue\n",
               (unsigned long long)st.stream.upload_bytes, st.stream.transfer_submits);
    free(img.pixels);

    sward_renderer_destroy(grass);
    sward_context_destroy(ctx);
    sward_scene_destroy(scene);
    vkDestroyBuffer(h.device, readback, NULL);
    vkFreeMemory(h.device, readback_mem, NULL);
    target *ts[] = {&gbuf[0], &gbuf[1], &gbuf[2], &gbuf[3], &depth, &ldr};
    for (int i = 0; i < 6; i++) {
        if (ts[i]->storage_view) vkDestroyImageView(h.device, ts[i]->storage_view, NULL);
        vkDestroyImageView(h.device, ts[i]->view, NULL);
        vkDestroyImage(h.device, ts[i]->image, NULL);
        vkFreeMemory(h.device, ts[i]->memory, NULL);
    }
    vkDestroyCommandPool(h.device, h.pool, NULL);
    vkDestroyDevice(h.device, NULL);
    if (h.messenger) {
        PFN_vkDestroyDebugUtilsMessengerEXT destroy =
            (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(h.instance, "vkDestroyDebugUtilsMessengerEXT");
        destroy(h.instance, h.messenger, NULL);
    }
    vkDestroyInstance(h.instance, NULL);
    if (h.messages) return 5;
    return frac > 0.8 ? 0 : 1;
}
