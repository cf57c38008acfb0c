// terrain_surface.inc.glsl — the ground's material at a point (SPEC SH2, SC7), one function for both of its
// paths: the vertex shader of the ground's G-buffer pass (terrain.vert.glsl, per vertex; a host's frame, or
// sward's own without the depth prime) and the compute resolve of the ground (terrain_resolve.comp.glsl, per
// pixel at the pixel's own position: BX6). Include after common.inc.glsl.
//
// An albedo that carries the grass colours (SC7, Ghost of Tsushima far field): where the PL1 maps are uploaded
// (frame.map_res > 0) each of the four map texels around the point gives its grass type's mean blade colour and
// flower-head colour, weighted by the grass-height map, blended bilinearly between the texels' centres, so
// fields beyond the blade distance keep their colour (red-flower fields stay red); under the blades near the
// camera the ground is a darker version (it lies in the blades' shade). Without maps: the scene's mean grass
// colour by its cover. Broad light and dark swaths keep the far field from being one flat colour.
#include "shared/sw_noise.h"
#include "shared/sw_world.h"

// SC7: the far field beyond the blades is darker than the bare grass colours by this factor, as the blades'
// own roots, AO and self-shadowing make the field: across the draw distance the mean luminance steps by under
// 3 % (gpu_lighting far_field_meets_the_blades).
#define SW_FAR_TONE 0.45

struct sw_terrain_surface {
    vec3 albedo;
    float ao;             // ground under grass lies in the blades' shade
    float spec_occlusion; // the sheen of grass-covered ground is the blades' own
};

// One map texel's grass: its colour, cover and the type's draw distance (m) in (rgb, a = cover) and draw_d.
vec4 sw_terrain_texel(int i, int j, inout float draw_d)
{
    uint type = sw_type_at(i, j);
    float gh = sw_grass_height(i, j);
    if (type >= frame.material_count || gh <= 0.0) return vec4(sw_vec3(frame.ground), 0.0);
    vec3 grass = vec3(materials[type].field_r, materials[type].field_g, materials[type].field_b); // place.c
    draw_d = sw_type_draw_distance(materials[type].draw_distance, frame.draw_distance);
    return vec4(grass, 0.9 * smoothstep(0.0, 0.3, gh));
}

// The ground's material at world position `world`, `dist` m from the camera.
sw_terrain_surface sw_terrain_surface_at(vec3 world, float dist)
{
    vec3 ground = sw_vec3(frame.ground);
    vec3 grass = sw_vec3(frame.grass_color);
    float swath = 0.5 * sw_perlin(world.x * 0.02, world.z * 0.02, 3u) + 0.25 * sw_perlin(world.x * 0.09, world.z * 0.09, 4u);
    float cover = frame.grass_cover;
    float draw_d = frame.draw_distance;
    if (frame.map_res > 0) {
        sw_map_coord mc = sw_map_locate(world.x, world.z, frame.terrain_x0, frame.terrain_z0, frame.map_inv_cell,
                                        frame.map_res);
        float d00 = frame.draw_distance, d10 = d00, d01 = d00, d11 = d00;
        vec4 t00 = sw_terrain_texel(mc.i0, mc.j0, d00), t10 = sw_terrain_texel(mc.i1, mc.j0, d10);
        vec4 t01 = sw_terrain_texel(mc.i0, mc.j1, d01), t11 = sw_terrain_texel(mc.i1, mc.j1, d11);
        // the colour weighted by cover (bare texels do not tint their neighbours' grass), the cover and the draw
        // distance bilinearly
        vec2 w = vec2(mc.fx, mc.fz);
        vec4 wc = vec4((1.0 - w.x) * (1.0 - w.y), w.x * (1.0 - w.y), (1.0 - w.x) * w.y, w.x * w.y);
        cover = dot(wc, vec4(t00.a, t10.a, t01.a, t11.a));
        vec3 sum = t00.rgb * (wc.x * t00.a) + t10.rgb * (wc.y * t10.a) + t01.rgb * (wc.z * t01.a) + t11.rgb * (wc.w * t11.a);
        grass = cover > 1e-6 ? sum / cover : ground;
        draw_d = dot(wc, vec4(d00, d10, d01, d11));
    }
    // in the blades' shade near the camera; toward the draw distance, where the blades thin out, the field's tone
    grass *= mix(0.8, 1.0, smoothstep(0.5 * draw_d, draw_d, dist)) * mix(1.0, SW_FAR_TONE, smoothstep(0.8 * draw_d, draw_d, dist));
    sw_terrain_surface s;
    s.albedo = mix(ground, grass, cover) * (1.0 + 0.35 * swath);
    s.ao = 1.0 - 0.6 * cover * (1.0 - smoothstep(0.5 * draw_d, draw_d, dist));
    s.spec_occlusion = 1.0 - cover;
    return s;
}
