/* place.c — the placement passes (SPEC PL1, PL3, PL4, PL5, SC1, SC2; shaders/place.comp.glsl): one workgroup per
 * tile writes the tile's mask of grid cells that grow a blade, and its removed-cell counts, into the tile cache's
 * slot. View- and time-independent, so a placed tile persists across frames (src/place/cache.c); culling builds
 * the blades per view from the slots. Two batches a frame: "place" the tiles the views need now, before culling
 * (a teleport's, or those K did not allow earlier), and "place_ahead" those within the margin around the draw
 * distance, recorded after the draws' barriers so that it overlaps the draws (no barrier orders the draws after
 * it); they are culled from the next frame on.
 * Reads: frame, materials, heights, world maps, tiles. Writes: the slots of the tiles it places.
 * Cost: 0.04-0.26 ms on the H200 for every tile of a bench/ scene at once (0.3-4 million candidates); with
 * the cache a frame places only what is new. */
#include "render/pass.h"

#include "place_comp.h"

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_place_comp, sizeof sw_spirv_place_comp, "sward.place",
                                   &c->pipes[0], err);
}

/* The batch (sw_push.level: 0 now, 1 ahead) of the frame's tiles to place. */
static void record(render_pass_ctx *c, VkCommandBuffer cmd, uint32_t batch)
{
    uint32_t tiles = batch ? c->work->place_ahead : c->work->place_now;
    if (!tiles) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    sw_push pc = {.level = batch};
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, &pc);
    render_dispatch_tiles(c, cmd, tiles);
}

static void record_now(render_pass_ctx *c, VkCommandBuffer cmd)
{
    record(c, cmd, 0);
}

static void record_ahead(render_pass_ctx *c, VkCommandBuffer cmd)
{
    record(c, cmd, 1);
}

static bool ahead_active(const render_plan *p, const render_work *w)
{
    (void)p;
    return w->place_ahead > 0;
}

const render_pass render_pass_place = {
    .name = "place",
    .phase = RENDER_PHASE_PLACE,
    .use_count = 2,
    .uses = {
        {RES_TILES, GPU_ACCESS_COMPUTE_READ, SW_PLACE_TILES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_MASKS, GPU_ACCESS_COMPUTE_WRITE, SW_PLACE_MASKS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .record = record_now,
};

const render_pass render_pass_place_ahead = {
    .name = "place_ahead",
    .phase = RENDER_PHASE_AHEAD,
    .use_count = 2,
    .uses = {
        {RES_TILES, GPU_ACCESS_COMPUTE_READ, SW_PLACE_TILES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_MASKS, GPU_ACCESS_COMPUTE_WRITE, SW_PLACE_MASKS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create,
    .record = record_ahead,
    .active = ahead_active,
};
