// gbuffer_pack.inc.glsl — one surface as the G-buffer's four texels (SPEC SH2; the encoding in
// shared/sw_gbuffer.h), for the fragment shaders' outputs (gbuffer_out.inc.glsl) and the compute rasteriser's
// resolve, which stores them (resolve.comp.glsl): both paths write the same values.
struct sw_gbuffer_texels {
    vec4 albedo;   // linear albedo, AO (the attachment or the resolve encodes sRGB)
    vec4 normal;   // octahedral normal, roughness, kind / 3
    vec4 material; // reflectance / SW_REFLECTANCE_SCALE, translucency amount, diffusion, specular occlusion
    vec2 motion;   // pixels
};

sw_gbuffer_texels sw_gbuffer_pack(vec3 albedo, float ao, vec3 n, float roughness, uint kind, float thickness,
                                  float diffusion, float spec_occlusion, vec2 motion)
{
    sw_oct o = sw_oct_encode(n.x, n.y, n.z);
    sw_gbuffer_texels g;
    g.albedo = vec4(albedo, ao);
    g.normal = vec4(o.u, o.v, roughness, float(kind) / 3.0);
    g.material = vec4(SW_REFLECTANCE / SW_REFLECTANCE_SCALE, thickness, diffusion, spec_occlusion);
    g.motion = motion;
    return g;
}
