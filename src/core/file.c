/* file.c — whole-file reads with a size cap and whole-file writes that leave nothing half-written; errors
 * name the path and give the system's reason (DESIGN "Errors": a FIFO given as the scene must not
 * block, a full disk must not leave a truncated image). */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with XSI: open, fstat, fdopen, fcntl, realpath */
#include "core/core.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *core_open_regular(const char *path, sward_error *err, sward_result *r)
{
    /* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *r = core_fail(err, SWARD_ERROR_IO, "%s: cannot read: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        *r = core_fail(err, SWARD_ERROR_IO, "%s: cannot read: %s", path, strerror(e));
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        *r = core_fail(err, SWARD_ERROR_IO, "%s: cannot read: %s", path,
                       S_ISDIR(st.st_mode) ? "it is a folder" : "not a regular file");
        return NULL;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        int e = errno;
        close(fd);
        *r = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: cannot read: %s", path, strerror(e));
    }
    return f;
}

sward_result core_read_file(const char *path, size_t max_bytes, char **data, size_t *size, sward_error *err)
{
    *data = NULL;
    *size = 0;
    sward_result r = SWARD_OK;
    FILE *f = core_open_regular(path, err, &r);
    if (!f) return r;
    /* Room for max_bytes + 1: a file of exactly max_bytes is read whole, one byte more is detected. */
    size_t cap = 4096 > max_bytes ? max_bytes + 1 : 4096, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) {
        fclose(f);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
    }
    for (;;) {
        if (n > max_bytes) {
            free(buf);
            fclose(f);
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: file is larger than the limit of %zu bytes", path,
                             max_bytes);
        }
        if (n == cap) {
            size_t grown = cap > max_bytes / 2 ? max_bytes + 1 : cap * 2;
            char *nb = realloc(buf, grown + 1);
            if (!nb) {
                free(buf);
                fclose(f);
                return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
            }
            buf = nb;
            cap = grown;
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
    fclose(f);
    buf[n] = '\0';
    *data = buf;
    *size = n;
    return SWARD_OK;
}

/* ---- writing ------------------------------------------------------------------------------------------ */

/* A device or FIFO: written where it is (renaming a file over /dev/full would replace the device). */
static sward_result write_in_place(const char *path, const void *data, size_t n, sward_error *err)
{
    /* O_NONBLOCK: a FIFO without a reader fails at once (ENXIO) instead of waiting for one. */
    int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", path, strerror(errno));
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    int e = core_write_all(fd, data, n);
    if (close(fd) != 0 && e == 0) e = errno;
    if (e) return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", path, strerror(e));
    return SWARD_OK;
}

sward_result core_write_file(const char *path, const void *data, size_t n, sward_error *err)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode)) return write_in_place(path, data, n, err);
    core_atomic a;
    sward_result r = core_atomic_open(&a, path, err);
    if (r == SWARD_OK) r = core_atomic_write(&a, data, n, err);
    if (r == SWARD_OK) r = core_atomic_commit(&a, err);
    if (r != SWARD_OK) core_atomic_abort(&a);
    return r;
}
