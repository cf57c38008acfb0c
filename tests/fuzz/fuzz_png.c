/* fuzz_png.c — libFuzzer harness for the PNG height-map reader (core_png_read_gray in src/core/png.c):
 * any bytes must give SWARD_OK with max_side-bounded values or an error with a message, never a crash, a
 * leak or an allocation beyond what max_side allows. The input goes through a temporary file, since the
 * reader takes a path. Build: see tests/fuzz/CMakeLists.txt. */
#define _POSIX_C_SOURCE 200809L
#include "core/core.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FUZZ_MAX_SIDE 64u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path[0]) snprintf(path, sizeof path, "/tmp/sward_fuzz_png_%ld.png", (long)getpid());
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (size && fwrite(data, 1, size, f) != size) abort();
    if (fclose(f) != 0) abort();

    float *values = NULL;
    uint32_t w = 0, h = 0;
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_result r = core_png_read_gray(path, FUZZ_MAX_SIDE, &values, &w, &h, &err);
    unlink(path);
    if (r == SWARD_OK) {
        if (!values || w == 0 || h == 0 || w > FUZZ_MAX_SIDE || h > FUZZ_MAX_SIDE) abort();
        for (size_t k = 0; k < (size_t)w * h; k++)
            if (!(values[k] >= 0.0f && values[k] <= 1.0f)) abort();
    } else if (values || err.message[0] == '\0' || err.code != r) {
        abort();
    }
    free(values);
    return 0;
}
