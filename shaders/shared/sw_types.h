/* sw_types.h — every struct that crosses the CPU/GPU boundary, written once.
 *
 * Members are 4-byte scalars and arrays of them only, so the std430 layout of the shaders (scalar arrays at a
 * stride of 4) equals the C layout; the C side asserts the sizes (the end of this file). Positions and directions
 * are spelled as _x/_y/_z members, colours and per-category values as arrays (common.inc.glsl sw_vec3 reads a
 * colour as a vec3). */
#ifndef SW_TYPES_H
#define SW_TYPES_H
#include "sw_lang.h"
#include "sw_exposure.h"

#define SW_TILE_CELLS 32u               /* a render tile is 32 x 32 grid cells of one material */
#define SW_TILE_CANDIDATES 1024u        /* = SW_TILE_CELLS^2, one workgroup of SW_PLACE_GROUP threads */
#define SW_PLACE_GROUP 256u
#define SW_MAX_MATERIALS 16u
#define SW_MAX_FORCES 16
#define SW_MAX_BLADE_HEIGHT 4.0f        /* m: instance height is unorm16 of this */
#define SW_MAX_BLADE_WIDTH 0.25f        /* m: instance width is unorm16 of this */
#define SW_HIGH_VERTS 15u               /* GA1: 7 rows of two vertices and the tip */
#define SW_LOW_VERTS 7u                 /* GA1: 3 rows of two vertices and the tip */
#define SW_HIGH_INDICES 39u             /* 13 triangles */
#define SW_LOW_INDICES 15u              /* 5 triangles */

/* One grass material (a grass type): its grid, its shape ranges and its colours. */
struct sw_material {
    float spacing;        /* m, grid spacing = 1 / sqrt(density) */
    float inv_spacing;    /* 1 / spacing */
    float density;        /* blades / m^2 at full coverage */
    float patch_inv_scale;/* 1 / patch size in m; 0 = uniform coverage */
    float patch_coverage; /* fraction of ground covered by patches, (0, 1] */
    float height_min;     /* m */
    float height_max;     /* m */
    float width_min;      /* m */
    float width_max;      /* m */
    float bend;           /* 0..1, how far the tip leans along the blade's facing */
    float stiffness;      /* 0..1, resistance to wind */
    float translucency;   /* 0..1, back-lit transmission */
    float root_r, root_g, root_b, clump_inv_size; /* 1 / clump size in m; 0 = no clumping (PL6) */
    float tip_r, tip_g, tip_b, clump_pull;        /* 0..1 toward the clump centre */
    float clump_height_var, clump_facing, clump_lean, clump_color_var;
    float head_r, head_g, head_b, head_size;      /* flower head (m; 0 = none) */
    float lod_distance, draw_distance, gameplay_height, clump_size; /* m, per type (SC5, SC6, PL9, PL6) */
    sw_uint blades_per_instance, wind_model, flags, ground;  /* wind_model: SW_WIND_*; flags: SW_MAT_*; SH10: the
                                                               ground asked for beneath (SW_GROUND_*, sw_ground.h) */
    float base_density, inv_density, roughness, pad3; /* PL2: blades / m^2 outside the areas; 1 / density; SH5 */
    /* SC7: the type's far field, baked from its blades (src/place/far_look.c): the mean albedo and AO the eye sees
     * of a patch from a grazing view; the patch's optical depth toward a direction of elevation e above the ground,
     * far_side cot(e) + far_top (its cover 1 - exp(-depth)); the gloss of its far blades (the specular's weight). */
    float field_r, field_g, field_b, field_ao;
    float far_side, far_top, far_gloss, pad5;
    /* PL11's undergrowth (SW_MAT_CANOPY, shared/sw_canopy.h): the density multipliers under the trees' crowns, in
       the open and in the fringe, and the fringe's width (m) */
    float canopy_under, canopy_open, canopy_fringe, canopy_width;
};

/* SC5: the distance a type's blades end at, for every pass that culls, fades or tones by it (cull, the blades'
 * shape, the terrain under them). The loader resolves each type's draw_distance (its own, else
 * render.draw_distance, never beyond it: src/world/scene_parse.c), so it is always set; the frame's only caps it. */
SW_FN float sw_type_draw_distance(float type_draw_distance, float frame_draw_distance)
{
    return sw_minf(type_draw_distance, frame_draw_distance);
}

#define SW_WIND_GOT 0u
#define SW_WIND_HZD 1u
#define SW_WIND_FRICTIONAL 2u
#define SW_MAT_STEALTH 1u
#define SW_MAT_CAMERA_TILT 4u /* GA8: HZD's camera-based tilting (grass[i].camera_tilt) */
#define SW_MAT_AREAS 2u /* PL2: density areas name this type, or its base density is below its maximum */
#define SW_MAT_CANOPY 8u /* PL11: its density follows the trees' canopy (grass[i].canopy, shared/sw_canopy.h) */
#define SW_TYPE_NONE 255u /* type-map value: no grass */

/* Per-frame constants: what every view of a frame shares (time, wind, sun, sky, force fields, the terrain and
 * the scene's numbers). One per frame; the views of the frame are sw_view. */
struct sw_frame {
    float time, draw_distance, lod_distance, exposure; /* s; m; m; linear */
    float white_point, fog_density;                    /* linear radiance mapped to white; fog: 1/m */
    sw_uint features, frame_index;                     /* SW_FEAT_* of the scene (render.features); the TAA sequence's index (0 without TAA): the screen doors' and the contact shadows' offsets */
    float sun_x, sun_y, sun_z, sun_intensity; /* direction towards the sun, normalised */
    float sun_color[3], sky_intensity;        /* linear RGB (the radiance is sun_color x sun_intensity); LS1 */
    float zenith[3], horizon[3];              /* LS1: the sky's ambient colours above and sideways (sky.c) */
    float ground[3];                          /* the terrain's colour (terrain.color) */
    float grass_color[3], grass_cover; /* mean grass colour and cover, for the ground under it */
    float wind_gain[4]; /* GA3: each spring category's gain (wind.field), by SW_WIND_CAT_*: the field's value
                           beyond its grid is gain x force (sw_wind_field.h) */
    float wind_x, wind_z, wind_speed, wind_inv_gust_scale; /* direction normalised; m/s; 1/m */
    float wind_gust_speed, raster_threshold;       /* m/s the gust pattern scrolls; BX1: px (SW_FLAG_RASTER_*) */
    float terrain_lod_range; /* CDLOD (sw_terrain_lod.h): m, range0 (level 0's distance); 0: no LOD */
    float terrain_x0, terrain_z0, terrain_cell, terrain_inv_cell; /* height-field origin and texel size */
    int terrain_res, terrain_step, terrain_mesh_res, wind_field_i0; /* samples per side; mesh vertex stride; mesh
                                                            side; GA3: the wind field's first world cell in x */
    sw_uint seed, material_count, tile_count, flags;       /* tile_count: all views' tiles; flags: SW_FLAG_* */
    int map_res, force_count;                              /* PL1 map texels per side; GA5 fields in use */
    float map_inv_cell; int wind_field_j0;                 /* PL1 map texels per m (map_res / terrain size); GA3: the
                                                          wind field's first world cell in z (src/wind/field.c) */
    float sky[32];  /* the sky model's per-frame constants (shaders/shared/sw_sky.h, src/render/sky.c) */
    float forces[SW_MAX_FORCES * 8]; /* GA5, per field (SW_FORCE_*): at the frame's time x, z (m), radius (m),
                                       strength (m), clock (rad: phase + 2 pi frequency time, src/wind/forces.c);
                                       then at prev_time (SH2 motion vectors) x, z, clock */
    sw_uint asset_count, cluster_count;     /* PL8: the scene's assets; the frame's clusters */
    sw_uint place_now, place_ahead;         /* SC1, SC2: the tiles placed this frame, after the views' tile_count
                                               tiles: place_now before culling (needed now), place_ahead after
                                               it, overlapping the draws (needed soon) */
    /* BX5, streamed world data (sw_ring.h): the height field's window (ring samples a side, first global
     * sample (hf_i0, hf_j0)) and the maps' (map_ring texels from (map_i0, map_j0)). Resident: the whole map
     * at 0. terrain_x0/z0 and every other grid number stay the world's. */
    int hf_ring, hf_i0, hf_j0, map_ring;
    int map_i0, map_j0;
    int terrain_lod_top;    /* CDLOD: the top level (its patches never morph) */
    float terrain_lod_lift; /* CDLOD: m the LOD eye is above the highest ground (0 below it) */
    /* PO4, with SW_FLAG_AUTO_EXPOSURE (sw_exposure.h): the meter's key (linear mid grey), the compensation (EV: the
     * scene's plus the exposure areas' bias at the eye), the clamps (EV); the adaptation's speeds (1/s) and the
     * percentiles kept (%); dt: s since the last frame adapted (0: take the target) */
    float exposure_key, exposure_compensation, exposure_min_ev, exposure_max_ev;
    float exposure_speed_up, exposure_speed_down, exposure_low, exposure_high;
    float exposure_dt;
    /* SH2 motion vectors: s, the time of the frame the view's prev_view_proj is (TAA's history); the frame's own
     * time without one (nothing moved). The wind field's second half holds the field then (wind_field.c). */
    float prev_time;
    /* SH10, the ground's materials (shared/sw_ground.h, terrain.ground): each PL10 layer's ground (SW_GROUND_BITS a
     * layer, layer 0 lowest, SW_GROUND_NONE: none), looked up by the layer map (SW_BIND_LAYER_MAP); the rules'
     * default material, rock slope (degrees) and sand height (m); the detail's amplitude */
    sw_uint ground_layers[2];
    sw_uint ground_default;
    float ground_rock_slope, ground_sand_below, ground_detail;
    /* SC5: m, where the blades start thinning (render.thin_distance, sw_thin_keep) */
    float thin_distance;
    /* SC1 for the assets: the cluster cache's slots (their records lead the clusters' buffer, the frame's
       cluster_count clusters follow them), then the clusters placed this frame */
    sw_uint cluster_first, cluster_place;
    /* SH10: the ground under the trees' crowns (terrain.ground.canopy: SW_GROUND_*; SW_GROUND_NONE: no such rule),
       read from the canopy map (SW_BIND_CANOPY, shared/sw_canopy.h) */
    sw_uint ground_canopy;
    /* BX7, a streamed height field: samples a page side (0: resident, every sample held); the world's pages a
     * side; the overview's step and side (sw_ground_height_at, terrain_lod.inc.glsl; src/world/stream.h) */
    int hf_page, hf_pages, ov_step, ov_n;
};

/* PO4: the auto exposure's state (RES_EXPOSURE, shaders/exposure_*.comp.glsl), kept from frame to frame: the
 * adapted EV and its multiplier 2^ev, this frame's target EV and metered mean log2 luminance, the weight the
 * histogram counted; then the histogram of the frame's log2 luminance (sw_exposure.h). */
struct sw_exposure_state {
    float ev, exposure, target_ev, mean_log;
    sw_uint total, pad[3];
    sw_uint histogram[SW_EXPOSURE_BINS];
};

/* CDLOD (sw_terrain_lod.h, src/render/terrain_lod.c): one patch of the ground mesh a view draws, an
 * instance of the patch grid (SW_TERRAIN_PATCH^2 quads of 2^level mesh quads from global mesh quad i0, j0). */
struct sw_terrain_patch {
    int i0, j0;
    sw_uint level, pad;
};

/* Per-view constants: a camera or (later) a shadow cascade. Culling runs per view over the same placed
 * tiles; the shaders get the view's index as a push constant. */
struct sw_view {
    float view_proj[16];     /* column-major, world -> clip, reverse-Z (near = 1, far = 0) */
    float inv_view_proj[16]; /* clip -> world, for the sky and fog in the post pass */
    float frustum[24];       /* 6 world-space planes (a, b, c, d); inside when a x + b y + c z + d >= 0 */
    float cam_x, cam_y, cam_z;       /* the eye; a shadow view's is the camera's (LOD, fade, distances) */
    float cull_distance;             /* m: no blade farther from the eye (0: none; the near cascade's casters) */
    sw_uint width, height, hiz_levels, flags;  /* render size (shadow views: map texels); Hi-Z levels; SW_VIEW_* */
    sw_uint survivor_capacity, pad1;        /* blades the view's survivor list holds */
    sw_uint tile_first, tile_count;         /* the view's run of the frame's tiles (cull, draw_args, draws) */
    /* Shadow views (SW_VIEW_SHADOW; src/render/cascades.c, looked up by shaders/shadow.inc.glsl): the range of
     * distances from the eye the cascade serves, where its cross-fade into the next cascade starts, and
     * metres per texel. Near and mid: metres of light-space depth that depth 0..1 spans (for biases in m).
     * Far (the lit-height map): its origin in x and z (m); width = height = its texels per side. Near: the
     * longest shadow (m) a blade casts, tallest blade / tan(sun elevation), at most its range. */
    float shadow_begin, shadow_end, shadow_fade, shadow_texel;
    float shadow_depth_range, shadow_x0, shadow_z0, shadow_reach;
    float fwd_x, fwd_y, fwd_z;        /* the view's forward axis (SH3: abs(z) of the view-space normal) */
    float px_scale;                   /* pixels a metre spans 1 m in front of the eye (0.5 height P[1][1]; BX1) */
    /* SH8 TAA (src/render/camera.c, shaders/taa.comp.glsl). view_proj and inv_view_proj above carry this
     * frame's jitter; the history was rendered with prev_view_proj, unjittered. */
    float prev_view_proj[16]; /* the previous frame's (the history's) unjittered world -> clip (motion vectors) */
    float jitter_x, jitter_y; /* pixels: the jittered image shows a point at its unjittered position + jitter */
    float taa_alpha, pad5;    /* the history's blend weight once converged (about 0.1) */
    /* The mid view (LS4): the near and mid ranges' lit-height map (sw_shadow.h, shadow_lit.comp.glsl): its
     * origin (u0, v0) in the sun's horizontal frame, its texel (m) and texels per side (0: none) */
    float lit_u0, lit_v0, lit_texel;
    sw_uint lit_size;
    /* SC3 two-phase occlusion (the camera, SW_VIEW_HIZ_HISTORY): the jittered world -> clip of the
     * previous frame, whose Hi-Z of the ground and the assets RES_HIZ_HISTORY holds (asset_cull.comp.glsl) */
    float hist_view_proj[16];
};

#define SW_MAX_VIEWS 4u /* the camera, the near and mid shadow cascades, the far (height-field) cascade */
#define SW_VIEW_CAMERA 0u
#define SW_VIEW_NEAR 1u /* LS2, LS3: cascade 0, alpha-tested low-LOD blades and assets, layer 0 of the map */
#define SW_VIEW_MID 2u  /* LS2, LS4: cascade 1, the assets' casters, layer 1; and the lit-height map of the near and
                           mid ranges (the ground, the grass impostor) */
#define SW_VIEW_FAR 3u  /* LS2: the lit-height map around the camera (not culled, not rasterised) */

/* PO3 bloom (src/render/passes/bloom.c): the chain's levels (level 0 at half the render size, each next one half
 * of it, rounded up) and the part of the light above the white point that it spreads: bloom adds
 * SW_BLOOM_STRENGTH x max(c exposure - white, 0), blurred, to c exposure before the tone map. */
#define SW_BLOOM_LEVELS 6u
#define SW_BLOOM_STRENGTH 0.5f

/* The push constants of every pass: which view it works for, and pass-specific numbers (the Hi-Z level and
 * the size of its level 0). */
struct sw_push {
    sw_uint view, level;
    int size0_x, size0_y;
};

/* render.features (sw_frame.features): every look feature can be turned off for comparison and bisection. */
#define SW_FEAT_DEPTH_PRIME 1u      /* SH1: depth-only pass, then the G-buffer with depth EQUAL */
#define SW_FEAT_SHADOWS 2u          /* LS2-LS4: cascaded sun shadows and the grass shadow impostor */
#define SW_FEAT_CONTACT_SHADOWS 4u  /* LS4: screen-space shadows for nearby detail */
#define SW_FEAT_TRANSLUCENCY 8u     /* SH6 */
#define SW_FEAT_SPECULAR 16u        /* SH5, SH7 */
#define SW_FEAT_TAA 32u             /* SH8 */
#define SW_FEAT_BLOOM 64u           /* PO3 */
#define SW_FEAT_SKY 128u            /* analytic sky, sun colour and ambient from the sun's position */
#define SW_FEAT_ALL 255u

#define SW_FLAG_NO_CULL 1u   /* keep every candidate of the tiles (tests) */
#define SW_FLAG_NO_LOD_FADE 4u /* tests: every blade high LOD, no thinning, no dither fade, hard distance cut */
#define SW_VIEW_CASTERS 1u /* sw_view.flags (near): its compute casters' depth bits are in RES_SHADOW_CASTERS, which
                              the lookup reads beside layer 0 (BX1; shadow.inc.glsl) */
#define SW_VIEW_OCCLUSION 2u /* sw_view.flags: test blades against the view's Hi-Z pyramid of the occluders */
#define SW_VIEW_TAA_RESET 4u /* sw_view.flags: the TAA history is invalid (first frame, resize, camera cut) */
#define SW_VIEW_TAA_STILL 8u /* sw_view.flags: the camera and the time are the history's: only the jitter moved */
#define SW_VIEW_LAYER 256u /* sw_view.flags (near, mid): the cascade's layer of RES_SHADOW holds casters (blades drawn
                              by the hardware, mesh assets); without it the lookup reads no layer */
#define SW_VIEW_HIZ_HISTORY 512u /* sw_view.flags (camera): RES_HIZ_HISTORY holds the previous frame's pyramid, seen
                                    through hist_view_proj: the assets' culling has two phases (SC3) */
#define SW_VIEW_SHADOW 128u    /* sw_view.flags: a shadow cascade (orthographic, reverse-Z, no Hi-Z) */
#define SW_VIEW_LOW_LOD 32u  /* sw_view.flags: every blade the 7-vertex one (the near cascade's casters, LS3) */
#define SW_VIEW_NO_BLADES 64u /* sw_view.flags: nothing is culled or drawn for it (mid: the impostor, far) */
#define SW_FLAG_NO_FADE 8u     /* tests: no SC5 dither fade (thinning and the distance cut stay: hard cuts) */
#define SW_FLAG_NO_MORPH 16u   /* tests: no SC6 morph (the LOD switch stays: a hard switch) */
#define SW_FLAG_COUNT_SHADING 32u /* diagnostics: the G-buffer fragment shaders count their invocations */
/* BX1 (render.raster): the camera's tiles whose blades project smaller than frame.raster_threshold pixels are
 * drawn by the compute rasteriser (raster.comp.glsl), not the hardware draws; with SW_FLAG_RASTER_ALL every
 * tile the key can name is (shaders/raster_split.inc.glsl). */
#define SW_FLAG_RASTER_COMPUTE 64u
#define SW_FLAG_RASTER_ALL 128u
/* SC5: a grass type thins or fades within the near cascade's reach (with TAA): its casters' screen door moves
 * each frame like the camera's, and the cascade's map is drawn every frame (plan.c keeps it otherwise) */
#define SW_FLAG_SHADOW_DOOR 512u
#define SW_FLAG_AUTO_EXPOSURE 1024u  /* PO4: the exposure is RES_EXPOSURE's adapted one, not sw_frame.exposure */
#define SW_FLAG_EXPOSURE_KEPT 2048u  /* PO4: RES_EXPOSURE holds an earlier frame's (TAA reads it before it is metered) */
/* sw_frame.forces: each field's eight floats (camera.c render_frame_constants) */
#define SW_FORCE_X 0
#define SW_FORCE_Z 1
#define SW_FORCE_RADIUS 2
#define SW_FORCE_STRENGTH 3
#define SW_FORCE_CLOCK 4
#define SW_FORCE_PREV_X 5
#define SW_FORCE_PREV_Z 6
#define SW_FORCE_PREV_CLOCK 7
/* SH2 motion vectors: the objects moved since the previous frame (sw_frame.prev_time differs from its time): the
 * wind field's second half is the field at prev_time, and the blades and assets write their own motion */
#define SW_FLAG_MOTION 4096u
#define SW_FLAG_NO_MOTION 8192u /* tests, comparisons: blades and mesh assets write the camera's motion alone */
#define SW_FLAG_TONEMAP_REINHARD 256u /* PO2 (render.tonemap "reinhard"): post's curve x / (x + 1), no white point */

/* A render tile: SW_TILE_CELLS^2 grid cells of one material, from cell (ci0, cj0) every 2^level cells (SC5: a
 * far tile holds only the cells thinning can keep there, sw_thin_level; src/place/tiles.c picks the level). */
struct sw_tile {
    int ci0, cj0;
    sw_uint material;
    sw_uint slot; /* the tile cache's slot that holds its placement (SW_TILE_SLOT_WORDS words from slot * that) */
    sw_uint level; /* the cells' stride is 1 << level; its cells' thinning levels are at least this */
};

/* The placement of a tile (place.comp.glsl): one bit per grid cell, set where a blade grows (inside the
 * terrain, kept by the coverage test, picked by the type map, non-zero grass height). View-independent,
 * so it can persist across frames; culling builds the blades of the set bits per view. */
#define SW_TILE_MASK_WORDS 32u /* SW_TILE_CANDIDATES / 32 */
/* A slot of the tile cache (SC1): the mask, then the cells the placement removed off the terrain and by
 * density (the camera's counters add them up for the tiles it culls, whenever they were placed). */
#define SW_TILE_SLOT_WORDS (SW_TILE_MASK_WORDS + 2u)
#define SW_SLOT_OUTSIDE SW_TILE_MASK_WORDS
#define SW_SLOT_DENSITY (SW_TILE_MASK_WORDS + 1u)

/* One view's survivors of one tile (cull.comp.glsl), for the draw-argument pass and the readback: blades
 * [first, first + high) are drawn with the 15-vertex blade, [first + high, first + high + low) with the
 * 7-vertex one. per_instance is 2 for short grass (two blades per placed instance, GA1). */
struct sw_tile_draw {
    sw_uint first, high, low, per_instance;
};

/* PL7: one placed blade, 32 bytes. */
struct sw_blade {
    float x, y, z;        /* m, world position of the root */
    sw_uint facing_hash;  /* bits 0-15 facing angle (unorm16 of 2 pi), bits 16-31 variation hash */
    sw_uint size;         /* bits 0-15 height (unorm16 of SW_MAX_BLADE_HEIGHT), 16-31 width (of SW_MAX_BLADE_WIDTH) */
    sw_uint shape;        /* bits 0-7 bend (unorm8), 8-15 wind x, 16-23 wind z (snorm8), 24-27 type, 28-29 the
                             cell's thinning level (SC5, sw_thin_level), 30-31 0 */
    sw_uint clump;        /* PL6: bits 0-7 clump hash, 8-15 / 16-23 offset from the clump centre in x / z
                             (snorm8, in clump sizes), 24-31 0 */
    sw_uint prev;         /* SH2 motion: the previous frame's wind, bits 0-7 / 8-15 push x / z (snorm8, as in shape),
                             16-31 facing (unorm16; GA4 bends it by the push) */
};

/* Why candidates did not become drawn blades, summed over a frame for one view (TL3): one atomic add per
 * workgroup. considered, outside and density come from the placement, the rest from the view's culling. */
struct sw_cull_stats {
    sw_uint considered; /* grid cells of the dispatched tiles */
    sw_uint outside;    /* off the terrain */
    sw_uint density;    /* removed by the density test */
    sw_uint distance;   /* beyond the draw distance */
    sw_uint frustum;    /* outside the view frustum */
    sw_uint occlusion;  /* hidden behind the occluders (Hi-Z) */
    sw_uint drawn;      /* survivors written to the view's list */
    sw_uint needed;     /* survivors the view asked room for (> survivor_capacity: the list overflowed) */
    sw_uint high, low;  /* drawn with the 15-vertex and the 7-vertex blade (instances) */
    sw_uint triangles;  /* of the drawn blades (two-blade instances count both blades) */
    sw_uint covered;    /* pixels with a surface (lighting.comp.glsl; view 0) */
    sw_uint grass_px;   /* of them, grass (G-buffer kind) */
    sw_uint lower_px;   /* pixels of the lower third of the image */
    sw_uint lower_ground; /* of them, ground seen between blades (SH2 kind terrain) */
    sw_uint shaded;     /* G-buffer fragment shader invocations (SW_FLAG_COUNT_SHADING only) */
    sw_uint raster_blades; /* BX1: of drawn, the instances the compute rasteriser drew (view 0) */
    sw_uint raster_tiles;  /* BX1: tiles it drew */
    sw_uint raster_pixels; /* BX1: atomicMax issued (fragments whose key beat the value read before) */
    sw_uint hw_blades;     /* BX1: of drawn, the instances the hardware draws drew (draw_args.comp.glsl) */
    sw_uint raster_fragments; /* BX1: covered pixel centres its blades kept (screen door, depth range) */
    sw_uint asset_instances; /* PL8: instances the view's asset draws hold (cross-fading ones count twice) */
    sw_uint asset_clusters;  /* SC4: clusters the view considered */
    sw_uint asset_clusters_culled; /* of them, culled by their bounds (frustum, distance) */
    sw_uint asset_occluded;  /* SC3: instances hidden behind the ground (the camera's Hi-Z; asset_cull.comp.glsl) and,
                                in the second phase, behind this frame's ground and first-phase assets */
    sw_uint asset_deferred;  /* SC3: of the camera's, hidden by the previous frame's pyramid: tested again (phase 2) */
    sw_uint asset_late;      /* of those, drawn in the second phase (visible after all: a disocclusion) */
    sw_uint pad;
};

/* VkDrawIndexedIndirectCommand. Blades are drawn without instancing: vertex_offset = first blade x vertices
 * per blade, the shared index pattern (src/render/passes/grass.c) connects each blade's vertices, and
 * first_instance tells the vertex shader the LOD (bit 0: low) and the blades per instance (bit 1: two). */
struct sw_draw_cmd {
    sw_uint index_count, instance_count, first_index;
    int vertex_offset;
    sw_uint first_instance;
};

#ifndef SW_GLSL
typedef struct sw_material sw_material;
typedef struct sw_frame sw_frame;
typedef struct sw_exposure_state sw_exposure_state;
typedef struct sw_view sw_view;
typedef struct sw_push sw_push;
typedef struct sw_terrain_patch sw_terrain_patch;
typedef struct sw_tile sw_tile;
typedef struct sw_tile_draw sw_tile_draw;
typedef struct sw_blade sw_blade;
typedef struct sw_draw_cmd sw_draw_cmd;
typedef struct sw_cull_stats sw_cull_stats;
_Static_assert(sizeof(sw_material) == 208, "sw_material layout");
_Static_assert(sizeof(sw_frame) % 16 == 0, "sw_frame layout");
_Static_assert(sizeof(sw_exposure_state) == 32 + 4 * SW_EXPOSURE_BINS, "sw_exposure_state layout");
_Static_assert(sizeof(sw_view) % 16 == 0, "sw_view layout");
_Static_assert(sizeof(sw_tile_draw) == 16, "sw_tile_draw layout");
_Static_assert(sizeof(sw_tile) == 20, "sw_tile layout");
_Static_assert(sizeof(sw_cull_stats) == 112, "sw_cull_stats layout");
_Static_assert(sizeof(sw_terrain_patch) == 16, "sw_terrain_patch layout");
_Static_assert(sizeof(sw_blade) == 32, "sw_blade must stay compact (PL7)");
_Static_assert(sizeof(sw_draw_cmd) == 20, "VkDrawIndexedIndirectCommand");
#endif

#endif
