/* SVG line charts (plot.h): axes from the data (whole decades on a log axis, 1/2/5 x 10^k steps on a linear
 * one), light grid, one polyline and markers per series, legend. Coordinates are printed with "%.2f", so the
 * same input always gives the same bytes. */
#include "plot.h"

#include "../core/core.h" /* the command has no src/ include path; core is in the static library */

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The canvas and the plot area inside it (pixels). */
#define PLOT_W 720.0
#define PLOT_H 440.0
#define AREA_X0 80.0
#define AREA_X1 560.0
#define AREA_Y0 50.0
#define AREA_Y1 380.0

static const char *const plot_colours[] = { "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                            "#9467bd", "#8c564b", "#e377c2", "#17becf" };
#define PLOT_COLOURS (sizeof plot_colours / sizeof plot_colours[0])

/* ---- a growing string ---- */

typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool oom;
} sbuf;

static void sb_reserve(sbuf *b, size_t extra)
{
    if (b->oom || b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra + 1) cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        b->oom = true;
        return;
    }
    b->s = s;
    b->cap = cap;
}

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->oom = true;
        return;
    }
    sb_reserve(b, (size_t)n);
    if (b->oom) return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* Appends text with &, <, >, " and ' escaped; control characters XML cannot carry become '?'. */
static void sb_text(sbuf *b, const char *t)
{
    for (const unsigned char *c = (const unsigned char *)(t ? t : ""); *c; c++) {
        switch (*c) {
        case '&': sb_printf(b, "&amp;"); break;
        case '<': sb_printf(b, "&lt;"); break;
        case '>': sb_printf(b, "&gt;"); break;
        case '"': sb_printf(b, "&quot;"); break;
        case '\'': sb_printf(b, "&#39;"); break;
        default: sb_printf(b, "%c", (*c < 0x20 && *c != '\t' && *c != '\n' && *c != '\r') ? '?' : (char)*c);
        }
    }
}

/* ---- numbers ---- */

/* A compact label: 0.25, 5, 250, 1k, 10k, 1.5M, 2G (three significant digits at most). */
static void fmt_compact(char *out, size_t cap, double v)
{
    static const char *const suffix[] = { "", "k", "M", "G", "T" };
    double a = fabs(v);
    if (a == 0.0) {
        snprintf(out, cap, "0");
        return;
    }
    int k = 0;
    while (k < 4 && a >= 999.5) {
        a /= 1000.0;
        k++;
    }
    snprintf(out, cap, "%s%.3g%s", v < 0.0 ? "-" : "", a, suffix[k]);
}

/* One axis: the data's range widened to whole decades (log) or to multiples of a 1/2/5 x 10^k step. */
typedef struct axis {
    bool log;
    double lo, hi;   /* the axis' ends, data units */
    double step;     /* linear: the tick spacing */
    double px0, px1; /* pixels of lo and hi */
} axis;

/* Where v falls between the ends, 0 to 1. */
static double axis_t(const axis *a, double v)
{
    return a->log ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo)) : (v - a->lo) / (a->hi - a->lo);
}

static double axis_px(const axis *a, double v)
{
    return a->px0 + (a->px1 - a->px0) * axis_t(a, v);
}

static void axis_fit(axis *a, double mn, double mx)
{
    if (a->log) {
        a->lo = pow(10.0, floor(log10(mn)));
        a->hi = pow(10.0, ceil(log10(mx)));
        if (!(a->hi > a->lo)) a->hi = a->lo * 10.0;
        return;
    }
    if (!(mx > mn)) { /* one value: a unit (or 10 %) either side */
        double d = mn == 0.0 ? 1.0 : 0.1 * fabs(mn);
        mn -= d;
        mx += d;
    }
    /* the smallest 1/2/5 x 10^k step that gives at most 8 ticks */
    double base = pow(10.0, floor(log10(mx - mn)) - 2.0);
    static const double mult[] = { 1.0, 2.0, 5.0 };
    for (int i = 0; i < 30; i++) {
        double step = mult[i % 3] * base * pow(10.0, (double)(i / 3));
        double lo = floor(mn / step + 1e-9) * step, hi = ceil(mx / step - 1e-9) * step;
        a->step = step;
        a->lo = lo;
        a->hi = hi;
        if ((hi - lo) / step + 1.0 <= 8.5) break;
    }
}

/* ---- checks ---- */

static sward_result check_plot(const char *name, const app_plot *p, sward_error *err)
{
    if (!p || !p->series || p->series_count == 0)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no series to plot", name);
    for (size_t s = 0; s < p->series_count; s++) {
        const app_plot_series *ser = &p->series[s];
        const char *sn = ser->name ? ser->name : "";
        if (ser->n == 0 || !ser->x || !ser->y)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: series %zu \"%s\" has no points", name, s, sn);
        for (size_t i = 0; i < ser->n; i++) {
            const double v[2] = { ser->x[i], ser->y[i] };
            const bool lg[2] = { p->log_x, p->log_y };
            for (int c = 0; c < 2; c++) {
                const char *an = c == 0 ? "x" : "y";
                if (!isfinite(v[c]))
                    return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: series %zu \"%s\" point %zu: %s is %s",
                                     name, s, sn, i, an, isnan(v[c]) ? "NaN" : "infinite");
                if (lg[c] && v[c] <= 0.0)
                    return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                     "%s: series %zu \"%s\" point %zu: %s = %g is not positive on a log axis", name,
                                     s, sn, i, an, v[c]);
            }
        }
    }
    return SWARD_OK;
}

/* ---- drawing ---- */

static void draw_tick(sbuf *b, bool is_x, double px, const char *label, bool major)
{
    if (is_x) {
        if (major)
            sb_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#e4e4e4\"/>\n", px, AREA_Y0,
                      px, AREA_Y1);
        sb_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#333\"/>\n", px, AREA_Y1, px,
                  AREA_Y1 + (major ? 6.0 : 3.0));
        if (label)
            sb_printf(b, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">%s</text>\n", px, AREA_Y1 + 20.0, label);
    } else {
        if (major)
            sb_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#e4e4e4\"/>\n", AREA_X0, px,
                      AREA_X1, px);
        sb_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#333\"/>\n",
                  AREA_X0 - (major ? 6.0 : 3.0), px, AREA_X0, px);
        if (label)
            sb_printf(b, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\">%s</text>\n", AREA_X0 - 9.0, px + 4.0,
                      label);
    }
}

static void draw_ticks(sbuf *b, const axis *a, bool is_x)
{
    char label[32];
    if (a->log) {
        int d0 = (int)lround(log10(a->lo)), d1 = (int)lround(log10(a->hi));
        int every = (d1 - d0 + 9) / 10; /* at most about 10 labels */
        for (int d = d0; d <= d1; d++) {
            double v = pow(10.0, (double)d);
            fmt_compact(label, sizeof label, v);
            draw_tick(b, is_x, axis_px(a, v), (d - d0) % every == 0 ? label : NULL, true);
            if (d < d1 && d1 - d0 <= 6)
                for (int m = 2; m <= 9; m++) draw_tick(b, is_x, axis_px(a, m * v), NULL, false);
        }
        return;
    }
    long n = lround((a->hi - a->lo) / a->step);
    for (long i = 0; i <= n; i++) {
        double v = a->lo + (double)i * a->step;
        if (fabs(v) < 1e-9 * a->step) v = 0.0;
        fmt_compact(label, sizeof label, v);
        draw_tick(b, is_x, axis_px(a, v), label, true);
    }
}

static void svg_open(sbuf *b, double height)
{
    sb_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                 "font-family=\"sans-serif\" font-size=\"12\">\n",
              PLOT_W, height, PLOT_W, height);
    sb_printf(b, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", PLOT_W, height);
}

/* One chart in the plot area (AREA_*), the caller having opened the SVG (and a translated group for a panel). */
static void draw(sbuf *b, const app_plot *p)
{
    axis ax = { .log = p->log_x, .px0 = AREA_X0, .px1 = AREA_X1 };
    axis ay = { .log = p->log_y, .px0 = AREA_Y1, .px1 = AREA_Y0 };
    double xmn = INFINITY, xmx = -INFINITY, ymn = INFINITY, ymx = -INFINITY;
    for (size_t s = 0; s < p->series_count; s++)
        for (size_t i = 0; i < p->series[s].n; i++) {
            xmn = fmin(xmn, p->series[s].x[i]);
            xmx = fmax(xmx, p->series[s].x[i]);
            ymn = fmin(ymn, p->series[s].y[i]);
            ymx = fmax(ymx, p->series[s].y[i]);
        }
    if (p->y_from_zero && !p->log_y && ymn > 0.0) ymn = 0.0;
    axis_fit(&ax, xmn, xmx);
    axis_fit(&ay, ymn, ymx);

    if (p->title) {
        sb_printf(b, "<text x=\"%.2f\" y=\"28\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\">",
                  0.5 * (AREA_X0 + AREA_X1));
        sb_text(b, p->title);
        sb_printf(b, "</text>\n");
    }
    draw_ticks(b, &ax, true);
    draw_ticks(b, &ay, false);
    sb_printf(b, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"none\" stroke=\"#333\"/>\n",
              AREA_X0, AREA_Y0, AREA_X1 - AREA_X0, AREA_Y1 - AREA_Y0);
    if (p->x_label) {
        sb_printf(b, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">", 0.5 * (AREA_X0 + AREA_X1), AREA_Y1 + 45.0);
        sb_text(b, p->x_label);
        sb_printf(b, "</text>\n");
    }
    if (p->y_label) {
        double cy = 0.5 * (AREA_Y0 + AREA_Y1);
        sb_printf(b, "<text x=\"20.00\" y=\"%.2f\" text-anchor=\"middle\" transform=\"rotate(-90 20.00 %.2f)\">", cy,
                  cy);
        sb_text(b, p->y_label);
        sb_printf(b, "</text>\n");
    }

    for (size_t s = 0; s < p->series_count; s++) {
        const app_plot_series *ser = &p->series[s];
        const char *col = plot_colours[s % PLOT_COLOURS];
        sb_printf(b, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", col);
        for (size_t i = 0; i < ser->n; i++)
            sb_printf(b, "%s%.2f,%.2f", i ? " " : "", axis_px(&ax, ser->x[i]), axis_px(&ay, ser->y[i]));
        sb_printf(b, "\"/>\n");
        for (size_t i = 0; i < ser->n && !p->no_markers; i++)
            sb_printf(b, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3.5\" fill=\"%s\"/>\n", axis_px(&ax, ser->x[i]),
                      axis_px(&ay, ser->y[i]), col);
        /* the legend, right of the plot area */
        double ly = AREA_Y0 + 10.0 + 22.0 * (double)s;
        sb_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                  AREA_X1 + 15.0, ly, AREA_X1 + 43.0, ly, col);
        if (!p->no_markers)
            sb_printf(b, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3.5\" fill=\"%s\"/>\n", AREA_X1 + 29.0, ly, col);
        sb_printf(b, "<text x=\"%.2f\" y=\"%.2f\">", AREA_X1 + 50.0, ly + 4.0);
        sb_text(b, ser->name);
        sb_printf(b, "</text>\n");
    }
    /* vertical marks (the flight's teleports) inside the x range, and their legend entry */
    for (size_t i = 0; i < p->mark_count; i++) {
        if (!isfinite(p->marks[i]) || p->marks[i] < ax.lo || p->marks[i] > ax.hi || (ax.log && p->marks[i] <= 0.0))
            continue;
        double x = axis_px(&ax, p->marks[i]);
        sb_printf(b, "<line class=\"mark\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#555\" "
                     "stroke-dasharray=\"5,4\"/>\n", x, AREA_Y0, x, AREA_Y1);
    }
    if (p->mark_count && p->mark_name) {
        double ly = AREA_Y0 + 10.0 + 22.0 * (double)p->series_count;
        sb_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#555\" "
                     "stroke-dasharray=\"5,4\"/>\n", AREA_X1 + 15.0, ly, AREA_X1 + 43.0, ly);
        sb_printf(b, "<text x=\"%.2f\" y=\"%.2f\">", AREA_X1 + 50.0, ly + 4.0);
        sb_text(b, p->mark_name);
        sb_printf(b, "</text>\n");
    }
}

/* ---- bars ---- */

#define BARS_X0 170.0  /* the bars start here; names are right-aligned left of it */
#define BARS_X1 590.0  /* the axis' end; value labels may run past it */
#define BARS_TOP 70.0  /* the first row */
#define BARS_ROW 24.0  /* a row: a bar of 16 and a gap of 8 */
#define BARS_BAR 16.0

static double bars_height(const app_bars *b)
{
    return BARS_TOP + BARS_ROW * (double)b->count + 60.0;
}

static sward_result check_bars(const char *name, const app_bars *b, sward_error *err)
{
    if (!b || !b->bars || b->count == 0) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no bars to plot", name);
    for (size_t i = 0; i < b->count; i++) {
        const app_bar *r = &b->bars[i];
        const char *bn = r->name ? r->name : "";
        if (!isfinite(r->value) || r->value < 0.0)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: bar %zu \"%s\": value %g is not a finite number >= 0",
                             name, i, bn, r->value);
        if (!isnan(r->mark) && (!isfinite(r->mark) || r->mark < 0.0))
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: bar %zu \"%s\": mark %g is not a finite number >= 0",
                             name, i, bn, r->mark);
    }
    return SWARD_OK;
}

/* The bar chart at the top of the current group, BARS_* coordinates. */
static void draw_bars(sbuf *b, const app_bars *p)
{
    double mx = 0.0;
    for (size_t i = 0; i < p->count; i++) {
        mx = fmax(mx, p->bars[i].value);
        if (!isnan(p->bars[i].mark)) mx = fmax(mx, p->bars[i].mark);
    }
    double bottom = BARS_TOP + BARS_ROW * (double)p->count;
    axis ax = { .log = false, .px0 = BARS_X0, .px1 = BARS_X1 };
    axis_fit(&ax, 0.0, mx > 0.0 ? mx : 1.0);
    const char *unit = p->unit ? p->unit : "";
    if (p->title) {
        sb_printf(b, "<text x=\"%.2f\" y=\"28\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\">",
                  0.5 * PLOT_W);
        sb_text(b, p->title);
        sb_printf(b, "</text>\n");
    }
    if (p->subtitle) {
        sb_printf(b, "<text x=\"%.2f\" y=\"48\" text-anchor=\"middle\" fill=\"#555\">", 0.5 * PLOT_W);
        sb_text(b, p->subtitle);
        sb_printf(b, "</text>\n");
    }
    /* the grid and the ticks under the rows */
    char label[32];
    long nt = lround((ax.hi - ax.lo) / ax.step);
    for (long i = 0; i <= nt; i++) {
        double v = ax.lo + (double)i * ax.step, x = axis_px(&ax, v);
        fmt_compact(label, sizeof label, v);
        sb_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#e4e4e4\"/>\n", x,
                  BARS_TOP - 4.0, x, bottom);
        sb_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#333\"/>\n", x, bottom, x,
                  bottom + 6.0);
        sb_printf(b, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">%s</text>\n", x, bottom + 20.0, label);
    }
    sb_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#333\"/>\n", BARS_X0,
              BARS_TOP - 4.0, BARS_X0, bottom);
    sb_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#333\"/>\n", BARS_X0, bottom,
              BARS_X1, bottom);
    if (p->x_label) {
        sb_printf(b, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">", 0.5 * (BARS_X0 + BARS_X1), bottom + 42.0);
        sb_text(b, p->x_label);
        sb_printf(b, "</text>\n");
    }
    for (size_t i = 0; i < p->count; i++) {
        const app_bar *r = &p->bars[i];
        double y = BARS_TOP + BARS_ROW * (double)i, w = axis_px(&ax, r->value) - BARS_X0;
        sb_printf(b, "<rect class=\"bar\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\">"
                     "<title>", BARS_X0, y, w, BARS_BAR, plot_colours[0]);
        sb_text(b, r->name);
        sb_printf(b, ": %.3f%s", r->value, unit);
        if (!isnan(r->mark)) sb_printf(b, " (min %.3f%s)", r->mark, unit);
        sb_printf(b, "</title></rect>\n");
        if (!isnan(r->mark)) {
            double mxp = axis_px(&ax, r->mark);
            sb_printf(b, "<line class=\"min\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#d62728\" "
                         "stroke-width=\"2\"/>\n", mxp, y - 2.0, mxp, y + BARS_BAR + 2.0);
        }
        sb_printf(b, "<text class=\"name\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\">", BARS_X0 - 8.0, y + 12.5);
        sb_text(b, r->name);
        sb_printf(b, "</text>\n");
        sb_printf(b, "<text class=\"value\" x=\"%.2f\" y=\"%.2f\">%.3f", BARS_X0 + w + 6.0, y + 12.5, r->value);
        sb_text(b, unit);
        sb_printf(b, "</text>\n");
    }
}

/* ---- figures: line panels, then bars ---- */

static sward_result render_figure(const char *name, const app_plot *p, size_t n, const app_bars *bars, sbuf *b,
                                  sward_error *err)
{
    if (n == 0 && !bars) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: nothing to plot", name);
    for (size_t i = 0; i < n; i++) {
        sward_result r = check_plot(name, &p[i], err);
        if (r != SWARD_OK) return r;
    }
    if (bars) {
        sward_result r = check_bars(name, bars, err);
        if (r != SWARD_OK) return r;
    }
    size_t parts = n + (bars ? 1u : 0u);
    svg_open(b, PLOT_H * (double)n + (bars ? bars_height(bars) : 0.0));
    for (size_t i = 0; i < n; i++) {
        if (parts > 1) sb_printf(b, "<g transform=\"translate(0 %.0f)\">\n", PLOT_H * (double)i);
        draw(b, &p[i]);
        if (parts > 1) sb_printf(b, "</g>\n");
    }
    if (bars) {
        if (parts > 1) sb_printf(b, "<g transform=\"translate(0 %.0f)\">\n", PLOT_H * (double)n);
        draw_bars(b, bars);
        if (parts > 1) sb_printf(b, "</g>\n");
    }
    sb_printf(b, "</svg>\n");
    if (b->oom) {
        free(b->s);
        b->s = NULL;
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", name);
    }
    return SWARD_OK;
}

static sward_result render_panels(const char *name, const app_plot *p, size_t n, sbuf *b, sward_error *err)
{
    if (n == 0) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no panels to plot", name);
    return render_figure(name, p, n, NULL, b, err);
}

sward_result app_figure_svg_string(const app_plot *panels, size_t n, const app_bars *bars, char **out,
                                   sward_error *err)
{
    sbuf b = { 0 };
    *out = NULL;
    sward_result r = render_figure("plot", panels, n, bars, &b, err);
    if (r == SWARD_OK) *out = b.s;
    return r;
}

sward_result app_figure_svg(const char *path, const app_plot *panels, size_t n, const app_bars *bars,
                            sward_error *err)
{
    sbuf b = { 0 };
    sward_result r = render_figure(path, panels, n, bars, &b, err);
    if (r != SWARD_OK) return r;
    r = core_write_file(path, b.s, b.len, err);
    free(b.s);
    return r;
}

sward_result app_bars_svg_string(const app_bars *bars, char **out, sward_error *err)
{
    *out = NULL;
    if (!bars) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "plot: no bars to plot");
    return app_figure_svg_string(NULL, 0, bars, out, err);
}

sward_result app_bars_svg(const char *path, const app_bars *bars, sward_error *err)
{
    if (!bars) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no bars to plot", path);
    return app_figure_svg(path, NULL, 0, bars, err);
}

sward_result app_plot_svg_panels_string(const app_plot *panels, size_t n, char **out, sward_error *err)
{
    sbuf b = { 0 };
    *out = NULL;
    sward_result r = render_panels("plot", panels, n, &b, err);
    if (r == SWARD_OK) *out = b.s;
    return r;
}

sward_result app_plot_svg_panels(const char *path, const app_plot *panels, size_t n, sward_error *err)
{
    sbuf b = { 0 };
    sward_result r = render_panels(path, panels, n, &b, err);
    if (r != SWARD_OK) return r;
    r = core_write_file(path, b.s, b.len, err);
    free(b.s);
    return r;
}

sward_result app_plot_svg_string(const app_plot *p, char **out, sward_error *err)
{
    return app_plot_svg_panels_string(p, 1, out, err);
}

sward_result app_plot_svg(const char *path, const app_plot *p, sward_error *err)
{
    return app_plot_svg_panels(path, p, 1, err);
}
