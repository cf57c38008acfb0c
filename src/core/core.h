/* core.h — errors, logging, files and images (module `core`): the layer everything else stands on. */
#ifndef SWARD_CORE_H
#define SWARD_CORE_H

#include "sward/sward.h"

#include <stddef.h>
#include <stdint.h>

/* Fills err (may be NULL) with code and a printf-formatted message; returns code. */
sward_result core_fail(sward_error *err, sward_result code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

void core_log(const sward_logger *logger, sward_log_level level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Reads a whole file (at most max_bytes) into a NUL-terminated malloc'd buffer. Errors name the path. */
sward_result core_read_file(const char *path, size_t max_bytes, char **data, size_t *size, sward_error *err);

/* A grey-scale PNG (8- or 16-bit) as floats in [0, 1]; colour images are refused, since a height map must
 * be grey. Sides larger than max_side are refused. Caller frees *values. */
sward_result core_png_read_gray(const char *path, uint32_t max_side, float **values, uint32_t *width,
                                uint32_t *height, sward_error *err);

/* Writes RGBA8 pixels. */
sward_result core_png_write_rgba8(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                                  sward_error *err);

/* Monotonic clock in milliseconds. */
double core_now_ms(void);

#endif
