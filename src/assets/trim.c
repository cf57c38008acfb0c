/* trim.c — billboard cards trimmed to their impostor (SPEC AS3). A billboard card is a rectangle, but its
 * impostor covers only the tree's silhouette: a round crown on a trunk leaves a third or more of the rectangle
 * empty, and every empty texel still costs an alpha-tested fragment (on the H200 the fragment work of a deep wood's
 * billboards is most of forest_edge's asset prime). The card keeps its 3 rows of 2 vertices and 4 triangles
 * (HZD's 12-triangle billboard for 3 cards), but each row is moved to hug the coverage: the top row down to the
 * highest covered texel, the bottom row up to the lowest, the middle row to the height that minimises the area,
 * each row's ends inward as far as the straight edges to the rows next to it still contain every covered texel's
 * whole square. So every point of a covered texel stays inside the card: the fragments drawn and their uv are the
 * rectangle's (the same image), fewer of them (particle trimming, Persson 2009, with the card's fixed vertex count). */
#include "assets/assets.h"

#include <math.h>
#include <string.h>

/* One side's edge (the left one; the right one is the same on the mirrored cell): rows at texel heights
 * yt < ym < yb (from the top), ends x_t, x_m, x_b. For the rows j in [lo, hi) of a band from (y0, x0) to (y1, x1),
 * the edge at both ends of each texel row may not pass a covered texel's left side m[j]: x(y) <= m[j]. Returns
 * the largest x0 that keeps that for a given x1 (x1 is checked by the caller at y1), or -INFINITY. */
static double best_end(const double *m, double y0, double y1, double x1)
{
    double best = INFINITY;
    int j0 = (int)floor(fmin(y0, y1)), j1 = (int)ceil(fmax(y0, y1));
    for (int j = j0; j < j1; j++) {
        if (!(m[j] < INFINITY)) continue; /* an empty row */
        for (int e = 0; e < 2; e++) {
            double y = (double)(j + e);
            double t = (y - y0) / (y1 - y0); /* 0 at the end sought, 1 at x1 */
            if (t < 0.0 || t > 1.0) continue;
            if (t >= 1.0 - 1e-12) continue;    /* at x1's row: the caller's check */
            double bound = (m[j] - x1 * t) / (1.0 - t);
            if (bound < best) best = bound;
        }
    }
    return best;
}

/* The left edge's ends for rows yt, ym, yb (texel heights) given the covered rows' left sides m[]: the middle
 * end x_m tried at every half texel from 0 up to what the rows at ym allow; *area the strip between x = 0 and the
 * edge (larger is better: the trimmed part); false when no edge inside the cell holds. */
static bool left_edge(const double *m, uint32_t w, double yt, double ym, double yb, double *xt, double *xm, double *xb,
                      double *area)
{
    double limit = (double)w; /* x_m itself may not pass the rows touching ym, nor the cell */
    int jm = (int)ym;
    if (jm - 1 >= 0 && m[jm - 1] < limit) limit = m[jm - 1];
    if (m[jm] < limit) limit = m[jm];
    bool found = false;
    *area = -1.0;
    for (double x1 = 0.0; x1 <= limit + 1e-9; x1 += 0.5) {
        double x0 = best_end(m, yt, ym, x1), x2 = best_end(m, yb, ym, x1);
        if (x0 == INFINITY) x0 = x1; /* no constraint: as far in as the middle */
        if (x2 == INFINITY) x2 = x1;
        x0 = floor(x0 * 2.0) / 2.0, x2 = floor(x2 * 2.0) / 2.0;
        if (x0 < 0.0 || x2 < 0.0) continue;
        double a = 0.5 * (x0 + x1) * (ym - yt) + 0.5 * (x1 + x2) * (yb - ym);
        if (a > *area) {
            *area = a, *xt = x0, *xm = x1, *xb = x2;
            found = true;
        }
    }
    return found;
}

bool asset_card_outline_of(const asset_impostor *im, uint32_t card, asset_card_outline *out)
{
    memset(out, 0, sizeof *out);
    const uint32_t w = im->cell_w, h = im->cell_h;
    if (!im->texels || card >= im->cards || w == 0 || h < 2 || h > ASSET_IMPOSTOR_MAX_CELL) return false;
    double ml[ASSET_IMPOSTOR_MAX_CELL], mr[ASSET_IMPOSTOR_MAX_CELL]; /* per row: covered left side, mirrored right */
    int top = -1, bottom = -1;
    for (uint32_t y = 0; y < h; y++) {
        ml[y] = mr[y] = INFINITY;
        const uint32_t *row = im->texels + (size_t)y * im->width + (size_t)card * w;
        for (uint32_t x = 0; x < w; x++)
            if (row[x]) {
                if ((double)x < ml[y]) ml[y] = (double)x;
                if ((double)(w - 1u - x) < mr[y]) mr[y] = (double)(w - 1u - x);
            }
        if (ml[y] < INFINITY) {
            if (top < 0) top = (int)y;
            bottom = (int)y + 1;
        }
    }
    if (top < 0) return false; /* nothing covered: the card stays whole */
    double yt = (double)top, yb = (double)bottom, best = -1.0;
    out->y[0] = (float)yb, out->y[2] = (float)yt;
    out->left[0] = out->left[1] = out->left[2] = 0.0f;
    out->right[0] = out->right[1] = out->right[2] = (float)w;
    out->y[1] = (float)(0.5 * (yt + yb));
    for (int ym = top + 1; ym < bottom; ym++) {
        double l[3], r[3], al, ar;
        if (!left_edge(ml, w, yt, (double)ym, yb, &l[2], &l[1], &l[0], &al)) continue;
        if (!left_edge(mr, w, yt, (double)ym, yb, &r[2], &r[1], &r[0], &ar)) continue;
        if (l[1] > (double)w - r[1]) continue; /* the edges would cross at a gap in the coverage */
        if (al + ar > best) {
            best = al + ar;
            out->y[1] = (float)ym;
            for (int k = 0; k < 3; k++) {
                out->left[k] = (float)l[k];
                out->right[k] = (float)((double)w - r[k]);
            }
        }
    }
    return true;
}

double asset_card_outline_area(const asset_card_outline *o)
{
    double a = 0.0;
    for (int k = 0; k < 2; k++) /* bottom band (rows 0-1), top band (rows 1-2) */
        a += 0.5 * ((double)(o->right[k] - o->left[k]) + (double)(o->right[k + 1] - o->left[k + 1])) *
             (double)(o->y[k] - o->y[k + 1]);
    return a;
}

void asset_billboard_trim(asset_chain *c, const asset_impostor *im)
{
    if (!c->billboard_cards || !im->texels || im->cards != c->billboard_cards) return;
    asset_card_outline outline[8];
    bool have[8] = {false};
    const uint32_t cards = c->billboard_cards < 8u ? c->billboard_cards : 8u;
    for (uint32_t k = 0; k < cards; k++) have[k] = asset_card_outline_of(im, k, &outline[k]);
    const float *lo = c->lods[0].bounds_min, *hi = c->lods[0].bounds_max;
    for (uint32_t lv = 0; lv < c->lod_count; lv++) {
        asset_mesh *m = &c->lods[lv];
        uint32_t first = asset_mesh_billboard_first(m);
        /* each card's vertices are used by the billboard's indices only (add_billboard): move each once */
        for (uint32_t i = first; i < m->index_count; i++) {
            asset_vertex *v = &m->vertices[m->indices[i]];
            /* its card from its normal (sin a, 0, -cos a) at a = card 180 / cards degrees, as the renderer reads it */
            float ang = atan2f(v->normal[0], -v->normal[2]);
            int k = (int)lrintf(ang / (3.14159265f / (float)cards));
            k = ((k % (int)cards) + (int)cards) % (int)cards;
            if (!have[k]) continue;
            const asset_card_outline *o = &outline[k];
            /* which corner: side from u (c / cards left, (c + 1) / cards right), row from v (1 bottom .. 0 top);
             * a vertex already moved has u strictly inside its cell and is recognised by its position's v */
            float side_f = v->uv[0] * (float)cards - (float)k;
            int row = v->uv[1] > 0.75f ? 0 : v->uv[1] > 0.25f ? 1 : 2;
            if (v->gradient < 0.0f) continue; /* moved already (marked below) */
            int side = side_f > 0.5f ? 1 : 0;
            float x = side ? o->right[row] : o->left[row], y = o->y[row];
            asset_card card;
            asset_billboard_card(lo, hi, cards, (uint32_t)k, &card);
            float s = card.half_width * (2.0f * x / (float)im->cell_w - 1.0f);
            float t = card.height * (1.0f - y / (float)im->cell_h);
            v->pos[0] = card.centre[0] + card.right[0] * s;
            v->pos[1] = card.centre[1] + t;
            v->pos[2] = card.centre[2] + card.right[2] * s;
            v->uv[0] = ((float)k + x / (float)im->cell_w) / (float)cards;
            v->uv[1] = y / (float)im->cell_h;
            v->gradient = -1.0f - (hi[1] > 0.0f ? fmaxf(0.0f, v->pos[1] / hi[1]) : 0.0f); /* moved; undone below */
        }
        for (uint32_t i = first; i < m->index_count; i++) {
            asset_vertex *v = &m->vertices[m->indices[i]];
            if (v->gradient < 0.0f) v->gradient = -1.0f - v->gradient;
        }
    }
}

sward_result asset_billboard_bake(asset_chain *c, uint32_t cell_w, uint32_t cell_h, const asset_texture_set *leaves,
                                  asset_impostor *out, sward_error *err)
{
    sward_result r = asset_impostor_bake(c, cell_w, cell_h, leaves, out, err);
    if (r == SWARD_OK) asset_billboard_trim(c, out);
    return r;
}
