/* atmosphere.c — the CPU reference of Hillaire's LUT atmosphere (EGSR 2020): transmittance, single scattering by
 * ray marching, the multiple-scattering LUT (psi_ms = L_2nd / (1 - f_ms)), the sky's radiance and the sun at the
 * ground, and the technique's LUTs at the paper's sizes for timing. See atmosphere.h and docs/sky.md. */
#include "render/atmosphere.h"

#include "shared/sw_sky.h"

#include <math.h>
#include <string.h>

#define PI_D 3.14159265358979323846

void atmo_earth(atmo_params *p)
{
    memset(p, 0, sizeof *p);
    p->ground_radius = 6360e3;
    p->top_radius = 6460e3;
    p->rayleigh_scattering[0] = 5.802e-6;
    p->rayleigh_scattering[1] = 13.558e-6;
    p->rayleigh_scattering[2] = 33.1e-6;
    p->rayleigh_height = 8000.0;
    p->mie_scattering = 3.996e-6;
    p->mie_extinction = 4.40e-6;
    p->mie_height = 1200.0;
    p->mie_g = 0.8;
    p->ozone_absorption[0] = 0.650e-6;
    p->ozone_absorption[1] = 1.881e-6;
    p->ozone_absorption[2] = 0.085e-6;
    p->ozone_centre = 25e3;
    p->ozone_half_width = 15e3;
    p->ground_albedo = 0.1;
    p->sun_illuminance = (double)SW_SUN_ILLUMINANCE;
}

/* Densities relative to the ground's of Rayleigh, Mie and ozone at radius r (below the ground: the ground's). */
static void densities(const atmo_params *p, double r, double d[3])
{
    double h = fmax(r - p->ground_radius, 0.0);
    d[0] = exp(-h / p->rayleigh_height);
    d[1] = exp(-h / p->mie_height);
    d[2] = fmax(0.0, 1.0 - fabs(h - p->ozone_centre) / p->ozone_half_width);
}

static void extinction(const atmo_params *p, const double d[3], double e[3])
{
    for (int c = 0; c < 3; c++)
        e[c] = p->rayleigh_scattering[c] * d[0] + p->mie_extinction * d[1] + p->ozone_absorption[c] * d[2];
}

/* The ray from radius r at zenith cosine mu meets the ground (a grazing ray at the ground does not). */
static int hits_ground(const atmo_params *p, double r, double mu)
{
    r = fmax(r, p->ground_radius);
    return mu < 0.0 && r * r * (mu * mu - 1.0) + p->ground_radius * p->ground_radius >= 0.0;
}

static double dist_ground(const atmo_params *p, double r, double mu)
{
    r = fmax(r, p->ground_radius);
    return fmax(0.0, -r * mu - sqrt(fmax(0.0, r * r * (mu * mu - 1.0) + p->ground_radius * p->ground_radius)));
}

static double dist_top(const atmo_params *p, double r, double mu)
{
    return fmax(0.0, -r * mu + sqrt(fmax(0.0, r * r * (mu * mu - 1.0) + p->top_radius * p->top_radius)));
}

void atmo_column(const atmo_params *p, double r, double mu, int steps, double column[3])
{
    double len = hits_ground(p, r, mu) ? dist_ground(p, r, mu) : dist_top(p, r, mu);
    column[0] = column[1] = column[2] = 0.0;
    /* t = len u^2: samples crowd near the start, where the density along a rising ray falls fastest */
    for (int i = 0; i < steps; i++) {
        double u = ((double)i + 0.5) / steps, t = len * u * u, dt = 2.0 * len * u / steps;
        double rt = sqrt(r * r + t * t + 2.0 * r * mu * t), d[3];
        densities(p, rt, d);
        for (int k = 0; k < 3; k++) column[k] += d[k] * dt;
    }
}

void atmo_transmittance(const atmo_params *p, double r, double mu, int steps, double rgb[3])
{
    if (hits_ground(p, r, mu)) {
        rgb[0] = rgb[1] = rgb[2] = 0.0;
        return;
    }
    double col[3];
    atmo_column(p, r, mu, steps, col);
    extinction(p, col, rgb);
    for (int c = 0; c < 3; c++) rgb[c] = exp(-rgb[c]);
}

/* The sun's transmittance from radius r at zenith cosine mu: 0 in the planet's shadow, else from the LUT when
 * there is one, else by `steps` samples. */
static void sun_transmittance(const atmo_params *p, const atmo_trans_lut *lut, double r, double mu, int steps,
                              double rgb[3])
{
    if (hits_ground(p, r, mu))
        rgb[0] = rgb[1] = rgb[2] = 0.0;
    else if (lut)
        atmo_trans_lookup(p, lut, r, mu, rgb);
    else
        atmo_transmittance(p, r, mu, steps, rgb);
}

static double rayleigh_phase(double nu)
{
    return 3.0 / (16.0 * PI_D) * (1.0 + nu * nu);
}

static double mie_phase(double g, double nu) /* Cornette-Shanks */
{
    double k = 3.0 / (8.0 * PI_D) * (1.0 - g * g) / (2.0 + g * g);
    return k * (1.0 + nu * nu) / pow(1.0 + g * g - 2.0 * g * nu, 1.5);
}

static double clamp01(double x)
{
    return fmin(1.0, fmax(0.0, x));
}

/* Bilinear lookup of a w x h grid of RGB texels (row-major, texel centres at (i + 0.5) / n), clamped. */
static void bilinear(const double *tex, int w, int h, double x, double y, double rgb[3])
{
    double fx = clamp01(x) * w - 0.5, fy = clamp01(y) * h - 0.5;
    fx = fmin(fmax(fx, 0.0), (double)(w - 1));
    fy = fmin(fmax(fy, 0.0), (double)(h - 1));
    int x0 = (int)fx, y0 = (int)fy, x1 = x0 + 1 < w ? x0 + 1 : x0, y1 = y0 + 1 < h ? y0 + 1 : y0;
    double ax = fx - x0, ay = fy - y0;
    for (int c = 0; c < 3; c++) {
        double a = tex[(y0 * w + x0) * 3 + c] * (1.0 - ax) + tex[(y0 * w + x1) * 3 + c] * ax;
        double b = tex[(y1 * w + x0) * 3 + c] * (1.0 - ax) + tex[(y1 * w + x1) * 3 + c] * ax;
        rgb[c] = a * (1.0 - ay) + b * ay;
    }
}

void atmo_ms_lookup(const atmo_params *p, const atmo_ms_lut *ms, double r, double mu_s, double rgb[3])
{
    double v = (r - p->ground_radius) / (p->top_radius - p->ground_radius);
    bilinear(&ms->texel[0][0][0], ATMO_MS_SIZE, ATMO_MS_SIZE, 0.5 * mu_s + 0.5, v, rgb);
}

/* The light scattered toward a point at radius r0 (on the y axis) from the direction opposite v, along v up to
 * tmax (negative: to the atmosphere's end or the ground): single scattering with the phase functions, plus
 * psi_ms times the scattering when ms is set, plus the ground's Lambertian reflection where the ray ends on it.
 * Each segment integrates the source analytically over its extinction, S (1 - e^(-sigma_t dt)) / sigma_t, as
 * Hillaire does; samples at t = tmax u^2 (squared) or uniform. L in kcd/m^2; thr the view ray's transmittance. */
static void march(const atmo_params *p, const atmo_trans_lut *lut, const atmo_ms_lut *ms, double r0,
                  const double v[3], const double s[3], double tmax, int steps, int sun_steps, int squared,
                  double L[3], double thr[3])
{
    int ground = hits_ground(p, r0, v[1]);
    double tend = ground ? dist_ground(p, r0, v[1]) : dist_top(p, r0, v[1]);
    if (tmax >= 0.0 && tmax < tend) {
        tend = tmax;
        ground = 0;
    }
    double nu = v[0] * s[0] + v[1] * s[1] + v[2] * s[2];
    double pr = rayleigh_phase(nu), pm = mie_phase(p->mie_g, nu), e = p->sun_illuminance;
    for (int c = 0; c < 3; c++) {
        L[c] = 0.0;
        thr[c] = 1.0;
    }
    for (int i = 0; i < steps; i++) {
        double u0 = (double)i / steps, u1 = (double)(i + 1) / steps, um = ((double)i + 0.5) / steps;
        double t0 = squared ? tend * u0 * u0 : tend * u0, t1 = squared ? tend * u1 * u1 : tend * u1;
        double tm = squared ? tend * um * um : tend * um, dt = t1 - t0;
        double px = tm * v[0], py = r0 + tm * v[1], pz = tm * v[2];
        double rp = sqrt(px * px + py * py + pz * pz);
        double mus = (px * s[0] + py * s[1] + pz * s[2]) / rp;
        double ts[3], d[3], ext[3], psi[3] = {0.0, 0.0, 0.0};
        sun_transmittance(p, lut, rp, mus, sun_steps, ts);
        densities(p, rp, d);
        extinction(p, d, ext);
        if (ms) atmo_ms_lookup(p, ms, rp, mus, psi);
        double sm = p->mie_scattering * d[1];
        for (int c = 0; c < 3; c++) {
            double sr = p->rayleigh_scattering[c] * d[0];
            double src = e * (ts[c] * (sr * pr + sm * pm) + psi[c] * (sr + sm));
            double seg = exp(-ext[c] * dt);
            L[c] += thr[c] * src * (1.0 - seg) / ext[c];
            thr[c] *= seg;
        }
    }
    if (ground) {
        double px = tend * v[0], py = r0 + tend * v[1], pz = tend * v[2];
        double rp = sqrt(px * px + py * py + pz * pz), mus = (px * s[0] + py * s[1] + pz * s[2]) / rp, ts[3];
        sun_transmittance(p, lut, p->ground_radius, mus, sun_steps, ts);
        for (int c = 0; c < 3; c++) L[c] += e * thr[c] * ts[c] * fmax(mus, 0.0) * p->ground_albedo / PI_D;
    }
}

void atmo_ms_build(const atmo_params *p, const atmo_trans_lut *trans, int sun_steps, atmo_ms_lut *ms)
{
    enum { SQRT_DIRS = 8, STEPS = 20 };
    const double iso = 1.0 / (4.0 * PI_D), dw = 4.0 * PI_D / (SQRT_DIRS * SQRT_DIRS);
    for (int j = 0; j < ATMO_MS_SIZE; j++)
        for (int i = 0; i < ATMO_MS_SIZE; i++) {
            double mu_s = -1.0 + 2.0 * ((double)i + 0.5) / ATMO_MS_SIZE;
            double r0 = p->ground_radius + ((double)j + 0.5) / ATMO_MS_SIZE * (p->top_radius - p->ground_radius);
            double s[3] = {sqrt(fmax(0.0, 1.0 - mu_s * mu_s)), mu_s, 0.0};
            double l2[3] = {0.0, 0.0, 0.0}, f[3] = {0.0, 0.0, 0.0};
            for (int a = 0; a < SQRT_DIRS; a++)
                for (int b = 0; b < SQRT_DIRS; b++) { /* uniform over the sphere */
                    double th = 2.0 * PI_D * ((double)a + 0.5) / SQRT_DIRS;
                    double ct = 1.0 - 2.0 * ((double)b + 0.5) / SQRT_DIRS, st = sqrt(1.0 - ct * ct);
                    double v[3] = {cos(th) * st, ct, sin(th) * st};
                    int ground = hits_ground(p, r0, ct);
                    double tend = ground ? dist_ground(p, r0, ct) : dist_top(p, r0, ct), dt = tend / STEPS;
                    double thr[3] = {1.0, 1.0, 1.0};
                    for (int k = 0; k < STEPS; k++) {
                        double t = ((double)k + 0.5) * dt;
                        double px = t * v[0], py = r0 + t * v[1], pz = t * v[2];
                        double rp = sqrt(px * px + py * py + pz * pz);
                        double ts[3], d[3], ext[3];
                        sun_transmittance(p, trans, rp, (px * s[0] + py * s[1] + pz * s[2]) / rp, sun_steps, ts);
                        densities(p, rp, d);
                        extinction(p, d, ext);
                        for (int c = 0; c < 3; c++) {
                            double sc = p->rayleigh_scattering[c] * d[0] + p->mie_scattering * d[1];
                            double seg = exp(-ext[c] * dt), w = thr[c] * sc * (1.0 - seg) / ext[c];
                            l2[c] += w * ts[c] * iso * dw; /* second order: the sun's light scattered once */
                            f[c] += w * dw;                /* the transfer of a unit isotropic radiance */
                            thr[c] *= seg;
                        }
                    }
                    if (ground) {
                        double py = r0 + tend * v[1], px = tend * v[0], pz = tend * v[2];
                        double rp = sqrt(px * px + py * py + pz * pz), mus = (px * s[0] + py * s[1] + pz * s[2]) / rp;
                        double ts[3];
                        sun_transmittance(p, trans, p->ground_radius, mus, sun_steps, ts);
                        for (int c = 0; c < 3; c++)
                            l2[c] += thr[c] * ts[c] * fmax(mus, 0.0) * p->ground_albedo / PI_D * dw;
                    }
                }
            for (int c = 0; c < 3; c++) /* L_2nd and f_ms carry the isotropic phase of the next event */
                ms->texel[j][i][c] = l2[c] * iso / (1.0 - f[c] * iso);
        }
}

void atmo_sky(const atmo_params *p, const atmo_ms_lut *ms, double altitude, const double view[3],
              const double sun[3], int steps, double rgb[3])
{
    double thr[3];
    march(p, NULL, ms, p->ground_radius + altitude, view, sun, -1.0, steps, steps, 1, rgb, thr);
}

void atmo_sun_at_ground(const atmo_params *p, double elevation, double rgb[3])
{
    atmo_transmittance(p, p->ground_radius, sin(elevation), 512, rgb);
    for (int c = 0; c < 3; c++) rgb[c] *= p->sun_illuminance;
}

/* Bruneton's ozone values at 680, 550 and 440 nm, interpolated in log by the parabola through them: a Gaussian
 * of the wavelength (peak 588 nm, sigma 57 nm: the Chappuis band). */
static double ozone_at(const atmo_params *p, double nm)
{
    const double x[3] = {680.0, 550.0, 440.0};
    double lf = 0.0;
    for (int i = 0; i < 3; i++) {
        double w = 1.0;
        for (int j = 0; j < 3; j++)
            if (j != i) w *= (nm - x[j]) / (x[i] - x[j]);
        lf += w * log(p->ozone_absorption[i]);
    }
    return exp(lf);
}

double atmo_sun_luminous(const atmo_params *p, double elevation)
{
    double col[3], num = 0.0, den = 0.0;
    if (hits_ground(p, p->ground_radius, sin(elevation))) return 0.0;
    atmo_column(p, p->ground_radius, sin(elevation), 512, col);
    for (int nm = 380; nm <= 780; nm += 5) {
        double l = nm * 1e-3, t1 = (nm - 568.8) / (nm < 568.8 ? 46.9 : 40.5), t2 = (nm - 530.9) / (nm < 530.9 ? 16.3 : 31.1);
        double ybar = 0.821 * exp(-0.5 * t1 * t1) + 0.286 * exp(-0.5 * t2 * t2);
        double sun = 1.0 / (pow(l, 5.0) * (exp(14387.77 / (l * 5778.0)) - 1.0));
        double rayleigh = p->rayleigh_scattering[0] * pow(680.0 / nm, 4.0);
        double depth = rayleigh * col[0] + p->mie_extinction * col[1] + ozone_at(p, (double)nm) * col[2];
        num += ybar * sun * exp(-depth);
        den += ybar * sun;
    }
    return p->sun_illuminance * num / den;
}

void atmo_sky_irradiance(const atmo_params *p, const atmo_ms_lut *ms, const double sun[3], int ne, int na,
                         int steps, double rgb[3])
{
    double de = 0.5 * PI_D / ne, da = 2.0 * PI_D / na;
    rgb[0] = rgb[1] = rgb[2] = 0.0;
    for (int i = 0; i < ne; i++) {
        double el = ((double)i + 0.5) * de, ce = cos(el), se = sin(el);
        for (int j = 0; j < na; j++) {
            double a = ((double)j + 0.5) * da, v[3] = {ce * sin(a), se, ce * cos(a)}, L[3];
            atmo_sky(p, ms, 0.0, v, sun, steps, L);
            for (int c = 0; c < 3; c++) rgb[c] += L[c] * se * ce * de * da;
        }
    }
}

/* Bruneton's transmittance parameterisation: x_r = rho / H (rho the distance to the horizon, H its value at the
 * top), x_mu the distance to the top between its least and greatest at that radius. */
void atmo_trans_build(const atmo_params *p, atmo_trans_lut *t)
{
    enum { STEPS = 40 };
    double rg = p->ground_radius, rt = p->top_radius, H = sqrt(rt * rt - rg * rg);
    for (int j = 0; j < ATMO_TRANS_H; j++)
        for (int i = 0; i < ATMO_TRANS_W; i++) {
            double rho = H * ((double)j + 0.5) / ATMO_TRANS_H, r = sqrt(rho * rho + rg * rg);
            double dmin = rt - r, dmax = rho + H, d = dmin + ((double)i + 0.5) / ATMO_TRANS_W * (dmax - dmin);
            double mu = d <= 0.0 ? 1.0 : fmin(1.0, fmax(-1.0, (H * H - rho * rho - d * d) / (2.0 * r * d)));
            double col[3] = {0.0, 0.0, 0.0}, dt = d / STEPS, ext[3];
            for (int k = 0; k < STEPS; k++) {
                double s = ((double)k + 0.5) * dt, rs = sqrt(r * r + s * s + 2.0 * r * mu * s), dd[3];
                densities(p, rs, dd);
                for (int c = 0; c < 3; c++) col[c] += dd[c] * dt;
            }
            extinction(p, col, ext);
            for (int c = 0; c < 3; c++) t->texel[j][i][c] = exp(-ext[c]);
        }
}

void atmo_trans_lookup(const atmo_params *p, const atmo_trans_lut *t, double r, double mu, double rgb[3])
{
    double rg = p->ground_radius, rt = p->top_radius, H = sqrt(rt * rt - rg * rg);
    r = fmin(fmax(r, rg), rt);
    double rho = sqrt(fmax(0.0, r * r - rg * rg)), d = dist_top(p, r, mu), dmin = rt - r, dmax = rho + H;
    bilinear(&t->texel[0][0][0], ATMO_TRANS_W, ATMO_TRANS_H, (d - dmin) / (dmax - dmin), rho / H, rgb);
}

/* The sky-view LUT's texel (i, j): azimuth from the sun's pi (i + 0.5) / W, latitude from v = (j + 0.5) / H. */
static void view_dir(int i, int j, const double sun[3], double v[3])
{
    double az = PI_D * ((double)i + 0.5) / ATMO_VIEW_W + atan2(sun[0], sun[2]);
    double vv = ((double)j + 0.5) / ATMO_VIEW_H - 0.5, l = (vv < 0.0 ? -0.5 : 0.5) * PI_D * 4.0 * vv * vv;
    v[0] = cos(l) * sin(az);
    v[1] = sin(l);
    v[2] = cos(l) * cos(az);
}

void atmo_view_build(const atmo_params *p, const atmo_trans_lut *t, const atmo_ms_lut *ms, const double sun[3],
                     atmo_view_lut *out)
{
    for (int j = 0; j < ATMO_VIEW_H; j++)
        for (int i = 0; i < ATMO_VIEW_W; i++) {
            double v[3], thr[3];
            view_dir(i, j, sun, v);
            march(p, t, ms, p->ground_radius + 2.0, v, sun, -1.0, 30, 0, 1, out->texel[j][i], thr);
        }
}

void atmo_view_lookup(const atmo_view_lut *lut, const double view[3], const double sun[3], double rgb[3])
{
    double l = asin(fmin(1.0, fmax(-1.0, view[1])));
    double az = fabs(remainder(atan2(view[0], view[2]) - atan2(sun[0], sun[2]), 2.0 * PI_D));
    double v = 0.5 + (l < 0.0 ? -0.5 : 0.5) * sqrt(fabs(l) / (0.5 * PI_D));
    bilinear(&lut->texel[0][0][0], ATMO_VIEW_W, ATMO_VIEW_H, az / PI_D, v, rgb);
}

/* Froxels over a 60 x 33.75 degree view toward the horizon 90 degrees from the sun's azimuth, from 2 m up; slice
 * k ends at 128 km ((k + 0.5) / 32)^2 (4 km a slice, squared), its froxel by its own march there of 2 (k + 1)
 * samples, as the paper's demo code does. */
void atmo_ap_build(const atmo_params *p, const atmo_trans_lut *t, const atmo_ms_lut *ms, const double sun[3],
                   atmo_ap_lut *ap)
{
    double az0 = atan2(sun[0], sun[2]) + 0.5 * PI_D;
    double tx = tan(30.0 * PI_D / 180.0), ty = tx * 9.0 / 16.0;
    double fwd[3] = {sin(az0), 0.0, cos(az0)}, right[3] = {cos(az0), 0.0, -sin(az0)};
    for (int y = 0; y < ATMO_AP_SIZE; y++)
        for (int x = 0; x < ATMO_AP_SIZE; x++) {
            double sx = (2.0 * ((double)x + 0.5) / ATMO_AP_SIZE - 1.0) * tx;
            double sy = (2.0 * ((double)y + 0.5) / ATMO_AP_SIZE - 1.0) * ty, v[3];
            for (int c = 0; c < 3; c++) v[c] = fwd[c] + sx * right[c] + (c == 1 ? sy : 0.0);
            double n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
            for (int c = 0; c < 3; c++) v[c] /= n;
            for (int k = 0; k < ATMO_AP_SIZE; k++) {
                double L[3], thr[3];
                double w = ((double)k + 0.5) / ATMO_AP_SIZE;
                march(p, t, ms, p->ground_radius + 2.0, v, sun, 4000.0 * ATMO_AP_SIZE * w * w, 2 * (k + 1), 0, 0,
                      L, thr);
                for (int c = 0; c < 3; c++) ap->texel[k][y][x][c] = L[c];
                ap->texel[k][y][x][3] = (thr[0] + thr[1] + thr[2]) / 3.0;
            }
        }
}
