/* taa.c — temporal anti-aliasing of the camera view (SPEC SH8; shaders/taa.comp.glsl): the frame is rendered
 * with a Halton (2, 3) sub-pixel jitter (camera.c) and resolved against the previous frame's resolved image,
 * reprojected from the depth. The two RGBA16F images swap roles every frame (render_post): RES_TAA_HISTORY is
 * last frame's RES_TAA, so there is no copy. The history is reset (the frame alone) on the first frame, after
 * a resize and on a camera cut (render_taa_needs_reset); sward_render then renders SWARD_TAA_WARMUP_DEFAULT
 * jittered frames first, so stills are converged. With SW_FEAT_TAA off the images are 1 x 1 and nothing is
 * dispatched (post reads RES_HDR).
 * Reads frame, view, HDR colour, depth, history. Writes the resolved image. Cost: one dispatch of 8 x 8
 * pixels; per pixel 1.6 colour and depth texels (shared memory), 16 history texels, one write. */
#include "render/render.h"

#include "taa_comp.h"

#include <string.h>

static sward_result resize(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    (void)ps;
    bool on = (r->scene->render.features & SW_FEAT_TAA) != 0;
    uint32_t w = on ? r->width : 1u, h = on ? r->height : 1u;
    static const render_res images[2] = {RES_TAA, RES_TAA_HISTORY};
    static const char *const names[2] = {"sward.taa", "sward.taa_history"};
    for (int i = 0; i < 2; i++) {
        const gpu_image *cur = &r->res[images[i]][0].image;
        if (cur->image && cur->extent.width == w && cur->extent.height == h) continue;
        gpu_image img;
        gpu_image_desc d = {.format = RENDER_HDR_FORMAT, .width = w, .height = h,
                            .usage = VK_IMAGE_USAGE_STORAGE_BIT, .name = names[i]};
        sward_result res = gpu_image_create(&r->ctx->dev, &img, &d, err);
        if (res != SWARD_OK) {
            gpu_image_destroy(&r->ctx->dev, &img);
            return res;
        }
        render_image_replace(r, images[i], 0, &img);
        /* generations unique among the swapped pair (render_post) */
        r->res[images[i]][0].generation = ++r->taa.generation;
        r->taa.valid = false;
    }
    return SWARD_OK;
}

static sward_result create(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    sward_result res = render_compute_pipeline(r, ps, sw_spirv_taa_comp, sizeof sw_spirv_taa_comp, "sward.taa",
                                               &ps->pipes[0], err);
    return res != SWARD_OK ? res : resize(r, ps, err);
}

static void record(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    if (!(r->scene->render.features & SW_FEAT_TAA) || view != 0) return;
    render_record_per_pixel(r, ps, cmd, view);
    /* the next frame reprojects into this one */
    render_taa *t = &r->taa;
    const render_view *v = &r->views[0];
    t->valid = true;
    t->width = r->width;
    t->height = r->height;
    t->content = render_taa_content(r);
    t->constants = r->frame;
    t->constants.frame_index = 0;
    t->constants.tile_count = 0; /* as render_view_constants sees this frame's: before the tiles are chosen */
    t->constants.asset_count = 0; /* ... and before the assets' clusters */
    t->constants.cluster_count = 0;
    t->constants.place_now = 0; /* ... and before the tile cache's batches */
    t->constants.place_ahead = 0;
    memcpy(t->eye, v->vk.eye, sizeof t->eye);
    memcpy(t->view_proj, v->unjittered_view_proj, sizeof t->view_proj);
}

const render_pass render_pass_taa = {
    .name = "taa",
    .phase = RENDER_PHASE_POST,
    .use_count = 5,
    .uses = {
        {RES_HDR, GPU_ACCESS_GENERAL_COMPUTE, SW_TAA_HDR, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, false},
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_TAA_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, false},
        {RES_MOTION, GPU_ACCESS_SAMPLED_COMPUTE, SW_TAA_MOTION, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, false},
        {RES_TAA_HISTORY, GPU_ACCESS_GENERAL_COMPUTE, SW_TAA_HISTORY, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, false},
        {RES_TAA, GPU_ACCESS_GENERAL_COMPUTE, SW_TAA_OUT, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, true},
    },
    .create = create,
    .resize = resize,
    .record = record,
};
