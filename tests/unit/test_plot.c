/* test_plot.c — the benchmark's SVG charts (src/app/plot.c): the line chart's polylines, log-axis mapping and
 * decade labels, escaping, errors, the written file; the per-pass bar chart (one bar per pass, widths
 * proportional to the values, the min marks, escaped labels, errors) and a figure of curves above bars. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "app/plot.h"
#include "core/core.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TMP_NAME "plot"
#include "tmp_util.h"

static const double bx[] = { 1e4, 1e5, 1e6, 1e7 };
static const double hw[] = { 2e3, 9e3, 4e4, 9e4 };
static const double cs[] = { 1e3, 8e3, 6e4, 2e5 };

static app_plot scaling_plot(app_plot_series *s)
{
    s[0] = (app_plot_series){ .name = "hardware", .x = bx, .y = hw, .n = 4 };
    s[1] = (app_plot_series){ .name = "compute", .x = bx, .y = cs, .n = 3 };
    return (app_plot){ .title = "Scaling", .x_label = "blades in view", .y_label = "blades per ms",
                       .log_x = true, .log_y = true, .series = s, .series_count = 2 };
}

/* |a - b| <= tol (cmocka's assert_float_equal takes floats). */
static void assert_near(double a, double b, double tol)
{
    if (!(fabs(a - b) <= tol)) fail_msg("%.4f differs from %.4f by more than %g", a, b, tol);
}

static size_t count_of(const char *s, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

/* The points of the k-th polyline, parsed into px/py; returns their count. */
static size_t polyline_points(const char *svg, size_t k, double *px, double *py, size_t cap)
{
    const char *p = svg;
    for (size_t i = 0; i <= k; i++) {
        p = strstr(p, "<polyline");
        assert_non_null(p);
        if (i < k) p++;
    }
    p = strstr(p, "points=\"");
    assert_non_null(p);
    p += strlen("points=\"");
    size_t n = 0;
    while (*p != '"') {
        char *end;
        assert_true(n < cap);
        px[n] = strtod(p, &end);
        assert_true(end != p && *end == ',');
        p = end + 1;
        py[n] = strtod(p, &end);
        assert_true(end != p);
        p = end;
        n++;
        while (*p == ' ') p++;
    }
    return n;
}

static void test_polylines(void **state)
{
    (void)state;
    app_plot_series s[2];
    app_plot p = scaling_plot(s);
    char *svg = NULL;
    assert_int_equal(app_plot_svg_string(&p, &svg, NULL), SWARD_OK);
    assert_non_null(svg);
    assert_non_null(strstr(svg, "<svg "));
    assert_non_null(strstr(svg, "</svg>\n"));
    assert_int_equal(count_of(svg, "<polyline"), 2);
    double px[8], py[8];
    assert_int_equal(polyline_points(svg, 0, px, py, 8), 4);
    assert_int_equal(polyline_points(svg, 1, px, py, 8), 3);
    /* legend and labels */
    assert_non_null(strstr(svg, ">hardware</text>"));
    assert_non_null(strstr(svg, ">compute</text>"));
    assert_non_null(strstr(svg, ">blades per ms</text>"));
    /* deterministic */
    char *again = NULL;
    assert_int_equal(app_plot_svg_string(&p, &again, NULL), SWARD_OK);
    assert_string_equal(svg, again);
    free(again);
    free(svg);
}

/* BX5's flight plot: panels stacked in one SVG, lines without markers, teleports as dashed vertical lines at their
 * x in every panel (the plot area's x: 80 to 560 px over the axis), marks outside the axis left out. */
static void test_panels_marks(void **state)
{
    (void)state;
    static const double fx[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
    static const double ms[] = { 5, 6, 5, 7, 5, 6, 9, 5, 6, 5, 6 };
    static const double mb[] = { 100, 100, 100, 100, 100, 101, 101, 101, 101, 101, 101 };
    static const double marks[] = { 5, 40 };
    app_plot_series s[2] = { { .name = "GPU ms", .x = fx, .y = ms, .n = 11 },
                             { .name = "MiB", .x = fx, .y = mb, .n = 11 } };
    app_plot p[2] = { { .title = "ms", .series = &s[0], .series_count = 1, .no_markers = true, .marks = marks,
                        .mark_count = 2, .mark_name = "teleport" },
                      { .title = "memory", .series = &s[1], .series_count = 1, .no_markers = true, .y_from_zero = true, .marks = marks,
                        .mark_count = 2, .mark_name = "teleport" } };
    char *svg = NULL;
    assert_int_equal(app_plot_svg_panels_string(p, 2, &svg, NULL), SWARD_OK);
    assert_non_null(strstr(svg, "height=\"880\""));
    assert_int_equal(count_of(svg, "<g transform=\"translate(0 0)\">"), 1);
    assert_int_equal(count_of(svg, "<g transform=\"translate(0 440)\">"), 1);
    assert_int_equal(count_of(svg, "<polyline"), 2);
    assert_int_equal(count_of(svg, "<circle"), 0);
    assert_int_equal(count_of(svg, "class=\"mark\""), 2); /* x = 40 is off the axis (0 to 10) */
    assert_non_null(strstr(svg, "<line class=\"mark\" x1=\"320.00\""));
    assert_int_equal(count_of(svg, ">teleport</text>"), 2);
    /* the memory panel's y axis starts at 0 (its values are 100 to 101): a third "0" beside the x axes' two */
    assert_int_equal(count_of(svg, "text-anchor=\"end\">0</text>"), 1);
    assert_int_equal(count_of(svg, ">0</text>"), 3);
    free(svg);
    assert_int_equal(app_plot_svg_panels_string(p, 0, &svg, NULL), SWARD_ERROR_INVALID_INPUT);
    assert_null(svg);
}

static void test_mapping(void **state)
{
    (void)state;
    app_plot_series s[2];
    app_plot p = scaling_plot(s);
    char *svg = NULL;
    assert_int_equal(app_plot_svg_string(&p, &svg, NULL), SWARD_OK);
    double px[8], py[8];
    assert_int_equal(polyline_points(svg, 0, px, py, 8), 4);
    for (size_t i = 1; i < 4; i++) {
        assert_true(px[i] > px[i - 1]); /* larger x: further right */
        assert_true(py[i] < py[i - 1]); /* larger y: higher up */
    }
    /* a log axis: the decades 1e4, 1e5, 1e6, 1e7 lie equally spaced */
    for (size_t i = 2; i < 4; i++) assert_near(px[i] - px[i - 1], px[1] - px[0], 0.02);
    free(svg);

    /* a linear axis: equal steps are equal distances, the same on both axes' scales */
    static const double lx[] = { 0.0, 1.0, 2.0, 4.0 }, ly[] = { 10.0, 20.0, 30.0, 50.0 };
    app_plot_series ls = { .name = "lin", .x = lx, .y = ly, .n = 4 };
    app_plot lp = { .series = &ls, .series_count = 1 };
    assert_int_equal(app_plot_svg_string(&lp, &svg, NULL), SWARD_OK);
    assert_int_equal(polyline_points(svg, 0, px, py, 8), 4);
    assert_near(px[2] - px[1], px[1] - px[0], 0.02);
    assert_near(px[3] - px[2], 2.0 * (px[1] - px[0]), 0.02);
    assert_near(py[3] - py[2], 2.0 * (py[1] - py[0]), 0.02);
    assert_true(py[1] < py[0]);
    free(svg);
}

static void test_decade_labels(void **state)
{
    (void)state;
    app_plot_series s[2];
    app_plot p = scaling_plot(s);
    char *svg = NULL;
    assert_int_equal(app_plot_svg_string(&p, &svg, NULL), SWARD_OK);
    /* x spans 1e4..1e7 exactly; y 1e3..2e5 is widened to 1e3..1e6 */
    assert_non_null(strstr(svg, ">10k</text>"));
    assert_non_null(strstr(svg, ">100k</text>"));
    assert_non_null(strstr(svg, ">1M</text>"));
    assert_non_null(strstr(svg, ">10M</text>"));
    assert_non_null(strstr(svg, ">1k</text>"));
    assert_null(strstr(svg, ">100M</text>"));
    free(svg);

    /* compact labels on a linear axis: 0, 500k, 1M, 1.5M, ... */
    static const double lx[] = { 0.0, 3e6 }, ly[] = { 1.0, 2.0 };
    app_plot_series ls = { .name = "lin", .x = lx, .y = ly, .n = 2 };
    app_plot lp = { .series = &ls, .series_count = 1 };
    assert_int_equal(app_plot_svg_string(&lp, &svg, NULL), SWARD_OK);
    assert_non_null(strstr(svg, ">1.5M</text>"));
    assert_non_null(strstr(svg, ">500k</text>"));
    assert_non_null(strstr(svg, ">0</text>"));
    free(svg);
}

static void test_escaping(void **state)
{
    (void)state;
    app_plot_series s[2];
    app_plot p = scaling_plot(s);
    p.title = "a \"<&>\" b";
    s[0].name = "x<y";
    char *svg = NULL;
    assert_int_equal(app_plot_svg_string(&p, &svg, NULL), SWARD_OK);
    assert_non_null(strstr(svg, ">a &quot;&lt;&amp;&gt;&quot; b</text>"));
    assert_non_null(strstr(svg, ">x&lt;y</text>"));
    assert_null(strstr(svg, "<&>"));
    assert_null(strstr(svg, "x<y"));
    free(svg);
}

static void expect_error(const app_plot *p, const char *what)
{
    sward_error err = { 0 };
    char *svg = (char *)1;
    assert_int_equal(app_plot_svg_string(p, &svg, &err), SWARD_ERROR_INVALID_INPUT);
    assert_null(svg);
    assert_int_equal(err.code, SWARD_ERROR_INVALID_INPUT);
    if (!strstr(err.message, what)) fail_msg("message \"%s\" lacks \"%s\"", err.message, what);
}

static void test_errors(void **state)
{
    (void)state;
    app_plot_series s[2];
    app_plot p = scaling_plot(s);

    double y_nan[] = { 1.0, NAN, 3.0, 4.0 };
    s[0].y = y_nan;
    expect_error(&p, "plot: series 0 \"hardware\" point 1: y is NaN");
    double y_inf[] = { 1.0, 2.0, INFINITY, 4.0 };
    s[0].y = y_inf;
    expect_error(&p, "point 2: y is infinite");

    p = scaling_plot(s);
    double x_zero[] = { 0.0, 1e5, 1e6 };
    s[1].x = x_zero;
    expect_error(&p, "series 1 \"compute\" point 0: x = 0 is not positive on a log axis");
    p.log_x = false; /* fine on a linear axis */
    char *svg = NULL;
    assert_int_equal(app_plot_svg_string(&p, &svg, NULL), SWARD_OK);
    free(svg);

    p = scaling_plot(s);
    s[1].n = 0;
    expect_error(&p, "series 1 \"compute\" has no points");

    p = scaling_plot(s);
    p.series_count = 0;
    expect_error(&p, "plot: no series to plot");
}

static void test_file(void **state)
{
    (void)state;
    app_plot_series s[2];
    app_plot p = scaling_plot(s);
    char path[300];
    tmp_path(path, sizeof path, "scaling.svg");
    write_bytes(path, "stale", 5); /* replaced */
    sward_error err = { 0 };
    assert_int_equal(app_plot_svg(path, &p, &err), SWARD_OK);
    char *svg = NULL;
    assert_int_equal(app_plot_svg_string(&p, &svg, NULL), SWARD_OK);
    static unsigned char back[1 << 16];
    size_t n = read_bytes(path, back, sizeof back);
    assert_int_equal(n, strlen(svg));
    assert_memory_equal(back, svg, n);
    free(svg);

    /* errors name the path */
    s[0].y = (const double[]){ 1.0, -2.0, 3.0, 4.0 };
    assert_int_equal(app_plot_svg(path, &p, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, path));
    assert_non_null(strstr(err.message, "y = -2 is not positive"));

    /* a missing folder */
    p = scaling_plot(s);
    tmp_path(path, sizeof path, "missing/scaling.svg");
    assert_int_equal(app_plot_svg(path, &p, &err), SWARD_ERROR_IO);
    assert_non_null(strstr(err.message, path));
    assert_non_null(strstr(err.message, "cannot write"));
}

/* ---- the bar chart ---- */

/* The value of attribute `attr` (e.g. "width") in the element starting at el. */
static double attr_of(const char *el, const char *attr)
{
    char key[32];
    snprintf(key, sizeof key, " %s=\"", attr);
    const char *end = strchr(el, '>');
    const char *a = strstr(el, key);
    assert_non_null(a);
    assert_true(end == NULL || a < end);
    return strtod(a + strlen(key), NULL);
}

/* The n-th (0-based) occurrence of needle in s. */
static const char *nth(const char *s, const char *needle, size_t n)
{
    const char *p = strstr(s, needle);
    for (size_t i = 0; i < n && p; i++) p = strstr(p + 1, needle);
    assert_non_null(p);
    return p;
}

static const app_bar pass_bars[] = {
    { .name = "wind_field", .value = 0.5, .mark = 0.25 },
    { .name = "grass<&>\"'", .value = 2.0, .mark = 1.5 },
    { .name = "post", .value = 1.0, .mark = NAN },
    { .name = "idle", .value = 0.0, .mark = 0.0 },
};

static app_bars pass_chart(void)
{
    return (app_bars){ .title = "GPU ms per pass: total 3.5 ms", .subtitle = "a<b on gpu & co", .x_label = "GPU ms",
                       .unit = " ms", .bars = pass_bars, .count = 4 };
}

static void test_bars(void **state)
{
    (void)state;
    app_bars c = pass_chart();
    char *svg = NULL;
    assert_int_equal(app_bars_svg_string(&c, &svg, NULL), SWARD_OK);
    /* one bar per pass, in order, each with its name and value label */
    assert_int_equal(count_of(svg, "<rect class=\"bar\""), 4);
    assert_int_equal(count_of(svg, "<text class=\"name\""), 4);
    assert_int_equal(count_of(svg, "<text class=\"value\""), 4);
    assert_int_equal(count_of(svg, "<line class=\"min\""), 3); /* post has no min */
    double w[4], x0 = attr_of(nth(svg, "<rect class=\"bar\"", 0), "x");
    for (size_t i = 0; i < 4; i++) {
        const char *r = nth(svg, "<rect class=\"bar\"", i);
        w[i] = attr_of(r, "width");
        assert_near(attr_of(r, "x"), x0, 1e-9);
        if (i) assert_true(attr_of(r, "y") > attr_of(nth(svg, "<rect class=\"bar\"", i - 1), "y"));
    }
    /* widths proportional to the values; the longest bar fits in the canvas */
    assert_true(w[1] > 100.0 && x0 + w[1] <= 720.0);
    for (size_t i = 0; i < 4; i++) assert_near(w[i], w[1] * pass_bars[i].value / pass_bars[1].value, 0.02);
    /* the min marks at the same scale */
    const double marks[3] = { 0.25, 1.5, 0.0 };
    for (size_t i = 0; i < 3; i++)
        assert_near(attr_of(nth(svg, "<line class=\"min\"", i), "x1") - x0, w[1] * marks[i] / pass_bars[1].value,
                    0.02);
    /* labels and titles escaped */
    assert_non_null(strstr(svg, ">grass&lt;&amp;&gt;&quot;&#39;</text>"));
    assert_non_null(strstr(svg, "<title>grass&lt;&amp;&gt;&quot;&#39;: 2.000 ms (min 1.500 ms)</title>"));
    assert_null(strstr(svg, "grass<&>"));
    assert_non_null(strstr(svg, ">wind_field</text>"));
    assert_non_null(strstr(svg, ">2.000 ms</text>"));
    assert_non_null(strstr(svg, ">0.500 ms</text>"));
    assert_non_null(strstr(svg, ">GPU ms per pass: total 3.5 ms</text>"));
    assert_non_null(strstr(svg, ">a&lt;b on gpu &amp; co</text>"));
    /* the axis starts at 0 */
    assert_non_null(strstr(svg, "text-anchor=\"middle\">0</text>"));
    free(svg);
}

static void expect_bars_error(const app_bars *c, const char *what)
{
    sward_error err = { 0 };
    char *svg = (char *)1;
    assert_int_equal(app_bars_svg_string(c, &svg, &err), SWARD_ERROR_INVALID_INPUT);
    assert_null(svg);
    if (!strstr(err.message, what)) fail_msg("message \"%s\" lacks \"%s\"", err.message, what);
}

static void test_bars_errors(void **state)
{
    (void)state;
    app_bars c = pass_chart();
    c.count = 0;
    expect_bars_error(&c, "plot: no bars to plot");
    expect_bars_error(NULL, "plot: no bars to plot");
    app_bar b[2] = { { .name = "a", .value = 1.0, .mark = NAN }, { .name = "b<", .value = -1.0, .mark = NAN } };
    c = (app_bars){ .bars = b, .count = 2 };
    expect_bars_error(&c, "plot: bar 1 \"b<\": value -1 is not a finite number >= 0");
    b[1].value = NAN;
    expect_bars_error(&c, "bar 1 \"b<\": value nan is not");
    b[1].value = 1.0;
    b[1].mark = INFINITY;
    expect_bars_error(&c, "bar 1 \"b<\": mark inf is not");
    /* all zero: an axis from 0 to 1, bars of width 0 */
    b[0].value = b[1].value = 0.0;
    b[1].mark = NAN;
    char *svg = NULL;
    assert_int_equal(app_bars_svg_string(&c, &svg, NULL), SWARD_OK);
    assert_near(attr_of(nth(svg, "<rect class=\"bar\"", 1), "width"), 0.0, 1e-9);
    free(svg);
}

static void test_figure_and_file(void **state)
{
    (void)state;
    app_plot_series s[2];
    app_plot p = scaling_plot(s);
    app_bars c = pass_chart();
    char *svg = NULL;
    assert_int_equal(app_figure_svg_string(&p, 1, &c, &svg, NULL), SWARD_OK);
    assert_int_equal(count_of(svg, "<polyline"), 2);
    assert_int_equal(count_of(svg, "<rect class=\"bar\""), 4);
    assert_int_equal(count_of(svg, "<g transform"), 2);
    assert_non_null(strstr(svg, "<g transform=\"translate(0 440)\">")); /* the bars below the curves */
    assert_non_null(strstr(svg, "height=\"666\"")); /* 440 + 70 + 4 x 24 + 60 */
    sward_error err = { 0 };
    char *none = NULL;
    assert_int_equal(app_figure_svg_string(NULL, 0, NULL, &none, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "plot: nothing to plot"));

    /* the file holds the same bytes as the string */
    char *bars_svg = NULL, path[300];
    assert_int_equal(app_bars_svg_string(&c, &bars_svg, NULL), SWARD_OK);
    tmp_path(path, sizeof path, "bars.svg");
    write_bytes(path, "stale", 5);
    assert_int_equal(app_bars_svg(path, &c, &err), SWARD_OK);
    static unsigned char back[1 << 16];
    size_t n = read_bytes(path, back, sizeof back);
    assert_int_equal(n, strlen(bars_svg));
    assert_memory_equal(back, bars_svg, n);
    c.count = 0;
    assert_int_equal(app_bars_svg(path, &c, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, path));
    free(bars_svg);
    free(svg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_polylines), cmocka_unit_test(test_mapping), cmocka_unit_test(test_decade_labels),
        cmocka_unit_test(test_escaping),  cmocka_unit_test(test_errors),  cmocka_unit_test(test_file),
        cmocka_unit_test(test_panels_marks), cmocka_unit_test(test_bars), cmocka_unit_test(test_bars_errors),
        cmocka_unit_test(test_figure_and_file),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
