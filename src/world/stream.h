/* stream.h — streamed world data (BX5: worlds far larger than GPU memory; docs/world-format.md).
 *
 * A streamed terrain holds its height field and maps as toroidal windows (shaders/shared/sw_ring.h) of whole
 * pages of WORLD page x page samples around the camera, at constant memory. Pages come from a baked world folder
 * (world_file.c: DIR/world.json, heights.bin, maps.bin) or from the generators (fBm heights, the generated type
 * map, grass height 1), page by page. The same window code serves both; the renderer uploads the pages that
 * changed (src/render/world_stream.c). Once a renderer uses the stream, the pages that enter a window are made by
 * page jobs (stream_jobs.c, page_jobs.h, docs/streaming.md) and arrive later; until then loads are synchronous. */
#ifndef SWARD_WORLD_STREAM_H
#define SWARD_WORLD_STREAM_H

#include "world/page_jobs.h"
#include "world/world.h"
#include "shared/sw_types.h"

#include <pthread.h>
#include <stdio.h>

struct world_jobs;

#define WORLD_FILE_FORMAT "sward-world"
#define WORLD_FILE_VERSION 1
#define WORLD_FILE_HEADER_BYTES 32u
#define WORLD_PAGE_MIN 16 /* samples per page side; a multiple of 16 (type words, presence) */
#define WORLD_PAGE_MAX 1024
#define WORLD_PAGE_DEFAULT 64
#define WORLD_STREAM_RESOLUTION_MAX 16385 /* a streamed (or baked) world's height samples per side */
#define WORLD_STREAM_MAP_RES_MAX 16384    /* and map texels per side */
#define WORLD_MATERIAL_NONE 255u          /* material channel: no material */
#define WORLD_OVERVIEW_BYTES_MAX (2u << 20) /* BX7: the streamed ground's overview of the whole world at most */

/* DIR/world.json (docs/world-format.md). */
typedef struct world_file_info {
    int version;
    float size;              /* m */
    int resolution, map_res; /* height samples, map texels per side */
    int page;                /* samples per page side, both files */
    float height_min, height_max;
    uint64_t stamp; /* the bake's, in both headers too (0: a world from before stamps) */
    int type_count;
    char type_names[WORLD_MAX_MATERIALS][WORLD_NAME_MAX];
} world_file_info;

/* Pages per side of a map of `side` samples. */
static inline int world_pages(int side, int page)
{
    return (side + page - 1) / page;
}
/* Bytes of one page: heights float32; maps: types u8, material u8, grass height u16 (docs/world-format.md). */
static inline size_t world_hf_page_bytes(int page)
{
    return (size_t)page * (size_t)page * 4u;
}
static inline size_t world_map_page_bytes(int page)
{
    return (size_t)page * (size_t)page * 4u;
}

/* Reads and validates DIR/world.json; errors name the file, the field and the problem. */
sward_result world_file_read_info(const char *dir, world_file_info *info, sward_error *err);
/* Opens DIR/heights.bin and DIR/maps.bin and checks their headers and sizes against info (bad magic, version,
 * page or side mismatch, truncated). */
sward_result world_file_open(const char *dir, const world_file_info *info, FILE **hf, FILE **mf, sward_error *err);
/* Reads page (pi, pj) of each file: heights as page^2 floats; maps as types, material (page^2 bytes each) and
 * grass height (page^2 floats, u16 / 65535). Errors name the file and the page; a height that is NaN or
 * outside info's [height_min, height_max] is an error naming the sample. */
sward_result world_file_read_hf_page(FILE *f, const char *dir, const world_file_info *info, int pi, int pj, float *out,
                                     sward_error *err);
sward_result world_file_read_map_page(FILE *f, const char *dir, const world_file_info *info, int pi, int pj,
                                      uint8_t *types, uint8_t *material, float *grass, sward_error *err);

/* The type bytes (page^2) of map page (pi, pj) alone: the loader's scan of every page's types at open. */
sward_result world_file_read_map_types(FILE *f, const char *dir, const world_file_info *info, int pi, int pj,
                                       uint8_t *types, sward_error *err);

/* Writes the world of `scene` to DIR page by page at constant memory (`sward bake world`): from its resident
 * arrays, its generators (a streamed generated scene) or its world folder. page: samples per page side. */
sward_result world_bake(const sward_scene *scene, const char *dir, int page, sward_error *err);

/* The window of a streamed terrain (world_terrain.stream). */
typedef struct world_stream {
    bool from_disk;
    char dir[WORLD_PATH_MAX];
    world_file_info info; /* from_disk */
    FILE *hf_file, *map_file;
    int page;                         /* samples per page side */
    int hf_pages, map_pages;          /* the world's pages per side */
    int hf_n, map_n;                  /* the window's pages per side (ring = n x page) */
    int hf_pi, hf_pj, map_pi, map_pj; /* the window's first page; INT32_MIN/2: nothing loaded yet */
    uint8_t *material;                /* the material channel's ring (map_ring^2) */
    uint64_t generation;              /* +1 each time the window moves */
    /* Pages loaded since the renderer last took them (global page index pj * pages + pi), or all. */
    int *hf_dirty, *map_dirty;
    int hf_dirty_count, map_dirty_count;
    bool all_dirty;
    float *scratch;    /* one page of floats */
    uint8_t *scratch8; /* two pages of bytes */
    /* BX7: the page each ring slot holds (its global index; -1: none yet): with page jobs a window moves at once
     * and its slots fill as the pages arrive; world_stream_holds reads only filled slots */
    int *hf_slot, *map_slot;
    int *hf_slot_gpu; /* hf_slot as the GPU's ground last got it (world_stream.c uploads it when they differ) */
    /* BX7: the whole world's heights every ov_step samples (ov_n a side; sample u at min(u ov_step, resolution -
     * 1)), made at open and uploaded once: the ground reads it where a slot does not hold its page yet */
    float *overview;
    int ov_step, ov_n;
    struct world_jobs *jobs;    /* NULL: pages load on the calling thread as the window moves (stream_jobs.c) */
    world_jobs_config jobs_cfg; /* what made jobs */
    pthread_mutex_t file_lock;  /* the world's files are read by one job at a time (one FILE position) */
    uint64_t pages_put, pages_cancelled; /* pages that arrived in the windows, requests dropped before they ran */
    uint64_t pages_requested;            /* page jobs asked for (a window's move, pages lost and asked again) */
    float dir_x, dir_z;                  /* the camera's forward (the renderer's), for the order: pages in view first */
} world_stream;

/* Opens the streamed terrain of a parsed scene (terrain.world or terrain.stream): allocates the windows once and
 * loads them around the camera. Replaces world_terrain_build + world_maps_build for such a scene. */
sward_result world_stream_open(sward_scene *scene, sward_error *err);
void world_stream_close(world_terrain *t);
/* The loader's entry for a scene with terrain.world or terrain.stream: world_stream_open when streamed, else the
 * baked world read whole into resident arrays (terrain.stream false). */
sward_result world_stream_load(sward_scene *scene, sward_error *err);
/* Page (pi, pj) of any scene's height field / maps (resident arrays, generators or world folder), the samples
 * past the side clamped (heights) or empty (maps); what `sward bake world` writes and the windows load. */
sward_result world_source_hf_page(const sward_scene *s, int page, int pi, int pj, float *out, sward_error *err);
sward_result world_source_map_page(const sward_scene *s, int page, int pi, int pj, uint8_t *types, uint8_t *material,
                                   float *grass, sward_error *err);
/* Recentres the windows when (x, z) is more than half a page from their centre, by whole pages, loading the pages
 * that enter (into the CPU rings, marked dirty for the upload). Returns true when a window moved. */
bool world_stream_update(sward_scene *scene, float x, float z, sward_error *err, sward_result *result);
/* Is the world box [x0, x1] x [z0, z1] wholly inside both windows, every page it reads arrived (always,
 * resident)? */
bool world_stream_holds(const world_terrain *t, double x0, double z0, double x1, double z1);
/* How far from the eye the scene reads the world: the larger of render.draw_distance and the assets'. */
float world_stream_reach(const sward_scene *scene);
/* The windows' pages per side that world_stream_open gives a parsed scene (terrain.stream_window or the default,
 * at most the world's): what the load budgets count (budget.c) before any page is generated or read. */
void world_stream_rings(const sward_scene *scene, int *hf_n, int *map_n);
/* The window side in metres a scene gets by default: 2 x the reach plus two pages. */
float world_stream_default_window(const sward_scene *scene, int page);

/* ---- page jobs (BX7, stream_jobs.c; page_jobs.h) ----------------------------------------------------------- */

/* Pages into the rings (stream.c): marks them dirty for the upload, fills their slot; a map page's types are
 * checked against the scene's grass types and set its presence. */
void world_stream_put_hf(sward_scene *s, int pi, int pj, const float *page);
sward_result world_stream_put_map(sward_scene *s, int pi, int pj, const uint8_t *types, const uint8_t *material,
                                  const float *grass, sward_error *err);
/* Makes the windows' pages on page jobs from now on (cfg: threads, the host's run_job, or inline): a changed
 * configuration waits for the old jobs and requests again the pages still missing. */
sward_result world_stream_use_jobs(sward_scene *s, const world_jobs_config *cfg, sward_error *err);
/* Queues page (pi, pj) of a window (which: 0 heights, 1 maps), nearest the eye (x, z) first, pages behind the
 * last move's direction later; false: out of memory. */
bool world_stream_request(sward_scene *s, int which, int pi, int pj, float x, float z);
/* After a move: drops the requests and finished pages no longer in the windows (counted), starts the rest. */
void world_stream_requested(sward_scene *s);
sward_result world_stream_oom(const sward_scene *s, sward_error *err);
/* Puts the pages that arrived into the rings, at most max_pages (the upload budget; wait: every page the
 * windows want, waiting for those still being made). Returns the pages put; *result is set on an error. */
uint32_t world_stream_collect(sward_scene *s, uint32_t max_pages, bool wait, sward_error *err, sward_result *result);
/* Pages the windows want that have not arrived. */
uint32_t world_stream_missing(const world_stream *st);

#endif
