/* asset_textures.c — the mesh assets' textures on the GPU (SPEC AS3, AS4, AS5): the leaf's and the petal's texture
 * sets (src/assets/textures.c: two RGBA8 textures a level, the alpha's mip chain coverage-preserving), the bark
 * sets of the kinds the scene's species trees use (src/assets/bark.c, same layout) and each
 * asset's impostor atlas (src/assets/impostor.c: its billboard cards baked from its most detailed mesh, the
 * leaves alpha-tested with the leaf set), packed into one storage buffer of 32-bit texels (layout in
 * shaders/shared/sw_assets.h) that the asset shaders read by hand (asset_textures.inc.glsl), the same reads in
 * the vertex, fragment and compute stages; and the sets' alpha once more as a mipmapped R8 image array (layer 0
 * the leaf, 1 the petal) with a bilinear sampler, for the alpha test: every depth prime, shadow caster and
 * G-buffer fragment of a card runs it, and one hardware filtered read there costs 40 % less of the H200's
 * primes than the four storage reads and the filter by hand. Each billboard's cards are trimmed to
 * its impostor once it is baked (src/assets/trim.c). */
#include "render/render.h"

#include "assets/assets.h"

#include <stdlib.h>
#include <string.h>

/* One texture set's chain at `dst`: every level's a, then every level's b, each texel the RGBA8 bytes as a
 * little-endian uint32 (r in the low byte, as GLSL's unpackUnorm4x8 reads it). */
static void pack_set(const asset_texture_set *t, uint32_t *dst)
{
    for (uint32_t which = 0; which < 2; which++)
        for (uint32_t l = 0; l < SW_TEXSET_LEVELS; l++) {
            const uint8_t *src = which ? t->b[l] : t->a[l];
            uint32_t n = t->size[l] * t->size[l];
            uint32_t *o = dst + which * SW_TEXSET_TEXELS + sw_texset_level_offset(l);
            for (uint32_t i = 0; i < n; i++)
                o[i] = (uint32_t)src[4 * i] | (uint32_t)src[4 * i + 1] << 8 | (uint32_t)src[4 * i + 2] << 16 |
                       (uint32_t)src[4 * i + 3] << 24;
        }
}

/* The alpha test's image: the sets' alpha chains (none: a 1x1 image of zeros, bound in set 0 all the same) and
 * its sampler (bilinear within the nearest level, as sw_texset_level; clamped like sw_texset_fetch). */
static sward_result alpha_image(sward_renderer *r, const asset_texture_set *sets, sward_error *err)
{
    render_assets *ra = &r->assets;
    gpu_device *dev = &r->ctx->dev;
    sward_result res = gpu_sampler_create(dev, VK_FILTER_LINEAR, sets ? (float)(SW_TEXSET_LEVELS - 1u) : 0.0f,
                                          "sward.asset_alpha_sampler", &ra->alpha_sampler, err);
    if (res) return res;
    uint32_t size = sets ? SW_TEXSET_SIZE : 1u, levels = sets ? SW_TEXSET_LEVELS : 1u;
    gpu_image_desc d = {
        .format = VK_FORMAT_R8_UNORM,
        .width = size,
        .height = size,
        .mips = levels,
        .layers = 2,
        .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
        .name = "sward.asset_alpha",
    };
    res = gpu_image_create(dev, &ra->alpha_image, &d, err);
    if (res || !sets) return res ? res : gpu_upload_image(dev, &ra->alpha_image, NULL, 1, err);
    uint8_t *texels = malloc(2u * SW_TEXSET_TEXELS);
    if (!texels) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the asset textures");
    uint8_t *o = texels;
    for (uint32_t l = 0; l < levels; l++)
        for (uint32_t layer = 0; layer < 2; layer++) {
            uint32_t n = sets[layer].size[l] * sets[layer].size[l];
            for (uint32_t i = 0; i < n; i++) *o++ = sets[layer].a[l][4 * i + 3];
        }
    res = gpu_upload_image(dev, &ra->alpha_image, texels, 1, err);
    free(texels);
    return res;
}

sward_result render_asset_textures(sward_renderer *r, asset_chain *chains, sward_error *err)
{
    render_assets *ra = &r->assets;
    if (!ra->count) { /* bound in set 0 all the same */
        sward_result res = alpha_image(r, NULL, err);
        return res ? res : gpu_buffer_create(&r->ctx->dev, &ra->texture_buf, 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                             GPU_MEMORY_DEVICE, "sward.asset_textures", err);
    }
    asset_texture_set sets[2];
    memset(sets, 0, sizeof sets);
    asset_impostor imp[WORLD_MAX_ASSETS];
    memset(imp, 0, sizeof imp);
    uint32_t seed = r->scene->render.settings.seed;
    sward_result res = asset_texture_set_build(ASSET_SURFACE_LEAF, SW_TEXSET_SIZE, seed, &sets[0], err);
    if (!res) res = asset_texture_set_build(ASSET_SURFACE_PETAL, SW_TEXSET_SIZE, seed, &sets[1], err);
    if (!res) res = alpha_image(r, sets, err);
    size_t words = 2u * SW_TEXSET_WORDS;
    /* AS5: the bark sets of the kinds the species trees use, each once, after the leaf's and the petal's */
    asset_texture_set bark[ASSET_BARK_COUNT];
    memset(bark, 0, sizeof bark);
    size_t bark_at[ASSET_BARK_COUNT] = {0};
    for (uint32_t a = 0; a < ra->count && !res; a++) {
        asset_bark kind = asset_tree_species_bark(r->scene->assets[a].species);
        if (kind == ASSET_BARK_PLAIN) continue;
        if (!bark_at[kind]) {
            res = asset_bark_build(kind, SW_TEXSET_SIZE, seed, &bark[kind], err);
            bark_at[kind] = words;
            words += SW_TEXSET_WORDS;
        }
        ra->gpu[a].bark_set = (sw_uint)bark_at[kind];
    }
    for (uint32_t a = 0; a < ra->count && !res; a++) {
        if (!chains[a].billboard_cards) continue;
        /* baked, and the cards trimmed to it (fewer empty fragments, the same texels shown) */
        res = asset_billboard_bake(&chains[a], SW_IMPOSTOR_CELL_W, SW_IMPOSTOR_CELL_H, &sets[0], &imp[a], err);
        if (res) break;
        ra->gpu[a].impostor_offset = (sw_uint)words;
        ra->gpu[a].impostor_depth = imp[a].depth_range;
        words += (size_t)imp[a].width * imp[a].height;
    }
    uint32_t *buf = res ? NULL : calloc(words, sizeof *buf);
    if (!res && !buf) res = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the asset textures");
    if (!res) {
        pack_set(&sets[0], buf + SW_TEXSET_LEAF);
        pack_set(&sets[1], buf + SW_TEXSET_WORDS);
        for (uint32_t k = 0; k < ASSET_BARK_COUNT; k++)
            if (bark_at[k]) pack_set(&bark[k], buf + bark_at[k]);
        for (uint32_t a = 0; a < ra->count; a++)
            if (imp[a].texels)
                memcpy(buf + ra->gpu[a].impostor_offset, imp[a].texels,
                       (size_t)imp[a].width * imp[a].height * sizeof *buf);
        gpu_device *dev = &r->ctx->dev;
        res = gpu_buffer_create(dev, &ra->texture_buf, words * sizeof *buf,
                                VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, GPU_MEMORY_DEVICE,
                                "sward.asset_textures", err);
        if (!res) res = gpu_upload(dev, &ra->texture_buf, buf, words * sizeof *buf, err);
    }
    free(buf);
    for (uint32_t a = 0; a < ra->count; a++) asset_impostor_free(&imp[a]);
    asset_texture_set_free(&sets[0]);
    asset_texture_set_free(&sets[1]);
    for (uint32_t k = 0; k < ASSET_BARK_COUNT; k++) asset_texture_set_free(&bark[k]);
    return res;
}
