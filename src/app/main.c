/* The `sward` command: dispatches to render, view, bench, bake and devices. Thin over the public API (sward.h);
 * bake alone reaches below it (cmd_bake.c says why). */
#define _POSIX_C_SOURCE 200809L /* SIGXFSZ */

#include "signals.h"
#include "args.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

static const char main_help[] =
    "Usage: sward COMMAND [OPTIONS]\n"
    "\n"
    "Renders fields of wind-blown grass with Vulkan, headless.\n"
    "\n"
    "Commands:\n"
    "  render    render a scene to PNG, EXR (HDR) or video (a still, or numbered frames with --frames)\n"
    "  view      show a scene live in a window: fly camera, HUD, feature keys, hot reload\n"
    "  bench     render frames and report per-pass GPU times, counts and memory\n"
    "  bake      write a scene's assets as glTF LOD levels, impostor and leaf PNGs\n"
    "  devices   list Vulkan devices and which one sward would use\n"
    "  help CMD  print the help of CMD (same as 'sward CMD --help')\n"
    "\n"
    "Options:\n"
    "  -h, --help     print this help and exit\n"
    "  --version      print the version and exit\n"
    "\n"
    "Without a SCENE.json, render and bench use the built-in scene \"meadow\".\n"
    "Environment: SWARD_VALIDATION=1 enables the Vulkan validation layer (like --validate).\n"
    "\n"
    "Exit status:\n"
    "  0  success\n"
    "  2  bad usage (unknown flag, bad value) or bad input (invalid scene or image)\n"
    "  3  a file could not be read or written\n"
    "  4  no suitable Vulkan device, or the one asked for with --device is missing\n"
    "  5  a Vulkan call failed, or validation (--validate) reported messages\n"
    "  6  out of host or device memory\n";

#ifndef SWARD_HAVE_VIEWER
/* Built without GLFW (SWARD_VIEWER=OFF; the bundle, which may need only glibc and libvulkan). */
int cmd_view(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "sward view: this sward was built without the viewer (GLFW; CMake option SWARD_VIEWER)\n");
    return 4;
}
#endif

typedef int (*command_fn)(int argc, char **argv);

static const struct {
    const char *name;
    command_fn fn;
} commands[] = {
    { "render", cmd_render },
    { "view", cmd_view },
    { "bench", cmd_bench },
    { "bake", cmd_bake },
    { "devices", cmd_devices },
};

static command_fn find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0) return commands[i].fn;
    return NULL;
}

int main(int argc, char **argv)
{
    /* Past the file-size limit (ulimit -f) a write fails with EFBIG and sward reports it (exit 3) and removes
     * its temporary file, rather than being killed half-way through the file. */
    signal(SIGXFSZ, SIG_IGN);
    app_signals_install();
    if (argc < 2) {
        fputs(main_help, stderr);
        return APP_EXIT_USAGE;
    }
    const char *c = argv[1];
    if (strcmp(c, "--help") == 0 || strcmp(c, "-h") == 0) {
        fputs(main_help, stdout);
        return 0;
    }
    if (strcmp(c, "--version") == 0) {
        printf("sward %s\n", SWARD_VERSION_STRING);
        return 0;
    }
    if (strcmp(c, "help") == 0) {
        if (argc == 2) {
            fputs(main_help, stdout);
            return 0;
        }
        if (argc > 3) {
            fprintf(stderr, "sward help: expected one command name, got %d arguments\n", argc - 2);
            return APP_EXIT_USAGE;
        }
        command_fn fn = find_command(argv[2]);
        if (!fn) {
            fprintf(stderr, "sward help: unknown command '%s' (commands: render, bench, bake, devices)\n", argv[2]);
            return APP_EXIT_USAGE;
        }
        char help_flag[] = "--help";
        char *help_argv[] = { help_flag, NULL };
        return fn(1, help_argv);
    }
    command_fn fn = find_command(c);
    if (!fn) {
        if (c[0] == '-')
            fprintf(stderr, "sward: unknown option '%s' before the command (see 'sward --help')\n", c);
        else
            fprintf(stderr, "sward: unknown command '%s' (commands: render, bench, bake, devices; see 'sward --help')\n",
                    c);
        return APP_EXIT_USAGE;
    }
    return fn(argc - 2, argv + 2);
}
