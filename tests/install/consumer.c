/* consumer.c — a program built against an installed sward, as a user builds one (tests/install/
 * test_install.sh builds it with find_package(sward) and with pkg-config, shared and static): loads the
 * built-in scene, reads its render settings and a gameplay query on the CPU, lists the Vulkan devices and
 * creates a context on the preferred one (lavapipe in CI). Exit status 0 when all of that works. */
#include <sward/sward.h>
#include <sward/sward_vulkan.h> /* compiles for a consumer too (it includes <vulkan/vulkan.h>) */

#include <stdio.h>

static int fail(const char *what, const sward_error *err)
{
    fprintf(stderr, "consumer: %s: %s\n", what, err ? err->message : "unexpected value");
    return 1;
}

int main(void)
{
    sward_error err = {0};
    sward_scene *scene = NULL;
    if (sward_scene_load_default(&scene, &err) != SWARD_OK) return fail("sward_scene_load_default", &err);
    sward_render_settings rs = sward_scene_render_settings(scene);
    if (rs.width == 0 || rs.height == 0) return fail("sward_scene_render_settings", NULL);
    float cover = -1.0f;
    if (sward_query_cover(scene, 0.0f, 0.0f, &cover) != SWARD_OK || cover < 0.0f)
        return fail("sward_query_cover", NULL);

    sward_device_info devices[16];
    uint32_t count = 0;
    if (sward_list_devices(devices, 16, &count, &err) != SWARD_OK) return fail("sward_list_devices", &err);
    if (count == 0) return fail("sward_list_devices: no device", NULL);
    sward_context *ctx = NULL;
    if (sward_context_create(&(sward_context_desc){0}, &ctx, &err) != SWARD_OK)
        return fail("sward_context_create", &err);
    sward_device_info dev = sward_context_device(ctx);
    printf("consumer: sward %s, default scene %ux%u, cover %.3f m at the origin, %u device(s), context on %s\n",
           SWARD_VERSION_STRING, rs.width, rs.height, (double)cover, count, dev.name);
    sward_context_destroy(ctx);
    sward_scene_destroy(scene);
    return 0;
}
