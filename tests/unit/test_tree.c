/* test_tree.c — the Weber-Penn tree model (src/assets/tree_*.c; SPEC AS1, AS2, GA6): for every species preset,
 * stems per level within what the parameters allow; the same seed gives the same bytes, another seed or age
 * another tree; every stem of level >= 1 inside the pruning envelope; the wind data monotonic along every branch
 * and the level rising with the depth; the taper and the curve's sign; LOD0 near 10000 triangles and the chain within lod.c's targets; the
 * species' side silhouettes differ; the chain keeps the trunk; the shape ratio's values at known points; bad species and ages refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "asset_test_util.h"
#include "assets/tree.h"

#include <stdlib.h>

static asset_chain species_chain(uint32_t species, uint32_t seed, float age, float height)
{
    at_case c = {.name = asset_tree_species_name(species),
                 .d = {.kind = ASSET_KIND_TREE, .species = species, .seed = seed, .age = age, .height = height}};
    return at_generate(&c);
}

/* The skeleton of a species as tree_grow builds it (the model's own metres, before the fit). */
static void species_skeleton(uint32_t species, uint32_t seed, gen_skel *s, tree_stats *st)
{
    memset(s, 0, sizeof *s);
    s->d = (asset_gen_desc){.kind = ASSET_KIND_TREE, .species = species, .seed = seed, .age = 1.0f};
    s->budget = 10000;
    s->rng.state = (uint64_t)seed * 0x9e3779b97f4a7c15ull + 1u;
    tree_grow(s, tree_preset(species), 1.0f, st);
}

static void test_presets_valid_and_named(void **state)
{
    (void)state;
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++) {
        const tree_params *p = tree_preset(k);
        assert_non_null(p);
        sward_error err = {0};
        assert_int_equal(tree_params_check(p, &err), SWARD_OK);
        assert_int_equal(asset_tree_species_find(asset_tree_species_name(k)), k);
    }
    assert_null(tree_preset(0));
    assert_null(tree_preset(ASSET_TREE_SPECIES_COUNT));
    assert_int_equal(asset_tree_species_find("baobab"), ASSET_TREE_NONE);
}

/* The paper's ShapeRatio at known points (ratio 1: the crown's base, 0: its top). */
static void test_shape_ratio(void **state)
{
    (void)state;
    const tree_params *p = tree_preset(ASSET_TREE_OAK);
    const float eps = 1e-5f;
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_CONICAL, 0.5f), 0.6f, eps);
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_SPHERICAL, 0.5f), 1.0f, eps);
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_HEMISPHERICAL, 1.0f), 1.0f, eps);
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_CYLINDRICAL, 0.3f), 1.0f, eps);
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_TAPERED_CYLINDRICAL, 0.0f), 0.5f, eps);
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_FLAME, 0.7f), 1.0f, eps);
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_FLAME, 0.85f), 0.5f, eps);
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_INVERSE_CONICAL, 1.0f), 0.2f, eps);
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_TEND_FLAME, 0.0f), 0.5f, eps);
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_ENVELOPE, 1.0f - p->prune_width_peak), 1.0f, eps);
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_ENVELOPE, 1.5f), 0.0f, eps);
    assert_float_equal(tree_shape_ratio(p, TREE_SHAPE_ENVELOPE, 0.0f), 0.0f, eps);
}

/* Stems per level: the trunk and its clones (base splits plus nSegSplits per segment of every trunk stem), level-1 stems about nBranches (the pruning removes a few), deeper levels at most nBranches + 1 per
 * parent stem and at least a tenth of nBranches x 0.2 per parent. */
static void test_stem_counts(void **state)
{
    (void)state;
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++)
        for (uint32_t seed = 1; seed <= 3; seed++) {
            const tree_params *p = tree_preset(k);
            gen_skel s;
            tree_stats st;
            species_skeleton(k, seed, &s, &st);
            print_message("%-6s seed %u: stems %u %u %u %u, clones %u %u %u %u, pruned %u, cards budget %u, wood %u\n",
                          p->name, seed, st.stems[0], st.stems[1], st.stems[2], st.stems[3], st.clones[0],
                          st.clones[1], st.clones[2], st.clones[3], st.pruned, s.budget, assets_skel_wood_tris(&s));
            assert_true(st.stems[0] >= 1u + p->base_splits);
            assert_true((float)st.clones[0] <=
                        (float)p->base_splits + p->lv[0].seg_splits * (float)(st.stems[0] * p->lv[0].curve_res) + 1.0f);
            assert_int_equal(st.stems[0] - st.clones[0], 1);
            float b1 = p->lv[1].branches;
            uint32_t own1 = st.stems[1] - st.clones[1];
            assert_true((float)own1 <= b1 + (float)st.stems[0]);
            assert_true((float)own1 >= 0.5f * b1);
            for (uint32_t n = 2; n < p->levels; n++) {
                uint32_t own = st.stems[n] - st.clones[n];
                assert_true((float)own <= (p->lv[n].branches + 1.0f) * (float)st.stems[n - 1u]);
                assert_true((float)own >= 0.1f * 0.2f * p->lv[n].branches * (float)st.stems[n - 1u]);
            }
            for (uint32_t n = p->levels; n < TREE_MAX_LEVELS; n++)
                assert_int_equal(st.stems[n], 0);
            for (uint32_t n = 1; n < p->levels; n++)
                assert_true((float)st.clones[n] <= p->lv[n].seg_splits * (float)(st.stems[n] * p->lv[n].curve_res) + 1.0f);
            /* the wood leaves most of the LOD0 budget to the leaves */
            assert_true(assets_skel_wood_tris(&s) < 6000u);
            free(s.tubes);
            free(s.cards);
        }
}

/* Pruning: every point of every stem of level >= 1 lies inside the envelope (the stems are shortened into it). */
static void test_envelope_bounds_branches(void **state)
{
    (void)state;
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++)
        for (uint32_t seed = 1; seed <= 3; seed++) {
            const tree_params *p = tree_preset(k);
            gen_skel s;
            tree_stats st;
            species_skeleton(k, seed, &s, &st);
            uint32_t checked = 0;
            float worst = 0.0f;
            for (uint32_t i = 0; i < s.tube_count; i++) {
                const gen_tube *t = &s.tubes[i];
                if (t->depth == 0) continue;
                for (uint32_t j = 1; j < t->n; j++, checked++) {
                    v3 q = t->p[j];
                    float ratio = (st.scale - q.y) / (st.scale * (1.0f - p->base_size));
                    float allowed = p->prune_width * st.scale * tree_shape_ratio(p, TREE_SHAPE_ENVELOPE, ratio);
                    worst = fmaxf(worst, sqrtf(q.x * q.x + q.z * q.z) - allowed);
                    assert_true(tree_inside_envelope(p, st.scale, q, 1e-4f));
                }
            }
            print_message("%-6s seed %u: %u points inside the envelope (worst margin %.4f m)\n", p->name, seed,
                          checked, (double)worst);
            assert_true(checked > 100u);
            free(s.tubes);
            free(s.cards);
        }
}

/* nTaper: a stem's radius falls linearly from its base to (1 - taper) of it at its tip (stems of level >= 1 that
 * are not clones: a clone starts part way along its stem). */
static void test_taper(void **state)
{
    (void)state;
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++) {
        const tree_params *p = tree_preset(k);
        gen_skel s;
        tree_stats st;
        species_skeleton(k, 4, &s, &st);
        uint32_t checked = 0;
        for (uint32_t i = 0; i < s.tube_count; i++) {
            const gen_tube *t = &s.tubes[i];
            if (t->depth == 0 || s.tubes[t->parent].depth == t->depth) continue;
            float want = t->r[0] * (1.0f - p->lv[t->depth].taper);
            assert_float_equal(t->r[t->n - 1u], want, 1e-4f * t->r[0] + 1e-7f);
            float mid = t->r[0] * (1.0f - p->lv[t->depth].taper * 1.0f / (float)(t->n - 1u));
            assert_float_equal(t->r[1], mid, 1e-4f * t->r[0] + 1e-7f);
            checked++;
        }
        assert_true(checked > 20u);
        free(s.tubes);
        free(s.cards);
    }
}

/* nCurve: a positive curve turns a stem up, a negative one down (no random bend, no pruning, no attraction). */
static void test_curve_sign(void **state)
{
    (void)state;
    for (int sign = -1; sign <= 1; sign += 2) {
        tree_params p = *tree_preset(ASSET_TREE_PINE);
        p.levels = 2;
        p.lv[0].curve_v = 0.0f;
        p.lv[1].curve = 60.0f * (float)sign;
        p.lv[1].curve_back = 0.0f;
        p.lv[1].curve_v = 0.0f;
        p.lv[1].down_angle = 90.0f;
        p.lv[1].down_angle_v = 0.0f;
        p.prune_ratio = 0.0f;
        p.attraction_up = 0.0f;
        gen_skel s;
        memset(&s, 0, sizeof s);
        s.rng.state = 99u;
        tree_stats st;
        tree_grow(&s, &p, 1.0f, &st);
        uint32_t checked = 0;
        for (uint32_t i = 0; i < s.tube_count; i++) {
            const gen_tube *t = &s.tubes[i];
            if (t->depth != 1) continue;
            float rise = t->p[t->n - 1u].y - t->p[0].y, along = len(sub(t->p[t->n - 1u], t->p[0]));
            assert_true((float)sign * rise > 0.2f * along);
            checked++;
        }
        assert_true(checked > 10u);
        free(s.tubes);
        free(s.cards);
    }
}

static int by_v(const void *a, const void *b)
{
    const asset_vertex *x = a, *y = b;
    return x->uv[1] < y->uv[1] ? -1 : x->uv[1] > y->uv[1];
}

/* GA6: trunk_dist 0 on the trunk, non-decreasing from base (v 0) to tip (v 1) of every branch and at its base at
 * least its parent's there; branch_dist 0 on the wood, rising from a card's base row to its tip; levels 0 trunk,
 * 1 branch, 2 leaf. */
static void test_wind_monotonic(void **state)
{
    (void)state;
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++) {
        asset_chain ch = species_chain(k, 2, 0.0f, 0.0f);
        const asset_mesh *m = &ch.lods[0];
        uint32_t maxb = 0;
        for (uint32_t i = 0; i < m->vertex_count; i++)
            maxb = m->vertices[i].branch > maxb ? m->vertices[i].branch : maxb;
        asset_vertex *tmp = malloc(m->vertex_count * sizeof *tmp);
        assert_non_null(tmp);
        uint32_t branches = 0, nested = 0;
        for (uint32_t b = 1; b <= maxb; b++) {
            uint32_t n = 0;
            for (uint32_t i = 0; i < m->vertex_count; i++)
                if (m->vertices[i].branch == b && m->vertices[i].surface == ASSET_SURFACE_BARK) tmp[n++] = m->vertices[i];
            if (!n) continue;
            branches++;
            qsort(tmp, n, sizeof *tmp, by_v);
            for (uint32_t i = 0; i < n; i++) {
                assert_int_equal(tmp[i].level, ASSET_LEVEL_BRANCH);
                assert_float_equal(tmp[i].branch_dist, 0.0f, 0.0f);
                if (i) assert_true(tmp[i].trunk_dist >= tmp[i - 1u].trunk_dist - 1e-5f);
            }
            assert_true(tmp[n - 1u].trunk_dist > tmp[0].trunk_dist);
            if (tmp[0].trunk_dist > 1e-4f) nested++;
        }
        for (uint32_t i = 0; i < m->vertex_count; i++) {
            const asset_vertex *v = &m->vertices[i];
            if (v->level == ASSET_LEVEL_TRUNK) assert_float_equal(v->trunk_dist, 0.0f, 0.0f);
            if (v->surface == ASSET_SURFACE_LEAF && i < asset_mesh_billboard_first(m)) {
                assert_int_equal(v->level, ASSET_LEVEL_LEAF);
                assert_true(v->branch > 0u);
                assert_true(v->branch_dist >= 0.0f);
                if (v->uv[1] < 0.5f) assert_true(v->branch_dist > 0.0f);
                else assert_float_equal(v->branch_dist, 0.0f, 1e-6f);
            }
        }
        print_message("%-6s: %u branches monotonic, %u of them on a branch\n", asset_tree_species_name(k), branches,
                      nested);
        assert_true(branches > 10u && nested > 5u);
        free(tmp);
        asset_chain_free(&ch);
    }
}

/* Same seed: the same bytes; another seed or age: another tree. */
static void test_determinism(void **state)
{
    (void)state;
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++) {
        asset_chain a = species_chain(k, 5, 0.0f, 0.0f), b = species_chain(k, 5, 0.0f, 0.0f);
        asset_chain c = species_chain(k, 6, 0.0f, 0.0f), d = species_chain(k, 5, 0.4f, 0.0f);
        assert_int_equal(a.lods[0].vertex_count, b.lods[0].vertex_count);
        assert_int_equal(a.lods[0].index_count, b.lods[0].index_count);
        assert_memory_equal(a.lods[0].vertices, b.lods[0].vertices, a.lods[0].vertex_count * sizeof(asset_vertex));
        assert_memory_equal(a.lods[0].indices, b.lods[0].indices, a.lods[0].index_count * sizeof(uint32_t));
        assert_true(c.lods[0].vertex_count != a.lods[0].vertex_count ||
                    memcmp(c.lods[0].vertices, a.lods[0].vertices, a.lods[0].vertex_count * sizeof(asset_vertex)));
        /* a younger tree is smaller by default */
        assert_true(d.height < 0.8f * a.height);
        asset_chain_free(&a);
        asset_chain_free(&b);
        asset_chain_free(&c);
        asset_chain_free(&d);
    }
}

/* AS2: LOD0 within 3 % of 10000 triangles, every level within 10 % of lod.c's targets. */
static void test_lod_budget(void **state)
{
    (void)state;
    uint32_t want[ASSET_MAX_LODS], bf, bt;
    uint32_t lods = asset_lod_targets(ASSET_KIND_TREE, want, &bf, &bt);
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++)
        for (uint32_t seed = 1; seed <= 2; seed++) {
            asset_chain ch = species_chain(k, seed, seed == 2 ? 0.5f : 0.0f, 0.0f);
            assert_int_equal(ch.lod_count, lods);
            print_message("%-6s seed %u: height %.1f m radius %.1f m, triangles", asset_tree_species_name(k), seed,
                          (double)ch.height, (double)ch.radius);
            for (uint32_t l = 0; l < lods; l++) {
                uint32_t t = at_mesh_tris(&ch.lods[l]);
                print_message(" %u", t);
                if (want[l]) assert_true(fabsf((float)t - (float)want[l]) <= 0.1f * (float)want[l]);
            }
            print_message("\n");
            assert_true(fabsf((float)at_mesh_tris(&ch.lods[0]) - 10000.0f) <= 300.0f);
            asset_chain_free(&ch);
        }
}

#define SIL_W 96
#define SIL_H 96

/* The side view (x, y) of a level's triangles (trunk: only the trunk's, branch 0's bark), every species 12 m high,
 * on a grid of 0.25 m cells. */
static void silhouette_of(uint32_t species, uint32_t level, bool trunk, uint8_t *grid)
{
    asset_chain ch = species_chain(species, 3, 0.0f, 12.0f);
    const asset_mesh *m = &ch.lods[level];
    memset(grid, 0, SIL_W * SIL_H);
    const float cell = 0.25f, x0 = -0.5f * SIL_W * cell;
    for (uint32_t t = 0; t + 2u < asset_mesh_billboard_first(m); t += 3) {
        const asset_vertex *first = &m->vertices[m->indices[t]];
        if (trunk && (first->branch != 0 || first->surface != ASSET_SURFACE_BARK)) continue;
        const float *a = m->vertices[m->indices[t]].pos, *b = m->vertices[m->indices[t + 1u]].pos,
                    *c = m->vertices[m->indices[t + 2u]].pos;
        float det = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
        if (fabsf(det) < 1e-12f) continue;
        int i0 = (int)floorf((fminf(a[0], fminf(b[0], c[0])) - x0) / cell), i1 = (int)ceilf((fmaxf(a[0], fmaxf(b[0], c[0])) - x0) / cell);
        int j0 = (int)floorf(fminf(a[1], fminf(b[1], c[1])) / cell), j1 = (int)ceilf(fmaxf(a[1], fmaxf(b[1], c[1])) / cell);
        for (int j = j0 < 0 ? 0 : j0; j <= j1 && j < SIL_H; j++)
            for (int i = i0 < 0 ? 0 : i0; i <= i1 && i < SIL_W; i++) {
                float px = x0 + ((float)i + 0.5f) * cell, py = ((float)j + 0.5f) * cell;
                float u = ((px - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (py - a[1])) / det;
                float v = ((b[0] - a[0]) * (py - a[1]) - (px - a[0]) * (b[1] - a[1])) / det;
                if (u >= 0.0f && v >= 0.0f && u + v <= 1.0f) grid[j * SIL_W + i] = 1;
            }
    }
    asset_chain_free(&ch);
}

static void silhouette(uint32_t species, uint8_t *grid)
{
    silhouette_of(species, 0, false, grid);
}

static double iou_of(const uint8_t *a, const uint8_t *b)
{
    uint32_t in = 0, un = 0;
    for (uint32_t i = 0; i < SIL_W * SIL_H; i++) {
        in += a[i] & b[i];
        un += a[i] | b[i];
    }
    return un ? (double)in / un : 1.0;
}

/* AS2: the chain keeps the trunk. The sloppy simplifier drops whole tubes, and a slender trunk is one: a level
 * without it drew the trunk at half through the cross-fade's screen door (a birch's from LOD1 on: its trunk's side
 * view kept 0.40 of LOD0's, the pine's 0.56; at LOD2 every species' 0.33 to 0.40). The trunk's side view at LOD1 and
 * LOD2 against LOD0's, every species (measured 0.96 to 1.00 for the oak, birch and pine at both; the hazel's six
 * stems share the trunk's sixth of the triangles: 0.75 and 0.53). */
static void test_lod_keeps_trunk(void **state)
{
    (void)state;
    static uint8_t g0[SIL_W * SIL_H], gl[SIL_W * SIL_H];
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++) {
        silhouette_of(k, 0, true, g0);
        for (uint32_t l = 1; l <= 2; l++) {
            silhouette_of(k, l, true, gl);
            double iou = iou_of(g0, gl);
            print_message("%-6s LOD%u: the trunk's side view against LOD0's, IoU %.3f\n", asset_tree_species_name(k), l,
                          iou);
            assert_true(iou >= (l == 1 ? 0.7 : 0.5));
        }
    }
}

/* AS2 with a split trunk: an oak whose trunk splits at its base into 8 clones and again at every one of its 11
 * segments is hundreds of tubes (30,700 triangles of trunk); the shape-keeping simplifier folds each only so far,
 * and the levels stayed at 3,670 triangles from LOD 1 to LOD 3 (10,100 with base splits too). Every level within 10 %
 * of its target, whatever the overrides make of the trunk. */
static void test_lod_budget_split_trunk(void **state)
{
    (void)state;
    asset_tree_param_type type;
    const asset_tree_override split[] = {
        {asset_tree_param_find("base_splits", false, &type), 0, 8.0f},
        {asset_tree_param_find("seg_splits", true, &type), 0, 1.0f},
        {asset_tree_param_find("curve_res", true, &type), 0, 11.0f},
    };
    uint32_t want[ASSET_MAX_LODS], bf, bt;
    uint32_t lods = asset_lod_targets(ASSET_KIND_TREE, want, &bf, &bt);
    for (uint32_t with_base = 0; with_base < 2; with_base++) {
        at_case c = {.name = "oak, split trunk",
                     .d = {.kind = ASSET_KIND_TREE, .species = ASSET_TREE_OAK, .seed = 1,
                           .tree = with_base ? split : split + 1, .tree_count = with_base ? 3u : 2u}};
        asset_chain ch = at_generate(&c);
        print_message("oak, trunk split every segment%s: triangles", with_base ? " and 8 times at its base" : "");
        for (uint32_t l = 0; l < lods; l++) {
            uint32_t t = at_mesh_tris(&ch.lods[l]);
            print_message(" %u", t);
            if (want[l]) assert_true((float)t <= 1.1f * (float)want[l]);
        }
        print_message("\n");
        asset_chain_free(&ch);
    }
}

/* The species read apart from the side: the intersection over union of their silhouettes at the same height below
 * 0.8. */
static void test_silhouettes_differ(void **state)
{
    (void)state;
    static uint8_t grids[ASSET_TREE_SPECIES_COUNT][SIL_W * SIL_H];
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++)
        silhouette(k, grids[k]);
    for (uint32_t a = 1; a < ASSET_TREE_SPECIES_COUNT; a++)
        for (uint32_t b = a + 1u; b < ASSET_TREE_SPECIES_COUNT; b++) {
            double iou = iou_of(grids[a], grids[b]);
            print_message("%-6s / %-6s: silhouette IoU %.3f\n", asset_tree_species_name(a), asset_tree_species_name(b),
                          iou);
            assert_true(iou < 0.8);
        }
}

static void test_bad_species_refused(void **state)
{
    (void)state;
    asset_chain ch;
    sward_error err = {0};
    asset_gen_desc d = {.kind = ASSET_KIND_TREE, .species = ASSET_TREE_SPECIES_COUNT};
    assert_int_equal(asset_generate(&d, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.field, "species");
    d = (asset_gen_desc){.kind = ASSET_KIND_PLANT, .species = ASSET_TREE_OAK};
    assert_int_equal(asset_generate(&d, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.field, "species");
    d = (asset_gen_desc){.kind = ASSET_KIND_TREE, .species = ASSET_TREE_OAK, .age = 1.5f};
    assert_int_equal(asset_generate(&d, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.field, "age");
    d = (asset_gen_desc){.kind = ASSET_KIND_TREE, .age = 0.5f};
    assert_int_equal(asset_generate(&d, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.field, "age");
    d = (asset_gen_desc){.kind = ASSET_KIND_TREE, .species = ASSET_TREE_PINE, .branches = 4};
    assert_int_equal(asset_generate(&d, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.field, "branches");
}

/* Every parameter an override may name (tree.h, docs/assets.md "Overrides"). */
static const char *const TREE_NAMES[] = {"shape", "base_size", "scale", "levels", "ratio", "ratio_power", "flare",
                                         "base_splits", "whorl", "leaves", "leaves_inner", "leaf_scale", "leaf_scale_x",
                                         "leaf_bend", "leaf_cluster", "attraction_up", "prune_ratio", "prune_width",
                                         "prune_width_peak", "prune_power_low", "prune_power_high"};
static const char *const LEVEL_NAMES[] = {"length", "length_v", "taper", "curve_res", "curve", "curve_back",
                                          "curve_v", "seg_splits", "split_angle", "split_angle_v", "down_angle",
                                          "down_angle_v", "rotate", "rotate_v", "branches", "sides"};

/* The 4-byte words of a and b that differ: how many, and the last one's index. */
static int words_differ(const tree_params *a, const tree_params *b, size_t *which)
{
    const unsigned char *pa = (const unsigned char *)a, *pb = (const unsigned char *)b;
    int n = 0;
    for (size_t w = 0; w + 4 <= sizeof *a; w += 4)
        if (memcmp(pa + w, pb + w, 4)) n++, *which = w / 4;
    return n;
}

/* An override changes the parameter it names, to its value, and nothing else: for every name (each level's for
 * the levels' names), exactly one word of the parameters differs from the preset's, a different one per name. */
static void test_overrides_change_what_they_name(void **state)
{
    (void)state;
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++) {
        asset_gen_desc d = {.kind = ASSET_KIND_TREE, .species = k};
        tree_params base, got;
        memset(&base, 0, sizeof base);
        assert_true(tree_params_of(&d, &base, NULL));
        size_t seen[96], nseen = 0, w = 0;
        for (int lv = -1; lv < (int)TREE_MAX_LEVELS; lv++) {
            size_t n = lv < 0 ? sizeof TREE_NAMES / sizeof *TREE_NAMES : sizeof LEVEL_NAMES / sizeof *LEVEL_NAMES;
            for (size_t i = 0; i < n; i++) {
                const char *name = lv < 0 ? TREE_NAMES[i] : LEVEL_NAMES[i];
                asset_tree_param_type type;
                uint16_t id = asset_tree_param_find(name, lv >= 0, &type);
                assert_true(id != 0);
                asset_tree_override o = {.param = id, .level = (uint16_t)(lv < 0 ? 0 : lv), .value = 3.0f};
                d.tree = &o;
                d.tree_count = 1;
                assert_true(tree_params_of(&d, &got, NULL));
                int differ = words_differ(&base, &got, &w);
                if (differ == 0) continue; /* the preset's own value: nothing to change */
                if (differ != 1) fail_msg("%s: %s (level %d) changed %d words", asset_tree_species_name(k), name, lv, differ);
                for (size_t j = 0; j < nseen; j++)
                    if (seen[j] == w) fail_msg("%s (level %d) changed the word another name did", name, lv);
                seen[nseen++] = w;
            }
        }
        assert_true(nseen > 70);
        const tree_shape flame = TREE_SHAPE_FLAME;
        asset_tree_param_type type;
        asset_tree_override o[2] = {{asset_tree_param_find("shape", false, &type), 0, (float)flame},
                                    {asset_tree_param_find("branches", true, &type), 2, 21.0f}};
        assert_int_equal(type, ASSET_TREE_PARAM_NUMBER);
        d.tree = o;
        d.tree_count = 2;
        assert_true(tree_params_of(&d, &got, NULL));
        assert_int_equal(got.shape, TREE_SHAPE_FLAME);
        assert_float_equal(got.lv[2].branches, 21.0f, 0.0f);
        assert_float_equal(got.lv[1].branches, base.lv[1].branches, 0.0f);
    }
    asset_tree_param_type type;
    assert_int_equal(asset_tree_param_find("no_such", false, &type), 0);
    assert_int_equal(type, ASSET_TREE_PARAM_NONE);
    assert_int_equal(asset_tree_param_find("down_angle", false, &type), 0); /* a level's, not the tree's */
    assert_int_equal(asset_tree_shape_find("tend_flame"), TREE_SHAPE_TEND_FLAME);
    assert_int_equal(asset_tree_shape_find("cone"), -1);
}

/* An override's effect on the grown tree: the level-1 stems follow lv[1].branches; bad overrides are refused with
 * the parameter's name (a whole number where one is needed, the ranges, only with a species). */
static void test_overrides_grow_and_refuse(void **state)
{
    (void)state;
    asset_tree_param_type type;
    asset_tree_override more = {asset_tree_param_find("branches", true, &type), 1, 60.0f};
    asset_gen_desc d = {.kind = ASSET_KIND_TREE, .species = ASSET_TREE_OAK, .seed = 1};
    gen_skel s;
    tree_stats a, b;
    tree_params p;
    for (int pass = 0; pass < 2; pass++) {
        d.tree = pass ? &more : NULL;
        d.tree_count = pass ? 1u : 0u;
        assert_true(tree_params_of(&d, &p, NULL));
        memset(&s, 0, sizeof s);
        s.d = d;
        s.budget = 10000;
        s.rng.state = 1u;
        tree_grow(&s, &p, 1.0f, pass ? &b : &a);
        free(s.tubes);
        free(s.cards);
    }
    print_message("oak: level-1 stems %u, with lv[1].branches 60: %u\n", a.stems[1], b.stems[1]);
    assert_true(b.stems[1] > a.stems[1] * 2u);
    sward_error err = {0};
    asset_chain ch;
    asset_tree_override bad = {asset_tree_param_find("curve_res", true, &type), 1, 0.0f};
    d = (asset_gen_desc){.kind = ASSET_KIND_TREE, .species = ASSET_TREE_PINE, .tree = &bad, .tree_count = 1};
    assert_int_equal(asset_generate(&d, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.field, "tree.lv[1].curve_res");
    bad.value = 2.5f;
    assert_int_equal(asset_generate(&d, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.field, "tree.lv[1].curve_res");
    assert_non_null(strstr(err.message, "not a whole number"));
    d.species = 0;
    assert_int_equal(asset_generate(&d, &ch, &err), SWARD_ERROR_INVALID_INPUT);
    assert_string_equal(err.field, "tree");
}

/* A species' skeleton shaped for a forest class: the lowest level-1 stem's height over the trunk's length, the
 * level-1 stems, the trunk's length (m). */
static void class_skeleton(uint32_t species, uint32_t seed, uint32_t cls, float *low, uint32_t *stems1, float *scale)
{
    asset_gen_desc d = {.kind = ASSET_KIND_TREE, .species = species, .seed = seed, .forest_class = cls};
    tree_params p;
    assert_true(tree_params_of(&d, &p, NULL));
    gen_skel s;
    tree_stats st;
    memset(&s, 0, sizeof s);
    s.d = d;
    s.budget = 10000;
    s.rng.state = (uint64_t)seed * 0x9e3779b97f4a7c15ull + 1u;
    tree_grow(&s, &p, 1.0f, &st);
    float y = 1e9f;
    for (uint32_t i = 0; i < s.tube_count; i++)
        if (s.tubes[i].depth == 1) y = fminf(y, s.tubes[i].p[0].y);
    *low = y / st.scale;
    *stems1 = st.stems[1];
    *scale = st.scale;
    free(s.tubes);
    free(s.cards);
}

/* PL11's classes shape the tree (issue: "edge trees smaller, more branched low; inner trees taller"): measured on
 * the skeletons, the edge's crown starts lower with more level-1 stems; the inner forest's trunk is longer and its
 * crown starts higher; the sparse trees are the species as given. */
static void test_forest_class_shapes(void **state)
{
    (void)state;
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++)
        for (uint32_t seed = 1; seed <= 2; seed++) {
            float low[4], scale[4];
            uint32_t stems[4];
            for (uint32_t c = 0; c < ASSET_TREE_FOREST_COUNT; c++)
                class_skeleton(k, seed, c, &low[c], &stems[c], &scale[c]);
            print_message("%-6s seed %u: lowest branch / height %.2f, edge %.2f, inner %.2f; level-1 stems %u, edge "
                          "%u, inner %u; trunk %.1f m, edge %.1f, inner %.1f\n",
                          asset_tree_species_name(k), seed, (double)low[0], (double)low[2], (double)low[3], stems[0],
                          stems[2], stems[3], (double)scale[0], (double)scale[2], (double)scale[3]);
            assert_float_equal(low[1], low[0], 0.0f);
            assert_int_equal(stems[1], stems[0]);
            assert_true(low[2] < low[0] - 0.02f || low[0] < 0.02f);
            assert_true(stems[2] > stems[0]);
            assert_true(scale[2] < scale[0]);
            assert_true(scale[3] > scale[0] * 1.1f);
            assert_true(low[3] > low[0] + 0.05f);
        }
}

/* The closed-form size (asset_tree_estimate, the frame's work estimate's): the height is the one the generated
 * tree is fitted to; `scale` doubled doubles the height and width, `prune_width` the width alone, the age scales
 * both; the forest classes' shapes count. LOD0's triangles need no estimate: a wood grown past the target (oak
 * with lv[2].branches 60 of 12 sides: about 21000 triangles of wood) still gives a LOD0 of the target. */
static void test_estimate_follows_overrides(void **state)
{
    (void)state;
    asset_tree_param_type type;
    asset_tree_size base, est;
    for (uint32_t k = 1; k < ASSET_TREE_SPECIES_COUNT; k++) {
        asset_gen_desc d = {.kind = ASSET_KIND_TREE, .species = k, .seed = 1};
        const tree_params *p = tree_preset(k);
        assert_true(asset_tree_estimate(&d, &base));
        assert_float_equal(base.height, p->scale, 1e-4f);
        assert_float_equal(base.width, 2.0f * p->prune_width * p->scale, 1e-4f);
        asset_tree_override o[2] = {{asset_tree_param_find("scale", false, &type), 0, 2.0f * p->scale},
                                    {asset_tree_param_find("prune_width", false, &type), 0, 1.5f * p->prune_width}};
        d.tree = o, d.tree_count = 1;
        assert_true(asset_tree_estimate(&d, &est));
        assert_float_equal(est.height, 2.0f * base.height, 1e-4f);
        assert_float_equal(est.width, 2.0f * base.width, 1e-4f);
        asset_chain ch = at_generate(&(at_case){.name = "scale doubled", .d = d});
        assert_float_equal(ch.height, est.height, 0.01f * est.height); /* the height the tree is fitted to */
        asset_chain_free(&ch);
        d.tree = o + 1;
        assert_true(asset_tree_estimate(&d, &est));
        assert_float_equal(est.height, base.height, 1e-4f);
        assert_float_equal(est.width, 1.5f * base.width, 1e-4f);
        d.tree = NULL, d.tree_count = 0, d.age = 0.5f;
        assert_true(asset_tree_estimate(&d, &est));
        assert_float_equal(est.height, 0.75f * base.height, 1e-4f);
        assert_float_equal(est.width, 0.75f * base.width, 1e-4f);
        d.age = 0.0f, d.forest_class = ASSET_TREE_FOREST_INNER;
        assert_true(asset_tree_estimate(&d, &est));
        assert_float_equal(est.height, 1.15f * base.height, 1e-3f);
        assert_float_equal(est.width, 1.15f * 0.85f * base.width, 1e-3f);
        d.forest_class = ASSET_TREE_FOREST_EDGE;
        assert_true(asset_tree_estimate(&d, &est));
        assert_float_equal(est.height, 0.9f * base.height, 1e-3f);
        assert_float_equal(est.width, 0.9f * 1.2f * base.width, 1e-3f);
        d.height = 4.0f, d.width = 3.0f; /* given sizes win */
        assert_true(asset_tree_estimate(&d, &est));
        assert_true(est.height == 4.0f && est.width == 3.0f);
    }
    asset_tree_override more[2] = {{asset_tree_param_find("branches", true, &type), 2, 60.0f},
                                   {asset_tree_param_find("sides", true, &type), 2, 12.0f}};
    asset_gen_desc d = {.kind = ASSET_KIND_TREE, .species = ASSET_TREE_OAK, .seed = 1, .tree = more, .tree_count = 2};
    tree_params tp;
    assert_true(tree_params_of(&d, &tp, NULL));
    gen_skel sk;
    tree_stats st;
    memset(&sk, 0, sizeof sk);
    sk.d = d;
    sk.budget = 10000;
    sk.rng.state = 1u;
    tree_grow(&sk, &tp, 1.0f, &st);
    uint32_t wood = assets_skel_wood_tris(&sk);
    free(sk.tubes);
    free(sk.cards);
    asset_chain ch = at_generate(&(at_case){.name = "oak, lv[2].branches 60 of 12 sides", .d = d});
    print_message("oak with lv[2].branches 60 of 12 sides: wood %u triangles, LOD0 %u\n", wood,
                  ch.lods[0].index_count / 3u);
    assert_true(wood > 15000u);
    assert_true(ch.lods[0].index_count / 3u <= 10000u);
    asset_chain_free(&ch);
    d.species = ASSET_TREE_NONE;
    assert_false(asset_tree_estimate(&d, &est));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_presets_valid_and_named), cmocka_unit_test(test_shape_ratio),
        cmocka_unit_test(test_stem_counts),             cmocka_unit_test(test_envelope_bounds_branches),
        cmocka_unit_test(test_wind_monotonic),          cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_lod_budget),              cmocka_unit_test(test_silhouettes_differ),
        cmocka_unit_test(test_lod_keeps_trunk),         cmocka_unit_test(test_lod_budget_split_trunk),
        cmocka_unit_test(test_bad_species_refused),     cmocka_unit_test(test_taper),
        cmocka_unit_test(test_curve_sign),
        cmocka_unit_test(test_overrides_change_what_they_name),
        cmocka_unit_test(test_overrides_grow_and_refuse),
        cmocka_unit_test(test_forest_class_shapes),
        cmocka_unit_test(test_estimate_follows_overrides),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
