/* view_watch.c — the viewer's watched files (view_watch.h). */
#define _POSIX_C_SOURCE 200809L

#include "view_watch.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* The file's state now (path kept). */
static view_watched look(const view_watched *f)
{
    view_watched now = *f;
    struct stat st;
    now.exists = stat(f->path, &st) == 0;
    now.mtime = now.exists ? st.st_mtim : (struct timespec){0};
    now.size = now.exists ? (long long)st.st_size : -1;
    return now;
}

static bool same(const view_watched *a, const view_watched *b)
{
    return a->exists == b->exists && a->mtime.tv_sec == b->mtime.tv_sec && a->mtime.tv_nsec == b->mtime.tv_nsec &&
           a->size == b->size;
}

void view_watch_set(view_watch *w, const char *scene_path, const sward_scene *scene, bool verbose)
{
    static view_watch old;
    old = *w;
    w->count = 0;
    if (scene_path) snprintf(w->files[w->count++].path, VIEW_WATCH_PATH, "%s", scene_path);
    for (size_t i = 0; scene && w->count < VIEW_WATCH_MAX; i++) {
        const char *p = sward_scene_file(scene, i);
        if (!p) break;
        if (scene_path && i == 0) continue; /* the scene file itself, already watched */
        snprintf(w->files[w->count++].path, VIEW_WATCH_PATH, "%s", p);
    }
    for (size_t i = 0; i < w->count; i++) {
        view_watched *f = &w->files[i];
        size_t j = 0;
        while (j < old.count && strcmp(old.files[j].path, f->path) != 0) j++;
        *f = j < old.count ? old.files[j] : look(f);
        if (verbose) fprintf(stderr, "sward view: watching %s\n", f->path);
    }
}

bool view_watch_changed(view_watch *w)
{
    bool changed = false;
    for (size_t i = 0; i < w->count; i++) {
        view_watched now = look(&w->files[i]);
        if (same(&now, &w->files[i])) continue;
        w->files[i] = now;
        changed = true;
    }
    return changed;
}
