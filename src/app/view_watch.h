/* view_watch.h — the viewer's hot reload: the files a scene was read from (sward_scene_file), looked at by
 * their modification time, size and existence. */
#ifndef SWARD_APP_VIEW_WATCH_H
#define SWARD_APP_VIEW_WATCH_H

#include <sward/sward.h>

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#define VIEW_WATCH_MAX 64
#define VIEW_WATCH_PATH 4096

typedef struct view_watched {
    char path[VIEW_WATCH_PATH];
    bool exists;
    struct timespec mtime;
    long long size;
} view_watched;

typedef struct view_watch {
    view_watched files[VIEW_WATCH_MAX];
    size_t count;
} view_watch;

/* Watches scene_path (NULL: none) and the files `scene` was read from (NULL: none), after a load. A file watched
 * before keeps the state seen before the load (a change made while the scene was loading is still a change); a
 * new one is looked at now. verbose: each is named on stderr. */
void view_watch_set(view_watch *w, const char *scene_path, const sward_scene *scene, bool verbose);
/* True when a watched file changed since it was last looked at (its time, size or existence); the change is
 * taken in. */
bool view_watch_changed(view_watch *w);

#endif
