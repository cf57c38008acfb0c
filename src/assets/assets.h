/* assets.h — the module `assets` (SPEC AS1-AS5): what a vegetation asset is made of beyond its mesh. So far
 * AS4, alpha textures whose mip chain keeps the coverage the alpha test gives at full resolution. */
#ifndef SWARD_ASSETS_H
#define SWARD_ASSETS_H

#include "core/core.h"

#include <stdint.h>

#define ASSET_ALPHA_MAX_LEVELS 16u
#define ASSET_ALPHA_CUTOFF 0.5f       /* the alpha test: a texel is covered when alpha >= this */

/* An alpha texture's mip chain: level 0 is the source, each next level half the last (rounded up, at least
 * 1), down to 1x1. Alpha in [0, 1], rows top to bottom. */
typedef struct asset_alpha_mips {
    uint32_t levels;
    uint32_t width[ASSET_ALPHA_MAX_LEVELS], height[ASSET_ALPHA_MAX_LEVELS];
    float *alpha[ASSET_ALPHA_MAX_LEVELS];
    float scale[ASSET_ALPHA_MAX_LEVELS]; /* 0.5 / P applied to the level (1 for level 0) */
} asset_alpha_mips;

/* The fraction of texels covered by the alpha test (alpha >= ASSET_ALPHA_CUTOFF). */
double asset_alpha_coverage(const float *alpha, uint32_t width, uint32_t height);

/* Level `src` of `w` x `h` texels bilinearly up-sampled to `out_w` x `out_h` (texel centres aligned, edges
 * clamped: what a magnified texture shows). */
void asset_alpha_upsample(const float *src, uint32_t w, uint32_t h, float *out, uint32_t out_w, uint32_t out_h);

/* HZD's "custom coverage" mip chain (SPEC AS4): the coverage of the source after the alpha test; a regular
 * (2x2 box) mip chain; for each level, bilinearly up-sampled to the source's size (HZD: to 4096^2), the value P
 * at which that up-sampling covers as much as the source does (HZD reads it from the histogram; here the exact
 * quantile), and the level's texels scaled by 0.5 / P (clamped to 1) so that P lands on the alpha test's 0.5. `preserve` false builds the regular chain
 * alone (for comparison). Errors: a size of 0 or over 8192, a value outside [0, 1] or NaN (naming the texel),
 * out of memory. */
sward_result asset_alpha_build_mips(const float *alpha, uint32_t width, uint32_t height, bool preserve,
                                    asset_alpha_mips *out, sward_error *err);
void asset_alpha_mips_free(asset_alpha_mips *m);

#endif
