/* fuzz_scene.c — libFuzzer harness for the scene parser and validator (src/world/scene_load.c,
 * scene_json.c): any bytes must give SWARD_OK or an error with a message that is printable text (valid
 * UTF-8, no control characters), never a crash, a leak or unbounded work. The load runs under a
 * small work budget (sward_scene_budget), so that no input costs more than a few milliseconds. Height-map
 * paths resolve against a folder that does not exist, so image reads fail quickly with SWARD_ERROR_IO.
 * Build: see tests/fuzz/CMakeLists.txt. */
#include "sward/sward.h"

#include "core/core.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A NUL-terminated copy: the loader takes a length, but a terminator catches reads past it as well. */
    char *text = malloc(size + 1);
    if (!text) return 0;
    if (size) memcpy(text, data, size);
    text[size] = '\0';
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_scene *scene = NULL;
    const sward_scene_budget budget = {.work = 200000, .memory_bytes = 256u << 20};
    sward_result r =
        sward_scene_load_string_budget(text, size, "fuzz.json", "/nonexistent-sward-fuzz", &budget, &scene, &err);
    if (r == SWARD_OK) {
        if (!scene) abort();
        sward_render_settings rs = sward_scene_render_settings(scene);
        if (rs.width == 0 || rs.height == 0) abort();
    } else if (scene || err.message[0] == '\0' || err.code != r) {
        abort(); /* every failure has a code and a message, and returns no scene */
    } else {
        size_t len = strlen(err.message);
        for (size_t i = 0; i < len;) { /* the message is safe to print */
            size_t n = core_utf8_char(err.message + i, len - i);
            if (n == 0 || (unsigned char)err.message[i] < 0x20 || err.message[i] == 0x7f) abort();
            i += n;
        }
    }
    sward_scene_destroy(scene);
    free(text);
    return 0;
}
