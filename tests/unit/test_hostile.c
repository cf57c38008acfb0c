/* test_hostile.c — bad input and robustness: what a user found with about a hundred hostile inputs.
 * Positive fields that round to 0 as floats (scene_json.c, scene_parse.c), tile choice at tiny densities
 * (src/place/tiles.c, meaningful under ASan + UBSan), a FIFO as the scene (core/file.c), control characters
 * and invalid UTF-8 quoted in messages (core/text.c, core_fail), writes that fail half-way (core_write_file),
 * the 4 MiB scene limit, tiny direction vectors, and the loader's budgets of work and memory (world/budget.c).
 * Each test asserts the result code and the message. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, mkfifo, setrlimit, symlink */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/core.h"
#include "place/place.h"
#include "shared/sw_tonemap.h"
#include "world/world.h"

#include <dirent.h>
#include <float.h>
#include <math.h>
#include <png.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define TMP_NAME "hostile"
#include "tmp_util.h"

/* The names in tmp_dir other than "." and "..", joined by spaces (for "nothing left behind"). */
/* Unknown keys longer than the 48 bytes a message quotes: 46 and 47 ASCII characters before a multi-byte one. */
#define LONG_KEY_46 "density_of_the_meadow_grass_near_the_riverbank"
#define LONG_KEY_47 LONG_KEY_46 "s"

static void list_dir(const char *dir, char *out, size_t cap)
{
    out[0] = '\0';
    DIR *d = opendir(dir);
    assert_non_null(d);
    size_t used = 0;
    for (struct dirent *e = readdir(d); e; e = readdir(d)) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        int k = snprintf(out + used, cap - used, "%s%s", used ? " " : "", e->d_name);
        if (k > 0 && (size_t)k < cap - used) used += (size_t)k;
    }
    closedir(d);
}

/* A message must be one line of valid UTF-8 without control characters (safe to print on a terminal). */
static void assert_printable(const char *msg)
{
    size_t len = strlen(msg);
    for (size_t i = 0; i < len;) {
        size_t n = core_utf8_char(msg + i, len - i);
        if (n == 0 || (unsigned char)msg[i] < 0x20 || msg[i] == 0x7f)
            fail_msg("byte %zu (0x%02x) of the message is not printable text: %s", i, (unsigned char)msg[i], msg);
        i += n;
    }
}

static sward_result load_n(const char *json, size_t len, sward_scene **s, sward_error *err)
{
    return sward_scene_load_string(json, len, "t.json", NULL, s, err);
}

static void expect_error_code(const char *json, sward_result code, const char *want)
{
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *s = (sward_scene *)&err; /* must be overwritten with NULL */
    sward_result r = load_n(json, strlen(json), &s, &err);
    if (r != code || !strstr(err.message, want))
        print_error("scene: %s\nexpected %d \"%s\"\n     got %d \"%s\"\n", json, code, want, r, err.message);
    assert_int_equal(r, code);
    assert_int_equal(err.code, code);
    assert_null(s);
    assert_non_null(strstr(err.message, want));
    assert_printable(err.message);
}

static void expect_error(const char *json, const char *want)
{
    expect_error_code(json, SWARD_ERROR_INVALID_INPUT, want);
}

static sward_scene *expect_ok(const char *json)
{
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *s = NULL;
    sward_result r = load_n(json, strlen(json), &s, &err);
    if (r != SWARD_OK) print_error("scene: %s\nunexpected error: %s\n", json, err.message);
    assert_int_equal(r, SWARD_OK);
    assert_non_null(s);
    return s;
}

static const char *source_dir(void)
{
    const char *d = getenv("SWARD_SOURCE_DIR");
    return d ? d : ".";
}

/* A small, quick terrain and a camera that needs nothing of it. */
#define SMALL                                                                                                          \
    "\"terrain\": {\"size\": 64, \"resolution\": 33}, \"camera\": {\"position\": [0, 2, 0], \"target\": [1, 0, 1]}"

/* ---- item 2: fields documented as "> 0" are checked as the float they are stored as -------------------- */

static void test_positive_minimum(void **state)
{
    (void)state;
    /* Each "> 0" field: 1e-300 (0 as a float) and a value just under its documented minimum are errors that
     * name the field and the minimum; the minimum itself loads; zero and negatives keep "must be > 0". */
    static const struct {
        const char *fmt; /* a scene with one %s for the value */
        const char *field;
        const char *least;
    } f[] = {
        {"{\"grass\": [{\"density\": %s}], " SMALL "}", "grass[0].density", "1e-06"},
        {"{\"grass\": [{\"height\": [%s, 0.5]}], " SMALL "}", "grass[0].height[0]", "0.001"},
        {"{\"grass\": [{\"width\": [%s, 0.01]}], " SMALL "}", "grass[0].width[0]", "0.0001"},
        {"{\"grass\": [{\"draw_distance\": %s, \"lod_distance\": 0}], " SMALL "}", "grass[0].draw_distance", "0.01"},
        {"{\"grass\": [{\"patches\": {\"coverage\": %s}}], " SMALL "}", "grass[0].patches.coverage", "0.001"},
        {"{\"grass\": [{}], " SMALL ", \"force_fields\": [{\"radius\": %s, \"path\": [[0, 0, 0]]}]}",
         "force_fields[0].radius", "0.01"},
        {"{\"grass\": [{}], \"terrain\": {\"size\": 64, \"resolution\": 33, \"fbm\": {\"wavelength\": %s}}, "
         "\"camera\": {\"position\": [0, 2, 0], \"target\": [1, 0, 1]}}",
         "terrain.fbm.wavelength", "0.001"},
        {"{\"grass\": [{}], \"terrain\": {\"size\": 64, \"resolution\": 33}, "
         "\"camera\": {\"position\": [0, 2, 0], \"target\": [1, 0, 1], \"near\": %s}}",
         "camera.near", "0.001"},
        {"{\"grass\": [{}], " SMALL ", \"render\": {\"exposure\": %s}}", "render.exposure", "1e-06"},
        {"{\"grass\": [{}], " SMALL ", \"render\": {\"white_point\": %s}}", "render.white_point", "0.001"},
        {"{\"grass\": [{}], \"terrain\": {\"size\": 64, \"resolution\": 33}, \"camera\": {\"position\": [0, 2, 0],"
         " \"target\": [1, 0, 1], \"near\": 0.001}, \"render\": {\"draw_distance\": %s, \"lod_distance\": 0}}",
         "render.draw_distance", "0.01"},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        char json[512], want[256];
        snprintf(json, sizeof json, f[i].fmt, "1e-300");
        snprintf(want, sizeof want, "t.json: %s: must be >= %s, got 1e-300", f[i].field, f[i].least);
        expect_error(json, want);
        snprintf(json, sizeof json, f[i].fmt, "1e-40"); /* a denormal float */
        snprintf(want, sizeof want, "t.json: %s: must be >= %s, got 1e-40", f[i].field, f[i].least);
        expect_error(json, want);
        char under[32];
        snprintf(under, sizeof under, "%.17g", strtod(f[i].least, NULL) * 0.999);
        snprintf(json, sizeof json, f[i].fmt, under);
        expect_error(json, "must be >= ");
        snprintf(json, sizeof json, f[i].fmt, "0");
        snprintf(want, sizeof want, "t.json: %s: must be > 0, got 0", f[i].field);
        expect_error(json, want);
        /* The documented minimum itself is accepted, and stored as a normal float. */
        snprintf(json, sizeof json, f[i].fmt, f[i].least);
        sward_scene *s = expect_ok(json);
        sward_scene_destroy(s);
    }

    /* The same rule for the render settings of the API (floats already). */
    sward_scene *s = expect_ok("{\"grass\": [{}], " SMALL "}");
    sward_render_settings rs = sward_scene_render_settings(s);
    sward_error err = {0};
    rs.exposure = 1e-30f;
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "t.json: render.exposure: must be >= 1e-06, got 1.0000000031710769e-30"));
    rs = sward_scene_render_settings(s);
    rs.white_point = 1e-40f; /* denormal */
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "t.json: render.white_point: must be >= 0.001, got "));
    rs.white_point = -1.0f;
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "t.json: render.white_point: must be > 0, got -1"));
    rs.white_point = NAN;
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "render.white_point: must be a finite number, got NaN"));
    /* The documented minima as floats pass. */
    rs.exposure = 1e-6f;
    rs.white_point = 0.001f;
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_OK);
    sward_scene_destroy(s);

    /* Why the white point has a minimum: the filmic curve at it must stay well above its rounding, so the
     * tone map is finite for every colour. */
    float u = sw_uncharted2(0.001f);
    assert_true(u > 1e-4f);
    for (float c = 0.0f; c < 1e4f; c = c * 2.0f + 1e-3f)
        assert_true(isfinite(sw_tonemap_filmic(c, 1e-6f, 0.001f)));
}

/* ---- item 3: the tile choice at tiny densities (signed overflow in type_present) --------------------- */

static void test_tiles_tiny_density(void **state)
{
    (void)state;
    /* Scenes with maps (so the type-presence lookup runs), then a density the loader would refuse, as a
     * host could build by hand: the tiles are kilometres (or 1e16 m) wide and must be chosen without any
     * int overflow (run under -DSWARD_SANITIZE=ON). */
    static const struct {
        const char *json;
        float density;
        size_t tiles; /* the 2 x 2 tiles around the origin */
    } c[] = {
        {"{\"grass\": [{\"patches\": {}}], \"terrain\": {\"size\": 1, \"resolution\": 2, \"map_resolution\": 64},"
         " \"camera\": {\"position\": [0, 2, 0], \"target\": [0.3, 0, 0.2]}}",
         1e-9f, 4},
        {"{\"grass\": [{}, {\"patches\": {}}], \"terrain\": {\"resolution\": 65},"
         " \"camera\": {\"position\": [0, 2, 0], \"target\": [1, 0, 1]}}",
         1e-30f, 4},
        {"{\"grass\": [{}], \"terrain\": {\"size\": 16384, \"resolution\": 65},"
         " \"camera\": {\"position\": [0, 2, 0], \"target\": [1, 0, 1]}}",
         FLT_MIN, 4},
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        sward_scene *s = expect_ok(c[k].json);
        for (int m = 0; m < s->material_count; m++)
            s->materials[m].density = c[k].density;
        assert_non_null(s->terrain.type_presence);
        place_view v;
        memset(&v, 0, sizeof v);
        v.eye[1] = 2.0f;
        v.draw_distance = s->render.draw_distance;
        size_t bound = place_tiles_bound(s);
        sw_tile *t = calloc(bound, sizeof *t);
        assert_non_null(t);
        size_t in_range = 0;
        size_t n = place_choose_tiles(s, &v, false, t, &in_range);
        assert_true(n <= bound);
        /* At most the 2 x 2 tiles around the origin per type; all four of an unpatched type (everywhere). */
        assert_true(n <= (size_t)s->material_count * c[k].tiles && in_range >= n);
        if (!(s->materials[0].patch_scale > 0.0f)) assert_true(n >= c[k].tiles);
        for (size_t i = 0; i < n; i++) {
            assert_true(t[i].ci0 == 0 || t[i].ci0 == -(int)SW_TILE_CELLS);
            assert_true(t[i].cj0 == 0 || t[i].cj0 == -(int)SW_TILE_CELLS);
        }
        free(t);
        sward_scene_destroy(s);
    }
}

/* ---- item 4: a FIFO (or a device, or a folder) as the scene --------------------------------------------- */

static void test_scene_not_regular(void **state)
{
    (void)state;
    char p[512];
    tmp_path(p, sizeof p, "scene.fifo");
    assert_int_equal(mkfifo(p, 0600), 0);
    sward_error err = {0};
    sward_scene *s = (sward_scene *)&err;
    /* Refused at once: a blocking open would hang here until the test times out. */
    assert_int_equal(sward_scene_load_file(p, &s, &err), SWARD_ERROR_IO);
    assert_null(s);
    assert_non_null(strstr(err.message, "scene.fifo: cannot read: not a regular file"));
    assert_int_equal(sward_scene_load_file("/dev/zero", &s, &err), SWARD_ERROR_IO);
    assert_string_equal(err.message, "/dev/zero: cannot read: not a regular file");
    assert_int_equal(sward_scene_load_file(tmp_dir, &s, &err), SWARD_ERROR_IO);
    assert_non_null(strstr(err.message, ": cannot read: it is a folder"));
    unlink(p);
}

/* ---- item 5: control characters and invalid UTF-8 never reach a message raw ------------------------------ */

static void test_escape_text(void **state)
{
    (void)state;
    char out[64];
    /* Valid UTF-8 stays; C0, DEL, C1 and bytes that are not UTF-8 become \xNN. */
    static const char in[] = "a\x1b]0;t\x07 \x7f caf\xc3\xa9 \xc2\x9b \xff\xe2\x82";
    size_t used = core_escape(out, sizeof out, in, sizeof in - 1, sizeof in - 1);
    assert_int_equal(used, sizeof in - 1);
    assert_string_equal(out, "a\\x1b]0;t\\x07 \\x7f caf\xc3\xa9 \\xc2\\x9b \\xff\\xe2\\x82");
    /* A character is never split, by the input limit or by the room in out. */
    used = core_escape(out, sizeof out, "ab\xc3\xa9", 4, 3);
    assert_int_equal(used, 2);
    assert_string_equal(out, "ab");
    used = core_escape(out, 4, "ab\xc3\xa9", 4, 4);
    assert_int_equal(used, 2);
    assert_string_equal(out, "ab");
    used = core_escape(out, 6, "a\x1b", 2, 2); /* "a" + 4 bytes of escape + NUL = 6 */
    assert_int_equal(used, 2);
    used = core_escape(out, 5, "a\x1b", 2, 2);
    assert_int_equal(used, 1);
    assert_string_equal(out, "a");
    assert_int_equal(core_utf8_char("\xf0\x9f\x8c\xbf", 4), 4);
    assert_int_equal(core_utf8_char("\xf0\x9f\x8c", 3), 0);
    assert_int_equal(core_utf8_char("\xed\xa0\x80", 3), 0); /* a surrogate */
    assert_int_equal(core_utf8_char("\xc0\xaf", 2), 0);     /* overlong */
}

static void test_escape_messages(void **state)
{
    (void)state;
    /* An escape sequence in a string value: set the terminal's title, clear the screen. */
    expect_error("{\"grass\": [{\"wind_model\": \"\\u001b]0;owned\\u0007\\u001b[2J\"}]}",
                 "t.json: grass[0].wind_model: must be \"got\", \"hzd\" or \"frictional\", got "
                 "\"\\x1b]0;owned\\x07\\x1b[2J\"");
    expect_error("{\"grass\": [{\"gameplay\": \"a\\u009bb\\u007f\"}]}", "got \"a\\xc2\\x9bb\\x7f\"");
    /* In a key, and in a grass name quoted by another error. */
    expect_error("{\"grass\": [{}], \"\\u001b[31mred\": 1}", "t.json: \\x1b[31mred: unknown field");
    expect_error("{\"grass\": [{\"name\": \"\\u001b[2Jx\", \"density\": 2000}], \"render\": {\"draw_distance\": 100}}",
                 "grass[0] \"\\x1b[2Jx\" (2000/m^2)");
    /* A file name from the scene (and the scene's own name), control characters and bytes that are not UTF-8
     * alike. */
    expect_error_code("{\"grass\": [{}], \"terrain\": {\"heightmap\": {\"path\": \"/nonexistent/\\u001b[2J.png\"}}}",
                      SWARD_ERROR_IO,
                      "t.json: terrain.heightmap.path: /nonexistent/\\x1b[2J.png: cannot read: No such");
    sward_error err = {0};
    sward_scene *s = NULL;
    assert_int_equal(sward_scene_load_string("{}", 2, "sc\xff\x1b.json", NULL, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.message,
                        "sc\\xff\\x1b.json: grass: missing required field (an array of 1 to 16 materials)");
    assert_int_equal(sward_scene_load_file("/nonexistent/\x1b]0;x\x07.json", &s, &err), SWARD_ERROR_IO);
    assert_string_equal(err.message, "/nonexistent/\\x1b]0;x\\x07.json: cannot read: No such file or directory");
    /* The syntax error's excerpt: bytes that are not UTF-8 as \xNN, UTF-8 as it is, cut between characters. */
    expect_error("{\"grass\": [{}] \xff\xfe}",
                 "t.json:1:16: JSON syntax error: expected ',' or '}', found '\\xff\\xfe}'");
    expect_error("{\"grass\": [{}] 123456789012345\xc3\xa9}", "found '123456789012345'");
    expect_error("{\"grass\": [{}] 12345678901234\xc3\xa9}", "found '12345678901234\xc3\xa9'");
}

/* ---- item 6: a failed write leaves nothing behind and says why ---------------------------------------------- */

static const uint8_t *test_pixels(uint32_t w, uint32_t h)
{
    static uint8_t px[64 * 64 * 4];
    assert_true((size_t)w * h * 4 <= sizeof px);
    uint32_t x = 2463534242u; /* xorshift: noise, so the PNG is about as large as the pixels */
    for (size_t k = 0; k < (size_t)w * h * 4; k++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        px[k] = (uint8_t)(x >> 24);
    }
    return px;
}

static void test_write_failures(void **state)
{
    (void)state;
    const uint8_t *px = test_pixels(64, 64);
    sward_error err = {0};
    char p[512], q[512], names[1024];

    /* /dev/full: written in place (never renamed over), the system's reason. */
    assert_int_equal(core_png_write_rgba8("/dev/full", px, 64, 64, &err), SWARD_ERROR_IO);
    assert_string_equal(err.message, "/dev/full: cannot write: No space left on device");
    assert_int_equal(core_png_write_rgba8("/dev/null", px, 64, 64, &err), SWARD_OK);

    /* A folder, a missing folder. */
    assert_int_equal(core_png_write_rgba8(tmp_dir, px, 64, 64, &err), SWARD_ERROR_IO);
    assert_non_null(strstr(err.message, ": cannot write: it is a folder"));
    tmp_path(p, sizeof p, "no/such/folder/x.png");
    assert_int_equal(core_png_write_rgba8(p, px, 64, 64, &err), SWARD_ERROR_IO);
    assert_non_null(strstr(err.message, "x.png: cannot write: No such file or directory"));

    /* A disk that fills half-way through the file, simulated by the file size limit (EFBIG): no file, no
     * temporary file; an older file of that name keeps its content. */
    tmp_path(p, sizeof p, "w");
    assert_int_equal(mkdir(p, 0700), 0);
    tmp_path(q, sizeof q, "w/out.png");
    struct rlimit old, small = {.rlim_cur = 1024};
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    small.rlim_max = old.rlim_max;
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    sward_result r = core_png_write_rgba8(q, px, 64, 64, &err);
    write_bytes(q, "old", 3); /* small enough for the limit */
    sward_result r2 = core_png_write_rgba8(q, px, 64, 64, &err);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, old_handler);
    assert_int_equal(r, SWARD_ERROR_IO);
    assert_int_equal(r2, SWARD_ERROR_IO);
    assert_non_null(strstr(err.message, "w/out.png: cannot write: File too large"));
    unsigned char buf[65536];
    assert_int_equal(read_bytes(q, buf, sizeof buf), 3);
    assert_memory_equal(buf, "old", 3);
    list_dir(p, names, sizeof names);
    assert_string_equal(names, "out.png");

    /* Success: the bytes libpng's stdio writer gives (the golden images' hashes stay), nothing else left. */
    assert_int_equal(core_png_write_rgba8(q, px, 64, 64, &err), SWARD_OK);
    size_t n = read_bytes(q, buf, sizeof buf);
    tmp_path(p, sizeof p, "ref.png");
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = 64;
    img.height = 64;
    img.format = PNG_FORMAT_RGBA;
    assert_true(png_image_write_to_file(&img, p, 0, px, 64 * 4, NULL));
    static unsigned char ref[65536];
    size_t rn = read_bytes(p, ref, sizeof ref);
    assert_int_equal(n, rn);
    assert_memory_equal(buf, ref, n);
    unlink(p);
    tmp_path(p, sizeof p, "w");
    list_dir(p, names, sizeof names);
    assert_string_equal(names, "out.png");

    /* A file the user may not write is refused, not replaced (root may write anything). */
    if (geteuid() != 0) {
        assert_int_equal(chmod(q, 0444), 0);
        assert_int_equal(core_png_write_rgba8(q, px, 64, 64, &err), SWARD_ERROR_IO);
        assert_non_null(strstr(err.message, "w/out.png: cannot write: Permission denied"));
        assert_int_equal(chmod(q, 0644), 0);
    }

    /* Through a symbolic link: the file it names is replaced, the link stays. */
    tmp_path(p, sizeof p, "w/link.png");
    assert_int_equal(symlink("out.png", p), 0);
    assert_int_equal(core_png_write_rgba8(p, px, 32, 32, &err), SWARD_OK);
    struct stat st;
    assert_int_equal(lstat(p, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_true(read_bytes(q, buf, sizeof buf) < n); /* the 32x32 image */
    tmp_path(p, sizeof p, "w");
    list_dir(p, names, sizeof names);
    assert_true(!strcmp(names, "out.png link.png") || !strcmp(names, "link.png out.png"));
}

/* ---- item 7: the 4 MiB limit, exactly ------------------------------------------------------------------------ */

static void test_scene_size_limit(void **state)
{
    (void)state;
    size_t n = WORLD_MAX_SCENE_BYTES;
    assert_int_equal(n, 4194304u);
    char *big = malloc(n + 1);
    assert_non_null(big);
    memset(big, ' ', n + 1);
    memcpy(big, "{\"grass\": [{}], " SMALL "}", strlen("{\"grass\": [{}], " SMALL "}"));
    sward_error err = {0};
    sward_scene *s = NULL;
    assert_int_equal(sward_scene_load_string(big, n, "big.json", NULL, &s, &err), SWARD_OK);
    sward_scene_destroy(s);
    char p[512];
    tmp_path(p, sizeof p, "exact.json");
    write_bytes(p, big, n);
    assert_int_equal(sward_scene_load_file(p, &s, &err), SWARD_OK);
    sward_scene_destroy(s);
    /* One byte over. */
    assert_int_equal(sward_scene_load_string(big, n + 1, "big.json", NULL, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.message, "big.json: 4194305 bytes, more than the limit of 4194304 bytes for a scene");
    tmp_path(p, sizeof p, "over.json");
    write_bytes(p, big, n + 1);
    assert_int_equal(sward_scene_load_file(p, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_null(s);
    assert_non_null(strstr(err.message, "over.json: file is larger than the limit of 4194304 bytes"));
    free(big);
}

/* ---- item 8: unknown keys are cut between characters ---------------------------------------------------------- */

static void test_key_cut_utf8(void **state)
{
    (void)state;
    /* 47 bytes, then a 2-byte character that would end at byte 49: cut before it. */
    expect_error("{\"grass\": [{}], \"" LONG_KEY_47 "\xc3\xa9yy\": 1}",
                 "t.json: " LONG_KEY_47 "...: unknown field");
    /* 46 bytes and the character end at byte 48: kept whole. */
    expect_error("{\"grass\": [{}], \"" LONG_KEY_46 "\xc3\xa9yy\": 1}",
                 "t.json: " LONG_KEY_46 "\xc3\xa9...: unknown field");
    /* A 4-byte character across the cut. */
    expect_error("{\"grass\": [{}], \"" LONG_KEY_46 "\xf0\x9f\x8c\xbf\": 1}",
                 "t.json: " LONG_KEY_46 "...: unknown field");
}

/* ---- item 9: tiny but nonzero directions ------------------------------------------------------------------------ */

static void test_direction_tiny(void **state)
{
    (void)state;
    sward_scene *s = expect_ok("{\"grass\": [{}], " SMALL ", \"wind\": {\"direction\": [1e-7, 0]}}");
    assert_true(s->wind.direction[0] == 1.0f && s->wind.direction[1] == 0.0f);
    sward_scene_destroy(s);
    /* A denormal float component, and the smallest one. */
    s = expect_ok("{\"grass\": [{}], " SMALL ", \"wind\": {\"direction\": [-1e-40, 1e-40]}}");
    assert_float_equal(s->wind.direction[0], -0.70710678f, 1e-6f);
    assert_float_equal(s->wind.direction[1], 0.70710678f, 1e-6f);
    sward_scene_destroy(s);
    s = expect_ok("{\"grass\": [{}], " SMALL ", \"sun\": {\"direction\": [0, 1.4e-45, 0]}}");
    assert_true(s->sun.direction[0] == 0.0f && s->sun.direction[1] == 1.0f && s->sun.direction[2] == 0.0f);
    sward_scene_destroy(s);
    s = expect_ok("{\"grass\": [{}], " SMALL ", \"sun\": {\"direction\": [1e-20, 1e-20, 1e-20]}}");
    assert_float_equal(s->sun.direction[1], 0.57735027f, 1e-6f);
    sward_scene_destroy(s);
    /* Zero, and a vector that is zero only once stored as floats. */
    expect_error("{\"grass\": [{}], \"wind\": {\"direction\": [0, -0]}}", "t.json: wind.direction: must not be zero");
    expect_error("{\"grass\": [{}], \"wind\": {\"direction\": [1e-300, 0]}}",
                 "t.json: wind.direction: must not be zero: [1e-300, 0] is zero once stored as floats");
    expect_error("{\"grass\": [{}], \"sun\": {\"direction\": [0, 1e-46, 0]}}",
                 "t.json: sun.direction: must not be zero: [0, 1e-46, 0] is zero once stored as floats");
}

/* ---- item 10: budgets of work and memory --------------------------------------------------------------------- */

static void test_budget_work(void **state)
{
    (void)state;
    /* A 1 KB scene that asks for a huge terrain: refused at once, naming the field and the budget. */
    expect_error("{\"grass\": [{}], \"terrain\": {\"size\": 16384, \"resolution\": 4097,"
                 " \"fbm\": {\"octaves\": 16, \"wavelength\": 100000}}}",
                 "t.json: terrain.resolution: 4097 x 4097 samples x 16 octaves of fBm is 268566544 units of "
                 "work, plus 4194304 for the generated type map, more than the load work budget of 100000000; "
                 "lower terrain.resolution or terrain.fbm.octaves");
    char json[2048] = "{\"grass\": [";
    for (int i = 0; i < 16; i++)
        strcat(json, i ? ", {\"patches\": {}}" : "{\"patches\": {}}");
    strcat(json, "], \"terrain\": {\"resolution\": 2, \"map_resolution\": 4096},"
                 " \"camera\": {\"position\": [0, 2, 0], \"target\": [1, 0, 1]}}");
    expect_error(json, "t.json: terrain.map_resolution: the generated type map of 4096 x 4096 texels x (1 + 3 x 16 "
                       "grass types with patches) is 822083584 units of work, plus 20 for the fBm terrain, more "
                       "than the load work budget of 100000000; lower terrain.map_resolution (default: "
                       "terrain.resolution - 1, at most 2048), use fewer patches or give a terrain.type_map image");
    /* A patch test counts 3 units: 1 + 3 x 2 = 7 units a texel. */
    expect_error("{\"grass\": [{\"patches\": {}}, {\"patches\": {}}], \"terrain\": {\"resolution\": 2,"
                 " \"map_resolution\": 4096}, \"camera\": {\"position\": [0, 2, 0], \"target\": [1, 0, 1]}}",
                 "is 117440512 units of work");

    /* Exactly at a budget loads, one over is refused; a zero budget means the default. */
    static const char scene[] =
        "{\"grass\": [{}], \"terrain\": {\"size\": 64, \"resolution\": 101,"
        " \"fbm\": {\"octaves\": 5}}, \"camera\": {\"position\": [0, 2, 0], \"target\": [1, 0, 1]}}";
    const uint64_t work = 101u * 101u * 5u + 100u * 100u * 1u;
    sward_error err = {0};
    sward_scene *s = NULL;
    sward_scene_budget b = {.work = work};
    assert_int_equal(sward_scene_load_string_budget(scene, sizeof scene - 1, "t.json", NULL, &b, &s, &err), SWARD_OK);
    assert_int_equal(world_load_work(s, s->terrain.map_res), work);
    assert_true(s->budget.work == work && s->budget.memory_bytes == SWARD_DEFAULT_MEMORY_BYTES);
    sward_scene_destroy(s);
    b.work = work - 1;
    assert_int_equal(sward_scene_load_string_budget(scene, sizeof scene - 1, "t.json", NULL, &b, &s, &err),
                     SWARD_ERROR_INVALID_INPUT);
    assert_null(s);
    assert_non_null(strstr(err.message, "t.json: terrain.resolution: 101 x 101 samples x 5 octaves of fBm is 51005 "
                                        "units of work, plus 10000 for the generated type map, more than the load "
                                        "work budget of 61004"));
    b.work = 0;
    assert_int_equal(sward_scene_load_string_budget(scene, sizeof scene - 1, "t.json", NULL, &b, &s, &err), SWARD_OK);
    assert_true(s->budget.work == SWARD_DEFAULT_LOAD_WORK);
    sward_scene_destroy(s);
}

static void test_budget_memory(void **state)
{
    (void)state;
    /* 8192 x 8192 pixels in the scene: 4 GiB of render targets. */
    expect_error("{\"grass\": [{}], " SMALL ", \"render\": {\"width\": 8192, \"height\": 8192}}",
                 "t.json: render.width, render.height: the scene needs about 4096.");
    expect_error("{\"grass\": [{}], " SMALL ", \"render\": {\"width\": 8192, \"height\": 8192}}",
                 "more than the memory budget of 2048.0 MiB: height field 33 x 33 (0.0 MiB), maps 32 x 32 (0.0 "
                 "MiB), render targets 8192 x 8192 pixels (about 4096.0 MiB at 64 bytes a pixel); render fewer "
                 "pixels");
    /* The same through the render settings (the CLI's --width and --height); 8K UHD fits. */
    sward_scene *s = expect_ok("{\"grass\": [{}], " SMALL "}");
    sward_render_settings rs = sward_scene_render_settings(s);
    sward_error err = {0};
    rs.width = 8192;
    rs.height = 8192;
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "t.json: render.width, render.height: the scene needs about 4096."));
    assert_int_equal(sward_scene_render_settings(s).width, 1920); /* unchanged */
    rs.width = 7680;
    rs.height = 4320;
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_OK);
    sward_scene_destroy(s);

    /* A larger budget lets 8192 x 8192 load; a smaller one refuses the largest part by its field. */
    static const char huge[] = "{\"grass\": [{}], " SMALL ", \"render\": {\"width\": 8192, \"height\": 8192}}";
    sward_scene_budget b = {.memory_bytes = 8ull << 30};
    s = NULL;
    assert_int_equal(sward_scene_load_string_budget(huge, sizeof huge - 1, "t.json", NULL, &b, &s, &err), SWARD_OK);
    rs = sward_scene_render_settings(s);
    assert_int_equal(sward_scene_set_render_settings(s, &rs, &err), SWARD_OK); /* the scene's budget, kept */
    sward_scene_destroy(s);
    static const char maps[] =
        "{\"grass\": [{}], \"terrain\": {\"size\": 64, \"resolution\": 33, \"map_resolution\": 4096},"
        " \"camera\": {\"position\": [0, 2, 0], \"target\": [1, 0, 1]},"
        " \"render\": {\"width\": 16, \"height\": 16}}";
    b.memory_bytes = 64ull << 20;
    assert_int_equal(sward_scene_load_string_budget(maps, sizeof maps - 1, "t.json", NULL, &b, &s, &err),
                     SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "t.json: terrain.map_resolution: the scene needs about 80.7 MiB, more than "
                                        "the memory budget of 64.0 MiB: height field 33 x 33 (0.0 MiB), maps 4096 x "
                                        "4096 (80.5 MiB)"));
    assert_non_null(strstr(err.message, "; lower terrain.map_resolution"));

    /* A height map's size counts once it is read (scenes/hills.json: 257 x 257). */
    char path[1024];
    snprintf(path, sizeof path, "%s/scenes/hills.json", source_dir());
    assert_int_equal(sward_scene_load_file(path, &s, &err), SWARD_OK);
    uint64_t need = world_memory_bytes(s, 257, s->terrain.map_res, s->render.settings.width, s->render.settings.height);
    sward_scene_destroy(s);
    b.memory_bytes = need - 1;
    assert_int_equal(sward_scene_load_file_budget(path, &b, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "more than the memory budget"));
    b.memory_bytes = need;
    assert_int_equal(sward_scene_load_file_budget(path, &b, &s, &err), SWARD_OK);
    sward_scene_destroy(s);
}

/* Every scene of the repository loads well within the default budgets (a quarter of each). */
static void test_budget_example_scenes(void **state)
{
    (void)state;
    static const char *const scenes[] = {"scenes/meadow.json", "scenes/fields.json", "scenes/hills.json",
                                         "scenes/small.json",  "bench/dense.json",   "bench/got_field.json"};
    for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", source_dir(), scenes[i]);
        sward_error err = {0};
        sward_scene *s = NULL;
        sward_result r = sward_scene_load_file(path, &s, &err);
        if (r != SWARD_OK) print_error("%s\n", err.message);
        assert_int_equal(r, SWARD_OK);
        const world_terrain *t = &s->terrain;
        uint64_t work = world_load_work(s, t->map_res);
        uint64_t mem =
            world_memory_bytes(s, t->resolution, t->map_res, s->render.settings.width, s->render.settings.height);
        print_message("%-22s work %10llu, memory %6.1f MiB\n", scenes[i], (unsigned long long)work,
                      (double)mem / 1048576.0);
        assert_true(work <= SWARD_DEFAULT_LOAD_WORK / 4);
        assert_true(mem <= SWARD_DEFAULT_MEMORY_BYTES / 4);
        sward_scene_destroy(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_positive_minimum),  cmocka_unit_test(test_tiles_tiny_density),
        cmocka_unit_test(test_scene_not_regular), cmocka_unit_test(test_escape_text),
        cmocka_unit_test(test_escape_messages),   cmocka_unit_test(test_write_failures),
        cmocka_unit_test(test_scene_size_limit),  cmocka_unit_test(test_key_cut_utf8),
        cmocka_unit_test(test_direction_tiny),    cmocka_unit_test(test_budget_work),
        cmocka_unit_test(test_budget_memory),     cmocka_unit_test(test_budget_example_scenes),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
