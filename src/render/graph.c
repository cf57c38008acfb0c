/* graph.c — passes over named resources (DESIGN "What a frame is"; the idea of Granite's render graph without
 * its generality: a fixed list in frame order, no reordering). From each pass's declared uses it builds the
 * pass's descriptor set 1 (one per frame slot and view, rewritten when a resource is replaced), and when the
 * pass runs it derives the barriers from the tracked state of each resource (last write, reads since, image
 * layout) and wraps the pass in a named pair of timestamps. The resources themselves are declared by spec in
 * resources.c (RENDER_RESOURCES); graph.c holds their handles and states. */
#include "render/render.h"

#include <assert.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* A named resource: sward's own buffer or image, or a host image imported for a call. */
typedef struct render_resource {
    gpu_buffer buffer;
    gpu_image image;
    VkImage ext_image;     /* imported host image (RES_DEPTH in sward_cmd_cull) */
    VkImageView ext_view;
    VkImageView ext_storage_view; /* the host's view for storage writes (the sRGB albedo's UNORM view), or none */
    VkImageAspectFlags ext_aspect;
    uint32_t generation;   /* changes whenever the handle changes (unique in the graph: the TAA pair swaps) */
    uint32_t serial;       /* bumped when sward replaces it (not by a swap or an import) */
    /* access tracking: the last write, the reads since, the image layout */
    gpu_access last_write;
    uint32_t reads;        /* bit (1 << gpu_access) per read state since the last write */
    VkImageLayout layout;
} render_resource;

/* What the graph keeps of a pass: its set 1 (one per frame slot and view, rewritten when a resource behind a
 * binding is replaced), its pipelines and its own state. */
struct render_pass_state {
    const render_pass *pass;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkDescriptorPool pool;
    VkDescriptorSet sets[RENDER_MAX_SLOTS][SW_MAX_VIEWS];
    uint32_t written[RENDER_MAX_SLOTS][SW_MAX_VIEWS][RENDER_MAX_USES]; /* resource generation per use */
    VkPipeline pipes[RENDER_MAX_PIPES];
    void *state; /* render_pass.state_size bytes */
    int timer;   /* index of its timestamp pair, -1: not timed */
};

struct render_graph {
    sward_renderer *r; /* the device, the frame slot, the plan */
    render_resource res[RES_COUNT][SW_MAX_VIEWS];
    render_pass_state passes[RENDER_MAX_PASSES];
    uint32_t pass_count;
    uint32_t timed_count;
    uint32_t generation;       /* the last generation handed out */
    VkSampler sampler;         /* nearest, clamp: depth reads */
    VkDescriptorSetLayout scene_layout; /* the scene set (set 0) */
    VkDescriptorPool scene_pool;
    VkDescriptorSet scene_set;
};

static render_resource *resource(sward_renderer *r, render_res res, uint32_t view)
{
    return &r->graph->res[res][RENDER_RESOURCES[res].per_view ? view : 0];
}

static bool is_image(const render_resource *rr)
{
    return rr->image.image || rr->ext_image;
}

/* ---- barriers ---- */

typedef struct barrier_batch {
    VkMemoryBarrier2 mem;
    VkImageMemoryBarrier2 img[RENDER_MAX_USES];
    uint32_t images;
} barrier_batch;

static void add_barrier(barrier_batch *b, render_resource *rr, gpu_access access, bool discard,
                        VkImageLayout new_layout)
{
    gpu_access_info to = gpu_access_of(access);
    gpu_access_info last = gpu_access_of(rr->last_write);
    bool image = is_image(rr);
    if (image && new_layout == VK_IMAGE_LAYOUT_UNDEFINED) new_layout = to.layout;
    bool transition = image && new_layout != rr->layout;
    bool fresh = rr->last_write == GPU_ACCESS_NONE && rr->reads == 0;
    bool needed;
    VkPipelineStageFlags2 src_stage = 0;
    VkAccessFlags2 src_access = 0;
    if (transition || to.writes) {
        /* after the last write and every read since */
        src_stage = last.stage;
        src_access = last.writes ? last.access : 0;
        for (uint32_t a = 0; a < 32; a++)
            if (rr->reads & (1u << a)) src_stage |= gpu_access_of((gpu_access)a).stage;
        needed = transition || !fresh;
    } else {
        /* a read: after the last write, once per read state */
        needed = !fresh && !(rr->reads & (1u << access)) && rr->last_write != GPU_ACCESS_NONE;
        src_stage = last.stage;
        src_access = last.writes ? last.access : 0;
    }
    if (needed) {
        if (image) {
            VkImageMemoryBarrier2 *ib = &b->img[b->images++];
            *ib = (VkImageMemoryBarrier2){
                .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                .srcStageMask = src_stage ? src_stage : VK_PIPELINE_STAGE_2_NONE,
                .srcAccessMask = src_access,
                .dstStageMask = to.stage,
                .dstAccessMask = to.access,
                .oldLayout = discard ? VK_IMAGE_LAYOUT_UNDEFINED : rr->layout,
                .newLayout = new_layout,
                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                .image = rr->ext_image ? rr->ext_image : rr->image.image,
                .subresourceRange = {rr->ext_image ? rr->ext_aspect : rr->image.aspect, 0, VK_REMAINING_MIP_LEVELS,
                                     0, VK_REMAINING_ARRAY_LAYERS},
            };
        } else {
            b->mem.srcStageMask |= src_stage;
            b->mem.srcAccessMask |= src_access;
            b->mem.dstStageMask |= to.stage;
            b->mem.dstAccessMask |= to.access;
        }
    }
    if (transition || to.writes) {
        rr->last_write = access;
        rr->reads = transition && !to.writes ? (1u << access) : 0u;
    } else {
        rr->reads |= 1u << access;
    }
    if (image) rr->layout = new_layout;
}

static void flush(VkCommandBuffer cmd, barrier_batch *b)
{
    bool mem = b->mem.dstStageMask != 0;
    if (!mem && !b->images) return;
    if (mem && !b->mem.srcStageMask) b->mem.srcStageMask = VK_PIPELINE_STAGE_2_NONE;
    VkDependencyInfo di = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .memoryBarrierCount = mem ? 1u : 0u,
        .pMemoryBarriers = &b->mem,
        .imageMemoryBarrierCount = b->images,
        .pImageMemoryBarriers = b->img,
    };
    vkCmdPipelineBarrier2(cmd, &di);
}

static barrier_batch batch(void)
{
    barrier_batch b;
    memset(&b, 0, sizeof b);
    b.mem.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2;
    return b;
}

/* A use as this renderer's plan makes it: the frame's depth is the merged depth where the compute rasteriser
 * draws (RENDER_USE_FRAME_DEPTH); raster_compute is fixed for a renderer, so a pass's descriptor names one
 * resource for its life. */
static render_use use_of(const sward_renderer *r, const render_use *u)
{
    render_use e = *u;
    if ((u->flags & RENDER_USE_FRAME_DEPTH) && r->config.raster_compute) {
        e.res = RES_MERGED_DEPTH;
        e.access = GPU_ACCESS_SAMPLED_COMPUTE;
    }
    return e;
}

render_res render_frame_depth(const sward_renderer *r, gpu_access *access)
{
    const render_use u = use_of(r, &(render_use){.res = RES_DEPTH, .access = GPU_ACCESS_DEPTH_READ_COMPUTE,
                                                 .flags = RENDER_USE_FRAME_DEPTH});
    if (access) *access = u.access;
    return u.res;
}

static bool present(const sward_renderer *r, render_res res, uint32_t view)
{
    const render_resource *rr = &r->graph->res[res][RENDER_RESOURCES[res].per_view ? view : 0];
    return rr->buffer.buffer || rr->image.image || rr->ext_image;
}

/* The scene set's per-frame buffers, read by every pass at its stages. */
static gpu_access scene_access(const render_pass *p)
{
    return p->phase == RENDER_PHASE_DRAW ? GPU_ACCESS_DRAW_READ : GPU_ACCESS_COMPUTE_READ;
}

void render_prepare(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    const render_pass *p = ps->pass;
    barrier_batch b = batch();
    add_barrier(&b, resource(r, RES_FRAME, view), scene_access(p), false, VK_IMAGE_LAYOUT_UNDEFINED);
    add_barrier(&b, resource(r, RES_VIEWS, view), scene_access(p), false, VK_IMAGE_LAYOUT_UNDEFINED);
    for (uint32_t i = 0; i < p->use_count; i++) {
        const render_use e = use_of(r, &p->uses[i]), *u = &e;
        if (!present(r, u->res, view)) continue; /* e.g. the embedded renderer's targets */
        add_barrier(&b, resource(r, u->res, view), u->access, (u->flags & RENDER_USE_DISCARD) != 0,
                    VK_IMAGE_LAYOUT_UNDEFINED);
    }
    flush(cmd, &b);
}

void render_access(sward_renderer *r, VkCommandBuffer cmd, render_res res, uint32_t view, gpu_access access,
                   bool discard)
{
    barrier_batch b = batch();
    add_barrier(&b, resource(r, res, view), access, discard, VK_IMAGE_LAYOUT_UNDEFINED);
    flush(cmd, &b);
}

void render_release(sward_renderer *r, VkCommandBuffer cmd, render_res res, uint32_t view, gpu_access access,
                    VkImageLayout layout)
{
    barrier_batch b = batch();
    add_barrier(&b, resource(r, res, view), access, false, layout);
    flush(cmd, &b);
}

/* ---- running passes ---- */

static render_pass_ctx pass_ctx(sward_renderer *r, render_pass_state *ps, uint32_t view)
{
    return (render_pass_ctx){
        .config = &r->config,
        .plan = &r->plan,
        .work = &r->work,
        .scene = r->scene,
        .dev = &r->ctx->dev,
        .view = view,
        .layout = ps->layout,
        .pipes = ps->pipes,
        .state = ps->state,
        .graph = r->graph,
        .ps = ps,
    };
}

static void run(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    render_slot *s = &r->slots[r->slot];
    if (ps->pass->phase != RENDER_PHASE_DRAW) render_prepare(r, ps, cmd, view);
    /* per-view passes are timed for the camera; a shadow pass for the one view it renders */
    bool timed = ps->timer >= 0 && view == (ps->pass->phase == RENDER_PHASE_SHADOW ? ps->pass->view : 0u);
    if (timed) gpu_timer_mark(cmd, &s->timer, 2u * (uint32_t)ps->timer, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    render_pass_ctx c = pass_ctx(r, ps, view);
    ps->pass->record(&c, cmd);
    if (timed) {
        gpu_timer_mark(cmd, &s->timer, 2u * (uint32_t)ps->timer + 1u, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
        s->timed_mask |= 1ull << ps->timer;
    }
}

/* The pass exists in this renderer: the config has what it needs (else it was not created). */
static bool exists(const sward_renderer *r, const render_pass_state *ps)
{
    return render_config_meets(&r->config, ps->pass->needs);
}

static bool runs(const sward_renderer *r, const render_pass_state *ps)
{
    const render_pass *p = ps->pass;
    return exists(r, ps) && (!p->active || p->active(&r->plan, &r->work));
}

/* The plan's say on which views a CULL pass runs for, and which POST passes a warm-up frame runs. */
static bool runs_for(const render_plan *plan, const render_pass *p, uint32_t view)
{
    if (p->phase == RENDER_PHASE_POST) return !plan->history_only || p->history;
    if (p->phase != RENDER_PHASE_CULL) return true;
    switch (p->views) {
    case RENDER_VIEWS_CAMERA: return view == 0;
    case RENDER_VIEWS_ASSETS: return (plan->asset_views >> view) & 1u;
    case RENDER_VIEWS_BLADES: break;
    }
    return (plan->cull_views >> view) & 1u;
}

void render_run_phase(sward_renderer *r, render_phase phase, VkCommandBuffer cmd, uint32_t view)
{
    render_graph *g = r->graph;
    for (uint32_t i = 0; i < g->pass_count; i++) {
        render_pass_state *ps = &g->passes[i];
        if (ps->pass->phase != phase || !runs(r, ps) || !runs_for(&r->plan, ps->pass, view)) continue;
        run(r, ps, cmd, phase == RENDER_PHASE_SHADOW ? ps->pass->view : view);
    }
}

void render_run_draws(sward_renderer *r, uint32_t what, VkCommandBuffer cmd)
{
    render_graph *g = r->graph;
    for (uint32_t i = 0; i < g->pass_count; i++) {
        render_pass_state *ps = &g->passes[i];
        if (ps->pass->phase == RENDER_PHASE_DRAW && (ps->pass->draw_flag & what) && runs(r, ps)) run(r, ps, cmd, 0);
    }
}

void render_prepare_phase(sward_renderer *r, render_phase phase, uint32_t draw_flags, VkCommandBuffer cmd,
                          uint32_t view)
{
    render_graph *g = r->graph;
    for (uint32_t i = 0; i < g->pass_count; i++) {
        render_pass_state *ps = &g->passes[i];
        if (ps->pass->phase == phase && runs(r, ps) && (!draw_flags || (ps->pass->draw_flag & draw_flags)))
            render_prepare(r, ps, cmd, view);
    }
}

/* One workgroup per tile; beyond the device's workgroups in x, continuing in y (the shaders fold x and y back
 * into the tile index). */
void render_dispatch_tiles(render_pass_ctx *c, VkCommandBuffer cmd, uint32_t tiles)
{
    uint32_t max_x = c->config->geo.max_groups_x;
    uint32_t x = tiles < max_x ? tiles : max_x;
    if (x) vkCmdDispatch(cmd, x, (tiles + x - 1) / x, 1);
}

void render_record_per_tile(render_pass_ctx *c, VkCommandBuffer cmd)
{
    /* culling: the view's run of the frame's tiles */
    uint32_t tiles = c->work->view[c->view]->tile_count;
    if (!tiles) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, NULL);
    render_dispatch_tiles(c, cmd, tiles);
}

void render_record_per_pixel(render_pass_ctx *c, VkCommandBuffer cmd)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, NULL);
    vkCmdDispatch(cmd, (c->config->width + 7) / 8, (c->config->height + 7) / 8, 1);
}

/* ---- what a pass may touch: its declared uses (checked in debug builds) ---- */

#ifndef NDEBUG
static bool declared(const render_pass *p, render_res res, int access)
{
    for (uint32_t i = 0; i < p->use_count; i++)
        if (p->uses[i].res == res && (access < 0 || p->uses[i].access == (gpu_access)access)) return true;
    for (uint32_t i = 0; i < p->inside_count; i++)
        if (p->inside[i].res == res && (access < 0 || p->inside[i].access == (gpu_access)access)) return true;
    return false;
}
#endif

gpu_buffer *render_pass_buffer(render_pass_ctx *c, render_res res)
{
    assert(declared(c->ps->pass, res, -1) && "a pass touches a resource it did not declare");
    return &resource(c->graph->r, res, c->view)->buffer;
}

bool render_pass_has(render_pass_ctx *c, render_res res)
{
    assert(declared(c->ps->pass, res, -1) && "a pass touches a resource it did not declare");
    return present(c->graph->r, res, c->view);
}

void render_pass_access(render_pass_ctx *c, VkCommandBuffer cmd, render_res res, gpu_access access, bool discard)
{
    assert(declared(c->ps->pass, res, (int)access) && "a pass accesses a resource in a way it did not declare");
    render_access(c->graph->r, cmd, res, c->view, access, discard);
}

sward_result render_pass_buffer_replace(render_pass_ctx *c, render_res res, uint32_t view, VkDeviceSize size,
                                        sward_error *err)
{
    assert(declared(c->ps->pass, res, -1) && "a pass replaces a resource it did not declare");
    return render_buffer_replace(c->graph->r, res, view, size, err);
}

/* ---- descriptors ---- */

static void write_set(sward_renderer *r, render_pass_state *ps, uint32_t slot, uint32_t view)
{
    gpu_device *dev = &r->ctx->dev;
    const render_pass *p = ps->pass;
    VkDescriptorSet set = ps->sets[slot][view];
    for (uint32_t i = 0; i < p->use_count; i++) {
        const render_use e = use_of(r, &p->uses[i]), *u = &e;
        if (u->binding < 0) continue;
        render_resource *rr = resource(r, u->res, view);
        if (ps->written[slot][view][i] == rr->generation) continue;
        if (u->type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER) {
            if (!rr->buffer.buffer) continue;
            gpu_write_buffer(dev, set, (uint32_t)u->binding, u->type, &rr->buffer);
        } else {
            VkImageView v = rr->ext_view ? rr->ext_view : rr->image.view;
            if (u->type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE) {
                VkImageView storage = rr->ext_view ? rr->ext_storage_view : rr->image.storage_view;
                if (storage) v = storage;
            }
            if (!v) continue;
            bool sampled = u->type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
            VkImageLayout layout = gpu_access_of(u->access).layout;
            gpu_write_image(dev, set, (uint32_t)u->binding, u->type, v, layout,
                            sampled ? r->graph->sampler : VK_NULL_HANDLE);
        }
        ps->written[slot][view][i] = rr->generation;
    }
}

void render_bind(render_pass_ctx *c, VkCommandBuffer cmd, VkPipelineBindPoint point, const sw_push *push)
{
    sward_renderer *r = c->graph->r;
    render_pass_state *ps = c->ps;
    write_set(r, ps, r->slot, c->view);
    VkDescriptorSet sets[2] = {c->graph->scene_set, ps->sets[r->slot][c->view]};
    vkCmdBindDescriptorSets(cmd, point, ps->layout, 0, ps->set_layout ? 2u : 1u, sets, 0, NULL);
    sw_push pc = push ? *push : (sw_push){0};
    pc.view = c->view;
    vkCmdPushConstants(cmd, ps->layout, VK_SHADER_STAGE_ALL, 0, sizeof pc, &pc);
}

static sward_result create_pass_state(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    const render_pass *p = ps->pass;
    VkDescriptorSetLayoutBinding b[RENDER_MAX_USES];
    uint32_t n = 0;
    for (uint32_t i = 0; i < p->use_count; i++) {
        if (p->uses[i].binding < 0) continue;
        b[n++] = (VkDescriptorSetLayoutBinding){
            .binding = (uint32_t)p->uses[i].binding,
            .descriptorType = p->uses[i].type,
            .descriptorCount = 1,
            .stageFlags = VK_SHADER_STAGE_ALL,
        };
    }
    char name[64];
    snprintf(name, sizeof name, "sward.%s", p->name);
    sward_result res;
    if (p->state_size && !(ps->state = calloc(1, p->state_size)))
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for pass %s", p->name);
    if (!exists(r, ps)) return SWARD_OK; /* the config lacks what it needs: no sets, no pipelines, never run */
    if (n && (res = gpu_shared_set_layout(dev, b, n, name, &ps->set_layout, err))) return res;
    VkDescriptorSetLayout sets[2] = {r->graph->scene_layout, ps->set_layout};
    if ((res = gpu_shared_pipeline_layout(dev, sets, n ? 2u : 1u, sizeof(sw_push), name, &ps->layout, err)))
        return res;
    if (n) {
        uint32_t count = r->slot_count * SW_MAX_VIEWS;
        VkDescriptorSet all[RENDER_MAX_SLOTS * SW_MAX_VIEWS];
        if ((res = gpu_sets_allocate(dev, ps->set_layout, b, n, count, name, &ps->pool, all, err))) return res;
        for (uint32_t s = 0; s < r->slot_count; s++)
            for (uint32_t v = 0; v < SW_MAX_VIEWS; v++) ps->sets[s][v] = all[s * SW_MAX_VIEWS + v];
    }
    /* generation 0 is never a resource's: every binding is written before its first use */
    memset(ps->written, 0, sizeof ps->written);
    render_pass_ctx c = pass_ctx(r, ps, 0);
    return p->create ? p->create(&c, err) : SWARD_OK;
}

sward_result render_graph_new(sward_renderer *r, sward_error *err)
{
    r->graph = calloc(1, sizeof *r->graph);
    if (!r->graph) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory");
    r->graph->r = r;
    assert(!render_resources_check() && "RENDER_RESOURCES disagrees with the RES_* enum");
    gpu_device *dev = &r->ctx->dev;
    return gpu_sampler_create(dev, VK_FILTER_NEAREST, 0.0f, "sward.depth_sampler", &r->graph->sampler, err);
}

sward_result render_graph_create(sward_renderer *r, sward_error *err)
{
    render_graph *g = r->graph;
    gpu_device *dev = &r->ctx->dev;
    static const VkDescriptorType buf = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    VkDescriptorSetLayoutBinding scene[SW_BIND_SCENE_COUNT];
    for (uint32_t i = 0; i < SW_BIND_SCENE_COUNT; i++)
        scene[i] = (VkDescriptorSetLayoutBinding){i, buf, 1, VK_SHADER_STAGE_ALL, NULL};
    scene[SW_BIND_ASSET_ALPHA].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    sward_result res;
    if ((res = gpu_shared_set_layout(dev, scene, SW_BIND_SCENE_COUNT, "sward.scene_set", &g->scene_layout, err)))
        return res;
    if ((res = gpu_sets_allocate(dev, g->scene_layout, scene, SW_BIND_SCENE_COUNT, 1, "sward.scene_set",
                                 &g->scene_pool, &g->scene_set, err)))
        return res;
    gpu_write_buffer(dev, g->scene_set, SW_BIND_FRAME, buf, &g->res[RES_FRAME][0].buffer);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_VIEWS, buf, &g->res[RES_VIEWS][0].buffer);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_MATERIALS, buf, &r->bufs.material_buf);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_HEIGHTS, buf, &r->bufs.height_buf);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_TYPE_MAP, buf, &r->bufs.type_map_buf);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_GRASS_HEIGHT, buf, &r->bufs.grass_height_buf);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_LAYER_MAP, buf, &r->bufs.layer_map_buf);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_CANOPY, buf, &r->bufs.canopy_buf);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_ASSETS, buf, &r->assets.asset_buf);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_ASSET_VERTICES, buf, &r->assets.vertex_buf);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_LEAF_NOISE, buf, &r->assets.noise_buf);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_ASSET_TEXTURES, buf, &r->assets.texture_buf);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_AREAS, buf, &r->bufs.area_buf);
    gpu_write_buffer(dev, g->scene_set, SW_BIND_ASSET_INDICES, buf, &r->assets.index_buf);
    gpu_write_image(dev, g->scene_set, SW_BIND_ASSET_ALPHA, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                    r->assets.alpha_image.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, r->assets.alpha_sampler);

    g->timed_count = 0;
    for (uint32_t i = 0; i < RENDER_PASS_COUNT; i++) {
        render_pass_state *ps = &g->passes[g->pass_count++];
        ps->pass = RENDER_PASSES[i];
        ps->timer = (int)g->timed_count++;
        if ((res = create_pass_state(r, ps, err))) return res;
    }
    r->sized_features = r->config.features;
    for (uint32_t s = 0; s < r->slot_count; s++) {
        char name[48];
        snprintf(name, sizeof name, "sward.timestamps[%u]", s);
        if ((res = gpu_timer_create(dev, &r->slots[s].timer, 2u * g->timed_count, name, err))) return res;
        if ((res = gpu_stats_create(dev, &r->slots[s].stats_query, "sward.gbuffer_statistics", err))) return res;
    }
    return SWARD_OK;
}

sward_result render_graph_resize(sward_renderer *r, sward_error *err)
{
    render_graph *g = r->graph;
    render_config_size(r); /* the resources follow the config's size and features */
    sward_result res = render_resources_size(r, err); /* the targets and the shadow-size resources (resources.c) */
    for (uint32_t i = 0; i < g->pass_count && res == SWARD_OK; i++) {
        render_pass_state *ps = &g->passes[i];
        if (ps->pass->resize && runs(r, ps)) { /* what a pass sizes itself (the pyramids) */
            render_pass_ctx c = pass_ctx(r, ps, 0);
            res = ps->pass->resize(&c, err);
        }
    }
    if (res != SWARD_OK) return res;
    r->sized_features = r->config.features; /* TAA and bloom size their resources by the features */
    return SWARD_OK;
}

void render_graph_destroy(sward_renderer *r)
{
    render_graph *g = r->graph;
    if (!g) return;
    gpu_device *dev = &r->ctx->dev;
    for (uint32_t i = 0; i < g->pass_count; i++) {
        render_pass_state *ps = &g->passes[i];
        render_pass_ctx c = pass_ctx(r, ps, 0);
        if (ps->pass->destroy && exists(r, ps)) ps->pass->destroy(&c);
        /* the pipelines and layouts are the device's (gpu_shared_*): other renderers may hold them */
        if (ps->pool) vkDestroyDescriptorPool(dev->device, ps->pool, NULL);
        free(ps->state);
        memset(ps, 0, sizeof *ps);
    }
    g->pass_count = 0;
    for (uint32_t s = 0; s < RENDER_MAX_SLOTS; s++) {
        gpu_timer_destroy(dev, &r->slots[s].timer);
        gpu_stats_destroy(dev, &r->slots[s].stats_query);
    }
    if (g->scene_pool) vkDestroyDescriptorPool(dev->device, g->scene_pool, NULL);
    for (int k = 0; k < RES_COUNT; k++)
        for (uint32_t v = 0; v < SW_MAX_VIEWS; v++) {
            gpu_buffer_destroy(dev, &g->res[k][v].buffer);
            gpu_image_destroy(dev, &g->res[k][v].image);
        }
    if (g->sampler) vkDestroySampler(dev->device, g->sampler, NULL);
    free(g);
    r->graph = NULL;
}

sward_result render_graph_times(sward_renderer *r, render_slot *s, sward_frame_stats *st, sward_error *err)
{
    render_graph *g = r->graph;
    double ms[RENDER_MAX_PASSES];
    sward_result res = gpu_timer_read(&r->ctx->dev, &s->timer, s->timed_mask, ms, g->timed_count, err);
    if (res != SWARD_OK) return res;
    for (uint32_t i = 0; i < g->pass_count && st->passes.count < RENDER_MAX_PASSES; i++) {
        const render_pass_state *ps = &g->passes[i];
        if (ps->timer < 0 || !(s->timed_mask & (1ull << ps->timer))) continue;
        sward_pass_time *pt = &s->pass_times[st->passes.count++];
        snprintf(pt->name, sizeof pt->name, "%s", ps->pass->name);
        pt->gpu_ms = ms[ps->timer];
    }
    return SWARD_OK;
}

uint32_t render_graph_pass_count(const sward_renderer *r)
{
    return r->graph ? r->graph->timed_count : 0;
}

void *render_pass_state_of(sward_renderer *r, const char *name)
{
    for (uint32_t i = 0; i < r->graph->pass_count; i++)
        if (strcmp(r->graph->passes[i].pass->name, name) == 0) return r->graph->passes[i].state;
    return NULL;
}

void render_scene_set(const sward_renderer *r, VkDescriptorSetLayout *layout, VkDescriptorSet *set,
                      VkSampler *sampler)
{
    if (layout) *layout = r->graph->scene_layout;
    if (set) *set = r->graph->scene_set;
    if (sampler) *sampler = r->graph->sampler;
}

/* ---- resources ---- */

sward_result render_buffer_replace(sward_renderer *r, render_res res, uint32_t view, VkDeviceSize size,
                                   sward_error *err)
{
    render_resource *rr = resource(r, res, view);
    const render_resource_spec *spec = &RENDER_RESOURCES[res];
    gpu_buffer fresh;
    sward_result result = gpu_buffer_create(&r->ctx->dev, &fresh, size, spec->usage, GPU_MEMORY_DEVICE, spec->name,
                                            err);
    if (result != SWARD_OK) return result;
    gpu_retire_buffer(&r->ctx->dev, &r->slots[r->slot].retired, &rr->buffer);
    rr->buffer = fresh;
    rr->generation = ++r->graph->generation;
    rr->serial++;
    rr->last_write = GPU_ACCESS_NONE;
    rr->reads = 0;
    return SWARD_OK;
}

void render_image_replace(sward_renderer *r, render_res res, uint32_t view, gpu_image *img)
{
    render_resource *rr = resource(r, res, view);
    gpu_retire_image(&r->ctx->dev, &r->slots[r->slot].retired, &rr->image);
    rr->image = *img;
    memset(img, 0, sizeof *img);
    rr->generation = ++r->graph->generation;
    rr->serial++;
    rr->last_write = GPU_ACCESS_NONE;
    rr->reads = 0;
    rr->layout = VK_IMAGE_LAYOUT_UNDEFINED;
}

gpu_buffer *render_buffer(sward_renderer *r, render_res res, uint32_t view)
{
    return &resource(r, res, view)->buffer;
}

gpu_image *render_image(sward_renderer *r, render_res res, uint32_t view)
{
    return &resource(r, res, view)->image;
}

VkImageView render_image_view(const sward_renderer *r, render_res res, uint32_t view)
{
    const render_resource *rr = &r->graph->res[res][RENDER_RESOURCES[res].per_view ? view : 0];
    return rr->ext_view ? rr->ext_view : rr->image.view;
}

uint32_t render_resource_serial(const sward_renderer *r, render_res res)
{
    return r->graph->res[res][0].serial;
}

void render_swap(sward_renderer *r, render_res a, render_res b)
{
    /* each image keeps its own barrier state; new generations rewrite the descriptors that name them */
    render_graph *g = r->graph;
    render_resource t = g->res[a][0];
    g->res[a][0] = g->res[b][0];
    g->res[b][0] = t;
    g->res[a][0].generation = ++g->generation;
    g->res[b][0].generation = ++g->generation;
}

void render_import(sward_renderer *r, render_res res, VkImage image, VkImageView view, VkImageView storage_view,
                   VkFormat format, gpu_access last, VkImageLayout layout)
{
    render_resource *d = &r->graph->res[res][0];
    if (d->ext_view != view || d->ext_storage_view != storage_view) d->generation = ++r->graph->generation;
    d->ext_image = image;
    d->ext_view = view;
    d->ext_storage_view = storage_view;
    d->ext_aspect = gpu_format_aspect(format);
    d->last_write = last;
    d->reads = 0;
    d->layout = layout;
}

void render_unimport(sward_renderer *r, VkCommandBuffer cmd, render_res res, VkImageLayout layout)
{
    render_release(r, cmd, res, 0, GPU_ACCESS_ALL, layout);
    r->graph->res[res][0].ext_image = VK_NULL_HANDLE;
    r->graph->res[res][0].ext_view = VK_NULL_HANDLE;
    r->graph->res[res][0].ext_storage_view = VK_NULL_HANDLE;
}

sward_result render_graphics_pipeline(render_pass_ctx *c, gpu_graphics_desc *d, VkPipeline *out, sward_error *err)
{
    if (d->depth_format == VK_FORMAT_UNDEFINED) d->depth_format = c->config->depth_format;
    /* specialised to view 0, the camera (common.inc.glsl: SW_VIEW_SPEC) */
    if (d->spec.count == 0) d->spec.count = 1;
    d->spec.values[0] = 0;
    return gpu_shared_graphics_pipeline(c->dev, c->layout, d, out, err);
}

sward_result render_compute_pipeline(render_pass_ctx *c, const uint32_t *code, size_t bytes, const char *name,
                                     VkPipeline *out, sward_error *err)
{
    return gpu_shared_compute_pipeline(c->dev, c->layout, code, bytes, NULL, name, out, err);
}
