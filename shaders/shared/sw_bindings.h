/* sw_bindings.h — every descriptor binding of every shader, written once for C and GLSL (DESIGN: one shared
 * header for what crosses the CPU/GPU boundary). Set 0 is the scene set, the same for every pass: the frame's
 * and the views' constants and the scene's read-only world data. Set 1 belongs to one pass: its own inputs
 * and outputs, declared in the pass's C file (src/render/passes/) with these numbers, from which the frame
 * derives its barriers. */
#ifndef SW_BINDINGS_H
#define SW_BINDINGS_H

#define SW_SET_SCENE 0
#define SW_SET_PASS 1

/* set 0: the scene set */
#define SW_BIND_FRAME 0        /* sw_frame */
#define SW_BIND_VIEWS 1        /* sw_view[SW_MAX_VIEWS] */
#define SW_BIND_MATERIALS 2    /* sw_material[] */
#define SW_BIND_HEIGHTS 3      /* float heights, hf_ring^2 (resident: terrain_res^2); streamed, then the overview
                                  (ov_n^2) and the slot table (hf_n^2 ints; terrain_lod.inc.glsl) */
#define SW_BIND_TYPE_MAP 4     /* PL1 grass types, 4 texels per uint, low byte first */
#define SW_BIND_GRASS_HEIGHT 5 /* PL1 grass-height scale, float, map_res^2 */
#define SW_BIND_ASSETS 6        /* PL8: sw_asset[SW_MAX_ASSETS] (shared/sw_assets.h) */
#define SW_BIND_ASSET_VERTICES 7 /* AS1: sw_asset_vertex[] of every asset's levels */
#define SW_BIND_LEAF_NOISE 8    /* GA6: the 16x16x16 3D simplex noise of the leaves, vec4 (xyz, 0) per texel */
#define SW_BIND_ASSET_TEXTURES 9 /* AS5, AS3: uint[], the texture sets and the impostor atlases (sw_assets.h) */
#define SW_BIND_AREAS 10        /* PL2: uint count, 3 pads, then sw_area[] (shared/sw_areas.h, areas.inc.glsl) */
#define SW_BIND_ASSET_INDICES 11 /* AS1: uint[], every asset level's triangles (the index buffer; BX6's resolve) */
#define SW_BIND_ASSET_ALPHA 12  /* AS4: sampler2DArray, the texture sets' alpha (layer 0 leaf, 1 petal; R8, mips) */
#define SW_BIND_LAYER_MAP 13    /* PL10: the top blend layer per map texel (4 a uint, low byte first; 255 none), whose
                                   ground sw_frame.ground_layers names (shared/sw_ground.h) */
#define SW_BIND_CANOPY 14      /* PL11, SH10: the trees' canopy per map texel (4 a uint, low byte first; shared/sw_canopy.h),
                                   one word without a canopy */
#define SW_BIND_SCENE_COUNT 15

/* GA3, the wind field (shaders/shared/sw_wind_field.h). wind_field.comp.glsl writes it at binding
 * SW_WIND_FIELD_OUT of its set 1; every pass that samples it declares
 *     {RES_WIND_FIELD, GPU_ACCESS_COMPUTE_READ (or _VERTEX_READ), SW_BIND_WIND_FIELD, STORAGE_BUFFER}
 * in its uses (src/render/passes/), #includes "wind_field.inc.glsl" (after common.inc.glsl) and calls
 * sw_field_sample(SW_WIND_CAT_TREES / _PLANTS / _GRASS / _SPECIAL, position.xz), then sw_field_push(...,
 * stiffness) for a push (length < 1, a fraction of the height). One number for every pass: it must not be
 * used by a pass's own bindings. */
#define SW_WIND_FIELD_OUT 0
#define SW_BIND_WIND_FIELD 15

/* The ground's patches (sw_terrain_patch[], plan.terrain): every pass that draws the ground
 * (terrain_depth, terrain, shadow_near, shadow_mid) declares
 *     {RES_TERRAIN_PATCHES, GPU_ACCESS_VERTEX_READ, SW_BIND_TERRAIN_PATCHES, STORAGE_BUFFER}
 * and its vertex shader #includes "terrain_lod.inc.glsl". One number for every pass, like the wind field's. */
#define SW_BIND_TERRAIN_PATCHES 14

/* set 1 of place.comp.glsl */
#define SW_PLACE_TILES 0 /* sw_tile[] of the frame */
#define SW_PLACE_MASKS 1 /* uint[SW_TILE_SLOT_WORDS] per tile cache slot (written) */

/* set 1 of cull.comp.glsl (one view) */
#define SW_CULL_TILES 0
#define SW_CULL_MASKS 1
#define SW_CULL_HIZ 2        /* the view's min/max depth pyramid */
#define SW_CULL_SURVIVORS 3  /* sw_blade[survivor_capacity] (written) */
#define SW_CULL_TILE_DRAWS 4 /* sw_tile_draw per tile (written) */
#define SW_CULL_STATS 5
/* + SW_BIND_WIND_FIELD: the grass category of the wind field (GA3) */

/* set 1 of draw_args.comp.glsl (one view) */
#define SW_ARGS_TILE_DRAWS 0
#define SW_ARGS_DRAWS 1 /* sw_draw_cmd[2 * tiles] (written) */
#define SW_ARGS_TILES 2     /* sw_tile[] of the frame: which tiles the compute rasteriser takes (BX1) */
#define SW_ARGS_SURVIVORS 3 /* the view's survivors (a tile's first blade: its ground height) */
#define SW_ARGS_STATS 4     /* sw_cull_stats: hw_blades */
#define SW_ARGS_WORK 5      /* the compute rasteriser's work lists (sw_raster.h: SW_RASTER_WORK_HEADER; written) */

/* set 1 of raster.comp.glsl and resolve.comp.glsl (BX1, the camera) */
#define SW_RASTER_SURVIVORS 0  /* = SW_GRASS_SURVIVORS: grass_blade.inc.glsl reads the blades from it */
#define SW_RASTER_TILES 1      /* sw_tile[] of the frame */
#define SW_RASTER_TILE_DRAWS 2 /* the camera's sw_tile_draw per tile */
#define SW_RASTER_VIS 3        /* the visibility buffer: uint64 per pixel, row-major (sw_raster.h) */
#define SW_RASTER_STATS 4      /* sw_cull_stats: raster_blades, raster_tiles, raster_pixels */
#define SW_RESOLVE_DEPTH 5     /* the hardware passes' depth, sampled */
#define SW_RESOLVE_ALBEDO 6    /* the G-buffer as storage images (written where a compute blade is nearest) */
#define SW_RESOLVE_NORMAL 7
#define SW_RESOLVE_MATERIAL 8
#define SW_RESOLVE_MOTION 9
#define SW_RESOLVE_MERGED 10   /* R32F image: the nearer of the two depths (raster_merge; the lighting's and TAA's depth) */
#define SW_RASTER_WORK 11      /* the view's work lists (draw_args; raster and shadow_raster read them) */

/* set 1 of shadow_raster.comp.glsl (BX1 for the near cascade's casters, LS3): survivors, tiles and tile_draws
 * at the camera rasteriser's numbers, then */
#define SW_SHADOW_CASTERS 3 /* uint per texel of the near layer: the blades' depth bits (atomicMax); the lighting
                               reads it at SW_LIGHT_SHADOW_CASTERS */
/* set 1 of shadow_assets.comp.glsl (LS3: the mesh assets' near casters in compute): SW_SHADOW_CASTERS
 * and the near view's */
#define SW_SHADOW_ASSET_DRAWN 4 /* sw_drawn[] (asset_vertex.inc.glsl reads it here) */
#define SW_SHADOW_ASSET_DRAWS 5 /* sw_asset_draw[]: each (asset, level)'s run and indices */

/* set 1 of asset_place.comp.glsl (PL8, SC4) */
#define SW_APLACE_CLUSTERS 0  /* sw_cluster[]: the cache's slots' records (written), the frame's, those to place */
#define SW_APLACE_INSTANCES 1 /* sw_instance[SW_CLUSTER_CANDIDATES] per cluster slot (written) */

/* set 1 of asset_cull.comp.glsl (one view) */
#define SW_ACULL_CLUSTERS 0
#define SW_ACULL_INSTANCES 1
#define SW_ACULL_DRAWN 2  /* sw_drawn[] of the view, one run per (asset, level) (written) */
#define SW_ACULL_DRAWS 3  /* sw_asset_draw[SW_MAX_ASSETS * SW_ASSET_MAX_LODS] of the view (counted) */
#define SW_ACULL_STATS 4
#define SW_ACULL_HIZ 5    /* the view's Hi-Z pyramid (the camera's: the ground's; SC3) */
#define SW_ACULL_HIZ_HISTORY 6 /* the camera's: the previous frame's pyramid of the ground and the assets (SC3 phase 1) */
#define SW_ACULL_DEFERRED 8    /* the camera's phase-2 list (SW_ASSET_DEFERRED_MAX; written by phase 1, read by 2) */
#define SW_ACULL_LATE_ARGS 7   /* asset_cull_late (with asset_late.comp.glsl, which reads and writes SW_ACULL_DRAWS):
                                  sw_asset_draw[], the second phase's indirect draws (SC3) */

/* set 1 of the asset draw passes (asset.vert.glsl) */
#define SW_ASSET_DRAWN 5  /* the view's sw_drawn[] (apart from the blade passes' bindings: shadow_near has both) */

/* set 1 of asset_resolve.comp.glsl (BX6): the resolve's (SW_RASTER_STATS, SW_RESOLVE_DEPTH .. _MOTION: pass.h
 * RENDER_RESOLVE_USES) and the assets' visibility buffer */
#define SW_ASSET_RESOLVE_ID 11    /* RG32UI image: drawn instance + 1 (0: none), triangle (asset_id.frag.glsl) */
#define SW_ASSET_RESOLVE_DRAWN 12 /* the camera's sw_drawn[] (asset_vertex.inc.glsl reads it here) */
#define SW_ASSET_RESOLVE_DRAWS 13 /* the camera's sw_asset_draw[]: each (asset, level)'s run and indices */

/* set 1 of hiz_init.comp.glsl and hiz_reduce.comp.glsl (one view) */
#define SW_HIZ_DEPTH 0   /* the occluders' depth, sampled */
#define SW_HIZ_PYRAMID 1 /* vec2 per texel, all levels (written) */

/* set 1 of the blade passes (grass_blade.inc.glsl, one view) and the G-buffer fragment shaders */
#define SW_GRASS_SURVIVORS 0
#define SW_GBUF_STATS 1 /* sw_cull_stats: the shading counter (SW_FLAG_COUNT_SHADING) */

/* set 1 of lighting.comp.glsl (view 0): the G-buffer in, the lit colour out */
#define SW_LIGHT_ALBEDO 0   /* sampled (texelFetch) */
#define SW_LIGHT_NORMAL 1
#define SW_LIGHT_MATERIAL 2
#define SW_LIGHT_DEPTH 4    /* the camera's depth, sampled */
#define SW_LIGHT_HDR 5      /* rgba16f storage image (written) */
#define SW_LIGHT_STATS 6    /* sw_cull_stats: covered pixels, kinds */
#define SW_LIGHT_SHADOW_MAP 8 /* RES_SHADOW: sampler2DArray of the D32 near and mid layers (compared by hand) */
#define SW_LIGHT_SHADOW_FAR 9 /* RES_SHADOW_FAR: float lit heights, storage buffer (shadow.inc.glsl) */
#define SW_LIGHT_SHADOW_CASTERS 10 /* RES_SHADOW_CASTERS: the near cascade's compute casters, read beside layer 0 */
#define SW_LIGHT_SHADOW_LIT 11 /* RES_SHADOW_LIT: vec2 lit heights of the near and mid ranges (ground, impostor) */

/* set 1 of the shadow passes (src/render/passes/shadow_*.c): shadow_near draws the near cascade's blades
 * through grass_blade.inc.glsl (SW_GRASS_SURVIVORS); shadow_far.comp.glsl writes the lit-height map: */
#define SW_SHADOW_FAR_OUT 0 /* float[size^2], row-major (written) */
/* shadow_lit.comp.glsl (LS4): the near and mid ranges' lit heights, and the far map it starts each row from */
#define SW_SHADOW_LIT_OUT 0 /* vec2[size^2] (ground, impostor), texel (i, j) at i * size + j (written) */
#define SW_SHADOW_LIT_FAR 1 /* RES_SHADOW_FAR, read */

/* set 1 of post.comp.glsl */
#define SW_POST_HDR 0   /* rgba16f storage image */
#define SW_POST_LDR 2   /* rgba8 storage image (written) */
#define SW_POST_TAA 3   /* SH8: the resolved rgba16f image (read when SW_FEAT_TAA is on) */
#define SW_POST_BLOOM 4 /* PO3: the bloom chain (buffer; level 0, half resolution, read when SW_FEAT_BLOOM) */
#define SW_POST_EXPOSURE 5 /* PO4: RES_EXPOSURE, the adapted exposure (read with SW_FLAG_AUTO_EXPOSURE) */

/* set 1 of hdr_out.comp.glsl (sward_render_hdr): post's inputs, and the frame it would tone-map */
#define SW_HDR_OUT_HDR 0    /* rgba16f storage image */
#define SW_HDR_OUT_TAA 1    /* the resolved rgba16f image (read when SW_FEAT_TAA is on) */
#define SW_HDR_OUT_BLOOM 2  /* the bloom chain (read when SW_FEAT_BLOOM) */
#define SW_HDR_OUT_PIXELS 3 /* vec4 per pixel, rows top to bottom (written) */
#define SW_HDR_OUT_EXPOSURE 4 /* PO4: RES_EXPOSURE (the bloom chain is in exposed units) */

/* set 1 of taa.comp.glsl (SH8) */
#define SW_TAA_HDR 0     /* this frame's rgba16f colour (jittered) */
#define SW_TAA_DEPTH 1   /* this frame's depth, sampled */
#define SW_TAA_HISTORY 2 /* the previous frame's resolved rgba16f image (a = samples accumulated) */
#define SW_TAA_OUT 3     /* this frame's resolved image (written; the next frame's history) */
#define SW_TAA_MOTION 4  /* the G-buffer's motion vectors (sampled) */
#define SW_TAA_EXPOSURE 5 /* PO4: RES_EXPOSURE, the last frame's adapted exposure (the resolve's weights) */

/* set 1 of bloom_*.comp.glsl (PO3) */
#define SW_BLOOM_HDR 0   /* colour without TAA */
#define SW_BLOOM_TAA 2   /* colour with TAA */
#define SW_BLOOM_CHAIN 3 /* the chain: every level, half resolution down, 2 x uint (4 halves) per texel */
#define SW_BLOOM_EXPOSURE 4 /* PO4: RES_EXPOSURE (the bright pass is in exposed units) */

/* set 1 of exposure_*.comp.glsl (PO4, src/render/passes/exposure.c) */
#define SW_EXPOSURE_HDR 0   /* colour without TAA */
#define SW_EXPOSURE_TAA 1   /* colour with TAA */
#define SW_EXPOSURE_OUT 2   /* sw_exposure_state (read and written) */
#define SW_EXPOSURE_DEPTH 3 /* the frame's depth, sampled (the sky is metered at a lower weight) */

#endif
