// asset_resolve.comp.glsl — the mesh assets' G-buffer from their visibility buffer (SPEC BX6, SH2; Burns
// and Hunt, "The Visibility Buffer", 2013), one thread per pixel, in sward's own frame with the depth prime. The
// assets' depth prime (asset_id.frag.glsl) left at each pixel it won the drawn instance and the triangle of its
// level; where no G-buffer pass and no blade resolve wrote since (a hardware or compute blade in front), the
// triangle is rebuilt: its three vertices pulled and moved by the wind exactly as the vertex shader moves them
// (asset_vertex.inc.glsl), the pixel's ray (through its centre, jittered like the rasteriser's) met with the
// triangle's plane for the barycentrics, and the rays of the pixels across and below for the derivatives the
// texture level and the cotangent frame take; the surface then is the fragment shader's (asset_surface.inc.glsl):
// what asset_frag.inc.glsl writes, without the fragment work the H200's few graphics units are slow at and
// without drawing the assets' triangles a second time.
// Reads: frame, views, assets, vertices, indices, textures, the camera's drawn list and draws, the id. Writes:
// the G-buffer where a mesh asset is the surface.
#version 450
#extension GL_GOOGLE_include_directive : require
#define SW_ASSET_DRAWN_BINDING SW_ASSET_RESOLVE_DRAWN
#include "asset_vertex.inc.glsl"
#include "asset_surface.inc.glsl"
#include "gbuffer_pack.inc.glsl"
#include "shared/sw_tonemap.h"

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, set = SW_SET_SCENE, binding = SW_BIND_ASSET_INDICES) readonly buffer IndexBuf { uint asset_indices[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ASSET_RESOLVE_DRAWS) readonly buffer DrawBuf { sw_asset_draw draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_RASTER_STATS) buffer StatsBuf { sw_cull_stats stats[]; };
layout(set = SW_SET_PASS, binding = SW_ASSET_RESOLVE_ID, rg32ui) uniform readonly uimage2D id_img;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_DEPTH) uniform sampler2D depth_tex;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_ALBEDO, rgba8) uniform writeonly image2D o_albedo;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_NORMAL, rgb10_a2) uniform image2D o_normal;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_MATERIAL, rgba8) uniform writeonly image2D o_material;
layout(set = SW_SET_PASS, binding = SW_RESOLVE_MOTION, rg16f) uniform writeonly image2D o_motion;

// The barycentrics (of vertices 1 and 2; vertex 0's is 1 - both) where the ray from the eye e (relative to
// vertex 0) along d meets the plane of the triangle of edges e1, e2 from vertex 0.
vec2 plane_barycentrics(vec3 e, vec3 d, vec3 e1, vec3 e2)
{
    vec3 n = cross(e1, e2);
    float dn = dot(d, n);
    vec3 q = e + d * (abs(dn) > 1e-30 ? -dot(e, n) / dn : 0.0);
    float d00 = dot(e1, e1), d01 = dot(e1, e2), d11 = dot(e2, e2), d20 = dot(q, e1), d21 = dot(q, e2);
    float den = d00 * d11 - d01 * d01;
    if (!(abs(den) > 1e-30)) return vec2(0.0);
    return vec2(d11 * d20 - d01 * d21, d00 * d21 - d01 * d20) / den;
}

// The world point of pixel coordinates q at reverse-Z depth z.
vec3 unproject(vec2 q, float z)
{
    vec2 size = vec2(float(VIEW.width), float(VIEW.height));
    vec4 w = sw_mat4(VIEW.inv_view_proj) * vec4(q / size * 2.0 - 1.0, z, 1.0);
    return w.xyz / w.w;
}

void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= int(VIEW.width) || p.y >= int(VIEW.height)) return;
    uvec2 id = imageLoad(id_img, p).xy;
    if (id.x == 0u) return;                             // no asset won the prime here
    if (imageLoad(o_normal, p).a >= 0.5 / 3.0) return;  // a blade in front (SW_KIND_NONE is 0)
    if ((frame.flags & SW_FLAG_COUNT_SHADING) != 0u) atomicAdd(stats[0].shaded, 1u); // SH1 diagnostics
    uint inst = id.x - 1u;
    uint asset = drawn[inst].yaw_hash >> 29u;
    // the (asset, level) run the instance was drawn in: its level's triangles
    uint run = asset * SW_ASSET_MAX_LODS;
    for (uint l = 0u; l < SW_ASSET_MAX_LODS; l++) {
        sw_asset_draw dl = draws[asset * SW_ASSET_MAX_LODS + l];
        if (inst >= dl.first_instance && inst < dl.first_instance + dl.capacity) { run += l; break; }
    }
    sw_asset_draw dr = draws[run];
    uint first = dr.first_index + 3u * id.y;
    uint i0 = uint(int(asset_indices[first]) + dr.vertex_offset);
    uint i1 = uint(int(asset_indices[first + 1u]) + dr.vertex_offset);
    uint i2 = uint(int(asset_indices[first + 2u]) + dr.vertex_offset);
    sw_asset_point v0 = sw_asset_point_of(inst, i0);
    sw_asset_point v1 = sw_asset_point_of(inst, i1);
    sw_asset_point v2 = sw_asset_point_of(inst, i2);
    sw_asset a = assets[asset];

    // Vulkan's facing: the sign of the triangle's area in framebuffer coordinates, here the determinant of its
    // clip-space (x, y, w) (homogeneous: right for triangles the near plane clips too); counter-clockwise (the
    // pipelines' front face) is a negative determinant with y down
    mat4 vp = sw_mat4(VIEW.view_proj);
    vec4 c0 = vp * vec4(v0.world, 1.0), c1 = vp * vec4(v1.world, 1.0), c2 = vp * vec4(v2.world, 1.0);
    bool front = determinant(mat3(c0.xyw, c1.xyw, c2.xyw)) < 0.0;

    // the rays through the pixel's centre and its neighbours' (relative to vertex 0: metres, not kilometres)
    vec3 eye = vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z);
    float depth = max(texelFetch(depth_tex, p, 0).r, 1e-7);
    vec2 centre = vec2(p) + 0.5;
    vec3 e = eye - v0.world, e1 = v1.world - v0.world, e2 = v2.world - v0.world;
    vec2 b = plane_barycentrics(e, unproject(centre, depth) - eye, e1, e2);
    vec2 bx = plane_barycentrics(e, unproject(centre + vec2(1.0, 0.0), depth) - eye, e1, e2) - b;
    vec2 by = plane_barycentrics(e, unproject(centre + vec2(0.0, 1.0), depth) - eye, e1, e2) - b;
#define LERP(f) (v0.f + (v1.f - v0.f) * b.x + (v2.f - v0.f) * b.y)
#define DIFF(f, d) ((v1.f - v0.f) * d.x + (v2.f - v0.f) * d.y)
    vec3 normal = LERP(normal);
    vec2 uv = LERP(uv);
    float ao = LERP(ao);
    vec3 dp_dx = e1 * bx.x + e2 * bx.y, dp_dy = e1 * by.x + e2 * by.y;
    sw_asset_surface s = sw_asset_surface_at(sw_asset_albedo(a, v0.surface), normal, uv, DIFF(uv, bx), DIFF(uv, by),
                                             LERP(world), dp_dx, dp_dy, v0.card,
                                             vec2(ao, v0.surface == 0u ? 0.0 : a.translucency), a.impostor_offset,
                                             vec2(v0.yaw, v0.colorize), vec3(a.bark_r, a.bark_g, a.bark_b),
                                             vec2(a.leaf_roughness, a.bark_roughness), a.bark_set, front);
    // SH2: the pixel's point of the triangle in the previous frame (its vertices' wind then, the same barycentrics)
    vec3 q0 = sw_asset_prev_world(inst, i0, v0.world), q1 = sw_asset_prev_world(inst, i1, v1.world);
    vec3 q2 = sw_asset_prev_world(inst, i2, v2.world);
    vec2 motion = sw_motion_at(centre, depth, LERP(world) - (q0 + (q1 - q0) * b.x + (q2 - q0) * b.y));
    sw_gbuffer_texels t = sw_gbuffer_pack(s.albedo, s.ao, s.n, s.roughness, SW_KIND_MESH, s.thickness, 0.6, s.spec_occlusion,
                                          motion);
    // the albedo target is sRGB; its storage view is UNORM, so the encoding is done here (as resolve.comp.glsl)
    vec3 al = vec3(sw_linear_to_srgb(t.albedo.r), sw_linear_to_srgb(t.albedo.g), sw_linear_to_srgb(t.albedo.b));
    imageStore(o_albedo, p, vec4(al, t.albedo.a));
    imageStore(o_normal, p, t.normal);
    imageStore(o_material, p, t.material);
    imageStore(o_motion, p, vec4(t.motion, 0.0, 0.0));
}
