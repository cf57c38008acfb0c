/* video.c — `sward render --video`: the frames go to the ffmpeg program's standard input as raw RGBA8
 * (-f rawvideo -pix_fmt rgba -s WxH -r F -i -), which encodes H.264 (libx264, yuv420p, CRF 18, BT.709) into
 * an MP4, QuickTime or Matroska file chosen by the extension. ffmpeg is started with posix_spawnp (no shell);
 * its stdout and stderr go to an anonymous temporary file whose end is reported when it fails. It writes a
 * temporary file beside the output (core_atomic), renamed over the output when ffmpeg exits with 0: a failed
 * encode leaves no partial video, and an interrupted one neither (the signal handler stops ffmpeg, then removes
 * the file). SIGPIPE is ignored while ffmpeg runs, so
 * ffmpeg dying shows up as EPIPE on the next write, not as the death of sward. */
#define _POSIX_C_SOURCE 200809L

#include "video.h"

#include "args.h"
#include "signals.h"

#include "core/core.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define VIDEO_PATH_CAP 4096

struct app_video {
    pid_t pid;
    int in;      /* the write end of ffmpeg's stdin */
    FILE *log;   /* ffmpeg's stdout and stderr */
    size_t frame_bytes;
    char path[VIDEO_PATH_CAP];
    core_atomic out; /* the temporary file ffmpeg writes */
    struct sigaction old_pipe;
};

/* The muxer for path's extension, or NULL. */
static const char *muxer_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(slash ? slash + 1 : path, '.');
    if (!dot) return NULL;
    if (strcasecmp(dot, ".mp4") == 0) return "mp4";
    if (strcasecmp(dot, ".mov") == 0) return "mov";
    if (strcasecmp(dot, ".mkv") == 0) return "matroska";
    return NULL;
}

/* Whether an executable file named `name` lies in a folder of $PATH (what posix_spawnp will run). */
static bool on_path(const char *name)
{
    const char *path = getenv("PATH");
    if (!path || !*path) return false;
    char dir[VIDEO_PATH_CAP];
    for (const char *p = path;;) {
        const char *end = strchr(p, ':');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        /* an empty entry is the current folder */
        int k = snprintf(dir, sizeof dir, "%.*s/%s", (int)(n ? n : 1), n ? p : ".", name);
        struct stat st;
        if (k > 0 && (size_t)k < sizeof dir && stat(dir, &st) == 0 && S_ISREG(st.st_mode) && access(dir, X_OK) == 0)
            return true;
        if (!end) return false;
        p = end + 1;
    }
}

int app_video_check(const char *path, uint32_t width, uint32_t height)
{
    if (!muxer_of(path)) {
        args_usage_error("render", "--video: '%s': unknown video type; the file name must end in .mp4, .mov or .mkv "
                         "(H.264)", path);
        return APP_EXIT_USAGE;
    }
    if (strlen(path) >= VIDEO_PATH_CAP) {
        args_usage_error("render", "--video: path too long (at most %d bytes)", VIDEO_PATH_CAP - 1);
        return APP_EXIT_USAGE;
    }
    if (width % 2 || height % 2) {
        args_usage_error("render", "--video: H.264 in yuv420p needs an even width and height, got %ux%u; use an "
                         "even --width and --height", (unsigned)width, (unsigned)height);
        return APP_EXIT_USAGE;
    }
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        fprintf(stderr, "sward: cannot write video '%s': %s\n", path,
                S_ISDIR(st.st_mode) ? "it is a folder" : "not a regular file");
        return (int)SWARD_ERROR_IO;
    }
    if (!on_path("ffmpeg")) {
        fprintf(stderr, "sward: --video needs the ffmpeg program, and there is none on PATH (Debian: apt install "
                        "ffmpeg)\n");
        return (int)SWARD_ERROR_IO;
    }
    return 0;
}

/* The temporary file beside v->path (core_atomic: never someone else's, removed by the signal handler);
 * ffmpeg then overwrites it. */
static int make_temp(app_video *v)
{
    sward_error err = {0};
    sward_result r = core_atomic_open(&v->out, v->path, &err);
    if (r == SWARD_OK) r = core_atomic_close(&v->out, &err);
    if (r != SWARD_OK) {
        fprintf(stderr, "sward: cannot write video: %s\n", err.message);
        return (int)SWARD_ERROR_IO;
    }
    return 0;
}

/* Prints the last lines ffmpeg wrote (at most about 1 KB). */
static void print_log_tail(app_video *v)
{
    if (!v->log) return;
    char buf[1025];
    fflush(v->log);
    long size = fseek(v->log, 0, SEEK_END) == 0 ? ftell(v->log) : -1;
    long from = size > 1024 ? size - 1024 : 0;
    if (size <= 0 || fseek(v->log, from, SEEK_SET) != 0) return;
    size_t n = fread(buf, 1, sizeof buf - 1, v->log);
    buf[n] = '\0';
    char *text = buf;
    if (from > 0) { /* start at a whole line */
        char *nl = strchr(text, '\n');
        if (nl) text = nl + 1;
    }
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        if (*line) fprintf(stderr, "sward: ffmpeg: %s\n", line);
}

static void release(app_video *v)
{
    if (v->in >= 0) close(v->in);
    v->in = -1;
    if (v->log) fclose(v->log);
    v->log = NULL;
    sigaction(SIGPIPE, &v->old_pipe, NULL);
    core_atomic_abort(&v->out); /* nothing once committed */
    free(v);
}

/* Waits for ffmpeg; its exit status (0 ok), or -1 when it did not exit normally (described in what). */
static int wait_ffmpeg(app_video *v, char *what, size_t size)
{
    int status = 0;
    while (waitpid(v->pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(what, size, "cannot wait for ffmpeg: %s", strerror(errno));
            return -1;
        }
    v->pid = 0;
    app_signals_child(0);
    if (WIFEXITED(status)) {
        snprintf(what, size, "ffmpeg exited with status %d", WEXITSTATUS(status));
        return WEXITSTATUS(status);
    }
    snprintf(what, size, "ffmpeg was killed by signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return -1;
}

/* ffmpeg failed: its status and the end of its log; the temporary file goes. */
static int fail(app_video *v, const char *why)
{
    char what[128] = "";
    if (v->in >= 0) close(v->in);
    v->in = -1;
    if (v->pid > 0) wait_ffmpeg(v, what, sizeof what);
    fprintf(stderr, "sward: cannot write video '%s': %s%s%s\n", v->path, why, what[0] ? "; " : "", what);
    print_log_tail(v);
    release(v);
    return (int)SWARD_ERROR_IO;
}

int app_video_open(app_video **out, const char *path, uint32_t width, uint32_t height, double fps)
{
    *out = NULL;
    app_video *v = calloc(1, sizeof *v);
    if (!v) {
        fprintf(stderr, "sward: out of memory\n");
        return (int)SWARD_ERROR_OUT_OF_MEMORY;
    }
    v->in = -1;
    v->frame_bytes = (size_t)width * height * 4u;
    snprintf(v->path, sizeof v->path, "%s", path);
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &v->old_pipe);
    int rc = make_temp(v);
    if (rc) {
        release(v);
        return rc;
    }
    v->log = tmpfile();
    int fds[2] = {-1, -1};
    if (!v->log || pipe(fds) != 0) {
        fprintf(stderr, "sward: cannot write video '%s': cannot start ffmpeg: %s\n", path, strerror(errno));
        release(v);
        return (int)SWARD_ERROR_IO;
    }
    v->in = fds[1];
    fcntl(fds[1], F_SETFD, FD_CLOEXEC); /* ffmpeg must not hold its own stdin open */
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    int log_fd = fileno(v->log);
    fcntl(log_fd, F_SETFD, FD_CLOEXEC);

    char size[32], rate[32];
    snprintf(size, sizeof size, "%ux%u", (unsigned)width, (unsigned)height);
    snprintf(rate, sizeof rate, "%.10g", fps);
    const char *muxer = muxer_of(path);
    bool mp4 = strcmp(muxer, "matroska") != 0;
    char *argv[48];
    int n = 0;
    const char *args[] = {"ffmpeg", "-hide_banner", "-loglevel", "error", "-nostats", "-y",
                          "-f", "rawvideo", "-pix_fmt", "rgba", "-s", size, "-r", rate, "-i", "-",
                          "-an", "-vf", "scale=out_color_matrix=bt709:out_range=tv", "-c:v", "libx264",
                          "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p", "-colorspace", "bt709",
                          "-color_primaries", "bt709", "-color_trc", "iec61966-2-1", "-color_range", "tv"};
    for (size_t i = 0; i < sizeof args / sizeof args[0]; i++) argv[n++] = (char *)args[i];
    if (mp4) {
        argv[n++] = (char *)"-movflags";
        argv[n++] = (char *)"+faststart";
    }
    argv[n++] = (char *)"-f";
    argv[n++] = (char *)muxer;
    argv[n++] = v->out.tmp;
    argv[n] = NULL;

    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[0], 0);
    posix_spawn_file_actions_adddup2(&fa, log_fd, 1);
    posix_spawn_file_actions_adddup2(&fa, log_fd, 2);
    int e = posix_spawnp(&v->pid, "ffmpeg", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (e == 0) app_signals_child(v->pid); /* a signal stops it before the temporary file is removed */
    close(fds[0]);
    if (e != 0) {
        v->pid = 0;
        fprintf(stderr, "sward: cannot write video '%s': cannot start ffmpeg: %s\n", path, strerror(e));
        release(v);
        return (int)SWARD_ERROR_IO;
    }
    *out = v;
    return 0;
}

int app_video_frame(app_video *v, const uint8_t *rgba)
{
    size_t left = v->frame_bytes;
    while (left > 0) {
        ssize_t w = write(v->in, rgba, left);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return fail(v, errno == EPIPE ? "ffmpeg stopped reading frames" : strerror(errno));
        rgba += w;
        left -= (size_t)w;
    }
    return 0;
}

int app_video_finish(app_video *v)
{
    close(v->in);
    v->in = -1;
    char what[128];
    int status = wait_ffmpeg(v, what, sizeof what);
    if (status != 0) return fail(v, "encoding failed");
    sward_error err = {0};
    if (core_atomic_commit(&v->out, &err) != SWARD_OK) {
        fprintf(stderr, "sward: cannot write video: %s\n", err.message);
        release(v);
        return (int)SWARD_ERROR_IO;
    }
    release(v);
    return 0;
}

void app_video_abort(app_video *v)
{
    if (!v) return;
    if (v->pid > 0) {
        kill(v->pid, SIGKILL);
        char what[128];
        wait_ffmpeg(v, what, sizeof what);
    }
    release(v);
}
