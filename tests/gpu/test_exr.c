/* HDR output (TL1): sward_render_hdr reads back the linear frame the tone map reads (after TAA and
 * bloom, before exposure, the filmic curve and sRGB), and sward_write_exr stores it as OpenEXR.
 *
 * Pre-tone-map: the 8-bit image of the same frame must be the HDR image through the documented curve
 * (shaders/shared/sw_tonemap.h: exposure, Uncharted 2 with white point, sRGB) within one step, in every
 * pixel, with TAA and bloom on (a buffer before TAA or before the bloom, or after the tone map, does not
 * match), with the exposure the HDR image says it was tone-mapped with (auto exposure: the adapted one, PO4);
 * and the sunny scene holds radiance above 1.
 * EXR: the file is read back with OpenEXR's C API (exr_start_read, the decode pipeline) and must hold the
 * buffer's floats exactly (channels R, G, B, A as 32-bit floats, rows top to bottom) and the tone map's exposure
 * and white point (attributes swardExposure, swardWhitePoint). A path in a missing
 * folder fails with SWARD_ERROR_IO and a message naming the file, leaving nothing.
 * Extremes: at the documented ends of render.exposure, of render.auto_exposure's EV range, of an exposure area's
 * ev and of the white point, through both curves, with bloom and TAA on, the HDR frame holds only finite values
 * and the 8-bit one is white where it is over-exposed and black where under-exposed (the bloom chain's half
 * floats and the curves saturate rather than overflow into infinity and NaN). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "gpu_util.h"

#include "shared/sw_tonemap.h"

#include <math.h>
#include <unistd.h>

#ifdef SWARD_HAVE_OPENEXR
#include <openexr.h>
#endif

#define W 96u
#define H 64u

typedef struct hdr_frame {
    uint8_t *ldr;
    float *hdr;
    float exposure, white;
} hdr_frame;

static void render_hdr(hdr_frame *out)
{
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/small.json");
    scene->render.features |= SW_FEAT_TAA | SW_FEAT_BLOOM; /* what post reads with both on */
    scene->render.settings.auto_exposure.enabled = true; /* PO4: the image carries the exposure it was adapted to */
    sward_error err = {0};
    sward_render_settings rs = sward_scene_render_settings(scene);
    rs.width = W;
    rs.height = H;
    rs.white_point = 1.5f; /* the sky's radiance (3.7 at most) above the white point: the bloom adds light */
    if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("settings: %s", err.message);
    rs = sward_scene_render_settings(scene);
    sward_renderer *r = NULL;
    if (sward_renderer_create(ctx, scene, &r, &err) != SWARD_OK) fail_msg("renderer: %s", err.message);
    sward_image img = {.width = W, .height = H, .pixels = malloc(sward_image_bound(W, H))};
    sward_image_hdr hdr = {.width = W, .height = H, .pixels = malloc(sward_image_hdr_bound(W, H))};
    assert_non_null(img.pixels);
    assert_non_null(hdr.pixels);
    memset(hdr.pixels, 0xff, sward_image_hdr_bound(W, H)); /* NaNs: a pixel left unwritten fails */
    sward_frame_desc fd = {.time = 0.5f};
    /* a frame of a sequence (TAA history) too: the read-back is of the frame asked for, the last one */
    if (sward_render(r, &fd, &img, NULL, &err) != SWARD_OK) fail_msg("render: %s", err.message);
    fd.time = 0.55f;
    if (sward_render_hdr(r, &fd, &img, &hdr, NULL, &err) != SWARD_OK) fail_msg("render_hdr: %s", err.message);
    /* a wrong size is refused */
    sward_image_hdr small = {.width = W / 2, .height = H, .pixels = hdr.pixels};
    assert_int_equal(sward_render_hdr(r, &fd, NULL, &small, NULL, &err), SWARD_ERROR_INVALID_INPUT);
    out->ldr = img.pixels;
    out->hdr = hdr.pixels;
    /* the tone map's parameters: the adapted exposure (not the manual 1) and the scene's white point */
    out->exposure = hdr.exposure;
    out->white = hdr.white_point;
    assert_true(hdr.exposure > 0.0f && hdr.exposure != rs.exposure);
    assert_true(hdr.white_point == rs.white_point);
    gu_finish(r, ctx, scene);
}

static void test_hdr_is_pre_tonemap(void **state)
{
    (void)state;
    hdr_frame f;
    render_hdr(&f);
    int worst = 0;
    size_t off = 0;
    float peak = 0.0f;
    for (size_t i = 0; i < (size_t)W * H; i++) {
        for (int c = 0; c < 3; c++) {
            float v = f.hdr[i * 4 + (size_t)c];
            assert_true(isfinite(v) && v >= 0.0f);
            peak = v > peak ? v : peak;
            float o = sw_linear_to_srgb(sw_tonemap_filmic(v, f.exposure, f.white)) * 255.0f;
            int want = (int)lrintf(o), got = f.ldr[i * 4 + (size_t)c];
            int d = abs(want - got);
            if (d > 1) off++;
            worst = d > worst ? d : worst;
        }
        assert_true(f.hdr[i * 4 + 3] == 1.0f);
    }
    printf("HDR: peak %.3f, worst 8-bit difference after the tone map %d, %zu channels off by more than 1\n",
           (double)peak, worst, off);
    assert_true(peak > 1.0f); /* linear radiance, not display values */
    assert_int_equal(off, 0);
    free(f.ldr);
    free(f.hdr);
}

#ifdef SWARD_HAVE_OPENEXR
/* The file's pixels as RGBA floats (W x H), through OpenEXR's C API. */
static float *read_exr(const char *path, float *exposure, float *white)
{
    exr_context_t f = NULL;
    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    assert_int_equal(exr_start_read(&f, path, &init), EXR_ERR_SUCCESS);
    exr_attr_box2i_t dw;
    assert_int_equal(exr_get_data_window(f, 0, &dw), EXR_ERR_SUCCESS);
    assert_int_equal(dw.min.x, 0);
    assert_int_equal(dw.min.y, 0);
    assert_int_equal(dw.max.x, (int)W - 1);
    assert_int_equal(dw.max.y, (int)H - 1);
    const exr_attr_chlist_t *chans = NULL;
    assert_int_equal(exr_get_channels(f, 0, &chans), EXR_ERR_SUCCESS);
    assert_int_equal(chans->num_channels, 4);
    for (int c = 0; c < 4; c++) assert_int_equal(chans->entries[c].pixel_type, EXR_PIXEL_FLOAT);
    int32_t lines = 0;
    assert_int_equal(exr_get_scanlines_per_chunk(f, 0, &lines), EXR_ERR_SUCCESS);
    float *px = malloc(sward_image_hdr_bound(W, H));
    assert_non_null(px);
    memset(px, 0xff, sward_image_hdr_bound(W, H));
    exr_decode_pipeline_t dec = EXR_DECODE_PIPELINE_INITIALIZER;
    static const char *const names[4] = {"R", "G", "B", "A"};
    for (int32_t y = 0; y < (int32_t)H; y += lines) {
        exr_chunk_info_t chunk;
        assert_int_equal(exr_read_scanline_chunk_info(f, 0, y, &chunk), EXR_ERR_SUCCESS);
        assert_int_equal(y == 0 ? exr_decoding_initialize(f, 0, &chunk, &dec) : exr_decoding_update(f, 0, &chunk, &dec),
                         EXR_ERR_SUCCESS);
        for (int16_t c = 0; c < dec.channel_count; c++) {
            exr_coding_channel_info_t *ch = &dec.channels[c];
            int comp = 0;
            while (comp < 4 && strcmp(ch->channel_name, names[comp]) != 0) comp++;
            assert_true(comp < 4);
            ch->decode_to_ptr = (uint8_t *)(px + ((size_t)chunk.start_y * W) * 4 + (size_t)comp);
            ch->user_pixel_stride = 16;
            ch->user_line_stride = (int32_t)(W * 16);
            ch->user_bytes_per_element = 4;
            ch->user_data_type = EXR_PIXEL_FLOAT;
        }
        if (y == 0) assert_int_equal(exr_decoding_choose_default_routines(f, 0, &dec), EXR_ERR_SUCCESS);
        assert_int_equal(exr_decoding_run(f, 0, &dec), EXR_ERR_SUCCESS);
    }
    exr_decoding_destroy(f, &dec);
    /* the tone map's parameters (sward_image_hdr.exposure, white_point) */
    assert_int_equal(exr_attr_get_float(f, 0, "swardExposure", exposure), EXR_ERR_SUCCESS);
    assert_int_equal(exr_attr_get_float(f, 0, "swardWhitePoint", white), EXR_ERR_SUCCESS);
    exr_finish(&f);
    return px;
}
#endif

static void test_exr_round_trip(void **state)
{
    (void)state;
    hdr_frame f;
    render_hdr(&f);
    char dir[] = "/tmp/sward_exr_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], bad[256];
    snprintf(path, sizeof path, "%s/frame.exr", dir);
    snprintf(bad, sizeof bad, "%s/missing/frame.exr", dir);
    sward_image_hdr img = {.width = W, .height = H, .pixels = f.hdr, .exposure = f.exposure, .white_point = f.white};
    sward_error err = {0};
#ifdef SWARD_HAVE_OPENEXR
    if (sward_write_exr(path, &img, &err) != SWARD_OK) fail_msg("write_exr: %s", err.message);
    float exposure = 0.0f, white = 0.0f;
    float *back = read_exr(path, &exposure, &white);
    assert_true(exposure == f.exposure && white == f.white);
    size_t differ = 0;
    for (size_t i = 0; i < (size_t)W * H * 4; i++)
        if (memcmp(&back[i], &f.hdr[i], sizeof(float)) != 0) differ++;
    if (differ) fail_msg("%zu of %u values differ after the EXR round trip", differ, W * H * 4);
    free(back);
    unlink(path);
    /* a missing folder: an error naming the file, and nothing written */
    assert_int_equal(sward_write_exr(bad, &img, &err), SWARD_ERROR_IO);
    assert_non_null(strstr(err.message, bad));
    assert_int_equal(access(bad, F_OK), -1);
    /* an empty image */
    sward_image_hdr empty = {.width = 0, .height = H, .pixels = f.hdr};
    assert_int_equal(sward_write_exr(path, &empty, &err), SWARD_ERROR_INVALID_INPUT);
#else
    /* built without OpenEXR: a clear refusal */
    assert_int_equal(sward_write_exr(path, &img, &err), SWARD_ERROR_INVALID_INPUT);
    assert_non_null(strstr(err.message, "without OpenEXR"));
    (void)bad;
#endif
    assert_int_equal(access(path, F_OK), -1);
    rmdir(dir);
    free(f.ldr);
    free(f.hdr);
}

/* One documented extreme: the manual exposure or an auto EV range, an area's bias, the white point and the curve,
 * and what the 8-bit frame must be. */
typedef struct extreme {
    const char *name;
    bool auto_ev;           /* auto exposure with min_ev = max_ev = ev; else the manual exposure */
    float exposure, ev, area_ev, white;
    sward_tonemap tonemap;
    bool white_frame;       /* over-exposed: white; else under-exposed: black */
} extreme;

static void test_extreme_exposures_stay_finite(void **state)
{
    (void)state;
    enum { EW = 64, EH = 36 }; /* the extremes, not the image, are under test: small and without shadows */
    static const extreme cases[] = {
        {"exposure 1e6", false, 1e6f, 0.0f, 0.0f, 8.0f, SWARD_TONEMAP_UNCHARTED2, true},
        {"exposure 1e6, reinhard", false, 1e6f, 0.0f, 0.0f, 8.0f, SWARD_TONEMAP_REINHARD, true},
        {"exposure 1e-6", false, 1e-6f, 0.0f, 0.0f, 8.0f, SWARD_TONEMAP_UNCHARTED2, false},
        {"exposure 1e-6, reinhard", false, 1e-6f, 0.0f, 0.0f, 8.0f, SWARD_TONEMAP_REINHARD, false},
        {"auto, ev 30", true, 1.0f, 30.0f, 0.0f, 8.0f, SWARD_TONEMAP_UNCHARTED2, true},
        {"auto, ev 30, reinhard", true, 1.0f, 30.0f, 0.0f, 8.0f, SWARD_TONEMAP_REINHARD, true},
        {"auto, ev -30", true, 1.0f, -30.0f, 0.0f, 8.0f, SWARD_TONEMAP_UNCHARTED2, false},
        {"auto, ev -30, reinhard", true, 1.0f, -30.0f, 0.0f, 8.0f, SWARD_TONEMAP_REINHARD, false},
        {"area ev 30", false, 1.0f, 0.0f, 30.0f, 8.0f, SWARD_TONEMAP_UNCHARTED2, true},
        {"area ev -30", false, 1.0f, 0.0f, -30.0f, 8.0f, SWARD_TONEMAP_UNCHARTED2, false},
        {"exposure 1e6, area ev 30, white 1e6", false, 1e6f, 0.0f, 30.0f, 1e6f, SWARD_TONEMAP_UNCHARTED2, true},
        {"exposure 1e6, area ev 30, reinhard", false, 1e6f, 0.0f, 30.0f, 8.0f, SWARD_TONEMAP_REINHARD, true},
        {"exposure 1e-6, area ev -30, white 0.001", false, 1e-6f, 0.0f, -30.0f, 0.001f, SWARD_TONEMAP_UNCHARTED2,
         false},
    };
    sward_context *ctx = gu_context();
    sward_scene *scene = gu_scene_lean("scenes/small.json");
    scene->render.features |= SW_FEAT_TAA | SW_FEAT_BLOOM; /* the bloom chain is what overflowed */
    const float *e = scene->camera.position;
    scene->render.exposure_areas[0] = (world_exposure_area){.min = {e[0] - 5, e[1] - 5, e[2] - 5},
                                                            .max = {e[0] + 5, e[1] + 5, e[2] + 5}, .blend = 1};
    sward_renderer *r = gu_renderer(ctx, scene, EW, EH);
    sward_image img = {.width = EW, .height = EH, .pixels = malloc(sward_image_bound(EW, EH))};
    sward_image_hdr hdr = {.width = EW, .height = EH, .pixels = malloc(sward_image_hdr_bound(EW, EH))};
    assert_non_null(img.pixels);
    assert_non_null(hdr.pixels);
    size_t failed = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const extreme *x = &cases[k];
        sward_render_settings rs = sward_scene_render_settings(scene);
        rs.exposure = x->exposure;
        rs.auto_exposure.enabled = x->auto_ev;
        rs.auto_exposure.min_ev = rs.auto_exposure.max_ev = x->ev;
        rs.white_point = x->white;
        rs.tonemap = x->tonemap;
        sward_error err = {0};
        if (sward_scene_set_render_settings(scene, &rs, &err) != SWARD_OK) fail_msg("%s: %s", x->name, err.message);
        scene->render.exposure_areas[0].ev = x->area_ev;
        scene->render.exposure_area_count = x->area_ev != 0.0f ? 1u : 0u;
        sward_frame_desc fd = {.time = 0.5f, .taa_warmup = -1};
        if (sward_render_hdr(r, &fd, &img, &hdr, NULL, &err) != SWARD_OK) fail_msg("%s: %s", x->name, err.message);
        size_t not_finite = 0, off = 0;
        int lo = 255, hi = 0;
        for (size_t i = 0; i < (size_t)EW * EH; i++)
            for (size_t c = 0; c < 4; c++) {
                float v = hdr.pixels[i * 4 + c];
                if (!isfinite(v) || v < 0.0f) not_finite++;
                if (c == 3) continue;
                int p = img.pixels[i * 4 + c];
                lo = p < lo ? p : lo;
                hi = p > hi ? p : hi;
                if (x->white_frame ? p != 255 : p > 2) off++;
            }
        print_message("%-42s exposure %-10g HDR values not finite or negative %zu; 8-bit %d..%d, %zu channels not %s\n",
                      x->name, (double)hdr.exposure, not_finite, lo, hi, off, x->white_frame ? "white" : "black");
        if (not_finite || off) failed++;
    }
    assert_int_equal(failed, 0);
    free(img.pixels);
    free(hdr.pixels);
    gu_finish(r, ctx, scene);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hdr_is_pre_tonemap),
        cmocka_unit_test(test_exr_round_trip),
        cmocka_unit_test(test_extreme_exposures_stay_finite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
