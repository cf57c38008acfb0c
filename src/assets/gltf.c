/* gltf.c — writes an asset mesh as glTF 2.0 (SPEC AS1/AS2: the bake's output; Khronos glTF 2.0 specification,
 * "Meshes", "Accessors", "Buffers and Buffer Views") with its wind data as docs/import.md's convention carries
 * it, so that asset_import reads back what was written. Plain accessors, one buffer view each, no interleaving:
 * the file is for tools and for sward's own import, not for streaming. */
#include "assets/assets.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

/* The primitives: one per surface for the mesh, then the billboard (its cards are leaf, but the renderer draws
 * them with their own shader: a primitive and a material of their own keep them apart in the file). */
enum { GROUP_BILLBOARD = 3, GROUP_COUNT = 4 };
static const char *const GROUP_MATERIAL[GROUP_COUNT] = {"bark", "leaf", "petal", "leaf_billboard"};

/* The accessors of a primitive, in the order their data is laid out in the buffer. */
enum { A_POS, A_NORMAL, A_UV, A_T1, A_T2, A_T3, A_T4, A_T5, A_COLOR, A_INDEX, A_COUNT };
static const char *const ATTR_NAME[A_INDEX] = {"POSITION",   "NORMAL",     "TEXCOORD_0", "TEXCOORD_1", "TEXCOORD_2",
                                               "TEXCOORD_3", "TEXCOORD_4", "TEXCOORD_5", "COLOR_0"};
static const uint32_t ATTR_FLOATS[A_INDEX] = {3, 3, 2, 2, 2, 2, 2, 2, 4};

static uint32_t tri_group(const asset_mesh *m, uint32_t first_index)
{
    if (first_index >= asset_mesh_billboard_first(m)) return GROUP_BILLBOARD;
    uint32_t s = m->vertices[m->indices[first_index]].surface; /* a triangle is its first corner's surface */
    return s <= ASSET_SURFACE_PETAL ? s : ASSET_SURFACE_BARK;
}

/* The floats of attribute a of vertex v. */
static void attr_values(const asset_vertex *v, uint32_t a, float *o)
{
    switch (a) {
    case A_POS: memcpy(o, v->pos, 3 * sizeof *o); break;
    case A_NORMAL: memcpy(o, v->normal, 3 * sizeof *o); break;
    case A_UV: memcpy(o, v->uv, 2 * sizeof *o); break;
    case A_T1: o[0] = v->gradient, o[1] = v->phase; break;
    case A_T2: o[0] = v->trunk_dist, o[1] = v->branch_dist; break;
    case A_T3: o[0] = v->pivot[0], o[1] = v->pivot[1]; break;
    case A_T4: o[0] = v->pivot[2], o[1] = (float)v->level; break;
    case A_T5: o[0] = (float)v->branch, o[1] = 0.0f; break;
    default: o[0] = o[1] = o[2] = 1.0f, o[3] = v->ao; break;
    }
}

/* One primitive's part of the buffer: its vertices (indices into m, first-use order) and its triangles' indices
 * into them. */
typedef struct group {
    uint32_t *verts, nv;
    uint32_t *idx, ni;
} group;

static size_t group_bytes(const group *g)
{
    size_t per_vertex = 0;
    for (uint32_t a = 0; a < A_INDEX; a++)
        per_vertex += ATTR_FLOATS[a] * sizeof(float);
    return per_vertex * g->nv + (size_t)g->ni * sizeof(uint32_t);
}

/* Appends g's data to buf at *at and its buffer views and accessors to the JSON; fills attrs / indices of the
 * primitive. Returns false when cJSON runs out of memory. */
static bool emit_group(const asset_mesh *m, const group *g, uint8_t *buf, size_t *at, cJSON *views, cJSON *accessors,
                       cJSON *prim)
{
    cJSON *attrs = cJSON_AddObjectToObject(prim, "attributes");
    if (!attrs) return false;
    for (uint32_t a = 0; a < A_COUNT; a++) {
        size_t start = *at;
        float lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
        if (a == A_INDEX) {
            memcpy(buf + *at, g->idx, (size_t)g->ni * sizeof(uint32_t));
            *at += (size_t)g->ni * sizeof(uint32_t);
        } else {
            for (uint32_t i = 0; i < g->nv; i++) {
                float o[4];
                attr_values(&m->vertices[g->verts[i]], a, o);
                memcpy(buf + *at, o, ATTR_FLOATS[a] * sizeof(float));
                *at += ATTR_FLOATS[a] * sizeof(float);
                for (int k = 0; a == A_POS && k < 3; k++) { /* glTF requires POSITION's bounds */
                    lo[k] = i == 0 || o[k] < lo[k] ? o[k] : lo[k];
                    hi[k] = i == 0 || o[k] > hi[k] ? o[k] : hi[k];
                }
            }
        }
        cJSON *view = cJSON_CreateObject(), *acc = cJSON_CreateObject();
        if (!view || !acc) {
            cJSON_Delete(view);
            cJSON_Delete(acc);
            return false;
        }
        cJSON_AddItemToArray(views, view);
        cJSON_AddItemToArray(accessors, acc);
        bool ok = cJSON_AddNumberToObject(view, "buffer", 0) && cJSON_AddNumberToObject(view, "byteOffset", (double)start) &&
                  cJSON_AddNumberToObject(view, "byteLength", (double)(*at - start)) &&
                  cJSON_AddNumberToObject(view, "target", a == A_INDEX ? 34963 : 34962) && /* (ELEMENT_)ARRAY_BUFFER */
                  cJSON_AddNumberToObject(acc, "bufferView", cJSON_GetArraySize(views) - 1) &&
                  cJSON_AddNumberToObject(acc, "componentType", a == A_INDEX ? 5125 : 5126) && /* UNSIGNED_INT, FLOAT */
                  cJSON_AddNumberToObject(acc, "count", a == A_INDEX ? g->ni : g->nv);
        static const char *const TYPE[5] = {"", "SCALAR", "VEC2", "VEC3", "VEC4"};
        ok = ok && cJSON_AddStringToObject(acc, "type", TYPE[a == A_INDEX ? 1 : ATTR_FLOATS[a]]);
        if (ok && a == A_POS) {
            const float *l = lo, *h = hi;
            cJSON *jl = cJSON_CreateFloatArray(l, 3), *jh = cJSON_CreateFloatArray(h, 3);
            if (jl) cJSON_AddItemToObject(acc, "min", jl);
            if (jh) cJSON_AddItemToObject(acc, "max", jh);
            ok = jl && jh;
        }
        int index = cJSON_GetArraySize(accessors) - 1;
        if (ok) ok = a == A_INDEX ? cJSON_AddNumberToObject(prim, "indices", index) != NULL
                                  : cJSON_AddNumberToObject(attrs, ATTR_NAME[a], index) != NULL;
        if (!ok) return false;
    }
    return true;
}

/* The .bin's file name (no folder), percent-encoded as a URI reference needs; false when it does not fit. */
static bool bin_uri(const char *bin_path, char *out, size_t cap)
{
    const char *base = strrchr(bin_path, '/');
    base = base ? base + 1 : bin_path;
    size_t n = 0;
    for (const unsigned char *c = (const unsigned char *)base; *c; c++) {
        bool plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                     strchr("-._~", *c);
        if (n + 4 > cap) return false;
        if (plain) out[n++] = (char)*c;
        else n += (size_t)snprintf(out + n, cap - n, "%%%02X", *c);
    }
    out[n] = '\0';
    return true;
}

static sward_result check(const char *path, const asset_mesh *m, sward_error *err)
{
    size_t len = strlen(path);
    if (len < 6 || strcmp(path + len - 5, ".gltf") != 0 || path[len - 6] == '/')
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: a glTF file's name must end in .gltf", path);
    if (m->index_count < 3 || m->index_count % 3u || !m->vertices || !m->indices ||
        m->billboard_indices > m->index_count || m->billboard_indices % 3u)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: a mesh of %u indices (%u of them billboard) is no list of triangles", path,
                         m->index_count, m->billboard_indices);
    for (uint32_t i = 0; i < m->index_count; i++)
        if (m->indices[i] >= m->vertex_count)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: index %u is %u, beyond the %u vertices", path, i,
                             m->indices[i], m->vertex_count);
    return SWARD_OK;
}

/* Splits m into the groups' vertex and index lists (remap: room for m's vertices). */
static bool split(const asset_mesh *m, group *g, uint32_t *remap)
{
    for (uint32_t k = 0; k < GROUP_COUNT; k++) {
        g[k].verts = malloc(((size_t)m->vertex_count + 1u) * sizeof *g[k].verts);
        g[k].idx = malloc(((size_t)m->index_count + 1u) * sizeof *g[k].idx);
        if (!g[k].verts || !g[k].idx) return false;
        for (uint32_t i = 0; i < m->vertex_count; i++)
            remap[i] = UINT32_MAX;
        for (uint32_t t = 0; t < m->index_count; t += 3) {
            if (tri_group(m, t) != k) continue;
            for (uint32_t c = 0; c < 3; c++) {
                uint32_t v = m->indices[t + c];
                if (remap[v] == UINT32_MAX) {
                    remap[v] = g[k].nv;
                    g[k].verts[g[k].nv++] = v;
                }
                g[k].idx[g[k].ni++] = remap[v];
            }
        }
    }
    return true;
}

/* The glTF document for the groups, their data written into buf (room for all of it). NULL: out of memory. */
static cJSON *document(const asset_mesh *m, const group *g, const char *uri, uint8_t *buf, size_t bytes)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *asset = cJSON_AddObjectToObject(root, "asset");
    bool ok = asset && cJSON_AddStringToObject(asset, "version", "2.0") &&
              cJSON_AddStringToObject(asset, "generator", "sward (asset_write_gltf)") &&
              cJSON_AddNumberToObject(root, "scene", 0);
    cJSON *scenes = cJSON_AddArrayToObject(root, "scenes"), *nodes = cJSON_AddArrayToObject(root, "nodes");
    cJSON *meshes = cJSON_AddArrayToObject(root, "meshes"), *materials = cJSON_AddArrayToObject(root, "materials");
    cJSON *accessors = cJSON_AddArrayToObject(root, "accessors"), *views = cJSON_AddArrayToObject(root, "bufferViews");
    cJSON *buffers = cJSON_AddArrayToObject(root, "buffers");
    cJSON *scene = cJSON_CreateObject(), *node = cJSON_CreateObject(), *mesh = cJSON_CreateObject(),
          *buffer = cJSON_CreateObject();
    if (scenes && scene) cJSON_AddItemToArray(scenes, scene);
    if (nodes && node) cJSON_AddItemToArray(nodes, node);
    if (meshes && mesh) cJSON_AddItemToArray(meshes, mesh);
    if (buffers && buffer) cJSON_AddItemToArray(buffers, buffer);
    ok = ok && scenes && nodes && meshes && materials && accessors && views && buffers && scene && node && mesh && buffer;
    const int zero = 0;
    cJSON *scene_nodes = ok ? cJSON_CreateIntArray(&zero, 1) : NULL;
    if (scene_nodes) cJSON_AddItemToObject(scene, "nodes", scene_nodes);
    ok = ok && scene_nodes && cJSON_AddStringToObject(node, "name", "asset") && cJSON_AddNumberToObject(node, "mesh", 0) &&
         cJSON_AddStringToObject(mesh, "name", "asset") && cJSON_AddNumberToObject(buffer, "byteLength", (double)bytes) &&
         cJSON_AddStringToObject(buffer, "uri", uri);
    cJSON *prims = ok ? cJSON_AddArrayToObject(mesh, "primitives") : NULL;
    size_t at = 0;
    for (uint32_t k = 0; ok && prims && k < GROUP_COUNT; k++) {
        if (!g[k].ni) continue;
        cJSON *mat = cJSON_CreateObject(), *prim = cJSON_CreateObject();
        if (mat) cJSON_AddItemToArray(materials, mat);
        if (prim) cJSON_AddItemToArray(prims, prim);
        ok = mat && prim && cJSON_AddStringToObject(mat, "name", GROUP_MATERIAL[k]) &&
             cJSON_AddBoolToObject(mat, "doubleSided", k != ASSET_SURFACE_BARK) &&
             /* cards are alpha-tested: other viewers show them so, and import maps MASK to leaf too */
             (k == ASSET_SURFACE_BARK || cJSON_AddStringToObject(mat, "alphaMode", "MASK")) &&
             cJSON_AddNumberToObject(prim, "material", cJSON_GetArraySize(materials) - 1) &&
             cJSON_AddNumberToObject(prim, "mode", 4) && /* TRIANGLES */
             emit_group(m, &g[k], buf, &at, views, accessors, prim);
    }
    if (!ok || !prims) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

/* The buffer's hash in the document (buffers[0].extras.sward_fnv1a64, hex): the reader checks it, so that a
 * .gltf never reads the .bin of another bake without a word (a set replaced by half). */
static bool stamp_buffer(cJSON *doc, const uint8_t *buf, size_t bytes)
{
    cJSON *buffer = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "buffers"), 0);
    cJSON *extras = buffer ? cJSON_AddObjectToObject(buffer, "extras") : NULL;
    char hex[20];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)core_fnv1a64(CORE_FNV_OFFSET, buf, bytes));
    return extras && cJSON_AddStringToObject(extras, ASSET_GLTF_STAMP, hex);
}

sward_result asset_write_gltf(core_batch *batch, const char *path, const asset_mesh *m, sward_error *err)
{
    sward_result r = check(path, m, err);
    if (r != SWARD_OK) return r;
    size_t len = strlen(path);
    char *bin_path = malloc(len + 1);
    char uri[3 * 256 + 4];
    group g[GROUP_COUNT];
    memset(g, 0, sizeof g);
    uint32_t *remap = malloc(((size_t)m->vertex_count + 1u) * sizeof *remap);
    uint8_t *buf = NULL;
    char *json = NULL;
    cJSON *doc = NULL;
    if (!bin_path || !remap || !split(m, g, remap)) {
        r = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
        goto done;
    }
    memcpy(bin_path, path, len - 5);
    memcpy(bin_path + len - 5, ".bin", 5);
    if (!bin_uri(bin_path, uri, sizeof uri)) {
        r = core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: the file name is too long", path);
        goto done;
    }
    size_t bytes = 0;
    for (uint32_t k = 0; k < GROUP_COUNT; k++)
        bytes += group_bytes(&g[k]);
    buf = malloc(bytes);
    doc = buf ? document(m, g, uri, buf, bytes) : NULL;
    json = doc && stamp_buffer(doc, buf, bytes) ? cJSON_Print(doc) : NULL;
    if (!json) {
        r = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
        goto done;
    }
    /* the two files as one set: the caller's, or this call's own */
    core_batch own = {0};
    core_batch *set = batch ? batch : &own;
    r = core_batch_write(set, bin_path, buf, bytes, err);
    if (r == SWARD_OK) r = core_batch_write(set, path, json, strlen(json), err);
    if (!batch) {
        if (r == SWARD_OK)
            r = core_batch_commit(&own, err);
        else
            core_batch_abort(&own);
    }
done:
    for (uint32_t k = 0; k < GROUP_COUNT; k++) {
        free(g[k].verts);
        free(g[k].idx);
    }
    cJSON_free(json);
    cJSON_Delete(doc);
    free(buf);
    free(remap);
    free(bin_path);
    return r;
}
