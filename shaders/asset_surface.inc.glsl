// asset_surface.inc.glsl — a mesh asset's surface at one point of a triangle (SPEC SH2, SH3, SH4, SH5, SH6, AS3,
// AS5), one function for the G-buffer fragment shader (asset_frag.inc.glsl: its inputs and their screen
// derivatives) and the visibility buffer's resolve (asset_resolve.comp.glsl: the same values interpolated from the
// triangle's three vertices at the pixel, their derivatives analytic): bark plain; leaf and petal cards from their
// texture set (albedo variation, translucency mask, AO, the tangent-space normal in the cotangent frame of the
// card, SH4's colorize Result = Texture (2 Colorize Mask + 1 - Mask) with a per-instance Colorize), the normal
// flipped to the side seen (double-sided cards, SH3 "flipped correctly" for plants; a tree's canopy by abs(z) of the
// view-space normal, HZD's "incorrectly"); billboard cards from the
// impostor (its baked object-space normal turned with the instance and reflected through the card for its back
// face, its surface's colour, its AO). Rough dielectric, the leaves translucent.
#include "asset_textures.inc.glsl"
#include "shared/sw_gbuffer.h"

// The derivatives a pixel across (X) and down (Y): a fragment shader's (SW_ASSET_SURFACE_FRAGMENT) are its screen
// derivatives, taken where a card with a texture set needs them (uniform over a triangle; not for every bark and
// billboard fragment), the caller's arguments unused; the resolve passes its analytic ones.
#ifdef SW_ASSET_SURFACE_FRAGMENT
#define SW_DX(v, given) dFdx(v)
#define SW_DY(v, given) dFdy(v)
#else
#define SW_DX(v, given) (given)
#define SW_DY(v, given) (given)
#endif

// What the G-buffer holds of the surface (sw_gbuffer_pack's arguments, kind SW_KIND_MESH).
struct sw_asset_surface {
    vec3 albedo;
    float ao;
    vec3 n;
    float roughness;
    float thickness;
    float spec_occlusion; // the G-buffer's specular occlusion: the AO, and for a canopy card the sun on its seen side
};

// SH3, SH9: the least view-space z of a canopy normal (its cosine with the eye's axis)
const float SW_CANOPY_FACING = 0.3;

// The card's tangent-space normal tn (x along +u, y along +v) in the cotangent frame of the derivatives of its
// position (dp_dx, dp_dy) and uv (duv_dx, duv_dy) a pixel across and down: no tangents stored per vertex.
vec3 sw_perturb(vec3 n, vec3 dp_dx, vec3 dp_dy, vec2 duv_dx, vec2 duv_dy, vec2 tn)
{
    vec3 dp2perp = cross(dp_dy, n), dp1perp = cross(n, dp_dx);
    vec3 t = dp2perp * duv_dx.x + dp1perp * duv_dy.x;
    vec3 b = dp2perp * duv_dx.y + dp1perp * duv_dy.y;
    float m = max(dot(t, t), dot(b, b));
    if (!(m > 1e-20)) return n;
    float inv = inversesqrt(m);
    return normalize(mat3(t * inv, b * inv, n) * vec3(tn, sqrt(max(1.0 - dot(tn, tn), 0.0))));
}

// albedo: the vertices' colour (sw_asset_albedo); normal: interpolated, world space; uv, world: the point's, with
// their derivatives (SW_DX, SW_DY); card: sw_asset_point.card;
// ao_thick: the vertices' AO, the asset's translucency (0 for bark); impostor: the asset's atlas offset;
// yaw_colorize: the instance's; bark: the asset's bark colour; roughness: the asset's (SH5: its cards', its bark's);
// bark_set: the asset's bark set (sw_asset.bark_set; 0: plain); front: the triangle is seen from its front.
sw_asset_surface sw_asset_surface_at(vec3 albedo, vec3 normal, vec2 uv, vec2 duv_dx, vec2 duv_dy, vec3 world,
                                     vec3 dp_dx, vec3 dp_dy, uint card, vec2 ao_thick, uint impostor,
                                     vec2 yaw_colorize, vec3 bark, vec2 roughness, uint bark_set, bool front)
{
    uint surface = card & 3u;
    sw_asset_surface o;
    vec3 n = normalize(normal);
    o.albedo = albedo;
    o.ao = ao_thick.x;
    o.thickness = ao_thick.y;
    float spec = 1.0, bark_rough = 1.0;
    if (surface == 0u && (card & 4u) == 0u && bark_set != 0u) {
        // AS5: the species' bark; a stem's uv holds its wraps and its metres from the root (generate.c emit_tube)
        vec2 scale = vec2(SW_BARK_U_RANGE, SW_BARK_V_RANGE / SW_BARK_TILE);
        vec2 tdx = SW_DX(uv, duv_dx) * scale, tdy = SW_DY(uv, duv_dy) * scale;
        float lod = sw_texset_lod_of(tdx, tdy);
        vec4 ta = sw_bark_sample(bark_set, 0u, uv * scale, lod);
        vec4 tb = sw_bark_sample(bark_set, 1u, uv * scale, lod);
        // the birch's dark rough patches, from the root up to SW_BARK_BASE_HEIGHT where its mask lets them
        float base = clamp((1.0 - uv.y * SW_BARK_V_RANGE / SW_BARK_BASE_HEIGHT - tb.z) * 8.0, 0.0, 1.0);
        o.albedo = bark * (2.0 * ta.rgb) * mix(1.0, SW_BARK_BASE_DARK, base);
        bark_rough = mix(2.0 * ta.a, 1.0 / max(roughness.y, 0.05), base);
        n = sw_perturb(n, SW_DX(world, dp_dx), SW_DY(world, dp_dy), tdx, tdy, tb.xy * 2.0 - 1.0);
    } else if ((card & 4u) != 0u) {
        // AS3: the impostor texel (its empty texels were cut)
        uint t = sw_impostor_texel(impostor, (card >> 8) & 255u, uv);
        sw_n3 oc = sw_oct_decode(float(t & 255u) / 255.0, float((t >> 8) & 255u) / 255.0);
        float c = cos(yaw_colorize.x), s = sin(yaw_colorize.x);
        vec3 on = mat3(c, 0.0, -s, 0.0, 1.0, 0.0, s, 0.0, c) * vec3(oc.x, oc.y, oc.z);
        if (!front) on = on - 2.0 * dot(on, n) * n; // the back shows the front mirrored
        uint surf = ((t >> 24) & 3u) - 1u;
        o.albedo = surf == 0u ? bark : o.albedo; // the card's vertices carry the leaf colour
        o.ao *= float((t >> 16) & 255u) / 255.0;
        o.thickness = surf == 0u ? 0.0 : o.thickness;
        n = normalize(on);
    } else if (surface != 0u) {
        // AS5: the card's texture set at the pixel's mip level
        float lod = sw_texset_lod_of(SW_DX(uv, duv_dx), SW_DY(uv, duv_dy));
        vec4 ta = sw_texset_sample(surface, 0u, uv, lod);
        vec4 tb = sw_texset_sample(surface, 1u, uv, lod);
        if ((card & 8u) != 0u) {
            // SH3, HZD's canopies "flipped 'incorrectly'": the adjusted (spherical, SH9) vertex normal with abs() of
            // its view-space z, so the crown's far side shades as its near side does (a volume, not cards); the
            // view's z is minus its forward axis (views[0]: the camera's, in every pass)
            vec3 fwd = vec3(views[0].fwd_x, views[0].fwd_y, views[0].fwd_z);
            float toward = dot(n, fwd);
            if (toward > 0.0) n -= 2.0 * toward * fwd;
            // the spherical normal lights the crown as a volume, but a leaf reflects the sun only from the side the
            // sun is on: the card's own (geometric) face seen by the eye, lit or not, gates its specular (without
            // it the crown's top and rim, their normals up, shone white against a sun behind them)
            vec3 g = cross(SW_DX(world, dp_dx), SW_DY(world, dp_dy));
            if (dot(g, fwd) > 0.0) g = -g;
            float gl = length(g);
            spec = gl > 0.0 ? smoothstep(-0.05, 0.25, dot(g / gl, vec3(frame.sun_x, frame.sun_y, frame.sun_z))) : 1.0;
        } else if (!front) {
            n = -n; // SH3 "flipped correctly in tangent space": plants, bushes, flowers
        }
        vec2 tn = tb.xy * 2.0 - 1.0;
        float mask = tb.z;
        float colorize = yaw_colorize.y;
        o.albedo *= ta.r * 2.0 * (2.0 * colorize * mask + 1.0 - mask);
        o.thickness *= ta.g;
        o.ao *= ta.b;
        n = sw_perturb(n, SW_DX(world, dp_dx), SW_DY(world, dp_dy), SW_DX(uv, duv_dx), SW_DY(uv, duv_dy), tn);
        if ((card & 8u) != 0u) {
            // ... and no canopy normal at a grazing angle after the leaf's normal map: the spherical normals of
            // the crown's rim and top (SH9) meet the eye edge-on, where the sun's GGX lobe blows out to white
            vec3 fwd = vec3(views[0].fwd_x, views[0].fwd_y, views[0].fwd_z);
            n = normalize(n - max(SW_CANOPY_FACING + dot(n, fwd), 0.0) * fwd);
        }
    }
    o.n = n;
    o.spec_occlusion = o.ao * spec;
    o.roughness = surface == 0u ? roughness.y : roughness.x; // assets[].bark_roughness, assets[].roughness
    o.roughness = min(o.roughness * bark_rough, 1.0);
    return o;
}
