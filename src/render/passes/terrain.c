/* terrain.c — the ground pass: a grid mesh over the height field, at most 1025 x 1025 vertices (larger height
 * fields are drawn with a vertex stride); per-vertex colour carries the far field's grass colours (SC7).
 * In the standalone frame it is drawn first, as the occluders of the Hi-Z test. Reads frame, view, heights,
 * materials and world maps; writes HDR colour and depth (the pass's own index buffer connects the grid).
 * Cost: 2 (mesh - 1)^2 triangles, about 2 million at most; 0.35-0.5 ms at 1920x1080 on the H200. */
#include "render/render.h"

#include "terrain_vert.h"
#include "terrain_frag.h"

#include <stdlib.h>

#define TERRAIN_MESH_MAX 1025

typedef struct terrain_pass {
    gpu_buffer indices;
    uint32_t index_count;
} terrain_pass;

/* The mesh's vertex stride and side for a height field of `res` samples per side (sw_frame.terrain_step,
 * terrain_mesh_res). */
void render_terrain_mesh(int res, int *step, int *mesh)
{
    int s = 1;
    while ((res - 1 + s - 1) / s + 1 > TERRAIN_MESH_MAX) s *= 2;
    *step = s;
    *mesh = (res - 1 + s - 1) / s + 1;
}

static sward_result create(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    terrain_pass *t = calloc(1, sizeof *t);
    if (!t) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory");
    ps->priv = t;
    int step, mesh;
    render_terrain_mesh(r->scene->terrain.resolution, &step, &mesh);
    size_t quads = (size_t)(mesh - 1) * (size_t)(mesh - 1);
    uint32_t *idx = malloc(quads * 6 * sizeof *idx);
    if (!idx) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the terrain mesh");
    size_t n = 0;
    for (int j = 0; j + 1 < mesh; j++) {
        for (int i = 0; i + 1 < mesh; i++) {
            uint32_t a = (uint32_t)(j * mesh + i), b = a + 1, c = a + (uint32_t)mesh, d = c + 1;
            idx[n++] = a;
            idx[n++] = c;
            idx[n++] = b;
            idx[n++] = b;
            idx[n++] = c;
            idx[n++] = d;
        }
    }
    t->index_count = (uint32_t)n;
    gpu_device *dev = &r->ctx->dev;
    sward_result res = gpu_buffer_create(dev, &t->indices, n * sizeof *idx,
                                         VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         GPU_MEMORY_DEVICE, "sward.terrain_indices", err);
    if (res == SWARD_OK) res = gpu_upload(dev, &t->indices, idx, n * sizeof *idx, err);
    free(idx);
    if (res != SWARD_OK) return res;
    gpu_graphics_desc d = {
        .vs = sw_spirv_terrain_vert, .vs_bytes = sizeof sw_spirv_terrain_vert,
        .fs = sw_spirv_terrain_frag, .fs_bytes = sizeof sw_spirv_terrain_frag,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.terrain",
    };
    return render_graphics_pipeline(r, ps, &d, &ps->pipes[0], err);
}

static void destroy(sward_renderer *r, render_pass_state *ps)
{
    terrain_pass *t = ps->priv;
    if (!t) return;
    gpu_buffer_destroy(&r->ctx->dev, &t->indices);
    free(t);
    ps->priv = NULL;
}

static void record(sward_renderer *r, render_pass_state *ps, VkCommandBuffer cmd, uint32_t view)
{
    terrain_pass *t = ps->priv;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, ps->pipes[0]);
    render_bind(r, ps, cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, view, NULL);
    vkCmdBindIndexBuffer(cmd, t->indices.buffer, 0, VK_INDEX_TYPE_UINT32);
    vkCmdDrawIndexed(cmd, t->index_count, 1, 0, 0, 0);
}

const render_pass render_pass_terrain = {
    .name = "terrain",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = SWARD_DRAW_GROUND,
    .use_count = 2,
    .uses = {
        /* the standalone frame's targets, cleared by this pass (the embedded host's are its own) */
        {RES_HDR, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, true},
        {RES_DEPTH, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, true},
    },
    .create = create,
    .destroy = destroy,
    .record = record,
};
