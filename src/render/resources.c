/* resources.c — every named resource declared by spec in one table (RENDER_RESOURCES): its debug name, per view
 * or not, image or buffer, format, levels, layers, usage, size class and history partner. graph.c reads the
 * per-view column, the replacements take their name and usage from it, the history swap follows its history
 * column, and every render-size (target) and shadow-size resource is made and resized by the one loop here
 * (render_resources_size). The grows-class and fixed-class buffers keep their sizing code (lists.c, assets.c,
 * shadows.c, the passes hiz.c, bloom.c, wind_field.c, standalone.c's hdr_out). docs/architecture.md's resource
 * table is checked against this one (tests/cli/test_resource_table.sh). */
#include "render/render.h"

#include <string.h>

/* The buffers the frame's lists and the assets' records are: read and written by passes, filled, copied out. */
#define STORAGE (VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT)
/* (transfer source: the tests' read-back, render_read_gbuffer) */
#define GBUFFER_USAGE (VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT)
/* BX1, BX6: the resolves write the G-buffer (the sRGB albedo through a UNORM view): the compute rasteriser's, the
 * ground's (terrain_resolve) and the mesh assets' (asset_resolve); a host's G-buffer likewise (sward_vulkan_post) */
#define GBUFFER_RASTER VK_IMAGE_USAGE_STORAGE_BIT

#define BUFFER(n, u, sz) {.name = n, .usage = (u), .size = (sz)}
#define PER_VIEW(n, u) {.name = n, .per_view = true, .usage = (u), .size = RENDER_SIZE_GROWS}
#define TARGET(n, f, u, ru, needs_) \
    {.name = n, .image = true, .format = (f), .levels = 1, .layers = 1, .usage = (u), .raster_usage = (ru), \
     .size = RENDER_SIZE_TARGET, .needs = (needs_)}

/* The G-buffer's formats are SWARD_GBUFFER_FORMATS' (an initializer, not constants: render_resources_check
 * compares them). */
const render_resource_spec RENDER_RESOURCES[RES_COUNT] = {
    [RES_FRAME] = BUFFER("sward.frame", STORAGE, RENDER_SIZE_FIXED),
    [RES_VIEWS] = BUFFER("sward.views", STORAGE, RENDER_SIZE_FIXED),
    [RES_TILES] = BUFFER("sward.tiles", STORAGE, RENDER_SIZE_GROWS),
    [RES_MASKS] = BUFFER("sward.tile_cache", STORAGE, RENDER_SIZE_FIXED),
    [RES_STATS] = BUFFER("sward.cull_stats", STORAGE, RENDER_SIZE_FIXED),
    /* the pyramid for the render size (hiz.c sizes it: shaders/shared/sw_pyramid.h) */
    [RES_HIZ] = PER_VIEW("sward.hiz", VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT),
    [RES_SURVIVORS] = PER_VIEW("sward.survivors", STORAGE),
    [RES_TILE_DRAWS] = PER_VIEW("sward.tile_draws", STORAGE),
    [RES_DRAWS] = PER_VIEW("sward.draws", STORAGE | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT),
    /* sized with RES_DRAWS (lists.c), a list entry per batch a tile can have */
    [RES_RASTER_WORK] = PER_VIEW("sward.raster_work", STORAGE | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT),
    [RES_GBUF_ALBEDO] = {.name = "sward.gbuffer_albedo", .image = true, .format = VK_FORMAT_R8G8B8A8_SRGB,
                         .levels = 1, .layers = 1, .usage = GBUFFER_USAGE, .raster_usage = GBUFFER_RASTER,
                         .raster_storage_format = VK_FORMAT_R8G8B8A8_UNORM, .size = RENDER_SIZE_TARGET,
                         .needs = RENDER_NEEDS_STANDALONE},
    [RES_GBUF_NORMAL] = TARGET("sward.gbuffer_normal", VK_FORMAT_A2B10G10R10_UNORM_PACK32, GBUFFER_USAGE, GBUFFER_RASTER,
                               RENDER_NEEDS_STANDALONE),
    [RES_GBUF_MATERIAL] = TARGET("sward.gbuffer_material", VK_FORMAT_R8G8B8A8_UNORM, GBUFFER_USAGE,
                                 GBUFFER_RASTER, RENDER_NEEDS_STANDALONE),
    [RES_MOTION] = TARGET("sward.motion", VK_FORMAT_R16G16_SFLOAT, GBUFFER_USAGE, GBUFFER_RASTER,
                          RENDER_NEEDS_STANDALONE),
    /* embedded too: the lit image between lighting and the host's tone mapping (sward_cmd_post) */
    [RES_HDR] = TARGET("sward.hdr", RENDER_HDR_FORMAT, VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, 0u, 0u),
    /* embedded: the host's, imported for sward_cmd_cull and sward_cmd_post */
    [RES_DEPTH] = TARGET("sward.depth", RENDER_DEPTH_FORMAT,
                         VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                             VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                         VK_IMAGE_USAGE_TRANSFER_DST_BIT, RENDER_NEEDS_STANDALONE),
    [RES_LDR] = TARGET("sward.ldr", RENDER_LDR_FORMAT, VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                       0u, RENDER_NEEDS_STANDALONE),
    /* SH8: 1 x 1 without SW_FEAT_TAA; a replaced image holds no history (plan.c sees its serial change) */
    [RES_TAA] = {.name = "sward.taa", .image = true, .format = RENDER_HDR_FORMAT, .levels = 1, .layers = 1,
                 .usage = VK_IMAGE_USAGE_STORAGE_BIT, .size = RENDER_SIZE_TARGET, .needs = RENDER_NEEDS_TAA,
                 .tiny = true, .history = RES_TAA_HISTORY},
    [RES_TAA_HISTORY] = {.name = "sward.taa_history", .image = true, .format = RENDER_HDR_FORMAT, .levels = 1,
                         .layers = 1, .usage = VK_IMAGE_USAGE_STORAGE_BIT, .size = RENDER_SIZE_TARGET,
                         .needs = RENDER_NEEDS_TAA, .tiny = true, .history = RES_TAA},
    /* PO3: the chain for the render size (bloom.c sizes it: sw_pyramid.h); 1 texel without SW_FEAT_BLOOM */
    [RES_BLOOM] = BUFFER("sward.bloom", VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, RENDER_SIZE_GROWS),
    /* LS2: 1 texel without shadows (the lighting pass binds it all the same); BX1: the compute casters' merged
     * depth is copied into layer 0 */
    [RES_SHADOW] = {.name = "sward.shadow", .image = true, .format = RENDER_DEPTH_FORMAT, .levels = 1, .layers = 2,
                    .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                             VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                    .raster_usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT, .size = RENDER_SIZE_SHADOW,
                    .needs = RENDER_NEEDS_SHADOWS, .tiny = true},
    /* the far map's size is the scene's (shadows.c) */
    [RES_SHADOW_FAR] = BUFFER("sward.shadow_far", VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                              RENDER_SIZE_FIXED),
    [RES_VISBUF] = {.name = "sward.visibility", .usage = STORAGE, .texel_bytes = 8, .size = RENDER_SIZE_TARGET,
                    .needs = RENDER_NEEDS_RASTER},
    /* BX1: the frame's depth where the compute rasteriser draws, read by the lighting and TAA (RENDER_USE_FRAME_DEPTH) */
    [RES_MERGED_DEPTH] = TARGET("sward.merged_depth", VK_FORMAT_R32_SFLOAT,
                                VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                0u, RENDER_NEEDS_RASTER),
    [RES_SHADOW_CASTERS] = {.name = "sward.shadow_casters", .usage = STORAGE, .texel_bytes = 4,
                            .size = RENDER_SIZE_SHADOW, .needs = RENDER_NEEDS_RASTER | RENDER_NEEDS_SHADOWS,
                            .tiny = true}, /* the lighting reads it always */
    [RES_ASSET_CLUSTERS] = BUFFER("sward.asset_clusters", STORAGE, RENDER_SIZE_FIXED),  /* the cluster cache's */
    [RES_ASSET_INSTANCES] = BUFFER("sward.asset_instances", STORAGE, RENDER_SIZE_FIXED),
    [RES_ASSET_DRAWN] = PER_VIEW("sward.asset_drawn", STORAGE),
    [RES_ASSET_DRAWS] = PER_VIEW("sward.asset_draws", STORAGE | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT),
    [RES_WIND_FIELD] = BUFFER("sward.wind_field", VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                              RENDER_SIZE_FIXED),
    /* made on the first sward_render_hdr frame, for the render size (standalone.c) */
    [RES_HDR_OUT] = BUFFER("sward.hdr_out", VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                           RENDER_SIZE_GROWS),
    /* render.shadow_size^2 texels of two floats (the mid view's lit_*); 1 texel without shadows */
    [RES_SHADOW_LIT] = {.name = "sward.shadow_lit", .usage = STORAGE, .texel_bytes = 8,
                        .size = RENDER_SIZE_SHADOW, .needs = RENDER_NEEDS_SHADOWS, .tiny = true},
    /* sized for the mesh by the renderer (render_terrain_patches_max: the camera's) */
    [RES_TERRAIN_PATCHES] = BUFFER("sward.terrain_patches", STORAGE, RENDER_SIZE_FIXED),
    /* SC3: the camera's pyramid kept for the next frame (hiz.c sizes it with RES_HIZ; asset_cull_late
     * copies it) */
    [RES_HIZ_HISTORY] = BUFFER("sward.hiz_history", VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                               RENDER_SIZE_GROWS),
    /* SC3: made by asset_cull_late for the scene's assets */
    [RES_ASSET_LATE_DRAWS] = BUFFER("sward.asset_late_draws", STORAGE | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
                                    RENDER_SIZE_FIXED),
    /* SC3: made by asset_cull (16 bytes and SW_ASSET_DEFERRED_MAX pairs) */
    [RES_ASSET_DEFERRED] = BUFFER("sward.asset_deferred", STORAGE | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
                                  RENDER_SIZE_FIXED),
    /* PO4: made by the exposure pass (sizeof sw_exposure_state); TAA, bloom, post and hdr_out read it */
    [RES_EXPOSURE] = BUFFER("sward.exposure", STORAGE, RENDER_SIZE_FIXED),
    /* BX6: written by the assets' prime (sward_cmd_cull), read by asset_resolve; 1 texel without assets */
    [RES_ASSET_ID] = {.name = "sward.asset_id", .image = true, .format = VK_FORMAT_R32G32_UINT, .levels = 1,
                      .layers = 1, .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_STORAGE_BIT,
                      .size = RENDER_SIZE_TARGET, .needs = RENDER_NEEDS_ASSETS,
                      .tiny = true},
};

const char *render_resources_check(void)
{
    for (int k = 0; k < RES_COUNT; k++) {
        const render_resource_spec *s = &RENDER_RESOURCES[k];
        if (!s->name) return "a RES_* has no entry in RENDER_RESOURCES";
        for (int j = 0; j < k; j++)
            if (strcmp(RENDER_RESOURCES[j].name, s->name) == 0) return "two resources share a name";
        if (s->history != RES_FRAME && RENDER_RESOURCES[s->history].history != (render_res)k)
            return "a history partner is not partnered back";
        if (k >= RES_GBUF_ALBEDO && k <= RES_MOTION && s->format != RENDER_GBUFFER_FORMATS[k - RES_GBUF_ALBEDO])
            return "a G-buffer format is not SWARD_GBUFFER_FORMATS'";
        if (s->image && (!s->format || !s->levels || !s->layers)) return "an image without format, levels or layers";
        if ((s->size == RENDER_SIZE_TARGET || s->size == RENDER_SIZE_SHADOW) && (s->per_view || (!s->image && !s->texel_bytes)))
            return "a target or shadow resource is per view or a buffer without bytes per texel";
    }
    return NULL;
}

sward_result render_resources_size(sward_renderer *r, sward_error *err)
{
    const render_config *p = &r->config;
    for (int k = 0; k < RES_COUNT; k++) {
        const render_resource_spec *s = &RENDER_RESOURCES[k];
        if (s->size != RENDER_SIZE_TARGET && s->size != RENDER_SIZE_SHADOW) continue;
        bool full = render_config_meets(p, s->needs);
        if (!full && !s->tiny) continue; /* absent (embedded: the host's own, or no compute rasteriser) */
        uint32_t w = s->size == RENDER_SIZE_SHADOW ? p->shadow_size : p->width;
        uint32_t h = s->size == RENDER_SIZE_SHADOW ? p->shadow_size : p->height;
        if (!full) w = h = 1u;
        /* replaced only when its size changes: a replaced TAA image loses its history, the shadow map its
         * layers' views */
        if (!s->image) {
            VkDeviceSize bytes = (VkDeviceSize)w * h * s->texel_bytes;
            const gpu_buffer *cur = render_buffer(r, (render_res)k, 0);
            if (cur->buffer && cur->size == bytes) continue;
            sward_result res = render_buffer_replace(r, (render_res)k, 0, bytes, err);
            if (res != SWARD_OK) return res;
            continue;
        }
        const gpu_image *cur = render_image(r, (render_res)k, 0);
        if (cur->image && cur->extent.width == w && cur->extent.height == h) continue;
        gpu_image_desc d = {.format = s->format, .width = w, .height = h, .mips = s->levels, .layers = s->layers,
                            .usage = s->usage, .name = s->name};
        if (p->raster_compute || p->standalone) {
            d.usage |= s->raster_usage;
            d.storage_format = s->raster_storage_format;
        }
        gpu_image img;
        sward_result res = gpu_image_create(&r->ctx->dev, &img, &d, err);
        if (res != SWARD_OK) {
            gpu_image_destroy(&r->ctx->dev, &img);
            return res;
        }
        render_image_replace(r, (render_res)k, 0, &img);
    }
    return SWARD_OK;
}

void render_resources_swap_histories(sward_renderer *r)
{
    for (int k = 0; k < RES_COUNT; k++) {
        render_res partner = RENDER_RESOURCES[k].history;
        if (partner != RES_FRAME && (int)partner > k) render_swap(r, (render_res)k, partner);
    }
}
