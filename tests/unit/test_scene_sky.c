/* test_scene_sky.c — the scene fields of the lighting (render.features, sky.turbidity, sun.elevation and
 * sun.azimuth) and the PATH=VALUE overrides of sward_scene_load_*_overrides (the CLI's --set;
 * src/world/overrides.c). */
#include "scene_test_util.h"

#include "shared/sw_types.h"

static sward_result load_ov(const char *json, const char *const *ov, size_t n, sward_scene **s, sward_error *err)
{
    return sward_scene_load_string_overrides(json, strlen(json), "t.json", NULL, NULL, ov, n, s, err);
}

static sward_scene *expect_ov_ok(const char *json, const char *const *ov, size_t n)
{
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *s = NULL;
    if (load_ov(json, ov, n, &s, &err) != SWARD_OK) fail_msg("unexpected error: %s", err.message);
    assert_non_null(s);
    return s;
}

/* Asserts that loading json with the overrides fails with exactly `want` (or containing it when !exact). */
static void expect_ov_error(const char *json, const char *const *ov, size_t n, const char *want, bool exact)
{
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *s = (sward_scene *)&err;
    sward_result r = load_ov(json, ov, n, &s, &err);
    if (r != SWARD_ERROR_INVALID_INPUT || (exact ? strcmp(err.message, want) != 0 : !strstr(err.message, want)))
        fail_msg("override %s\nexpected \"%s\"\n     got %d \"%s\"", ov[0], want, r, err.message);
    assert_null(s);
}

/* ---- render.features ---------------------------------------------------------------------------------- */

static void test_features(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(SCENE(""));
    assert_int_equal(s->render.features, SW_FEAT_ALL);
    assert_int_equal(sward_scene_features(s), SWARD_FEATURE_ALL);
    sward_scene_set_features(s, SWARD_FEATURE_SKY | 0x100u);
    assert_int_equal(sward_scene_features(s), SWARD_FEATURE_SKY);
    sward_scene_destroy(s);

    static const struct {
        const char *key;
        uint32_t bit;
    } keys[] = {{"depth_prime", SW_FEAT_DEPTH_PRIME}, {"shadows", SW_FEAT_SHADOWS},
                {"contact_shadows", SW_FEAT_CONTACT_SHADOWS}, {"translucency", SW_FEAT_TRANSLUCENCY},
                {"specular", SW_FEAT_SPECULAR}, {"taa", SW_FEAT_TAA}, {"bloom", SW_FEAT_BLOOM},
                {"sky", SW_FEAT_SKY}};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char json[256];
        snprintf(json, sizeof json, SCENE(", \"render\": {\"features\": {\"%s\": false}}"), keys[i].key);
        s = expect_ok(json);
        assert_int_equal(s->render.features, SW_FEAT_ALL & ~keys[i].bit);
        sward_scene_destroy(s);
        snprintf(json, sizeof json, SCENE(", \"render\": {\"features\": {\"%s\": true}}"), keys[i].key);
        s = expect_ok(json);
        assert_int_equal(s->render.features, SW_FEAT_ALL);
        sward_scene_destroy(s);
    }
    s = expect_ok(SCENE(", \"render\": {\"features\": {\"sky\": false, \"taa\": false, \"bloom\": true}}"));
    assert_int_equal(s->render.features, SW_FEAT_ALL & ~(SW_FEAT_SKY | SW_FEAT_TAA));
    sward_scene_destroy(s);

    expect_error(SCENE(", \"render\": {\"features\": {\"fog\": false}}"), "t.json: render.features.fog: unknown field");
    expect_error(SCENE(", \"render\": {\"features\": {\"shadows\": 0}}"),
                 "t.json: render.features.shadows: expected true or false, got a number");
    expect_error(SCENE(", \"render\": {\"features\": {\"sky\": \"no\"}}"),
                 "t.json: render.features.sky: expected true or false, got a string");
    expect_error(SCENE(", \"render\": {\"features\": true}"), "t.json: render.features: expected an object, got a boolean");
    expect_error(SCENE(", \"render\": {\"features\": {\"sky\": true, \"sky\": false}}"),
                 "t.json: render.features.sky: duplicate field");
}

/* ---- sky.turbidity, sun.elevation / sun.azimuth ------------------------------------------------------- */

static void test_turbidity(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(SCENE(""));
    assert_float_equal(s->sky.turbidity, 3.0f, 0.0);
    sward_scene_destroy(s);
    s = expect_ok(SCENE(", \"sky\": {\"turbidity\": 7.5}"));
    assert_float_equal(s->sky.turbidity, 7.5f, 0.0);
    sward_scene_destroy(s);
    expect_error(SCENE(", \"sky\": {\"turbidity\": 1.5}"), "t.json: sky.turbidity: must be >= 1.7, got 1.5");
    expect_error(SCENE(", \"sky\": {\"turbidity\": 10.5}"), "t.json: sky.turbidity: must be <= 10, got 10.5");
    expect_error(SCENE(", \"sky\": {\"turbidity\": [3]}"), "t.json: sky.turbidity: expected a number, got an array");
}

static void check_sun(const char *json, double x, double y, double z)
{
    sward_scene *s = expect_ok(json);
    assert_float_equal(s->sun.direction[0], x, 1e-6);
    assert_float_equal(s->sun.direction[1], y, 1e-6);
    assert_float_equal(s->sun.direction[2], z, 1e-6);
    sward_scene_destroy(s);
}

static void test_elevation_azimuth(void **state)
{
    (void)state;
    /* azimuth 0 towards +z, 90 towards +x; elevation above the horizon */
    check_sun(SCENE(", \"sun\": {\"elevation\": 0, \"azimuth\": 0}"), 0.0, 0.0, 1.0);
    check_sun(SCENE(", \"sun\": {\"elevation\": 0, \"azimuth\": 90}"), 1.0, 0.0, 0.0);
    check_sun(SCENE(", \"sun\": {\"elevation\": 30, \"azimuth\": 90}"), 0.8660254, 0.5, 0.0);
    check_sun(SCENE(", \"sun\": {\"elevation\": 30, \"azimuth\": -90}"), -0.8660254, 0.5, 0.0);
    check_sun(SCENE(", \"sun\": {\"elevation\": 30, \"azimuth\": 450}"), 0.8660254, 0.5, 0.0);
    check_sun(SCENE(", \"sun\": {\"elevation\": 90, \"azimuth\": 12}"), 0.0, 1.0, 0.0);
    check_sun(SCENE(", \"sun\": {\"elevation\": -45, \"azimuth\": 180}"), 0.0, -0.70710678, -0.70710678);
    /* the same direction as sun.direction gives */
    sward_scene *a = expect_ok(SCENE(", \"sun\": {\"elevation\": 20, \"azimuth\": 35}"));
    double e = 20.0 * 3.14159265358979 / 180.0, z = 35.0 * 3.14159265358979 / 180.0;
    char json[256];
    snprintf(json, sizeof json, SCENE(", \"sun\": {\"direction\": [%.17g, %.17g, %.17g]}"), cos(e) * sin(z), sin(e),
             cos(e) * cos(z));
    sward_scene *b = expect_ok(json);
    for (int i = 0; i < 3; i++) assert_float_equal(a->sun.direction[i], b->sun.direction[i], 1e-6);
    sward_scene_destroy(a);
    sward_scene_destroy(b);
    /* the elevation also moves the light */
    a = expect_ok(SCENE(", \"sun\": {\"elevation\": 10, \"azimuth\": 0}"));
    assert_true(fabs(asin(a->sun.direction[1]) * 180.0 / 3.14159265358979 - 10.0) < 1e-4);
    sward_scene_destroy(a);

    expect_error(SCENE(", \"sun\": {\"direction\": [0, 1, 1], \"elevation\": 10, \"azimuth\": 0}"),
                 "t.json: sun.elevation: not allowed with sun.direction");
    expect_error(SCENE(", \"sun\": {\"direction\": [0, 1, 1], \"azimuth\": 0}"),
                 "t.json: sun.azimuth: not allowed with sun.direction");
    expect_error(SCENE(", \"sun\": {\"elevation\": 91, \"azimuth\": 0}"), "t.json: sun.elevation: must be <= 90, got 91");
    expect_error(SCENE(", \"sun\": {\"elevation\": -90.5, \"azimuth\": 0}"),
                 "t.json: sun.elevation: must be >= -90, got -90.5");
    expect_error(SCENE(", \"sun\": {\"elevation\": 10, \"azimuth\": 3601}"),
                 "t.json: sun.azimuth: must be <= 3600, got 3601");
    expect_error(SCENE(", \"sun\": {\"elevation\": 10, \"azimuth\": -3601}"),
                 "t.json: sun.azimuth: must be >= -3600, got -3601");
    expect_error(SCENE(", \"sun\": {\"elevation\": 10}"), "t.json: sun.azimuth: missing required field");
    expect_error(SCENE(", \"sun\": {\"azimuth\": 10}"), "t.json: sun.elevation: missing required field");
    expect_error(SCENE(", \"sun\": {\"elevation\": \"high\", \"azimuth\": 0}"),
                 "t.json: sun.elevation: expected a number, got a string");
}

/* ---- overrides ---------------------------------------------------------------------------------------- */

static void test_override_applies(void **state)
{
    (void)state;
    const char *ov1[] = {"render.features.shadows=false", "sun.elevation=10", "sun.azimuth=90",
                         "sun.direction=null", "grass[0].density=40", "wind.direction=[1,0.3]",
                         "grass[0].name=tall", "grass[1].name=\"second\"", "sky.turbidity=5"};
    sward_scene *s = expect_ov_ok(SCENE(", \"sun\": {\"direction\": [0, 1, 0]}"), ov1, 9);
    assert_int_equal(s->render.features, SW_FEAT_ALL & ~SW_FEAT_SHADOWS); /* render, features created */
    assert_float_equal(s->sun.direction[0], cos(10.0 * 3.14159265358979 / 180.0), 1e-6);
    assert_float_equal(s->sun.direction[1], sin(10.0 * 3.14159265358979 / 180.0), 1e-6);
    assert_float_equal(s->materials[0].density, 40.0f, 0.0);
    assert_float_equal(s->wind.direction[1] / s->wind.direction[0], 0.3f, 1e-6);
    assert_string_equal(s->materials[0].name, "tall");
    assert_int_equal(s->material_count, 2); /* grass[1] appended */
    assert_string_equal(s->materials[1].name, "second");
    assert_float_equal(s->sky.turbidity, 5.0f, 0.0);
    sward_scene_destroy(s);

    /* later ones win; an existing value is replaced, not duplicated */
    const char *ov2[] = {"render.seed=5", "render.seed=7"};
    s = expect_ov_ok(SCENE(", \"render\": {\"seed\": 3}"), ov2, 2);
    assert_int_equal(s->render.settings.seed, 7);
    sward_scene_destroy(s);

    /* the built-in scene, through the file-or-default entry point */
    const char *ov3[] = {"render.features.sky=false", "sun.elevation=40"};
    sward_error err = {0};
    s = NULL;
    assert_int_equal(sward_scene_load_overrides(NULL, ov3, 2, &s, &err), SWARD_OK);
    assert_int_equal(s->render.features, SW_FEAT_ALL & ~SW_FEAT_SKY);
    assert_float_equal(s->sun.direction[1], sin(40.0 * 3.14159265358979 / 180.0), 1e-6);
    sward_scene_destroy(s);
    /* and a file */
    char path[512];
    tmp_path(path, sizeof path, "scene.json");
    write_text(path, SCENE(", \"render\": {\"width\": 64, \"height\": 32}"));
    const char *ov4[] = {"render.width=100"};
    s = NULL;
    assert_int_equal(sward_scene_load_overrides(path, ov4, 1, &s, &err), SWARD_OK);
    assert_int_equal(s->render.settings.width, 100);
    assert_int_equal(s->render.settings.height, 32);
    sward_scene_destroy(s);
    /* no overrides: the plain load */
    s = expect_ov_ok(SCENE(""), NULL, 0);
    assert_int_equal(s->render.features, SW_FEAT_ALL);
    sward_scene_destroy(s);
}

/* A bad value set by an override gets the loader's own message for the field, plus the override. */
static void test_override_same_message(void **state)
{
    (void)state;
    static const struct {
        const char *in_file, *ov;
    } cases[] = {
        {SCENE(", \"render\": {\"features\": {\"shadows\": \"maybe\"}}"), "render.features.shadows=maybe"},
        {SCENE(", \"sun\": {\"elevation\": 100, \"azimuth\": 0}"), "sun.elevation=100"},
        {"{\"grass\": [{\"density\": -1}]}", "grass[0].density=-1"},
        {SCENE(", \"render\": {\"lod_distance\": 100}"), "render.lod_distance=100"},
        {SCENE(", \"sky\": {\"turbidity\": 11}"), "sky.turbidity=11"},
        {SCENE(", \"render\": {\"features\": {\"glow\": true}}"), "render.features.glow=true"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sward_error err;
        memset(&err, 0, sizeof err);
        sward_scene *s = NULL;
        assert_int_equal(load(cases[i].in_file, &s, &err), SWARD_ERROR_INVALID_INPUT);
        char want[1200];
        snprintf(want, sizeof want, "%s (set by override '%s')", err.message, cases[i].ov);
        const char *base = strncmp(cases[i].in_file, "{\"grass\": [{\"density\"", 21) == 0
                               ? "{\"grass\": [{\"density\": 5}]}"
                               : (i == 1 ? SCENE(", \"sun\": {\"elevation\": 10, \"azimuth\": 0}") : SCENE(""));
        const char *ov[] = {cases[i].ov};
        expect_ov_error(base, ov, 1, want, true);
    }
    /* a failure elsewhere does not blame the override */
    const char *ov[] = {"render.seed=2"};
    expect_ov_error(SCENE(", \"sky\": {\"turbidity\": 0}"), ov, 1, "t.json: sky.turbidity: must be >= 1.7, got 0", true);
}

static void test_override_errors(void **state)
{
    (void)state;
    static const struct {
        const char *ov, *want;
    } cases[] = {
        {"foo", "t.json: override 'foo': expected PATH=VALUE (e.g. sun.elevation=10), found no '='"},
        {"=1", "t.json: override '=1': empty PATH before '='"},
        {"", "t.json: override '': expected PATH=VALUE"},
        {"a..b=1", "t.json: override 'a..b=1': empty field name in the PATH 'a..b'"},
        {"a.=1", "t.json: override 'a.=1': empty field name"},
        {".a=1", "t.json: override '.a=1': empty field name"},
        {"grass[x].density=1", "t.json: override 'grass[x].density=1': expected [N] with N a non-negative integer"},
        {"grass[-1].density=1", "expected [N] with N a non-negative integer"},
        {"grass[0=1", "expected [N]"},
        {"[0]=1", "t.json: override '[0]=1': an index must follow a field name"},
        {"grass[0]x=1", "t.json: override 'grass[0]x=1': unexpected 'x'"},
        {"sun[0]=1", "t.json: override 'sun[0]=1': sun is an object, not an array"},
        {"grass.density=1", "t.json: override 'grass.density=1': grass is an array, not an object"},
        {"sun.color.r=1", "t.json: override 'sun.color.r=1': sun.color is an array, not an object"},
        {"render.seed.x=1", "t.json: override 'render.seed.x=1': render.seed is a number, not an object"},
        {"grass[3].density=1", "t.json: override 'grass[3].density=1': index 3 is past the end of grass (1 elements"},
        {"sky.gradient[0]=1", "t.json: override 'sky.gradient[0]=1': sky has no field 'gradient' to index"},
        {"sun.direction=[1,2", "t.json: override 'sun.direction=[1,2': VALUE:1:5: JSON syntax error"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *ov[] = {cases[i].ov};
        expect_ov_error(SCENE(", \"sun\": {\"color\": [1, 1, 1]}, \"render\": {\"seed\": 1}, \"sky\": {}"), ov, 1,
                        cases[i].want, false);
    }
    /* the form alone, without a scene (the CLI checks its flags with it) */
    sward_error err = {0};
    assert_int_equal(sward_scene_check_override("sun.elevation=10", &err), SWARD_OK);
    assert_int_equal(sward_scene_check_override("grass[0].head.size=0.1", &err), SWARD_OK);
    assert_int_equal(sward_scene_check_override("a=b=c", &err), SWARD_OK); /* VALUE "b=c" */
    assert_int_equal(sward_scene_check_override("a..b=1", &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.message, "'a..b=1': empty field name in the PATH 'a..b'");
    assert_int_equal(sward_scene_check_override("foo", &err), SWARD_ERROR_INVALID_INPUT);
    assert_int_equal(sward_scene_check_override(NULL, &err), SWARD_ERROR_INVALID_INPUT);
    char long_key[300];
    memset(long_key, 'k', 200);
    memcpy(long_key + 200, "=1", 3);
    assert_int_equal(sward_scene_check_override(long_key, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "longer than 127 bytes"));
    /* a NULL entry */
    const char *ov[] = {"render.seed=1", NULL};
    expect_ov_error(SCENE(""), ov, 2, "t.json: override 1 is NULL", true);
    /* null removes a field; setting elevation on a scene with a direction without removing it is the loader's
     * error, which says how */
    const char *rm[] = {"sun.elevation=10", "sun.azimuth=0"};
    expect_ov_error(SCENE(", \"sun\": {\"direction\": [0, 1, 1]}"), rm, 2,
                    "t.json: sun.elevation: not allowed with sun.direction; give either sun.direction or sun.elevation "
                    "and sun.azimuth (an override sun.direction=null removes sun.direction) (set by override "
                    "'sun.elevation=10')",
                    true);
    const char *rm2[] = {"grass[0].density=null", "render=null", "sun.nothing=null"};
    sward_scene *s = expect_ov_ok("{\"grass\": [{\"density\": 5}], \"render\": {\"seed\": 9}}", rm2, 3);
    assert_float_equal(s->materials[0].density, 80.0f, 0.0); /* the default again */
    assert_int_equal(s->render.settings.seed, 1);
    sward_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_features),
        cmocka_unit_test(test_turbidity),
        cmocka_unit_test(test_elevation_azimuth),
        cmocka_unit_test_setup_teardown(test_override_applies, setup_tmp, teardown_tmp),
        cmocka_unit_test(test_override_same_message),
        cmocka_unit_test(test_override_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
