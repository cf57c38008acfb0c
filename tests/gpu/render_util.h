/* render_util.h — for the GPU tests that compare with a CPU model of the frame: the frame's and the camera
 * view's constants exactly as the standalone frame uploads them (src/render/camera.c). */
#ifndef SWARD_RENDER_UTIL_H
#define SWARD_RENDER_UTIL_H

#include "render/render.h"

static inline void gu_constants(sward_renderer *r, const sward_frame_desc *fd, bool occlusion, sw_frame *f,
                                sw_view *v, place_view *pv)
{
    sward_vulkan_view view = render_frame_view(r, fd);
    r->no_cull = fd->no_culling;
    r->no_lod_fade = fd->no_lod_fade;
    r->no_fade = fd->no_fade;
    r->no_morph = fd->no_morph;
    render_frame_constants(r, view.time, f);
    render_view_constants(r, &view, occlusion, v, pv);
}

#endif
