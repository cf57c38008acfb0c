/* test_generate.c — the procedural generator (src/assets/generate.c, rock.c; SPEC AS1, the baked wind data of
 * GA6 and GA9, HZD "Vertex Program: Trees"): for every kind's default and other seeds and sizes, the most
 * detailed level: the size matches the desc; indices in range, unit normals, fronts outward; trunk_dist strictly
 * increasing along each branch from its base to its tip and continuing its parent's; branch_dist from 0 at the
 * attach point rising along each leaf; pivots on the parent part; the gradient from 0 at the root to 1 at the
 * highest tip; AO darker inside the crown; the same seed gives the same bytes, another seed another mesh; bad
 * descs are refused naming the field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "asset_test_util.h"

#include <stdlib.h>

static void test_size_matches_desc(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < AT_CASE_COUNT; i++) {
        const at_case *c = &AT_CASES[i];
        asset_chain ch = at_generate(c);
        const asset_mesh *m = &ch.lods[0];
        print_message("%-17s height %.3f (want %.3f), radius %.3f (want %.3f), y from %.4f\n", c->name,
                      (double)ch.height, (double)c->height, (double)ch.radius, (double)c->width / 2,
                      (double)m->bounds_min[1]);
        assert_true(fabsf(ch.height - c->height) <= 0.02f * c->height);
        assert_true(fabsf(m->bounds_max[1] - c->height) <= 0.02f * c->height);
        assert_true(fabsf(ch.radius - 0.5f * c->width) <= 0.03f * c->width);
        /* the root on the ground: nothing more than a tube's radius below it */
        assert_true(m->bounds_min[1] > -0.02f * c->height && m->bounds_min[1] < 0.02f * c->height);
        asset_chain_free(&ch);
    }
}

/* Indices, normals, uv and every wind field in range, on every level; triangles face the way their normals do
 * (all on level 0, the cards on every level). */
static void check_mesh(const asset_mesh *m, const char *name, uint32_t lv)
{
    assert_true(m->index_count % 3 == 0 && m->index_count > 0);
    assert_true(m->billboard_indices <= m->index_count);
    for (uint32_t i = 0; i < m->index_count; i++)
        assert_true(m->indices[i] < m->vertex_count);
    for (uint32_t i = 0; i < m->vertex_count; i++) {
        const asset_vertex *v = &m->vertices[i];
        assert_true(fabsf(at_len3(v->normal) - 1.0f) < 1e-3f);
        assert_true(v->uv[0] >= 0.0f && v->uv[0] <= 1.0f && v->uv[1] >= 0.0f && v->uv[1] <= 1.0f);
        if (v->surface == ASSET_SURFACE_BARK) assert_true(v->uv[0] <= 0.5f);
        assert_true(v->phase >= 0.0f && v->phase < 1.0f);
        assert_true(v->ao > 0.0f && v->ao <= 1.0f);
        assert_true(v->gradient >= 0.0f && v->gradient <= 1.0f);
        assert_true(v->trunk_dist >= 0.0f && v->branch_dist >= 0.0f);
        assert_true(v->level <= ASSET_LEVEL_LEAF && v->surface <= ASSET_SURFACE_PETAL);
        if (v->level != ASSET_LEVEL_LEAF) assert_true(v->branch_dist == 0.0f);
        if (v->level == ASSET_LEVEL_TRUNK) assert_true(v->trunk_dist == 0.0f);
    }
    uint32_t facing = 0, counted = 0;
    for (uint32_t t = 0; t < asset_mesh_billboard_first(m); t += 3) {
        const asset_vertex *a = &m->vertices[m->indices[t]], *b = &m->vertices[m->indices[t + 1]],
                           *c = &m->vertices[m->indices[t + 2]];
        float e[3], g[3], n[3], s = 0.0f;
        for (int k = 0; k < 3; k++)
            e[k] = b->pos[k] - a->pos[k], g[k] = c->pos[k] - a->pos[k];
        n[0] = e[1] * g[2] - e[2] * g[1], n[1] = e[2] * g[0] - e[0] * g[2], n[2] = e[0] * g[1] - e[1] * g[0];
        /* simplified wood keeps its vertices' normals on folded shapes: only the full tubes and the cards */
        if (at_len3(n) < 1e-10f || (lv > 0 && a->level != ASSET_LEVEL_LEAF)) continue;
        for (int k = 0; k < 3; k++)
            s += n[k] * (a->normal[k] + b->normal[k] + c->normal[k]);
        facing += s > 0.0f;
        counted++;
    }
    if (facing < counted * 95u / 100u)
        print_message("%s level %u: %u of %u triangles face their normals\n", name, lv, facing, counted);
    assert_true(facing >= counted * 95u / 100u); /* counter-clockwise from the front */
}

static void test_mesh_valid(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < AT_CASE_COUNT; i++) {
        asset_chain ch = at_generate(&AT_CASES[i]);
        for (uint32_t lv = 0; lv < ch.lod_count; lv++)
            check_mesh(&ch.lods[lv], AT_CASES[i].name, lv);
        asset_chain_free(&ch);
    }
}

/* The rings of branch b of lods[0] (its wood vertices grouped by trunk_dist), in increasing trunk_dist. */
typedef struct ring {
    float td, c[3], gradient;
    uint32_t n;
} ring;

static int ring_cmp(const void *a, const void *b)
{
    float x = ((const ring *)a)->td, y = ((const ring *)b)->td;
    return (x > y) - (x < y);
}

static uint32_t branch_rings(const asset_mesh *m, uint32_t b, ring *out, uint32_t cap, float *pivot)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < asset_mesh_billboard_first(m); i++) {
        const asset_vertex *v = &m->vertices[m->indices[i]];
        if (v->level != ASSET_LEVEL_BRANCH || v->branch != b) continue;
        memcpy(pivot, v->pivot, sizeof v->pivot);
        uint32_t r = 0;
        while (r < n && out[r].td != v->trunk_dist)
            r++;
        if (r == n) {
            assert_true(n < cap);
            memset(&out[n++], 0, sizeof *out);
            out[r].td = v->trunk_dist;
        }
        for (int k = 0; k < 3; k++)
            out[r].c[k] += v->pos[k];
        out[r].gradient = v->gradient;
        out[r].n++;
    }
    for (uint32_t r = 0; r < n; r++)
        for (int k = 0; k < 3; k++)
            out[r].c[k] /= (float)out[r].n;
    qsort(out, n, sizeof *out, ring_cmp);
    return n;
}

static uint32_t max_branch(const asset_mesh *m)
{
    uint32_t b = 0;
    for (uint32_t i = 0; i < m->vertex_count; i++)
        if (m->vertices[i].branch > b) b = m->vertices[i].branch;
    return b;
}

/* The wood vertex of another branch nearest to p (the parent part a branch leaves). */
static const asset_vertex *nearest_other(const asset_mesh *m, const float *p, uint32_t not_branch)
{
    const asset_vertex *best = NULL;
    float bd = INFINITY;
    for (uint32_t i = 0; i < m->vertex_count; i++) {
        const asset_vertex *v = &m->vertices[i];
        if (v->level == ASSET_LEVEL_LEAF || v->branch == not_branch) continue;
        float d = at_dist3(v->pos, p);
        if (d < bd) bd = d, best = v;
    }
    return best;
}

/* trunk_dist strictly increasing from a branch's base to its tip (each ring further from the pivot along the
 * branch), starting at its parent's trunk_dist where the pivot is; the pivot on the parent (or on the ground). */
static void test_trunk_dist_monotonic(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < AT_CASE_COUNT; i++) {
        const at_case *c = &AT_CASES[i];
        if (c->d.kind == ASSET_KIND_ROCK) continue;
        asset_chain ch = at_generate(c);
        const asset_mesh *m = &ch.lods[0];
        uint32_t branches = 0, continued = 0;
        for (uint32_t b = 1; b <= max_branch(m); b++) {
            ring r[64];
            float pivot[3];
            uint32_t n = branch_rings(m, b, r, 64, pivot);
            if (n == 0) continue;
            branches++;
            assert_true(n >= 5);
            for (uint32_t k = 1; k < n; k++) {
                assert_true(r[k].td > r[k - 1].td);
                /* m along the branch: the ring next in trunk_dist is the next along the axis, as far away as the
                   trunk_dist says (the tubes bend little between rings) */
                float step = at_dist3(r[k].c, r[k - 1].c), dtd = r[k].td - r[k - 1].td;
                assert_true(fabsf(step - dtd) <= 0.15f * dtd + 0.01f * c->height);
            }
            assert_true(at_dist3(r[0].c, pivot) < 0.02f * c->height); /* the base ring is at the pivot */
            if (pivot[1] < 0.005f * c->height) {
                assert_true(r[0].td < 1e-4f); /* a stalk from the ground */
                continue;
            }
            const asset_vertex *p = nearest_other(m, pivot, b);
            assert_true(at_dist3(p->pos, pivot) < 0.06f * c->height);
            assert_true(fabsf(p->trunk_dist - r[0].td) < 0.08f * c->height);
            continued += r[0].td > 0.0f;
        }
        assert_true(branches >= (c->d.kind == ASSET_KIND_TREE ? 3u : 1u));
        if (c->d.kind == ASSET_KIND_TREE) assert_true(continued > 0); /* side branches continue their parent's */
        asset_chain_free(&ch);
    }
}

/* Distance from p to the segment a-b; *t the fraction along it of the nearest point. */
static float seg_dist(const float *p, const float *a, const float *b, float *t)
{
    float ab[3], ap[3], l2 = 0.0f, d = 0.0f;
    for (int k = 0; k < 3; k++)
        ab[k] = b[k] - a[k], ap[k] = p[k] - a[k], l2 += ab[k] * ab[k], d += ab[k] * ap[k];
    *t = l2 > 0.0f ? fminf(fmaxf(d / l2, 0.0f), 1.0f) : 0.0f;
    float q[3];
    for (int k = 0; k < 3; k++)
        q[k] = a[k] + *t * ab[k];
    return at_dist3(p, q);
}

/* Each card of lods[0] (its vertices are contiguous: one pivot and phase): branch_dist 0 at the attach point,
 * rising row by row to the tip; the pivot on its branch's wood; its trunk_dist its branch's there. */
static void test_leaf_data(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < AT_CASE_COUNT; i++) {
        const at_case *c = &AT_CASES[i];
        if (c->d.kind == ASSET_KIND_ROCK) continue;
        asset_chain ch = at_generate(c);
        const asset_mesh *m = &ch.lods[0];
        uint32_t cards = 0;
        for (uint32_t v = 0; v < m->vertex_count;) {
            const asset_vertex *a = &m->vertices[v];
            if (a->level != ASSET_LEVEL_LEAF) {
                v++;
                continue;
            }
            uint32_t e = v;
            while (e < m->vertex_count && m->vertices[e].level == ASSET_LEVEL_LEAF &&
                   m->vertices[e].phase == a->phase && !memcmp(m->vertices[e].pivot, a->pivot, sizeof a->pivot))
                e++;
            assert_true((e - v) % 2 == 0 && e - v >= 4); /* rows of two */
            assert_true(a->branch_dist == 0.0f && m->vertices[v + 1].branch_dist == 0.0f);
            assert_true(at_dist3(a->pos, a->pivot) < at_dist3(m->vertices[e - 1].pos, a->pivot));
            for (uint32_t k = v + 2; k < e; k += 2) {
                assert_true(m->vertices[k].branch_dist > m->vertices[k - 2].branch_dist);
                assert_true(m->vertices[k].branch_dist == m->vertices[k + 1].branch_dist);
            }
            /* the attach point is on the leaf's branch's axis (the polyline of its rings), its trunk_dist the
               branch's there */
            ring r[64];
            float pivot[3], bd = INFINITY, td = 0.0f;
            uint32_t n = branch_rings(m, a->branch, r, 64, pivot);
            assert_true(n >= 2);
            for (uint32_t k = 1; k < n; k++) {
                float t, d = seg_dist(a->pivot, r[k - 1].c, r[k].c, &t);
                if (d < bd) bd = d, td = r[k - 1].td + t * (r[k].td - r[k - 1].td);
            }
            assert_true(bd < 0.01f * c->height);
            assert_true(fabsf(a->trunk_dist - td) < 0.02f * c->height);
            cards++;
            v = e;
        }
        assert_true(cards > 50);
        asset_chain_free(&ch);
    }
}

/* Gradient: 0 at the root, 1 at the highest tip; a tree's is its height / the asset's, a plant's rises along
 * each stalk; a rock has none. */
static void test_gradient(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < AT_CASE_COUNT; i++) {
        const at_case *c = &AT_CASES[i];
        asset_chain ch = at_generate(c);
        const asset_mesh *m = &ch.lods[0];
        float lo = INFINITY, hi = -INFINITY;
        for (uint32_t k = 0; k < m->vertex_count; k++) {
            const asset_vertex *v = &m->vertices[k];
            lo = fminf(lo, v->gradient);
            hi = fmaxf(hi, v->gradient);
            if (c->d.kind == ASSET_KIND_TREE)
                assert_true(fabsf(v->gradient - fminf(fmaxf(v->pos[1] / c->height, 0.0f), 1.0f)) < 0.02f);
            if (c->d.kind == ASSET_KIND_ROCK) assert_true(v->gradient == 0.0f && v->level == ASSET_LEVEL_TRUNK);
            if (v->pos[1] < 0.001f * c->height && v->level != ASSET_LEVEL_LEAF) assert_true(v->gradient < 0.05f);
        }
        if (c->d.kind == ASSET_KIND_ROCK) {
            asset_chain_free(&ch);
            continue;
        }
        assert_true(lo < 0.01f);
        assert_true(hi > 0.999f);
        if (c->d.kind != ASSET_KIND_TREE)
            for (uint32_t b = 1; b <= max_branch(m); b++) {
                ring r[64];
                float pivot[3];
                uint32_t n = branch_rings(m, b, r, 64, pivot);
                for (uint32_t k = 1; k < n; k++)
                    assert_true(r[k].gradient > r[k - 1].gradient);
            }
        asset_chain_free(&ch);
    }
}

/* Baked AO: the cards deep in the crown darker than those at its surface; the base of the trunk darker than
 * the leaves outside. */
static void test_ao(void **state)
{
    (void)state;
    asset_chain ch = at_generate(&AT_CASES[0]);
    const asset_mesh *m = &ch.lods[0];
    double c[3] = {0, 0, 0}, n = 0;
    for (uint32_t k = 0; k < m->vertex_count; k++)
        if (m->vertices[k].level == ASSET_LEVEL_LEAF) {
            for (int j = 0; j < 3; j++)
                c[j] += m->vertices[k].pos[j];
            n++;
        }
    float centre[3] = {(float)(c[0] / n), (float)(c[1] / n), (float)(c[2] / n)}, far = 0.0f;
    for (uint32_t k = 0; k < m->vertex_count; k++)
        if (m->vertices[k].level == ASSET_LEVEL_LEAF) far = fmaxf(far, at_dist3(m->vertices[k].pos, centre));
    double inner = 0, outer = 0, base = 0;
    uint32_t ni = 0, no = 0, nb = 0;
    for (uint32_t k = 0; k < m->vertex_count; k++) {
        const asset_vertex *v = &m->vertices[k];
        float d = at_dist3(v->pos, centre) / far;
        if (v->level == ASSET_LEVEL_LEAF && d < 0.4f) inner += v->ao, ni++;
        if (v->level == ASSET_LEVEL_LEAF && d > 0.8f) outer += v->ao, no++;
        if (v->level == ASSET_LEVEL_TRUNK && v->pos[1] < 0.05f * ch.height) base += v->ao, nb++;
    }
    assert_true(ni > 10 && no > 10 && nb > 0);
    print_message("ao: inner cards %.3f, outer cards %.3f, trunk base %.3f\n", inner / ni, outer / no, base / nb);
    assert_true(inner / ni < 0.8 * (outer / no));
    assert_true(base / nb < 0.8 * (outer / no));
    asset_chain_free(&ch);
}

static bool chains_equal(const asset_chain *a, const asset_chain *b)
{
    if (a->lod_count != b->lod_count) return false;
    for (uint32_t lv = 0; lv < a->lod_count; lv++) {
        const asset_mesh *x = &a->lods[lv], *y = &b->lods[lv];
        if (x->vertex_count != y->vertex_count || x->index_count != y->index_count) return false;
        if (memcmp(x->vertices, y->vertices, x->vertex_count * sizeof *x->vertices)) return false;
        if (memcmp(x->indices, y->indices, x->index_count * sizeof *x->indices)) return false;
    }
    return true;
}

static void test_deterministic(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < AT_CASE_COUNT; i++) {
        asset_chain a = at_generate(&AT_CASES[i]), b = at_generate(&AT_CASES[i]);
        assert_true(chains_equal(&a, &b));
        at_case other = AT_CASES[i];
        other.d.seed += 1;
        asset_chain c = at_generate(&other);
        assert_false(chains_equal(&a, &c));
        /* another seed moves the geometry, not only the phases */
        uint32_t n = a.lods[0].vertex_count < c.lods[0].vertex_count ? a.lods[0].vertex_count : c.lods[0].vertex_count,
                 moved = 0;
        for (uint32_t k = 0; k < n; k++)
            moved += at_dist3(a.lods[0].vertices[k].pos, c.lods[0].vertices[k].pos) > 1e-3f * AT_CASES[i].height;
        assert_true(moved > n / 2);
        asset_chain_free(&a);
        asset_chain_free(&b);
        asset_chain_free(&c);
    }
}

/* A bad desc: refused with SWARD_ERROR_INVALID_INPUT, a message naming the field, and an empty chain. */
static void refused(asset_gen_desc d, const char *field)
{
    asset_chain ch;
    sward_error err = {0};
    assert_int_equal(asset_generate(&d, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    print_message("%-10s -> %s\n", field, err.message);
    assert_non_null(strstr(err.message, field));
    assert_int_equal(ch.lod_count, 0);
    assert_null(ch.lods[0].vertices);
}

static void test_bad_inputs(void **state)
{
    (void)state;
    refused((asset_gen_desc){.kind = ASSET_KIND_TREE, .height = NAN}, "height");
    refused((asset_gen_desc){.kind = ASSET_KIND_TREE, .height = INFINITY}, "height");
    refused((asset_gen_desc){.kind = ASSET_KIND_PLANT, .height = -1.0f}, "height");
    refused((asset_gen_desc){.kind = ASSET_KIND_TREE, .height = 1000.0f}, "height");
    refused((asset_gen_desc){.kind = ASSET_KIND_FLOWER, .height = 0.001f}, "height");
    refused((asset_gen_desc){.kind = ASSET_KIND_TREE, .width = -2.0f}, "width");
    refused((asset_gen_desc){.kind = ASSET_KIND_ROCK, .width = NAN}, "width");
    refused((asset_gen_desc){.kind = ASSET_KIND_TREE, .height = 5.0f, .width = 50.0f}, "width");
    refused((asset_gen_desc){.kind = ASSET_KIND_PLANT, .leaf_size = -0.1f}, "leaf_size");
    refused((asset_gen_desc){.kind = ASSET_KIND_FLOWER, .leaf_size = 3.0f}, "leaf_size");
    refused((asset_gen_desc){.kind = ASSET_KIND_TREE, .branches = 17}, "branches");
    refused((asset_gen_desc){.kind = ASSET_KIND_ROCK, .branches = 1}, "branches");
    refused((asset_gen_desc){.kind = ASSET_KIND_PLANT, .variant = 2}, "variant");
    refused((asset_gen_desc){.kind = ASSET_KIND_TREE, .variant = 1}, "variant");
    refused((asset_gen_desc){.kind = (asset_kind)9}, "kind");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_matches_desc),
        cmocka_unit_test(test_mesh_valid),
        cmocka_unit_test(test_trunk_dist_monotonic),
        cmocka_unit_test(test_leaf_data),
        cmocka_unit_test(test_gradient),
        cmocka_unit_test(test_ao),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_bad_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
