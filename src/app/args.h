/* The `sward` command's flag parser and the helpers the commands share (exit codes, logger, output paths).
 * Parsing is strict: every numeric value must be consumed whole and lie in its range, unknown flags and
 * missing values are errors, and every error is one line on stderr naming the command and the flag. */
#ifndef SWARD_APP_ARGS_H
#define SWARD_APP_ARGS_H

#include <sward/sward.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Exit code for bad flags or usage: the same number as SWARD_ERROR_INVALID_INPUT. */
#define APP_EXIT_USAGE 2

typedef enum args_kind {
    ARGS_BOOL,   /* out: bool *; takes no value */
    ARGS_INT,    /* out: int64_t *; decimal integer in [imin, imax] */
    ARGS_FLOAT,  /* out: double *; finite number in [fmin, fmax] (or (fmin, fmax] with fmin_exclusive) */
    ARGS_STRING, /* out: const char ** (points into argv) */
    ARGS_LIST,   /* out: args_list *; a string flag that may be repeated, values in order */
} args_kind;

#define ARGS_LIST_MAX 256
typedef struct args_list {
    const char *items[ARGS_LIST_MAX]; /* point into argv */
    size_t count;
} args_list;

typedef struct args_option {
    const char *name;       /* long name without dashes: "width" for --width */
    char short_name;        /* 'o' for -o, or 0 */
    args_kind kind;
    void *out;
    int64_t imin, imax;     /* ARGS_INT range, inclusive */
    double fmin, fmax;      /* ARGS_FLOAT range, fmax inclusive */
    bool fmin_exclusive;
    const char *expect;     /* wording after "expected " in errors; NULL: generated from the range */
    bool set;               /* filled by args_parse: the flag was given */
} args_option;

typedef struct args_command {
    const char *name;              /* "render": errors read "sward render: ..." */
    args_option *options;
    size_t option_count;
    const char **positional;       /* receives the one positional argument; NULL: none accepted */
    const char *positional_name;   /* "SCENE.json", for messages */
    const char *help;              /* printed to stdout by --help / -h */
} args_command;

typedef enum args_status { ARGS_OK, ARGS_HELP, ARGS_ERROR } args_status;

/* Parses argv[0..argc) (the words after the command name). ARGS_HELP: help was printed, exit 0.
 * ARGS_ERROR: one line was printed to stderr, exit APP_EXIT_USAGE. */
args_status args_parse(args_command *cmd, int argc, char **argv);

/* Prints "sward CMD: " + message + "\n" to stderr. */
void args_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- frame-numbered output paths ------------------------------------------------------------------------
 * A path containing '%' is a pattern: exactly one %d or %0Nd (N = 1..20) for the frame number, and %% for
 * a literal percent sign; nothing else. */

/* Returns the number of frame directives (0 or 1), or -1 with `why` filled when the pattern is invalid. */
int args_frame_pattern_check(const char *pattern, char *why, size_t why_size);
/* Expands a valid pattern for `frame` into out; false if it does not fit. */
bool args_frame_path(const char *pattern, uint64_t frame, char *out, size_t size);

/* ---- shared by the commands --------------------------------------------------------------------------- */

/* Logger for sward_context_desc: warnings and errors to stderr as "sward: ...", info/debug only if verbose
 * (user points to a bool). */
void app_log(sward_log_level level, const char *message, void *user);

/* Prints "sward: <message>" to stderr and returns the failed call's result as the exit status. */
int app_fail(sward_result r, const sward_error *err);

/* "discrete GPU", "integrated GPU", "virtual GPU", "CPU", "other" */
const char *app_device_kind(sward_device_type t);
/* "discrete", "integrated", "virtual", "cpu", "other": stable tokens for JSON */
const char *app_device_token(sward_device_type t);
/* Writes "1.3.277" for a VK_MAKE_API_VERSION number. */
void app_api_version(uint32_t v, char *out, size_t size);

/* Length in bytes (1 to 4) of the well-formed UTF-8 character at s (RFC 3629), or 0 if the bytes there are
 * not one; avail is the number of bytes readable at s. For output that must be valid UTF-8 (JSON). */
size_t app_utf8_char(const char *s, size_t avail);

/* Writes s as a JSON string (RFC 8259), valid UTF-8 whatever the bytes. */
void app_json_string(FILE *f, const char *s);

/* Seconds on a monotonic clock. */
double app_now(void);

/* The device sward_context_create picks when no --device is given. This mirrors the library's rule (the
 * first suitable device by type: discrete GPU, integrated GPU, virtual GPU, CPU, other; ties in list order)
 * and is used only to mark it in `sward devices`. Returns its index, or -1 if none is suitable. */
int app_auto_device(const sward_device_info *devices, uint32_t count);
/* "NVIDIA H200 (discrete GPU)" or "llvmpipe (LLVM 15.0.6, 256 bits) (CPU, lavapipe; no GPU found)". */
void app_describe_device(const sward_device_info *d, bool chosen_by_flag, char *out, size_t size);

/* Shared by the commands that load a scene; each returns 0 or an exit status after printing the error.
 * NULL path: the built-in scene. `sets`: the --set PATH=VALUE overrides (sward_scene_load_overrides). */
int app_load_scene(const char *path, const args_list *sets, sward_scene **scene, sward_error *err);
/* Checks the form of every --set value; 0, or prints "sward CMD: --set 'TEXT': <problem>" and returns
 * APP_EXIT_USAGE. */
int app_check_sets(const char *cmd, const args_list *sets);
/* --cache-mib N: the tile cache's budget (SC1) as the override render.tile_cache.budget_mib=N, after the --set ones
 * (so it wins). Returns non-zero (a usage error) when the list is full. */
int app_add_cache_mib(const char *cmd, args_list *sets, double mib);
/* The help text of --set, shared by render and bench. */
#define APP_SET_HELP                                                                                             \
    "  --set PATH=VALUE   override one field of the scene before it is checked; repeatable, later ones win.\n" \
    "                     PATH as the scene's error messages spell it (sun.elevation,\n"                        \
    "                     render.features.shadows, grass[0].density; missing objects are created); VALUE\n"    \
    "                     is JSON (10, false, [1,0.3], \"text\") or else a bare string; null removes the\n"   \
    "                     field (sun.direction=null). Works without SCENE too. A bad value gets the\n"       \
    "                     loader's message for that field, ending in \"(set by override 'PATH=VALUE')\"\n"
/* --device given (device->set) selects device_index; the logger gets `verbose`. */
int app_create_context(const args_option *device, int64_t device_index, bool validate, bool *verbose,
                       sward_context **ctx, sward_error *err);
/* 0, or prints "sward: N Vulkan validation messages" and returns 5. */
int app_check_validation(const sward_context *ctx);
/* mkdir -p DIR (bake and bake world); 0 or an exit status after printing the problem. */
int app_make_dirs(const char *dir);
/* Creates every missing folder above the output file `path` (mkdir -p of its parent) and checks that the file
 * can be written (not a folder; it, if it exists, and its folder writable), before the device starts (render -o,
 * --video, bench --plot). 0 or an exit status (3) after printing the problem. */
int app_make_parent_dirs(const char *path);

/* ---- the commands: argv holds the words after the command name; they return the exit status ---------- */

int cmd_render(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_bake_world(int argc, char **argv);
int cmd_devices(int argc, char **argv);
int cmd_bake(int argc, char **argv);
/* `sward view` (cmd_view.c); built without GLFW (SWARD_VIEWER=OFF, the bundle) it prints that and exits 4
 * (main.c). */
int cmd_view(int argc, char **argv);

#endif
