/* json_locate.c — where a field of a scene is in its text (sward_error.line and .column): follows a field path
 * as the loader's messages spell it (keys joined by '.', array elements as [N]) through the JSON text, without
 * building a tree. The text has been parsed once already (sj_parse), so it is well-formed where this looks. */
#include "world/world.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct loc_scan {
    const char *s;
    size_t len, pos;
} loc_scan;

static void skip_ws(loc_scan *k)
{
    while (k->pos < k->len && strchr(" \t\r\n", k->s[k->pos]) && k->s[k->pos]) k->pos++;
}

/* Past a string starting at pos (on its '"'). */
static void skip_string(loc_scan *k)
{
    k->pos++;
    while (k->pos < k->len && k->s[k->pos] != '"') k->pos += k->s[k->pos] == '\\' ? 2 : 1;
    if (k->pos < k->len) k->pos++;
}

/* Past the value starting at pos; a bounded depth (the loader's limit is lower). */
static void skip_value(loc_scan *k, int depth)
{
    skip_ws(k);
    if (k->pos >= k->len) return;
    char c = k->s[k->pos];
    if (c == '"') {
        skip_string(k);
    } else if ((c == '{' || c == '[') && depth < 256) {
        char close = c == '{' ? '}' : ']';
        k->pos++;
        for (;;) {
            skip_ws(k);
            if (k->pos >= k->len) return;
            if (k->s[k->pos] == close) {
                k->pos++;
                return;
            }
            if (k->s[k->pos] == ',') {
                k->pos++;
                continue;
            }
            if (c == '{') { /* key ':' */
                skip_string(k);
                skip_ws(k);
                if (k->pos < k->len && k->s[k->pos] == ':') k->pos++;
            }
            size_t before = k->pos;
            skip_value(k, depth + 1);
            if (k->pos == before) k->pos++; /* never stall on malformed text */
        }
    } else {
        while (k->pos < k->len && !strchr(",]} \t\r\n", k->s[k->pos])) k->pos++;
    }
}

/* In the object at pos, the value of key [key, key + n); true with pos on it. */
static bool enter_key(loc_scan *k, const char *key, size_t n)
{
    skip_ws(k);
    if (k->pos >= k->len || k->s[k->pos] != '{') return false;
    k->pos++;
    for (;;) {
        skip_ws(k);
        if (k->pos >= k->len || k->s[k->pos] != '"') return false;
        size_t start = k->pos + 1;
        skip_string(k);
        size_t end = k->pos - 1;
        skip_ws(k);
        if (k->pos >= k->len || k->s[k->pos] != ':') return false;
        k->pos++;
        skip_ws(k);
        if (end - start == n && memcmp(k->s + start, key, n) == 0) return true;
        skip_value(k, 0);
        skip_ws(k);
        if (k->pos >= k->len || k->s[k->pos] != ',') return false;
        k->pos++;
    }
}

/* In the array at pos, element `index`; true with pos on it. */
static bool enter_index(loc_scan *k, unsigned long index)
{
    skip_ws(k);
    if (k->pos >= k->len || k->s[k->pos] != '[') return false;
    k->pos++;
    for (unsigned long i = 0;; i++) {
        skip_ws(k);
        if (k->pos >= k->len || k->s[k->pos] == ']') return false;
        if (i == index) return true;
        skip_value(k, 0);
        skip_ws(k);
        if (k->pos >= k->len || k->s[k->pos] != ',') return false;
        k->pos++;
    }
}

bool world_json_locate(const char *text, size_t len, const char *path, uint32_t *line, uint32_t *column)
{
    *line = *column = 0;
    if (!text || !path) return false;
    loc_scan k = {.s = text, .len = len};
    skip_ws(&k);
    if (k.pos >= len) return false;
    size_t found = k.pos; /* the deepest value of the path's prefixes */
    const char *p = path;
    while (*p) {
        bool ok;
        if (*p == '[') {
            char *end = NULL;
            unsigned long index = strtoul(p + 1, &end, 10);
            if (!end || *end != ']') break;
            ok = enter_index(&k, index);
            p = end + 1;
        } else {
            if (*p == '.') p++;
            size_t n = strcspn(p, ".[");
            ok = n > 0 && enter_key(&k, p, n);
            p += n;
        }
        if (!ok) break;
        found = k.pos;
    }
    uint32_t l = 1, c = 1;
    for (size_t i = 0; i < found; i++) {
        if (text[i] == '\n') {
            l++;
            c = 1;
        } else {
            c++; /* columns count bytes, as the syntax errors' do (docs/scene-format.md) */
        }
    }
    *line = l;
    *column = c;
    return true;
}
