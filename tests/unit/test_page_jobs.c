/* test_page_jobs.c — the streamed windows' pages on page jobs (BX7; src/world/page_jobs.c, stream_jobs.c,
 * docs/streaming.md): with every executor (inline, 1 and 4 of sward's threads, a host's job system, a baked world
 * read by 4 threads) the windows after the pages arrive equal the resident scene over random walks and jumps;
 * with a page taking 20 ms of a worker's CPU (the testing hook), on sward's thread or a host's job queue, the
 * calling thread pays nothing for it, the pages nearest the eye arrive first, a second jump cancels the first
 * one's queued pages (counted), and the upload budget holds. Run under ThreadSanitizer in the sanitizer stage (dev.sh
 * sanitize). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "world/stream.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TMP_NAME "page_jobs"
#include "tmp_util.h"
#include "stream_test_util.h"

/* 256 m at 1 m, 256 map texels, two types (one with patches), pages of 16 m, a window of 6 pages a side. */
#define TERRAIN_FBM                                                                                                    \
    "\"size\": 256, \"resolution\": 257, \"fbm\": {\"amplitude\": 8, \"wavelength\": 60, \"octaves\": 3}"
#define GRASS                                                                                                          \
    "\"grass\": [{\"name\": \"short\", \"density\": 4}, {\"name\": \"tall\", \"density\": 2, \"patches\": "            \
    "{\"scale\": 12, \"coverage\": 0.5}}], \"render\": {\"draw_distance\": 30, \"lod_distance\": 10}"
#define STREAMED "{\"terrain\": {" TERRAIN_FBM ", \"stream\": {\"window\": 80, \"page\": 16}}, " GRASS "}"

static sward_scene *load_ok(const char *json)
{
    sward_scene *s = NULL;
    sward_error err = {0};
    sward_result r = sward_scene_load_string(json, strlen(json), "t.json", NULL, &s, &err);
    if (r != SWARD_OK) print_error("%s\n", err.message);
    assert_int_equal(r, SWARD_OK);
    return s;
}

static double thread_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}


static void use(sward_scene *s, world_jobs_config cfg)
{
    sward_error err = {0};
    assert_int_equal(world_stream_use_jobs(s, &cfg, &err), SWARD_OK);
    assert_non_null(s->terrain.stream->jobs);
}

static uint32_t collect(sward_scene *s, uint32_t max_pages, bool wait)
{
    sward_error err = {0};
    sward_result r;
    uint32_t n = world_stream_collect(s, max_pages, wait, &err, &r);
    assert_int_equal(r, SWARD_OK);
    return n;
}

static bool move(sward_scene *s, float x, float z)
{
    sward_error err = {0};
    sward_result r;
    s->camera.position[0] = x, s->camera.position[2] = z;
    bool m = world_stream_update(s, x, z, &err, &r);
    assert_int_equal(r, SWARD_OK);
    return m;
}

/* Random walks and jumps, every frame waiting for its pages: the windows are the resident scene's. */
static void random_moves(sward_scene *a, sward_scene *b)
{
    check_window(a, b);
    srand(11);
    int moved = 0;
    for (int k = 0; k < 40; k++) {
        float x, z;
        if (k % 8 == 7)
            x = (float)(rand() % 256) - 128.0f, z = (float)(rand() % 256) - 128.0f;
        else
            x = b->camera.position[0] + (float)(rand() % 31 - 15),
            z = b->camera.position[2] + (float)(rand() % 31 - 15);
        moved += move(b, x, z);
        collect(b, 0, true);
        assert_int_equal(world_stream_missing(b->terrain.stream), 0);
        check_window(a, b);
        assert_true(world_stream_holds(&b->terrain, x - 30.0, z - 30.0, x + 30.0, z + 30.0));
    }
    assert_true(moved >= 8);
}

static void executor(world_jobs_config cfg, const char *dir)
{
    sward_scene *a = load_ok("{\"terrain\": {" TERRAIN_FBM "}, " GRASS "}");
    char json[1024];
    if (dir)
        snprintf(json, sizeof json, "{\"terrain\": {\"world\": \"%s\", \"stream\": {\"window\": 80}}, " GRASS "}", dir);
    sward_scene *b = load_ok(dir ? json : STREAMED);
    use(b, cfg);
    random_moves(a, b);
    sward_scene_destroy(b); /* the jobs stop first (world_stream_close) */
    sward_scene_destroy(a);
}

static void test_inline(void **state)
{
    (void)state;
    executor((world_jobs_config){0}, NULL);
}

static void test_one_thread(void **state)
{
    (void)state;
    executor((world_jobs_config){.threads = 1}, NULL);
}

static void test_four_threads(void **state)
{
    (void)state;
    executor((world_jobs_config){.threads = 4}, NULL);
}

/* A host's job system: every job on a thread of its own (detached), counted so the test can wait for them. */
static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;
static int host_jobs;
typedef struct host_job {
    void (*job)(void *);
    void *arg;
} host_job;
static void *host_thread(void *p)
{
    host_job j = *(host_job *)p;
    free(p);
    j.job(j.arg);
    pthread_mutex_lock(&host_lock);
    host_jobs++;
    pthread_mutex_unlock(&host_lock);
    return NULL;
}
static void host_run(void *user, void (*job)(void *), void *arg)
{
    assert_ptr_equal(user, &host_jobs);
    host_job *j = malloc(sizeof *j);
    assert_non_null(j);
    *j = (host_job){job, arg};
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, host_thread, j), 0);
    pthread_detach(t);
}

static void test_host_jobs(void **state)
{
    (void)state;
    host_jobs = 0;
    executor((world_jobs_config){.run_job = host_run, .user = &host_jobs}, NULL);
    pthread_mutex_lock(&host_lock);
    const int ran = host_jobs;
    pthread_mutex_unlock(&host_lock);
    assert_true(ran > 100); /* the pages were the host's jobs */
}

static void test_baked_four_threads(void **state)
{
    (void)state;
    char dir[512];
    tmp_path(dir, sizeof dir, "baked");
    char cmd[600];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    assert_int_equal(system(cmd), 0);
    sward_scene *s = load_ok("{\"terrain\": {" TERRAIN_FBM "}, " GRASS "}");
    sward_error err = {0};
    assert_int_equal(world_bake(s, dir, 16, &err), SWARD_OK);
    sward_scene_destroy(s);
    executor((world_jobs_config){.threads = 4}, dir);
}

/* A host's job system of one thread running its jobs in the order given (what a game's job queue does). */
static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    host_job jobs[4096];
    size_t head, tail;
    bool stop;
    pthread_t thread;
} fifo = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};
static void *fifo_thread(void *p)
{
    (void)p;
    pthread_mutex_lock(&fifo.lock);
    for (;;) {
        while (!fifo.stop && fifo.head == fifo.tail)
            pthread_cond_wait(&fifo.wake, &fifo.lock);
        if (fifo.head == fifo.tail) break;
        host_job j = fifo.jobs[fifo.head++ % 4096];
        pthread_mutex_unlock(&fifo.lock);
        j.job(j.arg);
        pthread_mutex_lock(&fifo.lock);
    }
    pthread_mutex_unlock(&fifo.lock);
    return NULL;
}
static void fifo_run(void *user, void (*job)(void *), void *arg)
{
    (void)user;
    pthread_mutex_lock(&fifo.lock);
    assert_true(fifo.tail - fifo.head < 4096);
    fifo.jobs[fifo.tail++ % 4096] = (host_job){job, arg};
    pthread_cond_signal(&fifo.wake);
    pthread_mutex_unlock(&fifo.lock);
}

/* With every page taking 20 ms of its worker's CPU: a jump costs the calling thread nothing; the pages nearest
 * the eye arrive first; a second jump cancels the first one's queued pages; at most max_pages a collect. */
static void slow_pages(world_jobs_config cfg)
{
    setenv(WORLD_PAGE_DELAY_ENV, "20", 1);
    sward_scene *a = load_ok("{\"terrain\": {" TERRAIN_FBM "}, " GRASS "}");
    sward_scene *b = load_ok(STREAMED);
    use(b, cfg);
    unsetenv(WORLD_PAGE_DELAY_ENV);
    world_stream *st = b->terrain.stream;
    const uint32_t total = (uint32_t)(st->hf_n * st->hf_n + st->map_n * st->map_n);

    /* a jump: the calling thread requests and returns; nothing is held at the new eye yet */
    double c0 = thread_ms();
    assert_true(move(b, 90.0f, 90.0f));
    assert_int_equal(collect(b, 1000, false), 0);
    const double cost = thread_ms() - c0;
    print_message("a jump cost the calling thread %.2f ms of CPU\n", cost);
    assert_true(cost < 15.0); /* less than one page's 20 ms */
    assert_false(world_stream_holds(&b->terrain, 85.0, 85.0, 95.0, 95.0));

    /* a second jump before the first is done: its queued pages are cancelled, not made */
    const uint64_t cancelled = st->pages_cancelled;
    assert_true(move(b, -90.0f, -90.0f));
    print_message("%llu pages cancelled\n", (unsigned long long)(st->pages_cancelled - cancelled));
    assert_true(st->pages_cancelled - cancelled > total / 2);

    /* the new view fills from the eye outwards: when the eye's box is first held, most pages are still missing */
    uint32_t put = 0, held_after = 0;
    for (int k = 0; k < 100000 && world_stream_missing(st); k++) {
        const uint32_t n = collect(b, 2, false);
        assert_true(n <= 2); /* the budget */
        put += n;
        if (!held_after && world_stream_holds(&b->terrain, -95.0, -95.0, -85.0, -85.0)) held_after = put;
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
    print_message("the eye's pages held after %u of %u pages\n", held_after, total);
    assert_int_equal(world_stream_missing(st), 0);
    assert_true(held_after > 0 && held_after <= total / 4);
    check_window(a, b);
    sward_scene_destroy(b);
    sward_scene_destroy(a);
}

/* The upload budget: with every page of a jump already made (inline), a frame that does not wait puts at most
 * max_pages, nearest first, and the rest over the next frames. */
static void test_budget(void **state)
{
    (void)state;
    sward_scene *a = load_ok("{\"terrain\": {" TERRAIN_FBM "}, " GRASS "}");
    sward_scene *b = load_ok(STREAMED);
    use(b, (world_jobs_config){0});
    world_stream *st = b->terrain.stream;
    assert_true(move(b, 90.0f, -90.0f));
    const uint32_t total = world_stream_missing(st);
    assert_true(total > 30);
    assert_int_equal(collect(b, 3, false), 3);
    assert_int_equal(world_stream_missing(st), total - 3);
    uint32_t frames = 1;
    while (world_stream_missing(st)) {
        assert_true(collect(b, 3, false) <= 3);
        frames++;
    }
    assert_int_equal(frames, (total + 2) / 3);
    check_window(a, b);
    sward_scene_destroy(b);
    sward_scene_destroy(a);
}

static void test_slow_pages(void **state)
{
    (void)state;
    slow_pages((world_jobs_config){.threads = 1});
}

/* The same through a host's one-thread job queue: its jobs run in the order handed out, each takes the best
 * page queued when it runs, and those of cancelled pages return at once. */
static void test_slow_pages_host(void **state)
{
    (void)state;
    fifo.stop = false;
    assert_int_equal(pthread_create(&fifo.thread, NULL, fifo_thread, NULL), 0);
    slow_pages((world_jobs_config){.run_job = fifo_run});
    pthread_mutex_lock(&fifo.lock);
    fifo.stop = true;
    pthread_cond_signal(&fifo.wake);
    pthread_mutex_unlock(&fifo.lock);
    pthread_join(fifo.thread, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inline),
        cmocka_unit_test(test_one_thread),
        cmocka_unit_test(test_four_threads),
        cmocka_unit_test(test_host_jobs),
        cmocka_unit_test(test_baked_four_threads),
        cmocka_unit_test(test_slow_pages),
        cmocka_unit_test(test_slow_pages_host),
        cmocka_unit_test(test_budget),
    };
    return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
