/* wind.h — wind and force fields on the CPU (module `wind`; SPEC GA4, GA5).
 *
 * Force fields (a character walking through the grass, an explosion) move along paths of keys; each frame
 * the CPU evaluates where every field is and hands the list to the shaders (sw_frame.forces), which push
 * the blades with Frictional's ForceField formula (shaders/shared/sw_wind.h). Pure functions, no GPU. */
#ifndef SWARD_WIND_H
#define SWARD_WIND_H

#include "world/world.h"
#include "shared/sw_place.h"
#include "shared/sw_types.h"
#include "shared/sw_wind_field.h"

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

/* ---- field.c: GA3, the camera-local wind field (shaders/shared/sw_wind_field.h), the CPU reference ---- */

/* Floats of a whole field (SW_WIND_FIELD_RES^2 cells of SW_WIND_FIELD_STRIDE). */
#define WIND_FIELD_FLOATS ((size_t)SW_WIND_FIELD_RES * SW_WIND_FIELD_RES * SW_WIND_FIELD_STRIDE)

/* A field at one time: its drive, gains and grid (cells: WIND_FIELD_FLOATS floats, the caller's; NULL: no
 * grid, every sample is the equilibrium). */
typedef struct wind_field {
    sw_wind_drive drive;
    float gain[SW_WIND_CATEGORIES];
    float time;
    int i0, j0;         /* the grid's first world cell */
    const float *cells;
} wind_field;

/* The exact one-step update of a spring (first-order hold of the force), computed in double. */
sw_spring wind_spring(const world_spring *s);
/* Steps the field simulates per cell: the slowest category's ln(200) / (damping x 2 pi frequency), in steps,
 * at most SW_WIND_FIELD_MAX_WINDOW. */
int wind_field_window(const world_wind *w);
/* The scene's wind as the shaders get it (sw_frame.wind_*). */
sw_wind_drive wind_field_drive(const world_wind *w);
/* The first world cell of the grid around a camera at (x, z): whole cells, the camera in the middle one. */
void wind_field_origin(float cam_x, float cam_z, int *i0, int *j0);
/* The frame's GA3 constants: the gains and the grid's origin for a camera at (x, z). */
void wind_field_frame_constants(const world_wind *w, float cam_x, float cam_z, sw_frame *f);
/* The field at `time` around a camera at (cam_x, cam_z), as shaders/wind_field.comp.glsl computes it: fills
 * cells (WIND_FIELD_FLOATS) and *out (which points at them). */
void wind_field_compute(const world_wind *w, float time, float cam_x, float cam_z, float *cells, wind_field *out);
/* A field with no grid: the equilibrium everywhere. */
void wind_field_equilibrium(const world_wind *w, float time, wind_field *out);
/* The field's displacement of `category` (SW_WIND_CAT_*) at (x, z), in unsaturated push units: bilinear in the
 * grid, blended into the equilibrium (gain x force) over its last cells, the equilibrium outside. */
sw_v2 wind_field_sample(const wind_field *f, unsigned category, float x, float z);
/* The same as a push (length < 1, a fraction of the height) for a stiffness (sw_field_push_scale). */
sw_v2 wind_field_push(const wind_field *f, unsigned category, float x, float z, float stiffness);

#endif
