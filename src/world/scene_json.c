/* scene_json.c — typed, path-aware reading of cJSON values (see scene_json.h; DESIGN "Errors": messages
 * name the file, the field and the problem; SPEC TL2). The parse step of the scene loader in the style of
 * cgltf: these readers check types and per-field ranges, scene_parse.c checks the rules across fields. */
#include "world/scene_json.h"

#include "core/core.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sj_join(char out[SJ_PATH_MAX], const char *parent, const char *key)
{
    if (!parent || !parent[0]) snprintf(out, SJ_PATH_MAX, "%s", key);
    else snprintf(out, SJ_PATH_MAX, "%s.%s", parent, key);
}

static bool vfail(const sj_ctx *c, sward_result code, const char *path, const char *fmt, va_list ap)
{
    char msg[768];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (c->fail_path) snprintf(c->fail_path, SJ_PATH_MAX, "%s", path ? path : "");
    if (c->fail_code) *c->fail_code = code;
    if (path && path[0]) core_fail(c->err, code, "%s: %s: %s", c->name, path, msg);
    else core_fail(c->err, code, "%s: %s", c->name, msg);
    return false;
}

bool sj_fail(const sj_ctx *c, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(c, SWARD_ERROR_INVALID_INPUT, path, fmt, ap);
    va_end(ap);
    return false;
}

bool sj_fail_code(const sj_ctx *c, sward_result code, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(c, code, path, fmt, ap);
    va_end(ap);
    return false;
}

const char *sj_type_name(const cJSON *v)
{
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsArray(v)) return "an array";
    if (cJSON_IsObject(v)) return "an object";
    if (cJSON_IsBool(v)) return "a boolean";
    if (cJSON_IsNull(v)) return "null";
    return "an invalid value";
}

/* Shortest decimal that reads back as v, so "got 170.0001" is never printed as "got 170". */
static void fmt_number(char out[32], double v)
{
    if (isinf(v)) {
        snprintf(out, 32, "%s", v > 0 ? "infinity" : "-infinity");
        return;
    }
    if (isnan(v)) {
        snprintf(out, 32, "NaN");
        return;
    }
    for (int prec = 6; prec <= 17; prec++) {
        snprintf(out, 32, "%.*g", prec, v);
        if (strtod(out, NULL) == v) return;
    }
}

bool sj_check_fields(const sj_ctx *c, const cJSON *obj, const char *path, const char *const *known, size_t n)
{
    /* Bounded work: n known keys (<= 32), and the scan stops at the first unknown key. */
    bool seen[32] = {false};
    char p[SJ_PATH_MAX];
    for (const cJSON *m = obj->child; m; m = m->next) {
        const char *key = m->string ? m->string : "";
        size_t k = 0;
        while (k < n && strcmp(known[k], key) != 0) k++;
        /* The key as it may be printed: "" when empty, at most 48 bytes cut between characters (never inside
         * a UTF-8 sequence), then "..."; control characters are escaped by core_fail. */
        char shown[64];
        if (!key[0]) memcpy(shown, "\"\"", 3);
        else {
            size_t len = strlen(key), cut = 0;
            while (cut < len) {
                size_t w = core_utf8_char(key + cut, len - cut);
                if (w == 0) w = 1; /* cannot happen: the scanner accepts only UTF-8 */
                if (cut + w > 48) break;
                cut += w;
            }
            memcpy(shown, key, cut);
            memcpy(shown + cut, cut < len ? "..." : "", cut < len ? 4 : 1);
        }
        sj_join(p, path, shown);
        if (k == n) return sj_fail(c, p, "unknown field");
        if (k < 32) {
            if (seen[k]) return sj_fail(c, p, "duplicate field");
            seen[k] = true;
        }
    }
    return true;
}

const cJSON *sj_member(const cJSON *obj, const char *key)
{
    return obj ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
}

bool sj_object(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, const cJSON **out)
{
    *out = NULL;
    const cJSON *v = sj_member(obj, key);
    if (!v) return true;
    if (!cJSON_IsObject(v)) {
        char p[SJ_PATH_MAX];
        sj_join(p, path, key);
        return sj_fail(c, p, "expected an object, got %s", sj_type_name(v));
    }
    *out = v;
    return true;
}

bool sj_check_range(const sj_ctx *c, const char *path, double v, sj_range r)
{
    char got[32], bound[32];
    fmt_number(got, v);
    if (!isfinite(v)) return sj_fail(c, path, "must be a finite number, got %s", got);
    if (r.lo_open ? !(v > r.lo) : !(v >= r.lo)) {
        fmt_number(bound, r.lo);
        return sj_fail(c, path, "must be %s %s, got %s", r.lo_open ? ">" : ">=", bound, got);
    }
    if (r.hi_open ? !(v < r.hi) : !(v <= r.hi)) {
        fmt_number(bound, r.hi);
        return sj_fail(c, path, "must be %s %s, got %s", r.hi_open ? "<" : "<=", bound, got);
    }
    double least = r.least > (double)FLT_MIN ? r.least : (double)FLT_MIN;
    if (r.lo_open && v < least) {
        fmt_number(bound, least);
        return sj_fail(c, path, "must be >= %s, got %s", bound, got);
    }
    return true;
}

bool sj_check_float(const sj_ctx *c, const char *path, float v, sj_range r)
{
    if (r.lo_open && r.least > 0.0 && v > (float)r.lo && v < (float)r.least) {
        char got[32], bound[32];
        fmt_number(got, (double)v);
        fmt_number(bound, r.least);
        return sj_fail(c, path, "must be >= %s, got %s", bound, got);
    }
    r.least = 0.0; /* a value >= (float)least passed above; a denormal float is still refused (FLT_MIN) */
    return sj_check_range(c, path, (double)v, r);
}

static bool read_number(const sj_ctx *c, const cJSON *v, const char *path, sj_range r, double *out)
{
    if (!cJSON_IsNumber(v)) return sj_fail(c, path, "expected a number, got %s", sj_type_name(v));
    if (!sj_check_range(c, path, v->valuedouble, r)) return false;
    *out = v->valuedouble;
    return true;
}

bool sj_number(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, sj_range r, float *out)
{
    const cJSON *v = sj_member(obj, key);
    if (!v) return true;
    char p[SJ_PATH_MAX];
    sj_join(p, path, key);
    double d = 0.0;
    if (!read_number(c, v, p, r, &d)) return false;
    float f = (float)d;
    if (!isfinite(f)) return sj_fail(c, p, "out of the range of a float");
    *out = f;
    return true;
}

bool sj_numbers(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, int n, sj_range r,
                float *out)
{
    const cJSON *v = sj_member(obj, key);
    if (!v) return true;
    char p[SJ_PATH_MAX];
    sj_join(p, path, key);
    if (!cJSON_IsArray(v)) return sj_fail(c, p, "expected an array of %d numbers, got %s", n, sj_type_name(v));
    int count = 0;
    for (const cJSON *e = v->child; e; e = e->next) count++;
    if (count != n) return sj_fail(c, p, "expected %d numbers, got %d", n, count);
    float tmp[8];
    int i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++) {
        char pe[SJ_PATH_MAX + 16];
        snprintf(pe, sizeof pe, "%s[%d]", p, i);
        double d = 0.0;
        if (!read_number(c, e, pe, r, &d)) return false;
        tmp[i] = (float)d;
        if (!isfinite(tmp[i])) return sj_fail(c, pe, "out of the range of a float");
    }
    memcpy(out, tmp, (size_t)n * sizeof *out);
    return true;
}

bool sj_direction(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, int n, sj_range r,
                  float *out)
{
    float tmp[8];
    memcpy(tmp, out, (size_t)n * sizeof *out);
    if (!sj_numbers(c, obj, path, key, n, r, tmp)) return false;
    const cJSON *v = sj_member(obj, key);
    if (!v) return true;
    bool zero = true, given_zero = true;
    for (int i = 0; i < n; i++) zero = zero && tmp[i] == 0.0f;
    for (const cJSON *e = v->child; e; e = e->next) given_zero = given_zero && e->valuedouble == 0.0;
    if (zero) {
        char p[SJ_PATH_MAX];
        sj_join(p, path, key);
        if (given_zero) return sj_fail(c, p, "must not be zero");
        char list[8 * 34] = "";
        size_t used = 0;
        for (const cJSON *e = v->child; e; e = e->next) {
            char num[32];
            fmt_number(num, e->valuedouble);
            int k = snprintf(list + used, sizeof list - used, "%s%s", used ? ", " : "", num);
            if (k > 0) used += (size_t)k;
        }
        return sj_fail(c, p,
                       "must not be zero: [%s] is zero once stored as floats (a component must be 0 or at least "
                       "1.4e-45 in size)",
                       list);
    }
    memcpy(out, tmp, (size_t)n * sizeof *out);
    return true;
}

bool sj_integer(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, sj_range r, int64_t *out)
{
    const cJSON *v = sj_member(obj, key);
    if (!v) return true;
    char p[SJ_PATH_MAX];
    sj_join(p, path, key);
    if (!cJSON_IsNumber(v)) return sj_fail(c, p, "expected an integer, got %s", sj_type_name(v));
    double d = v->valuedouble;
    char got[32];
    fmt_number(got, d);
    if (!isfinite(d)) return sj_fail(c, p, "must be a finite number, got %s", got);
    if (d != floor(d)) return sj_fail(c, p, "must be an integer, got %s", got);
    if (!sj_check_range(c, p, d, r)) return false;
    *out = (int64_t)d;
    return true;
}

bool sj_bool(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, bool *out)
{
    const cJSON *v = sj_member(obj, key);
    if (!v) return true;
    if (!cJSON_IsBool(v)) {
        char p[SJ_PATH_MAX];
        sj_join(p, path, key);
        return sj_fail(c, p, "expected true or false, got %s", sj_type_name(v));
    }
    *out = cJSON_IsTrue(v);
    return true;
}

bool sj_string(const sj_ctx *c, const cJSON *obj, const char *path, const char *key, char *out, size_t cap)
{
    const cJSON *v = sj_member(obj, key);
    if (!v) return true;
    char p[SJ_PATH_MAX];
    sj_join(p, path, key);
    if (!cJSON_IsString(v) || !v->valuestring) return sj_fail(c, p, "expected a string, got %s", sj_type_name(v));
    size_t len = strlen(v->valuestring);
    if (len == 0) return sj_fail(c, p, "must not be empty");
    if (len >= cap) return sj_fail(c, p, "must be at most %zu bytes long, got %zu", cap - 1, len);
    memcpy(out, v->valuestring, len + 1);
    return true;
}

/* ---- syntax: a strict RFC 8259 scanner that finds the first bad byte ----------------------------------
 * cJSON's error offsets are sometimes one byte late and it accepts a few non-JSON forms (01, 1.), so the
 * text is scanned first; cJSON then builds the tree of text known to be valid. */

#define SJ_MAX_DEPTH 512 /* below cJSON's CJSON_NESTING_LIMIT */

typedef struct sj_scan {
    const char *s;
    size_t len, pos;
    const char *what; /* the expectation that failed */
    bool at_start;    /* report the error at `start` instead of pos (unterminated string) */
    size_t start;
} sj_scan;

static bool scan_value(sj_scan *k, int depth);
static bool scan_number_body(sj_scan *k);

static void scan_ws(sj_scan *k)
{
    while (k->pos < k->len &&
           (k->s[k->pos] == ' ' || k->s[k->pos] == '\t' || k->s[k->pos] == '\n' || k->s[k->pos] == '\r'))
        k->pos++;
}

static bool scan_fail(sj_scan *k, const char *what)
{
    k->what = what;
    return false;
}

static int scan_peek(const sj_scan *k)
{
    return k->pos < k->len ? (unsigned char)k->s[k->pos] : -1;
}

static bool is_digit(int ch)
{
    return ch >= '0' && ch <= '9';
}

static bool is_hex(int ch)
{
    return is_digit(ch) || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
}

static bool scan_hex4(sj_scan *k, unsigned *u)
{
    *u = 0;
    for (int i = 0; i < 4; i++, k->pos++) {
        int ch = scan_peek(k);
        if (!is_hex(ch)) return scan_fail(k, "expected 4 hex digits after \\u");
        *u = *u * 16u + (unsigned)(is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10);
    }
    return true;
}

/* One UTF-8 sequence starting at pos (a byte >= 0x80): well-formed (RFC 3629, core_utf8_char: no overlong
 * forms, no surrogates, nothing above U+10FFFF). Strings end up in messages, so they must be valid text. */
static bool scan_utf8(sj_scan *k)
{
    size_t n = core_utf8_char(k->s + k->pos, k->len - k->pos);
    if (n == 0) return scan_fail(k, "invalid UTF-8 in a string (the file must be UTF-8)");
    k->pos += n;
    return true;
}

static bool scan_string(sj_scan *k)
{
    size_t open = k->pos++;
    for (;;) {
        int ch = scan_peek(k);
        if (ch < 0) {
            k->at_start = true;
            k->start = open;
            return scan_fail(k, "unterminated string");
        }
        if (ch == '"') {
            k->pos++;
            return true;
        }
        if (ch < 0x20) return scan_fail(k, "control character in a string (write \\n, \\t, ...)");
        if (ch >= 0x80) {
            if (!scan_utf8(k)) return false;
            continue;
        }
        if (ch == '\\') {
            k->pos++;
            int e = scan_peek(k);
            if (e == 'u') {
                k->pos++;
                unsigned u;
                if (!scan_hex4(k, &u)) return false;
                /* cJSON would end the string at a NUL and silently drop the rest. */
                if (u == 0) {
                    k->pos -= 6;
                    return scan_fail(k, "\\u0000 (a NUL character) is not allowed in a string");
                }
                /* UTF-16 surrogates must come in pairs (cJSON refuses lone ones). */
                if (u >= 0xdc00u && u <= 0xdfffu) return scan_fail(k, "lone low surrogate in a \\u escape");
                if (u >= 0xd800u && u <= 0xdbffu) {
                    if (k->len - k->pos < 2 || k->s[k->pos] != '\\' || k->s[k->pos + 1] != 'u')
                        return scan_fail(k, "expected a \\u low surrogate after a high one");
                    k->pos += 2;
                    if (!scan_hex4(k, &u)) return false;
                    if (u < 0xdc00u || u > 0xdfffu)
                        return scan_fail(k, "expected a \\u low surrogate after a high one");
                }
                continue;
            }
            if (e < 0 || !strchr("\"\\/bfnrt", e)) return scan_fail(k, "invalid escape in a string");
        }
        k->pos++;
    }
}

static bool scan_number(sj_scan *k)
{
    size_t start = k->pos;
    if (!scan_number_body(k)) return false;
    if (k->pos - start > 63) {
        /* cJSON reads at most 63 characters of a number. */
        k->at_start = true;
        k->start = start;
        return scan_fail(k, "number longer than 63 characters");
    }
    return true;
}

static bool scan_number_body(sj_scan *k)
{
    if (scan_peek(k) == '-') k->pos++;
    if (scan_peek(k) == '0') {
        k->pos++;
        if (is_digit(scan_peek(k))) return scan_fail(k, "a number must not have leading zeros");
    } else if (is_digit(scan_peek(k))) {
        while (is_digit(scan_peek(k))) k->pos++;
    } else {
        return scan_fail(k, "expected a digit");
    }
    if (scan_peek(k) == '.') {
        k->pos++;
        if (!is_digit(scan_peek(k))) return scan_fail(k, "expected a digit after '.'");
        while (is_digit(scan_peek(k))) k->pos++;
    }
    if (scan_peek(k) == 'e' || scan_peek(k) == 'E') {
        k->pos++;
        if (scan_peek(k) == '+' || scan_peek(k) == '-') k->pos++;
        if (!is_digit(scan_peek(k))) return scan_fail(k, "expected a digit in the exponent");
        while (is_digit(scan_peek(k))) k->pos++;
    }
    return true;
}

static bool scan_word(sj_scan *k, const char *w)
{
    size_t n = strlen(w);
    if (k->len - k->pos < n || memcmp(k->s + k->pos, w, n) != 0)
        return scan_fail(k, "expected a value (an object, array, string, number, true, false or null)");
    k->pos += n;
    return true;
}

static bool scan_container(sj_scan *k, int depth, bool object)
{
    const char close = object ? '}' : ']';
    if (depth >= SJ_MAX_DEPTH) return scan_fail(k, "nested too deeply");
    k->pos++;
    scan_ws(k);
    if (scan_peek(k) == close) {
        k->pos++;
        return true;
    }
    for (;;) {
        if (object) {
            if (scan_peek(k) != '"') return scan_fail(k, "expected a field name in double quotes");
            if (!scan_string(k)) return false;
            scan_ws(k);
            if (scan_peek(k) != ':') return scan_fail(k, "expected ':' after the field name");
            k->pos++;
        }
        if (!scan_value(k, depth + 1)) return false;
        int ch = scan_peek(k);
        if (ch == close) {
            k->pos++;
            return true;
        }
        if (ch != ',') return scan_fail(k, object ? "expected ',' or '}'" : "expected ',' or ']'");
        k->pos++;
        scan_ws(k);
    }
}

/* A value and the white space around it. */
static bool scan_value(sj_scan *k, int depth)
{
    scan_ws(k);
    int ch = scan_peek(k);
    bool ok;
    if (ch == '{') ok = scan_container(k, depth, true);
    else if (ch == '[') ok = scan_container(k, depth, false);
    else if (ch == '"') ok = scan_string(k);
    else if (ch == '-' || is_digit(ch)) ok = scan_number(k);
    else if (ch == 't') ok = scan_word(k, "true");
    else if (ch == 'f') ok = scan_word(k, "false");
    else if (ch == 'n') ok = scan_word(k, "null");
    else ok = scan_fail(k, "expected a value (an object, array, string, number, true, false or null)");
    if (!ok) return false;
    scan_ws(k);
    return true;
}

static void syntax_error(const sj_ctx *c, const char *text, size_t len, size_t pos, const char *what)
{
    int line = 1, col = 1;
    for (size_t i = 0; i < pos && i < len; i++) {
        if (text[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    if (pos >= len) {
        core_fail(c->err, SWARD_ERROR_INVALID_INPUT, "%s:%d:%d: JSON syntax error: %s, found the end of the file",
                  c->name, line, col, what);
        if (c->err) {
            c->err->line = (uint32_t)line;
            c->err->column = (uint32_t)col;
        }
        return;
    }
    /* A short excerpt of what was found there: up to 16 bytes of the line, cut between characters; control
     * characters and bytes that are not UTF-8 as \xNN (core_escape). */
    size_t line_end = pos;
    while (line_end < len && text[line_end] != '\n' && text[line_end] != '\r') line_end++;
    char near[80];
    core_escape(near, sizeof near, text + pos, line_end - pos, 16);
    core_fail(c->err, SWARD_ERROR_INVALID_INPUT, "%s:%d:%d: JSON syntax error: %s, found '%s'", c->name, line, col,
              what, near);
    if (c->err) {
        c->err->line = (uint32_t)line;
        c->err->column = (uint32_t)col;
    }
}

cJSON *sj_parse(const sj_ctx *c, const char *text, size_t len)
{
    sj_scan k = {.s = text, .len = len};
    /* A UTF-8 byte order mark, as some editors write, is skipped (RFC 8259 8.1 allows a parser to). Line
     * and column numbers still count from the file's first byte. */
    size_t bom = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    k.pos = bom;
    if (!scan_value(&k, 0)) {
        syntax_error(c, text, len, k.at_start ? k.start : k.pos, k.what);
        return NULL;
    }
    if (k.pos < len) {
        syntax_error(c, text, len, k.pos, "expected the end of the file after the value");
        return NULL;
    }
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text + bom, len - bom, &end, false);
    if (!root) {
        /* Valid JSON that cJSON still refused (out of memory, or a form the scanner does not know). */
        size_t pos = end && end >= text && (size_t)(end - text) <= len ? (size_t)(end - text) : 0;
        syntax_error(c, text, len, pos, "not accepted by the JSON parser");
        return NULL;
    }
    return root;
}
