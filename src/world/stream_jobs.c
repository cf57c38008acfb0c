/* stream_jobs.c — the streamed windows' pages made on page jobs (BX7; page_jobs.h, stream.h, docs/streaming.md).
 *
 * With page jobs a window that moves does not load its entering pages: it requests them, and their ring slots
 * hold nothing (world_stream_holds then refuses every tile that reads them) until world_stream_collect puts the
 * pages that arrived into the rings, on the rendering thread, at most the upload budget a frame. Requests are
 * ordered by distance from the eye, those behind the camera later; a move drops the queued requests and the
 * finished pages that left the windows (counted in pages_cancelled). A page is a pure function of its index
 * (the fBm, the generated types, the world's files), so the windows after every page has arrived are the ones
 * the synchronous loader builds, whatever the order, the worker count or the executor: frames that wait for
 * them (stills) are byte-identical. */
#include "world/stream.h"

#include "core/core.h"

#include <math.h>
#include <stdlib.h>

/* The job: page (pi, pj) from the scene's source, on a worker. Generated pages read only the scene's settings;
 * a baked world's pages share the files' positions, so one read at a time. */
static void make_page(void *ctx, world_page_job *job)
{
    sward_scene *s = ctx;
    world_stream *st = s->terrain.stream;
    const size_t pp = (size_t)st->page * (size_t)st->page;
    job->floats = malloc(pp * sizeof *job->floats);
    job->bytes = job->which ? malloc(2 * pp) : NULL;
    if (!job->floats || (job->which && !job->bytes)) {
        job->result = core_fail(&job->err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for a world page");
        return;
    }
    if (st->from_disk) pthread_mutex_lock(&st->file_lock);
    job->result = job->which ? world_source_map_page(s, st->page, job->pi, job->pj, job->bytes, job->bytes + pp,
                                                     job->floats, &job->err)
                             : world_source_hf_page(s, st->page, job->pi, job->pj, job->floats, &job->err);
    if (st->from_disk) pthread_mutex_unlock(&st->file_lock);
}

static bool in_window(int p, int p0, int n)
{
    return p >= p0 && p < p0 + n;
}

/* Does the window still want this page (inside it, its slot not holding it yet)? */
static bool wanted(const world_stream *st, int which, int pi, int pj)
{
    const int n = which ? st->map_n : st->hf_n, pages = which ? st->map_pages : st->hf_pages;
    const int p0i = which ? st->map_pi : st->hf_pi, p0j = which ? st->map_pj : st->hf_pj;
    const int *slot = which ? st->map_slot : st->hf_slot;
    return in_window(pi, p0i, n) && in_window(pj, p0j, n) && slot[(pj % n) * n + (pi % n)] != pj * pages + pi;
}

static bool keep(void *ctx, const world_page_job *job)
{
    return wanted(ctx, job->which, job->pi, job->pj);
}

bool world_stream_request(sward_scene *s, int which, int pi, int pj, float x, float z)
{
    const world_terrain *t = &s->terrain;
    world_stream *st = t->stream;
    const double cell = which ? (double)t->size / t->map_res : (double)t->size / (t->resolution - 1);
    const double span = cell * st->page, x0 = -0.5 * (double)t->size;
    const double dx = x0 + (pi + 0.5) * span - x, dz = x0 + (pj + 0.5) * span - z;
    double order = sqrt(dx * dx + dz * dz);
    if (dx * st->dir_x + dz * st->dir_z < 0.0) order = 2.0 * order + span; /* behind the camera: later */
    if (!world_jobs_push(st->jobs, &(world_page_job){.which = which, .pi = pi, .pj = pj, .order = order}))
        return false;
    st->pages_requested++;
    return true;
}

sward_result world_stream_oom(const sward_scene *s, sward_error *err)
{
    return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory for the world's page requests", s->name);
}

void world_stream_requested(sward_scene *s)
{
    world_stream *st = s->terrain.stream;
    st->pages_cancelled += world_jobs_cancel(st->jobs, keep, st);
    world_jobs_kick(st->jobs);
}

/* Requests every page the windows want that is neither queued, running nor finished: after the jobs changed, or
 * when they are idle and a page is still missing (one lost to an out-of-memory worker). */
static bool request_missing(sward_scene *s, float x, float z)
{
    world_stream *st = s->terrain.stream;
    for (int which = 0; which < 2; which++) {
        const int n = which ? st->map_n : st->hf_n;
        const int p0i = which ? st->map_pi : st->hf_pi, p0j = which ? st->map_pj : st->hf_pj;
        for (int b = p0j; b < p0j + n; b++)
            for (int a = p0i; a < p0i + n; a++)
                if (wanted(st, which, a, b) && !world_stream_request(s, which, a, b, x, z)) return false;
    }
    world_jobs_kick(st->jobs);
    return true;
}

/* The eye the windows are centred on, for the order of requests made outside a move. */
static void window_centre(const sward_scene *s, float *x, float *z)
{
    const world_terrain *t = &s->terrain;
    const world_stream *st = t->stream;
    const double span = (double)t->size / (t->resolution - 1) * st->page, x0 = -0.5 * (double)t->size;
    *x = (float)(x0 + (st->hf_pi + 0.5 * st->hf_n) * span);
    *z = (float)(x0 + (st->hf_pj + 0.5 * st->hf_n) * span);
}

sward_result world_stream_use_jobs(sward_scene *s, const world_jobs_config *cfg, sward_error *err)
{
    world_stream *st = s->terrain.stream;
    if (!st) return SWARD_OK;
    if (st->jobs && st->jobs_cfg.threads == cfg->threads && st->jobs_cfg.run_job == cfg->run_job &&
        st->jobs_cfg.user == cfg->user)
        return SWARD_OK;
    world_jobs_destroy(st->jobs); /* its pages not put yet are requested again from the new jobs */
    st->jobs = world_jobs_create(cfg, make_page, s);
    st->jobs_cfg = *cfg;
    if (!st->jobs)
        return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: cannot start %d threads for the world's pages", s->name,
                         cfg->threads);
    float x, z;
    window_centre(s, &x, &z);
    return request_missing(s, x, z) ? SWARD_OK : world_stream_oom(s, err);
}

uint32_t world_stream_collect(sward_scene *s, uint32_t max_pages, bool wait, sward_error *err, sward_result *result)
{
    world_stream *st = s->terrain.stream;
    *result = SWARD_OK;
    if (!st || !st->jobs) return 0;
    if (wait) world_jobs_wait(st->jobs);
    uint32_t put = 0;
    world_page_job job;
    while ((wait || put < max_pages) && world_jobs_take(st->jobs, &job)) {
        if (job.result != SWARD_OK) {
            *result = core_fail(err, job.result, "%s", job.err.message);
            world_page_job_free(&job);
            return put;
        }
        if (wanted(st, job.which, job.pi, job.pj)) { /* else it left the windows while it was being made */
            if (job.which)
                *result = world_stream_put_map(s, job.pi, job.pj, job.bytes,
                                               job.bytes + (size_t)st->page * (size_t)st->page, job.floats, err);
            else
                world_stream_put_hf(s, job.pi, job.pj, job.floats);
            put++;
        }
        world_page_job_free(&job);
        if (*result != SWARD_OK) return put;
    }
    st->pages_put += put;
    if (!world_jobs_busy(st->jobs) && world_stream_missing(st)) { /* lost pages: ask again */
        float x, z;
        window_centre(s, &x, &z);
        if (!request_missing(s, x, z))
            *result = world_stream_oom(s, err);
        else if (wait)
            return put + world_stream_collect(s, max_pages, wait, err, result);
    }
    return put;
}

uint32_t world_stream_missing(const world_stream *st)
{
    uint32_t n = 0;
    for (int which = 0; which < 2; which++) {
        const int w = which ? st->map_n : st->hf_n;
        const int p0i = which ? st->map_pi : st->hf_pi, p0j = which ? st->map_pj : st->hf_pj;
        for (int b = p0j; b < p0j + w; b++)
            for (int a = p0i; a < p0i + w; a++)
                n += wanted(st, which, a, b);
    }
    return n;
}
