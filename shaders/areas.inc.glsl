// areas.inc.glsl — the density areas of the scene set (SPEC PL2; shared/sw_areas.h): the GPU side of
// src/place/areas.c, the same sum in the same order. Include after common.inc.glsl.
#include "shared/sw_areas.h"

layout(std430, set = SW_SET_SCENE, binding = SW_BIND_AREAS) readonly buffer AreaBuf {
    uint area_count;
    uint area_pad0, area_pad1, area_pad2;
    sw_area areas[];
};

// clamp(base + the densities of the areas with user_bit containing (x, z), 0, max) / max (place_area_fraction).
float sw_area_fraction_at(uint user_bit, float base, float max_density, float inv_max, float x, float z)
{
    precise float sum = 0.0;
    for (uint i = 0u; i < area_count; i++) {
        // the users and the bounding box first: only an area that may hold the point is copied whole
        if ((areas[i].users & user_bit) == 0u || x < areas[i].x0 || x > areas[i].x1 || z < areas[i].z0 ||
            z > areas[i].z1)
            continue;
        sum = sw_area_add(sum, areas[i], user_bit, x, z);
    }
    return sw_area_fraction(base, sum, max_density, inv_max);
}
