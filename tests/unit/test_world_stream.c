/* test_world_stream.c — streamed world data (BX5; src/world/stream.c, world_file.c, docs/world-format.md):
 * the baked world's round trip (every page equals the resident scene's samples; the world held whole equals the
 * resident scene), the ring windows against the resident arrays over random camera moves (every sample in a
 * window equals the resident one, presence set in the window and clear outside), for a baked and a generated
 * world, and the errors of corrupt, truncated or mismatched world files and of the scene fields. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "world/stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TMP_NAME "world_stream"
#include "tmp_util.h"
#include "stream_test_util.h"

/* 256 m at 1 m, 256 map texels, two types (one with patches), so the type map varies. */
#define TERRAIN_FBM                                                                                                    \
    "\"size\": 256, \"resolution\": 257, \"fbm\": {\"amplitude\": 8, \"wavelength\": 60, \"octaves\": 3}"
#define GRASS                                                                                                          \
    "\"grass\": [{\"name\": \"short\", \"density\": 4}, {\"name\": \"tall\", \"density\": 2, \"patches\": "            \
    "{\"scale\": 12, \"coverage\": 0.5}}], \"render\": {\"draw_distance\": 30, \"lod_distance\": 10}"

static sward_scene *load_ok(const char *json)
{
    sward_scene *s = NULL;
    sward_error err = {0};
    sward_result r = sward_scene_load_string(json, strlen(json), "t.json", NULL, &s, &err);
    if (r != SWARD_OK) print_error("%s\n", err.message);
    assert_int_equal(r, SWARD_OK);
    return s;
}

static void expect_error(const char *json, const char *want)
{
    sward_scene *s = NULL;
    sward_error err = {0};
    sward_result r = sward_scene_load_string(json, strlen(json), "t.json", NULL, &s, &err);
    if (r == SWARD_OK || !strstr(err.message, want)) print_error("expected \"%s\", got \"%s\"\n", want, err.message);
    assert_int_not_equal(r, SWARD_OK);
    assert_null(s);
    assert_non_null(strstr(err.message, want));
}

static sward_scene *resident(void)
{
    return load_ok("{\"terrain\": {" TERRAIN_FBM "}, " GRASS "}");
}

/* Bakes the resident scene into tmp/NAME with pages of `page`. */
static void bake(const char *name, int page, char *dir, size_t cap)
{
    tmp_path(dir, cap, name);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    assert_int_equal(system(cmd), 0);
    sward_scene *s = resident();
    sward_error err = {0};
    assert_int_equal(world_bake(s, dir, page, &err), SWARD_OK);
    sward_scene_destroy(s);
}

static sward_scene *load_world(const char *dir, const char *stream)
{
    char json[2048];
    snprintf(json, sizeof json, "{\"terrain\": {\"world\": \"%s\"%s%s}, " GRASS "}", dir,
             stream ? ", \"stream\": " : "", stream ? stream : "");
    return load_ok(json);
}

static void test_round_trip(void **state)
{
    (void)state;
    char dir[512];
    bake("rt", 32, dir, sizeof dir);
    sward_scene *a = resident();
    world_file_info info;
    sward_error err = {0};
    assert_int_equal(world_file_read_info(dir, &info, &err), SWARD_OK);
    assert_int_equal(info.resolution, 257);
    assert_int_equal(info.map_res, 256);
    assert_int_equal(info.page, 32);
    assert_int_equal(info.type_count, 2);
    assert_string_equal(info.type_names[1], "tall");
    assert_true(info.height_min == a->terrain.min_y && info.height_max == a->terrain.max_y);
    /* Held whole ("stream": false): the resident arrays, sample for sample. */
    sward_scene *b = load_world(dir, "false");
    assert_null(b->terrain.stream);
    assert_int_equal(b->terrain.resolution, 257);
    assert_memory_equal(a->terrain.heights, b->terrain.heights, 257u * 257u * sizeof(float));
    assert_memory_equal(a->terrain.types, b->terrain.types, 256u * 256u);
    assert_memory_equal(a->terrain.grass_height, b->terrain.grass_height, 256u * 256u * sizeof(float));
    assert_memory_equal(a->terrain.type_presence, b->terrain.type_presence, 32u * 32u * sizeof(uint16_t));
    int kinds[2] = {0, 0};
    for (size_t k = 0; k < 256u * 256u; k++)
        kinds[a->terrain.types[k] & 1]++;
    assert_true(kinds[0] > 0 && kinds[1] > 0); /* both types occur: the comparison means something */
    sward_scene_destroy(b);
    sward_scene_destroy(a);
}


static void random_moves(sward_scene *a, sward_scene *b)
{
    const world_stream *st = b->terrain.stream;
    assert_non_null(st);
    assert_true(b->terrain.hf_ring < 257 && b->terrain.map_ring < 256); /* a real window, smaller than the world */
    const float *heights = b->terrain.heights;                          /* allocated once: constant memory */
    check_window(a, b);
    srand(7);
    int moved = 0;
    uint64_t gen = st->generation;
    for (int k = 0; k < 60; k++) {
        float x, z;
        if (k % 10 == 9) { /* a jump */
            x = (float)(rand() % 256) - 128.0f, z = (float)(rand() % 256) - 128.0f;
        } else { /* a walk */
            x = b->camera.position[0] + (float)(rand() % 31 - 15),
            z = b->camera.position[2] + (float)(rand() % 31 - 15);
        }
        b->camera.position[0] = x, b->camera.position[2] = z;
        sward_error err = {0};
        sward_result r;
        int hi = b->terrain.hf_i0, hj = b->terrain.hf_j0;
        bool m = world_stream_update(b, x, z, &err, &r);
        assert_int_equal(r, SWARD_OK);
        assert_int_equal(m, hi != b->terrain.hf_i0 || hj != b->terrain.hf_j0 || m);
        moved += m;
        check_window(a, b);
        /* the eye is within half a page (plus the world's edge) of the window's centre: the draw distance fits */
        assert_true(world_stream_holds(&b->terrain, x - 30.0, z - 30.0, x + 30.0, z + 30.0));
    }
    assert_true(moved >= 10);
    assert_int_equal(st->generation, gen + (uint64_t)moved);
    assert_ptr_equal(b->terrain.heights, heights);
    /* a box far outside the window is not held */
    const float far = b->camera.position[0] > 0.0f ? -120.0f : 120.0f;
    assert_false(world_stream_holds(&b->terrain, far - 1.0, -1.0, far + 1.0, 1.0));
}

static void test_window_baked(void **state)
{
    (void)state;
    char dir[512];
    bake("win", 16, dir, sizeof dir);
    sward_scene *a = resident();
    sward_scene *b = load_world(dir, "{\"window\": 80}");
    random_moves(a, b);
    sward_scene_destroy(b);
    sward_scene_destroy(a);
}

static void test_window_generated(void **state)
{
    (void)state;
    sward_scene *a = resident();
    sward_scene *b = load_ok("{\"terrain\": {" TERRAIN_FBM ", \"stream\": {\"window\": 80, \"page\": 16}}, " GRASS "}");
    assert_false(b->terrain.stream->from_disk);
    random_moves(a, b);
    sward_scene_destroy(b);
    sward_scene_destroy(a);
}

/* Rewrites 4 bytes at `at` of DIR/name. */
static void poke(const char *dir, const char *name, long at, uint32_t v)
{
    char p[600];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, at, SEEK_SET), 0);
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    assert_int_equal(fwrite(b, 1, 4, f), 4);
    fclose(f);
}

static void world_error(const char *dir, const char *want)
{
    char json[2048];
    snprintf(json, sizeof json, "{\"terrain\": {\"world\": \"%s\"}, " GRASS "}", dir);
    expect_error(json, want);
}

static void test_errors(void **state)
{
    (void)state;
    char dir[512], p[600], cmd[1300];
    /* truncated heights */
    bake("trunc", 32, dir, sizeof dir);
    snprintf(p, sizeof p, "%s/heights.bin", dir);
    assert_int_equal(truncate(p, 1000), 0);
    world_error(dir, "heights.bin: truncated: 1000 bytes, its 81 pages need 331808");
    assert_int_equal(truncate(p, 20), 0);
    world_error(dir, "heights.bin: truncated: shorter than its 32-byte header");
    /* bad magic, version, size mismatch */
    bake("magic", 32, dir, sizeof dir);
    poke(dir, "maps.bin", 0, 0x12345678u);
    world_error(dir, "maps.bin: bad magic: not a sward world page file");
    bake("version", 32, dir, sizeof dir);
    poke(dir, "heights.bin", 8, 7);
    world_error(dir, "heights.bin: version 7, this sward reads version 1");
    bake("mismatch", 32, dir, sizeof dir);
    poke(dir, "maps.bin", 20, 200);
    world_error(dir,
                "maps.bin: size mismatch: 8 pages of 32 samples over 200, but world.json gives 8 pages of 32 over 256");
    /* world.json: a missing folder, another format, another version, another side than the pages' */
    tmp_path(p, sizeof p, "nowhere");
    world_error(p, "nowhere: cannot read the world folder: No such file or directory");
    bake("json", 32, dir, sizeof dir);
    snprintf(cmd, sizeof cmd, "sed -i 's/\"sward-world\"/\"other\"/' '%s/world.json'", dir);
    assert_int_equal(system(cmd), 0);
    world_error(dir, "world.json: format: must be \"sward-world\", got \"other\"");
    bake("json2", 32, dir, sizeof dir);
    snprintf(cmd, sizeof cmd, "sed -i 's/\"version\":\\t1/\"version\":\\t2/' '%s/world.json'", dir);
    assert_int_equal(system(cmd), 0);
    world_error(dir, "world.json: version: this sward reads version 1, got 2");
    bake("json3", 32, dir, sizeof dir);
    snprintf(cmd, sizeof cmd, "sed -i 's/\"resolution\":\\t257/\"resolution\":\\t129/' '%s/world.json'", dir);
    assert_int_equal(system(cmd), 0);
    world_error(
        dir, "heights.bin: size mismatch: 9 pages of 32 samples over 257, but world.json gives 5 pages of 32 over 129");
    /* the scene against the world */
    bake("ok", 32, dir, sizeof dir);
    char json[2048];
    snprintf(json, sizeof json, "{\"terrain\": {\"world\": \"%s\", \"size\": 100}, " GRASS "}", dir);
    expect_error(json, "t.json: terrain.size: not allowed with terrain.world (the world's world.json gives it)");
    snprintf(json, sizeof json,
             "{\"terrain\": {\"world\": \"%s\"}, \"grass\": [{\"name\": \"short\"}, {\"name\": \"long\"}]}", dir);
    expect_error(json, "t.json: grass[1].name: must be \"tall\", type 1 of the world");
    snprintf(json, sizeof json, "{\"terrain\": {\"world\": \"%s\", \"stream\": {\"window\": 40}}, " GRASS "}", dir);
    expect_error(json, "t.json: terrain.stream.window: must cover 2 x the draw distance (30 m, the largest of "
                       "render.draw_distance and the assets') plus a page (32 m): at least 92 m, got 40");
    snprintf(json, sizeof json, "{\"terrain\": {\"world\": \"%s\", \"stream\": {\"page\": 64}}, " GRASS "}", dir);
    expect_error(json, "t.json: terrain.stream.page: the world");
    expect_error(
        "{\"terrain\": {\"size\": 64, \"resolution\": 65, \"heightmap\": {\"path\": \"h.png\"}, \"stream\": {}}, " GRASS
        "}",
        "t.json: terrain.resolution: not allowed with terrain.heightmap");
    expect_error("{\"terrain\": {\"type_map\": {\"path\": \"t.png\"}, \"stream\": {}}, " GRASS "}",
                 "t.json: terrain.type_map: not allowed with terrain.stream");
    expect_error("{\"terrain\": {" TERRAIN_FBM ", \"stream\": {\"page\": 40}}, " GRASS "}",
                 "t.json: terrain.stream.page: must be a multiple of 16, got 40");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_window_baked),
        cmocka_unit_test(test_window_generated),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
