"""tests/mutations.py — the mutation table of tests/mutate.sh (the runner): one mut(...) entry per mutation, each
removing one feature by replacing one exact snippet of the source, with the tests that must then fail.

    mut(ID, SPEC ids, file, exact snippet, replacement that removes the feature, tests[, env])

The snippet must occur exactly once in its file (tests/mutate.sh --check); the tests (ctest names, space-separated;
gpu_<name> stands for every case of a split GPU program) must all fail with it replaced. env: variables the tests
run with, for this mutation only. A comment above an entry says what the feature is. New entries go beside their
feature's; the runner keeps the table's order."""

M = []


def mut(mid, spec, path, find, repl, tests, env=None):
    M.append(dict(id=mid, spec=spec, file=path, find=find, repl=repl, tests=tests, env=env or {}))

# SC5: density thinning, dither fade, draw-distance edge
mut("SC5-fade", "SC5", "shaders/grass_blade.inc.glsl",
    "float fade = no_dither ? 1.0 : sw_blade_fade(dist, draw_d, thin_d, sw_thin_threshold(sw_blade_level(b), sw_thin_hash(h16)));",
    "float fade = 1.0;",
    "gpu_blades gpu_lod_popping")
mut("SC5-discard", "SC5", "shaders/dither.inc.glsl",
    "    return fade * 16.0 <= sw_bayer_at(pixel, shift) + 0.5;",
    "    return false;",
    "gpu_blades gpu_lod_popping")
mut("SC5-thinning", "SC5", "shaders/cull.comp.glsl",
    "if (lod_fade && sw_thin_threshold(c.level, u) >= sw_thin_cutoff(sqrt(dist2), thin_d)) {",
    "if (false) {",
    "gpu_culling")
# SC5: the fade's cutoff above keep, so that nothing is dithered where nothing is thinned (blades, assets)
# SH5 roughness from the scene
mut("SH5-grass-roughness", "SH5", "shaders/grass_surface.inc.glsl",
    "    float roughness = mix(m.roughness, 0.95, far);",
    "    float roughness = mix(0.58 - 0.12 * m.translucency, 0.95, far);",
    "gpu_roughness")
mut("SH5-asset-roughness", "SH5", "shaders/asset_surface.inc.glsl",
    "    o.roughness = surface == 0u ? roughness.y : roughness.x;",
    "    o.roughness = surface == 0u ? roughness.y : 0.6;",
    "gpu_roughness")
mut("SH5-bark-roughness", "SH5", "src/render/assets.c",
    "    g.bark_roughness = a->bark_roughness;",
    "    g.bark_roughness = 0.9f;",
    "gpu_roughness")
# SC5, LS4: the screen doors and the contact shadows' steps move each frame (TAA integrates them)
mut("SC5-door-moves", "SC5 SH8", "shaders/shared/sw_dither.h",
    "SW_FN sw_uint sw_door_shift_of(sw_uint frame_index) { return (frame_index * 7u) & 15u; }",
    "SW_FN sw_uint sw_door_shift_of(sw_uint frame_index) { return (frame_index * 0u) & 15u; }",
    "unit_dither")
mut("SC5-compute-door-moves", "SC5 BX1", "shaders/raster_blades.inc.glsl",
    "    g_shift = sw_door_shift();\n#endif",
    "    g_shift = 0u;\n#endif",
    "gpu_dither")
mut("LS4-contact-jitter-moves", "LS4 SH8", "shaders/shared/sw_dither.h",
    "SW_FN float sw_ign_frame_offset(sw_uint frame_index) { return 5.588238f * SW_F(frame_index & 63u); }",
    "SW_FN float sw_ign_frame_offset(sw_uint frame_index) { return 0.0f * SW_F(frame_index & 63u); }",
    "unit_dither")
mut("SC5-door-taa-index", "SC5 SH8", "src/render/camera.c",
    "    f->frame_index = (s->render.features & SW_FEAT_TAA) ? (sw_uint)r->plan.taa_frame : 0u;",
    "    f->frame_index = 0u * r->plan.taa_frame;",
    "cli_golden_meadow_320x180")
mut("SC5-thin-whole", "SC5", "shaders/shared/sw_wind.h",
    "    float thin = sw_clampf((keep * (1.0f + SW_THIN_BAND) - t) / (SW_THIN_BAND * keep), 0.0f, 1.0f);",
    "    float thin = sw_clampf((keep - t) / (SW_THIN_BAND * keep), 0.0f, 1.0f);",
    "unit_wind")
mut("SC5-asset-thin-whole", "SC5 SC4", "shaders/shared/sw_assets.h",
    "    float thin = sw_clampf((sw_asset_keep(dist, draw_distance) * (1.0f + SW_ASSET_THIN_BAND) - u) / SW_ASSET_THIN_BAND,",
    "    float thin = sw_clampf((sw_asset_keep(dist, draw_distance) - u) / SW_ASSET_THIN_BAND,",
    "unit_asset_place")
mut("SC5-thin-keep", "SC5", "shaders/shared/sw_wind.h",
    "    return sw_minf(r * r, 1.0f);",
    "    return sw_minf(r, 1.0f);",
    "unit_wind")
# SC5: the ordered dither's levels and the far tiles that hold only their level's carriers
mut("SC5-carrier-lattice", "SC5", "shaders/shared/sw_wind.h",
    "        c.i = c.i * 2 + SW_I(h & 1u);",
    "        c.i = c.i * 2 + 0 * SW_I(h & 1u);",
    "unit_wind")
mut("SC5-level-distance", "SC5 SC2", "src/place/tiles.c",
    "    return (double)thin_distance * (double)(1 << level) * sqrt(1.0 + (double)SW_THIN_BAND) * 1.001;",
    "    return (double)thin_distance * (double)(1 << level) * 0.9;",
    "unit_tile_levels")
mut("SC5-level-parent", "SC5 SC2", "src/place/tiles.c",
    "        double gz = axis_gap(ez, (double)pj * ps - pad, (double)(pj + 1) * ps + pad);\n        if (gx * gx + gz * gz >= r_out * r_out) return false;",
    "        double gz = axis_gap(ez, (double)pj * ps - pad, (double)(pj + 1) * ps + pad);\n        if (gx * gx + gz * gz >= 4.0 * r_out * r_out) return false;",
    "unit_tile_levels")
mut("SC5-tile-skip", "SC5", "shaders/cull.comp.glsl",
    "    float tile_cutoff = lod_fade ? sw_thin_cutoff(length(max(max(lo - cam_xz, cam_xz - hi), vec2(0.0))), thin_d) : 2.0;",
    "    float tile_cutoff = lod_fade ? sw_thin_cutoff(1.5 * length(max(max(lo - cam_xz, cam_xz - hi), vec2(0.0))), thin_d) : 2.0;",
    "gpu_culling")
mut("SC5-far-level-cells", "SC5", "shaders/cull.comp.glsl",
    "                                       t.level, t.material);\n        int ci = cell.i, cj = cell.j;\n        uint level = sw_thin_level",
    "                                       0u, t.material);\n        int ci = cell.i, cj = cell.j;\n        uint level = sw_thin_level",
    "gpu_culling")
mut("SC5-edge-fade", "SC5", "shaders/shared/sw_wind.h",
    "    return thin * edge;",
    "    return thin + 0.0f * edge;",
    "unit_wind")

# SC6: LOD switch, morph, two blades per instance; GA8 push-down and animation scaling
mut("SC6-morph", "SC6", "shaders/grass_blade.inc.glsl",
    "float morph = (no_morph || low) ? 0.0 : sw_lod_morph(dist, lod_d);",
    "float morph = 0.0;",
    "gpu_blades gpu_lod_popping")
mut("SC6-morph-shape", "SC6", "shaders/shared/sw_blade_shape.h",
    "    r.x = sw_mixf(h.x, l.x, morph);\n    r.y = sw_mixf(h.y, l.y, morph);\n    r.z = sw_mixf(h.z, l.z, morph);",
    "    r.x = h.x + 0.0f * l.x * morph;\n    r.y = h.y + 0.0f * l.y;\n    r.z = h.z + 0.0f * l.z;",
    "unit_blade_shape")
mut("SC6-lod-switch", "SC6", "shaders/cull.comp.glsl",
    "if ((frame.flags & SW_FLAG_NO_LOD_FADE) != 0u || dist2 < lod_d * lod_d) {",
    "if (true) {",
    "gpu_culling gpu_render gpu_blades")
mut("SC6-two-blades", "SC6 GA1", "shaders/cull.comp.glsl",
    "uint per_instance = m.blades_per_instance == 2u ? 2u : 1u;",
    "uint per_instance = 1u;",
    "gpu_culling gpu_blades")
mut("SC6-second-blade", "SC6 GA1", "shaders/grass_blade.inc.glsl",
    "    if (sub == 1u) {",
    "    if (false) {",
    "gpu_blades")
mut("GA8-push-down", "SC6 GA8", "shaders/grass_blade.inc.glsl",
    "float far_k = smoothstep(0.3 * near_d, near_d, dist);",
    "float far_k = 0.0;",
    "gpu_blades")
mut("GA8-anim-scale", "SC6 GA8", "shaders/grass_blade.inc.glsl",
    "float amp = sw_distance_scale(dist, near_d, 0.35);",
    "float amp = 1.0;",
    "gpu_blades")

# SC7: far field
mut("SC7-far-field", "SC7", "shaders/terrain_surface.inc.glsl",
    "    if (frame.map_res > 0) {",
    "    if (false) {",
    "gpu_far_field")
# SC7: the far look baked from the blades (src/place/far_look.c): the heads' colour, the layers' occlusion of the
# ones below (the tips hide the dark lower blades), the blades' area seen sideways against from above
mut("SC7-heads", "SC7", "src/place/far_look.c",
    "double col = head ? m->head_color[c]",
    "double col = false ? m->head_color[c]",
    "unit_far_look gpu_far_field")
mut("SC7-bake-occlusion", "SC7", "src/place/far_look.c",
    "double w = exp(-tau) * (1.0 - exp(-dtau)) / L[i].grazing;",
    "double w = 1.0;",
    "unit_far_look")
mut("SC7-bake-side", "SC7", "src/place/far_look.c",
    "l->side += area * projected(nx, ny, 0.0);",
    "l->side += area * projected(nx, ny, 0.5 * FL_PI);",
    "unit_far_look")

# SH10: ground materials: each rule (shaders/shared/sw_ground.h), the layer map and the frame's layer grounds
# on the GPU, the detail, its fade by the footprint, the triplanar planes, the resolve's detail normal
mut("SH10-rule-rock", "SH10", "shaders/shared/sw_ground.h",
    "    if (slope + SW_GROUND_EDGE_SLOPE * e > rock_slope) return SW_GROUND_ROCK;",
    "",
    "unit_ground")
mut("SH10-rule-layer", "SH10", "shaders/shared/sw_ground.h",
    "    if (layer_kind != SW_GROUND_NONE) return layer_kind;",
    "",
    "unit_ground")
mut("SH10-rule-canopy", "SH10 PL11", "shaders/shared/sw_ground.h",
    "    if (canopy_kind != SW_GROUND_NONE) return canopy_kind;",
    "",
    "unit_ground unit_undergrowth")
mut("SH10-rule-grass", "SH10", "shaders/shared/sw_ground.h",
    "    return grows ? type_request : SW_GROUND_NONE;",
    "    return SW_GROUND_NONE;",
    "unit_ground")
mut("SH10-rule-sand", "SH10", "shaders/shared/sw_ground.h",
    "    if (height + SW_GROUND_EDGE_HEIGHT * e < sand_below) return SW_GROUND_SAND;",
    "",
    "unit_ground")
mut("SH10-layer-grounds", "SH10 PL10", "src/render/camera.c",
    "        f->ground_layers[k / 8] = (f->ground_layers[k / 8] & ~(15u << shift)) | (s->terrain.layers[k].ground << shift);",
    "        (void)shift;",
    "cli_golden_areas_320x180")
mut("SH10-detail", "SH10", "shaders/shared/sw_ground.h",
    "        float w = detail * sw_ground_fade(l, footprint);",
    "        float w = 0.0f * sw_ground_fade(l, footprint);",
    "unit_ground gpu_ground")
mut("SH10-fade", "SH10", "shaders/shared/sw_ground.h",
    "    return sw_smoothstepf(SW_GROUND_FADE_LO, SW_GROUND_FADE_HI, wavelength / sw_maxf(footprint, 1e-6f));",
    "    return 1.0f;",
    "unit_ground")
mut("SH10-triplanar", "SH10", "shaders/shared/sw_ground.h",
    "        float w = (p == 0 ? wy : (p == 1 ? wx : wz)) * inv;",
    "        float w = p == 0 ? 1.0f : 0.0f;",
    "unit_ground")
mut("SH10-resolve-detail", "SH10", "shaders/terrain_resolve.comp.glsl",
    "    float footprint = dist / (VIEW.px_scale * max(dot(to_eye, n), 0.25));",
    "    float footprint = 1e3;",
    "gpu_ground")

# SC3: distance, frustum and occlusion culling
mut("SC3-distance", "SC3", "shaders/cull.comp.glsl",
    "            if (dist2 > draw_d * draw_d) {",
    "            if (false) {",
    "gpu_culling")
mut("SC3-frustum", "SC3", "shaders/cull.comp.glsl",
    "if (!sphere_in_frustum(vec3(c.x, y + 0.5 * hm, c.z), hm)) {",
    "if (false) {",
    "gpu_culling")
mut("SC3-occlusion", "SC3", "shaders/cull.comp.glsl",
    "if (occlusion && sw_box_occluded(",
    "if (false && sw_box_occluded(",
    "gpu_occlusion")
# SC3: the mesh assets tested against the ground's Hi-Z, and their depth primed before the blades' culling
mut("SC3-asset-occlusion", "SC3", "shaders/asset_cull.comp.glsl",
    "            if (sw_box_occluded(lo, hi)) {",
    "            if (false) {",
    "gpu_occlusion")
# SC3: two-phase culling of the camera's assets with the last frame's pyramid
mut("SC3-two-phase-history", "SC3", "shaders/asset_cull.comp.glsl",
    "} else if (sw_box_occluded_by(sw_mat4(VIEW.hist_view_proj), true, lo, hi) && defer(ci, i)) {",
    "} else if (false && defer(ci, i)) {",
    "gpu_occlusion")
mut("SC3-two-phase-dispatch", "SC3", "shaders/asset_cull.comp.glsl",
    "    if ((k & 255u) == 0u) atomicAdd(d_groups_x, 1u);",
    "",
    "gpu_occlusion")
mut("SC3-two-phase-late-draws", "SC3", "src/render/frame.c",
    "        sward_cmd_draw(r, cmd, RENDER_DRAW_OCCLUDERS_LATE);\n",
    "",
    "gpu_occlusion")
mut("SC3-two-phase-late-first", "SC3", "shaders/asset_late.comp.glsl",
    "    o.first_instance = d.first_instance + d.early;",
    "    o.first_instance = d.first_instance;",
    "gpu_occlusion")
mut("SC3-two-phase-cut", "SC3", "src/render/plan.c",
    "d[0] * d[0] + d[1] * d[1] + d[2] * d[2] <= RENDER_TAA_CUT_M * RENDER_TAA_CUT_M;",
    "true;",
    "gpu_occlusion")
mut("SC3-two-phase-pyramid", "SC3", "src/render/frame.c",
    "    render_run_phase(r, RENDER_PHASE_HISTORY, cmd, 0);\n",
    "",
    "gpu_occlusion")
mut("SC3-asset-occluders", "SC3", "src/render/frame.c",
    "    draw_occluders(r, cmd);\n",
    "",
    "gpu_occlusion")
mut("SC3-asset-occluders-hiz", "SC3", "src/render/passes.c",
    "    &render_pass_asset_occluders, /* DRAW (RENDER_DRAW_OCCLUDERS): their depth prime, occluders of the blades */\n",
    "",
    "gpu_occlusion")
# BX6: the ground's G-buffer resolved per pixel in compute (terrain_resolve.comp.glsl), against the
# fragment pass it replaces (gpu_terrain)
mut("BX6-terrain-resolve-off", "BX6", "src/render/plan.c",
    "    p->terrain_resolve = r->draw_terrain && p->depth_prime && !sw->ground_fragment;",
    "    p->terrain_resolve = false;",
    "gpu_terrain")
mut("BX6-terrain-resolve-normal", "BX6", "shaders/terrain_resolve.comp.glsl",
    "    vec3 n = sw_ground_normal(si, sj, ground_spacing(lod_d));",
    "    vec3 n = sw_ground_normal(si, sj, ground_spacing(lod_d)).zyx;",
    "gpu_terrain")
mut("BX6-terrain-resolve-spacing", "BX6", "shaders/terrain_resolve.comp.glsl",
    "    return float(1 << level) * (1.0 + k) * float(frame.terrain_step);",
    "    return float(frame.terrain_step);",
    "gpu_terrain")
mut("BX6-terrain-resolve-kind", "BX6", "shaders/terrain_resolve.comp.glsl",
    "    if (imageLoad(o_normal, p).a >= 0.5 / 3.0) return;",
    "",
    "gpu_terrain")
mut("BX6-terrain-resolve-motion", "BX6", "shaders/terrain_resolve.comp.glsl",
    "    vec2 motion = centre - vec2(VIEW.jitter_x, VIEW.jitter_y) - (prev.xy / prev.w * 0.5 + 0.5) * size;",
    "    vec2 motion = vec2(0.0) * centre;",
    "gpu_terrain")
mut("BX6-terrain-resolve-jitter", "BX6", "shaders/terrain_resolve.comp.glsl",
    "    vec4 wp = sw_mat4(VIEW.inv_view_proj) * vec4(centre / size * 2.0 - 1.0, depth, 1.0);",
    "    vec4 wp = sw_mat4(VIEW.inv_view_proj) * vec4((centre + 0.5) / size * 2.0 - 1.0, depth, 1.0);",
    "gpu_terrain")
# BX6: the mesh assets' G-buffer resolved from their visibility buffer (asset_resolve.comp.glsl), against
# the fragment pass it replaces (gpu_asset_resolve)
mut("BX6-asset-resolve-off", "BX6", "src/render/plan.c",
    "    p->asset_resolve = p->assets_occlude && cfg->primitive_id && !sw->asset_fragment;",
    "    p->asset_resolve = false;",
    "gpu_asset_compute")
mut("BX6-asset-resolve-facing", "BX6", "shaders/asset_resolve.comp.glsl",
    "    bool front = determinant(mat3(c0.xyw, c1.xyw, c2.xyw)) < 0.0;",
    "    bool front = determinant(mat3(c0.xyw, c1.xyw, c2.xyw)) > 0.0;",
    "gpu_asset_compute")
mut("BX6-asset-resolve-kind", "BX6", "shaders/asset_resolve.comp.glsl",
    "    if (imageLoad(o_normal, p).a >= 0.5 / 3.0) return;  // a blade in front (SW_KIND_NONE is 0)",
    "",
    "gpu_asset_compute")
mut("BX6-asset-resolve-level", "BX6", "shaders/asset_resolve.comp.glsl",
    "        if (inst >= dl.first_instance && inst < dl.first_instance + dl.capacity) { run += l; break; }",
    "        if (inst >= dl.first_instance && inst < dl.first_instance + dl.capacity) { break; }",
    "gpu_asset_compute")
mut("BX6-asset-resolve-winding", "BX6", "shaders/asset_resolve.comp.glsl",
    "    uint i1 = uint(int(asset_indices[first + 1u]) + dr.vertex_offset);",
    "    uint i1 = uint(int(asset_indices[first + 2u]) + dr.vertex_offset);",
    "gpu_asset_compute")
mut("BX6-asset-resolve-lod", "BX6", "shaders/asset_resolve.comp.glsl",
    "    vec2 by = plane_barycentrics(e, unproject(centre + vec2(0.0, 1.0), depth) - eye, e1, e2) - b;",
    "    vec2 by = plane_barycentrics(e, unproject(centre + vec2(0.0, 4.0), depth) - eye, e1, e2) - b;",
    "gpu_asset_compute")
mut("BX6-asset-id-primitive", "BX6", "shaders/asset_depth_frag.inc.glsl",
    "    o_id = uvec2(v_drawn + 1u, uint(gl_PrimitiveID));",
    "    o_id = uvec2(v_drawn + 1u, 0u);",
    "gpu_asset_compute")
# LS3: the flowers' near casters rasterised in compute (shadow_assets.comp.glsl), against the
# hardware's (gpu_asset_compute)
mut("LS3-asset-compute-off", "LS3 BX1", "src/render/plan.c",
    "    p->shadow_assets = p->shadows ? cards : 0u;",
    "    p->shadow_assets = 0u * cards;",
    "gpu_asset_compute")
mut("LS3-asset-compute-level", "LS3", "shaders/shadow_assets.comp.glsl",
    "    sw_asset_draw dr = draws[asset * SW_ASSET_MAX_LODS + assets[asset].shadow_near_lod];",
    "    sw_asset_draw dr = draws[asset * SW_ASSET_MAX_LODS];",
    "gpu_asset_compute")
mut("LS3-asset-compute-bias", "LS3", "shaders/shadow_assets.comp.glsl",
    "                s_cut[lid] = vec4(uintBitsToFloat(p0.card), uintBitsToFloat(p0.door), lod, -1.5 * slope - 1.0 * unit);",
    "                s_cut[lid] = vec4(uintBitsToFloat(p0.card), uintBitsToFloat(p0.door), lod, 0.0 * slope * unit);",
    "gpu_asset_compute")
mut("LS3-asset-compute-lod", "LS3 AS4", "shaders/shadow_assets.comp.glsl",
    "                float lod = sw_texset_lod_of(duv1 * w_dx.x + duv2 * w_dx.y, duv1 * w_dy.x + duv2 * w_dy.y);",
    "                float lod = sw_texset_lod_of(duv1 * w_dx.x + duv2 * w_dx.y, duv1 * w_dy.x + duv2 * w_dy.y) + 3.0;",
    "gpu_asset_compute")
mut("LS3-asset-compute-door", "LS3 SC5", "shaders/shadow_assets.comp.glsl",
    "    g_shift = sw_door_shift();",
    "    g_shift = 0u;",
    "gpu_asset_compute")
mut("LS3-asset-compute-row", "LS3 BX1", "shaders/shadow_assets.comp.glsl",
    "            sw_tri_row(t, t.box.y + int(in_tri));",
    "            sw_tri_row(t, t.box.y + int(in_tri) + 1);",
    "gpu_asset_compute")
mut("LS3-asset-compute-search", "LS3 BX1", "shaders/raster_rows.inc.glsl",
    "        if (s_scan[mid] > r) hi = mid; else lo = mid + 1u;",
    "        if (s_scan[mid] >= r) hi = mid; else lo = mid + 1u;",
    "gpu_asset_compute gpu_raster.test_paths_match_fields")
mut("SC3-tile-frustum", "SC3 SC2", "src/place/tiles.c",
    "                    if (outside) continue;",
    "                    (void)outside;",
    "unit_place gpu_culling")

# GA1: procedural Bezier blade
mut("GA1-bezier", "GA1", "shaders/grass_blade.inc.glsl",
    "sw_v3 p = sw_bezier_pos_morph(c, t, morph);",
    "sw_v3 p = sw_bezier_pos_low(c, t);",
    "gpu_blades")
mut("GA1-taper", "GA1", "shaders/grass_blade.inc.glsl",
    "    return sw_blade_taper(t) * (head_t0 < 1.0",
    "    return 0.6 * (head_t0 < 1.0",
    "gpu_blades")

# GA2: normals tilted outward, view-space widening
mut("GA2-normal-tilt", "GA2", "shaders/grass_blade.inc.glsl",
    "normal = normalize(normal + across * side * 0.35);",
    "",
    "gpu_blades")
mut("GA2-widen", "GA2", "shaders/grass_blade.inc.glsl",
    "o.widen = (1.0 + 0.35 * edge_on) * (1.0 + 1.5 * smoothstep(0.1 * near_d, near_d, dist)) *",
    "o.widen = 1.0 + 0.0 * edge_on * dist * near_d *",
    "gpu_blades")
mut("GA2-look-down", "GA2", "shaders/grass_blade.inc.glsl",
    "    float look = max(min(1.0 + SW_WIDEN_LOOK_DOWN * look_down,",
    "    float look = max(min(1.0 + 0.0 * look_down,",
    "gpu_lighting gpu_blades")

# GA4: wind push (compute), facing bend (compute), bobbing, HZD and Frictional motion (vertex)
mut("GA4-push", "GA4 GA3", "shaders/shared/sw_wind_field.h",
    "    return k / (1.0f + m);",
    "    return k + 0.0f * m;",
    "unit_place")
mut("GA4-push-gpu", "GA4", "shaders/grass_blade.inc.glsl",
    "vec2 push = vec2(sw_snorm8_decode(pw), sw_snorm8_decode(pw >> 8u));",
    "vec2 push = vec2(0.0);",
    "gpu_blades")
mut("GA4-push-compute", "GA4", "shaders/cull.comp.glsl",
    "found[r] = sw_make_blade(c, y, t.material, m, w, sw_v2(pp.x, pp.y), gh, clump);",
    "w.x = 0.0; w.y = 0.0; found[r] = sw_make_blade(c, y, t.material, m, w, sw_v2(pp.x, pp.y), gh, clump);",
    "gpu_placement")
mut("GA4-facing-bend", "GA4", "shaders/shared/sw_place.h",
    "a += d * sw_clampf(pl * 1.2f, 0.0f, 0.6f);",
    "a += d * 0.0f;",
    "unit_place")
mut("GA4-bob", "GA4", "shaders/grass_blade.inc.glsl",
    "vec2 sway = wdir * bob;",
    "vec2 sway = vec2(0.0);",
    "gpu_blades")
mut("GA4-hzd-large", "GA4", "shaders/grass_blade.inc.glsl",
    "sway += (wdir * lg.x + vec2(-wdir.y, wdir.x) * lg.y) * (0.05 * gust);",
    "",
    "gpu_blades")
mut("GA4-hzd-offsets", "GA4", "shaders/grass_blade.inc.glsl",
    "sway += (wdir * lg.x + vec2(-wdir.y, wdir.x) * lg.y) * (0.05 * gust);",
    "sway += (wdir * (lg.x - 1.0) + vec2(-wdir.y, wdir.x) * (lg.y - 0.5)) * (0.05 * gust);",
    "gpu_blades")
mut("GA4-hzd-small", "GA4", "shaders/grass_blade.inc.glsl",
    "world += normal * vec3(1.0, 0.35, 1.0) * s;",
    "",
    "gpu_blades")
# GA4: the seed's (1, 1, 0.35) damps Decima's z, which is up: y here, not z
mut("GA4-hzd-small-axis", "GA4", "shaders/grass_blade.inc.glsl",
    "world += normal * vec3(1.0, 0.35, 1.0) * s;",
    "world += normal * vec3(1.0, 1.0, 0.35) * s;",
    "gpu_blades")
mut("GA4-frictional", "GA4", "shaders/grass_blade.inc.glsl",
    "        world += vec3(o.x, 0.0, o.y) * (0.12 * sh.gust * sh.amp * sh.height * t * t);",
    "",
    "gpu_blades")
# SH2 motion vectors for what the wind moves (gpu_motion)
mut("SH2-blade-prev-time", "SH2", "shaders/grass_blade.inc.glsl",
    "    float time = prev ? frame.prev_time : frame.time;",
    "    float time = frame.time;",
    "gpu_motion")
mut("SH2-blade-prev-push", "SH2", "shaders/grass_blade.inc.glsl",
    "    uint pw = prev ? b.prev : b.shape >> 8u; // the push's snorm8 pair",
    "    uint pw = b.shape >> 8u;",
    "gpu_motion")
mut("SH2-prev-push-axes", "SH2", "shaders/shared/sw_place.h",
    "    b.prev = sw_snorm8(prev_wind.x) | (sw_snorm8(prev_wind.y) << 8u) | (sw_wind_facing(facing, prev_wind) << 16u);",
    "    b.prev = sw_snorm8(prev_wind.y) | (sw_snorm8(prev_wind.x) << 8u) | (sw_wind_facing(facing, prev_wind) << 16u);",
    "gpu_placement")
mut("SH2-prev-field", "SH2", "shaders/wind_field.comp.glsl",
    "    const float now = gl_WorkGroupID.y == 0u ? frame.time : frame.prev_time;",
    "    const float now = frame.time;",
    "gpu_motion")
# beyond the grid the previous frame's field is the equilibrium of the drive at prev_time (far grass's motion)
mut("SH2-far-prev-drive", "SH2", "shaders/wind_field.inc.glsl",
    "    sw_wind_force f = sw_wind_force_at(sw_field_drive(), xz.x, xz.y, then ? frame.prev_time : frame.time);",
    "    sw_wind_force f = sw_wind_force_at(sw_field_drive(), xz.x, xz.y, frame.time);",
    "gpu_wind_field")
mut("SH2-resolve-blade-motion", "SH2", "shaders/resolve.comp.glsl",
    "                                          s.surface.w, s.gloss, motion);",
    "                                          s.surface.w, s.gloss, vec2(SW_MOTION_NONE));",
    "gpu_motion")
mut("SH2-hardware-blade-motion", "SH2", "shaders/grass.vert.glsl",
    "    blade_vertex g = blade_vertex_build_moving(v_prev);",
    "    blade_vertex g = blade_vertex_build_moving(v_prev); v_prev = gl_Position;",
    "gpu_motion")
mut("SH2-asset-prev-wind", "SH2", "shaders/asset_vertex.inc.glsl",
    "    return sw_asset_world(d, assets[d.yaw_hash >> 29u], asset_vertices[vertex], unpackHalf2x16(d.prev_wind),",
    "    return sw_asset_world(d, assets[d.yaw_hash >> 29u], asset_vertices[vertex], unpackHalf2x16(d.wind),",
    "gpu_motion")
mut("SH2-asset-prev-time", "SH2", "shaders/asset_vertex.inc.glsl",
    "                          frame.prev_time);",
    "                          frame.time);",
    "gpu_motion")
mut("SH2-motion-depth-point", "SH2", "shaders/common.inc.glsl",
    "    vec4 prev = sw_mat4(VIEW.prev_view_proj) * vec4(w.xyz / w.w - moved, 1.0);",
    "    vec4 prev = sw_mat4(VIEW.prev_view_proj) * vec4(w.xyz / w.w + moved, 1.0);",
    "gpu_motion")
mut("SH2-prev-time-plan", "SH2", "src/render/camera.c",
    "    f->prev_time = r->plan.motion ? r->taa.constants.time : time;",
    "    f->prev_time = time;",
    "gpu_motion")
mut("GA4-frictional-per-point", "GA4", "shaders/grass_blade.inc.glsl",
    "        sw_w2 o = sw_frictional(world.x, world.z, 0.35, sh.time * 1.6);",
    "        sw_w2 o = sw_frictional(root.x, root.z, 0.35, sh.time * 1.6);",
    "gpu_blades")

# GA5: force fields
mut("GA5-forces", "GA5", "shaders/grass_blade.inc.glsl",
    "push += ff / max(height, 0.05);",
    "",
    "gpu_forces gpu_blades")
mut("GA5-paths", "GA5", "src/wind/forces.c",
    "        wind_force_position(f, time, &o[0], &o[2]);",
    "        wind_force_position(f, 0.0f, &o[0], &o[2]);",
    "unit_wind")

# SH7 shading detail along the blade, translucency included (HZD's deferred SH6 is not done)
mut("SH7-translucency", "SH7 SH6", "shaders/grass_surface.inc.glsl",
    "float thickness = clamp(m.translucency * mix(0.5, 1.2, t), 0.0, 1.0);",
    "float thickness = clamp(m.translucency, 0.0, 1.0);",
    "gpu_blades")
mut("SH7-clump-normal", "SH7", "shaders/grass_surface.inc.glsl",
    "float kc = mix(0.25, 0.75, smoothstep(0.0, 0.5 * near_d, dist));",
    "float kc = 0.0;",
    "gpu_blades")
mut("SH7-gloss-fade", "SH7", "shaders/grass_surface.inc.glsl",
    "    s.gloss = 1.0 - 0.9 * far;",
    "    s.gloss = 1.0;",
    "gpu_blades gpu_lighting")
mut("SH7-gradient", "SH7", "shaders/grass_surface.inc.glsl",
    "vec3 albedo = mix(root_c, tip_c, smoothstep(0.0, 1.0, t))",
    "vec3 albedo = mix(root_c, tip_c, 0.5)",
    "gpu_blades")
mut("SH7-clump-colour", "SH7 PL6", "shaders/grass_surface.inc.glsl",
    "    vec3 colorize = 0.5 * vec3(tint * (1.0 + 0.45 * cv), tint * (1.0 + 0.2 * cv), tint * (1.0 - 0.2 * cv));",
    "    vec3 colorize = 0.5 * vec3(tint, tint, tint);",
    "gpu_blades")
mut("SH7-blade-ao", "SH7", "shaders/grass_surface.inc.glsl",
    "    float ao = mix(0.35, 1.0, t) * (1.0 - 0.25 * clumped * centre) * (0.9 + 0.1 * fract(hash * 13.7));",
    "    float ao = mix(0.35, 1.0, t);",
    "gpu_blades")
mut("SH7-ao-along", "SH7", "shaders/grass_surface.inc.glsl",
    "    float ao = mix(0.35, 1.0, t) * (1.0 - 0.25 * clumped",
    "    float ao = 1.0 * (1.0 - 0.25 * clumped",
    "gpu_blades")
mut("SH7-midrib", "SH7", "shaders/grass_pixel.inc.glsl",
    "float rib = 1.0 - 0.2 * (1.0 - min(abs(side) * 5.0, 1.0));",
    "float rib = 1.0;",
    "gpu_blades")
mut("SH7-heads", "SH7 PL8", "shaders/grass_surface.inc.glsl",
    "if (head_t0 < 1.0 && (in_head || t >= 1.0)) albedo = vec3(m.head_r, m.head_g, m.head_b) * tint;",
    "",
    "gpu_flowers")

# PO2 exposure, Uncharted 2 curve, white point; LS1 sky; sRGB
POST = ("    o.r = sw_linear_to_srgb(sw_tonemap_filmic(c.r, exposure, frame.white_point));\n"
        "    o.g = sw_linear_to_srgb(sw_tonemap_filmic(c.g, exposure, frame.white_point));\n"
        "    o.b = sw_linear_to_srgb(sw_tonemap_filmic(c.b, exposure, frame.white_point));")
mut("PO2-curve", "PO2", "shaders/post.comp.glsl", POST,
    "    o = vec3(sw_linear_to_srgb(min(c.r * exposure / frame.white_point, 1.0)),\n"
    "             sw_linear_to_srgb(min(c.g * exposure / frame.white_point, 1.0)),\n"
    "             sw_linear_to_srgb(min(c.b * exposure / frame.white_point, 1.0)));",
    "gpu_post")
mut("PO2-exposure", "PO2", "shaders/post.comp.glsl", POST, POST.replace("exposure,", "1.0,"), "gpu_post")
mut("PO2-white-point", "PO2", "shaders/post.comp.glsl", POST, POST.replace("frame.white_point", "11.2"), "gpu_post")
mut("PO2-srgb", "PO2", "shaders/post.comp.glsl", POST,
    POST.replace("sw_linear_to_srgb(", "(").replace("frame.white_point))", "frame.white_point))"), "gpu_post")
# PO2: render.tonemap "reinhard" selects the seed's comparison curve
mut("PO2-reinhard-select", "PO2", "shaders/post.comp.glsl",
    "    if ((frame.flags & SW_FLAG_TONEMAP_REINHARD) != 0u)",
    "    if (false)",
    "gpu_post")
mut("PO2-reinhard-flag", "PO2", "src/render/camera.c",
    "(s->render.settings.tonemap == SWARD_TONEMAP_REINHARD ? SW_FLAG_TONEMAP_REINHARD : 0u)",
    "0u",
    "gpu_post")
mut("PO2-curve-cpu", "PO2", "shaders/shared/sw_tonemap.h",
    "return ((x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F)) - E / F;",
    "return x + 0.0f * (A + B + C + D + E + F);",
    "unit_tonemap")
# PO2: the curves saturate to white; an infinite or overflowing exposed value (x^2 past 3.4e38) gave NaN
mut("PO2-saturate-filmic", "PO2", "shaders/shared/sw_tonemap.h",
    "    x = sw_minf(x, SW_TONEMAP_X_MAX);",
    "",
    "unit_tonemap")
mut("PO2-saturate-reinhard", "PO2", "shaders/shared/sw_tonemap.h",
    "    float x = sw_minf(c * exposure, SW_TONEMAP_X_MAX);",
    "    float x = c * exposure;",
    "unit_tonemap")
mut("LS1-sky", "LS1", "shaders/lighting.comp.glsl",
    "            c = sw_sky(dir);",
    "        c = sw_vec3(frame.horizon) * frame.sky_intensity;",
    "gpu_post")
mut("LS1-sun-glow", "LS1", "shaders/sky.inc.glsl",
    "c += sw_sun_radiance() * (pow(s, 12.0) * 0.04 + pow(s, 900.0) * 4.0); // glow and disc",
    "",
    "gpu_post")
mut("LS1-haze", "LS1", "shaders/sky.inc.glsl",
    "float fog = 1.0 - exp(-dist * frame.fog_density);",
    "float fog = 0.0;",
    "gpu_blades")

# PL: placement
mut("PL3-jitter", "PL3", "shaders/shared/sw_place.h",
    "SW_PRECISE float x = (SW_F(ci) + sw_unit(h0)) * spacing;",
    "SW_PRECISE float x = (SW_F(ci) + 0.5f) * spacing;",
    "unit_place")
mut("PL3-density", "PL3", "src/place/place.c",
    "    return 1.0f / sqrtf(m->density);",
    "    return 0.25f + 0.0f * m->density;",
    "unit_place")
mut("PL3-coverage", "PL3", "shaders/shared/sw_place.h",
    "    if (patch_inv_scale <= 0.0f) return 1.0f;",
    "    if (patch_inv_scale <= 1e30f) return 1.0f;",
    "unit_place")
mut("PL3-coverage-gpu", "PL3", "shaders/place.comp.glsl",
    "        if (!(c.keep < cover)) {",
    "        if (false) {",
    "gpu_placement")
mut("PL4-tile-independent", "PL4", "shaders/place.comp.glsl",
    "sw_candidate c = sw_candidate_at(ci, cj, t.material, frame.seed, m.spacing);",
    "sw_candidate c = sw_candidate_at(ci, cj, t.material, frame.seed + tile_index, m.spacing);",
    "gpu_placement")
mut("PL5-pick", "PL5", "shaders/shared/sw_world.h",
    "    bool right = sw_unit(h) < fx;",
    "    bool right = sw_unit(h) < 0.5f + 0.0f * fx;",
    "unit_grass_types")
mut("PL5-pick-gpu", "PL5", "shaders/place.comp.glsl",
    "        if (picked != t.material) {",
    "        if (false) {",
    "gpu_placement gpu_flowers")
mut("PL1-grass-height", "PL1", "shaders/shared/sw_place.h",
    "* clump_scale * height_scale;",
    "* clump_scale + 0.0f * height_scale;",
    "unit_grass_types")
mut("PL1-grass-height-gpu", "PL1", "shaders/place.comp.glsl",
    "        if (!(gh > 0.0)) {",
    "        if (false) {",
    "gpu_placement")
mut("PL1-terrain-height", "PL1", "shaders/cull.comp.glsl",
    "        float y = sw_bilerp(sw_height(h.i, h.j), sw_height(h.i + 1, h.j), sw_height(h.i, h.j + 1),",
    "        float y = 0.0 * sw_bilerp(sw_height(h.i, h.j), sw_height(h.i + 1, h.j), sw_height(h.i, h.j + 1),",
    "gpu_placement")
mut("PL6-clump-gpu", "PL6", "shaders/cull.comp.glsl",
    "sw_clump clump = sw_clump_at(c.x, c.z, m.clump_size, m.clump_inv_size, t.material, frame.seed);",
    "sw_clump clump = sw_clump_at(c.x, c.z, 0.0, 0.0, t.material, frame.seed);",
    "gpu_placement")
mut("PL6-pull", "PL6", "shaders/shared/sw_world.h",
    "    SW_PRECISE float r = p + (c - p) * pull;",
    "    SW_PRECISE float r = p + 0.0f * (c - p) * pull;",
    "unit_grass_types")
mut("PL6-clump-height", "PL6", "shaders/shared/sw_place.h",
    "clumped ? 1.0f + m.clump_height_var * (2.0f * sw_unit(k1) - 1.0f) : 1.0f;",
    "1.0f + 0.0f * sw_unit(k1);",
    "unit_grass_types")
mut("PL6-clump-facing", "PL6", "shaders/shared/sw_place.h",
    "SW_PRECISE float turn = SW_F(d) * m.clump_facing;",
    "SW_PRECISE float turn = SW_F(d) * 0.0f;",
    "unit_grass_types")
mut("PL6-clump-lean", "PL6", "shaders/shared/sw_place.h",
    "clumped ? m.clump_lean * (0.5f + 0.5f * sw_unit(k3)) : 0.0f;",
    "0.0f * sw_unit(k3);",
    "unit_grass_types")
mut("PL9-stealth", "PL9", "src/world/query.c",
    "    if (!m->stealth || !(g > 0.0f)) return 0.0f;",
    "    if (!(g > 0.0f)) return 0.0f;",
    "unit_query")

# PL2: density areas (sum, clamp, shapes, base density), on the CPU and both GPU passes; HZD's layered exclusion
mut("PL2-area-sum", "PL2", "shaders/shared/sw_areas.h",
    "    SW_PRECISE float s = sum + a.density;",
    "    SW_PRECISE float s = sum + 0.0f * a.density;",
    "unit_areas")
mut("PL2-clamp", "PL2", "shaders/shared/sw_areas.h",
    "    SW_PRECISE float d = sw_clampf(base + sum, 0.0f, max_density);\n    SW_PRECISE float f = d * inv_max;\n    return d >= max_density ? 1.0f : f;",
    "    SW_PRECISE float d = base + sum;\n    SW_PRECISE float f = d * inv_max;\n    return f;",
    "unit_areas")
mut("PL2-polygon", "PL2", "shaders/shared/sw_areas.h",
    "        if (cr < 0.0f) return false;",
    "        if (cr < -1e30f) return false;",
    "unit_areas")
mut("PL2-circle", "PL2", "shaders/shared/sw_areas.h",
    "        return d2 <= a.r2;",
    "        return d2 <= a.r2 * 4.0f;",
    "unit_areas")
mut("PL2-winding", "PL2", "src/world/scene_areas.c",
    "const float *q = pt[area2 > 0.0 ? k : n - 1 - k];",
    "const float *q = pt[k];",
    "unit_areas")
mut("PL2-convex", "PL2", "src/world/scene_areas.c",
    "        if (sign && sk != sign)",
    "        if (false && sign && sk != sign)",
    "unit_areas cli_bad_scenes")
mut("PL2-base", "PL2", "src/place/place.c",
    "    g.base_density = m->base_set ? m->base_density : m->density;",
    "    g.base_density = m->density;",
    "unit_areas")
mut("PL2-cpu", "PL2", "src/place/place.c",
    "            if (m.flags & SW_MAT_AREAS)",
    "            if (0)",
    "unit_areas gpu_placement")
mut("PL2-gpu", "PL2", "shaders/place.comp.glsl",
    "        if ((m.flags & SW_MAT_AREAS) != 0u)",
    "        if (false)",
    "gpu_placement")
mut("PL2-gpu-assets", "PL2", "shaders/asset_place.comp.glsl",
    "        float frac = (a.flags & SW_ASSET_AREAS) != 0u",
    "        float frac = false",
    "gpu_assets")
mut("PL2-layer-grid", "PL2", "src/place/assets.c",
    "    return a->layer ? SW_LAYER_SALT + (sw_uint)(a->layer - 1) : SW_ASSET_SALT + asset;",
    "    return SW_ASSET_SALT + asset;",
    "unit_areas")
mut("PL2-layer-interval", "PL2", "src/world/scene_areas.c",
    "            a->keep_lo = (float)(lo / total);",
    "            a->keep_lo = 0.0f;",
    "unit_areas")

# PL11: the ordered-dither point set of assets: the footprint's scale, the threshold's compare, the layer's
# sub-ranges, the tiling (one shift for the whole world, not one per tile), the forest decode, the GPU's branch
mut("PL11-footprint-scale", "PL11", "src/place/assets.c",
    "    g->dither_tile = a->footprint * SW_DITHER_TILE_PER_FOOTPRINT;",
    "    g->dither_tile = 0.85f * a->footprint * SW_DITHER_TILE_PER_FOOTPRINT;",
    "unit_dither_points")
mut("PL11-threshold-flip", "PL11", "shaders/shared/sw_assets.h",
    "        return sw_keep_in(c.keep, cover, f, a.keep_lo, a.keep_scale) ? 1.0f : 0.0f;",
    "        return sw_keep_in(1.0f - c.keep, cover, f, a.keep_lo, a.keep_scale) ? 1.0f : 0.0f;",
    "unit_dither_points")
mut("PL11-subrange-overlap", "PL11", "shaders/shared/sw_assets.h",
    "        return sw_keep_in(c.keep, cover, f, a.keep_lo, a.keep_scale) ? 1.0f : 0.0f;",
    "        return sw_keep_in(c.keep, cover, f, 0.0f, a.keep_scale) ? 1.0f : 0.0f;",
    "unit_dither_points")
mut("PL11-tiling-offset", "PL11", "shaders/shared/sw_dither_points.h",
    "    sw_uint p = sw_dither_point(k, shift);",
    "    sw_uint p = sw_dither_point(k, shift + sw_cell_hash(ti, tj, salt, seed));",
    "unit_dither_points")
mut("PL11-forest-class", "PL11", "shaders/shared/sw_assets.h",
    "    return v <= 0.0f ? 0u : v < edge ? 1u : v < inner ? 2u : 3u;",
    "    return v <= 0.0f ? 0u : v < edge ? 2u : v < inner ? 3u : 1u;",
    "unit_dither_points")
mut("PL11-gpu", "PL11", "shaders/asset_place.comp.glsl",
    "    bool dither = (a.flags & SW_ASSET_DITHER) != 0u;",
    "    bool dither = false;",
    "gpu_assets.test_placement_matches_cpu_dither")
# PL11 + AS1: a species' forest baked per class (edge: a lower crown, more level-1 stems; inner: taller, the crown
# higher), the class variants placed on their forest's point set, keeping their own class's points
mut("PL11-variant-edge-shape", "PL11 AS1", "src/assets/tree_params.c",
    "        p->base_size *= 0.4f;",
    "        p->base_size *= 1.0f;",
    "unit_tree")
mut("PL11-variant-inner-shape", "PL11 AS1", "src/assets/tree_params.c",
    "        p->scale = fminf(100.0f, p->scale * 1.15f);",
    "        p->scale = fminf(100.0f, p->scale * 1.0f);",
    "unit_tree")
mut("PL11-variant-classes", "PL11", "shaders/shared/sw_assets.h",
    "    if (((a.forest_classes >> cls) & 1u) == 0u) return 0.0f;",
    "",
    "unit_dither_points")
mut("PL11-variant-place-as", "PL11", "src/place/assets.c",
    "    g->place_as = a->forest_of ? (sw_uint)(a->forest_of - 1) : asset;",
    "    g->place_as = asset;",
    "unit_dither_points")
mut("PL11-variant-gpu", "PL11", "shaders/asset_place.comp.glsl",
    "? sw_area_fraction_at(1u << (SW_AREA_USER_ASSET + a.place_as),",
    "? sw_area_fraction_at(1u << (SW_AREA_USER_ASSET + cl.asset),",
    "gpu_assets.test_placement_matches_cpu_dither")
# AS1: the Weber-Penn parameters overridden by name (generate.tree): applied to the named field of the named level,
# their ranges checked by the loader
mut("AS1-tree-override", "AS1", "src/assets/tree_params.c",
    "            memcpy(base + def->offset, &o->value, sizeof(float));",
    "            (void)base;",
    "unit_tree")
mut("AS1-tree-override-level", "AS1", "src/assets/tree_params.c",
    "        char *base = lv ? (char *)&out->lv[o->level] : (char *)out;",
    "        char *base = lv ? (char *)&out->lv[0] : (char *)out;",
    "unit_tree")
mut("AS1-tree-override-ranges", "AS1", "src/world/scene_assets.c",
    "    if (asset_tree_check(&d, &err) == SWARD_OK) return true;",
    "    if (d.tree_count < 100) return true;",
    "unit_asset_place")
# PL11's undergrowth: the trees' canopy (src/place/canopy.c, shaders/shared/sw_canopy.h) and the rules that read it
mut("PL11-crown-radius", "PL11", "src/place/canopy.c",
    "    return 0.25f * ((bounds_max[0] - bounds_min[0]) + (bounds_max[2] - bounds_min[2]));",
    "    return 0.5f * ((bounds_max[0] - bounds_min[0]) + (bounds_max[2] - bounds_min[2]));",
    "unit_undergrowth")
mut("PL11-fringe-sign", "PL11", "shaders/shared/sw_canopy.h",
    "    return sw_clampf(1.0f + (width - d) * SW_CANOPY_INV_SOFT, 0.0f, 1.0f);",
    "    return sw_clampf(1.0f + (d - width) * SW_CANOPY_INV_SOFT, 0.0f, 1.0f);",
    "unit_undergrowth")
mut("PL11-under-open-swapped", "PL11", "shaders/shared/sw_canopy.h",
    "SW_FN float sw_canopy_density(float d, float under, float open, float fringe, float width)",
    "SW_FN float sw_canopy_density(float d, float open, float under, float fringe, float width)",
    "unit_undergrowth")
mut("PL11-canopy-gpu-assets", "PL11", "shaders/asset_place.comp.glsl",
    "        if ((a.flags & SW_ASSET_CANOPY) != 0u)",
    "        if (false)",
    "gpu_assets.test_placement_matches_cpu_canopy")
mut("PL11-canopy-gpu-grass", "PL11", "shaders/place.comp.glsl",
    "        if ((m.flags & SW_MAT_CANOPY) != 0u)",
    "        if (false)",
    "gpu_placement")

# PL10 + SH10: a layer's path opacity (a polyline and a width): every segment of the polyline counts
mut("PL10-path", "PL10 SH10", "src/world/layers.c",
    "        return ramp(polyline_distance(l->path_pts, l->path_count, x, z), half, l->edge);",
    "        return ramp(polyline_distance(l->path_pts, l->path_count - 1, x, z), half, l->edge);",
    "unit_layers")
# PL10: the material id map from the terrain's blend layers, the type map from it, the query
mut("PL10-topmost", "PL10", "src/world/layers.c",
    "    for (int l = t->layer_count - 1; l > 0; l--)",
    "    for (int l = 1; l < t->layer_count; l++)",
    "unit_layers")
mut("PL10-threshold", "PL10", "src/world/layers.c",
    "        if (world_layer_opacity(s, l, x, z) > t->layer_threshold) return (uint8_t)l;",
    "        if (world_layer_opacity(s, l, x, z) >= t->layer_threshold) return (uint8_t)l;",
    "unit_layers")
mut("PL10-rule", "PL10", "src/world/layers.c",
    "        return oh < os ? oh : os;",
    "        return oh;",
    "unit_layers")
mut("PL10-image", "PL10", "src/world/layers.c",
    "        return l->opacity[(size_t)j * (size_t)l->image_size + (size_t)i];",
    "        return l->opacity[(size_t)i * (size_t)l->image_size + (size_t)j];",
    "unit_layers")
mut("PL10-types", "PL10", "src/world/layers.c",
    "    if (grass && t->types)",
    "    if (false && grass && t->types)",
    "unit_layers")
mut("PL10-query", "PL10", "src/world/layers.c",
    "    *material = id;",
    "    *material = 0u * id;",
    "unit_layers")

# SH1-SH7: depth prime, G-buffer, deferred lighting
mut("SH1-prime", "SH1", "src/render/passes/grass.c",
    "    draw(c, cmd, c->pipes[c->plan->depth_prime ? 1 : 0]);",
    "    draw(c, cmd, c->pipes[0]);",
    "gpu_lighting")
mut("SH2-octahedral", "SH2", "shaders/shared/sw_gbuffer.h",
    "    if (y < 0.0f) {\n        float uu = (1.0f - sw_abs(v)) * sw_sign_nz(u);",
    "    if (false) {\n        float uu = (1.0f - sw_abs(v)) * sw_sign_nz(u);",
    "unit_gbuffer")
mut("SH3-abs-z", "SH3", "shaders/grass_pixel.inc.glsl",
    "    n += 2.0 * max(-z, 0.0) * back; // abs(z) in view space",
    "",
    "gpu_blades")
mut("SH4-colorize", "SH4", "shaders/shared/sw_gbuffer.h",
    "    return texture * (2.0f * colorize * mask + 1.0f - mask);",
    "    return texture * (2.0f * colorize + 1.0f - mask);",
    "unit_gbuffer")
mut("SH4-colorize-used", "SH4", "shaders/grass_surface.inc.glsl",
    "    float mask = 0.6 + 0.4 * t;",
    "    float mask = 0.0;",
    "gpu_blades")
mut("SH5-specular", "SH5", "shaders/lighting.comp.glsl",
    "        c += sun * (sw_specular(",
    "        c += 0.0 * sun * (sw_specular(",
    "gpu_lighting gpu_blades")
mut("SH5-ao", "SH5", "shaders/shared/sw_gbuffer.h",
    "    float f0 = SW_REFLECTANCE * ao;",
    "    float f0 = SW_REFLECTANCE;",
    "unit_gbuffer")
mut("SH6-translucency", "SH6", "shaders/lighting.comp.glsl",
    "        c += sun * shadow * (albedo * (back * thickness) + chroma * glow);",
    "",
    "gpu_lighting gpu_blades")
mut("SH6-hzd", "SH6", "shaders/shared/sw_gbuffer.h",
    "    return sw_maxf(back_n_dot_l, 0.0f) * angle * albedo_max * thickness * ao * SW_TRANSLUCENCY_BOOST;",
    "    return sw_maxf(back_n_dot_l, 0.0f) * angle * thickness * ao * SW_TRANSLUCENCY_BOOST;",
    "unit_gbuffer")
mut("LS2-lit", "LS2 LS4", "shaders/lighting.comp.glsl",
    "    float shadow = sw_sun_shadow(world, n, dist, span);",
    "    float shadow = 1.0;",
    "gpu_lighting")
# SC7: the far field's cover by the view's elevation and its sunlit part (terrain_surface.inc.glsl)
mut("SC7-far-cover", "SC7", "shaders/terrain_surface.inc.glsl",
    "    cover *= mix(1.0, 1.0 - exp(-tv), far_k);",
    "",
    "gpu_lighting")
mut("SC7-far-lit", "SC7", "shaders/terrain_surface.inc.glsl",
    " * mix(1.0, min(lit, 1.0), far_k);",
    ";",
    "gpu_lighting")
# SC7 + PL11: the far look's grass cover under the crowns is the share the type's canopy rule keeps
mut("SC7-far-canopy", "SC7 PL11", "shaders/terrain_surface.inc.glsl",
    "        cover *= sw_canopy_density(canopy_d,",
    "        cover *= 1.0 + 0.0 * sw_canopy_density(canopy_d,",
    "gpu_far_field")
# LS2 cascaded sun shadows: fit (cascades.c), far lit-height map (sw_shadow.h, shadow_far), lookup (shadow.inc.glsl)
mut("LS2-snap", "LS2", "src/render/cascades.c",
    "double sx = floor(dot3(c, R) / texel + 0.5) * texel;",
    "double sx = dot3(c, R);",
    "unit_cascades gpu_shadows")
mut("LS2-snap-half", "LS2", "src/render/cascades.c",
    "    double texel = 2.0 * h / size;",
    "    double texel = h / size;",
    "unit_cascades gpu_shadows")
# the snap's step is the box's texel, and the grid is anchored in the world, not at the eye: a step off by 1/2048
# of a texel drifts over long moves, a snap of the eye drifts as the camera turns (sub-texel moves stay whole)
mut("LS2-snap-step", "LS2", "src/render/cascades.c",
    "double sx = floor(dot3(c, R) / texel + 0.5) * texel;",
    "double sx = floor(dot3(c, R) / texel + 0.5) * (2.0 * r / size);",
    "unit_cascades")
mut("LS2-snap-eye", "LS2", "src/render/cascades.c",
    "    double sy = floor(dot3(c, U) / texel + 0.5) * texel;",
    "    double e3[3] = {d->eye[0], d->eye[1], d->eye[2]};\n    double sy = floor(dot3(e3, U) / texel + 0.5) * texel + dot3(c, U) - dot3(e3, U);",
    "unit_cascades")
mut("LS2-depth-range", "LS2", "src/render/cascades.c",
    "        if (hi > zmax) zmax = hi;",
    "",
    "unit_cascades")
# LS2: the depth ends at the far side of the slice's sphere (nothing farther from the sun shadows it)
mut("LS2-depth-sphere", "LS2", "src/render/cascades.c",
    "    double zmin = zc - h, zmax = zc + h;",
    "    double zmin = zc, zmax = zc + h;",
    "unit_cascades")
# AS3: billboard cards trimmed to their impostor, every covered texel kept
mut("AS3-trim-off", "AS3", "src/assets/trim.c",
    "    if (r == SWARD_OK) asset_billboard_trim(c, out);",
    "",
    "unit_impostor")
mut("AS3-trim-centres", "AS3", "src/assets/trim.c",
    "            double y = (double)(j + e);",
    "            double y = (double)j + 0.5 + 0.0 * e;",
    "unit_impostor")
mut("AS3-trim-uv", "AS3", "src/assets/trim.c",
    "            v->uv[0] = ((float)k + x / (float)im->cell_w) / (float)cards;",
    "            v->uv[0] = ((float)k + (float)side) / (float)cards;",
    "unit_impostor")
mut("LS2-far-march", "LS2", "shaders/shared/sw_shadow.h",
    "        lit = sw_maxf(lit, h);",
    "        lit = sw_maxf(lit, h - 1000.0f);",
    "gpu_shadows")
mut("LS2-far-gpu", "LS2", "shaders/shadow_far.comp.glsl",
    "float tan_e = overhead ? 0.0 : l.y / hl;",
    "float tan_e = overhead ? 0.0 : 0.5 * l.y / hl;",
    "gpu_shadows")
mut("LS2-far-cache", "LS2", "src/render/passes/shadow_far.c",
    "    if (sh->valid && memcmp(key, sh->key, sizeof key) == 0) return;",
    "",
    "gpu_shadows")
mut("LS2-pcf-compare", "LS2", "shaders/shadow.inc.glsl",
    "sum += wx * wy * (receiver >= d ? 1.0 : 0.0);",
    "sum += wx * wy;",
    "gpu_shadows")
# LS2: the near and mid cascades' lookup averaged over the pixel's footprint (grazing ground: the forest floor's
# bands), not taken at its centre alone; nor at taps all on the centre
mut("LS2-footprint", "LS2", "shaders/shadow.inc.glsl",
    "    int taps = min(int(ceil(min(length(st), 64.0) * 0.5)) | 1, SW_SHADOW_FOOTPRINT_TAPS);",
    "    int taps = 1;",
    "gpu_shadows.lookup_averages_the_footprint")
mut("LS2-footprint-spread", "LS2", "shaders/shadow.inc.glsl",
    "        float a = sw_cascade_visibility(v, world + span * ((float(i) + 0.5) / float(taps) - 0.5), normal, in_map);",
    "        float a = sw_cascade_visibility(v, world, normal, in_map);",
    "gpu_shadows.lookup_averages_the_footprint")
# the ground's footprint from the lighting pass (the rays through the pixel's edges on its plane): without it every
# pixel is a point again, which moves forest_edge by a mean 0.03/255: caught byte for byte only (SWARD_GOLDEN_EXACT)
mut("LS2-footprint-span", "LS2", "shaders/lighting.comp.glsl",
    "    vec3 span = ground ? pixel_span(inv, ndc, cam, world, n) : vec3(0.0);",
    "    vec3 span = vec3(0.0);",
    "cli_golden_forest_edge_320x180", env={"SWARD_GOLDEN_EXACT": "1"})
mut("LS2-near-cross-fade", "LS2", "shaders/shadow.inc.glsl",
    "        float k = in_a ? smoothstep(views[SW_VIEW_NEAR].shadow_fade, views[SW_VIEW_NEAR].shadow_end, view_dist) : 1.0;",
    "        float k = in_a ? 0.0 : 1.0;",
    "gpu_shadows")
mut("LS2-mid-cross-fade", "LS2", "shaders/shadow.inc.glsl",
    "        float k = in_a ? smoothstep(views[SW_VIEW_MID].shadow_fade, views[SW_VIEW_MID].shadow_end, view_dist) : 1.0;",
    "        float k = in_a ? clamp((view_dist - views[SW_VIEW_MID].shadow_fade) / (views[SW_VIEW_MID].shadow_end - views[SW_VIEW_MID].shadow_fade), 0.0, 1.0) : 1.0;",
    "gpu_shadows")
mut("LS2-fade-band", "LS2", "src/render/cascades.c",
    "        v->shadow_fade = fade * cascades[k].end;",
    "        v->shadow_fade = cascades[k].end;",
    "gpu_shadows")
mut("LS2-mid-cascade", "LS2", "shaders/shadow.inc.glsl",
    "    if (view_dist < views[SW_VIEW_MID].shadow_end) {",
    "    if (false) {",
    "gpu_shadows")
mut("LS2-feature-guard", "LS2", "src/render/plan.c",
    "p->shadows = cfg->shadow_maps && (features & SW_FEAT_SHADOWS) != 0 && ",
    "p->shadows = cfg->shadow_maps && ",
    "gpu_shadows")
# LS3 separate casters: the near cascade's low-LOD blades and its terrain
mut("LS3-low-lod", "LS3", "shaders/cull.comp.glsl",
    "float lod_d = (VIEW.flags & SW_VIEW_LOW_LOD) != 0u ? 0.0 : m.lod_distance;",
    "float lod_d = m.lod_distance;",
    "gpu_shadows")
mut("LS3-blade-casters", "LS3", "src/render/passes/shadow_near.c",
    "        render_draw_blades(c, cmd);",
    "        (void)c;",
    "gpu_shadows")
mut("LS3-near-tiles", "LS3", "src/render/setup.c",
    "        memcpy(nv.frustum, r->views[SW_VIEW_NEAR].constants.frustum, sizeof nv.frustum);",
    "",
    "gpu_shadows")
mut("LS3-caster-reach", "LS3", "shaders/cull.comp.glsl",
    "                if (dist2 > VIEW.cull_distance * VIEW.cull_distance) {",
    "                if (false) {",
    "gpu_shadows")
mut("LS3-caster-view", "LS3", "shaders/cull.comp.glsl",
    "if (!sphere_in_view(0u, 0.5 * (top + tip), 0.5 * length(tip - top) + hm)) {",
    "if (false) {",
    "gpu_shadows")
# the ground's CDLOD patches: culling removed; a corner of a patch's box dropped; a patch's heights
# its lowest only; the morph started earlier than the quadtree allows; the odd vertices of a level found on the
# finest grid; no morph; a morph not complete at the range; nodes split at their own range, not their children's
mut("TR-lod-cull", "SC4", "src/render/terrain_lod.c",
    "    unsigned out = s->planes;",
    "    unsigned out = 0u * s->planes;",
    "unit_terrain_lod gpu_shadows")
mut("TR-lod-corner", "SC4", "src/render/terrain_lod.c",
    "pz = z[(c >> 1) & 1];",
    "pz = z[c & 1];",
    "unit_terrain_lod")
mut("TR-lod-heights", "SC4", "src/render/terrain_lod.c",
    "y1 = b->y[level][pj * n + pi][1];",
    "y1 = b->y[level][pj * n + pi][0];",
    "unit_terrain_lod")
mut("TR-morph-start", "SC4", "shaders/shared/sw_terrain_lod.h",
    "#define SW_TERRAIN_MORPH_START 0.75f",
    "#define SW_TERRAIN_MORPH_START 0.5f",
    "unit_terrain_lod")
mut("TR-morph-parity", "SC4", "shaders/shared/sw_terrain_lod.h",
    "    int odd = (g >> level) & 1;",
    "    int odd = g & 1;",
    "unit_terrain_lod")
mut("TR-morph-off", "SC4", "shaders/shared/sw_terrain_lod.h",
    "    if (level >= top) return 0.0f;",
    "    if (level >= 0) return 0.0f;",
    "unit_terrain_lod")
mut("TR-morph-complete", "SC4", "shaders/shared/sw_terrain_lod.h",
    "    if (d >= range) return 1.0f;\n",
    "",
    "unit_terrain_lod")
mut("TR-lod-split", "SC4", "src/render/terrain_lod.c",
    "(double)s->t->range0 * (double)(1 << (level - 1))",
    "(double)s->t->range0 * (double)(1 << level)",
    "unit_terrain_lod")
mut("TR-lod-gpu-morph", "SC4", "shaders/terrain_lod.inc.glsl",
    "    float k = sw_terrain_morph_k(d, frame.terrain_lod_range, level, frame.terrain_lod_top);",
    "    float k = 0.0;",
    "gpu_terrain")
mut("TR-lod-gpu-level", "SC4", "shaders/terrain_lod.inc.glsl",
    "int gi = p.i0 + (gx << level), gj = p.j0 + (gy << level);",
    "int gi = p.i0 + gx, gj = p.j0 + gy;",
    "gpu_terrain")
# LS4: the ground in the near and mid ranges through the lit heights: the near range without them; a
# run's scan not carried across the threads; the rows not entered from the far map; the lookup's ground bilinear
# along one axis only; its threshold half a metre high
mut("LS3-ground-lit", "LS3", "shaders/shadow.inc.glsl",
    "    return min(sw_cascade_footprint(SW_VIEW_NEAR, world, normal, span, inside), sw_lit_visibility(world, normal, false));",
    "    return sw_cascade_footprint(SW_VIEW_NEAR, world, normal, span, inside);",
    "gpu_shadows")
mut("LS2-lit-scan", "LS2", "shaders/shadow_lit.comp.glsl",
    "            a = max(a, s_a[k + off] - l * drop);",
    "            a = a;",
    "gpu_lit_heights")
mut("LS2-lit-edge", "LS2", "shaders/shadow_lit.comp.glsl",
    "    vec2 enter = vec2(edge);",
    "    vec2 enter = vec2(NONE);",
    "gpu_lit_heights")
mut("LS2-lit-bilinear", "LS2", "shaders/shadow.inc.glsl",
    "mix(sw_lit[k + n].x, sw_lit[k + n + 1].x, f.y), f.x);",
    "mix(sw_lit[k + n].x, sw_lit[k + n + 1].x, f.y), 0.0);",
    "gpu_lit_heights")
mut("LS2-lit-cache", "LS2", "src/render/passes/shadow_lit.c",
    "    if (st->valid && memcmp(&key, &st->key, sizeof key) == 0) return;",
    "",
    "gpu_lit_heights")
mut("LS2-lit-key", "LS2", "src/render/passes/shadow_lit.c",
    "    memcpy(key.sun, sun, sizeof key.sun);",
    "",
    "gpu_lit_heights")
mut("LS2-lit-soft", "LS2", "shaders/shadow.inc.glsl",
    "    float vis = smoothstep(ground - 0.02 - soft, ground - 0.02, p.y);",
    "    float vis = smoothstep(ground + 0.5 - soft, ground + 0.5, p.y);",
    "gpu_lit_heights")
# a still's next frame keeps the shadow map: never kept; kept across a change of time
mut("SH-kept-still", "LS2", "src/render/plan.c",
    "    p->shadows_kept = p->shadows && r->config.asset_count == 0 && (r->frame.flags & SW_FLAG_SHADOW_DOOR) == 0u &&",
    "    p->shadows_kept = false && r->config.asset_count == 0 && (r->frame.flags & SW_FLAG_SHADOW_DOOR) == 0u &&",
    "gpu_shadows")
mut("SH-kept-time", "LS2", "src/render/plan.c",
    "                      sh->kept_time == r->frame.time && sh->kept_features == r->config.features &&",
    "                      sh->kept_features == r->config.features &&",
    "gpu_shadows")
# the oak's stale shadow moves forest_edge by mean 0.001/255 on lavapipe, far below golden.sh's tolerance: caught
# byte for byte only (SWARD_GOLDEN_EXACT), on a machine that reproduces the recorded images (the baseline proves it)
mut("SH-kept-assets", "LS2", "src/render/plan.c",
    "p->shadows && r->config.asset_count == 0 && (r->frame.flags",
    "p->shadows && (r->frame.flags",
    "cli_golden_forest_edge_320x180", env={"SWARD_GOLDEN_EXACT": "1"})
mut("SH-kept-switches", "LS2", "src/render/plan.c",
    "                      memcmp(&sh->kept_switches, &p->switches, sizeof p->switches) == 0 &&",
    "",
    "gpu_shadows")
# LS4 grass shadows: the raised terrain impostor with dithered depth offsets; screen-space contact shadows
mut("LS4-impostor-raise", "LS4", "shaders/shadow_lit.comp.glsl",
    "        if (type < frame.material_count && gh > 0.0) raise = ",
    "        if (false) raise = ",
    "gpu_lit_heights")
mut("LS4-impostor-dither", "LS4", "shaders/shared/sw_shadow.h",
    "    return ground + raise * (1.0f - SW_LIT_DITHER * f);",
    "    return ground + raise;",
    "gpu_lit_heights")
mut("LS4-impostor-bias", "LS4", "shaders/shadow.inc.glsl",
    "const float SW_LIT_IMPOSTOR_BIAS = 1.5;",
    "const float SW_LIT_IMPOSTOR_BIAS = 0.0;",
    "gpu_lit_heights")
mut("LS4-impostor-filter", "LS4", "shaders/shadow.inc.glsl",
    "    return min(vis, sum * (1.0 / 9.0));",
    "    return vis;",
    "gpu_lit_heights")
mut("LS4-contact", "LS4", "shaders/shadow.inc.glsl",
    "if (gap > 0.0 && gap < thickness && dot(q.xyz - world, n) > relief) return s * s;",
    "if (false) return s * s;",
    "gpu_shadows")
mut("LS4-contact-steps", "LS4", "shaders/shadow.inc.glsl",
    "    const int STEPS = 12;",
    "    const int STEPS = 4;",
    "gpu_shadows")
mut("LS4-contact-length", "LS4", "shaders/shadow.inc.glsl",
    "    const float LENGTH = 0.5; // m",
    "    const float LENGTH = 0.25; // m",
    "gpu_shadows")
mut("LS4-contact-fade", "LS4", "shaders/shadow.inc.glsl",
    "        if (gap > 0.0 && gap < thickness && dot(q.xyz - world, n) > relief) return s * s; // blocked",
    "        if (gap > 0.0 && gap < thickness && dot(q.xyz - world, n) > relief) return 0.0; // blocked",
    "gpu_shadows")
mut("LS4-contact-plane", "LS4", "shaders/shadow.inc.glsl",
    " && dot(q.xyz - world, n) > relief) return s * s;",
    ") return s * s;",
    "gpu_shadows")

# The frame's machinery and the GPU layer
mut("FR-survivor-room", "SC2", "src/render/lists.c",
    "    uint64_t more = needed <= ordinary ? needed : needed / 3u > ordinary ? needed / 3u : ordinary;",
    "    uint64_t more = needed;",
    "gpu_frames.survivor_list_grows")
mut("FR-survivor-growth", "SC2", "src/render/lists.c",
    "    if (needed > v->survivor_capacity) return render_ensure_survivors(r, view, needed, err);",
    "    if (needed > v->survivor_capacity) return SWARD_OK;",
    "gpu_frames")
mut("FR-frames-in-flight", "SC2", "src/render/renderer.c",
    "    r->slot_count = t->frames_in_flight ? t->frames_in_flight : SWARD_FRAMES_IN_FLIGHT;",
    "    r->slot_count = 1;",
    "gpu_frames")
mut("FR-retire", "SC2", "src/gpu/retire.c",
    "    list->buffers[list->buffer_count++] = *b;\n    memset(b, 0, sizeof *b);",
    "    gpu_buffer_destroy(dev, b);",
    "gpu_frames")
mut("FR-barriers", "SC2", "src/render/graph.c",
    "    vkCmdPipelineBarrier2(cmd, &di);",
    "    (void)di;",
    "gpu_frames")
mut("FR-host-depth", "SC3", "src/render/frame.c",
    "    const bool imported = !r->config.standalone && !r->plan.switches.no_occlusion;",
    "    const bool imported = false;",
    "cli_embed_host")
# one frame for sward and hosts: a host's frame runs the compute rasteriser and the mesh assets' occluders as
# sward's own does (cli_embed_host compares every scene byte for byte and reads the host's counters)
mut("FR-host-raster", "BX1", "src/render/renderer.c",
    "    const gpu_device *dev = &r->ctx->dev;\n    if (!dev->buffer_int64_atomics)",
    "    const gpu_device *dev = &r->ctx->dev;\n    if (!r->config.standalone) return \"a host\";\n    if (!dev->buffer_int64_atomics)",
    "cli_embed_host")
mut("FR-host-occluders", "SC3", "src/render/plan.c",
    "    p->assets_occlude = cfg->asset_count > 0",
    "    p->assets_occlude = cfg->standalone && cfg->asset_count > 0",
    "cli_embed_host")
mut("FR-tile-index", "SC2", "src/place/tiles.c",
    "                if (tile_possible(t, k / PLACE_LEVELS, &g, eps, b->ti0 + i, b->tj0 + j))",
    "                if (true)",
    "unit_tile_index")
mut("FR-host-post", "PO2", "src/render/frame.c",
    "    render_post(r, cmd);\n    render_copy_stats(r, cmd); /* again: with the lighting's pixel counts */\n    if (imported) {",
    "    if (r->config.standalone) render_post(r, cmd);\n    render_copy_stats(r, cmd); /* again: with the lighting's pixel counts */\n    if (imported) {",
    "cli_embed_host")
mut("GPU-depth-aspect", "", "src/gpu/resources.c",
    "    case VK_FORMAT_D32_SFLOAT_S8_UINT: return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;",
    "    case VK_FORMAT_D32_SFLOAT_S8_UINT: return VK_IMAGE_ASPECT_DEPTH_BIT;",
    "gpu_gpu_layer")
mut("GPU-depth-compare", "SH1", "src/gpu/pipelines.c",
    "        .depthCompareOp = d->depth_compare,",
    "        .depthCompareOp = VK_COMPARE_OP_GREATER,",
    "gpu_gpu_layer")
mut("GPU-blend", "", "src/gpu/pipelines.c",
    "    if (b == GPU_BLEND_NONE) return s;",
    "    return s;",
    "gpu_gpu_layer")
mut("GPU-depth-bias", "LS2", "src/gpu/pipelines.c",
    "        .depthBiasEnable = bias,",
    "        .depthBiasEnable = VK_FALSE,",
    "gpu_gpu_layer")
mut("GPU-spec-constants", "", "src/gpu/pipelines.c",
    "    if (!s || s->count == 0) return NULL;",
    "    if (s) return NULL;",
    "gpu_gpu_layer")
# The device's shared layouts and pipelines: keyed by every field that reaches Vulkan, by the SPIR-V's bytes, kept
# until the device goes
mut("GPU-shared-key-field", "", "src/gpu/shared.c",
    "    k.depth_write = d->depth_write;",
    "",
    "gpu_gpu_layer")
mut("GPU-shared-spirv-address", "", "src/gpu/shared.c",
    "    return (shader_key){code ? fnv1a(code, bytes, FNV_SEED) : 0, code ? bytes : 0};",
    "    return (shader_key){(uint64_t)(uintptr_t)code, code ? bytes : 0};",
    "gpu_gpu_layer")
mut("GPU-shared-set-type", "", "src/gpu/shared.c",
    "        key[i][0] = ((uint64_t)b->binding << 32) | (uint64_t)b->descriptorType;",
    "        key[i][0] = (uint64_t)b->binding << 32;",
    "gpu_gpu_layer")
mut("GPU-shared-kept", "", "src/render/graph.c",
    "        if (ps->pool) vkDestroyDescriptorPool(dev->device, ps->pool, NULL);\n",
    "        if (ps->pool) vkDestroyDescriptorPool(dev->device, ps->pool, NULL);\n        for (uint32_t k = 0; k < RENDER_MAX_PIPES; k++)\n            if (ps->pipes[k]) vkDestroyPipeline(dev->device, ps->pipes[k], NULL);\n",
    "gpu_gpu_layer")

# The lighting's scene part: render.features, sun elevation/azimuth, --set overrides, the analytic sky
mut("FEAT-parse", "TL2", "src/world/scene_parse.c",
    "*features = on ? *features | feature_names[i].bit : *features & ~feature_names[i].bit;",
    "(void)on;",
    "unit_scene_sky")
mut("SUN-elevation", "TL2 LS1", "src/world/scene_parse.c",
    "    sun->direction[0] = (float)(cos(el) * sin(az));\n    sun->direction[1] = (float)sin(el);\n"
    "    sun->direction[2] = (float)(cos(el) * cos(az));",
    "    (void)el;\n    (void)az;",
    "unit_scene_sky")
mut("SUN-exclusive", "TL2", "src/world/scene_parse.c",
    "    if (sj_member(o, \"direction\"))\n        return sj_fail(c, has_el ? \"sun.elevation\" : \"sun.azimuth\",",
    "    if (false)\n        return sj_fail(c, has_el ? \"sun.elevation\" : \"sun.azimuth\",",
    "unit_scene_sky cli_set")
mut("SET-apply", "TL1 TL2", "src/world/scene_load.c",
    "        if (!world_apply_override(&c, root, overrides[i])) {",
    "        if (false) {",
    "unit_scene_sky cli_set")
mut("SET-create", "TL1 TL2", "src/world/overrides.c",
    "                cJSON_AddItemToObject(cur, key, next);",
    "                cJSON_Delete(next);\n                next = cur;",
    "unit_scene_sky cli_set")
mut("SET-blame", "TL1 TL2", "src/world/scene_load.c",
    "snprintf(err->message + used, sizeof err->message - used, \" (set by override '%s')\", shown);",
    "(void)used;\n        (void)shown;",
    "unit_scene_sky cli_set")
mut("SET-cli", "TL1", "src/app/args.c",
    "sward_scene_load_overrides(path, sets->items, sets->count, scene, err);",
    "sward_scene_load_overrides(path, sets->items, 0, scene, err);",
    "cli_set")
mut("SET-cli-check", "TL1", "src/app/args.c",
    "        if (sward_scene_check_override(sets->items[i], &err) != SWARD_OK) {",
    "        if (false) {",
    "cli_set")
mut("SKY-perez", "LS1", "shaders/shared/sw_sky.h",
    "    return (1.0f + A * sw_sky_exp(B / cos_theta)) * (1.0f + C * sw_sky_exp(D * gamma) + E * cg * cg);",
    "    return 1.0f + 0.0f * (A + B + C + D + E + cos_theta + cg);",
    "unit_sky")
mut("SKY-zenith", "LS1", "src/render/sky.c",
    "    double yz = (4.0453 * t - 4.9710) * tan(chi) - 0.2155 * t + 2.4192;",
    "    double yz = 2.0 + 0.0 * chi;",
    "unit_sky")
mut("SKY-chroma", "LS1", "shaders/shared/sw_sky.h",
    "    float X = x * Y / yy;\n    float Z = (1.0f - x - y) * Y / yy;",
    "    float X = 0.95047f * Y + 0.0f * x * yy;\n    float Z = 1.08883f * Y;",
    "unit_sky")
mut("SKY-sun-colour", "LS1", "src/render/sky.c",
    "        rgb[c] = (float)exp(-depth * m);",
    "        rgb[c] = (float)exp(-depth);",
    "unit_sky")
mut("SKY-sun-below", "LS1", "src/render/sky.c",
    "    if (!(elevation > 0.0f)) {",
    "    if (false) {",
    "unit_sky")
mut("SKY-ambient", "LS1", "src/render/sky.c",
    "                up[c] += l[c] * se * dw;",
    "                up[c] += l[c] * dw;",
    "unit_sky")
mut("SKY-limb", "LS1", "shaders/shared/sw_sky.h",
    "    return 1.0f - SW_SKY_LIMB * (1.0f - mu);",
    "    return 1.0f + 0.0f * mu;",
    "unit_sky")
mut("SKY-feature", "LS1", "src/render/sky.c",
    "    if (!(s->render.features & SW_FEAT_SKY)) { /* no atmosphere: the sun's light as it arrives outside one */",
    "    if (false) {",
    "unit_sky")
# LS5: the sun's light and the sky's radiance in one unit, the sun's luminance over the whole visible spectrum, the
# air's extinction from the same atmosphere (aerial perspective)
mut("LS5-one-unit", "LS5", "src/render/sky.c",
    "    const double light = (double)SW_SUN_ILLUMINANCE / PI_D * (double)SW_SKY_LUMINANCE_SCALE;",
    "    const double light = 8.0 * (double)SW_SUN_ILLUMINANCE / PI_D * (double)SW_SKY_LUMINANCE_SCALE;",
    "unit_sky gpu_sky")
mut("LS5-luminous", "LS5", "src/render/sky.c",
    "    for (int c = 0; c < 3; c++) rgb[c] = y > 0.0 ? (float)((double)rgb[c] * tau / y * light) : 0.0f;",
    "    for (int c = 0; c < 3; c++) rgb[c] = y > 0.0 ? (float)((double)rgb[c] * light) : (float)tau;",
    "unit_sky")
mut("LS5-extinction", "LS5", "src/render/sky.c",
    "    render_air_extinction(turbidity, k + SW_SKY_EXTINCTION);",
    "",
    "unit_sky")
mut("LS5-aerial-gpu", "LS5", "shaders/sky.inc.glsl",
    "        sw_sky_rgb o = sw_sky_aerial(frame.sky, sw_sky_rgb(c.r, c.g, c.b), fog, dist);",
    "        sw_sky_rgb o = sw_sky_rgb(c.r, c.g, c.b);",
    "gpu_blades")
# LS5 measure: the reference LUT atmosphere (Hillaire 2020) that Preetham's sky is compared with (docs/sky.md)
mut("LS5-atmo-ozone", "LS5", "src/render/atmosphere.c",
    "        e[c] = p->rayleigh_scattering[c] * d[0] + p->mie_extinction * d[1] + p->ozone_absorption[c] * d[2];",
    "        e[c] = p->rayleigh_scattering[c] * d[0] + p->mie_extinction * d[1];",
    "unit_atmosphere")
mut("LS5-atmo-multiple", "LS5", "src/render/atmosphere.c",
    "            double src = e * (ts[c] * (sr * pr + sm * pm) + psi[c] * (sr + sm));",
    "            double src = e * (ts[c] * (sr * pr + sm * pm));",
    "unit_atmosphere")
mut("LS5-atmo-rayleigh", "LS5", "src/render/atmosphere.c",
    "            double sr = p->rayleigh_scattering[c] * d[0];",
    "            double sr = p->rayleigh_scattering[1] * d[0];",
    "unit_atmosphere")
mut("LS5-atmo-mie-phase", "LS5", "src/render/atmosphere.c",
    "    double pr = rayleigh_phase(nu), pm = mie_phase(p->mie_g, nu), e = p->sun_illuminance;",
    "    double pr = rayleigh_phase(nu), pm = 0.25 / PI_D, e = p->sun_illuminance;",
    "unit_atmosphere")
mut("LS5-atmo-trans-lut", "LS5", "src/render/atmosphere.c",
    "    bilinear(&t->texel[0][0][0], ATMO_TRANS_W, ATMO_TRANS_H, (d - dmin) / (dmax - dmin), rho / H, rgb);",
    "    bilinear(&t->texel[0][0][0], ATMO_TRANS_W, ATMO_TRANS_H, (d - dmin) / (dmax - dmin), 0.0, rgb);",
    "unit_atmosphere")
mut("SKY-frame", "LS1", "src/render/camera.c",
    "        render_sky_constants(s, &k->frame);",
    "",
    "gpu_post")
mut("SKY-post", "LS1", "shaders/sky.inc.glsl",
    "        sw_sky_rgb m = sw_sky_radiance(frame.sky, dir.x, dir.y, dir.z);",
    "        sw_sky_rgb m = sw_sky_rgb(frame.zenith[0], frame.zenith[1], frame.zenith[2]);",
    "gpu_post")
mut("SKY-haze", "LS1", "shaders/sky.inc.glsl",
    "        sw_sky_rgb fog = sw_sky_rgb(h.r * frame.sky_intensity, h.g * frame.sky_intensity, h.b * frame.sky_intensity);",
    "        sw_sky_rgb fog = sw_sky_rgb(frame.horizon[0], frame.horizon[1], frame.horizon[2]);",
    "gpu_blades")
# SH8: temporal anti-aliasing (jitter, reprojected history, variance clipping, warm-up before stills)
mut("SH8-jitter", "SH8", "src/render/camera.c",
    "        render_taa_jitter(r->plan.taa_frame, &out->jitter_x, &out->jitter_y);",
    "",
    "gpu_taa_bloom")
mut("SH8-accumulate", "SH8", "shaders/taa.comp.glsl",
    "    vec3 c = (cur * wc + hist * wh) / (wc + wh);",
    "    vec3 c = cur;",
    "gpu_taa_bloom")
mut("SH8-reproject", "SH8", "shaders/taa.comp.glsl",
    "    vec2 pos = vec2(px) + 0.5 - taa_motion(clamp(px + at, ivec2(0), size - 1), nearest);",
    "    vec2 pos = vec2(px) + 0.5;",
    "gpu_taa_bloom")
mut("SH8-clip", "SH8", "shaders/taa.comp.glsl",
    "    if (m > 1.0 && (VIEW.flags & SW_VIEW_TAA_STILL) == 0u) hy = mu + v / m;",
    "",
    "gpu_taa_bloom")
mut("SH8-reset", "SH8", "shaders/taa.comp.glsl",
    "    if ((VIEW.flags & SW_VIEW_TAA_RESET) != 0u) {",
    "    if (false) {",
    "gpu_taa_bloom")
mut("SH8-still", "SH8", "src/render/camera.c",
    "                out->flags |= SW_VIEW_TAA_STILL;",
    "                out->flags |= 0u;",
    "gpu_taa_bloom")
mut("SH8-cut", "SH8", "src/render/history.c",
    "    return d[0] * d[0] + d[1] * d[1] + d[2] * d[2] > RENDER_TAA_CUT_M * RENDER_TAA_CUT_M;",
    "    return false;",
    "gpu_taa_bloom")
mut("SH8-warmup", "SH8", "src/render/standalone.c",
    "            for (int k = 0; k < warmup; k++)",
    "            for (int k = 0; k < 0; k++)",
    "gpu_taa_bloom")
mut("SH8-resolved", "SH8", "shaders/post_input.inc.glsl",
    "    vec3 c = (frame.features & SW_FEAT_TAA) != 0u ? imageLoad(resolved, px).rgb : imageLoad(hdr, px).rgb;",
    "    vec3 c = false ? imageLoad(resolved, px).rgb : imageLoad(hdr, px).rgb;",
    "gpu_taa_bloom")
mut("SH8-embed-warmup", "SH8", "examples/embed.c",
    "    int frames = taa ? 1 + SWARD_TAA_WARMUP_DEFAULT : 1;",
    "    int frames = 1;",
    "cli_embed_host")

# PO3: bloom (bright pass above the white point, half-resolution chain, added before the tone map)
mut("PO3-add", "PO3", "shaders/post_input.inc.glsl",
    "    if ((frame.features & SW_FEAT_BLOOM) != 0u) c += bloom_at(px) / sw_exposure_now();",
    "",
    "gpu_taa_bloom")
mut("PO3-threshold", "PO3", "shaders/bloom_bright.comp.glsl",
    "    return max(c * sw_exposure_now() - frame.white_point, vec3(0.0));",
    "    return c * sw_exposure_now();",
    "gpu_taa_bloom")
# PO3: the half-float chain saturates; at the documented top exposures it stored infinity (a black frame,
# a NaN EXR)
mut("PO3-saturate", "PO3", "shaders/bloom.inc.glsl",
    "    c = min(c, vec3(SW_BLOOM_HALF_MAX));",
    "",
    "gpu_exr")
mut("PO3-down", "PO3", "shaders/bloom_down.comp.glsl",
    "    bloom_store(dst, ds, q, 0.25 * c);",
    "    bloom_store(dst, ds, q, vec3(0.0));",
    "gpu_taa_bloom")
mut("PO3-up", "PO3", "shaders/bloom_up.comp.glsl",
    "    bloom_store(fine, fs, q, bloom_load(fine, fs, q) + sum);",
    "    bloom_store(fine, fs, q, bloom_load(fine, fs, q));",
    "gpu_taa_bloom")

# SH3 canopies by abs(z) of the view-space normal, SH9 their normals bent to the crown's ellipsoid
mut("SH3-canopy-abs-z", "SH3", "shaders/asset_surface.inc.glsl",
    "            if (toward > 0.0) n -= 2.0 * toward * fwd;",
    "            if (!front) n = -n;",
    "gpu_canopy")
mut("SH3-canopy-bit", "SH3", "shaders/asset_vertex.inc.glsl",
    "    if (a.kind == SW_ASSET_KIND_TREE && o.surface == 1u && !card) o.card |= 8u;",
    "",
    "gpu_canopy")
mut("SH9-spec-gate", "SH9", "shaders/asset_surface.inc.glsl",
    "    o.spec_occlusion = o.ao * spec;",
    "    o.spec_occlusion = o.ao;",
    "gpu_canopy")
mut("SH9-bend", "SH9", "src/assets/generate.c",
    "#define ASSET_CANOPY_BEND 0.8f",
    "#define ASSET_CANOPY_BEND 0.0f",
    "gpu_canopy")

# PO4 auto exposure: the meter's weights, percentiles and key; the adaptation's speeds and dt; the areas; its use
mut("PO4-weight-surface", "PO4", "shaders/shared/sw_exposure.h",
    "    return surface ? centre * SW_EXPOSURE_SURFACE_WEIGHT : centre;",
    "    return centre;",
    "gpu_exposure unit_exposure")
mut("PO4-weight-centre", "PO4", "shaders/shared/sw_exposure.h",
    "    sw_uint centre = 1u + SW_U(sw_floor(3.0f * sw_maxf(1.0f - r2, 0.0f) + 0.5f));",
    "    sw_uint centre = 1u;",
    "gpu_exposure unit_exposure")
mut("PO4-percentile", "PO4", "shaders/shared/sw_exposure.h",
    "    float kept = sw_maxf(sw_minf(m.cum + count, m.hi) - sw_maxf(m.cum, m.lo), 0.0f);",
    "    float kept = count;",
    "unit_exposure") # the shared header is the GPU's meter too; gpu_exposure's sweep (3, 30, 60 degrees) stays in its band without it
mut("PO4-key", "PO4", "shaders/shared/sw_exposure.h",
    "    return sw_clampf(sw_log2(key) - mean_log + compensation_ev, min_ev, max_ev);",
    "    return sw_clampf(-mean_log + compensation_ev, min_ev, max_ev);",
    "gpu_exposure unit_exposure")
mut("PO4-speed-swap", "PO4", "shaders/shared/sw_exposure.h",
    "    float speed = target > ev ? speed_up : speed_down;",
    "    float speed = target > ev ? speed_down : speed_up;",
    "gpu_exposure unit_exposure")
mut("PO4-dt", "PO4", "src/render/camera.c",
    "    f->exposure_dt = e->kept && !cut && dt > 0.0f && dt <= RENDER_EXPOSURE_GAP_S ? dt : 0.0f;",
    "    f->exposure_dt = e->kept && dt > 0.0f && dt <= RENDER_EXPOSURE_GAP_S ? dt : 0.0f;",
    "gpu_exposure")
mut("PO4-area-bias", "PO4", "src/render/camera.c",
    "    f->exposure_compensation = a->compensation + bias;",
    "    f->exposure_compensation = a->compensation;",
    "gpu_exposure")
mut("PO4-use", "PO4", "shaders/exposure.inc.glsl",
    "    return (frame.flags & SW_FLAG_AUTO_EXPOSURE) != 0u ? exposure_state.exposure : frame.exposure;",
    "    return frame.exposure;",
    "gpu_exposure")
# the goldens catch a small but real change beyond golden.sh's tolerance: the default key 0.36 to 0.38, 0.08 EV
# brighter (mean 2.3/255 off the recorded small and hills, none off by more than 16/255; the tolerance is 0.75/255)
mut("GOLD-exposure-key", "PO4", "src/world/scene_exposure.c",
    ".key = 0.36f,",
    ".key = 0.38f,",
    "cli_golden_small_320x180 cli_golden_hills_320x180")

# BX1: the scaling benchmark's chart (src/app/plot.c): a log axis maps decades to equal distances
mut("TL-plot-log", "BX1", "src/app/plot.c",
    "    return a->log ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo)) : (v - a->lo) / (a->hi - a->lo);",
    "    return (v - a->lo) / (a->hi - a->lo);",
    "unit_plot")

# AS4, GA7: coverage-preserving alpha mips, the plants' soft clamp
mut("GA8-camera-tilt", "GA8", "shaders/shared/sw_wind.h",
    "    d.y = (uy - 1.0f) * h;",
    "    d.y = 0.0f;",
    "unit_wind")
mut("GA8-camera-tilt-applied", "GA8", "shaders/grass_blade.inc.glsl",
    "        world += vec3(tilt.x, tilt.y, tilt.z);",
    "",
    "gpu_blades")
mut("GA8-tilt-switch", "GA8", "src/place/place.c",
    "(m->camera_tilt ? SW_MAT_CAMERA_TILT : 0u)",
    "(m->wind_model == WORLD_WIND_HZD ? SW_MAT_CAMERA_TILT : 0u)",
    "gpu_blades")
mut("GA8-tilt-default", "GA8", "src/world/scene_parse.c",
    "    if (!sj_member(o, \"camera_tilt\")) m->camera_tilt = m->wind_model == WORLD_WIND_HZD;",
    "",
    "unit_scene_grass")
mut("AS4-quantile-passes", "AS4", "src/assets/alpha.c",
    "level[i] = pass ? fmaxf(v, ASSET_ALPHA_CUTOFF) : fminf(v, nextafterf(ASSET_ALPHA_CUTOFF, 0.0f));",
    "level[i] = v;",
    "unit_alpha")
mut("AS4-scale", "AS4", "src/assets/alpha.c",
    "            if (p > 0.0) scale = (float)(ASSET_ALPHA_CUTOFF / p);",
    "            if (p > 1e30) scale = (float)(ASSET_ALPHA_CUTOFF / p);",
    "unit_alpha")
# AS1: mesh import (src/assets/import.c, docs/import.md): node transforms, normals by the inverse transpose,
# winding kept under a mirroring node, the derived gradient, supplied wind data, the checks of hostile files
mut("AS1-node-transform", "AS1", "src/assets/import.c",
    "    mat_mul(parent, &node->mTransformation, &t);",
    "    t = *parent;\n    (void)mat_mul;",
    "unit_import")
mut("AS1-normal-matrix", "AS1", "src/assets/import.c",
    "    for (int i = 0; i < 9; i++) in->n[i] = s * c[i];",
    "    for (int i = 0; i < 9; i++) in->n[i] = s * m[(i / 3) * 4 + i % 3] + 0.0f * c[i];",
    "unit_import")
mut("AS1-smooth-normals", "AS1", "src/assets/import.c",
    "            for (int j = 0; j < 3; j++) acc[(size_t)face->mIndices[k] * 3 + (size_t)j] += cr[j];",
    "            for (int j = 0; j < 3; j++) acc[(size_t)face->mIndices[k] * 3 + (size_t)j] = cr[j];",
    "unit_import")
mut("AS1-winding", "AS1", "src/assets/import.c",
    "        o[1] = base + face->mIndices[in->flip ? 2 : 1];\n        o[2] = base + face->mIndices[in->flip ? 1 : 2];",
    "        o[1] = base + face->mIndices[1];\n        o[2] = base + face->mIndices[2];",
    "unit_import")
mut("AS1-z-up", "AS1", "src/assets/import.c",
    "    float y = d->z_up ? p[2] : p[1], z = d->z_up ? -p[1] : p[2];",
    "    float y = p[1], z = p[2];",
    "unit_import")
mut("AS1-recentre", "AS1", "src/assets/import.c",
    "    if (d.recentre) recentre(out);",
    "    if (d.recentre) (void)recentre;",
    "unit_import")
mut("AS1-gradient", "AS1", "src/assets/import.c",
    "            float g = height > 0.0f ? v->pos[1] / height : 0.0f;",
    "            float g = height > 0.0f ? 1.0f : 0.0f;",
    "unit_import")
mut("AS1-supplied", "AS1", "src/assets/import.c",
    "        if (mask & SUP_GRADIENT) {",
    "        if (false) {",
    "unit_import")
mut("AS1-nan", "AS1", "src/assets/import.c",
    "            if (!isfinite(p->x) || !isfinite(p->y) || !isfinite(p->z))",
    "            if (false)",
    "unit_import")
mut("AS1-gltf-buffers", "AS1", "src/assets/gltf_check.c",
    "    r = check_buffers(&g, bin_offset, bin_size, glb);",
    "    r = SWARD_OK;",
    "unit_import")
# AS1: the glTF pre-check before assimp (node graph, .glb lengths, index values), the LOD builder's limit
mut("AS1-gltf-nodes", "AS1", "src/assets/gltf_check.c",
    "    if (r == SWARD_OK) r = check_nodes(&g);",
    "    if (false) r = check_nodes(&g);",
    "cli_hostile_assets")
mut("AS1-glb-json-length", "AS1", "src/assets/gltf_check.c",
    "    if (jlen > length - 20u)",
    "    if (false)",
    "cli_hostile_assets")
mut("AS1-gltf-indices", "AS1", "src/assets/gltf_check.c",
    "    if (r == SWARD_OK) r = check_indices(&g);",
    "    if (false) r = check_indices(&g);",
    "cli_hostile_assets")
mut("AS2-builder-limit", "AS2", "src/assets/mesh.c",
    "#define BUILDER_MAX_INDICES (3u * 4u * ASSET_MAX_VERTICES + 4096u)",
    "#define BUILDER_MAX_INDICES (4u * ASSET_MAX_VERTICES)",
    "unit_hostile_assets")
mut("GA7-soft-clamp", "GA7", "shaders/shared/sw_wind.h",
    "    return x * (a + 1.0f) / (x + a);",
    "    return sw_minf(x, a + 1.0f);",
    "unit_alpha gpu_asset_wind")
# AS1, AS2: the generator's baked wind data and size, the LOD chain built up from components
mut("AS1-trunk-dist", "AS1 GA6", "src/assets/generate.c",
    "            float td = t->level == ASSET_LEVEL_TRUNK ? 0.0f : t->base_td + cum[i];",
    "            float td = t->level == ASSET_LEVEL_TRUNK ? 0.0f : t->base_td;",
    "unit_generate")
mut("AS1-branch-dist", "AS1 GA6", "src/assets/generate.c",
    "            v.branch_dist = L * t;",
    "            v.branch_dist = 0.0f * t;",
    "unit_generate")
mut("AS1-pivot", "AS1 GA9", "src/assets/generate.c",
    "            t->pivot = q.pos;",
    "            t->pivot = v3_make(0, 0, 0);",
    "unit_generate")
mut("AS1-fit-size", "AS1", "src/assets/generate.c",
    "    for (int round = 0; round < 3 && r == SWARD_OK; round++) {",
    "    for (int round = 0; round < 0 && r == SWARD_OK; round++) {",
    "unit_generate")
# AS1: the Weber-Penn tree model: the shape ratio, the taper, the curve's sign, the trunk's base splits, pruning
mut("AS1-tree-shape-ratio", "AS1", "src/assets/tree_params.c",
    "    case TREE_SHAPE_HEMISPHERICAL: return 0.2f + 0.8f * sinf(0.5f * PI_F * ratio);",
    "    case TREE_SHAPE_HEMISPHERICAL: return 0.2f + 0.8f * sinf(1.0f * PI_F * ratio);",
    "unit_tree")
mut("AS1-tree-taper", "AS1", "src/assets/tree_grow.c",
    "        float z = (float)(sd->seg0 + j) / (float)res;",
    "        float z = (float)(sd->seg0 + j) / (float)(res + 1u);",
    "unit_tree")
mut("AS1-tree-curve-sign", "AS1", "src/assets/tree_grow.c",
    "        d = norm(rotate_about(d, pl->bend_axis, c * DEG));",
    "        d = norm(rotate_about(d, pl->bend_axis, -c * DEG));",
    "unit_tree")
mut("AS1-tree-base-splits", "AS1", "src/assets/tree_grow.c",
    "            c = p->base_splits;",
    "            c = p->base_splits - 1u;",
    "unit_tree")
mut("AS1-tree-prune", "AS1", "src/assets/tree_grow.c",
    "    if (sd->depth >= 1u && p->prune_ratio > 0.0f) {",
    "    if (sd->depth >= 1u && p->prune_ratio > 9.0f) {",
    "unit_tree")
mut("AS2-card-enlarge", "AS2", "src/assets/lod.c",
    "    l->grow = kept > 0.0 ? (float)sqrt(total_area / kept) : 1.0f;",
    "    l->grow = kept > 0.0 ? 1.0f : 1.0f;",
    "unit_lod")
mut("AS2-wood-budget", "AS2", "src/assets/lod.c",
    "        uint32_t wood_target = (uint32_t)((float)target * wood_share + 0.5f);",
    "        uint32_t wood_target = (uint32_t)((float)target * 4.0f * wood_share + 0.5f);",
    "unit_lod")
# AS2: a tree's trunk simplified apart, shape-keeping only, so that no level drops it
mut("AS2-keep-trunk", "AS2", "src/assets/lod.c",
    "        bool trunk = c->kind == ASSET_KIND_TREE;",
    "        bool trunk = false;",
    "unit_tree")
mut("AS2-split-trunk-budget", "AS2", "src/assets/lod.c",
    "    if (n / 3u > (target / 6u) * 5u / 4u && n / 3u > TRUNK_TUBE_LEAST) {",
    "    if (false) {",
    "unit_tree")
mut("AS2-split-trunk-share", "AS2", "src/assets/lod.c",
    "        n = simplify_part(w, split, trunk_n, share > target / 6u ? share : target / 6u, true, idx);",
    "        n = simplify_part(w, split, trunk_n, share > target / 6u ? share : target / 6u, false, idx);",
    "unit_tree")
mut("AS2-card-order", "AS2", "src/assets/generate.c",
    "    for (uint32_t i = s->card_count; i > 1; i--) {",
    "    for (uint32_t i = s->card_count; i > s->card_count; i--) {",
    "unit_lod")
mut("AS2-billboard", "AS2 AS3", "src/assets/lod.c",
    "    if (bb_cards && lv > 0)",
    "    if (bb_cards && lv > 99)",
    "unit_lod")
# AS3, AS5: impostor bake (depth test, the leaves' alpha test, double-sided foliage normals) and
# texture sets (signed-distance alpha, AS4's coverage-preserving chain)
mut("AS3-depth-test", "AS3", "src/assets/impostor.c",
    "            if (z <= b->depth[i]) continue;",
    "            (void)0;",
    "unit_impostor")
mut("AS3-alpha-test", "AS3", "src/assets/impostor.c",
    "    bool tested = b->leaves && tri[0]->surface != ASSET_SURFACE_BARK;",
    "    bool tested = false;",
    "unit_impostor")
mut("AS3-two-sided", "AS3", "src/assets/impostor.c",
    "    float toward = n[0] * c[0] + n[2] * c[2];",
    "    float toward = 1.0f;",
    "unit_impostor")
mut("AS5-preserve", "AS5 AS4", "src/assets/textures.c",
    "    sward_result r = asset_alpha_build_mips(alpha, size, size, true, &mips, err);",
    "    sward_result r = asset_alpha_build_mips(alpha, size, size, false, &mips, err);",
    "unit_textures")
mut("AS5-signed-distance", "AS5 AS4", "src/assets/textures.c",
    "            alpha[i] = clampf(0.5f + (inside ? d : -d) / (2.0f * spread), 0.0f, 1.0f);",
    "            alpha[i] = inside ? 1.0f : 0.0f + 0.0f * d * spread;",
    "unit_textures")
# AS5 + AS1: the species trees' bark (src/assets/bark.c): each preset's kind, the birch's horizontal lenticels,
# the pine's furrows, the oak's vertical furrows, the seed; the G-buffer reads the set on the species' stems (the
# 640x360 golden's trunks are far and few: byte for byte, SWARD_GOLDEN_EXACT; at 320x180 they are impostors)
mut("AS5-bark-birch-kind", "AS5", "src/assets/bark.c",
    "            bark_texel t = kind == ASSET_BARK_BIRCH    ? birch(dashes, nd, u, v, salt)",
    "            bark_texel t = kind == ASSET_BARK_BIRCH    ? smooth(dashes, nd, u, v, salt)",
    "unit_bark")
mut("AS5-bark-lenticels-across", "AS5", "src/assets/bark.c",
    "make_dashes(dashes, 64, 0.03f, 0.08f, 0.005f, 0.011f, salt + 17u)",
    "make_dashes(dashes, 64, 0.005f, 0.011f, 0.03f, 0.08f, salt + 17u)",
    "unit_bark")
mut("AS5-bark-pine-furrows", "AS5", "src/assets/bark.c",
    "        t.rgb[k] = plate[k] + (0.28f - plate[k]) * f;",
    "        t.rgb[k] = plate[k];",
    "unit_bark")
mut("AS5-bark-pine-colour", "AS5", "src/assets/bark.c",
    "[ASSET_BARK_PLATES] = {0.12f, 0.06f, 0.035f}",
    "[ASSET_BARK_PLATES] = {0.07f, 0.06f, 0.05f}",
    "unit_bark")
mut("AS5-bark-oak-vertical", "AS5", "src/assets/bark.c",
    "    float x = u * ridges + 1.2f * fbm(u, v, 2, 3, 3, salt)",
    "    float x = v * ridges + 1.2f * fbm(u, v, 2, 3, 3, salt)",
    "unit_bark")
mut("AS5-bark-seed", "AS5", "src/assets/bark.c",
    "    uint32_t salt = sw_pcg(seed * 0x27d4eb2du + (uint32_t)kind);",
    "    uint32_t salt = sw_pcg(0u * seed + (uint32_t)kind);",
    "unit_bark")
mut("AS5-bark-preset", "AS5 AS1", "src/assets/tree_params.c",
    " .bark = ASSET_BARK_BIRCH,",
    " .bark = ASSET_BARK_SMOOTH,",
    "unit_bark")
mut("AS5-bark-gpu", "AS5", "shaders/asset_surface.inc.glsl",
    "    if (surface == 0u && (card & 4u) == 0u && bark_set != 0u) {",
    "    if (false) {",
    "cli_golden_forest_edge_640x360", env={"SWARD_GOLDEN_EXACT": "1"})
mut("AS5-bark-uv", "AS5", "src/assets/generate.c",
    "    float u_end = textured ? wraps / SW_BARK_U_RANGE : 0.5f;",
    "    float u_end = 0.5f + 0.0f * wraps;",
    "cli_golden_forest_edge_640x360", env={"SWARD_GOLDEN_EXACT": "1"})
# AS2 for imported meshes (src/assets/chain.c): levels simplified to the kind's ratios, the sloppy fallback
# where meshopt_simplify stops (scattered cards), the generated chains' billboards
mut("AS2-import-simplify", "AS2", "src/assets/chain.c",
    "                n = simplify_level(m, cur, n, target, next, tmp);",
    "                n = simplify_level(m, cur, n, UINT32_MAX / 4u + 0u * target, next, tmp);",
    "unit_chain")
mut("AS2-import-sloppy", "AS2", "src/assets/chain.c",
    "    if (a > 0 && dist(a, goal) * 10u <= goal) return a;",
    "    if (a > 0) return a;",
    "unit_chain")
mut("AS2-import-billboard", "AS2 AS3", "src/assets/chain.c",
    "lv >= bb_from ? out->billboard_cards : 0u,",
    "lv >= bb_from ? 0u : 0u,",
    "unit_chain")
# AS1: the glTF writer's wind data (src/assets/gltf.c, docs/import.md's TEXCOORD_1..5 and COLOR_0) and the
# renderer's (and bake's) import of assets with a mesh path (src/render/asset_chain.c)
mut("AS1-gltf-phase", "AS1 GA6", "src/assets/gltf.c",
    "    case A_T1: o[0] = v->gradient, o[1] = v->phase; break;",
    "    case A_T1: o[0] = v->gradient, o[1] = 0.0f * v->phase; break;",
    "unit_gltf")
mut("AS1-gltf-distances", "AS1 GA6", "src/assets/gltf.c",
    "    case A_T2: o[0] = v->trunk_dist, o[1] = v->branch_dist; break;",
    "    case A_T2: o[0] = v->trunk_dist, o[1] = 0.0f * v->branch_dist; break;",
    "unit_gltf")
mut("AS1-gltf-pivot", "AS1 GA9", "src/assets/gltf.c",
    "    case A_T3: o[0] = v->pivot[0], o[1] = v->pivot[1]; break;",
    "    case A_T3: o[0] = v->pivot[0], o[1] = v->pos[1]; break;",
    "unit_gltf")
mut("AS1-gltf-branch", "AS1 GA6", "src/assets/gltf.c",
    "    case A_T5: o[0] = (float)v->branch, o[1] = 0.0f; break;",
    "    case A_T5: o[0] = 0.0f * (float)v->branch, o[1] = 0.0f; break;",
    "unit_gltf")
mut("AS1-gltf-ao", "AS1", "src/assets/gltf.c",
    "    default: o[0] = o[1] = o[2] = 1.0f, o[3] = v->ao; break;",
    "    default: o[0] = o[1] = o[2] = 1.0f, o[3] = 1.0f + 0.0f * v->ao; break;",
    "unit_gltf")
mut("AS1-import-asset", "AS1 AS2", "src/render/asset_chain.c",
    "    if (a->mesh_path[0]) {",
    "    if (false) {",
    "cli_bake")
# BX1: the compute rasteriser's fill rule (shared/sw_raster.h): centres exactly on an edge belong to the
# triangle only for a top or left edge, so triangles that share an edge cover each pixel once
# BX1: the compute rasteriser's key, resolve and split (gpu_raster compares it with the hardware path)
# BX1: the 32-bit edge functions taken for triangles too large for them (their values overflow)
mut("BX1-raster-small", "BX1", "shaders/raster_triangle.inc.glsl",
    "const int SW_TRI_SMALL = 32767;",
    "const int SW_TRI_SMALL = 65535;",
    "gpu_raster_fill")
mut("BX1-key-depth", "BX1", "shaders/raster_camera.inc.glsl",
    "    uint hi = sw_raster_key_hi(z, g_tile);",
    "    uint hi = sw_raster_id_hi(g_tile);",
    "gpu_raster")
mut("BX1-resolve-t", "BX1", "shaders/resolve.comp.glsl",
    "    blade_vertex g = blade_vertex_at(b, inst >= td.high, slot % per, sw_raster_t(lo), sw_raster_side(lo));",
    "    blade_vertex g = blade_vertex_at(b, inst >= td.high, slot % per, 0.0 * sw_raster_t(lo), sw_raster_side(lo));",
    "gpu_raster")
mut("BX1-resolve-albedo-rows", "BX1", "shaders/resolve.comp.glsl",
    "    s.albedo = mix(grass_albedo(g, t0, blade_in_head(g.head_t0, t0)), grass_albedo(g, t1, blade_in_head(g.head_t0, t1)),",
    "    s.albedo = s.albedo + 0.0 * mix(grass_albedo(g, t0, blade_in_head(g.head_t0, t0)), grass_albedo(g, t1, blade_in_head(g.head_t0, t1)),",
    "gpu_raster")
mut("BX1-split-reach", "BX1", "shaders/raster_split.inc.glsl",
    "    if (dist < SW_RASTER_REACH * hm + SW_RASTER_REACH_M) return -1.0;",
    "",
    "gpu_raster")
mut("BX1-chunk-row", "BX1", "shaders/raster_blades.inc.glsl",
    "                chunk_row(lo, r - (lo > 0u ? s_cscan[lo - 1u] : 0u), W, H);",
    "                chunk_row(lo, 0u, W, H);",
    "gpu_raster")
mut("BX1-split", "BX1", "shaders/draw_args.comp.glsl",
    "    if (n > 0u && (!camera || sw_raster_in_compute(gl_GlobalInvocationID.x, tiles[t], blades[d.first].y))) {",
    "    if (false) {",
    "gpu_raster")
# BX1: the work lists: a tile's batches each one entry (a wrong batch drops blades), the chunked list from
# the buffer's end (entries written over each other drop tiles)
mut("BX1-work-batch", "BX1", "shaders/draw_args.comp.glsl",
    "            uint e = (gl_GlobalInvocationID.x << 5u) | b;",
    "            uint e = (gl_GlobalInvocationID.x << 5u) | (b >> 1u);",
    "gpu_raster")
mut("BX1-work-chunked", "BX1", "shaders/draw_args.comp.glsl",
    "            if (chunked) work[last - (at + b)] = e;",
    "            if (chunked) work[last - at] = e;",
    "gpu_raster")
mut("BX1-work-count", "BX1", "shaders/draw_args.comp.glsl",
    "        atomicMax(work[h], min(end, SW_RASTER_WORK_X));",
    "        atomicMax(work[h], min(end, SW_RASTER_WORK_X) - 1u);",
    "gpu_raster")
mut("BX1-merge", "BX1", "shaders/raster_merge.comp.glsl",
    "    float d = max(texelFetch(depth_tex, ivec2(p), 0).r, key == 0UL ? 0.0 : sw_raster_depth(uint(key >> 32)));",
    "    float d = texelFetch(depth_tex, ivec2(p), 0).r;",
    "gpu_raster")
mut("BX1-shadow-merge", "BX1 LS3", "shaders/shadow.inc.glsl",
    "            if (casters) d = max(d, uintBitsToFloat(sw_shadow_casters[(b.y + j) * int(views[v].width) + b.x + i]));",
    "",
    "gpu_raster")
mut("BX1-shadow-rule", "BX1 LS3", "src/render/plan.c",
    "r->near_blades >= RENDER_SHADOW_RASTER_MIN_BLADES));",
    "r->near_blades >= 1000000000u));",
    "gpu_raster.test_shadow_casters")
mut("BX1-shadow-rule-assets", "BX1 LS3", "src/render/plan.c",
    "(cards == all || r->near_blades",
    "(false || r->near_blades",
    "gpu_raster.test_shadow_casters")
mut("BX1-key-order", "BX1", "shaders/shared/sw_raster.h",
    "    return ((sw_float_bits(depth) >> 4u) << 6u) | sw_raster_id_hi(tile);",
    "    return ((sw_float_bits(depth) >> 4u) << 6u) ^ 0x3ffffc0u | sw_raster_id_hi(tile);",
    "unit_raster_key gpu_raster")
mut("BX1-fill-rule", "BX1", "shaders/shared/sw_raster.h",
    "    return ((dy == 0 && dx > 0) || dy < 0) ? 1 : 0;",
    "    return 1;",
    "gpu_raster_fill")
# PL8, SC4: mesh assets placed per cluster in a fixed random order, culled by cluster bounds, thinned by
# drawing the first n instances; AS2 levels by projected size with screen-door cross-fades; LS3 casters per
# cascade; GA6/GA7/GA9 wind in the vertex program.
mut("SC4-cluster-order", "SC4", "shaders/shared/sw_assets.h",
    "    p ^= p >> 6u;\n    return p;",
    "    p ^= p >> 6u;\n    return k;",
    "unit_asset_place")
mut("PL8-asset-patches", "PL8", "shaders/shared/sw_assets.h",
    "    return sw_keep_in(c.keep, cover, fraction, keep_lo, keep_scale);",
    "    return sw_keep_in(c.keep, 1.0f + 0.0f * cover, fraction, keep_lo, keep_scale);",
    "unit_asset_place")
mut("PL8-grows-on", "PL8", "src/place/assets.c",
    "    return type < 32u && (grows_on >> type & 1u);",
    "    return true;",
    "unit_asset_place")
mut("PL8-grows-on-gpu", "PL8", "shaders/asset_place.comp.glsl",
    "    return type < 32u && ((grows_on >> type) & 1u) != 0u;",
    "    return true;",
    "gpu_assets")
mut("SC4-cluster-cull", "SC4", "shaders/asset_cull.comp.glsl",
    "distance(nearest, eye) < a.draw_distance && box_in_frustum(lo, hi);",
    "distance(nearest, eye) < a.draw_distance;",
    "gpu_assets")
mut("AS2-level", "AS2", "shaders/shared/sw_assets.h",
    "    while (k + 1u < count && px < t[k]) k++;",
    "    while (false) k++;",
    "gpu_assets")
mut("SC5-asset-crossfade", "SC5 AS2", "shaders/asset_cull.comp.glsl",
    "    if (f > 0.0 && level + 1u < a.lod_count) emit(cl.asset, level + 1u, inst, split, fade, w);",
    "",
    "gpu_assets")
# LS3: the mid cascade draws each tree's one card nearest to facing the sun, the others off the view
mut("LS3-mid-one-card", "LS3 AS3", "shaders/asset_vertex.inc.glsl",
    "        o.hidden = shadow && delta > half_step;",
    "        o.hidden = false;",
    "gpu_assets")
mut("LS3-mid-card-sun", "LS3 AS3", "shaders/asset_vertex.inc.glsl",
    "        vec2 to_eye = shadow ? vec2(frame.sun_x, frame.sun_z) : vec2(VIEW.cam_x, VIEW.cam_z) - o.world.xz;",
    "        vec2 to_eye = vec2(VIEW.cam_x, VIEW.cam_z) - o.world.xz;",
    "gpu_assets")
mut("LS3-mid-card-cull", "LS3 AS3", "shaders/asset_depth_vert.inc.glsl",
    "    gl_Position = p.hidden ? vec4(2.0, 2.0, 2.0, 1.0) : sw_mat4(VIEW.view_proj) * vec4(p.world, 1.0);",
    "    gl_Position = sw_mat4(VIEW.view_proj) * vec4(p.world, 1.0);",
    "gpu_assets")
mut("LS3-mid-only-tall", "LS3", "src/render/plan.c",
    "    const bool mid_layer = cfg->asset_count > 0 && cfg->mid_casters != 0;",
    "    const bool mid_layer = cfg->asset_count > 0;",
    "gpu_assets")
# AS4: the alpha test reads the sets' alpha chains from an R8 image array
mut("AS4-alpha-image-channel", "AS4 AS5", "src/render/asset_textures.c",
    "            for (uint32_t i = 0; i < n; i++) *o++ = sets[layer].a[l][4 * i + 3];",
    "            for (uint32_t i = 0; i < n; i++) *o++ = sets[layer].a[l][4 * i + 2];",
    "gpu_asset_compute")
mut("AS4-alpha-image-layer", "AS4 AS5", "shaders/asset_alpha.inc.glsl",
    "    return texture(asset_alpha, vec3(uv, float(surface - 1u))).r;",
    "    return texture(asset_alpha, vec3(uv, 0.0)).r;",
    "gpu_asset_compute")
mut("LS3-asset-casters", "LS3", "shaders/asset_cull.comp.glsl",
    "uint level = pc.view == SW_VIEW_NEAR ? a.shadow_near_lod : a.shadow_mid_lod;",
    "uint level = a.shadow_mid_lod;",
    "gpu_assets")
mut("GA6-asset-wind", "GA6 GA7 GA9", "shaders/asset_vertex.inc.glsl",
    "    if (mag <= 0.0 || (a.flags & SW_ASSET_NO_WIND) != 0u) return p;",
    "    return p;",
    "gpu_assets")
# GA6, GA7, GA9 against the formulas at the vertices (gpu_asset_wind)
mut("GA6-trunk-leaf-swap", "GA6", "shaders/asset_vertex.inc.glsl",
    "    float trunk01 = float((v.wind >> 8) & 255u) / 255.0;",
    "    float trunk01 = float((v.wind >> 16) & 255u) / 255.0;",
    "gpu_asset_wind")
mut("GA6-branch-sway", "GA6", "shaders/asset_vertex.inc.glsl",
    "            float sway = sin(t * 1.7 + phase) * (0.35 + mag);",
    "            float sway = 0.0;",
    "gpu_asset_wind")
mut("GA6-leaf-flutter", "GA6", "shaders/asset_vertex.inc.glsl",
    "            q += n * (0.04 + 0.12 * mag) * max(leaf01, 0.15) * a.leaf_len * scale;",
    "            q += n * 0.0;",
    "gpu_asset_wind")
mut("GA6-trunk-bend", "GA6", "shaders/asset_vertex.inc.glsl",
    "        vec3 q = sw_rotate(p, axis, bend * hy * hy);",
    "        vec3 q = sw_rotate(p, axis, bend * hy);",
    "gpu_asset_wind")
mut("GA7-soft-clamp-use", "GA7", "shaders/asset_vertex.inc.glsl",
    "        float lean = sw_soft_clamp(mag * 2.0, 0.5) * 0.45;",
    "        float lean = mag * 2.0 * 0.45;",
    "gpu_asset_wind")
mut("GA9-flower-turn", "GA9", "shaders/asset_vertex.inc.glsl",
    "    float angle = (0.6 * mag + 0.12 * sin(t * 2.9 + phase) * (0.4 + mag)) * gradient;",
    "    float angle = (0.6 * mag + 0.12 * sin(t * 2.9 + phase) * (0.4 + mag));",
    "gpu_asset_wind")
mut("PL8-asset-draw", "PL8 AS1", "src/render/passes/asset_draw.c",
    "    if (!c->config->asset_count || !c->work->cluster_count) return;\n    vkCmdBindIndexBuffer",
    "    return;\n    vkCmdBindIndexBuffer",
    "gpu_assets")

# GA3: the wind field (shaders/shared/sw_wind_field.h, src/wind/field.c, wind_field.inc.glsl, cull.comp.glsl)
mut("GA3-damping", "GA3", "src/wind/field.c",
    "const double m[2][2] = {{0.0, h}, {-w * w * h, -2.0 * z * w * h}}; /* M h */",
    "const double m[2][2] = {{0.0, h}, {-w * w * h, 0.0 * z}}; /* M h */",
    "unit_wind_field")
mut("GA3-rest-start", "GA3", "shaders/shared/sw_wind_field.h",
    "    rest.v = 0.0f;",
    "    rest.v = 0.2f;",
    "unit_wind_field")
mut("GA3-window", "GA3", "src/wind/field.c",
    "    return steps < 2.0 ? 2 : (int)steps;",
    "    return steps < 2.0 ? 2 : 30;",
    "unit_wind_field")
mut("GA3-edge-blend", "GA3", "shaders/shared/sw_wind_field.h",
    "    c.w = ws;",
    "    c.w = w > 0.0f ? 1.0f : 0.0f;",
    "unit_wind_field gpu_wind_field")
mut("GA3-glsl-gain", "GA3", "shaders/wind_field.inc.glsl",
    "    float gain = sw_field_gain(category);",
    "    float gain = 1.0;",
    "gpu_wind_field")
mut("SC1-cache-key", "SC1", "src/place/cache.c",
    "        if (sl->held && sl->ti == ti && sl->tj == tj) {\n            sl->used = c->stamp;",
    "        if (sl->held) {\n            sl->used = c->stamp;",
    "unit_tile_cache gpu_tile_cache")
mut("SC1-k-limit", "SC1", "src/place/cache.c",
    "            if (!teleport) budget--;",
    "            (void)0;",
    "unit_tile_cache")
mut("SC1-teleport", "SC1", "src/render/setup.c",
    "    bool teleport = !r->tiles.primed || !(dx * dx + dy * dy + dz * dz <= jump * jump);",
    "    bool teleport = !r->tiles.primed;",
    "gpu_tile_cache")
mut("SC1-teleport-all", "SC1", "src/place/cache.c",
    "        place_cache_nearest_first(c->want, wants, teleport || budget >= wants ? wants : budget);",
    "        place_cache_nearest_first(c->want, wants, budget >= wants ? wants : budget);\n        teleport = false;",
    "unit_tile_cache")
mut("SC1-nearest-first", "SC1", "src/place/cache.c",
    "    if (a->dist2 != b->dist2) return a->dist2 < b->dist2 ? -1 : 1;",
    "    if (a->dist2 != b->dist2) return a->dist2 > b->dist2 ? -1 : 1;",
    "unit_tile_cache")
# under K the camera's needed tiles before the near cascade's, which reach around the eye (nearer than the camera's)
mut("SC1-camera-first", "SC1", "src/place/cache.c",
    "    if (a->list != b->list) return a->list < b->list ? -1 : 1;",
    "    if (a->list != b->list) return a->list > b->list ? -1 : 1;",
    "unit_tile_cache")
mut("SC1-lists-by-distance", "SC1", "src/place/cache.c",
    "    if (a->list != b->list) return a->list < b->list ? -1 : 1;",
    "",
    "unit_tile_cache")
mut("SC1-budget", "SC1", "src/place/cache.c",
    "    if (total > allowed) {",
    "    if (total > allowed && false) {",
    "unit_tile_cache")
# SC1 for the mesh assets (src/place/clusters.c): a slot holds the cluster it was placed for, (asset, i, j)
mut("SC1-cluster-key", "SC1", "src/place/clusters.c",
    "                const bool has = sl->held && sl->ti == i && sl->tj == j;",
    "                const bool has = sl->held && sl->ti == i;",
    "unit_cluster_cache")
# a cluster held is drawn from its slot, not placed again every frame
mut("SC1-cluster-replaced", "SC1", "src/place/clusters.c",
    "                const bool has = sl->held && sl->ti == i && sl->tj == j;",
    "                const bool has = false;",
    "unit_cluster_cache gpu_cluster_cache")
mut("SC1-cluster-k", "SC1", "src/place/clusters.c",
    "        if (!free_now) budget--;",
    "        (void)0;",
    "unit_cluster_cache gpu_cluster_cache")
# under K the clusters the camera sees before the rest of the reach (the shadow views' casters), even if nearer
mut("SC1-cluster-camera-first", "SC1", "src/place/clusters.c",
    "c->want[wants++] = (place_cache_want){d2, cam ? 0u : 1u, (uint32_t)n, i, j, a};",
    "c->want[wants++] = (place_cache_want){d2, 0u * cam, (uint32_t)n, i, j, a};",
    "unit_cluster_cache")
mut("SC1-cluster-budget", "SC1", "src/place/clusters.c",
    "    if (total > allowed) {",
    "    if (total > allowed && false) {",
    "unit_cluster_cache")
mut("SC1-cluster-teleport", "SC1", "src/render/assets.c",
    "    bool teleport = !ra->primed || !(dx * dx + dy * dy + dz * dz <= jump * jump);",
    "    bool teleport = !ra->primed;",
    "gpu_cluster_cache")
mut("SC2-ahead", "SC2", "src/place/cache.c",
    "        if (!budget || c->reach[m] <= 0.0) continue; /* a level never drawn (class_reach) */\n        const double lag",
    "        if (budget || !budget) continue;\n        const double lag",
    "unit_tile_cache")
mut("SC2-crescent", "SC2", "src/place/cache.c",
    "            consider(c, scene, idx, m, ti, tj, d2, wants);",
    "            (void)d2;",
    "unit_tile_cache")
mut("SC2-ahead-gpu", "SC2", "src/render/passes/place.c",
    "    uint32_t tiles = batch ? c->work->place_ahead : c->work->place_now;",
    "    uint32_t tiles = batch ? 0u : c->work->place_now;",
    "gpu_tile_cache")
mut("GA3-grass-sample", "GA3", "shaders/cull.comp.glsl",
    "vec2 wp = sw_field_push(sw_field_sample(SW_WIND_CAT_GRASS, vec2(c.x, c.z)), m.stiffness);",
    "vec2 wp = vec2(0.0);",
    "gpu_placement")
# BX5: streamed world data (shaders/shared/sw_ring.h, src/world/stream.c, world_file.c,
# src/render/world_stream.c, docs/world-format.md)
mut("BX5-ring-index", "BX5", "shaders/shared/sw_ring.h",
    "    x = x >= ring ? x - ring : x;",
    "    x = x >= ring ? x : x;",
    "unit_world_stream gpu_world_stream")
mut("BX5-recentre", "BX5", "src/world/stream.c",
    "    if (!st) return false;\n    const int P = st->page;",
    "    if (!st || st->hf_pi != NOT_LOADED) return false;\n    const int P = st->page;",
    "unit_world_stream gpu_world_stream")
mut("BX5-presence-leave", "BX5", "src/world/stream.c",
    "if (!in_window(a, pi, n) || !in_window(b, pj, n)) page_presence(t, st->page, a, b, NULL);",
    "if (!in_window(a, pi, n) || !in_window(b, pj, n)) (void)t;",
    "unit_world_stream")
mut("BX5-generated-page", "BX5", "src/world/stream.c",
    "out[b * page + a] = st ? world_fbm_height(t, i, j) : world_height_at(t, i, j);",
    "out[b * page + a] = st ? 0.0f : world_height_at(t, i, j);",
    "unit_world_stream")
mut("BX5-page-upload", "BX5", "src/render/world_stream.c",
    "        if (nh) vkCmdCopyBuffer(cmd, src, r->bufs.height_buf.buffer, nh, h);",
    "        if (nh && false) vkCmdCopyBuffer(cmd, src, r->bufs.height_buf.buffer, nh, h);",
    "gpu_world_stream")
mut("BX5-map-upload", "BX5", "src/render/world_stream.c",
    "            vkCmdCopyBuffer(cmd, src, r->bufs.type_map_buf.buffer, nm, ty);",
    "            (void)ty;",
    "gpu_world_stream")
mut("BX5-mesh-window", "BX5", "src/render/passes/terrain.c",
    "        .i0 = f->hf_i0 / step,",
    "        .i0 = 0 * f->hf_i0 / step,",
    "gpu_world_stream")
mut("BX5-tile-index", "BX5", "src/render/renderer.c",
    "    if (!scene->terrain.stream) place_tile_index_build(scene, &r->tiles.index);",
    "    place_tile_index_build(scene, &r->tiles.index);",
    "gpu_world_stream")
mut("BX5-bake-grass", "BX5", "src/world/world_file.c",
    "        grass[k] = (float)v / 65535.0f;",
    "        grass[k] = (float)v / 65536.0f;",
    "unit_world_stream cli_bake_world")
# BX7: the windows' pages on page jobs (src/world/page_jobs.c, stream_jobs.c, src/render/world_stream.c,
# docs/streaming.md): sward's threads make them (not the calling thread), the renderer's worker count reaches
# them, the queue is taken nearest first, a jump cancels what left the windows, a tile reads only pages that
# arrived, frames without no_wait (stills) wait for every page, and a frame puts at most its budget of pages
mut("BX7-threads", "BX7", "src/world/page_jobs.c",
    "    if (!cfg->run_job && cfg->threads > 0) {",
    "    if (false) {",
    "unit_page_jobs gpu_stream_flight")
mut("BX7-worker-count", "BX7", "src/render/world_stream.c",
    "        .threads = sm->run_job ? 0 : sm->workers, .run_job = sm->run_job,",
    "        .threads = 0 * sm->workers, .run_job = sm->run_job,",
    "gpu_stream_flight")
mut("BX7-nearest-first", "BX7", "src/world/page_jobs.c",
    "        if (q->queue[k].order < q->queue[best].order) best = k;",
    "        if (false) best = k;",
    "unit_page_jobs")
mut("BX7-cancel", "BX7", "src/world/page_jobs.c",
    "            q->queue[k] = q->queue[--q->queued], dropped++;",
    "            k++;",
    "unit_page_jobs")
mut("BX7-holds-arrived", "BX7", "src/world/stream.c",
    "            if (slot[slot_of(a, b, n)] != b * pages + a) return false;",
    "            (void)slot;",
    "unit_page_jobs gpu_stream_flight")
# BX7: the ground reads the overview where a height slot does not hold its page yet (the slot table)
mut("BX7-ground-slot-table", "BX7", "shaders/terrain_lod.inc.glsl",
    "        if (floatBitsToInt(heights[at]) != pj * frame.hf_pages + pi) return sw_overview_height(ci, cj);",
    "        if (at < 0) return sw_overview_height(ci, cj);",
    "gpu_stream_flight")
mut("BX7-still-waits", "BX7", "src/render/world_stream.c",
    "    const bool wait = !r->streaming.no_wait;",
    "    const bool wait = false;",
    "gpu_world_stream")
# BX7: a frame's page requests counted (the flight's worst frames say why)
mut("BX7-pages-requested", "BX7", "src/world/stream_jobs.c",
    "    st->pages_requested++;",
    "",
    "gpu_stream_flight")
mut("BX7-upload-budget", "BX7", "src/world/stream_jobs.c",
    "    while ((wait || put < max_pages) && world_jobs_take(st->jobs, &job)) {",
    "    while ((wait || true) && world_jobs_take(st->jobs, &job)) {",
    "unit_page_jobs")
# BX7: the pages cross to the device on a transfer queue (upload_queue.c; the test hook SWARD_TEST_TRANSFER_QUEUE
# stands the graphics queue in for one on lavapipe): the frame's submit waits for the upload's semaphore value,
# the upload fills the landing buffer, and the frame copies landing -> rings
mut("BX7-transfer-wait", "BX7", "src/render/upload_queue.c",
    "    const bool wait = s && s->stream.transfer_submits && r->upload_queue.timeline;",
    "    const bool wait = false;",
    "gpu_world_stream.streamed_through_a_transfer_queue")
mut("BX7-transfer-landing", "BX7", "src/render/upload_queue.c",
    "    vkCmdCopyBuffer(c, s->world_upload.buffer, s->world_landing.buffer, 1, &(VkBufferCopy){0, 0, bytes});",
    "",
    "gpu_world_stream.streamed_through_a_transfer_queue")
mut("BX7-transfer-ring-copy", "BX7", "src/render/world_stream.c",
    "    if (res == SWARD_OK) {\n        gpu_barrier_memory(cmd, GPU_ACCESS_ALL, GPU_ACCESS_TRANSFER_WRITE);",
    "    if (res == SWARD_OK && !render_upload_queue_on(r)) {\n        gpu_barrier_memory(cmd, GPU_ACCESS_ALL, GPU_ACCESS_TRANSFER_WRITE);",
    "gpu_world_stream.streamed_through_a_transfer_queue")

# BX5: the flight benchmark's camera path (scene "flight") and `sward bench` flying it
mut("BX5-flight-cut", "BX5", "src/world/scene_flight.c",
    "        if (f->keys[i].cut && (double)f->keys[i].time > t_prev && (double)f->keys[i].time <= t) return true;",
    "        if (false && (double)f->keys[i].time > t_prev && (double)f->keys[i].time <= t) return true;",
    "unit_scene_flight")
mut("BX5-flight-hold", "BX5", "src/world/scene_flight.c",
    "        if (!b->cut) u = (t - (double)a->time) / ((double)b->time - (double)a->time);",
    "        u = (t - (double)a->time) / ((double)b->time - (double)a->time);",
    "unit_scene_flight")
mut("BX5-flight-lerp", "BX5", "src/world/scene_flight.c",
    "        eye[d] = (float)((double)a->eye[d] + ((double)b->eye[d] - (double)a->eye[d]) * u);",
    "        eye[d] = a->eye[d];",
    "unit_scene_flight")
mut("BX5-flight-camera", "BX5", "src/app/bench_flight.c",
    "            sward_frame_desc fd = {.time = (float)((double)rs.time + (double)cam.time), .eye = cam.eye,",
    "            sward_frame_desc fd = {.time = (float)((double)rs.time + (double)cam.time), .eye = NULL,",
    "cli_flight")
mut("BX5-fill-missing", "BX5", "src/app/flight_stats.c",
    "        in_fill = frames[i].teleport || (in_fill && frames[i].tiles_missing > 0);",
    "        in_fill = frames[i].teleport;",
    "unit_flight_stats")
mut("BX5-ready-without-fill", "BX5", "src/app/flight_stats.c",
    "        if (!ready_only || !frames[i].fill) v[s.n++] = flight_value(&frames[i], series);",
    "        v[s.n++] = flight_value(&frames[i], series);",
    "unit_flight_stats")
# BX7: the flight judged on what a player feels: the wall series is the wall's, judged without the fills
mut("BX7-wall-on-gpu", "BX7", "src/app/flight_stats.c",
    "    case FLIGHT_WALL: return f->wall_ms;",
    "    case FLIGHT_WALL: return f->gpu_ms;",
    "unit_flight_stats")
mut("BX7-wall-over-fills", "BX7", "src/app/flight_stats.c",
    "    s.wall_ready = span(frames, n, FLIGHT_WALL, true);",
    "    s.wall_ready = span(frames, n, FLIGHT_WALL, false);",
    "unit_flight_stats")
# BX7: the rendering thread's CPU ceiling, the caller's (--cpu-max-ms), judged
mut("BX7-cpu-ceiling-ignored", "BX7", "src/app/flight_stats.c",
    "    s.crit_cpu = isfinite(s.cpu.max) ? s.cpu.max <= cpu_ceiling_ms : -1;",
    "    s.crit_cpu = isfinite(s.cpu.max) ? 1 : -1;",
    "unit_flight_stats cli_flight")
mut("BX7-cpu-ceiling-default", "BX7", "src/app/flight_stats.c",
    "    s.crit_cpu = isfinite(s.cpu.max) ? s.cpu.max <= cpu_ceiling_ms : -1;",
    "    s.crit_cpu = isfinite(s.cpu.max) ? s.cpu.max <= FLIGHT_CPU_CEILING_MS : -1;",
    "unit_flight_stats")
# BX7: the worst frames, largest first
mut("BX7-worst-order", "BX7", "src/app/flight_stats.c",
    "    return x > y || (x == y && a < b);",
    "    return x < y || (x == y && a < b);",
    "unit_flight_stats cli_flight")
# BX7: the bench measures the wall from the submit to the fence, and the thread's CPU over submit and wait
mut("BX7-wall-measured", "BX7", "src/app/bench_flight.c",
    "        fs->wall_ms = done_ms - start[(k - 1) % 2];",
    "        fs->wall_ms = s.cpu.frame_ms;",
    "cli_flight")
mut("BX7-cpu-thread-record-only", "BX7", "src/app/bench_flight.c",
    "        fs->cpu_thread_ms = submit_cpu[(k - 1) % 2] + wait_cpu;",
    "        fs->cpu_thread_ms = s.cpu.thread_ms * 0.5;",
    "cli_flight")
mut("BX5-flat", "BX5", "src/app/flight_stats.c",
    "    if (m.max > 0) m.flat = (double)(m.max - m.min) / (double)m.max;",
    "    if (m.max > 0) m.flat = 0.0;",
    "unit_flight_stats")
mut("BX5-plot-zero", "BX5", "src/app/plot.c",
    "    if (p->y_from_zero && !p->log_y && ymn > 0.0) ymn = 0.0;",
    "",
    "unit_plot")
mut("BX5-plot-marks", "BX5", "src/app/plot.c",
    "    for (size_t i = 0; i < p->mark_count; i++) {",
    "    for (size_t i = 0; i < 0 * p->mark_count; i++) {",
    "cli_flight unit_plot")

# TL1: the viewer (`sward view`): screenshots, feature keys, camera, hot reload, errors in the HUD
mut("TL1-screenshot-still", "TL1", "src/app/cmd_view.c",
    "    sward_frame_desc fd = frame_desc(v, eye, target, 0);",
    "    sward_frame_desc fd = frame_desc(v, eye, target, -1);",
    "cli_view")
mut("TL1-feature-key", "TL1", "src/app/cmd_view.c",
    "        v->feature[f] = on ? 0 : 1;",
    "        v->feature[f] = on ? 1 : 0;",
    "cli_view")
mut("TL1-camera", "TL1", "src/app/cmd_view.c",
    "    if (v->cam.moved) { /* else the scene's own camera, exactly */",
    "    if (false) {",
    "cli_view")
mut("TL1-reload", "TL1", "src/app/view_watch.c",
    "        changed = true;",
    "        changed = false;",
    "cli_view")
mut("TL1-watch-images", "TL1", "src/app/view_watch.c",
    "        const char *p = sward_scene_file(scene, i);",
    "        const char *p = i ? NULL : sward_scene_file(scene, i);",
    "cli_view")
mut("TL1-keep-last-good", "TL1", "src/app/cmd_view.c",
    "        if (first) return app_fail(r, &err);",
    "        return app_fail(r, &err);",
    "cli_view")
mut("TL1-hud-error", "TL1", "src/app/cmd_view.c",
    "    if (v->error[0]) {\n        const char *p = v->error; /* long messages wrap */",
    "    if (false) {\n        const char *p = v->error;",
    "cli_view")
mut("TL1-resize", "TL1", "src/app/cmd_view.c",
    "    if (ww && wh && (ww != rw || wh != rh)) {",
    "    if (false) {",
    "cli_view")
mut("TL1-line-column", "TL1", "src/world/json_locate.c",
    "        found = k.pos;",
    "        (void)0;",
    "unit_scene_locate cli_view")
mut("TL1-scene-files", "TL1", "src/world/scene_files.c",
    "    paths[n++] = t->heightmap_path;",
    "",
    "unit_scene_locate cli_view")

# TL3: `sward bench --plot` on a still scene draws one bar per GPU pass (src/app/plot.c, cmd_bench.c)
mut("TL-plot-bars", "TL3", "src/app/cmd_bench.c",
    "    if (plot) {\n        if ((r = bench_plot_bars(",
    "    if (0 && plot) {\n        if ((r = bench_plot_bars(",
    "cli_bench_plot")
mut("TL-plot-sweep-bars", "TL3 BX1", "src/app/bench.c",
    "            if (k == 1 && dens[i] > densest_d) {",
    "            if (k == 1 && dens[i] > densest_d && 0) {",
    "cli_bench_plot")
mut("TL-plot-bar-width", "TL3", "src/app/plot.c",
    "w = axis_px(&ax, r->value) - BARS_X0;",
    "w = 0.5 * (BARS_X1 - BARS_X0) + 0.0 * r->value;",
    "unit_plot cli_bench_plot")
mut("TL-plot-bar-min", "TL3", "src/app/plot.c",
    "            double mxp = axis_px(&ax, r->mark);",
    "            double mxp = axis_px(&ax, r->value);",
    "unit_plot cli_bench_plot")
mut("TL-plot-bar-escape", "TL3", "src/app/plot.c",
    'text-anchor=\\"end\\">", BARS_X0 - 8.0, y + 12.5);\n        sb_text(b, r->name);',
    'text-anchor=\\"end\\">", BARS_X0 - 8.0, y + 12.5);\n        sb_printf(b, "%s", r->name ? r->name : "");',
    "unit_plot")

# TL2: docs/scene.schema.json states the loader's rules (tests/schema/test_schema.py): a schema that
# allows more or less than the loader, or a loader that drops a check the schema states, fails schema_rules
mut("TL2-schema-max", "TL2", "docs/scene.schema.json",
    '"maximum": 170,',
    '"maximum": 180,',
    "schema_rules")
mut("TL2-schema-min", "TL2", "docs/scene.schema.json",
    '"description": "Preetham\'s T: 2 very clear, 3 clear, 6 hazy, 10 thin fog",\n          "type": "number",\n          "minimum": 1.7,',
    '"description": "Preetham\'s T: 2 very clear, 3 clear, 6 hazy, 10 thin fog",\n          "type": "number",\n          "minimum": 1.8,',
    "schema_rules")
mut("TL2-schema-unknown", "TL2", "docs/scene.schema.json",
    '"default": 0\n            }\n          },\n          "additionalProperties": false',
    '"default": 0\n            }\n          },\n          "additionalProperties": true',
    "schema_rules")
mut("TL2-loader-range", "TL2", "src/world/scene_parse.c",
    'sj_number(c, o, "camera", "fov", RANGE(1.0, 170.0), &cam->fov_y)',
    'sj_number(c, o, "camera", "fov", RANGE(1.0, 179.0), &cam->fov_y)',
    "schema_rules")
mut("TL2-loader-schema-key", "TL2", "src/world/scene_parse.c",
    '"flight",  "exposure_areas", "$schema"};',
    '"flight",  "exposure_areas", "$schema-"};',
    "schema_rules")
# TL1: video through ffmpeg, the progress bar, HDR (EXR) output
mut("MD-video-rate", "", "src/app/video.c",
    'snprintf(rate, sizeof rate, "%.10g", fps);',
    'snprintf(rate, sizeof rate, "%.10g", 25.0 + 0.0 * fps);',
    "cli_video")
mut("MD-video-frames", "", "src/app/cmd_render.c",
    "if (video && (rc = app_video_frame(video, img.pixels))) {",
    "if (video && k % 2 == 0 && (rc = app_video_frame(video, img.pixels))) {",
    "cli_video")
mut("MD-progress-tty", "", "src/app/progress.c",
    "p->on = wanted && total > 1 && isatty(STDERR_FILENO);",
    "p->on = wanted && total > 1;",
    "cli_video")
mut("MD-progress-none", "", "src/app/progress.c",
    "p->on = wanted && total > 1 && isatty(STDERR_FILENO);",
    "p->on = false && wanted && isatty(STDERR_FILENO);",
    "cli_video")
mut("MD-exr-pre-tonemap", "", "shaders/hdr_out.comp.glsl",
    "pixels[uint(px.y) * VIEW.width + uint(px.x)] = vec4(post_input(px), 1.0);",
    "pixels[uint(px.y) * VIEW.width + uint(px.x)] = vec4(imageLoad(resolved, px).rgb, 1.0);",
    "gpu_exr")
mut("MD-exr-hdr-copy", "", "src/render/standalone.c",
    "        vkCmdCopyBuffer(cmd, render_buffer(r, RES_HDR_OUT, 0)->buffer, s->hdr_pixels.buffer, 1,\n"
    "                        &(VkBufferCopy){0, 0, s->hdr_pixels.size});",
    "        (void)s->hdr_pixels.size;",
    "gpu_exr")
mut("MD-exr-channels", "", "src/core/exr.c",
    "while (comp < 3 && strcmp(ch->channel_name, names[comp]) != 0) comp++;",
    "comp = c;",
    "gpu_exr")
mut("MD-exr-exposure", "", "src/render/standalone.c",
    "        hdr->exposure = st.exposure.linear;",
    "        hdr->exposure = r->scene->render.settings.exposure;",
    "gpu_exr")
# The versioned sward_frame_stats: a struct_size other than this sward's is refused, not filled or read
mut("API-stats-size", "", "src/render/frame.c",
    "    if (!stats || stats->struct_size == sizeof *stats) return SWARD_OK;",
    "    return SWARD_OK;",
    "gpu_frames.stats_of_another_size_refused")
mut("API-stats-size-pass-ms", "", "src/render/standalone.c",
    "    if (!stats || !name || stats->struct_size != sizeof *stats) return -1.0;",
    "    if (!stats || !name) return -1.0;",
    "gpu_frames.stats_of_another_size_refused")
mut("MD-exr-exposure-attr", "", "src/core/exr.c",
    "    if (rv == EXR_ERR_SUCCESS && image->exposure > 0.0f) rv = exr_attr_set_float(f, part, \"swardExposure\", image->exposure);",
    "",
    "gpu_exr")
mut("PO4-warmup-meter", "PO4", "src/render/plan.c",
    "    p->auto_exposure = wr->settings.auto_exposure.enabled;",
    "    p->auto_exposure = wr->settings.auto_exposure.enabled && !p->history_only;",
    "gpu_exposure")
mut("PO4-still-bookkeeping", "PO4", "src/render/camera.c",
    "            f.exposure_dt = r->taa.constants.exposure_dt;",
    "            f.exposure_dt = r->taa.constants.exposure_dt; f.flags ^= r->frame.flags & SW_FLAG_EXPOSURE_KEPT;",
    "gpu_exposure")
mut("TL3-cpu-tiles", "TL3", "src/render/setup.c",
    "    t->cpu_ms = core_now_ms() - t0;",
    "    (void)t0;",
    "cli_render")
# Output files: temporaries renamed as one set, removed on SIGINT, SIGTERM and SIGHUP (src/core/atomic.c)
mut("MD-commit-set", "", "src/core/atomic.c",
    "    sward_result r = core_atomic_commit_all(b->files, b->count, err);",
    "    sward_result r = SWARD_OK; for (int k = 0; k < b->count && r == SWARD_OK; k++) r = core_atomic_commit(b->files[k], err);",
    "cli_interrupt")
mut("MD-signal-removes", "", "src/core/atomic.c",
    "    if (atomic_compare_exchange_strong(&state, &idle, STATE_ENDING)) {\n        core_atomic_remove_all();",
    "    if (atomic_compare_exchange_strong(&state, &idle, STATE_ENDING)) {",
    "cli_interrupt")
mut("MD-signal-handler", "", "src/app/main.c",
    "    app_signals_install();",
    "",
    "cli_interrupt")
mut("MD-gltf-stamp", "", "src/assets/gltf_check.c",
    "            sward_result r = check_stamp(g, i, uri->valuestring, o, b);",
    "            sward_result r = SWARD_OK;",
    "cli_interrupt")
# messages that name what the user gave; refusals before the costly work (tests/cli/test_messages.sh)
mut("MSG-exposure-set-field", "PO4", "src/world/scene_exposure.c",
    "        if (o && !sj_member(o, \"max_ev\"))",
    "        if (0)",
    "cli_messages")
mut("MSG-script-fifo", "", "src/app/cmd_view.c",
    "        script_file = core_open_regular(script, &serr, &sr);",
    "        script_file = fopen(script, \"r\");",
    "cli_messages")
mut("AS1-unused-mesh", "AS1", "src/assets/gltf_check.c",
    "    if (held == 0)",
    "    if (0)",
    "cli_messages")
mut("AS1-obj-precheck", "AS1", "src/assets/import.c",
    "    r = strcmp(ext, \"obj\") == 0 ? assets_obj_precheck(path, max_v, err)",
    "    r = strcmp(ext, \"obj\") == 0 ? SWARD_OK",
    "cli_messages")
mut("AS2-device-limit-first", "AS2", "src/render/assets.c",
    "    if (!res) res = check_mesh_buffers(r, verts, idx, true, err);",
    "    (void)verts;",
    "cli_messages")

# The frame work budget (docs/scene-format.md "Budgets"): the estimate's 1/d^2, the eye-height clamp, the near
# cascade's casters and the CPU device's limit
mut("BUD-frame-inverse-square", "", "src/world/frame_budget.c",
    "    if (D > r1) sum += b * log(fmin(r2, D) / r1);",
    "    if (D > r1) sum += b * (fmin(r2, D) - r1);",
    "unit_frame_budget")
mut("BUD-frame-eye-height", "", "src/world/frame_budget.c",
    "    return fmax(h, (double)s->camera.near_plane);",
    "    return fmax(h + 1.0, (double)s->camera.near_plane);",
    "unit_frame_budget")
mut("BUD-frame-shadow-casters", "", "src/world/frame_budget.c",
    "            texels = rho * PI * r * r * fmax(1.0, area * texels_per_m2);",
    "            texels = 0.0;",
    "unit_frame_budget cli_frame_budget")
# a species tree's size from its overridden, class-shaped parameters (asset_tree_estimate), and a forest class's
# asset at its class's scale factor
mut("BUD-frame-tree-overrides", "", "src/assets/tree_params.c",
    "        !tree_params_of(d, &p, NULL))",
    "        !(p = *tree_preset(d->species)).name)",
    "unit_frame_budget unit_tree")
mut("BUD-frame-forest-class-scale", "", "src/world/frame_budget.c",
    "        if (a->forest_classes == 1u << cls) scale = fmax((double)a->scale[1] * a->forest_scale[cls - 1], 1e-6);",
    "        (void)cls;",
    "unit_frame_budget")
mut("BUD-frame-cpu-device", "", "src/render/renderer.c",
    "    if (ctx->dev.props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU && !scene->budget.frame_work) {",
    "    if (ctx->dev.props.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU && !scene->budget.frame_work) {",
    "cli_frame_budget")
