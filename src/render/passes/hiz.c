/* hiz.c — the hierarchical depth pyramid for occlusion culling, per view (SPEC SC3; two-phase culling as in
 * the 003 post and niagara: occluders first). The occluders' depth (sward's ground and mesh assets in sward's
 * depth or the host's depth buffer) is reduced into a min/max pyramid (shaders/hiz.inc.glsl: a storage
 * buffer, level 0 half the render size) which the culling tests each blade's box against.
 * Reads: depth. Writes: the view's pyramid. Cost: about 1.3 x (width x height / 4) texels written, one
 * dispatch per level; 0.03-0.04 ms at 1920x1080 on the H200. */
#include "render/pass.h"
#include "shared/sw_pyramid.h"

#include "hiz_init_comp.h"
#include "hiz_reduce_comp.h"

/* The pyramid's level 0 and levels, for the size it was made for. */
typedef struct hiz_state {
    uint32_t w0, h0, levels;
} hiz_state;

/* The pyramid's sizes are shaders/shared/sw_pyramid.h's, as the shaders see them. */
static uint32_t level_size(uint32_t size0, uint32_t level) { return (uint32_t)sw_hiz_side((int)size0, (int)level); }

void render_hiz_size(uint32_t width, uint32_t height, uint32_t *w0, uint32_t *h0, uint32_t *levels)
{
    *w0 = (uint32_t)sw_half_up((int)width);
    *h0 = (uint32_t)sw_half_up((int)height);
    *levels = (uint32_t)sw_hiz_levels((int)*w0, (int)*h0);
}

/* The pyramid for the render size: replaced when the size changes (the old one freed frames later). */
static sward_result resize(render_pass_ctx *c, sward_error *err)
{
    hiz_state *st = c->state;
    uint32_t w0, h0, levels;
    render_hiz_size(c->config->width, c->config->height, &w0, &h0, &levels);
    if (render_pass_buffer(c, RES_HIZ)->buffer && w0 == st->w0 && h0 == st->h0) return SWARD_OK;
    const VkDeviceSize texels = (VkDeviceSize)sw_hiz_offset((int)w0, (int)h0, (int)levels);
    sward_result res = render_pass_buffer_replace(c, RES_HIZ, 0, texels * 2 * sizeof(float), err);
    if (res != SWARD_OK) return res;
    /* SC3: the camera's pyramid kept for the next frame, where the assets occlude (every asset culling binds it) */
    if (c->config->asset_count) {
        if ((res = render_pass_buffer_replace(c, RES_HIZ_HISTORY, 0, texels * 2 * sizeof(float), err))) return res;
    }
    st->w0 = w0;
    st->h0 = h0;
    st->levels = levels;
    return SWARD_OK;
}

static sward_result create_pipelines(render_pass_ctx *c, sward_error *err)
{
    sward_result res;
    if ((res = render_compute_pipeline(c, sw_spirv_hiz_init_comp, sizeof sw_spirv_hiz_init_comp,
                                       "sward.hiz_init", &c->pipes[0], err)))
        return res;
    return render_compute_pipeline(c, sw_spirv_hiz_reduce_comp, sizeof sw_spirv_hiz_reduce_comp, "sward.hiz_reduce",
                                   &c->pipes[1], err);
}

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    sward_result res;
    if ((res = create_pipelines(c, err))) return res;
    /* The shadow views' culling (the near cascade's blades, the near and mid ones' assets) binds a pyramid too,
     * but never reads it (no SW_VIEW_OCCLUSION). */
    const uint32_t lists = render_config_blade_lists(c->config);
    uint32_t views = c->config->asset_count && lists > 1 ? SW_VIEW_MID + 1u : lists;
    for (uint32_t v = 1; v < views; v++)
        if ((res = render_pass_buffer_replace(c, RES_HIZ, v, 2 * sizeof(float), err)))
            return res;
    return resize(c, err);
}

/* The pyramid of RES_DEPTH into `out` (RES_HIZ, or the history), level by level. */
static void reduce(render_pass_ctx *c, VkCommandBuffer cmd, render_res out)
{
    if (!render_pass_has(c, RES_DEPTH)) return; /* no occluders this frame */
    hiz_state v; /* the sizes resize made the pyramid for (hiz_ground has no state of its own) */
    render_hiz_size(c->config->width, c->config->height, &v.w0, &v.h0, &v.levels);
    sw_push push = {.view = c->view, .size0_x = (int)v.w0, .size0_y = (int)v.h0};
    gpu_buffer *hiz = render_pass_buffer(c, out);
    for (uint32_t l = 0; l < v.levels; l++) {
        /* each level reads the one below: the only barriers inside a pass, within its own resource */
        if (l) gpu_barrier_buffer(cmd, hiz, GPU_ACCESS_COMPUTE_WRITE, GPU_ACCESS_COMPUTE_READ_WRITE);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[l ? 1 : 0]);
        push.level = l;
        render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, &push);
        vkCmdDispatch(cmd, (level_size(v.w0, l) + 7) / 8, (level_size(v.h0, l) + 7) / 8, 1);
    }
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    reduce(c, cmd, RES_HIZ);
}

static void record_history(render_pass_ctx *c, VkCommandBuffer cmd)
{
    reduce(c, cmd, RES_HIZ_HISTORY);
}

const render_pass render_pass_hiz = {
    .name = "hiz",
    .phase = RENDER_PHASE_CULL,
    .views = RENDER_VIEWS_CAMERA, /* shadow views test no occlusion (their cull reads a placeholder: create) */
    .state_size = sizeof(hiz_state),
    .use_count = 2,
    .uses = {
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_HIZ_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 0},
        {RES_HIZ, GPU_ACCESS_COMPUTE_WRITE, SW_HIZ_PYRAMID, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    /* not touched here: sized with RES_HIZ (resize), written by hiz_history */
    .inside_count = 1,
    .inside = {{RES_HIZ_HISTORY, GPU_ACCESS_TRANSFER_WRITE, -1, 0, 0}},
    .create = create,
    .resize = resize,
    .record = record,
};

static bool assets_occlude(const render_plan *p, const render_work *w)
{
    return (void)w, p->assets_occlude;
}

/* SC3: the ground's own pyramid is needed where the assets' culling has one phase; with the last frame's pyramid
 * (hiz_history) the first phase tests that one alone (asset_cull.comp.glsl) */
static bool ground_only(const render_plan *p, const render_work *w)
{
    return (void)w, p->assets_occlude && !p->hiz_history;
}

/* SC3: the same pyramid of the ground's depth alone, for the camera's asset culling
 * (RENDER_PHASE_OCCLUDERS); the CULL phase's hiz then reduces the ground and the assets' depth prime. */
const render_pass render_pass_hiz_ground = {
    .name = "hiz_ground",
    .phase = RENDER_PHASE_OCCLUDERS,
    .use_count = 2,
    .uses = {
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_HIZ_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 0},
        {RES_HIZ, GPU_ACCESS_COMPUTE_WRITE, SW_HIZ_PYRAMID, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create_pipelines,
    .record = record,
    .active = ground_only,
};

/* SC3: the camera's pyramid of the ground and every asset drawn (both culling phases), kept for the next
 * frame's first phase (RENDER_PHASE_HISTORY: sward_cmd_cull, after the second phase's draws). */
const render_pass render_pass_hiz_history = {
    .name = "hiz_history",
    .phase = RENDER_PHASE_HISTORY,
    .use_count = 2,
    .uses = {
        {RES_DEPTH, GPU_ACCESS_DEPTH_READ_COMPUTE, SW_HIZ_DEPTH, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 0},
        {RES_HIZ_HISTORY, GPU_ACCESS_COMPUTE_WRITE, SW_HIZ_PYRAMID, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create_pipelines,
    .record = record_history,
    .active = assets_occlude,
};
