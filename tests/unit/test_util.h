/* test_util.h — scenes built in memory for the unit tests, independent of the scene loader. */
#ifndef SWARD_TEST_UTIL_H
#define SWARD_TEST_UTIL_H

#include "world/world.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Rolling terrain with a slope, so heights differ in both directions. */
static inline float tu_height_fn(float x, float z)
{
    return 2.0f * sinf(0.05f * x) + 1.5f * cosf(0.07f * z) + 0.01f * x;
}

static inline world_material tu_material(float density)
{
    world_material m;
    memset(&m, 0, sizeof m);
    strcpy(m.name, "grass");
    m.density = density;
    m.height[0] = 0.3f;
    m.height[1] = 0.8f;
    m.width[0] = 0.004f;
    m.width[1] = 0.012f;
    m.root_color[0] = 0.05f, m.root_color[1] = 0.2f, m.root_color[2] = 0.02f;
    m.tip_color[0] = 0.3f, m.tip_color[1] = 0.6f, m.tip_color[2] = 0.1f;
    m.stiffness = 0.3f;
    m.bend = 0.4f;
    m.translucency = 0.5f;
    m.patch_scale = 0.0f;
    m.patch_coverage = 1.0f;
    return m;
}

/* A size x size terrain centred on the origin with res samples per side and one material of `density`. */
static inline sward_scene *tu_scene(float size, int res, float density)
{
    sward_scene *s = calloc(1, sizeof *s);
    if (!s) abort();
    strcpy(s->name, "<test>");
    world_terrain *t = &s->terrain;
    t->size = size;
    t->resolution = res;
    t->heights = malloc(sizeof(float) * (size_t)res * (size_t)res);
    if (!t->heights) abort();
    float cell = size / (float)(res - 1);
    t->min_y = INFINITY;
    t->max_y = -INFINITY;
    for (int j = 0; j < res; j++) {
        for (int i = 0; i < res; i++) {
            float h = tu_height_fn(-0.5f * size + (float)i * cell, -0.5f * size + (float)j * cell);
            t->heights[(size_t)j * (size_t)res + (size_t)i] = h;
            t->min_y = fminf(t->min_y, h);
            t->max_y = fmaxf(t->max_y, h);
        }
    }
    s->materials[0] = tu_material(density);
    s->material_count = 1;
    s->wind.direction[0] = 0.8f;
    s->wind.direction[1] = 0.6f;
    s->wind.speed = 5.0f;
    s->wind.gust_scale = 20.0f;
    s->wind.gust_speed = 3.0f;
    world_wind_field_defaults(&s->wind);
    s->render.settings.seed = 1234u;
    s->render.settings.time = 0.0f;
    s->render.draw_distance = 60.0f;
    s->render.lod_distance = 20.0f;
    return s;
}

static inline void tu_scene_free(sward_scene *s)
{
    if (!s) return;
    free(s->terrain.heights);
    free(s->terrain.types);
    free(s->terrain.grass_height);
    free(s->terrain.type_presence);
    free(s);
}

#endif
