/* renderer.c — creates what a scene needs on the GPU: the scene set (materials, heights, world maps), the
 * frame's lists (lists.c), the targets and the shadow map (resources.c), the frame slots and the passes
 * (graph.c); destroys them. */
#include "render/render.h"
#include "world/stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const VkFormat RENDER_GBUFFER_FORMATS[RENDER_GBUFFER_COUNT] = SWARD_GBUFFER_FORMATS;

static sward_result upload_buffer(sward_renderer *r, gpu_buffer *b, const void *data, VkDeviceSize bytes,
                                  const char *name, sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    sward_result res = gpu_buffer_create(dev, b, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                         VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_DEVICE, name, err);
    if (res == SWARD_OK) res = gpu_upload(dev, b, data, bytes, err);
    return res;
}

/* SC4: the work's list of the ground's patches, and its GPU copy (RES_TERRAIN_PATCHES): the camera's (the
 * cascades draw no ground: shadow_lit.c). */
static sward_result create_terrain_patches(sward_renderer *r, sward_error *err)
{
    int step, mesh;
    render_terrain_mesh(world_mesh_samples(&r->scene->terrain), &step, &mesh);
    const uint32_t capacity = render_terrain_patches_max(mesh);
    sward_result res = render_work_create(r, capacity, err);
    if (res != SWARD_OK) return res;
    return render_buffer_replace(r, RES_TERRAIN_PATCHES, 0, (VkDeviceSize)capacity * sizeof(sw_terrain_patch), err);
}

static sward_result create_scene_buffers(sward_renderer *r, sward_error *err)
{
    const sward_scene *s = r->scene;
    sward_result res;
    sw_material mats[WORLD_MAX_MATERIALS];
    for (int i = 0; i < s->material_count; i++) mats[i] = place_material_gpu(&s->materials[i]);
    if ((res = upload_buffer(r, &r->bufs.material_buf, mats, sizeof(sw_material) * (VkDeviceSize)s->material_count,
                             "sward.materials", err)))
        return res;
    /* BX5: the windows (world.h; resident: the whole maps), allocated once at their ring size. */
    const int hring = world_hf_ring(&s->terrain), mring = world_map_ring(&s->terrain);
    VkDeviceSize h_bytes = sizeof(float) * (VkDeviceSize)hring * (VkDeviceSize)hring;
    const world_stream *st = s->terrain.stream;
    if (!st) {
        if ((res = upload_buffer(r, &r->bufs.height_buf, s->terrain.heights, h_bytes, "sward.heights", err)))
            return res;
    } else {
        /* BX7: a streamed ring is followed by the world's overview and the slot table (render_world_ground) */
        const size_t ring = (size_t)hring * (size_t)hring, ov = (size_t)st->ov_n * (size_t)st->ov_n;
        const size_t slots = (size_t)st->hf_n * (size_t)st->hf_n;
        float *all = malloc((ring + ov + slots) * sizeof *all);
        if (!all) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the heights");
        memcpy(all, s->terrain.heights, ring * sizeof *all);
        memcpy(all + ring, st->overview, ov * sizeof *all);
        memcpy(all + ring + ov, st->hf_slot, slots * sizeof *all);
        memcpy(st->hf_slot_gpu, st->hf_slot, slots * sizeof *st->hf_slot_gpu);
        res = upload_buffer(r, &r->bufs.height_buf, all, (VkDeviceSize)((ring + ov + slots) * sizeof *all),
                            "sward.heights", err);
        free(all);
        if (res) return res;
    }
    /* PL1 world maps: types 4 per word, low byte first (sw_type_at), grass heights as floats. */
    const size_t mn = (size_t)mring * (size_t)mring, words = (mn + 3) / 4;
    uint32_t *packed = calloc(words ? words : 1, sizeof *packed);
    if (!packed) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the type map");
    for (size_t k = 0; k < mn; k++) packed[k >> 2] |= (uint32_t)s->terrain.types[k] << (8u * (k & 3u));
    res = upload_buffer(r, &r->bufs.type_map_buf, packed, (VkDeviceSize)words * sizeof *packed, "sward.type_map", err);
    if (res) {
        free(packed);
        return res;
    }
    /* PL10, SH10: the top blend layer per texel, packed as the types (the ground's material by layer; 255: none,
     * without layers); a streamed world's is its pages' material channel (world_stream.c) */
    const uint8_t *ids = s->terrain.stream ? NULL : s->terrain.material_ids;
    for (size_t k = 0; k < words; k++) packed[k] = 0xffffffffu;
    for (size_t k = 0; ids && k < mn; k++)
        packed[k >> 2] = (packed[k >> 2] & ~(255u << (8u * (k & 3u)))) | (uint32_t)ids[k] << (8u * (k & 3u));
    res = upload_buffer(r, &r->bufs.layer_map_buf, packed, (VkDeviceSize)words * sizeof *packed, "sward.layer_map", err);
    if (res) {
        free(packed);
        return res;
    }
    /* PL11, SH10: the canopy's codes packed as the types (a resident world's alone: the loader refuses a canopy
     * for a streamed one); one word without a canopy */
    const uint8_t *canopy = s->terrain.stream ? NULL : s->terrain.canopy;
    for (size_t k = 0; k < words; k++) packed[k] = 0;
    for (size_t k = 0; canopy && k < mn; k++) packed[k >> 2] |= (uint32_t)canopy[k] << (8u * (k & 3u));
    res = upload_buffer(r, &r->bufs.canopy_buf, packed, (VkDeviceSize)(canopy ? words : 1) * sizeof *packed,
                        "sward.canopy", err);
    free(packed);
    if (res) return res;
    if ((res = upload_buffer(r, &r->bufs.grass_height_buf, s->terrain.grass_height, (VkDeviceSize)mn * sizeof(float),
                             "sward.grass_height", err)))
        return res;
    /* PL2: the density areas, a 16-byte header (the count) then sw_area[] (areas.inc.glsl); one area at least */
    const size_t na = (size_t)s->area_count, a_bytes = 16u + sizeof(sw_area) * (na ? na : 1u);
    uint8_t *areas = calloc(1, a_bytes);
    if (!areas) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the density areas");
    const uint32_t count = (uint32_t)na;
    memcpy(areas, &count, sizeof count);
    if (na) memcpy(areas + 16, s->areas, sizeof(sw_area) * na);
    res = upload_buffer(r, &r->bufs.area_buf, areas, (VkDeviceSize)a_bytes, "sward.areas", err);
    free(areas);
    if (res == SWARD_OK) render_world_uploaded(r); /* the windows as they are now: nothing left to stream */
    return res;
}

/* BX1: what the compute rasteriser needs of the device (64-bit buffer atomics, the G-buffer's formats as storage
 * images, copies into the depth; a host's device: enabled, sward_vulkan_device.features); NULL when it has it all,
 * else why not. */
static const char *raster_unsupported(const sward_renderer *r)
{
    const gpu_device *dev = &r->ctx->dev;
    if (!dev->buffer_int64_atomics) return "the device has no 64-bit buffer atomics (shaderBufferInt64Atomics)";
    if (!dev->features.shaderStorageImageExtendedFormats)
        return "the device cannot write the G-buffer's formats from compute (shaderStorageImageExtendedFormats)";
    const VkFormat storage[] = {VK_FORMAT_R8G8B8A8_UNORM, RENDER_GBUFFER_FORMATS[1], RENDER_GBUFFER_FORMATS[2],
                                RENDER_GBUFFER_FORMATS[3]};
    for (size_t i = 0; i < sizeof storage / sizeof storage[0]; i++) {
        VkFormatProperties fp;
        vkGetPhysicalDeviceFormatProperties(dev->physical, storage[i], &fp);
        if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
            return "the device cannot write a G-buffer format as a storage image";
    }
    VkFormatProperties fp;
    vkGetPhysicalDeviceFormatProperties(dev->physical, RENDER_DEPTH_FORMAT, &fp);
    if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_TRANSFER_DST_BIT))
        return "the device cannot copy into a D32 depth image";
    return NULL;
}

static sward_result create_renderer(sward_context *ctx, const sward_scene *scene, bool standalone,
                                    const sward_vulkan_targets *t, sward_renderer **out, sward_error *err)
{
    *out = NULL;
    if (!ctx || !scene) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_renderer_create: no context or scene");
    if (t->frames_in_flight > RENDER_MAX_SLOTS)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_renderer_create_vulkan: frames_in_flight %u (at most %d)",
                         t->frames_in_flight, RENDER_MAX_SLOTS);
    /* A CPU device (lavapipe) does a frame's work a thousand times slower than a GPU: the scene's frame is held to
     * the tighter budget, before anything is created, unless the scene's budget was given (docs/scene-format.md
     * "Budgets"). */
    if (ctx->dev.props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU && !scene->budget.frame_work) {
        sward_result fr = world_check_frame_budget(scene, scene->render.settings.width, scene->render.settings.height,
                                                   SWARD_CPU_FRAME_WORK, "frame work budget of a CPU device", err);
        if (fr != SWARD_OK) return fr;
    }
    sward_result sr = render_streaming_check(t->streaming, err);
    if (sr != SWARD_OK) return sr;
    sward_renderer *r = calloc(1, sizeof *r);
    if (!r) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory");
    r->ctx = ctx;
    r->scene = scene;
    r->draw_terrain = !t->no_terrain;
    r->streaming = t->streaming ? *t->streaming : (sward_streaming){.workers = SWARD_STREAM_WORKERS_DEFAULT};
    r->slot_count = t->frames_in_flight ? t->frames_in_flight : SWARD_FRAMES_IN_FLIGHT;
    r->tiles.bound = place_tiles_bound(scene);
    r->tiles.max = r->tiles.bound ? r->tiles.bound : 1;
    r->tiles.list = calloc(r->tiles.max, sizeof *r->tiles.list);
    /* a streamed world's presence changes with its window: no index, presence looked up per tile */
    if (!scene->terrain.stream) place_tile_index_build(scene, &r->tiles.index);
    gpu_device *dev = &ctx->dev;
    sward_result res = SWARD_OK;
    if (!r->tiles.list) res = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for %zu tiles", r->tiles.bound);
    for (uint32_t s = 0; s < r->slot_count && !res; s++) {
        char name[48];
        snprintf(name, sizeof name, "sward.frame[%u]", s);
        if (standalone) res = gpu_frame_create(dev, &r->slots[s].frame, name, err);
    }
    /* BX1: render.raster; auto falls back to the hardware path where the compute one cannot run */
    r->raster = scene->render.raster;
    const char *why = res ? NULL : raster_unsupported(r);
    if (why && r->raster == WORLD_RASTER_COMPUTE)
        res = core_fail(err, SWARD_ERROR_NO_DEVICE, "render.raster is \"compute\", but %s; use \"auto\" or \"hardware\"",
                        why);
    if (why) r->raster = WORLD_RASTER_HARDWARE;
    /* the paths fixed now (raster), the size, the device's limits */
    render_config_init(r, standalone, t->depth_format ? t->depth_format : RENDER_DEPTH_FORMAT);
    render_plan_init(r);
    if (!res) res = render_graph_new(r, err);
    if (!res) res = create_scene_buffers(r, err);
    if (!res) res = render_world_staging(r, err);
    if (!res)
        res = render_terrain_indices(dev, scene, &r->bufs.terrain_indices, &r->bufs.terrain_index_count,
                                     &r->bufs.terrain_bounds, err);
    if (!res) res = render_blade_indices(dev, &r->bufs.blade_indices, err);
    if (!res) res = render_assets_create(r, err);
    if (!res) res = render_caches_create(r, err); /* SC1: the clusters' and the tiles' caches (their reaches) */
    if (!res) render_config_scene(r); /* the assets' count and casters; whether the cascades' resources exist */
    if (!res) res = render_shadows_create(r, err); /* the cascades' resources, which the lists are made for */
    if (!res) res = create_terrain_patches(r, err);
    if (!res) res = render_lists_create(r, err);
    if (!res) res = render_resources_size(r, err); /* the targets and the shadow map (resources.c) */
    if (!res) res = render_shadows_views(r, err);   /* the shadow map's layers */
    if (!res) render_config_geometry(r); /* what the passes share, now that it exists */
    if (!res) res = render_graph_create(r, err);
    if (res) {
        sward_renderer_destroy(r);
        return res;
    }
    *out = r;
    return SWARD_OK;
}

sward_result sward_renderer_create(sward_context *ctx, const sward_scene *scene, sward_renderer **out,
                                   sward_error *err)
{
    return create_renderer(ctx, scene, true, &(sward_vulkan_targets){0}, out, err);
}

sward_result sward_renderer_create_vulkan(sward_context *ctx, const sward_scene *scene,
                                          const sward_vulkan_targets *targets, sward_renderer **out,
                                          sward_error *err)
{
    sward_vulkan_targets t = targets ? *targets : (sward_vulkan_targets){0};
    return create_renderer(ctx, scene, false, &t, out, err);
}

void sward_renderer_destroy(sward_renderer *r)
{
    if (!r) return;
    gpu_device *dev = &r->ctx->dev;
    vkDeviceWaitIdle(dev->device); /* embedded: the host's frames that used these buffers must be done */
    render_world_stop(r);
    render_shadows_destroy(r); /* the shadow layers' views, before the graph's image */
    render_graph_destroy(r);   /* the passes and every named resource */
    render_assets_destroy(r);
    for (uint32_t s = 0; s < RENDER_MAX_SLOTS; s++) {
        render_slot *sl = &r->slots[s];
        gpu_frame_destroy(dev, &sl->frame);
        gpu_buffer_destroy(dev, &sl->stats_readback);
        gpu_buffer_destroy(dev, &sl->pixels);
        gpu_buffer_destroy(dev, &sl->hdr_pixels);
        gpu_buffer_destroy(dev, &sl->upload);
        gpu_buffer_destroy(dev, &sl->world_upload);
        gpu_retired_free(dev, &sl->retired);
    }
    render_upload_queue_destroy(r);
    gpu_buffer *bufs[] = {&r->bufs.material_buf,     &r->bufs.height_buf, &r->bufs.type_map_buf,
                          &r->bufs.grass_height_buf, &r->bufs.area_buf,   &r->bufs.terrain_indices,
                          &r->bufs.blade_indices,    &r->bufs.layer_map_buf, &r->bufs.canopy_buf};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++) gpu_buffer_destroy(dev, bufs[i]);
    render_terrain_bounds_free(&r->bufs.terrain_bounds);
    free(r->work.terrain.patches);
    place_tile_index_free(&r->tiles.index);
    place_cache_free(&r->tiles.cache);
    free(r->tiles.place);
    free(r->tiles.list);
    free(r);
}
