// wind_field.comp.glsl — GA3, the camera-local wind field (shaders/shared/sw_wind_field.h; Horizon Zero Dawn,
// GDC 2018: "all movement is driven by a global wind force field; compute shader, around 150 microseconds").
// One thread per cell of the SW_WIND_FIELD_RES^2 grid around the camera (sw_frame.wind_field_i0, _j0): the
// four spring categories of the cell simulated from rest over the window (specialisation constant
// SW_WF_SPEC_WINDOW) of exact steps (each category's sw_spring, src/wind/field.c wind_spring), at the frame's time.
// Reads: frame. Writes: the field (SW_WIND_FIELD_STRIDE floats per cell).
// Cost: per cell (window + 2) evaluations of the gust and swing noise and 8 x window spring steps; 4096 cells.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_wind_field.h"
#include "common.inc.glsl"

layout(local_size_x = SW_WIND_FIELD_GROUP, local_size_y = SW_WIND_FIELD_GROUP) in;

layout(std430, set = SW_SET_PASS, binding = SW_WIND_FIELD_OUT) writeonly buffer FieldBuf { float field[]; };

// The scene's springs and the window (shared/sw_wind_field.h SW_WF_SPEC_*): one constant per member of each
// category's sw_spring, declared from the member list the pass fills them from.
#define SW_WF_SPRING_CONSTANT(category, name, m, k) \
    layout(constant_id = SW_WF_SPEC_SPRING_ID(category, k)) const float name##_##m = 0.0;
#define SW_WF_TREES(m, k) SW_WF_SPRING_CONSTANT(SW_WIND_CAT_TREES, trees, m, k)
#define SW_WF_PLANTS(m, k) SW_WF_SPRING_CONSTANT(SW_WIND_CAT_PLANTS, plants, m, k)
#define SW_WF_GRASS(m, k) SW_WF_SPRING_CONSTANT(SW_WIND_CAT_GRASS, grass, m, k)
#define SW_WF_SPECIAL(m, k) SW_WF_SPRING_CONSTANT(SW_WIND_CAT_SPECIAL, special, m, k)
SW_SPRING_MEMBERS(SW_WF_TREES)
SW_SPRING_MEMBERS(SW_WF_PLANTS)
SW_SPRING_MEMBERS(SW_WF_GRASS)
SW_SPRING_MEMBERS(SW_WF_SPECIAL)
layout(constant_id = SW_WF_SPEC_WINDOW) const int WINDOW = 2;

void main()
{
    ivec2 cell = ivec2(gl_GlobalInvocationID.xy);
    if (cell.x >= SW_WIND_FIELD_RES || cell.y >= SW_WIND_FIELD_RES) return;
    sw_spring t, p, g, s;
#define SW_WF_LOAD(m, k) t.m = trees_##m; p.m = plants_##m; g.m = grass_##m; s.m = special_##m;
    SW_SPRING_MEMBERS(SW_WF_LOAD)
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
