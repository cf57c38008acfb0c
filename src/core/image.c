/* image.c — the public image helpers. */
#include "core/core.h"

size_t sward_image_bound(uint32_t width, uint32_t height)
{
    return (size_t)width * (size_t)height * 4u;
}

sward_result sward_write_png(const char *path, const sward_image *image, sward_error *err)
{
    if (!image || !image->pixels || image->width == 0 || image->height == 0)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: empty image", path);
    return core_png_write_rgba8(path, image->pixels, image->width, image->height, err);
}

size_t sward_image_hdr_bound(uint32_t width, uint32_t height)
{
    return (size_t)width * (size_t)height * 4u * sizeof(float);
}
