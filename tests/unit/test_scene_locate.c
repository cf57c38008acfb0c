/* test_scene_locate.c — where a scene's error is (sward_error.field, .line, .column: the viewer's HUD and
 * editors show file:line:col) and the files a scene was read from (sward_scene_file: what the viewer watches
 * for hot reload). */
#include "scene_test_util.h"

#include "core/core.h"

/* The line and column of the first occurrence of `needle` in text (1-based; columns in bytes, as the syntax
 * errors count them). */
static void where(const char *text, const char *needle, uint32_t *line, uint32_t *col)
{
    const char *at = strstr(text, needle);
    assert_non_null(at);
    *line = 1;
    *col = 1;
    for (const char *p = text; p < at; p++) {
        if (*p == '\n') {
            ++*line;
            *col = 1;
        } else {
            ++*col;
        }
    }
}

static void expect_at(const char *json, const char *field, const char *needle)
{
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *s = NULL;
    assert_int_equal(load(json, &s, &err), SWARD_ERROR_INVALID_INPUT);
    uint32_t line, col;
    where(json, needle, &line, &col);
    if (strcmp(err.field, field) != 0 || err.line != line || err.column != col)
        print_error("%s\nwant %s at %u:%u, got %s at %u:%u (%s)\n", json, field, line, col, err.field, err.line,
                    err.column, err.message);
    assert_string_equal(err.field, field);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, col);
}

static void test_field_line_column(void **state)
{
    (void)state;
    /* a value deep in an array of objects, after strings holding braces, commas and escaped quotes */
    expect_at("{\n  \"grass\": [\n    {\"name\": \"a,}]\\\"b\"},\n    {\"name\": \"é\", \"density\": -4}\n  ]\n}\n",
              "grass[1].density", "-4");
    expect_at("{\"sun\": {\"elevation\": 400}, \"grass\": [{}]}", "sun.elevation", "400");
    /* a type error on an object */
    expect_at("{\"grass\": [{}],\n \"wind\":\n   [1, 2]}", "wind", "[1, 2]");
    /* an unknown key: the field is the key's path; the line points into its object */
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *s = NULL;
    const char *unknown = "{\"grass\": [{}],\n\"render\": {\"widht\": 5}}";
    assert_int_equal(load(unknown, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_int_equal(err.line, 2);
    assert_true(err.column >= 11);
    assert_non_null(strstr(err.field, "render"));
}

static void test_syntax_error_line_column(void **state)
{
    (void)state;
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *s = NULL;
    assert_int_equal(load("{\n  \"grass\": [{}],\n  \"sun\": {\"elevation\": 30,}\n}", &s, &err),
                     SWARD_ERROR_INVALID_INPUT);
    assert_int_equal(err.line, 3);
    assert_int_equal(err.column, 27);
    assert_string_equal(err.field, "");
    assert_non_null(strstr(err.message, "t.json:3:27:"));
}

static void test_override_has_no_line(void **state)
{
    (void)state;
    const char *json = "{\"grass\": [{}]}";
    const char *sets[] = {"sun.elevation=400"};
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *s = NULL;
    assert_int_equal(sward_scene_load_string_overrides(json, strlen(json), "t.json", NULL, NULL, sets, 1, &s, &err),
                     SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.field, "sun.elevation");
    assert_int_equal(err.line, 0);
    assert_non_null(strstr(err.message, "set by override"));
    /* a later success leaves no stale location behind */
    assert_int_equal(load(json, &s, &err), SWARD_OK);
    sward_scene_destroy(s);
    memset(&err, 0, sizeof err);
    assert_int_equal(load("{\"grass\": [{\"density\": -1}]}", &s, &err), SWARD_ERROR_INVALID_INPUT);
    sward_error again = err;
    core_fail(&again, SWARD_ERROR_IO, "other");
    assert_string_equal(again.field, "");
    assert_int_equal(again.line, 0);
}

static void test_scene_files(void **state)
{
    (void)state;
    char dir_png[512], scene[512];
    tmp_path(dir_png, sizeof dir_png, "grey8.png");
    tmp_path(scene, sizeof scene, "scene.json");
    uint16_t v[33 * 33];
    for (int k = 0; k < 33 * 33; k++) v[k] = (uint16_t)(k % 200);
    write_grey_png(dir_png, 33, 33, 8, v);
    const char *json = "{\"terrain\": {\"size\": 64, \"heightmap\": {\"path\": \"grey8.png\", \"min\": 0, "
                       "\"max\": 4}}, \"grass\": [{}]}";
    write_text(scene, json);
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *s = NULL;
    if (sward_scene_load_file(scene, &s, &err) != SWARD_OK) fail_msg("%s", err.message);
    assert_string_equal(sward_scene_file(s, 0), scene);
    assert_string_equal(sward_scene_file(s, 1), dir_png);
    assert_null(sward_scene_file(s, 2));
    sward_scene_destroy(s);
    /* a scene from a string has no file of its own */
    assert_int_equal(load("{\"grass\": [{}]}", &s, &err), SWARD_OK);
    assert_null(sward_scene_file(s, 0));
    sward_scene_destroy(s);
    assert_null(sward_scene_file(NULL, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_field_line_column),
        cmocka_unit_test(test_syntax_error_line_column),
        cmocka_unit_test(test_override_has_no_line),
        cmocka_unit_test(test_scene_files),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
