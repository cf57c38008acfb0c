/* Video output of `sward render --video` (video.c): RGBA8 frames piped to the ffmpeg program, which encodes
 * them into a temporary file beside the output, renamed over it once ffmpeg has finished successfully. */
#ifndef SWARD_APP_VIDEO_H
#define SWARD_APP_VIDEO_H
#include <stdbool.h>
#include <stdint.h>

typedef struct app_video app_video;

/* Everything that can be checked before rendering: the extension (.mp4, .mov, .mkv), an even width and
 * height (H.264 in yuv420p), ffmpeg on PATH, the path not a folder. 0, or prints the problem and returns the
 * exit status (APP_EXIT_USAGE for the flag, SWARD_ERROR_IO for a missing ffmpeg or an unusable path). */
int app_video_check(const char *path, uint32_t width, uint32_t height);

/* Starts ffmpeg writing `path` (checked by app_video_check) from width x height RGBA8 frames at fps. */
int app_video_open(app_video **out, const char *path, uint32_t width, uint32_t height, double fps);
/* One frame (width * height * 4 bytes, rows top to bottom). 0, or prints ffmpeg's failure, frees v (the
 * temporary file removed) and returns SWARD_ERROR_IO. */
int app_video_frame(app_video *v, const uint8_t *rgba);
/* Ends the stream, waits for ffmpeg and renames the file into place; frees v in every case. 0 or an exit
 * status (ffmpeg failed: its status and the end of its messages are printed). */
int app_video_finish(app_video *v);
/* Stops ffmpeg and removes the temporary file; frees v (NULL is fine). */
void app_video_abort(app_video *v);

#endif
