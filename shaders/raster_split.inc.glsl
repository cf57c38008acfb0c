// raster_split.inc.glsl — which of the camera's tiles the compute rasteriser draws (SPEC BX1): those whose
// tallest blade projects smaller than frame.raster_threshold pixels from the tile's nearest point (Nanite's
// rule: small triangles to software raster, large ones to the hardware). The hardware path's draw arguments
// (draw_args.comp.glsl) and the compute rasteriser (raster.comp.glsl) both call it with the same numbers, so
// every tile is drawn by exactly one path. Needs tiles[], materials[] and the view (common.inc.glsl).

// The projected height (pixels) of the tile's tallest blade from the tile's nearest point; negative when the tile
// is within reach of the eye (a blade there may cross the near plane: the hardware clips it, compute would drop
// it, whatever the threshold and the render size). root_y: the height of one of its blades (m).
float sw_raster_tile_px(sw_tile t, float root_y)
{
    sw_material m = materials[t.material];
    float extent = float(SW_TILE_CELLS << t.level) * m.spacing;
    vec2 lo = vec2(float(t.ci0), float(t.cj0)) * m.spacing;
    vec3 cam = vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z);
    float dxz = length(cam.xz - clamp(cam.xz, lo, lo + extent));
    float hm = m.height_max * (1.0 + m.clump_height_var);
    // the ground within a tile is within a tile's extent of one of its blades (slopes up to 45 degrees)
    float dy = max(abs(cam.y - root_y) - hm - extent, 0.0);
    float dist = max(length(vec2(dxz, dy)), 1e-3);
    if (dist < SW_RASTER_REACH * hm + SW_RASTER_REACH_M) return -1.0;
    return hm * VIEW.px_scale / dist;
}

// local_tile: the tile's index in the view's run; root_y: the height of one of its blades (m).
bool sw_raster_in_compute(uint local_tile, sw_tile t, float root_y)
{
    if ((frame.flags & SW_FLAG_RASTER_COMPUTE) == 0u || pc.view != SW_VIEW_CAMERA) return false;
    if (local_tile >= SW_RASTER_MAX_TILES) return false; // the key cannot name it
    if ((frame.flags & SW_FLAG_RASTER_ALL) != 0u) return true;
    float px = sw_raster_tile_px(t, root_y);
    return px >= 0.0 && px < frame.raster_threshold;
}
