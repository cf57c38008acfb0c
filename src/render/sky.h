/* sky.h — the analytic sky's per-frame constants (Preetham 1999; shaders/shared/sw_sky.h), sun colour and
 * ambient from the sun's position (module `render`, sky.c). CPU only: no Vulkan, so the unit tests compile
 * sky.c on its own. */
#ifndef SWARD_RENDER_SKY_H
#define SWARD_RENDER_SKY_H

#include "world/world.h"
#include "shared/sw_types.h"

/* Fills k[32] (sw_frame.sky, layout in sw_sky.h) for the direction towards the sun (normalised, y up) and the
 * turbidity T in [1.7, 10]. */
void render_sky_model(const float sun_dir[3], float turbidity, float k[32]);
/* The atmosphere's transmittance along the sun's path at elevation `elevation` (radians) for turbidity T:
 * Rayleigh, Angstrom aerosol and ozone at 680, 550 and 440 nm (Preetham's appendix A.1, Kasten's optical
 * mass); 0 with the sun at or below the horizon. */
void render_sun_transmittance(float elevation, float turbidity, float rgb[3]);
/* LS5: the sun's light in scene radiance (what a white Lambertian surface facing it reflects, E / pi, at
 * SW_SKY_LUMINANCE_SCALE per kcd/m^2): SW_SUN_ILLUMINANCE klux through that transmittance; before sun.color
 * and sun.intensity. */
void render_sun_light(float elevation, float turbidity, float rgb[3]);
/* LS5: the air's extinction at the ground (1/m) for R, G, B: the same Rayleigh and aerosol thicknesses over
 * their scale heights (the vertical thickness of an exponential layer is its ground density times its height). */
#define RENDER_RAYLEIGH_HEIGHT_M 8000.0
#define RENDER_AEROSOL_HEIGHT_M 1200.0
void render_air_extinction(float turbidity, float beta[3]);
/* Sky irradiance over pi (the radiance a white Lambertian surface reflects) for an up-facing normal
 * (zenith) and for a horizontal one averaged over its compass direction (horizon), from a 16 x 64 midpoint
 * integration of sw_sky_radiance over the upper hemisphere; before sky.intensity. */
void render_sky_ambient(const float k[32], float zenith[3], float horizon[3]);
/* With SW_FEAT_SKY in s->render.features: f->sky, f->sun_color (sun.color times render_sun_light) and
 * f->zenith, f->horizon (render_sky_ambient). Without it, f->sun_color is sun.color times the light
 * outside the atmosphere, and the rest stays the scene's. */
void render_sky_constants(const sward_scene *s, sw_frame *f);

#endif
