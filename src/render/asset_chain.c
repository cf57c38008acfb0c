/* asset_chain.c — a scene asset's LOD chain (SPEC AS1, AS2): generated (asset_generate) or imported
 * (asset_import, then asset_chain_from_mesh). See asset_chain.h. */
#include "render/asset_chain.h"

#include <stdio.h>
#include <string.h>

asset_kind render_asset_kind(world_asset_kind k)
{
    static const asset_kind KIND[WORLD_ASSET_KIND_COUNT] = {ASSET_KIND_TREE, ASSET_KIND_PLANT, ASSET_KIND_PLANT,
                                                            ASSET_KIND_FLOWER, ASSET_KIND_ROCK};
    return (uint32_t)k < WORLD_ASSET_KIND_COUNT ? KIND[k] : ASSET_KIND_TREE;
}

sward_result render_asset_chain(const world_asset *a, asset_chain *out, sward_error *err)
{
    memset(out, 0, sizeof *out);
    asset_kind kind = render_asset_kind(a->kind);
    sward_result r;
    if (a->mesh_path[0]) {
        asset_mesh m;
        memset(&m, 0, sizeof m);
        r = asset_import(a->mesh_path, &(asset_import_desc){.scale = a->mesh_scale}, &m, err);
        if (r == SWARD_OK) r = asset_chain_from_mesh(&m, kind, out, err);
        asset_mesh_free(&m);
    } else {
        asset_gen_desc d = {.kind = kind, .seed = a->seed, .height = a->height, .width = a->width,
                            .variant = a->kind == WORLD_ASSET_BUSH ? ASSET_PLANT_BUSH : ASSET_PLANT_FERN};
        if (d.kind != ASSET_KIND_PLANT) d.variant = 0;
        r = asset_generate(&d, out, err);
    }
    if (r != SWARD_OK && err) {
        /* which asset of the scene: the import's message names only the file */
        char msg[sizeof err->message];
        snprintf(msg, sizeof msg, "%s", err->message);
        core_fail(err, r, "%s (asset \"%s\")", msg, a->name);
    }
    return r;
}
