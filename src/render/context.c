/* context.c — the standalone context: sward creates the Vulkan instance and device. */
#include "render/render.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

sward_result sward_list_devices(sward_device_info *out, uint32_t capacity, uint32_t *count, sward_error *err)
{
    return gpu_enumerate(out, capacity, count, err);
}

const char *sward_device_type_name(sward_device_type t)
{
    switch (t) {
    case SWARD_DEVICE_DISCRETE: return "discrete GPU";
    case SWARD_DEVICE_INTEGRATED: return "integrated GPU";
    case SWARD_DEVICE_VIRTUAL: return "virtual GPU";
    case SWARD_DEVICE_CPU: return "CPU";
    default: return "other";
    }
}

sward_result sward_context_create(const sward_context_desc *desc, sward_context **out, sward_error *err)
{
    *out = NULL;
    sward_context_desc d = desc ? *desc : (sward_context_desc){0};
    const char *env = getenv("SWARD_VALIDATION");
    bool validation = d.validation || (env && strcmp(env, "0") != 0 && env[0] != '\0');
    sward_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory");
    gpu_device_desc gd = {
        .device_index = d.device_index_set ? d.device_index : -1,
        .validation = validation,
        .logger = d.logger,
        .instance_extensions = d.instance_extensions,
        .instance_extension_count = d.instance_extension_count,
        .device_extensions = d.device_extensions,
        .device_extension_count = d.device_extension_count,
    };
    sward_result r = gpu_device_create(&ctx->dev, &gd, err);
    gpu_device_set_budget(&ctx->dev, d.gpu_budget_mib);
    if (r != SWARD_OK) {
        gpu_device_destroy(&ctx->dev);
        free(ctx);
        return r;
    }
    *out = ctx;
    return SWARD_OK;
}

sward_result sward_context_create_vulkan(const sward_vulkan_device *desc, sward_context **out, sward_error *err)
{
    *out = NULL;
    if (!desc) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_context_create_vulkan: no description");
    sward_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory");
    sward_result r = gpu_device_wrap(&ctx->dev, desc->instance, desc->physical_device, desc->device,
                                     desc->queue_family, desc->queue, desc->transfer_queue, desc->transfer_family,
                                     desc->features, desc->debug_utils, desc->logger, err);
    gpu_device_set_budget(&ctx->dev, 0);
    if (r != SWARD_OK) {
        gpu_device_destroy(&ctx->dev);
        free(ctx);
        return r;
    }
    *out = ctx;
    return SWARD_OK;
}

void sward_context_destroy(sward_context *ctx)
{
    if (!ctx) return;
    gpu_device_destroy(&ctx->dev);
    free(ctx);
}

sward_device_info sward_context_device(const sward_context *ctx)
{
    return ctx->dev.info;
}

uint32_t sward_context_validation_messages(const sward_context *ctx)
{
    return ctx->dev.validation_messages;
}

void sward_context_memory(const sward_context *ctx, sward_memory_item *out, uint32_t capacity, uint32_t *count)
{
    gpu_account items[256];
    uint32_t n = gpu_memory_report(&ctx->dev, items, 256);
    *count = n;
    for (uint32_t k = 0; k < n && k < capacity && k < 256; k++) {
        sward_memory_item *o = &out[k];
        memset(o, 0, sizeof *o);
        _Static_assert(sizeof o->name == sizeof items[k].name, "one name length");
        memcpy(o->name, items[k].name, sizeof o->name);
        o->kind = items[k].image                       ? SWARD_MEMORY_IMAGE
                  : items[k].mem == GPU_MEMORY_DEVICE ? SWARD_MEMORY_BUFFER
                  : items[k].mem == GPU_MEMORY_UPLOAD ? SWARD_MEMORY_UPLOAD
                                                      : SWARD_MEMORY_READBACK;
        o->bytes = items[k].bytes;
        o->count = items[k].count;
    }
}

sward_vulkan_device sward_context_vulkan(const sward_context *ctx)
{
    if (!ctx) return (sward_vulkan_device){0};
    const gpu_device *d = &ctx->dev;
    return (sward_vulkan_device){
        .instance = d->instance,
        .physical_device = d->physical,
        .device = d->device,
        .queue_family = d->queue_family,
        .queue = d->queue,
        .transfer_queue = d->transfer_queue,
        .transfer_family = d->transfer_family,
        .debug_utils = d->debug_utils,
        .logger = d->logger,
    };
}
