/* exr.c — HDR images out as OpenEXR (sward_write_exr) through OpenEXR's C API (OpenEXRCore): one scanline
 * part, channels A, B, G, R (EXR sorts them by name) as 32-bit floats, ZIP compression, increasing y (the
 * first row is the top one), and the tone map's exposure and white point as float attributes swardExposure and
 * swardWhitePoint when the image carries them (sward_render_hdr). Like the PNG writer, the file is encoded in memory first (OpenEXR's write
 * callback fills a growing buffer) and written whole by core_write_file: a failure leaves no partial file.
 * Without SWARD_HAVE_OPENEXR (CMake SWARD_OPENEXR=OFF) every call fails with a message. */
#include "core/core.h"

#include <stdlib.h>
#include <string.h>

#ifdef SWARD_HAVE_OPENEXR
#include <openexr.h>

typedef struct exr_memory {
    uint8_t *data;
    size_t size, cap;
    bool failed;      /* out of memory */
    char message[256]; /* OpenEXR's last error message */
} exr_memory;

static int64_t memory_write(exr_const_context_t ctxt, void *user, const void *buffer, uint64_t sz, uint64_t offset,
                            exr_stream_error_func_ptr_t error_cb)
{
    (void)ctxt;
    (void)error_cb;
    exr_memory *m = user;
    if (offset > SIZE_MAX - sz) return -1;
    size_t end = (size_t)(offset + sz);
    if (end > m->cap) {
        size_t cap = m->cap ? m->cap : 1u << 16;
        while (cap < end) cap = cap > SIZE_MAX / 2 ? end : cap * 2;
        uint8_t *grown = realloc(m->data, cap);
        if (!grown) {
            m->failed = true;
            return -1;
        }
        m->data = grown;
        m->cap = cap;
    }
    if (offset > m->size) memset(m->data + m->size, 0, (size_t)offset - m->size);
    memcpy(m->data + offset, buffer, (size_t)sz);
    if (end > m->size) m->size = end;
    return (int64_t)sz;
}

static void error_handler(exr_const_context_t ctxt, exr_result_t code, const char *msg)
{
    exr_memory *m = NULL;
    if (exr_get_user_data(ctxt, (void **)&m) != EXR_ERR_SUCCESS || !m) return;
    snprintf(m->message, sizeof m->message, "%s", msg ? msg : exr_get_error_code_as_string(code));
}

/* Encodes the whole file into m; EXR_ERR_SUCCESS or the first error. */
static exr_result_t encode(const char *path, const sward_image_hdr *image, exr_memory *m)
{
    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    init.user_data = m;
    init.write_fn = memory_write;
    init.error_handler_fn = error_handler;
    exr_context_t f = NULL;
    exr_result_t rv = exr_start_write(&f, path, EXR_WRITE_FILE_DIRECTLY, &init);
    if (rv != EXR_ERR_SUCCESS) return rv;
    int part = 0;
    static const char *const names[4] = {"R", "G", "B", "A"};
    rv = exr_add_part(f, "sward", EXR_STORAGE_SCANLINE, &part);
    if (rv == EXR_ERR_SUCCESS)
        rv = exr_initialize_required_attr_simple(f, part, (int32_t)image->width, (int32_t)image->height,
                                                 EXR_COMPRESSION_ZIP);
    for (int c = 0; c < 4 && rv == EXR_ERR_SUCCESS; c++)
        rv = exr_add_channel(f, part, names[c], EXR_PIXEL_FLOAT, EXR_PERCEPTUALLY_LINEAR, 1, 1);
    /* the tone map's parameters (sward_render_hdr fills them; an image with none has none) */
    if (rv == EXR_ERR_SUCCESS && image->exposure > 0.0f) rv = exr_attr_set_float(f, part, "swardExposure", image->exposure);
    if (rv == EXR_ERR_SUCCESS && image->exposure > 0.0f)
        rv = exr_attr_set_float(f, part, "swardWhitePoint", image->white_point);
    if (rv == EXR_ERR_SUCCESS) rv = exr_write_header(f);
    int32_t lines = 1;
    if (rv == EXR_ERR_SUCCESS) rv = exr_get_scanlines_per_chunk(f, part, &lines);
    exr_encode_pipeline_t enc = EXR_ENCODE_PIPELINE_INITIALIZER;
    bool initialized = false;
    const size_t row = (size_t)image->width * 4u;
    for (int32_t y = 0; rv == EXR_ERR_SUCCESS && y < (int32_t)image->height; y += lines) {
        exr_chunk_info_t chunk;
        rv = exr_write_scanline_chunk_info(f, part, y, &chunk);
        if (rv != EXR_ERR_SUCCESS) break;
        rv = initialized ? exr_encoding_update(f, part, &chunk, &enc) : exr_encoding_initialize(f, part, &chunk, &enc);
        if (rv != EXR_ERR_SUCCESS) break;
        for (int16_t c = 0; c < enc.channel_count; c++) {
            exr_coding_channel_info_t *ch = &enc.channels[c];
            int comp = 0;
            while (comp < 3 && strcmp(ch->channel_name, names[comp]) != 0) comp++;
            ch->encode_from_ptr = (const uint8_t *)(image->pixels + (size_t)chunk.start_y * row + (size_t)comp);
            ch->user_pixel_stride = (int32_t)(4u * sizeof(float));
            ch->user_line_stride = (int32_t)(row * sizeof(float));
            ch->user_bytes_per_element = (int16_t)sizeof(float);
            ch->user_data_type = EXR_PIXEL_FLOAT;
        }
        if (!initialized) {
            rv = exr_encoding_choose_default_routines(f, part, &enc);
            initialized = rv == EXR_ERR_SUCCESS;
            if (!initialized) break;
        }
        rv = exr_encoding_run(f, part, &enc);
    }
    if (initialized) exr_encoding_destroy(f, &enc);
    exr_result_t fin = exr_finish(&f);
    return rv != EXR_ERR_SUCCESS ? rv : fin;
}

sward_result sward_write_exr(const char *path, const sward_image_hdr *image, sward_error *err)
{
    if (!path) return core_fail(err, SWARD_ERROR_INVALID_INPUT, "sward_write_exr: no path");
    if (!image || !image->pixels || image->width == 0 || image->height == 0)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: empty image", path);
    if (image->width > INT32_MAX / 16u || image->height > INT32_MAX / 16u)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: cannot write a %ux%u image", path,
                         (unsigned)image->width, (unsigned)image->height);
    exr_memory m;
    memset(&m, 0, sizeof m);
    exr_result_t rv = encode(path, image, &m);
    if (rv != EXR_ERR_SUCCESS) {
        free(m.data);
        if (m.failed)
            return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory encoding a %ux%u image", path,
                             (unsigned)image->width, (unsigned)image->height);
        return core_fail(err, SWARD_ERROR_IO, "%s: cannot write EXR: %s", path,
                         m.message[0] ? m.message : exr_get_error_code_as_string(rv));
    }
    sward_result r = core_write_file(path, m.data, m.size, err);
    free(m.data);
    return r;
}

#else

sward_result sward_write_exr(const char *path, const sward_image_hdr *image, sward_error *err)
{
    (void)image;
    return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: cannot write EXR: sward was built without OpenEXR "
                     "(CMake option SWARD_OPENEXR=OFF)", path ? path : "(null)");
}

#endif
