/* camera.c — the frame's and the views' constants (sw_frame, sw_view) from the plan's decisions: view and
 * reverse-Z infinite projection, world-space frustum planes, the scene's light, wind and terrain numbers in the
 * layout the shaders read, and every SW_FLAG_* and SW_VIEW_* bit (cascades.c fits the shadow views' numbers).
 * It decides nothing: what a bit says was decided in plan.c (render_plan) or comes from the scene; it writes no
 * plan and no history (setup.c keeps those). setup.c calls render_constants (stage 2) and render_tile_constants
 * (stage 3's numbers). */
#include "render/render.h"
#include "render/sky.h"
#include "wind/wind.h"
#include "world/stream.h"
#include "shared/sw_ground.h"
#include "shared/sw_wind.h"

#include <cglm/cglm.h>
#include <math.h>
#include <string.h>

/* Haze over distance, 1/m: the far hills fade toward the horizon colour. */
#define RENDER_FOG_DENSITY (1.0f / 900.0f)

/* Vulkan clip space (y down, depth 0..1) with reverse-Z and no far plane: depth = near / view distance. */
static void perspective_reverse_z(float fov_y, float aspect, float near, mat4 out)
{
    float f = 1.0f / tanf(fov_y * 0.5f);
    glm_mat4_zero(out);
    out[0][0] = f / aspect;
    out[1][1] = -f;
    out[2][3] = -1.0f;
    out[3][2] = near;
}

static void grass_tone(const sward_scene *s, float rgb[3], float *cover)
{
    float sum = 0.0f, c = 0.0f;
    rgb[0] = rgb[1] = rgb[2] = 0.0f;
    for (int i = 0; i < s->material_count; i++) {
        const world_material *m = &s->materials[i];
        float cov = m->patch_scale > 0.0f ? m->patch_coverage : 1.0f;
        float w = m->density * cov;
        for (int k = 0; k < 3; k++) rgb[k] += w * (0.35f * m->root_color[k] + 0.65f * m->tip_color[k]);
        sum += w;
        if (cov > c) c = cov;
    }
    if (sum > 0.0f)
        for (int k = 0; k < 3; k++) rgb[k] /= sum;
    *cover = 0.9f * c;
}

sward_vulkan_view sward_scene_view(const sward_scene *s, uint32_t width, uint32_t height, float time)
{
    sward_vulkan_view v;
    memset(&v, 0, sizeof v);
    vec3 eye, target, up = {0.0f, 1.0f, 0.0f};
    world_camera_eye(s, eye);
    glm_vec3_copy((float *)s->camera.target, target);
    mat4 view, proj;
    glm_lookat(eye, target, up, view);
    float aspect = height ? (float)width / (float)height : 1.0f;
    perspective_reverse_z(glm_rad(s->camera.fov_y), aspect, s->camera.near_plane, proj);
    memcpy(v.view, view, sizeof v.view);
    memcpy(v.proj, proj, sizeof v.proj);
    memcpy(v.eye, eye, sizeof v.eye);
    v.width = width;
    v.height = height;
    v.time = time;
    return v;
}

sward_vulkan_view render_frame_view(const sward_renderer *r, const sward_frame_desc *fd)
{
    sward_vulkan_view v = sward_scene_view(r->scene, r->config.width, r->config.height, fd->time);
    v.no_occlusion = fd->no_occlusion;
    if (fd->eye || fd->target) {
        vec3 eye, target, up = {0.0f, 1.0f, 0.0f};
        glm_vec3_copy(v.eye, eye);
        glm_vec3_copy((float *)r->scene->camera.target, target);
        if (fd->eye) glm_vec3_copy((float *)fd->eye, eye);
        if (fd->target) glm_vec3_copy((float *)fd->target, target);
        mat4 view;
        glm_lookat(eye, target, up, view);
        memcpy(v.view, view, sizeof v.view);
        memcpy(v.eye, eye, sizeof v.eye);
    }
    return v;
}

/* render_sky_constants (sky.c integrates the sky over the hemisphere on the CPU) only when what it depends
 * on changed since the last frame; else the same numbers again. */
static void sky_constants(sward_renderer *r, sw_frame *f)
{
    const sward_scene *s = r->scene;
    render_sky_cache *k = &r->sky_cache;
    const float key[RENDER_SKY_KEY] = {s->sun.direction[0], s->sun.direction[1], s->sun.direction[2],
                                       s->sun.color[0],     s->sun.color[1],     s->sun.color[2],
                                       s->sky.zenith[0],    s->sky.zenith[1],    s->sky.zenith[2],
                                       s->sky.horizon[0],   s->sky.horizon[1],   s->sky.horizon[2],
                                       s->sky.turbidity,    (float)(s->render.features & SW_FEAT_SKY)};
    if (!k->valid || memcmp(key, k->key, sizeof key) != 0) {
        k->frame = *f;
        render_sky_constants(s, &k->frame);
        memcpy(k->key, key, sizeof key);
        k->valid = true;
    }
    memcpy(f->sky, k->frame.sky, sizeof f->sky);
    memcpy(f->sun_color, k->frame.sun_color, sizeof f->sun_color);
    memcpy(f->zenith, k->frame.zenith, sizeof f->zenith);
    memcpy(f->horizon, k->frame.horizon, sizeof f->horizon);
}

void render_frame_constants(sward_renderer *r, float time, sw_frame *f)
{
    const sward_scene *s = r->scene;
    memset(f, 0, sizeof *f);
    f->time = time;
    f->draw_distance = s->render.draw_distance;
    f->thin_distance = s->render.thin_distance;
    f->lod_distance = s->render.lod_distance;
    f->exposure = s->render.settings.exposure;
    f->white_point = s->render.settings.white_point;
    f->features = s->render.features;
    /* the screen doors' and the contact shadows' offsets: the TAA sequence's index, which restarts with
     * its history, so a still's frames are the same whatever the renderer drew before; without TAA nothing
     * integrates them: 0, every frame the same */
    f->frame_index = (s->render.features & SW_FEAT_TAA) ? (sw_uint)r->plan.taa_frame : 0u;
    f->sun_x = s->sun.direction[0];
    f->sun_y = s->sun.direction[1];
    f->sun_z = s->sun.direction[2];
    f->sun_intensity = s->sun.intensity;
    memcpy(f->sun_color, s->sun.color, sizeof f->sun_color);
    f->sky_intensity = s->sky.intensity;
    memcpy(f->zenith, s->sky.zenith, sizeof f->zenith);
    f->fog_density = RENDER_FOG_DENSITY;
    memcpy(f->horizon, s->sky.horizon, sizeof f->horizon);
    sky_constants(r, f); /* the analytic sky: sun colour, ambient and sky constants from the sun */
    memcpy(f->ground, s->terrain.color, sizeof f->ground);
    /* SH10: each layer's ground by the layer map (the unused layers' bits are SW_GROUND_NONE) and the rules */
    f->ground_layers[0] = f->ground_layers[1] = 0xffffffffu;
    for (int k = 0; k < s->terrain.layer_count; k++) {
        const sw_uint shift = SW_GROUND_BITS * (sw_uint)(k % 8);
        f->ground_layers[k / 8] = (f->ground_layers[k / 8] & ~(15u << shift)) | (s->terrain.layers[k].ground << shift);
    }
    f->ground_default = s->terrain.ground.default_kind;
    f->ground_rock_slope = s->terrain.ground.rock_slope;
    f->ground_sand_below = s->terrain.ground.sand_below;
    f->ground_detail = s->terrain.ground.detail;
    f->ground_canopy = s->terrain.canopy ? s->terrain.ground.canopy : SW_GROUND_NONE; /* PL11's canopy rule */
    grass_tone(s, f->grass_color, &f->grass_cover);
    f->wind_x = s->wind.direction[0];
    f->wind_z = s->wind.direction[1];
    f->wind_speed = s->wind.speed;
    f->wind_inv_gust_scale = place_wind_inv_gust_scale(&s->wind);
    f->wind_gust_speed = s->wind.gust_speed;
    float cell;
    world_terrain_grid(&s->terrain, &f->terrain_x0, &f->terrain_z0, &cell, &f->terrain_inv_cell);
    f->terrain_cell = cell;
    f->terrain_res = s->terrain.resolution;
    f->map_res = s->terrain.map_res, f->map_inv_cell = (float)s->terrain.map_res / s->terrain.size; /* PL1, = world_map_grid */
    render_terrain_mesh(world_mesh_samples(&s->terrain), &f->terrain_step, &f->terrain_mesh_res);
    /* BX5: the windows the shaders read the world through (sw_ring.h; resident: the whole maps at 0). */
    f->hf_ring = world_hf_ring(&s->terrain), f->hf_i0 = s->terrain.hf_i0, f->hf_j0 = s->terrain.hf_j0;
    f->map_ring = world_map_ring(&s->terrain), f->map_i0 = s->terrain.map_i0, f->map_j0 = s->terrain.map_j0;
    if (s->terrain.stream) { /* BX7: the ground's slot table and overview (sw_ground_sample) */
        const world_stream *st = s->terrain.stream;
        f->hf_page = st->page, f->hf_pages = st->hf_pages, f->ov_step = st->ov_step, f->ov_n = st->ov_n;
    }
    f->seed = s->render.settings.seed;
    f->material_count = (sw_uint)s->material_count;
    f->flags = (r->plan.switches.no_cull ? SW_FLAG_NO_CULL : 0u) | (r->plan.switches.no_lod_fade ? SW_FLAG_NO_LOD_FADE : 0u) |
               (r->plan.switches.no_fade ? SW_FLAG_NO_FADE : 0u) | (r->plan.switches.no_morph ? SW_FLAG_NO_MORPH : 0u) |
               (r->plan.switches.count_shading ? SW_FLAG_COUNT_SHADING : 0u) |
               (r->config.raster_compute ? SW_FLAG_RASTER_COMPUTE : 0u) |
               (r->config.raster_all ? SW_FLAG_RASTER_ALL : 0u) |
               (s->render.settings.tonemap == SWARD_TONEMAP_REINHARD ? SW_FLAG_TONEMAP_REINHARD : 0u);
    /* a type whose thinning or edge fade starts within the near cascade's blades (2 x RENDER_SHADOW_NEAR_END: its
     * cull distance at most) has fading casters: their door moves with TAA's index (else it is fixed, and the map
     * kept) */
    for (int i = 0; i < s->material_count && (s->render.features & SW_FEAT_TAA); i++)
        if (fminf(s->render.thin_distance, (1.0f - SW_EDGE_BAND) * sw_type_draw_distance(s->materials[i].draw_distance,
                                                                                        s->render.draw_distance)) <
            2.0f * RENDER_SHADOW_NEAR_END)
            f->flags |= SW_FLAG_SHADOW_DOOR;
    f->raster_threshold = s->render.raster_threshold;
    /* SH2 motion vectors: the objects' previous frame is the camera's where the plan says they moved (plan.motion) */
    f->prev_time = r->plan.motion ? r->taa.constants.time : time;
    f->flags |= (r->plan.motion ? SW_FLAG_MOTION : 0u) | (r->plan.switches.no_motion ? SW_FLAG_NO_MOTION : 0u);
    /* GA5: where each force field is at this frame's time and at prev_time (src/wind/forces.c). */
    float now[SW_MAX_FORCES * WIND_FORCE_STRIDE], then[SW_MAX_FORCES * WIND_FORCE_STRIDE];
    f->force_count = wind_forces_eval(s, time, now);
    wind_forces_eval(s, f->prev_time, then);
    for (int i = 0; i < f->force_count; i++) {
        const float *a = now + i * WIND_FORCE_STRIDE, *b = then + i * WIND_FORCE_STRIDE;
        float *o = f->forces + i * 8;
        o[SW_FORCE_X] = a[0], o[SW_FORCE_Z] = a[2], o[SW_FORCE_RADIUS] = a[3], o[SW_FORCE_STRENGTH] = a[4];
        o[SW_FORCE_CLOCK] = a[5];
        o[SW_FORCE_PREV_X] = b[0], o[SW_FORCE_PREV_Z] = b[2], o[SW_FORCE_PREV_CLOCK] = b[5];
    }
}

/* Radical inverse of i in base b: the Halton sequence's i-th element. */
static float halton(uint32_t i, uint32_t b)
{
    float f = 1.0f, x = 0.0f;
    while (i > 0) {
        f /= (float)b;
        x += f * (float)(i % b);
        i /= b;
    }
    return x;
}

void render_taa_jitter(uint32_t index, float *jx, float *jy)
{
    /* elements 1..16: element 0 is (0, 0), the pixel centre, which both axes would share */
    uint32_t i = index % RENDER_TAA_SAMPLES + 1u;
    *jx = halton(i, 2) - 0.5f;
    *jy = halton(i, 3) - 0.5f;
}

void render_view_proj(const sward_vulkan_view *v, float out[16])
{
    mat4 vm, pm, vp;
    memcpy(vm, v->view, sizeof vm);
    memcpy(pm, v->proj, sizeof pm);
    glm_mat4_mul(pm, vm, vp);
    memcpy(out, vp, sizeof vp);
}

void render_view_constants(const sward_renderer *r, const sward_vulkan_view *v, bool occlusion, sw_view *out,
                           place_view *view)
{
    const sward_scene *s = r->scene;
    memset(out, 0, sizeof *out);
    mat4 vm, pm, vp, inv;
    memcpy(vm, v->view, sizeof vm);
    memcpy(pm, v->proj, sizeof pm);
    glm_mat4_mul(pm, vm, vp);
    memcpy(out->prev_view_proj, vp, sizeof out->prev_view_proj); /* no history: the frame's own */
    out->taa_alpha = RENDER_TAA_ALPHA;
    if ((s->render.features & SW_FEAT_TAA) && v->width && v->height) {
        /* SH8: the frame's sample positions move by a Halton (2, 3) sub-pixel offset, a translation in NDC
         * applied after the projection (any host projection): clip x += 2 jx / width * clip w */
        render_taa_jitter(r->plan.taa_frame, &out->jitter_x, &out->jitter_y);
        mat4 jit = GLM_MAT4_IDENTITY_INIT;
        jit[3][0] = 2.0f * out->jitter_x / (float)v->width;
        jit[3][1] = 2.0f * out->jitter_y / (float)v->height;
        mat4 unjittered;
        glm_mat4_copy(vp, unjittered);
        glm_mat4_mul(jit, unjittered, vp);
        if (r->plan.taa_reset) {
            out->flags |= SW_VIEW_TAA_RESET;
        } else {
            memcpy(out->prev_view_proj, r->taa.view_proj, sizeof out->prev_view_proj);
            /* nothing moved but the samples (a still's warm-up): the same camera and the same frame constants
             * (time, sun, wind, ...; r->frame is this frame's) need no clipping of the history */
            sw_frame f = r->frame;
            f.frame_index = 0;
            /* ... the exposure meter's bookkeeping aside (PO4: whether an earlier frame metered, its dt) */
            f.flags = (f.flags & ~SW_FLAG_EXPOSURE_KEPT) | (r->taa.constants.flags & SW_FLAG_EXPOSURE_KEPT);
            f.exposure_dt = r->taa.constants.exposure_dt;
            if (memcmp(unjittered, r->taa.view_proj, sizeof unjittered) == 0 &&
                memcmp(&f, &r->taa.constants, sizeof f) == 0)
                out->flags |= SW_VIEW_TAA_STILL;
        }
    }
    glm_mat4_inv(vp, inv);
    memcpy(out->view_proj, vp, sizeof out->view_proj);
    memcpy(out->inv_view_proj, inv, sizeof out->inv_view_proj);
    render_frustum_planes((const float *)vp, out->frustum); /* cascades.c; the far plane degenerates (no far
                                                              plane: distance culling bounds the field) */
    out->cam_x = v->eye[0];
    out->cam_y = v->eye[1];
    out->cam_z = v->eye[2];
    /* the view's forward axis in world space (SH3, grass_gbuffer.inc.glsl): minus the view matrix's third row */
    float fl = sqrtf(vm[0][2] * vm[0][2] + vm[1][2] * vm[1][2] + vm[2][2] * vm[2][2]);
    if (fl > 0.0f) {
        out->fwd_x = -vm[0][2] / fl;
        out->fwd_y = -vm[1][2] / fl;
        out->fwd_z = -vm[2][2] / fl;
    }
    out->width = v->width;
    out->height = v->height;
    out->px_scale = 0.5f * (float)v->height * fabsf(pm[1][1]); /* BX1: raster_split.inc.glsl */
    occlusion = occlusion && !r->plan.switches.no_cull;
    out->flags |= occlusion ? SW_VIEW_OCCLUSION : 0u;
    uint32_t hiz_w0, hiz_h0, hiz_levels; /* hiz.c sizes the pyramid for the render size */
    render_hiz_size(r->config.width, r->config.height, &hiz_w0, &hiz_h0, &hiz_levels);
    out->hiz_levels = hiz_levels;
    memcpy(view->eye, v->eye, sizeof view->eye);
    memcpy(view->frustum, out->frustum, sizeof view->frustum);
    view->draw_distance = r->plan.switches.no_cull ? 1e30f : s->render.draw_distance;
    /* SC5: the far tiles hold only the cells thinning keeps (cull.comp.glsl thins as lod_fade says) */
    view->thin_distance = r->plan.switches.no_cull || r->plan.switches.no_lod_fade ? 0.0f : s->render.thin_distance;
}

/* The ground's LOD constants (sw_frame.terrain_lod_*: CDLOD, sw_terrain_lod.h) for the eye. */
static void terrain_lod_constants(sward_renderer *r, const float eye[3])
{
    sw_frame *f = &r->frame;
    const int step = f->terrain_step > 0 ? f->terrain_step : 1;
    const float quad = f->terrain_cell * (float)step;
    f->terrain_lod_top = render_terrain_lod_top((f->terrain_res - 1 + step - 1) / step);
    /* no_terrain_lod: every patch at level 0 (the whole-resolution mesh, for comparisons) */
    f->terrain_lod_range = r->plan.switches.no_terrain_lod ? 1e30f : SW_TERRAIN_RANGE0 * quad;
    f->terrain_lod_lift = fmaxf(eye[1] - r->config.geo.terrain_y_max, 0.0f);
}

/* PO4: the exposure (the manual one times the exposure areas' bias, or the auto exposure's settings, its dt and
 * flags: plan.auto_exposure) */
static void exposure_constants(sward_renderer *r, const sward_vulkan_view *view)
{
    const world_render *wr = &r->scene->render;
    const sward_auto_exposure *a = &wr->settings.auto_exposure;
    const render_exposure *e = &r->exposure;
    sw_frame *f = &r->frame;
    /* PO4: the exposure areas bias the manual exposure and the auto exposure's target alike */
    const float bias = world_exposure_bias(wr, view->eye);
    f->exposure = wr->settings.exposure * exp2f(bias);
    if (!r->plan.auto_exposure) return;
    f->flags |= SW_FLAG_AUTO_EXPOSURE | (e->kept ? SW_FLAG_EXPOSURE_KEPT : 0u);
    f->exposure_key = a->key;
    f->exposure_compensation = a->compensation + bias;
    f->exposure_min_ev = a->min_ev, f->exposure_max_ev = a->max_ev;
    f->exposure_speed_up = a->speed_up, f->exposure_speed_down = a->speed_down;
    f->exposure_low = a->low_percent, f->exposure_high = a->high_percent;
    /* the eye adapts over the time since the last frame metered; none (the first frame), a cut (as TAA's), time
     * standing or going back (a still, its warm-up, a paused viewer) or a gap over RENDER_EXPOSURE_GAP_S: the
     * target at once */
    const float d[3] = {view->eye[0] - e->eye[0], view->eye[1] - e->eye[1], view->eye[2] - e->eye[2]};
    const float dt = view->time - e->time;
    const bool cut = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] > RENDER_TAA_CUT_M * RENDER_TAA_CUT_M;
    f->exposure_dt = e->kept && !cut && dt > 0.0f && dt <= RENDER_EXPOSURE_GAP_S ? dt : 0.0f;
}

void render_constants(sward_renderer *r, const sward_vulkan_view *view, place_view *pv)
{
    render_view *v = &r->views[0];
    render_view_proj(view, v->unjittered_view_proj);
    /* the frame's constants whole before the view's: its TAA still test compares them with the history's
     * (GA3's wind field, the ground's LOD, PO4's exposure among them) */
    render_frame_constants(r, view->time, &r->frame);
    wind_field_frame_constants(&r->scene->wind, view->eye[0], view->eye[2], &r->frame);
    terrain_lod_constants(r, view->eye);
    exposure_constants(r, view);
    render_view_constants(r, view, !view->no_occlusion, &v->constants, pv);
    if (r->plan.hiz_history) { /* SC3: the assets' second phase culls against the last frame's pyramid */
        v->constants.flags |= SW_VIEW_HIZ_HISTORY;
        memcpy(v->constants.hist_view_proj, r->hiz_history.view_proj, sizeof v->constants.hist_view_proj);
    }
    /* LS2: views 1-3, the cascades fitted to this camera (cascades.c): each a shadow view; the one that culls
     * blades does so at a lower level of detail, the others draw none */
    const render_shadow_fit fit = render_shadow_views(r);
    for (uint32_t s = SW_VIEW_NEAR; s <= SW_VIEW_FAR; s++) {
        const uint32_t blades = ((fit.blades >> s) & 1u) ? SW_VIEW_LOW_LOD : SW_VIEW_NO_BLADES;
        if ((fit.views >> s) & 1u) r->views[s].constants.flags = SW_VIEW_SHADOW | blades;
    }
    /* BX1: the near cascade's compute casters are read beside its layer by the lighting (shadow.inc.glsl) */
    if (r->plan.shadow_casters) r->views[SW_VIEW_NEAR].constants.flags |= SW_VIEW_CASTERS;
    /* the layers that hold casters (shadow_near and shadow_mid draw them); the lookup reads no other */
    for (uint32_t c = SW_VIEW_NEAR; c <= SW_VIEW_MID; c++)
        if (render_plan_shadow_layer(&r->plan, c)) r->views[c].constants.flags |= SW_VIEW_LAYER;
}

void render_tile_constants(sward_renderer *r, const render_frame_tiles *t)
{
    sw_view *cam = &r->views[SW_VIEW_CAMERA].constants, *near = &r->views[SW_VIEW_NEAR].constants;
    cam->tile_first = 0;
    cam->tile_count = (sw_uint)t->camera;
    if (r->plan.shadows) { /* LS3: the near cascade's tiles follow the camera's */
        near->tile_first = (sw_uint)t->camera;
        near->tile_count = (sw_uint)t->near;
    }
    r->frame.tile_count = (sw_uint)(t->camera + t->near);
    r->frame.place_now = t->place_now;
    r->frame.place_ahead = t->place_ahead;
    r->frame.asset_count = r->assets.count; /* PL8: the mesh assets' clusters around the eye */
    r->frame.cluster_count = r->assets.cluster_count;
    r->frame.cluster_first = r->assets.cache.slot_count;
    r->frame.cluster_place = r->assets.place_count;
    for (uint32_t k = 0; k < r->plan.blade_views; k++) r->views[k].constants.survivor_capacity = r->views[k].survivor_capacity;
}
