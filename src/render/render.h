/* render.h — the frame (module `render`): resources of a renderer and one file per pass.
 *
 * Frame order (frame.c):  place_cull (compute) -> terrain + grass (graphics, one dynamic-rendering pass
 * into the 16-bit float HDR target) -> post (compute: sky, fog, tone map) -> copy to the host. */
#ifndef SWARD_RENDER_H
#define SWARD_RENDER_H

#include "gpu/gpu.h"
#include "sward/sward_vulkan.h"
#include "place/place.h"
#include "world/world.h"

struct sward_context {
    gpu_device dev;
};

enum {
    RENDER_BIND_FRAME,
    RENDER_BIND_MATERIALS,
    RENDER_BIND_HEIGHTS,
    RENDER_BIND_TILES,
    RENDER_BIND_BLADES,
    RENDER_BIND_DRAWS,
    RENDER_BIND_HDR,
    RENDER_BIND_DEPTH,
    RENDER_BIND_LDR,
    RENDER_BIND_HIZ,
    RENDER_BIND_STATS,
    RENDER_BIND_TYPE_MAP,
    RENDER_BIND_GRASS_HEIGHT,
    RENDER_BIND_COUNT
};

#define RENDER_HDR_FORMAT VK_FORMAT_R16G16B16A16_SFLOAT
#define RENDER_DEPTH_FORMAT VK_FORMAT_D32_SFLOAT
#define RENDER_LDR_FORMAT VK_FORMAT_R8G8B8A8_UNORM

struct sward_renderer {
    sward_context *ctx;
    const sward_scene *scene;
    bool standalone;         /* sward's own targets, post pass and timestamps (sward_render) */
    bool draw_terrain;
    uint32_t width, height;  /* standalone: the targets; embedded: the last view's render area */

    gpu_buffer frame_buf;    /* sw_frame, host-written each frame */
    gpu_buffer material_buf; /* sw_material[] */
    gpu_buffer height_buf;   /* float heights, resolution^2 */
    gpu_buffer type_map_buf; /* PL1 grass types, map_res^2 bytes packed 4 per uint32, low byte first */
    gpu_buffer grass_height_buf; /* PL1 float grass-height scale, map_res^2 */
    gpu_buffer tile_buf;     /* sw_tile[], host-written each frame */
    gpu_buffer blade_buf;    /* sw_blade[tile_capacity * SW_TILE_CANDIDATES] */
    gpu_buffer draw_buf;     /* sw_draw_cmd[2 * tile_capacity] */
    gpu_buffer draw_readback;
    gpu_buffer index_buf;    /* terrain grid triangles */
    gpu_buffer blade_index_buf; /* one triangle pattern per blade slot of a tile, high then low */
    gpu_buffer pixel_readback;
    uint32_t tile_capacity;
    uint32_t terrain_indices;
    int terrain_step, terrain_mesh_res;

    gpu_image hdr, depth, ldr;
    VkSampler sampler;

    gpu_buffer hiz_buf;      /* min/max depth pyramid of the occluders (hiz.c, shaders/hiz.inc.glsl) */
    uint32_t hiz_levels;
    VkDescriptorSetLayout hiz_set_layout;
    VkPipelineLayout hiz_layout;
    VkDescriptorPool hiz_pool;
    VkDescriptorSet hiz_set;
    VkPipeline hiz_init_pipe, hiz_reduce_pipe;
    gpu_buffer stats_buf;    /* sw_cull_stats of the frame */
    gpu_buffer stats_readback;

    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkDescriptorPool pool;
    VkDescriptorSet set;
    VkPipeline place_pipe, terrain_pipe, grass_pipe, post_pipe;
    gpu_timer timer;

    sw_tile *tiles;          /* host copy of this frame's tiles (tiles_bound entries) */
    size_t tiles_bound;
    uint32_t tile_count;
    uint32_t tiles_in_range; /* this frame's tiles within draw distance, before the frustum test */
    bool no_lod_fade;        /* standalone: this frame's sward_frame_desc.no_lod_fade (SW_FLAG_NO_LOD_FADE) */
    bool no_fade, no_morph;  /* standalone: sward_frame_desc.no_fade, .no_morph (SW_FLAG_NO_FADE, SW_FLAG_NO_MORPH) */
};

/* renderer.c */
sward_result render_ensure_tiles(sward_renderer *r, uint32_t tiles, sward_error *err);

/* frame.c: a frame's tiles and constants (uploaded in the command buffer), then the placement dispatch with
 * the barriers that make its output ready to draw; shared by sward_cmd_place and sward_render. */
sward_result render_record_uploads(sward_renderer *r, VkCommandBuffer cmd, const sward_vulkan_view *view,
                                   bool no_cull, bool no_grass, bool occlusion, sward_error *err);
void render_record_cull(sward_renderer *r, VkCommandBuffer cmd);

/* camera.c: fills the camera, frustum and scene constants of a frame, and the view the tiles are chosen for. */
void render_frame_constants(const sward_renderer *r, const sward_vulkan_view *v, bool no_cull, bool occlusion,
                            sw_frame *f, place_view *view);

/* camera.c: the standalone frame's view with sward_frame_desc's optional eye / target overrides. */
sward_vulkan_view render_frame_view(const sward_renderer *r, const sward_frame_desc *fd);

/* One file per pass: record into cmd. */
sward_result render_hiz_create(sward_renderer *r, sward_error *err);
void render_hiz_destroy(sward_renderer *r);
void render_hiz_build(sward_renderer *r, VkCommandBuffer cmd);
void render_place_cull(sward_renderer *r, VkCommandBuffer cmd);
sward_result render_terrain_create(sward_renderer *r, sward_error *err);
void render_terrain(sward_renderer *r, VkCommandBuffer cmd);
sward_result render_grass_create(sward_renderer *r, sward_error *err);
void render_grass(sward_renderer *r, VkCommandBuffer cmd);
void render_post(sward_renderer *r, VkCommandBuffer cmd);

#endif
