/* import.c — mesh import (SPEC AS1, "mesh import with the same vertex convention"): glTF 2.0 and OBJ through
 * assimp's C API, every mesh of every node merged with its node transform, converted to assets.h's vertex
 * convention, with the wind data (HZD GA6, 003's GA9) read from the file or derived from the geometry. The
 * conventions are docs/import.md's. A build without assimp (SWARD_ASSIMP=OFF, the bundle) keeps the entry
 * points and refuses every file, so callers need no #ifdef. */
#define _XOPEN_SOURCE 700 /* POSIX 2008 */
#include "assets/parts.h"

#include <string.h>

/* The extension, lower-cased into ext (cap bytes): "" when there is none. */
static void lower_ext(const char *path, char *ext, size_t cap)
{
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    ext[0] = '\0';
    if (!dot || (slash && dot < slash) || strlen(dot + 1) >= cap) return;
    size_t i = 0;
    for (const char *c = dot + 1; *c; c++) ext[i++] = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    ext[i] = '\0';
}

/* Checks what needs no file: the desc's values and the extension. */
static sward_result check_request(const char *path, const asset_import_desc *d, char *ext, size_t cap,
                                  sward_error *err)
{
    /* written so that NaN fails every comparison and is refused */
    if (d && !(d->scale == 0.0f || (d->scale > 0.0f && d->scale <= 1e6f)))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: import scale %g is not a positive number (at most 1e6)",
                         path, (double)d->scale);
    if (d && !(d->trunk_radius >= 0.0f && d->trunk_radius <= 1e6f))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: import trunk_radius %g is not a number >= 0 m", path,
                         (double)d->trunk_radius);
    lower_ext(path, ext, cap);
    if (strcmp(ext, "gltf") != 0 && strcmp(ext, "glb") != 0 && strcmp(ext, "obj") != 0)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: unknown mesh file extension '%s%s' (expected .gltf, .glb or .obj)", path,
                         ext[0] ? "." : "", ext);
    return SWARD_OK;
}

#ifndef SWARD_HAVE_ASSIMP

bool asset_import_available(void) { return false; }

sward_result asset_import(const char *path, const asset_import_desc *d, asset_mesh *out, sward_error *err)
{
    memset(out, 0, sizeof *out);
    char ext[8];
    sward_result r = check_request(path, d, ext, sizeof ext, err); /* the same answers as with assimp */
    if (r != SWARD_OK) return r;
    return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: this build of sward has no mesh import (built without assimp)",
                     path);
}

#else

#include "shared/sw_hash.h"

#include <assimp/cimport.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <math.h>
#include <stdlib.h>

/* node hierarchy: deeper is refused. A glTF's is checked before assimp reads it (gltf_check.c: its import recurses
 * per level); here an aiScene's root is level 0, under it the file's roots (or the file's single root is it) */
#define IMPORT_MAX_DEPTH ASSETS_MAX_NODE_DEPTH
#define IMPORT_MAX_INSTANCES 65536u       /* mesh instances (a mesh used by N nodes counts N times) */
#define IMPORT_MAX_EXTENT 1e5f           /* m from the origin: a plant is not 100 km wide (and r, r^2 stay finite) */

bool asset_import_available(void) { return true; }

/* ---- node traversal ---- */

typedef struct instance {
    const struct aiMesh *mesh;
    float m[12];     /* row-major 3x4: the node's accumulated transform */
    float n[9];      /* row-major 3x3: the normals' matrix (the inverse transpose, up to a positive factor) */
    float uniform;   /* cbrt |det|: how distances along the mesh scale */
    bool flip;       /* det < 0: the winding flips, so triangles are reordered to stay counter-clockwise */
} instance;

typedef struct walk {
    instance *items;
    uint32_t count, cap;
    uint64_t vertices, triangles;
} walk;

static void mat_mul(const struct aiMatrix4x4 *a, const struct aiMatrix4x4 *b, struct aiMatrix4x4 *o)
{
    const float *x = &a->a1, *y = &b->a1; /* aiMatrix4x4 is 16 floats, row-major (a1 a2 a3 a4 b1 ...) */
    float r[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            r[i * 4 + j] = x[i * 4] * y[j] + x[i * 4 + 1] * y[4 + j] + x[i * 4 + 2] * y[8 + j] + x[i * 4 + 3] * y[12 + j];
    memcpy(&o->a1, r, sizeof r);
}

static void make_instance(instance *in, const struct aiMesh *mesh, const struct aiMatrix4x4 *t)
{
    const float *a = &t->a1;
    in->mesh = mesh;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++) in->m[i * 4 + j] = a[i * 4 + j];
    /* The cofactor matrix is det x the inverse transpose: the normals' direction without a division, defined
     * even for a singular transform; multiplied by the sign of det so a mirroring keeps normals outward. */
    const float *m = in->m;
#define M(r, c) m[(r) * 4 + (c)]
    float c[9] = {
        M(1, 1) * M(2, 2) - M(1, 2) * M(2, 1), M(1, 2) * M(2, 0) - M(1, 0) * M(2, 2), M(1, 0) * M(2, 1) - M(1, 1) * M(2, 0),
        M(0, 2) * M(2, 1) - M(0, 1) * M(2, 2), M(0, 0) * M(2, 2) - M(0, 2) * M(2, 0), M(0, 1) * M(2, 0) - M(0, 0) * M(2, 1),
        M(0, 1) * M(1, 2) - M(0, 2) * M(1, 1), M(0, 2) * M(1, 0) - M(0, 0) * M(1, 2), M(0, 0) * M(1, 1) - M(0, 1) * M(1, 0),
    };
    float det = M(0, 0) * c[0] + M(0, 1) * c[1] + M(0, 2) * c[2];
#undef M
    float s = det < 0.0f ? -1.0f : 1.0f;
    for (int i = 0; i < 9; i++) in->n[i] = s * c[i];
    in->uniform = cbrtf(fabsf(det));
    in->flip = det < 0.0f;
}

static sward_result walk_node(const char *path, const struct aiScene *sc, const struct aiNode *node,
                              const struct aiMatrix4x4 *parent, uint32_t depth, walk *w, sward_error *err)
{
    if (depth > IMPORT_MAX_DEPTH)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: the node hierarchy is deeper than %u levels", path,
                         IMPORT_MAX_DEPTH);
    struct aiMatrix4x4 t;
    mat_mul(parent, &node->mTransformation, &t);
    for (unsigned k = 0; k < node->mNumMeshes; k++) {
        unsigned mi = node->mMeshes[k];
        if (mi >= sc->mNumMeshes || !sc->mMeshes[mi])
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: node '%s' names mesh %u of %u", path,
                             node->mName.data, mi, sc->mNumMeshes);
        if (w->count == IMPORT_MAX_INSTANCES)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: more than %u mesh instances", path,
                             IMPORT_MAX_INSTANCES);
        if (w->count == w->cap) {
            uint32_t cap = w->cap ? 2 * w->cap : 16;
            instance *grown = realloc(w->items, cap * sizeof *grown);
            if (!grown) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
            w->items = grown;
            w->cap = cap;
        }
        const struct aiMesh *mesh = sc->mMeshes[mi];
        make_instance(&w->items[w->count++], mesh, &t);
        w->vertices += mesh->mNumVertices;
        for (unsigned f = 0; f < mesh->mNumFaces; f++) w->triangles += mesh->mFaces[f].mNumIndices == 3;
    }
    for (unsigned k = 0; k < node->mNumChildren; k++) {
        sward_result r = walk_node(path, sc, node->mChildren[k], &t, depth + 1, w, err);
        if (r != SWARD_OK) return r;
    }
    return SWARD_OK;
}

/* ---- conversion ---- */

/* What must be refused before post-processing: non-finite positions, and a file without a surface. */
static sward_result check_raw(const char *path, const struct aiScene *sc, sward_error *err)
{
    bool surface = false;
    if (!sc->mRootNode || sc->mNumMeshes == 0)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: the file has no meshes", path);
    for (unsigned k = 0; k < sc->mNumMeshes; k++) {
        const struct aiMesh *mesh = sc->mMeshes[k];
        for (unsigned f = 0; mesh && mesh->mFaces && f < mesh->mNumFaces && !surface; f++)
            surface = mesh->mFaces[f].mNumIndices >= 3;
        for (unsigned i = 0; mesh && mesh->mVertices && i < mesh->mNumVertices; i++) {
            const struct aiVector3D *p = &mesh->mVertices[i];
            if (!isfinite(p->x) || !isfinite(p->y) || !isfinite(p->z))
                return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                 "%s: mesh '%s' vertex %u: the position (%g, %g, %g) is not finite", path,
                                 mesh->mName.data, i, (double)p->x, (double)p->y, (double)p->z);
        }
    }
    if (!surface) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: the file has no triangles (only points or lines)", path);
    return SWARD_OK;
}

static bool contains_ci(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (; *s; s++) {
        size_t i = 0;
        while (i < n && s[i] && (s[i] | 0x20) == word[i]) i++;
        if (i == n) return true;
    }
    return false;
}

/* docs/import.md "Surface": the material's name, else an alpha texture or glTF's alpha mask. */
static uint32_t surface_of(const struct aiScene *sc, const struct aiMesh *mesh)
{
    if (mesh->mMaterialIndex >= sc->mNumMaterials) return ASSET_SURFACE_BARK;
    const struct aiMaterial *mat = sc->mMaterials[mesh->mMaterialIndex];
    struct aiString s;
    if (aiGetMaterialString(mat, AI_MATKEY_NAME, &s) == aiReturn_SUCCESS) {
        if (contains_ci(s.data, "petal")) return ASSET_SURFACE_PETAL;
        if (contains_ci(s.data, "leaf") || contains_ci(s.data, "leaves")) return ASSET_SURFACE_LEAF;
    }
    if (aiGetMaterialTextureCount(mat, aiTextureType_OPACITY) > 0) return ASSET_SURFACE_LEAF;
    if (aiGetMaterialString(mat, "$mat.gltf.alphaMode", 0, 0, &s) == aiReturn_SUCCESS && strcmp(s.data, "MASK") == 0)
        return ASSET_SURFACE_LEAF;
    return ASSET_SURFACE_BARK;
}

/* The instance's transform, then the file's up axis, then the scale: a point (w = 1) or a direction (w = 0). */
static void place(const instance *in, const asset_import_desc *d, const struct aiVector3D *v, float w, float out[3])
{
    float p[3];
    for (int i = 0; i < 3; i++)
        p[i] = in->m[i * 4] * v->x + in->m[i * 4 + 1] * v->y + in->m[i * 4 + 2] * v->z + in->m[i * 4 + 3] * w;
    float y = d->z_up ? p[2] : p[1], z = d->z_up ? -p[1] : p[2];
    out[0] = p[0] * d->scale;
    out[1] = y * d->scale;
    out[2] = z * d->scale;
}

static void place_normal(const instance *in, const asset_import_desc *d, const struct aiVector3D *v, float out[3])
{
    float p[3];
    for (int i = 0; i < 3; i++) p[i] = in->n[i * 3] * v->x + in->n[i * 3 + 1] * v->y + in->n[i * 3 + 2] * v->z;
    float len = sqrtf(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    /* a degenerate triangle or a collapsed transform leaves no direction: up is the least surprising */
    if (!(len > 1e-20f) || !isfinite(len)) {
        out[0] = 0.0f, out[1] = 1.0f, out[2] = 0.0f;
        return;
    }
    out[0] = p[0] / len;
    out[1] = (d->z_up ? p[2] : p[1]) / len;
    out[2] = (d->z_up ? -p[1] : p[2]) / len;
}

/* Mask of the wind data a mesh supplies (docs/import.md "Supplied wind data"). */
enum { SUP_GRADIENT = 1, SUP_DIST = 2, SUP_PIVOT = 4, SUP_BRANCH = 8 };
#define BRANCH_DERIVED 0x80000000u

static sward_result supplied(const char *path, const struct aiMesh *mesh, uint32_t *mask, sward_error *err)
{
    const struct aiVector3D *const *t = (const struct aiVector3D *const *)mesh->mTextureCoords;
    *mask = (t[1] ? SUP_GRADIENT : 0u) | (t[2] ? SUP_DIST : 0u) | (t[3] && t[4] ? SUP_PIVOT : 0u) |
            (t[5] ? SUP_BRANCH : 0u);
    if ((t[3] != NULL) != (t[4] != NULL))
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: mesh '%s' has TEXCOORD_%d but not TEXCOORD_%d (the pivot needs both: (x, y) and (z, level))",
                         path, mesh->mName.data, t[3] ? 3 : 4, t[3] ? 4 : 3);
    return SWARD_OK;
}

/* For sorting a mesh's vertices by position (smooth_normals). */
typedef struct pos_key {
    struct aiVector3D p;
    uint32_t i;
} pos_key;

static int cmp_key(const void *a, const void *b)
{
    const struct aiVector3D *p = &((const pos_key *)a)->p, *q = &((const pos_key *)b)->p;
    return p->x < q->x ? -1 : p->x > q->x ? 1 : p->y < q->y ? -1 : p->y > q->y ? 1 : p->z < q->z ? -1 : p->z > q->z;
}

/* Normals for a mesh that has none, in its own space: each triangle's normal weighted by its area, summed over
 * every vertex at the same position, so that texture seams (vertices split by their uv) do not show. glTF
 * asks for flat normals when a primitive has none; vegetation is better served smooth, and an author who
 * wants facets gives normals. NULL when out of memory. */
static float *smooth_normals(const struct aiMesh *mesh)
{
    uint32_t n = mesh->mNumVertices;
    float *acc = calloc((size_t)n * 3, sizeof *acc);
    pos_key *keys = malloc((size_t)n * sizeof *keys);
    if (!acc || !keys) {
        free(acc);
        free(keys);
        return NULL;
    }
    for (unsigned f = 0; f < mesh->mNumFaces; f++) {
        const struct aiFace *face = &mesh->mFaces[f];
        if (face->mNumIndices != 3 || face->mIndices[0] >= n || face->mIndices[1] >= n || face->mIndices[2] >= n)
            continue;
        const struct aiVector3D *a = &mesh->mVertices[face->mIndices[0]], *b = &mesh->mVertices[face->mIndices[1]],
                                *c = &mesh->mVertices[face->mIndices[2]];
        float e1[3] = {b->x - a->x, b->y - a->y, b->z - a->z}, e2[3] = {c->x - a->x, c->y - a->y, c->z - a->z};
        float cr[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 3; j++) acc[(size_t)face->mIndices[k] * 3 + (size_t)j] += cr[j];
    }
    for (uint32_t i = 0; i < n; i++) keys[i] = (pos_key){mesh->mVertices[i], i};
    qsort(keys, n, sizeof *keys, cmp_key);
    for (uint32_t s = 0, e; s < n; s = e) {
        float sum[3] = {0, 0, 0};
        for (e = s; e < n && cmp_key(&keys[s], &keys[e]) == 0; e++)
            for (int j = 0; j < 3; j++) sum[j] += acc[(size_t)keys[e].i * 3 + (size_t)j];
        for (uint32_t k = s; k < e; k++) memcpy(&acc[(size_t)keys[k].i * 3], sum, sizeof sum);
    }
    free(keys);
    return acc; /* not normalised: place_normal normalises after the transform */
}

/* The vertices of one instance, from out->vertex_count on; part: its index among the instances (phase,
 * branch); gen: generated normals when the mesh has none. */
static sward_result convert_vertices(const char *path, const instance *in, uint32_t part, uint32_t mask,
                                     uint32_t surface, const float *gen, const asset_import_desc *d, asset_mesh *out,
                                     sward_error *err)
{
    const struct aiMesh *mesh = in->mesh;
    uint32_t base = out->vertex_count;
    float phase = (float)(sw_pcg(part + 1u) >> 8) * 0x1p-24f;
    for (unsigned i = 0; i < mesh->mNumVertices; i++) {
        asset_vertex *v = &out->vertices[base + i];
        memset(v, 0, sizeof *v);
        place(in, d, &mesh->mVertices[i], 1.0f, v->pos);
        if (!(fabsf(v->pos[0]) <= IMPORT_MAX_EXTENT && fabsf(v->pos[1]) <= IMPORT_MAX_EXTENT &&
              fabsf(v->pos[2]) <= IMPORT_MAX_EXTENT) &&
            isfinite(v->pos[0]) && isfinite(v->pos[1]) && isfinite(v->pos[2]))
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "%s: mesh '%s' vertex %u: the position (%g, %g, %g) m is farther than %g m from the "
                             "origin (check the scale)", path, mesh->mName.data, i, (double)v->pos[0],
                             (double)v->pos[1], (double)v->pos[2], (double)IMPORT_MAX_EXTENT);
        if (!isfinite(v->pos[0]) || !isfinite(v->pos[1]) || !isfinite(v->pos[2]))
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "%s: mesh '%s' vertex %u: the position (%g, %g, %g) is not finite after the node "
                             "transforms and the scale", path,
                             mesh->mName.data, i, (double)mesh->mVertices[i].x, (double)mesh->mVertices[i].y,
                             (double)mesh->mVertices[i].z);
        struct aiVector3D g = {gen ? gen[3 * i] : 0.0f, gen ? gen[3 * i + 1] : 0.0f, gen ? gen[3 * i + 2] : 0.0f};
        place_normal(in, d, mesh->mNormals ? &mesh->mNormals[i] : &g, v->normal);
        if (mesh->mTextureCoords[0]) {
            v->uv[0] = mesh->mTextureCoords[0][i].x;
            v->uv[1] = mesh->mTextureCoords[0][i].y;
            if (!isfinite(v->uv[0]) || !isfinite(v->uv[1])) v->uv[0] = v->uv[1] = 0.0f;
        }
        v->ao = 1.0f;
        if (mesh->mColors[0]) {
            float a = mesh->mColors[0][i].a;
            v->ao = a >= 0.0f ? (a <= 1.0f ? a : 1.0f) : 0.0f; /* NaN -> 0 */
        }
        v->surface = surface;
        v->phase = phase;
        /* level UINT32_MAX: derived after the whole mesh is known (derive_wind) */
        v->level = UINT32_MAX;
        v->gradient = NAN;
        v->trunk_dist = NAN;
        v->pivot[0] = NAN;
        const struct aiVector3D *t1 = mesh->mTextureCoords[1], *t2 = mesh->mTextureCoords[2];
        const struct aiVector3D *t3 = mesh->mTextureCoords[3], *t4 = mesh->mTextureCoords[4];
        const struct aiVector3D *t5 = mesh->mTextureCoords[5];
        float vals[9] = {t1 ? t1[i].x : 0, t1 ? t1[i].y : 0, t2 ? t2[i].x : 0, t2 ? t2[i].y : 0, t3 ? t3[i].x : 0,
                         t3 ? t3[i].y : 0, t4 ? t4[i].x : 0, t4 ? t4[i].y : 0, t5 ? t5[i].x : 0};
        for (int k = 0; k < 9; k++)
            if (!isfinite(vals[k]))
                return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                 "%s: mesh '%s' vertex %u: supplied wind data TEXCOORD_%d is not finite", path,
                                 mesh->mName.data, i, 1 + k / 2);
        if (mask & SUP_GRADIENT) {
            v->gradient = fminf(fmaxf(vals[0], 0.0f), 1.0f);
            v->phase = vals[1] - floorf(vals[1]);
            if (v->phase >= 1.0f) v->phase = 0.0f;
        }
        if (mask & SUP_DIST) {
            /* distances along the mesh scale with the node (its uniform part) and the import scale */
            v->trunk_dist = fmaxf(vals[2], 0.0f) * in->uniform * d->scale;
            v->branch_dist = fmaxf(vals[3], 0.0f) * in->uniform * d->scale;
        }
        if (mask & SUP_PIVOT) {
            float lv = vals[7];
            if (!(fabsf(lv - roundf(lv)) <= 1e-3f && lv > -0.5f && lv < 2.5f))
                return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                 "%s: mesh '%s' vertex %u: supplied level %g (TEXCOORD_4's second value) is not 0, 1 or 2",
                                 path, mesh->mName.data, i, (double)lv);
            v->level = (uint32_t)roundf(lv);
            struct aiVector3D pv = {vals[4], vals[5], vals[6]};
            place(in, d, &pv, 1.0f, v->pivot);
        }
        /* finite values can still overflow through a transform */
        if (!isfinite(v->pivot[0] + v->pivot[1] + v->pivot[2]) && (mask & SUP_PIVOT))
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "%s: mesh '%s' vertex %u: the supplied pivot is not finite after the transforms", path,
                             mesh->mName.data, i);
        if (!isfinite(v->trunk_dist + v->branch_dist) && (mask & SUP_DIST))
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "%s: mesh '%s' vertex %u: the supplied distances are not finite after the transforms",
                             path, mesh->mName.data, i);
        if (mask & SUP_BRANCH) {
            float b = vals[8];
            if (!(b >= 0.0f && b < 16777216.0f && b == floorf(b)))
                return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                 "%s: mesh '%s' vertex %u: supplied branch %g (TEXCOORD_5) is not a whole number >= 0",
                                 path, mesh->mName.data, i, (double)b);
            v->branch = (uint32_t)b;
        }
        /* not supplied: the part's own branch (1 + its index), or the trunk's 0 once the level is known; the
         * high bit marks it for derive_wind (there are far fewer than 2^31 parts) */
        if (!(mask & SUP_BRANCH)) v->branch = BRANCH_DERIVED | (part + 1u);
    }
    return SWARD_OK;
}

/* Fills the vertices and indices of one instance; part: its index among the instances (phase, branch). */
static sward_result convert(const char *path, const struct aiScene *sc, const instance *in, uint32_t part,
                            const asset_import_desc *d, asset_mesh *out, sward_error *err)
{
    const struct aiMesh *mesh = in->mesh;
    uint32_t mask, base = out->vertex_count;
    sward_result r = supplied(path, mesh, &mask, err);
    if (r != SWARD_OK) return r;
    float *gen = mesh->mNormals ? NULL : smooth_normals(mesh);
    if (!mesh->mNormals && !gen) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
    r = convert_vertices(path, in, part, mask, surface_of(sc, mesh), gen, d, out, err);
    free(gen);
    if (r != SWARD_OK) return r;
    for (unsigned f = 0; f < mesh->mNumFaces; f++) {
        const struct aiFace *face = &mesh->mFaces[f];
        if (face->mNumIndices != 3) continue; /* points and lines: not surfaces */
        for (int k = 0; k < 3; k++)
            if (face->mIndices[k] >= mesh->mNumVertices)
                return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: mesh '%s' triangle %u: index %u of %u vertices",
                                 path, mesh->mName.data, f, face->mIndices[k], mesh->mNumVertices);
        uint32_t *o = &out->indices[out->index_count];
        o[0] = base + face->mIndices[0];
        o[1] = base + face->mIndices[in->flip ? 2 : 1];
        o[2] = base + face->mIndices[in->flip ? 1 : 2];
        out->index_count += 3;
    }
    out->vertex_count += mesh->mNumVertices;
    return SWARD_OK;
}

/* Whether some triangle has an area: a mesh whose every triangle is degenerate (its vertices on a line) has
 * nothing to draw, and no width for a billboard or an impostor to be made of. */
static bool has_area(const asset_mesh *m)
{
    for (uint32_t t = 0; t + 2 < m->index_count; t += 3) {
        const float *a = m->vertices[m->indices[t]].pos, *b = m->vertices[m->indices[t + 1]].pos,
                    *c = m->vertices[m->indices[t + 2]].pos;
        double e[3], g[3];
        for (int k = 0; k < 3; k++) e[k] = (double)b[k] - a[k], g[k] = (double)c[k] - a[k];
        double x = e[1] * g[2] - e[2] * g[1], y = e[2] * g[0] - e[0] * g[2], z = e[0] * g[1] - e[1] * g[0];
        if (x != 0.0 || y != 0.0 || z != 0.0) return true;
    }
    return false;
}

static void bounds(asset_mesh *m)
{
    for (int k = 0; k < 3; k++) m->bounds_min[k] = INFINITY, m->bounds_max[k] = -INFINITY;
    for (uint32_t i = 0; i < m->vertex_count; i++)
        for (int k = 0; k < 3; k++) {
            m->bounds_min[k] = fminf(m->bounds_min[k], m->vertices[i].pos[k]);
            m->bounds_max[k] = fmaxf(m->bounds_max[k], m->vertices[i].pos[k]);
        }
}

/* desc `recentre`: the lowest point to y = 0, the centre of the base (the x/z bounds of the vertices in the
 * lowest 5 % of the height) to x = z = 0. Supplied pivots move with the mesh. */
static void recentre(asset_mesh *m)
{
    float lo = m->bounds_min[1], cut = lo + 0.05f * (m->bounds_max[1] - lo);
    float mn[2] = {INFINITY, INFINITY}, mx[2] = {-INFINITY, -INFINITY};
    for (uint32_t i = 0; i < m->vertex_count; i++) {
        const float *p = m->vertices[i].pos;
        if (p[1] > cut) continue;
        mn[0] = fminf(mn[0], p[0]), mx[0] = fmaxf(mx[0], p[0]);
        mn[1] = fminf(mn[1], p[2]), mx[1] = fmaxf(mx[1], p[2]);
    }
    float off[3] = {-0.5f * (mn[0] + mx[0]), -lo, -0.5f * (mn[1] + mx[1])};
    for (uint32_t i = 0; i < m->vertex_count; i++) {
        asset_vertex *v = &m->vertices[i];
        for (int k = 0; k < 3; k++) v->pos[k] += off[k];
        if (!isnan(v->pivot[0]))
            for (int k = 0; k < 3; k++) v->pivot[k] += off[k];
    }
    bounds(m);
}

/* docs/import.md "Derived wind data": whatever the file did not supply, from the position alone. */
static void derive_wind(asset_mesh *m, const asset_import_desc *d)
{
    float height = m->bounds_max[1], radius = 0.0f;
    for (uint32_t i = 0; i < m->vertex_count; i++) {
        const float *p = m->vertices[i].pos;
        radius = fmaxf(radius, sqrtf(p[0] * p[0] + p[2] * p[2]));
    }
    float trunk = d->trunk_radius > 0.0f ? d->trunk_radius : 0.25f * radius;
    for (uint32_t i = 0; i < m->vertex_count; i++) {
        asset_vertex *v = &m->vertices[i];
        float r = sqrtf(v->pos[0] * v->pos[0] + v->pos[2] * v->pos[2]);
        if (isnan(v->gradient)) {
            float g = height > 0.0f ? v->pos[1] / height : 0.0f;
            v->gradient = g > 0.0f ? (g < 1.0f ? g : 1.0f) : 0.0f;
        }
        if (v->level == UINT32_MAX) {
            v->level = v->surface != ASSET_SURFACE_BARK ? ASSET_LEVEL_LEAF
                       : r <= trunk                     ? ASSET_LEVEL_TRUNK
                                                        : ASSET_LEVEL_BRANCH;
            if (v->level == ASSET_LEVEL_TRUNK) {
                v->pivot[0] = v->pivot[1] = v->pivot[2] = 0.0f;
            } else {
                v->pivot[0] = v->pivot[2] = 0.0f;
                v->pivot[1] = v->pos[1];
            }
        }
        if (isnan(v->trunk_dist)) v->trunk_dist = v->level == ASSET_LEVEL_TRUNK ? 0.0f : r;
        if (v->branch & BRANCH_DERIVED) v->branch = v->level == ASSET_LEVEL_TRUNK ? 0u : v->branch & ~BRANCH_DERIVED;
    }
}

sward_result asset_import(const char *path, const asset_import_desc *desc, asset_mesh *out, sward_error *err)
{
    memset(out, 0, sizeof *out);
    char ext[8];
    sward_result r = check_request(path, desc, ext, sizeof ext, err);
    if (r != SWARD_OK) return r;
    asset_import_desc d = desc ? *desc : (asset_import_desc){0};
    if (d.scale == 0.0f) d.scale = 1.0f;
    uint32_t max_v = d.max_vertices && d.max_vertices < ASSET_MAX_VERTICES ? d.max_vertices : ASSET_MAX_VERTICES;

    FILE *f = core_open_regular(path, err, &r); /* our message for a missing file, not assimp's */
    if (!f) return r;
    fclose(f);
    /* a glTF's lengths, buffers, node graph, sizes and indices, before assimp trusts them (gltf_check.c); an OBJ's
     * sizes (obj_check.c) */
    r = strcmp(ext, "obj") == 0 ? assets_obj_precheck(path, max_v, err)
                                : assets_gltf_precheck(path, strcmp(ext, "glb") == 0, max_v, err);
    if (r != SWARD_OK) return r;

    struct aiPropertyStore *props = aiCreatePropertyStore();
    if (!props) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
    aiSetImportPropertyInteger(props, AI_CONFIG_IMPORT_NO_SKELETON_MESHES, 1);
    /* Two steps: positions are checked before JoinIdenticalVertices, which silently merges a NaN vertex into
     * another one (the file would import with a hole instead of being refused). */
    const struct aiScene *sc = aiImportFileExWithProperties(path, aiProcess_ValidateDataStructure, NULL, props);
    aiReleasePropertyStore(props);
    const char *kind = strcmp(ext, "obj") == 0 ? "OBJ" : "glTF";
    if (!sc) {
        const char *why = aiGetErrorString();
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: not a valid %s file: %s", path, kind,
                         why && why[0] ? why : "unknown error");
    }
    if ((r = check_raw(path, sc, err)) != SWARD_OK) {
        aiReleaseImport(sc);
        return r;
    }
    /* No step here may fail on a validated scene: assimp 5.2's aiApplyPostProcessing crashes in its failure
     * path (it releases the scene twice), so nothing that can refuse a scene is run in it: no validation
     * (done above), no SortByPType (which fails once it removes every mesh); points and lines stay as faces
     * of one or two indices, skipped by convert. No GenSmoothNormals: it expects one vertex per face corner,
     * which glTF's indexed meshes are not, and there gives each shared vertex the normal of its last face
     * (smooth_normals does it instead). No FindInvalidData: it drops a texture coordinate set whose values
     * are all equal, which supplied wind data may well be. FlipUVs: glTF's texture coordinates come out of
     * assimp flipped (v up); flipped back they are the file's, origin at the top left as Vulkan samples (and
     * OBJ's v-up vt is flipped to it). */
    sc = aiApplyPostProcessing(sc, aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_FlipUVs);
    if (!sc) { /* the scene is released */
        const char *why = aiGetErrorString();
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: not a valid %s file: %s", path, kind,
                         why && why[0] ? why : "unknown error");
    }

    walk w = {0};
    struct aiMatrix4x4 id = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    r = walk_node(path, sc, sc->mRootNode, &id, 0, &w, err); /* check_raw made sure there is a root */
    if (r == SWARD_OK && w.triangles == 0) /* the meshes with triangles are used by no node */
        r = core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: no node of the file holds a mesh with triangles", path);
    else if (r == SWARD_OK && w.vertices > max_v)
        r = core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: %llu vertices (with every node's instance), more than the limit of %u",
                      path, (unsigned long long)w.vertices, max_v);
    else if (r == SWARD_OK && w.triangles > 4ull * max_v)
        r = core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: %llu triangles, more than the limit of %llu (4 per vertex allowed)",
                      path, (unsigned long long)w.triangles, 4ull * max_v);
    if (r == SWARD_OK) {
        out->vertices = malloc((size_t)w.vertices * sizeof *out->vertices);
        out->indices = malloc((size_t)w.triangles * 3 * sizeof *out->indices);
        if (!out->vertices || !out->indices)
            r = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for %llu vertices", path,
                          (unsigned long long)w.vertices);
    }
    for (uint32_t i = 0; r == SWARD_OK && i < w.count; i++) r = convert(path, sc, &w.items[i], i, &d, out, err);
    if (r == SWARD_OK && !has_area(out))
        r = core_fail(err, SWARD_ERROR_INVALID_INPUT,
                      "%s: every one of its %u triangles is degenerate (no area): the mesh has no surface to draw", path,
                      out->index_count / 3u);
    free(w.items);
    aiReleaseImport(sc);
    if (r != SWARD_OK) {
        free(out->vertices);
        free(out->indices);
        memset(out, 0, sizeof *out);
        return r;
    }
    bounds(out);
    if (d.recentre) recentre(out);
    derive_wind(out, &d);
    return SWARD_OK;
}

#endif
