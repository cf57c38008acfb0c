/* test_lod.c — LOD chains (src/assets/lod.c; SPEC AS2, HZD "Assets: Trees", "Assets: Plants", "Build LOD chain
 * of components"): for every kind's default and other seeds and sizes, each level within 10 % of its triangle
 * target (trees ~10000, ~2600, ~1200, ~200 + 12, 12; plants and flowers ~2000, ~800, ~140, 8; rocks ~1000, ~300,
 * ~80); built up, not down: each level's cards are a subset of the level above's, enlarged so that the cards'
 * area stays level 0's; the wood simplified level by level; the billboard's cards, angles, atlas cells and size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "asset_test_util.h"

#include <meshoptimizer.h>
#include <stdlib.h>

static void test_targets(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < AT_CASE_COUNT; i++) {
        const at_case *c = &AT_CASES[i];
        asset_chain ch = at_generate(c);
        uint32_t mesh[ASSET_MAX_LODS], from, bb;
        uint32_t n = asset_lod_targets(c->d.kind, mesh, &from, &bb);
        assert_int_equal(ch.lod_count, n);
        assert_int_equal(ch.lod_count, c->d.kind == ASSET_KIND_TREE ? 5 : c->d.kind == ASSET_KIND_ROCK ? 3 : 4);
        assert_int_equal(ch.billboard_from, from);
        assert_int_equal(ch.billboard_from, 3); /* rocks: lod_count, no billboard */
        assert_int_equal(ch.billboard_cards * 4u, bb);
        for (uint32_t lv = 0; lv < n; lv++) {
            const asset_mesh *m = &ch.lods[lv];
            uint32_t got = at_mesh_tris(m), bb_got = m->billboard_indices / 3u;
            print_message("%-17s LOD%u: %5u mesh triangles (target %5u) + %2u billboard\n", c->name, lv, got, mesh[lv],
                          bb_got);
            assert_true(got >= mesh[lv] * 9u / 10u && got * 10u <= mesh[lv] * 11u);
            assert_int_equal(bb_got, lv >= from ? bb : 0u);
        }
        asset_chain_free(&ch);
    }
}

/* A card's identity across levels: its pivot, phase and branch (enlarging moves its corners, not these). */
typedef struct card_key {
    float pivot[3], phase;
    uint32_t branch;
} card_key;

static int key_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(card_key));
}

/* The distinct cards of level m, sorted; their area in *area. */
static uint32_t level_cards(const asset_mesh *m, card_key **out, double *area)
{
    card_key *k = calloc(m->vertex_count + 1u, sizeof *k);
    uint32_t n = 0;
    for (uint32_t i = 0; i < m->vertex_count; i++) {
        const asset_vertex *v = &m->vertices[i];
        if (v->level != ASSET_LEVEL_LEAF) continue;
        card_key c;
        memset(&c, 0, sizeof c);
        memcpy(c.pivot, v->pivot, sizeof c.pivot);
        c.phase = v->phase;
        c.branch = v->branch;
        k[n++] = c;
    }
    qsort(k, n, sizeof *k, key_cmp);
    uint32_t u = 0;
    for (uint32_t i = 0; i < n; i++)
        if (u == 0 || key_cmp(&k[u - 1], &k[i])) k[u++] = k[i];
    *area = 0.0;
    for (uint32_t t = 0; t < asset_mesh_billboard_first(m); t += 3) {
        const asset_vertex *a = &m->vertices[m->indices[t]], *b = &m->vertices[m->indices[t + 1]],
                           *c = &m->vertices[m->indices[t + 2]];
        if (a->level != ASSET_LEVEL_LEAF) continue;
        double e[3], g[3];
        for (int j = 0; j < 3; j++)
            e[j] = (double)b->pos[j] - a->pos[j], g[j] = (double)c->pos[j] - a->pos[j];
        double x = e[1] * g[2] - e[2] * g[1], y = e[2] * g[0] - e[0] * g[2], z = e[0] * g[1] - e[1] * g[0];
        *area += 0.5 * sqrt(x * x + y * y + z * z);
    }
    *out = k;
    return u;
}

static uint32_t distinct_branches(const card_key *k, uint32_t n)
{
    uint32_t count = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = 0;
        while (j < i && k[j].branch != k[i].branch)
            j++;
        count += j == i;
    }
    return count;
}

/* LOD up: every level's cards are among the level above's, fewer of them, spread over the plant, enlarged to
 * keep level 0's area. */
static void test_lod_up(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < AT_CASE_COUNT; i++) {
        const at_case *c = &AT_CASES[i];
        if (c->d.kind == ASSET_KIND_ROCK) continue;
        asset_chain ch = at_generate(c);
        card_key *prev = NULL;
        uint32_t prev_n = 0;
        double area0 = 0.0;
        uint32_t branches0 = 0;
        for (uint32_t lv = 0; lv < ch.billboard_from + (c->d.kind == ASSET_KIND_TREE ? 1u : 0u); lv++) {
            card_key *k;
            double area;
            uint32_t n = level_cards(&ch.lods[lv], &k, &area);
            print_message("%-17s LOD%u: %5u cards, area %.3f m^2\n", c->name, lv, n, area);
            assert_true(n > 0);
            /* enlarged about their centres, the cards stay near the plant (a flower's leaf kept at ~140 triangles
               grows ~4x: half the size of the asset is the slack) and above the ground */
            const asset_mesh *m = &ch.lods[lv], *m0 = &ch.lods[0];
            float slack = 0.5f * fmaxf(c->height, c->width);
            for (int j = 0; j < 3; j++) {
                assert_true(m->bounds_min[j] >= m0->bounds_min[j] - (j == 1 ? 0.01f * c->height : slack));
                assert_true(m->bounds_max[j] <= m0->bounds_max[j] + slack);
            }
            if (lv == 0) area0 = area;
            assert_true(fabs(area - area0) <= 0.1 * area0); /* the crown keeps its coverage */
            /* the fixed pseudo-random order spreads a level's cards over the whole plant, not a few branches */
            uint32_t branches = distinct_branches(k, n);
            if (lv == 0) branches0 = branches;
            assert_true(branches * 2u >= (n < branches0 ? n : branches0));
            if (prev) {
                assert_true(n < prev_n);
                for (uint32_t j = 0; j < n; j++)
                    assert_non_null(bsearch(&k[j], prev, prev_n, sizeof *k, key_cmp));
            }
            free(prev);
            prev = k;
            prev_n = n;
        }
        free(prev);
        asset_chain_free(&ch);
    }
}

/* The wood (everything that is not a card or the billboard) thins level by level: the first level keeps it all,
 * the rest simplify it to their share of the budget. */
static void test_wood_simplified(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < AT_CASE_COUNT; i++) {
        const at_case *c = &AT_CASES[i];
        asset_chain ch = at_generate(c);
        uint32_t prev = UINT32_MAX, wood0 = 0;
        for (uint32_t lv = 0; lv < ch.lod_count; lv++) {
            const asset_mesh *m = &ch.lods[lv];
            if (at_mesh_tris(m) == 0) continue;
            uint32_t wood = 0;
            for (uint32_t t = 0; t < asset_mesh_billboard_first(m); t += 3)
                wood += m->vertices[m->indices[t]].level != ASSET_LEVEL_LEAF;
            if (lv == 0) wood0 = wood;
            assert_true(wood > 0 && wood < prev);
            /* the wood's share of the level: about its share of level 0 (simplification may stop up to 25 % over) */
            if (lv > 0 && c->d.kind != ASSET_KIND_ROCK)
                assert_true((double)wood / at_mesh_tris(m) <= 1.3 * wood0 / at_mesh_tris(&ch.lods[0]) + 0.02);
            prev = wood;
        }
        asset_chain_free(&ch);
    }
}

/* The billboard: `cards` vertical cards through the centre of lods[0]'s bounds, 180 / cards degrees apart, each
 * two quads stacked, card c on atlas cell c of a strip of `cards`, spanning lods[0]'s height and width. */
static void test_billboard(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < AT_CASE_COUNT; i++) {
        const at_case *c = &AT_CASES[i];
        asset_chain ch = at_generate(c);
        if (c->d.kind == ASSET_KIND_ROCK) {
            assert_int_equal(ch.billboard_cards, 0);
            for (uint32_t lv = 0; lv < ch.lod_count; lv++)
                assert_int_equal(asset_mesh_billboard_first(&ch.lods[lv]), ch.lods[lv].index_count);
            asset_chain_free(&ch);
            continue;
        }
        uint32_t cards = c->d.kind == ASSET_KIND_TREE ? 3u : 2u;
        assert_int_equal(ch.billboard_cards, cards);
        const asset_mesh *b = &ch.lods[ch.lod_count - 1u], *m0 = &ch.lods[0];
        assert_int_equal(asset_mesh_billboard_first(b), 0);
        assert_int_equal(b->index_count, cards * 4u * 3u);
        assert_int_equal(b->vertex_count, cards * 6u);
        float half = 0.5f * fmaxf(m0->bounds_max[0] - m0->bounds_min[0], m0->bounds_max[2] - m0->bounds_min[2]);
        assert_true(fabsf(b->bounds_min[1] - m0->bounds_min[1]) < 1e-4f);
        assert_true(fabsf(b->bounds_max[1] - m0->bounds_max[1]) < 1e-4f);
        for (uint32_t card = 0; card < cards; card++) {
            const asset_vertex *v = &b->vertices[card * 6u];
            for (uint32_t j = 0; j < 6; j++) {
                assert_int_equal(v[j].level, ASSET_LEVEL_TRUNK);
                assert_int_equal(v[j].surface, ASSET_SURFACE_LEAF);
                assert_true(v[j].uv[0] >= (float)card / (float)cards - 1e-6f);
                assert_true(v[j].uv[0] <= (float)(card + 1u) / (float)cards + 1e-6f);
                assert_true(fabsf(v[j].normal[1]) < 1e-6f);
                assert_true(fabsf(v[j].gradient - fmaxf(v[j].pos[1], 0.0f) / m0->bounds_max[1]) < 1e-3f);
            }
            /* two ends half the bounds' larger side apart from the centre */
            float w = at_dist3(v[0].pos, v[1].pos);
            assert_true(fabsf(w - 2.0f * half) < 1e-3f * half);
            /* angle to the next card: 180 / cards degrees */
            const asset_vertex *u = &b->vertices[((card + 1u) % cards) * 6u];
            float d = v[0].normal[0] * u[0].normal[0] + v[0].normal[2] * u[0].normal[2];
            assert_true(fabsf(fabsf(d) - cosf(3.14159265f / (float)cards)) < 1e-4f);
        }
        /* the level before the last shows the same billboard after its mesh (trees: ~200 + 12) */
        if (c->d.kind == ASSET_KIND_TREE) {
            const asset_mesh *l3 = &ch.lods[3];
            assert_int_equal(l3->billboard_indices, 36u);
            for (uint32_t t = asset_mesh_billboard_first(l3); t < l3->index_count; t++)
                assert_int_equal(l3->vertices[l3->indices[t]].level, ASSET_LEVEL_TRUNK);
        }
        asset_chain_free(&ch);
    }
}

/* Each level's triangles are in post-transform cache order (meshopt_optimizeVertexCache): far fewer vertex
 * shader runs per triangle than the same triangles shuffled. */
static void test_vertex_cache_order(void **state)
{
    (void)state;
    asset_chain ch = at_generate(&AT_CASES[0]);
    for (uint32_t lv = 0; lv < 3; lv++) {
        const asset_mesh *m = &ch.lods[lv];
        uint32_t n = asset_mesh_billboard_first(m), tris = n / 3u, *shuffled = malloc(n * sizeof *shuffled);
        memcpy(shuffled, m->indices, n * sizeof *shuffled);
        uint32_t x = 12345u;
        for (uint32_t t = tris; t > 1; t--) {
            x = x * 1664525u + 1013904223u;
            uint32_t j = (x >> 8) % t, tmp[3];
            memcpy(tmp, &shuffled[3 * (t - 1)], sizeof tmp);
            memcpy(&shuffled[3 * (t - 1)], &shuffled[3 * j], sizeof tmp);
            memcpy(&shuffled[3 * j], tmp, sizeof tmp);
        }
        struct meshopt_VertexCacheStatistics s = meshopt_analyzeVertexCache(m->indices, n, m->vertex_count, 16, 0, 0),
                                             r = meshopt_analyzeVertexCache(shuffled, n, m->vertex_count, 16, 0, 0);
        print_message("LOD%u: ACMR %.3f (shuffled %.3f)\n", lv, (double)s.acmr, (double)r.acmr);
        assert_true(s.acmr < 0.8f * r.acmr);
        free(shuffled);
    }
    asset_chain_free(&ch);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_targets),
        cmocka_unit_test(test_lod_up),
        cmocka_unit_test(test_wood_simplified),
        cmocka_unit_test(test_billboard),
        cmocka_unit_test(test_vertex_cache_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
