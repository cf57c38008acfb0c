// asset_place.comp.glsl — placement of mesh assets, one workgroup per cluster placed this frame (SPEC PL8, SC4; the
// cluster cache, SC1, place.h, chooses them: a cluster is placed when it comes within reach, then kept): the cluster's
// 1024 grid cells visited in its fixed pseudo-random order (sw_cluster_order), each kept by the asset's patch
// coverage, the terrain and the grass types it grows on; the kept instances stored in visiting order (so the
// first n of them are an even thinning of the cluster), with the cluster's count and its range of ground
// heights (its bounds for culling), into its slot: the instances at slot * SW_CLUSTER_CANDIDATES, the cluster's
// record (an sw_cluster with its count and heights) at clusters[slot]. An asset placed by the ordered-dither point set (PL11, SW_ASSET_DITHER) has one
// tile of the set as its cluster: its 1024 points visited in threshold order, each kept where its threshold is
// below the density there (sw_dither_keeps), scaled by its forest class. View- and time-independent, like the
// grass's placement; the CPU reference is src/place/assets.c (place_asset_cluster).
// Reads: frame, assets, heights, type map, density areas, the canopy, the clusters to place (after the slots'
// records and the frame's list). Writes: the slot's instances and record.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "assets.inc.glsl"
#include "areas.inc.glsl"
#include "shared/sw_dither_points.h"

layout(local_size_x = 256) in;

layout(std430, set = SW_SET_PASS, binding = SW_APLACE_CLUSTERS) buffer ClusterBuf { sw_cluster clusters[]; };
layout(std430, set = SW_SET_PASS, binding = SW_APLACE_INSTANCES) writeonly buffer InstanceBuf { sw_instance instances[]; };

const uint PER_THREAD = SW_CLUSTER_CANDIDATES / 256u; // 4 consecutive visits a thread

shared uint s_scan[256];
shared float s_ymin[256], s_ymax[256];

bool grows_here(uint grows_on, float x, float z)
{
    if (grows_on == 0u) return true;
    int i = sw_map_nearest(x, frame.terrain_x0, frame.map_inv_cell, frame.map_res);
    int j = sw_map_nearest(z, frame.terrain_z0, frame.map_inv_cell, frame.map_res);
    uint type = sw_type_at(i, j);
    return type < 32u && ((grows_on >> type) & 1u) != 0u;
}

void main()
{
    uint ci = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    if (ci >= frame.cluster_place) return; // uniform across the workgroup
    sw_cluster cl = clusters[frame.cluster_first + frame.cluster_count + ci];
    sw_asset a = assets[cl.asset];
    uint lid = gl_LocalInvocationIndex;
    sw_uint key = sw_cluster_key(cl.ci0, cl.cj0, cl.asset, frame.seed);
    bool dither = (a.flags & SW_ASSET_DITHER) != 0u;
    int ti = cl.ci0 / int(SW_CLUSTER_CELLS), tj = cl.cj0 / int(SW_CLUSTER_CELLS);

    sw_instance found[PER_THREAD];
    uint n = 0u;
    float ymin = 1e30, ymax = -1e30;
    for (uint r = 0u; r < PER_THREAD; r++) {
        uint k = lid * PER_THREAD + r;
        uint p = sw_cluster_order(k, key);
        int ci_ = cl.ci0 + int(p % SW_CLUSTER_CELLS), cj_ = cl.cj0 + int(p / SW_CLUSTER_CELLS);
        sw_candidate c = dither ? sw_dither_candidate(ti, tj, k, a.dither_shift, a.salt, frame.seed, a.dither_tile)
                                : sw_asset_candidate(ci_, cj_, a.salt, frame.seed, a.spacing);
        sw_hf_coord h = sw_hf_locate(c.x, c.z, frame.terrain_x0, frame.terrain_z0, frame.terrain_inv_cell, frame.terrain_res);
        if (!h.inside) continue;
        // PL2: the density areas' fraction, within the asset's interval of its layer (place_asset_cluster)
        float frac = (a.flags & SW_ASSET_AREAS) != 0u
                         ? sw_area_fraction_at(1u << (SW_AREA_USER_ASSET + a.place_as), a.base_density, a.density,
                                               a.inv_density, c.x, c.z)
                         : 1.0;
        // PL11: the trees' canopy multiplies it by the asset's rule (place_asset_cluster)
        if ((a.flags & SW_ASSET_CANOPY) != 0u)
            frac *= sw_canopy_density(sw_canopy_at(c.x, c.z), a.canopy_under, a.canopy_open, a.canopy_fringe,
                                      a.canopy_width);
        float grow = dither ? sw_dither_keeps(c, a, a.place_as, frame.seed, frac)
                            : sw_asset_keeps(c, cl.asset, frame.seed, a.patch_inv_scale, a.patch_coverage, frac, a.keep_lo,
                                             a.keep_scale) ? 1.0 : 0.0;
        if (grow <= 0.0 || !grows_here(a.grows_on, c.x, c.z)) continue;
        float y = sw_bilerp(sw_height(h.i, h.j), sw_height(h.i + 1, h.j), sw_height(h.i, h.j + 1),
                            sw_height(h.i + 1, h.j + 1), h.fx, h.fz);
        sw_instance inst;
        inst.x = c.x;
        inst.y = y;
        inst.z = c.z;
        inst.scale = dither ? sw_asset_scale(c.hash, a.scale_min, a.scale_max) * grow
                            : sw_asset_scale(c.hash, a.scale_min, a.scale_max);
        inst.yaw_hash = sw_asset_yaw_hash(c.hash);
        found[n] = inst;
        n++;
        ymin = min(ymin, y);
        ymax = max(ymax, y);
    }
    // Exclusive scan of the threads' counts (Hillis-Steele), so the instances keep the visiting order.
    s_scan[lid] = n;
    s_ymin[lid] = ymin;
    s_ymax[lid] = ymax;
    barrier();
    for (uint off = 1u; off < 256u; off <<= 1u) {
        uint v = lid >= off ? s_scan[lid - off] : 0u;
        float lo = lid >= off ? s_ymin[lid - off] : 1e30, hi = lid >= off ? s_ymax[lid - off] : -1e30;
        barrier();
        s_scan[lid] += v;
        s_ymin[lid] = min(s_ymin[lid], lo);
        s_ymax[lid] = max(s_ymax[lid], hi);
        barrier();
    }
    uint first = s_scan[lid] - n;
    uint base = cl.slot * SW_CLUSTER_CANDIDATES;
    for (uint r = 0u; r < n; r++) instances[base + first + r] = found[r];
    if (lid == 255u) {
        cl.count = s_scan[255];
        cl.y_min = s_scan[255] > 0u ? s_ymin[255] : 0.0;
        cl.y_max = s_scan[255] > 0u ? s_ymax[255] : 0.0;
        clusters[cl.slot] = cl;
    }
}
