/* sw_blade_shape.h — the procedural blade (SPEC GA1; Ghost of Tsushima "Bezier shape and wind motion").
 *
 * A blade is a cubic Bezier spine from its root to its tip, swept sideways by a tapering width. Position and
 * tangent are analytic, so the normal is exact at every vertex. The blade leans along its facing by its bend,
 * and the wind push moves the tip; the tip's height drops so the blade keeps about its length. Blades are
 * built in the vertex shader from the vertex id: the high form has 7 segments (15 vertices), the low one 3
 * segments (7 vertices), both as one triangle strip ending in the tip. */
#ifndef SW_BLADE_SHAPE_H
#define SW_BLADE_SHAPE_H
#include "sw_lang.h"

struct sw_v3 {
    float x, y, z;
};

/* Control points relative to the root; p0 is the root itself. */
struct sw_bezier {
    float p1x, p1y, p1z;
    float p2x, p2y, p2z;
    float p3x, p3y, p3z;
};

#ifndef SW_GLSL
typedef struct sw_v3 sw_v3;
typedef struct sw_bezier sw_bezier;
#endif

/* facing (fx, fz) is a unit vector; lean in [0, 1] and push (a horizontal vector of length < 1) are
 * fractions of the height. */
SW_FN sw_bezier sw_blade_curve(float height, float lean, float fx, float fz, float push_x, float push_z)
{
    float dx = (fx * lean + push_x) * height;
    float dz = (fz * lean + push_z) * height;
    float d2 = dx * dx + dz * dz;
    float dmax = 0.92f * height;
    if (d2 > dmax * dmax) {
        float k = dmax / sw_sqrt(d2);
        dx *= k;
        dz *= k;
        d2 = dmax * dmax;
    }
    float ty = sw_sqrt(height * height - d2);
    sw_bezier b;
    b.p1x = 0.0f;
    b.p1y = 0.4f * ty;
    b.p1z = 0.0f;
    b.p2x = 0.45f * dx;
    b.p2y = 0.85f * ty;
    b.p2z = 0.45f * dz;
    b.p3x = dx;
    b.p3y = ty;
    b.p3z = dz;
    return b;
}

SW_FN float sw_bezier1(float p1, float p2, float p3, float t)
{
    float u = 1.0f - t;
    return 3.0f * u * u * t * p1 + 3.0f * u * t * t * p2 + t * t * t * p3;
}

SW_FN float sw_bezier1_d(float p1, float p2, float p3, float t)
{
    float u = 1.0f - t;
    return 3.0f * u * u * p1 + 6.0f * u * t * (p2 - p1) + 3.0f * t * t * (p3 - p2);
}

SW_FN sw_v3 sw_bezier_pos(sw_bezier b, float t)
{
    sw_v3 r;
    r.x = sw_bezier1(b.p1x, b.p2x, b.p3x, t);
    r.y = sw_bezier1(b.p1y, b.p2y, b.p3y, t);
    r.z = sw_bezier1(b.p1z, b.p2z, b.p3z, t);
    return r;
}

/* dB/dt: the spine's tangent (not normalised). */
SW_FN sw_v3 sw_bezier_tangent(sw_bezier b, float t)
{
    sw_v3 r;
    r.x = sw_bezier1_d(b.p1x, b.p2x, b.p3x, t);
    r.y = sw_bezier1_d(b.p1y, b.p2y, b.p3y, t);
    r.z = sw_bezier1_d(b.p1z, b.p2z, b.p3z, t);
    return r;
}

/* Width taper: full at the root, zero at the tip, slightly convex so blades read as blades, not wedges. */
SW_FN float sw_blade_taper(float t)
{
    return (1.0f - t) * (1.0f + 0.6f * t);
}

/* Vertex v of a strip with `segments` segments: position along the spine t and side (-1, +1; 0 at the tip). */
SW_FN float sw_strip_t(sw_uint v, sw_uint segments)
{
    return SW_F(sw_mini(SW_I(v >> 1u), SW_I(segments))) / SW_F(segments);
}

SW_FN float sw_strip_side(sw_uint v, sw_uint segments)
{
    if ((v >> 1u) >= segments) return 0.0f;
    return (v & 1u) == 0u ? -1.0f : 1.0f;
}

/* SC6 LOD morph. The 7-vertex blade is the piecewise-linear curve through the spine at t = 0, 1/3, 2/3, 1
 * (its rows and tip). Before the switch the 15-vertex blade slides its vertices onto that curve, so at the
 * switch both draw the same shape. Knot segment of t on the low blade and the weight within it: */
SW_FN float sw_low_knot(float t)
{
    return sw_minf(sw_floor(t * 3.0f), 2.0f) / 3.0f;
}

SW_FN float sw_low_weight(float t)
{
    return (t - sw_low_knot(t)) * 3.0f;
}

/* The low blade's spine at t (linear between its knots). */
SW_FN sw_v3 sw_bezier_pos_low(sw_bezier b, float t)
{
    float t0 = sw_low_knot(t);
    float w = sw_low_weight(t);
    sw_v3 a = sw_bezier_pos(b, t0);
    sw_v3 c = sw_bezier_pos(b, t0 + 1.0f / 3.0f);
    sw_v3 r;
    r.x = sw_mixf(a.x, c.x, w);
    r.y = sw_mixf(a.y, c.y, w);
    r.z = sw_mixf(a.z, c.z, w);
    return r;
}

/* Spine position of a vertex at t, morphed toward the low shape by `morph` (0 = the Bezier, 1 = the low
 * blade's polyline). */
SW_FN sw_v3 sw_bezier_pos_morph(sw_bezier b, float t, float morph)
{
    sw_v3 h = sw_bezier_pos(b, t);
    sw_v3 l = sw_bezier_pos_low(b, t);
    sw_v3 r;
    r.x = sw_mixf(h.x, l.x, morph);
    r.y = sw_mixf(h.y, l.y, morph);
    r.z = sw_mixf(h.z, l.z, morph);
    return r;
}

/* The width taper likewise: linear between the low blade's knots. */
SW_FN float sw_blade_taper_morph(float t, float morph)
{
    float t0 = sw_low_knot(t);
    float low = sw_mixf(sw_blade_taper(t0), sw_blade_taper(t0 + 1.0f / 3.0f), sw_low_weight(t));
    return sw_mixf(sw_blade_taper(t), low, morph);
}

#endif
