/* png.c — PNG height maps in (grey, 1 to 16 bits, PL1) and RGBA8 images out, through libpng's simplified API
 * for writing and the classic API for reading (it reports size, bit depth and colour type before decoding,
 * so oversized or colour images are refused before any large allocation). */
#include "core/core.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct png_err_ctx {
    char message[256];
    FILE *file;
} png_err_ctx;

static void png_error_fn(png_structp png, png_const_charp msg)
{
    png_err_ctx *ctx = png_get_error_ptr(png);
    snprintf(ctx->message, sizeof ctx->message, "%s", msg);
    png_longjmp(png, 1);
}

static void png_warning_fn(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

/* libpng's default reader says only "Read Error"; a short file is by far the likeliest cause. */
static void png_read_fn(png_structp png, png_bytep data, size_t length)
{
    png_err_ctx *ctx = png_get_error_ptr(png);
    if (fread(data, 1, length, ctx->file) == length) return;
    if (ferror(ctx->file)) {
        char msg[128];
        snprintf(msg, sizeof msg, "read error: %s", strerror(errno ? errno : EIO));
        png_error(png, msg);
    }
    png_error(png, "the file ends early (truncated)");
}

static const char *color_type_name(int ctype)
{
    switch (ctype) {
    case PNG_COLOR_TYPE_RGB: return "an RGB colour image";
    case PNG_COLOR_TYPE_RGB_ALPHA: return "an RGBA colour image";
    case PNG_COLOR_TYPE_PALETTE: return "a palette (indexed-colour) image";
    default: return "a colour image";
    }
}

sward_result core_png_read_gray(const char *path, uint32_t max_side, float **values, uint32_t *width,
                                uint32_t *height, sward_error *err)
{
    *values = NULL;
    *width = *height = 0;
    sward_result open_result = SWARD_OK;
    FILE *f = core_open_regular(path, err, &open_result);
    if (!f) return open_result;
    unsigned char sig[8];
    size_t got = fread(sig, 1, 8, f);
    if (got != 8 && ferror(f)) {
        int e = errno;
        fclose(f);
        return core_fail(err, SWARD_ERROR_IO, "%s: cannot read: %s", path, strerror(e ? e : EIO));
    }
    if (got == 0) {
        fclose(f);
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: not a PNG file (the file is empty)", path);
    }
    if (got != 8 || png_sig_cmp(sig, 0, 8) != 0) {
        fclose(f);
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: not a PNG file", path);
    }
    png_err_ctx ectx = {.message = "", .file = f};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ectx, png_error_fn, png_warning_fn);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(f);
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", path);
    }
    /* Everything the longjmp can reach is volatile or allocated before setjmp. */
    float *volatile out = NULL;
    png_bytep *volatile rows = NULL;
    png_bytep volatile pixels = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(out);
        free(rows);
        free(pixels);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(f);
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: corrupt PNG: %s", path, ectx.message);
    }
    png_set_read_fn(png, &ectx, png_read_fn);
    png_set_sig_bytes(png, 8);
    /* libpng's own limits (1000000 pixels a side) stay; the size is checked below against max_side before
     * anything is decoded, with a message that says so rather than libpng's "Invalid IHDR data". Ancillary
     * chunks are capped in number and size, so a file of many or huge text chunks cannot exhaust memory. */
    png_set_chunk_cache_max(png, 128);
    png_set_chunk_malloc_max(png, 1u << 20);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info);
    png_uint_32 h = png_get_image_height(png, info);
    int depth = png_get_bit_depth(png, info);
    int ctype = png_get_color_type(png, info);
    if (ctype != PNG_COLOR_TYPE_GRAY && ctype != PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(f);
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: height map must be a grey-scale PNG (1 to 16 bits), got %s", path,
                         color_type_name(ctype));
    }
    if (w > max_side || h > max_side) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(f);
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: must be at most %ux%u pixels, got %ux%u", path,
                         (unsigned)max_side, (unsigned)max_side, (unsigned)w, (unsigned)h);
    }
    if (ctype == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_strip_alpha(png);
    if (depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (depth == 16) png_set_swap(png); /* host order (little-endian) for the uint16 reads below */
    (void)png_set_interlace_handling(png); /* Adam7 images are read whole by png_read_image */
    png_read_update_info(png, info);
    size_t rowbytes = png_get_rowbytes(png, info);
    int bytes = depth == 16 ? 2 : 1;
    if (rowbytes < (size_t)w * (size_t)bytes) png_error(png, "unexpected row size after the grey conversion");
    pixels = malloc(rowbytes * h);
    rows = malloc(sizeof(png_bytep) * h);
    out = malloc(sizeof(float) * (size_t)w * h);
    if (!pixels || !rows || !out) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * rowbytes;
    png_read_image(png, rows);
    for (png_uint_32 y = 0; y < h; y++) {
        for (png_uint_32 x = 0; x < w; x++) {
            float v;
            if (bytes == 2) {
                uint16_t s;
                memcpy(&s, rows[y] + (size_t)x * 2, 2);
                v = (float)s / 65535.0f;
            } else {
                v = (float)rows[y][x] / 255.0f;
            }
            out[(size_t)y * w + x] = v;
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    fclose(f);
    free(rows);
    free(pixels);
    *values = out;
    *width = w;
    *height = h;
    return SWARD_OK;
}

sward_result core_png_encode_rgba8(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                                   void **png, size_t *png_size, sward_error *err)
{
    *png = NULL;
    *png_size = 0;
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = width;
    img.height = height;
    img.format = PNG_FORMAT_RGBA;
    /* The buffer is libpng's worst-case bound; only the pages the compressed image fills are touched. */
    png_alloc_size_t cap = PNG_IMAGE_PNG_SIZE_MAX(img);
    if (cap == 0 || (size_t)width * 4u > (size_t)INT32_MAX)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: cannot write a %ux%u image", path, (unsigned)width,
                         (unsigned)height);
    void *buf = malloc(cap);
    if (!buf)
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory encoding a %ux%u image", path,
                         (unsigned)width, (unsigned)height);
    png_alloc_size_t size = cap;
    int ok = png_image_write_to_memory(&img, buf, &size, 0, pixels, (png_int_32)(width * 4u), NULL);
    if (!ok) {
        free(buf);
        sward_result r = core_fail(err, SWARD_ERROR_IO, "%s: cannot write: %s", path, img.message);
        png_image_free(&img);
        return r;
    }
    *png = buf;
    *png_size = (size_t)size;
    return SWARD_OK;
}

sward_result core_png_write_rgba8(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                                  sward_error *err)
{
    /* Encoded in memory first, then written whole: a failed write (a full disk) leaves no truncated file and
     * reports the system's reason. */
    void *buf = NULL;
    size_t size = 0;
    sward_result r = core_png_encode_rgba8(path, pixels, width, height, &buf, &size, err);
    if (r == SWARD_OK) r = core_write_file(path, buf, size, err);
    free(buf);
    return r;
}
