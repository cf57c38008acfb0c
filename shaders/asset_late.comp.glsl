// asset_late.comp.glsl — the bookkeeping of the camera's assets' second culling phase (SC3;
// asset_cull.comp.glsl): push level 0, before phase 2, keeps each (asset, level) run's count of phase 1 (early);
// push level 1, after it, writes the indirect draws of what phase 2 appended: the instances after `early`.
// One thread per run. Reads and writes the camera's draws; writes the second phase's draws.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.inc.glsl"
#include "shared/sw_assets.h"

layout(local_size_x = 64) in;

layout(std430, set = SW_SET_PASS, binding = SW_ACULL_DRAWS) buffer DrawsBuf { sw_asset_draw draws[]; };
layout(std430, set = SW_SET_PASS, binding = SW_ACULL_LATE_ARGS) writeonly buffer ArgsBuf { sw_asset_draw late[]; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i >= frame.asset_count * SW_ASSET_MAX_LODS) return;
    sw_asset_draw d = draws[i];
    if (pc.level == 0u) {
        draws[i].early = d.instance_count;
        return;
    }
    sw_asset_draw o = d;
    o.instance_count = d.instance_count - d.early;
    o.first_instance = d.first_instance + d.early;
    late[i] = o;
}
