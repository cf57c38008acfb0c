// wind_field.comp.glsl — GA3, the camera-local wind field (shaders/shared/sw_wind_field.h; Horizon Zero Dawn,
// GDC 2018: "all movement is driven by a global wind force field; compute shader, around 150 microseconds").
// One thread per cell of the SW_WIND_FIELD_RES^2 grid around the camera (sw_frame.wind_field_i0, _j0): the
// four spring categories of the cell simulated from rest over the window (specialisation constant 33) of
// exact steps (constants 1-32: each category's sw_spring, src/wind/field.c wind_spring), at the frame's time.
// Reads: frame. Writes: the field (SW_WIND_FIELD_STRIDE floats per cell).
// Cost: per cell (window + 2) evaluations of the gust and swing noise and 8 x window spring steps; 4096 cells.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_wind_field.h"
#include "common.inc.glsl"

layout(local_size_x = SW_WIND_FIELD_GROUP, local_size_y = SW_WIND_FIELD_GROUP) in;

layout(std430, set = SW_SET_PASS, binding = SW_WIND_FIELD_OUT) writeonly buffer FieldBuf { float field[]; };

layout(constant_id = 1) const float trees_a00 = 0.0;
layout(constant_id = 2) const float trees_a01 = 0.0;
layout(constant_id = 3) const float trees_a10 = 0.0;
layout(constant_id = 4) const float trees_a11 = 0.0;
layout(constant_id = 5) const float trees_b0x = 0.0;
layout(constant_id = 6) const float trees_b0v = 0.0;
layout(constant_id = 7) const float trees_b1x = 0.0;
layout(constant_id = 8) const float trees_b1v = 0.0;
layout(constant_id = 9) const float plants_a00 = 0.0;
layout(constant_id = 10) const float plants_a01 = 0.0;
layout(constant_id = 11) const float plants_a10 = 0.0;
layout(constant_id = 12) const float plants_a11 = 0.0;
layout(constant_id = 13) const float plants_b0x = 0.0;
layout(constant_id = 14) const float plants_b0v = 0.0;
layout(constant_id = 15) const float plants_b1x = 0.0;
layout(constant_id = 16) const float plants_b1v = 0.0;
layout(constant_id = 17) const float grass_a00 = 0.0;
layout(constant_id = 18) const float grass_a01 = 0.0;
layout(constant_id = 19) const float grass_a10 = 0.0;
layout(constant_id = 20) const float grass_a11 = 0.0;
layout(constant_id = 21) const float grass_b0x = 0.0;
layout(constant_id = 22) const float grass_b0v = 0.0;
layout(constant_id = 23) const float grass_b1x = 0.0;
layout(constant_id = 24) const float grass_b1v = 0.0;
layout(constant_id = 25) const float special_a00 = 0.0;
layout(constant_id = 26) const float special_a01 = 0.0;
layout(constant_id = 27) const float special_a10 = 0.0;
layout(constant_id = 28) const float special_a11 = 0.0;
layout(constant_id = 29) const float special_b0x = 0.0;
layout(constant_id = 30) const float special_b0v = 0.0;
layout(constant_id = 31) const float special_b1x = 0.0;
layout(constant_id = 32) const float special_b1v = 0.0;
layout(constant_id = 33) const int WINDOW = 2;

void main()
{
    ivec2 cell = ivec2(gl_GlobalInvocationID.xy);
    if (cell.x >= SW_WIND_FIELD_RES || cell.y >= SW_WIND_FIELD_RES) return;
    sw_spring t = sw_spring(trees_a00, trees_a01, trees_a10, trees_a11, trees_b0x, trees_b0v, trees_b1x, trees_b1v);
    sw_spring p = sw_spring(plants_a00, plants_a01, plants_a10, plants_a11, plants_b0x, plants_b0v, plants_b1x, plants_b1v);
    sw_spring g = sw_spring(grass_a00, grass_a01, grass_a10, grass_a11, grass_b0x, grass_b0v, grass_b1x, grass_b1v);
    sw_spring s = sw_spring(special_a00, special_a01, special_a10, special_a11, special_b0x, special_b0v, special_b1x, special_b1v);
    sw_wind_drive d = sw_wind_drive(frame.wind_x, frame.wind_z, frame.wind_speed, frame.wind_inv_gust_scale,
                                    frame.wind_gust_speed);
    sw_field_cell c = sw_field_simulate(d, t, p, g, s, WINDOW, sw_field_centre(frame.wind_field_i0 + cell.x),
                                        sw_field_centre(frame.wind_field_j0 + cell.y), frame.time);
    uint o = uint(cell.y * SW_WIND_FIELD_RES + cell.x) * uint(SW_WIND_FIELD_STRIDE);
    field[o + 0u] = c.tx;
    field[o + 1u] = c.tz;
    field[o + 2u] = c.px;
    field[o + 3u] = c.pz;
    field[o + 4u] = c.gx;
    field[o + 5u] = c.gz;
    field[o + 6u] = c.sx;
    field[o + 7u] = c.sz;
    field[o + 8u] = c.fx;
    field[o + 9u] = c.fz;
    field[o + 10u] = c.gust;
    field[o + 11u] = c.pad;
}
