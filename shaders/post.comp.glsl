// post.comp.glsl — sky, distance fog, exposure, Uncharted 2 filmic tone map with white point, sRGB
// (SPEC PO1, PO2, LS1). Reads the 16-bit float HDR target and the depth; writes the 8-bit image.
// Done in compute: on GPUs with few graphics units a full-screen fragment pass is the slow path.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_tonemap.h"
#include "shared/sw_sky.h"
#include "common.inc.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = SW_SET_PASS, binding = SW_POST_HDR, rgba16f) uniform readonly image2D hdr;
layout(set = SW_SET_PASS, binding = SW_POST_DEPTH) uniform sampler2D depth_tex;
layout(set = SW_SET_PASS, binding = SW_POST_LDR, rgba8) uniform writeonly image2D ldr;

vec3 sky(vec3 dir)
{
    if ((frame.features & SW_FEAT_SKY) != 0u) {
        // Preetham's analytic sky (shared/sw_sky.h) and the sun's limb-darkened disc.
        sw_sky_rgb m = sw_sky_radiance(frame.sky, dir.x, dir.y, dir.z);
        float disc = sw_sky_sun_disc(length(dir - sw_sun_dir()));
        return vec3(m.r, m.g, m.b) * frame.sky_intensity + sw_sun_radiance() * (SW_SKY_SUN_DISC_GAIN * disc);
    }
    vec3 zen = vec3(frame.zenith_r, frame.zenith_g, frame.zenith_b);
    vec3 hor = vec3(frame.horizon_r, frame.horizon_g, frame.horizon_b);
    // The warm horizon band gives way to the zenith colour within the first 20 degrees or so.
    float up = clamp(dir.y, 0.0, 1.0);
    vec3 c = mix(hor, zen, 1.0 - exp(-5.0 * up)) * frame.sky_intensity;
    float s = max(dot(dir, sw_sun_dir()), 0.0);
    c += sw_sun_radiance() * (pow(s, 12.0) * 0.04 + pow(s, 900.0) * 4.0); // glow and disc
    return c;
}

void main()
{
    ivec2 px = ivec2(gl_GlobalInvocationID.xy);
    if (px.x >= int(VIEW.width) || px.y >= int(VIEW.height)) return;
    vec2 ndc = (vec2(px) + 0.5) / vec2(VIEW.width, VIEW.height) * 2.0 - 1.0;
    mat4 inv = sw_mat4(VIEW.inv_view_proj);
    // Reverse-Z with no far plane: depth 0 is at infinity (w = 0), so take the ray through two finite depths.
    vec4 far_p = inv * vec4(ndc, 0.01, 1.0);
    vec4 near_p = inv * vec4(ndc, 1.0, 1.0);
    vec3 dir = normalize(far_p.xyz / far_p.w - near_p.xyz / near_p.w);
    float d = texelFetch(depth_tex, px, 0).r;
    vec3 c;
    if (d <= 0.0) {
        c = sky(dir);
    } else {
        vec4 wp = inv * vec4(ndc, d, 1.0);
        float dist = length(wp.xyz / wp.w - vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z));
        float fog = 1.0 - exp(-dist * frame.fog_density);
        vec3 fog_col = vec3(frame.horizon_r, frame.horizon_g, frame.horizon_b) * frame.sky_intensity;
        if ((frame.features & SW_FEAT_SKY) != 0u) {
            sw_sky_rgb h = sw_sky_fog(frame.sky, dir.x, dir.z); // aerial perspective: the sky's horizon there
            fog_col = vec3(h.r, h.g, h.b) * frame.sky_intensity;
        }
        c = mix(imageLoad(hdr, px).rgb, fog_col, fog);
    }
    vec3 o;
    o.r = sw_linear_to_srgb(sw_tonemap_filmic(c.r, frame.exposure, frame.white_point));
    o.g = sw_linear_to_srgb(sw_tonemap_filmic(c.g, frame.exposure, frame.white_point));
    o.b = sw_linear_to_srgb(sw_tonemap_filmic(c.b, frame.exposure, frame.white_point));
    imageStore(ldr, px, vec4(o, 1.0));
}
