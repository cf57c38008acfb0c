/* sigstep.c — an LD_PRELOAD library for tests/cli/test_interrupt.sh: it counts the steps by which sward puts a
 * file in place — write/pwrite to one of its temporary files (".sward-" in the name), link and rename of one,
 * and with SWARD_STEP_PIPES=1 write to a pipe (the frames a video sends to ffmpeg) — and raises a signal just
 * before the N-th, so that an interruption at every step is deterministic (no timing races).
 *
 *   SWARD_STEP_AT=N          raise the signal before step N (1-based; 0: never)
 *   SWARD_STEP_SIGNAL=S      the signal's number (default SIGINT)
 *   SWARD_STEP_COUNT=FILE    at a normal exit, write the number of steps taken to FILE
 *
 * The variables are removed from the environment at load, so that a child process (ffmpeg) runs unwatched. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static long step_at;
static int step_signal = SIGINT;
static int count_pipes;
static char count_file[4096];
static atomic_long steps;

__attribute__((constructor)) static void init(void)
{
    const char *at = getenv("SWARD_STEP_AT"), *sig = getenv("SWARD_STEP_SIGNAL"), *cf = getenv("SWARD_STEP_COUNT");
    const char *pipes = getenv("SWARD_STEP_PIPES");
    step_at = at ? atol(at) : 0;
    if (sig) step_signal = atoi(sig);
    count_pipes = pipes && pipes[0] == '1';
    if (cf) snprintf(count_file, sizeof count_file, "%s", cf);
    unsetenv("LD_PRELOAD");
    unsetenv("SWARD_STEP_AT");
    unsetenv("SWARD_STEP_COUNT");
}

__attribute__((destructor)) static void report(void)
{
    if (!count_file[0]) return;
    FILE *f = fopen(count_file, "w");
    if (!f) return;
    fprintf(f, "%ld\n", atomic_load(&steps));
    fclose(f);
}

static void step(void)
{
    long n = atomic_fetch_add(&steps, 1) + 1;
    if (step_at > 0 && n == step_at) raise(step_signal);
}

static int is_temp(const char *path)
{
    return path && strstr(path, ".sward-") != NULL;
}

/* Whether fd is one of the temporary files, or a pipe when pipes count. */
static int watched_fd(int fd)
{
    char link[64], target[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    if (n <= 0) return 0;
    target[n] = '\0';
    return is_temp(target) || (count_pipes && strncmp(target, "pipe:", 5) == 0);
}

ssize_t write(int fd, const void *buf, size_t n)
{
    static ssize_t (*real)(int, const void *, size_t);
    if (!real) real = (ssize_t(*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
    if (fd > 2 && watched_fd(fd)) step();
    return real(fd, buf, n);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t at)
{
    static ssize_t (*real)(int, const void *, size_t, off_t);
    if (!real) real = (ssize_t(*)(int, const void *, size_t, off_t))dlsym(RTLD_NEXT, "pwrite");
    if (fd > 2 && watched_fd(fd)) step();
    return real(fd, buf, n, at);
}

int rename(const char *from, const char *to)
{
    static int (*real)(const char *, const char *);
    if (!real) real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
    if (is_temp(from)) step();
    return real(from, to);
}

int link(const char *from, const char *to)
{
    static int (*real)(const char *, const char *);
    if (!real) real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "link");
    if (is_temp(to)) step();
    return real(from, to);
}
