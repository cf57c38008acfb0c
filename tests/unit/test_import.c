/* test_import.c — mesh import (src/assets/import.c; SPEC AS1, docs/import.md) on the fixtures of
 * tests/data/meshes (written by make_fixtures.py, which describes the plant): counts, node transforms, normals,
 * winding, the supplied and the derived wind data, the options, every error with the file and the problem in
 * its message, and truncated and byte-flipped copies of the fixtures that must give a clean result or a clean
 * error (run under ASan + UBSan too). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assets/assets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TMP_NAME "import"
#include "tmp_util.h"

static void fixture(char *out, size_t cap, const char *name)
{
    const char *data = getenv("SWARD_TEST_DATA");
    assert_non_null(data);
    snprintf(out, cap, "%s/meshes/%s", data, name);
}

static void mesh_free(asset_mesh *m)
{
    free(m->vertices);
    free(m->indices);
    memset(m, 0, sizeof *m);
}

static asset_mesh import_ok(const char *name, const asset_import_desc *d)
{
    char path[512];
    fixture(path, sizeof path, name);
    asset_mesh m;
    sward_error err = {0};
    sward_result r = asset_import(path, d, &m, &err);
    if (r != SWARD_OK) print_error("%s: %s\n", name, err.message);
    assert_int_equal(r, SWARD_OK);
    return m;
}

/* Imports path, expecting `code` and a message holding the path's file name and `what`. */
static void import_fails(const char *path, const asset_import_desc *d, sward_result code, const char *what)
{
    asset_mesh m;
    sward_error err = {0};
    sward_result r = asset_import(path, d, &m, &err);
    print_message("%s\n", err.message);
    assert_int_equal(r, code);
    assert_int_equal(err.code, code);
    const char *slash = strrchr(path, '/');
    assert_non_null(strstr(err.message, slash ? slash + 1 : path));
    assert_non_null(strstr(err.message, what));
    assert_null(m.vertices);
    assert_int_equal(m.vertex_count, 0);
}

static bool near(float a, float b, float tol) { return fabsf(a - b) <= tol; }

/* Every index in range, every position and normal finite, normals unit, and each triangle counter-clockwise
 * seen from the side its vertex normals face. */
static void check_sane(const asset_mesh *m, bool winding)
{
    assert_int_equal(m->index_count % 3, 0);
    for (uint32_t i = 0; i < m->index_count; i++) assert_true(m->indices[i] < m->vertex_count);
    for (uint32_t i = 0; i < m->vertex_count; i++) {
        const asset_vertex *v = &m->vertices[i];
        for (int k = 0; k < 3; k++) assert_true(isfinite(v->pos[k]) && isfinite(v->normal[k]) && isfinite(v->pivot[k]));
        float len = sqrtf(v->normal[0] * v->normal[0] + v->normal[1] * v->normal[1] + v->normal[2] * v->normal[2]);
        assert_true(near(len, 1.0f, 1e-4f));
        assert_true(v->gradient >= 0.0f && v->gradient <= 1.0f);
        assert_true(v->phase >= 0.0f && v->phase < 1.0f);
        assert_true(v->ao >= 0.0f && v->ao <= 1.0f);
        assert_true(v->level <= ASSET_LEVEL_LEAF && v->surface <= ASSET_SURFACE_PETAL);
    }
    for (uint32_t t = 0; winding && t < m->index_count; t += 3) {
        const float *a = m->vertices[m->indices[t]].pos, *b = m->vertices[m->indices[t + 1]].pos,
                    *c = m->vertices[m->indices[t + 2]].pos;
        float e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        float n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
        float sum[3] = {0};
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 3; j++) sum[j] += m->vertices[m->indices[t + (uint32_t)k]].normal[j];
        assert_true(n[0] * sum[0] + n[1] * sum[1] + n[2] * sum[2] > 0.0f);
    }
}

/* The card's vertices are the leaf-surface ones. */
static uint32_t count_surface(const asset_mesh *m, uint32_t surface)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < m->vertex_count; i++) n += m->vertices[i].surface == surface;
    return n;
}

static void test_gltf_plant(void **state)
{
    (void)state;
    asset_mesh m = import_ok("plant.gltf", NULL);
    assert_int_equal(m.vertex_count, 16); /* stem 12, card 4 */
    assert_int_equal(m.index_count, 3 * 18);
    check_sane(&m, true);
    assert_int_equal(count_surface(&m, ASSET_SURFACE_LEAF), 4);
    assert_true(near(m.bounds_min[1], 0.0f, 1e-6f) && near(m.bounds_max[1], 1.0f, 1e-6f));
    for (uint32_t i = 0; i < m.vertex_count; i++) {
        const asset_vertex *v = &m.vertices[i];
        if (v->surface == ASSET_SURFACE_LEAF) {
            /* root scale 2, card translated by (0, 0.25, 0) and turned 90 degrees about y */
            assert_true(near(v->pos[0], 0.0f, 1e-5f));
            assert_true(near(fabsf(v->pos[2]), 0.2f, 1e-5f));
            assert_true(near(v->pos[1], 0.5f, 1e-5f) || near(v->pos[1], 0.9f, 1e-5f));
            assert_true(near(v->normal[0], 1.0f, 1e-5f));
            /* supplied wind data: (gradient, phase), (trunk_dist, branch_dist) x the node's scale, pivot, level */
            bool top = v->pos[1] > 0.7f;
            assert_true(near(v->gradient, top ? 1.0f : 0.55f, 1e-5f)); /* not y / height: 0.9, 0.5 */
            assert_true(near(v->phase, 0.25f, 1e-6f));
            assert_true(near(v->trunk_dist, 0.0f, 1e-6f));
            assert_true(near(v->branch_dist, top ? 0.4f : 0.0f, 1e-5f));
            assert_true(near(v->pivot[0], 0.0f, 1e-5f) && near(v->pivot[1], 0.5f, 1e-5f) &&
                        near(v->pivot[2], 0.0f, 1e-5f));
            assert_int_equal(v->level, ASSET_LEVEL_LEAF);
            assert_true(v->branch != 0);
            assert_true(near(v->ao, top ? 1.0f : 0.5f, 1e-6f)); /* COLOR_0's alpha */
            /* the file's TEXCOORD_0, origin top left */
            assert_true(near(v->uv[1], top ? 0.0f : 1.0f, 1e-6f));
        } else {
            assert_int_equal(v->surface, ASSET_SURFACE_BARK);
            float y = v->pos[1], h = y < 0.25f ? 0.02f : y < 0.75f ? 0.015f : 0.01f;
            assert_true(near(y, 0.0f, 1e-5f) || near(y, 0.5f, 1e-5f) || near(y, 1.0f, 1e-5f));
            assert_true(near(fabsf(v->pos[0]), h, 1e-6f) && near(fabsf(v->pos[2]), h, 1e-6f));
            assert_true(near(v->uv[1], 1.0f - y, 1e-6f));
            /* generated smooth normals: at a corner of the square stem both sides count */
            assert_true(fabsf(v->normal[0]) > 0.3f && fabsf(v->normal[2]) > 0.3f && fabsf(v->normal[1]) < 0.05f);
            assert_true(v->normal[0] * v->pos[0] > 0.0f && v->normal[2] * v->pos[2] > 0.0f); /* outward */
            /* derived: a stem within a quarter of the radius (0.2 m) of the axis is trunk */
            assert_true(near(v->gradient, y, 1e-6f));
            assert_int_equal(v->level, ASSET_LEVEL_TRUNK);
            assert_int_equal(v->branch, 0);
            assert_true(v->pivot[0] == 0.0f && v->pivot[1] == 0.0f && v->pivot[2] == 0.0f);
            assert_true(v->trunk_dist == 0.0f && v->branch_dist == 0.0f);
            assert_true(v->ao == 1.0f);
        }
    }
    /* the derived gradient is monotonic in y */
    for (uint32_t i = 0; i < m.vertex_count; i++)
        for (uint32_t j = 0; j < m.vertex_count; j++)
            if (m.vertices[i].surface == ASSET_SURFACE_BARK && m.vertices[j].surface == ASSET_SURFACE_BARK &&
                m.vertices[i].pos[1] < m.vertices[j].pos[1])
                assert_true(m.vertices[i].gradient < m.vertices[j].gradient);
    mesh_free(&m);
}

static void test_glb_same(void **state)
{
    (void)state;
    asset_mesh a = import_ok("plant.gltf", NULL), b = import_ok("plant.glb", NULL);
    assert_int_equal(a.vertex_count, b.vertex_count);
    assert_int_equal(a.index_count, b.index_count);
    assert_memory_equal(a.vertices, b.vertices, a.vertex_count * sizeof *a.vertices);
    assert_memory_equal(a.indices, b.indices, a.index_count * sizeof *a.indices);
    mesh_free(&a);
    mesh_free(&b);
}

/* The OBJ is the plant in centimetres, z up: with z_up and scale 0.01 every vertex is one of the glTF's. */
static void test_obj_zup_scale(void **state)
{
    (void)state;
    asset_mesh g = import_ok("plant.gltf", NULL);
    asset_mesh o = import_ok("plant_zup_cm.obj", &(asset_import_desc){.z_up = true, .scale = 0.01f});
    assert_int_equal(o.vertex_count, 16);
    assert_int_equal(o.index_count, 3 * 18);
    check_sane(&o, true);
    assert_int_equal(count_surface(&o, ASSET_SURFACE_LEAF), 4); /* usemtl leaf_card */
    for (uint32_t i = 0; i < o.vertex_count; i++) {
        bool found = false;
        for (uint32_t j = 0; j < g.vertex_count && !found; j++) {
            const asset_vertex *a = &o.vertices[i], *b = &g.vertices[j];
            found = near(a->pos[0], b->pos[0], 1e-5f) && near(a->pos[1], b->pos[1], 1e-5f) &&
                    near(a->pos[2], b->pos[2], 1e-5f) && a->surface == b->surface &&
                    near(a->uv[0], b->uv[0], 1e-5f) && near(a->uv[1], b->uv[1], 1e-5f);
            if (!found) continue;
            /* normals generated in the file's z-up space and turned with it, or given (the card's vn) */
            for (int k = 0; k < 3; k++) assert_true(near(a->normal[k], b->normal[k], 1e-4f));
            /* everything derived, the card too (an OBJ supplies no wind data) */
            assert_true(near(a->gradient, a->pos[1], 1e-5f));
            if (a->surface == ASSET_SURFACE_LEAF) {
                assert_int_equal(a->level, ASSET_LEVEL_LEAF);
                assert_true(near(a->trunk_dist, 0.2f, 1e-5f)); /* its horizontal distance from the axis */
                assert_true(a->pivot[0] == 0.0f && a->pivot[1] == a->pos[1] && a->pivot[2] == 0.0f);
                assert_int_equal(a->branch, 2); /* 1 + its part (the stem is part 0) */
            }
        }
        assert_true(found);
    }
    /* one phase per part, different parts out of step */
    float phase[2] = {-1.0f, -1.0f};
    for (uint32_t i = 0; i < o.vertex_count; i++) {
        float *p = &phase[o.vertices[i].surface == ASSET_SURFACE_LEAF];
        if (*p < 0.0f) *p = o.vertices[i].phase;
        assert_true(o.vertices[i].phase == *p);
    }
    assert_true(phase[0] != phase[1]);
    /* without the options: the z-up file lies on its back (its height along z), in centimetres */
    asset_mesh raw = import_ok("plant_zup_cm.obj", NULL);
    assert_true(near(raw.bounds_max[1], 20.0f, 1e-4f) && near(raw.bounds_max[2], 100.0f, 1e-4f));
    /* the scale alone multiplies every position */
    asset_mesh half = import_ok("plant_zup_cm.obj", &(asset_import_desc){.scale = 0.5f});
    for (uint32_t i = 0; i < raw.vertex_count; i++)
        for (int k = 0; k < 3; k++) assert_true(near(half.vertices[i].pos[k], 0.5f * raw.vertices[i].pos[k], 1e-4f));
    mesh_free(&g);
    mesh_free(&o);
    mesh_free(&raw);
    mesh_free(&half);
}

/* A copy of plant.gltf with `from` replaced by `to`, beside a copy of plant.bin, in the temporary folder. */
static void variant(char *out, size_t cap, const char *name, const char *from, const char *to)
{
    char src[512];
    static unsigned char buf[1 << 16];
    fixture(src, sizeof src, "plant.bin");
    size_t n = read_bytes(src, buf, sizeof buf);
    tmp_path(out, cap, "plant.bin");
    write_bytes(out, buf, n);
    fixture(src, sizeof src, "plant.gltf");
    n = read_bytes(src, buf, sizeof buf - 1);
    buf[n] = 0;
    char *at = strstr((char *)buf, from);
    assert_non_null(at);
    char *text = malloc(n + strlen(to) + 1);
    size_t pre = (size_t)(at - (char *)buf);
    memcpy(text, buf, pre);
    strcpy(text + pre, to);
    strcat(text, at + strlen(from));
    tmp_path(out, cap, name);
    write_bytes(out, text, strlen(text));
    free(text);
}

static void test_options(void **state)
{
    (void)state;
    char path[512];
    sward_error err = {0};
    /* the root moved by (3, 1, -2): kept by default (the author's origin), undone by recentre */
    variant(path, sizeof path, "moved.gltf", "\"scale\": [2.0, 2.0, 2.0]",
            "\"scale\": [2.0, 2.0, 2.0], \"translation\": [3.0, 1.0, -2.0]");
    asset_mesh m, c;
    assert_int_equal(asset_import(path, NULL, &m, &err), SWARD_OK);
    assert_true(near(m.bounds_min[1], 1.0f, 1e-5f) && near(m.bounds_max[1], 2.0f, 1e-5f));
    assert_true(near(m.bounds_min[0], 3.0f - 0.2f, 1e-5f) || near(m.bounds_min[0], 3.0f - 0.02f, 1e-5f));
    assert_int_equal(asset_import(path, &(asset_import_desc){.recentre = true}, &c, &err), SWARD_OK);
    assert_true(near(c.bounds_min[1], 0.0f, 1e-5f) && near(c.bounds_max[1], 1.0f, 1e-5f));
    for (uint32_t i = 0; i < c.vertex_count; i++) {
        for (int k = 0; k < 3; k++)
            assert_true(near(c.vertices[i].pos[k], m.vertices[i].pos[k] - (k == 0 ? 3.0f : k == 1 ? 1.0f : -2.0f), 1e-5f));
        if (c.vertices[i].surface == ASSET_SURFACE_LEAF) assert_true(near(c.vertices[i].pivot[1], 0.5f, 1e-5f));
    }
    check_sane(&c, true);
    mesh_free(&m);
    mesh_free(&c);
    /* a trunk radius of 0.025 m leaves the stem's base ring (0.028 m from the axis) a branch */
    asset_mesh t = import_ok("plant.gltf", &(asset_import_desc){.trunk_radius = 0.025f});
    uint32_t branches = 0;
    for (uint32_t i = 0; i < t.vertex_count; i++) {
        const asset_vertex *v = &t.vertices[i];
        if (v->surface != ASSET_SURFACE_BARK) continue;
        float r = sqrtf(v->pos[0] * v->pos[0] + v->pos[2] * v->pos[2]);
        if (v->pos[1] < 0.25f) {
            assert_int_equal(v->level, ASSET_LEVEL_BRANCH);
            assert_true(near(v->trunk_dist, r, 1e-6f) && v->branch != 0);
            assert_true(v->pivot[0] == 0.0f && v->pivot[1] == v->pos[1] && v->pivot[2] == 0.0f);
            branches++;
        } else {
            assert_int_equal(v->level, ASSET_LEVEL_TRUNK);
        }
    }
    assert_int_equal(branches, 4);
    mesh_free(&t);
    /* a mirroring node keeps triangles counter-clockwise and normals outward */
    variant(path, sizeof path, "mirror.gltf", "\"scale\": [2.0, 2.0, 2.0]", "\"scale\": [-2.0, 2.0, 2.0]");
    assert_int_equal(asset_import(path, NULL, &m, &err), SWARD_OK);
    check_sane(&m, true);
    mesh_free(&m);
    /* a non-uniform scale (y x 4 relative to the plain plant) turns normals by the inverse transpose */
    variant(path, sizeof path, "tall.gltf", "\"scale\": [2.0, 2.0, 2.0]", "\"scale\": [2.0, 8.0, 2.0]");
    assert_int_equal(asset_import(path, NULL, &m, &err), SWARD_OK);
    asset_mesh p = import_ok("plant.gltf", NULL);
    assert_int_equal(m.vertex_count, p.vertex_count);
    float tilt = 0.0f;
    for (uint32_t i = 0; i < m.vertex_count; i++) {
        const float *a = m.vertices[i].normal, *b = p.vertices[i].normal;
        float e[3] = {b[0], b[1] / 4.0f, b[2]}, len = sqrtf(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
        for (int k = 0; k < 3; k++) assert_true(near(a[k], e[k] / len, 1e-5f));
        tilt = fmaxf(tilt, fabsf(b[1]));
    }
    assert_true(tilt > 0.005f); /* the stem's taper tilts its normals: the test can see the difference */
    check_sane(&m, true);
    mesh_free(&m);
    mesh_free(&p);
    /* a supplied branch index (TEXCOORD_5, here the card's TEXCOORD_0 accessor: u = 0, 1, 1, 0) */
    variant(path, sizeof path, "branch.gltf", "\"TEXCOORD_4\": 10", "\"TEXCOORD_4\": 10, \"TEXCOORD_5\": 5");
    assert_int_equal(asset_import(path, NULL, &m, &err), SWARD_OK);
    uint32_t ones = 0;
    for (uint32_t i = 0; i < m.vertex_count; i++)
        if (m.vertices[i].surface == ASSET_SURFACE_LEAF) {
            assert_int_equal(m.vertices[i].branch, (uint32_t)m.vertices[i].uv[0]);
            ones += m.vertices[i].branch == 1;
        }
    assert_int_equal(ones, 2);
    mesh_free(&m);
    /* surface from glTF's alpha mask when the material's name says nothing; a "petal" material */
    variant(path, sizeof path, "masked.gltf", "\"leaf_card\"", "\"green\"");
    m = (asset_mesh){0};
    assert_int_equal(asset_import(path, NULL, &m, &err), SWARD_OK);
    assert_int_equal(count_surface(&m, ASSET_SURFACE_LEAF), 4);
    mesh_free(&m);
    variant(path, sizeof path, "petal.gltf", "\"leaf_card\"", "\"Rose_Petal\"");
    assert_int_equal(asset_import(path, NULL, &m, &err), SWARD_OK);
    assert_int_equal(count_surface(&m, ASSET_SURFACE_PETAL), 4);
    mesh_free(&m);
}

static void test_errors(void **state)
{
    (void)state;
    char path[512];
    fixture(path, sizeof path, "no_such_plant.gltf");
    import_fails(path, NULL, SWARD_ERROR_IO, "cannot read");
    fixture(path, sizeof path, "plant.fbx");
    import_fails(path, NULL, SWARD_ERROR_INVALID_INPUT, "unknown mesh file extension '.fbx'");
    fixture(path, sizeof path, "broken_truncated.gltf");
    import_fails(path, NULL, SWARD_ERROR_INVALID_INPUT, "not a valid glTF file: the JSON is malformed at line 1");
    fixture(path, sizeof path, "broken_missing_bin.gltf");
    import_fails(path, NULL, SWARD_ERROR_IO, "buffer 0's file 'nowhere.bin' is missing");
    fixture(path, sizeof path, "broken_accessor.gltf");
    import_fails(path, NULL, SWARD_ERROR_INVALID_INPUT, "not a valid glTF file: GLTF: Accessor");
    fixture(path, sizeof path, "broken_garbage.obj");
    import_fails(path, NULL, SWARD_ERROR_INVALID_INPUT, "not a valid OBJ file: OBJ: vertex index out of range");
    fixture(path, sizeof path, "broken_nan.obj");
    import_fails(path, NULL, SWARD_ERROR_INVALID_INPUT, "vertex 2: the position (nan, 1, 0) is not finite");
    fixture(path, sizeof path, "plant.gltf");
    import_fails(path, &(asset_import_desc){.scale = -1.0f}, SWARD_ERROR_INVALID_INPUT, "import scale -1 is not");
    import_fails(path, &(asset_import_desc){.scale = NAN}, SWARD_ERROR_INVALID_INPUT, "import scale nan is not");
    import_fails(path, &(asset_import_desc){.trunk_radius = -1.0f}, SWARD_ERROR_INVALID_INPUT, "trunk_radius -1");
    import_fails(path, &(asset_import_desc){.max_vertices = 15}, SWARD_ERROR_INVALID_INPUT,
                 "16 vertices (with every node's instance), more than the limit of 15");
    /* no meshes, no triangles (only lines), a pivot half supplied */
    tmp_path(path, sizeof path, "empty.gltf");
    const char *empty = "{\"asset\": {\"version\": \"2.0\"}, \"scenes\": [{\"nodes\": []}], \"scene\": 0}";
    write_bytes(path, empty, strlen(empty));
    import_fails(path, NULL, SWARD_ERROR_INVALID_INPUT, "the file has no meshes");
    tmp_path(path, sizeof path, "lines.obj");
    const char *lines = "v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nl 2 3\n";
    write_bytes(path, lines, strlen(lines));
    import_fails(path, NULL, SWARD_ERROR_INVALID_INPUT, "the file has no triangles (only points or lines)");
    char v[512];
    variant(v, sizeof v, "half_pivot.gltf", "\"TEXCOORD_4\"", "\"_WIND\"");
    import_fails(v, NULL, SWARD_ERROR_INVALID_INPUT, "mesh 'card' has TEXCOORD_3 but not TEXCOORD_4");
    /* a supplied level that is not 0, 1 or 2 (TEXCOORD_4 reading the card's TEXCOORD_2: 0, 0, 0.2, 0.2) */
    variant(v, sizeof v, "bad_level.gltf", "\"TEXCOORD_4\": 10", "\"TEXCOORD_4\": 8");
    import_fails(v, NULL, SWARD_ERROR_INVALID_INPUT, "vertex 2: supplied level 0.2 (TEXCOORD_4's second value) is not 0, 1 or 2");
    /* finite in the file, infinite once the node's scale and the import scale are applied */
    variant(v, sizeof v, "huge.gltf", "\"scale\": [2.0, 2.0, 2.0]", "\"scale\": [3e38, 3e38, 3e38]");
    import_fails(v, &(asset_import_desc){.scale = 1000.0f}, SWARD_ERROR_INVALID_INPUT,
                 "is not finite after the node transforms and the scale");
    /* a plant 100 km tall: a wrong scale */
    fixture(path, sizeof path, "plant_zup_cm.obj");
    import_fails(path, &(asset_import_desc){.scale = 1e6f}, SWARD_ERROR_INVALID_INPUT,
                 "m is farther than 100000 m from the origin (check the scale)");
    /* a hostile file name is escaped in the message */
    tmp_path(path, sizeof path, "bad\x1b[31m.fbx");
    asset_mesh m;
    sward_error err = {0};
    assert_int_equal(asset_import(path, NULL, &m, &err), SWARD_ERROR_INVALID_INPUT);
    assert_null(strchr(err.message, '\x1b'));
    assert_non_null(strstr(err.message, "bad\\x1b[31m.fbx"));
}

/* Truncated at many lengths and with bytes flipped, each fixture gives a sane mesh or an error naming it. */
/* name: the fixture, copied as `as` into the temporary folder (beside good copies of plant.gltf and plant.bin)
 * and mutated there; `imported`: the file imported (`as`, or the .gltf that reads it). */
static void mutate_all(const char *name, const char *as, const char *imported)
{
    char src[512], dst[512], imp[512];
    static unsigned char buf[1 << 16], mut[1 << 16];
    const char *good[] = {"plant.bin", "plant.gltf"};
    for (int g = 0; g < 2; g++) {
        fixture(src, sizeof src, good[g]);
        size_t nb = read_bytes(src, buf, sizeof buf);
        tmp_path(dst, sizeof dst, g ? "host.gltf" : "plant.bin");
        write_bytes(dst, buf, nb);
    }
    fixture(src, sizeof src, name);
    size_t n = read_bytes(src, buf, sizeof buf);
    tmp_path(dst, sizeof dst, as);
    tmp_path(imp, sizeof imp, imported);
    uint32_t ok = 0, failed = 0, seed = 12345u;
    for (size_t cut = 0; cut < n; cut += 1 + cut / 16) {
        write_bytes(dst, buf, cut);
        asset_mesh m;
        sward_error err = {0};
        if (asset_import(imp, NULL, &m, &err) == SWARD_OK) {
            check_sane(&m, false);
            mesh_free(&m);
            ok++;
        } else {
            assert_non_null(strstr(err.message, imported));
            failed++;
        }
    }
    for (int round = 0; round < 300; round++) {
        memcpy(mut, buf, n);
        for (int k = 0; k < 1 + round % 4; k++) {
            seed = seed * 1664525u + 1013904223u;
            size_t at = (seed >> 8) % n;
            seed = seed * 1664525u + 1013904223u;
            mut[at] ^= (unsigned char)(1u << ((seed >> 12) % 8u));
        }
        write_bytes(dst, mut, n);
        asset_mesh m;
        sward_error err = {0};
        if (asset_import(imp, NULL, &m, &err) == SWARD_OK) {
            check_sane(&m, false);
            mesh_free(&m);
            ok++;
        } else {
            assert_non_null(strstr(err.message, imported));
            failed++;
        }
    }
    print_message("%s: %u imported, %u refused\n", name, ok, failed);
    assert_true(failed > 0);
}

static void test_hostile(void **state)
{
    (void)state;
    mutate_all("plant.gltf", "fuzz.gltf", "fuzz.gltf");
    mutate_all("plant.glb", "fuzz.glb", "fuzz.glb");
    mutate_all("plant_zup_cm.obj", "fuzz.obj", "fuzz.obj");
    mutate_all("plant.bin", "plant.bin", "host.gltf"); /* the buffer itself, under a good .gltf */
}

static void test_without_assimp(void **state)
{
    (void)state;
    char path[512];
    fixture(path, sizeof path, "plant.gltf");
    import_fails(path, NULL, SWARD_ERROR_INVALID_INPUT, "this build of sward has no mesh import (built without assimp)");
}

int main(void)
{
    if (!asset_import_available()) {
        const struct CMUnitTest none[] = {cmocka_unit_test(test_without_assimp)};
        return cmocka_run_group_tests(none, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gltf_plant),   cmocka_unit_test(test_glb_same), cmocka_unit_test(test_obj_zup_scale),
        cmocka_unit_test(test_options),      cmocka_unit_test(test_errors),   cmocka_unit_test(test_hostile),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
