/* test_budget_world.c — the load budgets count what the scene will compute and hold, before it does.
 * A streamed fBm terrain's windows (resolution^2 of the window x octaves; the generated type map's window) are
 * counted as a resident terrain's whole grid is, and a scene over the work budget is refused before a page is
 * generated; the blend layers' images count in the memory budget once read (a float a pixel), and too many or
 * too large are refused with the budget's message naming the largest layer's field. */
#include "scene_test_util.h"

#include "core/core.h"
#include "world/stream.h"

static const char *unlink_on_exit; /* the layer image, removed before the folder (setup_tmp/teardown_tmp) */

static int teardown(void **state)
{
    if (unlink_on_exit) unlink(unlink_on_exit);
    return teardown_tmp(state);
}

static sward_result load_budget(const char *json, const sward_scene_budget *b, sward_scene **s, sward_error *err)
{
    return sward_scene_load_string_budget(json, strlen(json), "t.json", NULL, b, s, err);
}

/* A streamed generated world of 16 km at 1 m and 16 octaves: its default window, 2 x 1500 m + 2 pages of 64, is
 * 50 pages of 64 = 3200 samples a side: 3200^2 x 16 = 163840000 units of fBm plus 3200^2 for the type map's
 * window, over the default budget of 100000000; refused at once (no page is generated: this test takes
 * milliseconds where generating the window would take seconds). */
#define BIG_STREAM                                                                                                     \
    "{\"terrain\": {\"size\": 16384, \"resolution\": 16385, \"fbm\": {\"amplitude\": 100, \"wavelength\": 2000,"       \
    " \"octaves\": %d}, \"stream\": {%s}}, \"grass\": [{\"density\": 0.01}],"                                          \
    " \"render\": {\"width\": 32, \"height\": 18, \"draw_distance\": %d, \"lod_distance\": 10},"                       \
    " \"camera\": {\"position\": [0, 150, 0], \"target\": [10, 0, 12]}}"

static void test_streamed_fbm_work(void **state)
{
    (void)state;
    char json[1024];
    snprintf(json, sizeof json, BIG_STREAM, 16, "", 1500);
    double t0 = core_now_ms();
    expect_error(json, "t.json: terrain.stream.window: the streamed windows of 3200 x 3200 samples x 16 octaves of "
                       "fBm is 163840000 units of work, plus 10240000 for the generated type map, more than the load "
                       "work budget of 100000000; lower terrain.stream.window");
    assert_true(core_now_ms() - t0 < 1000.0); /* refused before anything is computed */

    /* The count is exactly the windows' area: a budget of it loads, one unit less is refused. A window of 200 m
     * (draw distance 60 m) is ceil(200 / 64) + 1 = 5 pages of 64 = 320 samples a side. */
    snprintf(json, sizeof json, BIG_STREAM, 3, "\"window\": 200", 60);
    const uint64_t work = 320u * 320u * 3u + 320u * 320u * 1u;
    sward_scene_budget b = {.work = work};
    sward_scene *s = NULL;
    sward_error err = {0};
    sward_result r = load_budget(json, &b, &s, &err);
    if (r != SWARD_OK) print_error("%s\n", err.message);
    assert_int_equal(r, SWARD_OK);
    assert_int_equal(s->terrain.hf_ring, 320);
    assert_int_equal(s->terrain.map_ring, 320);
    assert_int_equal(world_load_work(s, s->terrain.map_res), work);
    sward_scene_destroy(s);
    b.work = work - 1;
    assert_int_equal(load_budget(json, &b, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_null(s);
    assert_non_null(strstr(err.message, "t.json: terrain.stream.window: the streamed windows of 320 x 320 samples x "
                                        "3 octaves of fBm is 307200 units of work, plus 102400 for the generated type "
                                        "map"));

    /* The windows' memory too: a budget below the rings refuses by terrain.stream.window. */
    b = (sward_scene_budget){.memory_bytes = 1u << 20};
    assert_int_equal(load_budget(json, &b, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "t.json: terrain.stream.window: the scene needs about"));
    assert_non_null(strstr(err.message, "height field window 320 x 320 (0.4 MiB)"));
}

/* `count` layers over one size x size grey PNG, render 16 x 16. */
static void layers_scene(char *json, size_t cap, const char *png, int count)
{
    int n = snprintf(json, cap, "{\"terrain\": {\"size\": 64, \"resolution\": 33, \"layers\": [{\"name\": \"base\"}");
    for (int l = 1; l < count + 1; l++)
        n += snprintf(json + n, cap - (size_t)n, ", {\"name\": \"l%d\", \"opacity\": {\"image\": \"%s\"}}", l, png);
    snprintf(json + n, cap - (size_t)n,
             "]}, \"grass\": [{}], \"render\": {\"width\": 16, \"height\": 16},"
             " \"camera\": {\"position\": [0, 2, 0], \"target\": [1, 0, 1]}}");
}

static void test_layer_images_memory(void **state)
{
    (void)state;
    const uint32_t side = 512; /* 1 MiB of floats a layer */
    uint16_t *v = calloc((size_t)side * side, sizeof *v);
    assert_non_null(v);
    static char png[512];
    tmp_path(png, sizeof png, "layer.png");
    write_grey_png(png, side, side, 8, v);
    free(v);
    unlink_on_exit = png;

    /* What the scene holds without the layers' images, plus 8 MiB: 4 layers fit, 15 do not. */
    static char json[8192];
    layers_scene(json, sizeof json, png, 0);
    sward_scene *s = expect_ok(json);
    const uint64_t base = world_memory_bytes(s, s->terrain.resolution, s->terrain.map_res, 16, 16);
    sward_scene_destroy(s);
    sward_scene_budget b = {.memory_bytes = base + (8u << 20)};
    sward_error err = {0};
    layers_scene(json, sizeof json, png, 4);
    sward_result r = load_budget(json, &b, &s, &err);
    if (r != SWARD_OK) print_error("%s\n", err.message);
    assert_int_equal(r, SWARD_OK);
    assert_int_equal(world_memory_bytes(s, s->terrain.resolution, s->terrain.map_res, 16, 16),
                     base + 4u * side * side * sizeof(float));
    sward_scene_destroy(s);

    layers_scene(json, sizeof json, png, 15);
    assert_int_equal(load_budget(json, &b, &s, &err), SWARD_ERROR_INVALID_INPUT);
    assert_null(s);
    /* The ninth image is the first over: 9 MiB of layers against 8 MiB to spare. */
    if (!strstr(err.message, "t.json: terrain.layers[1].opacity.image: the scene needs about"))
        print_error("%s\n", err.message);
    assert_non_null(strstr(err.message, "t.json: terrain.layers[1].opacity.image: the scene needs about"));
    assert_non_null(strstr(err.message, "blend layers 9 images and the material map (9.0 MiB)"));
    assert_non_null(strstr(err.message, "; use smaller or fewer layer images"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_streamed_fbm_work),
        cmocka_unit_test(test_layer_images_memory),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown);
}
