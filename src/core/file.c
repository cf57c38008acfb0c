/* file.c — whole-file reads with a size cap, errors that name the path. */
#include "core/core.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

sward_result core_read_file(const char *path, size_t max_bytes, char **data, size_t *size, sward_error *err)
{
    *data = NULL;
    *size = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return core_fail(err, SWARD_ERROR_IO, "%s: cannot read: %s", path, strerror(errno));
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) {
        fclose(f);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
    }
    for (;;) {
        if (n == cap) {
            if (cap >= max_bytes) {
                free(buf);
                fclose(f);
                return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: file is larger than the limit of %zu bytes",
                                 path, max_bytes);
            }
            cap = cap * 2 > max_bytes ? max_bytes : cap * 2;
            char *nb = realloc(buf, cap + 1);
            if (!nb) {
                free(buf);
                fclose(f);
                return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
            }
            buf = nb;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) {
        int e = errno;
        free(buf);
        fclose(f);
        return core_fail(err, SWARD_ERROR_IO, "%s: cannot read: %s", path, strerror(e ? e : EIO));
    }
    if (n == cap && fgetc(f) != EOF) {
        free(buf);
        fclose(f);
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: file is larger than the limit of %zu bytes", path,
                         max_bytes);
    }
    fclose(f);
    buf[n] = '\0';
    *data = buf;
    *size = n;
    return SWARD_OK;
}
