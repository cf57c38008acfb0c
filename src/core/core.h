/* core.h — errors, logging, files and images (module `core`): the layer everything else stands on. */
#ifndef SWARD_CORE_H
#define SWARD_CORE_H

#include "sward/sward.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Fills err (may be NULL) with code and a printf-formatted message; returns code. The message is made safe to
 * print (core_escape): text quoted from a file cannot carry a control character or invalid UTF-8 into it. */
sward_result core_fail(sward_error *err, sward_result code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

void core_log(const sward_logger *logger, sward_log_level level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Reads a whole regular file of at most max_bytes (exactly max_bytes is allowed) into a NUL-terminated
 * malloc'd buffer. A folder, FIFO or device is refused at once without blocking on it (SWARD_ERROR_IO).
 * Errors name the path. */
sward_result core_read_file(const char *path, size_t max_bytes, char **data, size_t *size, sward_error *err);

/* Opens a regular file for reading (blocking reads): a folder, FIFO, socket or device is refused at once
 * with SWARD_ERROR_IO ("cannot read: it is a folder", "cannot read: not a regular file"). NULL on failure,
 * with *r set and err filled. */
FILE *core_open_regular(const char *path, sward_error *err, sward_result *r);

/* Writes n bytes to path so that a failure leaves nothing behind: into a new temporary file in the same
 * folder, renamed over path once everything is written; on any failure the temporary file is removed and
 * an existing file at path is untouched. A path that exists and is not a regular file (a device such as
 * /dev/null or /dev/full, a FIFO) is written in place. Errors: SWARD_ERROR_IO with the system's reason,
 * "<path>: cannot write: No space left on device". */
sward_result core_write_file(const char *path, const void *data, size_t n, sward_error *err);

/* A file written in pieces that appears whole or not at all (what core_write_file does for one buffer; `sward
 * bake world` writes its pages this way, at constant memory): core_atomic_open creates a new temporary file in
 * path's folder, core_atomic_write appends, core_atomic_commit closes it and renames it over path (a symbolic
 * link's target is replaced, the link stays); core_atomic_abort removes it, leaving path as it was. A path
 * that is a folder, a device or a FIFO, or a file the user may not write, is refused (SWARD_ERROR_IO). Every
 * error names path: "<path>: cannot write: No space left on device". After a failed write or commit, call
 * core_atomic_abort (harmless twice). The renames run with SIGINT, SIGTERM and SIGHUP blocked (atomic.c). */
typedef struct core_atomic {
    int fd;
    char path[4096];     /* as given, for messages */
    char final[4096];    /* what the rename replaces */
    char tmp[4096 + 64]; /* the temporary file; "" once renamed or removed */
} core_atomic;
sward_result core_atomic_open(core_atomic *a, const char *path, sward_error *err);
sward_result core_atomic_write(core_atomic *a, const void *data, size_t n, sward_error *err);
/* Overwrites n bytes at offset of what was written (a header filled in once the rest is known). */
sward_result core_atomic_write_at(core_atomic *a, uint64_t offset, const void *data, size_t n, sward_error *err);
/* Closes the file (its data flushed to the file system, no fsync) without renaming it; commit does this too. */
sward_result core_atomic_close(core_atomic *a, sward_error *err);
sward_result core_atomic_commit(core_atomic *a, sward_error *err);
/* Closes n files and renames each over its target as one step: all of them or, when a rename fails, none
 * (the targets replaced before it are put back). The files stay open for core_atomic_abort on failure. */
sward_result core_atomic_commit_all(core_atomic *const *files, int n, sward_error *err);
void core_atomic_abort(core_atomic *a);

/* A set of files replaced as a whole (a bake's glTFs and images, a world): zero-initialise, write each file
 * through core_batch_write (a buffer) or core_batch_open (pieces; the file stays open until the commit), then
 * core_batch_commit (core_atomic_commit_all over the set) or core_batch_abort (every temporary removed). Both
 * free the set. */
typedef struct core_batch {
    core_atomic **files;
    int count, cap;
} core_batch;
sward_result core_batch_open(core_batch *b, const char *path, core_atomic **file, sward_error *err);
sward_result core_batch_write(core_batch *b, const char *path, const void *data, size_t n, sward_error *err);
sward_result core_batch_commit(core_batch *b, sward_error *err);
void core_batch_abort(core_batch *b);

/* Removes the temporary files of every core_atomic not yet committed or aborted; async-signal-safe. */
void core_atomic_remove_all(void);
/* For a handler of SIGINT, SIGTERM or SIGHUP (async-signal-safe): removes every temporary file and returns
 * true (the handler then ends the process), or, while a set of files is being renamed on another thread,
 * records sig and returns false (the handler returns; the committing thread raises sig again once the set is
 * in place, so that an interrupted command leaves the old output or the new one, whole). */
bool core_atomic_interrupt(int sig);
/* FNV-1a, 64 bits, continued from h (start with CORE_FNV_OFFSET): the stamps that tell the files of one bake
 * from another's. */
#define CORE_FNV_OFFSET 0xcbf29ce484222325ull
uint64_t core_fnv1a64(uint64_t h, const void *data, size_t n);
/* write(2) until n bytes are written; 0 or the errno. */
int core_write_all(int fd, const void *data, size_t n);

/* ---- text (text.c) ---- */

/* Length in bytes (1 to 4) of the well-formed UTF-8 character at s (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF), or 0 if the bytes there are not one. avail: bytes readable at s. */
size_t core_utf8_char(const char *s, size_t avail);

/* Copies at most max_in of the len bytes of `in` to out (cap bytes, NUL-terminated) as text that is safe to
 * print on a terminal: valid UTF-8 stays as it is, except C0 controls, DEL and C1 controls (U+0080 to
 * U+009F), which are written as the \xNN of their bytes, as is every byte that is not part of well-formed
 * UTF-8. A character is never split: the copy stops before one that would pass max_in or not fit in out.
 * Returns the number of bytes of `in` consumed (< min(len, max_in) when the copy was cut). */
size_t core_escape(char *out, size_t cap, const char *in, size_t len, size_t max_in);

/* A grey-scale PNG (8- or 16-bit) as floats in [0, 1]; colour images are refused, since a height map must
 * be grey. Sides larger than max_side are refused. Caller frees *values. */
sward_result core_png_read_gray(const char *path, uint32_t max_side, float **values, uint32_t *width,
                                uint32_t *height, sward_error *err);

/* RGBA8 pixels encoded as a PNG in memory (*png malloc'd, caller frees); path only names the image in errors. */
sward_result core_png_encode_rgba8(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                                   void **png, size_t *size, sward_error *err);
/* Writes RGBA8 pixels (core_png_encode_rgba8, then core_write_file). */
sward_result core_png_write_rgba8(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                                  sward_error *err);

/* Monotonic clock in milliseconds. */
double core_now_ms(void);
/* The calling thread's CPU time in ms (CLOCK_THREAD_CPUTIME_ID): what a frame cost the rendering thread. */
double core_thread_ms(void);

#endif
