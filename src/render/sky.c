/* sky.c — the analytic daylight sky's per-frame constants, the sun's colour through the atmosphere and the sky
 * ambient (A. J. Preetham, P. Shirley, B. Smits, "A Practical Analytic Model for Daylight", SIGGRAPH 1999: the
 * Perez coefficients and zenith values of section 3 and appendix A.2, the sun's spectral transmittance of
 * appendix A.1). The per-pixel evaluation is shaders/shared/sw_sky.h, shared with post.comp.glsl. */
#include "render/sky.h"

#include "shared/sw_sky.h"

#include <math.h>
#include <string.h>

#define PI_D 3.14159265358979323846

/* Perez coefficients A..E of Y, x and y as linear functions of T (paper, appendix A.2): row = a T + b. */
static const double PEREZ[3][5][2] = {
    {{0.1787, -1.4630}, {-0.3554, 0.4275}, {-0.0227, 5.3251}, {0.1206, -2.5771}, {-0.0670, 0.3703}},
    {{-0.0193, -0.2592}, {-0.0665, 0.0008}, {-0.0004, 0.2125}, {-0.0641, -0.8989}, {-0.0033, 0.0452}},
    {{-0.0167, -0.2608}, {-0.0950, 0.0092}, {-0.0079, 0.2102}, {-0.0441, -1.6537}, {-0.0109, 0.0529}},
};
/* Zenith chromaticity: x_z = [T^2 T 1] M [theta_s^3 theta_s^2 theta_s 1]^T (theta_s in radians). */
static const double ZENITH_X[3][4] = {
    {0.00166, -0.00375, 0.00209, 0.0},
    {-0.02903, 0.06377, -0.03202, 0.00394},
    {0.11693, -0.21196, 0.06052, 0.25886},
};
static const double ZENITH_Y[3][4] = {
    {0.00275, -0.00610, 0.00317, 0.0},
    {-0.04214, 0.08970, -0.04153, 0.00516},
    {0.15346, -0.26756, 0.06670, 0.26688},
};

static double perez(const double c[5], double theta, double gamma)
{
    return (1.0 + c[0] * exp(c[1] / cos(theta))) * (1.0 + c[2] * exp(c[3] * gamma) + c[4] * cos(gamma) * cos(gamma));
}

static double zenith_chroma(const double m[3][4], double t, double th)
{
    double tv[3] = {t * t, t, 1.0}, sv[4] = {th * th * th, th * th, th, 1.0}, r = 0.0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++) r += tv[i] * m[i][j] * sv[j];
    return r;
}

void render_sky_model(const float sun_dir[3], float turbidity, float k[32])
{
    memset(k, 0, SW_SKY_FLOATS * sizeof *k);
    double t = (double)turbidity;
    double sx = (double)sun_dir[0], sy = (double)sun_dir[1], sz = (double)sun_dir[2];
    double elevation = asin(fmax(-1.0, fmin(1.0, sy)));
    /* The model holds for the sun above the horizon: below it, the sky of a sun on the horizon at the same
     * azimuth, fading out over the first 6 degrees of twilight. */
    double fade = 1.0;
    if (elevation < 0.0) {
        double u = fmax(0.0, fmin(1.0, 1.0 + elevation / (6.0 * PI_D / 180.0)));
        fade = u * u * (3.0 - 2.0 * u);
        double h = sqrt(sx * sx + sz * sz);
        sx = h > 1e-9 ? sx / h : 0.0;
        sz = h > 1e-9 ? sz / h : 1.0;
        sy = 0.0;
        elevation = 0.0;
    }
    double theta_s = 0.5 * PI_D - elevation;
    double coef[3][5];
    for (int c = 0; c < 3; c++)
        for (int i = 0; i < 5; i++) {
            coef[c][i] = PEREZ[c][i][0] * t + PEREZ[c][i][1];
            k[c * 5 + i] = (float)coef[c][i];
        }
    double chi = (4.0 / 9.0 - t / 120.0) * (PI_D - 2.0 * theta_s);
    double yz = (4.0453 * t - 4.9710) * tan(chi) - 0.2155 * t + 2.4192;
    k[SW_SKY_ZENITH] = (float)yz;
    k[SW_SKY_ZENITH + 1] = (float)zenith_chroma(ZENITH_X, t, theta_s);
    k[SW_SKY_ZENITH + 2] = (float)zenith_chroma(ZENITH_Y, t, theta_s);
    for (int c = 0; c < 3; c++) k[SW_SKY_NORM + c] = (float)(1.0 / perez(coef[c], 0.0, theta_s));
    k[SW_SKY_SCALE] = (float)((double)SW_SKY_LUMINANCE_SCALE * fade);
    k[SW_SKY_SUN] = (float)sx;
    k[SW_SKY_SUN + 1] = (float)sy;
    k[SW_SKY_SUN + 2] = (float)sz;
    render_air_extinction(turbidity, k + SW_SKY_EXTINCTION);
}

/* Preetham's appendix A.1, per unit of relative optical mass at wavelength lambda (micrometres): the vertical
 * optical thickness of Rayleigh scattering, the Angstrom aerosol (alpha 1.3, beta = 0.04608 T - 0.04586) and
 * ozone (0.35 cm). */
#define OZONE_CM 0.35
static double rayleigh_depth(double lambda)
{
    return 0.008735 * pow(lambda, -4.08);
}

static double aerosol_depth(double lambda, double turbidity)
{
    return (0.04608 * turbidity - 0.04586) * pow(lambda, -1.3);
}

/* R, G, B at 680, 550 and 440 nm; ozone absorption coefficients (1/cm) there from the table the paper uses. */
static const double LAMBDA[3] = {0.680, 0.550, 0.440}, K_OZONE[3] = {0.036, 0.085, 0.003};

/* Kasten's relative optical mass as in the paper: m = 1 / (cos theta_s + 0.15 (93.885 - theta_s deg)^-1.253). */
static double optical_mass(double theta_s)
{
    double deg = theta_s * 180.0 / PI_D;
    return 1.0 / (cos(theta_s) + 0.15 * pow(93.885 - deg, -1.253));
}

void render_sun_transmittance(float elevation, float turbidity, float rgb[3])
{
    if (!(elevation > 0.0f)) {
        rgb[0] = rgb[1] = rgb[2] = 0.0f;
        return;
    }
    double m = optical_mass(0.5 * PI_D - (double)elevation);
    for (int c = 0; c < 3; c++) {
        double depth = rayleigh_depth(LAMBDA[c]) + aerosol_depth(LAMBDA[c], (double)turbidity) + K_OZONE[c] * OZONE_CM;
        rgb[c] = (float)exp(-depth * m);
    }
}

/* The luminous transmittance along optical mass m: the spectral transmittance weighted by the sun's spectrum
 * outside the atmosphere (a 5778 K black body) and the eye's photopic response (CIE 1931 y-bar, the two-lobe
 * fit of Wyman, Sloan and Shirley 2013), 380-780 nm in 5 nm steps. */
static double luminous_transmittance(double m, double turbidity)
{
    double num = 0.0, den = 0.0;
    for (int nm = 380; nm <= 780; nm += 5) {
        double l = nm * 1e-3, t1 = (nm - 568.8) / (nm < 568.8 ? 46.9 : 40.5), t2 = (nm - 530.9) / (nm < 530.9 ? 16.3 : 31.1);
        double ybar = 0.821 * exp(-0.5 * t1 * t1) + 0.286 * exp(-0.5 * t2 * t2);
        double sun = 1.0 / (pow(l, 5.0) * (exp(14387.77 / (l * 5778.0)) - 1.0)); /* Planck, c2 = 14387.77 um K */
        /* ozone's Chappuis band (1/cm): 0.12 at 600 nm, through the paper's table's 0.003, 0.085 and 0.036 at
         * 440, 550 and 680 nm within 0.013 */
        double ozone = 0.12 * exp(-0.5 * ((nm - 600.0) / 60.0) * ((nm - 600.0) / 60.0));
        double depth = rayleigh_depth(l) + aerosol_depth(l, turbidity) + ozone * OZONE_CM;
        num += ybar * sun * exp(-depth * m);
        den += ybar * sun;
    }
    return num / den;
}

void render_sun_light(float elevation, float turbidity, float rgb[3])
{
    render_sun_transmittance(elevation, turbidity, rgb);
    if (!(elevation > 0.0f)) return;
    /* the colour from the three wavelengths, the luminance from the whole visible spectrum (three samples of a
     * steep transmittance overstate it at low sun: at 5 degrees by about 40 %) */
    const double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    const double tau = luminous_transmittance(optical_mass(0.5 * PI_D - (double)elevation), (double)turbidity);
    const double light = (double)SW_SUN_ILLUMINANCE / PI_D * (double)SW_SKY_LUMINANCE_SCALE;
    for (int c = 0; c < 3; c++) rgb[c] = y > 0.0 ? (float)((double)rgb[c] * tau / y * light) : 0.0f;
}

void render_air_extinction(float turbidity, float beta[3])
{
    for (int c = 0; c < 3; c++)
        beta[c] = (float)(rayleigh_depth(LAMBDA[c]) / RENDER_RAYLEIGH_HEIGHT_M +
                          aerosol_depth(LAMBDA[c], (double)turbidity) / RENDER_AEROSOL_HEIGHT_M);
}

void render_sky_ambient(const float k[32], float zenith[3], float horizon[3])
{
    enum { NE = 16, NA = 64 };
    double up[3] = {0.0, 0.0, 0.0}, side[3] = {0.0, 0.0, 0.0};
    double de = 0.5 * PI_D / NE, da = 2.0 * PI_D / NA;
    for (int i = 0; i < NE; i++) {
        double e = ((double)i + 0.5) * de, ce = cos(e), se = sin(e);
        double dw = ce * de * da; /* solid angle of the cell */
        for (int j = 0; j < NA; j++) {
            double a = ((double)j + 0.5) * da;
            sw_sky_rgb L = sw_sky_radiance(k, (float)(ce * sin(a)), (float)se, (float)(ce * cos(a)));
            double l[3] = {(double)L.r, (double)L.g, (double)L.b};
            for (int c = 0; c < 3; c++) {
                up[c] += l[c] * se * dw;
                /* a horizontal normal averaged over its compass direction: the mean of max(n . w, 0) is
                 * cos(e) / pi */
                side[c] += l[c] * ce / PI_D * dw;
            }
        }
    }
    for (int c = 0; c < 3; c++) {
        zenith[c] = (float)(up[c] / PI_D);
        horizon[c] = (float)(side[c] / PI_D);
    }
}

void render_sky_constants(const sward_scene *s, sw_frame *f)
{
    if (!(s->render.features & SW_FEAT_SKY)) { /* no atmosphere: the sun's light as it arrives outside one */
        const float light = SW_SUN_ILLUMINANCE / (float)PI_D * SW_SKY_LUMINANCE_SCALE;
        for (int i = 0; i < 3; i++) f->sun_color[i] = s->sun.color[i] * light;
        return;
    }
    render_sky_model(s->sun.direction, s->sky.turbidity, f->sky);
    float elevation = asinf(fmaxf(-1.0f, fminf(1.0f, s->sun.direction[1])));
    float light[3];
    render_sun_light(elevation, s->sky.turbidity, light);
    for (int i = 0; i < 3; i++) f->sun_color[i] = s->sun.color[i] * light[i];
    render_sky_ambient(f->sky, f->zenith, f->horizon);
}
