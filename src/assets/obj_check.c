/* obj_check.c — an OBJ's size read from its lines before assimp imports it (docs/import.md "Limits"): assimp
 * makes a vertex per face corner and joins them afterwards, minutes for a file of millions of faces that the
 * import's limits refuse in the end anyway. One pass over the lines counts the positions (`v`) and the
 * triangles the faces (`f`, a polygon of n corners is n - 2 triangles) become; a tenth of a second for 80 MB. */
#define _XOPEN_SOURCE 700 /* POSIX 2008: getline */
#include "assets/parts.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\0';
}

sward_result assets_obj_precheck(const char *path, uint32_t max_vertices, sward_error *err)
{
    sward_result r = SWARD_OK;
    FILE *f = core_open_regular(path, err, &r);
    if (!f) return r;
    char *line = NULL;
    size_t cap = 0;
    uint64_t positions = 0, triangles = 0;
    while (getline(&line, &cap, f) >= 0) {
        const char *c = line;
        while (*c == ' ' || *c == '\t') c++;
        if (c[0] == 'v' && blank(c[1]) && c[1]) {
            positions++;
        } else if (c[0] == 'f' && blank(c[1]) && c[1]) {
            uint64_t corners = 0;
            for (c++; *c;) {
                while (*c && blank(*c)) c++;
                if (!*c) break;
                corners++;
                while (*c && !blank(*c)) c++;
            }
            triangles += corners >= 3u ? corners - 2u : 0u;
        }
    }
    free(line);
    fclose(f);
    if (positions > max_vertices)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: %llu vertices (its v lines), more than the limit of %u",
                         path, (unsigned long long)positions, max_vertices);
    if (triangles > 4ull * max_vertices)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: %llu triangles (its faces triangulated), more than the limit of %llu (4 per vertex allowed)",
                         path, (unsigned long long)triangles, 4ull * max_vertices);
    return SWARD_OK;
}
