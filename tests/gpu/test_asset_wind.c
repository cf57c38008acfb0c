/* test_asset_wind.c — the mesh assets' vertex programs against a CPU evaluation of them (SPEC GA6, GA7, GA9; HZD
 * "Vertex Program: Trees" and "Plants", 003's pivot animation): shaders/asset_vertex.inc.glsl's sw_asset_point_of
 * runs in tests/gpu/shaders/asset_probe.comp.glsl over vertices of a generated oak, hazel and poppy, drawn as
 * instances this test writes (position, scale, yaw, the wind's push), and each animated position must be the one
 * the formulas below give for the same vertex (its baked wind data read back beside it), within 2 mm:
 *   trees   the trunk bends about the root by mag (1 - rigidity) 0.35 (0.85 + 0.15 sin(0.9 t + phase / 10)) times
 *           the square of the height fraction; branch vertices also bend along the wind by 0.25 mag k, sway across
 *           it by 0.08 sin(1.7 t + phase) (0.35 + mag) k and lift by 0.12 mag k (k: trunk distance^2 x the
 *           longest branch); leaf vertices also flutter by the 16^3 noise at 1.7 p + t (0.6 + 2 mag) + phase, by
 *           (0.04 + 0.12 mag) max(branch distance, 0.15) x the longest leaf;
 *   plants  each part turns about its pivot by (lean + sway) x its gradient, lean = 0.45 f(2 mag) with the soft
 *           clamp f(x) = x (a + 1) / (x + a), a = 0.5 (bounded by 0.675 rad however strong the wind), sway
 *           0.06 sin(2.3 t + phase) (0.3 + mag); leaves flutter by the noise;
 *   flowers each part turns about its pivot by (0.6 mag + 0.12 sin(2.9 t + phase) (0.4 + mag)) x its gradient.
 * Each level of a tree alone (the trunk's vertices: the bend only; the branches': bend and branch motion; the
 * leaves': all three), each term shown to move the vertices (the formulas without it are off by more), and a strong
 * wind's plant lean bounded by the clamp. */
#include "gpu_util.h"
#include "render/render.h"
#include "probe_util.h"
#include "assets/assets.h"

#include "asset_probe_comp.h"

#include <math.h>

static const char SCENE[] =
    "{\"terrain\": {\"size\": 32, \"resolution\": 33, \"color\": [0.05, 0.055, 0.025]},"
    " \"grass\": [{\"name\": \"g\", \"density\": 1, \"height\": [0.2, 0.3], \"width\": [0.01, 0.012],"
    "   \"root_color\": [0.01, 0.03, 0.01], \"tip_color\": [0.2, 0.3, 0.05]}],"
    " \"assets\": ["
    "  {\"name\": \"oak\", \"kind\": \"tree\", \"generate\": {\"seed\": 11, \"height\": 10, \"width\": 8}, \"density\": 0.001},"
    "  {\"name\": \"hazel\", \"kind\": \"bush\", \"generate\": {\"seed\": 9, \"height\": 1.4}, \"density\": 0.01},"
    "  {\"name\": \"poppy\", \"kind\": \"flower\", \"generate\": {\"seed\": 2}, \"density\": 0.01}],"
    " \"wind\": {\"direction\": [1, 0.3], \"speed\": 5},"
    " \"camera\": {\"position\": [0, 2, -10], \"target\": [0, 1, 0], \"above_ground\": true},"
    " \"render\": {\"width\": 64, \"height\": 36, \"seed\": 7, \"time\": 1.3}}";

/* the words the probe returns per vertex: the world position, then the sw_asset_vertex */
#define OUT_WORDS 16u

typedef struct v3 {
    double x, y, z;
} v3;

static v3 add(v3 a, v3 b) { return (v3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static v3 sub(v3 a, v3 b) { return (v3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static v3 mul(v3 a, double k) { return (v3){a.x * k, a.y * k, a.z * k}; }
static double dot(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static v3 cross(v3 a, v3 b) { return (v3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static double len(v3 a) { return sqrt(dot(a, a)); }

/* Rodrigues: v about the unit axis k by angle a */
static v3 rotate(v3 v, v3 k, double a)
{
    return add(add(mul(v, cos(a)), mul(cross(k, v), sin(a))), mul(k, dot(k, v) * (1.0 - cos(a))));
}

/* the leaves' 16^3 noise (asset_leaf_noise: x fastest, 4 floats a texel), trilinear and wrapping */
static v3 leaf_noise(const float *noise, v3 p)
{
    const double n = 16.0;
    const double f[3] = {p.x / n - floor(p.x / n), p.y / n - floor(p.y / n), p.z / n - floor(p.z / n)};
    int i0[3], i1[3];
    double t[3];
    for (int a = 0; a < 3; a++) {
        const double g = f[a] * n;
        i0[a] = (int)floor(g) & 15, i1[a] = (i0[a] + 1) & 15, t[a] = g - floor(g);
    }
    v3 r = {0, 0, 0};
    for (int c = 0; c < 8; c++) {
        const int s[3] = {c & 1, (c >> 1) & 1, (c >> 2) & 1};
        const int q[3] = {s[0] ? i1[0] : i0[0], s[1] ? i1[1] : i0[1], s[2] ? i1[2] : i0[2]};
        double w = 1.0;
        for (int a = 0; a < 3; a++) w *= s[a] ? t[a] : 1.0 - t[a];
        const float *x = noise + 4 * ((q[2] * 16 + q[1]) * 16 + q[0]);
        r = add(r, mul((v3){x[0], x[1], x[2]}, w));
    }
    return r;
}

/* which of a tree's terms the evaluation includes (all, or all but one: that term's share) */
enum { TERM_BEND = 1, TERM_BRANCH = 2, TERM_LEAF = 4, TERM_CLAMP = 8, TERM_ALL = 15 };

typedef struct probe_vertex {
    v3 pos, pivot;
    uint32_t wind, part;
} probe_vertex;

/* The wind's displacement of an object-space point p (scaled, turned) of asset a: the formulas above. */
static v3 animate(const sw_asset *a, v3 p, v3 pivot, const probe_vertex *v, double scale, uint32_t hash, double wx,
                  double wz, double t, const float *noise, int terms)
{
    const double mag = hypot(wx, wz);
    if (mag <= 0.0 || (a->flags & SW_ASSET_NO_WIND)) return p;
    const v3 dir = {wx / mag, 0.0, wz / mag};
    const double gradient = (double)(v->wind & 255u) / 255.0, trunk01 = (double)((v->wind >> 8) & 255u) / 255.0;
    const double leaf01 = (double)((v->wind >> 16) & 255u) / 255.0;
    const double phase = (double)(v->wind >> 24) / 255.0 * 6.2831853 + (double)(hash & 1023u) * 0.00614;
    const uint32_t level = (v->part >> 8) & 3u;
    const double h = fmax(a->height * scale, 1e-3);
    const v3 axis = mul((v3){dir.z, 0.0, -dir.x}, 1.0 / len((v3){dir.z, 0.0, -dir.x}));
    if (a->kind == SW_ASSET_KIND_TREE) {
        const double bend = mag * (1.0 - a->rigidity) * 0.35 * (0.85 + 0.15 * sin(t * 0.9 + phase * 0.1));
        const double hy = fmin(fmax(p.y / h, 0.0), 1.0);
        v3 q = (terms & TERM_BEND) ? rotate(p, axis, bend * hy * hy) : p;
        if (level >= 1u && (terms & TERM_BRANCH)) {
            const double k = trunk01 * trunk01 * a->branch_len * scale;
            const double sway = sin(t * 1.7 + phase) * (0.35 + mag);
            q = add(q, add(add(mul(dir, 0.25 * mag * k), mul((v3){-dir.z, 0.0, dir.x}, 0.08 * sway * k)),
                           (v3){0.0, 0.12 * mag * k, 0.0}));
        }
        if (level == 2u && (terms & TERM_LEAF)) {
            const double s = t * (0.6 + 2.0 * mag) + phase;
            const v3 n = leaf_noise(noise, add(mul(p, 1.7), (v3){s, s, s}));
            q = add(q, mul(n, (0.04 + 0.12 * mag) * fmax(leaf01, 0.15) * a->leaf_len * scale));
        }
        return q;
    }
    if (a->kind == SW_ASSET_KIND_PLANT) {
        const double x = mag * 2.0;
        const double lean = ((terms & TERM_CLAMP) ? x * (0.5 + 1.0) / (x + 0.5) : x) * 0.45; /* f(x), a = 0.5 */
        const double sway = 0.06 * sin(t * 2.3 + phase) * (0.3 + mag);
        v3 q = add(pivot, rotate(sub(p, pivot), axis, (lean + sway) * gradient));
        if (level == 2u && (terms & TERM_LEAF)) {
            const double s = t * (1.0 + 2.0 * mag) + phase;
            q = add(q, mul(leaf_noise(noise, add(mul(p, 3.0), (v3){s, s, s})), (0.02 + 0.05 * mag) * h * leaf01));
        }
        return q;
    }
    const double angle = (0.6 * mag + 0.12 * sin(t * 2.9 + phase) * (0.4 + mag)) * gradient;
    return add(pivot, rotate(sub(p, pivot), axis, angle));
}

/* The world position of vertex v of the drawn instance d (sw_asset_point_of without billboard cards). */
static v3 world_of(const sw_asset *a, const sw_drawn *d, const probe_vertex *v, double wx, double wz, double t,
                   const float *noise, int terms)
{
    const double yaw = (double)(d->yaw_hash & 0xffffu) / 65535.0 * 6.2831853, c = cos(yaw), s = sin(yaw);
    const v3 p = {(c * v->pos.x + s * v->pos.z) * d->scale, v->pos.y * d->scale, (-s * v->pos.x + c * v->pos.z) * d->scale};
    const v3 pv = {(c * v->pivot.x + s * v->pivot.z) * d->scale, v->pivot.y * d->scale,
                   (-s * v->pivot.x + c * v->pivot.z) * d->scale};
    return add((v3){d->x, d->y, d->z}, animate(a, p, pv, v, d->scale, (d->yaw_hash >> 16) & 0x1fffu, wx, wz, t, noise, terms));
}

/* The probe over n (instance, vertex) pairs with the given drawn list; out: OUT_WORDS words each. */
static void run_probe(sward_renderer *r, const sw_drawn *drawn, uint32_t ndrawn, const uint32_t *pairs, uint32_t n,
                      uint32_t *out)
{
    gpu_buffer in, res, dr;
    probe_buffer(r, &in, (size_t)n * 2 * sizeof(uint32_t), true, pairs, "test.asset_probes");
    probe_buffer(r, &dr, (size_t)ndrawn * sizeof(sw_drawn), true, drawn, "test.asset_drawn");
    probe_buffer(r, &res, (size_t)n * OUT_WORDS * sizeof(uint32_t), false, NULL, "test.asset_probe_results");
    const probe_bind binds[3] = {{0, &in, VK_NULL_HANDLE, 0}, {1, &res, VK_NULL_HANDLE, 0}, {2, &dr, VK_NULL_HANDLE, 0}};
    probe_run(r, sw_test_asset_probe_comp, sizeof sw_test_asset_probe_comp, "test.asset_probe", binds, 3, NULL, 0, n);
    memcpy(out, res.mapped, (size_t)n * OUT_WORDS * sizeof(uint32_t));
    gpu_buffer_destroy(&r->ctx->dev, &in);
    gpu_buffer_destroy(&r->ctx->dev, &res);
    gpu_buffer_destroy(&r->ctx->dev, &dr);
}

static float word_float(uint32_t w)
{
    float f;
    memcpy(&f, &w, sizeof f);
    return f;
}

/* Half floats of pushes the test picks exactly representable: 0.5 -> 0x3800, 0.25 -> 0x3400, 0.875 -> 0x3b00,
 * -0.4375 -> 0xb700. */
#define HALF2(a, b) ((uint32_t)(a) | ((uint32_t)(b) << 16))

typedef struct level_stats {
    uint32_t n;
    double worst, without[4]; /* the largest difference; the mean one with each term left out */
} level_stats;

static void vertex_programs_match_their_formulas(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    sward_error err = {0};
    sward_scene *scene = NULL;
    if (sward_scene_load_string(SCENE, sizeof SCENE - 1, "asset_wind", NULL, &scene, &err) != SWARD_OK)
        fail_msg("%s", err.message);
    scene->render.features &= ~(SW_FEAT_TAA | SW_FEAT_BLOOM);
    scene->render.shadow_size = GU_SHADOW_SIZE;
    sward_renderer *r = gu_renderer(ctx, scene, 64, 36);
    const float time = 1.3f;
    sward_image img = {.width = 64, .height = 36, .pixels = malloc(sward_image_bound(64, 36))};
    if (sward_render(r, &(sward_frame_desc){.time = time, .no_grass = true}, &img, NULL, &err) != SWARD_OK)
        fail_msg("%s", err.message);
    free(img.pixels);
    assert_int_equal(r->assets.count, 3);
    float *noise = malloc(ASSET_NOISE_TEXELS * 4 * sizeof(float));
    asset_leaf_noise(scene->render.settings.seed, noise);
    /* two instances of each asset: a moderate push and a strong one, turned and scaled */
    const uint32_t winds[2] = {HALF2(0x3800, 0x3400), HALF2(0x3b00, 0xb700)};
    sw_drawn drawn[6];
    for (uint32_t a = 0; a < 3; a++)
        for (uint32_t k = 0; k < 2; k++)
            drawn[a * 2 + k] = (sw_drawn){.x = 1.0f + (float)a, .y = 0.5f, .z = -2.0f * (float)k, .scale = 0.8f + 0.3f * (float)k,
                                          .yaw_hash = (a << 29) | (0x1234u * (k + 1) << 16 & 0x1fff0000u) | (9000u + 20000u * k),
                                          .wind = winds[k], .prev_wind = winds[k], .door = 0xffff0000u};
    /* every 3rd vertex of each asset's first level */
    enum { MAX = 60000 };
    uint32_t *pairs = malloc(MAX * 2 * sizeof(uint32_t)), *out = malloc(MAX * OUT_WORDS * sizeof(uint32_t));
    uint32_t n = 0;
    for (uint32_t a = 0; a < 3; a++) {
        const sw_asset *g = &r->assets.gpu[a];
        const int v0 = g->vertex_offset[0], v1 = g->lod_count > 1 ? g->vertex_offset[1] : v0 + 3000;
        for (uint32_t k = 0; k < 2; k++)
            for (int v = v0; v < v1 && n < MAX; v += 3) pairs[2 * n] = a * 2 + k, pairs[2 * n + 1] = (uint32_t)v, n++;
    }
    run_probe(r, drawn, 6, pairs, n, out);
    level_stats st[3][3] = {{{0}}}; /* asset, level */
    double strong_lean = 0.0, leaf_disp = 0.0;
    static const int leave_out[4] = {TERM_BEND, TERM_BRANCH, TERM_LEAF, TERM_CLAMP};
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t *o = out + (size_t)i * OUT_WORDS;
        const uint32_t inst = pairs[2 * i], a = inst / 2;
        const sw_drawn *d = &drawn[inst];
        const probe_vertex v = {{word_float(o[3]), word_float(o[4]), word_float(o[5])},
                                {word_float(o[8]), word_float(o[9]), word_float(o[10])}, o[11], o[12]};
        if (v.part & (1u << 12)) continue; /* a billboard card: not the mesh */
        const uint32_t level = (v.part >> 8) & 3u;
        const double wx = inst % 2 ? 0.875 : 0.5, wz = inst % 2 ? -0.4375 : 0.25;
        const v3 gpu = {word_float(o[0]), word_float(o[1]), word_float(o[2])};
        const v3 cpu = world_of(&r->assets.gpu[a], d, &v, wx, wz, time, noise, TERM_ALL);
        level_stats *s = &st[a][level];
        s->n++;
        s->worst = fmax(s->worst, len(sub(gpu, cpu)));
        for (int t = 0; t < 4; t++)
            s->without[t] += len(sub(gpu, world_of(&r->assets.gpu[a], d, &v, wx, wz, time, noise, TERM_ALL & ~leave_out[t])));
        if (a == 0 && level == 2) leaf_disp = fmax(leaf_disp, len(sub(cpu, world_of(&r->assets.gpu[a], d, &v, wx, wz, time, noise, TERM_ALL & ~TERM_LEAF))));
        if (a == 1 && inst % 2) {
            /* the plant's turn about its pivot under the strong push: the angle between the arms */
            const double c = cos((double)(d->yaw_hash & 0xffffu) / 65535.0 * 6.2831853), sn = sin((double)(d->yaw_hash & 0xffffu) / 65535.0 * 6.2831853);
            const v3 pv = add((v3){d->x, d->y, d->z}, mul((v3){c * v.pivot.x + sn * v.pivot.z, v.pivot.y, -sn * v.pivot.x + c * v.pivot.z}, d->scale));
            const v3 rest = add((v3){d->x, d->y, d->z}, mul((v3){c * v.pos.x + sn * v.pos.z, v.pos.y, -sn * v.pos.x + c * v.pos.z}, d->scale));
            const v3 arm0 = sub(rest, pv), arm1 = sub(gpu, pv);
            if (level < 2 && len(arm0) > 0.05) {
                const double ang = acos(fmin(1.0, dot(arm0, arm1) / (len(arm0) * len(arm1))));
                strong_lean = fmax(strong_lean, ang);
            }
        }
    }
    static const char *const names[3] = {"oak", "hazel", "poppy"};
    for (int a = 0; a < 3; a++)
        for (int l = 0; l < 3; l++) {
            const level_stats *s = &st[a][l];
            if (!s->n) continue;
            print_message("%s level %d: %u vertices, at most %.5f m from the formulas; without the bend %.4f, the "
                          "branch %.4f, the leaves %.4f, the clamp %.4f m on average\n",
                          names[a], l, s->n, s->worst, s->without[0] / s->n, s->without[1] / s->n,
                          s->without[2] / s->n, s->without[3] / s->n);
            assert_true(s->worst <= 0.002);
        }
    print_message("the leaves' flutter at most %.3f m; the hazel's strongest turn %.3f rad (the clamp's bound 0.675 + "
                  "the sway)\n", leaf_disp, strong_lean);
    /* every level of the tree is there, and each term moves the vertices it applies to */
    assert_true(st[0][0].n > 50 && st[0][1].n > 500 && st[0][2].n > 500);
    assert_true(st[0][0].without[0] / st[0][0].n > 0.01);  /* the trunk's bend */
    assert_true(st[0][1].without[1] / st[0][1].n > 0.01);  /* the branches' motion */
    assert_true(st[0][2].without[2] / st[0][2].n > 0.002); /* the leaves' flutter */
    assert_true(st[1][0].n + st[1][1].n + st[1][2].n > 50 && st[2][0].n + st[2][1].n + st[2][2].n > 50);
    const double plant_clamp = (st[1][0].without[3] + st[1][1].without[3] + st[1][2].without[3]) /
                               (double)(st[1][0].n + st[1][1].n + st[1][2].n);
    assert_true(plant_clamp > 0.005); /* the soft clamp changes the plant's lean */
    assert_true(strong_lean < 0.675 + 0.06 * (0.3 + 0.98) + 0.01); /* bounded however strong the wind */
    free(pairs);
    free(out);
    free(noise);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vertex_programs_match_their_formulas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
