/* scene_files.c — the files a scene was read from (sward_scene_file): what a viewer watches to reload it. */
#include "world/world.h"


const char *sward_scene_file(const sward_scene *scene, size_t index)
{
    if (!scene) return NULL;
    const world_terrain *t = &scene->terrain;
    /* every path the scene holds, in a fixed order; the empty ones are skipped */
    const char *paths[4 + WORLD_MAX_LAYERS + WORLD_MAX_ASSETS];
    size_t n = 0;
    paths[n++] = scene->from_file ? scene->name : "";
    paths[n++] = t->heightmap_path;
    paths[n++] = t->type_map_path;
    paths[n++] = t->grass_height_path;
    for (int i = 0; i < t->layer_count && i < WORLD_MAX_LAYERS; i++) paths[n++] = t->layers[i].path;
    for (int i = 0; i < scene->asset_count && i < WORLD_MAX_ASSETS; i++) paths[n++] = scene->assets[i].mesh_path;
    for (size_t i = 0; i < n; i++) {
        if (!paths[i][0]) continue;
        if (index-- == 0) return paths[i];
    }
    /* a baked world's folder (its pages are read while rendering; writing one renames into it) */
    if (t->world_dir[0] && index == 0) return t->world_dir;
    return NULL;
}
