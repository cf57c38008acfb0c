// shadow_assets.comp.glsl — the mesh assets' casters of the near shadow cascade in compute (SPEC LS3, BX1
// item 5: small triangles through the compute rasteriser, the alpha test in compute), for the assets of the bits
// of pc.level (render_plan.shadow_assets). The workgroups of z = the asset take the instances of its run of the near
// view's drawn list (its caster level's, sw_asset.shadow_near_lod) in turn, one at a time. A workgroup's 64 threads
// take the instance's triangles 64 at a time: each pulls its triangle's three vertices moved by the wind
// exactly as the hardware casters' vertex shader moves them (asset_vertex.inc.glsl) and projects them with the near
// view (orthographic: the attributes are linear in the texels); then the batch's texel rows are shared out, one
// thread per row, walked with the camera rasteriser's fill rule (raster_triangle.inc.glsl), as raster_blades
// shares out a batch of blades' rows. A texel is cut as the hardware casters' fragment shader cuts it
// (asset_alpha.inc.glsl: the card's alpha test at the level its uv's constant gradient gives, the impostor's empty
// texels, the screen door that moves each frame); the rest take the pipeline's depth bias (constant -1, slope
// -1.5: the plane's steepest depth change a texel, and one unit of the float depth's precision at the triangle's
// largest depth) and one atomicMax of the depth's bits (reverse-Z: the largest is nearest the sun) into the
// casters' buffer, beside the blades' (shadow_raster.comp.glsl); the lighting takes the nearer of it and the
// terrain's.
// Reads: frame, the near view, assets, vertices, indices, textures, leaf noise, its drawn list and draws. Writes:
// the casters' depth.
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#define SW_ASSET_DRAWN_BINDING SW_SHADOW_ASSET_DRAWN
#define SW_ASSET_ALPHA_COMPUTE 1
#define SW_DITHER_COMPUTE 1
#include "asset_vertex.inc.glsl"
#include "asset_alpha.inc.glsl"
#include "shared/sw_raster.h"

layout(local_size_x = 64) in;  // GROUP

layout(std430, set = SW_SET_SCENE, binding = SW_BIND_ASSET_INDICES) readonly buffer IndexBuf { uint asset_indices[]; };
layout(std430, set = SW_SET_PASS, binding = SW_SHADOW_ASSET_DRAWS) readonly buffer DrawBuf { sw_asset_draw draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_SHADOW_CASTERS) buffer CasterBuf { uint casters[]; };

// the triangle's: what the alpha test and the screen door take, its depth bias
uint g_card, g_door, g_shift, g_impostor;
float g_lod, g_bias;

void raster_fragment(int x, int y, float z, vec2 uv)
{
    if (sw_asset_cut_at(uv, g_card, g_door, uvec2(x, y), g_shift, g_impostor, g_lod)) return;
    z += g_bias;
    if (!(z > 0.0 && z <= 1.0)) return;
    atomicMax(casters[uint(y) * VIEW.width + uint(x)], floatBitsToUint(z)); // no read first: see raster.comp.glsl
}

#include "raster_triangle.inc.glsl"

// The point in the view's texels (x, y) and depth (z).
vec3 to_texels(vec3 world)
{
    vec4 c = sw_mat4(VIEW.view_proj) * vec4(world, 1.0);
    vec3 n = c.xyz / c.w;
    return vec3((n.xy * 0.5 + 0.5) * vec2(float(VIEW.width), float(VIEW.height)), n.z);
}

#define GROUP 64u
shared vec3 s_vert[GROUP * 3u]; // the batch's triangles: x, y in texels, depth
shared vec2 s_uv[GROUP * 3u];
shared vec4 s_cut[GROUP];       // per triangle: card, door (bits), the level, the depth bias
shared uint s_scan[GROUP];      // inclusive prefix of the triangles' rows
#include "raster_rows.inc.glsl"

// One instance (drawn-list slot `inst`) of the run `dr`.
void cast_instance(sw_asset_draw dr, uint inst)
{
    uint lid = gl_LocalInvocationIndex;
    uint triangles = dr.index_count / 3u;
    int W = int(VIEW.width), H = int(VIEW.height);
    // the level's triangles in batches of GROUP: one thread per triangle sets it up (1), then the batch's texel
    // rows are shared out, one thread per row (2), as raster_blades.inc.glsl shares a batch of blades' rows: a
    // flower's petal is a few rows, a leaf card near the sun dozens
    for (uint base = 0u; base < triangles; base += GROUP) {
        uint tri = base + lid, rows = 0u;
        if (tri < triangles) {
            uint first = dr.first_index + 3u * tri;
            sw_asset_point p0 = sw_asset_point_of(inst, uint(int(asset_indices[first]) + dr.vertex_offset));
            sw_asset_point p1 = sw_asset_point_of(inst, uint(int(asset_indices[first + 1u]) + dr.vertex_offset));
            sw_asset_point p2 = sw_asset_point_of(inst, uint(int(asset_indices[first + 2u]) + dr.vertex_offset));
            vec3 a = to_texels(p0.world), b = to_texels(p1.world), c = to_texels(p2.world);
            // the plane's gradients per texel: of uv (the texture set's level) and of the depth (the slope bias)
            vec2 e1 = b.xy - a.xy, e2 = c.xy - a.xy;
            float det = e1.x * e2.y - e1.y * e2.x;
            // else seen edge-on (no texel centre inside), or a billboard card the shadow views do not draw
            if (abs(det) > 1e-12 && !p0.hidden) {
                mat2 inv = mat2(e2.y, -e1.y, -e2.x, e1.x) / det; // texels -> (edge 1, edge 2) coordinates
                vec2 w_dx = inv * vec2(1.0, 0.0), w_dy = inv * vec2(0.0, 1.0);
                vec2 duv1 = p1.uv - p0.uv, duv2 = p2.uv - p0.uv;
                float lod = sw_texset_lod_of(duv1 * w_dx.x + duv2 * w_dx.y, duv1 * w_dy.x + duv2 * w_dy.y);
                float dz1 = b.z - a.z, dz2 = c.z - a.z;
                float slope = max(abs(dz1 * w_dx.x + dz2 * w_dx.y), abs(dz1 * w_dy.x + dz2 * w_dy.y));
                float zmax = max(a.z, max(b.z, c.z));
                float unit = zmax > 0.0 ? exp2(float(int((floatBitsToUint(zmax) >> 23) & 255u) - 127 - 23)) : 0.0;
                // render_asset_shadow_pipeline's depth_bias_slope and _constant; the provoking (first) vertex's
                // flat values, as the fragment shader gets them
                s_cut[lid] = vec4(uintBitsToFloat(p0.card), uintBitsToFloat(p0.door), lod, -1.5 * slope - 1.0 * unit);
                s_vert[lid * 3u] = a, s_vert[lid * 3u + 1u] = b, s_vert[lid * 3u + 2u] = c;
                s_uv[lid * 3u] = p0.uv, s_uv[lid * 3u + 1u] = p1.uv, s_uv[lid * 3u + 2u] = p2.uv;
                rows = uint(sw_tri_rows(a, b, c, W, H));
            }
        }
        s_scan[lid] = rows;
        sw_rows_scan(lid);
        uint all_rows = s_scan[GROUP - 1u];
        for (uint r = lid; r < all_rows; r += GROUP) {
            uint j = sw_rows_item(r), in_tri = r - (j > 0u ? s_scan[j - 1u] : 0u);
            vec4 cut = s_cut[j];
            g_card = floatBitsToUint(cut.x);
            g_door = floatBitsToUint(cut.y);
            g_lod = cut.z;
            g_bias = cut.w;
            sw_tri t = sw_tri_setup(s_vert[j * 3u], s_vert[j * 3u + 1u], s_vert[j * 3u + 2u], s_uv[j * 3u],
                                    s_uv[j * 3u + 1u], s_uv[j * 3u + 2u], W, H);
            sw_tri_row(t, t.box.y + int(in_tri));
        }
        barrier(); // the batch's shared arrays are read before the next one overwrites them
    }
}

void main()
{
    uint asset = gl_WorkGroupID.z;
    if ((pc.level & (1u << asset)) == 0u) return;
    sw_asset_draw dr = draws[asset * SW_ASSET_MAX_LODS + assets[asset].shadow_near_lod];
    g_shift = sw_door_shift();
    g_impostor = assets[asset].impostor_offset;
    // the culling filled the run's first slots: the workgroups take them in turn (as many workgroups as the run
    // has room for, at most shadow_raster.c's SHADOW_ASSET_GROUPS)
    uint count = min(dr.instance_count, dr.capacity), groups = gl_NumWorkGroups.x * gl_NumWorkGroups.y;
    for (uint slot = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x; slot < count; slot += groups)
        cast_instance(dr, dr.first_instance + slot);
}
