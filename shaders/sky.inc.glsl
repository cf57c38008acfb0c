// sky.inc.glsl — the sky seen where nothing was drawn, and the haze toward it over distance (LS1): a
// gradient from the horizon to the zenith colour with the sun's glow and disc, and exponential distance fog
// toward the horizon colour.
vec3 sw_sky(vec3 dir)
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

vec3 sw_aerial(vec3 c, vec3 dir, float dist)
{
    float fog = 1.0 - exp(-dist * frame.fog_density);
    vec3 fog_col = vec3(frame.horizon_r, frame.horizon_g, frame.horizon_b) * frame.sky_intensity;
    return mix(c, fog_col, fog);
}
