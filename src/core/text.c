/* text.c — UTF-8 and printable text for messages (a scene string holding an escape sequence must
 * not reach the terminal raw through an error message; RFC 3629 for what well-formed UTF-8 is). */
#include "core/core.h"

#include <stdio.h>
#include <string.h>

size_t core_utf8_char(const char *s, size_t avail)
{
    const unsigned char *p = (const unsigned char *)s;
    if (avail == 0) return 0;
    unsigned c = p[0];
    if (c < 0x80) return 1;
    size_t n;
    unsigned lo = 0x80, hi = 0xbf; /* range of the second byte */
    if (c >= 0xc2 && c <= 0xdf)
        n = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        if (c == 0xe0) lo = 0xa0; /* overlong */
        if (c == 0xed) hi = 0x9f; /* surrogates */
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        if (c == 0xf0) lo = 0x90; /* overlong */
        if (c == 0xf4) hi = 0x8f; /* above U+10FFFF */
    } else {
        return 0;
    }
    if (avail < n || p[1] < lo || p[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf) return 0;
    return n;
}

size_t core_escape(char *out, size_t cap, const char *in, size_t len, size_t max_in)
{
    size_t o = 0, i = 0;
    if (cap == 0) return 0;
    while (i < len && i < max_in) {
        const unsigned char *p = (const unsigned char *)in + i;
        size_t n = core_utf8_char(in + i, len - i);
        /* Bytes of the input this step consumes, and whether they are written as \xNN. */
        bool escape = n == 0 || p[0] < 0x20 || p[0] == 0x7f || (n == 2 && p[0] == 0xc2 && p[1] < 0xa0);
        size_t take = n == 0 ? 1 : n;
        if (i + take > max_in) break; /* never part of a character */
        size_t need = escape ? 4 * take : take;
        if (o + need + 1 > cap) break;
        if (escape) {
            for (size_t k = 0; k < take; k++) {
                snprintf(out + o, 5, "\\x%02x", (unsigned)p[k]);
                o += 4;
            }
        } else {
            memcpy(out + o, p, take);
            o += take;
        }
        i += take;
    }
    out[o] = '\0';
    return i;
}
