/* Min and median of benchmark samples. */
#include "stats.h"

#include <stdlib.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

stats_summary stats_summarize(double *samples, size_t n)
{
    stats_summary s = { 0.0, 0.0 };
    if (n == 0) return s;
    qsort(samples, n, sizeof *samples, cmp_double);
    s.min = samples[0];
    s.median = (n % 2 == 1) ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
    return s;
}
