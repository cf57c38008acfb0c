/* scene_check.c — the scene loader without a GPU, for tests/schema/test_schema.py: reads scenes from stdin, one
 * JSON document per line, loads each with sward_scene_load_string (relative paths against argv[1]) and prints one
 * line per scene: "ok", or "error <code> <message>" (the message's line breaks become spaces). */
#include "sward/sward.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *base_dir = argc > 1 ? argv[1] : NULL;
    size_t cap = 1 << 16;
    char *line = malloc(cap);
    if (!line) return 1;
    for (;;) {
        size_t len = 0;
        int ch;
        while ((ch = getchar()) != EOF && ch != '\n') {
            if (len + 1 >= cap) {
                char *bigger = realloc(line, cap * 2);
                if (!bigger) {
                    free(line);
                    return 1;
                }
                line = bigger;
                cap *= 2;
            }
            line[len++] = (char)ch;
        }
        if (ch == EOF && len == 0) break;
        line[len] = '\0';
        sward_scene *scene = NULL;
        sward_error err = { 0 };
        sward_result r = sward_scene_load_string(line, len, "scene", base_dir, &scene, &err);
        if (r == SWARD_OK) {
            printf("ok\n");
            sward_scene_destroy(scene);
        } else {
            for (char *c = err.message; *c; c++)
                if (*c == '\n') *c = ' ';
            printf("error %d %s\n", (int)r, err.message);
        }
        fflush(stdout);
        if (ch == EOF) break;
    }
    free(line);
    return 0;
}
