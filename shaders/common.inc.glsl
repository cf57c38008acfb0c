// common.inc.glsl — the scene set (set 0) every sward shader sees, and the push constants. Binding numbers
// come from shared/sw_bindings.h, which the C side builds its layouts from (src/render/graph.c).
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_types.h"
#include "shared/sw_bindings.h"
#include "shared/sw_ring.h"
#include "shared/sw_dither.h"
#include "shared/sw_world.h"
#include "shared/sw_canopy.h"

layout(std430, set = SW_SET_SCENE, binding = SW_BIND_FRAME) readonly buffer FrameBuf { sw_frame frame; };
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_VIEWS) readonly buffer ViewBuf { sw_view views[]; };
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_MATERIALS) readonly buffer MaterialBuf { sw_material materials[]; };
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_HEIGHTS) readonly buffer HeightBuf { float heights[]; };
// PL1 world maps, frame.map_res texels per side over the terrain square (world_terrain in src/world/world.h):
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_TYPE_MAP) readonly buffer TypeMap { uint type_words[]; }; // 4 texels a word, low byte first
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_GRASS_HEIGHT) readonly buffer GrassHeightMap { float grass_height[]; }; // 0..1, 0 = none
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_LAYER_MAP) readonly buffer LayerMap { uint layer_words[]; }; // PL10 top layer, as the types
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_CANOPY) readonly buffer CanopyMap { uint canopy_words[]; }; // PL11 canopy codes, as the types (resident worlds only)

layout(push_constant) uniform PushBlock { sw_push pc; };

// The view this pass works for (the camera; later also each shadow cascade). Graphics pipelines are
// specialised to their view (constant_id 0: a constant index, folded by the compiler, measured 0.5-1 % faster
// for the grass and terrain passes on the H200 than the push constant); compute passes take the push constant,
// one pipeline for every view.
layout(constant_id = 0) const uint SW_VIEW_SPEC = 0xffffffffu;
#define VIEW views[SW_VIEW_SPEC != 0xffffffffu ? SW_VIEW_SPEC : pc.view]

// The world's samples through the window (shared/sw_ring.h): global indices, clamped to the window's edge.
// A resident world's window is the whole map, where the index maps to itself.
float sw_height(int i, int j) { return heights[sw_ring_index(i, j, frame.hf_ring, frame.hf_i0, frame.hf_j0)]; }
float sw_grass_height(int i, int j) { return grass_height[sw_ring_index(i, j, frame.map_ring, frame.map_i0, frame.map_j0)]; }
uint sw_type_at(int i, int j)
{
    int k = sw_ring_index(i, j, frame.map_ring, frame.map_i0, frame.map_j0);
    return (type_words[k >> 2] >> (8 * (k & 3))) & 255u;
}

// PL10: the top blend layer at a map texel (255: none), whose ground sw_ground_layer_kind gives (SH10, sw_ground.h).
uint sw_layer_at(int i, int j)
{
    int k = sw_ring_index(i, j, frame.map_ring, frame.map_i0, frame.map_j0);
    return (layer_words[k >> 2] >> (8 * (k & 3))) & 255u;
}

// PL11, SH10: the canopy's code at a map texel (shared/sw_canopy.h; only scenes with a canopy read it: it exists
// for resident worlds alone, so the index is the texel's own).
uint sw_canopy_code(int i, int j)
{
    int k = j * frame.map_res + i;
    return (canopy_words[k >> 2] >> (8 * (k & 3))) & 255u;
}

// The signed distance to the nearest crown at (x, z), bilinear (place_canopy_distance).
float sw_canopy_at(float x, float z)
{
    sw_map_coord mc = sw_map_locate(x, z, frame.terrain_x0, frame.terrain_z0, frame.map_inv_cell, frame.map_res);
    return sw_canopy_bilinear(sw_canopy_code(mc.i0, mc.j0), sw_canopy_code(mc.i1, mc.j0), sw_canopy_code(mc.i0, mc.j1),
                              sw_canopy_code(mc.i1, mc.j1), mc.fx, mc.fz);
}

mat4 sw_mat4(float m[16])
{
    return mat4(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10], m[11], m[12], m[13], m[14],
                m[15]);
}

// A colour of sw_frame (float[3]: shared/sw_types.h) as a vec3.
vec3 sw_vec3(float c[3]) { return vec3(c[0], c[1], c[2]); }

// SH2: the motion in pixels of a surface seen at pixel position centre (+ 0.5 at the centres) with depth `depth`
// whose point moved by `moved` (m, world) since the previous frame: where it is now without the jitter minus where
// the history's view saw it (prev_view_proj: the camera's motion). The point is the depth's, so that what stands
// reprojects exactly as TAA reprojects a depth (a resolve's own point of the surface, a blade's key's t and side,
// is off the pixel's centre by its rounding: up to a third of a pixel); `moved` is the difference of that point
// now and then, which the rounding leaves out.
vec2 sw_motion_at(vec2 centre, float depth, vec3 moved)
{
    vec2 size = vec2(float(VIEW.width), float(VIEW.height));
    vec4 w = sw_mat4(VIEW.inv_view_proj) * vec4(centre / size * 2.0 - 1.0, depth, 1.0);
    vec4 prev = sw_mat4(VIEW.prev_view_proj) * vec4(w.xyz / w.w - moved, 1.0);
    return centre - vec2(VIEW.jitter_x, VIEW.jitter_y) - (prev.xy / prev.w * 0.5 + 0.5) * size;
}

vec3 sw_sun_dir() { return vec3(frame.sun_x, frame.sun_y, frame.sun_z); }
// SC5: the screen doors' offset this frame (dither.inc.glsl), one of 16, 8 distinct over TAA's warm-up
uint sw_door_shift() { return sw_door_shift_of(frame.frame_index); }
vec3 sw_sun_radiance() { return sw_vec3(frame.sun_color) * frame.sun_intensity; }

// Hemispherical sky light for a normal: horizon colour sideways, zenith colour above (LS1).
vec3 sw_sky_ambient(vec3 n)
{
    vec3 zen = sw_vec3(frame.zenith);
    vec3 hor = sw_vec3(frame.horizon);
    return mix(hor, zen, clamp(n.y * 0.5 + 0.5, 0.0, 1.0)) * frame.sky_intensity;
}
