/* test_chain.c — LOD chains of meshes that were not generated (src/assets/chain.c, asset_chain_from_mesh; SPEC
 * AS2): an imported fixture (tests/data/meshes/plant.gltf) and generated meshes fed through it as if imported
 * give the kind's levels, each within 10 % of its target scaled to the mesh (or ±1 triangle where 10 % is less
 * than one), monotonically fewer triangles, valid indices, every vertex a vertex of level 0 (wind data kept, not
 * interpolated), the billboard levels exactly as the generated chain of the same mesh has them, and errors for
 * bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "asset_test_util.h"

#include <stdlib.h>

static int vertex_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(asset_vertex));
}

/* The level's target triangles for a mesh of t0 (chain.c's rule, spelled out again). */
static uint32_t scaled_target(uint32_t t0, const uint32_t *mesh, uint32_t lv)
{
    uint32_t t = (uint32_t)((double)t0 * mesh[lv] / mesh[0] + 0.5);
    return t ? t : 1u;
}

/* Builds the chain of src (its mesh part) as `kind` and checks what the header promises; returns the chain. */
static asset_chain check_chain(const char *name, const asset_mesh *src, asset_kind kind)
{
    asset_chain ch;
    sward_error err = {0};
    sward_result r = asset_chain_from_mesh(src, kind, &ch, &err);
    if (r != SWARD_OK) print_error("%s: %s\n", name, err.message);
    assert_int_equal(r, SWARD_OK);
    uint32_t mesh[ASSET_MAX_LODS], from, bb;
    uint32_t n = asset_lod_targets(kind, mesh, &from, &bb);
    assert_int_equal(ch.kind, kind);
    assert_int_equal(ch.lod_count, n);
    assert_int_equal(ch.billboard_from, from);
    assert_int_equal(ch.billboard_cards * 4u, bb);
    /* level 0's vertices, sorted, to find every level's vertices among them */
    asset_vertex *all = malloc((src->vertex_count + 1u) * sizeof *all);
    assert_non_null(all);
    memcpy(all, src->vertices, src->vertex_count * sizeof *all);
    qsort(all, src->vertex_count, sizeof *all, vertex_cmp);
    uint32_t t0 = at_mesh_tris(src), above = t0;
    for (uint32_t lv = 0; lv < n; lv++) {
        const asset_mesh *m = &ch.lods[lv];
        uint32_t got = at_mesh_tris(m), first = asset_mesh_billboard_first(m);
        uint32_t want = lv == 0 ? t0 : mesh[lv] ? scaled_target(t0, mesh, lv) : 0u;
        if (want > above) want = above;
        print_message("%-18s LOD%u: %6u mesh triangles (target %6u) + %2u billboard\n", name, lv, got, want,
                      m->billboard_indices / 3u);
        /* 10 %; below 100 triangles the sloppy simplifier's grid moves in steps of about 10 (a generated tree's LOD1
         * taken to its 52-triangle LOD3: 43 or 61, nothing between, whatever is asked) */
        uint32_t tol = want / 10u > 1u ? want / 10u : (want ? 1u : 0u);
        if (want >= 20u && want < 100u && tol < 10u) tol = 10u;
        assert_true(got + tol >= want && got <= want + tol);
        assert_true(got <= above); /* never more than the level above */
        if (mesh[lv]) assert_true(got >= 1u);
        above = got;
        assert_int_equal(m->billboard_indices, lv >= from ? bb * 3u : 0u);
        assert_int_equal(m->index_count % 3u, 0);
        for (uint32_t i = 0; i < m->index_count; i++)
            assert_true(m->indices[i] < m->vertex_count);
        /* the mesh's corners are vertices of level 0, bit for bit: pivots, phases, distances, levels, branches */
        for (uint32_t i = 0; i < first; i++)
            assert_non_null(bsearch(&m->vertices[m->indices[i]], all, src->vertex_count, sizeof *all, vertex_cmp));
        for (int k = 0; k < 3; k++) /* the bounds are the level's own */
            assert_true(m->bounds_min[k] <= m->bounds_max[k]);
    }
    assert_float_equal(ch.height, ch.lods[0].bounds_max[1], 0.0f);
    free(all);
    return ch;
}

/* The billboards of two chains of the same level 0 are the same, vertex for vertex. */
static void same_billboards(const asset_chain *a, const asset_chain *b)
{
    assert_int_equal(a->lod_count, b->lod_count);
    for (uint32_t lv = a->billboard_from; lv < a->lod_count; lv++) {
        const asset_mesh *x = &a->lods[lv], *y = &b->lods[lv];
        assert_int_equal(x->billboard_indices, y->billboard_indices);
        for (uint32_t i = 0; i < x->billboard_indices; i++) {
            const asset_vertex *p = &x->vertices[x->indices[asset_mesh_billboard_first(x) + i]];
            const asset_vertex *q = &y->vertices[y->indices[asset_mesh_billboard_first(y) + i]];
            assert_memory_equal(p, q, sizeof *p);
        }
    }
}

/* Every kind's generated level 0, fed through as if imported: the kind's chain, and the generated chain's
 * billboards (both sized to the same level 0). */
static void test_generated_mesh(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < AT_CASE_COUNT; i++) {
        const at_case *c = &AT_CASES[i];
        asset_chain gen = at_generate(c);
        asset_chain ch = check_chain(c->name, &gen.lods[0], c->d.kind);
        same_billboards(&gen, &ch);
        /* a level 0 that is itself the generated mesh: the same triangles, in the same cache order */
        assert_int_equal(ch.lods[0].index_count, gen.lods[0].index_count);
        asset_chain_free(&ch);
        /* a mesh that carries a billboard (a baked level read back) is its mesh part */
        if (gen.billboard_from < gen.lod_count && at_mesh_tris(&gen.lods[gen.billboard_from]) > 0) {
            asset_chain lv = check_chain(c->name, &gen.lods[gen.billboard_from], c->d.kind);
            assert_int_equal(at_mesh_tris(&lv.lods[0]), at_mesh_tris(&gen.lods[gen.billboard_from]));
            asset_chain_free(&lv);
        }
        asset_chain_free(&gen);
    }
}

/* The imported fixture (a stem and a card with supplied wind data) as every kind. */
static void test_imported_fixture(void **state)
{
    (void)state;
    if (!asset_import_available()) skip();
    const char *data = getenv("SWARD_TEST_DATA");
    assert_non_null(data);
    char path[512];
    snprintf(path, sizeof path, "%s/meshes/plant.gltf", data);
    asset_mesh m;
    sward_error err = {0};
    assert_int_equal(asset_import(path, NULL, &m, &err), SWARD_OK);
    for (uint32_t k = 0; k < ASSET_KIND_COUNT; k++) {
        static const char *const names[] = {"plant.gltf tree", "plant.gltf plant", "plant.gltf flower",
                                            "plant.gltf rock"};
        asset_chain ch = check_chain(names[k], &m, (asset_kind)k);
        /* the card's supplied wind data survives on every level that keeps it */
        for (uint32_t lv = 0; lv < ch.lod_count; lv++)
            for (uint32_t i = 0; i < asset_mesh_billboard_first(&ch.lods[lv]); i++) {
                const asset_vertex *v = &ch.lods[lv].vertices[ch.lods[lv].indices[i]];
                if (v->surface == ASSET_SURFACE_LEAF) assert_int_equal(v->level, ASSET_LEVEL_LEAF);
            }
        asset_chain_free(&ch);
    }
    asset_mesh_free(&m);
}

/* A larger mesh with seams and many parts: a generated tree's level 1 (cards and wood) as a rock, whose levels
 * are simplification alone, must still land within 10 %. */
static void test_targets_large(void **state)
{
    (void)state;
    asset_chain gen = at_generate(&AT_CASES[0]);
    for (uint32_t k = 0; k < ASSET_KIND_COUNT; k++) {
        asset_chain ch = check_chain("tree LOD1 as kind", &gen.lods[1], (asset_kind)k);
        asset_chain_free(&ch);
    }
    asset_chain_free(&gen);
}

static void test_errors(void **state)
{
    (void)state;
    asset_chain gen = at_generate(&AT_CASES[1]);
    asset_chain ch;
    sward_error err = {0};
    assert_int_equal(asset_chain_from_mesh(&gen.lods[0], ASSET_KIND_COUNT, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "kind"));
    assert_int_equal(ch.lod_count, 0);
    asset_mesh bad = gen.lods[0];
    bad.index_count = 0;
    assert_int_equal(asset_chain_from_mesh(&bad, ASSET_KIND_PLANT, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "no triangles"));
    bad = gen.lods[0];
    bad.vertex_count = 3; /* the indices now point past the vertices */
    assert_int_equal(asset_chain_from_mesh(&bad, ASSET_KIND_PLANT, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "beyond the 3 vertices"));
    bad = gen.lods[gen.lod_count - 1]; /* only a billboard: no mesh to build from */
    assert_int_equal(asset_chain_from_mesh(&bad, ASSET_KIND_PLANT, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    asset_chain_free(&gen);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generated_mesh),
        cmocka_unit_test(test_imported_fixture),
        cmocka_unit_test(test_targets_large),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
