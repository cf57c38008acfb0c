/* `sward bake world`: writes a scene's height field and maps as a world folder of pages (BX5; the format is
 * docs/world-format.md), page by page at constant memory, for scenes that stream it ("terrain": {"world": DIR}).
 * Reaches below the public API (world/stream.h) like `sward bake`: what is baked is what the renderer reads. */
#include "args.h"

#include "core/core.h"
#include "world/stream.h"

#include <stdio.h>
#include <string.h>

static const char bake_world_help[] =
    "Usage: sward bake world [SCENE.json] -o DIR [OPTIONS]\n"
    "\n"
    "Writes the terrain of SCENE.json (default: the built-in scene \"meadow\") as a world folder that scenes\n"
    "stream from with \"terrain\": {\"world\": \"DIR\"} (docs/world-format.md):\n"
    "  DIR/world.json   size, resolution, map resolution, page size, height range, the grass types' names\n"
    "  DIR/heights.bin  the height field as pages of float32\n"
    "  DIR/maps.bin     the type, material and grass-height maps as pages\n"
    "A generated world as large as 16384 m at 8193 samples is baked page by page, never held whole: give its\n"
    "scene \"terrain\": {\"stream\": {}} so that it loads as a window.\n"
    "\n"
    "Options:\n"
    "  -o, --output DIR   the folder to write to (required); created with its parents when missing; the\n"
    "                     three files in it are replaced once all are written (temporary files renamed,\n"
    "                     world.json last): a failed bake leaves the previous world; DIR may be the folder\n"
    "                     the scene streams from\n"
    "  --page N           samples per page side, a multiple of 16 from 16 to 1024 (default 64, or the\n"
    "                     scene's terrain.stream.page; a baked world's own)\n" APP_SET_HELP
    "  --quiet            print nothing on success\n"
    "  -h, --help         print this help and exit\n"
    "Flags also take the form --flag=value.\n"
    "\n"
    "Prints one line to stdout, e.g.\n"
    "  world: 16384 m, 8193^2 heights, 8192^2 map texels, 129^2 + 128^2 pages of 64, 2164.5 MiB in 41.2 s\n"
    "\n"
    "Exit status: 0 ok; 2 bad flags or an invalid scene; 3 a file could not be read or written; 6 out of memory.\n";

int cmd_bake_world(int argc, char **argv)
{
    const char *scene_path = NULL, *output = NULL;
    bool quiet = false;
    int64_t page = 0;
    static args_list sets;
    sets.count = 0;
    enum { O_OUT, O_PAGE, O_QUIET, O_SET, O_COUNT };
    args_option opts[O_COUNT] = {
        [O_OUT] = {.name = "output", .short_name = 'o', .kind = ARGS_STRING, .out = &output},
        [O_PAGE] = {.name = "page", .kind = ARGS_INT, .out = &page, .imin = WORLD_PAGE_MIN, .imax = WORLD_PAGE_MAX},
        [O_QUIET] = {.name = "quiet", .kind = ARGS_BOOL, .out = &quiet},
        [O_SET] = {.name = "set", .kind = ARGS_LIST, .out = &sets},
    };
    args_command cmd = {.name = "bake world",
                        .options = opts,
                        .option_count = O_COUNT,
                        .positional = &scene_path,
                        .positional_name = "SCENE.json",
                        .help = bake_world_help};
    switch (args_parse(&cmd, argc, argv)) {
    case ARGS_HELP: return 0;
    case ARGS_ERROR: return APP_EXIT_USAGE;
    case ARGS_OK: break;
    }
    if (!output || !output[0]) {
        args_usage_error("bake world", "missing -o DIR, the folder to write the world to");
        return APP_EXIT_USAGE;
    }
    if (strlen(output) + 32 >= WORLD_PATH_MAX) {
        args_usage_error("bake world", "-o: path too long (at most %d bytes)", WORLD_PATH_MAX - 33);
        return APP_EXIT_USAGE;
    }
    if (page % 16 != 0) {
        args_usage_error("bake world", "--page: must be a multiple of 16, got %lld", (long long)page);
        return APP_EXIT_USAGE;
    }
    if (app_check_sets("bake world", &sets)) return APP_EXIT_USAGE;
    sward_error err = {0};
    sward_scene *scene = NULL;
    int rc = app_load_scene(scene_path, &sets, &scene, &err);
    if (rc) return rc;
    const world_terrain *t = &scene->terrain;
    int p = page ? (int)page : t->stream_page ? t->stream_page : WORLD_PAGE_DEFAULT;
    if (t->stream && t->stream->from_disk) p = t->stream->page;
    double t0 = app_now();
    rc = app_make_dirs(output);
    sward_result r = rc ? SWARD_OK : world_bake(scene, output, p, &err);
    if (!rc && r != SWARD_OK) rc = app_fail(r, &err);
    if (!rc && !quiet) {
        const int hp = world_pages(t->resolution, p), mp = world_pages(t->map_res, p);
        double mib =
            ((double)hp * hp * (double)world_hf_page_bytes(p) + (double)mp * mp * (double)world_map_page_bytes(p)) /
            (1024.0 * 1024.0);
        printf("world: %g m, %d^2 heights, %d^2 map texels, %d^2 + %d^2 pages of %d, %.1f MiB in %.1f s\n",
               (double)t->size, t->resolution, t->map_res, hp, mp, p, mib, app_now() - t0);
    }
    sward_scene_destroy(scene);
    return rc;
}
