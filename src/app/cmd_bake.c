/* `sward bake`: writes every asset of a scene as the renderer builds it — each LOD level as glTF, the billboard's
 * impostor atlas and the leaves' texture as PNG (SPEC AS1-AS3, AS5) — for inspection in other tools and for
 * scenes that import them back ("mesh": {"path": ...}). Reaches below the public API (world, assets, the
 * renderer's chain builder) on purpose: what is baked must be exactly what is drawn, and none of it is for
 * embedding hosts. */
#define _POSIX_C_SOURCE 200809L

#include "args.h"

#include "assets/assets.h"
#include "render/asset_chain.h"
#include "shared/sw_gbuffer.h"
#include "world/world.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char bake_help[] =
    "Usage: sward bake [SCENE.json] -o DIR [OPTIONS]\n"
    "       sward bake world [SCENE.json] -o DIR [OPTIONS]   (the world's maps as pages: see 'sward bake world -h')\n"
    "\n"
    "Writes every mesh asset of SCENE.json (default: the built-in scene \"meadow\") as the renderer draws it:\n"
    "  DIR/<name>_lod<k>.gltf (+ .bin)  level k of its LOD chain (generated, or imported and simplified), with\n"
    "                                   its wind data (docs/import.md); a level's billboard is the primitive\n"
    "                                   with the material \"leaf_billboard\"\n"
    "  DIR/<name>_impostor.png          trees, plants, flowers: the billboard's impostor atlas, the normal as\n"
    "                                   RGB (n / 2 + 1/2), alpha 255 where the mesh covers it\n"
    "  DIR/<name>_leaf.png              trees, plants, flowers: the leaf texture set's level 0 \"a\" texture\n"
    "                                   (albedo, translucency, AO, alpha)\n"
    "A level 0 .gltf can be used in a scene as \"mesh\": {\"path\": \"DIR/<name>_lod0.gltf\"}. Characters of\n"
    "<name> other than letters, digits, '.', '-' and '_' are written as '_'.\n"
    "\n"
    "Options:\n"
    "  -o, --output DIR   the folder to write to (required); created with its parents when missing; files\n"
    "                     in it with the same names are replaced, all of them at once when every file is\n"
    "                     written: a failed or interrupted bake leaves the previous files as they were\n"
    APP_SET_HELP
    "  --quiet            print nothing on success\n"
    "  -h, --help         print this help and exit\n"
    "Flags also take the form --flag=value.\n"
    "\n"
    "Prints one line per asset to stdout: its name, kind, source and the triangles of each level, e.g.\n"
    "  oak: tree (generated), 5 levels, triangles 10000 2600 1200 212 12 (billboard 12 from LOD3)\n"
    "\n"
    "Exit status: 0 ok; 2 bad flags, an invalid scene or one without assets; 3 a file could not be read or\n"
    "written (DIR is a file); 6 out of memory.\n";

#define PATH_CAP 4096
#define IMPOSTOR_CELL 128u /* texels: trees' cells are twice as tall (they are), plants' square */
#define LEAF_TEXTURE 256u

static const char *const KIND_NAME[WORLD_ASSET_KIND_COUNT] = {"tree", "fern", "bush", "flower", "rock"};

/* The asset's name as a file name: characters other than [A-Za-z0-9._-] as '_' ("." and ".." too). */
static void file_stem(const char *name, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *c = name; *c && n + 1 < cap; c++) {
        bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                  *c == '.' || *c == '-' || *c == '_';
        out[n++] = ok ? *c : '_';
    }
    out[n] = '\0';
    if (!strcmp(out, ".") || !strcmp(out, "..") || n == 0) snprintf(out, cap, "_");
}

/* The impostor as RGBA8: the octahedral normal decoded to RGB, alpha where a surface was baked. */
static uint8_t *impostor_rgba(const asset_impostor *im)
{
    size_t n = (size_t)im->width * im->height;
    uint8_t *px = malloc(n * 4u);
    if (!px) return NULL;
    for (size_t i = 0; i < n; i++) {
        uint32_t t = im->texels[i];
        sw_n3 v = sw_oct_decode((float)(t & 255u) / 255.0f, (float)((t >> 8) & 255u) / 255.0f);
        float c[3] = {v.x, v.y, v.z};
        for (int k = 0; k < 3; k++)
            px[i * 4u + (size_t)k] = asset_impostor_surface(t) ? (uint8_t)(c[k] * 127.5f + 127.5f + 0.5f) : 0u;
        px[i * 4u + 3u] = asset_impostor_surface(t) ? 255u : 0u;
    }
    return px;
}

/* DIR/<stem>_leaf.png and DIR/<stem>_impostor.png of a chain with a billboard (the atlas baked with the leaf
 * texture set's alpha test, as asset_impostor_bake documents). */
static sward_result write_png(core_batch *set, const char *path, const uint8_t *px, uint32_t w, uint32_t h,
                              sward_error *err)
{
    void *png = NULL;
    size_t size = 0;
    sward_result r = core_png_encode_rgba8(path, px, w, h, &png, &size, err);
    if (r == SWARD_OK) r = core_batch_write(set, path, png, size, err);
    free(png);
    return r;
}

static sward_result bake_images(core_batch *set, const char *dir, const char *stem, const world_asset *a,
                                const asset_chain *c, sward_error *err)
{
    char path[PATH_CAP];
    asset_texture_set leaves;
    asset_impostor im;
    memset(&leaves, 0, sizeof leaves);
    memset(&im, 0, sizeof im);
    uint8_t *px = NULL;
    sward_result r = asset_texture_set_build(ASSET_SURFACE_LEAF, LEAF_TEXTURE, a->seed, &leaves, err);
    if (r == SWARD_OK) {
        snprintf(path, sizeof path, "%s/%s_leaf.png", dir, stem);
        r = write_png(set, path, leaves.a[0], leaves.size[0], leaves.size[0], err);
    }
    uint32_t cell_h = c->kind == ASSET_KIND_TREE ? 2u * IMPOSTOR_CELL : IMPOSTOR_CELL;
    if (r == SWARD_OK) r = asset_impostor_bake(c, IMPOSTOR_CELL, cell_h, &leaves, &im, err);
    if (r == SWARD_OK && !(px = impostor_rgba(&im)))
        r = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the impostor of \"%s\"", a->name);
    if (r == SWARD_OK) {
        snprintf(path, sizeof path, "%s/%s_impostor.png", dir, stem);
        r = write_png(set, path, px, im.width, im.height, err);
    }
    free(px);
    asset_impostor_free(&im);
    asset_texture_set_free(&leaves);
    return r;
}

/* Bakes asset a into the set of files for dir and prints its line. 0 or an exit status. */
static int bake_asset(core_batch *set, const char *dir, const sward_scene *s, int index, bool quiet)
{
    sward_error err = {0};
    asset_chain c;
    const world_asset *a = &s->assets[index];
    sward_result r = render_asset_chain(s, index, &c, &err);
    if (r != SWARD_OK) return app_fail(r, &err);
    /* the folder once there is something to write: an asset that cannot be built leaves none behind */
    int made = app_make_dirs(dir);
    if (made) {
        asset_chain_free(&c);
        return made;
    }
    char stem[WORLD_NAME_MAX], path[PATH_CAP];
    file_stem(a->name, stem, sizeof stem);
    for (uint32_t k = 0; k < c.lod_count && r == SWARD_OK; k++) {
        snprintf(path, sizeof path, "%s/%s_lod%u.gltf", dir, stem, k);
        r = asset_write_gltf(set, path, &c.lods[k], &err);
    }
    if (r == SWARD_OK && c.billboard_from < c.lod_count) r = bake_images(set, dir, stem, a, &c, &err);
    if (r != SWARD_OK) {
        asset_chain_free(&c);
        return app_fail(r, &err);
    }
    if (!quiet) {
        printf("%s: %s (%s), %u levels, triangles", a->name, KIND_NAME[a->kind], a->mesh_path[0] ? "imported" : "generated",
               c.lod_count);
        for (uint32_t k = 0; k < c.lod_count; k++)
            printf(" %u", c.lods[k].index_count / 3u);
        if (c.billboard_from < c.lod_count)
            printf(" (billboard %u from LOD%u)", c.lods[c.lod_count - 1].billboard_indices / 3u, c.billboard_from);
        printf("\n");
        fflush(stdout);
    }
    asset_chain_free(&c);
    return 0;
}

int cmd_bake(int argc, char **argv)
{
    if (argc > 0 && strcmp(argv[0], "world") == 0) return cmd_bake_world(argc - 1, argv + 1); /* BX5 */
    const char *scene_path = NULL, *output = NULL;
    bool quiet = false;
    static args_list sets;
    sets.count = 0;
    enum { O_OUT, O_QUIET, O_SET, O_COUNT };
    args_option opts[O_COUNT] = {
        [O_OUT] = { .name = "output", .short_name = 'o', .kind = ARGS_STRING, .out = &output },
        [O_QUIET] = { .name = "quiet", .kind = ARGS_BOOL, .out = &quiet },
        [O_SET] = { .name = "set", .kind = ARGS_LIST, .out = &sets },
    };
    args_command cmd = { .name = "bake", .options = opts, .option_count = O_COUNT, .positional = &scene_path,
                         .positional_name = "SCENE.json", .help = bake_help };
    switch (args_parse(&cmd, argc, argv)) {
    case ARGS_HELP: return 0;
    case ARGS_ERROR: return APP_EXIT_USAGE;
    case ARGS_OK: break;
    }
    if (!output || !output[0]) {
        args_usage_error("bake", "missing -o DIR, the folder to write the assets to");
        return APP_EXIT_USAGE;
    }
    if (strlen(output) + WORLD_NAME_MAX + 32 >= PATH_CAP) {
        args_usage_error("bake", "-o: path too long (at most %d bytes)", PATH_CAP - WORLD_NAME_MAX - 33);
        return APP_EXIT_USAGE;
    }
    if (app_check_sets("bake", &sets)) return APP_EXIT_USAGE;
    sward_error err = { 0 };
    sward_scene *scene = NULL;
    int rc = app_load_scene(scene_path, &sets, &scene, &err);
    if (rc) return rc;
    if (scene->asset_count == 0) {
        fprintf(stderr, "sward bake: %s has no assets (\"assets\": trees, ferns, bushes, flowers, rocks): nothing "
                "to bake\n", scene->name);
        sward_scene_destroy(scene);
        return APP_EXIT_USAGE;
    }
    /* two names that become the same file name would overwrite each other's files */
    for (int i = 0; i < scene->asset_count; i++)
        for (int j = 0; j < i; j++) {
            char a[WORLD_NAME_MAX], b[WORLD_NAME_MAX];
            file_stem(scene->assets[i].name, a, sizeof a);
            file_stem(scene->assets[j].name, b, sizeof b);
            if (strcmp(a, b) == 0) {
                fprintf(stderr, "sward bake: assets \"%s\" and \"%s\" would both be written as %s/%s_*\n",
                        scene->assets[j].name, scene->assets[i].name, output, a);
                sward_scene_destroy(scene);
                return APP_EXIT_USAGE;
            }
        }
    /* Every file of every asset replaced as one set once all are written: an interrupted or failed bake leaves
     * the folder's previous bake whole (a .gltf beside the .bin of another bake would render garbage). */
    core_batch set = {0};
    rc = 0;
    for (int i = 0; i < scene->asset_count && rc == 0; i++)
        rc = bake_asset(&set, output, scene, i, quiet);
    if (rc == 0) {
        sward_result r = core_batch_commit(&set, &err);
        if (r != SWARD_OK) rc = app_fail(r, &err);
    } else {
        core_batch_abort(&set);
    }
    sward_scene_destroy(scene);
    return rc;
}
