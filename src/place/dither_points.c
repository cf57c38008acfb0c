/* dither_points.c — the ordered-dither point set of asset placement (SPEC PL11; HZD, van Muijden, "GPU-Based
 * Procedural Placement in Horizon Zero Dawn", GDC 2017: a disk-packed pattern whose points carry thresholds).
 *
 * The table of shaders/shared/sw_dither_points.h is this generator's output, written once and compared with it by
 * unit_dither_points (which also rewrites it: `unit_dither_points --write FILE`). Two steps, both on the integer
 * lattice of SW_DITHER_Q^2 positions of a tile that wraps around (a torus), so distances are exact and the tiles
 * of the world meet with the same spacing as inside one:
 *   1. dart throwing (random sequential addition, Cook 1986): uniform random positions from a fixed PCG stream,
 *      each accepted when it lies at least SW_DITHER_R from every point accepted before, until
 *      SW_DITHER_POINTS are accepted (about 26,000 darts: R is 0.93 of the radius where such packings jam);
 *   2. the order: greedy farthest-point, each next point the one farthest from those ordered before it (the
 *      lowest index among ties), so point k's threshold k / SW_DITHER_POINTS makes every prefix, every subset
 *      below a threshold, spread evenly. */
#include "place/place.h"

#include <stdlib.h>

static int torus_d2(sw_uint a, sw_uint b)
{
    int dx = abs((int)(a & (SW_DITHER_Q - 1u)) - (int)(b & (SW_DITHER_Q - 1u)));
    int dz = abs((int)(a >> SW_DITHER_Q_BITS) - (int)(b >> SW_DITHER_Q_BITS));
    if (dx > (int)SW_DITHER_Q / 2) dx = (int)SW_DITHER_Q - dx;
    if (dz > (int)SW_DITHER_Q / 2) dz = (int)SW_DITHER_Q - dz;
    return dx * dx + dz * dz;
}

int place_dither_min_d2(const sw_uint *points, uint32_t n)
{
    int best = (int)(2u * SW_DITHER_Q * SW_DITHER_Q);
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = i + 1; j < n; j++) {
            int d = torus_d2(points[i], points[j]);
            if (d < best) best = d;
        }
    return best;
}

bool place_dither_generate(sw_uint out[SW_DITHER_POINTS])
{
    static sw_uint darts[SW_DITHER_POINTS];
    const int r2 = (int)(SW_DITHER_R * SW_DITHER_R);
    sw_uint state = 0x2545f491u, n = 0;
    for (uint32_t tries = 0; n < SW_DITHER_POINTS && tries < 1000000u; tries++) {
        state = sw_pcg(state);
        sw_uint x = state & (SW_DITHER_Q - 1u);
        state = sw_pcg(state);
        sw_uint p = x | (state & (SW_DITHER_Q - 1u)) << SW_DITHER_Q_BITS;
        bool ok = true;
        for (sw_uint i = 0; i < n && ok; i++) ok = torus_d2(p, darts[i]) >= r2;
        if (ok) darts[n++] = p;
    }
    if (n < SW_DITHER_POINTS) return false;
    /* farthest-point order, from the first dart */
    static int far[SW_DITHER_POINTS];
    static bool used[SW_DITHER_POINTS];
    for (sw_uint i = 0; i < n; i++) {
        far[i] = torus_d2(darts[i], darts[0]);
        used[i] = false;
    }
    sw_uint next = 0;
    for (sw_uint k = 0; k < n; k++) {
        out[k] = darts[next];
        used[next] = true;
        sw_uint pick = 0;
        int best = -1;
        for (sw_uint i = 0; i < n; i++) {
            if (used[i]) continue;
            int d = torus_d2(darts[i], darts[next]);
            if (d < far[i]) far[i] = d;
            if (far[i] > best) {
                best = far[i];
                pick = i;
            }
        }
        next = pick;
    }
    return true;
}
