/* forces.c — force-field paths evaluated per frame (SPEC GA5; Frictional Games "Undergrowth": ForceFields
 * with a radius and a force, applied in the grass shader). O(fields x keys) per frame on the CPU. */
#include "wind/wind.h"

#include <math.h>
#include <string.h>

#define WIND_TAU 6.283185307179586

void wind_force_position(const world_force *f, float time, float *x, float *z)
{
    int n = f->key_count;
    if (n <= 0) {
        *x = *z = 0.0f;
        return;
    }
    const float(*k)[3] = f->keys;
    float t0 = k[0][0], t1 = k[n - 1][0];
    float t = time;
    if (f->loop && t1 > t0) {
        double period = (double)t1 - (double)t0;
        double u = fmod((double)time - (double)t0, period);
        if (u < 0.0) u += period;
        t = (float)((double)t0 + u);
    }
    if (n == 1 || t <= t0) {
        *x = k[0][1];
        *z = k[0][2];
        return;
    }
    if (t >= t1) {
        *x = k[n - 1][1];
        *z = k[n - 1][2];
        return;
    }
    int i = 0;
    while (i + 2 < n && t >= k[i + 1][0]) i++;
    float span = k[i + 1][0] - k[i][0];
    float w = span > 0.0f ? (t - k[i][0]) / span : 1.0f;
    *x = k[i][1] + (k[i + 1][1] - k[i][1]) * w;
    *z = k[i][2] + (k[i + 1][2] - k[i][2]) * w;
}

float wind_force_clock(const world_force *f, float time)
{
    double c = fmod((double)f->phase + WIND_TAU * (double)f->frequency * (double)time, WIND_TAU);
    if (c < 0.0) c += WIND_TAU;
    return (float)c;
}

int wind_forces_eval(const sward_scene *scene, float time, float out[SW_MAX_FORCES * WIND_FORCE_STRIDE])
{
    memset(out, 0, sizeof(float) * SW_MAX_FORCES * WIND_FORCE_STRIDE);
    int n = scene->force_count < SW_MAX_FORCES ? scene->force_count : SW_MAX_FORCES;
    if (n < 0) n = 0;
    for (int i = 0; i < n; i++) {
        const world_force *f = &scene->forces[i];
        float *o = out + i * WIND_FORCE_STRIDE;
        wind_force_position(f, time, &o[0], &o[2]);
        o[1] = world_terrain_height(&scene->terrain, o[0], o[2]);
        o[3] = f->radius;
        o[4] = f->strength;
        o[5] = wind_force_clock(f, time);
    }
    return n;
}
