/* asset_chain.c — a scene asset's LOD chain (SPEC AS1, AS2): generated (asset_generate) or imported
 * (asset_import, then asset_chain_from_mesh). See asset_chain.h. */
#include "render/asset_chain.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

asset_kind render_asset_kind(world_asset_kind k)
{
    static const asset_kind KIND[WORLD_ASSET_KIND_COUNT] = {ASSET_KIND_TREE, ASSET_KIND_PLANT, ASSET_KIND_PLANT,
                                                            ASSET_KIND_FLOWER, ASSET_KIND_ROCK};
    return (uint32_t)k < WORLD_ASSET_KIND_COUNT ? KIND[k] : ASSET_KIND_TREE;
}

/* A failure of s->assets[index] as a scene error: the scene file and the field (err->field too), then what the
 * import or the generator said (the import's message starts with the mesh file's path; the generator's
 * "asset: width: " is the field's). */
static sward_result scene_error(const sward_scene *s, int index, sward_result r, sward_error *err)
{
    const world_asset *a = &s->assets[index];
    if (r == SWARD_OK || !err) return r;
    char field[96];
    if (a->mesh_path[0]) {
        snprintf(field, sizeof field, "assets[%d].mesh.path", index);
    } else {
        /* the generator names its desc's field: the scene's height and width are generate's */
        bool sized = strcmp(err->field, "height") == 0 || strcmp(err->field, "width") == 0 ||
                     strcmp(err->field, "age") == 0 || strcmp(err->field, "species") == 0;
        if (sized) snprintf(field, sizeof field, "assets[%d].generate.%.16s", index, err->field);
        else snprintf(field, sizeof field, "assets[%d].generate", index);
    }
    char msg[sizeof err->message], prefix[sizeof err->field + 16];
    snprintf(msg, sizeof msg, "%s", err->message);
    snprintf(prefix, sizeof prefix, "asset: %s: ", a->mesh_path[0] ? "" : err->field);
    const char *m = msg;
    if (!a->mesh_path[0] && err->field[0] && strncmp(msg, prefix, strlen(prefix)) == 0) m += strlen(prefix);
    else if (strncmp(msg, "asset: ", 7) == 0) m += 7;
    core_fail(err, r, "%s: %s: %s", s->name, field, m);
    snprintf(err->field, sizeof err->field, "%s", field);
    return r;
}

sward_result render_asset_import(const sward_scene *s, int index, asset_mesh *out, sward_error *err)
{
    const world_asset *a = &s->assets[index];
    assert(a->mesh_path[0]);
    sward_result r = asset_import(a->mesh_path, &(asset_import_desc){.scale = a->mesh_scale}, out, err);
    return scene_error(s, index, r, err);
}

sward_result render_asset_chain_of(const sward_scene *s, int index, const asset_mesh *mesh, asset_chain *out,
                                   sward_error *err)
{
    memset(out, 0, sizeof *out);
    const world_asset *a = &s->assets[index];
    asset_kind kind = render_asset_kind(a->kind);
    sward_result r;
    if (mesh) {
        r = asset_chain_from_mesh(mesh, kind, out, err);
    } else {
        asset_gen_desc d = {.kind = kind, .seed = a->seed, .height = a->height, .width = a->width,
                            .variant = a->kind == WORLD_ASSET_BUSH ? ASSET_PLANT_BUSH : ASSET_PLANT_FERN,
                            .species = a->species, .age = a->age, .tree = a->tree, .tree_count = a->tree_count,
                            .forest_class = a->forest_class};
        if (d.kind != ASSET_KIND_PLANT) d.variant = 0;
        r = asset_generate(&d, out, err);
    }
    return scene_error(s, index, r, err);
}

sward_result render_asset_chain(const sward_scene *s, int index, asset_chain *out, sward_error *err)
{
    memset(out, 0, sizeof *out);
    if (!s->assets[index].mesh_path[0]) return render_asset_chain_of(s, index, NULL, out, err);
    asset_mesh m;
    memset(&m, 0, sizeof m);
    sward_result r = render_asset_import(s, index, &m, err);
    if (r == SWARD_OK) r = render_asset_chain_of(s, index, &m, out, err);
    asset_mesh_free(&m);
    return r;
}
