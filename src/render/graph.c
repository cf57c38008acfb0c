/* graph.c — passes over named resources (DESIGN "What a frame is"; the idea of Granite's render graph without
 * its generality: a fixed list in frame order, no reordering). From each pass's declared uses it builds the
 * pass's descriptor set 1 (one per frame slot and view, rewritten when a resource is replaced), and when the
 * pass runs it derives the barriers from the tracked state of each resource (last write, reads since, image
 * layout) and wraps the pass in a named pair of timestamps. */
#include "render/render.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static bool per_view(render_res res)
{
    return res == RES_HIZ || res == RES_SURVIVORS || res == RES_TILE_DRAWS || res == RES_DRAWS ||
           res == RES_ASSET_DRAWN || res == RES_ASSET_DRAWS;
}

static render_resource *resource(sward_renderer *r, render_res res, uint32_t view)
{
    return &r->res[res][per_view(res) ? view : 0];
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

static bool present(const sward_renderer *r, render_res res, uint32_t view)
{
    const render_resource *rr = &r->res[res][per_view(res) ? view : 0];
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
        const render_use *u = &p->uses[i];
        if (!present(r, u->res, view)) continue; /* e.g. the embedded renderer's targets */
        add_barrier(&b, resource(r, u->res, view), u->access, u->discard, VK_IMAGE_LAYOUT_UNDEFINED);
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

void render_run(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    render_slot *s = &r->slots[r->slot];
    if (ps->pass->phase != RENDER_PHASE_DRAW) render_prepare(r, ps, cmd, view);
    /* per-view passes are timed for the camera; a shadow pass for the one view it renders */
    bool timed = ps->timer >= 0 && view == (ps->pass->phase == RENDER_PHASE_SHADOW ? ps->pass->view : 0u);
    if (timed) gpu_timer_mark(cmd, &s->timer, 2u * (uint32_t)ps->timer, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    ps->pass->record(r, ps, cmd, view);
    if (timed) {
        gpu_timer_mark(cmd, &s->timer, 2u * (uint32_t)ps->timer + 1u, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
        s->timed_mask |= 1u << ps->timer;
    }
}

bool render_pass_runs(const sward_renderer *r, const render_pass *p)
{
    return !(p->standalone_only && !r->standalone) && (!p->active || p->active(r));
}

static bool runs(const sward_renderer *r, const render_pass_state *ps)
{
    return render_pass_runs(r, ps->pass);
}

void render_run_phase(sward_renderer *r, render_phase phase, VkCommandBuffer cmd, uint32_t view)
{
    for (uint32_t i = 0; i < r->pass_count; i++) {
        render_pass_state *ps = &r->passes[i];
        if (ps->pass->phase != phase || !runs(r, ps) || (ps->pass->camera_only && view != 0)) continue;
        render_run(r, ps, cmd, phase == RENDER_PHASE_SHADOW ? ps->pass->view : view);
    }
}

void render_prepare_phase(sward_renderer *r, render_phase phase, uint32_t draw_flags, VkCommandBuffer cmd,
                          uint32_t view)
{
    for (uint32_t i = 0; i < r->pass_count; i++) {
        render_pass_state *ps = &r->passes[i];
        if (ps->pass->phase == phase && runs(r, ps) && (!draw_flags || (ps->pass->draw_flag & draw_flags)))
            render_prepare(r, ps, cmd, view);
    }
}

/* One workgroup per tile; beyond the device's workgroups in x, continuing in y (the shaders fold x and y back
 * into the tile index). */
void render_dispatch_tiles(sward_renderer *r, VkCommandBuffer cmd, uint32_t tiles)
{
    uint32_t max_x = r->ctx->dev.props.limits.maxComputeWorkGroupCount[0];
    uint32_t x = tiles < max_x ? tiles : max_x;
    if (x) vkCmdDispatch(cmd, x, (tiles + x - 1) / x, 1);
}

void render_record_per_tile(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    /* culling: the view's run of the frame's tiles */
    uint32_t tiles = r->views[view].constants.tile_count;
    if (!tiles) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ps->pipes[0]);
    render_bind(r, ps, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, view, NULL);
    render_dispatch_tiles(r, cmd, tiles);
}

void render_record_per_pixel(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ps->pipes[0]);
    render_bind(r, ps, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, view, NULL);
    vkCmdDispatch(cmd, (r->width + 7) / 8, (r->height + 7) / 8, 1);
}

/* ---- descriptors ---- */

static void write_set(sward_renderer *r, render_pass_state *ps, uint32_t slot, uint32_t view)
{
    gpu_device *dev = &r->ctx->dev;
    const render_pass *p = ps->pass;
    VkDescriptorSet set = ps->sets[slot][view];
    for (uint32_t i = 0; i < p->use_count; i++) {
        const render_use *u = &p->uses[i];
        if (u->binding < 0) continue;
        render_resource *rr = resource(r, u->res, view);
        if (ps->written[slot][view][i] == rr->generation) continue;
        if (u->type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER) {
            if (!rr->buffer.buffer) continue;
            gpu_write_buffer(dev, set, (uint32_t)u->binding, u->type, &rr->buffer);
        } else {
            VkImageView v = rr->ext_view ? rr->ext_view : rr->image.view;
            if (u->type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE && rr->image.storage_view) v = rr->image.storage_view;
            if (!v) continue;
            bool sampled = u->type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
            VkImageLayout layout = gpu_access_of(u->access).layout;
            gpu_write_image(dev, set, (uint32_t)u->binding, u->type, v, layout, sampled ? r->sampler : VK_NULL_HANDLE);
        }
        ps->written[slot][view][i] = rr->generation;
    }
}

void render_bind(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, VkPipelineBindPoint point,
                 uint32_t view, const sw_push *push)
{
    write_set(r, ps, r->slot, view);
    VkDescriptorSet sets[2] = {r->scene_set, ps->sets[r->slot][view]};
    vkCmdBindDescriptorSets(cmd, point, ps->layout, 0, ps->set_layout ? 2u : 1u, sets, 0, NULL);
    sw_push pc = push ? *push : (sw_push){0};
    pc.view = view;
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
    if (n && (res = gpu_set_layout_create(dev, b, n, name, &ps->set_layout, err))) return res;
    VkDescriptorSetLayout sets[2] = {r->scene_layout, ps->set_layout};
    if ((res = gpu_pipeline_layout_create(dev, sets, n ? 2u : 1u, sizeof(sw_push), name, &ps->layout, err)))
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
    return p->create ? p->create(r, ps, err) : SWARD_OK;
}

sward_result render_graph_create(sward_renderer *r, sward_error *err)
{
    gpu_device *dev = &r->ctx->dev;
    static const VkDescriptorType buf = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    VkDescriptorSetLayoutBinding scene[SW_BIND_SCENE_COUNT];
    for (uint32_t i = 0; i < SW_BIND_SCENE_COUNT; i++)
        scene[i] = (VkDescriptorSetLayoutBinding){i, buf, 1, VK_SHADER_STAGE_ALL, NULL};
    sward_result res;
    if ((res = gpu_set_layout_create(dev, scene, SW_BIND_SCENE_COUNT, "sward.scene_set", &r->scene_layout, err)))
        return res;
    if ((res = gpu_sets_allocate(dev, r->scene_layout, scene, SW_BIND_SCENE_COUNT, 1, "sward.scene_set",
                                 &r->scene_pool, &r->scene_set, err)))
        return res;
    gpu_write_buffer(dev, r->scene_set, SW_BIND_FRAME, buf, &r->res[RES_FRAME][0].buffer);
    gpu_write_buffer(dev, r->scene_set, SW_BIND_VIEWS, buf, &r->res[RES_VIEWS][0].buffer);
    gpu_write_buffer(dev, r->scene_set, SW_BIND_MATERIALS, buf, &r->material_buf);
    gpu_write_buffer(dev, r->scene_set, SW_BIND_HEIGHTS, buf, &r->height_buf);
    gpu_write_buffer(dev, r->scene_set, SW_BIND_TYPE_MAP, buf, &r->type_map_buf);
    gpu_write_buffer(dev, r->scene_set, SW_BIND_GRASS_HEIGHT, buf, &r->grass_height_buf);
    gpu_write_buffer(dev, r->scene_set, SW_BIND_ASSETS, buf, &r->assets.asset_buf);
    gpu_write_buffer(dev, r->scene_set, SW_BIND_ASSET_VERTICES, buf, &r->assets.vertex_buf);
    gpu_write_buffer(dev, r->scene_set, SW_BIND_LEAF_NOISE, buf, &r->assets.noise_buf);
    gpu_write_buffer(dev, r->scene_set, SW_BIND_ASSET_TEXTURES, buf, &r->assets.texture_buf);
    gpu_write_buffer(dev, r->scene_set, SW_BIND_AREAS, buf, &r->area_buf);

    r->timed_count = 0;
    for (uint32_t i = 0; i < RENDER_PASS_COUNT && i < RENDER_MAX_PASSES; i++) {
        render_pass_state *ps = &r->passes[r->pass_count++];
        ps->pass = RENDER_PASSES[i];
        ps->timer = (int)r->timed_count++;
        if ((res = create_pass_state(r, ps, err))) return res;
    }
    r->sized_features = r->scene->render.features;
    for (uint32_t s = 0; s < r->slot_count; s++) {
        char name[48];
        snprintf(name, sizeof name, "sward.timestamps[%u]", s);
        if ((res = gpu_timer_create(dev, &r->slots[s].timer, 2u * r->timed_count, name, err))) return res;
        if ((res = gpu_stats_create(dev, &r->slots[s].stats_query, "sward.gbuffer_statistics", err))) return res;
    }
    return SWARD_OK;
}

sward_result render_graph_resize(sward_renderer *r, sward_error *err)
{
    for (uint32_t i = 0; i < r->pass_count; i++) {
        render_pass_state *ps = &r->passes[i];
        if (ps->pass->resize && runs(r, ps)) {
            sward_result res = ps->pass->resize(r, ps, err);
            if (res != SWARD_OK) return res;
        }
    }
    r->sized_features = r->scene->render.features; /* TAA and bloom size their resources by the features */
    return SWARD_OK;
}

void render_graph_destroy(sward_renderer *r)
{
    gpu_device *dev = &r->ctx->dev;
    for (uint32_t i = 0; i < r->pass_count; i++) {
        render_pass_state *ps = &r->passes[i];
        if (ps->pass->destroy) ps->pass->destroy(r, ps);
        for (uint32_t k = 0; k < RENDER_MAX_PIPES; k++)
            if (ps->pipes[k]) vkDestroyPipeline(dev->device, ps->pipes[k], NULL);
        if (ps->pool) vkDestroyDescriptorPool(dev->device, ps->pool, NULL);
        if (ps->layout) vkDestroyPipelineLayout(dev->device, ps->layout, NULL);
        if (ps->set_layout) vkDestroyDescriptorSetLayout(dev->device, ps->set_layout, NULL);
        memset(ps, 0, sizeof *ps);
    }
    r->pass_count = 0;
    for (uint32_t s = 0; s < RENDER_MAX_SLOTS; s++) {
        gpu_timer_destroy(dev, &r->slots[s].timer);
        gpu_stats_destroy(dev, &r->slots[s].stats_query);
    }
    if (r->scene_pool) vkDestroyDescriptorPool(dev->device, r->scene_pool, NULL);
    if (r->scene_layout) vkDestroyDescriptorSetLayout(dev->device, r->scene_layout, NULL);
    r->scene_pool = VK_NULL_HANDLE;
    r->scene_layout = VK_NULL_HANDLE;
}

/* ---- resources ---- */

sward_result render_buffer_replace(sward_renderer *r, render_res res, uint32_t view, VkDeviceSize size,
                                   VkBufferUsageFlags usage, gpu_memory mem, const char *name, sward_error *err)
{
    render_resource *rr = resource(r, res, view);
    gpu_buffer fresh;
    sward_result result = gpu_buffer_create(&r->ctx->dev, &fresh, size, usage, mem, name, err);
    if (result != SWARD_OK) return result;
    gpu_retire_buffer(&r->ctx->dev, &r->slots[r->slot].retired, &rr->buffer);
    rr->buffer = fresh;
    rr->generation++;
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
    rr->generation++;
    rr->last_write = GPU_ACCESS_NONE;
    rr->reads = 0;
    rr->layout = VK_IMAGE_LAYOUT_UNDEFINED;
}

VkImageView render_image_view(const sward_renderer *r, render_res res, uint32_t view)
{
    const render_resource *rr = &r->res[res][per_view(res) ? view : 0];
    return rr->ext_view ? rr->ext_view : rr->image.view;
}

sward_result render_graphics_pipeline(sward_renderer *r, render_pass_state *ps, gpu_graphics_desc *d,
                                      VkPipeline *out, sward_error *err)
{
    if (d->depth_format == VK_FORMAT_UNDEFINED) d->depth_format = r->depth_format;
    /* specialised to view 0, the camera (common.inc.glsl: SW_VIEW_SPEC) */
    if (d->spec.count == 0) d->spec.count = 1;
    d->spec.values[0] = 0;
    return gpu_graphics_pipeline(&r->ctx->dev, ps->layout, d, out, err);
}

sward_result render_compute_pipeline(sward_renderer *r, render_pass_state *ps, const uint32_t *code, size_t bytes,
                                     const char *name, VkPipeline *out, sward_error *err)
{
    return gpu_compute_pipeline(&r->ctx->dev, ps->layout, code, bytes, NULL, name, out, err);
}
