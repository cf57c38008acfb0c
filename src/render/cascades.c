/* cascades.c — fitting the sun's shadow cascades to the camera (SPEC LS2; Horizon Zero Dawn GDC 2018 "Shadow
 * Casting": near and mid cascades of 2048^2 and a distant height-field cascade; the stable fit of Valient,
 * "Stable rendering of cascaded shadow maps", ShaderX6: a bounding sphere and texel snapping).
 *
 * Cascade k covers the camera frustum's slice [begin, end] of view depth. The slice is bounded by a sphere
 * whose radius depends only on the slice's shape (fov, aspect, begin, end), never on the camera's
 * orientation, so the cascade's box keeps its size as the camera turns. The light looks along -sun with a
 * basis that depends only on the sun; the sphere's centre is snapped to whole texels in light space, so a
 * world point's texel moves by whole texels, or not at all, as the camera moves: no swimming edges. Depth
 * is orthographic reverse-Z (1 toward the sun, 0 away) and spans every point of the box's column from the
 * lowest terrain to the highest caster, so hills outside the slice still cast into it.
 * Pure math over plain numbers (the unit tests run it without a GPU). */
#include "render/render.h"

#include "shared/sw_shadow.h"

#include <math.h>
#include <string.h>

void render_frustum_planes(const float vp[16], float out[24])
{
    /* vp[c * 4 + row]: the planes are sums of clip rows; z's far plane (p = 5) is w - z >= 0 */
    for (int p = 0; p < 6; p++) {
        int axis = p / 2;
        float sign = (p % 2) ? -1.0f : 1.0f;
        float plane[4];
        for (int c = 0; c < 4; c++) {
            float row_w = vp[c * 4 + 3];
            float row_a = vp[c * 4 + axis];
            plane[c] = (axis == 2 && p == 4) ? row_a : row_w + sign * row_a;
        }
        float len = sqrtf(plane[0] * plane[0] + plane[1] * plane[1] + plane[2] * plane[2]);
        if (len < 1e-20f) len = 1.0f;
        for (int c = 0; c < 4; c++) out[p * 4 + c] = plane[c] / len;
    }
}

void render_slice_sphere(float tan_x, float tan_y, float n, float f, float *centre, float *radius)
{
    /* The corners lie on two rings around the axis, of radii n k and f k at depths n and f (k: the
     * half-diagonal's slope). The centre equidistant from both rings is at (n + f)(1 + k^2) / 2; past f, the
     * far ring's own centre is the smaller sphere. */
    double k2 = (double)tan_x * tan_x + (double)tan_y * tan_y;
    double c = 0.5 * ((double)n + f) * (1.0 + k2);
    if (c > f) c = f;
    double dn = c - n, df = f - c;
    double rn = sqrt(dn * dn + (double)n * n * k2), rf = sqrt(df * df + (double)f * f * k2);
    *centre = (float)c;
    *radius = (float)(rn > rf ? rn : rf);
}

void render_light_basis(const float sun[3], float right[3], float up[3])
{
    /* right = ref x sun (horizontal with ref = world up), up = sun x right */
    float ref[3] = {0.0f, 1.0f, 0.0f};
    if (fabsf(sun[1]) > 0.999f) ref[1] = 0.0f, ref[2] = 1.0f;
    float rx = ref[1] * sun[2] - ref[2] * sun[1], ry = ref[2] * sun[0] - ref[0] * sun[2],
          rz = ref[0] * sun[1] - ref[1] * sun[0];
    float len = sqrtf(rx * rx + ry * ry + rz * rz);
    right[0] = rx / len, right[1] = ry / len, right[2] = rz / len;
    up[0] = sun[1] * right[2] - sun[2] * right[1];
    up[1] = sun[2] * right[0] - sun[0] * right[2];
    up[2] = sun[0] * right[1] - sun[1] * right[0];
}

static double dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

void render_cascade_fit(const render_cascade_desc *d, sw_view *out)
{
    /* the slice's bounding sphere, in the world */
    float tan_x = 1.0f / fabsf(d->proj[0]), tan_y = 1.0f / fabsf(d->proj[5]);
    float along, r;
    render_slice_sphere(tan_x, tan_y, d->begin, d->end, &along, &r);
    /* view space looks along -z: the forward axis is minus the view matrix's third row */
    double fwd[3] = {-d->view[2], -d->view[6], -d->view[10]};
    double fl = sqrt(dot3(fwd, fwd));
    double c[3];
    for (int i = 0; i < 3; i++) c[i] = d->eye[i] + fwd[i] / fl * along;

    float rf[3], uf[3];
    render_light_basis(d->sun, rf, uf);
    double R[3] = {rf[0], rf[1], rf[2]}, U[3] = {uf[0], uf[1], uf[2]}, L[3] = {d->sun[0], d->sun[1], d->sun[2]};
    /* Half-extent: the sphere plus the half texel the snapping may move the box by (texel = 2 h / size). */
    double size = (double)d->size;
    double h = (double)r * size / (size - 1.0);
    double texel = 2.0 * h / size;
    double sx = floor(dot3(c, R) / texel + 0.5) * texel;
    double sy = floor(dot3(c, U) / texel + 0.5) * texel;
    /* Depth: light-space z = p . L (larger: nearer the sun). Every receiver the cascade serves is in the slice's
     * sphere, so nothing farther from the sun than the sphere can shadow one: zmin is the sphere's far side, and
     * casters and ground beyond it are clipped and culled (in forest_edge the mid cascade drew the wood
     * far down the sun's column, 0.80 ms). Toward the sun the highest caster: a point of the column at light
     * (x, y) and height y_w has z = (y_w - x R.y - y U.y) / L.y, over the square's corners; and at least the
     * sphere, so a receiver above the terrain (the air the camera looks through, a host's objects) is never
     * clipped; a centimetre of margin each way, off the clip planes. */
    double zc = dot3(c, L);
    double zmin = zc - h, zmax = zc + h;
    for (int k = 0; k < 4; k++) {
        double x = sx + ((k & 1) ? h : -h), y = sy + ((k & 2) ? h : -h);
        double hi = (d->y_max - x * R[1] - y * U[1]) / L[1];
        if (hi > zmax) zmax = hi;
    }
    zmin -= 0.01;
    zmax += 0.01;
    double range = zmax - zmin;

    /* clip = (p.R - sx) / h, (p.U - sy) / h, (p.L - zmin) / range; column-major m[col * 4 + row] */
    float *m = out->view_proj;
    memset(m, 0, 16 * sizeof *m);
    for (int i = 0; i < 3; i++) {
        m[i * 4 + 0] = (float)(R[i] / h);
        m[i * 4 + 1] = (float)(U[i] / h);
        m[i * 4 + 2] = (float)(L[i] / range);
    }
    m[12] = (float)(-sx / h);
    m[13] = (float)(-sy / h);
    m[14] = (float)(-zmin / range);
    m[15] = 1.0f;
    /* the inverse, exactly: p = R (h x + sx) + U (h y + sy) + L (range z + zmin) */
    float *inv = out->inv_view_proj;
    memset(inv, 0, 16 * sizeof *inv);
    for (int i = 0; i < 3; i++) {
        inv[0 * 4 + i] = (float)(R[i] * h);
        inv[1 * 4 + i] = (float)(U[i] * h);
        inv[2 * 4 + i] = (float)(L[i] * range);
        inv[3 * 4 + i] = (float)(R[i] * sx + U[i] * sy + L[i] * zmin);
    }
    inv[15] = 1.0f;
    render_frustum_planes(m, out->frustum);
    out->width = out->height = d->size;
    out->shadow_texel = (float)texel;
    out->shadow_depth_range = (float)range;
}

/* The far map's origin along one axis: snapped to RENDER_SHADOW_FAR_SNAP texels, inside the terrain. */
static float far_origin(float eye, float side, float texel, float t0, float tsize)
{
    double step = (double)RENDER_SHADOW_FAR_SNAP * texel;
    double o = floor(((double)eye - 0.5 * side) / step + 0.5) * step;
    double hi = (double)t0 + tsize - side;
    if (o > hi) o = hi;
    if (o < t0) o = t0;
    return (float)o;
}

render_shadow_fit render_shadow_views(sward_renderer *r)
{
    for (uint32_t v = 1; v < SW_MAX_VIEWS; v++) memset(&r->views[v].constants, 0, sizeof(sw_view));
    const render_shadows *sh = &r->shadows;
    if (!r->plan.shadows) return (render_shadow_fit){0u, 0u};
    const sward_vulkan_view *cam = &r->views[0].vk;
    const float fade = 1.0f - RENDER_SHADOW_FADE;
    const struct {
        float begin, end, slice_begin;
        bool blades; /* it culls blades (at a lower level of detail); the mid one draws the assets' alone */
    } cascades[2] = {
        {0.0f, RENDER_SHADOW_NEAR_END, 0.0f, true},
        /* the mid cascade's slice starts where the near one starts fading into it */
        {fade * RENDER_SHADOW_NEAR_END, RENDER_SHADOW_MID_END, fade * RENDER_SHADOW_NEAR_END, false},
    };
    render_shadow_fit fit = {(1u << SW_VIEW_NEAR) | (1u << SW_VIEW_MID) | (1u << SW_VIEW_FAR), 0u};
    for (uint32_t k = 0; k < 2; k++) {
        render_cascade_desc d;
        memcpy(d.view, cam->view, sizeof d.view);
        memcpy(d.proj, cam->proj, sizeof d.proj);
        memcpy(d.eye, cam->eye, sizeof d.eye);
        memcpy(d.sun, r->scene->sun.direction, sizeof d.sun);
        d.begin = cascades[k].slice_begin;
        d.end = cascades[k].end;
        d.size = r->config.shadow_size;
        d.y_min = sh->y_min;
        d.y_max = sh->y_max + sh->caster;
        sw_view *v = &r->views[SW_VIEW_NEAR + k].constants;
        render_cascade_fit(&d, v);
        if (cascades[k].blades) fit.blades |= 1u << (SW_VIEW_NEAR + k);
        v->shadow_begin = cascades[k].begin;
        v->shadow_end = cascades[k].end;
        v->shadow_fade = fade * cascades[k].end;
    }
    /* LS4: the near and mid ranges' lit-height map (shadow_lit.comp.glsl), in the sun's horizontal frame,
     * render.shadow_size texels a side around the eye, out to RENDER_SHADOW_MID_END and the lookup's 4 x 4
     * texels beyond wherever the eye is within the snap; its origin snapped to RENDER_SHADOW_LIT_SNAP texels, so
     * a world point keeps its texel as the camera moves and the map is computed again only at a snap */
    {
        sw_view *m = &r->views[SW_VIEW_MID].constants;
        const float *sd = r->scene->sun.direction;
        sw_lit_axes ax = sw_lit_axes_of(sd[0], sd[1], sd[2]);
        const uint32_t n = r->config.shadow_size;
        const double t = (double)RENDER_SHADOW_MID_END / (0.5 * n - 3.0 - 0.5 * RENDER_SHADOW_LIT_SNAP);
        const double snap = (double)RENDER_SHADOW_LIT_SNAP * t;
        const float *e = cam->eye;
        double u = (double)e[2] * ax.dx - (double)e[0] * ax.dz, v = (double)e[0] * ax.dx + (double)e[2] * ax.dz;
        m->lit_u0 = (float)(floor(u / snap + 0.5) * snap - 0.5 * n * t);
        m->lit_v0 = (float)(floor(v / snap + 0.5) * snap - 0.5 * n * t);
        m->lit_texel = (float)t;
        m->lit_size = n;
    }
    /* LS3: the near cascade's blades: those within its range plus the longest shadow a blade casts there
     * (tallest blade / tan(sun elevation), at most the range again for a low sun) */
    const float *sun = r->scene->sun.direction;
    float hl = sqrtf(sun[0] * sun[0] + sun[2] * sun[2]);
    float reach = hl > 1e-6f ? sh->caster * hl / fmaxf(sun[1], 1e-3f) : 0.0f;
    r->views[SW_VIEW_NEAR].constants.shadow_reach = fminf(reach, RENDER_SHADOW_NEAR_END);
    r->views[SW_VIEW_NEAR].constants.cull_distance = RENDER_SHADOW_NEAR_END + fminf(reach, RENDER_SHADOW_NEAR_END);
    /* The far lit-height map: origin snapped in steps of RENDER_SHADOW_FAR_SNAP texels (recomputed only
     * then, or when the sun moves: passes/shadow_far.c), served out to where the snapping keeps it around
     * the camera, or everywhere when it covers the whole terrain. */
    sw_view *f = &r->views[SW_VIEW_FAR].constants;
    const sw_frame *fr = &r->frame;
    float tsize = r->scene->terrain.size;
    f->width = f->height = sh->far_size;
    f->shadow_texel = sh->far_texel;
    f->shadow_x0 = far_origin(cam->eye[0], sh->far_side, sh->far_texel, fr->terrain_x0, tsize);
    f->shadow_z0 = far_origin(cam->eye[2], sh->far_side, sh->far_texel, fr->terrain_z0, tsize);
    f->shadow_begin = fade * RENDER_SHADOW_MID_END;
    bool whole = sh->far_side >= tsize;
    f->shadow_end = whole ? 1e30f : 0.5f * sh->far_side - (float)RENDER_SHADOW_FAR_SNAP * sh->far_texel;
    f->shadow_fade = whole ? 1e30f : fade * f->shadow_end;
    f->shadow_depth_range = sh->y_max - sh->y_min;
    for (uint32_t v = 1; v < SW_MAX_VIEWS; v++) {
        sw_view *c = &r->views[v].constants;
        c->cam_x = cam->eye[0];
        c->cam_y = cam->eye[1];
        c->cam_z = cam->eye[2];
    }
    return fit;
}
