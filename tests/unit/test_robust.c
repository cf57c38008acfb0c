/* test_robust.c — bad and odd input found by trying sward as a demanding user, and by the libFuzzer harnesses
 * in tests/fuzz: the PNG height-map reader (src/core/png.c) on every kind of PNG and non-PNG, the JSON
 * scanner on byte-order marks, invalid UTF-8 and NUL escapes (src/world/scene_json.c), the camera rules
 * (src/world/scene_parse.c), and the example scene scenes/hills.json with its 16-bit height map. Each test
 * asserts the result code and the message text. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, mkfifo */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/core.h"
#include "world/world.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TMP_NAME "robust"
#include "tmp_util.h"

/* A w x h PNG of colour type `ctype` and `depth` bits; sample k of pixel (i, j) is value(i, j, k) (masked to
 * the depth). A palette image gets a 4-entry grey palette. */
static void write_png(const char *path, uint32_t w, uint32_t h, int depth, int ctype, int interlace,
                      unsigned (*value)(uint32_t i, uint32_t j, int k))
{
    int channels = ctype == PNG_COLOR_TYPE_GRAY || ctype == PNG_COLOR_TYPE_PALETTE ? 1
                   : ctype == PNG_COLOR_TYPE_GRAY_ALPHA                            ? 2
                   : ctype == PNG_COLOR_TYPE_RGB                                   ? 3
                                                                                   : 4;
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    assert_true(png && info);
    size_t samples = (size_t)w * (size_t)channels;
    unsigned char *row = calloc(samples * 2u, 1);
    png_bytep *rows = calloc(h, sizeof *rows);
    assert_true(row && rows);
    if (setjmp(png_jmpbuf(png))) fail_msg("libpng failed writing %s", path);
    png_init_io(png, f);
    png_set_IHDR(png, info, w, h, depth, ctype, interlace, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (ctype == PNG_COLOR_TYPE_PALETTE) {
        png_color pal[4] = {{0, 0, 0}, {85, 85, 85}, {170, 170, 170}, {255, 255, 255}};
        png_set_PLTE(png, info, pal, 4);
    }
    png_write_info(png, info);
    if (depth < 8) png_set_packing(png);
    for (uint32_t j = 0; j < h; j++) {
        rows[j] = malloc(samples * 2u);
        assert_non_null(rows[j]);
        for (size_t s = 0; s < samples; s++) {
            unsigned v = value((uint32_t)(s / (size_t)channels), j, (int)(s % (size_t)channels));
            if (depth == 16) {
                rows[j][2 * s] = (unsigned char)(v >> 8);
                rows[j][2 * s + 1] = (unsigned char)(v & 0xffu);
            } else {
                rows[j][s] = (unsigned char)(v & ((1u << depth) - 1u));
            }
        }
    }
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    for (uint32_t j = 0; j < h; j++) free(rows[j]);
    free(rows);
    free(row);
    assert_int_equal(fclose(f), 0);
}

static unsigned ramp(uint32_t i, uint32_t j, int k)
{
    return k == 0 ? (i * 16u + j) : 0x5555u; /* k > 0: alpha, ignored */
}

static unsigned ramp16(uint32_t i, uint32_t j, int k)
{
    return k == 0 ? (i * 4096u + j * 3u) : 0u;
}

static unsigned bits1(uint32_t i, uint32_t j, int k)
{
    (void)j, (void)k;
    return i & 1u;
}

/* core_png_read_gray must succeed; returns the values (caller frees). */
static float *read_ok(const char *path, uint32_t max_side, uint32_t want_w, uint32_t want_h)
{
    float *v = NULL;
    uint32_t w = 0, h = 0;
    sward_error err = {0};
    sward_result r = core_png_read_gray(path, max_side, &v, &w, &h, &err);
    if (r != SWARD_OK) print_error("%s: %s\n", path, err.message);
    assert_int_equal(r, SWARD_OK);
    assert_non_null(v);
    assert_int_equal(w, want_w);
    assert_int_equal(h, want_h);
    return v;
}

/* core_png_read_gray must fail with `code` and a message containing the path and `want`. */
static void read_fails(const char *path, uint32_t max_side, sward_result code, const char *want)
{
    float *v = (float *)&v; /* must be reset to NULL */
    uint32_t w = 7, h = 7;
    sward_error err = {0};
    sward_result r = core_png_read_gray(path, max_side, &v, &w, &h, &err);
    if (r != code || !strstr(err.message, want))
        print_error("%s: expected %d \"%s\", got %d \"%s\"\n", path, code, want, r, err.message);
    assert_int_equal(r, code);
    assert_int_equal(err.code, code);
    assert_null(v);
    assert_non_null(strstr(err.message, path));
    assert_non_null(strstr(err.message, want));
}

/* ---- PNG reader ----------------------------------------------------------------------------------------- */

static void test_png_grey_kinds(void **state)
{
    (void)state;
    char p[512];
    tmp_path(p, sizeof p, "g8.png");
    write_png(p, 4, 3, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, ramp);
    float *v = read_ok(p, 64, 4, 3);
    assert_float_equal(v[2 * 4 + 3], (float)(3 * 16 + 2) / 255.0f, 1e-7f);
    free(v);

    tmp_path(p, sizeof p, "g16.png");
    write_png(p, 5, 5, 16, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, ramp16);
    v = read_ok(p, 64, 5, 5);
    assert_float_equal(v[1 * 5 + 4], (float)(4 * 4096 + 3) / 65535.0f, 1e-7f);
    free(v);

    /* Grey + alpha: the alpha is ignored (documented). */
    tmp_path(p, sizeof p, "ga16.png");
    write_png(p, 5, 5, 16, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_INTERLACE_NONE, ramp16);
    v = read_ok(p, 64, 5, 5);
    assert_float_equal(v[4 * 5 + 2], (float)(2 * 4096 + 12) / 65535.0f, 1e-7f);
    free(v);

    /* 1-bit grey: 0 and 1 become 0.0 and 1.0. */
    tmp_path(p, sizeof p, "g1.png");
    write_png(p, 9, 2, 1, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, bits1);
    v = read_ok(p, 64, 9, 2);
    assert_true(v[0] == 0.0f && v[1] == 1.0f && v[9 + 8] == 0.0f && v[9 + 7] == 1.0f);
    free(v);

    /* Adam7-interlaced: the same values as the plain image. */
    tmp_path(p, sizeof p, "i16.png");
    write_png(p, 5, 5, 16, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_ADAM7, ramp16);
    v = read_ok(p, 64, 5, 5);
    for (uint32_t j = 0; j < 5; j++)
        for (uint32_t i = 0; i < 5; i++) assert_float_equal(v[j * 5 + i], (float)ramp16(i, j, 0) / 65535.0f, 1e-7f);
    free(v);
}

static void test_png_colour_refused(void **state)
{
    (void)state;
    char p[512];
    tmp_path(p, sizeof p, "rgb.png");
    write_png(p, 4, 4, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, ramp);
    read_fails(p, 64, SWARD_ERROR_INVALID_INPUT, "must be a grey-scale PNG (1 to 16 bits), got an RGB colour image");
    tmp_path(p, sizeof p, "rgba.png");
    write_png(p, 4, 4, 16, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE, ramp);
    read_fails(p, 64, SWARD_ERROR_INVALID_INPUT, "got an RGBA colour image");
    tmp_path(p, sizeof p, "pal.png");
    write_png(p, 4, 4, 2, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE, ramp);
    read_fails(p, 64, SWARD_ERROR_INVALID_INPUT, "got a palette (indexed-colour) image");
}

static void test_png_too_large(void **state)
{
    (void)state;
    char p[512];
    /* Over max_side: refused with the size, not libpng's "Invalid IHDR data". */
    tmp_path(p, sizeof p, "wide.png");
    write_png(p, 65, 2, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, ramp);
    read_fails(p, 64, SWARD_ERROR_INVALID_INPUT, "must be at most 64x64 pixels, got 65x2");
    /* A header that claims 100000 x 100000 is refused before any pixel memory is allocated. */
    const char *data = getenv("SWARD_TEST_DATA");
    assert_non_null(data);
    char hp[600];
    snprintf(hp, sizeof hp, "%s/bad/huge.png", data);
    read_fails(hp, 4097, SWARD_ERROR_INVALID_INPUT, "must be at most 4097x4097 pixels, got 100000x100000");
}

static void test_png_not_png(void **state)
{
    (void)state;
    char p[512];
    tmp_path(p, sizeof p, "empty.png");
    write_bytes(p, "", 0);
    read_fails(p, 64, SWARD_ERROR_INVALID_INPUT, "not a PNG file (the file is empty)");
    tmp_path(p, sizeof p, "text.png");
    write_bytes(p, "hello, not a PNG\n", 17);
    read_fails(p, 64, SWARD_ERROR_INVALID_INPUT, "not a PNG file");
    tmp_path(p, sizeof p, "short.png");
    write_bytes(p, "\x89PNG", 4);
    read_fails(p, 64, SWARD_ERROR_INVALID_INPUT, "not a PNG file");
    tmp_path(p, sizeof p, "missing.png");
    read_fails(p, 64, SWARD_ERROR_IO, "cannot read: No such file or directory");
    /* A folder, and a FIFO that nobody writes to: refused at once (no hang). */
    read_fails(tmp_dir, 64, SWARD_ERROR_IO, "cannot read: it is a folder");
    tmp_path(p, sizeof p, "fifo.png");
    assert_int_equal(mkfifo(p, 0600), 0);
    read_fails(p, 64, SWARD_ERROR_IO, "cannot read: not a regular file");
}

/* Every truncation of a valid PNG is an error with a message (never a crash or a partial success). */
static void test_png_truncated(void **state)
{
    (void)state;
    char p[512], q[512];
    tmp_path(p, sizeof p, "whole.png");
    write_png(p, 16, 16, 16, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, ramp16);
    unsigned char buf[4096];
    size_t n = read_bytes(p, buf, sizeof buf);
    assert_true(n > 60 && n < sizeof buf);
    tmp_path(q, sizeof q, "cut.png");
    /* Up to the end of the image data; the IEND chunk (the last 12 bytes) is not needed for the pixels. */
    for (size_t k = 8; k + 12 < n; k++) {
        write_bytes(q, buf, k);
        float *v = NULL;
        uint32_t w = 0, h = 0;
        sward_error err = {0};
        sward_result r = core_png_read_gray(q, 64, &v, &w, &h, &err);
        if (r == SWARD_OK) print_error("cut at %zu of %zu bytes: read as a %ux%u image\n", k, n, w, h);
        assert_int_equal(r, SWARD_ERROR_INVALID_INPUT);
        assert_null(v);
        assert_non_null(strstr(err.message, "cut.png: corrupt PNG: "));
    }
    write_bytes(q, buf, 33 + 20);
    read_fails(q, 64, SWARD_ERROR_INVALID_INPUT, "corrupt PNG: the file ends early (truncated)");
}

/* ---- JSON scanner ----------------------------------------------------------------------------------------- */

static sward_result load(const char *json, size_t len, sward_scene **s, sward_error *err)
{
    return sward_scene_load_string(json, len, "t.json", NULL, s, err);
}

static void expect_error(const char *json, size_t len, const char *want)
{
    sward_error err = {0};
    sward_scene *s = NULL;
    sward_result r = load(json, len, &s, &err);
    if (r != SWARD_ERROR_INVALID_INPUT || !strstr(err.message, want))
        print_error("expected \"%s\", got %d \"%s\"\n", want, r, err.message);
    assert_int_equal(r, SWARD_ERROR_INVALID_INPUT);
    assert_null(s);
    assert_non_null(strstr(err.message, want));
}

#define EXPECT_ERROR(lit, want) expect_error(lit, sizeof lit - 1, want)

static void test_json_bom(void **state)
{
    (void)state;
    static const char bom[] = "\xef\xbb\xbf{\"grass\": [{}]}";
    sward_error err = {0};
    sward_scene *s = NULL;
    assert_int_equal(load(bom, sizeof bom - 1, &s, &err), SWARD_OK);
    sward_scene_destroy(s);
    /* Columns still count from the file's first byte; a BOM alone is an empty document; two are an error. */
    EXPECT_ERROR("\xef\xbb\xbf{\"grass\": [{}],}", "t.json:1:19: JSON syntax error: expected a field name");
    EXPECT_ERROR("\xef\xbb\xbf", "t.json:1:4: JSON syntax error: expected a value");
    EXPECT_ERROR("\xef\xbb\xbf\xef\xbb\xbf{}", "t.json:1:4: JSON syntax error: expected a value");
}

static void test_json_utf8(void **state)
{
    (void)state;
    sward_error err = {0};
    sward_scene *s = NULL;
    static const char ok[] = "{\"grass\": [{\"name\": \"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8c\xbf\"}]}";
    assert_int_equal(load(ok, sizeof ok - 1, &s, &err), SWARD_OK);
    assert_string_equal(s->materials[0].name, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8c\xbf");
    sward_scene_destroy(s);
    const char *want = "JSON syntax error: invalid UTF-8 in a string (the file must be UTF-8)";
    EXPECT_ERROR("{\"grass\": [{\"name\": \"caf\xe9\"}]}", want);         /* Latin-1 */
    EXPECT_ERROR("{\"grass\": [{\"name\": \"\xc3\"}]}", want);            /* cut sequence */
    EXPECT_ERROR("{\"grass\": [{\"name\": \"\xc0\xaf\"}]}", want);        /* overlong */
    EXPECT_ERROR("{\"grass\": [{\"name\": \"\xed\xa0\x80\"}]}", want);    /* surrogate */
    EXPECT_ERROR("{\"grass\": [{\"name\": \"\xf4\x90\x80\x80\"}]}", want); /* above U+10FFFF */
    EXPECT_ERROR("{\"grass\": [{\"name\": \"\xff\xfe\"}]}", "t.json:1:22: JSON syntax error: invalid UTF-8");
    /* Cut at the end of the text, not only before a quote. */
    EXPECT_ERROR("{\"grass\": [{\"name\": \"\xe2\x82", want);
}

static void test_json_nul(void **state)
{
    (void)state;
    /* cJSON would cut "a\u0000b" to "a" without a word; the scanner refuses it, in values and keys. */
    EXPECT_ERROR("{\"grass\": [{\"name\": \"a\\u0000b\"}]}",
                 "t.json:1:23: JSON syntax error: \\u0000 (a NUL character) is not allowed in a string");
    EXPECT_ERROR("{\"grass\": [{}], \"\\u0000\": 1}", "t.json:1:18: JSON syntax error: \\u0000 (a NUL");
    /* A raw NUL byte is a control character; one after the value is trailing garbage. */
    EXPECT_ERROR("{\"grass\": [{\"name\": \"a\0b\"}]}", "t.json:1:23: JSON syntax error: control character");
    EXPECT_ERROR("{\"grass\": [{}]}\0x", "t.json:1:16: JSON syntax error: expected the end of the file");
    sward_error err = {0};
    sward_scene *s = NULL;
    static const char u1[] = "{\"grass\": [{\"name\": \"a\\u0001b\"}]}";
    assert_int_equal(load(u1, sizeof u1 - 1, &s, &err), SWARD_OK);
    sward_scene_destroy(s);
}

static void test_json_odd_keys(void **state)
{
    (void)state;
    EXPECT_ERROR("{\"grass\": [{}], \"\": 1}", "t.json: \"\": unknown field");
    EXPECT_ERROR("{\"grass\": [{}], \"terrain\": {\"a\\nb\": 1}}", "t.json: terrain.a\\x0ab: unknown field");
    EXPECT_ERROR("{\"grass\": [{}], \"density_of_the_meadow_grass_near_the_riverbank_in_early_summerss\": 1}",
                 "t.json: density_of_the_meadow_grass_near_the_riverbank_i...: unknown field");
}

/* ---- camera rules ------------------------------------------------------------------------------------------ */

static void test_camera_below_ground(void **state)
{
    (void)state;
    EXPECT_ERROR("{\"grass\": [{}], \"camera\": {\"position\": [0, -0.5, -20]}}",
                 "t.json: camera.position[1]: must be >= 0 with camera.above_ground (it is the height above the "
                 "terrain), got -0.5");
    EXPECT_ERROR("{\"grass\": [{}], \"terrain\": {\"fbm\": {\"amplitude\": 0}},"
                 " \"camera\": {\"position\": [3, -1, 4], \"above_ground\": false}}",
                 "t.json: camera.position: the camera is below the terrain: y = -1, but the ground at (3, 4) is at "
                 "0 m; raise y, or set camera.above_ground to give the height above the ground");
    /* On the ground, and below ground level outside the terrain square, are allowed. */
    const char *ok[] = {
        "{\"grass\": [{}], \"camera\": {\"position\": [0, 0, -20]}}",
        "{\"grass\": [{}], \"terrain\": {\"fbm\": {\"amplitude\": 0}},"
        " \"camera\": {\"position\": [3, 0, 4], \"above_ground\": false}}",
        "{\"grass\": [{}], \"terrain\": {\"size\": 64},"
        " \"camera\": {\"position\": [40, -5, 0], \"target\": [0, 0, 0], \"above_ground\": false}}",
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        sward_error err = {0};
        sward_scene *s = NULL;
        sward_result r = load(ok[i], strlen(ok[i]), &s, &err);
        if (r != SWARD_OK) print_error("%s: %s\n", ok[i], err.message);
        assert_int_equal(r, SWARD_OK);
        sward_scene_destroy(s);
    }
}

/* ---- the example scene with a 16-bit height map --------------------------------------------------------- */

static void test_hills_scene(void **state)
{
    (void)state;
    const char *src = getenv("SWARD_SOURCE_DIR");
    char p[1024];
    snprintf(p, sizeof p, "%s/scenes/hills.json", src ? src : ".");
    sward_error err = {0};
    sward_scene *s = NULL;
    sward_result r = sward_scene_load_file(p, &s, &err);
    if (r != SWARD_OK) print_error("%s\n", err.message);
    assert_int_equal(r, SWARD_OK);
    assert_true(s->terrain.from_image);
    assert_int_equal(s->terrain.resolution, 257);
    assert_true(s->terrain.min_y >= 0.0f && s->terrain.min_y < 0.01f);
    assert_true(s->terrain.max_y <= 25.0f && s->terrain.max_y > 24.99f);
    /* 16 bits: neighbouring samples differ by less than an 8-bit step would allow for smooth hills. */
    int fine = 0;
    for (int i = 0; i + 1 < 257; i++) {
        float d = s->terrain.heights[128 * 257 + i + 1] - s->terrain.heights[128 * 257 + i];
        if (d != 0.0f && d * d < (25.0f / 255.0f) * (25.0f / 255.0f)) fine++;
    }
    assert_true(fine > 0);
    sward_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_png_grey_kinds),      cmocka_unit_test(test_png_colour_refused),
        cmocka_unit_test(test_png_too_large),       cmocka_unit_test(test_png_not_png),
        cmocka_unit_test(test_png_truncated),       cmocka_unit_test(test_json_bom),
        cmocka_unit_test(test_json_utf8),           cmocka_unit_test(test_json_nul),
        cmocka_unit_test(test_json_odd_keys),       cmocka_unit_test(test_camera_below_ground),
        cmocka_unit_test(test_hills_scene),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
