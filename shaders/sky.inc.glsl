// sky.inc.glsl — the sky seen where nothing was drawn, and the haze toward it over distance (LS1). With
// render.features.sky: Preetham's analytic sky (shared/sw_sky.h; its constants per frame from the sun's
// position, src/render/sky.c) with the sun's limb-darkened disc, and aerial perspective by the same
// atmosphere's extinction toward the sky's own horizon colour in the view's compass direction (LS5). Without:
// a gradient from the horizon to the zenith colour with a glow and disc, and a grey haze toward the horizon
// colour.
#include "shared/sw_sky.h"

vec3 sw_sky(vec3 dir)
{
    if ((frame.features & SW_FEAT_SKY) != 0u) {
        sw_sky_rgb m = sw_sky_radiance(frame.sky, dir.x, dir.y, dir.z);
        float disc = sw_sky_sun_disc(length(dir - sw_sun_dir()));
        return vec3(m.r, m.g, m.b) * frame.sky_intensity + sw_sun_radiance() * (SW_SKY_SUN_DISC_GAIN * disc);
    }
    vec3 zen = sw_vec3(frame.zenith);
    vec3 hor = sw_vec3(frame.horizon);
    // The warm horizon band gives way to the zenith colour within the first 20 degrees or so.
    float up = clamp(dir.y, 0.0, 1.0);
    vec3 c = mix(hor, zen, 1.0 - exp(-5.0 * up)) * frame.sky_intensity;
    float s = max(dot(dir, sw_sun_dir()), 0.0);
    c += sw_sun_radiance() * (pow(s, 12.0) * 0.04 + pow(s, 900.0) * 4.0); // glow and disc
    return c;
}

vec3 sw_aerial(vec3 c, vec3 dir, float dist)
{
    if ((frame.features & SW_FEAT_SKY) != 0u) { // LS5: the atmosphere's own extinction per channel
        sw_sky_rgb h = sw_sky_fog(frame.sky, dir.x, dir.z); // in-scattering tends to the sky's horizon there
        sw_sky_rgb fog = sw_sky_rgb(h.r * frame.sky_intensity, h.g * frame.sky_intensity, h.b * frame.sky_intensity);
        sw_sky_rgb o = sw_sky_aerial(frame.sky, sw_sky_rgb(c.r, c.g, c.b), fog, dist);
        return vec3(o.r, o.g, o.b);
    }
    float fog = 1.0 - exp(-dist * frame.fog_density);
    return mix(c, sw_vec3(frame.horizon) * frame.sky_intensity, fog);
}
