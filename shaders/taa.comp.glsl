// taa.comp.glsl — temporal anti-aliasing (SPEC SH8; Karis, "High Quality Temporal Supersampling", 2014;
// Salvi's variance clipping, 2016). Each frame samples its pixels at a new Halton (2, 3) sub-pixel offset
// (src/render/camera.c); this pass blends them into a history that follows the surfaces:
//   current   the jittered frame's lit radiance (lighting.comp.glsl: sky and haze included)
//   motion    of the nearest surface in the 3x3 neighbourhood (taa_motion: the G-buffer's motion vectors: the
//             ground's, the blades' and the assets' with their wind since the last frame (SH2); else, where
//             nothing wrote any (the sky), camera reprojection of the depth)
//   history   the previous resolved image at px + 0.5 - motion, Catmull-Rom (12 texels: no corners)
//   clip      the history into the neighbourhood's mean +- gamma sigma in YCoCg (ghosting, disocclusion, what
//             the motion vectors miss); not when only the jitter changed
//   blend     weight max(1 / samples, alpha) for the current frame, luminance-weighted (less flicker);
//             history invalid (first frame, resize, cut) or off screen: the current frame alone.
// The output's alpha counts the samples accumulated (at most 1 / alpha), so a still converges to the mean of
// its first frames (sward_render's warm-up) rather than an exponential tail. 8 x 8 pixels per workgroup; the
// 10 x 10 neighbourhood of a group is read once into shared memory.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "shared/sw_gbuffer.h"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = SW_SET_PASS, binding = SW_TAA_HDR, rgba16f) uniform readonly image2D hdr;
layout(set = SW_SET_PASS, binding = SW_TAA_DEPTH) uniform sampler2D depth_tex;
layout(set = SW_SET_PASS, binding = SW_TAA_HISTORY, rgba16f) uniform readonly image2D history;
layout(set = SW_SET_PASS, binding = SW_TAA_MOTION) uniform sampler2D motion_tex;
layout(set = SW_SET_PASS, binding = SW_TAA_OUT, rgba16f) uniform writeonly image2D result;
#define SW_EXPOSURE_BINDING SW_TAA_EXPOSURE
#include "exposure.inc.glsl" // the last frame's (PO4: metered after this pass)

const float GAMMA = 1.0; // the clip box's half size in standard deviations

shared vec3 s_col[100];
shared float s_depth[100];

vec3 rgb_to_ycocg(vec3 c)
{
    return vec3(0.25 * c.r + 0.5 * c.g + 0.25 * c.b, 0.5 * c.r - 0.5 * c.b, -0.25 * c.r + 0.5 * c.g - 0.25 * c.b);
}

vec3 ycocg_to_rgb(vec3 c)
{
    return vec3(c.x + c.y - c.z, c.x + c.z, c.x - c.y - c.z);
}

// The motion of the surface seen at pixel px with depth d, in pixels: its position in this frame without the
// jitter minus its position in the history's frame. From the depth by camera reprojection (homogeneous, so
// the sky at depth 0, a point at infinity, reprojects by its direction). Where the G-buffer has a motion
// vector (RES_MOTION: the terrain, the blades and the mesh assets) it is used.
vec2 taa_motion(ivec2 px, float d)
{
    vec2 mv = texelFetch(motion_tex, px, 0).xy;
    if (mv.x > 0.5 * SW_MOTION_NONE) return mv;
    vec2 size = vec2(VIEW.width, VIEW.height);
    vec2 ndc = (vec2(px) + 0.5) / size * 2.0 - 1.0;
    vec4 world = sw_mat4(VIEW.inv_view_proj) * vec4(ndc, d, 1.0);
    vec4 prev = sw_mat4(VIEW.prev_view_proj) * world;
    vec2 prev_px = (prev.xy / prev.w * 0.5 + 0.5) * size;
    return vec2(px) + 0.5 - vec2(VIEW.jitter_x, VIEW.jitter_y) - prev_px;
}

vec4 history_texel(ivec2 q, ivec2 size)
{
    return imageLoad(history, clamp(q, ivec2(0), size - 1));
}

// The history at pixel position pos (pixel centres at + 0.5): Catmull-Rom over 4 x 4 texels.
vec4 history_at(vec2 pos, ivec2 size)
{
    vec2 t = pos - 0.5, f = floor(t), x = t - f;
    vec2 w0 = x * (-0.5 + x * (1.0 - 0.5 * x));
    vec2 w1 = 1.0 + x * x * (-2.5 + 1.5 * x);
    vec2 w2 = x * (0.5 + x * (2.0 - 1.5 * x));
    vec2 w3 = x * x * (-0.5 + 0.5 * x);
    vec4 wx = vec4(w0.x, w1.x, w2.x, w3.x), wy = vec4(w0.y, w1.y, w2.y, w3.y);
    ivec2 i0 = ivec2(f) - 1;
    // the four corner texels (products of two weights of at most 0.075: under 0.006) are left out: 12 loads
    vec4 sum = vec4(0.0);
    float wsum = 0.0;
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) {
            if ((i == 0 || i == 3) && (j == 0 || j == 3)) continue;
            float w = wx[i] * wy[j];
            sum += w * history_texel(i0 + ivec2(i, j), size);
            wsum += w;
        }
    return sum / wsum;
}

float luma(vec3 c) { return dot(c, vec3(0.2126, 0.7152, 0.0722)); }

void main()
{
    ivec2 size = ivec2(VIEW.width, VIEW.height);
    ivec2 base = ivec2(gl_WorkGroupID.xy) * 8 - 1;
    for (uint i = gl_LocalInvocationIndex; i < 100u; i += 64u) {
        ivec2 q = clamp(base + ivec2(int(i % 10u), int(i / 10u)), ivec2(0), size - 1);
        float d = texelFetch(depth_tex, q, 0).r;
        s_col[i] = imageLoad(hdr, q).rgb;
        s_depth[i] = d;
    }
    barrier();
    ivec2 px = ivec2(gl_GlobalInvocationID.xy);
    if (px.x >= size.x || px.y >= size.y) return;
    ivec2 l = ivec2(gl_LocalInvocationID.xy) + 1;
    vec3 cur = s_col[l.y * 10 + l.x];
    if ((VIEW.flags & SW_VIEW_TAA_RESET) != 0u) {
        imageStore(result, px, vec4(cur, 1.0));
        return;
    }
    // the neighbourhood's moments in YCoCg, and its nearest surface (reverse-Z: the largest depth)
    vec3 m1 = vec3(0.0), m2 = vec3(0.0);
    float nearest = -1.0;
    ivec2 at = ivec2(0);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int k = (l.y + dy) * 10 + l.x + dx;
            vec3 y = rgb_to_ycocg(s_col[k]);
            m1 += y;
            m2 += y * y;
            if (s_depth[k] > nearest) {
                nearest = s_depth[k];
                at = ivec2(dx, dy);
            }
        }
    vec2 pos = vec2(px) + 0.5 - taa_motion(clamp(px + at, ivec2(0), size - 1), nearest);
    if (any(lessThan(pos, vec2(0.0))) || any(greaterThan(pos, vec2(size)))) {
        imageStore(result, px, vec4(cur, 1.0)); // off screen in the history's frame
        return;
    }
    vec4 h = history_at(pos, size);
    // variance clipping: toward the mean until inside mean +- GAMMA sigma
    vec3 mu = m1 / 9.0, sigma = sqrt(max(m2 / 9.0 - mu * mu, vec3(0.0)));
    vec3 ext = GAMMA * sigma + 1e-6;
    vec3 hy = rgb_to_ycocg(max(h.rgb, vec3(0.0)));
    vec3 v = hy - mu;
    vec3 a = abs(v / ext);
    float m = max(a.x, max(a.y, a.z));
    if (m > 1.0 && (VIEW.flags & SW_VIEW_TAA_STILL) == 0u) hy = mu + v / m;
    vec3 hist = max(ycocg_to_rgb(hy), vec3(0.0));
    // the current frame's weight: the mean of the samples so far, then the running blend
    float n = min(max(h.a, 1.0), 1.0 / VIEW.taa_alpha) + 1.0;
    float alpha = max(1.0 / n, VIEW.taa_alpha);
    float exposure = sw_exposure_last();
    float wc = alpha / (1.0 + luma(cur) * exposure), wh = (1.0 - alpha) / (1.0 + luma(hist) * exposure);
    vec3 c = (cur * wc + hist * wh) / (wc + wh);
    imageStore(result, px, vec4(c, n));
}
