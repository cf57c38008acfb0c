/* renderer.c — creates what a scene needs on the GPU: the scene buffers (materials, heights), the frame
 * targets (16-bit float HDR, depth, 8-bit output), one descriptor set for all passes and the four pipelines.
 * Tile-sized buffers (tiles, blades, indirect draws) grow on demand to the tiles a frame chooses. */
#include "render/render.h"

#include "place_cull_comp.h"
#include "grass_vert.h"
#include "grass_frag.h"
#include "terrain_vert.h"
#include "terrain_frag.h"
#include "post_comp.h"

#include <stdlib.h>
#include <string.h>

static sward_result create_layouts(sward_renderer *r, sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    /* One set for every pass. Embedded renderers have no targets of their own, so no bindings for them. */
    VkDescriptorSetLayoutBinding b[RENDER_BIND_COUNT];
    uint32_t n = 0, buffers = 0, storage_images = 0, samplers = 0;
    for (uint32_t i = 0; i < RENDER_BIND_COUNT; i++) {
        bool target = i == RENDER_BIND_HDR || i == RENDER_BIND_DEPTH || i == RENDER_BIND_LDR;
        if (target && !r->standalone) continue;
        VkDescriptorType type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        if (i == RENDER_BIND_HDR || i == RENDER_BIND_LDR) type = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
        if (i == RENDER_BIND_DEPTH) type = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        buffers += type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        storage_images += type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
        samplers += type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        b[n++] = (VkDescriptorSetLayoutBinding){
            .binding = i,
            .descriptorType = type,
            .descriptorCount = 1,
            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
        };
    }
    VkDescriptorSetLayoutCreateInfo li = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = n,
        .pBindings = b,
    };
    GPU_TRY(vkCreateDescriptorSetLayout(dev->device, &li, NULL, &r->set_layout));
    gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, (uint64_t)r->set_layout, "sward.set_layout");
    VkPipelineLayoutCreateInfo pi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = 1,
        .pSetLayouts = &r->set_layout,
    };
    GPU_TRY(vkCreatePipelineLayout(dev->device, &pi, NULL, &r->layout));
    gpu_name(dev, VK_OBJECT_TYPE_PIPELINE_LAYOUT, (uint64_t)r->layout, "sward.pipeline_layout");
    VkDescriptorPoolSize sizes[3];
    uint32_t nsizes = 0;
    if (buffers) sizes[nsizes++] = (VkDescriptorPoolSize){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, buffers};
    if (storage_images) sizes[nsizes++] = (VkDescriptorPoolSize){VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, storage_images};
    if (samplers) sizes[nsizes++] = (VkDescriptorPoolSize){VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, samplers};
    VkDescriptorPoolCreateInfo dpi = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = 1,
        .poolSizeCount = nsizes,
        .pPoolSizes = sizes,
    };
    GPU_TRY(vkCreateDescriptorPool(dev->device, &dpi, NULL, &r->pool));
    gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_POOL, (uint64_t)r->pool, "sward.descriptor_pool");
    VkDescriptorSetAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = r->pool,
        .descriptorSetCount = 1,
        .pSetLayouts = &r->set_layout,
    };
    GPU_TRY(vkAllocateDescriptorSets(dev->device, &ai, &r->set));
    gpu_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_SET, (uint64_t)r->set, "sward.descriptor_set");
    return SWARD_OK;
}

static void write_buffer_binding(sward_renderer *r, uint32_t binding, gpu_buffer *b)
{
    VkDescriptorBufferInfo bi = {b->buffer, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet w = {
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = r->set,
        .dstBinding = binding,
        .descriptorCount = 1,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        .pBufferInfo = &bi,
    };
    vkUpdateDescriptorSets(r->ctx->dev.device, 1, &w, 0, NULL);
}

static void write_image_bindings(sward_renderer *r)
{
    VkDescriptorImageInfo hdr = {VK_NULL_HANDLE, r->hdr.view, VK_IMAGE_LAYOUT_GENERAL};
    VkDescriptorImageInfo depth = {r->sampler, r->depth.view, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
    VkDescriptorImageInfo ldr = {VK_NULL_HANDLE, r->ldr.view, VK_IMAGE_LAYOUT_GENERAL};
    VkWriteDescriptorSet w[3] = {
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->set, .dstBinding = RENDER_BIND_HDR,
         .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, .pImageInfo = &hdr},
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->set, .dstBinding = RENDER_BIND_DEPTH,
         .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, .pImageInfo = &depth},
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->set, .dstBinding = RENDER_BIND_LDR,
         .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, .pImageInfo = &ldr},
    };
    vkUpdateDescriptorSets(r->ctx->dev.device, 3, w, 0, NULL);
}

sward_result render_ensure_tiles(sward_renderer *r, uint32_t tiles, sward_error *err)
{
    if (tiles <= r->tile_capacity && r->blade_buf.buffer) return SWARD_OK;
    gpu_device *dev = &r->ctx->dev;
    vkDeviceWaitIdle(dev->device);
    gpu_buffer_destroy(dev, &r->tile_buf);
    gpu_buffer_destroy(dev, &r->blade_buf);
    gpu_buffer_destroy(dev, &r->draw_buf);
    gpu_buffer_destroy(dev, &r->draw_readback);
    uint32_t cap = tiles + tiles / 4 + 16;
    if (cap > r->tiles_bound) cap = (uint32_t)r->tiles_bound;
    if (cap < tiles) cap = tiles;
    sward_result res;
    VkDeviceSize blade_bytes = (VkDeviceSize)cap * SW_TILE_CANDIDATES * sizeof(sw_blade);
    VkDeviceSize draw_bytes = (VkDeviceSize)cap * 2 * sizeof(sw_draw_cmd);
    if ((res = gpu_buffer_create(dev, &r->tile_buf, (VkDeviceSize)cap * sizeof(sw_tile),
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                 GPU_MEMORY_DEVICE, "sward.tiles", err)))
        return res;
    if ((res = gpu_buffer_create(dev, &r->blade_buf, blade_bytes,
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                 GPU_MEMORY_DEVICE, "sward.blades", err)))
        return res;
    if ((res = gpu_buffer_create(dev, &r->draw_buf, draw_bytes,
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                 GPU_MEMORY_DEVICE, "sward.draws", err)))
        return res;
    if ((res = gpu_buffer_create(dev, &r->draw_readback, draw_bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                 GPU_MEMORY_READBACK, "sward.draws_readback", err)))
        return res;
    r->tile_capacity = cap;
    write_buffer_binding(r, RENDER_BIND_TILES, &r->tile_buf);
    write_buffer_binding(r, RENDER_BIND_BLADES, &r->blade_buf);
    write_buffer_binding(r, RENDER_BIND_DRAWS, &r->draw_buf);
    return SWARD_OK;
}

static sward_result create_pipelines(sward_renderer *r, VkFormat color_format, VkFormat depth_format,
                                     sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    sward_result res;
    if ((res = gpu_compute_pipeline(dev, r->layout, sw_spirv_place_cull_comp, sizeof sw_spirv_place_cull_comp,
                                    "sward.place_cull", &r->place_pipe, err)))
        return res;
    if (r->standalone &&
        (res = gpu_compute_pipeline(dev, r->layout, sw_spirv_post_comp, sizeof sw_spirv_post_comp, "sward.post",
                                    &r->post_pipe, err)))
        return res;
    gpu_graphics_desc terrain = {
        .vs = sw_spirv_terrain_vert, .vs_bytes = sizeof sw_spirv_terrain_vert,
        .fs = sw_spirv_terrain_frag, .fs_bytes = sizeof sw_spirv_terrain_frag,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .color_format = color_format, .depth_format = depth_format,
        .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.terrain",
    };
    if ((res = gpu_graphics_pipeline(dev, r->layout, &terrain, &r->terrain_pipe, err))) return res;
    gpu_graphics_desc grass = {
        .vs = sw_spirv_grass_vert, .vs_bytes = sizeof sw_spirv_grass_vert,
        .fs = sw_spirv_grass_frag, .fs_bytes = sizeof sw_spirv_grass_frag,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .color_format = color_format, .depth_format = depth_format,
        .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.grass",
    };
    return gpu_graphics_pipeline(dev, r->layout, &grass, &r->grass_pipe, err);
}

static sward_result create_scene_buffers(sward_renderer *r, sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    const sward_scene *s = r->scene;
    sward_result res;
    sw_material mats[WORLD_MAX_MATERIALS];
    for (int i = 0; i < s->material_count; i++) mats[i] = place_material_gpu(&s->materials[i]);
    VkDeviceSize mat_bytes = sizeof(sw_material) * (VkDeviceSize)s->material_count;
    if ((res = gpu_buffer_create(dev, &r->material_buf, mat_bytes,
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                 GPU_MEMORY_DEVICE, "sward.materials", err)))
        return res;
    if ((res = gpu_upload(dev, &r->material_buf, mats, mat_bytes, err))) return res;
    VkDeviceSize h_bytes = sizeof(float) * (VkDeviceSize)s->terrain.resolution * (VkDeviceSize)s->terrain.resolution;
    if ((res = gpu_buffer_create(dev, &r->height_buf, h_bytes,
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                 GPU_MEMORY_DEVICE, "sward.heights", err)))
        return res;
    if ((res = gpu_upload(dev, &r->height_buf, s->terrain.heights, h_bytes, err))) return res;
    /* PL1 world maps (bindings 11, 12): types 4 per word, low byte first (sw_type_at), grass heights as floats. */
    {
        const size_t mn = (size_t)s->terrain.map_res * (size_t)s->terrain.map_res, words = (mn + 3) / 4;
        uint32_t *packed = calloc(words, sizeof *packed);
        if (!packed) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the type map");
        for (size_t k = 0; k < mn; k++) packed[k >> 2] |= (uint32_t)s->terrain.types[k] << (8u * (k & 3u));
        res = gpu_buffer_create(dev, &r->type_map_buf, (VkDeviceSize)words * sizeof *packed,
                                VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_DEVICE,
                                "sward.type_map", err);
        if (!res) res = gpu_upload(dev, &r->type_map_buf, packed, (VkDeviceSize)words * sizeof *packed, err);
        free(packed);
        if (res) return res;
        VkDeviceSize gh_bytes = (VkDeviceSize)mn * sizeof(float);
        if ((res = gpu_buffer_create(dev, &r->grass_height_buf, gh_bytes,
                                     VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                     GPU_MEMORY_DEVICE, "sward.grass_height", err)))
            return res;
        if ((res = gpu_upload(dev, &r->grass_height_buf, s->terrain.grass_height, gh_bytes, err))) return res;
    }
    if ((res = gpu_buffer_create(dev, &r->frame_buf, sizeof(sw_frame),
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                 GPU_MEMORY_DEVICE, "sward.frame", err)))
        return res;
    if ((res = gpu_buffer_create(dev, &r->stats_buf, sizeof(sw_cull_stats),
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                 GPU_MEMORY_DEVICE, "sward.cull_stats", err)))
        return res;
    if ((res = gpu_buffer_create(dev, &r->stats_readback, sizeof(sw_cull_stats), VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                 GPU_MEMORY_READBACK, "sward.cull_stats_readback", err)))
        return res;
    write_buffer_binding(r, RENDER_BIND_FRAME, &r->frame_buf);
    write_buffer_binding(r, RENDER_BIND_MATERIALS, &r->material_buf);
    write_buffer_binding(r, RENDER_BIND_HEIGHTS, &r->height_buf);
    write_buffer_binding(r, RENDER_BIND_TYPE_MAP, &r->type_map_buf);
    write_buffer_binding(r, RENDER_BIND_GRASS_HEIGHT, &r->grass_height_buf);
    write_buffer_binding(r, RENDER_BIND_STATS, &r->stats_buf);
    return SWARD_OK;
}


static sward_result create_targets(sward_renderer *r, sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    sward_result res;
    if ((res = gpu_image_create(dev, &r->hdr, RENDER_HDR_FORMAT, r->width, r->height,
                                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_STORAGE_BIT, "sward.hdr", err)))
        return res;
    if ((res = gpu_image_create(dev, &r->depth, RENDER_DEPTH_FORMAT, r->width, r->height,
                                VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
                                "sward.depth", err)))
        return res;
    if ((res = gpu_image_create(dev, &r->ldr, RENDER_LDR_FORMAT, r->width, r->height,
                                VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, "sward.ldr", err)))
        return res;
    if ((res = gpu_buffer_create(dev, &r->pixel_readback, (VkDeviceSize)r->width * r->height * 4,
                                 VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK, "sward.pixels_readback", err)))
        return res;
    VkSamplerCreateInfo si = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
        .magFilter = VK_FILTER_NEAREST,
        .minFilter = VK_FILTER_NEAREST,
        .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
    };
    GPU_TRY(vkCreateSampler(dev->device, &si, NULL, &r->sampler));
    gpu_name(dev, VK_OBJECT_TYPE_SAMPLER, (uint64_t)r->sampler, "sward.depth_sampler");
    write_image_bindings(r);
    return SWARD_OK;
}

static sward_result create_renderer(sward_context *ctx, const sward_scene *scene, bool standalone,
                                    const sward_vulkan_targets *t, sward_renderer **out, sward_error *err)
{
    *out = NULL;
    if (!ctx || !scene) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_renderer_create: no context or scene");
    sward_renderer *r = calloc(1, sizeof *r);
    if (!r) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory");
    r->ctx = ctx;
    r->scene = scene;
    r->standalone = standalone;
    r->draw_terrain = !t->no_terrain;
    r->width = scene->render.settings.width;
    r->height = scene->render.settings.height;
    r->tiles_bound = place_tiles_bound(scene);
    r->tiles = calloc(r->tiles_bound ? r->tiles_bound : 1, sizeof *r->tiles);
    VkFormat color = t->color_format ? t->color_format : RENDER_HDR_FORMAT;
    VkFormat depth = t->depth_format ? t->depth_format : RENDER_DEPTH_FORMAT;
    sward_result res = SWARD_OK;
    if (!r->tiles) res = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for %zu tiles", r->tiles_bound);
    if (!res) res = create_layouts(r, err);
    if (!res) res = create_scene_buffers(r, err);
    if (!res && standalone) res = create_targets(r, err);
    if (!res) res = render_hiz_create(r, err);
    if (!res) write_buffer_binding(r, RENDER_BIND_HIZ, &r->hiz_buf);
    if (!res) res = render_terrain_create(r, err);
    if (!res) res = render_grass_create(r, err);
    if (!res) res = create_pipelines(r, color, depth, err);
    if (!res && standalone) res = gpu_timer_create(&ctx->dev, &r->timer, SWARD_PASS_COUNT, err);
    if (!res) res = render_ensure_tiles(r, 1, err);
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
    VkPipeline pipes[] = {r->place_pipe, r->terrain_pipe, r->grass_pipe, r->post_pipe};
    for (size_t i = 0; i < sizeof pipes / sizeof pipes[0]; i++)
        if (pipes[i]) vkDestroyPipeline(dev->device, pipes[i], NULL);
    gpu_timer_destroy(dev, &r->timer);
    render_hiz_destroy(r);
    if (r->pool) vkDestroyDescriptorPool(dev->device, r->pool, NULL);
    if (r->layout) vkDestroyPipelineLayout(dev->device, r->layout, NULL);
    if (r->set_layout) vkDestroyDescriptorSetLayout(dev->device, r->set_layout, NULL);
    if (r->sampler) vkDestroySampler(dev->device, r->sampler, NULL);
    gpu_image_destroy(dev, &r->hdr);
    gpu_image_destroy(dev, &r->depth);
    gpu_image_destroy(dev, &r->ldr);
    gpu_buffer *bufs[] = {&r->frame_buf, &r->material_buf, &r->height_buf, &r->tile_buf, &r->blade_buf,
                          &r->draw_buf, &r->draw_readback, &r->index_buf, &r->blade_index_buf, &r->pixel_readback,
                          &r->stats_buf, &r->stats_readback, &r->type_map_buf, &r->grass_height_buf};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++) gpu_buffer_destroy(dev, bufs[i]);
    free(r->tiles);
    free(r);
}
