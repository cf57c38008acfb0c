/* scene_test_util.h — helpers shared by the scene-loader tests (test_scene.c, test_scene_grass.c). */
#ifndef SWARD_SCENE_TEST_UTIL_H
#define SWARD_SCENE_TEST_UTIL_H
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "world/world.h"

#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A minimal valid scene with one default material, plus extra root members. */
#define SCENE(extra) "{\"grass\": [{}]" extra "}"

static inline sward_result load(const char *json, sward_scene **s, sward_error *err)
{
    return sward_scene_load_string(json, strlen(json), "t.json", NULL, s, err);
}

/* Loads json (named t.json) and asserts the result code and that the message contains `want`. */
static inline void expect_error_code(const char *json, sward_result code, const char *want)
{
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *s = (sward_scene *)&err; /* must be overwritten with NULL */
    sward_result r = load(json, &s, &err);
    if (r != code || !strstr(err.message, want))
        print_error("scene: %s\nexpected %d \"%s\"\n     got %d \"%s\"\n", json, code, want, r, err.message);
    assert_int_equal(r, code);
    assert_int_equal(err.code, code);
    assert_null(s);
    assert_non_null(strstr(err.message, want));
}

static inline void expect_error(const char *json, const char *want)
{
    expect_error_code(json, SWARD_ERROR_INVALID_INPUT, want);
}

static inline sward_scene *expect_ok(const char *json)
{
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *s = NULL;
    sward_result r = load(json, &s, &err);
    if (r != SWARD_OK) print_error("scene: %s\nunexpected error: %s\n", json, err.message);
    assert_int_equal(r, SWARD_OK);
    assert_non_null(s);
    return s;
}

static inline const char *source_dir(void)
{
    const char *d = getenv("SWARD_SOURCE_DIR");
    return d ? d : ".";
}

/* ---- temporary files ---------------------------------------------------------------------------------- */

static char tmp_dir[256];

static inline int setup_tmp(void **state)
{
    (void)state;
    /* mkdtemp replaces the template's six trailing X with a unique name */
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/sward_test_scene_XXXXXX");
    return mkdtemp(tmp_dir) ? 0 : -1;
}

static inline void tmp_path(char *out, size_t cap, const char *name)
{
    snprintf(out, cap, "%s/%s", tmp_dir, name);
}

static inline int teardown_tmp(void **state)
{
    (void)state;
    static const char *const names[] = {"grey8.png",   "grey16.png", "wide.png", "one.png",     "scene.json",
                                        "scene8.json", "scene16.json", "wide.json", "missing.json", "big.json",
                                        "types.png", "gh.png", "maps.json"};
    char p[512];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        tmp_path(p, sizeof p, names[i]);
        unlink(p);
    }
    rmdir(tmp_dir);
    return 0;
}

static inline void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

/* A grey PNG of `depth` bits (8 or 16) with the given sample values, through libpng's classic API (core
 * writes only RGBA8). */
static inline void write_grey_png(const char *path, uint32_t w, uint32_t h, int depth, const uint16_t *v)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    assert_non_null(png);
    png_infop info = png_create_info_struct(png);
    assert_non_null(info);
    unsigned char *row = malloc((size_t)w * 2u);
    assert_non_null(row);
    if (setjmp(png_jmpbuf(png))) fail_msg("libpng failed writing %s", path);
    png_init_io(png, f);
    png_set_IHDR(png, info, w, h, depth, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t j = 0; j < h; j++) {
        for (uint32_t i = 0; i < w; i++) {
            uint16_t s = v[j * w + i];
            if (depth == 8) {
                row[i] = (unsigned char)s;
            } else {
                row[2 * i] = (unsigned char)(s >> 8);
                row[2 * i + 1] = (unsigned char)(s & 0xffu);
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    assert_int_equal(fclose(f), 0);
}

/* ---- valid scenes ------------------------------------------------------------------------------------- */


#endif
