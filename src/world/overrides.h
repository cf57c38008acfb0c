/* overrides.h — "PATH=VALUE" overrides applied to a scene's JSON before validation (module `world`,
 * overrides.c; sward_scene_load_overrides). */
#ifndef SWARD_WORLD_OVERRIDES_H
#define SWARD_WORLD_OVERRIDES_H

#include "world/scene_json.h"

#include <stdbool.h>
#include <stddef.h>

/* Whether text is "PATH=VALUE" with a well-formed PATH (keys joined by '.', [N] indexes); else false with a
 * one-line reason in why. Does not look at any scene. */
bool world_override_check(const char *text, char *why, size_t why_cap);
/* Applies one override to root, creating missing objects along the path (an index may append one element:
 * grass[N] with N the array's length). Errors (SWARD_ERROR_INVALID_INPUT) read
 * `<scene>: override '<text>': <problem>`. */
bool world_apply_override(const sj_ctx *c, cJSON *root, const char *text);
/* The override as messages quote it: escaped (core_escape), PATH cut after WORLD_OVERRIDE_SHOW_PATH
 * bytes and VALUE after WORLD_OVERRIDE_SHOW_VALUE, each cut marked "…", so that a 100 KB value cannot push the
 * reason out of the message. out: WORLD_OVERRIDE_SHOWN bytes suffice. */
#define WORLD_OVERRIDE_SHOW_PATH 100
#define WORLD_OVERRIDE_SHOW_VALUE 60
#define WORLD_OVERRIDE_SHOWN (4 * (WORLD_OVERRIDE_SHOW_PATH + WORLD_OVERRIDE_SHOW_VALUE) + 16)
void world_override_show(const char *text, char *out, size_t cap);
/* Bytes of PATH in "PATH=VALUE" (all of text without '='). */
size_t world_override_path_len(const char *text);
/* Whether the override's PATH is the field path, or one contains the other at a '.' or '[' boundary. */
bool world_override_matches(const char *text, const char *field);

#endif
