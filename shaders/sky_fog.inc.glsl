// sky_fog.inc.glsl — the scene's radiance at a pixel: the sky where the depth is empty, else the HDR colour
// under distance haze (SPEC LS1, PO1). Post applies it without TAA; with TAA (SH8) the TAA pass applies it to
// its jittered input so that edges against the sky are resolved too, and bloom (PO3) reads the same radiance.
// When the deferred lighting pass writes the sky and haze into the HDR colour, this becomes a plain load.
// Needs common.inc.glsl.

vec3 sky(vec3 dir)
{
    vec3 zen = vec3(frame.zenith_r, frame.zenith_g, frame.zenith_b);
    vec3 hor = vec3(frame.horizon_r, frame.horizon_g, frame.horizon_b);
    // The warm horizon band gives way to the zenith colour within the first 20 degrees or so.
    float up = clamp(dir.y, 0.0, 1.0);
    vec3 c = mix(hor, zen, 1.0 - exp(-5.0 * up)) * frame.sky_intensity;
    float s = max(dot(dir, sw_sun_dir()), 0.0);
    c += sw_sun_radiance() * (pow(s, 12.0) * 0.04 + pow(s, 900.0) * 4.0); // glow and disc
    return c;
}

// The radiance at pixel px of this frame's view (its jitter included) from the HDR colour there and the depth d.
vec3 sw_sky_fog(ivec2 px, vec3 hdr_rgb, float d)
{
    vec2 ndc = (vec2(px) + 0.5) / vec2(VIEW.width, VIEW.height) * 2.0 - 1.0;
    mat4 inv = sw_mat4(VIEW.inv_view_proj);
    vec3 c;
    if (d <= 0.0) {
        // Reverse-Z with no far plane: depth 0 is at infinity (w = 0), so take the ray through two finite depths.
        vec4 far_p = inv * vec4(ndc, 0.01, 1.0);
        vec4 near_p = inv * vec4(ndc, 1.0, 1.0);
        c = sky(normalize(far_p.xyz / far_p.w - near_p.xyz / near_p.w));
    } else {
        vec4 wp = inv * vec4(ndc, d, 1.0);
        float dist = length(wp.xyz / wp.w - vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z));
        float fog = 1.0 - exp(-dist * frame.fog_density);
        vec3 fog_col = vec3(frame.horizon_r, frame.horizon_g, frame.horizon_b) * frame.sky_intensity;
        c = mix(hdr_rgb, fog_col, fog);
    }
    return c;
}
