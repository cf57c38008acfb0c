/* error.c — the sward_error out-parameter and the library's optional logger (DESIGN "Errors"). */
#define _POSIX_C_SOURCE 200809L

#include "core/core.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

sward_result core_fail(sward_error *err, sward_result code, const char *fmt, ...)
{
    if (err) {
        err->code = code;
        err->field[0] = '\0';
        err->line = err->column = 0;
        /* Formatted whole, then escaped: names, keys and paths quoted from a file may hold control
         * characters (an escape sequence would act on the terminal that prints the message) or, for paths,
         * bytes that are not UTF-8. */
        char raw[4096];
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(raw, sizeof raw, fmt, ap);
        va_end(ap);
        size_t len = n < 0 ? 0 : ((size_t)n < sizeof raw ? (size_t)n : sizeof raw - 1);
        core_escape(err->message, sizeof err->message, raw, len, len);
    }
    return code;
}

void core_log(const sward_logger *logger, sward_log_level level, const char *fmt, ...)
{
    if (!logger || !logger->fn) return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    logger->fn(level, buf, logger->user);
}

double core_thread_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

double core_now_ms(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}
