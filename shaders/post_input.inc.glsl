// post_input.inc.glsl — the linear colour the tone map reads (post.comp.glsl), and what sward_render_hdr reads
// back (hdr_out.comp.glsl): the resolved image with TAA (SH8), else the lit HDR colour, plus the bloom (PO3).
// Before exposure, the filmic curve and sRGB. The including shader declares the images `hdr` and `resolved`
// and includes bloom.inc.glsl and exposure.inc.glsl.
vec3 post_input(ivec2 px)
{
    vec3 c = (frame.features & SW_FEAT_TAA) != 0u ? imageLoad(resolved, px).rgb : imageLoad(hdr, px).rgb;
    // PO3: the blurred light above the white point, before the tone map (the chain is in exposed units)
    if ((frame.features & SW_FEAT_BLOOM) != 0u) c += bloom_at(px) / sw_exposure_now();
    return c;
}
