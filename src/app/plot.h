/* plot.h — small, dependency-free SVG charts for `sward bench`: a line chart (the scaling benchmark's blades
 * drawn per ms against blades in view, one series per rasteriser, log-log axes; the flight's curves) and a bar
 * chart (a still-frame bench's GPU ms per pass). SVG only: `sward bench --plot` refuses other file names. */
#ifndef SWARD_APP_PLOT_H
#define SWARD_APP_PLOT_H

#include "sward/sward.h"

#include <stdbool.h>
#include <stddef.h>

/* One line of the chart: n points (x[i], y[i]), drawn as a polyline with a marker at each point. */
typedef struct app_plot_series {
    const char *name; /* the legend's text (NULL: none) */
    const double *x, *y;
    size_t n;
} app_plot_series;

typedef struct app_plot {
    const char *title, *x_label, *y_label; /* NULL: left out */
    bool log_x, log_y;                     /* decade axes; non-positive values are an error for a log axis */
    const app_plot_series *series;
    size_t series_count;
    bool no_markers;                       /* lines only (long series, e.g. one point per frame) */
    bool y_from_zero;                      /* a linear y axis starts at 0 (or below): a flat curve looks flat */
    const double *marks;                   /* x values marked by dashed vertical lines (e.g. teleports) */
    size_t mark_count;
    const char *mark_name;                 /* the marks' legend text (NULL: none) */
} app_plot;

/* Writes p as a standalone SVG (about 720x440) to path with core_write_file (temp + rename). Errors (sward_error,
 * via core_fail from src/core/core.h) name the path and the problem: no series, a series with no points,
 * NaN/inf values, non-positive values on a log axis, a write failure. */
sward_result app_plot_svg(const char *path, const app_plot *p, sward_error *err);

/* The same SVG into a malloc'd string (caller frees), for tests and for callers that embed it. Errors are
 * those of app_plot_svg, named "plot" instead of a path. */
sward_result app_plot_svg_string(const app_plot *p, char **out, sward_error *err);

/* Several charts stacked top to bottom in one SVG (720 x 440 each; BX5's flight: GPU ms and memory per frame).
 * Errors: those of app_plot_svg for each panel, "no panels" for n == 0. */
sward_result app_plot_svg_panels(const char *path, const app_plot *panels, size_t n, sward_error *err);
sward_result app_plot_svg_panels_string(const app_plot *panels, size_t n, char **out, sward_error *err);

/* One bar of a bar chart: a GPU pass's median ms (the bar's length) and its min (a mark across the bar). */
typedef struct app_bar {
    const char *name; /* the label left of the bar (escaped) */
    double value;     /* >= 0, finite: the bar's length */
    double mark;      /* >= 0, finite: marked by a short line across the bar; NaN: no mark */
} app_bar;

/* Horizontal bars, one row each, on a linear axis from 0 (720 wide, 130 + 24 per bar high). Each bar is a
 * <rect class="bar"> whose width is proportional to its value, followed by <line class="min"> (the mark, if any), the
 * name as <text class="name"> and the value as <text class="value"> ("%.3f" + unit). */
typedef struct app_bars {
    const char *title, *subtitle, *x_label; /* NULL: left out */
    const char *unit;                       /* after each value label (" ms"); NULL: none */
    const app_bar *bars;
    size_t count;
} app_bars;

/* The bar chart as a standalone SVG, written with core_write_file (temp + rename). Errors name the path: no
 * bars, a value or mark that is negative, NaN or infinite (a NaN mark is none), a write failure. */
sward_result app_bars_svg(const char *path, const app_bars *b, sward_error *err);
sward_result app_bars_svg_string(const app_bars *b, char **out, sward_error *err);

/* Line charts (n >= 0) stacked top to bottom, then the bar chart (NULL: none), in one SVG: the sweep's curves
 * and the bars of its densest point. Errors: those of each part; "nothing to plot" when both are empty. */
sward_result app_figure_svg(const char *path, const app_plot *panels, size_t n, const app_bars *bars,
                            sward_error *err);
sward_result app_figure_svg_string(const app_plot *panels, size_t n, const app_bars *bars, char **out,
                                   sward_error *err);

#endif
