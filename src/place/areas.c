/* areas.c — the CPU reference of the density areas' sum (SPEC PL2; Frictional "Plant Placement Data"): the
 * scene's areas in their order, each added by sw_area_add (shaders/shared/sw_areas.h) exactly as
 * areas.inc.glsl adds them on the GPU, then clamped to [0, max] by sw_area_fraction. Pure, no GPU. */
#include "place/place.h"

#include <assert.h>

float place_area_fraction(const sward_scene *s, sw_uint user_bit, float base, float max_density, float inv_max, float x,
                          float z)
{
    assert(s && s->area_count >= 0 && s->area_count <= WORLD_MAX_AREAS);
    float sum = 0.0f;
    for (int a = 0; a < s->area_count; a++)
        sum = sw_area_add(sum, s->areas[a], user_bit, x, z);
    return sw_area_fraction(base, sum, max_density, inv_max);
}
