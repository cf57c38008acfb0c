// exposure_adapt.comp.glsl — PO4 (shared/sw_exposure.h): the frame's histogram to its percentile mean, the target
// EV (key, compensation with the exposure areas' bias, clamps), and the adapted EV one step from the last
// frame's (the target where there is none or dt is 0: the first frame, a cut, a still). 128 threads load the bins
// into shared memory at once; one thread then walks them (a single thread's 256 loads from the buffer cost more
// than the histogram).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"

layout(local_size_x = SW_EXPOSURE_BINS) in;
#define SW_EXPOSURE_BINDING SW_EXPOSURE_OUT
#define SW_EXPOSURE_WRITE
#include "exposure.inc.glsl"

shared float s_h[SW_EXPOSURE_BINS];

void main()
{
    uint t = gl_LocalInvocationIndex;
    s_h[t] = float(exposure_state.histogram[t]);
    barrier();
    if (t != 0u) return;
    float total = 0.0;
    for (uint b = 0u; b < SW_EXPOSURE_BINS; b++) total += s_h[b];
    sw_exposure_mean m = sw_exposure_mean_begin(total, frame.exposure_low, frame.exposure_high);
    for (uint b = 0u; b < SW_EXPOSURE_BINS; b++) m = sw_exposure_mean_add(m, b, s_h[b]);
    float mean = sw_exposure_mean_log(m);
    float target = sw_exposure_target_ev(mean, frame.exposure_key, frame.exposure_compensation, frame.exposure_min_ev,
                                         frame.exposure_max_ev);
    // dt 0 (no earlier frame metered, a cut, a still): the target (render_plan_exposure)
    float ev = sw_exposure_adapt(exposure_state.ev, target, frame.exposure_dt, frame.exposure_speed_up, frame.exposure_speed_down);
    exposure_state.ev = ev;
    exposure_state.exposure = exp2(ev);
    exposure_state.target_ev = target;
    exposure_state.mean_log = mean;
    exposure_state.total = uint(total);
}
