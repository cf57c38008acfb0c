/* place.c — the placement pass (SPEC PL1, PL3, PL4, PL5; shaders/place.comp.glsl): one workgroup per render
 * tile of the frame writes the tile's mask of grid cells that grow a blade. View- and time-independent, so a
 * tile's mask could persist across frames (the tile cache comes later); culling builds the blades per view.
 * Reads: frame, materials, heights, world maps, tiles. Writes: masks, the placement counters of view 0.
 * Cost: 0.04-0.26 ms on the H200 for 0.3-4 million candidates (bench/), 128 bytes per tile. */
#include "render/render.h"

#include "place_comp.h"

static sward_result create(sward_renderer *r, render_pass_state *ps, sward_error *err)
{
    return render_compute_pipeline(r, ps, sw_spirv_place_comp, sizeof sw_spirv_place_comp, "sward.place",
                                   &ps->pipes[0], err);
}

const render_pass render_pass_place = {
    .name = "place",
    .phase = RENDER_PHASE_PLACE,
    .use_count = 3,
    .uses = {
        {RES_TILES, GPU_ACCESS_COMPUTE_READ, SW_PLACE_TILES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_MASKS, GPU_ACCESS_COMPUTE_WRITE, SW_PLACE_MASKS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
        {RES_STATS, GPU_ACCESS_COMPUTE_READ_WRITE, SW_PLACE_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, false},
    },
    .create = create,
    .record = render_record_per_tile,
};
