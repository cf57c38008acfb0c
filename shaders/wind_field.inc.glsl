// wind_field.inc.glsl — GA3: sampling the wind field (shaders/shared/sw_wind_field.h) from any vegetation pass.
// Include after common.inc.glsl (it reads `frame`: the time, the wind, the gains and the grid's origin), with
// RES_WIND_FIELD declared in the pass's uses at SW_BIND_WIND_FIELD (shared/sw_bindings.h). Then
//     vec2 y = sw_field_sample(SW_WIND_CAT_TREES, root.xz);  // displacement, unsaturated push units
//     vec2 p = sw_field_push(y, stiffness);                   // push: length < 1, a fraction of the height
// Categories: SW_WIND_CAT_TREES 0, _PLANTS 1, _GRASS 2, _SPECIAL 3. The force itself (for leaf flutter):
// sw_field_force(xz) (x, z, gust). src/wind/field.c wind_field_sample / wind_field_push are the same on the CPU.
#ifndef SW_WIND_FIELD_INC
#define SW_WIND_FIELD_INC
#include "shared/sw_wind_field.h"

layout(std430, set = SW_SET_PASS, binding = SW_BIND_WIND_FIELD) readonly buffer WindFieldBuf { float wind_field[]; };

sw_wind_drive sw_field_drive()
{
    return sw_wind_drive(frame.wind_x, frame.wind_z, frame.wind_speed, frame.wind_inv_gust_scale,
                         frame.wind_gust_speed);
}

float sw_field_gain(uint category) { return frame.wind_gain[category]; }

// The drive at xz now (x, z in unsaturated push units; gust 0..1), not simulated: the same everywhere.
vec3 sw_field_force(vec2 xz)
{
    sw_wind_force f = sw_wind_force_at(sw_field_drive(), xz.x, xz.y, frame.time);
    return vec3(f.x, f.z, f.gust);
}

// The displacement of a spring category at xz: bilinear in the grid, the spring's equilibrium (gain x force)
// outside it, blended over the grid's last SW_WIND_FIELD_BLEND cells. prev: the field of the previous frame
// (SH2 motion vectors: sw_frame.prev_time, the buffer's second half; this frame's where nothing moved).
vec2 sw_field_sample_at(uint category, vec2 xz, bool prev)
{
    bool then = prev && (frame.flags & SW_FLAG_MOTION) != 0u;
    sw_wind_force f = sw_wind_force_at(sw_field_drive(), xz.x, xz.y, then ? frame.prev_time : frame.time);
    float gain = sw_field_gain(category);
    precise float eq_x = gain * f.x;
    precise float eq_z = gain * f.z;
    sw_field_coord c = sw_field_locate(xz.x, xz.y, frame.wind_field_i0, frame.wind_field_j0);
    sw_field_taps t = sw_field_taps_at(c, category);
    int o = then ? SW_WIND_FIELD_RES * SW_WIND_FIELD_RES * SW_WIND_FIELD_STRIDE : 0;
    return vec2(sw_field_mix(c, wind_field[o + t.o00], wind_field[o + t.o10], wind_field[o + t.o01],
                             wind_field[o + t.o11], eq_x),
                sw_field_mix(c, wind_field[o + t.o00 + 1], wind_field[o + t.o10 + 1], wind_field[o + t.o01 + 1],
                             wind_field[o + t.o11 + 1], eq_z));
}

vec2 sw_field_sample(uint category, vec2 xz)
{
    return sw_field_sample_at(category, xz, false);
}

// A displacement as a push for a stiffness (0..1): length < 1, a fraction of the height (sw_field_push_scale).
vec2 sw_field_push(vec2 y, float stiffness)
{
    return y * sw_field_push_scale(y.x, y.y, stiffness);
}

#endif
