/* shadows.c — the sun's shadow cascades' resources and entry point (SPEC LS2-LS4): the views of RES_SHADOW's
 * layers (D32, one render.shadow_size^2 layer per rasterised cascade, made by resources.c: a view per layer to
 * render into, the whole array to sample), RES_SHADOW_FAR (the far lit-height map; RES_SHADOW_LIT, the near and
 * mid ranges', is a shadow-class resource of resources.c), the cascades' depth-only pipelines, and
 * sward_cmd_shadows, which records the RENDER_PHASE_SHADOW passes (shadow_near, shadow_raster, shadow_mid,
 * shadow_far, shadow_lit) after sward_cmd_cull has culled the near cascade's blades. cascades.c fits the views. */
#include "render/render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The scene's tallest blade: the type's tallest, scaled by its clumps (as cull.comp.glsl bounds it). */
static float tallest_blade(const sward_scene *s)
{
    float h = 0.0f;
    for (int i = 0; i < s->material_count; i++) {
        const world_material *m = &s->materials[i];
        float t = m->height[1] * (1.0f + m->clump.height_variation) + m->head_size;
        if (t > h) h = t;
    }
    return h;
}

sward_result render_shadows_create(sward_renderer *r, sward_error *err)
{
    const sward_scene *s = r->scene;
    render_shadows *sh = &r->shadows;
    memset(sh, 0, sizeof *sh);
    const bool on = r->config.shadow_maps; /* decided at creation (render_config_scene) */
    if (on) {
        /* the near cascade's tiles follow the camera's in the frame's list (render_place) */
        size_t max = 2 * (r->tiles.bound ? r->tiles.bound : 1);
        sw_tile *t = realloc(r->tiles.list, max * sizeof *t);
        if (!t) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for %zu tiles", max);
        r->tiles.list = t;
        r->tiles.max = max;
    }
    sh->y_min = s->terrain.min_y;
    sh->y_max = s->terrain.max_y;
    sh->caster = tallest_blade(s);
    /* The far map: 1.5 km (HZD's extent) or the whole terrain if smaller, in texels of 1.5 m or the height
     * field's cell if coarser: hill shadows are large, the height field has no finer detail, and 1024^2 floats
     * (4 MiB) recomputed only when the map moves or the sun turns cost nothing per frame. */
    float cell = s->terrain.size / (float)(s->terrain.resolution - 1);
    float side = fminf(RENDER_SHADOW_FAR_EXTENT, s->terrain.size);
    sh->far_texel = fmaxf(side / (float)RENDER_SHADOW_FAR_MAX, cell);
    sh->far_size = (uint32_t)ceilf(side / sh->far_texel - 1e-3f);
    if (sh->far_size < 2) sh->far_size = 2;
    sh->far_side = (float)sh->far_size * sh->far_texel;
    /* Without shadows the resources are 1 texel (RES_SHADOW too: resources.c): the lighting pass binds them all
     * the same and the lookup (shadow.inc.glsl) returns 1 before reading them. */
    uint32_t far = on ? sh->far_size : 1u;
    return render_buffer_replace(r, RES_SHADOW_FAR, 0, (VkDeviceSize)far * far * sizeof(float), err);
}

sward_result render_shadows_views(sward_renderer *r, sward_error *err)
{
    const gpu_image *sm = render_image(r, RES_SHADOW, 0);
    for (uint32_t l = 0; l < 2; l++) {
        sward_result res = gpu_image_view(&r->ctx->dev, sm, 0, 1, l, 1, l ? "sward.shadow_mid" : "sward.shadow_near",
                                          &r->shadows.layers[l], err);
        if (res != SWARD_OK) return res;
    }
    return SWARD_OK;
}

void render_shadows_destroy(sward_renderer *r)
{
    for (uint32_t l = 0; l < 2; l++)
        if (r->shadows.layers[l]) vkDestroyImageView(r->ctx->dev.device, r->shadows.layers[l], NULL);
    memset(r->shadows.layers, 0, sizeof r->shadows.layers);
}

sward_result render_shadow_pipeline(render_pass_ctx *c, gpu_graphics_desc *d, uint32_t view, VkPipeline *out,
                                    sward_error *err)
{
    d->topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    d->cull = VK_CULL_MODE_NONE;
    d->color_count = 0;
    d->depth_format = RENDER_DEPTH_FORMAT;
    d->depth_test = true;
    d->depth_write = true;
    d->depth_compare = VK_COMPARE_OP_GREATER; /* reverse-Z: 1 toward the sun */
    d->spec.count = 1;
    d->spec.values[0] = view; /* common.inc.glsl: SW_VIEW_SPEC */
    return gpu_shared_graphics_pipeline(c->dev, c->layout, d, out, err);
}

void render_shadow_begin(render_pass_ctx *c, VkCommandBuffer cmd, uint32_t layer)
{
    uint32_t size = c->config->shadow_size;
    VkRenderingAttachmentInfo depth = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = c->config->geo.shadow_layers[layer],
        .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue = {.depthStencil = {0.0f, 0}}, /* reverse-Z: 0 is away from the sun: nothing casts */
    };
    VkRenderingInfo ri = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
        .renderArea = {{0, 0}, {size, size}},
        .layerCount = 1,
        .pDepthAttachment = &depth,
    };
    vkCmdBeginRendering(cmd, &ri);
    VkViewport vp = {0.0f, 0.0f, (float)size, (float)size, 0.0f, 1.0f};
    VkRect2D sc = {{0, 0}, {size, size}};
    vkCmdSetViewport(cmd, 0, 1, &vp);
    vkCmdSetScissor(cmd, 0, 1, &sc);
}

sward_result sward_cmd_shadows(sward_renderer *r, VkCommandBuffer cmd, sward_error *err)
{
    if (!r || !cmd) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_shadows: null argument");
    if (r->slots[r->slot].ticket != r->frames || !r->work.culled)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_shadows: call sward_cmd_cull first, this frame");
    if (!r->plan.shadows) return SWARD_OK;
    double t0 = core_now_ms();
    render_run_phase(r, RENDER_PHASE_SHADOW, cmd, 0);
    r->slots[r->slot].cpu_ms += core_now_ms() - t0;
    return SWARD_OK;
}
