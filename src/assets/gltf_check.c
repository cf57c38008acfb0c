/* gltf_check.c — what sward checks in a glTF (.gltf or .glb) before assimp reads it (docs/import.md "Errors").
 * assimp trusts what a file claims: a .glb whose header claims 4 GiB makes it allocate 4 GiB before it gives
 * up, a node chain 100 000 deep overflows its recursive node import (signal 11, before sward's own depth check
 * on the imported scene can run), and a triangle whose index is out of range is dropped without a word. So the
 * JSON is read here with cJSON first: the .glb's header and chunk lengths against the file's size, each buffer's
 * file, the node graph (a forest, checked iteratively, no deeper than the import allows) and every index value
 * against its primitive's vertex count. What this does not judge (an accessor beyond its buffer, a malformed
 * field) is left to assimp, whose message says what is wrong. */
#define _XOPEN_SOURCE 700 /* POSIX 2008: stat, fileno */
#include "assets/parts.h"

#include <cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define GLB_MAGIC 0x46546C67u /* "glTF" */
#define GLB_JSON 0x4E4F534Au  /* "JSON" */
#define GLB_BIN 0x004E4942u   /* "BIN\0" */

/* Where a buffer's bytes are: a file (an external .bin, or the .glb's BIN chunk at `offset`) or memory (a data:
 * URI, decoded). size 0 with neither: unknown, its indices are left to assimp. */
typedef struct gltf_buf {
    char *file;
    long offset;
    uint8_t *data;
    size_t size;
} gltf_buf;

typedef struct gltf_doc {
    const char *path;
    cJSON *root;
    gltf_buf *bufs;
    int nbufs;
    sward_error *err;
} gltf_doc;

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A non-negative whole number that fits an int, from member `key` of o; false when absent or anything else. */
static bool json_index(const cJSON *o, const char *key, int *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0.0 && v->valuedouble <= (double)INT_MAX) ||
        v->valuedouble != (double)(int)v->valuedouble)
        return false;
    *out = (int)v->valuedouble;
    return true;
}

static const cJSON *json_item(const cJSON *root, const char *array, int i)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, array);
    return cJSON_IsArray(a) ? cJSON_GetArrayItem(a, i) : NULL;
}

/* ---- buffers ---- */

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int b64val(char c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' : c >= 'a' && c <= 'z' ? c - 'a' + 26 : c >= '0' && c <= '9' ? c - '0' + 52
           : c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* A base64 data: URI's bytes into b (left unknown when it is not one: assimp's to judge). */
static void decode_data_uri(const char *uri, gltf_buf *b)
{
    const char *comma = strchr(uri, ',');
    if (!comma || comma - uri < 7 || memcmp(comma - 7, ";base64", 7) != 0) return;
    size_t n = strlen(comma + 1);
    uint8_t *out = malloc(n / 4 * 3 + 3);
    if (!out) return;
    size_t k = 0;
    uint32_t acc = 0;
    int bits = 0;
    for (const char *c = comma + 1; *c && *c != '='; c++) {
        int v = b64val(*c);
        if (v < 0) {
            free(out);
            return;
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[k++] = (uint8_t)(acc >> bits);
        }
    }
    b->data = out;
    b->size = k;
}

/* The file a buffer's uri names: a relative reference (percent-decoded, RFC 3986, as glTF requires) against
 * the glTF's folder, an absolute path, or a file:/// URI (both of which assimp reads as the path they are).
 * NULL with *why set for another scheme; NULL alone when out of memory. */
static char *buffer_file(const char *path, const char *uri, const char **why)
{
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    if (strncmp(uri, "file://", 7) == 0) {
        if (uri[7] != '/') {
            *why = "a file:// URI with a host (only file:///path is read)";
            return NULL;
        }
        uri += 7;
        dir_len = 0;
    } else if (uri[0] == '/') {
        dir_len = 0;
    } else {
        /* a scheme (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":") before any '/' */
        size_t s = strspn(uri, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.");
        if (s > 0 && uri[s] == ':') {
            *why = "a URI sward cannot read (only relative paths, absolute paths, file:/// and data: URIs are)";
            return NULL;
        }
    }
    char *file = malloc(dir_len + strlen(uri) + 1);
    if (!file) return NULL;
    memcpy(file, path, dir_len);
    size_t k = dir_len;
    for (const char *c = uri; *c; c++) {
        int hi, lo;
        if (c[0] == '%' && (hi = hexval(c[1])) >= 0 && (lo = hexval(c[2])) >= 0) {
            file[k++] = (char)(hi * 16 + lo);
            c += 2;
        } else {
            file[k++] = *c;
        }
    }
    file[k] = '\0';
    return file;
}

/* Whether the file's bytes hash to the stamp sward's writer put beside its uri (asset_write_gltf): a bake
 * interrupted or failed between its files must not pair a .gltf with another bake's .bin unnoticed. */
static sward_result check_stamp(gltf_doc *g, int i, const char *uri, const gltf_buf *o, const cJSON *b)
{
    const cJSON *stamp = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(b, "extras"), ASSET_GLTF_STAMP);
    if (!cJSON_IsString(stamp)) return SWARD_OK;
    sward_result r = SWARD_OK;
    FILE *f = core_open_regular(o->file, g->err, &r);
    if (!f) return r;
    uint64_t h = CORE_FNV_OFFSET;
    uint8_t chunk[1 << 16];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        h = core_fnv1a64(h, chunk, got);
    fclose(f);
    char hex[20];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
    if (strcmp(hex, stamp->valuestring) != 0)
        return core_fail(g->err, SWARD_ERROR_INVALID_INPUT,
                         "%s: buffer %d's file '%s' is not the one this file was written with (its hash is %s, "
                         "extras." ASSET_GLTF_STAMP " says %.20s): the files of two bakes mixed; bake again",
                         g->path, i, uri, hex, stamp->valuestring);
    return SWARD_OK;
}

/* Each buffer: a data: URI, a file that must be a readable regular file (assimp reports a missing one only as a
 * generic read failure), or, in a .glb, buffer 0 without uri: the BIN chunk. */
static sward_result check_buffers(gltf_doc *g, long bin_offset, size_t bin_size, bool glb)
{
    const cJSON *buffers = cJSON_GetObjectItemCaseSensitive(g->root, "buffers");
    if (!cJSON_IsArray(buffers)) return SWARD_OK;
    int n = cJSON_GetArraySize(buffers);
    g->bufs = calloc((size_t)n + 1u, sizeof *g->bufs);
    if (!g->bufs) return core_fail(g->err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", g->path);
    g->nbufs = n;
    int i = 0;
    const cJSON *b;
    cJSON_ArrayForEach(b, buffers) {
        gltf_buf *o = &g->bufs[i];
        const cJSON *uri = cJSON_GetObjectItemCaseSensitive(b, "uri");
        if (!cJSON_IsString(uri)) {
            if (glb && i == 0 && bin_offset > 0) {
                o->file = strdup(g->path);
                if (!o->file) return core_fail(g->err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", g->path);
                o->offset = bin_offset;
                o->size = bin_size;
            }
        } else if (strncmp(uri->valuestring, "data:", 5) == 0) {
            decode_data_uri(uri->valuestring, o);
        } else {
            const char *why = NULL;
            o->file = buffer_file(g->path, uri->valuestring, &why);
            if (why)
                return core_fail(g->err, SWARD_ERROR_INVALID_INPUT, "%s: buffer %d's uri '%s' is %s", g->path, i,
                                 uri->valuestring, why);
            if (!o->file) return core_fail(g->err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", g->path);
            struct stat st;
            int bad = stat(o->file, &st) != 0 ? errno : !S_ISREG(st.st_mode) ? EISDIR : 0;
            if (bad)
                return core_fail(g->err, SWARD_ERROR_IO, "%s: buffer %d's file '%s' is missing or unreadable (%s: %s)",
                                 g->path, i, uri->valuestring, o->file,
                                 bad == EISDIR ? "not a regular file" : strerror(bad));
            o->size = (size_t)st.st_size;
            sward_result r = check_stamp(g, i, uri->valuestring, o, b);
            if (r != SWARD_OK) return r;
        }
        i++;
    }
    return SWARD_OK;
}

/* ---- the node graph ---- */

/* glTF's nodes form a forest (glTF 2.0 "Nodes and Hierarchy": no node is the child of two, no cycles); its
 * depth (a root is level 1) at most ASSETS_MAX_NODE_DEPTH. Breadth first from the roots, so that neither this
 * nor a chain of any length needs a stack. */
static sward_result check_nodes(gltf_doc *g)
{
    const cJSON *nodes = cJSON_GetObjectItemCaseSensitive(g->root, "nodes");
    if (!cJSON_IsArray(nodes)) return SWARD_OK;
    int n = cJSON_GetArraySize(nodes);
    if (n == 0) return SWARD_OK;
    int *parent = malloc((size_t)n * sizeof *parent), *queue = malloc((size_t)n * sizeof *queue);
    uint32_t *level = calloc((size_t)n, sizeof *level);
    const cJSON **node = malloc((size_t)n * sizeof *node);
    sward_result r = SWARD_OK;
    if (!parent || !queue || !level || !node) {
        r = core_fail(g->err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for %d nodes", g->path, n);
        goto done;
    }
    int i = 0;
    const cJSON *nd;
    cJSON_ArrayForEach(nd, nodes) {
        node[i] = nd;
        parent[i++] = -1;
    }
    for (i = 0; i < n && r == SWARD_OK; i++) {
        const cJSON *children = cJSON_GetObjectItemCaseSensitive(node[i], "children");
        if (!cJSON_IsArray(children)) continue; /* absent; anything else is assimp's to refuse */
        int k = 0;
        const cJSON *ch;
        cJSON_ArrayForEach(ch, children) {
            double v = cJSON_IsNumber(ch) ? ch->valuedouble : -1.0;
            if (!(v >= 0.0 && v < (double)n && v == (double)(int)v)) {
                char text[32];
                if (cJSON_IsNumber(ch)) snprintf(text, sizeof text, "%.17g", v);
                else snprintf(text, sizeof text, "not a number");
                r = core_fail(g->err, SWARD_ERROR_INVALID_INPUT,
                              "%s: node %d's children[%d] is %s, not the index of one of the file's %d nodes", g->path,
                              i, k, text, n);
                break;
            }
            int c = (int)v;
            if (c == i) {
                r = core_fail(g->err, SWARD_ERROR_INVALID_INPUT,
                              "%s: node %d is its own child (the node hierarchy must not have cycles)", g->path, i);
                break;
            }
            if (parent[c] >= 0) {
                r = core_fail(g->err, SWARD_ERROR_INVALID_INPUT,
                              "%s: node %d is a child of both node %d and node %d (a glTF node has at most one parent)",
                              g->path, c, parent[c], i);
                break;
            }
            parent[c] = i;
            k++;
        }
    }
    if (r != SWARD_OK) goto done;
    int head = 0, tail = 0;
    for (i = 0; i < n; i++)
        if (parent[i] < 0) {
            level[i] = 1;
            queue[tail++] = i;
        }
    while (head < tail && r == SWARD_OK) {
        int p = queue[head++];
        const cJSON *children = cJSON_GetObjectItemCaseSensitive(node[p], "children");
        const cJSON *ch;
        cJSON_ArrayForEach(ch, (cJSON_IsArray(children) ? children : NULL)) {
            int c = (int)ch->valuedouble; /* checked above */
            level[c] = level[p] + 1u;
            if (level[c] > ASSETS_MAX_NODE_DEPTH) {
                r = core_fail(g->err, SWARD_ERROR_INVALID_INPUT,
                              "%s: the node hierarchy is deeper than %u levels (node %d is at level %u)", g->path,
                              ASSETS_MAX_NODE_DEPTH, c, level[c]);
                break;
            }
            queue[tail++] = c;
        }
    }
    /* every node has at most one parent: one no root reaches lies on, or hangs from, a cycle of parents */
    for (i = 0; i < n && r == SWARD_OK; i++)
        if (level[i] == 0) {
            int c = i;
            for (int s = 0; s < n; s++) c = parent[c];
            r = core_fail(g->err, SWARD_ERROR_INVALID_INPUT,
                          "%s: node %d is its own ancestor (the node hierarchy must not have cycles)", g->path, c);
        }
done:
    free(parent);
    free(queue);
    free(level);
    free(node);
    return r;
}

/* ---- index values ---- */

/* Reads `bytes` at `at` of buffer b into out; false when it cannot (then assimp judges the file). */
static bool buffer_read(const gltf_buf *b, size_t at, size_t bytes, uint8_t *out)
{
    if (at > b->size || bytes > b->size - at) return false;
    if (b->data) {
        memcpy(out, b->data + at, bytes);
        return true;
    }
    FILE *f = b->file ? fopen(b->file, "rb") : NULL;
    if (!f) return false;
    bool ok = fseek(f, b->offset + (long)at, SEEK_SET) == 0 && fread(out, 1, bytes, f) == bytes;
    fclose(f);
    return ok;
}

/* Primitive p of mesh m: each of its index values must name one of its vertices (POSITION's count), which
 * glTF requires and assimp does not check (it drops the triangle). Accessors it cannot read plainly (sparse,
 * strided, beyond their view or buffer) are left to assimp. */
static sward_result check_primitive(gltf_doc *g, const cJSON *mesh, int m, const cJSON *prim, int p)
{
    int ia, pa, view, buf, count, vcount, ctype, acc_off = 0, view_off = 0, view_len;
    const cJSON *attrs = cJSON_GetObjectItemCaseSensitive(prim, "attributes");
    if (!json_index(prim, "indices", &ia) || !json_index(attrs, "POSITION", &pa)) return SWARD_OK;
    const cJSON *acc = json_item(g->root, "accessors", ia), *pacc = json_item(g->root, "accessors", pa);
    if (!acc || !pacc || !json_index(pacc, "count", &vcount) || !json_index(acc, "count", &count) ||
        !json_index(acc, "componentType", &ctype) || !json_index(acc, "bufferView", &view) ||
        cJSON_GetObjectItemCaseSensitive(acc, "sparse"))
        return SWARD_OK;
    if (cJSON_GetObjectItemCaseSensitive(acc, "byteOffset") && !json_index(acc, "byteOffset", &acc_off)) return SWARD_OK;
    size_t csize = ctype == 5121 ? 1u : ctype == 5123 ? 2u : ctype == 5125 ? 4u : 0u;
    const cJSON *bv = json_item(g->root, "bufferViews", view);
    if (!csize || !bv || !json_index(bv, "buffer", &buf) || buf >= g->nbufs || !json_index(bv, "byteLength", &view_len) ||
        cJSON_GetObjectItemCaseSensitive(bv, "byteStride"))
        return SWARD_OK;
    if (cJSON_GetObjectItemCaseSensitive(bv, "byteOffset") && !json_index(bv, "byteOffset", &view_off)) return SWARD_OK;
    size_t bytes = (size_t)count * csize;
    if ((size_t)acc_off > (size_t)view_len || bytes > (size_t)view_len - (size_t)acc_off) return SWARD_OK;
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(mesh, "name");
    char label[96];
    if (cJSON_IsString(name)) snprintf(label, sizeof label, "mesh '%.64s'", name->valuestring);
    else snprintf(label, sizeof label, "mesh %d", m);
    enum { CHUNK = 1u << 16 };
    uint8_t *chunk = malloc(CHUNK);
    if (!chunk) return core_fail(g->err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", g->path);
    sward_result r = SWARD_OK;
    for (size_t at = 0; at < bytes && r == SWARD_OK; at += CHUNK) {
        size_t len = bytes - at < CHUNK ? bytes - at : CHUNK;
        if (!buffer_read(&g->bufs[buf], (size_t)view_off + (size_t)acc_off + at, len, chunk)) break;
        for (size_t k = 0; k < len; k += csize) {
            uint32_t v = csize == 1 ? chunk[k] : csize == 2 ? (uint32_t)(chunk[k] | chunk[k + 1] << 8) : le32(chunk + k);
            if (v >= (uint32_t)vcount) {
                r = core_fail(g->err, SWARD_ERROR_INVALID_INPUT,
                              "%s: %s primitive %d: index %zu is %u, out of range (the primitive has %d vertices)",
                              g->path, label, p, (at + k) / csize, v, vcount);
                break;
            }
        }
    }
    free(chunk);
    return r;
}

static sward_result check_indices(gltf_doc *g)
{
    const cJSON *meshes = cJSON_GetObjectItemCaseSensitive(g->root, "meshes"), *mesh;
    int m = 0;
    cJSON_ArrayForEach(mesh, (cJSON_IsArray(meshes) ? meshes : NULL)) {
        const cJSON *prims = cJSON_GetObjectItemCaseSensitive(mesh, "primitives"), *prim;
        int p = 0;
        cJSON_ArrayForEach(prim, (cJSON_IsArray(prims) ? prims : NULL)) {
            sward_result r = check_primitive(g, mesh, m, prim, p++);
            if (r != SWARD_OK) return r;
        }
        m++;
    }
    return SWARD_OK;
}

/* ---- sizes ---- */

/* What primitive `prim` declares: its vertices (POSITION's count, counted for an indexed primitive only: a list
 * without indices repeats its shared vertices, which the import joins) and its triangles (exact, by its mode). */
static void primitive_size(const gltf_doc *g, const cJSON *prim, uint64_t *vertices, uint64_t *triangles)
{
    int pa, ia, pcount = 0, icount = 0, mode = 4;
    const cJSON *attrs = cJSON_GetObjectItemCaseSensitive(prim, "attributes");
    const cJSON *pacc = json_index(attrs, "POSITION", &pa) ? json_item(g->root, "accessors", pa) : NULL;
    if (!pacc || !json_index(pacc, "count", &pcount)) return;
    bool indexed = json_index(prim, "indices", &ia);
    const cJSON *iacc = indexed ? json_item(g->root, "accessors", ia) : NULL;
    if (indexed && (!iacc || !json_index(iacc, "count", &icount))) return;
    if (cJSON_GetObjectItemCaseSensitive(prim, "mode") && !json_index(prim, "mode", &mode)) return;
    uint64_t n = (uint64_t)(indexed ? icount : pcount);
    if (indexed) *vertices += (uint64_t)pcount;
    *triangles += mode == 4 ? n / 3u : (mode == 5 || mode == 6) && n >= 3u ? n - 2u : 0u;
}

/* The sizes the file's scene declares (each mesh once per node that holds it, as the import takes it), against
 * the import's limits, before assimp reads and joins them (minutes for millions); and a scene whose nodes hold
 * no mesh at all, which assimp reports as a file without meshes. */
static sward_result check_sizes(gltf_doc *g, uint32_t max_v)
{
    const cJSON *nodes = cJSON_GetObjectItemCaseSensitive(g->root, "nodes");
    const cJSON *meshes = cJSON_GetObjectItemCaseSensitive(g->root, "meshes");
    int sc = 0, n = cJSON_IsArray(nodes) ? cJSON_GetArraySize(nodes) : 0;
    int nmeshes = cJSON_IsArray(meshes) ? cJSON_GetArraySize(meshes) : 0;
    if (cJSON_GetObjectItemCaseSensitive(g->root, "scene") && !json_index(g->root, "scene", &sc)) return SWARD_OK;
    const cJSON *scene = json_item(g->root, "scenes", sc);
    const cJSON *roots = scene ? cJSON_GetObjectItemCaseSensitive(scene, "nodes") : NULL;
    if (nmeshes == 0 || !scene) return SWARD_OK; /* assimp's to report */
    int *queue = malloc((size_t)(n ? n : 1) * sizeof *queue), tail = 0, held = 0;
    if (!queue) return core_fail(g->err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for %d nodes", g->path, n);
    const cJSON *e;
    cJSON_ArrayForEach(e, (cJSON_IsArray(roots) ? roots : NULL)) {
        double v = cJSON_IsNumber(e) ? e->valuedouble : -1.0;
        if (v >= 0.0 && v < (double)n && v == (double)(int)v && tail < n) queue[tail++] = (int)v;
    }
    uint64_t vertices = 0, triangles = 0;
    /* check_nodes made the graph a forest: each node is reached at most once (a root listed twice is assimp's) */
    for (int head = 0; head < tail; head++) {
        const cJSON *node = cJSON_GetArrayItem(nodes, queue[head]), *ch, *prim;
        int m;
        const cJSON *mesh = json_index(node, "mesh", &m) ? cJSON_GetArrayItem(meshes, m) : NULL;
        if (mesh) held++;
        const cJSON *prims = mesh ? cJSON_GetObjectItemCaseSensitive(mesh, "primitives") : NULL;
        cJSON_ArrayForEach(prim, (cJSON_IsArray(prims) ? prims : NULL)) primitive_size(g, prim, &vertices, &triangles);
        const cJSON *children = cJSON_GetObjectItemCaseSensitive(node, "children");
        cJSON_ArrayForEach(ch, (cJSON_IsArray(children) ? children : NULL)) if (tail < n) queue[tail++] = (int)ch->valuedouble;
    }
    free(queue);
    if (held == 0)
        return core_fail(g->err, SWARD_ERROR_INVALID_INPUT,
                         "%s: no node of the file holds a mesh with triangles (its %d mesh%s used by no node of scene %d)",
                         g->path, nmeshes, nmeshes == 1 ? " is" : "es are", sc);
    if (vertices > max_v)
        return core_fail(g->err, SWARD_ERROR_INVALID_INPUT,
                         "%s: %llu vertices (with every node's instance), more than the limit of %u", g->path,
                         (unsigned long long)vertices, max_v);
    if (triangles > 4ull * max_v)
        return core_fail(g->err, SWARD_ERROR_INVALID_INPUT,
                         "%s: %llu triangles, more than the limit of %llu (4 per vertex allowed)", g->path,
                         (unsigned long long)triangles, 4ull * max_v);
    return SWARD_OK;
}

/* ---- the file ---- */

/* A .glb's header and chunks against the file's size (glTF 2.0 "GLB File Format Specification"); its JSON chunk
 * into *json (NUL-terminated), the BIN chunk's place. */
static sward_result read_glb(const char *path, FILE *f, long long size, char **json, size_t *json_len, long *bin_offset,
                             size_t *bin_size, sward_error *err)
{
    uint8_t h[20];
    if (size < 20 || fread(h, 1, 20, f) != 20)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: not a valid glTF file: %lld bytes, too short for a binary glTF's headers (20 bytes)",
                         path, size);
    uint32_t version = le32(h + 4), length = le32(h + 8), jlen = le32(h + 12), jtype = le32(h + 16);
    if (version != 2)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: not a valid glTF file: binary glTF version %u (sward reads 2)",
                         path, version);
    if ((long long)length > size || length < 20)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: not a valid glTF file: the header's length is %u bytes, the file has %lld%s", path, length,
                         size, (long long)length > size ? " (truncated?)" : "");
    if (jtype != GLB_JSON)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: not a valid glTF file: the first chunk is not JSON (type 0x%08X)",
                         path, jtype);
    if (jlen > length - 20u)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: not a valid glTF file: the JSON chunk claims %u bytes, the file has %u after its header",
                         path, jlen, length - 20u);
    if (jlen > ASSETS_MAX_GLTF_JSON)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: the JSON chunk is %u bytes, more than the %u sward reads",
                         path, jlen, ASSETS_MAX_GLTF_JSON);
    *json = malloc((size_t)jlen + 1u);
    if (!*json) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for a %u-byte JSON chunk", path, jlen);
    if (fread(*json, 1, jlen, f) != jlen)
        return core_fail(err, SWARD_ERROR_IO, "%s: cannot read: %s", path, ferror(f) ? strerror(errno) : "short read");
    (*json)[jlen] = '\0';
    *json_len = jlen;
    /* an optional BIN chunk after the JSON (chunks start 4-byte aligned) */
    uint64_t at = 20u + (((uint64_t)jlen + 3u) & ~3ull);
    uint8_t c[8];
    if (at + 8u <= length && fseek(f, (long)at, SEEK_SET) == 0 && fread(c, 1, 8, f) == 8 && le32(c + 4) == GLB_BIN) {
        if ((uint64_t)le32(c) > length - at - 8u)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "%s: not a valid glTF file: the BIN chunk claims %u bytes, the file has %llu after its header",
                             path, le32(c), (unsigned long long)(length - at - 8u));
        *bin_offset = (long)(at + 8u);
        *bin_size = le32(c);
    }
    return SWARD_OK;
}

sward_result assets_gltf_precheck(const char *path, bool named_glb, uint32_t max_vertices, sward_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) return core_fail(err, SWARD_ERROR_IO, "%s: cannot read: %s", path, strerror(errno));
    struct stat st;
    uint8_t magic[4] = {0};
    size_t got = fread(magic, 1, 4, f);
    bool glb = got == 4 && le32(magic) == GLB_MAGIC; /* by content: a binary glTF named .gltf is one too */
    char *text = NULL;
    size_t n = 0;
    long bin_offset = 0;
    size_t bin_size = 0;
    sward_result r = SWARD_OK;
    if (fstat(fileno(f), &st) != 0) r = core_fail(err, SWARD_ERROR_IO, "%s: cannot read: %s", path, strerror(errno));
    else if (named_glb && !glb && !(got > 0 && strchr("{ \t\r\n", (char)magic[0])))
        r = core_fail(err, SWARD_ERROR_INVALID_INPUT,
                      "%s: not a valid glTF file: a .glb starts with the binary glTF header ('glTF'), this one does not",
                      path);
    else if (glb && fseek(f, 0, SEEK_SET) == 0)
        r = read_glb(path, f, (long long)st.st_size, &text, &n, &bin_offset, &bin_size, err);
    fclose(f);
    if (r == SWARD_OK && !glb) r = core_read_file(path, ASSETS_MAX_GLTF_JSON, &text, &n, err);
    if (r != SWARD_OK) {
        free(text);
        return r;
    }
    const char *end = NULL;
    gltf_doc g = {.path = path, .err = err};
    g.root = cJSON_ParseWithLengthOpts(text, n, &end, false);
    if (!g.root) {
        /* assimp says only "no suitable reader found"; where the JSON breaks helps more */
        size_t at = end && end >= text && end <= text + n ? (size_t)(end - text) : n, line = 1;
        for (size_t i = 0; i < at; i++) line += text[i] == '\n';
        free(text);
        if (glb)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "%s: not a valid glTF file: the JSON chunk is malformed at line %zu (byte %zu of %zu)", path,
                             line, at, n);
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: not a valid glTF file: the JSON is malformed at line %zu (byte %zu of %zu)", path, line, at,
                         n);
    }
    free(text);
    r = check_buffers(&g, bin_offset, bin_size, glb);
    if (r == SWARD_OK) r = check_nodes(&g);
    if (r == SWARD_OK) r = check_sizes(&g, max_vertices);
    if (r == SWARD_OK) r = check_indices(&g);
    for (int i = 0; g.bufs && i < g.nbufs; i++) {
        free(g.bufs[i].file);
        free(g.bufs[i].data);
    }
    free(g.bufs);
    cJSON_Delete(g.root);
    return r;
}
