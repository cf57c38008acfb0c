/* view_script.h — `sward view --script FILE` (or - for stdin): commands that drive the viewer between frames,
 * for scripts and tests. One command a line; blank lines and lines starting with '#' are skipped:
 *   frames N              render N frames (1..1000000)
 *   key NAME              press a key, as the keyboard would (NAME: a letter or digit, space, escape, home,
 *                         backspace, f12, '[' or ']'; see `sward view --help`)
 *   camera EX EY EZ TX TY TZ   put the eye at (EX, EY, EZ) looking at (TX, TY, TZ), world m
 *   time T                set the clock to T seconds
 *   screenshot PATH       write what `sward render` gives for the current camera and time (view.c)
 *   window-shot PATH      write the last frame as shown, HUD included
 *   wait-reload SECONDS   render until the watched files change and the scene is reloaded (or fails to
 *                         reload); the script fails if none happens in time (0.1..600 s)
 *   resize W H            resize the window to W x H pixels (1..8192), as dragging its corner does
 *   close                 close the window, as its close button does */
#ifndef SWARD_APP_VIEW_SCRIPT_H
#define SWARD_APP_VIEW_SCRIPT_H

#include <stdbool.h>
#include <stdio.h>

typedef enum view_cmd_kind {
    VIEW_CMD_FRAMES,
    VIEW_CMD_KEY,
    VIEW_CMD_CAMERA,
    VIEW_CMD_TIME,
    VIEW_CMD_SCREENSHOT,
    VIEW_CMD_WINDOW_SHOT,
    VIEW_CMD_WAIT_RELOAD,
    VIEW_CMD_RESIZE,
    VIEW_CMD_CLOSE,
} view_cmd_kind;

typedef struct view_cmd {
    view_cmd_kind kind;
    long count;      /* frames */
    double v[6];     /* camera, time, wait-reload seconds, resize */
    int key;         /* key: a GLFW key code */
    char arg[4096];  /* screenshot and window-shot paths */
} view_cmd;

/* The GLFW key code of a key name (see view_script.h), or -1. */
int view_key_code(const char *name);

/* Reads the next command from f. 1: *cmd filled; 0: end of the script; -1: a malformed line, with a message
 * "LINE: problem" in why. *line counts the lines read. */
int view_script_next(FILE *f, view_cmd *cmd, long *line, char *why, size_t why_size);

#endif
