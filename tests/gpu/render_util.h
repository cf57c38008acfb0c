/* render_util.h — for the GPU tests that compare with a CPU model of the frame: the frame's and the camera
 * view's constants exactly as the standalone frame uploads them (src/render/camera.c). */
#ifndef SWARD_RENDER_UTIL_H
#define SWARD_RENDER_UTIL_H

#include "render/render.h"

static inline void gu_constants(sward_renderer *r, const sward_frame_desc *fd, bool occlusion, sw_frame *f,
                                sw_view *v, place_view *pv)
{
    sward_vulkan_view view = render_frame_view(r, fd);
    render_plan_switches(r, fd);
    render_frame_constants(r, view.time, f);
    render_view_constants(r, &view, occlusion, v, pv);
}

/* The scene set (set 0) and the depth sampler, for a test's own pipelines. */
static inline VkDescriptorSetLayout render_scene_layout(const sward_renderer *r)
{
    VkDescriptorSetLayout l;
    render_scene_set(r, &l, NULL, NULL);
    return l;
}

static inline VkDescriptorSet render_scene_set0(const sward_renderer *r)
{
    VkDescriptorSet s;
    render_scene_set(r, NULL, &s, NULL);
    return s;
}

static inline VkSampler render_scene_sampler(const sward_renderer *r)
{
    VkSampler s;
    render_scene_set(r, NULL, NULL, &s);
    return s;
}

#endif
