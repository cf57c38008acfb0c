/* view_script.c — the viewer's command scripts (view_script.h). */
#include "view_script.h"

#include <GLFW/glfw3.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int view_key_code(const char *name)
{
    static const struct {
        const char *name;
        int code;
    } named[] = {
        {"space", GLFW_KEY_SPACE},   {"escape", GLFW_KEY_ESCAPE}, {"home", GLFW_KEY_HOME},
        {"backspace", GLFW_KEY_BACKSPACE}, {"f12", GLFW_KEY_F12}, {"[", GLFW_KEY_LEFT_BRACKET},
        {"]", GLFW_KEY_RIGHT_BRACKET},
    };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strcmp(name, named[i].name) == 0) return named[i].code;
    if (name[0] && !name[1]) {
        int c = toupper((unsigned char)name[0]);
        if (c >= 'A' && c <= 'Z') return GLFW_KEY_A + (c - 'A');
        if (c >= '0' && c <= '9') return GLFW_KEY_0 + (c - '0');
    }
    return -1;
}

/* The next word of *s (whitespace-separated), NUL-terminated in place; NULL at the end. */
static char *word(char **s)
{
    char *p = *s;
    while (*p && isspace((unsigned char)*p)) p++;
    if (!*p) return NULL;
    char *start = p;
    while (*p && !isspace((unsigned char)*p)) p++;
    if (*p) *p++ = '\0';
    *s = p;
    return start;
}

static bool number(const char *w, double lo, double hi, double *out)
{
    if (!w) return false;
    char *end = NULL;
    errno = 0;
    double v = strtod(w, &end);
    if (errno || end == w || *end || !isfinite(v) || v < lo || v > hi) return false;
    *out = v;
    return true;
}

int view_script_next(FILE *f, view_cmd *cmd, long *line, char *why, size_t why_size)
{
    char buf[8192];
    while (fgets(buf, sizeof buf, f)) {
        ++*line;
        size_t n = strlen(buf);
        if (n == sizeof buf - 1 && buf[n - 1] != '\n') {
            snprintf(why, why_size, "line %ld: longer than %zu bytes", *line, sizeof buf - 2);
            return -1;
        }
        char *s = buf;
        char *verb = word(&s);
        if (!verb || verb[0] == '#') continue;
        memset(cmd, 0, sizeof *cmd);
        char *a = word(&s);
        int want = 1; /* arguments */
        if (strcmp(verb, "frames") == 0) {
            double v;
            if (!number(a, 1, 1e6, &v) || v != floor(v)) {
                snprintf(why, why_size, "line %ld: frames N: N must be a whole number from 1 to 1000000", *line);
                return -1;
            }
            cmd->kind = VIEW_CMD_FRAMES;
            cmd->count = (long)v;
        } else if (strcmp(verb, "key") == 0) {
            cmd->kind = VIEW_CMD_KEY;
            cmd->key = a ? view_key_code(a) : -1;
            if (cmd->key < 0) {
                snprintf(why, why_size, "line %ld: key NAME: unknown key '%.40s' (a letter, a digit, space, escape, "
                         "home, backspace, f12, [ or ])", *line, a ? a : "");
                return -1;
            }
        } else if (strcmp(verb, "camera") == 0) {
            cmd->kind = VIEW_CMD_CAMERA;
            for (int k = 0; k < 6; k++, a = word(&s))
                if (!number(a, -1e6, 1e6, &cmd->v[k])) {
                    snprintf(why, why_size, "line %ld: camera EX EY EZ TX TY TZ: six numbers from -1e6 to 1e6",
                             *line);
                    return -1;
                }
            want = a ? -1 : 0; /* a is the word after the sixth number */
        } else if (strcmp(verb, "time") == 0) {
            cmd->kind = VIEW_CMD_TIME;
            if (!number(a, -100000, 100000, &cmd->v[0])) {
                snprintf(why, why_size, "line %ld: time T: T from -100000 to 100000 s", *line);
                return -1;
            }
        } else if (strcmp(verb, "screenshot") == 0 || strcmp(verb, "window-shot") == 0) {
            cmd->kind = verb[0] == 's' ? VIEW_CMD_SCREENSHOT : VIEW_CMD_WINDOW_SHOT;
            if (!a || strlen(a) >= sizeof cmd->arg) {
                snprintf(why, why_size, "line %ld: %s PATH: a path of at most %zu bytes", *line, verb,
                         sizeof cmd->arg - 1);
                return -1;
            }
            snprintf(cmd->arg, sizeof cmd->arg, "%s", a);
        } else if (strcmp(verb, "wait-reload") == 0) {
            cmd->kind = VIEW_CMD_WAIT_RELOAD;
            if (!number(a, 0.1, 600, &cmd->v[0])) {
                snprintf(why, why_size, "line %ld: wait-reload SECONDS: from 0.1 to 600", *line);
                return -1;
            }
        } else if (strcmp(verb, "resize") == 0) {
            cmd->kind = VIEW_CMD_RESIZE;
            char *b = word(&s);
            if (!number(a, 1, 8192, &cmd->v[0]) || !number(b, 1, 8192, &cmd->v[1]) || cmd->v[0] != floor(cmd->v[0]) ||
                cmd->v[1] != floor(cmd->v[1])) {
                snprintf(why, why_size, "line %ld: resize W H: two whole numbers from 1 to 8192", *line);
                return -1;
            }
        } else if (strcmp(verb, "close") == 0) {
            cmd->kind = VIEW_CMD_CLOSE;
            want = 0;
            if (a) want = -1;
        } else {
            snprintf(why, why_size, "line %ld: unknown command '%.40s' (frames, key, camera, time, screenshot, "
                     "window-shot, wait-reload, resize, close)", *line, verb);
            return -1;
        }
        if (want < 0 || (want == 1 && word(&s))) {
            snprintf(why, why_size, "line %ld: %s: too many arguments", *line, verb);
            return -1;
        }
        return 1;
    }
    if (ferror(f)) {
        snprintf(why, why_size, "after line %ld: cannot read: %s", *line, strerror(errno));
        return -1;
    }
    return 0;
}
