// terrain_resolve.comp.glsl — the ground's G-buffer in compute (SPEC BX6, SH2: the visibility
// buffer's resolve of the terrain), one thread per pixel, in sward's own frame with the depth prime. The ground's
// pixels are those with a depth (not the sky) that no G-buffer pass and no blade resolve wrote: the G-buffer
// pass of the blades and assets tests EQUAL against the prime, so where the ground is nearest it writes
// nothing, and resolve.comp.glsl (run before this) writes the compute blades. There the surface is rebuilt
// at the pixel's own point, from the depth: the position (the inverse of the jittered view-projection), the
// ground's normal from the height field by central differences over the CDLOD level's spacing at that distance
// (the vertex shader's normal, continuous across the morph), the material of terrain_surface.inc.glsl (the
// vertex shader's, here per pixel: SH10's albedo, detail normal and roughness, faded by the pixel's footprint), and the motion of a static surface (the camera's) — what terrain.frag.glsl
// writes, without the fragment work the H200's few graphics units are slow at (0.28 ms at 1920x1080 for the
// ground's G-buffer pass).
// Reads: frame, view, materials, heights, world maps, the depth, the G-buffer's kind. Writes: the G-buffer
// where the ground is.
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_TERRAIN_HEIGHTS_ONLY
#include "common.inc.glsl"
#include "terrain_lod.inc.glsl"
#include "terrain_surface.inc.glsl"
#include "shared/sw_gbuffer.h"
#include "gbuffer_pack.inc.glsl"
#include "shared/sw_tonemap.h"

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, set = SW_SET_PASS, binding = SW_RASTER_STATS) buffer StatsBuf { sw_cull_stats stats[]; };
layout(set = SW_SET_PASS, binding = SW_RESOLVE_DEPTH) uniform sampler2D depth_tex;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_ALBEDO, rgba8) uniform writeonly image2D o_albedo;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_NORMAL, rgb10_a2) uniform image2D o_normal;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_MATERIAL, rgba8) uniform writeonly image2D o_material;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_MOTION, rg16f) uniform writeonly image2D o_motion;

// The normal's spacing in samples at LOD distance d: the level whose range holds d, widened by its morph (the
// vertex shader's 2^L (1 + k) x the mesh's step: one continuous function of the distance).
float ground_spacing(float d)
{
    int level = 0;
    while (level < frame.terrain_lod_top && d >= frame.terrain_lod_range * float(1 << level)) level++;
    float k = sw_terrain_morph_k(d, frame.terrain_lod_range, level, frame.terrain_lod_top);
    return float(1 << level) * (1.0 + k) * float(frame.terrain_step);
}

void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= int(VIEW.width) || p.y >= int(VIEW.height)) return;
    float depth = texelFetch(depth_tex, p, 0).r;
    if (depth <= 0.0) return;                               // the sky
    if (imageLoad(o_normal, p).a >= 0.5 / 3.0) return;     // a blade's or a mesh's (SW_KIND_NONE is 0)
    if ((frame.flags & SW_FLAG_COUNT_SHADING) != 0u) atomicAdd(stats[0].shaded, 1u); // SH1 diagnostics
    vec2 size = vec2(float(VIEW.width), float(VIEW.height));
    vec2 centre = vec2(p) + 0.5;
    vec4 wp = sw_mat4(VIEW.inv_view_proj) * vec4(centre / size * 2.0 - 1.0, depth, 1.0);
    vec3 world = wp.xyz / wp.w;
    const sw_view cam = views[SW_VIEW_CAMERA];
    float si = sw_ground_clamp_i((world.x - frame.terrain_x0) / frame.terrain_cell);
    float sj = sw_ground_clamp_j((world.z - frame.terrain_z0) / frame.terrain_cell);
    float lod_d = sw_terrain_lod_dist(world.x - cam.cam_x, world.z - cam.cam_z, frame.terrain_lod_lift);
    vec3 n = sw_ground_normal(si, sj, ground_spacing(lod_d));
    float dist = length(world - vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z));
    // SH10: a pixel's footprint on the ground (m): its size at that distance, stretched by the grazing angle
    vec3 to_eye = (vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z) - world) / max(dist, 1e-6);
    float footprint = dist / (VIEW.px_scale * max(dot(to_eye, n), 0.25));
    sw_terrain_surface ts = sw_terrain_surface_at(world, n, dist, footprint);
    vec4 prev = sw_mat4(VIEW.prev_view_proj) * vec4(world, 1.0);
    vec2 motion = centre - vec2(VIEW.jitter_x, VIEW.jitter_y) - (prev.xy / prev.w * 0.5 + 0.5) * size;
    sw_gbuffer_texels t = sw_gbuffer_pack(ts.albedo, ts.ao, ts.normal, ts.roughness, SW_KIND_TERRAIN, 0.0, 0.0, ts.spec_occlusion, motion);
    // the albedo target is sRGB; its storage view is UNORM, so the encoding is done here (as resolve.comp.glsl)
    vec3 a = vec3(sw_linear_to_srgb(t.albedo.r), sw_linear_to_srgb(t.albedo.g), sw_linear_to_srgb(t.albedo.b));
    imageStore(o_albedo, p, vec4(a, t.albedo.a));
    imageStore(o_normal, p, t.normal);
    imageStore(o_material, p, t.material);
    imageStore(o_motion, p, vec4(t.motion, 0.0, 0.0));
}
