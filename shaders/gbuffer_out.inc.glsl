// gbuffer_out.inc.glsl — what every G-buffer fragment shader declares and writes (SPEC SH2; the encoding in
// shared/sw_gbuffer.h): the frame and the views (set 0), the shading counter (SH1 diagnostics), the four
// colour outputs, and sw_gbuffer_write, which counts the invocation and packs one surface.
#extension GL_GOOGLE_include_directive : require
#include "shared/sw_types.h"
#include "shared/sw_bindings.h"
#include "shared/sw_gbuffer.h"
#include "gbuffer_pack.inc.glsl"

layout(std430, set = SW_SET_SCENE, binding = SW_BIND_FRAME) readonly buffer FrameBuf { sw_frame frame; };
layout(std430, set = SW_SET_SCENE, binding = SW_BIND_VIEWS) readonly buffer ViewBuf { sw_view views[]; };
layout(std430, set = SW_SET_PASS, binding = SW_GBUF_STATS) buffer StatsBuf { sw_cull_stats stats[]; };
layout(constant_id = 0) const uint SW_VIEW_SPEC = 0u;

layout(location = 0) out vec4 o_albedo;
layout(location = 1) out vec4 o_normal;
layout(location = 2) out vec4 o_material;
layout(location = 3) out vec2 o_motion;

// albedo and AO; a unit normal, roughness and kind (SW_KIND_*); translucency amount and diffusion, specular
// occlusion; motion in pixels (SW_MOTION_NONE: none written).
void sw_gbuffer_write(vec3 albedo, float ao, vec3 n, float roughness, uint kind, float thickness, float diffusion,
                      float spec_occlusion, vec2 motion)
{
    if ((frame.flags & SW_FLAG_COUNT_SHADING) != 0u) atomicAdd(stats[0].shaded, 1u); // SH1 diagnostics
    sw_gbuffer_texels g = sw_gbuffer_pack(albedo, ao, n, roughness, kind, thickness, diffusion, spec_occlusion, motion);
    o_albedo = g.albedo;
    o_normal = g.normal;
    o_material = g.material;
    o_motion = g.motion;
}
