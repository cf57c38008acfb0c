/* terrain.c — the ground pass: a grid mesh over the height field, at most 1025 x 1025 vertices (larger
 * height fields are drawn with a vertex stride). Reads frame and heights; writes HDR colour and depth.
 * Cost: 2 (mesh - 1)^2 triangles, about 2 million at most. */
#include "render/render.h"

#include <stdlib.h>

#define TERRAIN_MESH_MAX 1025

sward_result render_terrain_create(sward_renderer *r, sward_error *err)
{
    int res = r->scene->terrain.resolution;
    int step = 1;
    while ((res - 1 + step - 1) / step + 1 > TERRAIN_MESH_MAX) step *= 2;
    int mesh = (res - 1 + step - 1) / step + 1;
    r->terrain_step = step;
    r->terrain_mesh_res = mesh;
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
    r->terrain_indices = (uint32_t)n;
    gpu_device *dev = &r->ctx->dev;
    sward_result rr = gpu_buffer_create(dev, &r->index_buf, n * sizeof *idx,
                                        VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                        GPU_MEMORY_DEVICE, "sward.terrain_indices", err);
    if (rr == SWARD_OK) rr = gpu_upload(dev, &r->index_buf, idx, n * sizeof *idx, err);
    free(idx);
    return rr;
}

void render_terrain(sward_renderer *r, VkCommandBuffer cmd)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->terrain_pipe);
    vkCmdBindIndexBuffer(cmd, r->index_buf.buffer, 0, VK_INDEX_TYPE_UINT32);
    vkCmdDrawIndexed(cmd, r->terrain_indices, 1, 0, 0, 0);
}
