/* asset_draw.c — the mesh assets' draws (SPEC AS1, AS2, SH1, SH2, SC5): one indexed indirect draw per (asset,
 * level) of the camera's lists (asset_cull), instanced, the vertices pulled from the assets' buffer and moved by
 * the wind (asset_vertex.inc.glsl).
 *   asset_depth    the depth prime: the cards' alpha test and the screen door (asset_depth.frag.glsl);
 *   asset_occluders the same before the blades' culling (sward's own frame), writing the visibility buffer's id
 *                  (asset_id.frag.glsl: RES_ASSET_ID) where the G-buffer is resolved (asset_resolve.c, BX6);
 *   asset_occluders_late  the same for the instances of the second culling phase (SC3, asset_cull_late);
 *   asset_gbuffer  the G-buffer where it is not resolved: after the prime EQUAL without writes or discard;
 *                  without it GREATER with writes, cutting the cards itself (asset_dither.frag.glsl).
 * Reads frame, views, assets, asset vertices, leaf noise, the view's drawn list and draws. */
#include "render/pass.h"

#include "asset_vert.h"
#include "asset_frag.h"
#include "asset_dither_frag.h"
#include "asset_depth_frag.h"
#include "asset_id_frag.h"
#include "asset_id_vert.h"
#include "asset_shadow_vert.h"
#include "asset_depth_vert.h"

static void draw_assets_from(render_pass_ctx *c, VkCommandBuffer cmd, render_res args, uint32_t skip);

/* The camera's assets once they are culled: by sward_cmd_cull, or, as the blades' occluders (assets_occlude), by
 * asset_cull_camera before it. */
static void draw(render_pass_ctx *c, VkCommandBuffer cmd, VkPipeline pipe)
{
    if (!c->work->cluster_count || !(c->work->culled || c->plan->assets_occlude)) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, NULL);
    render_draw_assets(c, cmd);
}

static sward_result create_depth(render_pass_ctx *c, sward_error *err)
{
    gpu_graphics_desc d = {
        .vs = sw_spirv_asset_depth_vert, .vs_bytes = sizeof sw_spirv_asset_depth_vert,
        .fs = sw_spirv_asset_depth_frag, .fs_bytes = sizeof sw_spirv_asset_depth_frag,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.asset_depth",
    };
    return render_graphics_pipeline(c, &d, &c->pipes[0], err);
}

/* The occluders' prime: pipeline 0 depth only, 1 with the id target (where the device gives fragments their
 * primitive: render_config.primitive_id). */
static sward_result create_occluders(render_pass_ctx *c, sward_error *err)
{
    sward_result res = create_depth(c, err);
    if (res != SWARD_OK || !c->config->primitive_id) return res;
    gpu_graphics_desc d = {
        .vs = sw_spirv_asset_id_vert, .vs_bytes = sizeof sw_spirv_asset_id_vert,
        .fs = sw_spirv_asset_id_frag, .fs_bytes = sizeof sw_spirv_asset_id_frag,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .color_count = 1, .color_formats = {VK_FORMAT_R32G32_UINT},
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.asset_id",
    };
    return render_graphics_pipeline(c, &d, &c->pipes[1], err);
}

static void record_occluders(render_pass_ctx *c, VkCommandBuffer cmd)
{
    draw(c, cmd, c->pipes[c->plan->asset_resolve ? 1 : 0]);
}

/* SC3: the second phase's instances (asset_cull_late), after each run's first-phase ones */
static void record_occluders_late(render_pass_ctx *c, VkCommandBuffer cmd)
{
    if (!c->work->cluster_count) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->pipes[c->plan->asset_resolve ? 1 : 0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, NULL);
    draw_assets_from(c, cmd, RES_ASSET_LATE_DRAWS, 0u);
}

static sward_result create_gbuffer(render_pass_ctx *c, sward_error *err)
{
    gpu_graphics_desc d = {
        .vs = sw_spirv_asset_vert, .vs_bytes = sizeof sw_spirv_asset_vert,
        .fs = sw_spirv_asset_dither_frag, .fs_bytes = sizeof sw_spirv_asset_dither_frag,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .color_count = RENDER_GBUFFER_COUNT,
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.asset_gbuffer",
    };
    for (uint32_t i = 0; i < RENDER_GBUFFER_COUNT; i++) d.color_formats[i] = RENDER_GBUFFER_FORMATS[i];
    sward_result res = render_graphics_pipeline(c, &d, &c->pipes[0], err);
    d.fs = sw_spirv_asset_frag;
    d.fs_bytes = sizeof sw_spirv_asset_frag;
    d.depth_write = false;
    d.depth_compare = VK_COMPARE_OP_EQUAL;
    d.name = "sward.asset_gbuffer_primed";
    if (res == SWARD_OK) res = render_graphics_pipeline(c, &d, &c->pipes[1], err);
    return res;
}

static void record_depth(render_pass_ctx *c, VkCommandBuffer cmd)
{
    draw(c, cmd, c->pipes[0]);
}

static void record_gbuffer(render_pass_ctx *c, VkCommandBuffer cmd)
{
    draw(c, cmd, c->pipes[c->plan->depth_prime ? 1 : 0]);
}

/* where the G-buffer is not resolved from the visibility buffer (asset_resolve) */
static bool active(const render_plan *p, const render_work *w)
{
    return (void)w, !p->asset_resolve;
}

/* the depth prime with the blades' (SWARD_DRAW_BLADES_DEPTH), unless it was drawn as the blades' occluders */
static bool active_depth(const render_plan *p, const render_work *w)
{
    return (void)w, !p->assets_occlude;
}

static bool active_occluders(const render_plan *p, const render_work *w)
{
    return (void)w, p->assets_occlude;
}

static bool active_occluders_late(const render_plan *p, const render_work *w)
{
    return active_occluders(p, w) && p->hiz_history;
}

/* LS3: the casters of a shadow cascade: the near one animated and alpha-tested, the mid one at rest (trees: the
 * billboard facing the sun, alpha-tested; others: their last mesh level). */
sward_result render_asset_shadow_pipeline(render_pass_ctx *c, uint32_t view, VkPipeline *out, sward_error *err)
{
    gpu_graphics_desc d = {.name = view == SW_VIEW_NEAR ? "sward.shadow_near_assets" : "sward.shadow_mid_assets"};
    if (view == SW_VIEW_NEAR) {
        d.vs = sw_spirv_asset_depth_vert;
        d.vs_bytes = sizeof sw_spirv_asset_depth_vert;
        d.fs = sw_spirv_asset_depth_frag;
        d.fs_bytes = sizeof sw_spirv_asset_depth_frag;
    } else {
        d.vs = sw_spirv_asset_shadow_vert;
        d.vs_bytes = sizeof sw_spirv_asset_shadow_vert;
        d.fs = sw_spirv_asset_depth_frag;
        d.fs_bytes = sizeof sw_spirv_asset_depth_frag;
    }
    d.depth_bias_constant = -1.0f;
    d.depth_bias_slope = -1.5f;
    return render_shadow_pipeline(c, &d, view, out, err);
}

void render_shadow_assets(render_pass_ctx *c, VkCommandBuffer cmd, VkPipeline pipe, uint32_t skip)
{
    if (!c->config->asset_count || !c->work->cluster_count || !pipe) return;
    if (skip == (1u << c->config->asset_count) - 1u) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, NULL);
    render_draw_assets_but(c, cmd, skip);
}

/* The draws of assets [a0, a1) from `args` (RES_ASSET_DRAWS, or the second phase's RES_ASSET_LATE_DRAWS): their
 * (asset, level) runs are contiguous. */
static void draw_range(render_pass_ctx *c, VkCommandBuffer cmd, render_res args, uint32_t a0, uint32_t a1)
{
    uint32_t n = (a1 - a0) * SW_ASSET_MAX_LODS, at = a0 * SW_ASSET_MAX_LODS;
    uint32_t max_per_call = c->config->geo.max_draw_indirect;
    if (max_per_call == 0) max_per_call = 1;
    for (uint32_t first = 0; first < n; first += max_per_call) {
        uint32_t k = n - first < max_per_call ? n - first : max_per_call;
        vkCmdDrawIndexedIndirect(cmd, render_pass_buffer(c, args)->buffer,
                                 (VkDeviceSize)(at + first) * sizeof(sw_asset_draw), k, sizeof(sw_asset_draw));
    }
}

static void draw_assets_from(render_pass_ctx *c, VkCommandBuffer cmd, render_res args, uint32_t skip)
{
    if (!c->config->asset_count || !c->work->cluster_count) return;
    vkCmdBindIndexBuffer(cmd, c->config->geo.asset_indices, 0, VK_INDEX_TYPE_UINT32);
    /* one multi-draw per run of assets not skipped */
    for (uint32_t a = 0; a < c->config->asset_count;) {
        if (skip & (1u << a)) {
            a++;
            continue;
        }
        uint32_t b = a;
        while (b < c->config->asset_count && !(skip & (1u << b))) b++;
        draw_range(c, cmd, args, a, b);
        a = b;
    }
}

void render_draw_assets_but(render_pass_ctx *c, VkCommandBuffer cmd, uint32_t skip)
{
    draw_assets_from(c, cmd, RES_ASSET_DRAWS, skip);
}

void render_draw_assets(render_pass_ctx *c, VkCommandBuffer cmd)
{
    render_draw_assets_but(c, cmd, 0u);
}

/* What both depth primes of the assets touch (with the blades', or as the blades' occluders). */
#define ASSET_DEPTH_USES \
    {RES_ASSET_DRAWN, GPU_ACCESS_VERTEX_READ, SW_ASSET_DRAWN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0}, \
        {RES_ASSET_DRAWS, GPU_ACCESS_INDIRECT, -1, 0, 0}, {RES_DEPTH, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, 0}

const render_pass render_pass_asset_depth = {
    .name = "asset_depth",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = SWARD_DRAW_BLADES_DEPTH,
    .use_count = 3,
    .uses = {ASSET_DEPTH_USES},
    .create = create_depth,
    .needs = RENDER_NEEDS_ASSETS,
    .record = record_depth,
    .active = active_depth,
};

/* SC3: the same depth prime before the blades' culling (sward_cmd_cull's occluders step, into sward's depth or the host's), so that the
 * blades' Hi-Z holds the assets: blades behind a tree or a rock are not drawn. BX6: with the id of each pixel's
 * triangle (render_plan.asset_resolve; the target cleared by the step's rendering). */
const render_pass render_pass_asset_occluders = {
    .name = "asset_occluders",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = RENDER_DRAW_OCCLUDERS,
    .use_count = 4,
    .uses = {ASSET_DEPTH_USES, {RES_ASSET_ID, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, RENDER_USE_DISCARD}},
    .create = create_occluders,
    .needs = RENDER_NEEDS_ASSETS,
    .record = record_occluders,
    .active = active_occluders,
};

/* SC3: the occluders the second culling phase found (sward_cmd_cull's late occluders step, after the
 * CULL phase: the blades' Hi-Z does not hold them, their depth and id join the first phase's). */
const render_pass render_pass_asset_occluders_late = {
    .name = "asset_occluders_late",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = RENDER_DRAW_OCCLUDERS_LATE,
    .use_count = 4,
    .uses = {
        {RES_ASSET_DRAWN, GPU_ACCESS_VERTEX_READ, SW_ASSET_DRAWN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_LATE_DRAWS, GPU_ACCESS_INDIRECT, -1, 0, 0},
        {RES_DEPTH, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, 0},
        {RES_ASSET_ID, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, 0},
    },
    .create = create_occluders,
    .needs = RENDER_NEEDS_ASSETS,
    .record = record_occluders_late,
    .active = active_occluders_late,
};

const render_pass render_pass_asset_gbuffer = {
    .name = "asset_gbuffer",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = SWARD_DRAW_BLADES,
    .use_count = 8,
    .uses = {
        {RES_ASSET_DRAWN, GPU_ACCESS_VERTEX_READ, SW_ASSET_DRAWN, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_STATS, GPU_ACCESS_FRAGMENT_READ_WRITE, SW_GBUF_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_ASSET_DRAWS, GPU_ACCESS_INDIRECT, -1, 0, 0},
        {RES_GBUF_ALBEDO, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, 0},
        {RES_GBUF_NORMAL, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, 0},
        {RES_GBUF_MATERIAL, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, 0},
        {RES_MOTION, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, 0},
        {RES_DEPTH, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, 0},
    },
    .create = create_gbuffer,
    .needs = RENDER_NEEDS_ASSETS,
    .record = record_gbuffer,
    .active = active,
};
