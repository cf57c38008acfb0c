/* Order statistics for the benchmark's per-frame samples. */
#ifndef SWARD_APP_STATS_H
#define SWARD_APP_STATS_H

#include <stddef.h>

typedef struct stats_summary {
    double min, median;
} stats_summary;

/* Min and median of n samples (n >= 1; the median of an even count is the mean of the middle two).
 * Sorts `samples` in place. */
stats_summary stats_summarize(double *samples, size_t n);

#endif
