/* atomic.c — files that appear whole or not at all, alone or as a set, also when a signal ends the process.
 *
 * Every user file sward writes (images, videos, baked assets, worlds, plots, screenshots) goes through here:
 * written into a temporary file beside its target, then renamed over it. A set of files (a bake's glTFs and
 * images, a world's three files) is renamed as one step: while the renames run, SIGINT, SIGTERM and SIGHUP are
 * blocked in the committing thread, and a handler that runs on another thread (the command's, through
 * core_atomic_interrupt) only records the signal, which the committing thread raises again once the set is in
 * place; a target replaced before a failed rename is put back from a hard link made before the first rename.
 * So an interrupted command leaves either the old output or the new one, whole, and no temporary file. */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with XSI: link, pthread_sigmask, realpath */
#include "core/core.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int core_write_all(int fd, const void *data, size_t n)
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

uint64_t core_fnv1a64(uint64_t h, const void *data, size_t n)
{
    const uint8_t *p = data;
    for (size_t k = 0; k < n; k++)
        h = (h ^ p[k]) * 0x100000001b3ull;
    return h;
}

/* ---- the temporaries a signal removes ----------------------------------------------------------------------- */

/* The temporary files that exist now: lock-free atomics, so that a signal handler on any thread may read them
 * while another thread adds or removes one. A bake holds all of its files' temporaries until its commit. */
#define LIVE_MAX 4096
static _Atomic(char *) live[LIVE_MAX];

static bool live_add(char *tmp)
{
    for (int k = 0; k < LIVE_MAX; k++) {
        char *none = NULL;
        if (atomic_compare_exchange_strong(&live[k], &none, tmp)) return true;
    }
    return false;
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

/* IDLE: nothing being renamed; COMMITTING: a set's renames are running; ENDING: a handler is removing the
 * temporaries and ending the process. */
enum { STATE_IDLE, STATE_COMMITTING, STATE_ENDING };
static atomic_int state = STATE_IDLE;
static atomic_int deferred_signal;

bool core_atomic_interrupt(int sig)
{
    int idle = STATE_IDLE;
    if (atomic_compare_exchange_strong(&state, &idle, STATE_ENDING)) {
        core_atomic_remove_all();
        return true;
    }
    if (idle == STATE_COMMITTING) atomic_store(&deferred_signal, sig);
    return idle == STATE_ENDING; /* a second signal while the first ends the process: end it too */
}

/* ---- one file --------------------------------------------------------------------------------------------- */

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
    if (!live_add(a->tmp)) {
        core_atomic_abort(a);
        return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: more than %d files written at once", path, LIVE_MAX);
    }
    return SWARD_OK;
}

sward_result core_atomic_write(core_atomic *a, const void *data, size_t n, sward_error *err)
{
    int e = a->fd >= 0 ? core_write_all(a->fd, data, n) : EBADF;
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
        core_atomic_abort(a);
        return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", a->path, strerror(e));
    }
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

/* ---- a set of files, renamed as one -------------------------------------------------------------------------- */

/* The previous target of files[k], kept as a hard link until the set is in place ("" where there was none or
 * the file system has no hard links). */
typedef struct {
    char path[4096 + 64];
} keep_name;

static void keep_previous(const core_atomic *a, keep_name *keep)
{
    keep->path[0] = '\0';
    size_t n = strlen(a->tmp);
    if (n < 4 || n + 2 > sizeof keep->path) return;
    snprintf(keep->path, sizeof keep->path, "%.*s.old", (int)(n - 4), a->tmp); /* ".sward-PID-SALT.old" */
    if (link(a->final, keep->path) != 0) keep->path[0] = '\0';
}

/* Renames every temporary over its target, or none: a failed rename puts the targets replaced before it back
 * (from their links; a target that did not exist is removed). Runs with the signals blocked. */
static int rename_all(core_atomic *const *files, int n, int *failed)
{
    keep_name *keep = calloc((size_t)n, sizeof *keep);
    if (!keep && n > 0) return ENOMEM;
    bool *existed = calloc((size_t)n, sizeof *existed);
    if (!existed && n > 0) {
        free(keep);
        return ENOMEM;
    }
    for (int k = 0; k < n; k++) {
        struct stat st;
        existed[k] = lstat(files[k]->final, &st) == 0;
        if (existed[k]) keep_previous(files[k], &keep[k]);
    }
    int e = 0, k = 0;
    for (; k < n && !e; k++)
        if (rename(files[k]->tmp, files[k]->final) != 0) e = errno;
    if (e) {
        *failed = k - 1;
        for (int j = 0; j < k - 1; j++) {
            if (keep[j].path[0])
                rename(keep[j].path, files[j]->final);
            else if (!existed[j])
                unlink(files[j]->final);
        }
    }
    for (int j = 0; j < n; j++)
        if (keep[j].path[0]) unlink(keep[j].path); /* gone already where it was put back */
    free(existed);
    free(keep);
    return e;
}

sward_result core_atomic_commit_all(core_atomic *const *files, int n, sward_error *err)
{
    for (int k = 0; k < n; k++) {
        sward_result r = core_atomic_close(files[k], err);
        if (r != SWARD_OK) return r;
        if (!files[k]->tmp[0])
            return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", files[k]->path, strerror(EBADF));
    }
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    int idle = STATE_IDLE;
    if (!atomic_compare_exchange_strong(&state, &idle, STATE_COMMITTING)) {
        /* a handler is ending the process and removing the temporaries: nothing more is renamed */
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: interrupted", files[0]->path);
    }
    int failed = 0;
    int e = rename_all(files, n, &failed);
    if (!e)
        for (int k = 0; k < n; k++) {
            live_remove(files[k]->tmp); /* after the rename: a signal between the two unlinks a name that is gone */
            files[k]->tmp[0] = '\0';
        }
    atomic_store(&state, STATE_IDLE);
    int sig = atomic_exchange(&deferred_signal, 0);
    if (sig) raise(sig); /* pending on this thread until the mask is restored, then the handler ends the process */
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (e) return core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", files[failed]->path, strerror(e));
    return SWARD_OK;
}

sward_result core_atomic_commit(core_atomic *a, sward_error *err)
{
    core_atomic *one[1] = {a};
    sward_result r = core_atomic_commit_all(one, 1, err);
    if (r != SWARD_OK) core_atomic_abort(a);
    return r;
}

sward_result core_batch_open(core_batch *b, const char *path, core_atomic **file, sward_error *err)
{
    *file = NULL;
    if (b->count == b->cap) {
        int cap = b->cap ? 2 * b->cap : 16;
        core_atomic **grown = realloc(b->files, (size_t)cap * sizeof *grown);
        if (!grown) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
        b->files = grown;
        b->cap = cap;
    }
    /* each file its own allocation: the list of temporaries points into it */
    core_atomic *a = malloc(sizeof *a);
    if (!a) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
    sward_result r = core_atomic_open(a, path, err);
    if (r != SWARD_OK) {
        free(a);
        return r;
    }
    b->files[b->count++] = a;
    *file = a;
    return SWARD_OK;
}

sward_result core_batch_write(core_batch *b, const char *path, const void *data, size_t n, sward_error *err)
{
    core_atomic *a = NULL;
    sward_result r = core_batch_open(b, path, &a, err);
    if (r == SWARD_OK) r = core_atomic_write(a, data, n, err);
    if (r == SWARD_OK) r = core_atomic_close(a, err); /* a set of hundreds of files holds no descriptors */
    return r;
}

sward_result core_batch_commit(core_batch *b, sward_error *err)
{
    sward_result r = core_atomic_commit_all(b->files, b->count, err);
    core_batch_abort(b); /* removes what is left when the commit failed; frees */
    return r;
}

void core_batch_abort(core_batch *b)
{
    for (int k = 0; k < b->count; k++) {
        core_atomic_abort(b->files[k]);
        free(b->files[k]);
    }
    free(b->files);
    memset(b, 0, sizeof *b);
}
