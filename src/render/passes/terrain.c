/* terrain.c — the ground: a mesh over the height field, at most 1025 x 1025 vertices (larger height fields are
 * drawn with a vertex stride), drawn as CDLOD patches (terrain_lod.h: levels by distance with vertex
 * morphing, no cracks, no pops); per-vertex albedo carries the far field's grass colours (SC7).
 * Two passes over the same mesh and vertex shader (terrain.vert.glsl, precise position), and a resolve:
 *   terrain_depth    the depth prime (SH1): depth only, drawn first, the occluders of the Hi-Z test;
 *   terrain          the G-buffer (SH2): albedo, normal, material, motion; depth test EQUAL after the prime,
 *                    else GREATER with writes (then it is the first pass and the occluders); without the prime
 *                    (or with sward_frame_debug.ground_fragment);
 *   terrain_resolve  with the prime (render_plan.terrain_resolve; BX6): the same
 *                    G-buffer in compute, per pixel where the ground is the depth (terrain_resolve.comp.glsl),
 *                    after the blades' resolve, instead of the fragment pass.
 * Each draws the camera's patches (the plan's: inside its clip volume) in one instanced draw of the patch grid.
 * Reads frame, view, heights, materials, world maps and the patches. Cost (1920x1080, H200): at most 150,000
 * triangles in any view of the repository's scenes (bench's terrain line); before the LOD, the chunks of the
 * whole-resolution mesh in view (forest_edge 192,512 triangles) and before them the whole mesh (about 2 million):
 * 0.35-0.5 ms for the G-buffer pass. */
#include "render/pass.h"

#include "terrain_vert.h"
#include "terrain_frag.h"
#include "terrain_resolve_comp.h"

#include <string.h>

#define TERRAIN_MESH_MAX 1025

/* The mesh's vertex stride and side for a height field of `res` samples per side (sw_frame.terrain_step,
 * terrain_mesh_res). */
void render_terrain_mesh(int res, int *step, int *mesh)
{
    int s = 1;
    while ((res - 1 + s - 1) / s + 1 > TERRAIN_MESH_MAX) s *= 2;
    *step = s;
    *mesh = (res - 1 + s - 1) / s + 1;
}

sward_result render_terrain_indices(gpu_device *dev, const sward_scene *scene, gpu_buffer *out, uint32_t *count,
                                    render_terrain_bounds *bounds, sward_error *err)
{
    int step, mesh;
    const world_terrain *t = &scene->terrain;
    render_terrain_mesh(world_mesh_samples(t), &step, &mesh);
    /* resident: each patch's height range, for tighter boxes (streamed: the window moves; the world's range) */
    memset(bounds, 0, sizeof *bounds);
    if (!t->streamed && t->heights &&
        render_terrain_bounds_build(bounds, mesh, step, t->resolution, t->heights, render_terrain_lod_top(mesh - 1)))
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the terrain's patch bounds");
    /* the patch grid: quad (a, b, c, d) = (row j, column i), (j, i + 1), (j + 1, i), (j + 1, i + 1) is the
     * triangles a c b, b c d, every quad's diagonal the same way (a morphed patch is its coarser level's mesh) */
    enum { V = SW_TERRAIN_PATCH_VERTS, N = 6 * SW_TERRAIN_PATCH * SW_TERRAIN_PATCH };
    uint32_t idx[N];
    size_t n = 0;
    for (uint32_t j = 0; j < SW_TERRAIN_PATCH; j++) {
        for (uint32_t i = 0; i < SW_TERRAIN_PATCH; i++) {
            uint32_t a = j * V + i, b = a + 1, c = a + V, d = c + 1;
            idx[n++] = a, idx[n++] = c, idx[n++] = b;
            idx[n++] = b, idx[n++] = c, idx[n++] = d;
        }
    }
    *count = (uint32_t)n;
    sward_result res = gpu_buffer_create(dev, out, sizeof idx,
                                         VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         GPU_MEMORY_DEVICE, "sward.terrain_indices", err);
    if (res == SWARD_OK) res = gpu_upload(dev, out, idx, sizeof idx, err);
    return res;
}

render_terrain_lod render_terrain_lod_of(const render_config *p, const render_work *w)
{
    const sw_frame *f = w->frame;
    const sw_view *cam = w->view[SW_VIEW_CAMERA];
    const int step = f->terrain_step > 0 ? f->terrain_step : 1;
    render_terrain_lod t = {
        /* the mesh starts at the height field's window (resident: at the terrain's origin) */
        .i0 = f->hf_i0 / step,
        .j0 = f->hf_j0 / step,
        .mesh = f->terrain_mesh_res,
        .quads = (f->terrain_res - 1 + step - 1) / step,
        .x0 = f->terrain_x0,
        .z0 = f->terrain_z0,
        .quad = f->terrain_cell * (float)step,
        .y_min = p->geo.terrain_y_min,
        .y_max = p->geo.terrain_y_max,
        .bounds = p->geo.terrain_bounds,
        .eye = {cam->cam_x, cam->cam_y, cam->cam_z},
    };
    t.top = f->terrain_lod_top;
    t.range0 = f->terrain_lod_range;
    t.lift = f->terrain_lod_lift;
    return t;
}

void render_terrain_draw(render_pass_ctx *c, VkCommandBuffer cmd)
{
    const render_terrain_draws *t = &c->work->terrain;
    if (t->count[c->view] == 0) return;
    render_bind(c, cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, NULL);
    vkCmdBindIndexBuffer(cmd, c->config->geo.terrain_indices, 0, VK_INDEX_TYPE_UINT32);
    vkCmdDrawIndexed(cmd, c->config->geo.terrain_index_count, t->count[c->view], 0, 0, t->first[c->view]);
}

static sward_result create_depth(render_pass_ctx *c, sward_error *err)
{
    gpu_graphics_desc d = {
        .vs = sw_spirv_terrain_vert, .vs_bytes = sizeof sw_spirv_terrain_vert,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.terrain_depth",
    };
    return render_graphics_pipeline(c, &d, &c->pipes[0], err);
}

static sward_result create_gbuffer(render_pass_ctx *c, sward_error *err)
{
    gpu_graphics_desc d = {
        .vs = sw_spirv_terrain_vert, .vs_bytes = sizeof sw_spirv_terrain_vert,
        .fs = sw_spirv_terrain_frag, .fs_bytes = sizeof sw_spirv_terrain_frag,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = VK_CULL_MODE_NONE,
        .color_count = RENDER_GBUFFER_COUNT,
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER, .name = "sward.terrain",
    };
    for (uint32_t i = 0; i < RENDER_GBUFFER_COUNT; i++) d.color_formats[i] = RENDER_GBUFFER_FORMATS[i];
    sward_result res = render_graphics_pipeline(c, &d, &c->pipes[0], err);
    d.depth_write = false;
    d.depth_compare = VK_COMPARE_OP_EQUAL;
    d.name = "sward.terrain_primed";
    if (res == SWARD_OK) res = render_graphics_pipeline(c, &d, &c->pipes[1], err);
    return res;
}

static void draw(render_pass_ctx *c, VkCommandBuffer cmd, VkPipeline pipe)
{
    if (c->work->terrain.count[SW_VIEW_CAMERA] == 0) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
    render_terrain_draw(c, cmd);
}

static void record_depth(render_pass_ctx *c, VkCommandBuffer cmd)
{
    draw(c, cmd, c->pipes[0]);
}

static void record_gbuffer(render_pass_ctx *c, VkCommandBuffer cmd)
{
    draw(c, cmd, c->pipes[c->plan->depth_prime ? 1 : 0]);
}

const render_pass render_pass_terrain_depth = {
    .name = "terrain_depth",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = SWARD_DRAW_GROUND_DEPTH,
    .use_count = 2,
    .uses = {
        /* the standalone frame's depth, cleared by this pass (the embedded host's is its own) */
        {RES_DEPTH, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, RENDER_USE_DISCARD},
        {RES_TERRAIN_PATCHES, GPU_ACCESS_VERTEX_READ, SW_BIND_TERRAIN_PATCHES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
    },
    .create = create_depth,
    .record = record_depth,
};

static bool fragment(const render_plan *p, const render_work *w)
{
    return (void)w, !p->terrain_resolve;
}

static bool resolved(const render_plan *p, const render_work *w)
{
    return (void)w, p->terrain_resolve;
}

const render_pass render_pass_terrain = {
    .name = "terrain",
    .phase = RENDER_PHASE_DRAW,
    .draw_flag = SWARD_DRAW_GROUND,
    .use_count = 7,
    .uses = {
        {RES_STATS, GPU_ACCESS_FRAGMENT_READ_WRITE, SW_GBUF_STATS, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        {RES_TERRAIN_PATCHES, GPU_ACCESS_VERTEX_READ, SW_BIND_TERRAIN_PATCHES, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
        /* the G-buffer, cleared by this pass in the standalone frame */
        {RES_GBUF_ALBEDO, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, RENDER_USE_DISCARD},
        {RES_GBUF_NORMAL, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, RENDER_USE_DISCARD},
        {RES_GBUF_MATERIAL, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, RENDER_USE_DISCARD},
        {RES_MOTION, GPU_ACCESS_COLOR_ATTACHMENT, -1, 0, RENDER_USE_DISCARD},
        {RES_DEPTH, GPU_ACCESS_DEPTH_ATTACHMENT, -1, 0, 0},
    },
    .create = create_gbuffer,
    .record = record_gbuffer,
    .active = fragment,
};

static sward_result create_resolve(render_pass_ctx *c, sward_error *err)
{
    return render_compute_pipeline(c, sw_spirv_terrain_resolve_comp, sizeof sw_spirv_terrain_resolve_comp,
                                   "sward.terrain_resolve", &c->pipes[0], err);
}

const render_pass render_pass_terrain_resolve = {
    .name = "terrain_resolve",
    .phase = RENDER_PHASE_POST,
    .history = true, /* the G-buffer the TAA history is lit from */
    .use_count = 6,
    .uses = {
        RENDER_RESOLVE_USES,
    },
    .create = create_resolve,
    .record = render_record_per_pixel,
    .active = resolved,
};
