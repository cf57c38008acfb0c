// resolve.comp.glsl — the compute rasteriser's visibility buffer into the G-buffer (SPEC BX1, SH2), one thread
// per pixel, after the G-buffer passes. Where the buffer's blade is nearer than the hardware passes' depth (or
// as near: the merged depth of raster_merge.comp.glsl is then the blade's), the pixel's surface is rebuilt from its
// key: the blade (tile, slot -> the survivor), the point of
// the blade (t, side) -> the vertex code (grass_blade.inc.glsl) and the surface code (grass_surface.inc.glsl)
// the hardware path evaluates per vertex, here at the pixel's own point, packed as the fragment shaders pack
// it (grass_pixel.inc.glsl, gbuffer_pack.inc.glsl) and stored into the G-buffer, so lighting, shadows, TAA
// and post see one frame whichever path drew a blade.
// Reads: frame, view, materials, tile_draws, survivors, the visibility buffer, the depth. Writes: the
// G-buffer (where compute blades are nearest).
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#include "grass_blade.inc.glsl"
#include "grass_surface.inc.glsl"
#include "grass_pixel.inc.glsl"
#include "gbuffer_pack.inc.glsl"
#include "shared/sw_raster.h"
#include "shared/sw_tonemap.h"

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, set = SW_SET_PASS, binding = SW_RASTER_TILE_DRAWS) readonly buffer TileDrawBuf { sw_tile_draw tile_draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_RASTER_VIS) readonly buffer VisBuf { uint64_t vis[]; };
layout(std430, set = SW_SET_PASS, binding = SW_RASTER_STATS) buffer StatsBuf { sw_cull_stats stats[]; };
layout(set = SW_SET_PASS, binding = SW_RESOLVE_DEPTH) uniform sampler2D depth_tex;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_ALBEDO, rgba8) uniform writeonly image2D o_albedo;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_NORMAL, rgb10_a2) uniform writeonly image2D o_normal;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_MATERIAL, rgba8) uniform writeonly image2D o_material;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_MOTION, rg16f) uniform writeonly image2D o_motion;

void main()
{
    uvec2 p = gl_GlobalInvocationID.xy;
    if (p.x >= VIEW.width || p.y >= VIEW.height) return;
    uint i = p.y * VIEW.width + p.x;
    uint64_t key = vis[i];
    uint hi = uint(key >> 32), lo = uint(key & 0xffffffffUL);
    // the depth image holds the hardware passes' depth (raster_merge.comp.glsl keeps the merged one apart): the
    // compute blade is the pixel's surface where it is not behind it
    if (key == 0UL || sw_raster_depth(hi) < texelFetch(depth_tex, ivec2(p), 0).r) return;
    if ((frame.flags & SW_FLAG_COUNT_SHADING) != 0u) atomicAdd(stats[0].shaded, 1u); // SH1 diagnostics
    sw_tile_draw td = tile_draws[VIEW.tile_first + sw_raster_tile(hi, lo)];
    uint per = td.per_instance == 2u ? 2u : 1u;
    uint slot = sw_raster_slot(lo);
    uint inst = slot / per;
    sw_blade b = blades[td.first + inst];
    blade_vertex g = blade_vertex_at(b, inst >= td.high, slot % per, sw_raster_t(lo), sw_raster_side(lo));
    // SH2: the blade's motion, from where its point (t, side) was in the previous frame (its wind then)
    vec2 motion = sw_motion_at(vec2(p) + 0.5, sw_raster_depth(hi),
                               g.world - blade_prev_world(b, inst >= td.high, slot % per, sw_raster_t(lo),
                                                          sw_raster_side(lo), g.world));
    grass_surface s = grass_surface_at(g);
    // Material per vertex: the hardware path interpolates the albedo between the blade's rows (a flower head's
    // colour fades over the row below it); the same here, between the rows around t.
    float segments = inst >= td.high ? float((SW_LOW_VERTS - 1u) / 2u) : float((SW_HIGH_VERTS - 1u) / 2u);
    float t0 = min(floor(g.t * segments), segments - 1.0) / segments, t1 = t0 + 1.0 / segments;
    s.albedo = mix(grass_albedo(g, t0, blade_in_head(g.head_t0, t0)), grass_albedo(g, t1, blade_in_head(g.head_t0, t1)),
                   (g.t - t0) * segments);
    vec3 back = -vec3(VIEW.fwd_x, VIEW.fwd_y, VIEW.fwd_z);
    vec3 n, albedo;
    grass_pixel(s.albedo, s.normal, g.side, back, albedo, n);
    sw_gbuffer_texels t = sw_gbuffer_pack(albedo, s.surface.x, n, s.surface.y, SW_KIND_GRASS, s.surface.z,
                                          s.surface.w, s.gloss, motion);
    // the albedo target is sRGB; its storage view is UNORM, so the encoding is done here
    vec3 a = vec3(sw_linear_to_srgb(t.albedo.r), sw_linear_to_srgb(t.albedo.g), sw_linear_to_srgb(t.albedo.b));
    imageStore(o_albedo, ivec2(p), vec4(a, t.albedo.a));
    imageStore(o_normal, ivec2(p), t.normal);
    imageStore(o_material, ivec2(p), t.material);
    imageStore(o_motion, ivec2(p), vec4(t.motion, 0.0, 0.0));
}
