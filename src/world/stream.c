/* stream.c — the streamed terrain's windows (BX5; stream.h, shaders/shared/sw_ring.h, docs/world-format.md).
 *
 * Each window is n x n whole pages of page x page samples (heights) or texels (maps) whose first page is
 * (pi, pj): global sample (i, j) of the window sits in the ring at (j mod ring) * ring + (i mod ring), ring =
 * n x page, so a page is a page x page block of the ring and moving the window by a page reloads one row or
 * column of pages, nothing else moves. The window is centred on the eye to within half a page and clamped to
 * the world; it moves when the eye is more than half a page from its centre. The pages come from the world
 * folder (world_file.c) or from the generators (world_fbm_height, world_generated_type, grass height 1): the
 * same window code serves both. Type presence (tiles.c) is kept over the whole world's grid, set for the pages
 * in the window and clear elsewhere, so no tile outside the window is chosen. */
#include "world/stream.h"

#include "core/core.h"

#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NOT_LOADED (INT_MIN / 2)

/* ---- page sources ------------------------------------------------------------------------------------------ */

/* Page (pi, pj) of the height field of any scene (resident, generated or baked), samples past the side clamped. */
sward_result world_source_hf_page(const sward_scene *s, int page, int pi, int pj, float *out, sward_error *err)
{
    const world_terrain *t = &s->terrain;
    const world_stream *st = t->stream;
    if (st && st->from_disk) return world_file_read_hf_page(st->hf_file, st->dir, &st->info, pi, pj, out, err);
    const int res = t->resolution;
    for (int b = 0; b < page; b++)
        for (int a = 0; a < page; a++) {
            int i = pi * page + a, j = pj * page + b;
            i = i < res - 1 ? i : res - 1;
            j = j < res - 1 ? j : res - 1;
            out[b * page + a] = st ? world_fbm_height(t, i, j) : world_height_at(t, i, j);
        }
    return SWARD_OK;
}

/* Page (pi, pj) of the maps: types, material (255 = none) and grass height; texels past the side empty. */
sward_result world_source_map_page(const sward_scene *s, int page, int pi, int pj, uint8_t *types, uint8_t *material,
                                   float *grass, sward_error *err)
{
    const world_terrain *t = &s->terrain;
    const world_stream *st = t->stream;
    if (st && st->from_disk)
        return world_file_read_map_page(st->map_file, st->dir, &st->info, pi, pj, types, material, grass, err);
    const int res = t->map_res;
    for (int b = 0; b < page; b++)
        for (int a = 0; a < page; a++) {
            const int i = pi * page + a, j = pj * page + b, k = b * page + a;
            /* PL10: a resident scene's blend layers' material ids (a streamed one has none: scene_stream.c) */
            material[k] = (uint8_t)WORLD_MATERIAL_NONE;
            if (!st && t->material_ids && i < res && j < res)
                material[k] = t->material_ids[(size_t)j * (size_t)res + (size_t)i];
            if (i >= res || j >= res) {
                types[k] = (uint8_t)SW_TYPE_NONE;
                grass[k] = 0.0f;
            } else if (st) {
                types[k] = world_generated_type(s, i, j);
                grass[k] = 1.0f;
            } else {
                types[k] = (uint8_t)world_type_at(t, i, j);
                grass[k] = world_grass_height_at(t, i, j);
            }
        }
    return SWARD_OK;
}

/* ---- the window --------------------------------------------------------------------------------------------- */

float world_stream_reach(const sward_scene *s)
{
    float d = s->render.draw_distance;
    for (int k = 0; k < s->asset_count; k++)
        d = d > s->assets[k].draw_distance ? d : s->assets[k].draw_distance;
    return d;
}

float world_stream_default_window(const sward_scene *s, int page)
{
    const world_terrain *t = &s->terrain;
    const float cell = t->size / (float)(t->resolution - 1);
    return 2.0f * world_stream_reach(s) + 2.0f * (float)page * cell;
}

/* Pages per side of a window of `metres` over a grid of `cell` m, at most the world's. */
static int window_pages(float metres, float cell, int page, int total)
{
    int n = (int)ceilf(metres / (cell * (float)page)) + 1;
    return n < total ? n : total;
}

void world_stream_rings(const sward_scene *s, int *hf_n, int *map_n)
{
    const world_terrain *t = &s->terrain;
    const int P = t->stream_page > 0 ? t->stream_page : WORLD_PAGE_DEFAULT;
    const float window = t->stream_window > 0.0f ? t->stream_window : world_stream_default_window(s, P);
    *hf_n = window_pages(window, t->size / (float)(t->resolution - 1), P, world_pages(t->resolution, P));
    *map_n = window_pages(window, t->size / (float)t->map_res, P, world_pages(t->map_res, P));
}

/* The first page of a window of n pages centred on world coordinate x (grid origin x0, cell), clamped. */
static int first_page(float x, float x0, float cell, int page, int n, int total)
{
    double pc = ((double)x - (double)x0) / ((double)cell * page); /* the eye in pages */
    int p0 = (int)floor(pc - 0.5 * n + 0.5);
    if (p0 > total - n) p0 = total - n;
    if (p0 < 0) p0 = 0;
    return p0;
}

/* The eye is more than half a page from the centre of the window at p0 (or nothing loaded). */
static bool off_centre(float x, float x0, float cell, int page, int n, int p0)
{
    if (p0 == NOT_LOADED) return true;
    double pc = ((double)x - (double)x0) / ((double)cell * page);
    return fabs(pc - (p0 + 0.5 * n)) > 0.5;
}

static bool in_window(int p, int p0, int n)
{
    return p >= p0 && p < p0 + n;
}

/* Marks a page for the upload; a list already full (the renderer has not taken it: several moves between
 * frames) falls back to uploading the whole windows. */
static void mark(world_stream *st, int *list, int *count, int cap, int v)
{
    if (*count < cap)
        list[(*count)++] = v;
    else
        st->all_dirty = true;
}

/* The ring slot of page (pi, pj) in a window of n pages per side. */
static int slot_of(int pi, int pj, int n)
{
    return (pj % n) * n + (pi % n);
}

void world_stream_put_hf(sward_scene *s, int pi, int pj, const float *page)
{
    world_terrain *t = &s->terrain;
    world_stream *st = t->stream;
    const int P = st->page, ring = st->hf_n * P;
    const size_t x = (size_t)((pi * P) % ring), z = (size_t)((pj * P) % ring);
    for (int b = 0; b < P; b++)
        memcpy(t->heights + (z + (size_t)b) * (size_t)ring + x, page + (size_t)b * (size_t)P,
               (size_t)P * sizeof(float));
    st->hf_slot[slot_of(pi, pj, st->hf_n)] = pj * st->hf_pages + pi;
    mark(st, st->hf_dirty, &st->hf_dirty_count, st->hf_n * st->hf_n, pj * st->hf_pages + pi);
}

static sward_result load_hf_page(sward_scene *s, int pi, int pj, sward_error *err)
{
    world_stream *st = s->terrain.stream;
    sward_result r = world_source_hf_page(s, st->page, pi, pj, st->scratch, err);
    if (r == SWARD_OK) world_stream_put_hf(s, pi, pj, st->scratch);
    return r;
}

/* Clears (or, loaded, sets) the presence cells of map page (pi, pj). */
static void page_presence(world_terrain *t, int P, int pi, int pj, const uint8_t *types)
{
    const int C = WORLD_PRESENCE_TEXELS, pr = t->presence_res;
    for (int cj = pj * P / C; cj < (pj + 1) * P / C && cj < pr; cj++)
        for (int ci = pi * P / C; ci < (pi + 1) * P / C && ci < pr; ci++)
            t->type_presence[cj * pr + ci] = 0;
    if (!types) return;
    for (int b = 0; b < P; b++)
        for (int a = 0; a < P; a++) {
            uint8_t v = types[b * P + a];
            int ci = (pi * P + a) / C, cj = (pj * P + b) / C;
            if (v < WORLD_MAX_MATERIALS && ci < pr && cj < pr) t->type_presence[cj * pr + ci] |= (uint16_t)(1u << v);
        }
}

sward_result world_stream_put_map(sward_scene *s, int pi, int pj, const uint8_t *types, const uint8_t *mat,
                                  const float *grass, sward_error *err)
{
    world_terrain *t = &s->terrain;
    world_stream *st = t->stream;
    const int P = st->page, ring = st->map_n * P;
    for (size_t k = 0; k < (size_t)P * (size_t)P; k++)
        if (types[k] != SW_TYPE_NONE && types[k] >= s->material_count)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "%s: map page (%d, %d) has type %u, but the scene has %d grass types", s->name, pi, pj,
                             types[k], s->material_count);
    const size_t x = (size_t)((pi * P) % ring), z = (size_t)((pj * P) % ring);
    for (int b = 0; b < P; b++) {
        const size_t at = (z + (size_t)b) * (size_t)ring + x, from = (size_t)b * (size_t)P;
        memcpy(t->types + at, types + from, (size_t)P);
        memcpy(st->material + at, mat + from, (size_t)P);
        memcpy(t->grass_height + at, grass + from, (size_t)P * sizeof(float));
    }
    page_presence(t, P, pi, pj, types);
    st->map_slot[slot_of(pi, pj, st->map_n)] = pj * st->map_pages + pi;
    mark(st, st->map_dirty, &st->map_dirty_count, st->map_n * st->map_n, pj * st->map_pages + pi);
    return SWARD_OK;
}

static sward_result load_map_page(sward_scene *s, int pi, int pj, sward_error *err)
{
    world_stream *st = s->terrain.stream;
    const int P = st->page;
    uint8_t *types = st->scratch8, *mat = st->scratch8 + (size_t)P * (size_t)P;
    sward_result r = world_source_map_page(s, P, pi, pj, types, mat, st->scratch, err);
    return r == SWARD_OK ? world_stream_put_map(s, pi, pj, types, mat, st->scratch, err) : r;
}

/* Moves one window (heights: which = 0, maps: 1) to first page (pi, pj): the pages that enter are loaded now or,
 * with page jobs, requested (their slots hold nothing until the page is put: world_stream_holds says so). */
static sward_result move_window(sward_scene *s, int which, int pi, int pj, float x, float z, sward_error *err)
{
    world_stream *st = s->terrain.stream;
    world_terrain *t = &s->terrain;
    int *opi = which ? &st->map_pi : &st->hf_pi, *opj = which ? &st->map_pj : &st->hf_pj;
    const int n = which ? st->map_n : st->hf_n;
    if (which && *opi != NOT_LOADED) /* the pages that leave: no type grows there any more */
        for (int b = *opj; b < *opj + n; b++)
            for (int a = *opi; a < *opi + n; a++)
                if (!in_window(a, pi, n) || !in_window(b, pj, n)) page_presence(t, st->page, a, b, NULL);
    const int old_i = *opi, old_j = *opj;
    *opi = pi, *opj = pj;
    if (which)
        t->map_i0 = pi * st->page, t->map_j0 = pj * st->page;
    else
        t->hf_i0 = pi * st->page, t->hf_j0 = pj * st->page;
    for (int b = pj; b < pj + n; b++)
        for (int a = pi; a < pi + n; a++) {
            if (old_i != NOT_LOADED && in_window(a, old_i, n) && in_window(b, old_j, n)) continue;
            if (st->jobs) {
                (which ? st->map_slot : st->hf_slot)[slot_of(a, b, n)] = -1;
                if (!world_stream_request(s, which, a, b, x, z)) return world_stream_oom(s, err);
                continue;
            }
            sward_result r = which ? load_map_page(s, a, b, err) : load_hf_page(s, a, b, err);
            if (r != SWARD_OK) return r;
        }
    return SWARD_OK;
}

bool world_stream_update(sward_scene *s, float x, float z, sward_error *err, sward_result *result)
{
    world_terrain *t = &s->terrain;
    world_stream *st = t->stream;
    *result = SWARD_OK;
    if (!st) return false;
    const int P = st->page;
    const float hcell = t->size / (float)(t->resolution - 1), mcell = t->size / (float)t->map_res;
    const float x0 = -0.5f * t->size;
    bool moved = false;
    if (off_centre(x, x0, hcell, P, st->hf_n, st->hf_pi) || off_centre(z, x0, hcell, P, st->hf_n, st->hf_pj)) {
        int pi = first_page(x, x0, hcell, P, st->hf_n, st->hf_pages);
        int pj = first_page(z, x0, hcell, P, st->hf_n, st->hf_pages);
        if (pi != st->hf_pi || pj != st->hf_pj) {
            if ((*result = move_window(s, 0, pi, pj, x, z, err)) != SWARD_OK) return false;
            moved = true;
        }
    }
    if (off_centre(x, x0, mcell, P, st->map_n, st->map_pi) || off_centre(z, x0, mcell, P, st->map_n, st->map_pj)) {
        int pi = first_page(x, x0, mcell, P, st->map_n, st->map_pages);
        int pj = first_page(z, x0, mcell, P, st->map_n, st->map_pages);
        if (pi != st->map_pi || pj != st->map_pj) {
            if ((*result = move_window(s, 1, pi, pj, x, z, err)) != SWARD_OK) return false;
            moved = true;
        }
    }
    if (moved) {
        st->generation++;
        if (st->jobs) world_stream_requested(s);
    }
    return moved;
}

/* Are the pages of samples [i0, i1] x [j0, j1] (clamped to the window at (p0i, p0j), n pages) all in their slots? */
static bool pages_held(const int *slot, int p0i, int p0j, int n, int pages, int P, double i0, double j0, double i1,
                       double j1)
{
    const double lo_i = p0i * (double)P, lo_j = p0j * (double)P, hi_i = (p0i + n) * (double)P - 1.0,
                 hi_j = (p0j + n) * (double)P - 1.0;
    const int a0 = (int)(fmax(lo_i, fmin(hi_i, floor(i0)))) / P, a1 = (int)(fmax(lo_i, fmin(hi_i, floor(i1)))) / P;
    const int b0 = (int)(fmax(lo_j, fmin(hi_j, floor(j0)))) / P, b1 = (int)(fmax(lo_j, fmin(hi_j, floor(j1)))) / P;
    for (int b = b0; b <= b1; b++)
        for (int a = a0; a <= a1; a++)
            if (slot[slot_of(a, b, n)] != b * pages + a) return false;
    return true;
}

bool world_stream_holds(const world_terrain *t, double x0, double z0, double x1, double z1)
{
    const world_stream *st = t->stream;
    if (!st) return true;
    const double half = 0.5 * (double)t->size, P = st->page;
    const double hcell = (double)t->size / (t->resolution - 1), mcell = (double)t->size / t->map_res;
    /* Heights: samples [i0, i0 + ring - 1], bilinear needs both neighbours; maps: texel centres, 2x2 gather. */
    const double hx0 = -half + st->hf_pi * P * hcell, hx1 = -half + ((st->hf_pi + st->hf_n) * P - 1) * hcell;
    const double hz0 = -half + st->hf_pj * P * hcell, hz1 = -half + ((st->hf_pj + st->hf_n) * P - 1) * hcell;
    const double mx0 = -half + (st->map_pi * P + 0.5) * mcell,
                 mx1 = -half + ((st->map_pi + st->map_n) * P - 0.5) * mcell;
    const double mz0 = -half + (st->map_pj * P + 0.5) * mcell,
                 mz1 = -half + ((st->map_pj + st->map_n) * P - 0.5) * mcell;
    /* At the world's edges the window ends where the world does: nothing outside is read. */
    const bool lo_x = st->hf_pi == 0 && st->map_pi == 0, lo_z = st->hf_pj == 0 && st->map_pj == 0;
    const bool hi_x = st->hf_pi + st->hf_n == st->hf_pages && st->map_pi + st->map_n == st->map_pages;
    const bool hi_z = st->hf_pj + st->hf_n == st->hf_pages && st->map_pj + st->map_n == st->map_pages;
    if (!((lo_x || (x0 >= hx0 && x0 >= mx0)) && (hi_x || (x1 <= hx1 && x1 <= mx1)) &&
          (lo_z || (z0 >= hz0 && z0 >= mz0)) && (hi_z || (z1 <= hz1 && z1 <= mz1))))
        return false;
    /* BX7: and every page the box reads has arrived (with page jobs a window's slots fill after it moved) */
    return pages_held(st->hf_slot, st->hf_pi, st->hf_pj, st->hf_n, st->hf_pages, st->page, (x0 + half) / hcell,
                      (z0 + half) / hcell, (x1 + half) / hcell + 1.0, (z1 + half) / hcell + 1.0) &&
           pages_held(st->map_slot, st->map_pi, st->map_pj, st->map_n, st->map_pages, st->page,
                      (x0 + half) / mcell - 0.5, (z0 + half) / mcell - 0.5, (x1 + half) / mcell + 0.5,
                      (z1 + half) / mcell + 0.5);
}

/* ---- open and close ---------------------------------------------------------------------------------------- */

/* ---- the overview (BX7) ---------------------------------------------------------------------------------- */

/* The overview's step: page / 8 samples, doubled (at most to a page) until the overview is at most 2 MiB. Its
 * sample u lies at min(u step, resolution - 1). */
static void overview_size(int resolution, int page, int *step, int *n)
{
    int s = page / 8 > 0 ? page / 8 : 1, k = (resolution - 2 + s) / s + 1;
    while (s < page && (size_t)k * (size_t)k * sizeof(float) > WORLD_OVERVIEW_BYTES_MAX) {
        s *= 2;
        k = (resolution - 2 + s) / s + 1;
    }
    *step = s, *n = k;
}

/* The overview's samples that lie in height page (pi, pj) (the step divides the page: each sample is in one
 * page, the last row's at resolution - 1 in the last page). */
static void overview_page(const world_stream *st, int resolution, int pi, int pj, const float *page)
{
    const int P = st->page, last = resolution - 1;
    for (int v = 0; v < st->ov_n; v++) {
        const int j = v * st->ov_step < last ? v * st->ov_step : last;
        if (j / P != pj) continue;
        for (int u = 0; u < st->ov_n; u++) {
            const int i = u * st->ov_step < last ? u * st->ov_step : last;
            if (i / P == pi) st->overview[(size_t)v * (size_t)st->ov_n + (size_t)u] = page[(j % P) * P + i % P];
        }
    }
}

/* A generated world's overview: the fBm at its samples (a baked one's is made by scan_pages from the pages it
 * reads anyway). */
static void overview_generate(const world_terrain *t, const world_stream *st)
{
    const int last = t->resolution - 1;
    for (int v = 0; v < st->ov_n; v++) {
        const int j = v * st->ov_step < last ? v * st->ov_step : last;
        for (int u = 0; u < st->ov_n; u++) {
            const int i = u * st->ov_step < last ? u * st->ov_step : last;
            st->overview[(size_t)v * (size_t)st->ov_n + (size_t)u] = world_fbm_height(t, i, j);
        }
    }
}

/* A failure in the world folder at load names the scene and its field before the world's file: `<scene>:
 * terrain.world: DIR/heights.bin: <problem>`, with sward_error.field "terrain.world". */
static sward_result blame_world(const sward_scene *s, sward_result r, sward_error *err)
{
    if (r == SWARD_OK || !err) return r;
    char inner[sizeof err->message];
    snprintf(inner, sizeof inner, "%s", err->message);
    core_fail(err, r, "%s: terrain.world: %s", s->name, inner);
    snprintf(err->field, sizeof err->field, "terrain.world");
    return r;
}

/* Every page is checked once before anything renders, not when the window first reaches it (a bad
 * type 700 m away would otherwise fail a flight mid-run): each height a number in world.json's range
 * (world_file_read_hf_page) and each type one of the scene's grass types or 255. The maps' type bytes are
 * read alone (a quarter of the file). A generated world needs no scan: its heights are the fBm's (finite, within
 * [0, amplitude]) and its types the scene's own (world_generated_type: a grass index or 255). */
static sward_result scan_pages(const sward_scene *s, const world_stream *st, sward_error *err)
{
    const world_file_info *info = &st->info;
    const int P = info->page;
    sward_result r = SWARD_OK;
    for (int pj = 0; r == SWARD_OK && pj < world_pages(info->resolution, P); pj++)
        for (int pi = 0; r == SWARD_OK && pi < world_pages(info->resolution, P); pi++) {
            r = world_file_read_hf_page(st->hf_file, st->dir, info, pi, pj, st->scratch, err);
            if (r == SWARD_OK) overview_page(st, info->resolution, pi, pj, st->scratch);
        }
    for (int pj = 0; r == SWARD_OK && pj < world_pages(info->map_res, P); pj++)
        for (int pi = 0; r == SWARD_OK && pi < world_pages(info->map_res, P); pi++) {
            r = world_file_read_map_types(st->map_file, st->dir, info, pi, pj, st->scratch8, err);
            for (size_t k = 0; r == SWARD_OK && k < (size_t)P * (size_t)P; k++) {
                const uint8_t v = st->scratch8[k];
                if (v != SW_TYPE_NONE && v >= s->material_count)
                    r = core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                  "%s/maps.bin: page (%d, %d): texel (%d, %d) has type %u, but the scene has %d grass "
                                  "types (0 to %d; 255 = none)",
                                  st->dir, pi, pj, pi * P + (int)(k % (size_t)P), pj * P + (int)(k / (size_t)P), v,
                                  s->material_count, s->material_count - 1);
            }
        }
    return r;
}

void world_stream_close(world_terrain *t)
{
    world_stream *st = t->stream;
    if (!st) return;
    world_jobs_destroy(st->jobs); /* before the files and rings its workers read */
    if (st->hf_file) fclose(st->hf_file);
    if (st->map_file) fclose(st->map_file);
    free(st->material);
    free(st->hf_slot);
    free(st->hf_slot_gpu);
    free(st->overview);
    free(st->map_slot);
    pthread_mutex_destroy(&st->file_lock);
    free(st->hf_dirty);
    free(st->map_dirty);
    free(st->scratch);
    free(st->scratch8);
    free(st);
    t->stream = NULL;
}

sward_result world_stream_open(sward_scene *s, sward_error *err)
{
    world_terrain *t = &s->terrain;
    assert(t->streamed && !t->stream);
    world_stream *st = calloc(1, sizeof *st);
    if (!st) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for the world stream", s->name);
    pthread_mutex_init(&st->file_lock, NULL);
    t->stream = st;
    sward_result r = SWARD_OK;
    if (t->world_dir[0]) {
        st->from_disk = true;
        snprintf(st->dir, sizeof st->dir, "%s", t->world_dir);
        if ((r = world_file_read_info(t->world_dir, &st->info, err)) != SWARD_OK ||
            (r = world_file_open(t->world_dir, &st->info, &st->hf_file, &st->map_file, err)) != SWARD_OK) {
            world_stream_close(t);
            return blame_world(s, r, err);
        }
        /* The windows are sized (and the budgets counted) from the world.json the parser read. */
        if (st->info.page != t->stream_page || st->info.resolution != t->resolution || st->info.map_res != t->map_res ||
            st->info.size != t->size) {
            world_stream_close(t);
            return blame_world(s,
                               core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                         "%s/world.json: changed while the scene was loading", t->world_dir),
                               err);
        }
        st->page = st->info.page;
        t->min_y = st->info.height_min, t->max_y = st->info.height_max;
    } else {
        st->page = t->stream_page;
        t->min_y = 0.0f, t->max_y = t->fbm.amplitude; /* the fBm's range: sw_fbm is within [-1, 1] */
    }
    const int P = st->page;
    st->hf_pages = world_pages(t->resolution, P);
    st->map_pages = world_pages(t->map_res, P);
    world_stream_rings(s, &st->hf_n, &st->map_n);
    st->hf_pi = st->hf_pj = st->map_pi = st->map_pj = NOT_LOADED;
    t->hf_ring = st->hf_n * P;
    t->map_ring = st->map_n * P;
    const size_t hn = (size_t)t->hf_ring * (size_t)t->hf_ring, mn = (size_t)t->map_ring * (size_t)t->map_ring;
    t->presence_res = (t->map_res + WORLD_PRESENCE_TEXELS - 1) / WORLD_PRESENCE_TEXELS;
    free(t->heights);
    free(t->types);
    free(t->grass_height);
    free(t->type_presence);
    t->heights = calloc(hn, sizeof *t->heights);
    t->types = malloc(mn);
    t->grass_height = calloc(mn, sizeof *t->grass_height);
    t->type_presence = calloc((size_t)t->presence_res * (size_t)t->presence_res, sizeof *t->type_presence);
    st->material = malloc(mn);
    st->hf_slot = malloc((size_t)st->hf_n * (size_t)st->hf_n * sizeof *st->hf_slot);
    st->hf_slot_gpu = malloc((size_t)st->hf_n * (size_t)st->hf_n * sizeof *st->hf_slot_gpu);
    overview_size(t->resolution, P, &st->ov_step, &st->ov_n);
    st->overview = malloc((size_t)st->ov_n * (size_t)st->ov_n * sizeof *st->overview);
    st->map_slot = malloc((size_t)st->map_n * (size_t)st->map_n * sizeof *st->map_slot);
    st->hf_dirty = malloc((size_t)st->hf_n * (size_t)st->hf_n * sizeof *st->hf_dirty);
    st->map_dirty = malloc((size_t)st->map_n * (size_t)st->map_n * sizeof *st->map_dirty);
    st->scratch = malloc((size_t)P * (size_t)P * sizeof *st->scratch);
    st->scratch8 = malloc(2u * (size_t)P * (size_t)P);
    if (!t->heights || !t->types || !t->grass_height || !t->type_presence || !st->material || !st->hf_dirty ||
        !st->map_dirty || !st->scratch || !st->scratch8 || !st->hf_slot || !st->map_slot || !st->hf_slot_gpu ||
        !st->overview)
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for the world windows (%d and %d pages)",
                         s->name, st->hf_n * st->hf_n, st->map_n * st->map_n);
    memset(t->types, (int)SW_TYPE_NONE, mn);
    memset(st->material, (int)WORLD_MATERIAL_NONE, mn);
    for (int k = 0; k < st->hf_n * st->hf_n; k++)
        st->hf_slot[k] = -1;
    for (int k = 0; k < st->map_n * st->map_n; k++)
        st->map_slot[k] = -1;
    if (st->from_disk && (r = scan_pages(s, st, err)) != SWARD_OK) return blame_world(s, r, err);
    if (!st->from_disk) overview_generate(t, st);
    world_stream_update(s, s->camera.position[0], s->camera.position[2], err, &r);
    st->all_dirty = true;
    st->generation = 0;
    return r;
}

/* A baked world held whole (terrain.stream false): every page read into resident arrays (world_terrain's
 * window of ring 0: the identity). */
static sward_result load_whole(sward_scene *s, sward_error *err)
{
    world_terrain *t = &s->terrain;
    world_file_info info;
    FILE *hf = NULL, *mf = NULL;
    sward_result r = world_file_read_info(t->world_dir, &info, err);
    if (r == SWARD_OK) r = world_file_open(t->world_dir, &info, &hf, &mf, err);
    if (r != SWARD_OK) return blame_world(s, r, err);
    const int P = info.page, res = t->resolution, mres = t->map_res;
    const size_t pp = (size_t)P * (size_t)P;
    t->presence_res = (mres + WORLD_PRESENCE_TEXELS - 1) / WORLD_PRESENCE_TEXELS;
    t->heights = malloc((size_t)res * (size_t)res * sizeof *t->heights);
    t->types = malloc((size_t)mres * (size_t)mres);
    t->grass_height = malloc((size_t)mres * (size_t)mres * sizeof *t->grass_height);
    t->type_presence = calloc((size_t)t->presence_res * (size_t)t->presence_res, sizeof *t->type_presence);
    float *page = malloc(pp * sizeof *page);
    uint8_t *bytes = malloc(2 * pp);
    if (!t->heights || !t->types || !t->grass_height || !t->type_presence || !page || !bytes)
        r = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for the world %s", t->world_dir);
    for (int pj = 0; r == SWARD_OK && pj < world_pages(res, P); pj++)
        for (int pi = 0; r == SWARD_OK && pi < world_pages(res, P); pi++) {
            r = world_file_read_hf_page(hf, t->world_dir, &info, pi, pj, page, err);
            for (int b = 0; r == SWARD_OK && b < P && pj * P + b < res; b++)
                for (int a = 0; a < P && pi * P + a < res; a++)
                    t->heights[(size_t)(pj * P + b) * (size_t)res + (size_t)(pi * P + a)] = page[b * P + a];
        }
    for (int pj = 0; r == SWARD_OK && pj < world_pages(mres, P); pj++)
        for (int pi = 0; r == SWARD_OK && pi < world_pages(mres, P); pi++) {
            r = world_file_read_map_page(mf, t->world_dir, &info, pi, pj, bytes, bytes + pp, page, err);
            if (r != SWARD_OK) break;
            page_presence(t, P, pi, pj, bytes);
            for (int b = 0; r == SWARD_OK && b < P && pj * P + b < mres; b++)
                for (int a = 0; a < P && pi * P + a < mres; a++) {
                    const size_t at = (size_t)(pj * P + b) * (size_t)mres + (size_t)(pi * P + a);
                    const uint8_t v = bytes[b * P + a];
                    if (v != SW_TYPE_NONE && v >= s->material_count) {
                        r = core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                      "%s/maps.bin: page (%d, %d): texel (%d, %d) has type %u, but the scene has %d "
                                      "grass types (0 to %d; 255 = none)",
                                      t->world_dir, pi, pj, pi * P + a, pj * P + b, v, s->material_count,
                                      s->material_count - 1);
                        break;
                    }
                    t->types[at] = v;
                    t->grass_height[at] = page[b * P + a];
                }
        }
    free(page);
    free(bytes);
    fclose(hf);
    fclose(mf);
    t->min_y = info.height_min, t->max_y = info.height_max;
    return blame_world(s, r, err);
}

sward_result world_stream_load(sward_scene *s, sward_error *err)
{
    return s->terrain.streamed ? world_stream_open(s, err) : load_whole(s, err);
}
