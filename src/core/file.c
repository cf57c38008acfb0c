/* file.c — whole-file reads with a size cap and whole-file writes that leave nothing half-written; errors
 * name the path and give the system's reason (DESIGN "Errors"; issue 6: a FIFO given as the scene must not
 * block, a full disk must not leave a truncated image). */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with XSI: open, fstat, fdopen, fcntl, realpath */
#include "core/core.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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

static int write_all(int fd, const void *data, size_t n)
{
    const char *p = data;
    while (n > 0) {
        ssize_t w = write(fd, p, n > (size_t)1 << 30 ? (size_t)1 << 30 : n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (w == 0) return EIO;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* A device or FIFO: written where it is (renaming a file over /dev/full would replace the device). */
static sward_result write_in_place(const char *path, const void *data, size_t n, sward_error *err)
{
    /* O_NONBLOCK: a FIFO without a reader fails at once (ENXIO) instead of waiting for one. */
    int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", path, strerror(errno));
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    int e = write_all(fd, data, n);
    if (close(fd) != 0 && e == 0) e = errno;
    if (e) return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", path, strerror(e));
    return SWARD_OK;
}

/* The temporary files being written now, for core_atomic_remove_all: lock-free atomics, so that a signal
 * handler may read them while another thread adds or removes one. */
#define LIVE_MAX 16
static _Atomic(char *) live[LIVE_MAX];

static void live_add(char *tmp)
{
    for (int k = 0; k < LIVE_MAX; k++) {
        char *none = NULL;
        if (atomic_compare_exchange_strong(&live[k], &none, tmp)) return;
    }
    /* More than LIVE_MAX at once: this one is not removed by a signal (it is by an error, as always). */
}

static void live_remove(char *tmp)
{
    for (int k = 0; k < LIVE_MAX; k++) {
        char *was = tmp;
        atomic_compare_exchange_strong(&live[k], &was, NULL);
    }
}

void core_atomic_remove_all(void)
{
    for (int k = 0; k < LIVE_MAX; k++) {
        char *p = atomic_load(&live[k]);
        if (p && p[0]) unlink(p);
    }
}

sward_result core_atomic_open(core_atomic *a, const char *path, sward_error *err)
{
    memset(a, 0, sizeof *a);
    a->fd = -1;
    snprintf(a->path, sizeof a->path, "%s", path);
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: it is a folder", path);
        if (!S_ISREG(st.st_mode)) return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: not a regular file", path);
        /* A file the user may not write keeps being refused, as opening it for writing would be (the rename
         * would otherwise replace it). */
        if (access(path, W_OK) != 0)
            return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", path, strerror(errno));
    }
    /* A symbolic link to a file: the file it names is replaced, and the link stays. */
    char target[PATH_MAX];
    const char *final = path;
    struct stat lst;
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) && realpath(path, target)) final = target;
    snprintf(a->final, sizeof a->final, "%s", final);

    /* The temporary file lies in the target's folder, so that rename() replaces the target atomically. */
    const char *slash = strrchr(final, '/');
    int dir_len = slash ? (int)(slash - final) + 1 : 0;
    int fd = -1;
    for (unsigned attempt = 0; attempt < 100 && fd < 0; attempt++) {
        struct timespec ts;
        timespec_get(&ts, TIME_UTC);
        unsigned salt = (unsigned)ts.tv_nsec ^ (unsigned)ts.tv_sec ^ (attempt * 0x9e3779b9u);
        int k = snprintf(a->tmp, sizeof a->tmp, "%.*s.sward-%ld-%08x.tmp", dir_len, final, (long)getpid(), salt);
        if (k < 0 || (size_t)k >= sizeof a->tmp) {
            a->tmp[0] = '\0';
            return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", path, strerror(ENAMETOOLONG));
        }
        fd = open(a->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        int e = errno;
        a->tmp[0] = '\0'; /* not ours: never removed */
        return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", path, strerror(e));
    }
    a->fd = fd;
    live_add(a->tmp);
    return SWARD_OK;
}

sward_result core_atomic_write(core_atomic *a, const void *data, size_t n, sward_error *err)
{
    int e = a->fd >= 0 ? write_all(a->fd, data, n) : EBADF;
    if (e) return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", a->path, strerror(e));
    return SWARD_OK;
}

sward_result core_atomic_write_at(core_atomic *a, uint64_t offset, const void *data, size_t n, sward_error *err)
{
    const char *p = data;
    int e = a->fd >= 0 ? 0 : EBADF;
    while (e == 0 && n > 0) {
        ssize_t w = pwrite(a->fd, p, n, (off_t)offset);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0)
            e = w < 0 ? errno : EIO;
        else {
            p += w;
            n -= (size_t)w;
            offset += (uint64_t)w;
        }
    }
    if (e) return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", a->path, strerror(e));
    return SWARD_OK;
}

sward_result core_atomic_close(core_atomic *a, sward_error *err)
{
    if (a->fd < 0) return SWARD_OK;
    int e = close(a->fd) != 0 ? errno : 0;
    a->fd = -1;
    if (e) {
        unlink(a->tmp);
        live_remove(a->tmp);
        a->tmp[0] = '\0';
        return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", a->path, strerror(e));
    }
    return SWARD_OK;
}

sward_result core_atomic_commit(core_atomic *a, sward_error *err)
{
    sward_result r = core_atomic_close(a, err);
    if (r != SWARD_OK) return r;
    if (!a->tmp[0]) return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", a->path, strerror(EBADF));
    if (rename(a->tmp, a->final) != 0) {
        int e = errno;
        core_atomic_abort(a);
        return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", a->path, strerror(e));
    }
    live_remove(a->tmp); /* after the rename: a signal between the two unlinks a name that is gone */
    a->tmp[0] = '\0';
    return SWARD_OK;
}

void core_atomic_abort(core_atomic *a)
{
    if (a->fd >= 0) close(a->fd);
    a->fd = -1;
    if (a->tmp[0]) {
        unlink(a->tmp);
        live_remove(a->tmp);
    }
    a->tmp[0] = '\0';
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
