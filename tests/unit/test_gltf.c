/* test_gltf.c — the glTF writer (src/assets/gltf.c, asset_write_gltf; SPEC AS1/AS2, docs/import.md's wind data
 * convention): generated trees, ferns, bushes, flowers and rocks (level 0 and a level with a billboard) written
 * and read back with asset_import give the same triangles, corner for corner, with every field of every vertex
 * (position, normal, uv, pivot, gradient, distances, phase, ao, level, surface, branch) within 1e-6 (relative
 * above 1, absolute below: the importer's v flip costs up to 6e-8); the JSON has what glTF requires (POSITION's
 * min / max, the buffer's length) and the materials import maps back; errors for bad paths. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "asset_test_util.h"
#include "core/core.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <sys/stat.h>

#define TMP_NAME "gltf"
#include "tmp_util.h"

static bool near(float a, float b)
{
    return fabsf(a - b) <= 1e-6f * fmaxf(1.0f, fmaxf(fabsf(a), fabsf(b)));
}

static void same_vertex(const asset_vertex *a, const asset_vertex *b, const char *name, uint32_t corner)
{
    float fa[17], fb[17];
    const asset_vertex *v[2] = {a, b};
    float *f[2] = {fa, fb};
    for (int k = 0; k < 2; k++) {
        memcpy(f[k], v[k]->pos, 3 * sizeof(float));
        memcpy(f[k] + 3, v[k]->normal, 3 * sizeof(float));
        memcpy(f[k] + 6, v[k]->uv, 2 * sizeof(float));
        memcpy(f[k] + 8, v[k]->pivot, 3 * sizeof(float));
        f[k][11] = v[k]->gradient, f[k][12] = v[k]->trunk_dist, f[k][13] = v[k]->branch_dist;
        f[k][14] = v[k]->phase, f[k][15] = v[k]->ao, f[k][16] = 0.0f;
    }
    for (int i = 0; i < 16; i++)
        if (!near(fa[i], fb[i])) {
            print_error("%s corner %u: field %d wrote %.9g, read %.9g\n", name, corner, i, (double)fa[i],
                        (double)fb[i]);
            fail();
        }
    assert_int_equal(a->level, b->level);
    assert_int_equal(a->surface, b->surface);
    assert_int_equal(a->branch, b->branch);
}

/* The writer's primitive of a triangle: its surface for the mesh, 3 for the billboard. */
static uint32_t group_of(const asset_mesh *m, uint32_t t)
{
    return t >= asset_mesh_billboard_first(m) ? 3u : m->vertices[m->indices[t]].surface;
}

/* Writes m, reads it back and compares: the import takes the primitives in order (bark, leaf, petal,
 * billboard), each with its triangles in the mesh's order, so corner k of the file is corner k of m's triangles
 * stably sorted by primitive. */
static void round_trip(const char *name, const asset_mesh *m)
{
    char path[512];
    tmp_path(path, sizeof path, "asset.gltf");
    sward_error err = {0};
    sward_result r = asset_write_gltf(NULL, path, m, &err);
    if (r != SWARD_OK) print_error("%s: %s\n", name, err.message);
    assert_int_equal(r, SWARD_OK);
    asset_mesh back;
    r = asset_import(path, NULL, &back, &err);
    if (r != SWARD_OK) print_error("%s: %s\n", name, err.message);
    assert_int_equal(r, SWARD_OK);
    assert_int_equal(back.index_count, m->index_count);
    assert_int_equal(back.billboard_indices, 0); /* the file has no billboard flag: import gives a mesh */
    uint32_t corner = 0, groups[4] = {0, 0, 0, 0};
    for (uint32_t g = 0; g < 4; g++)
        for (uint32_t t = 0; t < m->index_count; t += 3) {
            if (group_of(m, t) != g) continue;
            groups[g]++;
            for (uint32_t c = 0; c < 3; c++, corner++)
                same_vertex(&m->vertices[m->indices[t + c]], &back.vertices[back.indices[corner]], name, corner);
        }
    assert_int_equal(corner, m->index_count);
    print_message("%-12s %6u triangles: bark %u, leaf %u, petal %u, billboard %u; %u vertices read back\n", name,
                  m->index_count / 3u, groups[0], groups[1], groups[2], groups[3], back.vertex_count);
    asset_mesh_free(&back);
}

static void test_round_trip(void **state)
{
    (void)state;
    if (!asset_import_available()) skip();
    for (uint32_t i = 0; i < 5; i++) { /* tree, fern, bush, flower, rock */
        const at_case *c = &AT_CASES[i];
        asset_chain ch = at_generate(c);
        round_trip(c->name, &ch.lods[0]);
        if (ch.billboard_from < ch.lod_count) round_trip(c->name, &ch.lods[ch.billboard_from]);
        round_trip(c->name, &ch.lods[ch.lod_count - 1]);
        asset_chain_free(&ch);
    }
}

/* What glTF requires and what the importer and other tools rely on, read from the JSON itself: m written as
 * `file` has the materials `want` (one primitive each, in order). */
static void check_json(const asset_mesh *m, const char *file, const char *uri, const char *const *want, int n)
{
    char path[512], bin[512];
    tmp_path(path, sizeof path, file);
    snprintf(bin, sizeof bin, "%.*s.bin", (int)(strlen(path) - 5), path);
    sward_error err = {0};
    assert_int_equal(asset_write_gltf(NULL, path, m, &err), SWARD_OK);
    char *text;
    size_t size;
    assert_int_equal(core_read_file(path, 1u << 26, &text, &size, &err), SWARD_OK);
    cJSON *doc = cJSON_Parse(text);
    assert_non_null(doc);
    const cJSON *buffer = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "buffers"), 0);
    assert_string_equal(cJSON_GetObjectItem(buffer, "uri")->valuestring, uri);
    struct stat st;
    assert_int_equal(stat(bin, &st), 0);
    assert_int_equal((double)st.st_size, cJSON_GetObjectItem(buffer, "byteLength")->valuedouble);
    const cJSON *mats = cJSON_GetObjectItem(doc, "materials");
    assert_int_equal(cJSON_GetArraySize(mats), n);
    const cJSON *prims = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "meshes"), 0), "primitives");
    assert_int_equal(cJSON_GetArraySize(prims), n);
    const cJSON *accessors = cJSON_GetObjectItem(doc, "accessors");
    float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (int p = 0; p < n; p++) {
        const cJSON *prim = cJSON_GetArrayItem(prims, p), *attrs = cJSON_GetObjectItem(prim, "attributes");
        const cJSON *mat = cJSON_GetArrayItem(mats, cJSON_GetObjectItem(prim, "material")->valueint);
        assert_string_equal(cJSON_GetObjectItem(mat, "name")->valuestring, want[p]);
        static const char *const names[] = {"POSITION",   "NORMAL",     "TEXCOORD_0", "TEXCOORD_1", "TEXCOORD_2",
                                            "TEXCOORD_3", "TEXCOORD_4", "TEXCOORD_5", "COLOR_0"};
        for (int a = 0; a < 9; a++)
            assert_non_null(cJSON_GetObjectItem(attrs, names[a]));
        const cJSON *pos = cJSON_GetArrayItem(accessors, cJSON_GetObjectItem(attrs, "POSITION")->valueint);
        const cJSON *color = cJSON_GetArrayItem(accessors, cJSON_GetObjectItem(attrs, "COLOR_0")->valueint);
        const cJSON *idx = cJSON_GetArrayItem(accessors, cJSON_GetObjectItem(prim, "indices")->valueint);
        assert_string_equal(cJSON_GetObjectItem(color, "type")->valuestring, "VEC4");
        assert_int_equal(cJSON_GetObjectItem(idx, "componentType")->valueint, 5125); /* uint32 */
        for (int k = 0; k < 3; k++) {
            lo[k] = fminf(lo[k], (float)cJSON_GetArrayItem(cJSON_GetObjectItem(pos, "min"), k)->valuedouble);
            hi[k] = fmaxf(hi[k], (float)cJSON_GetArrayItem(cJSON_GetObjectItem(pos, "max"), k)->valuedouble);
        }
    }
    for (int k = 0; k < 3; k++) { /* the primitives' bounds together are the mesh's */
        assert_float_equal(lo[k], m->bounds_min[k], 0.0f);
        assert_float_equal(hi[k], m->bounds_max[k], 0.0f);
    }
    cJSON_Delete(doc);
    free(text);
}

static void test_json(void **state)
{
    (void)state;
    asset_chain tree = at_generate(&AT_CASES[0]), flower = at_generate(&AT_CASES[3]);
    const char *const tree_mats[] = {"bark", "leaf", "leaf_billboard"}, *const flower_mats[] = {"bark", "leaf", "petal"};
    check_json(&tree.lods[3], "my tree.gltf", "my%20tree.bin", tree_mats, 3); /* mesh + billboard */
    check_json(&flower.lods[0], "flower.gltf", "flower.bin", flower_mats, 3);
    asset_chain_free(&tree);
    asset_chain_free(&flower);
}

static void test_errors(void **state)
{
    (void)state;
    asset_chain ch = at_generate(&AT_CASES[4]);
    sward_error err = {0};
    char path[512];
    tmp_path(path, sizeof path, "rock.glb");
    assert_int_equal(asset_write_gltf(NULL, path, &ch.lods[0], &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "must end in .gltf"));
    tmp_path(path, sizeof path, "missing/rock.gltf");
    assert_int_equal(asset_write_gltf(NULL, path, &ch.lods[0], &err), SWARD_ERROR_IO);
    assert_non_null(strstr(err.message, "missing/rock.bin"));
    asset_mesh bad = ch.lods[0];
    bad.vertex_count = 2;
    tmp_path(path, sizeof path, "bad.gltf");
    assert_int_equal(asset_write_gltf(NULL, path, &bad, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "beyond the 2 vertices"));
    asset_chain_free(&ch);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
