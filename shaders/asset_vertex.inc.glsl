// asset_vertex.inc.glsl — a mesh asset's vertex in the world (SPEC AS1, GA6, GA7, GA9, SC5): the drawn instance
// (gl_InstanceIndex: first_instance is the (asset, level)'s run in the view's list) and the packed vertex
// (gl_VertexIndex: the indirect draw's vertex_offset puts it in the level's vertices), scaled, turned by the
// instance's yaw and moved by the wind from its baked data:
//   trees (HZD "Vertex Program: Trees", three levels of motion, the wind sampled once at the object's centre by
//     the culling, GA3's field, sw_drawn.wind):
//     the trunk bends with the height of the vertex (less for a rigid tree), the branches bend, sway and lift
//     by their distance to the trunk, the leaves flutter by their distance to the branch, from the 16^3 3D
//     noise scrolled at a speed and scaled by an amount that follow the wind's magnitude;
//   plants (HZD "Vertex Program: Plants"): no bend; the parts lean with the wind through the soft clamp
//     f(x) = x (a + 1) / (x + a) and sway about their pivots;
//   flowers (003 "pivot-based animation"): each part turns about its pivot by an angle weighted by the 0..1
//     root-to-tip gradient, stateless;
//   rocks: none.
// Defines: SW_ASSET_NO_ANIMATION (the mid cascade's casters, LS3); SW_ASSET_DRAWN_BINDING (the drawn list's
// binding in set 1, SW_ASSET_DRAWN unless the includer has another there).
#include "common.inc.glsl"
#include "assets.inc.glsl"
#include "shared/sw_wind.h"

#ifndef SW_ASSET_DRAWN_BINDING
#define SW_ASSET_DRAWN_BINDING SW_ASSET_DRAWN
#endif
layout(std430, set = SW_SET_PASS, binding = SW_ASSET_DRAWN_BINDING) readonly buffer DrawnBuf { sw_drawn drawn[]; };

struct sw_asset_point {
    vec3 world;
    vec3 normal;  // world space, unit
    vec2 uv;
    uint surface; // ASSET_SURFACE_* (src/assets/assets.h): 0 bark, 1 leaf, 2 petal
    float ao;
    uint asset;
    uint door;    // the screen door's [lo, hi) (sw_drawn.door); a fading billboard's narrowed (AS3)
    uint card;    // asset_alpha.inc.glsl: surface, bit 2 a billboard card, bit 3 a tree's canopy card (SH3), bits 8-15
                  // the billboard's cards
    float yaw;    // rad: the instance's turn (the impostor's object-space normals follow it)
    float colorize; // SH4: the instance's colorize value, 0..1 (0.5: the colour unchanged)
    bool hidden;  // a billboard card a shadow view does not draw (its vertex goes outside the view)
};

vec3 sw_asset_decode_normal(uint packed)
{
    vec2 e = vec2(float(int(packed << 16) >> 16), float(int(packed) >> 16)) / 32767.0;
    // the C side packs (x, z) with y = 1 - |x| - |z|, folded for y < 0 (src/render/assets.c pack_normal)
    vec3 n = vec3(e.x, 1.0 - abs(e.x) - abs(e.y), e.y);
    if (n.y < 0.0) n.xz = (1.0 - abs(n.zx)) * vec2(n.x >= 0.0 ? 1.0 : -1.0, n.z >= 0.0 ? 1.0 : -1.0);
    return normalize(n);
}

// Trilinear, wrapping lookup of the leaves' noise (GA6).
vec3 sw_leaf_noise(vec3 p)
{
    const float n = 16.0;
    vec3 f = fract(p / n) * n;
    ivec3 i0 = ivec3(floor(f)) & 15, i1 = (i0 + 1) & 15;
    vec3 t = f - floor(f);
    vec3 r = vec3(0.0);
    for (int c = 0; c < 8; c++) {
        ivec3 s = ivec3(c & 1, (c >> 1) & 1, (c >> 2) & 1);
        ivec3 q = ivec3(s.x == 1 ? i1.x : i0.x, s.y == 1 ? i1.y : i0.y, s.z == 1 ? i1.z : i0.z);
        vec3 w = mix(1.0 - t, t, vec3(s));
        r += w.x * w.y * w.z * leaf_noise[(q.z * 16 + q.y) * 16 + q.x].xyz;
    }
    return r;
}

// Rotates v about the unit axis k by angle a (Rodrigues).
vec3 sw_rotate(vec3 v, vec3 k, float a)
{
    float c = cos(a), s = sin(a);
    return v * c + cross(k, v) * s + k * dot(k, v) * (1.0 - c);
}

// The wind's displacement of an object-space point (already scaled and turned into world axes, relative to
// the root) for the asset's kind, at time t (s) with the push w.
vec3 sw_asset_animate(sw_asset a, vec3 p, vec3 pivot, sw_asset_vertex v, float scale, uint hash, vec2 w, float t)
{
    float mag = length(w);
    if (mag <= 0.0 || (a.flags & SW_ASSET_NO_WIND) != 0u) return p;
    vec2 dir = w / mag;
    float gradient = float(v.wind & 255u) / 255.0;
    float trunk01 = float((v.wind >> 8) & 255u) / 255.0;
    float leaf01 = float((v.wind >> 16) & 255u) / 255.0;
    float phase = float(v.wind >> 24) / 255.0 * 6.2831853 + float(hash & 1023u) * 0.00614;
    uint level = (v.part >> 8) & 3u;
    float h = max(a.height * scale, 1e-3);
    if (a.kind == SW_ASSET_KIND_TREE) {
        // trunk: a bend about the root growing with the square of the height, less for a rigid tree
        float bend = mag * (1.0 - a.rigidity) * 0.35 * (0.85 + 0.15 * sin(t * 0.9 + phase * 0.1));
        float hy = clamp(p.y / h, 0.0, 1.0);
        vec3 axis = normalize(vec3(dir.y, 0.0, -dir.x)); // turning about it tips +y toward the wind
        vec3 q = sw_rotate(p, axis, bend * hy * hy);
        if (level >= 1u) {
            // branches: bend along the wind, sway across it and lift, by the distance to the trunk
            float k = trunk01 * trunk01 * a.branch_len * scale;
            float sway = sin(t * 1.7 + phase) * (0.35 + mag);
            q += vec3(dir.x, 0.0, dir.y) * (0.25 * mag * k) + vec3(-dir.y, 0.0, dir.x) * (0.08 * sway * k) +
                 vec3(0.0, 0.12 * mag * k, 0.0);
        }
        if (level == 2u) {
            // leaves: the 16^3 noise, scrolled faster and scaled up by the wind's magnitude
            vec3 n = sw_leaf_noise(p * 1.7 + vec3(t * (0.6 + 2.0 * mag)) + vec3(phase));
            q += n * (0.04 + 0.12 * mag) * max(leaf01, 0.15) * a.leaf_len * scale;
        }
        return q;
    }
    if (a.kind == SW_ASSET_KIND_PLANT) {
        // GA7: no bend of the whole plant; each part leans from its pivot, eased by the soft clamp
        float lean = sw_soft_clamp(mag * 2.0, 0.5) * 0.45;
        float sway = 0.06 * sin(t * 2.3 + phase) * (0.3 + mag);
        vec3 arm = p - pivot;
        vec3 axis = normalize(vec3(dir.y, 0.0, -dir.x));
        vec3 q = pivot + sw_rotate(arm, axis, (lean + sway) * gradient);
        if (level == 2u) q += sw_leaf_noise(p * 3.0 + vec3(t * (1.0 + 2.0 * mag) + phase)) * (0.02 + 0.05 * mag) * h * leaf01;
        return q;
    }
    // GA9 (flowers): a stateless turn about the pivot weighted by the root-to-tip gradient
    vec3 axis = normalize(vec3(dir.y, 0.0, -dir.x));
    float angle = (0.6 * mag + 0.12 * sin(t * 2.9 + phase) * (0.4 + mag)) * gradient;
    return pivot + sw_rotate(p - pivot, axis, angle);
}

// The vertices' colour of a surface of the asset (ASSET_SURFACE_*: bark, leaf, petal).
vec3 sw_asset_albedo(sw_asset a, uint surface)
{
    return surface == 0u ? vec3(a.bark_r, a.bark_g, a.bark_b)
         : surface == 2u ? vec3(a.flower_r, a.flower_g, a.flower_b) : vec3(a.leaf_r, a.leaf_g, a.leaf_b);
}

// The instance's turn by its yaw.
mat3 sw_asset_turn(sw_drawn d)
{
    float yaw = float(d.yaw_hash & 0xffffu) / 65535.0 * 6.2831853;
    float c = cos(yaw), s = sin(yaw);
    return mat3(c, 0.0, -s, 0.0, 1.0, 0.0, s, 0.0, c);
}

// The vertex v of the drawn instance d in the world: scaled, turned, moved by the push w at time t (s).
vec3 sw_asset_world(sw_drawn d, sw_asset a, sw_asset_vertex v, vec2 w, float t)
{
    mat3 turn = sw_asset_turn(d);
    vec3 p = turn * (vec3(v.x, v.y, v.z) * d.scale);
#ifndef SW_ASSET_NO_ANIMATION
    vec3 pivot = turn * (vec3(v.px, v.py, v.pz) * d.scale);
    p = sw_asset_animate(a, p, pivot, v, d.scale, (d.yaw_hash >> 16) & 0x1fffu, w, t);
#endif
    return vec3(d.x, d.y, d.z) + p;
}

// SH2: where the vertex of the drawn instance was in the previous frame (its push then, sw_drawn.prev_wind, at
// sw_frame.prev_time), or `now` where the objects have no motion of their own.
vec3 sw_asset_prev_world(uint instance, uint vertex, vec3 now)
{
    if ((frame.flags & (SW_FLAG_MOTION | SW_FLAG_NO_MOTION)) != SW_FLAG_MOTION) return now;
    sw_drawn d = drawn[instance];
    return sw_asset_world(d, assets[d.yaw_hash >> 29u], asset_vertices[vertex], unpackHalf2x16(d.prev_wind),
                          frame.prev_time);
}

sw_asset_point sw_asset_point_of(uint instance, uint vertex)
{
    sw_drawn d = drawn[instance];
    sw_asset_vertex v = asset_vertices[vertex];
    sw_asset_point o;
    o.hidden = false;
    o.asset = d.yaw_hash >> 29u;
    sw_asset a = assets[o.asset];
    float yaw = float(d.yaw_hash & 0xffffu) / 65535.0 * 6.2831853;
    mat3 turn = sw_asset_turn(d);
    o.world = sw_asset_world(d, a, v, unpackHalf2x16(d.wind), frame.time);
    o.normal = normalize(turn * sw_asset_decode_normal(v.normal));
    o.uv = vec2(float(v.uv & 0xffffu), float(v.uv >> 16)) / 65535.0;
    o.surface = (v.part >> 10) & 3u;
    o.ao = float(v.part & 255u) / 255.0;
    o.door = d.door;
    o.yaw = yaw;
    o.colorize = 0.5 + 0.3 * (float((d.yaw_hash >> 16) & 255u) / 255.0 - 0.5);
    bool card = (v.part & (1u << 12)) != 0u;
    o.card = o.surface | (card ? 4u | (((a.flags & SW_ASSET_BILLBOARD) != 0u ? (a.impostor_offset == 0u ? 0u : sw_asset_cards(a)) : 0u) << 8) : 0u);
    // SH3: a tree's leaf cards are its canopy, double-sided by abs(z) of the view-space normal (asset_surface.inc.glsl)
    if (a.kind == SW_ASSET_KIND_TREE && o.surface == 1u && !card) o.card |= 8u;
    if (card) {
        // AS3: each card shows the tree seen along its normal; only the card nearest to facing the eye is drawn
        // (a card seen edge-on shows a sliver of another view and doubles the trunk), handing over to the next
        // card through the screen door over 20 degrees around the half-way angle between them (even cards take
        // the low end of the door, odd ones the high end, so the two of a hand-over fill it between them)
        // A shadow view draws the one card nearest to facing the sun, whole: it shows the tree seen from the sun's
        // side, which is the shadow's silhouette (the union of every card's is wider, and each card more is a
        // whole crown of fill: 1,037 trees' three cards were 1.3 ms of scenes/forest_edge.json's mid cascade on
        // the H200); the others' vertices leave the view (the choice is the same for a card's every vertex: its
        // normal and the sun), so they cost no fill, and no screen door leaves holes in the shadow.
        bool shadow = (VIEW.flags & SW_VIEW_SHADOW) != 0u;
        vec2 to_eye = shadow ? vec2(frame.sun_x, frame.sun_z) : vec2(VIEW.cam_x, VIEW.cam_z) - o.world.xz;
        float cards = float(sw_asset_cards(a));
        float delta = degrees(acos(clamp(abs(dot(normalize(o.normal.xz), normalize(to_eye + vec2(1e-6)))), 0.0, 1.0)));
        float half_step = 90.0 / cards;
        o.hidden = shadow && delta > half_step;
        float keep = shadow ? 1.0 : 1.0 - smoothstep(half_step - 10.0, half_step + 10.0, delta);
        bool odd = (((v.part >> 16) & 0xffffu) & 1u) != 0u;
        float lo = float(o.door & 0xffffu) / 65535.0, hi = float(o.door >> 16) / 65535.0;
        float a0 = odd ? hi - (hi - lo) * keep : lo, a1 = odd ? hi : lo + (hi - lo) * keep;
        o.door = uint(clamp(a0, 0.0, 1.0) * 65535.0 + 0.5) | (uint(clamp(a1, 0.0, 1.0) * 65535.0 + 0.5) << 16);
    }
    if (card && (v.part & (1u << 13)) != 0u) {
        // AS3 (HZD "low shader + fading in billboard"): over the level that has both, the billboard's share of the
        // screen door grows from 0 where the level starts to all of it where the billboard alone takes over
        uint bf = a.billboard_from;
        float dist = max(distance(vec3(d.x, d.y, d.z), vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z)), 1e-3);
        float px = a.height * d.scale * VIEW.px_scale / dist;
        float top = sw_asset_lod_px(a, bf - 1u), bottom = sw_asset_lod_px(a, bf);
        float t = clamp((top - px) / max(top - bottom, 1e-3), 0.0, 1.0);
        float lo = float(o.door & 0xffffu) / 65535.0, hi = float(o.door >> 16) / 65535.0;
        o.door = (o.door & 0xffffu) | (uint(clamp(lo + (hi - lo) * t, 0.0, 1.0) * 65535.0 + 0.5) << 16);
    }
    return o;
}
