/* terrain.c — the ground: a grid mesh over the height field, at most 1025 x 1025 vertices (larger height
 * fields are drawn with a vertex stride); per-vertex albedo carries the far field's grass colours (SC7).
 * Two passes over the same mesh and vertex shader (terrain.vert.glsl, precise position):
 *   terrain_depth  the depth prime (SH1): depth only, drawn first, the occluders of the Hi-Z test;
 *   terrain        the G-buffer (SH2): albedo, normal, material, motion; depth test EQUAL after the prime,
 *                  else GREATER with writes (then it is the first pass and the occluders).
 * Each draws only the chunks of 32 x 32 quads the camera can see (the plan's, terrain_chunks.c: the index
 * buffer is in chunk order, a run of visible chunks is one draw; what is culled lies outside the clip volume, so no pixel
 * changes). Reads frame, view, heights, materials and world maps. Cost: 2 (mesh - 1)^2 triangles each at most,
 * about 2 million; 0.35-0.5 ms at 1920x1080 on the H200 for the colour pass before the G-buffer and before
 * the chunks were culled. */
#include "render/pass.h"

#include "terrain_vert.h"
#include "terrain_frag.h"

#include <stdlib.h>

#define TERRAIN_MESH_MAX 1025

/* The mesh's vertex stride and side for a height field of `res` samples per side (sw_frame.terrain_step,
 * terrain_mesh_res). */
void render_terrain_mesh(int res, int *step, int *mesh)
{
    int s = 1;
    while ((res - 1 + s - 1) / s + 1 > TERRAIN_MESH_MAX) s *= 2;
    *step = s;
    *mesh = (res - 1 + s - 1) / s + 1;
}

sward_result render_terrain_indices(gpu_device *dev, const sward_scene *scene, gpu_buffer *out, uint32_t *count,
                                    float (**chunk_y)[2], sward_error *err)
{
    int step, mesh;
    const world_terrain *t = &scene->terrain;
    render_terrain_mesh(world_mesh_samples(t), &step, &mesh);
    /* resident: each chunk's height range, for tighter boxes (streamed: the window moves; the world's range) */
    *chunk_y = NULL;
    if (!t->streamed && t->heights) {
        int nc = render_terrain_chunks_per_side(mesh);
        *chunk_y = malloc((size_t)nc * (size_t)nc * sizeof **chunk_y);
        if (!*chunk_y) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the terrain's chunks");
        render_terrain_chunk_heights(mesh, step, t->resolution, t->heights, *chunk_y);
    }
    size_t n = render_terrain_chunk_indices(mesh, NULL);
    uint32_t *idx = malloc(n * sizeof *idx);
    if (!idx) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the terrain mesh");
    render_terrain_chunk_indices(mesh, idx);
    *count = (uint32_t)n;
    sward_result res = gpu_buffer_create(dev, out, n * sizeof *idx,
                                         VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         GPU_MEMORY_DEVICE, "sward.terrain_indices", err);
    if (res == SWARD_OK) res = gpu_upload(dev, out, idx, n * sizeof *idx, err);
    free(idx);
    return res;
}

/* The mesh as the view's frame places it (terrain.vert.glsl): from the height field's window (issue 10;
 * resident: the terrain's origin), a quad every `terrain_step` samples. */
render_terrain_grid render_terrain_grid_of(const render_plan *p)
{
    const sw_frame *f = p->frame;
    render_terrain_grid g = {
        .mesh = f->terrain_mesh_res,
        .x0 = f->terrain_x0 + (float)f->hf_i0 * f->terrain_cell,
        .z0 = f->terrain_z0 + (float)f->hf_j0 * f->terrain_cell,
        .quad = f->terrain_cell * (float)f->terrain_step,
        .y_min = p->geo.terrain_y_min,
        .y_max = p->geo.terrain_y_max,
        .chunk_y = p->geo.terrain_chunk_y,
    };
    return g;
}

uint32_t render_terrain_camera_runs(const render_plan *p, render_terrain_run *runs, uint64_t *indices)
{
    const render_terrain_grid g = render_terrain_grid_of(p);
    return render_terrain_runs(&g, p->view[SW_VIEW_CAMERA]->view_proj, runs, RENDER_TERRAIN_RUNS_MAX, indices);
}

static sward_result create_depth(render_pass_ctx *c, sward_error *err)
{
    gpu_graphics_desc d = {
        .vs = sw_spirv_terrain_vert, .vs_bytes = sizeof sw_spirv_terrain_vert,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.terrain_depth",
    };
    return render_graphics_pipeline(c, &d, &c->pipes[0], err);
}

static sward_result create_gbuffer(render_pass_ctx *c, sward_error *err)
{
    gpu_graphics_desc d = {
        .vs = sw_spirv_terrain_vert, .vs_bytes = sizeof sw_spirv_terrain_vert,
        .fs = sw_spirv_terrain_frag, .fs_bytes = sizeof sw_spirv_terrain_frag,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .color_count = RENDER_GBUFFER_COUNT,
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.terrain",
    };
    for (uint32_t i = 0; i < RENDER_GBUFFER_COUNT; i++) d.color_formats[i] = RENDER_GBUFFER_FORMATS[i];
    sward_result res = render_graphics_pipeline(c, &d, &c->pipes[0], err);
    d.depth_write = false;
    d.depth_compare = VK_COMPARE_OP_EQUAL;
    d.name = "sward.terrain_primed";
    if (res == SWARD_OK) res = render_graphics_pipeline(c, &d, &c->pipes[1], err);
    return res;
}

static void draw(render_pass_ctx *c, VkCommandBuffer cmd, VkPipeline pipe)
{
    const render_terrain_draws *t = &c->plan->terrain;
    if (t->run_count == 0) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, NULL);
    vkCmdBindIndexBuffer(cmd, c->plan->geo.terrain_indices, 0, VK_INDEX_TYPE_UINT32);
    for (uint32_t k = 0; k < t->run_count; k++) vkCmdDrawIndexed(cmd, t->runs[k].count, 1, t->runs[k].first, 0, 0);
}

static void record_depth(render_pass_ctx *c, VkCommandBuffer cmd)
{
    draw(c, cmd, c->pipes[0]);
}

static void record_gbuffer(render_pass_ctx *c, VkCommandBuffer cmd)
{
    draw(c, cmd, c->pipes[c->plan->depth_prime ? 1 : 0]);
}

const render_pass render_pass_terrain_depth = {
    .name = "terrain_depth",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = SWARD_DRAW_GROUND_DEPTH,
    .use_count = 1,
    .uses = {
        /* the standalone frame's depth, cleared by this pass (the embedded host's is its own) */
        {RES_DEPTH, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, true},
    },
    .create = create_depth,
    .record = record_depth,
};

const render_pass render_pass_terrain = {
    .name = "terrain",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = SWARD_DRAW_GROUND,
    .use_count = 6,
    .uses = {
        {RES_STATS, GPU_ACCESS_FRAGMENT_READ_WRITE, SW_GBUF_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        /* the G-buffer, cleared by this pass in the standalone frame */
        {RES_GBUF_ALBEDO, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, true},
        {RES_GBUF_NORMAL, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, true},
        {RES_GBUF_MATERIAL, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, true},
        {RES_MOTION, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, true},
        {RES_DEPTH, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, false},
    },
    .create = create_gbuffer,
    .record = record_gbuffer,
};
