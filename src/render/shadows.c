/* shadows.c — the sun's shadow cascades' resources and entry point (SPEC LS2-LS4): the views of RES_SHADOW's
 * layers (D32, one RENDER_SHADOW_SIZE^2 layer per rasterised cascade, made by resources.c: a view per layer to
 * render into, the whole array to sample), RES_SHADOW_FAR (the far lit-height map), the terrain sub-grid the casters' passes draw, and
 * sward_cmd_shadows, which records the RENDER_PHASE_SHADOW passes (shadow_near, shadow_mid, shadow_far) after
 * sward_cmd_cull has culled the near cascade's blades. cascades.c fits the views. */
#include "render/render.h"

#include "shadow_terrain_vert.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The scene's tallest blade: the type's tallest, scaled by its clumps (as cull.comp.glsl bounds it). */
static float tallest_blade(const sward_scene *s)
{
    float h = 0.0f;
    for (int i = 0; i < s->material_count; i++) {
        const world_material *m = &s->materials[i];
        float t = m->height[1] * (1.0f + m->clump.height_variation) + m->head_size;
        if (t > h) h = t;
    }
    return h;
}

sward_result render_shadows_create(sward_renderer *r, sward_error *err)
{
    const sward_scene *s = r->scene;
    render_shadows *sh = &r->shadows;
    memset(sh, 0, sizeof *sh);
    bool on = (s->render.features & SW_FEAT_SHADOWS) != 0 && s->sun.direction[1] > 0.01f;
    r->plan.shadows = on;
    r->plan.view_count = on ? 3u : 1u;
    r->plan.blade_views = on ? 2u : 1u;
    if (on) {
        /* the near cascade's tiles follow the camera's in the frame's list (render_place) */
        size_t max = 2 * (r->tiles.bound ? r->tiles.bound : 1);
        sw_tile *t = realloc(r->tiles.list, max * sizeof *t);
        if (!t) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for %zu tiles", max);
        r->tiles.list = t;
        r->tiles.max = max;
    }
    sh->y_min = s->terrain.min_y;
    sh->y_max = s->terrain.max_y;
    sh->caster = tallest_blade(s);
    /* The far map: 1.5 km (HZD's extent) or the whole terrain if smaller, in texels of 1.5 m or the height
     * field's cell if coarser: hill shadows are large, the height field has no finer detail, and 1024^2 floats
     * (4 MiB) recomputed only when the map moves or the sun turns cost nothing per frame. */
    float cell = s->terrain.size / (float)(s->terrain.resolution - 1);
    float side = fminf(RENDER_SHADOW_FAR_EXTENT, s->terrain.size);
    sh->far_texel = fmaxf(side / (float)RENDER_SHADOW_FAR_MAX, cell);
    sh->far_size = (uint32_t)ceilf(side / sh->far_texel - 1e-3f);
    if (sh->far_size < 2) sh->far_size = 2;
    sh->far_side = (float)sh->far_size * sh->far_texel;
    /* Without shadows the resources are 1 texel (RES_SHADOW too: resources.c): the lighting pass binds them all
     * the same and the lookup (shadow.inc.glsl) returns 1 before reading them. */
    uint32_t far = on ? sh->far_size : 1u;
    return render_buffer_replace(r, RES_SHADOW_FAR, 0, (VkDeviceSize)far * far * sizeof(float), err);
}

sward_result render_shadows_views(sward_renderer *r, sward_error *err)
{
    const gpu_image *sm = render_image(r, RES_SHADOW, 0);
    for (uint32_t l = 0; l < 2; l++) {
        sward_result res = gpu_image_view(&r->ctx->dev, sm, 0, 1, l, 1, l ? "sward.shadow_mid" : "sward.shadow_near",
                                          &r->shadows.layers[l], err);
        if (res != SWARD_OK) return res;
    }
    return SWARD_OK;
}

void render_shadows_destroy(sward_renderer *r)
{
    for (uint32_t l = 0; l < 2; l++)
        if (r->shadows.layers[l]) vkDestroyImageView(r->ctx->dev.device, r->shadows.layers[l], NULL);
    memset(r->shadows.layers, 0, sizeof r->shadows.layers);
}

sward_result render_shadow_pipeline(render_pass_ctx *c, gpu_graphics_desc *d, uint32_t view, bool impostor,
                                    VkPipeline *out, sward_error *err)
{
    if (!d->vs) {
        d->vs = sw_spirv_shadow_terrain_vert;
        d->vs_bytes = sizeof sw_spirv_shadow_terrain_vert;
    }
    d->topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    d->cull = VK_CULL_MODE_NONE;
    d->color_count = 0;
    d->depth_format = RENDER_DEPTH_FORMAT;
    d->depth_test = true;
    d->depth_write = true;
    d->depth_compare = VK_COMPARE_OP_GREATER; /* reverse-Z: 1 toward the sun */
    d->spec.count = 2;
    d->spec.values[0] = view; /* common.inc.glsl: SW_VIEW_SPEC */
    d->spec.values[1] = impostor ? 1u : 0u;
    return gpu_graphics_pipeline(c->dev, c->layout, d, out, err);
}

void render_shadow_begin(render_pass_ctx *c, VkCommandBuffer cmd, uint32_t layer)
{
    uint32_t size = RENDER_SHADOW_SIZE;
    VkRenderingAttachmentInfo depth = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
        .imageView = c->plan->geo.shadow_layers[layer],
        .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue = {.depthStencil = {0.0f, 0}}, /* reverse-Z: 0 is away from the sun: nothing casts */
    };
    VkRenderingInfo ri = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
        .renderArea = {{0, 0}, {size, size}},
        .layerCount = 1,
        .pDepthAttachment = &depth,
    };
    vkCmdBeginRendering(cmd, &ri);
    VkViewport vp = {0.0f, 0.0f, (float)size, (float)size, 0.0f, 1.0f};
    VkRect2D sc = {{0, 0}, {size, size}};
    vkCmdSetViewport(cmd, 0, 1, &vp);
    vkCmdSetScissor(cmd, 0, 1, &sc);
}

uint32_t render_shadow_terrain_rect(const render_plan *p, uint32_t view, uint32_t stride, int rect[4])
{
    const sw_view *v = p->view[view];
    const sw_frame *f = p->frame;
    /* The box's column between the lowest terrain and the highest caster: at each corner of the light-space
     * square, clip z where the world height is y_min and y_max (world y is linear in clip z). */
    const float *m = v->inv_view_proj;
    float lo_x = INFINITY, lo_z = INFINITY, hi_x = -INFINITY, hi_z = -INFINITY;
    float heights[2] = {p->geo.shadow_y_min, p->geo.shadow_y_top};
    for (int k = 0; k < 8; k++) {
        float cx = (k & 1) ? 1.0f : -1.0f, cy = (k & 2) ? 1.0f : -1.0f, target = heights[k >> 2];
        float y0 = m[1] * cx + m[5] * cy + m[13], dy = m[9];
        float cz = fabsf(dy) > 1e-12f ? (target - y0) / dy : 0.0f;
        cz = fminf(fmaxf(cz, 0.0f), 1.0f);
        float x = m[0] * cx + m[4] * cy + m[8] * cz + m[12], z = m[2] * cx + m[6] * cy + m[10] * cz + m[14];
        lo_x = fminf(lo_x, x), hi_x = fmaxf(hi_x, x), lo_z = fminf(lo_z, z), hi_z = fmaxf(hi_z, z);
    }
    if (stride < 1) stride = 1;
    float quad = f->terrain_cell * (float)f->terrain_step * (float)stride;
    int last = (f->terrain_mesh_res - 1 + (int)stride - 1) / (int)stride; /* quads of `stride` mesh quads */
    /* the mesh starts at the height field's window (issue 10; resident: at the terrain's origin) */
    const float mx0 = f->terrain_x0 + (float)f->hf_i0 * f->terrain_cell, mz0 = f->terrain_z0 + (float)f->hf_j0 * f->terrain_cell;
    int i0 = (int)floorf((lo_x - mx0) / quad), i1 = (int)ceilf((hi_x - mx0) / quad);
    int j0 = (int)floorf((lo_z - mz0) / quad), j1 = (int)ceilf((hi_z - mz0) / quad);
    i0 = i0 < 0 ? 0 : i0, j0 = j0 < 0 ? 0 : j0;
    i1 = i1 > last ? last : i1, j1 = j1 > last ? last : j1;
    rect[0] = i0, rect[1] = j0, rect[2] = i1, rect[3] = j1;
    if (i1 <= i0 || j1 <= j0) return 0; /* the column misses the terrain */
    return (uint32_t)(i1 - i0) * (uint32_t)(j1 - j0);
}

uint32_t render_shadow_terrain_rects(const render_plan *p, uint32_t view, uint32_t stride, int (*rects)[4],
                                     uint32_t max_rects, uint64_t *quads)
{
    int col[4];
    uint32_t n = 0;
    *quads = 0;
    if (stride < 1) stride = 1;
    if (render_shadow_terrain_rect(p, view, stride, col) == 0) return 0;
    /* the chunks inside the light's square (x and y) and not beyond its far plane (its near one is clamped, not
     * clipped: LS3's pancaked casters) */
    render_terrain_grid g = render_terrain_grid_of(p);
    g.raise = p->geo.shadow_y_top - p->geo.terrain_y_max; /* the casters above the ground (the impostor's grass) */
    if (g.raise < 0.0f) g.raise = 0.0f;
    const int nc = render_terrain_chunks_per_side(g.mesh), q = g.mesh - 1, C = RENDER_TERRAIN_CHUNK, s = (int)stride;
    uint8_t visible[RENDER_TERRAIN_CHUNKS_MAX * RENDER_TERRAIN_CHUNKS_MAX];
    if (nc > RENDER_TERRAIN_CHUNKS_MAX) { /* untested: the column as one rectangle */
        rects[0][0] = col[0], rects[0][1] = col[1], rects[0][2] = col[2], rects[0][3] = col[3];
        *quads = (uint64_t)(col[2] - col[0]) * (uint64_t)(col[3] - col[1]);
        return 1;
    }
    const int within[4] = {col[0] * s / C, col[1] * s / C, (col[2] * s + C - 1) / C, (col[3] * s + C - 1) / C};
    render_terrain_visible(&g, p->view[view]->view_proj, RENDER_CLIP_X | RENDER_CLIP_Y | RENDER_CLIP_FAR, within, visible);
    uint32_t row_first = 0; /* the first rectangle begun in this chunk row */
    for (int cj = 0; cj < nc; cj++) {
        row_first = n;
        /* the chunk row's quads of `stride` mesh quads, rounded outward, within the column */
        int j0 = cj * C / s, j1 = ((cj + 1) * C < q ? (cj + 1) * C : q);
        j1 = (j1 + s - 1) / s;
        j0 = j0 > col[1] ? j0 : col[1], j1 = j1 < col[3] ? j1 : col[3];
        if (j1 <= j0) continue;
        for (int ci = 0; ci < nc;) {
            if (!visible[cj * nc + ci]) {
                ci++;
                continue;
            }
            int cb = ci;
            while (cb < nc && visible[cj * nc + cb]) cb++; /* a run of visible chunks [ci, cb) */
            int i0 = ci * C / s, i1 = (cb * C < q ? cb * C : q);
            i1 = (i1 + s - 1) / s;
            i0 = i0 > col[0] ? i0 : col[0], i1 = i1 < col[2] ? i1 : col[2];
            /* the same columns as a rectangle ending at this row: that one grows down (fewer draws) */
            uint32_t up = 0;
            while (up < row_first && !(rects[up][0] == i0 && rects[up][2] == i1 && rects[up][3] == j0)) up++;
            if (i1 > i0 && up < row_first) {
                rects[up][3] = j1;
                *quads += (uint64_t)(i1 - i0) * (uint64_t)(j1 - j0);
            } else if (i1 > i0 && n < max_rects) {
                rects[n][0] = i0, rects[n][1] = j0, rects[n][2] = i1, rects[n][3] = j1;
                *quads += (uint64_t)(i1 - i0) * (uint64_t)(j1 - j0);
                n++;
            }
            ci = cb;
        }
    }
    return n;
}

void render_shadow_terrain(render_pass_ctx *c, VkCommandBuffer cmd)
{
    const render_terrain_draws *t = &c->plan->terrain;
    const uint32_t layer = c->view == SW_VIEW_NEAR ? 0u : 1u;
    for (uint32_t k = 0; k < t->shadow_rect_count[layer]; k++) {
        const int *rect = t->shadow_rects[layer][k];
        /* level: quads per row in its low 24 bits, the stride (mesh quads per drawn quad, 1) above */
        sw_push push = {.view = c->view, .level = (uint32_t)(rect[2] - rect[0]) | (1u << 24), .size0_x = rect[0],
                        .size0_y = rect[1]};
        if (k == 0) render_bind(c, cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, &push);
        else render_push(c, cmd, &push);
        vkCmdDraw(cmd, 6u * (uint32_t)(rect[2] - rect[0]) * (uint32_t)(rect[3] - rect[1]), 1, 0, 0);
    }
}

sward_result sward_cmd_shadows(sward_renderer *r, VkCommandBuffer cmd, sward_error *err)
{
    if (!r || !cmd) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_shadows: null argument");
    if (r->slots[r->slot].ticket != r->frames || !r->plan.culled)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_cmd_shadows: call sward_cmd_cull first, this frame");
    if (!r->plan.shadows) return SWARD_OK;
    double t0 = core_now_ms();
    render_run_phase(r, RENDER_PHASE_SHADOW, cmd, 0);
    r->slots[r->slot].cpu_ms += core_now_ms() - t0;
    return SWARD_OK;
}
