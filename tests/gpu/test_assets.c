/* Mesh assets on the GPU (SPEC PL8, PL11, SC4, SC5, AS2, LS3, GA6, GA7, GA9): the placement of every cluster equals the
 * CPU reference instance by instance and in the same (random) order; the culling draws each instance with the
 * level its projected size asks for (or both levels of a cross-fade, with complementary screen doors), and the
 * shadow cascades with their casters' levels; the images show the assets, move them with the wind and only with
 * it, and are deterministic. */
#include "gpu_util.h"

#include "render/render.h"
#include "testing/readback.h"

#include <math.h>

#define FIELD "tests/data/assets/field.json"

static sward_renderer *renderer(sward_context *ctx, sward_scene *scene, uint32_t w, uint32_t h)
{
    return gu_renderer(ctx, scene, w, h);
}

/* PL11: the least horizontal distance (m) between the instances of the assets in `mask`. */
static double least_distance(const render_asset_readback *rb, unsigned mask)
{
    double best = 1e30;
    for (uint32_t k = 0; k < rb->cluster_count; k++)
        for (uint32_t l = k; l < rb->cluster_count; l++) {
            const sw_cluster *a = &rb->clusters[k], *b = &rb->clusters[l];
            if (!(mask >> a->asset & 1u) || !(mask >> b->asset & 1u)) continue;
            const sw_instance *p = rb->instances + (size_t)a->slot * SW_CLUSTER_CANDIDATES;
            const sw_instance *q = rb->instances + (size_t)b->slot * SW_CLUSTER_CANDIDATES;
            for (uint32_t i = 0; i < a->count; i++)
                for (uint32_t j = k == l ? i + 1 : 0; j < b->count; j++) {
                    double dx = (double)p[i].x - (double)q[j].x, dz = (double)p[i].z - (double)q[j].z;
                    best = fmin(best, dx * dx + dz * dz);
                }
        }
    return sqrt(best);
}

/* PL8, SC4: the GPU's clusters hold exactly the CPU reference's instances, in its order. */
static void placement_matches_cpu(const char *rel)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene(rel);
    sward_renderer *r = renderer(ctx, scene, 320, 180);
    render_asset_readback rb;
    sward_error err = {0};
    if (render_read_assets(r, &(sward_frame_desc){.time = 0.5f}, &rb, &err) != SWARD_OK) fail_msg("%s", err.message);
    assert_true(rb.cluster_count > 5);
    static sw_instance cpu[SW_CLUSTER_CANDIDATES];
    unsigned seen_assets = 0;
    size_t total = 0;
    for (uint32_t k = 0; k < rb.cluster_count; k++) {
        const sw_cluster *c = &rb.clusters[k];
        uint32_t n = place_asset_cluster(scene, c->asset, c->ci0, c->cj0, cpu);
        assert_int_equal(c->count, n);
        const sw_instance *g = rb.instances + (size_t)c->slot * SW_CLUSTER_CANDIDATES;
        float ymin = 1e30f, ymax = -1e30f;
        for (uint32_t i = 0; i < n; i++) {
            if (fabsf(g[i].x - cpu[i].x) > 1e-5f || fabsf(g[i].z - cpu[i].z) > 1e-5f || fabsf(g[i].y - cpu[i].y) > 1e-4f)
                fail_msg("cluster %u instance %u: GPU (%f %f %f) CPU (%f %f %f)", k, i, g[i].x, g[i].y, g[i].z, cpu[i].x,
                         cpu[i].y, cpu[i].z);
            assert_int_equal(g[i].yaw_hash, cpu[i].yaw_hash);
            assert_true(fabsf(g[i].scale - cpu[i].scale) < 1e-6f);
            ymin = fminf(ymin, cpu[i].y);
            ymax = fmaxf(ymax, cpu[i].y);
        }
        if (n) {
            assert_true(fabsf(c->y_min - ymin) < 1e-4f && fabsf(c->y_max - ymax) < 1e-4f);
            seen_assets |= 1u << c->asset;
        }
        total += n;
    }
    print_message("%u clusters, %zu instances\n", rb.cluster_count, total);
    assert_int_equal(seen_assets, (1u << scene->asset_count) - 1u); /* every asset grew somewhere */
    /* PL11: a dither asset's instances, and a layer's together, at least 0.9 footprint apart */
    for (int a = 0; a < scene->asset_count; a++) {
        const world_asset *as = &scene->assets[a];
        if (!as->dither) continue;
        unsigned mask = 1u << a;
        for (int b = 0; b < scene->asset_count; b++)
            if (as->layer && scene->assets[b].layer == as->layer) mask |= 1u << b;
        double d = least_distance(&rb, mask);
        print_message("%s: least distance %.3f m, footprint %.2f m\n", as->name, d, (double)as->footprint);
        assert_true(d >= 0.9 * (double)as->footprint);
    }
    render_asset_readback_free(&rb);
    gu_finish(r, ctx, scene);
}

static void test_placement_matches_cpu(void **state)
{
    (void)state;
    placement_matches_cpu(FIELD);
}

/* PL2: with density areas (positive, negative, base_density) and layers (two assets sharing a grid, one alone on
 * its layer), the GPU still places exactly the CPU's instances. */
static void test_placement_matches_cpu_areas(void **state)
{
    (void)state;
    placement_matches_cpu("tests/data/areas/field_areas.json");
}

/* PL11: assets on the ordered-dither point set (a forest decoded from areas, a layer of two species with patches,
 * flowers) beside one on the grid: the GPU places exactly the CPU's instances, and keeps their spacing. */
static void test_placement_matches_cpu_dither(void **state)
{
    (void)state;
    placement_matches_cpu("tests/data/assets/field_dither.json");
}

/* PL11: assets following the trees' canopy (ferns on the grid, flowers on the point set) beside the trees that cast
 * it: the GPU places exactly the CPU's instances. */
static void test_placement_matches_cpu_canopy(void **state)
{
    (void)state;
    placement_matches_cpu("tests/data/canopy/field_canopy.json");
}

/* AS2, SC5, LS3: each drawn instance is at the level its size asks for; a cross-fade's two levels split its
 * screen door without overlap; the cascades draw their casters' levels; no run overflowed. */
static void test_culling_and_levels(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene(FIELD);
    sward_renderer *r = renderer(ctx, scene, 640, 360);
    render_asset_readback rb;
    sward_error err = {0};
    if (render_read_assets(r, &(sward_frame_desc){.time = 0.5f}, &rb, &err) != SWARD_OK) fail_msg("%s", err.message);
    const sw_view *v = &rb.views[0];
    uint32_t per_level[SW_MAX_ASSETS][SW_ASSET_MAX_LODS] = {{0}}, fading = 0;
    for (uint32_t a = 0; a < r->assets.count; a++) {
        const sw_asset *g = &r->assets.gpu[a];
        for (uint32_t k = 0; k < SW_ASSET_MAX_LODS; k++) {
            const sw_asset_draw *d = &rb.draws[0][a * SW_ASSET_MAX_LODS + k];
            assert_int_equal(d->needed, d->instance_count); /* nothing dropped */
            if (k >= g->lod_count) assert_int_equal(d->instance_count, 0);
            for (uint32_t i = 0; i < d->instance_count; i++) {
                const sw_drawn *x = &rb.drawn[d->first_instance + i];
                assert_int_equal(x->yaw_hash >> 29, a);
                float dx = x->x - v->cam_x, dy = x->y - v->cam_y, dz = x->z - v->cam_z;
                float dist = sqrtf(dx * dx + dy * dy + dz * dz);
                assert_true(dist < g->draw_distance);
                float px = g->height * x->scale * v->px_scale / fmaxf(dist, 1e-3f);
                float lf = sw_asset_lod(px, g->lod_px[0], g->lod_px[1], g->lod_px[2], g->lod_px[3], g->lod_px[4],
                                        g->lod_px[5], g->lod_count);
                uint32_t want = (uint32_t)lf;
                float lo = (float)(x->door & 0xffffu) / 65535.0f, hi = (float)(x->door >> 16) / 65535.0f;
                assert_true(lo < hi);
                bool near_switch = false;
                for (uint32_t t = 0; t + 1 < g->lod_count; t++)
                    near_switch |= fabsf(px - g->lod_px[t]) < 1e-3f * g->lod_px[t] ||
                                   fabsf(px - g->lod_px[t] * (1.0f + SW_LOD_FADE_BAND)) < 1e-3f * g->lod_px[t];
                if (near_switch) continue;
                if (lf > (float)want) { /* a cross-fade: the lower level from 0, the next one from the split */
                    assert_true(k == want || k == want + 1);
                    if (k == want) assert_true(lo == 0.0f);
                    else assert_true(lo > 0.0f);
                    fading += k == want + 1; /* the level it fades into draws it too */
                } else {
                    assert_int_equal(k, want);
                    assert_true(lo == 0.0f);
                }
                per_level[a][k]++;
            }
        }
    }
    /* the field spans several levels of the trees and of the plants */
    unsigned tree_levels = 0, fern_levels = 0;
    for (uint32_t k = 0; k < SW_ASSET_MAX_LODS; k++) {
        tree_levels += per_level[0][k] > 0;
        fern_levels += per_level[1][k] > 0;
    }
    print_message("tree levels %u, fern levels %u, %u instances cross-fading; %llu of %llu clusters culled\n",
                  tree_levels, fern_levels, fading, (unsigned long long)rb.stats.assets.clusters_culled,
                  (unsigned long long)rb.stats.assets.clusters);
    /* SC4: clusters behind the camera are culled by their bounds, before their instances */
    assert_true(rb.stats.assets.clusters_culled > 0 && rb.stats.assets.clusters_culled < rb.stats.assets.clusters);
    /* the stats count what the draws hold, per kind and level */
    uint64_t counted = 0, listed = 0;
    for (int k = 0; k < SWARD_ASSET_KINDS; k++)
        for (int lv = 0; lv < SWARD_ASSET_LODS; lv++)
            counted += rb.stats.assets.instances[k][lv];
    for (uint32_t d = 0; d < SW_MAX_ASSETS * SW_ASSET_MAX_LODS; d++) listed += rb.draws[0][d].instance_count;
    assert_true(counted == listed && listed > 0);
    assert_true(tree_levels >= 2 && fern_levels >= 2);
    assert_true(fading > 0);
    /* LS3: the near cascade draws the casters' level, the mid one the trees' billboard and the other tall assets'
     * last mesh level */
    if (r->plan.shadows) {
        for (uint32_t a = 0; a < r->assets.count; a++)
            for (uint32_t k = 0; k < SW_ASSET_MAX_LODS; k++) {
                const sw_asset_draw *n = &rb.draws[SW_VIEW_NEAR][a * SW_ASSET_MAX_LODS + k];
                const sw_asset_draw *m = &rb.draws[SW_VIEW_MID][a * SW_ASSET_MAX_LODS + k];
                if (k != r->assets.gpu[a].shadow_near_lod) assert_int_equal(n->instance_count, 0);
                if (k != r->assets.gpu[a].shadow_mid_lod) assert_int_equal(m->instance_count, 0);
                /* the mid cascade: a level's mesh without its billboard cards, but the billboard level itself (the
                 * trees' casters there) */
                const sw_asset *g = &r->assets.gpu[a];
                if (k + 1 < g->lod_count) assert_int_equal(m->index_count, g->mesh_index_count[k]);
                else if (k < g->lod_count) assert_int_equal(m->index_count, g->index_count[k]);
            }
        uint32_t mid = 0;
        for (uint32_t d = 0; d < SW_MAX_ASSETS * SW_ASSET_MAX_LODS; d++) mid += rb.draws[SW_VIEW_MID][d].instance_count;
        assert_true(mid > 0);
    }
    render_asset_readback_free(&rb);
    gu_finish(r, ctx, scene);
}

static double differing(const uint8_t *a, const uint8_t *b, uint32_t w, uint32_t h)
{
    size_t n = 0;
    for (size_t i = 0; i < (size_t)w * h; i++)
        n += abs(a[4 * i] - b[4 * i]) + abs(a[4 * i + 1] - b[4 * i + 1]) + abs(a[4 * i + 2] - b[4 * i + 2]) > 24;
    return (double)n / ((double)w * h);
}

/* The assets show (against the same field without them); the wind moves them, and nothing else does; the same
 * frame twice gives the same bytes. */
static void test_images(void **state)
{
    (void)state;
    const uint32_t w = 320, h = 180;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean(FIELD); /* the assets themselves: no shadow maps (gpu_util.h) */
    sward_frame_desc t0 = {.time = 0.0f, .no_grass = true}, t1 = {.time = 1.3f, .no_grass = true};
    uint8_t *a0 = gu_render(ctx, scene, w, h, &t0, NULL);
    uint8_t *a0b = gu_render(ctx, scene, w, h, &t0, NULL);
    uint8_t *a1 = gu_render(ctx, scene, w, h, &t1, NULL);
    assert_memory_equal(a0, a0b, (size_t)w * h * 4);
    double moved = differing(a0, a1, w, h);
    int count = scene->asset_count;
    scene->asset_count = 0;
    uint8_t *bare = gu_render(ctx, scene, w, h, &t0, NULL);
    scene->asset_count = count;
    double shown = differing(a0, bare, w, h);
    scene->wind.speed = 0.0f;
    /* both frames from one renderer: whatever its history carried over could only add to the difference */
    sward_renderer *r = gu_renderer(ctx, scene, w, h);
    uint8_t *s0 = malloc(sward_image_bound(w, h)), *s1 = malloc(sward_image_bound(w, h));
    sward_image img0 = {.width = w, .height = h, .pixels = s0}, img1 = {.width = w, .height = h, .pixels = s1};
    sward_error err = {0};
    if (sward_render(r, &t0, &img0, NULL, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    if (sward_render(r, &t1, &img1, NULL, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    sward_renderer_destroy(r);
    double still = differing(s0, s1, w, h);
    print_message("assets cover %.1f %% of the image; wind moves %.2f %%, without wind %.3f %%\n", 100 * shown,
                  100 * moved, 100 * still);
    assert_true(shown > 0.15);
    assert_true(moved > 0.005);
    assert_true(still < moved / 20.0);
    free(a0);
    free(a0b);
    free(a1);
    free(bare);
    free(s0);
    free(s1);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
    sward_scene_destroy(scene);
}

/* AS3: at its switch distance the billboard shows the tree the mesh shows: the pixels they cover and their mean
 * colour agree within the stated tolerances (the impostor is baked from the most detailed mesh). */
static void test_impostor_matches_mesh(void **state)
{
    (void)state;
    const uint32_t w = 320, h = 180;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("tests/data/assets/impostor.json");
    sward_frame_desc fd = {.time = 0.0f, .no_grass = true};
    int count = scene->asset_count;
    scene->asset_count = 0;
    uint8_t *bare = gu_render(ctx, scene, w, h, &fd, NULL);
    scene->asset_count = count;
    scene->assets[0].lod_bias = 100.0f; /* every instance at its most detailed level */
    uint8_t *mesh = gu_render(ctx, scene, w, h, &fd, NULL);
    scene->assets[0].lod_bias = 0.01f; /* every instance at the billboard */
    uint8_t *card = gu_render(ctx, scene, w, h, &fd, NULL);
    size_t cover[2] = {0}, both = 0;
    double sum[2][3] = {{0}};
    for (size_t i = 0; i < (size_t)w * h; i++) {
        const uint8_t *img[2] = {mesh + 4 * i, card + 4 * i};
        bool in[2];
        for (int k = 0; k < 2; k++) {
            const uint8_t *p = img[k], *b = bare + 4 * i;
            in[k] = abs(p[0] - b[0]) + abs(p[1] - b[1]) + abs(p[2] - b[2]) > 24;
            if (!in[k]) continue;
            cover[k]++;
            for (int c = 0; c < 3; c++) sum[k][c] += p[c];
        }
        both += in[0] && in[1];
    }
    double overlap = (double)both / (double)(cover[0] > cover[1] ? cover[0] : cover[1]);
    double mean[2][3], worst = 0.0;
    for (int k = 0; k < 2; k++)
        for (int c = 0; c < 3; c++) mean[k][c] = cover[k] ? sum[k][c] / (double)cover[k] : 0.0;
    for (int c = 0; c < 3; c++) worst = fmax(worst, fabs(mean[0][c] - mean[1][c]));
    print_message("mesh covers %zu px, billboard %zu px, overlap %.2f; mean colour mesh (%.0f %.0f %.0f) billboard "
                  "(%.0f %.0f %.0f)\n", cover[0], cover[1], overlap, mean[0][0], mean[0][1], mean[0][2], mean[1][0],
                  mean[1][1], mean[1][2]);
    assert_true(cover[0] > 300);
    assert_true(fabs((double)cover[1] / (double)cover[0] - 1.0) < 0.2); /* the same size within 20 % */
    assert_true(overlap > 0.6);                                          /* in the same place */
    assert_true(worst < 20.0);                                           /* the same colour within 20 / 255 */
    free(bare);
    free(mesh);
    free(card);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
    sward_scene_destroy(scene);
}

/* LS3: the mid cascade's tree casters are each tree's one billboard card nearest to facing the sun (the tree seen
 * from the sun's side: its shadow's silhouette), not the union of its cards: every texel it covers lies on the
 * vertical plane of some placed tree's sun-facing card. The camera looks 70 degrees away from the sun's azimuth,
 * so a card chosen by the eye's direction is another card. */
static void test_mid_casters_one_card(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene("tests/data/assets/wood_mid.json");
    sward_renderer *r = renderer(ctx, scene, 160, 90);
    const sward_frame_desc fd = {.time = 0.0f};
    const size_t S = RENDER_SHADOW_SIZE, n = S * S;
    float *layers = malloc(2 * n * sizeof(float));
    sw_view views[SW_MAX_VIEWS];
    render_asset_readback rb;
    sward_error err = {0};
    if (render_read_shadows(r, &fd, layers, NULL, NULL, views, &err) != SWARD_OK) fail_msg("%s", err.message);
    if (render_read_assets(r, &fd, &rb, &err) != SWARD_OK) fail_msg("%s", err.message);
    const sw_asset *g = &r->assets.gpu[0];
    assert_int_equal(g->kind, SW_ASSET_KIND_TREE);
    const float cards = 3.0f, radius = r->assets.radius[0];
    /* the sun's horizontal direction: the mid view's depth axis (the inverse's depth column) */
    const float *m = views[SW_VIEW_MID].inv_view_proj;
    float sx = m[8], sz = m[10], sl = sqrtf(sx * sx + sz * sz);
    sx /= sl, sz /= sl;
    size_t covered = 0, on_card = 0;
    for (size_t j = 0; j < S; j++)
        for (size_t i = 0; i < S; i++) {
            float depth = layers[n + j * S + i];
            if (depth <= 0.0f) continue;
            float x = ((float)i + 0.5f) / (float)S * 2.0f - 1.0f, y = ((float)j + 0.5f) / (float)S * 2.0f - 1.0f;
            float px = m[0] * x + m[4] * y + m[8] * depth + m[12];
            float pz = m[2] * x + m[6] * y + m[10] * depth + m[14];
            float best = 1e30f;
            bool near_tree = false;
            for (uint32_t k = 0; k < rb.cluster_count; k++) {
                const sw_cluster *c = &rb.clusters[k];
                const sw_instance *in = rb.instances + (size_t)c->slot * SW_CLUSTER_CANDIDATES;
                for (uint32_t t = 0; t < c->count; t++) {
                    float dx = px - in[t].x, dz = pz - in[t].z;
                    if (dx * dx + dz * dz > radius * in[t].scale * radius * in[t].scale) continue;
                    near_tree = true;
                    /* card c's normal (sin a, 0, -cos a), a = c pi / cards, turned by the yaw (asset_vertex.inc) */
                    float yaw = (float)(in[t].yaw_hash & 0xffffu) / 65535.0f * 6.2831853f;
                    float co = cosf(yaw), si = sinf(yaw), facing = -1.0f, nx = 0.0f, nz = 0.0f;
                    for (int q = 0; q < (int)cards; q++) {
                        float a = (float)q * 3.14159265f / cards, ox = sinf(a), oz = -cosf(a);
                        float wx = co * ox + si * oz, wz = -si * ox + co * oz;
                        float f = fabsf(wx * sx + wz * sz);
                        if (f > facing) facing = f, nx = wx, nz = wz;
                    }
                    best = fminf(best, fabsf(dx * nx + dz * nz));
                }
            }
            if (!near_tree) continue; /* another caster (none in this scene but the trees) */
            covered++;
            on_card += best < 0.35f;
        }
    print_message("%zu mid-cascade texels cast by trees, %.1f %% on a sun-facing card's plane\n", covered,
                  100.0 * (double)on_card / (double)(covered ? covered : 1));
    assert_true(covered > 2000);
    assert_true((double)on_card > 0.97 * (double)covered);
    render_asset_readback_free(&rb);
    free(layers);
    gu_finish(r, ctx, scene);
}

/* LS3: the mid layer is drawn only where an asset is tall enough to cast into it: the wood's trees, not a field of
 * flowers alone (whose mid cascade is the lit heights' only). */
static bool mid_layer_drawn(const char *rel)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene(rel);
    sward_renderer *r = renderer(ctx, scene, 160, 90);
    sward_image img = {.width = 160, .height = 90, .pixels = malloc(sward_image_bound(160, 90))};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    sward_error err = {0};
    if (sward_render(r, &(sward_frame_desc){.time = 0.0f}, &img, &st, &err) != SWARD_OK) fail_msg("%s", err.message);
    bool ran = sward_stats_pass_ms(&st, "shadow_mid") >= 0.0;
    assert_true(sward_stats_pass_ms(&st, "lighting") >= 0.0);
    free(img.pixels);
    gu_finish(r, ctx, scene);
    return ran;
}

static void test_mid_layer_only_with_tall_assets(void **state)
{
    (void)state;
    assert_true(mid_layer_drawn("tests/data/assets/wood_mid.json"));
    assert_false(mid_layer_drawn("scenes/flowers.json"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_placement_matches_cpu),
        cmocka_unit_test(test_placement_matches_cpu_areas),
        cmocka_unit_test(test_placement_matches_cpu_dither),
        cmocka_unit_test(test_placement_matches_cpu_canopy),
        cmocka_unit_test(test_culling_and_levels),
        cmocka_unit_test(test_images),
        cmocka_unit_test(test_impostor_matches_mesh),
        cmocka_unit_test(test_mid_casters_one_card),
        cmocka_unit_test(test_mid_layer_only_with_tall_assets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
