/* grass.c — the blade pass (SPEC GA1, SC6): two indexed indirect draws per tile, 15-vertex blades then 7-vertex
 * ones, in tile order; short grass tiles draw two blades per placed instance. No vertex buffer and no instancing: the index buffer holds one pattern per blade slot
 * of a tile (blade k's vertices are k * V .. k * V + V - 1) and each draw's vertex_offset moves it to the
 * tile's blades. Reads frame, materials, blades; writes HDR colour and depth. */
#include "render/render.h"

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

sward_result render_grass_create(sward_renderer *r, sward_error *err)
{
    /* 2 x SW_TILE_CANDIDATES slots of each LOD: a tile of short grass draws two blades per instance (GA1),
     * blades 2k and 2k + 1 of the pattern, vertices 2k V .. 2k V + 2V - 1 (place_cull.comp.glsl). */
    size_t slots = 2u * SW_TILE_CANDIDATES;
    size_t count = slots * (SW_HIGH_INDICES + SW_LOW_INDICES);
    uint32_t *idx = malloc(count * sizeof *idx);
    if (!idx) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the blade index pattern");
    size_t n = 0;
    for (uint32_t k = 0; k < slots; k++) n += blade_pattern(idx + n, (SW_HIGH_VERTS - 1) / 2, k * SW_HIGH_VERTS);
    for (uint32_t k = 0; k < slots; k++) n += blade_pattern(idx + n, (SW_LOW_VERTS - 1) / 2, k * SW_LOW_VERTS);
    gpu_device *dev = &r->ctx->dev;
    sward_result res = gpu_buffer_create(dev, &r->blade_index_buf, n * sizeof *idx,
                                         VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         GPU_MEMORY_DEVICE, "sward.blade_indices", err);
    if (res == SWARD_OK) res = gpu_upload(dev, &r->blade_index_buf, idx, n * sizeof *idx, err);
    free(idx);
    return res;
}

void render_grass(sward_renderer *r, VkCommandBuffer cmd)
{
    if (!r->tile_count) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->grass_pipe);
    vkCmdBindIndexBuffer(cmd, r->blade_index_buf.buffer, 0, VK_INDEX_TYPE_UINT32);
    uint32_t draws = 2 * r->tile_count;
    uint32_t max_per_call = r->ctx->dev.props.limits.maxDrawIndirectCount;
    if (max_per_call == 0) max_per_call = 1;
    for (uint32_t first = 0; first < draws; first += max_per_call) {
        uint32_t n = draws - first < max_per_call ? draws - first : max_per_call;
        vkCmdDrawIndexedIndirect(cmd, r->draw_buf.buffer, (VkDeviceSize)first * sizeof(sw_draw_cmd), n,
                                 sizeof(sw_draw_cmd));
    }
}
