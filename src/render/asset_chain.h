/* asset_chain.h — a scene asset's LOD chain as the renderer draws it (SPEC AS1, AS2): generated from the asset's
 * kind, seed and size, or imported from its mesh file. Shared by the renderer (assets.c) and `sward bake`, so
 * that what is baked is what is drawn. No Vulkan. */
#ifndef SWARD_RENDER_ASSET_CHAIN_H
#define SWARD_RENDER_ASSET_CHAIN_H

#include "assets/assets.h"
#include "world/world.h"

/* The chain kind of a scene asset kind (tree -> tree, fern and bush -> plant, flower -> flower, rock -> rock). */
asset_kind render_asset_kind(world_asset_kind k);

/* Builds the chain of s->assets[index] into *out (freed with asset_chain_free). An asset with a mesh_path is
 * imported (scale mesh_scale) and its chain built by asset_chain_from_mesh. Errors read as scene errors: the
 * scene file, the field (err->field too: assets[0].mesh.path, assets[0].generate.width), then the problem (an
 * import's names the mesh file). */
sward_result render_asset_chain(const sward_scene *s, int index, asset_chain *out, sward_error *err);

/* The two steps of render_asset_chain, for a caller that imports a mesh once for several assets and checks its
 * size before the costly chain: the import of s->assets[index]'s mesh file (it must have one), and the chain of
 * asset `index` from that mesh (NULL: generated). Errors as render_asset_chain's. */
sward_result render_asset_import(const sward_scene *s, int index, asset_mesh *out, sward_error *err);
sward_result render_asset_chain_of(const sward_scene *s, int index, const asset_mesh *mesh, asset_chain *out,
                                   sward_error *err);

#endif
