/* sw_areas.h — density areas (SPEC PL2; Frictional "Plant Placement Data": circles and convex polygons, each
 * with a density that adds to (or, negative, takes from) the base density of the types it names) and the
 * layered exclusion of mesh assets (Horizon Zero Dawn's footprint dithering).
 *
 * The density of a type at a point is clamp(base + sum of the densities of its areas containing the point, 0,
 * max), so overlapping areas never exceed the type's maximum (the density its grid is built for) and a
 * negative area thins or clears its inside. The candidate's keep value is compared with that fraction of the
 * maximum multiplied into the patch coverage: with no area and base = max the fraction is exactly 1 and the
 * placement is the one without areas, bit for bit.
 *
 * The areas go to the GPU as one storage buffer (SW_BIND_AREAS: a 16-byte header with the count, then
 * sw_area[]); each area carries its bounding box for a cheap rejection and a mask of its users (bit k: grass
 * type k; bit SW_AREA_USER_ASSET + a: asset a). The sum runs over the areas in the scene's order on the CPU
 * (src/place/areas.c) and the GPU (areas.inc.glsl) alike, with `precise`, so both add the same floats in the
 * same order. */
#ifndef SW_AREAS_H
#define SW_AREAS_H
#include "sw_lang.h"

#define SW_MAX_AREAS 256u
#define SW_AREA_MAX_POINTS 32u
#define SW_AREA_CIRCLE 0u
#define SW_AREA_POLYGON 1u
#define SW_AREA_USER_ASSET 16u /* bit 16 + asset of sw_area.users */

/* One area, 304 bytes, 4-byte members only (std430 = C). Polygons are stored counter-clockwise in (x, z)
 * (the loader reverses the other winding), so a point is inside when it lies on the left of (or on) every
 * edge. */
struct sw_area {
    float x0, z0, x1, z1;       /* m: bounding box */
    float density;              /* instances / m^2, added where the point is inside (may be negative) */
    sw_uint kind, users, count; /* SW_AREA_*; user bits; polygon points */
    float cx, cz, r2, pad;      /* circle: centre (m), radius^2 (m^2) */
    float px[SW_AREA_MAX_POINTS], pz[SW_AREA_MAX_POINTS]; /* polygon points, m */
};

#ifndef SW_GLSL
typedef struct sw_area sw_area;
_Static_assert(sizeof(sw_area) == 304, "sw_area layout");
#endif

/* Whether (x, z) lies in the area (its boundary included). */
SW_FN bool sw_area_contains(sw_area a, float x, float z)
{
    if (x < a.x0 || x > a.x1 || z < a.z0 || z > a.z1) return false;
    if (a.kind == SW_AREA_CIRCLE) {
        SW_PRECISE float dx = x - a.cx;
        SW_PRECISE float dz = z - a.cz;
        SW_PRECISE float d2 = dx * dx + dz * dz;
        return d2 <= a.r2;
    }
    for (sw_uint k = 0u; k < a.count; k++) {
        sw_uint n = k + 1u == a.count ? 0u : k + 1u;
        SW_PRECISE float ex = a.px[n] - a.px[k];
        SW_PRECISE float ez = a.pz[n] - a.pz[k];
        SW_PRECISE float qx = x - a.px[k];
        SW_PRECISE float qz = z - a.pz[k];
        SW_PRECISE float cr = ex * qz - ez * qx;
        if (cr < 0.0f) return false;
    }
    return true;
}

/* The running sum: sum + the area's density when it is a user's and contains the point. */
SW_FN float sw_area_add(float sum, sw_area a, sw_uint user_bit, float x, float z)
{
    if ((a.users & user_bit) == 0u || !sw_area_contains(a, x, z)) return sum;
    SW_PRECISE float s = sum + a.density;
    return s;
}

/* The fraction of the maximum density at a point: clamp(base + sum, 0, max) / max, exactly 1 at the maximum
 * (inv_max = 1 / max, computed once on the CPU: a division is not exact on every GPU). */
SW_FN float sw_area_fraction(float base, float sum, float max_density, float inv_max)
{
    SW_PRECISE float d = sw_clampf(base + sum, 0.0f, max_density);
    SW_PRECISE float f = d * inv_max;
    return d >= max_density ? 1.0f : f;
}

/* HZD "layered exclusion": the assets of a layer share one grid and one keep value per point; asset k keeps
 * the point when keep falls in [lo, lo + cover x fraction x scale), lo the sum of the earlier assets' maxima and
 * scale its maximum, both over the layer's total. Assets without a layer have lo 0 and scale 1 (keep < cover x
 * fraction, the grass's rule). */
SW_FN bool sw_keep_in(float keep, float cover, float fraction, float lo, float scale)
{
    SW_PRECISE float w = cover * fraction * scale;
    SW_PRECISE float hi = lo + w;
    return keep >= lo && keep < hi;
}

#endif
