/* The scene's "flight" (SPEC BX5, src/world/scene_flight.c): the camera path of `sward bench`'s flight. Linear
 * between keys, a cut key teleports (the shot before holds its last key), heights above the terrain with
 * above_ground, frames = round(length x fps); every bad field is refused with its path. */
#include "scene_test_util.h"

/* A flat terrain (amplitude 0 is not allowed: a low, long one) keeps heights near 0 where it matters. */
#define FLIGHT(body) SCENE(", \"flight\": " body)

static void assert_vec(const float *v, double x, double y, double z)
{
    if (fabs(v[0] - x) > 1e-4 || fabs(v[1] - y) > 1e-4 || fabs(v[2] - z) > 1e-4)
        print_error("got (%g, %g, %g), want (%g, %g, %g)\n", (double)v[0], (double)v[1], (double)v[2], x, y, z);
    assert_true(fabs(v[0] - x) <= 1e-4 && fabs(v[1] - y) <= 1e-4 && fabs(v[2] - z) <= 1e-4);
}

static sward_flight_frame frame_of(const sward_scene *s, uint32_t k)
{
    sward_flight_frame f;
    sward_error err = {0};
    assert_int_equal(sward_scene_flight_frame(s, k, &f, &err), SWARD_OK);
    return f;
}

static void test_info(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(FLIGHT("{\"keys\": [{\"time\": 0, \"eye\": [0, 2, 0], \"target\": [5, 1, 5]},"
                                      "{\"time\": 1.5, \"eye\": [3, 2, 0], \"target\": [8, 1, 5]},"
                                      "{\"time\": 2, \"eye\": [30, 2, 0], \"target\": [35, 1, 5], \"cut\": true}]}"));
    sward_flight f = sward_scene_flight(s);
    assert_int_equal(f.frames, 60); /* 2 s x the default 30 fps */
    assert_true(f.fps == 30.0f);
    assert_true(f.length == 2.0f);
    assert_int_equal(f.keys, 3);
    assert_int_equal(f.cuts, 1);
    sward_error err = {0};
    sward_flight_frame fr;
    assert_int_equal(sward_scene_flight_frame(s, 60, &fr, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "flight frame 60 does not exist (the flight has 60)"));
    sward_scene_destroy(s);

    /* no flight */
    s = expect_ok(SCENE(""));
    assert_int_equal(sward_scene_flight(s).frames, 0);
    assert_int_equal(sward_scene_flight_frame(s, 0, &fr, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "the scene has no flight"));
    sward_scene_destroy(s);
}

/* Absolute heights (above_ground false) high over the terrain: eye and target are the keys' lerp. */
static void test_linear(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(FLIGHT("{\"fps\": 10, \"above_ground\": false, \"keys\": ["
                                      "{\"time\": 0, \"eye\": [0, 500, 0], \"target\": [10, 500, 10]},"
                                      "{\"time\": 1, \"eye\": [10, 600, -20], \"target\": [30, 400, 10]}]}"));
    assert_int_equal(sward_scene_flight(s).frames, 10);
    sward_flight_frame f = frame_of(s, 0);
    assert_vec(f.eye, 0, 500, 0);
    assert_false(f.cut);
    f = frame_of(s, 5);
    assert_true(fabs(f.time - 0.5) < 1e-6);
    assert_vec(f.eye, 5, 550, -10);
    assert_vec(f.target, 20, 450, 10);
    f = frame_of(s, 9);
    assert_vec(f.eye, 9, 590, -18);
    sward_scene_destroy(s);
}

/* A cut: the shot before it holds its last key, the frame at the cut's time jumps and is flagged, once. */
static void test_cut(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(FLIGHT("{\"fps\": 10, \"above_ground\": false, \"keys\": ["
                                      "{\"time\": 0, \"eye\": [0, 500, 0], \"target\": [10, 500, 0]},"
                                      "{\"time\": 1, \"eye\": [10, 500, 0], \"target\": [20, 500, 0]},"
                                      "{\"time\": 2, \"eye\": [-50, 520, 40], \"target\": [-40, 520, 40], \"cut\": true},"
                                      "{\"time\": 3, \"eye\": [-40, 520, 40], \"target\": [-30, 520, 40]}]}"));
    int cuts = 0;
    for (uint32_t k = 0; k < 30; k++) cuts += frame_of(s, k).cut;
    assert_int_equal(cuts, 1);
    sward_flight_frame f = frame_of(s, 15); /* between key 1 and the cut: held at key 1 */
    assert_vec(f.eye, 10, 500, 0);
    assert_false(f.cut);
    f = frame_of(s, 19);
    assert_vec(f.eye, 10, 500, 0);
    f = frame_of(s, 20);
    assert_true(f.cut);
    assert_vec(f.eye, -50, 520, 40);
    assert_vec(f.target, -40, 520, 40);
    f = frame_of(s, 25);
    assert_false(f.cut);
    assert_vec(f.eye, -45, 520, 40);
    sward_scene_destroy(s);

    /* a cut between two frames' times flags the later frame */
    s = expect_ok(FLIGHT("{\"fps\": 10, \"above_ground\": false, \"keys\": ["
                         "{\"time\": 0, \"eye\": [0, 500, 0], \"target\": [10, 500, 0]},"
                         "{\"time\": 0.43, \"eye\": [50, 500, 0], \"target\": [60, 500, 0], \"cut\": true},"
                         "{\"time\": 1, \"eye\": [60, 500, 0], \"target\": [70, 500, 0]}]}"));
    assert_false(frame_of(s, 4).cut);
    assert_true(frame_of(s, 5).cut);
    assert_false(frame_of(s, 6).cut);
    sward_scene_destroy(s);
}

static void test_above_ground(void **state)
{
    (void)state;
    sward_scene *s = expect_ok(FLIGHT("{\"keys\": [{\"time\": 0, \"eye\": [3, 2, -7], \"target\": [10, 0.5, 4]},"
                                      "{\"time\": 1, \"eye\": [3, 2, -5], \"target\": [10, 0.5, 6]}]}"));
    sward_flight_frame f = frame_of(s, 0);
    assert_vec(f.eye, 3, 2.0 + world_terrain_height(&s->terrain, 3.0f, -7.0f), -7);
    assert_vec(f.target, 10, 0.5 + world_terrain_height(&s->terrain, 10.0f, 4.0f), 4);
    sward_scene_destroy(s);
}

#define K0 "{\"time\": 0, \"eye\": [0, 2, 0], \"target\": [5, 1, 5]}"
#define K1 "{\"time\": 1, \"eye\": [3, 2, 0], \"target\": [8, 1, 5]}"

static void test_errors(void **state)
{
    (void)state;
    expect_error(FLIGHT("[]"), "t.json: flight: expected an object, got an array");
    expect_error(FLIGHT("{\"keys\": [" K0 "," K1 "], \"speed\": 3}"), "t.json: flight.speed: unknown field");
    expect_error(FLIGHT("{}"), "flight.keys: missing required field (an array of 2 to 256 keys)");
    expect_error(FLIGHT("{\"keys\": {}}"), "flight.keys: expected an array, got an object");
    expect_error(FLIGHT("{\"keys\": [" K0 "]}"), "flight.keys: must have 2 to 256 keys, got 1");
    expect_error(FLIGHT("{\"keys\": [" K0 ", 3]}"), "flight.keys[1]: expected an object {time, eye, target, cut}, got a number");
    expect_error(FLIGHT("{\"keys\": [" K0 ", {\"eye\": [0, 2, 0], \"target\": [1, 1, 1]}]}"),
                 "flight.keys[1].time: missing required field");
    expect_error(FLIGHT("{\"keys\": [" K0 ", {\"time\": 1, \"target\": [1, 1, 1]}]}"),
                 "flight.keys[1].eye: missing required field");
    expect_error(FLIGHT("{\"keys\": [" K0 ", {\"time\": 1, \"eye\": [1, 1, 1]}]}"),
                 "flight.keys[1].target: missing required field");
    expect_error(FLIGHT("{\"keys\": [" K0 ", {\"time\": 1, \"eye\": [1, 1], \"target\": [1, 1, 1]}]}"),
                 "flight.keys[1].eye");
    expect_error(FLIGHT("{\"keys\": [" K0 ", {\"time\": 1, \"eye\": [1, 1, 1], \"target\": [1, 1, 1], \"roll\": 0}]}"),
                 "flight.keys[1].roll: unknown field");
    expect_error(FLIGHT("{\"keys\": [" K1 "," K0 "]}"), "flight.keys[1].time: times must increase: 0 after 1");
    expect_error(FLIGHT("{\"keys\": [" K0 "," K0 "]}"), "flight.keys[1].time: times must increase: 0 after 0");
    expect_error(FLIGHT("{\"keys\": [" K0 ", {\"time\": -1, \"eye\": [1, 1, 1], \"target\": [1, 1, 1]}]}"),
                 "flight.keys[1].time: must be >= 0, got -1");
    expect_error(FLIGHT("{\"keys\": [{\"time\": 0, \"eye\": [0, 2, 0], \"target\": [5, 1, 5], \"cut\": true}," K1 "]}"),
                 "flight.keys[0].cut: the first key cannot be a cut");
    expect_error(FLIGHT("{\"keys\": [" K0 ", {\"time\": 1, \"eye\": [1, 1, 1], \"target\": [2, 1, 1], \"cut\": 1}]}"),
                 "flight.keys[1].cut: expected true or false, got a number");
    expect_error(FLIGHT("{\"fps\": 0, \"keys\": [" K0 "," K1 "]}"), "flight.fps: must be > 0, got 0");
    expect_error(FLIGHT("{\"fps\": 241, \"keys\": [" K0 "," K1 "]}"), "flight.fps: must be <= 240, got 241");
    expect_error(FLIGHT("{\"above_ground\": 1, \"keys\": [" K0 "," K1 "]}"),
                 "flight.above_ground: expected true or false, got a number");
    expect_error(FLIGHT("{\"keys\": [" K0 ", {\"time\": 1, \"eye\": [1, -1, 1], \"target\": [2, 1, 1]}]}"),
                 "flight.keys[1].eye[1]: must be >= 0 with flight.above_ground");
    expect_error(FLIGHT("{\"fps\": 240, \"keys\": [" K0 ", {\"time\": 1000, \"eye\": [1, 1, 1], \"target\": [2, 1, 1]}]}"),
                 "flight.keys[1].time: the flight's length (the last key's time, 1000 s) x flight.fps (240) gives "
                 "240000 frames, must be 1 to 100000");
    expect_error(FLIGHT("{\"fps\": 1, \"keys\": [" K0 ", {\"time\": 0.2, \"eye\": [1, 1, 1], \"target\": [2, 1, 1]}]}"),
                 "gives 0 frames, must be 1 to 100000");
    /* every frame's view, after the terrain is built */
    expect_error(FLIGHT("{\"fps\": 10, \"keys\": [{\"time\": 0, \"eye\": [0, 2, 0], \"target\": [10, 2, 10]},"
                        "{\"time\": 1, \"eye\": [10, 2, 10], \"target\": [0, 2, 0]}]}"),
                 "flight.keys[0]: at frame 5 (t = 0.5 s) the target is the eye");
    expect_error(FLIGHT("{\"keys\": [{\"time\": 0, \"eye\": [0, 2, 0], \"target\": [0, 9, 0]}," K1 "]}"),
                 "flight.keys[0]: at frame 0 (t = 0 s) the target is straight above or below the eye");
    expect_error(FLIGHT("{\"above_ground\": false, \"keys\": [{\"time\": 0, \"eye\": [0, 500, 0], \"target\": [5, 1, 5]},"
                        "{\"time\": 1, \"eye\": [3, -400, 0], \"target\": [8, 1, 5]}]}"),
                 "the eye is below the terrain");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_info), cmocka_unit_test(test_linear), cmocka_unit_test(test_cut),
        cmocka_unit_test(test_above_ground), cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
