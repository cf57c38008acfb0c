// wind_field.comp.glsl — GA3, the camera-local wind field (shaders/shared/sw_wind_field.h; Horizon Zero Dawn,
// GDC 2018: "all movement is driven by a global wind force field; compute shader, around 150 microseconds").
// Eight threads per cell of the SW_WIND_FIELD_RES^2 grid around the camera (sw_frame.wind_field_i0, _j0), eight
// cells per workgroup: first the cell's drive at every step of the window (specialisation constant
// SW_WF_SPEC_WINDOW) and now, shared by its threads (the window's gust and swing noise evaluated once per cell
// and step, spread over the eight); then each thread one spring of the cell (category x axis: tx, tz, px, pz, gx,
// gz, sx, sz) simulated from rest over the window's exact steps (each category's sw_spring, src/wind/field.c
// wind_spring) to the frame's time. The same operations in the same order as sw_field_simulate (the CPU
// reference, gpu_wind_field), split across threads: one thread per cell ran the window's 8 x window spring steps
// and 2 x (window + 2) noise evaluations in series (latency-bound: 0.096 ms on the H200 for 4096 threads).
// Workgroups of y = 1 (SH2 motion vectors, SW_FLAG_MOTION) compute the field at the previous frame's time
// (sw_frame.prev_time) on the same grid into the buffer's second half: a pure function of the time and the cell,
// it is the field that frame drew with, wherever the grid was then.
// Reads: frame. Writes: the field (SW_WIND_FIELD_STRIDE floats per cell), then the previous one.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_wind_field.h"
#include "common.inc.glsl"

#define CELLS uint(SW_WIND_FIELD_GROUP_CELLS)
#define THREADS 8u /* threads per cell: its eight springs */
layout(local_size_x = 64) in;

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

// The drive of each of the group's cells at steps k0 .. k1 + 1 of the window (entries 0 .. WINDOW) and now
// (entry WINDOW + 1).
shared float s_fx[CELLS][SW_WIND_FIELD_MAX_WINDOW + 2];
shared float s_fz[CELLS][SW_WIND_FIELD_MAX_WINDOW + 2];
shared float s_gust[CELLS];

sw_spring spring_of(uint category)
{
    sw_spring t, p, g, s;
#define SW_WF_LOAD(m, k) t.m = trees_##m; p.m = plants_##m; g.m = grass_##m; s.m = special_##m;
    SW_SPRING_MEMBERS(SW_WF_LOAD)
    return category == SW_WIND_CAT_TREES ? t : category == SW_WIND_CAT_PLANTS ? p : category == SW_WIND_CAT_GRASS ? g : s;
}

void main()
{
    const uint lid = gl_LocalInvocationIndex;
    const uint first = gl_WorkGroupID.x * CELLS; // the group's first cell, row-major in the grid
    sw_wind_drive d = sw_wind_drive(frame.wind_x, frame.wind_z, frame.wind_speed, frame.wind_inv_gust_scale,
                                    frame.wind_gust_speed);
    const float now = gl_WorkGroupID.y == 0u ? frame.time : frame.prev_time;
    const uint half_offset = gl_WorkGroupID.y * uint(SW_WIND_FIELD_RES * SW_WIND_FIELD_RES * SW_WIND_FIELD_STRIDE);
    const int k1 = sw_field_step_before(now);
    const int k0 = k1 + 1 - WINDOW;
    const uint entries = uint(WINDOW) + 2u;
    for (uint e = lid; e < CELLS * entries; e += gl_WorkGroupSize.x) {
        uint c = e / entries, j = e - c * entries;
        uint cell = first + c;
        float x = sw_field_centre(frame.wind_field_i0 + int(cell % uint(SW_WIND_FIELD_RES)));
        float z = sw_field_centre(frame.wind_field_j0 + int(cell / uint(SW_WIND_FIELD_RES)));
        float t = j <= uint(WINDOW) ? sw_field_step_time(k0 + int(j)) : now;
        sw_wind_force f = sw_wind_force_at(d, x, z, t);
        s_fx[c][j] = f.x;
        s_fz[c][j] = f.z;
        if (j == uint(WINDOW) + 1u) s_gust[c] = f.gust;
    }
    barrier();

    const uint c = lid / THREADS, r = lid % THREADS; // r: category r / 2, axis r % 2 (the field's order)
    const uint cell = first + c;
    sw_spring sp = spring_of(r / 2u);
    const bool along_z = (r & 1u) != 0u;
    sw_osc o;
    o.x = 0.0;
    o.v = 0.0;
    float f0 = along_z ? s_fz[c][0] : s_fx[c][0];
    for (int j = 1; j < WINDOW; j++) {
        float f1 = along_z ? s_fz[c][j] : s_fx[c][j];
        o = sw_spring_step(sp, o, f0, f1);
        f0 = f1;
    }
    sw_osc before = o;
    o = sw_spring_step(sp, o, f0, along_z ? s_fz[c][WINDOW] : s_fx[c][WINDOW]);
    precise float u = now * SW_WIND_FIELD_STEPS_PER_S - float(k1);
    uint base = half_offset + cell * uint(SW_WIND_FIELD_STRIDE);
    field[base + r] = sw_osc_at(before, o, u);
    if (r == 0u) {
        field[base + 8u] = s_fx[c][WINDOW + 1];
        field[base + 9u] = s_fz[c][WINDOW + 1];
        field[base + 10u] = s_gust[c];
        field[base + 11u] = 0.0;
    }
}
