/* page_jobs.h — the streamed world's page jobs (BX7): the pages a window wants, made (fBm) or read and decoded
 * (a baked world) off the rendering thread, nearest first, cancelled when no longer wanted.
 *
 * A queue of page requests and a list of finished pages, under one mutex. Who runs them is the executor:
 *   threads > 0    sward's own pthreads, each taking the best queued request until the queue is empty;
 *   run_job set    the host's job system: one ticket per request handed to run_job; a ticket takes the best
 *                  request queued when it runs (none: a cancelled one, it returns at once);
 *   neither        inline: world_jobs_kick makes every queued page on the calling thread (the rendering thread,
 *                  as before there were workers).
 * The requests are ordered when a worker takes one, not when pushed, so a request pushed later but nearer runs
 * first and a cancelled one never runs. The page itself is made by the `make` callback, which must be safe to
 * call on several threads at once (stream.c: the generators are pure; reads of the world's files hold a lock). */
#ifndef SWARD_WORLD_PAGE_JOBS_H
#define SWARD_WORLD_PAGE_JOBS_H

#include "sward/sward.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The host's job runner (sward_streaming.run_job): runs job(job_arg) once, on any thread, soon. */
typedef void (*world_run_job_fn)(void *user, void (*job)(void *), void *job_arg);

typedef struct world_jobs_config {
    int threads;              /* sward's worker threads; 0 with no run_job: inline */
    world_run_job_fn run_job; /* the host's job system instead of threads (threads ignored) */
    void *user;               /* run_job's first argument */
} world_jobs_config;

/* One page: the request (which, pi, pj, order) and, once made, its data (owned by the job until taken). */
typedef struct world_page_job {
    int which;    /* 0: a height page, 1: a map page */
    int pi, pj;   /* the page in the world's grid of pages */
    double order; /* smaller is made first (stream.c: distance to the eye, pages behind it later) */
    sward_result result;
    sward_error err; /* when result is not SWARD_OK */
    float *floats;   /* heights, or the map's grass height: page^2 */
    uint8_t *bytes;  /* the map's types then material: 2 page^2 (NULL for heights) */
} world_page_job;

/* Makes job's page into its floats and bytes (allocated by the callback); called on a worker. */
typedef void (*world_make_page_fn)(void *ctx, world_page_job *job);

typedef struct world_jobs world_jobs;

/* The testing hook (off unless the environment sets SWARD_TEST_PAGE_DELAY_MS): every page made by a job also
 * burns that many milliseconds of its thread's CPU time, so a test sees whether the rendering thread pays for it. */
#define WORLD_PAGE_DELAY_ENV "SWARD_TEST_PAGE_DELAY_MS"

/* NULL when out of memory or a thread cannot start. */
world_jobs *world_jobs_create(const world_jobs_config *cfg, world_make_page_fn make, void *ctx);
/* Cancels the queued requests, waits for the running ones and every ticket handed to the host, frees the
 * finished pages and the queue. */
void world_jobs_destroy(world_jobs *q);
/* Queues a request (its data NULL); world_jobs_kick starts the queued ones. false: out of memory. */
bool world_jobs_push(world_jobs *q, const world_page_job *req);
void world_jobs_kick(world_jobs *q);
/* Drops the queued requests `keep` refuses and the finished pages it refuses (their data freed); returns how
 * many requests it dropped before they ran. */
uint32_t world_jobs_cancel(world_jobs *q, bool (*keep)(void *ctx, const world_page_job *job), void *ctx);
/* Takes one finished page (the caller frees its floats and bytes); false when there is none. */
bool world_jobs_take(world_jobs *q, world_page_job *out);
/* Blocks until nothing is queued or running (every request made): frames that must hold the whole window. */
void world_jobs_wait(world_jobs *q);
/* Requests queued, running, or made and not taken yet. */
uint32_t world_jobs_busy(world_jobs *q);
/* Frees a taken job's data. */
void world_page_job_free(world_page_job *job);

#endif
