// asset_cull.comp.glsl — culling of mesh-asset instances for one view, one workgroup per cluster (SPEC SC4, SC5,
// AS2, LS3): the cluster's bounds against the view's frustum and the asset's draw distance first; then of its
// instances, stored in random order, the first n are kept with n falling with distance (an even thinning, the
// last ones fading out through the screen door), each tested against the frustum by its bounding sphere and
// given its level by the pixels it projects to (a cross-fade band draws it with both levels, complementary
// screen doors). Shadow views take LS3's casters: the near cascade one level (alpha-tested, animated), the mid
// cascade the last mesh level (drawn without alpha test or animation). Survivors are appended to the view's run
// of their (asset, level), whose instance count is the indirect draw's.
// The camera's instances are also tested against the ground's Hi-Z (SC3: in sward's own frame, where
// this runs before the blades' culling and the instances drawn are the blades' occluders), and in two phases
// against the previous frame's pyramid of the ground and the assets (SW_VIEW_HIZ_HISTORY, seen through the
// previous frame's view_proj): phase 1 (push level 0) draws what that pyramid does not hide and defers the rest
// (the ground's own pyramid is then not made: the history holds the ground too);
// phase 2 (push level 1, asset_cull_late, after this frame's pyramid holds the ground and phase 1's assets; a
// thread per deferred instance of phase 1's list) draws those this frame's pyramid does not hide, appended to
// the same runs. Nothing visible is lost: what phase 2 drops is behind this frame's
// own occluders.
// Reads: frame, views, assets, clusters (the frame's, and their slots' records), instances, the view's Hi-Z (and the history). Writes: drawn instances,
// draw counts, counters.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "assets.inc.glsl"
#include "wind_field.inc.glsl"
#define SW_HIZ_BINDING SW_ACULL_HIZ
#define SW_HIZ_HISTORY_BINDING SW_ACULL_HIZ_HISTORY
#include "occlusion.inc.glsl"

layout(local_size_x = 256) in;

layout(std430, set = SW_SET_PASS, binding = SW_ACULL_CLUSTERS) readonly buffer ClusterBuf { sw_cluster clusters[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ACULL_INSTANCES) readonly buffer InstanceBuf { sw_instance instances[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ACULL_DRAWN) writeonly buffer DrawnBuf { sw_drawn drawn[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ACULL_DRAWS) buffer DrawsBuf { sw_asset_draw draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ACULL_STATS) buffer StatsBuf { sw_cull_stats stats[]; };

// The frame's cluster ci: its slot's record (SC1: the cluster cache's slots lead the buffer, written when the
// cluster was placed, this frame or an earlier one), with its count and ground heights.
sw_cluster cluster_of(uint ci)
{
    return clusters[clusters[frame.cluster_first + ci].slot];
}

shared bool s_visible;
shared uint s_drawn;
shared uint s_occluded;
shared uint s_deferred;
shared uint s_late;

vec4 plane(uint p)
{
    return vec4(VIEW.frustum[p * 4u], VIEW.frustum[p * 4u + 1u], VIEW.frustum[p * 4u + 2u], VIEW.frustum[p * 4u + 3u]);
}

bool sphere_in_frustum(vec3 c, float r)
{
    for (uint p = 0u; p < 6u; p++)
        if (dot(plane(p).xyz, c) + plane(p).w < -r) return false;
    return true;
}

bool box_in_frustum(vec3 lo, vec3 hi)
{
    for (uint p = 0u; p < 6u; p++) {
        vec4 pl = plane(p);
        vec3 far_corner = mix(lo, hi, step(vec3(0.0), pl.xyz)); // the corner farthest along the plane's normal
        if (dot(pl.xyz, far_corner) + pl.w < 0.0) return false;
    }
    return true;
}

uint unorm16(float v) { return uint(clamp(v, 0.0, 1.0) * 65535.0 + 0.5); }

// GA3: the wind at the object's centre from the simulated field, its spring category's displacement as a push
// (a fraction of the height, < 1) for the category's stiffness: once per instance, the vertices read it.
// prev: the previous frame's field (SH2 motion vectors; this frame's without motion).
vec2 sw_asset_wind(uint category, vec2 xz, bool prev)
{
    if (category >= SW_WIND_CAT_NONE) return vec2(0.0);
    return sw_field_push(sw_field_sample_at(category, xz, prev), sw_wind_category_stiffness(category));
}

// wind: x, z of the push now, then the previous frame's
void emit(uint asset, uint level, sw_instance inst, float lo, float hi, vec4 wind)
{
    uint d = asset * SW_ASSET_MAX_LODS + level;
    uint idx = atomicAdd(draws[d].instance_count, 1u);
    atomicAdd(draws[d].needed, 1u);
    if (idx >= draws[d].capacity) {
        atomicAdd(draws[d].instance_count, 0xffffffffu); // full: give the slot back (the count ends at capacity)
        return;
    }
    sw_drawn o;
    o.x = inst.x;
    o.y = inst.y;
    o.z = inst.z;
    o.scale = inst.scale;
    o.yaw_hash = (inst.yaw_hash & 0x1fffffffu) | (asset << 29); // the vertex shader's asset
    o.door = unorm16(lo) | (unorm16(hi) << 16);
    o.wind = packHalf2x16(wind.xy);
    o.prev_wind = packHalf2x16(wind.zw);
    drawn[draws[d].first_instance + idx] = o;
    atomicAdd(s_drawn, 1u);
}

// SC3's second phase: the instances phase 1 deferred, (cluster, index in it), with the dispatch's workgroups
// counted as they are appended (one per 256); beyond the list's room an instance is drawn in phase 1.
layout(std430, set = SW_SET_PASS, binding = SW_ACULL_DEFERRED) buffer DeferredBuf {
    uint d_count;
    uint d_groups_x, d_groups_y, d_groups_z; // VkDispatchIndirectCommand of phase 2 (y, z: 1)
    uvec2 d_entries[];
};

bool defer(uint ci, uint i)
{
    uint k = atomicAdd(d_count, 1u);
    if (k >= SW_ASSET_DEFERRED_MAX) return false;
    d_entries[k] = uvec2(ci, i);
    if ((k & 255u) == 0u) atomicAdd(d_groups_x, 1u);
    return true;
}

// Instance i of cluster ci: thinning, frustum, occlusion, level; its draws appended. `late`: phase 2's test of a
// deferred instance (this frame's pyramid), else the view's only or first phase.
void consider(uint ci, sw_cluster cl, sw_asset a, uint i, bool late)
{
    vec3 eye = vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z);
    bool shadow = (VIEW.flags & SW_VIEW_SHADOW) != 0u;
    bool no_fade = (frame.flags & (SW_FLAG_NO_FADE | SW_FLAG_NO_LOD_FADE)) != 0u;
    bool occlusion = !shadow && (VIEW.flags & SW_VIEW_OCCLUSION) != 0u;
    bool history = occlusion && (VIEW.flags & SW_VIEW_HIZ_HISTORY) != 0u;
    sw_instance inst = instances[cl.slot * SW_CLUSTER_CANDIDATES + i];
    vec3 root = vec3(inst.x, inst.y, inst.z);
    float dist = distance(root, eye);
    float fade = sw_asset_fade(i, cl.count, dist, a.draw_distance);
    if (no_fade) fade = dist < a.draw_distance && float(i) + 0.5 < (sw_asset_keep(dist, a.draw_distance) * (1.0 + SW_ASSET_THIN_BAND) - 0.5 * SW_ASSET_THIN_BAND) * float(cl.count) ? 1.0 : 0.0;
    if (fade <= 0.0) return;
    vec3 centre = root + vec3(0.0, a.center_y * inst.scale, 0.0);
    float radius = a.radius * inst.scale;
    if (!sphere_in_frustum(centre, radius)) return;
    // SC3: the camera's instances behind the occluders (SW_VIEW_OCCLUSION only when the frame tests
    // occlusion): the box around the bounding sphere, which holds the swaying mesh. Without a history, one phase
    // against the ground's pyramid (hiz_ground). With one, phase 1 tests the previous frame's pyramid of the
    // ground and the assets alone (no hiz_ground is made) and defers what it hides; phase 2 takes those, against
    // this frame's pyramid of the ground and phase 1's assets.
    if (occlusion) {
        vec3 lo = centre - vec3(radius), hi = centre + vec3(radius);
        if (late || !history) {
            if (sw_box_occluded(lo, hi)) {
                atomicAdd(s_occluded, 1u);
                return;
            }
            if (late) atomicAdd(s_late, 1u);
        } else if (sw_box_occluded_by(sw_mat4(VIEW.hist_view_proj), true, lo, hi) && defer(ci, i)) {
            atomicAdd(s_deferred, 1u);
            return;
        }
    }
    if (shadow) {
        // LS3: the mid cascade's casters are the tall assets at rest (no wind), the near one's animated
        if (pc.view != SW_VIEW_NEAR && (a.flags & SW_ASSET_MID_CASTER) == 0u) return;
        uint level = pc.view == SW_VIEW_NEAR ? a.shadow_near_lod : a.shadow_mid_lod;
        vec4 w = pc.view == SW_VIEW_NEAR ? vec4(sw_asset_wind(a.wind, root.xz, false), 0.0, 0.0) : vec4(0.0);
        emit(cl.asset, level, inst, 0.0, pc.view == SW_VIEW_NEAR ? fade : 1.0, w);
        return;
    }
    // AS2: the level by the pixels the instance spans, a cross-fade band before each switch
    float px = a.height * inst.scale * VIEW.px_scale / max(dist, 1e-3);
    float lf = sw_asset_lod(px, a.lod_px[0], a.lod_px[1], a.lod_px[2], a.lod_px[3], a.lod_px[4], a.lod_px[5],
                            a.lod_count);
    uint level = uint(lf);
    float f = no_fade ? 0.0 : lf - float(level);
    float split = fade * (1.0 - f);
    vec2 now = sw_asset_wind(a.wind, root.xz, false);
    // the camera's instances carry the push of the previous frame too (their motion vectors); none else reads it
    vec4 w = vec4(now, pc.view == SW_VIEW_CAMERA && (frame.flags & SW_FLAG_MOTION) != 0u
                           ? sw_asset_wind(a.wind, root.xz, true) : now);
    if (split > 0.0) emit(cl.asset, level, inst, 0.0, split, w);
    if (f > 0.0 && level + 1u < a.lod_count) emit(cl.asset, level + 1u, inst, split, fade, w);
}

void flush_counters()
{
    barrier();
    if (gl_LocalInvocationIndex != 0u) return;
    if (s_drawn > 0u) atomicAdd(stats[pc.view].asset_instances, s_drawn);
    if (s_occluded > 0u) atomicAdd(stats[pc.view].asset_occluded, s_occluded);
    if (s_deferred > 0u) atomicAdd(stats[pc.view].asset_deferred, s_deferred);
    if (s_late > 0u) atomicAdd(stats[pc.view].asset_late, s_late);
}

void main()
{
    uint lid = gl_LocalInvocationIndex;
    if (lid == 0u) {
        s_drawn = 0u;
        s_occluded = 0u;
        s_deferred = 0u;
        s_late = 0u;
    }
    if (pc.level == 1u) {
        // phase 2 (asset_cull_late, an indirect dispatch): a thread per deferred instance
        barrier();
        uint k = gl_WorkGroupID.x * 256u + lid;
        if (k < min(d_count, SW_ASSET_DEFERRED_MAX)) {
            uvec2 e = d_entries[k];
            sw_cluster cl = cluster_of(e.x);
            consider(e.x, cl, assets[cl.asset], e.y, true);
        }
        flush_counters();
        return;
    }
    uint ci = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    if (ci >= frame.cluster_count) return; // uniform across the workgroup
    sw_cluster cl = cluster_of(ci);
    sw_asset a = assets[cl.asset];
    vec3 eye = vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z);
    float rmax = a.radius * a.scale_bound;
    if (lid == 0u) {
        float x0 = float(cl.ci0) * a.spacing, z0 = float(cl.cj0) * a.spacing;
        float side = float(SW_CLUSTER_CELLS) * a.spacing;
        vec3 lo = vec3(x0 - rmax, cl.y_min - rmax, z0 - rmax);
        vec3 hi = vec3(x0 + side + rmax, cl.y_max + (a.center_y + a.radius) * a.scale_bound, z0 + side + rmax);
        vec3 nearest = clamp(eye, lo, hi);
        s_visible = cl.count > 0u && distance(nearest, eye) < a.draw_distance && box_in_frustum(lo, hi);
        atomicAdd(stats[pc.view].asset_clusters, 1u);
        if (!s_visible) atomicAdd(stats[pc.view].asset_clusters_culled, 1u);
    }
    barrier();
    if (!s_visible) return;
    for (uint i = lid; i < cl.count; i += 256u) consider(ci, cl, a, i, false);
    flush_counters();
}
