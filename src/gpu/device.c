/* device.c — instance, validation layer, device choice and logical device.
 *
 * Choice: the first suitable device by type, discrete > integrated > virtual > CPU (lavapipe) > other,
 * unless the caller names an index. "Suitable" means Vulkan 1.3 (dynamic rendering, synchronization2,
 * maintenance4), a graphics+compute queue, multi-draw indirect with a first instance (one indirect draw per render
 * tile). A dedicated transfer family (BX7: the copy engine of a discrete GPU) gets a queue of its own for the
 * streamed world's page uploads where the device has one and timeline semaphores. */
#include "gpu/gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GPU_VALIDATION_LAYER "VK_LAYER_KHRONOS_validation"

static sward_device_type type_of(VkPhysicalDeviceType t)
{
    switch (t) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return SWARD_DEVICE_DISCRETE;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return SWARD_DEVICE_INTEGRATED;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return SWARD_DEVICE_VIRTUAL;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return SWARD_DEVICE_CPU;
    default: return SWARD_DEVICE_OTHER;
    }
}

static int type_rank(sward_device_type t)
{
    switch (t) {
    case SWARD_DEVICE_DISCRETE: return 0;
    case SWARD_DEVICE_INTEGRATED: return 1;
    case SWARD_DEVICE_VIRTUAL: return 2;
    case SWARD_DEVICE_CPU: return 3;
    default: return 4;
    }
}

/* The first queue family with every flag of `need` and none of `refuse`, or -1. */
static int find_family(VkPhysicalDevice pd, VkQueueFlags need, VkQueueFlags refuse)
{
    uint32_t n = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, NULL);
    VkQueueFamilyProperties fams[32];
    if (n > 32) n = 32;
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, fams);
    for (uint32_t i = 0; i < n; i++) {
        const VkQueueFlags f = fams[i].queueFlags;
        if ((f & need) == need && !(f & refuse) && fams[i].queueCount) return (int)i;
    }
    return -1;
}

static int find_queue_family(VkPhysicalDevice pd)
{
    return find_family(pd, VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT, 0);
}

/* A family with TRANSFER and neither GRAPHICS nor COMPUTE (a DMA engine), or -1. */
static int find_transfer_family(VkPhysicalDevice pd)
{
    return find_family(pd, VK_QUEUE_TRANSFER_BIT, VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT);
}

static bool transfer_hook(void)
{
    const char *e = getenv(GPU_TEST_TRANSFER_QUEUE_ENV);
    return e && strcmp(e, "1") == 0;
}

static sward_device_info describe(VkPhysicalDevice pd)
{
    sward_device_info info;
    memset(&info, 0, sizeof info);
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(pd, &p);
    snprintf(info.name, sizeof info.name, "%s", p.deviceName);
    info.type = type_of(p.deviceType);
    info.api_version = p.apiVersion;
    info.suitable = true;
    if (p.apiVersion < VK_API_VERSION_1_3) {
        info.suitable = false;
        snprintf(info.why_not, sizeof info.why_not, "Vulkan %u.%u (sward needs 1.3)", VK_API_VERSION_MAJOR(p.apiVersion),
                 VK_API_VERSION_MINOR(p.apiVersion));
        return info;
    }
    VkPhysicalDeviceVulkan13Features f13 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
    VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f13};
    vkGetPhysicalDeviceFeatures2(pd, &f2);
    const char *missing = NULL;
    if (!f2.features.multiDrawIndirect) missing = "multiDrawIndirect";
    else if (!f2.features.drawIndirectFirstInstance) missing = "drawIndirectFirstInstance";
    else if (!f2.features.fragmentStoresAndAtomics) missing = "fragmentStoresAndAtomics";
    else if (!f13.dynamicRendering) missing = "dynamicRendering";
    else if (!f13.synchronization2) missing = "synchronization2";
    else if (!f13.maintenance4) missing = "maintenance4";
    else if (find_queue_family(pd) < 0) missing = "a graphics and compute queue";
    if (missing) {
        info.suitable = false;
        snprintf(info.why_not, sizeof info.why_not, "lacks %s", missing);
    }
    return info;
}

/* The automatic choice: the first suitable device of the best type. */
static int preferred_index(const sward_device_info *infos, uint32_t n)
{
    int best = -1;
    for (uint32_t i = 0; i < n; i++)
        if (infos[i].suitable && (best < 0 || type_rank(infos[i].type) < type_rank(infos[best].type))) best = (int)i;
    return best;
}

static bool has_layer(const char *name)
{
    uint32_t n = 0;
    vkEnumerateInstanceLayerProperties(&n, NULL);
    VkLayerProperties *props = calloc(n ? n : 1, sizeof *props);
    if (!props) return false;
    vkEnumerateInstanceLayerProperties(&n, props);
    bool found = false;
    for (uint32_t i = 0; i < n; i++) found |= strcmp(props[i].layerName, name) == 0;
    free(props);
    return found;
}

static bool has_instance_extension(const char *layer, const char *name)
{
    uint32_t n = 0;
    vkEnumerateInstanceExtensionProperties(layer, &n, NULL);
    VkExtensionProperties *props = calloc(n ? n : 1, sizeof *props);
    if (!props) return false;
    vkEnumerateInstanceExtensionProperties(layer, &n, props);
    bool found = false;
    for (uint32_t i = 0; i < n; i++) found |= strcmp(props[i].extensionName, name) == 0;
    free(props);
    return found;
}

static bool has_device_extension(VkPhysicalDevice pd, const char *name)
{
    uint32_t n = 0;
    if (vkEnumerateDeviceExtensionProperties(pd, NULL, &n, NULL) != VK_SUCCESS || n == 0) return false;
    VkExtensionProperties *props = calloc(n, sizeof *props);
    if (!props) return false;
    bool found = false;
    if (vkEnumerateDeviceExtensionProperties(pd, NULL, &n, props) == VK_SUCCESS)
        for (uint32_t i = 0; i < n && !found; i++) found = strcmp(props[i].extensionName, name) == 0;
    free(props);
    return found;
}

static VkBool32 VKAPI_CALL on_validation(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                         VkDebugUtilsMessageTypeFlagsEXT types,
                                         const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
    (void)types;
    gpu_device *dev = user;
    if (severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
        dev->validation_messages++;
        core_log(&dev->logger, SWARD_LOG_ERROR, "validation: %s", data->pMessage);
    }
    return VK_FALSE;
}

#define GPU_HOST_EXTENSIONS_MAX 32

static sward_result create_instance(gpu_device *dev, bool validation, const char *const *extra, uint32_t extra_count,
                                    sward_error *err)
{
    const char *layers[1];
    uint32_t nlayers = 0;
    const char *exts[2 + GPU_HOST_EXTENSIONS_MAX];
    uint32_t nexts = 0;
    if (extra_count > GPU_HOST_EXTENSIONS_MAX || (extra_count && !extra))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_context_desc: %u instance extensions (at most %d, "
                         "and a list for them)", extra_count, GPU_HOST_EXTENSIONS_MAX);
    for (uint32_t i = 0; i < extra_count; i++) {
        if (!extra[i] || !has_instance_extension(NULL, extra[i]))
            return core_fail(err, SWARD_ERROR_NO_DEVICE, "the Vulkan instance extension %s is not available",
                             extra[i] ? extra[i] : "(NULL)");
        bool dup = false;
        for (uint32_t j = 0; j < nexts; j++) dup = dup || strcmp(exts[j], extra[i]) == 0;
        if (!dup) exts[nexts++] = extra[i];
    }
    if (validation) {
        if (!has_layer(GPU_VALIDATION_LAYER))
            return core_fail(err, SWARD_ERROR_NO_DEVICE,
                             "validation requested but the layer %s is not installed (Debian package "
                             "vulkan-validationlayers)",
                             GPU_VALIDATION_LAYER);
        layers[nlayers++] = GPU_VALIDATION_LAYER;
    }
    dev->debug_utils = has_instance_extension(NULL, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) ||
                       (validation && has_instance_extension(GPU_VALIDATION_LAYER, VK_EXT_DEBUG_UTILS_EXTENSION_NAME));
    bool listed = false;
    for (uint32_t j = 0; j < nexts; j++) listed = listed || strcmp(exts[j], VK_EXT_DEBUG_UTILS_EXTENSION_NAME) == 0;
    if (dev->debug_utils && !listed) exts[nexts++] = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    bool features = validation && has_instance_extension(GPU_VALIDATION_LAYER, VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
    if (features) exts[nexts++] = VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME;

    VkValidationFeatureEnableEXT enables[] = {VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
    VkValidationFeaturesEXT vf = {
        .sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
        .enabledValidationFeatureCount = 1,
        .pEnabledValidationFeatures = enables,
    };
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "sward",
        .pEngineName = "sward",
        .engineVersion = VK_MAKE_API_VERSION(0, 0, 1, 0),
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pNext = features ? &vf : NULL,
        .pApplicationInfo = &app,
        .enabledLayerCount = nlayers,
        .ppEnabledLayerNames = layers,
        .enabledExtensionCount = nexts,
        .ppEnabledExtensionNames = exts,
    };
    VkResult r = vkCreateInstance(&ci, NULL, &dev->instance);
    if (r == VK_ERROR_INCOMPATIBLE_DRIVER)
        return core_fail(err, SWARD_ERROR_NO_DEVICE,
                         "no Vulkan driver found (install mesa-vulkan-drivers for the CPU device lavapipe)");
    GPU_TRY(r);
    if (dev->debug_utils && validation) {
        VkDebugUtilsMessengerCreateInfoEXT mi = {
            .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
            .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
            .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
            .pfnUserCallback = on_validation,
            .pUserData = dev,
        };
        PFN_vkCreateDebugUtilsMessengerEXT create =
            (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(dev->instance, "vkCreateDebugUtilsMessengerEXT");
        if (create) GPU_TRY(create(dev->instance, &mi, NULL, &dev->messenger));
    }
    return SWARD_OK;
}

sward_result gpu_enumerate(sward_device_info *out, uint32_t capacity, uint32_t *count, sward_error *err)
{
    gpu_device tmp;
    memset(&tmp, 0, sizeof tmp);
    sward_result r = create_instance(&tmp, false, NULL, 0, err);
    if (r != SWARD_OK) return r;
    uint32_t n = 0;
    vkEnumeratePhysicalDevices(tmp.instance, &n, NULL);
    VkPhysicalDevice pds[16];
    if (n > 16) n = 16;
    vkEnumeratePhysicalDevices(tmp.instance, &n, pds);
    sward_device_info infos[16];
    memset(infos, 0, sizeof infos);
    for (uint32_t i = 0; i < n; i++) infos[i] = describe(pds[i]);
    int best = preferred_index(infos, n);
    if (best >= 0) infos[best].preferred = true;
    for (uint32_t i = 0; i < n && i < capacity; i++) out[i] = infos[i];
    *count = n;
    vkDestroyInstance(tmp.instance, NULL);
    return SWARD_OK;
}

static sward_result pick_device(gpu_device *dev, int index, sward_error *err)
{
    uint32_t n = 0;
    vkEnumeratePhysicalDevices(dev->instance, &n, NULL);
    VkPhysicalDevice pds[16];
    if (n > 16) n = 16;
    vkEnumeratePhysicalDevices(dev->instance, &n, pds);
    if (n == 0)
        return core_fail(err, SWARD_ERROR_NO_DEVICE,
                         "no Vulkan device found (install mesa-vulkan-drivers for the CPU device lavapipe)");
    if (index >= 0) {
        if ((uint32_t)index >= n)
            return core_fail(err, SWARD_ERROR_NO_DEVICE, "--device %d: there %s only %u Vulkan device%s (see `sward devices`)",
                             index, n == 1 ? "is" : "are", n, n == 1 ? "" : "s");
        sward_device_info info = describe(pds[index]);
        if (!info.suitable)
            return core_fail(err, SWARD_ERROR_NO_DEVICE, "device %d (%s) cannot run sward: %s", index, info.name,
                             info.why_not);
        dev->physical = pds[index];
        dev->info = info;
        return SWARD_OK;
    }
    sward_device_info infos[16];
    memset(infos, 0, sizeof infos);
    for (uint32_t i = 0; i < n; i++) infos[i] = describe(pds[i]);
    int best = preferred_index(infos, n);
    if (best < 0) {
        sward_device_info info = describe(pds[0]);
        return core_fail(err, SWARD_ERROR_NO_DEVICE, "no Vulkan device can run sward (%s: %s)", info.name, info.why_not);
    }
    dev->physical = pds[best];
    dev->info = infos[best];
    dev->info.preferred = true;
    return SWARD_OK;
}

static sward_result create_pool(gpu_device *dev, sward_error *err)
{
    VkCommandPoolCreateInfo pi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = dev->queue_family,
    };
    GPU_TRY(vkCreateCommandPool(dev->device, &pi, NULL, &dev->pool));
    gpu_name(dev, VK_OBJECT_TYPE_COMMAND_POOL, (uint64_t)dev->pool, "sward.command_pool");
    return SWARD_OK;
}

/* The optional features a host enabled, as far as the device has them too (the required ones are the device's:
 * describe() checked them). */
static void wrap_features(gpu_device *dev, const VkPhysicalDeviceFeatures2 *enabled)
{
    VkPhysicalDeviceFeatures2 has = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    vkGetPhysicalDeviceFeatures2(dev->physical, &has);
    const VkPhysicalDeviceFeatures on = enabled ? enabled->features : (VkPhysicalDeviceFeatures){0};
    dev->features = (VkPhysicalDeviceFeatures){
        .multiDrawIndirect = VK_TRUE,
        .drawIndirectFirstInstance = VK_TRUE,
        .depthClamp = on.depthClamp && has.features.depthClamp,
        .depthBiasClamp = on.depthBiasClamp && has.features.depthBiasClamp,
        .independentBlend = on.independentBlend && has.features.independentBlend,
        .shaderInt64 = on.shaderInt64 && has.features.shaderInt64,
        .pipelineStatisticsQuery = on.pipelineStatisticsQuery && has.features.pipelineStatisticsQuery,
        .shaderStorageImageExtendedFormats = on.shaderStorageImageExtendedFormats &&
                                             has.features.shaderStorageImageExtendedFormats,
        .fragmentStoresAndAtomics = VK_TRUE,
        .geometryShader = on.geometryShader && has.features.geometryShader,
    };
    bool atomics = false;
    for (const VkBaseInStructure *p = enabled ? enabled->pNext : NULL; p; p = p->pNext) {
        if (p->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES)
            atomics = atomics || ((const VkPhysicalDeviceVulkan12Features *)p)->shaderBufferInt64Atomics;
        if (p->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES)
            atomics = atomics || ((const VkPhysicalDeviceShaderAtomicInt64Features *)p)->shaderBufferInt64Atomics;
    }
    dev->buffer_int64_atomics = atomics && dev->features.shaderInt64;
}

/* The host enabled timeline semaphores (Vulkan 1.2's features or the extension's struct in its chain). */
static bool timeline_enabled(const VkPhysicalDeviceFeatures2 *enabled)
{
    bool on = false;
    for (const VkBaseInStructure *p = enabled ? enabled->pNext : NULL; p; p = p->pNext) {
        if (p->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES)
            on = on || ((const VkPhysicalDeviceVulkan12Features *)p)->timelineSemaphore;
        if (p->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES)
            on = on || ((const VkPhysicalDeviceTimelineSemaphoreFeatures *)p)->timelineSemaphore;
    }
    return on;
}

sward_result gpu_device_wrap(gpu_device *dev, VkInstance instance, VkPhysicalDevice physical, VkDevice device,
                             uint32_t queue_family, VkQueue queue, VkQueue transfer_queue, uint32_t transfer_family,
                             const VkPhysicalDeviceFeatures2 *enabled, bool debug_utils, sward_logger logger,
                             sward_error *err)
{
    memset(dev, 0, sizeof *dev);
    if (gpu_shared_new(dev, err) != SWARD_OK) return SWARD_ERROR_OUT_OF_MEMORY;
    if (!instance || !physical || !device || !queue)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "sward_context_create_vulkan: instance, physical_device, device and queue are required");
    dev->instance = instance;
    dev->physical = physical;
    dev->device = device;
    dev->queue_family = queue_family;
    dev->queue = queue;
    dev->debug_utils = debug_utils;
    dev->logger = logger;
    dev->owns_device = false;
    dev->info = describe(physical);
    if (!dev->info.suitable)
        return core_fail(err, SWARD_ERROR_NO_DEVICE, "the host's device (%s) cannot run sward: %s", dev->info.name,
                         dev->info.why_not);
    vkGetPhysicalDeviceProperties(physical, &dev->props);
    vkGetPhysicalDeviceMemoryProperties(physical, &dev->mem_props);
    wrap_features(dev, enabled);
    const bool timeline = timeline_enabled(enabled);
    if (transfer_queue && !timeline)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "sward_vulkan_device.transfer_queue: sward waits for its uploads with a timeline semaphore: "
                         "enable timelineSemaphore (VkPhysicalDeviceVulkan12Features) in the features given");
    if (transfer_queue) dev->transfer_queue = transfer_queue, dev->transfer_family = transfer_family;
    else if (timeline && transfer_hook()) dev->transfer_queue = queue, dev->transfer_family = queue_family;
    return create_pool(dev, err);
}

sward_result gpu_device_create(gpu_device *dev, const gpu_device_desc *desc, sward_error *err)
{
    memset(dev, 0, sizeof *dev);
    if (gpu_shared_new(dev, err) != SWARD_OK) return SWARD_ERROR_OUT_OF_MEMORY;
    dev->logger = desc->logger;
    dev->validation = desc->validation;
    dev->owns_device = true;
    sward_result res = create_instance(dev, desc->validation, desc->instance_extensions,
                                       desc->instance_extension_count, err);
    if (res != SWARD_OK) return res;
    res = pick_device(dev, desc->device_index, err);
    if (res != SWARD_OK) return res;
    if (desc->device_extension_count > GPU_HOST_EXTENSIONS_MAX || (desc->device_extension_count && !desc->device_extensions))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_context_desc: %u device extensions (at most %d, and a "
                         "list for them)", desc->device_extension_count, GPU_HOST_EXTENSIONS_MAX);
    for (uint32_t i = 0; i < desc->device_extension_count; i++)
        if (!desc->device_extensions[i] || !has_device_extension(dev->physical, desc->device_extensions[i]))
            return core_fail(err, SWARD_ERROR_NO_DEVICE, "%s has no %s", dev->info.name,
                             desc->device_extensions[i] ? desc->device_extensions[i] : "(NULL) device extension");
    vkGetPhysicalDeviceProperties(dev->physical, &dev->props);
    vkGetPhysicalDeviceMemoryProperties(dev->physical, &dev->mem_props);
    dev->queue_family = (uint32_t)find_queue_family(dev->physical);
    VkPhysicalDeviceVulkan12Features has12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceFeatures2 has = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &has12};
    vkGetPhysicalDeviceFeatures2(dev->physical, &has);
    /* BX7: the page uploads' queue (gpu_device.transfer_queue), where it can run */
    const int transfer = has12.timelineSemaphore ? find_transfer_family(dev->physical) : -1;
    const bool hook = has12.timelineSemaphore && transfer < 0 && transfer_hook();

    float priority = 1.0f;
    VkDeviceQueueCreateInfo qi[2] = {{
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = dev->queue_family,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    }};
    if (transfer >= 0) {
        qi[1] = qi[0];
        qi[1].queueFamilyIndex = (uint32_t)transfer;
    }
    VkPhysicalDeviceVulkan13Features f13 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
        .dynamicRendering = VK_TRUE,
        .synchronization2 = VK_TRUE,
        .maintenance4 = VK_TRUE, /* SPIR-V 1.6 (--target-env vulkan1.3) states compute sizes as LocalSizeId */
    };
    /* What the device offers of the optional features passes may use: depth clamp and bias clamp (shadow
     * casters), 64-bit integers and buffer atomics (the compute rasteriser's visibility buffer), the fragment
     * stage's primitive id (geometryShader: the mesh assets' visibility buffer, BX6). */
    dev->features = (VkPhysicalDeviceFeatures){
        .multiDrawIndirect = VK_TRUE,
        .drawIndirectFirstInstance = VK_TRUE,
        .depthClamp = has.features.depthClamp,
        .depthBiasClamp = has.features.depthBiasClamp,
        .independentBlend = has.features.independentBlend,
        .shaderInt64 = has.features.shaderInt64,
        .pipelineStatisticsQuery = has.features.pipelineStatisticsQuery, /* SH1: overdraw in bench */
        .shaderStorageImageExtendedFormats = has.features.shaderStorageImageExtendedFormats, /* BX1's resolve */
        .fragmentStoresAndAtomics = VK_TRUE, /* required: the G-buffer passes' shading counter */
        .geometryShader = has.features.geometryShader, /* gl_PrimitiveID in fragments (asset_id.frag.glsl) */
    };
    dev->buffer_int64_atomics = has12.shaderBufferInt64Atomics && has.features.shaderInt64;
    VkPhysicalDeviceVulkan12Features f12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
        .pNext = &f13,
        .hostQueryReset = VK_TRUE,
        .shaderBufferInt64Atomics = dev->buffer_int64_atomics,
        .timelineSemaphore = transfer >= 0 || hook,
    };
    VkPhysicalDeviceFeatures2 f2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
        .pNext = &f12,
        .features = dev->features,
    };
    VkDeviceCreateInfo di = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &f2,
        .queueCreateInfoCount = transfer >= 0 ? 2u : 1u,
        .pQueueCreateInfos = qi,
        .enabledExtensionCount = desc->device_extension_count,
        .ppEnabledExtensionNames = desc->device_extensions,
    };
    GPU_TRY(vkCreateDevice(dev->physical, &di, NULL, &dev->device));
    vkGetDeviceQueue(dev->device, dev->queue_family, 0, &dev->queue);
    gpu_name(dev, VK_OBJECT_TYPE_QUEUE, (uint64_t)dev->queue, "sward.queue");
    if (transfer >= 0) {
        dev->transfer_family = (uint32_t)transfer;
        vkGetDeviceQueue(dev->device, dev->transfer_family, 0, &dev->transfer_queue);
        gpu_name(dev, VK_OBJECT_TYPE_QUEUE, (uint64_t)dev->transfer_queue, "sward.transfer_queue");
    } else if (hook) {
        dev->transfer_family = dev->queue_family, dev->transfer_queue = dev->queue;
    }
    return create_pool(dev, err);
}

void gpu_device_destroy(gpu_device *dev)
{
    gpu_accounts_free(dev);
    if (!dev->device) gpu_shared_destroy(dev); /* a device that failed to start made none */
    if (dev->device) {
        if (dev->owns_device) vkDeviceWaitIdle(dev->device);
        gpu_shared_destroy(dev);
        if (dev->pool) vkDestroyCommandPool(dev->device, dev->pool, NULL);
        if (dev->owns_device) vkDestroyDevice(dev->device, NULL);
    }
    if (dev->owns_device && dev->instance) {
        if (dev->messenger) {
            PFN_vkDestroyDebugUtilsMessengerEXT destroy = (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
                dev->instance, "vkDestroyDebugUtilsMessengerEXT");
            if (destroy) destroy(dev->instance, dev->messenger, NULL);
        }
        vkDestroyInstance(dev->instance, NULL);
    }
    memset(dev, 0, sizeof *dev);
}

void gpu_name(gpu_device *dev, VkObjectType type, uint64_t handle, const char *name)
{
    if (!dev->debug_utils || !handle) return;
    if (!dev->set_name)
        dev->set_name =
            (PFN_vkSetDebugUtilsObjectNameEXT)vkGetInstanceProcAddr(dev->instance, "vkSetDebugUtilsObjectNameEXT");
    if (!dev->set_name) return;
    VkDebugUtilsObjectNameInfoEXT ni = {
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT,
        .objectType = type,
        .objectHandle = handle,
        .pObjectName = name,
    };
    dev->set_name(dev->device, &ni);
}

const char *gpu_result_string(VkResult r)
{
    switch (r) {
    case VK_SUCCESS: return "VK_SUCCESS";
    case VK_NOT_READY: return "VK_NOT_READY";
    case VK_TIMEOUT: return "VK_TIMEOUT";
    case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
    case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
    case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
    case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
    case VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
    case VK_ERROR_EXTENSION_NOT_PRESENT: return "VK_ERROR_EXTENSION_NOT_PRESENT";
    case VK_ERROR_FEATURE_NOT_PRESENT: return "VK_ERROR_FEATURE_NOT_PRESENT";
    case VK_ERROR_INCOMPATIBLE_DRIVER: return "VK_ERROR_INCOMPATIBLE_DRIVER";
    case VK_ERROR_TOO_MANY_OBJECTS: return "VK_ERROR_TOO_MANY_OBJECTS";
    case VK_ERROR_FORMAT_NOT_SUPPORTED: return "VK_ERROR_FORMAT_NOT_SUPPORTED";
    default: return "VkResult error";
    }
}

sward_result gpu_fail(sward_error *err, VkResult r, const char *call, const char *file, int line)
{
    sward_result code = (r == VK_ERROR_OUT_OF_HOST_MEMORY || r == VK_ERROR_OUT_OF_DEVICE_MEMORY)
                            ? SWARD_ERROR_OUT_OF_MEMORY
                            : SWARD_ERROR_VULKAN;
    return core_fail(err, code, "%s failed: %s (%d) at %s:%d", call, gpu_result_string(r), (int)r, file, line);
}

void gpu_device_set_budget(gpu_device *dev, uint64_t mib)
{
    dev->budget_bytes = (mib ? mib : GPU_BUDGET_DEFAULT_MIB) * 1048576ull;
}
