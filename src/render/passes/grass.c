/* grass.c — the blade passes (SPEC GA1, SC6, SH1, SH2): per tile two indexed indirect draws
 * (draw_args.comp.glsl), 15-vertex blades then 7-vertex ones, in tile order; short grass tiles draw two
 * blades per placed instance. No vertex buffer and no instancing: the renderer's blade index buffer holds one
 * pattern per blade slot of a tile (blade k's vertices are k * V .. k * V + V - 1) and each draw's
 * vertex_offset moves it to the tile's run of the view's survivor list.
 *   grass_depth  the depth prime (SH1, HZD "very cheap depth only shader"): the blade's position and the
 *                SC5 screen door, nothing else;
 *   grass        the G-buffer (SH2): after the prime, depth test EQUAL without writes and no discard, so
 *                each covered pixel runs the fragment shader once; without the prime, GREATER with writes
 *                and the screen door.
 * Reads frame, view, materials, survivors, draws. Cost: bound by the rasteriser on the H200: 1.3-1.7 ms for
 * about 81,000 blades at 1920x1080 for one pass before the G-buffer. */
#include "render/pass.h"

#include "grass_vert.h"
#include "grass_frag.h"
#include "grass_dither_frag.h"
#include "grass_depth_vert.h"
#include "grass_depth_frag.h"

#include <stdlib.h>

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

sward_result render_blade_indices(gpu_device *dev, gpu_buffer *out, sward_error *err)
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
    sward_result res = gpu_buffer_create(dev, out, n * sizeof *idx,
                                         VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         GPU_MEMORY_DEVICE, "sward.blade_indices", err);
    if (res == SWARD_OK) res = gpu_upload(dev, out, idx, n * sizeof *idx, err);
    free(idx);
    return res;
}

void render_draw_blades(render_pass_ctx *c, VkCommandBuffer cmd)
{
    vkCmdBindIndexBuffer(cmd, c->config->geo.blade_indices, 0, VK_INDEX_TYPE_UINT32);
    VkBuffer draws = render_pass_buffer(c, RES_DRAWS)->buffer;
    /* two draws per tile of the view's run of the frame's tiles */
    uint32_t first0 = 2 * c->work->view[c->view]->tile_first, n = 2 * c->work->view[c->view]->tile_count;
    uint32_t max_per_call = c->config->geo.max_draw_indirect;
    if (max_per_call == 0) max_per_call = 1;
    for (uint32_t first = 0; first < n; first += max_per_call) {
        uint32_t k = n - first < max_per_call ? n - first : max_per_call;
        vkCmdDrawIndexedIndirect(cmd, draws, (VkDeviceSize)(first0 + first) * sizeof(sw_draw_cmd), k,
                                 sizeof(sw_draw_cmd));
    }
}

/* The camera's blades with pipeline `pipe`. */
static void draw(render_pass_ctx *c, VkCommandBuffer cmd, VkPipeline pipe)
{
    if (!c->work->tile_count || !c->work->culled) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, NULL);
    render_draw_blades(c, cmd);
}

static sward_result create_depth(render_pass_ctx *c, sward_error *err)
{
    gpu_graphics_desc d = {
        .vs = sw_spirv_grass_depth_vert, .vs_bytes = sizeof sw_spirv_grass_depth_vert,
        .fs = sw_spirv_grass_depth_frag, .fs_bytes = sizeof sw_spirv_grass_depth_frag,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.grass_depth",
    };
    return render_graphics_pipeline(c, &d, &c->pipes[0], err);
}

static sward_result create_gbuffer(render_pass_ctx *c, sward_error *err)
{
    gpu_graphics_desc d = {
        .vs = sw_spirv_grass_vert, .vs_bytes = sizeof sw_spirv_grass_vert,
        .fs = sw_spirv_grass_dither_frag, .fs_bytes = sizeof sw_spirv_grass_dither_frag,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .color_count = RENDER_GBUFFER_COUNT,
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.grass",
    };
    for (uint32_t i = 0; i < RENDER_GBUFFER_COUNT; i++) d.color_formats[i] = RENDER_GBUFFER_FORMATS[i];
    sward_result res = render_graphics_pipeline(c, &d, &c->pipes[0], err);
    d.fs = sw_spirv_grass_frag;
    d.fs_bytes = sizeof sw_spirv_grass_frag;
    d.depth_write = false;
    d.depth_compare = VK_COMPARE_OP_EQUAL;
    d.name = "sward.grass_primed";
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

const render_pass render_pass_grass_depth = {
    .name = "grass_depth",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = SWARD_DRAW_BLADES_DEPTH,
    .use_count = 3,
    .uses = {
        {RES_SURVIVORS, GPU_ACCESS_VERTEX_READ, SW_GRASS_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_DRAWS, GPU_ACCESS_INDIRECT, -1, 0, 0},
        {RES_DEPTH, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, 0},
    },
    .create = create_depth,
    .record = record_depth,
};

const render_pass render_pass_grass = {
    .name = "grass",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = SWARD_DRAW_BLADES,
    .use_count = 8,
    .uses = {
        {RES_SURVIVORS, GPU_ACCESS_VERTEX_READ, SW_GRASS_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_STATS, GPU_ACCESS_FRAGMENT_READ_WRITE, SW_GBUF_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_DRAWS, GPU_ACCESS_INDIRECT, -1, 0, 0},
        {RES_GBUF_ALBEDO, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, 0},
        {RES_GBUF_NORMAL, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, 0},
        {RES_GBUF_MATERIAL, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, 0},
        {RES_MOTION, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, 0},
        {RES_DEPTH, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, 0},
    },
    .create = create_gbuffer,
    .record = record_gbuffer,
};
