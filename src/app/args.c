/* Strict flag parsing for the `sward` command, and the helpers its commands share (every function args.h
 * declares is defined here, but the commands themselves). */
#define _POSIX_C_SOURCE 200809L

#include "args.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void args_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "sward %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static args_option *find_long(args_command *cmd, const char *name, size_t len)
{
    for (size_t i = 0; i < cmd->option_count; i++) {
        const char *n = cmd->options[i].name;
        if (n && strlen(n) == len && strncmp(n, name, len) == 0) return &cmd->options[i];
    }
    return NULL;
}

static args_option *find_short(args_command *cmd, char c)
{
    for (size_t i = 0; i < cmd->option_count; i++)
        if (cmd->options[i].short_name != 0 && cmd->options[i].short_name == c) return &cmd->options[i];
    return NULL;
}

static bool is_help(const char *a) { return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0; }

/* The option an argument names ("--x", "--x=v", "-o"), or NULL; *inline_value gets the text after '='. */
static args_option *lookup(args_command *cmd, const char *arg, const char **inline_value)
{
    *inline_value = NULL;
    if (arg[0] == '-' && arg[1] == '-' && arg[2] != '\0') {
        const char *name = arg + 2;
        const char *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        if (eq) *inline_value = eq + 1;
        return find_long(cmd, name, len);
    }
    if (arg[0] == '-' && arg[1] != '\0' && arg[2] == '\0') return find_short(cmd, arg[1]);
    return NULL;
}

static bool parse_int(const char *s, int64_t *out)
{
    if (!((s[0] >= '0' && s[0] <= '9') || (s[0] == '-' && s[1] >= '0' && s[1] <= '9'))) return false;
    errno = 0;
    char *end = NULL;
    long long v = strtoll(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0') return false;
    *out = (int64_t)v;
    return true;
}

static bool parse_float(const char *s, double *out)
{
    const char *p = (s[0] == '-' || s[0] == '+') ? s + 1 : s;
    if (!((p[0] >= '0' && p[0] <= '9') || (p[0] == '.' && p[1] >= '0' && p[1] <= '9'))) return false;
    if (strpbrk(s, "xX")) return false; /* no hexadecimal floats */
    errno = 0;
    char *end = NULL;
    double v = strtod(s, &end);
    if (errno == ERANGE && fabs(v) > 1.0) return false; /* overflow; underflow to ~0 is fine */
    if (end == s || *end != '\0' || !isfinite(v)) return false;
    *out = v;
    return true;
}

static bool set_value(args_command *cmd, args_option *o, const char *spelled, const char *value)
{
    switch (o->kind) {
    case ARGS_STRING:
        if (value[0] == '\0') {
            args_usage_error(cmd->name, "%s: expected a value, got ''", spelled);
            return false;
        }
        *(const char **)o->out = value;
        return true;
    case ARGS_INT: {
        int64_t v = 0;
        if (!parse_int(value, &v) || v < o->imin || v > o->imax) {
            if (o->expect)
                args_usage_error(cmd->name, "%s: expected %s, got '%s'", spelled, o->expect, value);
            else
                args_usage_error(cmd->name, "%s: expected an integer from %" PRId64 " to %" PRId64 ", got '%s'",
                                 spelled, o->imin, o->imax, value);
            return false;
        }
        *(int64_t *)o->out = v;
        return true;
    }
    case ARGS_FLOAT: {
        double v = 0.0;
        bool ok = parse_float(value, &v) && v <= o->fmax && (o->fmin_exclusive ? v > o->fmin : v >= o->fmin);
        if (!ok) {
            if (o->expect)
                args_usage_error(cmd->name, "%s: expected %s, got '%s'", spelled, o->expect, value);
            else if (o->fmin_exclusive)
                args_usage_error(cmd->name, "%s: expected a number greater than %g and at most %g, got '%s'",
                                 spelled, o->fmin, o->fmax, value);
            else
                args_usage_error(cmd->name, "%s: expected a number from %g to %g, got '%s'", spelled, o->fmin,
                                 o->fmax, value);
            return false;
        }
        *(double *)o->out = v;
        return true;
    }
    case ARGS_BOOL:
        *(bool *)o->out = true;
        return true;
    case ARGS_LIST: {
        args_list *l = (args_list *)o->out;
        if (l->count == ARGS_LIST_MAX) {
            args_usage_error(cmd->name, "%s: given more than %d times", spelled, ARGS_LIST_MAX);
            return false;
        }
        l->items[l->count++] = value;
        return true;
    }
    }
    return false;
}

args_status args_parse(args_command *cmd, int argc, char **argv)
{
    /* --help wins wherever it appears (except as another flag's value or after "--"). */
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0) break;
        if (is_help(argv[i])) {
            fputs(cmd->help, stdout);
            return ARGS_HELP;
        }
        const char *inline_value = NULL;
        args_option *o = lookup(cmd, argv[i], &inline_value);
        if (o && o->kind != ARGS_BOOL && !inline_value) i++;
    }

    bool only_positional = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool looks_like_flag = !only_positional && a[0] == '-' && a[1] != '\0';
        if (looks_like_flag && strcmp(a, "--") == 0) {
            only_positional = true;
            continue;
        }
        if (!looks_like_flag) {
            if (!cmd->positional) {
                args_usage_error(cmd->name, "unexpected argument '%s' (see 'sward %s --help')", a, cmd->name);
                return ARGS_ERROR;
            }
            if (*cmd->positional) {
                args_usage_error(cmd->name, "unexpected argument '%s': only one %s may be given (already got '%s')",
                                 a, cmd->positional_name, *cmd->positional);
                return ARGS_ERROR;
            }
            *cmd->positional = a;
            continue;
        }

        const char *inline_value = NULL;
        args_option *o = lookup(cmd, a, &inline_value);
        /* The flag as the user spelled it, without any "=value". */
        char spelled[64];
        size_t name_len = inline_value ? (size_t)(inline_value - 1 - a) : strlen(a);
        snprintf(spelled, sizeof spelled, "%.*s", (int)(name_len < 60 ? name_len : 60), a);
        if (!o) {
            args_usage_error(cmd->name, "unknown option '%s' (see 'sward %s --help')", spelled, cmd->name);
            return ARGS_ERROR;
        }
        if (o->set && o->kind != ARGS_LIST) {
            args_usage_error(cmd->name, "%s: given more than once", spelled);
            return ARGS_ERROR;
        }
        o->set = true;
        if (o->kind == ARGS_BOOL) {
            if (inline_value) {
                args_usage_error(cmd->name, "%s: takes no value, got '%s'", spelled, inline_value);
                return ARGS_ERROR;
            }
            set_value(cmd, o, spelled, "");
            continue;
        }
        const char *value = inline_value;
        if (!value) {
            if (i + 1 >= argc) {
                args_usage_error(cmd->name, "%s: missing value", spelled);
                return ARGS_ERROR;
            }
            value = argv[++i];
        }
        if (!set_value(cmd, o, spelled, value)) return ARGS_ERROR;
    }
    return ARGS_OK;
}

/* ---- frame patterns ------------------------------------------------------------------------------------ */

/* At p (just after a '%'): the directive's kind. Returns 1 for a frame directive (width in *width, length
 * in *len), 0 for "%%", -1 for anything else. */
static int directive(const char *p, unsigned *width, size_t *len)
{
    if (p[0] == '%') {
        *len = 1;
        return 0;
    }
    if (p[0] == 'd') {
        *width = 0;
        *len = 1;
        return 1;
    }
    if (p[0] == '0' && p[1] >= '1' && p[1] <= '9') {
        unsigned w = (unsigned)(p[1] - '0');
        size_t n = 2;
        if (p[2] >= '0' && p[2] <= '9') {
            w = w * 10u + (unsigned)(p[2] - '0');
            n = 3;
        }
        if (p[n] == 'd' && w <= 20) {
            *width = w;
            *len = n + 1;
            return 1;
        }
    }
    return -1;
}

int args_frame_pattern_check(const char *pattern, char *why, size_t why_size)
{
    int count = 0;
    for (const char *p = pattern; *p; p++) {
        if (*p != '%') continue;
        unsigned width = 0;
        size_t len = 0;
        int kind = directive(p + 1, &width, &len);
        if (kind < 0) {
            /* Quote the whole conversion the user wrote: flags, width, precision, length, letter. */
            size_t n = 1 + strspn(p + 1, "0123456789-+ #.'hlLqjzt");
            if (p[n] == '\0') {
                snprintf(why, why_size, "'%.*s' at the end", (int)(n < 16 ? n : 16), p);
                return -1;
            }
            n++;
            snprintf(why, why_size, "'%.*s' is not allowed", (int)(n < 16 ? n : 16), p);
            return -1;
        }
        count += kind;
        if (count > 1) {
            snprintf(why, why_size, "more than one frame-number directive");
            return -1;
        }
        p += len;
    }
    return count;
}

bool args_frame_path(const char *pattern, uint64_t frame, char *out, size_t size)
{
    size_t o = 0;
    for (const char *p = pattern; *p; p++) {
        char digits[32];
        const char *piece = p;
        size_t piece_len = 1;
        if (*p == '%') {
            unsigned width = 0;
            size_t len = 0;
            int kind = directive(p + 1, &width, &len);
            if (kind < 0) return false;
            if (kind == 0) {
                piece = "%";
            } else {
                int n = snprintf(digits, sizeof digits, "%0*" PRIu64, (int)width, frame);
                if (n < 0) return false;
                piece = digits;
                piece_len = (size_t)n;
            }
            p += len;
        }
        if (o + piece_len >= size) return false;
        memcpy(out + o, piece, piece_len);
        o += piece_len;
    }
    if (o >= size) return false;
    out[o] = '\0';
    return true;
}

/* ---- shared helpers ------------------------------------------------------------------------------------ */

void app_log(sward_log_level level, const char *message, void *user)
{
    bool verbose = user && *(const bool *)user;
    switch (level) {
    case SWARD_LOG_ERROR: fprintf(stderr, "sward: error: %s\n", message); break;
    case SWARD_LOG_WARN: fprintf(stderr, "sward: warning: %s\n", message); break;
    case SWARD_LOG_INFO:
        if (verbose) fprintf(stderr, "sward: %s\n", message);
        break;
    case SWARD_LOG_DEBUG:
        if (verbose) fprintf(stderr, "sward: debug: %s\n", message);
        break;
    }
}

int app_fail(sward_result r, const sward_error *err)
{
    /* The returned code is what counts; a library failure without a code or message still fails. */
    int code = (int)r;
    if (code <= 0 || code > 125) code = (int)err->code;
    if (code <= 0 || code > 125) code = (int)SWARD_ERROR_VULKAN;
    if (err->message[0])
        fprintf(stderr, "sward: %s\n", err->message);
    else
        fprintf(stderr, "sward: failed with error %d (no message)\n", code);
    return code;
}

const char *app_device_kind(sward_device_type t)
{
    switch (t) {
    case SWARD_DEVICE_DISCRETE: return "discrete GPU";
    case SWARD_DEVICE_INTEGRATED: return "integrated GPU";
    case SWARD_DEVICE_VIRTUAL: return "virtual GPU";
    case SWARD_DEVICE_CPU: return "CPU";
    case SWARD_DEVICE_OTHER: break;
    }
    return "other";
}

const char *app_device_token(sward_device_type t)
{
    switch (t) {
    case SWARD_DEVICE_DISCRETE: return "discrete";
    case SWARD_DEVICE_INTEGRATED: return "integrated";
    case SWARD_DEVICE_VIRTUAL: return "virtual";
    case SWARD_DEVICE_CPU: return "cpu";
    case SWARD_DEVICE_OTHER: break;
    }
    return "other";
}

void app_api_version(uint32_t v, char *out, size_t size)
{
    /* VK_API_VERSION_MAJOR/MINOR/PATCH, spelled out: the app does not include Vulkan. */
    snprintf(out, size, "%u.%u.%u", (unsigned)((v >> 22) & 0x7Fu), (unsigned)((v >> 12) & 0x3FFu),
             (unsigned)(v & 0xFFFu));
}

size_t app_utf8_char(const char *s, size_t avail)
{
    const unsigned char *p = (const unsigned char *)s;
    if (avail == 0) return 0;
    unsigned c = p[0];
    if (c < 0x80) return 1;
    size_t n;
    unsigned lo = 0x80, hi = 0xbf; /* the second byte's range excludes overlong forms, surrogates, > U+10FFFF */
    if (c >= 0xc2 && c <= 0xdf) n = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        if (c == 0xe0) lo = 0xa0;
        if (c == 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        if (c == 0xf0) lo = 0x90;
        if (c == 0xf4) hi = 0x8f;
    } else {
        return 0;
    }
    if (avail < n || p[1] < lo || p[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf) return 0;
    return n;
}

double app_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A JSON string (RFC 8259): valid UTF-8 whatever the bytes (a scene path need not be UTF-8): a byte that is
 * not part of a well-formed character becomes U+FFFD, control characters and DEL \u00XX. */
void app_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (size_t i = 0, len = strlen(s); i < len;) {
        unsigned char c = (unsigned char)s[i];
        size_t n = app_utf8_char(s + i, len - i);
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            fprintf(f, "\\u%04x", (unsigned)c);
        else if (n == 0)
            fputs("\\ufffd", f);
        else
            fwrite(s + i, 1, n, f);
        i += n ? n : 1;
    }
    fputc('"', f);
}

/* ---- devices ------------------------------------------------------------------------------------------ */

#define DESCRIBE_MAX_DEVICES 64

int app_auto_device(const sward_device_info *devices, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++)
        if (devices[i].preferred) return (int)i;
    return -1;
}

void app_describe_device(const sward_device_info *d, bool chosen_by_flag, char *out, size_t size)
{
    if (d->type != SWARD_DEVICE_CPU) {
        snprintf(out, size, "%s (%s)", d->name, app_device_kind(d->type));
        return;
    }
    const char *impl = strstr(d->name, "llvmpipe") ? "lavapipe" : "software renderer";
    /* Say why the CPU renders: chosen with --device, no GPU at all, or no suitable GPU. */
    static sward_device_info all[DESCRIBE_MAX_DEVICES];
    uint32_t count = 0;
    sward_error err = { 0 };
    if (sward_list_devices(all, DESCRIBE_MAX_DEVICES, &count, &err) != SWARD_OK) count = 0;
    if (count > DESCRIBE_MAX_DEVICES) count = DESCRIBE_MAX_DEVICES;
    const sward_device_info *gpu = NULL;
    for (uint32_t i = 0; i < count; i++) {
        if (all[i].type == SWARD_DEVICE_CPU || all[i].type == SWARD_DEVICE_OTHER) continue;
        if (!gpu || (all[i].suitable && !gpu->suitable)) gpu = &all[i];
    }
    if (chosen_by_flag && gpu)
        snprintf(out, size, "%s (CPU, %s; chosen with --device)", d->name, impl);
    else if (!gpu)
        snprintf(out, size, "%s (CPU, %s; no GPU found)", d->name, impl);
    else if (!gpu->suitable)
        snprintf(out, size, "%s (CPU, %s; GPU %s is unsuitable: %s)", d->name, impl, gpu->name, gpu->why_not);
    else
        snprintf(out, size, "%s (CPU, %s)", d->name, impl);
}

/* ---- scenes and contexts (render, bench, view) ---------------------------------------------------------- */

int app_check_sets(const char *cmd, const args_list *sets)
{
    for (size_t i = 0; i < sets->count; i++) {
        sward_error err = { 0 };
        if (sward_scene_check_override(sets->items[i], &err) != SWARD_OK) {
            args_usage_error(cmd, "--set %s", err.message);
            return APP_EXIT_USAGE;
        }
    }
    return 0;
}

int app_load_scene(const char *path, const args_list *sets, sward_scene **scene, sward_error *err)
{
    struct stat st;
    if (path && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "sward: cannot read scene '%s': it is a folder\n", path);
        return (int)SWARD_ERROR_IO;
    }
    sward_result r = sward_scene_load_overrides(path, sets->items, sets->count, scene, err);
    return r == SWARD_OK ? 0 : app_fail(r, err);
}

int app_add_cache_mib(const char *cmd, args_list *sets, double mib)
{
    static char text[64];
    if (sets->count == ARGS_LIST_MAX) {
        args_usage_error(cmd, "--cache-mib: too many overrides with --set (at most %d in all)", ARGS_LIST_MAX);
        return APP_EXIT_USAGE;
    }
    snprintf(text, sizeof text, "render.tile_cache.budget_mib=%.17g", mib);
    sets->items[sets->count++] = text;
    return 0;
}

int app_create_context(const args_option *device, int64_t device_index, bool validate, bool *verbose,
                       sward_context **ctx, sward_error *err)
{
    sward_context_desc desc = {
        .device_index = (int)device_index,
        .device_index_set = device->set,
        .validation = validate,
        .logger = { .fn = app_log, .user = verbose },
    };
    sward_result r = sward_context_create(&desc, ctx, err);
    return r == SWARD_OK ? 0 : app_fail(r, err);
}

int app_check_validation(const sward_context *ctx)
{
    uint32_t n = sward_context_validation_messages(ctx);
    if (n == 0) return 0;
    fprintf(stderr, "sward: %u Vulkan validation message%s\n", (unsigned)n, n == 1 ? "" : "s");
    return (int)SWARD_ERROR_VULKAN;
}

/* ---- files --------------------------------------------------------------------------------------------- */

#define MAKE_DIRS_CAP 4096

/* mkdir -p; 0 or an exit status after printing the problem. */
int app_make_dirs(const char *dir)
{
    char buf[MAKE_DIRS_CAP];
    snprintf(buf, sizeof buf, "%s", dir);
    size_t n = strlen(buf);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0') continue;
        char c = buf[i];
        buf[i] = '\0';
        struct stat st;
        if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "sward bake: cannot create folder '%s': %s\n", buf, strerror(errno));
            return (int)SWARD_ERROR_IO;
        }
        if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "sward bake: cannot write into '%s': it is not a folder\n", buf);
            return (int)SWARD_ERROR_IO;
        }
        buf[i] = c;
    }
    return 0;
}

/* mkdir -p of the output file's folder, then the file's writability (render -o, bench --plot). */
int app_make_parent_dirs(const char *path)
{
    char buf[MAKE_DIRS_CAP];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(buf, 0777) != 0) {
            int e = errno;
            struct stat st;
            if (e != EEXIST) {
                fprintf(stderr, "sward: cannot create folder '%s' for '%s': %s\n", buf, path, strerror(e));
                return (int)SWARD_ERROR_IO;
            }
            if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
                fprintf(stderr, "sward: cannot create folder '%s' for '%s': a file of that name exists\n", buf,
                        path);
                return (int)SWARD_ERROR_IO;
            }
        }
        *p = '/';
    }
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "sward: cannot write '%s': it is a folder\n", path);
        return (int)SWARD_ERROR_IO;
    }
    /* Writable: a file that exists must be, and so must its folder, where the file (or the temporary
     * file renamed over it) is created. A device such as /dev/full is written in place: its folder need not be. */
    const char *slash = strrchr(path, '/');
    snprintf(buf, sizeof buf, "%.*s", slash ? (slash == path ? 1 : (int)(slash - path)) : 1, slash ? path : ".");
    bool exists = stat(path, &st) == 0;
    const char *what = NULL;
    int e = 0;
    if (exists && access(path, W_OK) != 0) {
        what = path;
        e = errno;
    } else if ((!exists || S_ISREG(st.st_mode)) && access(buf, W_OK) != 0) {
        what = buf;
        e = errno;
    }
    if (what) {
        fprintf(stderr, "sward: cannot write '%s': %s%s\n", path, what == buf ? "its folder: " : "", strerror(e));
        return (int)SWARD_ERROR_IO;
    }
    return 0;
}
