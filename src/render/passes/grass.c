/* grass.c — the blade pass (SPEC GA1, SC6): per tile two indexed indirect draws (draw_args.comp.glsl),
 * 15-vertex blades then 7-vertex ones, in tile order; short grass tiles draw two blades per placed instance.
 * No vertex buffer and no instancing: the pass's index buffer holds one pattern per blade slot of a tile
 * (blade k's vertices are k * V .. k * V + V - 1) and each draw's vertex_offset moves it to the tile's run of
 * the view's survivor list. Reads frame, view, materials, survivors, draws; writes HDR colour and depth.
 * Cost: bound by the rasteriser on the H200: 1.3-1.7 ms for about 81,000 blades at 1920x1080. */
#include "render/render.h"

#include "grass_vert.h"
#include "grass_frag.h"

#include <stdlib.h>

typedef struct grass_pass {
    gpu_buffer indices;
} grass_pass;

/* Triangles of a blade with `rows` rows of two vertices and a tip: two per quad between rows, one at the tip. */
static size_t blade_pattern(uint32_t *out, uint32_t rows, uint32_t first)
{
    size_t n = 0;
    for (uint32_t q = 0; q + 1 < rows; q++) {
        uint32_t a = first + 2 * q;
        out[n++] = a;
        out[n++] = a + 1;
        out[n++] = a + 2;
        out[n++] = a + 1;
        out[n++] = a + 3;
        out[n++] = a + 2;
    }
    uint32_t last = first + 2 * (rows - 1);
    out[n++] = last;
    out[n++] = last + 1;
    out[n++] = last + 2;
    return n;
}

/* The blades' shared index pattern (draw_args.comp.glsl's first_index and vertex_offset point into it); the
 * shadow casters (shadow_near.c) draw from a copy of their own. */
sward_result render_blade_indices(sward_renderer *r, gpu_buffer *out, sward_error *err)
{
    /* 2 x SW_TILE_CANDIDATES slots of each LOD: a tile of short grass draws two blades per instance (GA1),
     * blades 2k and 2k + 1 of the pattern, vertices 2k V .. 2k V + 2V - 1 (draw_args.comp.glsl). */
    size_t slots = 2u * SW_TILE_CANDIDATES;
    size_t count = slots * (SW_HIGH_INDICES + SW_LOW_INDICES);
    uint32_t *idx = malloc(count * sizeof *idx);
    if (!idx) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the blade index pattern");
    size_t n = 0;
    for (uint32_t k = 0; k < slots; k++) n += blade_pattern(idx + n, (SW_HIGH_VERTS - 1) / 2, k * SW_HIGH_VERTS);
    for (uint32_t k = 0; k < slots; k++) n += blade_pattern(idx + n, (SW_LOW_VERTS - 1) / 2, k * SW_LOW_VERTS);
    gpu_device *dev = &r->ctx->dev;
    sward_result res = gpu_buffer_create(dev, out, n * sizeof *idx,
                                         VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         GPU_MEMORY_DEVICE, "sward.blade_indices", err);
    if (res == SWARD_OK) res = gpu_upload(dev, out, idx, n * sizeof *idx, err);
    free(idx);
    return res;
}

static sward_result create(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    grass_pass *g = calloc(1, sizeof *g);
    if (!g) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory");
    ps->priv = g;
    sward_result res = render_blade_indices(r, &g->indices, err);
    if (res != SWARD_OK) return res;
    gpu_graphics_desc d = {
        .vs = sw_spirv_grass_vert, .vs_bytes = sizeof sw_spirv_grass_vert,
        .fs = sw_spirv_grass_frag, .fs_bytes = sizeof sw_spirv_grass_frag,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.grass",
    };
    return render_graphics_pipeline(r, ps, &d, &ps->pipes[0], err);
}

static void destroy(sward_renderer *r, render_pass_state *ps)
{
    grass_pass *g = ps->priv;
    if (!g) return;
    gpu_buffer_destroy(&r->ctx->dev, &g->indices);
    free(g);
    ps->priv = NULL;
}

void render_draw_blades(sward_renderer *r, VkCommandBuffer cmd, uint32_t view, const gpu_buffer *indices)
{
    vkCmdBindIndexBuffer(cmd, indices->buffer, 0, VK_INDEX_TYPE_UINT32);
    VkBuffer draws = r->res[RES_DRAWS][view].buffer.buffer;
    /* two draws per tile of the view's run */
    uint32_t first0 = 2 * r->views[view].constants.tile_first, n = 2 * r->views[view].constants.tile_count;
    uint32_t max_per_call = r->ctx->dev.props.limits.maxDrawIndirectCount;
    if (max_per_call == 0) max_per_call = 1;
    for (uint32_t first = 0; first < n; first += max_per_call) {
        uint32_t k = n - first < max_per_call ? n - first : max_per_call;
        vkCmdDrawIndexedIndirect(cmd, draws, (VkDeviceSize)(first0 + first) * sizeof(sw_draw_cmd), k,
                                 sizeof(sw_draw_cmd));
    }
}

static void record(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    grass_pass *g = ps->priv;
    if (!r->tile_count || !r->culled) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, ps->pipes[0]);
    render_bind(r, ps, cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, view, NULL);
    render_draw_blades(r, cmd, view, &g->indices);
}

const render_pass render_pass_grass = {
    .name = "grass",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = SWARD_DRAW_BLADES,
    .use_count = 4,
    .uses = {
        {RES_SURVIVORS, GPU_ACCESS_VERTEX_READ, SW_GRASS_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_DRAWS, GPU_ACCESS_INDIRECT, -1, 0, false},
        {RES_HDR, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, false},
        {RES_DEPTH, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, false},
    },
    .create = create,
    .destroy = destroy,
    .record = record,
};
