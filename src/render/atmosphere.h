/* atmosphere.h — a CPU reference of the LUT atmosphere of S. Hillaire, "A Scalable and Production Ready Sky and
 * Atmosphere Rendering Technique" (EGSR 2020), with the Earth of E. Bruneton's reference implementation: the
 * measure sward's Preetham sky (shaders/shared/sw_sky.h, src/render/sky.c) is compared against
 * (docs/sky.md, LS5). Pure C, double precision, deterministic; no GPU, and not part of the library (only the
 * tests compile it: the renderer keeps Preetham's sky, docs/sky.md says why).
 *
 * Units are sward's (LS5): the sun outside the atmosphere is white, params.sun_illuminance klux in each of R, G,
 * B (680, 550, 440 nm, the wavelengths of Bruneton's coefficients and of sky.c's sun), so radiances come out in
 * kcd/m^2 per channel and their luminance is 0.2126 R + 0.7152 G + 0.0722 B (linear sRGB). Geometry: the planet's
 * centre at the origin; a point is described by its radius r (m) and the cosine mu of a direction's angle from
 * its zenith. */
#ifndef SWARD_RENDER_ATMOSPHERE_H
#define SWARD_RENDER_ATMOSPHERE_H

typedef struct atmo_params {
    double ground_radius, top_radius;         /* m */
    double rayleigh_scattering[3];            /* 1/m at the ground (no absorption) */
    double rayleigh_height;                   /* m, exponential scale height */
    double mie_scattering, mie_extinction;    /* 1/m at the ground, grey */
    double mie_height;                        /* m */
    double mie_g;                             /* Cornette-Shanks asymmetry */
    double ozone_absorption[3];               /* 1/m at the tent's peak */
    double ozone_centre, ozone_half_width;    /* m: density 1 - |h - centre| / half_width, 0 outside */
    double ground_albedo;                     /* Lambertian, for the light the ground sends back */
    double sun_illuminance;                   /* klux outside the atmosphere, each channel */
} atmo_params;

/* Hillaire's (and Bruneton's) Earth: radii 6360 / 6460 km, Rayleigh (5.802, 13.558, 33.1)e-6 over 8 km, Mie
 * scattering 3.996e-6 and extinction 4.40e-6 over 1.2 km with g 0.8, ozone (0.650, 1.881, 0.085)e-6 in a tent
 * 15 km either side of 25 km; ground albedo 0.1 (Bruneton's); the sun SW_SUN_ILLUMINANCE, 128 klux. */
void atmo_earth(atmo_params *p);

/* Column densities (m of air at ground density) of Rayleigh, Mie and ozone along the ray from radius r with
 * zenith cosine mu to the top of the atmosphere, `steps` midpoint samples; the transmittance there
 * exp(-sum beta_i column_i). A ray that meets the ground gives transmittance 0. */
void atmo_column(const atmo_params *p, double r, double mu, int steps, double column[3]);
void atmo_transmittance(const atmo_params *p, double r, double mu, int steps, double rgb[3]);

/* Hillaire's multiple-scattering LUT: psi_ms(r, mu_s) = L_2nd / (1 - f_ms), the isotropic infinite-order
 * approximation, per unit of sun illuminance, for 32 x 32 (mu_s, altitude) texels; 64 directions of 20 steps
 * each (the paper's counts), the sun's transmittance by `sun_steps` samples (or from `trans` when not NULL,
 * a transmittance LUT as the GPU builds it). */
#define ATMO_MS_SIZE 32
typedef struct atmo_ms_lut {
    double texel[ATMO_MS_SIZE][ATMO_MS_SIZE][3]; /* [altitude][mu_s] */
} atmo_ms_lut;
struct atmo_trans_lut;
void atmo_ms_build(const atmo_params *p, const struct atmo_trans_lut *trans, int sun_steps, atmo_ms_lut *ms);
void atmo_ms_lookup(const atmo_params *p, const atmo_ms_lut *ms, double r, double mu_s, double rgb[3]);

/* The sky's radiance (kcd/m^2, R G B) seen from `altitude` m above the ground toward the unit direction `view`
 * (y up) with the sun toward the unit `sun`: single scattering by `steps` samples along the view ray (the
 * sun's transmittance by as many at each), plus psi_ms times the scattering coefficient when `ms` is not NULL.
 * No sun disc. */
void atmo_sky(const atmo_params *p, const atmo_ms_lut *ms, double altitude, const double view[3],
              const double sun[3], int steps, double rgb[3]);

/* The sun's illuminance (klux, R G B) on a surface facing it at the ground for a sun `elevation` radians up;
 * and its luminous value weighted over the visible spectrum as sky.c's render_sun_light weights Preetham's
 * (CIE y-bar under a 5778 K sun; Rayleigh as lambda^-4 through the 680 nm value, Mie grey, ozone's Chappuis
 * band scaled to the 550 nm value). */
void atmo_sun_at_ground(const atmo_params *p, double elevation, double rgb[3]);
double atmo_sun_luminous(const atmo_params *p, double elevation);

/* The sky's irradiance (klux, R G B) on an up-facing plane at the ground: a midpoint integration of atmo_sky
 * over ne elevations x na azimuths of the upper hemisphere. */
void atmo_sky_irradiance(const atmo_params *p, const atmo_ms_lut *ms, const double sun[3], int ne, int na,
                         int steps, double rgb[3]);

/* The technique's LUTs at the paper's sizes, as a GPU builds them each frame, for timing (docs/sky.md): the
 * transmittance LUT (256 x 64, 40 steps, Bruneton's parameterisation), the sky-view LUT (192 x 108 from the
 * ground, 30 steps, latitude l mapped to v = 0.5 + 0.5 sign(l) sqrt(|l| / (pi / 2)), azimuth from the sun
 * linear) and the aerial-perspective froxels (32 x 32 x 32 over a 60 x 34 degree view, 4 km a slice). */
#define ATMO_TRANS_W 256
#define ATMO_TRANS_H 64
typedef struct atmo_trans_lut {
    double texel[ATMO_TRANS_H][ATMO_TRANS_W][3];
} atmo_trans_lut;
#define ATMO_VIEW_W 192
#define ATMO_VIEW_H 108
typedef struct atmo_view_lut {
    double texel[ATMO_VIEW_H][ATMO_VIEW_W][3];
} atmo_view_lut;
#define ATMO_AP_SIZE 32
typedef struct atmo_ap_lut {
    double texel[ATMO_AP_SIZE][ATMO_AP_SIZE][ATMO_AP_SIZE][4]; /* [slice][y][x]: in-scatter RGB, transmittance */
} atmo_ap_lut;
void atmo_trans_build(const atmo_params *p, atmo_trans_lut *t);
void atmo_trans_lookup(const atmo_params *p, const atmo_trans_lut *t, double r, double mu, double rgb[3]);
void atmo_view_build(const atmo_params *p, const atmo_trans_lut *t, const atmo_ms_lut *ms, const double sun[3],
                     atmo_view_lut *v);
/* the sky-view LUT's radiance toward `view` (bilinear), to check it against atmo_sky */
void atmo_view_lookup(const atmo_view_lut *v, const double view[3], const double sun[3], double rgb[3]);
void atmo_ap_build(const atmo_params *p, const atmo_trans_lut *t, const atmo_ms_lut *ms, const double sun[3],
                   atmo_ap_lut *ap);

#endif
