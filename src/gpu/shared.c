/* shared.c — the objects a device's renderers share: descriptor-set layouts, pipeline layouts and pipelines, each
 * made once per definition and kept until the device goes (gpu_device_destroy).
 *
 * Why: a renderer builds about 35 pipelines, and on a CPU device (lavapipe) that is most of what making one costs
 * (about 0.7 s of 1.4 s for a still of scenes/small.json); a viewer that reloads its scene, a host that makes a
 * renderer per view and a test that compares two renderers made the same pipelines again each time. Two
 * definitions are the same object when every field that reaches Vulkan is equal: the layouts by their bindings
 * (shared set layouts make equal pipeline layouts the same handle), the pipelines by their layout handle, their
 * SPIR-V's bytes (a 64-bit hash of the content and the size, not the array's address), specialization constants
 * and fixed-function state. A lookup is a scan of a few hundred keys; creation runs under the device's lock, so
 * renderers made on two threads never build one pipeline twice. */
#include "gpu/gpu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef enum shared_kind { SHARED_SET_LAYOUT, SHARED_PIPELINE_LAYOUT, SHARED_PIPELINE } shared_kind;

typedef struct shared_item {
    shared_kind kind;
    uint64_t hash;
    size_t key_bytes;
    void *key;
    uint64_t handle;
} shared_item;

struct gpu_shared {
    pthread_mutex_t lock;
    shared_item *items;
    uint32_t count, cap;
};

static uint64_t fnv1a(const void *data, size_t bytes, uint64_t h)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < bytes; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

#define FNV_SEED 0xcbf29ce484222325ull

sward_result gpu_shared_new(gpu_device *dev, sward_error *err)
{
    dev->shared = calloc(1, sizeof *dev->shared);
    if (!dev->shared || pthread_mutex_init(&dev->shared->lock, NULL) != 0) {
        free(dev->shared);
        dev->shared = NULL;
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the device's shared pipelines");
    }
    return SWARD_OK;
}

static void destroy_object(gpu_device *dev, shared_kind kind, uint64_t handle)
{
    if (kind == SHARED_PIPELINE) vkDestroyPipeline(dev->device, (VkPipeline)handle, NULL);
    if (kind == SHARED_PIPELINE_LAYOUT) vkDestroyPipelineLayout(dev->device, (VkPipelineLayout)handle, NULL);
    if (kind == SHARED_SET_LAYOUT) vkDestroyDescriptorSetLayout(dev->device, (VkDescriptorSetLayout)handle, NULL);
}

void gpu_shared_destroy(gpu_device *dev)
{
    struct gpu_shared *s = dev->shared;
    if (!s) return;
    /* pipelines before the layouts they were made with, pipeline layouts before their set layouts */
    for (int kind = SHARED_PIPELINE; kind >= SHARED_SET_LAYOUT; kind--)
        for (uint32_t i = 0; i < s->count; i++)
            if ((int)s->items[i].kind == kind && dev->device)
                destroy_object(dev, s->items[i].kind, s->items[i].handle);
    for (uint32_t i = 0; i < s->count; i++) free(s->items[i].key);
    free(s->items);
    pthread_mutex_destroy(&s->lock);
    free(s);
    dev->shared = NULL;
}

uint32_t gpu_shared_count(const gpu_device *dev)
{
    return dev->shared ? dev->shared->count : 0;
}

/* The first half of getting the object of this kind and key: true with *out set when the device has it; false
 * when the caller is to make it and hand it to shared_keep, the device's lock held until then (so that two threads
 * never make one object twice). *hash: the key's, for shared_keep. */
static bool shared_find(gpu_device *dev, shared_kind kind, const void *key, size_t key_bytes, uint64_t *hash,
                        uint64_t *out)
{
    struct gpu_shared *s = dev->shared;
    *hash = fnv1a(key, key_bytes, fnv1a(&kind, sizeof kind, FNV_SEED));
    pthread_mutex_lock(&s->lock);
    for (uint32_t i = 0; i < s->count; i++) {
        const shared_item *it = &s->items[i];
        if (it->hash == *hash && it->kind == kind && it->key_bytes == key_bytes && !memcmp(it->key, key, key_bytes)) {
            *out = it->handle;
            pthread_mutex_unlock(&s->lock);
            return true;
        }
    }
    return false;
}

/* The second half: keeps the object `made` (its creation's result) under its key and releases the lock; an object
 * that cannot be kept (out of memory) is destroyed. */
static sward_result shared_keep(gpu_device *dev, shared_kind kind, uint64_t hash, const void *key, size_t key_bytes,
                                sward_result made, uint64_t handle, sward_error *err)
{
    struct gpu_shared *s = dev->shared;
    sward_result r = made;
    void *copy = r == SWARD_OK ? malloc(key_bytes) : NULL;
    if (r == SWARD_OK && s->count == s->cap) {
        uint32_t cap = s->cap ? 2 * s->cap : 64;
        shared_item *grown = realloc(s->items, cap * sizeof *grown);
        if (grown) {
            s->items = grown;
            s->cap = cap;
        }
    }
    if (r == SWARD_OK && (!copy || s->count == s->cap)) {
        destroy_object(dev, kind, handle);
        r = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the device's shared pipelines");
    }
    if (r == SWARD_OK) {
        memcpy(copy, key, key_bytes);
        s->items[s->count++] = (shared_item){kind, hash, key_bytes, copy, handle};
    } else {
        free(copy);
    }
    pthread_mutex_unlock(&s->lock);
    return r;
}

/* ---- descriptor-set layouts: keyed by their bindings ---- */

#define SHARED_MAX_BINDINGS 64

sward_result gpu_shared_set_layout(gpu_device *dev, const VkDescriptorSetLayoutBinding *bindings, uint32_t count,
                                   const char *name, VkDescriptorSetLayout *out, sward_error *err)
{
    if (count > SHARED_MAX_BINDINGS)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: %u bindings (at most %d)", name, count,
                         SHARED_MAX_BINDINGS);
    /* field by field: no padding or pointer of the caller's in the key but the immutable samplers' handles */
    uint64_t key[SHARED_MAX_BINDINGS][4];
    memset(key, 0, sizeof key);
    for (uint32_t i = 0; i < count; i++) {
        const VkDescriptorSetLayoutBinding *b = &bindings[i];
        key[i][0] = ((uint64_t)b->binding << 32) | (uint64_t)b->descriptorType;
        key[i][1] = ((uint64_t)b->descriptorCount << 32) | (uint64_t)b->stageFlags;
        key[i][2] = b->pImmutableSamplers ? (uint64_t)b->pImmutableSamplers[0] : 0;
        key[i][3] = b->pImmutableSamplers && b->descriptorCount > 1 ? fnv1a(b->pImmutableSamplers,
                                                                              b->descriptorCount * sizeof(VkSampler),
                                                                              FNV_SEED)
                                                                      : 0;
    }
    uint64_t hash, h;
    if (shared_find(dev, SHARED_SET_LAYOUT, key, count * sizeof key[0], &hash, &h)) {
        *out = (VkDescriptorSetLayout)h;
        return SWARD_OK;
    }
    *out = VK_NULL_HANDLE;
    sward_result r = gpu_set_layout_create(dev, bindings, count, name, out, err);
    return shared_keep(dev, SHARED_SET_LAYOUT, hash, key, count * sizeof key[0], r, (uint64_t)*out, err);
}

/* ---- pipeline layouts: keyed by their (shared) set layouts and the push-constant size ---- */

#define SHARED_MAX_SETS 8

sward_result gpu_shared_pipeline_layout(gpu_device *dev, const VkDescriptorSetLayout *sets, uint32_t set_count,
                                        uint32_t push_bytes, const char *name, VkPipelineLayout *out,
                                        sward_error *err)
{
    if (set_count > SHARED_MAX_SETS)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: %u sets (at most %d)", name, set_count,
                         SHARED_MAX_SETS);
    uint64_t key[SHARED_MAX_SETS + 1] = {push_bytes};
    for (uint32_t i = 0; i < set_count; i++) key[1 + i] = (uint64_t)sets[i];
    uint64_t hash, h;
    if (shared_find(dev, SHARED_PIPELINE_LAYOUT, key, (1 + set_count) * sizeof key[0], &hash, &h)) {
        *out = (VkPipelineLayout)h;
        return SWARD_OK;
    }
    *out = VK_NULL_HANDLE;
    sward_result r = gpu_pipeline_layout_create(dev, sets, set_count, push_bytes, name, out, err);
    return shared_keep(dev, SHARED_PIPELINE_LAYOUT, hash, key, (1 + set_count) * sizeof key[0], r, (uint64_t)*out,
                       err);
}

/* ---- pipelines ---- */

typedef struct shader_key {
    uint64_t hash, bytes;
} shader_key;

static shader_key shader_key_of(const uint32_t *code, size_t bytes)
{
    return (shader_key){code ? fnv1a(code, bytes, FNV_SEED) : 0, code ? bytes : 0};
}

typedef struct compute_key {
    uint64_t layout;
    shader_key shader;
    uint32_t spec_count;
    uint32_t spec[GPU_MAX_SPEC];
} compute_key;

sward_result gpu_shared_compute_pipeline(gpu_device *dev, VkPipelineLayout layout, const uint32_t *code,
                                         size_t bytes, const gpu_spec *spec, const char *name, VkPipeline *out,
                                         sward_error *err)
{
    compute_key k;
    memset(&k, 0, sizeof k);
    k.layout = (uint64_t)layout;
    k.shader = shader_key_of(code, bytes);
    if (spec) {
        k.spec_count = spec->count < GPU_MAX_SPEC ? spec->count : GPU_MAX_SPEC;
        memcpy(k.spec, spec->values, k.spec_count * sizeof k.spec[0]);
    }
    uint64_t hash, h;
    if (shared_find(dev, SHARED_PIPELINE, &k, sizeof k, &hash, &h)) {
        *out = (VkPipeline)h;
        return SWARD_OK;
    }
    *out = VK_NULL_HANDLE;
    sward_result r = gpu_compute_pipeline(dev, layout, code, bytes, spec, name, out, err);
    return shared_keep(dev, SHARED_PIPELINE, hash, &k, sizeof k, r, (uint64_t)*out, err);
}

typedef struct graphics_key {
    uint64_t layout;
    shader_key vs, fs;
    uint32_t spec_count;
    uint32_t spec[GPU_MAX_SPEC];
    uint32_t topology, cull, color_count;
    uint32_t color_formats[GPU_MAX_COLOR], blend[GPU_MAX_COLOR];
    uint32_t depth_format, depth_test, depth_write, depth_compare, depth_clamp;
    float bias_constant, bias_slope, bias_clamp;
} graphics_key;

sward_result gpu_shared_graphics_pipeline(gpu_device *dev, VkPipelineLayout layout, const gpu_graphics_desc *d,
                                          VkPipeline *out, sward_error *err)
{
    graphics_key k;
    memset(&k, 0, sizeof k);
    k.layout = (uint64_t)layout;
    k.vs = shader_key_of(d->vs, d->vs_bytes);
    k.fs = shader_key_of(d->fs, d->fs_bytes);
    k.spec_count = d->spec.count < GPU_MAX_SPEC ? d->spec.count : GPU_MAX_SPEC;
    memcpy(k.spec, d->spec.values, k.spec_count * sizeof k.spec[0]);
    k.topology = (uint32_t)d->topology;
    k.cull = (uint32_t)d->cull;
    k.color_count = d->color_count;
    for (uint32_t i = 0; i < d->color_count && i < GPU_MAX_COLOR; i++) {
        k.color_formats[i] = (uint32_t)d->color_formats[i];
        k.blend[i] = (uint32_t)d->blend[i];
    }
    k.depth_format = (uint32_t)d->depth_format;
    k.depth_test = d->depth_test;
    k.depth_write = d->depth_write;
    k.depth_compare = (uint32_t)d->depth_compare;
    k.depth_clamp = d->depth_clamp;
    k.bias_constant = d->depth_bias_constant;
    k.bias_slope = d->depth_bias_slope;
    k.bias_clamp = d->depth_bias_clamp;
    uint64_t hash, h;
    if (shared_find(dev, SHARED_PIPELINE, &k, sizeof k, &hash, &h)) {
        *out = (VkPipeline)h;
        return SWARD_OK;
    }
    *out = VK_NULL_HANDLE;
    sward_result r = gpu_graphics_pipeline(dev, layout, d, out, err);
    return shared_keep(dev, SHARED_PIPELINE, hash, &k, sizeof k, r, (uint64_t)*out, err);
}
