/* cull.c — the culling pass, per view (SPEC PL6, PL7, SC3, SC5, SC6, GA4; shaders/cull.comp.glsl): one
 * workgroup per placed tile builds the blades of its mask, drops those beyond the draw distance, thinned
 * out, outside the view's frustum or hidden in its Hi-Z pyramid, and appends the survivors (with this
 * frame's wind) to the view's compact list, high LOD then low, in cell order.
 * Reads: frame, view, materials, heights, world maps, tiles, masks, the view's Hi-Z, the wind field's grass
 * category (GA3). Writes: survivors,
 * tile_draws, the view's counters. Memory grows with the survivors (32 bytes each), not the candidates. */
#include "render/pass.h"

#include "cull_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_cull_comp, sizeof sw_spirv_cull_comp, "sward.cull",
                                   &c->pipes[0], err);
}

const render_pass render_pass_cull = {
    .name = "cull",
    .phase = RENDER_PHASE_CULL,
    .use_count = 7,
    .uses = {
        {RES_TILES, GPU_ACCESS_COMPUTE_READ, SW_CULL_TILES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_MASKS, GPU_ACCESS_COMPUTE_READ, SW_CULL_MASKS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_HIZ, GPU_ACCESS_COMPUTE_READ, SW_CULL_HIZ, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_SURVIVORS, GPU_ACCESS_COMPUTE_WRITE, SW_CULL_SURVIVORS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_TILE_DRAWS, GPU_ACCESS_COMPUTE_WRITE, SW_CULL_TILE_DRAWS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_CULL_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_WIND_FIELD, GPU_ACCESS_COMPUTE_READ, SW_BIND_WIND_FIELD, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .record = render_record_per_tile,
};
