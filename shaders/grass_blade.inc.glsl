// grass_blade.inc.glsl — one vertex of a blade, from vertex id and instance id, no vertex streams (SPEC GA1,
// GA2, GA4, GA5, GA8, SC5, SC6; Ghost of Tsushima "Procedural blade geometry", "Bezier shape and wind
// motion"; HZD vegetation motion; Frictional "Undergrowth" wind and ForceFields). Shared by every pass that
// draws blades (the depth prime, the G-buffer pass, the shadow casters): the same code computes the same
// position (gl_Position is declared precise), so the G-buffer pass's depth test EQUAL meets the prime's
// depth exactly.
// Reads: frame, the view, materials, the view's survivors. No instancing: a tile's draw covers its blades'
// vertices, vertex id = blade * vertices per instance + vertex in the instance, and gl_InstanceIndex
// (first_instance) carries the LOD (bit 0: low) and the blades per instance (bit 1: two). Tiny instances
// (7 vertices) fill a fraction of a 32-wide vertex warp; pulling vertices this way fills them all.
// Distances (LOD, fade, widening) are measured from the view's cam_x/y/z: for a shadow cascade that is the
// camera's position, so casters match what the camera sees.
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_place.h"
#include "shared/sw_blade_shape.h"
#include "shared/sw_wind.h"
#include "common.inc.glsl"

// The view's survivors (cull.comp.glsl), in the order of the draw arguments (draw_args.comp.glsl).
layout(std430, set = SW_SET_PASS, binding = SW_GRASS_SURVIVORS) readonly buffer BladeBuf { sw_blade blades[]; };

// precise: no fused multiply-adds in what computes the position, so every pass that includes this file computes
// bit-identical depths whatever else it computes (the G-buffer pass tests EQUAL against the depth prime).
// Vertex shaders define SW_BLADE_VERTEX_STAGE before including this file.
#ifdef SW_BLADE_VERTEX_STAGE
precise gl_Position;
#endif

#ifndef SW_WIDEN_LOOK_DOWN
#define SW_WIDEN_LOOK_DOWN 10.0 // GA2: widening per unit of the sine of the eye's look-down angle
#endif
#define SW_WIDEN_SPACING 0.6   // GA2: the look-down widening stops at this fraction of the grid spacing

struct blade_vertex {
    sw_blade b;
    sw_material m;
    vec3 world;    // m
    vec3 normal;   // of the blade's front side, tilted outward across the blade (GA2)
    vec3 cam;      // the view's eye
    float t;       // 0 at the root, 1 at the tip
    float side;    // -1..1 across the blade
    float fade;    // SC5 dither coverage of the blade, 0..1
    float dist;    // m from the eye to the root
    float near_d;  // m, where the type's near look ends (sw_near_distance)
    float hash;    // 0..1, the blade's variation hash
    float head_t0; // where a flower head starts along the blade (1: none)
    bool in_head;
};

// Width profile along the blade: the taper, widened over a flower head.
float profile(float t, float head_t0)
{
    return sw_blade_taper(t) * (head_t0 < 1.0 ? 1.0 + 1.2 * smoothstep(head_t0 - 0.1, head_t0, t) : 1.0);
}

// The point (t along, side across) of blade `sub` (0, or 1: the second blade of a two-blade instance) of
// instance b, drawn with the 7-vertex blade (`low`) or the 15-vertex one: the vertex shaders' vertices and the
// compute rasteriser's (raster.comp.glsl: the vertices; resolve.comp.glsl: the surface at a pixel's stored t
// and side) are the same function of the same numbers.
// Whether the point at t is in a flower head that starts at head_t0 (1: none): the last row before the tip.
bool blade_in_head(float head_t0, float t)
{
    return head_t0 < 1.0 && t >= head_t0 - 0.16 && t < 1.0;
}

// What a blade's points share (blade_shape_of), computed once per blade by the compute rasteriser and once per
// vertex by the vertex shaders: the same expressions either way.
struct blade_shape {
    sw_blade b;
    sw_material m;
    sw_bezier c;     // the spine
    vec3 root, cam, across;
    float fade, dist, near_d, hash, morph, height, amp, gust, head_t0, widen, width;
    float time;      // s: the wind's clock (the frame's, or the previous frame's)
};

// prev: the blade as the previous frame drew it (SH2 motion vectors): its wind push and facing then (sw_blade.prev,
// from cull.comp.glsl), the clock at sw_frame.prev_time and the force fields then; its LOD, fades and widening are
// this frame's (they follow the camera, whose own motion prev_view_proj carries).
blade_shape blade_shape_at(sw_blade b, bool low, uint sub, bool prev)
{
    uint mi = sw_blade_material(b);
    sw_material m = materials[mi];
    bool no_fade = (frame.flags & (SW_FLAG_NO_LOD_FADE | SW_FLAG_NO_CULL)) != 0u;
    float draw_d = sw_type_draw_distance(m.draw_distance, frame.draw_distance);
    float lod_d = m.lod_distance > 0.0 ? m.lod_distance : frame.lod_distance;

    vec3 root = vec3(b.x, b.y, b.z);
    vec3 cam = vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z);
    float dist = length(root - cam);
    uint h16 = b.facing_hash >> 16u;
    float hash = float(h16) * (1.0 / 65536.0);

    // SC5: the same fade the culling cut at (shaders/shared/sw_wind.h): thinning and the draw-distance edge.
    // SW_FLAG_NO_FADE and SW_FLAG_NO_MORPH (tests) turn off the fade or the morph alone: hard cuts, hard switches.
    bool no_dither = no_fade || (frame.flags & SW_FLAG_NO_FADE) != 0u;
    bool no_morph = no_fade || (frame.flags & SW_FLAG_NO_MORPH) != 0u;
    float thin_d = frame.thin_distance;
    float fade = no_dither ? 1.0 : sw_blade_fade(dist, draw_d, thin_d, sw_thin_threshold(sw_blade_level(b), sw_thin_hash(h16)));
    // SC6: the 15-vertex blade slides onto the 7-vertex shape before the switch (the low one is that shape).
    float morph = (no_morph || low) ? 0.0 : sw_lod_morph(dist, lod_d);
    // GA8: animation scaled down and blades pushed down (shorter, leaning more) with distance, up to where the
    // near look ends (sw_near_distance): beyond it the thinned blades keep the far look.
    float near_d = sw_near_distance(draw_d, thin_d);
    float far_k = smoothstep(0.3 * near_d, near_d, dist);
    float amp = sw_distance_scale(dist, near_d, 0.35);

    float time = prev ? frame.prev_time : frame.time;
    float a = prev ? float(b.prev >> 16u) * (SW_TAU / 65536.0) : sw_blade_facing(b);
    float height = sw_blade_height(b) * (1.0 - 0.18 * far_k);
    float width = sw_blade_width(b);
    float lean = min(sw_blade_bend(b) + 0.15 * far_k, 1.0);
    if (sub == 1u) {
        // Short grass: the second blade of an instance, turned and moved by the blade's hash (GA1).
        uint h = sw_pcg(b.facing_hash);
        uint h2 = sw_pcg(h);
        a += 1.6 + 3.0 * sw_unit(h);
        float oa = SW_TAU * sw_unit(h2);
        float r = (0.25 + 0.25 * sw_unit(sw_pcg(h2))) * m.spacing;
        root += vec3(cos(oa) * r, 0.0, sin(oa) * r);
        height *= 0.7 + 0.3 * sw_unit(h2 >> 3u);
    }
    uint pw = prev ? b.prev : b.shape >> 8u; // the push's snorm8 pair
    vec2 push = vec2(sw_snorm8_decode(pw), sw_snorm8_decode(pw >> 8u));

    // GA4: the facing was bent toward the wind by the compute pass (sw_make_blade).
    float pl = length(push);
    vec2 f = vec2(cos(a), sin(a));

    // Hash-offset sine bobbing (GA4): each blade sways around its wind-pushed pose with its own phase and
    // rate, more when the wind is stronger.
    vec2 wdir = vec2(frame.wind_x, frame.wind_z);
    float bob = sin(time * (2.1 + 1.3 * hash) + hash * SW_TAU) * (0.04 + 0.25 * pl);
    vec2 sway = wdir * bob;
    float gust = clamp(frame.wind_speed / 6.0, 0.2, 1.5) * (1.0 - 0.5 * m.stiffness);
    if (m.wind_model == SW_WIND_HZD) {
        // HZD large-scale motion of the blade, x = 2 sin(c + t) + 1 along the wind and y = sin(2 (c + t)) + 0.5
        // across it (c = sum of the root's coordinates; SPEC GA4, offsets included: the blade sways about a lean
        // downwind), as a push of the tip of 0.05 x gust of the height per unit.
        sw_w2 lg = sw_hzd_large(root.x, root.y, root.z, time);
        sway += (wdir * lg.x + vec2(-wdir.y, wdir.x) * lg.y) * (0.05 * gust);
    }
    push += sway * amp;

    // GA5 force fields: Frictional's push at the root, moving the tip by up to the field's strength in metres
    // (the Bezier carries it proportionally along the blade); the blade's hash is the random seed.
    vec2 ff = vec2(0.0);
    for (int i = 0; i < frame.force_count; i++) {
        int o = i * 8;
        sw_w2 p = sw_force_push(root.x, root.z, frame.forces[o + (prev ? SW_FORCE_PREV_X : SW_FORCE_X)],
                                frame.forces[o + (prev ? SW_FORCE_PREV_Z : SW_FORCE_Z)], frame.forces[o + SW_FORCE_RADIUS],
                                frame.forces[o + SW_FORCE_STRENGTH], time,
                                frame.forces[o + (prev ? SW_FORCE_PREV_CLOCK : SW_FORCE_CLOCK)], hash);
        ff += vec2(p.x, p.y);
    }
    push += ff / max(height, 0.05);

    sw_bezier c = sw_blade_curve(height, lean, f.x, f.y, push.x, push.y);
    vec3 across = vec3(-f.y, 0.0, f.x);
    // Flower head (SH7): the top head_size metres of the blade.
    float head_t0 = m.head_size > 0.0 ? max(1.0 - m.head_size / max(height, 1e-3), 0.0) : 1.0;
    // GA2: blades widened in view space, more when seen edge-on and with distance, so far fields look full.
    vec3 to_cam = cam - root;
    vec2 vh = normalize(to_cam.xz + vec2(1e-6, 0.0));
    float edge_on = 1.0 - abs(dot(vh, f));
    // Seen from above (near the camera) the ground shows between blades: widen by the sine of the angle the
    // eye looks down at the blade, so the field reads full where the eye sees most of the ground; at most to
    // SW_WIDEN_SPACING of the grid spacing (sparse or already wide blades stay as they are).
    float look_down = clamp(to_cam.y / max(dist, 1e-3), 0.0, 0.6); // capped: from high above, blades stay blades
    float look = max(min(1.0 + SW_WIDEN_LOOK_DOWN * look_down, SW_WIDEN_SPACING * m.spacing / max(width, 1e-4)), 1.0);
    blade_shape o;
    o.b = b;
    o.m = m;
    o.c = c;
    o.root = root;
    o.cam = cam;
    o.across = across;
    o.fade = fade;
    o.dist = dist;
    o.near_d = near_d;
    o.hash = hash;
    o.morph = morph;
    o.height = height;
    o.amp = amp;
    o.gust = gust;
    o.head_t0 = head_t0;
    o.widen = (1.0 + 0.35 * edge_on) * (1.0 + 1.5 * smoothstep(0.1 * near_d, near_d, dist)) * look;
    o.width = width;
    o.time = time;
    return o;
}

blade_shape blade_shape_of(sw_blade b, bool low, uint sub)
{
    return blade_shape_at(b, low, sub, false);
}

// The point (t along, side across) of a blade.
blade_vertex blade_point(blade_shape sh, float t, float side)
{
    sw_bezier c = sh.c;
    sw_material m = sh.m;
    float morph = sh.morph, head_t0 = sh.head_t0, widen = sh.widen, width = sh.width;
    vec3 root = sh.root, across = sh.across;
    sw_v3 p = sw_bezier_pos_morph(c, t, morph);
    sw_v3 d = sw_bezier_tangent(c, t);
    vec3 tangent = normalize(vec3(d.x, d.y, d.z) + vec3(0.0, 1e-6, 0.0));
    vec3 normal = normalize(cross(across, tangent));
    // GA2: normals tilted outward across the blade, so it shades as if rounded.
    normal = normalize(normal + across * side * 0.35);

    float t0 = sw_low_knot(t);
    float prof = mix(profile(t, head_t0), mix(profile(t0, head_t0), profile(t0 + 1.0 / 3.0, head_t0), sw_low_weight(t)), morph);
    float half_w = 0.5 * width * widen * prof;
    // A flower head is a blob about head_size across on the last row before the tip, whatever the blade's own
    // width, so heads read as flowers and not as a coloured tip.
    bool in_head = blade_in_head(head_t0, t);
    if (in_head) half_w = max(half_w, 0.5 * m.head_size * widen);
    precise vec3 world = root + vec3(p.x, p.y, p.z) + across * (side * half_w);
    if (m.wind_model == SW_WIND_FRICTIONAL) {
        // Frictional fbm of sines with prime multipliers, evaluated at each point of the blade (it ripples, not
        // only sways), weighted by height: t^2 of the blade's height (the root stays).
        sw_w2 o = sw_frictional(world.x, world.z, 0.35, sh.time * 1.6);
        world += vec3(o.x, 0.0, o.y) * (0.12 * sh.gust * sh.amp * sh.height * t * t);
    }
    if (m.wind_model == SW_WIND_HZD) {
        // HZD small-scale motion along the normal, weighted by height. The seed's "* (1, 1, 0.35)" damps its
        // object space's z, which is up in Decima: y here (not z, a horizontal axis).
        float s = sw_hzd_small(world.x, world.y, world.z, sh.time) * t * min(sh.height, 1.0) * sh.amp * sh.gust;
        world += normal * vec3(1.0, 0.35, 1.0) * s;
    }
    if ((m.flags & SW_MAT_CAMERA_TILT) != 0u) {
        // GA8: HZD's camera-based tilting (any wind model's, grass[i].camera_tilt), by the camera's view (views[0])
        // in every pass, so the shadows match
        sw_w3 tilt = sw_camera_tilt(views[0].fwd_x, views[0].fwd_y, views[0].fwd_z, p.y);
        world += vec3(tilt.x, tilt.y, tilt.z);
    }
    blade_vertex o;
    o.b = sh.b;
    o.m = m;
    o.world = world;
    o.normal = normal;
    o.cam = sh.cam;
    o.t = t;
    o.side = side;
    o.fade = sh.fade;
    o.dist = sh.dist;
    o.near_d = sh.near_d;
    o.hash = sh.hash;
    o.head_t0 = head_t0;
    o.in_head = in_head;
    return o;
}

blade_vertex blade_vertex_at(sw_blade b, bool low, uint sub, float t, float side)
{
    return blade_point(blade_shape_of(b, low, sub), t, side);
}

// SH2: where the point (t, side) of the blade was in the previous frame (the same point of the same blade: its
// motion is this position's to that one's), or this frame's position where the objects have no motion of their
// own (nothing moved since, or SW_FLAG_NO_MOTION).
vec3 blade_prev_world(sw_blade b, bool low, uint sub, float t, float side, vec3 now)
{
    if ((frame.flags & (SW_FLAG_MOTION | SW_FLAG_NO_MOTION)) != SW_FLAG_MOTION) return now;
    return blade_point(blade_shape_at(b, low, sub, true), t, side).world;
}



#ifdef SW_BLADE_VERTEX_STAGE
// The vertex shaders' vertex: blade, LOD and point from the vertex id and first_instance (see the top).
struct blade_vertex_id {
    sw_blade b;
    bool low;
    uint sub;
    float t, side;
};

blade_vertex_id blade_vertex_id_build()
{
    blade_vertex_id id;
    id.low = (gl_InstanceIndex & 1) != 0;
    uint per_instance = (gl_InstanceIndex & 2) != 0 ? 2u : 1u;
    uint verts = id.low ? SW_LOW_VERTS : SW_HIGH_VERTS;
    uint vid = uint(gl_VertexIndex);
    uint inst_verts = verts * per_instance;
    id.sub = (vid % inst_verts) / verts; // which blade of a two-blade instance
    uint v = vid % verts;
    uint segments = (verts - 1u) / 2u;
    id.b = blades[vid / inst_verts];
    id.t = sw_strip_t(v, segments);
    id.side = sw_strip_side(v, segments);
    return id;
}

blade_vertex blade_vertex_build()
{
    blade_vertex_id id = blade_vertex_id_build();
    blade_vertex o = blade_vertex_at(id.b, id.low, id.sub, id.t, id.side);
    gl_Position = sw_mat4(VIEW.view_proj) * vec4(o.world, 1.0);
    return o;
}

// ... and its clip position in the previous frame (SH2 motion vectors: the G-buffer pass)
blade_vertex blade_vertex_build_moving(out vec4 prev_clip)
{
    blade_vertex_id id = blade_vertex_id_build();
    blade_vertex o = blade_vertex_at(id.b, id.low, id.sub, id.t, id.side);
    gl_Position = sw_mat4(VIEW.view_proj) * vec4(o.world, 1.0);
    prev_clip = sw_mat4(VIEW.prev_view_proj) * vec4(blade_prev_world(id.b, id.low, id.sub, id.t, id.side, o.world), 1.0);
    return o;
}
#endif
