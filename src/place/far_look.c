/* far_look.c — a grass type's far field baked from its blades, the way an impostor is baked (SPEC SC7; Ghost
 * of Tsushima's far view, issue "The world at every distance").
 *
 * Beyond the draw distance the ground's resolve paints each type's look as seen from afar
 * (shaders/terrain_surface.inc.glsl), and between the thinning distance and the draw distance it takes the part
 * of the blades thinned away (1 - sw_thin_keep); where the near look ends the blades are drawn thinned (about a
 * quarter of them, FL_KEEP), widened and lower (shaders/grass_blade.inc.glsl). The bake builds a patch of such blades from the
 * shared blade shape (sw_blade_curve, sw_blade_taper: the same code the vertex shader runs), as a canopy of
 * horizontal layers, and looks into it the way Beer-Lambert canopy models do (the blades' facings random, so
 * a layer's optical depth toward a direction is its blades' area projected on that direction):
 * - its cover over the ground by the view's elevation e: the optical depth of the whole patch toward e is
 *   far_side cot(e) + far_top (the vertical blade area seen sideways and the horizontal seen from above), so a
 *   grazing view is covered and a view from above sees the ground between the blades;
 * - the mean albedo and AO the eye sees from a grazing view: each layer weighted by how much of it is seen
 *   through the layers above it, so the tips and flower heads count more than the dark roots;
 * - the gloss of the blades as they are shaded at the draw distance (grass_surface.inc.glsl).
 * Deterministic (a fixed set of blades, no hash of the scene) and about 20 µs a type. */
#include "place/place.h"
#include "shared/sw_blade_shape.h"
#include "shared/sw_wind.h"

#include <assert.h>
#include <math.h>

#define FL_PI 3.14159265358979323846
#define FL_BLADES 64    /* blades of the patch: height, width and lean stratified over the type's ranges */
#define FL_SEGS 12      /* samples along each blade */
#define FL_LAYERS 32    /* canopy layers from the ground to the tallest tip */
#define FL_AZIMUTHS 16  /* view azimuths relative to a blade's facing, averaged */
#define FL_GRAZING 10.0 /* degrees: the view's elevation the albedo and AO are seen from (far ground at eye height) */
#define FL_WIDEN 2.9f   /* grass_blade.inc.glsl at the near look's end: 2.5 x (1 + 0.35 x the mean edge-on 0.5) */
#define FL_KEEP 0.25f   /* the blades kept where the far look takes over: (1 / SW_FAR_SCALE)^2 = 0.16 at the near
                           look's end, 0.25 at 2 thinning distances: the canopy the look is baked from */

/* A blade element's projected area per unit area toward elevation e (radians), averaged over azimuth: the
 * element's normal (nx, ny) lies in the blade's vertical plane (double-sided). */
static double projected(double nx, double ny, double e)
{
    double sum = 0.0;
    for (int a = 0; a < FL_AZIMUTHS; a++) {
        double phi = 2.0 * FL_PI * (a + 0.5) / FL_AZIMUTHS;
        sum += fabs(nx * cos(e) * cos(phi) + ny * sin(e));
    }
    return sum / FL_AZIMUTHS;
}

typedef struct layer {
    double side, top, grazing; /* projected area toward the horizon, straight up and the grazing view */
    double rgb[3], ao;         /* weighted by the grazing projection */
} layer;

void place_far_look(const world_material *m, sw_material *g)
{
    assert(m && g);
    layer L[FL_LAYERS] = {{0}};
    const double eg = FL_GRAZING * FL_PI / 180.0;
    const float h_top = fmaxf(m->height[1] * (1.0f + m->clump.height_variation), 1e-3f);
    const bool clumped = m->clump.size > 0.0f;
    for (int k = 0; k < FL_BLADES; k++) {
        /* stratified over the ranges sw_make_blade draws from (the clumps' scale averages 1) */
        float fk = (float)k;
        float u1 = (fk + 0.5f) / FL_BLADES, u2 = fmodf(0.5f + fk * 0.6180340f, 1.0f), u3 = fmodf(0.5f + fk * 0.7548777f, 1.0f);
        float height = (m->height[0] + (m->height[1] - m->height[0]) * u1) * 0.82f; /* pushed down far (GA8) */
        float width = (m->width[0] + (m->width[1] - m->width[0]) * u2) * FL_WIDEN;
        float lean = fminf(m->bend * (0.5f + u3) + (clumped ? 0.75f * m->clump.lean : 0.0f) + 0.15f, 1.0f);
        float head_t0 = m->head_size > 0.0f ? fmaxf(1.0f - m->head_size / height, 0.0f) : 1.0f;
        sw_bezier b = sw_blade_curve(height, lean, 1.0f, 0.0f, 0.0f, 0.0f);
        /* the per-blade AO of grass_surface.inc.glsl at its mean: clump centres darker, a little random */
        double blade_ao = (clumped ? 1.0 - 0.25 * 0.5 : 1.0) * 0.95;
        for (int s = 0; s < FL_SEGS; s++) {
            float t = ((float)s + 0.5f) / FL_SEGS;
            sw_v3 p = sw_bezier_pos(b, t), d = sw_bezier_tangent(b, t);
            double len = sqrt((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z);
            bool head = head_t0 < 1.0f && t >= head_t0 - 0.16f;
            double half_w = 0.5 * width * sw_blade_taper(t);
            if (head_t0 < 1.0f) half_w *= 1.0 + 1.2 * sw_smoothstepf(head_t0 - 0.1f, head_t0, t);
            if (head) half_w = fmax(half_w, 0.5 * m->head_size * FL_WIDEN);
            double area = 2.0 * half_w * len / FL_SEGS;
            double nx = d.y / len, ny = -d.x / len; /* across the spine, in the blade's plane of lean */
            int li = (int)(p.y / h_top * FL_LAYERS);
            layer *l = &L[li < 0 ? 0 : (li >= FL_LAYERS ? FL_LAYERS - 1 : li)];
            double seen = area * projected(nx, ny, eg);
            l->side += area * projected(nx, ny, 0.0);
            l->top += area * projected(nx, ny, 0.5 * FL_PI);
            l->grazing += seen;
            /* grass_albedo at its mean tint: root to tip, the lighter band before the tip; the head's colour */
            float band = 1.0f + 0.15f * sw_smoothstepf(0.5f, 0.85f, t) * (1.0f - t) * 4.0f;
            for (int c = 0; c < 3; c++) {
                double col = head ? m->head_color[c]
                                  : sw_mixf(m->root_color[c], m->tip_color[c], sw_smoothstepf(0.0f, 1.0f, t)) * band;
                l->rgb[c] += seen * col;
            }
            l->ao += seen * sw_mixf(0.35f, 1.0f, t) * blade_ao;
        }
    }
    /* per unit of ground: the blades kept where the far look takes over, over the type's patches */
    const double per_m2 = (double)m->density * FL_KEEP * (m->patch_coverage > 0.0f ? m->patch_coverage : 1.0f) /
                          FL_BLADES;
    double side = 0.0, top = 0.0, tau = 0.0, w_sum = 0.0, rgb[3] = {0}, ao = 0.0;
    for (int i = FL_LAYERS - 1; i >= 0; i--) { /* from the tips down: what the layers above leave seen */
        side += L[i].side * per_m2;
        top += L[i].top * per_m2;
        if (L[i].grazing <= 0.0) continue;
        double dtau = L[i].grazing * per_m2 / sin(eg);
        double w = exp(-tau) * (1.0 - exp(-dtau)) / L[i].grazing;
        for (int c = 0; c < 3; c++) rgb[c] += w * L[i].rgb[c];
        ao += w * L[i].ao;
        w_sum += w * L[i].grazing;
        tau += dtau;
    }
    for (int c = 0; c < 3; c++) (&g->field_r)[c] = (float)(w_sum > 0.0 ? rgb[c] / w_sum : m->tip_color[c]);
    g->field_ao = (float)(w_sum > 0.0 ? ao / w_sum : 1.0);
    g->far_side = (float)side;
    g->far_top = (float)top;
    /* grass_surface.inc.glsl at the draw distance: the gloss (the specular's weight) down to 0.1 */
    g->far_gloss = 0.1f;
}
