/* fuzz_import.c — libFuzzer harness for mesh import (asset_import in src/assets/import.c, docs/import.md):
 * any bytes must give SWARD_OK with a sane mesh (indices in range, finite positions and normals, counts within
 * the limit) or an error with a message naming the file, never a crash. The input goes through a temporary
 * file, since the importer takes a path; its extension follows the content (binary glTF magic: .glb; JSON:
 * .gltf; anything else: .obj), so tests/data/meshes is a seed corpus as it is. A .gltf finds a 4 KiB buffer of
 * zeros named plant.bin beside it (the fixtures' buffer name). assimp is not instrumented, and it leaks on
 * malformed files: run with LSAN_OPTIONS=suppressions=tests/lsan_assimp.supp. Build: tests/fuzz/CMakeLists.txt. */
#define _POSIX_C_SOURCE 200809L
#include "assets/assets.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FUZZ_MAX_VERTICES 65536u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];

static void write_file(const char *path, const void *bytes, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (n && fwrite(bytes, 1, n, f) != n) abort();
    if (fclose(f) != 0) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[128];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/sward_fuzz_import_%ld", (long)getpid());
        if (mkdir(dir, 0700) != 0) abort();
        static const unsigned char zeros[4096];
        snprintf(path, sizeof path, "%s/plant.bin", dir);
        write_file(path, zeros, sizeof zeros);
    }
    size_t skip = 0;
    while (skip < size && (data[skip] == ' ' || data[skip] == '\n' || data[skip] == '\r' || data[skip] == '\t')) skip++;
    const char *ext = size >= 4 && memcmp(data, "glTF", 4) == 0 ? "glb" : skip < size && data[skip] == '{' ? "gltf" : "obj";
    snprintf(path, sizeof path, "%s/fuzz.%s", dir, ext);
    write_file(path, data, size);

    asset_mesh m;
    sward_error err;
    memset(&err, 0, sizeof err);
    sward_result r = asset_import(path, &(asset_import_desc){.max_vertices = FUZZ_MAX_VERTICES}, &m, &err);
    unlink(path);
    if (r == SWARD_OK) {
        if (!m.vertices || m.vertex_count == 0 || m.vertex_count > FUZZ_MAX_VERTICES || m.index_count % 3) abort();
        for (uint32_t i = 0; i < m.index_count; i++)
            if (m.indices[i] >= m.vertex_count) abort();
        for (uint32_t i = 0; i < m.vertex_count; i++)
            for (int k = 0; k < 3; k++)
                if (!isfinite(m.vertices[i].pos[k]) || !isfinite(m.vertices[i].normal[k])) abort();
        free(m.vertices);
        free(m.indices);
    } else if (m.vertices || err.message[0] == '\0' || err.code != r || !strstr(err.message, "fuzz.")) {
        abort();
    }
    return 0;
}
