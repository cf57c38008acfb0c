/* post.c — sky, fog, exposure, filmic tone map and sRGB in one compute pass (SPEC PO1, PO2;
 * shaders/post.comp.glsl), 8 x 8 pixels per workgroup. Reads frame, HDR colour, depth; writes the 8-bit image.
 * Compute rather than a full-screen triangle: on GPUs with few graphics units the fragment path is slower. */
#include "render/render.h"

void render_post(sward_renderer *r, VkCommandBuffer cmd)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->post_pipe);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r->layout, 0, 1, &r->set, 0, NULL);
    vkCmdDispatch(cmd, (r->width + 7) / 8, (r->height + 7) / 8, 1);
}
