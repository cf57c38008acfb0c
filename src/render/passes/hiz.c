/* hiz.c — the hierarchical depth pyramid for occlusion culling, per view (SPEC SC3; two-phase culling as in
 * the 003 post and niagara: occluders first). The occluders' depth (sward's ground in the standalone frame,
 * the host's depth buffer when embedded) is reduced into a min/max pyramid (shaders/hiz.inc.glsl: a storage
 * buffer, level 0 half the render size) which the culling tests each blade's box against.
 * Reads: depth. Writes: the view's pyramid. Cost: about 1.3 x (width x height / 4) texels written, one
 * dispatch per level; 0.03-0.04 ms at 1920x1080 on the H200. */
#include "render/render.h"
#include "shared/sw_pyramid.h"

#include "hiz_init_comp.h"
#include "hiz_reduce_comp.h"

/* The pyramid's sizes are shaders/shared/sw_pyramid.h's, as the shaders see them. */
static uint32_t level_size(uint32_t size0, uint32_t level) { return (uint32_t)sw_hiz_side((int)size0, (int)level); }

void render_hiz_size(uint32_t width, uint32_t height, uint32_t *w0, uint32_t *h0, uint32_t *levels)
{
    *w0 = (uint32_t)sw_half_up((int)width);
    *h0 = (uint32_t)sw_half_up((int)height);
    *levels = (uint32_t)sw_hiz_levels((int)*w0, (int)*h0);
}

/* The pyramid for the render size: replaced when the size changes (the old one freed frames later). */
static sward_result resize(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    (void)ps;
    render_view *v = &r->views[0];
    uint32_t w0, h0, levels;
    render_hiz_size(r->width, r->height, &w0, &h0, &levels);
    if (r->res[RES_HIZ][0].buffer.buffer && w0 == v->hiz_w0 && h0 == v->hiz_h0) return SWARD_OK;
    const VkDeviceSize texels = (VkDeviceSize)sw_hiz_offset((int)w0, (int)h0, (int)levels);
    sward_result res = render_buffer_replace(r, RES_HIZ, 0, texels * 2 * sizeof(float),
                                             VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_MEMORY_DEVICE, "sward.hiz", err);
    if (res != SWARD_OK) return res;
    v->hiz_w0 = w0;
    v->hiz_h0 = h0;
    v->hiz_levels = levels;
    return SWARD_OK;
}

static sward_result create(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    sward_result res;
    if ((res = render_compute_pipeline(r, ps, sw_spirv_hiz_init_comp, sizeof sw_spirv_hiz_init_comp,
                                       "sward.hiz_init", &ps->pipes[0], err)))
        return res;
    if ((res = render_compute_pipeline(r, ps, sw_spirv_hiz_reduce_comp, sizeof sw_spirv_hiz_reduce_comp,
                                       "sward.hiz_reduce", &ps->pipes[1], err)))
        return res;
    /* The near shadow cascade's culling binds a pyramid too, but never reads it (no SW_VIEW_OCCLUSION). */
    for (uint32_t v = 1; v < r->blade_views; v++)
        if ((res = render_buffer_replace(r, RES_HIZ, v, 2 * sizeof(float), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                         GPU_MEMORY_DEVICE, "sward.hiz_none", err)))
            return res;
    return resize(r, ps, err);
}

static void record(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    if (!render_image_view(r, RES_DEPTH, view)) return; /* no occluders this frame */
    render_view *v = &r->views[view];
    sw_push push = {.view = view, .size0_x = (int)v->hiz_w0, .size0_y = (int)v->hiz_h0};
    gpu_buffer *hiz = &r->res[RES_HIZ][view].buffer;
    for (uint32_t l = 0; l < v->hiz_levels; l++) {
        /* each level reads the one below: the only barriers inside a pass, within its own resource */
        if (l) gpu_barrier_buffer(cmd, hiz, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_COMPUTE_READ_WRITE);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ps->pipes[l ? 1 : 0]);
        push.level = l;
        render_bind(r, ps, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, view, &push);
        vkCmdDispatch(cmd, (level_size(v->hiz_w0, l) + 7) / 8, (level_size(v->hiz_h0, l) + 7) / 8, 1);
    }
}

const render_pass render_pass_hiz = {
    .name = "hiz",
    .phase = RENDER_PHASE_CULL,
    .camera_only = true, /* shadow views test no occlusion (their cull reads a placeholder: create) */
    .use_count = 2,
    .uses = {
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_HIZ_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, false},
        {RES_HIZ, GPU_ACCESS_COMPUTE_WRITE, SW_HIZ_PYRAMID, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
    },
    .create = create,
    .resize = resize,
    .record = record,
};
