/* assets.c — the scene's mesh assets on the GPU (SPEC PL8, SC4, AS1, AS2, LS3): at creation each asset's LOD chain
 * is generated (src/assets) and packed into one vertex buffer (sw_asset_vertex, pulled by the vertex shaders) and
 * one index buffer, with an sw_asset of placement, LOD and look constants per asset and the leaves' 16^3 noise
 * (GA6). Each frame the clusters near the camera are chosen on the CPU through the cluster cache (SC1,
 * src/place/clusters.c: O(clusters), the ones not held yet placed, at most K) and every view's indirect draws, one
 * per (asset, level), are reset with room for the view's instances. */
#include "render/render.h"

#include "assets/assets.h"
#include "render/asset_chain.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* AS2: pixels tall from which a level is drawn at 1080 lines (scaled by the view's height through px_scale,
 * divided by the asset's lod_bias). Trees: ~10000 triangles from 540 px (half the screen), ~2600 from 240,
 * ~1200 from 110, the ~200-triangle mesh with the fading billboard from 45, the 12-triangle billboard below. */
static const float LOD_PX_TREE[] = {540.0f, 240.0f, 110.0f, 45.0f, 0.0f};
static const float LOD_PX_PLANT[] = {260.0f, 110.0f, 40.0f, 0.0f};
static const float LOD_PX_ROCK[] = {200.0f, 60.0f, 0.0f};

static uint32_t pack_unorm16x2(float a, float b)
{
    float ca = fminf(fmaxf(a, 0.0f), 1.0f), cb = fminf(fmaxf(b, 0.0f), 1.0f);
    return (uint32_t)lrintf(ca * 65535.0f) | (uint32_t)lrintf(cb * 65535.0f) << 16;
}

static uint32_t pack_unorm8(float v)
{
    return (uint32_t)lrintf(fminf(fmaxf(v, 0.0f), 1.0f) * 255.0f);
}

/* Octahedral normal, snorm16 x 2 (decoded by sw_oct_decode in asset_vertex.inc.glsl). */
static uint32_t pack_normal(const float n[3])
{
    float l1 = fabsf(n[0]) + fabsf(n[1]) + fabsf(n[2]);
    float x = l1 > 0.0f ? n[0] / l1 : 0.0f, z = l1 > 0.0f ? n[2] / l1 : 0.0f;
    if (n[1] < 0.0f) {
        float ox = (1.0f - fabsf(z)) * (x >= 0.0f ? 1.0f : -1.0f);
        float oz = (1.0f - fabsf(x)) * (z >= 0.0f ? 1.0f : -1.0f);
        x = ox;
        z = oz;
    }
    int16_t qx = (int16_t)lrintf(fminf(fmaxf(x, -1.0f), 1.0f) * 32767.0f);
    int16_t qz = (int16_t)lrintf(fminf(fmaxf(z, -1.0f), 1.0f) * 32767.0f);
    return (uint32_t)(uint16_t)qx | (uint32_t)(uint16_t)qz << 16;
}

static sw_asset_vertex pack_vertex(const asset_vertex *v, float branch_len, float leaf_len, uint32_t card_flags)
{
    sw_asset_vertex o;
    o.x = v->pos[0];
    o.y = v->pos[1];
    o.z = v->pos[2];
    o.normal = pack_normal(v->normal);
    o.uv = pack_unorm16x2(v->uv[0], v->uv[1]);
    o.px = v->pivot[0];
    o.py = v->pivot[1];
    o.pz = v->pivot[2];
    o.wind = pack_unorm8(v->gradient) | pack_unorm8(branch_len > 0.0f ? v->trunk_dist / branch_len : 0.0f) << 8 |
             pack_unorm8(leaf_len > 0.0f ? v->branch_dist / leaf_len : 0.0f) << 16 | pack_unorm8(v->phase) << 24;
    o.part = pack_unorm8(v->ao) | (v->level & 3u) << 8 | (v->surface & 3u) << 10 | card_flags |
             (v->branch & 0xffffu) << 16;
    return o;
}

/* The vertices the mesh's triangles use: its chain's level 0 holds exactly these (chain.c keeps only them). */
static uint64_t used_vertices(const asset_mesh *m)
{
    uint8_t *seen = calloc(m->vertex_count ? m->vertex_count : 1u, 1);
    if (!seen) return m->vertex_count;
    uint64_t n = 0;
    for (uint32_t i = 0; i < m->index_count; i++)
        if (m->indices[i] < m->vertex_count && !seen[m->indices[i]]) seen[m->indices[i]] = 1, n++;
    free(seen);
    return n;
}

/* The assets' vertices and indices must each fit one storage buffer: past it, the message names the asset with
 * the most (its mesh file) and what helps (the buffers' own names would say nothing to the scene's author).
 * `least`: the counts are the most detailed levels alone (before the lower levels are simplified, which only
 * adds to them), so that a scene that cannot fit is refused before that costly work. */
static sward_result check_mesh_buffers(const sward_renderer *r, const uint64_t *verts, const uint64_t *idx, bool least,
                                       sward_error *err)
{
    const sward_scene *s = r->scene;
    double limit = (double)r->ctx->dev.props.limits.maxStorageBufferRange;
    uint64_t tv = 0, ti = 0;
    for (uint32_t a = 0; a < r->assets.count; a++) tv += verts[a], ti += idx[a];
    double vb = (double)tv * sizeof(sw_asset_vertex), ib = (double)ti * sizeof(uint32_t);
    if (vb <= limit && ib <= limit) return SWARD_OK;
    bool by_vertices = vb > limit;
    const uint64_t *n = by_vertices ? verts : idx;
    uint32_t worst = 0;
    for (uint32_t a = 1; a < r->assets.count; a++)
        if (n[a] > n[worst]) worst = a;
    const world_asset *w = &s->assets[worst];
    double each = by_vertices ? (double)sizeof(sw_asset_vertex) : (double)sizeof(uint32_t);
    char source[WORLD_PATH_MAX + 16];
    if (w->mesh_path[0]) snprintf(source, sizeof source, ", mesh %s", w->mesh_path);
    else snprintf(source, sizeof source, ", generated");
    sward_result res = core_fail(
        err, SWARD_ERROR_OUT_OF_MEMORY,
        "%s: assets[%u] (\"%s\"%s): the assets' %s need %.1f MiB of %s (%.0f bytes each), %.1f MiB of them this "
        "asset's (%llu %s), more than this device can bind as one storage buffer (maxStorageBufferRange %.1f MiB); "
        "use fewer or smaller assets%s",
        s->name, worst, w->name, source, least ? "most detailed levels alone" : "LOD chains",
        (by_vertices ? vb : ib) / 1048576.0, by_vertices ? "vertices" : "indices", each,
        (double)n[worst] * each / 1048576.0, (unsigned long long)n[worst], by_vertices ? "vertices" : "indices",
        limit / 1048576.0,
        w->mesh_path[0] ? ", or give this asset a mesh with fewer vertices and triangles (simplify it)" : "");
    if (err) snprintf(err->field, sizeof err->field, w->mesh_path[0] ? "assets[%u].mesh.path" : "assets[%u]", worst);
    return res;
}

/* AS1, AS2: every asset's LOD chain, generated, or imported from mesh_path and simplified (render/asset_chain.c,
 * shared with `sward bake`). A mesh file is imported once for the assets that share it (and its scale), and
 * simplified once for those that also share a kind; the most detailed levels are checked against the device's
 * buffers before any imported mesh is simplified. */
static sward_result build_chains(const sward_renderer *r, asset_chain *chains, sward_error *err)
{
    const sward_scene *s = r->scene;
    uint32_t count = r->assets.count;
    asset_mesh meshes[WORLD_MAX_ASSETS];
    int source[WORLD_MAX_ASSETS]; /* the asset whose import this one uses; -1: generated */
    uint64_t verts[WORLD_MAX_ASSETS] = {0}, idx[WORLD_MAX_ASSETS] = {0};
    memset(meshes, 0, sizeof meshes);
    sward_result res = SWARD_OK;
    for (uint32_t a = 0; a < count && !res; a++) {
        const world_asset *wa = &s->assets[a];
        source[a] = -1;
        if (!wa->mesh_path[0]) {
            res = render_asset_chain_of(s, (int)a, NULL, &chains[a], err);
            for (uint32_t k = 0; !res && k < chains[a].lod_count; k++)
                verts[a] += chains[a].lods[k].vertex_count, idx[a] += chains[a].lods[k].index_count;
            continue;
        }
        for (uint32_t b = 0; b < a && source[a] < 0; b++)
            if (source[b] == (int)b && !strcmp(s->assets[b].mesh_path, wa->mesh_path) &&
                s->assets[b].mesh_scale == wa->mesh_scale)
                source[a] = (int)b;
        if (source[a] < 0) {
            source[a] = (int)a;
            res = render_asset_import(s, (int)a, &meshes[a], err);
        }
        if (!res) {
            const asset_mesh *m = &meshes[source[a]];
            verts[a] = a == (uint32_t)source[a] ? used_vertices(m) : verts[source[a]];
            idx[a] = m->index_count;
        }
    }
    if (!res) res = check_mesh_buffers(r, verts, idx, true, err);
    for (uint32_t a = 0; a < count && !res; a++) {
        if (source[a] < 0) continue;
        uint32_t same = a;
        for (uint32_t b = 0; b < a && same == a; b++)
            if (source[b] == source[a] && render_asset_kind(s->assets[b].kind) == render_asset_kind(s->assets[a].kind))
                same = b;
        if (same == a) res = render_asset_chain_of(s, (int)a, &meshes[source[a]], &chains[a], err);
        else if (!asset_chain_copy(&chains[a], &chains[same]))
            res = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: assets[%u]: out of memory for its LOD chain", s->name, a);
    }
    for (uint32_t a = 0; a < count; a++) asset_mesh_free(&meshes[a]);
    return res;
}

/* The asset's GPU constants; its levels' index ranges are filled while packing. */
static sw_asset asset_constants(const sward_scene *s, uint32_t index, const asset_chain *c)
{
    const world_asset *a = &s->assets[index];
    sw_asset g;
    /* PL2, PL11: where it grows, place_asset_cluster's numbers */
    place_asset_placement(s, index, &g);
    g.draw_distance = a->draw_distance;
    /* the bounds of every level: the lower levels' enlarged cards reach past lods[0]'s (docs/assets.md) */
    float lo[3], hi[3];
    memcpy(lo, c->lods[0].bounds_min, sizeof lo);
    memcpy(hi, c->lods[0].bounds_max, sizeof hi);
    for (uint32_t k = 1; k < c->lod_count; k++)
        for (int i = 0; i < 3; i++) {
            lo[i] = fminf(lo[i], c->lods[k].bounds_min[i]);
            hi[i] = fmaxf(hi[i], c->lods[k].bounds_max[i]);
        }
    float hx = fmaxf(fabsf(lo[0]), fabsf(hi[0])), hz = fmaxf(fabsf(lo[2]), fabsf(hi[2]));
    g.height = c->lods[0].bounds_max[1]; /* the LOD switch: the asset's own height */
    g.center_y = 0.5f * (lo[1] + hi[1]);
    float half_y = 0.5f * (hi[1] - lo[1]);
    g.radius = sqrtf(hx * hx + hz * hz + half_y * half_y);
    g.lod_bias = a->lod_bias;
    g.translucency = a->translucency;
    g.leaf_roughness = a->roughness;
    g.bark_roughness = a->bark_roughness;
    g.grows_on = a->grows_on;
    g.lod_count = c->lod_count;
    g.billboard_from = c->billboard_from;
    g.wind = (sw_uint)a->wind;
    g.kind = c->kind == ASSET_KIND_TREE ? SW_ASSET_KIND_TREE
             : c->kind == ASSET_KIND_FLOWER ? SW_ASSET_KIND_FLOWER
             : c->kind == ASSET_KIND_ROCK ? SW_ASSET_KIND_ROCK : SW_ASSET_KIND_PLANT;
    g.flags |= (c->billboard_from < c->lod_count ? SW_ASSET_BILLBOARD : 0u) |
               (a->wind == WORLD_WIND_NONE ? SW_ASSET_NO_WIND : 0u) |
               (g.height * world_asset_scale_max(a) >= SW_ASSET_MID_CASTER_HEIGHT ? SW_ASSET_MID_CASTER : 0u);
    /* LS3: the near cascade's casters are the third level ("LOD3 visual mesh", alpha-tested, animated), the mid
     * cascade's the last level with a mesh (fewer triangles, drawn without alpha test and animation) */
    uint32_t last_mesh = c->billboard_from < c->lod_count ? c->billboard_from : c->lod_count - 1;
    if (c->billboard_from < c->lod_count && c->lod_count - 1 > c->billboard_from) last_mesh = c->billboard_from;
    else if (c->billboard_from < c->lod_count && last_mesh > 0) last_mesh--;
    g.shadow_near_lod = c->lod_count > 2 ? 2u : c->lod_count - 1;
    if (g.shadow_near_lod > last_mesh) g.shadow_near_lod = last_mesh;
    /* the mid cascade (HZD's "S2", fewer triangles, at rest): trees cast their billboard, seen from the sun and
     * alpha-tested through the impostor. The opaque 200-triangle level's enlarged cards filled the 2048^2 map
     * many times over (H200: 2.6 ms for forest_edge's wood, on a GPU whose few raster units make fill the cost) */
    g.shadow_mid_lod = c->kind == ASSET_KIND_TREE && c->billboard_cards ? c->lod_count - 1 : last_mesh;
    g.leaf_r = a->leaf_color[0];
    g.leaf_g = a->leaf_color[1];
    g.leaf_b = a->leaf_color[2];
    g.bark_r = a->bark_color[0];
    g.bark_g = a->bark_color[1];
    g.bark_b = a->bark_color[2];
    g.flower_r = a->flower_color[0];
    g.flower_g = a->flower_color[1];
    g.flower_b = a->flower_color[2];
    g.rigidity = 0.6f;
    const float *px = c->kind == ASSET_KIND_TREE ? LOD_PX_TREE : c->kind == ASSET_KIND_ROCK ? LOD_PX_ROCK : LOD_PX_PLANT;
    size_t npx = c->kind == ASSET_KIND_TREE ? 5 : c->kind == ASSET_KIND_ROCK ? 3 : 4;
    for (uint32_t k = 0; k < c->lod_count && k < SW_ASSET_MAX_LODS; k++)
        g.lod_px[k] = k + 1 >= c->lod_count ? 0.0f : (k < npx ? px[k] : 0.0f) / a->lod_bias;
    for (uint32_t k = 0; k < c->lod_count; k++) {
        const asset_mesh *m = &c->lods[k];
        for (uint32_t i = 0; i < m->vertex_count; i++) {
            g.branch_len = fmaxf(g.branch_len, m->vertices[i].trunk_dist);
            g.leaf_len = fmaxf(g.leaf_len, m->vertices[i].branch_dist);
        }
    }
    return g;
}

sward_result render_assets_create(sward_renderer *r, sward_error *err)
{
    render_assets *ra = &r->assets;
    const sward_scene *s = r->scene;
    gpu_device *dev = &r->ctx->dev;
    sward_result res = SWARD_OK;
    ra->count = (uint32_t)s->asset_count;
    asset_chain chains[WORLD_MAX_ASSETS];
    memset(chains, 0, sizeof chains);
    size_t verts = 0, idx = 0;
    uint64_t asset_verts[WORLD_MAX_ASSETS] = {0}, asset_idx[WORLD_MAX_ASSETS] = {0};
    res = build_chains(r, chains, err);
    for (uint32_t a = 0; a < ra->count && !res; a++)
        for (uint32_t k = 0; k < chains[a].lod_count; k++) {
            asset_verts[a] += chains[a].lods[k].vertex_count;
            asset_idx[a] += chains[a].lods[k].index_count;
        }
    if (!res) res = check_mesh_buffers(r, asset_verts, asset_idx, false, err);
    for (uint32_t a = 0; a < ra->count && !res; a++) verts += asset_verts[a], idx += asset_idx[a];
    /* AS3, AS5: the texture sets and the impostors (every scene gets the sets: the buffer is bound in set 0); each
     * billboard's cards trimmed to its impostor (AS3) before the vertices are packed */
    if (!res) res = render_asset_textures(r, chains, err);
    sw_asset_vertex *vb = res ? NULL : malloc((verts ? verts : 1) * sizeof *vb);
    uint32_t *ib = res ? NULL : malloc((idx ? idx : 1) * sizeof *ib);
    if (!res && (!vb || !ib)) res = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the assets' meshes");
    size_t nv = 0, ni = 0;
    for (uint32_t a = 0; a < ra->count && !res; a++) {
        const asset_chain *c = &chains[a];
        sw_asset *g = &ra->gpu[a];
        sw_asset ac = asset_constants(s, (uint32_t)a, c);
        ac.impostor_offset = g->impostor_offset; /* the atlas's place, render_asset_textures' */
        ac.impostor_depth = g->impostor_depth;
        ac.bark_set = g->bark_set; /* AS5: its bark's set, render_asset_textures' */
        *g = ac;
        ra->radius[a] = g->radius;
        ra->reach[a] = s->assets[a].draw_distance + g->radius * world_asset_scale_max(&s->assets[a]);
        for (uint32_t k = 0; k < c->lod_count; k++) {
            const asset_mesh *m = &c->lods[k];
            g->vertex_offset[k] = (int)nv;
            g->first_index[k] = (sw_uint)ni;
            /* AS3: the billboard's cards (the vertices its indices use: the level's last ones), and whether they
             * fade in over the level (a level that also has a mesh: HZD's "low shader + fading in billboard") */
            uint32_t bb_first = asset_mesh_billboard_first(m);
            uint32_t fading = bb_first > 0 ? 1u << 13 : 0u;
            for (uint32_t i = 0; i < m->vertex_count; i++)
                vb[nv + i] = pack_vertex(&m->vertices[i], g->branch_len, g->leaf_len, 0u);
            /* a card's vertices carry its index (in the branch bits: a card has no branch), from its normal
             * (sin a, 0, -cos a) at a = c 180 / cards degrees (asset_billboard_card) */
            for (uint32_t i = bb_first; i < m->index_count; i++) {
                const asset_vertex *cv = &m->vertices[m->indices[i]];
                float ang = atan2f(cv->normal[0], -cv->normal[2]);
                uint32_t cards = c->billboard_cards ? c->billboard_cards : 1u;
                int card = (int)lrintf(ang / (3.14159265f / (float)cards));
                card = ((card % (int)cards) + (int)cards) % (int)cards;
                sw_asset_vertex *o = &vb[nv + m->indices[i]];
                o->part = (o->part & 0xffffu) | (1u << 12) | fading | (uint32_t)card << 16;
            }
            /* the mesh's triangles first, the billboard's cards last (the mid cascade draws the mesh alone) */
            memcpy(ib + ni, m->indices, m->index_count * sizeof *ib);
            ni += m->index_count;
            g->index_count[k] = m->index_count;
            g->mesh_index_count[k] = asset_mesh_billboard_first(m);
            ra->triangles[a][k] = m->index_count / 3;
            nv += m->vertex_count;
        }
    }
    for (uint32_t a = 0; a < ra->count; a++) asset_chain_free(&chains[a]);
    const VkBufferUsageFlags storage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    sw_asset zero_assets[SW_MAX_ASSETS];
    memset(zero_assets, 0, sizeof zero_assets);
    memcpy(zero_assets, ra->gpu, sizeof ra->gpu);
    if (!res) res = gpu_buffer_create(dev, &ra->asset_buf, sizeof zero_assets, storage, GPU_MEMORY_DEVICE, "sward.assets", err);
    if (!res) res = gpu_upload(dev, &ra->asset_buf, zero_assets, sizeof zero_assets, err);
    if (!res) res = gpu_buffer_create(dev, &ra->vertex_buf, (nv ? nv : 1) * sizeof *vb, storage, GPU_MEMORY_DEVICE,
                                      "sward.asset_vertices", err);
    if (!res && nv) res = gpu_upload(dev, &ra->vertex_buf, vb, nv * sizeof *vb, err);
    if (!res) res = gpu_buffer_create(dev, &ra->index_buf, (ni ? ni : 3) * sizeof *ib,
                                      VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                          VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                      GPU_MEMORY_DEVICE, "sward.asset_indices", err);
    if (!res && ni) res = gpu_upload(dev, &ra->index_buf, ib, ni * sizeof *ib, err);
    free(vb);
    free(ib);
    /* GA6: the leaves' tiny 3D noise, 16^3 texels of three channels */
    float *noise = res ? NULL : malloc(ASSET_NOISE_TEXELS * 4 * sizeof(float));
    if (!res && !noise) res = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the leaf noise");
    if (!res) {
        asset_leaf_noise(s->render.settings.seed, noise);
        res = gpu_buffer_create(dev, &ra->noise_buf, ASSET_NOISE_TEXELS * 4 * sizeof(float), storage, GPU_MEMORY_DEVICE,
                                "sward.leaf_noise", err);
        if (!res) res = gpu_upload(dev, &ra->noise_buf, noise, ASSET_NOISE_TEXELS * 4 * sizeof(float), err);
    }
    free(noise);
    return res;
}

/* SC1: render.tile_cache.budget_mib holds the grass's placed tiles and the assets' placed clusters. Where both
 * caches' full rings fit, each gets them; past that the clusters get what the tiles' full rings leave, and at least
 * a quarter of the budget (and at most what one storage buffer binds), the tiles the rest. */
sward_result render_caches_create(sward_renderer *r, sward_error *err)
{
    render_assets *ra = &r->assets;
    const sward_scene *s = r->scene;
    const uint64_t budget = (uint64_t)((double)s->render.tile_cache.budget_mib * 1048576.0);
    int ring[PLACE_CLASSES], cring[WORLD_MAX_ASSETS];
    double reach[PLACE_CLASSES];
    const uint64_t tiles = (uint64_t)place_cache_rings(s, UINT64_MAX / 2, ring, reach) * SW_TILE_SLOT_WORDS * 4u;
    const uint64_t full = ra->count ? (uint64_t)place_cluster_rings(s, ra->reach, UINT64_MAX / 2, cring) *
                                          PLACE_CLUSTER_SLOT_BYTES
                                    : 0u;
    uint64_t share = budget > tiles ? budget - tiles : 0u;
    if (share < budget / 4u) share = budget / 4u;
    if (share > full) share = full;
    const uint64_t most = (uint64_t)r->ctx->dev.props.limits.maxStorageBufferRange;
    if (share > most / (SW_CLUSTER_CANDIDATES * sizeof(sw_instance)) * PLACE_CLUSTER_SLOT_BYTES)
        share = most / (SW_CLUSTER_CANDIDATES * sizeof(sw_instance)) * PLACE_CLUSTER_SLOT_BYTES;
    sward_result res = place_cluster_cache_init(&ra->cache, s, ra->reach, share, err);
    if (res) return res;
    const size_t n = ra->cache.bound ? ra->cache.bound : 1u;
    ra->clusters = calloc(n, sizeof *ra->clusters);
    ra->place = calloc(n, sizeof *ra->place);
    if (!ra->clusters || !ra->place)
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the asset clusters");
    const uint64_t used = (uint64_t)ra->cache.slot_count * PLACE_CLUSTER_SLOT_BYTES;
    return place_cache_init(&r->tiles.cache, s, budget > used ? budget - used : 0u, err);
}

void render_assets_destroy(sward_renderer *r)
{
    render_assets *ra = &r->assets;
    gpu_device *dev = &r->ctx->dev;
    gpu_buffer_destroy(dev, &ra->asset_buf);
    gpu_buffer_destroy(dev, &ra->vertex_buf);
    gpu_buffer_destroy(dev, &ra->index_buf);
    gpu_buffer_destroy(dev, &ra->noise_buf);
    gpu_buffer_destroy(dev, &ra->texture_buf);
    gpu_image_destroy(dev, &ra->alpha_image);
    if (ra->alpha_sampler) vkDestroySampler(dev->device, ra->alpha_sampler, NULL);
    ra->alpha_sampler = VK_NULL_HANDLE;
    free(ra->clusters);
    free(ra->place);
    ra->clusters = ra->place = NULL;
    place_cluster_cache_free(&ra->cache);
}

/* A buffer of at least `bytes` (half as much again when it grows, so a camera that moves does not regrow it). */
static sward_result ensure(sward_renderer *r, render_res res, uint32_t view, VkDeviceSize bytes, sward_error *err)
{
    if (bytes == 0) bytes = 16;
    const gpu_buffer *cur = render_buffer(r, res, view);
    if (cur->buffer && cur->size >= bytes) return SWARD_OK;
    VkDeviceSize grown = bytes + bytes / 2, most = r->ctx->dev.props.limits.maxStorageBufferRange;
    if ((RENDER_RESOURCES[res].usage & VK_BUFFER_USAGE_STORAGE_BUFFER_BIT) && grown > most && bytes <= most) grown = most; /* fits: no headroom */
    return render_buffer_replace(r, res, view, grown, err);
}

/* The draw records of every asset in reach (room for all of each cluster's candidates, per level) must fit one
 * storage buffer: past it, the message names the asset that needs the most and the fields that set it (the
 * buffer's own name would say nothing to the scene's author). */
static sward_result check_drawn(const sward_renderer *r, sward_error *err)
{
    const render_assets *ra = &r->assets;
    double limit = (double)r->ctx->dev.props.limits.maxStorageBufferRange, total = (double)ra->drawn_total * sizeof(sw_drawn);
    if (total <= limit) return SWARD_OK;
    uint32_t worst = 0;
    double most = -1.0;
    for (uint32_t a = 0; a < ra->count; a++) {
        double b = (double)ra->per_asset[a] * SW_CLUSTER_CANDIDATES * ra->gpu[a].lod_count * sizeof(sw_drawn);
        if (b > most) most = b, worst = a;
    }
    return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY,
                     "%s: assets[%u] (\"%s\"): the assets within reach of the camera need %.1f MiB of draw records, "
                     "%.1f MiB of them this asset's (%u clusters of %u candidates, %u levels), more than this device "
                     "can bind as one storage buffer (maxStorageBufferRange %.1f MiB); lower assets[%u].density or "
                     "assets[%u].draw_distance",
                     r->scene->name, worst, r->scene->assets[worst].name, total / 1048576.0, most / 1048576.0,
                     ra->per_asset[worst], (unsigned)SW_CLUSTER_CANDIDATES, ra->gpu[worst].lod_count, limit / 1048576.0,
                     worst, worst);
}

/* A buffer of exactly `bytes` that keeps its contents from frame to frame (the cluster cache's slots): made on the
 * first frame, never regrown. */
static sward_result fixed(sward_renderer *r, render_res res, VkDeviceSize bytes, sward_error *err)
{
    const gpu_buffer *cur = render_buffer(r, res, 0);
    if (cur->buffer && cur->size >= bytes) return SWARD_OK;
    return render_buffer_replace(r, res, 0, bytes ? bytes : 16, err);
}

sward_result render_assets_frame(sward_renderer *r, const float eye[3], const float *frustum, sward_error *err)
{
    render_assets *ra = &r->assets;
    const sward_scene *s = r->scene;
    const world_tile_cache *tc = &s->render.tile_cache;
    /* SC1: the tiles' teleport rule, for the eye the clusters are chosen around */
    float jump = tc->teleport_distance > 0.0f ? tc->teleport_distance : 0.25f * s->render.draw_distance;
    float dx = eye[0] - ra->eye[0], dy = eye[1] - ra->eye[1], dz = eye[2] - ra->eye[2];
    bool teleport = !ra->primed || !(dx * dx + dy * dy + dz * dz <= jump * jump);
    ra->primed = true;
    memcpy(ra->eye, eye, sizeof ra->eye);
    size_t placing = 0;
    render_slot *sl = &r->slots[r->slot];
    ra->cluster_count = ra->count ? (uint32_t)place_cluster_cache_frame(&ra->cache, s, eye, frustum,
                                                                       (uint32_t)tc->tiles_per_frame, teleport,
                                                                       ra->clusters, ra->per_asset, ra->place,
                                                                       &placing, &sl->clusters)
                                  : 0;
    ra->place_count = (uint32_t)placing;
    sl->clusters_cached = ra->cache.held;
    sl->teleport |= teleport && ra->count; /* the stats' teleport: the tiles' or the clusters' (frames without grass) */
    if (!ra->count) memset(ra->per_asset, 0, sizeof ra->per_asset);
    /* every view's runs: per (asset, level) room for all of the asset's clusters' instances */
    uint32_t first = 0;
    memset(ra->draws, 0, sizeof ra->draws);
    for (uint32_t a = 0; a < ra->count; a++)
        for (uint32_t k = 0; k < ra->gpu[a].lod_count; k++) {
            uint32_t room = ra->per_asset[a] * SW_CLUSTER_CANDIDATES;
            for (uint32_t v = 0; v < RENDER_ASSET_VIEWS; v++) {
                sw_asset_draw *d = &ra->draws[v][a * SW_ASSET_MAX_LODS + k];
                /* LS3: the mid cascade's casters are the mesh alone, without the billboard's cards */
                d->index_count = v == SW_VIEW_MID && k + 1 < ra->gpu[a].lod_count ? ra->gpu[a].mesh_index_count[k]
                                                                                   : ra->gpu[a].index_count[k];
                d->first_index = ra->gpu[a].first_index[k];
                d->vertex_offset = ra->gpu[a].vertex_offset[k];
                d->first_instance = first;
                d->capacity = room;
            }
            first += room;
        }
    ra->drawn_total = first;
    sward_result res = check_drawn(r, err);
    if (res) return res;
    /* the slots' records, then the frame's list and its clusters to place (uploaded); the slots' instances */
    const VkDeviceSize slots = ra->cache.slot_count;
    if ((res = fixed(r, RES_ASSET_CLUSTERS, (slots + 2u * (VkDeviceSize)ra->cache.bound) * sizeof(sw_cluster), err)) ||
        (res = fixed(r, RES_ASSET_INSTANCES, slots * SW_CLUSTER_CANDIDATES * sizeof(sw_instance), err)))
        return res;
    for (uint32_t v = 0; v < RENDER_ASSET_VIEWS; v++) {
        if ((res = ensure(r, RES_ASSET_DRAWN, v, (VkDeviceSize)ra->drawn_total * sizeof(sw_drawn), err)) ||
            (res = ensure(r, RES_ASSET_DRAWS, v, sizeof ra->draws[0], err)))
            return res;
    }
    return SWARD_OK;
}

/* Bytes of the frame's upload that the assets need after the tiles: the clusters drawn and placed, one copy of the
 * draws. */
VkDeviceSize render_assets_upload_bytes(const sward_renderer *r)
{
    return (VkDeviceSize)(r->assets.cluster_count + r->assets.place_count) * sizeof(sw_cluster) +
           sizeof r->assets.draws;
}

void render_assets_upload(sward_renderer *r, VkCommandBuffer cmd, gpu_buffer *upload, VkDeviceSize at)
{
    render_assets *ra = &r->assets;
    uint8_t *up = (uint8_t *)upload->mapped + at;
    const VkDeviceSize lb = (VkDeviceSize)ra->cluster_count * sizeof(sw_cluster);
    const VkDeviceSize cb = lb + (VkDeviceSize)ra->place_count * sizeof(sw_cluster);
    if (lb) memcpy(up, ra->clusters, (size_t)lb);
    if (cb > lb) memcpy(up + lb, ra->place, (size_t)(cb - lb));
    memcpy(up + cb, ra->draws, sizeof ra->draws);
    if (cb) { /* after the slots' records, which only the placement writes */
        render_access(r, cmd, RES_ASSET_CLUSTERS, 0, GPU_ACCESS_TRANSFER_WRITE, false);
        vkCmdCopyBuffer(cmd, upload->buffer, render_buffer(r, RES_ASSET_CLUSTERS, 0)->buffer, 1,
                        &(VkBufferCopy){at, (VkDeviceSize)ra->cache.slot_count * sizeof(sw_cluster), cb});
    }
    for (uint32_t v = 0; v < RENDER_ASSET_VIEWS; v++) {
        render_access(r, cmd, RES_ASSET_DRAWS, v, GPU_ACCESS_TRANSFER_WRITE, true);
        vkCmdCopyBuffer(cmd, upload->buffer, render_buffer(r, RES_ASSET_DRAWS, v)->buffer, 1,
                        &(VkBufferCopy){at + cb + v * sizeof ra->draws[0], 0, sizeof ra->draws[0]});
    }
}
