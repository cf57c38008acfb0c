/* plot.h — a small, dependency-free SVG line chart for `sward bench` (the scaling benchmark's blades drawn
 * per ms against blades in view, one series per rasteriser; log-log axes). */
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

#endif
