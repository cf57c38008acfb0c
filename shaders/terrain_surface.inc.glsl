// terrain_surface.inc.glsl — the ground's material at a point (SPEC SH2, SC7), one function for both of its
// paths: the vertex shader of the ground's G-buffer pass (terrain.vert.glsl, per vertex; a host's frame, or
// sward's own without the depth prime) and the compute resolve of the ground (terrain_resolve.comp.glsl, per
// pixel at the pixel's own position: BX6). Include after common.inc.glsl.
//
// An albedo that carries the grass (SC7, Ghost of Tsushima far field): where the PL1 maps are uploaded
// (frame.map_res > 0) each of the four map texels around the point gives its grass type's far look, baked from
// its blades at renderer creation (src/place/far_look.c: the albedo and AO the eye sees of a patch, its cover by
// the view's elevation, its roughness and gloss), weighted by the grass-height map, blended bilinearly between
// the texels' centres, so fields beyond the blade distance keep their colour (red-flower fields stay red); under
// the blades near the camera the ground is a darker version (it lies in the blades' shade). Without maps: the
// scene's mean grass colour by its cover. Broad light and dark swaths keep the far field from being one flat
// colour.
//
// The ground beneath (SH10, shared/sw_ground.h): at each of the four texels the rules pick a material (the
// slope and height at the point, the texel's top layer and its grass type's request), blended by the same
// bilinear weights, each material evaluated once with its detail (albedo, roughness, a normal tilted by the
// detail height, triplanar on steep ground) faded by the pixel's footprint. The far field mixes the grass over
// that same ground, so the blades' edge has the same ground on both sides.
#include "shared/sw_noise.h"
#include "shared/sw_wind.h"
#include "shared/sw_world.h"
#include "shared/sw_ground.h"

struct sw_terrain_surface {
    vec3 albedo;
    float ao;             // ground under grass lies in the blades' shade
    float spec_occlusion; // the sheen of grass-covered ground is the blades' own
    vec3 normal;          // SH10: the ground's normal tilted by its material's detail
    float roughness;
};

// The canopy distance's value before it is read (sw_terrain_texel reads it once, where a type has a rule).
const float SW_CANOPY_UNREAD = 1e30;

// One map texel's grass: its colour, cover and the type's draw distance (m) in (rgb, a = cover) and draw_d, its
// far look's (AO, side and top optical depth, gloss) in far; SH10: its own ground (sw_ground_texel: its top
// layer's, else the canopy's under a crown, else what its grass asks for) in ground. PL11: a type with a canopy
// rule covers the share of the ground its blades keep at the point xz (sw_canopy_density at the bilinear distance
// there, as place.comp.glsl thins them), so far woods do not stand in full meadow; canopy_d: that distance, read on
// first need (SW_CANOPY_UNREAD until then: scenes without a rule never read the map).
vec4 sw_terrain_texel(int i, int j, vec2 xz, inout float canopy_d, inout float draw_d, inout vec4 far, out uint ground)
{
    uint type = sw_type_at(i, j);
    float gh = sw_grass_height(i, j);
    bool grows = type < frame.material_count && gh > 0.0;
    uint canopy = frame.ground_canopy != SW_GROUND_NONE && sw_canopy_under(sw_canopy_code(i, j)) ? frame.ground_canopy
                                                                                                : SW_GROUND_NONE;
    ground = sw_ground_texel(sw_ground_layer_kind(sw_layer_at(i, j), frame.ground_layers[0], frame.ground_layers[1]),
                             canopy, grows ? materials[type].ground : SW_GROUND_NONE, grows);
    if (!grows) return vec4(sw_vec3(frame.ground), 0.0);
    vec3 grass = vec3(materials[type].field_r, materials[type].field_g, materials[type].field_b); // far_look.c
    far = vec4(materials[type].field_ao, materials[type].far_side, materials[type].far_top, materials[type].far_gloss);
    draw_d = sw_type_draw_distance(materials[type].draw_distance, frame.draw_distance);
    float cover = 0.9 * smoothstep(0.0, 0.3, gh);
    if ((materials[type].flags & SW_MAT_CANOPY) != 0u) {
        if (canopy_d == SW_CANOPY_UNREAD) canopy_d = sw_canopy_at(xz.x, xz.y);
        cover *= sw_canopy_density(canopy_d, materials[type].canopy_under, materials[type].canopy_open,
                                   materials[type].canopy_fringe, materials[type].canopy_width);
    }
    return vec4(grass, min(cover, 0.9));
}

// The ground's material at world position `world` of ground normal n, `dist` m from the camera, seen with
// `footprint` m a pixel (the detail's octaves fade by it).
sw_terrain_surface sw_terrain_surface_at(vec3 world, vec3 n, float dist, float footprint)
{
    vec3 grass = sw_vec3(frame.grass_color);
    float swath = 0.5 * sw_perlin(world.x * 0.02, world.z * 0.02, 3u) + 0.25 * sw_perlin(world.x * 0.09, world.z * 0.09, 4u);
    float cover = frame.grass_cover;
    float draw_d = frame.draw_distance;
    vec4 far = vec4(1.0, 0.0, 1e3, 0.0); // without maps: the scene's grass covers its share of the ground
    // SH10: the rules at the point (slope and height here, each texel's layer and grass request)
    float edge = sw_ground_edge(world.x, world.z), slope = sw_ground_slope(n.x, n.y, n.z);
    uint g00 = SW_GROUND_NONE, g10 = g00, g01 = g00, g11 = g00;
    vec4 wc = vec4(1.0, 0.0, 0.0, 0.0);
    if (frame.map_res > 0) {
        sw_map_coord mc = sw_map_locate(world.x, world.z, frame.terrain_x0, frame.terrain_z0, frame.map_inv_cell,
                                        frame.map_res);
        float d00 = frame.draw_distance, d10 = d00, d01 = d00, d11 = d00;
        vec4 f00 = far, f10 = far, f01 = far, f11 = far;
        float cd = SW_CANOPY_UNREAD;
        vec4 t00 = sw_terrain_texel(mc.i0, mc.j0, world.xz, cd, d00, f00, g00);
        vec4 t10 = sw_terrain_texel(mc.i1, mc.j0, world.xz, cd, d10, f10, g10);
        vec4 t01 = sw_terrain_texel(mc.i0, mc.j1, world.xz, cd, d01, f01, g01);
        vec4 t11 = sw_terrain_texel(mc.i1, mc.j1, world.xz, cd, d11, f11, g11);
        // the colour weighted by cover (bare texels do not tint their neighbours' grass), the cover and the draw
        // distance bilinearly
        vec2 w = vec2(mc.fx, mc.fz);
        wc = vec4((1.0 - w.x) * (1.0 - w.y), w.x * (1.0 - w.y), (1.0 - w.x) * w.y, w.x * w.y);
        cover = dot(wc, vec4(t00.a, t10.a, t01.a, t11.a));
        vec3 sum = t00.rgb * (wc.x * t00.a) + t10.rgb * (wc.y * t10.a) + t01.rgb * (wc.z * t01.a) + t11.rgb * (wc.w * t11.a);
        grass = cover > 1e-6 ? sum / cover : sw_vec3(frame.ground);
        vec4 fsum = f00 * (wc.x * t00.a) + f10 * (wc.y * t10.a) + f01 * (wc.z * t01.a) + f11 * (wc.w * t11.a);
        if (cover > 1e-6) far = fsum / cover;
        draw_d = dot(wc, vec4(d00, d10, d01, d11));
    }
    uint k00 = sw_ground_rule(g00, edge, world.y, slope, frame.ground_default, frame.ground_rock_slope, frame.ground_sand_below);
    uint k10 = sw_ground_rule(g10, edge, world.y, slope, frame.ground_default, frame.ground_rock_slope, frame.ground_sand_below);
    uint k01 = sw_ground_rule(g01, edge, world.y, slope, frame.ground_default, frame.ground_rock_slope, frame.ground_sand_below);
    uint k11 = sw_ground_rule(g11, edge, world.y, slope, frame.ground_default, frame.ground_rock_slope, frame.ground_sand_below);
    sw_ground_weights gw = sw_ground_merge(k00, k10, k01, k11, wc.x, wc.y, wc.z, wc.w);
    uint kinds[4] = uint[4](k00, k10, k01, k11);
    float ws[4] = float[4](gw.w00, gw.w10, gw.w01, gw.w11);
    vec3 ground = vec3(0.0), gn = vec3(0.0), mean = vec3(0.0);
    float rough = 0.0;
    for (int k = 0; k < 4; k++) { // one call site: one copy of the material in the shader
        if (ws[k] <= 0.0) continue;
#ifdef SW_TERRAIN_MEAN_GROUND // per vertex: each material's mean, its flat normal
        sw_ground_sample m = sw_ground_mean(kinds[k], frame.ground[0], frame.ground[1], frame.ground[2]);
        sw_ground_surf g = sw_ground_surf(m.r, m.g, m.b, m.roughness, n.x, n.y, n.z);
#else
        sw_ground_surf g = sw_ground_surface(kinds[k], world.x, world.y, world.z, n.x, n.y, n.z, footprint,
                                             frame.ground_detail, frame.ground[0], frame.ground[1], frame.ground[2]);
#endif
        sw_ground_sample gm = sw_ground_mean(kinds[k], frame.ground[0], frame.ground[1], frame.ground[2]);
        mean += ws[k] * vec3(gm.r, gm.g, gm.b);
        ground += ws[k] * vec3(g.r, g.g, g.b);
        gn += ws[k] * vec3(g.nx, g.ny, g.nz);
        rough += ws[k] * g.roughness;
    }
    // SC7: toward the draw distance, where the blades thin out, the field's far look: its cover by the view's
    // elevation (optical depth far_side cot(e) + far_top, far_look.c), and of what is seen the part the sun lights,
    // the sun's own ray through the same canopy (independent of the eye's: the seen part of a canopy of optical
    // depths T toward the eye and S toward the sun lit is (1 - exp(-(T + S))) / ((1 + S / T) (1 - exp(-T))).
    // SC5: beyond the thinning distance the far look takes the part of the blades thinned away (1 - keep), all of
    // it toward the draw distance; near the camera the ground lies in the blades' shade up to the near look's end.
    float near_d = sw_near_distance(draw_d, frame.thin_distance);
    float far_k = max(1.0 - sw_thin_keep(dist, frame.thin_distance), smoothstep(0.8 * draw_d, draw_d, dist));
    vec3 cam = vec3(VIEW.cam_x, VIEW.cam_y, VIEW.cam_z);
    float sin_v = clamp(dot(normalize(cam - world), n), 0.02, 1.0);
    float sin_s = clamp(dot(vec3(frame.sun_x, frame.sun_y, frame.sun_z), n), 0.02, 1.0);
    float tv = far.y * sqrt(1.0 - sin_v * sin_v) / sin_v + far.z;
    float ts = far.y * sqrt(1.0 - sin_s * sin_s) / sin_s + far.z;
    float lit = (1.0 - exp(-(tv + ts))) / max((1.0 + ts / max(tv, 1e-4)) * (1.0 - exp(-tv)), 1e-4);
    // in the blades' shade near the camera
    grass *= mix(0.8, 1.0, smoothstep(0.5 * near_d, near_d, dist)) * mix(1.0, min(lit, 1.0), far_k);
    cover *= mix(1.0, 1.0 - exp(-tv), far_k);
    sw_terrain_surface s;
    // the ground's detail shows between the blades too: the grass colour takes its brightness (mean 1, so the
    // far field's colour is kept)
    float detail = dot(ground, vec3(0.2126, 0.7152, 0.0722)) / max(dot(mean, vec3(0.2126, 0.7152, 0.0722)), 1e-6);
    s.albedo = mix(ground, grass * detail, cover) * (1.0 + 0.35 * swath);
    s.ao = 1.0 - cover * mix(0.6 * (1.0 - smoothstep(0.5 * near_d, near_d, dist)), 1.0 - far.x, far_k);
    // grass cover hides the ground's relief and gloss: the far field has the far blades' roughness and gloss
    s.spec_occlusion = 1.0 - cover * mix(1.0, 1.0 - far.w, far_k);
    s.normal = normalize(mix(gn, n, cover));
    s.roughness = mix(rough, 1.0, cover);
    return s;
}
