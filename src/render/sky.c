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
}

/* Transmittance of the atmosphere along relative optical mass m at wavelength lambda (micrometres). */
static double transmittance(double lambda, double m, double turbidity, double k_ozone)
{
    const double alpha = 1.3, ozone_cm = 0.35;
    double beta = 0.04608 * turbidity - 0.04586;
    double rayleigh = exp(-0.008735 * pow(lambda, -4.08) * m);
    double aerosol = exp(-beta * pow(lambda, -alpha) * m);
    double ozone = exp(-k_ozone * ozone_cm * m);
    return rayleigh * aerosol * ozone;
}

/* Kasten's relative optical mass as in the paper: m = 1 / (cos theta_s + 0.15 (93.885 - theta_s deg)^-1.253). */
static double optical_mass(double theta_s)
{
    double deg = theta_s * 180.0 / PI_D;
    return 1.0 / (cos(theta_s) + 0.15 * pow(93.885 - deg, -1.253));
}

void render_sun_transmittance(float elevation, float turbidity, float rgb[3])
{
    /* R, G, B at 680, 550, 440 nm; ozone absorption coefficients (1/cm) there from the table the paper uses. */
    static const double lambda[3] = {0.680, 0.550, 0.440}, k_ozone[3] = {0.036, 0.085, 0.003};
    if (!(elevation > 0.0f)) {
        rgb[0] = rgb[1] = rgb[2] = 0.0f;
        return;
    }
    double theta_s = 0.5 * PI_D - (double)elevation;
    double m = optical_mass(theta_s), m0 = optical_mass(0.0);
    for (int c = 0; c < 3; c++)
        rgb[c] = (float)(transmittance(lambda[c], m, (double)turbidity, k_ozone[c]) /
                         transmittance(lambda[c], m0, (double)turbidity, k_ozone[c]));
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
    if (!(s->render.features & SW_FEAT_SKY)) return;
    render_sky_model(s->sun.direction, s->sky.turbidity, f->sky);
    float elevation = asinf(fmaxf(-1.0f, fminf(1.0f, s->sun.direction[1])));
    float tr[3];
    render_sun_transmittance(elevation, s->sky.turbidity, tr);
    for (int i = 0; i < 3; i++) f->sun_color[i] = s->sun.color[i] * tr[i];
    render_sky_ambient(f->sky, f->zenith, f->horizon);
}
