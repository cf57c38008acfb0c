/* wind_field.c — GA3, the camera-local wind field (shaders/wind_field.comp.glsl, shaders/shared/sw_wind_field.h;
 * Horizon Zero Dawn, GDC 2018 "Between Tech and Art: The Vegetation of Horizon Zero Dawn"): first in the frame,
 * one thread per cell of the 64 x 64 grid of 2 m cells around the camera simulates the cell's four spring
 * categories (trees, plants, grass, special) over the window of steps before the frame's time, from rest: a
 * pure function of the time and the world cell. Every vegetation pass samples it (shaders/wind_field.inc.glsl,
 * sw_bindings.h SW_BIND_WIND_FIELD); cull.comp.glsl does for the grass.
 * Reads: frame (time, wind, the grid's origin). Writes: the field, 4096 x 48 bytes.
 * Cost: per cell, (window + 3) x 2 noise evaluations and 8 x window spring steps: for the defaults' 127-step
 * window about 1.1 M noise evaluations a frame (tens of microseconds on the H200; HZD: about 150 us). */
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
    sward_result res = render_pass_buffer_replace(c, RES_WIND_FIELD, 0, WIND_FIELD_FLOATS * sizeof(float),
                                                  VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                                  "sward.wind_field", err);
    if (res != SWARD_OK) return res;
    /* The scene's springs as specialisation constants: constant 0 is the view (common.inc.glsl: none for a
     * compute pass), 1-32 each category's step (wind_spring), 33 the window. */
    gpu_spec spec = {.count = 34};
    spec.values[0] = 0xffffffffu;
    for (uint32_t k = 0; k < SW_WIND_CATEGORIES; k++) {
        sw_spring s = wind_spring(&c->scene->wind.field[k]);
        const float coef[8] = {s.a00, s.a01, s.a10, s.a11, s.b0x, s.b0v, s.b1x, s.b1v};
        for (uint32_t i = 0; i < 8; i++) spec.values[1 + 8 * k + i] = float_bits(coef[i]);
    }
    spec.values[33] = (uint32_t)wind_field_window(&c->scene->wind);
    return gpu_compute_pipeline(c->dev, c->layout, sw_spirv_wind_field_comp, sizeof sw_spirv_wind_field_comp,
                                &spec, "sward.wind_field", &c->pipes[0], err);
}

static void record(render_pass_ctx *c, VkCommandBuffer cmd)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipes[0]);
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_COMPUTE, &(sw_push){.view = c->view});
    const uint32_t groups = SW_WIND_FIELD_RES / SW_WIND_FIELD_GROUP;
    vkCmdDispatch(cmd, groups, groups, 1);
}

const render_pass render_pass_wind_field = {
    .name = "wind_field",
    .phase = RENDER_PHASE_PLACE,
    .use_count = 1,
    .uses = {
        {RES_WIND_FIELD, GPU_ACCESS_COMPUTE_WRITE, SW_WIND_FIELD_OUT, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, true},
    },
    .create = create,
    .record = record,
};
