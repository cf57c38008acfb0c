/* frame_budget.c — the frame's work budget (docs/scene-format.md "Budgets"): what one frame will ask of the
 * device, estimated in closed form from the parsed scene before the device runs anything.
 *
 * A scene can be within every per-field limit and still ask for an absurd frame: 2000 blades/m^2 of 2 m grass
 * seen from 2.5 m covers every pixel dozens of times, and a CPU device (lavapipe) takes minutes a frame. The
 * estimate counts, in units of one rasterised fragment (or shadow-map texel, or triangle):
 *
 *   - the camera's blades: over rings of distance d within each type's draw distance and the view's horizontal
 *     field of view theta, density x theta x d dd blades, each projecting 1/2 x height x width x f^2 / d^2
 *     pixels (f: the focal length in pixels; 1/2 for the tapered blade), at least one pixel (the blade's own
 *     cost: culled, set up and drawn however small), with d at least the eye's height above the ground (nearer
 *     blades are seen from above, no larger than those at that distance);
 *   - the assets the same way with their generated size (LOD0's height x width, the scale's maximum: a forest
 *     class's asset, its class's factor; a species tree's from its Weber-Penn parameters with the scene's
 *     `generate.tree` overrides applied and shaped for its forest class, asset_tree_estimate, so a taller `scale`
 *     or a wider `prune_width` counts) and, for their meshes, the triangles of the level their projected height
 *     selects: LOD0's triangles while the instance is at least LOD0's switch height in pixels tall, falling with
 *     the projected area past it, at least the billboard's. LOD0's triangles are the chain's target whatever the
 *     overrides: more leaves or branches share the budget (src/assets/lod.c), only the size moves the term;
 *   - the near shadow cascade's casters: the blades and assets on the ground inside its bounding sphere
 *     (RENDER_SHADOW_NEAR_END of the view), each its area in texels of the render.shadow_size^2 map (at least one), and the
 *     assets' shadow-level triangles.
 *
 * Every ring integral is of the form density x theta x integral of d x max(c, min(a, b / d^2)) dd, in closed
 * form (ring_integral); the blades past render.thin_distance T count (T / d)^2 of themselves, as the density thinning
 * keeps them (world_ring_integral_thinned). The estimate is an upper bound of the work in shape, not an exact
 * count: patches and the type map's share of the ground between types, the frustum's pitch and occlusion all only
 * lower it (the far blades' widening, up to 2.5 times, is left out: their floor of one pixel dominates). */
#include "world/world.h"

#include "assets/assets.h"

#include "shared/sw_types.h"
#include "world/scene_json.h"

#include <math.h>
#include <stdio.h>

#define PI 3.14159265358979323846

/* Kept in step with the renderer's: the near cascade's range and map size (src/render/render.h, pass.h), the LOD
 * chains' LOD0 triangles and last level (src/assets/lod.c asset_lod_targets) and LOD0's switch height in pixels
 * (src/render/assets.c LOD_PX_*), the default generated sizes (src/assets/assets.h asset_gen_desc; a species
 * tree's: asset_tree_estimate). */
#define SHADOW_NEAR_END 8.0
#define BLADE_FILL 0.5 /* a tapered blade covers about half of its height x width rectangle */
#define ASSET_FILL 0.5 /* leaf cards and petals over the asset's height x width */

typedef struct kind_cost {
    double lod0_tris, lod0_px, min_tris, shadow_tris, height, width_per_height, width;
} kind_cost;
static const kind_cost KIND_COST[WORLD_ASSET_KIND_COUNT] = {
    [WORLD_ASSET_TREE] = {10000.0, 540.0, 12.0, 1200.0, 9.0, 0.0, 0.6},
    [WORLD_ASSET_FERN] = {2000.0, 260.0, 8.0, 140.0, 0.8, 0.0, 1.0},
    [WORLD_ASSET_BUSH] = {2000.0, 260.0, 8.0, 140.0, 0.8, 0.0, 1.0},
    [WORLD_ASSET_FLOWER] = {2000.0, 260.0, 8.0, 140.0, 0.5, 0.0, 0.5},
    [WORLD_ASSET_ROCK] = {1000.0, 200.0, 80.0, 80.0, 0.6, 1.5, 0.0},
};

double world_ring_integral(double a, double b, double c, double D)
{
    if (!(D > 0.0)) return 0.0;
    if (a <= c || b <= 0.0) return fmax(a, c) * D * D * 0.5;
    const double r1 = sqrt(b / a), r2 = sqrt(b / c);
    double sum = a * fmin(r1, D) * fmin(r1, D) * 0.5;
    if (D > r1) sum += b * log(fmin(r2, D) / r1);
    if (D > r2) sum += c * (D * D - r2 * r2) * 0.5;
    return sum;
}

/* SC5: integral over [T, D] of (T / d)^2 x d x max(c, min(a, b / d^2)) dd: the blades past the thinning distance T
 * keep (T / d)^2 of themselves (sw_thin_keep). */
static double thinned_tail(double a, double b, double c, double T, double D)
{
    if (!(D > T) || !(T > 0.0)) return 0.0;
    const double T2 = T * T;
    if (a <= c || b <= 0.0) return T2 * fmax(a, c) * log(D / T);
    const double r1 = sqrt(b / a), r2 = sqrt(b / c);
    double sum = 0.0, lo, hi;
    if ((hi = fmin(D, r1)) > (lo = T)) sum += T2 * a * log(hi / lo);                        /* capped at a */
    if ((hi = fmin(D, r2)) > (lo = fmax(T, r1))) sum += T2 * b * 0.5 * (1.0 / (lo * lo) - 1.0 / (hi * hi));
    if (D > (lo = fmax(T, r2))) sum += T2 * c * log(D / lo);                                /* the floor */
    return sum;
}

double world_ring_integral_thinned(double a, double b, double c, double T, double D)
{
    return world_ring_integral(a, b, c, fmin(T, D)) + thinned_tail(a, b, c, T, D);
}

/* The lowest the eye may be above the ground it looks over, at least camera.near: camera.above_ground gives it;
 * an absolute height is measured from the terrain's top (the built height field's, or before it is built, the
 * fBm's amplitude or the height map's maximum; a baked world's is not known: near). A flight's keys count too. */
static double eye_height_one(const sward_scene *s, bool above, float y)
{
    const world_terrain *t = &s->terrain;
    if (above) return (double)y;
    if (t->heights) return (double)y - (double)t->max_y;
    if (t->world_dir[0]) return 0.0;
    return (double)y - (double)(t->from_image ? t->height_max : t->fbm.amplitude);
}

static double eye_height(const sward_scene *s)
{
    double h = eye_height_one(s, s->camera.above_ground, s->camera.position[1]);
    for (int k = 0; k < s->flight.key_count; k++)
        h = fmin(h, eye_height_one(s, s->flight.above_ground, s->flight.keys[k].eye[1]));
    return fmax(h, (double)s->camera.near_plane);
}

/* The asset's generated size at its largest scale (a forest class's asset: its class's factor): a species tree's
 * from its parameters, overrides and forest class (asset_tree_estimate), else the kind's default. */
static void asset_size(const world_asset *a, double *h, double *w)
{
    const kind_cost *k = &KIND_COST[a->kind];
    double scale = a->mesh_path[0] ? 1.0 : fmax((double)world_asset_scale_max(a), 1e-6);
    for (uint32_t cls = 1; cls <= 3 && a->forest && !a->mesh_path[0]; cls++)
        if (a->forest_classes == 1u << cls) scale = fmax((double)a->scale[1] * a->forest_scale[cls - 1], 1e-6);
    asset_tree_size ts;
    const asset_gen_desc d = {.kind = ASSET_KIND_TREE, .height = a->height, .width = a->width, .species = a->species,
                              .age = a->age, .tree = a->tree, .tree_count = a->tree_count,
                              .forest_class = a->forest_class};
    if (a->kind == WORLD_ASSET_TREE && a->species && !a->mesh_path[0] && asset_tree_estimate(&d, &ts)) {
        *h = (double)ts.height * scale;
        *w = (double)ts.width * scale;
        return;
    }
    *h = (a->height > 0.0f ? (double)a->height : k->height) * scale;
    double width = k->width_per_height > 0.0 ? k->width_per_height * *h / scale : k->width;
    *w = (a->width > 0.0f ? (double)a->width : width) * scale;
}

void world_frame_work_estimate(const sward_scene *s, uint32_t width, uint32_t height, world_frame_work *out)
{
    *out = (world_frame_work){.pixels = (double)width * (double)height, .worst = -1};
    const double tan_y = tan(0.5 * (double)s->camera.fov_y * PI / 180.0);
    const double tan_x = tan_y * (double)width / (double)height;
    const double f = 0.5 * (double)height / tan_y; /* focal length, pixels */
    const double theta = 2.0 * atan(tan_x);        /* horizontal field of view, radians */
    const double hc = eye_height(s);
    out->eye_height = hc;
    /* The near cascade: the bounding sphere of the view's slice to SHADOW_NEAR_END (render_slice_sphere), the
     * map's texels across its diameter; its casters are those on the ground within the sphere's radius. */
    const double k2 = tan_x * tan_x + tan_y * tan_y, n = (double)s->camera.near_plane, e = SHADOW_NEAR_END;
    const double cc = fmin(0.5 * (n + e) * (1.0 + k2), e);
    const double radius = fmax(sqrt((cc - n) * (cc - n) + n * n * k2), sqrt((e - cc) * (e - cc) + e * e * k2));
    const double shadow_size = (double)s->render.shadow_size;
    const double texels_per_m2 = (shadow_size / (2.0 * radius)) * (shadow_size / (2.0 * radius));
    const bool shadows = (s->render.features & SW_FEAT_SHADOWS) && s->sun.direction[1] > 0.01f;
    double worst = -1.0;

    for (int i = 0; i < s->material_count; i++) {
        const world_material *m = &s->materials[i];
        const double rho = (double)m->density * (double)(m->blades_per_instance > 1 ? m->blades_per_instance : 1);
        const double D = fmin((double)m->draw_distance, (double)s->render.draw_distance);
        const double area = BLADE_FILL * 0.5 * ((double)m->height[0] + m->height[1]) * 0.5 *
                            ((double)m->width[0] + m->width[1]); /* m^2 */
        const double b = area * f * f;
        const double T = (double)s->render.thin_distance;
        double frags = rho * theta * world_ring_integral_thinned(b / (hc * hc), b, 1.0, T, D);
        double texels = 0.0;
        if (shadows) {
            const double r = fmin(radius, D);
            texels = rho * PI * r * r * fmax(1.0, area * texels_per_m2);
        }
        out->fragments += frags;
        out->blades += rho * theta * (fmin(T, D) * fmin(T, D) * 0.5 + (D > T ? T * T * log(D / T) : 0.0));
        out->shadow_texels += texels;
        if (frags + texels > worst) worst = frags + texels, out->worst = i;
    }
    for (int j = 0; j < s->asset_count; j++) {
        const world_asset *a = &s->assets[j];
        const kind_cost *k = &KIND_COST[a->kind];
        /* a forest baked per class (world_asset.forest_classes): each of its assets grows its class's share */
        double share = 1.0;
        if (a->forest_classes) {
            double all = (double)a->forest_density[0] + a->forest_density[1] + a->forest_density[2];
            for (int cls = 1; cls <= 3; cls++)
                if (a->forest_classes >> cls & 1u) share = all > 0.0 ? (double)a->forest_density[cls - 1] / all : 1.0 / 3.0;
        }
        const double rho = (double)a->density * share, D = (double)a->draw_distance;
        double h, w;
        asset_size(a, &h, &w);
        const double b = ASSET_FILL * h * w * f * f;
        double frags = rho * theta * world_ring_integral(b / (hc * hc), b, 1.0, D);
        /* triangles: LOD0's while h f / d >= lod0_px, then falling as the projected area */
        const double d0 = h * f / (k->lod0_px / fmax((double)a->lod_bias, 1e-3));
        double tris = rho * theta * world_ring_integral(k->lod0_tris, k->lod0_tris * d0 * d0, k->min_tris, D);
        double texels = 0.0;
        if (shadows) {
            const double r = fmin(radius, D), casters = rho * PI * r * r;
            texels = casters * fmax(1.0, ASSET_FILL * h * w * texels_per_m2);
            tris += casters * k->shadow_tris;
        }
        out->fragments += frags;
        out->shadow_texels += texels;
        out->asset_triangles += tris;
        if (frags + texels + tris > worst) worst = frags + texels + tris, out->worst = WORLD_MAX_MATERIALS + j;
    }
    out->overdraw = out->pixels > 0.0 ? out->fragments / out->pixels : 0.0;
    out->units = out->fragments + out->shadow_texels + out->asset_triangles;
}

sward_result world_check_frame_budget(const sward_scene *s, uint32_t width, uint32_t height, uint64_t limit,
                                      const char *budget_name, sward_error *err)
{
    world_frame_work fw;
    world_frame_work_estimate(s, width, height, &fw);
    if (fw.units <= (double)limit) return SWARD_OK;
    const char *name = s->name[0] ? s->name : "<scene>";
    sj_ctx c = {.name = name, .err = err};
    char path[64], what[256]; /* room for every %g and index at their longest */
    if (fw.worst >= WORLD_MAX_MATERIALS) {
        const int worst = fw.worst - WORLD_MAX_MATERIALS;
        const int j = s->assets[worst].forest_of ? s->assets[worst].forest_of - 1 : worst; /* the file's asset */
        snprintf(path, sizeof path, "assets[%d].density", j);
        snprintf(what, sizeof what, "assets[%d] (%g/m^2 within %g m) costs the most: lower assets[%d].density or "
                 "assets[%d].draw_distance", j, (double)s->assets[j].density, (double)s->assets[j].draw_distance, j, j);
    } else {
        const int i = fw.worst < 0 ? 0 : fw.worst;
        const world_material *m = &s->materials[i];
        snprintf(path, sizeof path, "grass[%d].density", i);
        snprintf(what, sizeof what, "grass[%d] (%g blades/m^2, up to %g m tall) costs the most: lower grass[%d].density, "
                 "grass[%d].height, grass[%d].draw_distance", i, (double)m->density, (double)m->height[1], i, i, i);
    }
    sj_fail(&c, path,
            "a frame needs about %.3g units of work, more than the %s of %.3g: the camera's %ux%u pixels get "
            "%.3g fragments (overdraw %.1f) from %.3g blades within reach seen from %.2f m above the ground, the "
            "near shadow cascade %.3g texels, the assets %.3g triangles; %s, render.draw_distance or "
            "render.width and render.height, or raise camera.position[1]",
            fw.units, budget_name, (double)limit, (unsigned)width, (unsigned)height, fw.fragments, fw.overdraw,
            fw.blades, fw.eye_height, fw.shadow_texels, fw.asset_triangles, what);
    return SWARD_ERROR_INVALID_INPUT;
}
