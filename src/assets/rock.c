/* rock.c — rocks for the generator (SPEC AS1): an icosphere subdivided three times (1280 triangles), its radius
 * displaced by a few seeded sines of the direction, squashed, with a flat base, fitted to the desc's height and
 * width. No wind (level trunk, gradient 0); AO darker near the ground and in hollows. Its LODs are simplified
 * (lod.c). */
#include "assets/parts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ROCK_SUBDIV 3
#define ROCK_VERTS 642u  /* 10 x 4^3 + 2 */
#define ROCK_TRIS 1280u  /* 20 x 4^3 */
#define ROCK_EDGES 1920u /* 30 x 4^3 */

typedef struct rock_build {
    float p[ROCK_VERTS][3];
    uint32_t tri[ROCK_TRIS][3];
    uint32_t edge[ROCK_EDGES][3]; /* a < b, midpoint vertex */
    uint32_t vn, tn, en;
} rock_build;

static uint32_t rock_vertex(rock_build *r, float x, float y, float z)
{
    float l = sqrtf(x * x + y * y + z * z);
    r->p[r->vn][0] = x / l;
    r->p[r->vn][1] = y / l;
    r->p[r->vn][2] = z / l;
    return r->vn++;
}

/* The vertex halfway along edge a-b on the sphere, made once per edge (the edges of the level before). */
static uint32_t midpoint(rock_build *r, uint32_t a, uint32_t b)
{
    uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
    for (uint32_t i = 0; i < r->en; i++)
        if (r->edge[i][0] == lo && r->edge[i][1] == hi) return r->edge[i][2];
    uint32_t m = rock_vertex(r, r->p[a][0] + r->p[b][0], r->p[a][1] + r->p[b][1], r->p[a][2] + r->p[b][2]);
    r->edge[r->en][0] = lo;
    r->edge[r->en][1] = hi;
    r->edge[r->en][2] = m;
    r->en++;
    return m;
}

static void icosphere(rock_build *r)
{
    float t = (1.0f + sqrtf(5.0f)) * 0.5f;
    static const int8_t v[12][3] = {{-1, 1, 0},  {1, 1, 0},  {-1, -1, 0}, {1, -1, 0}, {0, -1, 1},  {0, 1, 1},
                                    {0, -1, -1}, {0, 1, -1}, {1, 0, -1},  {1, 0, 1},  {-1, 0, -1}, {-1, 0, 1}};
    static const uint8_t f[20][3] = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                                     {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                                     {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                                     {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
    for (int i = 0; i < 12; i++) {
        /* the golden rectangles: the coordinates of magnitude 1 stay, the others are t */
        float c[3];
        for (int k = 0; k < 3; k++)
            c[k] = (float)v[i][k] * (k == (i < 4 ? 1 : i < 8 ? 2 : 0) ? t : 1.0f);
        rock_vertex(r, c[0], c[1], c[2]);
    }
    for (int i = 0; i < 20; i++)
        for (int k = 0; k < 3; k++)
            r->tri[i][k] = f[i][k];
    r->tn = 20;
    for (int level = 0; level < ROCK_SUBDIV; level++) {
        uint32_t old[ROCK_TRIS][3], n = r->tn;
        memcpy(old, r->tri, n * sizeof old[0]);
        r->en = 0;
        r->tn = 0;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t a = old[i][0], b = old[i][1], c = old[i][2];
            uint32_t ab = midpoint(r, a, b), bc = midpoint(r, b, c), ca = midpoint(r, c, a);
            uint32_t sub[4][3] = {{a, ab, ca}, {b, bc, ab}, {c, ca, bc}, {ab, bc, ca}};
            memcpy(r->tri[r->tn], sub, sizeof sub);
            r->tn += 4;
        }
    }
}

/* The rock's radius in direction p: 1 plus a few seeded sines of the direction (lumps, not noise). */
static float rock_radius(const float *p, const float (*dir)[3], const float *phase, int waves)
{
    float r = 1.0f;
    for (int k = 0; k < waves; k++) {
        float d = p[0] * dir[k][0] + p[1] * dir[k][1] + p[2] * dir[k][2];
        r += 0.14f / (1.0f + 0.8f * (float)k) * sinf((1.5f + 1.3f * (float)k) * d + phase[k]);
    }
    return r;
}

/* Area-weighted face normals summed per vertex. */
static void rock_normals(asset_mesh *m)
{
    for (uint32_t i = 0; i < m->vertex_count; i++)
        memset(m->vertices[i].normal, 0, sizeof m->vertices[i].normal);
    for (uint32_t t = 0; t < m->index_count; t += 3) {
        float *a = m->vertices[m->indices[t]].pos, *b = m->vertices[m->indices[t + 1]].pos,
              *c = m->vertices[m->indices[t + 2]].pos;
        float e[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, g[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        float n[3] = {e[1] * g[2] - e[2] * g[1], e[2] * g[0] - e[0] * g[2], e[0] * g[1] - e[1] * g[0]};
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 3; j++)
                m->vertices[m->indices[t + (uint32_t)k]].normal[j] += n[j];
    }
    for (uint32_t i = 0; i < m->vertex_count; i++) {
        float *n = m->vertices[i].normal, l = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        for (int j = 0; j < 3; j++)
            n[j] = l > 0.0f ? n[j] / l : (j == 1 ? 1.0f : 0.0f);
    }
}

sward_result assets_gen_rock(const asset_gen_desc *d, assets_parts *out, sward_error *err)
{
    memset(out, 0, sizeof *out);
    rock_build *r = calloc(1, sizeof *r);
    asset_vertex *v = malloc(ROCK_VERTS * sizeof *v);
    uint32_t *idx = malloc(ROCK_TRIS * 3u * sizeof *idx);
    out->card_vfirst = calloc(1, sizeof *out->card_vfirst);
    out->card_ifirst = calloc(1, sizeof *out->card_ifirst);
    if (!r || !v || !idx || !out->card_vfirst || !out->card_ifirst) {
        free(r);
        free(v);
        free(idx);
        assets_parts_free(out);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "asset: out of memory generating a rock");
    }
    icosphere(r);
    assets_rng rng = {((uint64_t)d->seed << 8 | ASSET_KIND_ROCK) * 0x9e3779b97f4a7c15ull + 1u};
    float dir[5][3], phase[5];
    for (int k = 0; k < 5; k++) {
        float a = assets_rng_range(&rng, 0, 6.2831853f), z = assets_rng_range(&rng, -1, 1), s = sqrtf(1 - z * z);
        dir[k][0] = s * cosf(a);
        dir[k][1] = z;
        dir[k][2] = s * sinf(a);
        phase[k] = assets_rng_range(&rng, 0, 6.2831853f);
    }
    float radius = 1e-6f, top = 1e-6f, rsum = 0.0f, rad[ROCK_VERTS];
    for (uint32_t i = 0; i < r->vn; i++) {
        rad[i] = rock_radius(r->p[i], (const float(*)[3])dir, phase, 5);
        rsum += rad[i];
        /* squashed, and the part below -0.35 cut flat: the base sits on (and a little in) the ground */
        float y = fmaxf(r->p[i][1] * rad[i] * 0.75f, -0.35f) + 0.35f;
        memset(&v[i], 0, sizeof v[i]);
        v[i].pos[0] = r->p[i][0] * rad[i];
        v[i].pos[1] = y;
        v[i].pos[2] = r->p[i][2] * rad[i];
        radius = fmaxf(radius, hypotf(v[i].pos[0], v[i].pos[2]));
        top = fmaxf(top, y);
    }
    float sx = 0.5f * d->width / radius, sy = d->height / top, mean = rsum / (float)r->vn;
    for (uint32_t i = 0; i < r->vn; i++) {
        v[i].pos[0] *= sx;
        v[i].pos[1] *= sy;
        v[i].pos[2] *= sx;
        v[i].uv[0] = 0.5f * fminf(fmaxf(v[i].pos[0] / d->width + 0.5f, 0.0f), 1.0f);
        v[i].uv[1] = fminf(fmaxf(v[i].pos[2] / d->width + 0.5f, 0.0f), 1.0f);
        float ground = 0.55f + 0.45f * fminf(v[i].pos[1] / (0.3f * d->height), 1.0f);
        float hollow = fminf(fmaxf(0.75f + 1.5f * (rad[i] - mean), 0.5f), 1.0f);
        v[i].ao = ground * hollow;
        v[i].level = ASSET_LEVEL_TRUNK;
        v[i].surface = ASSET_SURFACE_BARK;
    }
    memcpy(idx, r->tri, ROCK_TRIS * 3u * sizeof *idx);
    out->wood = (asset_mesh){.vertices = v, .vertex_count = r->vn, .indices = idx, .index_count = r->tn * 3u};
    rock_normals(&out->wood);
    free(r);
    return SWARD_OK;
}
