/* test_impostor.c — billboard impostors baked from lods[0] (src/assets/impostor.c; SPEC AS3, HZD billboards).
 * A hand-built chain (two bark quads one behind the other facing card 0, a leaf quad) covers exactly the texels
 * its quads project to, with their normal, AO, depth and surface, the nearer quad winning; the leaf quad is
 * alpha-tested with the texture set (its covered share is the texture's). A generated tree and bush: without
 * the alpha test the bake covers what an independent point-in-triangle test of the projected triangles at the
 * texel centres covers (within 1 %: the two differ only on texels whose centre lies on an edge); with it, a
 * subset of that silhouette, a superset of the wood's alone, and under 98 % of the silhouette. Cards 0 and 1 differ;
 * determinism; bad inputs. The cards trimmed to their impostor keep every covered texel. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "asset_test_util.h"
#include "shared/sw_gbuffer.h"

#include <stdlib.h>
#include <time.h>

/* ---- a hand-built chain ---- */

static asset_vertex vtx(float x, float y, float z, float nz, float u, float v, float ao, asset_surface s)
{
    asset_vertex a;
    memset(&a, 0, sizeof a);
    a.pos[0] = x, a.pos[1] = y, a.pos[2] = z;
    a.normal[2] = nz;
    a.uv[0] = u, a.uv[1] = v;
    a.ao = ao;
    a.surface = (uint32_t)s;
    return a;
}

/* Bounds [-1, 1] x [0, 2] x [-1, 1] (two unreferenced corner vertices): card 0 is the plane z = 0, u along +x,
 * its front (normal) -z, 1 m = cell / 2 texels across and up. Quads (x0..x1, y0..y1) at depth z, facing -z. */
typedef struct hand {
    asset_vertex v[32];
    uint32_t idx[64], nv, ni;
} hand;

static void quad(hand *h, float x0, float x1, float y0, float y1, float z, float ao, asset_surface s)
{
    uint32_t b = h->nv;
    h->v[h->nv++] = vtx(x0, y0, z, -1.0f, 0.0f, 1.0f, ao, s);
    h->v[h->nv++] = vtx(x1, y0, z, -1.0f, 1.0f, 1.0f, ao, s);
    h->v[h->nv++] = vtx(x0, y1, z, -1.0f, 0.0f, 0.0f, ao, s);
    h->v[h->nv++] = vtx(x1, y1, z, -1.0f, 1.0f, 0.0f, ao, s);
    const uint32_t t[6] = {0, 1, 2, 1, 3, 2};
    for (int k = 0; k < 6; k++)
        h->idx[h->ni++] = b + t[k];
}

static asset_chain hand_chain(hand *h, uint32_t cards)
{
    h->v[h->nv++] = vtx(-1.0f, 0.0f, -1.0f, -1.0f, 0, 0, 1, ASSET_SURFACE_BARK);
    h->v[h->nv++] = vtx(1.0f, 2.0f, 1.0f, -1.0f, 0, 0, 1, ASSET_SURFACE_BARK);
    asset_chain c;
    memset(&c, 0, sizeof c);
    c.kind = ASSET_KIND_TREE;
    c.lod_count = 1;
    c.billboard_cards = cards;
    c.lods[0].vertices = h->v;
    c.lods[0].vertex_count = h->nv;
    c.lods[0].indices = h->idx;
    c.lods[0].index_count = h->ni;
    asset_mesh_bounds(&c.lods[0]);
    return c;
}

static asset_impostor bake(const asset_chain *c, uint32_t w, uint32_t h, const asset_texture_set *leaves)
{
    asset_impostor im;
    sward_error err = {0};
    sward_result r = asset_impostor_bake(c, w, h, leaves, &im, &err);
    if (r != SWARD_OK) fprintf(stderr, "%s\n", err.message);
    assert_int_equal(r, SWARD_OK);
    return im;
}

#define CELL 64u

static uint32_t expected_depth(float z, float range)
{
    return (uint32_t)((z / range * 0.5f + 0.5f) * 63.0f + 0.5f);
}

static void test_hand_quads(void **state)
{
    (void)state;
    hand h = {.nv = 0};
    /* the front quad (0.2 m in front of the plane) first, the wider back one (0.3 m behind) after it: the depth
     * test, not the order, must keep the front one */
    quad(&h, -0.25f, 0.25f, 0.5f, 1.5f, -0.2f, 0.5f, ASSET_SURFACE_BARK);
    quad(&h, -0.5f, 0.5f, 0.25f, 1.75f, 0.3f, 1.0f, ASSET_SURFACE_BARK);
    asset_chain c = hand_chain(&h, 3);
    asset_impostor im = bake(&c, CELL, CELL, NULL);
    assert_int_equal(im.width, 3 * CELL);
    assert_int_equal(im.height, CELL);
    assert_true(fabsf(im.depth_range - sqrtf(2.0f)) < 1e-6f);
    /* card 0 looks along +z (its normal is -z): normal (0, 0, -1) encodes as u 0.5, v 0 (v from z) */
    sw_oct o = sw_oct_encode(0.0f, 0.0f, -1.0f);
    uint32_t n_enc = (uint32_t)(o.u * 255.0f + 0.5f) | (uint32_t)(o.v * 255.0f + 0.5f) << 8;
    assert_int_equal(n_enc, 128u);
    uint32_t front = n_enc | 128u << 16 | 1u << 24 | expected_depth(0.2f, im.depth_range) << 26;
    uint32_t back = n_enc | 255u << 16 | 1u << 24 | expected_depth(-0.3f, im.depth_range) << 26;
    /* texel x covers x = -1 + 2 x / CELL .. ; row y covers height 2 - 2 y / CELL .. */
    for (uint32_t y = 0; y < CELL; y++)
        for (uint32_t x = 0; x < CELL; x++) {
            uint32_t t = im.texels[(size_t)y * im.width + x], want = 0;
            if (x >= 16 && x < 48 && y >= 8 && y < 56) want = back;
            if (x >= 24 && x < 40 && y >= 16 && y < 48) want = front;
            if (t != want) fail_msg("cell 0 texel (%u, %u): 0x%08x, expected 0x%08x", x, y, t, want);
        }
    assert_int_equal(asset_impostor_surface(front), 1);
    assert_int_equal(asset_impostor_ao(front), 128);
    /* card 1 (60 degrees, u along (cos 60, 0, sin 60)) sees the quads foreshortened to half their width and
     * shifted by z sin 60: the back one to s = 0.26 +- 0.25 m (16 texels x 48 rows), the front one to
     * s = -0.17 +- 0.125 m (8 x 32), apart */
    uint32_t covered0 = 0, covered1 = 0;
    for (uint32_t y = 0; y < CELL; y++)
        for (uint32_t x = 0; x < CELL; x++) {
            covered0 += im.texels[(size_t)y * im.width + x] != 0;
            covered1 += im.texels[(size_t)y * im.width + CELL + x] != 0;
        }
    print_message("card 0 covers %u texels, card 1 %u\n", covered0, covered1);
    assert_int_equal(covered0, 32u * 48u);
    assert_int_equal(covered1, 16u * 48u + 8u * 32u);
    asset_impostor_free(&im);
}

/* A leaf quad: alpha-tested with the set (its share of the quad is the texture's coverage); without a set,
 * whole; seen from behind (its normal away from the viewer), its normal flipped to face the viewer. */
static void test_hand_leaf(void **state)
{
    (void)state;
    asset_texture_set ts;
    sward_error err = {0};
    assert_int_equal(asset_texture_set_build(ASSET_SURFACE_LEAF, 64, 1, &ts, &err), SWARD_OK);
    float *a0 = malloc(64u * 64u * sizeof *a0);
    for (size_t i = 0; i < 64u * 64u; i++)
        a0[i] = (float)ts.a[0][4 * i + 3] / 255.0f;
    double tex_cov = asset_alpha_coverage(a0, 64, 64);
    free(a0);
    hand h = {.nv = 0};
    quad(&h, -1.0f, 1.0f, 0.0f, 2.0f, 0.0f, 1.0f, ASSET_SURFACE_LEAF); /* the whole card: texel = leaf texel */
    for (uint32_t k = 0; k < 4; k++)
        h.v[k].normal[2] = 1.0f; /* facing away from card 0's viewer */
    asset_chain c = hand_chain(&h, 2);
    asset_impostor whole = bake(&c, CELL, CELL, NULL), tested = bake(&c, CELL, CELL, &ts);
    uint32_t nw = 0, nt = 0, mismatched = 0;
    for (uint32_t y = 0; y < CELL; y++)
        for (uint32_t x = 0; x < CELL; x++) {
            uint32_t w = whole.texels[(size_t)y * whole.width + x], t = tested.texels[(size_t)y * tested.width + x];
            nw += w != 0;
            nt += t != 0;
            bool leaf = ts.a[0][4 * ((size_t)y * 64 + x) + 3] >= 128; /* 64 texels both: one to one */
            mismatched += (t != 0) != leaf;
            if (t) {
                assert_int_equal(t, w);
                assert_int_equal(asset_impostor_surface(t), 2);
                assert_int_equal(t & 0xffffu, 128u); /* (0, 0, -1): flipped towards the viewer */
            }
        }
    print_message("leaf quad: %u texels whole, %u alpha-tested (texture coverage %.3f), %u mismatched\n", nw, nt,
                  tex_cov, mismatched);
    assert_int_equal(nw, CELL * CELL);
    assert_int_equal(mismatched, 0);
    asset_impostor_free(&whole);
    asset_impostor_free(&tested);
    asset_texture_set_free(&ts);
}

/* ---- generated assets ---- */

/* The silhouette of lods[0] on card `card`, computed here on its own (double precision, the card from the
 * angle): 1 where a texel centre lies in a projected triangle (of the wood alone when wood_only). */
static uint8_t *silhouette(const asset_chain *c, uint32_t card, uint32_t w, uint32_t h, bool wood_only)
{
    const asset_mesh *m = &c->lods[0];
    double a = 3.14159265358979 * card / c->billboard_cards, dx = cos(a), dz = sin(a);
    double cx = 0.5 * (m->bounds_min[0] + m->bounds_max[0]), cz = 0.5 * (m->bounds_min[2] + m->bounds_max[2]);
    double r = 0.5 * fmax(m->bounds_max[0] - m->bounds_min[0], m->bounds_max[2] - m->bounds_min[2]);
    double y0 = m->bounds_min[1], hh = m->bounds_max[1] - m->bounds_min[1];
    uint8_t *s = calloc((size_t)w * h, 1);
    for (uint32_t i = 0; i < asset_mesh_billboard_first(m); i += 3) {
        double p[3][2];
        if (wood_only && m->vertices[m->indices[i]].surface != ASSET_SURFACE_BARK) continue;
        for (int k = 0; k < 3; k++) {
            const float *q = m->vertices[m->indices[i + (uint32_t)k]].pos;
            p[k][0] = ((q[0] - cx) * dx + (q[2] - cz) * dz + r) / (2.0 * r) * w;
            p[k][1] = (1.0 - (q[1] - y0) / hh) * h;
        }
        double x0 = fmin(p[0][0], fmin(p[1][0], p[2][0])), x1 = fmax(p[0][0], fmax(p[1][0], p[2][0]));
        double yy0 = fmin(p[0][1], fmin(p[1][1], p[2][1])), yy1 = fmax(p[0][1], fmax(p[1][1], p[2][1]));
        for (long y = lround(floor(yy0)); y <= lround(ceil(yy1)); y++)
            for (long x = lround(floor(x0)); x <= lround(ceil(x1)); x++) {
                if (x < 0 || y < 0 || x >= (long)w || y >= (long)h) continue;
                double px = (double)x + 0.5, py = (double)y + 0.5, e[3];
                for (int k = 0; k < 3; k++) {
                    const double *u = p[k], *v = p[(k + 1) % 3];
                    e[k] = (v[0] - u[0]) * (py - u[1]) - (v[1] - u[1]) * (px - u[0]);
                }
                if ((e[0] >= 0 && e[1] >= 0 && e[2] >= 0) || (e[0] <= 0 && e[1] <= 0 && e[2] <= 0))
                    s[(size_t)y * w + (size_t)x] = 1;
            }
    }
    return s;
}

static void test_generated(void **state)
{
    (void)state;
    asset_texture_set ts;
    sward_error err = {0};
    assert_int_equal(asset_texture_set_build(ASSET_SURFACE_LEAF, 128, 1, &ts, &err), SWARD_OK);
    const size_t cases[] = {0, 2, 3}; /* tree, bush, flower */
    for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
        const at_case *tc = &AT_CASES[cases[ci]];
        asset_chain ch = at_generate(tc);
        const uint32_t W = 64, H = 128;
        asset_impostor whole = bake(&ch, W, H, NULL), tested = bake(&ch, W, H, &ts);
        for (uint32_t card = 0; card < ch.billboard_cards; card++) {
            uint8_t *all = silhouette(&ch, card, W, H, false), *wood = silhouette(&ch, card, W, H, true);
            uint32_t n_all = 0, n_wood = 0, n_whole = 0, n_tested = 0, differ = 0, outside = 0, bare = 0, surf[4] = {0};
            for (uint32_t y = 0; y < H; y++)
                for (uint32_t x = 0; x < W; x++) {
                    size_t i = (size_t)y * W + x;
                    uint32_t tw = whole.texels[(size_t)y * whole.width + card * W + x];
                    uint32_t tt = tested.texels[(size_t)y * tested.width + card * W + x];
                    n_all += all[i], n_wood += wood[i], n_whole += tw != 0, n_tested += tt != 0;
                    differ += (tw != 0) != (all[i] != 0);
                    outside += tt != 0 && !all[i];
                    bare += wood[i] && !tt; /* the wood shows, through a leaf's holes or in front */
                    surf[asset_impostor_surface(tt)]++;
                }
            double f_all = (double)n_all / (W * H), f_whole = (double)n_whole / (W * H);
            double f_tested = (double)n_tested / (W * H), f_wood = (double)n_wood / (W * H);
            print_message("%-7s card %u: silhouette %.3f (wood %.3f); bake %.3f, alpha-tested %.3f (bark %u leaf %u "
                          "petal %u); %u texels differ\n",
                          tc->name, card, f_all, f_wood, f_whole, f_tested, surf[1], surf[2], surf[3], differ);
            assert_true(f_all > 0.05);
            assert_true(differ <= n_all / 100u + 2u);
            /* the alpha-tested bake is a subset of the silhouette and a superset of the wood's (up to texels whose
               centre lies on an edge, where float and double may disagree) */
            assert_true(outside <= n_all / 200u + 2u && bare <= n_wood / 200u + 2u);
            assert_true(n_tested < n_all);
            /* the leaves thin the silhouette: alpha-tested cards show a share of it near the texture's */
            assert_true(f_tested < 0.98 * f_all);
            free(all);
            free(wood);
        }
        asset_impostor_free(&whole);
        asset_impostor_free(&tested);
        asset_chain_free(&ch);
    }
    asset_texture_set_free(&ts);
}

/* Cards 0 and 1 look from different directions; the same chain bakes the same bytes; the depth spans the
 * range; a timing of the default tree at 128x256 per cell (printed, not tested). */
static void test_cards_differ_and_determinism(void **state)
{
    (void)state;
    asset_texture_set ts;
    sward_error err = {0};
    assert_int_equal(asset_texture_set_build(ASSET_SURFACE_LEAF, 256, 1, &ts, &err), SWARD_OK);
    asset_chain ch = at_generate(&AT_CASES[0]);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    asset_impostor a = bake(&ch, 128, 256, &ts);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    print_message("default tree (%u triangles), %u cards of 128x256: %.1f ms\n", at_mesh_tris(&ch.lods[0]),
                  ch.billboard_cards, 1e3 * (double)(t1.tv_sec - t0.tv_sec) + 1e-6 * (double)(t1.tv_nsec - t0.tv_nsec));
    asset_impostor b = bake(&ch, 128, 256, &ts);
    assert_int_equal(a.cards, 3);
    assert_memory_equal(a.texels, b.texels, (size_t)a.width * a.height * sizeof *a.texels);
    uint32_t same = 0, covered = 0, dmin = 63, dmax = 0;
    for (uint32_t y = 0; y < 256; y++)
        for (uint32_t x = 0; x < 128; x++) {
            uint32_t t0v = a.texels[(size_t)y * a.width + x], t1v = a.texels[(size_t)y * a.width + 128 + x];
            covered += t0v != 0;
            same += t0v == t1v && t0v != 0;
            if (t0v) {
                uint32_t d = asset_impostor_depth(t0v);
                dmin = d < dmin ? d : dmin;
                dmax = d > dmax ? d : dmax;
            }
        }
    print_message("card 0: %u texels covered, %u equal to card 1's; depth q %u..%u\n", covered, same, dmin, dmax);
    assert_true(covered > 1000 && same < covered / 10u);
    assert_true(dmax > dmin + 20u && dmax <= 63u); /* a tree has depth on both sides of the plane */
    asset_impostor_free(&a);
    asset_impostor_free(&b);
    asset_chain_free(&ch);
    asset_texture_set_free(&ts);
}

static void test_errors(void **state)
{
    (void)state;
    sward_error err = {0};
    asset_impostor im;
    hand h = {.nv = 0};
    quad(&h, -0.25f, 0.25f, 0.5f, 1.5f, -0.2f, 0.5f, ASSET_SURFACE_BARK);
    asset_chain c = hand_chain(&h, 2);
    assert_int_equal(asset_impostor_bake(&c, 0, 64, NULL, &im, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "cell_w 0"));
    assert_null(im.texels);
    assert_int_equal(asset_impostor_bake(&c, 64, 4097, NULL, &im, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "cell_h 4097"));
    c.billboard_cards = 0;
    assert_int_equal(asset_impostor_bake(&c, 64, 64, NULL, &im, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "no billboard cards"));
    c.billboard_cards = 2;
    c.lods[0].billboard_indices = c.lods[0].index_count; /* all billboard, no mesh */
    assert_int_equal(asset_impostor_bake(&c, 64, 64, NULL, &im, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "no triangles"));
    asset_texture_set empty = {0};
    c.lods[0].billboard_indices = 0;
    assert_int_equal(asset_impostor_bake(&c, 64, 64, &empty, &im, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "texture set is empty"));
    /* a rock's chain has no billboard */
    asset_chain rock = at_generate(&AT_CASES[4]);
    assert_int_equal(asset_impostor_bake(&rock, 64, 64, NULL, &im, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "no billboard cards"));
    asset_chain_free(&rock);
    asset_impostor_free(&im); /* freeing an empty one is harmless */
}

/* AS3: the billboard's cards trimmed to their impostor (src/assets/trim.c). For a generated tree, bush and
 * flower, every corner of every covered texel of each card lies inside the card's outline (the two trapezoids
 * between its rows), the outline is at most 80 % of the cell for the tree (a round crown on a trunk), and the
 * trimmed vertices of every level show the same texels where they moved: u and v follow the position along the
 * card as the whole card's. */
static bool inside_band(const asset_card_outline *o, int band, double x, double y)
{
    double y0 = o->y[band], y1 = o->y[band + 1]; /* band 0: rows 0 (bottom) to 1; band 1: rows 1 to 2 (top) */
    if (y > y0 + 1e-6 || y < y1 - 1e-6) return false;
    double t = y0 == y1 ? 0.0 : (y0 - y) / (y0 - y1);
    double l = o->left[band] + (o->left[band + 1] - o->left[band]) * t;
    double r = o->right[band] + (o->right[band + 1] - o->right[band]) * t;
    return x >= l - 1e-6 && x <= r + 1e-6;
}

static void test_trimmed_cards(void **state)
{
    (void)state;
    asset_texture_set ts;
    sward_error err = {0};
    assert_int_equal(asset_texture_set_build(ASSET_SURFACE_LEAF, 128, 1, &ts, &err), SWARD_OK);
    const size_t cases[] = {0, 2, 3}; /* tree, bush, flower */
    for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
        const at_case *tc = &AT_CASES[cases[ci]];
        asset_chain ch = at_generate(tc);
        const uint32_t W = 96, H = 128;
        asset_impostor im = bake(&ch, W, H, &ts);
        double cell = (double)W * H, kept = 0.0;
        for (uint32_t card = 0; card < ch.billboard_cards; card++) {
            asset_card_outline o;
            assert_true(asset_card_outline_of(&im, card, &o));
            uint32_t outside = 0, covered = 0;
            for (uint32_t y = 0; y < H; y++)
                for (uint32_t x = 0; x < W; x++) {
                    if (!im.texels[(size_t)y * im.width + card * W + x]) continue;
                    covered++;
                    for (int k = 0; k < 4; k++) {
                        double px = (double)x + (double)(k & 1), py = (double)y + (double)(k >> 1);
                        outside += !(inside_band(&o, 0, px, py) || inside_band(&o, 1, px, py));
                    }
                }
            double area = asset_card_outline_area(&o);
            kept += area;
            print_message("%-7s card %u: %u covered texels (%.1f %% of the cell), outline %.1f %% of it, %u corners "
                          "outside\n", tc->name, card, covered, 100.0 * covered / cell, 100.0 * area / cell, outside);
            assert_int_equal(outside, 0);
            assert_true(area >= covered && area <= cell);
        }
        if (cases[ci] == 0) assert_true(kept / ch.billboard_cards <= 0.8 * cell);
        /* the renderer's bake trims the cards: where a billboard vertex moved, its uv is the card's at its new
         * position, and the same impostor */
        asset_chain trimmed = at_generate(tc);
        asset_impostor im2;
        assert_int_equal(asset_billboard_bake(&trimmed, W, H, &ts, &im2, &err), SWARD_OK);
        assert_memory_equal(im2.texels, im.texels, (size_t)im.width * im.height * sizeof *im.texels);
        asset_impostor_free(&im2);
        uint32_t moved = 0;
        for (uint32_t lv = 0; lv < trimmed.lod_count; lv++) {
            const asset_mesh *m = &trimmed.lods[lv];
            for (uint32_t i = asset_mesh_billboard_first(m); i < m->index_count; i++) {
                const asset_vertex *v = &m->vertices[m->indices[i]], *v0 = &ch.lods[lv].vertices[m->indices[i]];
                float ang = atan2f(v->normal[0], -v->normal[2]);
                int k = (int)lrintf(ang / (3.14159265f / (float)ch.billboard_cards));
                k = ((k % (int)ch.billboard_cards) + (int)ch.billboard_cards) % (int)ch.billboard_cards;
                asset_card card;
                asset_billboard_card(ch.lods[0].bounds_min, ch.lods[0].bounds_max, ch.billboard_cards, (uint32_t)k, &card);
                float s = (v->pos[0] - card.centre[0]) * card.right[0] + (v->pos[2] - card.centre[2]) * card.right[2];
                float u = ((float)k + 0.5f * (s / card.half_width + 1.0f)) / (float)ch.billboard_cards;
                float vv = 1.0f - (v->pos[1] - card.centre[1]) / card.height;
                assert_float_equal(v->uv[0], u, 1e-4);
                assert_float_equal(v->uv[1], vv, 1e-4);
                assert_true(v->gradient >= 0.0f && v->gradient <= 1.0f + 1e-4f);
                moved += memcmp(v->pos, v0->pos, sizeof v->pos) != 0;
            }
        }
        assert_true(moved > 0);
        asset_chain_free(&trimmed);
        asset_impostor_free(&im);
        asset_chain_free(&ch);
    }
    asset_texture_set_free(&ts);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_quads), cmocka_unit_test(test_hand_leaf),
        cmocka_unit_test(test_generated),  cmocka_unit_test(test_cards_differ_and_determinism),
        cmocka_unit_test(test_errors),     cmocka_unit_test(test_trimmed_cards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
