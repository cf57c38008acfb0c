/* asset_test_util.h — the generated assets the asset tests check: every kind's default and a few other seeds,
 * sizes and options (test_generate.c, test_lod.c). */
#ifndef SWARD_ASSET_TEST_UTIL_H
#define SWARD_ASSET_TEST_UTIL_H

#include "assets/assets.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct at_case {
    const char *name;
    asset_gen_desc d;
    float height, width; /* what the defaults make of the desc */
} at_case;

static const at_case AT_CASES[] = {
    {"tree", {.kind = ASSET_KIND_TREE}, 9.0f, 5.4f},
    {"fern", {.kind = ASSET_KIND_PLANT}, 0.8f, 0.8f},
    {"bush", {.kind = ASSET_KIND_PLANT, .variant = ASSET_PLANT_BUSH}, 0.8f, 0.8f},
    {"flower", {.kind = ASSET_KIND_FLOWER}, 0.5f, 0.25f},
    {"rock", {.kind = ASSET_KIND_ROCK}, 0.6f, 0.9f},
    {"tree tall", {.kind = ASSET_KIND_TREE, .seed = 7, .height = 20.0f, .width = 8.0f}, 20.0f, 8.0f},
    {"tree 16 branches", {.kind = ASSET_KIND_TREE, .seed = 3, .branches = 16, .leaf_size = 0.3f}, 9.0f, 5.4f},
    {"tree 2 branches", {.kind = ASSET_KIND_TREE, .seed = 12345, .height = 4.0f, .branches = 2}, 4.0f, 2.4f},
    {"fern big", {.kind = ASSET_KIND_PLANT, .seed = 11, .height = 1.5f, .branches = 16}, 1.5f, 1.5f},
    {"bush small", {.kind = ASSET_KIND_PLANT, .variant = 1, .seed = 5, .height = 0.4f, .width = 0.9f}, 0.4f, 0.9f},
    {"flower single", {.kind = ASSET_KIND_FLOWER, .seed = 9, .branches = 1}, 0.5f, 0.25f},
    {"flower clump", {.kind = ASSET_KIND_FLOWER, .seed = 2, .branches = 12, .height = 0.3f}, 0.3f, 0.15f},
    {"rock big", {.kind = ASSET_KIND_ROCK, .seed = 4, .height = 2.0f, .width = 1.0f}, 2.0f, 1.0f},
};
#define AT_CASE_COUNT (sizeof AT_CASES / sizeof AT_CASES[0])

static inline asset_chain at_generate(const at_case *c)
{
    asset_chain ch;
    sward_error err = {0};
    sward_result r = asset_generate(&c->d, &ch, &err);
    if (r != SWARD_OK) fprintf(stderr, "%s: %s\n", c->name, err.message);
    assert_int_equal(r, SWARD_OK);
    return ch;
}

static inline float at_len3(const float *a)
{
    return sqrtf(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
}

static inline float at_dist3(const float *a, const float *b)
{
    float d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    return at_len3(d);
}

/* Triangles of m that are part of the mesh (not the billboard). */
static inline uint32_t at_mesh_tris(const asset_mesh *m)
{
    return asset_mesh_billboard_first(m) / 3u;
}

#endif
