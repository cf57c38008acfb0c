/* wind_field.c — GA3, the camera-local wind field (shaders/wind_field.comp.glsl, shaders/shared/sw_wind_field.h;
 * Horizon Zero Dawn, GDC 2018 "Between Tech and Art: The Vegetation of Horizon Zero Dawn"): first in the frame,
 * eight threads per cell of the 64 x 64 grid of 2 m cells around the camera simulate the cell's four spring
 * categories (trees, plants, grass, special) on two axes over the window of steps before the frame's time, from
 * rest, the cell's drive along the window evaluated once and shared (eight cells a workgroup): a
 * pure function of the time and the world cell. Every vegetation pass samples it (shaders/wind_field.inc.glsl,
 * sw_bindings.h SW_BIND_WIND_FIELD); cull.comp.glsl does for the grass.
 * Reads: frame (time, wind, the grid's origin). Writes: the field, 4096 x 48 bytes; with motion vectors (SH2) the
 * previous frame's after it, on the same grid.
 * Cost: per cell, (window + 2) x 2 noise evaluations and 8 x window spring steps: for the defaults' 64-step
 * window about 0.54 M noise evaluations a frame (tens of microseconds on the H200; HZD: about 150 us). */
#include "render/pass.h"
#include "wind/wind.h"

#include <string.h>

#include "wind_field_comp.h"

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static sward_result create(render_pass_ctx *c, sward_error *err)
{
    /* this frame's field, then the previous frame's (SH2 motion vectors: wind_field.comp.glsl's y = 1 groups) */
    sward_result res = render_pass_buffer_replace(c, RES_WIND_FIELD, 0, 2 * WIND_FIELD_FLOATS * sizeof(float), err);
    if (res != SWARD_OK) return res;
    /* The scene's springs as specialisation constants (sw_wind_field.h SW_WF_SPEC_*): constant 0 is the view
     * (common.inc.glsl: none for a compute pass), then each category's step (wind_spring), then the window. */
    _Static_assert(SW_WF_SPEC_COUNT <= GPU_MAX_SPEC, "the wind field's specialisation constants fit");
    gpu_spec spec = {.count = SW_WF_SPEC_COUNT};
    spec.values[0] = 0xffffffffu;
    for (uint32_t k = 0; k < SW_WIND_CATEGORIES; k++) {
        sw_spring s = wind_spring(&c->scene->wind.field[k]);
#define SPRING_CONSTANT(m, i) spec.values[SW_WF_SPEC_SPRING_ID(k, i)] = float_bits(s.m);
        SW_SPRING_MEMBERS(SPRING_CONSTANT)
#undef SPRING_CONSTANT
    }
    spec.values[SW_WF_SPEC_WINDOW] = (uint32_t)wind_field_window(&c->scene->wind);
    return gpu_shared_compute_pipeline(c->dev, c->layout, sw_spirv_wind_field_comp, sizeof sw_spirv_wind_field_comp,
                                       &spec, "sward.wind_field", &c->pipes[0], err);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, &(sw_push){.view = c->view});
    /* eight cells a workgroup, eight threads a cell (shaders/wind_field.comp.glsl); a second row of groups for the
     * previous frame's field where the objects moved since (SH2 motion vectors, render_plan.motion) */
    vkCmdDispatch(cmd, SW_WIND_FIELD_RES * SW_WIND_FIELD_RES / SW_WIND_FIELD_GROUP_CELLS, c->plan->motion ? 2u : 1u, 1);
}

const render_pass render_pass_wind_field = {
    .name = "wind_field",
    .phase = RENDER_PHASE_PLACE,
    .use_count = 1,
    .uses = {
        {RES_WIND_FIELD, GPU_ACCESS_COMPUTE_WRITE, SW_WIND_FIELD_OUT, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, RENDER_USE_DISCARD},
    },
    .create = create,
    .record = record,
};
