/* budget.c — the loader's budgets of work and memory (TL2; docs/scene-format.md "Budgets").
 *
 * Every field of a scene can be within its limit while the whole asks for too much: a 1 KB file could ask
 * for a 4097^2 fBm terrain of 16 octaves and a generated 4096^2 type map (half a billion noise evaluations,
 * tens of seconds of CPU before anything renders), or for 8192 x 8192 pixels (2 GiB of render targets).
 * The loader counts both before it spends them. Work is counted in units of about 20 ns of one CPU core
 * (measured on an AMD EPYC, -O2): one fBm octave at one height sample (18 ns); a generated type-map texel is
 * 1 unit (5 ns) plus 3 for each grass type with patches whose noise it may test (20 to 55 ns each, the
 * most when the test's branch is unpredictable). Memory is counted in the bytes the scene holds plus an
 * estimate of the render targets. Sizes not known yet (an image not read) count as nothing; the loader checks
 * again once it knows them, before the next large step (after each blend-layer image). A streamed
 * world counts its windows, whose size is known from the parsed scene, in place of the whole world. */
#include "world/world.h"

#include "core/core.h"
#include "world/scene_json.h"
#include "world/stream.h"

#include <inttypes.h>
#include <stdio.h>

static int patched_types(const sward_scene *s)
{
    int n = 0;
    for (int m = 0; m < s->material_count; m++)
        if (s->materials[m].patch_scale > 0.0f) n++;
    return n;
}

/* A streamed terrain (BX5) holds its windows only, and the load fills them: generates (fBm, the generated
 * type map) or reads (a baked world) the windows' pages around the camera. Their area is counted, as
 * the resident terrain's is, before a page is generated; the rings are the windows' samples a side. */
static void stream_rings(const sward_scene *s, int *hf_ring, int *map_ring)
{
    const world_terrain *t = &s->terrain;
    int hn = 0, mn = 0;
    *hf_ring = *map_ring = 0;
    if (!t->streamed || t->resolution < 2 || t->map_res < 1 || !(t->size > 0.0f)) return;
    world_stream_rings(s, &hn, &mn);
    const int P = t->stream_page > 0 ? t->stream_page : WORLD_PAGE_DEFAULT;
    *hf_ring = hn * P;
    *map_ring = mn * P;
}

/* The fBm's samples a side: the whole terrain, or a streamed one's window. */
static int fbm_side(const sward_scene *s)
{
    const world_terrain *t = &s->terrain;
    if (t->from_image || t->world_dir[0]) return 0; /* read, not computed */
    int hr = t->resolution, mr;
    if (t->streamed) stream_rings(s, &hr, &mr);
    return hr;
}

static uint64_t fbm_work(const sward_scene *s)
{
    const uint64_t side = (uint64_t)fbm_side(s);
    return side * side * (uint64_t)s->terrain.fbm.octaves;
}

static uint64_t map_work(const sward_scene *s, int map_res)
{
    if (s->terrain.type_map_path[0] || s->terrain.world_dir[0] || map_res <= 0) return 0; /* read, or not known */
    return (uint64_t)map_res * (uint64_t)map_res * (1u + 3u * (uint64_t)patched_types(s));
}

/* PL10's material map: per texel, each layer from the top down until one is above the threshold; a rule layer
 * costs about 5 height lookups (2 units), an image layer or the base 1. */
static uint64_t layer_work(const sward_scene *s, int map_res)
{
    const world_terrain *t = &s->terrain;
    if (t->layer_count < 1 || map_res <= 0) return 0;
    uint64_t per = 1;
    for (int l = 0; l < t->layer_count; l++)
        per += t->layers[l].kind == WORLD_LAYER_RULE ? 2u : 1u;
    return (uint64_t)map_res * (uint64_t)map_res * per;
}

uint64_t world_load_work(const sward_scene *s, int map_res)
{
    if (s->terrain.streamed) {
        int hr;
        stream_rings(s, &hr, &map_res);
    }
    return fbm_work(s) + map_work(s, map_res) + layer_work(s, map_res);
}

static uint64_t heights_bytes(int res)
{
    return res > 0 ? (uint64_t)res * (uint64_t)res * sizeof(float) : 0;
}

/* Type map (1 byte), grass-height map (a float) and the type-presence grid (WORLD_PRESENCE_TEXELS^2 texels a
 * cell, 16 bits). */
static uint64_t maps_bytes(int res)
{
    if (res <= 0) return 0;
    uint64_t pr = ((uint64_t)res + WORLD_PRESENCE_TEXELS - 1) / WORLD_PRESENCE_TEXELS;
    return (uint64_t)res * (uint64_t)res * (1u + sizeof(float)) + pr * pr * sizeof(uint16_t);
}

/* PL10's blend layers: each image layer's opacity as floats once read (0 before: its size is not
 * known yet), and the material-id map of a byte a texel. */
static uint64_t layers_bytes(const sward_scene *s, int map_res, int *images)
{
    const world_terrain *t = &s->terrain;
    uint64_t b = 0;
    *images = 0;
    if (t->layer_count < 1) return 0;
    for (int l = 0; l < t->layer_count; l++)
        if (t->layers[l].kind == WORLD_LAYER_IMAGE && t->layers[l].opacity && t->layers[l].image_size > 0) {
            b += (uint64_t)t->layers[l].image_size * (uint64_t)t->layers[l].image_size * sizeof(float);
            (*images)++;
        }
    return b + (map_res > 0 ? (uint64_t)map_res * (uint64_t)map_res : 0);
}

/* The largest image layer read so far, for the message's field. */
static int largest_layer(const sward_scene *s)
{
    const world_terrain *t = &s->terrain;
    int best = -1;
    for (int l = 0; l < t->layer_count; l++)
        if (t->layers[l].opacity && (best < 0 || t->layers[l].image_size > t->layers[best].image_size)) best = l;
    return best;
}

static uint64_t render_bytes(uint32_t width, uint32_t height)
{
    return (uint64_t)width * (uint64_t)height * WORLD_RENDER_BYTES_PER_PIXEL;
}

/* A streamed terrain's maps: the rings of types, grass height and material (a byte), and the type-presence grid,
 * which covers the whole world. */
static uint64_t stream_maps_bytes(const sward_scene *s, int map_ring)
{
    if (map_ring <= 0) return 0;
    uint64_t pr = ((uint64_t)s->terrain.map_res + WORLD_PRESENCE_TEXELS - 1) / WORLD_PRESENCE_TEXELS;
    return (uint64_t)map_ring * (uint64_t)map_ring * (2u + sizeof(float)) + pr * pr * sizeof(uint16_t);
}

uint64_t world_memory_bytes(const sward_scene *s, int height_res, int map_res, uint32_t width, uint32_t height)
{
    int images;
    if (s->terrain.streamed) {
        stream_rings(s, &height_res, &map_res);
        return sizeof *s + heights_bytes(height_res) + stream_maps_bytes(s, map_res) + render_bytes(width, height);
    }
    return sizeof *s + heights_bytes(height_res) + maps_bytes(map_res) + layers_bytes(s, map_res, &images) +
           render_bytes(width, height);
}

static double mib(uint64_t bytes)
{
    return (double)bytes / (1024.0 * 1024.0);
}

sward_result world_check_budget(const sward_scene *s, int height_res, int map_res, uint32_t w, uint32_t h,
                                sward_error *err)
{
    const char *name = s->name[0] ? s->name : "<scene>";
    sj_ctx c = {.name = name, .err = err};
    const world_terrain *t = &s->terrain;
    /* A streamed world holds and fills its windows only, whose size is known once the scene is parsed. */
    if (t->streamed) stream_rings(s, &height_res, &map_res);
    const bool gen_stream = t->streamed && !t->world_dir[0];
    const uint64_t work_budget = s->budget.work ? s->budget.work : SWARD_DEFAULT_LOAD_WORK;
    const uint64_t mem_budget = s->budget.memory_bytes ? s->budget.memory_bytes : SWARD_DEFAULT_MEMORY_BYTES;

    uint64_t fw = fbm_work(s), mw = map_work(s, map_res);
    if (fw + mw > work_budget) {
        /* A streamed world's cost is its windows': the window's side is what to lower. */
        static const char window_hint[] = "; lower terrain.stream.window (default: 2 x the draw distance + 2 pages), "
                                          "the draw distance or ";
        if (fw >= mw) {
            char plus[64] = "";
            if (mw) snprintf(plus, sizeof plus, ", plus %" PRIu64 " for the generated type map", mw);
            const int side = fbm_side(s);
            sj_fail(&c, gen_stream ? "terrain.stream.window" : "terrain.resolution",
                    "%s%d x %d samples x %d octaves of fBm is %" PRIu64 " units of work%s, more than the load work "
                    "budget of %" PRIu64 "%sterrain.fbm.octaves",
                    gen_stream ? "the streamed windows of " : "", side, side, t->fbm.octaves, fw, plus, work_budget,
                    gen_stream ? window_hint : "; lower terrain.resolution or ");
        } else {
            char plus[64] = "";
            if (fw) snprintf(plus, sizeof plus, ", plus %" PRIu64 " for the fBm terrain", fw);
            if (gen_stream)
                sj_fail(&c, "terrain.stream.window",
                        "the streamed window of the generated type map, %d x %d texels x (1 + 3 x %d grass types "
                        "with patches), is %" PRIu64 " units of work%s, more than the load work budget of %" PRIu64
                        "%sterrain.map_resolution or use fewer patches",
                        map_res, map_res, patched_types(s), mw, plus, work_budget, window_hint);
            else
                sj_fail(&c, "terrain.map_resolution",
                        "the generated type map of %d x %d texels x (1 + 3 x %d grass types with patches) is %" PRIu64
                        " units of work%s, more than the load work budget of %" PRIu64
                        "; lower terrain.map_resolution (default: terrain.resolution - 1, at most %d), use fewer "
                        "patches or give a terrain.type_map image",
                        map_res, map_res, patched_types(s), mw, plus, work_budget, WORLD_MAP_RES_DEFAULT_MAX);
        }
        return SWARD_ERROR_INVALID_INPUT;
    }
    uint64_t lw = layer_work(s, map_res);
    if (fw + mw + lw > work_budget) {
        sj_fail(&c, "terrain.layers",
                "the material map of %d x %d texels over %d layers is %" PRIu64 " units of work, plus %" PRIu64
                " for the terrain and the type map, more than the load work budget of %" PRIu64
                "; lower terrain.map_resolution or use fewer layers",
                map_res, map_res, t->layer_count, lw, fw + mw, work_budget);
        return SWARD_ERROR_INVALID_INPUT;
    }

    int images = 0;
    const uint64_t hb = heights_bytes(height_res), rb = render_bytes(w, h);
    const uint64_t mb = t->streamed ? stream_maps_bytes(s, map_res) : maps_bytes(map_res);
    const uint64_t lb = t->streamed ? 0 : layers_bytes(s, map_res, &images);
    uint64_t total = world_memory_bytes(s, height_res, map_res, w, h);
    if (total > mem_budget) {
        const char *path, *hint;
        char layer_path[SJ_PATH_MAX];
        const int big = largest_layer(s);
        if (rb >= hb && rb >= mb && rb >= lb) {
            path = "render.width, render.height";
            hint = "render fewer pixels";
        } else if (lb >= hb && lb >= mb && big >= 0) {
            snprintf(layer_path, sizeof layer_path, "terrain.layers[%d].opacity.image", big);
            path = layer_path;
            hint = "use smaller or fewer layer images";
        } else if (t->streamed) {
            path = "terrain.stream.window";
            hint = "lower terrain.stream.window (default: 2 x the draw distance + 2 pages) or the draw distance";
        } else if (hb >= mb) {
            path = t->from_image ? "terrain.heightmap.path" : "terrain.resolution";
            hint = t->from_image ? "use a smaller height map" : "lower terrain.resolution";
        } else if (t->type_map_path[0] || t->grass_height_path[0]) {
            path = t->type_map_path[0] ? "terrain.type_map.path" : "terrain.grass_height_map.path";
            hint = "use smaller map images";
        } else {
            path = "terrain.map_resolution";
            hint = "lower terrain.map_resolution";
        }
        char layers[96] = "";
        if (images)
            snprintf(layers, sizeof layers, ", blend layers %d image%s and the material map (%.1f MiB)", images,
                     images == 1 ? "" : "s", mib(lb));
        sj_fail(&c, path,
                "the scene needs about %.1f MiB, more than the memory budget of %.1f MiB: height field %s%d x %d "
                "(%.1f MiB), maps %d x %d (%.1f MiB)%s, render targets %u x %u pixels (about %.1f MiB at %u bytes a "
                "pixel); %s",
                mib(total), mib(mem_budget), t->streamed ? "window " : "", height_res, height_res, mib(hb), map_res,
                map_res, mib(mb), layers, (unsigned)w, (unsigned)h, mib(rb), (unsigned)WORLD_RENDER_BYTES_PER_PIXEL,
                hint);
        return SWARD_ERROR_INVALID_INPUT;
    }
    /* The frame's work, device-independent: the tighter limit of a CPU device waits for the renderer. */
    const uint64_t frame = s->budget.frame_work ? s->budget.frame_work : SWARD_DEFAULT_FRAME_WORK;
    return world_check_frame_budget(s, w, h, frame, "frame work budget", err);
}
