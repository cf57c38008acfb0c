/* config.c — what the renderer fixes when it is made and at a resize (render_config), and the only file that
 * writes it: the renderer's kind and depth format, the raster path (once r->raster is resolved), the device's
 * limits; once the assets exist their count and casters and whether the shadow cascades' resources are made;
 * the shared geometry once it exists; the render size and features the passes' resources follow (graph.c calls
 * render_config_size before it sizes them). Nothing here changes from frame to frame but at a resize. */
#include "render/render.h"

void render_config_init(sward_renderer *r, bool standalone, VkFormat depth_format)
{
    render_config *c = &r->config;
    const gpu_device *dev = &r->ctx->dev;
    c->standalone = standalone;
    c->width = r->scene->render.settings.width;
    c->height = r->scene->render.settings.height;
    c->depth_format = depth_format;
    c->raster_compute = r->raster != WORLD_RASTER_HARDWARE;
    c->raster_all = r->raster == WORLD_RASTER_COMPUTE;
    c->geo.max_groups_x = dev->props.limits.maxComputeWorkGroupCount[0];
    c->geo.max_draw_indirect = dev->props.limits.maxDrawIndirectCount;
    c->primitive_id = dev->features.geometryShader;
    c->shadow_size = r->scene->render.shadow_size;
    render_config_size(r);
}

void render_config_scene(sward_renderer *r)
{
    render_config *c = &r->config;
    const sward_scene *s = r->scene;
    c->asset_count = r->assets.count; /* the targets follow it (RENDER_NEEDS_ASSETS) */
    for (uint32_t a = 0; a < r->assets.count; a++)
        if (r->assets.gpu[a].flags & SW_ASSET_MID_CASTER) c->mid_casters |= 1u << a;
    /* LS2: the cascades' resources (views 1-3, the near cascade's lists, the maps) exist where the scene has
     * shadows when the renderer is made; each frame draws them or not (render_plan_frame: plan.shadows). A host
     * that turns shadows on later (sward_scene_set_features) gets none: they were not made. */
    c->shadow_maps = (s->render.features & SW_FEAT_SHADOWS) != 0 && s->sun.direction[1] > 0.01f;
}

void render_config_geometry(sward_renderer *r)
{
    render_config *c = &r->config;
    c->geo.terrain_index_count = r->bufs.terrain_index_count;
    c->geo.terrain_indices = r->bufs.terrain_indices.buffer;
    c->geo.blade_indices = r->bufs.blade_indices.buffer;
    c->geo.asset_indices = r->assets.index_buf.buffer;
    c->geo.shadow_layers[0] = r->shadows.layers[0];
    c->geo.shadow_layers[1] = r->shadows.layers[1];
    c->geo.terrain_y_min = r->scene->terrain.min_y;
    c->geo.terrain_y_max = r->scene->terrain.max_y;
    c->geo.terrain_bounds = r->bufs.terrain_bounds.levels ? &r->bufs.terrain_bounds : NULL;
}

void render_config_size(sward_renderer *r)
{
    r->config.features = r->scene->render.features;
}

void render_config_render_size(sward_renderer *r, uint32_t width, uint32_t height)
{
    r->config.width = width;
    r->config.height = height;
}
