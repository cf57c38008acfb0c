/* page_jobs.c — the streamed world's page jobs (BX7; page_jobs.h): a queue ordered when a worker takes from it,
 * executed by sward's pthreads, by the host's job system (one ticket per request) or inline.
 *
 * Everything shared sits under one mutex: the queue, the finished list and the counts; a worker holds it only
 * to take a request and to hand back a page, never while it makes one. `idle` is signalled when the queue and
 * the running count reach zero (world_jobs_wait, destroy); `work` wakes sward's own threads. */
#define _POSIX_C_SOURCE 200809L

#include "world/page_jobs.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct world_jobs {
    world_jobs_config cfg;
    world_make_page_fn make;
    void *ctx;
    double delay_ms; /* the testing hook (WORLD_PAGE_DELAY_ENV); 0 off */
    pthread_mutex_t lock;
    pthread_cond_t work, idle;
    world_page_job *queue, *done;
    size_t queued, queue_cap, done_count, done_cap;
    uint32_t running;    /* requests being made now */
    uint32_t tickets;    /* tickets handed to the host and not yet returned */
    uint32_t unticketed; /* queued requests without a ticket yet (host executor) */
    bool stop;
    int thread_count;
    pthread_t *threads;
};

static bool grow(world_page_job **list, size_t *cap, size_t n)
{
    if (n <= *cap) return true;
    size_t c = *cap ? *cap * 2 : 64;
    while (c < n)
        c *= 2;
    world_page_job *p = realloc(*list, c * sizeof *p);
    if (!p) return false;
    *list = p;
    *cap = c;
    return true;
}

static double thread_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* Takes the queued request with the smallest order (the lock held); false when none. */
static bool take_best(world_jobs *q, world_page_job *out)
{
    if (!q->queued) return false;
    size_t best = 0;
    for (size_t k = 1; k < q->queued; k++)
        if (q->queue[k].order < q->queue[best].order) best = k;
    *out = q->queue[best];
    q->queue[best] = q->queue[--q->queued];
    q->running++;
    return true;
}

/* Makes one page (the lock not held) and hands it back (the lock held again on return). */
static void make_one(world_jobs *q, world_page_job *job)
{
    pthread_mutex_unlock(&q->lock);
    if (q->delay_ms > 0.0) { /* burns CPU time, which is what the rendering thread's budget counts */
        const double until = thread_cpu_ms() + q->delay_ms;
        while (thread_cpu_ms() < until) {
        }
    }
    q->make(q->ctx, job);
    pthread_mutex_lock(&q->lock);
    q->running--;
    if (grow(&q->done, &q->done_cap, q->done_count + 1))
        q->done[q->done_count++] = *job;
    else
        world_page_job_free(job); /* out of memory: the page is made again when wanted (stream.c re-requests) */
    if (!q->queued && !q->running) pthread_cond_broadcast(&q->idle);
}

static void *worker(void *arg)
{
    world_jobs *q = arg;
    pthread_mutex_lock(&q->lock);
    for (;;) {
        world_page_job job;
        while (!q->stop && !q->queued)
            pthread_cond_wait(&q->work, &q->lock);
        if (q->stop) break;
        if (take_best(q, &job)) make_one(q, &job);
    }
    pthread_mutex_unlock(&q->lock);
    return NULL;
}

/* A ticket run by the host's job system: makes the best request queued now, if any. */
static void ticket(void *arg)
{
    world_jobs *q = arg;
    world_page_job job;
    pthread_mutex_lock(&q->lock);
    if (take_best(q, &job)) make_one(q, &job);
    q->tickets--;
    if (!q->tickets) pthread_cond_broadcast(&q->idle);
    pthread_mutex_unlock(&q->lock);
}

world_jobs *world_jobs_create(const world_jobs_config *cfg, world_make_page_fn make, void *ctx)
{
    world_jobs *q = calloc(1, sizeof *q);
    if (!q) return NULL;
    q->cfg = *cfg;
    q->make = make;
    q->ctx = ctx;
    const char *delay = getenv(WORLD_PAGE_DELAY_ENV);
    if (delay) q->delay_ms = strtod(delay, NULL);
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->work, NULL);
    pthread_cond_init(&q->idle, NULL);
    if (!cfg->run_job && cfg->threads > 0) {
        q->threads = calloc((size_t)cfg->threads, sizeof *q->threads);
        if (!q->threads) {
            world_jobs_destroy(q);
            return NULL;
        }
        for (int k = 0; k < cfg->threads; k++) {
            if (pthread_create(&q->threads[k], NULL, worker, q) != 0) {
                world_jobs_destroy(q);
                return NULL;
            }
            q->thread_count++;
        }
    }
    return q;
}

void world_jobs_destroy(world_jobs *q)
{
    if (!q) return;
    pthread_mutex_lock(&q->lock);
    q->queued = 0; /* cancelled: the tickets still out find nothing */
    q->unticketed = 0;
    while (q->running || q->tickets)
        pthread_cond_wait(&q->idle, &q->lock);
    q->stop = true;
    pthread_cond_broadcast(&q->work);
    pthread_mutex_unlock(&q->lock);
    for (int k = 0; k < q->thread_count; k++)
        pthread_join(q->threads[k], NULL);
    for (size_t k = 0; k < q->done_count; k++)
        world_page_job_free(&q->done[k]);
    free(q->threads);
    free(q->queue);
    free(q->done);
    pthread_cond_destroy(&q->work);
    pthread_cond_destroy(&q->idle);
    pthread_mutex_destroy(&q->lock);
    free(q);
}

bool world_jobs_push(world_jobs *q, const world_page_job *req)
{
    pthread_mutex_lock(&q->lock);
    bool ok = grow(&q->queue, &q->queue_cap, q->queued + 1);
    if (ok) {
        world_page_job *j = &q->queue[q->queued++];
        *j = *req;
        j->floats = NULL;
        j->bytes = NULL;
        j->result = SWARD_OK;
        q->unticketed++;
    }
    pthread_mutex_unlock(&q->lock);
    return ok;
}

void world_jobs_kick(world_jobs *q)
{
    pthread_mutex_lock(&q->lock);
    const uint32_t n = q->unticketed;
    q->unticketed = 0;
    if (q->cfg.run_job) {
        q->tickets += n;
        pthread_mutex_unlock(&q->lock);
        for (uint32_t k = 0; k < n; k++)
            q->cfg.run_job(q->cfg.user, ticket, q);
        return;
    }
    if (q->thread_count) {
        if (n) pthread_cond_broadcast(&q->work);
    } else {
        world_page_job job;
        while (take_best(q, &job))
            make_one(q, &job);
    }
    pthread_mutex_unlock(&q->lock);
}

uint32_t world_jobs_cancel(world_jobs *q, bool (*keep)(void *ctx, const world_page_job *job), void *ctx)
{
    uint32_t dropped = 0;
    pthread_mutex_lock(&q->lock);
    for (size_t k = 0; k < q->queued;)
        if (keep(ctx, &q->queue[k]))
            k++;
        else
            q->queue[k] = q->queue[--q->queued], dropped++;
    /* a host's tickets outnumber the queue now (those of dropped requests run, find nothing and return): what
     * is left without a ticket is at most what is queued */
    if (q->unticketed > q->queued) q->unticketed = (uint32_t)q->queued;
    for (size_t k = 0; k < q->done_count;)
        if (keep(ctx, &q->done[k]))
            k++;
        else {
            world_page_job_free(&q->done[k]);
            q->done[k] = q->done[--q->done_count];
        }
    if (!q->queued && !q->running) pthread_cond_broadcast(&q->idle);
    pthread_mutex_unlock(&q->lock);
    return dropped;
}

bool world_jobs_take(world_jobs *q, world_page_job *out)
{
    pthread_mutex_lock(&q->lock);
    bool any = q->done_count > 0;
    if (any) {
        /* the nearest first: what the budget lets through this frame is what the view needs most */
        size_t best = 0;
        for (size_t k = 1; k < q->done_count; k++)
            if (q->done[k].order < q->done[best].order) best = k;
        *out = q->done[best];
        q->done[best] = q->done[--q->done_count];
    }
    pthread_mutex_unlock(&q->lock);
    return any;
}

void world_jobs_wait(world_jobs *q)
{
    world_jobs_kick(q);
    pthread_mutex_lock(&q->lock);
    while (q->queued || q->running)
        pthread_cond_wait(&q->idle, &q->lock);
    pthread_mutex_unlock(&q->lock);
}

uint32_t world_jobs_busy(world_jobs *q)
{
    pthread_mutex_lock(&q->lock);
    const uint32_t n = (uint32_t)(q->queued + q->done_count) + q->running;
    pthread_mutex_unlock(&q->lock);
    return n;
}

void world_page_job_free(world_page_job *job)
{
    free(job->floats);
    free(job->bytes);
    job->floats = NULL;
    job->bytes = NULL;
}
