// exposure.inc.glsl — the exposure the frame's radiance is multiplied by before the tone map (SPEC PO2, PO4): with
// SW_FLAG_AUTO_EXPOSURE the adapted one in RES_EXPOSURE (src/render/passes/exposure.c), else sw_frame.exposure
// (render.exposure times the exposure areas' bias). The including shader defines SW_EXPOSURE_BINDING (and
// SW_EXPOSURE_WRITE to write the state).
#ifdef SW_EXPOSURE_WRITE
layout(std430, set = SW_SET_PASS, binding = SW_EXPOSURE_BINDING) buffer ExposureState {
    sw_exposure_state exposure_state;
};
#else
layout(std430, set = SW_SET_PASS, binding = SW_EXPOSURE_BINDING) readonly buffer ExposureState {
    sw_exposure_state exposure_state;
};
#endif

// The passes after the exposure pass (bloom, post, hdr_out): this frame's adapted exposure.
float sw_exposure_now()
{
    return (frame.flags & SW_FLAG_AUTO_EXPOSURE) != 0u ? exposure_state.exposure : frame.exposure;
}

// The passes before it (TAA): the last frame's, where one was metered (SW_FLAG_EXPOSURE_KEPT).
float sw_exposure_last()
{
    return (frame.flags & SW_FLAG_EXPOSURE_KEPT) != 0u ? exposure_state.exposure : frame.exposure;
}
