/* wind.h — wind and force fields on the CPU (module `wind`; SPEC GA4, GA5).
 *
 * Force fields (a character walking through the grass, an explosion) move along paths of keys; each frame
 * the CPU evaluates where every field is and hands the list to the shaders (sw_frame.forces), which push
 * the blades with Frictional's ForceField formula (shaders/shared/sw_wind.h). Pure functions, no GPU. */
#ifndef SWARD_WIND_H
#define SWARD_WIND_H

#include "world/world.h"
#include "shared/sw_types.h"

/* Floats per field in sw_frame.forces: x, y, z (m), radius (m), strength (m), clock (rad: phase + 2 pi
 * frequency time, wrapped to [0, 2 pi)), 0, 0. */
#define WIND_FORCE_STRIDE 8

/* Horizontal position of a field at `time` s: linear interpolation of its keys; before the first key it
 * stays at the first, after the last it stays at the last, unless the path loops (then the time wraps over
 * [first key, last key)). */
void wind_force_position(const world_force *f, float time, float *x, float *z);

/* The field's own oscillation clock at `time`: phase + 2 pi frequency time, wrapped to [0, 2 pi). */
float wind_force_clock(const world_force *f, float time);

/* Fills out[0 .. WIND_FORCE_STRIDE * n) with the scene's first n <= SW_MAX_FORCES fields at `time` (y on the
 * terrain) and returns n. */
int wind_forces_eval(const sward_scene *scene, float time, float out[SW_MAX_FORCES * WIND_FORCE_STRIDE]);

#endif
