/* The GPU layer (src/gpu) for the passes: images with mips and layers and the right
 * aspects for every depth format the device has, barriers and views over sub-resources, depth-only pipelines,
 * a depth prime followed by an EQUAL test with depth writes off into two colour attachments, blending,
 * depth bias and clamp, specialization constants, the layouts and pipelines a device's renderers share. Checked by reading back pixels and depths; validation
 * (core + synchronisation) must say nothing. */
#include "gpu_util.h"

#include "render/render.h"

#include "layer_vert.h"
#include "layer_frag.h"

#define W 16u
#define H 16u

static gpu_device *dev_of(sward_context *ctx)
{
    return &ctx->dev;
}

static void check(sward_result r, const sward_error *err)
{
    if (r != SWARD_OK) fail_msg("%s", err->message);
}

static bool depth_format_ok(gpu_device *dev, VkFormat f)
{
    VkFormatProperties p;
    vkGetPhysicalDeviceFormatProperties(dev->physical, f, &p);
    return (p.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) != 0;
}

/* Every depth format the device supports gets the aspects it has: depth, or depth and stencil; views of one
 * mip and one layer; barriers over one mip and layer, then over all. */
static void depth_formats_and_subresources(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    gpu_device *dev = dev_of(ctx);
    sward_error err = {0};
    const struct {
        VkFormat f;
        VkImageAspectFlags aspect;
    } formats[] = {
        {VK_FORMAT_D16_UNORM, VK_IMAGE_ASPECT_DEPTH_BIT},
        {VK_FORMAT_D32_SFLOAT, VK_IMAGE_ASPECT_DEPTH_BIT},
        {VK_FORMAT_X8_D24_UNORM_PACK32, VK_IMAGE_ASPECT_DEPTH_BIT},
        {VK_FORMAT_D16_UNORM_S8_UINT, VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT},
        {VK_FORMAT_D24_UNORM_S8_UINT, VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT},
        {VK_FORMAT_D32_SFLOAT_S8_UINT, VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT},
    };
    int tried = 0;
    VkCommandBuffer cmd;
    check(gpu_begin_once(dev, &cmd, &err), &err);
    gpu_image imgs[6];
    VkImageView views[6];
    memset(imgs, 0, sizeof imgs);
    memset(views, 0, sizeof views);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(gpu_format_aspect(formats[i].f), formats[i].aspect);
        assert_true(gpu_format_is_depth(formats[i].f));
        if (!depth_format_ok(dev, formats[i].f)) continue;
        gpu_image_desc d = {.format = formats[i].f, .width = 64, .height = 32, .mips = 3, .layers = 2,
                            .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
                            .name = "test.depth"};
        check(gpu_image_create(dev, &imgs[i], &d, &err), &err);
        assert_int_equal(imgs[i].aspect, formats[i].aspect);
        assert_int_equal(imgs[i].mips, 3);
        assert_int_equal(imgs[i].layers, 2);
        check(gpu_image_view(dev, &imgs[i], 1, 1, 1, 1, "test.depth_view", &views[i], &err), &err);
        gpu_barrier_image_range(cmd, &imgs[i], GPU_ACCESS_NONE, GPU_ACCESS_DEPTH_ATTACHMENT, 1, 1, 1, 1);
        gpu_barrier_image_range(cmd, &imgs[i], GPU_ACCESS_NONE, GPU_ACCESS_DEPTH_ATTACHMENT, 0, 1, 0, 2);
        gpu_barrier_image_range(cmd, &imgs[i], GPU_ACCESS_NONE, GPU_ACCESS_DEPTH_ATTACHMENT, 1, 2, 0, 1);
        gpu_barrier_image_range(cmd, &imgs[i], GPU_ACCESS_NONE, GPU_ACCESS_DEPTH_ATTACHMENT, 2, 1, 1, 1);
        gpu_barrier_image(cmd, &imgs[i], GPU_ACCESS_DEPTH_ATTACHMENT, GPU_ACCESS_DEPTH_READ_COMPUTE);
        tried++;
    }
    check(gpu_submit_wait(dev, cmd, &err), &err);
    for (int i = 0; i < 6; i++) {
        if (views[i]) vkDestroyImageView(dev->device, views[i], NULL);
        gpu_image_destroy(dev, &imgs[i]);
    }
    print_message("%d depth formats supported\n", tried);
    assert_true(tried >= 2); /* D16 and D32 are required of every device */
    /* images beyond the device's limits are refused with a message, not created */
    gpu_image big;
    gpu_image_desc d = {.format = VK_FORMAT_R8G8B8A8_UNORM, .width = dev->props.limits.maxImageDimension2D + 1,
                        .height = 4, .usage = VK_IMAGE_USAGE_STORAGE_BIT, .name = "test.too_big"};
    assert_int_equal(gpu_image_create(dev, &big, &d, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "test.too_big"));
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

/* Clears of one mip and one layer of a colour image land only there (barriers and copies per sub-resource). */
static void subresource_clears(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    gpu_device *dev = dev_of(ctx);
    sward_error err = {0};
    gpu_image img;
    gpu_image_desc d = {.format = VK_FORMAT_R8G8B8A8_UNORM, .width = 8, .height = 8, .mips = 2, .layers = 3,
                        .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                        .name = "test.array"};
    check(gpu_image_create(dev, &img, &d, &err), &err);
    gpu_buffer rb;
    check(gpu_buffer_create(dev, &rb, 2 * 4 * 4 * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK, "test.rb",
                            &err),
          &err);
    VkCommandBuffer cmd;
    check(gpu_begin_once(dev, &cmd, &err), &err);
    gpu_barrier_image(cmd, &img, GPU_ACCESS_NONE, GPU_ACCESS_TRANSFER_WRITE);
    VkClearColorValue zero = {.float32 = {0, 0, 0, 0}}, mark = {.float32 = {1, 0.5f, 0, 1}};
    VkImageSubresourceRange all = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 2, 0, 3}, one = {VK_IMAGE_ASPECT_COLOR_BIT, 1, 1, 2, 1};
    vkCmdClearColorImage(cmd, img.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &zero, 1, &all);
    gpu_barrier_image(cmd, &img, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_TRANSFER_WRITE);
    vkCmdClearColorImage(cmd, img.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &mark, 1, &one);
    /* mip 1 of layers 1 and 2 to TRANSFER_SRC, the rest stays */
    gpu_barrier_image_range(cmd, &img, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_TRANSFER_READ, 1, 1, 1, 2);
    VkBufferImageCopy copies[2] = {
        {.bufferOffset = 0, .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 1, 1, 1}, .imageExtent = {4, 4, 1}},
        {.bufferOffset = 64, .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 1, 2, 1}, .imageExtent = {4, 4, 1}},
    };
    vkCmdCopyImageToBuffer(cmd, img.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, rb.buffer, 2, copies);
    gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
    check(gpu_submit_wait(dev, cmd, &err), &err);
    const uint8_t *p = rb.mapped;
    assert_int_equal(p[0], 0);        /* layer 1, mip 1: untouched */
    assert_int_equal(p[64 + 0], 255); /* layer 2, mip 1: marked */
    assert_int_equal(p[64 + 1], 128);
    gpu_buffer_destroy(dev, &rb);
    gpu_image_destroy(dev, &img);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

typedef struct raster {
    gpu_device *dev;
    VkPipelineLayout layout;
    gpu_image c0, c1, depth;
    gpu_buffer rb; /* c0, c1 (RGBA8) then depth (float) */
} raster;

static VkPipeline pipeline(raster *t, bool color, float depth, float rgb, VkCompareOp cmp, bool test, bool write,
                           gpu_blend blend1, float bias, bool clamp)
{
    sward_error err = {0};
    gpu_graphics_desc d = {
        .vs = sw_test_layer_vert, .vs_bytes = sizeof sw_test_layer_vert,
        .fs = color ? sw_test_layer_frag : NULL, .fs_bytes = sizeof sw_test_layer_frag,
        .spec = {.count = 4},
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
        .color_count = color ? 2u : 0u,
        .color_formats = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM},
        .blend = {GPU_BLEND_NONE, blend1},
        .depth_format = VK_FORMAT_D32_SFLOAT,
        .depth_test = test, .depth_write = write, .depth_compare = cmp,
        .depth_bias_constant = bias, .depth_clamp = clamp,
        .name = "test.pipeline",
    };
    float spec[4] = {depth, rgb, rgb, rgb};
    memcpy(d.spec.values, spec, sizeof spec);
    VkPipeline p;
    check(gpu_graphics_pipeline(t->dev, t->layout, &d, &p, &err), &err);
    return p;
}

static void targets(raster *t, sward_context *ctx)
{
    sward_error err = {0};
    t->dev = dev_of(ctx);
    check(gpu_pipeline_layout_create(t->dev, NULL, 0, 0, "test.layout", &t->layout, &err), &err);
    VkImageUsageFlags cu = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    gpu_image_desc c = {.format = VK_FORMAT_R8G8B8A8_UNORM, .width = W, .height = H, .usage = cu, .name = "test.c"};
    check(gpu_image_create(t->dev, &t->c0, &c, &err), &err);
    check(gpu_image_create(t->dev, &t->c1, &c, &err), &err);
    gpu_image_desc d = {.format = VK_FORMAT_D32_SFLOAT, .width = W, .height = H,
                        .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                        .name = "test.depth"};
    check(gpu_image_create(t->dev, &t->depth, &d, &err), &err);
    check(gpu_buffer_create(t->dev, &t->rb, 3 * W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_READBACK,
                            "test.rb", &err),
          &err);
}

static void begin(raster *t, VkCommandBuffer cmd, bool clear)
{
    gpu_access from_c = clear ? GPU_ACCESS_NONE : GPU_ACCESS_COLOR_ATTACHMENT;
    gpu_access from_d = clear ? GPU_ACCESS_NONE : GPU_ACCESS_DEPTH_ATTACHMENT;
    gpu_barrier_image(cmd, &t->c0, from_c, GPU_ACCESS_COLOR_ATTACHMENT);
    gpu_barrier_image(cmd, &t->c1, from_c, GPU_ACCESS_COLOR_ATTACHMENT);
    gpu_barrier_image(cmd, &t->depth, from_d, GPU_ACCESS_DEPTH_ATTACHMENT);
    VkAttachmentLoadOp op = clear ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD;
    VkRenderingAttachmentInfo ca[2] = {
        {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = t->c0.view,
         .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, .loadOp = op, .storeOp = VK_ATTACHMENT_STORE_OP_STORE},
        {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = t->c1.view,
         .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, .loadOp = op, .storeOp = VK_ATTACHMENT_STORE_OP_STORE},
    };
    VkRenderingAttachmentInfo da = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = t->depth.view,
                                    .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, .loadOp = op,
                                    .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
    VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = {{0, 0}, {W, H}},
                          .layerCount = 1, .colorAttachmentCount = 2, .pColorAttachments = ca,
                          .pDepthAttachment = &da};
    vkCmdBeginRendering(cmd, &ri);
    VkViewport vp = {0, 0, (float)W, (float)H, 0, 1};
    VkRect2D sc = {{0, 0}, {W, H}};
    vkCmdSetViewport(cmd, 0, 1, &vp);
    vkCmdSetScissor(cmd, 0, 1, &sc);
}

static void draw(VkCommandBuffer cmd, VkPipeline p)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
    vkCmdDraw(cmd, 3, 1, 0, 0);
}

/* Ends rendering, reads the three targets back and waits. */
static void finish(raster *t, VkCommandBuffer cmd)
{
    sward_error err = {0};
    vkCmdEndRendering(cmd);
    gpu_barrier_image(cmd, &t->c0, GPU_ACCESS_COLOR_ATTACHMENT, GPU_ACCESS_TRANSFER_READ);
    gpu_barrier_image(cmd, &t->c1, GPU_ACCESS_COLOR_ATTACHMENT, GPU_ACCESS_TRANSFER_READ);
    gpu_barrier_image(cmd, &t->depth, GPU_ACCESS_DEPTH_ATTACHMENT, GPU_ACCESS_TRANSFER_READ);
    VkBufferImageCopy c = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1}, .imageExtent = {W, H, 1}};
    vkCmdCopyImageToBuffer(cmd, t->c0.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, t->rb.buffer, 1, &c);
    c.bufferOffset = W * H * 4;
    vkCmdCopyImageToBuffer(cmd, t->c1.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, t->rb.buffer, 1, &c);
    c.bufferOffset = 2 * W * H * 4;
    c.imageSubresource.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
    vkCmdCopyImageToBuffer(cmd, t->depth.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, t->rb.buffer, 1, &c);
    gpu_barrier_memory(cmd, GPU_ACCESS_TRANSFER_WRITE, GPU_ACCESS_HOST_READ);
    check(gpu_submit_wait(t->dev, cmd, &err), &err);
}

static const uint8_t *c0_at(const raster *t, uint32_t x, uint32_t y)
{
    return (const uint8_t *)t->rb.mapped + 4 * (y * W + x);
}
static const uint8_t *c1_at(const raster *t, uint32_t x, uint32_t y)
{
    return (const uint8_t *)t->rb.mapped + W * H * 4 + 4 * (y * W + x);
}
static float depth_at(const raster *t, uint32_t x, uint32_t y)
{
    return ((const float *)t->rb.mapped)[2 * W * H + y * W + x];
}

static void destroy(raster *t, VkPipeline *p, int n)
{
    for (int i = 0; i < n; i++) vkDestroyPipeline(t->dev->device, p[i], NULL);
    vkDestroyPipelineLayout(t->dev->device, t->layout, NULL);
    gpu_image_destroy(t->dev, &t->c0);
    gpu_image_destroy(t->dev, &t->c1);
    gpu_image_destroy(t->dev, &t->depth);
    gpu_buffer_destroy(t->dev, &t->rb);
}

/* SH1 in miniature: a depth-only pass writes the triangle's depth; the colour pass tests EQUAL with depth
 * writes off into two attachments; a pass at another depth draws nothing. Inside (2, 2), outside (13, 13). */
static void depth_prime_then_equal(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    raster t;
    targets(&t, ctx);
    VkPipeline p[3] = {
        pipeline(&t, false, 0.5f, 0, VK_COMPARE_OP_GREATER, true, true, GPU_BLEND_NONE, 0, false),
        pipeline(&t, true, 0.5f, 1.0f, VK_COMPARE_OP_EQUAL, true, false, GPU_BLEND_NONE, 0, false),
        pipeline(&t, true, 0.25f, 0.5f, VK_COMPARE_OP_EQUAL, true, false, GPU_BLEND_NONE, 0, false),
    };
    sward_error err = {0};
    VkCommandBuffer cmd;
    check(gpu_begin_once(t.dev, &cmd, &err), &err);
    begin(&t, cmd, true);
    draw(cmd, p[0]);
    draw(cmd, p[1]);
    draw(cmd, p[2]);
    finish(&t, cmd);
    assert_true(depth_at(&t, 2, 2) == 0.5f);
    assert_true(depth_at(&t, 13, 13) == 0.0f);
    assert_int_equal(c0_at(&t, 2, 2)[0], 255); /* the EQUAL pass, white (spec constants 1.0) */
    assert_int_equal(c1_at(&t, 2, 2)[3], 128); /* second attachment, alpha 0.5 */
    assert_int_equal(c0_at(&t, 13, 13)[0], 0); /* outside: the clear */
    destroy(&t, p, 3);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

/* Additive blending on attachment 1 only; depth bias pushes the written depth; depth clamp keeps a triangle
 * beyond the depth range (where the device has it). */
static void blend_bias_clamp(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    raster t;
    targets(&t, ctx);
    bool clamp = t.dev->features.depthClamp;
    bool independent = t.dev->features.independentBlend;
    VkPipeline p[3] = {
        pipeline(&t, true, 0.5f, 0.25f, VK_COMPARE_OP_ALWAYS, false, false, independent ? GPU_BLEND_ADD : GPU_BLEND_NONE,
                 0, false),
        pipeline(&t, false, 0.5f, 0, VK_COMPARE_OP_ALWAYS, true, true, GPU_BLEND_NONE, 1000.0f, false),
        clamp ? pipeline(&t, false, 1.5f, 0, VK_COMPARE_OP_ALWAYS, true, true, GPU_BLEND_NONE, 0, true) : VK_NULL_HANDLE,
    };
    sward_error err = {0};
    VkCommandBuffer cmd;
    check(gpu_begin_once(t.dev, &cmd, &err), &err);
    begin(&t, cmd, true);
    draw(cmd, p[0]);
    draw(cmd, p[0]);
    draw(cmd, p[1]);
    finish(&t, cmd);
    assert_int_equal(c0_at(&t, 2, 2)[0], 64);  /* 0.25, written twice */
    if (independent) assert_int_equal(c1_at(&t, 2, 2)[0], 128); /* 0.25 + 0.25 */
    print_message("independent blend %s, depth clamp %s\n", independent ? "yes" : "no", clamp ? "yes" : "no");
    float biased = depth_at(&t, 2, 2);
    print_message("depth with bias %.9g\n", biased);
    assert_true(biased > 0.5f && biased < 0.51f);
    if (clamp) {
        check(gpu_begin_once(t.dev, &cmd, &err), &err);
        begin(&t, cmd, true);
        draw(cmd, p[2]);
        finish(&t, cmd);
        assert_true(depth_at(&t, 2, 2) == 1.0f); /* clamped, not clipped */
    }
    /* a pipeline asking for what the device lacks is refused by name */
    gpu_graphics_desc bad = {.vs = sw_test_layer_vert, .vs_bytes = sizeof sw_test_layer_vert, .color_count = 1,
                             .color_formats = {VK_FORMAT_R8G8B8A8_UNORM}, .name = "test.no_fs"};
    VkPipeline none;
    assert_int_equal(gpu_graphics_pipeline(t.dev, t.layout, &bad, &none, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "test.no_fs"));
    destroy(&t, p, clamp ? 3 : 2);
    gu_no_validation_messages(ctx);
    sward_context_destroy(ctx);
}

/* The device's shared objects (src/gpu/shared.c): a definition made twice is one object; any field that reaches
 * Vulkan makes another; the SPIR-V is matched by its bytes, not its address; two renderers of one scene on one
 * context make the pipelines once, and the second still renders the same image after the first is gone. */
static void shared_pipelines(void **state)
{
    (void)state;
    sward_context *ctx = gu_context();
    gpu_device *dev = dev_of(ctx);
    sward_error err = {0};
    VkPipelineLayout l0, l0b, l16;
    check(gpu_shared_pipeline_layout(dev, NULL, 0, 0, "test.shared_layout", &l0, &err), &err);
    check(gpu_shared_pipeline_layout(dev, NULL, 0, 0, "test.shared_layout", &l0b, &err), &err);
    check(gpu_shared_pipeline_layout(dev, NULL, 0, 16, "test.shared_layout16", &l16, &err), &err);
    assert_true(l0 == l0b);
    assert_true(l0 != l16);
    VkDescriptorSetLayoutBinding b[2] = {{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_ALL, NULL},
                                         {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_ALL, NULL}};
    VkDescriptorSetLayout s2, s2b, s1;
    check(gpu_shared_set_layout(dev, b, 2, "test.set", &s2, &err), &err);
    check(gpu_shared_set_layout(dev, b, 2, "test.set", &s2b, &err), &err);
    check(gpu_shared_set_layout(dev, b, 1, "test.set1", &s1, &err), &err);
    assert_true(s2 == s2b);
    assert_true(s1 != s2);
    b[1].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    VkDescriptorSetLayout s2u;
    check(gpu_shared_set_layout(dev, b, 2, "test.set_u", &s2u, &err), &err);
    assert_true(s2u != s2);

    gpu_graphics_desc d = {
        .vs = sw_test_layer_vert, .vs_bytes = sizeof sw_test_layer_vert,
        .fs = sw_test_layer_frag, .fs_bytes = sizeof sw_test_layer_frag,
        .spec = {.count = 4},
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
        .color_count = 2,
        .color_formats = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM},
        .depth_format = VK_FORMAT_D32_SFLOAT,
        .depth_test = true, .depth_write = true, .depth_compare = VK_COMPARE_OP_GREATER,
        .name = "test.shared",
    };
    VkPipeline p, again;
    check(gpu_shared_graphics_pipeline(dev, l0, &d, &p, &err), &err);
    uint32_t made = gpu_shared_count(dev);
    check(gpu_shared_graphics_pipeline(dev, l0, &d, &again, &err), &err);
    assert_true(p == again);
    /* the same bytes elsewhere: the same pipeline */
    uint32_t *vs = malloc(sizeof sw_test_layer_vert);
    memcpy(vs, sw_test_layer_vert, sizeof sw_test_layer_vert);
    gpu_graphics_desc moved = d;
    moved.vs = vs;
    moved.name = "test.shared_moved";
    check(gpu_shared_graphics_pipeline(dev, l0, &moved, &again, &err), &err);
    assert_true(p == again);
    assert_int_equal(gpu_shared_count(dev), made);
    free(vs);
    /* each field that reaches Vulkan: another pipeline */
    gpu_graphics_desc v[8];
    for (int i = 0; i < 8; i++) v[i] = d;
    v[0].spec.values[2] = 1;
    v[1].blend[1] = GPU_BLEND_ADD;
    v[2].depth_compare = VK_COMPARE_OP_EQUAL;
    v[3].depth_write = false;
    v[4].depth_bias_constant = 2.0f;
    v[5].color_count = 1;
    v[6].cull = VK_CULL_MODE_BACK_BIT;
    v[7].color_formats[1] = VK_FORMAT_R16G16B16A16_SFLOAT;
    VkPipeline others[9];
    for (int i = 0; i < 8; i++) check(gpu_shared_graphics_pipeline(dev, l0, &v[i], &others[i], &err), &err);
    check(gpu_shared_graphics_pipeline(dev, l16, &d, &others[8], &err), &err);
    for (int i = 0; i < 9; i++) {
        assert_true(others[i] != p);
        for (int j = 0; j < i; j++) assert_true(others[i] != others[j]);
    }
    assert_int_equal(gpu_shared_count(dev), made + 9);

    /* two renderers of one scene: the second makes nothing; it outlives the first */
    sward_scene *scene = gu_scene_lean("scenes/small.json");
    const uint32_t w = 32, h = 18;
    sward_renderer *r1 = gu_renderer(ctx, scene, w, h);
    uint32_t after_first = gpu_shared_count(dev);
    assert_true(after_first > made + 9 + 10); /* the passes' layouts and pipelines */
    sward_renderer *r2 = gu_renderer(ctx, scene, w, h);
    assert_int_equal(gpu_shared_count(dev), after_first);
    size_t bytes = sward_image_bound(w, h);
    sward_image i1 = {.width = w, .height = h, .pixels = malloc(bytes)};
    sward_image i2 = {.width = w, .height = h, .pixels = malloc(bytes)};
    sward_frame_stats st = SWARD_FRAME_STATS_INIT;
    if (sward_render(r1, NULL, &i1, &st, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    sward_renderer_destroy(r1);
    if (sward_render(r2, NULL, &i2, &st, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    assert_memory_equal(i1.pixels, i2.pixels, bytes);
    free(i1.pixels);
    free(i2.pixels);
    gu_finish(r2, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(depth_formats_and_subresources),
        cmocka_unit_test(subresource_clears),
        cmocka_unit_test(depth_prime_then_equal),
        cmocka_unit_test(blend_bias_clamp),
        cmocka_unit_test(shared_pipelines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
