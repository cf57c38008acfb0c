/* overrides.c — "PATH=VALUE" overrides of a scene's JSON before it is validated (`sward render --set`;
 * sward_scene_load_overrides in sward.h; docs/scene-format.md "Overrides").
 *
 * PATH is spelled like the loader's messages: keys joined by '.', array elements as [N] ("sun.elevation",
 * "render.features.shadows", "grass[0].density"). VALUE is JSON (a number, true, false, an array, an object,
 * a quoted string); anything else is taken as a bare string; null removes the field (as in a JSON Merge
 * Patch, RFC 7396), e.g. sun.direction=null before giving sun.elevation and sun.azimuth. The override is applied to the parsed
 * tree, creating missing objects along the path, and the scene is then validated as usual, so a bad value
 * gets the loader's own message for that field. */
#include "world/overrides.h"

#include "core/core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One step of a path: a key, or an index when key is NULL. */
typedef struct ov_step {
    const char *key;
    size_t key_len;
    long index;
} ov_step;

#define OV_MAX_STEPS 32

typedef struct ov_path {
    ov_step steps[OV_MAX_STEPS];
    int count;
    size_t path_len; /* bytes of PATH (before '=') */
} ov_path;

/* Parses "PATH=VALUE" up to the '='; false with `why` filled when the text is not one. */
static bool parse_path(const char *text, ov_path *p, char *why, size_t why_cap)
{
    const char *eq = strchr(text, '=');
    if (!eq) {
        snprintf(why, why_cap, "expected PATH=VALUE (e.g. sun.elevation=10), found no '='");
        return false;
    }
    p->path_len = (size_t)(eq - text);
    p->count = 0;
    if (p->path_len == 0) {
        snprintf(why, why_cap, "empty PATH before '='");
        return false;
    }
    const char *s = text;
    for (;;) {
        /* A key: up to '.', '[' or '='. */
        size_t n = strcspn(s, ".[]=");
        if (n == 0) {
            if (*s == '[') snprintf(why, why_cap, "an index must follow a field name, at '%.*s'", (int)(eq - s), s);
            else snprintf(why, why_cap, "empty field name in the PATH '%.*s'", (int)p->path_len, text);
            return false;
        }
        if (n >= SJ_PATH_MAX) {
            snprintf(why, why_cap, "a field name in the PATH is longer than %d bytes", SJ_PATH_MAX - 1);
            return false;
        }
        if (p->count == OV_MAX_STEPS) {
            snprintf(why, why_cap, "PATH has more than %d parts", OV_MAX_STEPS);
            return false;
        }
        p->steps[p->count++] = (ov_step){.key = s, .key_len = n, .index = -1};
        s += n;
        while (*s == '[') {
            s++;
            long v = 0;
            size_t digits = 0;
            while (*s >= '0' && *s <= '9') {
                if (v > 100000000L) {
                    snprintf(why, why_cap, "index too large in the PATH '%.*s'", (int)p->path_len, text);
                    return false;
                }
                v = v * 10 + (*s - '0');
                s++;
                digits++;
            }
            if (digits == 0 || *s != ']') {
                snprintf(why, why_cap, "expected [N] with N a non-negative integer in the PATH '%.*s'",
                         (int)p->path_len, text);
                return false;
            }
            s++;
            if (p->count == OV_MAX_STEPS) {
                snprintf(why, why_cap, "PATH has more than %d parts", OV_MAX_STEPS);
                return false;
            }
            p->steps[p->count++] = (ov_step){.key = NULL, .key_len = 0, .index = v};
        }
        if (*s == '=') return true;
        if (*s != '.') {
            snprintf(why, why_cap, "unexpected '%c' in the PATH '%.*s'", *s, (int)p->path_len, text);
            return false;
        }
        s++;
    }
}

/* Copies up to max bytes of s (n bytes) escaped, with "…" when cut. */
static size_t show_part(char *out, size_t cap, const char *s, size_t n, size_t max)
{
    size_t used = core_escape(out, cap, s, n, max);
    size_t w = strlen(out);
    if (used < n && w + 4 <= cap) memcpy(out + w, "\xe2\x80\xa6", 4); /* U+2026 and the NUL */
    return strlen(out);
}

void world_override_show(const char *text, char *out, size_t cap)
{
    const size_t n = strlen(text), path = world_override_path_len(text);
    size_t w = show_part(out, cap, text, path, WORLD_OVERRIDE_SHOW_PATH);
    if (path < n && w + 2 < cap) {
        out[w++] = '=';
        out[w] = '\0';
        show_part(out + w, cap - w, text + path + 1, n - path - 1, WORLD_OVERRIDE_SHOW_VALUE);
    }
}

bool world_override_check(const char *text, char *why, size_t why_cap)
{
    ov_path p;
    return parse_path(text, &p, why, why_cap);
}

size_t world_override_path_len(const char *text)
{
    const char *eq = strchr(text, '=');
    return eq ? (size_t)(eq - text) : strlen(text);
}

/* The value of an override: strict JSON, or else a bare string. Text that starts like an array, an object
 * or a string must be JSON. */
static cJSON *parse_value(const sj_ctx *c, const char *text, const char *value)
{
    sward_error quiet = {0};
    sj_ctx q = {.name = "VALUE", .err = &quiet};
    size_t len = strlen(value);
    cJSON *v = len ? sj_parse(&q, value, len) : NULL;
    if (v) return v;
    if (value[0] == '[' || value[0] == '{' || value[0] == '"') {
        core_fail(c->err, SWARD_ERROR_INVALID_INPUT, "%s: override '%s': %s", c->name, text, quiet.message);
        return NULL;
    }
    v = cJSON_CreateString(value);
    if (!v) core_fail(c->err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", c->name);
    return v;
}

static const char *kind_of(const cJSON *v)
{
    return sj_type_name(v);
}

bool world_apply_override(const sj_ctx *c, cJSON *root, const char *raw)
{
    ov_path p;
    char why[256];
    char text[WORLD_OVERRIDE_SHOWN]; /* for messages: a long value is cut, so the reason after it stays whole */
    world_override_show(raw, text, sizeof text);
    if (!parse_path(raw, &p, why, sizeof why)) {
        core_fail(c->err, SWARD_ERROR_INVALID_INPUT, "%s: override '%s': %s", c->name, text, why);
        return false;
    }
    if (!cJSON_IsObject(root)) {
        core_fail(c->err, SWARD_ERROR_INVALID_INPUT, "%s: override '%s': the scene is %s, not an object", c->name,
                  text, kind_of(root));
        return false;
    }
    cJSON *value = parse_value(c, text, raw + p.path_len + 1);
    if (!value) return false;
    cJSON *cur = root;
    for (int i = 0; i < p.count; i++) {
        const ov_step *st = &p.steps[i];
        bool last = i == p.count - 1;
        /* The path of the steps before this one, for messages. */
        char node[SJ_PATH_MAX];
        if (i == 0) snprintf(node, sizeof node, "the scene");
        else {
            size_t used = 0;
            node[0] = '\0';
            for (int k = 0; k < i && used < sizeof node; k++) {
                int w = p.steps[k].key ? snprintf(node + used, sizeof node - used, "%s%.*s", k ? "." : "",
                                                  (int)p.steps[k].key_len, p.steps[k].key)
                                       : snprintf(node + used, sizeof node - used, "[%ld]", p.steps[k].index);
                if (w < 0) break;
                used += (size_t)w;
            }
        }
        if (st->key) {
            if (!cJSON_IsObject(cur)) {
                core_fail(c->err, SWARD_ERROR_INVALID_INPUT, "%s: override '%s': %s is %s, not an object", c->name,
                          text, node, kind_of(cur));
                cJSON_Delete(value);
                return false;
            }
            char key[SJ_PATH_MAX];
            snprintf(key, sizeof key, "%.*s", (int)st->key_len, st->key);
            cJSON *next = cJSON_GetObjectItemCaseSensitive(cur, key);
            if (last) {
                if (cJSON_IsNull(value)) { /* null removes the field, as in a JSON Merge Patch (RFC 7396) */
                    if (next) cJSON_Delete(cJSON_DetachItemViaPointer(cur, next));
                    cJSON_Delete(value);
                } else if (next) cJSON_ReplaceItemInObjectCaseSensitive(cur, key, value); /* keeps the key */
                else cJSON_AddItemToObject(cur, key, value);
                return true;
            }
            if (!next) {
                if (!p.steps[i + 1].key) {
                    core_fail(c->err, SWARD_ERROR_INVALID_INPUT,
                              "%s: override '%s': %s has no field '%s' to index (only objects are created)",
                              c->name, text, node, key);
                    cJSON_Delete(value);
                    return false;
                }
                next = cJSON_CreateObject();
                if (!next) {
                    cJSON_Delete(value);
                    core_fail(c->err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", c->name);
                    return false;
                }
                cJSON_AddItemToObject(cur, key, next);
            }
            cur = next;
        } else {
            if (!cJSON_IsArray(cur)) {
                core_fail(c->err, SWARD_ERROR_INVALID_INPUT, "%s: override '%s': %s is %s, not an array", c->name,
                          text, node, kind_of(cur));
                cJSON_Delete(value);
                return false;
            }
            long n = (long)cJSON_GetArraySize(cur);
            if (st->index > n) {
                core_fail(c->err, SWARD_ERROR_INVALID_INPUT,
                          "%s: override '%s': index %ld is past the end of %s (%ld elements; index %ld appends one)",
                          c->name, text, st->index, node, n, n);
                cJSON_Delete(value);
                return false;
            }
            cJSON *next = st->index < n ? cJSON_GetArrayItem(cur, (int)st->index) : NULL;
            if (last) {
                if (cJSON_IsNull(value)) {
                    if (next) cJSON_Delete(cJSON_DetachItemViaPointer(cur, next));
                    cJSON_Delete(value);
                } else if (next) cJSON_ReplaceItemViaPointer(cur, next, value);
                else cJSON_AddItemToArray(cur, value);
                return true;
            }
            if (!next) {
                if (!p.steps[i + 1].key) {
                    core_fail(c->err, SWARD_ERROR_INVALID_INPUT,
                              "%s: override '%s': %s[%ld] does not exist (only objects are created)", c->name, text,
                              node, st->index);
                    cJSON_Delete(value);
                    return false;
                }
                next = cJSON_CreateObject();
                if (!next) {
                    cJSON_Delete(value);
                    core_fail(c->err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", c->name);
                    return false;
                }
                cJSON_AddItemToArray(cur, next);
            }
            cur = next;
        }
    }
    cJSON_Delete(value);
    return true; /* not reached: the last step returns */
}

bool world_override_matches(const char *text, const char *field)
{
    size_t n = world_override_path_len(text), m = strlen(field);
    size_t k = n < m ? n : m;
    if (strncmp(text, field, k) != 0) return false;
    if (n == m) return true;
    char next = n < m ? field[k] : text[k];
    return next == '.' || next == '[';
}
