/* world_file.c — the baked world folder (BX5; the format is docs/world-format.md): DIR/world.json, the
 * height pages DIR/heights.bin and the map pages DIR/maps.bin, written page by page at constant memory by
 * `sward bake world` (world_bake) and read page by page by the streamed terrain (stream.c).
 *
 * Both .bin files: a 32-byte header (magic 8 bytes, version u32, page u32, pages per side u32, the map's side
 * u32, 8 bytes zero), then pages^2 pages in row-major order (page (pi, pj) at header + (pj pages + pi) x page
 * bytes), every page page x page samples in row-major order, little-endian. Samples past the map's side repeat
 * its last row and column (heights) or are empty (maps: type 255, material 255, grass 0). */
#define _POSIX_C_SOURCE 200809L

#include "world/stream.h"

#include "core/core.h"
#include "world/scene_json.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char HF_MAGIC[8] = {'S', 'W', 'H', 'E', 'I', 'G', 'H', 'T'};
static const char MAP_MAGIC[8] = {'S', 'W', 'M', 'A', 'P', 'S', 0, 0};

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int k = 0; k < 4; k++)
        p[k] = (uint8_t)(v >> (8 * k));
}
static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}
static float bits_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static void join(char *out, size_t cap, const char *dir, const char *name)
{
    snprintf(out, cap, "%s%s%s", dir, dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/", name);
}

/* ---- world.json ------------------------------------------------------------------------------------------ */

sward_result world_file_read_info(const char *dir, world_file_info *info, sward_error *err)
{
    char path[WORLD_PATH_MAX + 16];
    join(path, sizeof path, dir, "world.json");
    memset(info, 0, sizeof *info);
    /* The folder first: "DIR: not a folder" says more than "DIR/world.json: Not a directory". */
    struct stat st;
    if (stat(dir, &st) != 0)
        return core_fail(err, SWARD_ERROR_IO, "%s: cannot read the world folder: %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return core_fail(err, SWARD_ERROR_IO,
                         "%s: cannot read the world folder: not a folder (a world is a folder written by `sward bake "
                         "world`)",
                         dir);
    char *text = NULL;
    size_t len = 0;
    sward_result r = core_read_file(path, 1u << 20, &text, &len, err);
    if (r != SWARD_OK) return r;
    sj_ctx c = {.name = path, .err = err};
    cJSON *root = sj_parse(&c, text, len);
    free(text);
    if (!root) return SWARD_ERROR_INVALID_INPUT;
    static const char *const known[] = {"format", "version",    "size",       "resolution", "map_resolution",
                                        "page",   "height_min", "height_max", "types",      "stamp"};
    char format[32] = "";
    int64_t version = 0, res = 0, map_res = 0, page = 0;
    const sj_range any = {-1e30, 1e30, false, false, 0.0};
    bool ok = SJ_CHECK_FIELDS(&c, root, "", known) && sj_string(&c, root, "", "format", format, sizeof format);
    if (ok && strcmp(format, WORLD_FILE_FORMAT) != 0)
        ok = sj_fail(&c, "format", "must be \"%s\", got \"%s\"", WORLD_FILE_FORMAT, format);
    ok = ok && sj_integer(&c, root, "", "version", (sj_range){1, 1e9, false, false, 0.0}, &version);
    if (ok && version != WORLD_FILE_VERSION)
        ok = sj_fail(&c, "version", "this sward reads version %d, got %lld", WORLD_FILE_VERSION, (long long)version);
    ok = ok &&
         sj_number(&c, root, "", "size", (sj_range){WORLD_TERRAIN_SIZE_MIN, WORLD_TERRAIN_SIZE_MAX, false, false, 0},
                   &info->size) &&
         sj_integer(&c, root, "", "resolution",
                    (sj_range){WORLD_RESOLUTION_MIN, WORLD_STREAM_RESOLUTION_MAX, false, false, 0}, &res) &&
         sj_integer(&c, root, "", "map_resolution", (sj_range){1, WORLD_STREAM_MAP_RES_MAX, false, false, 0},
                    &map_res) &&
         sj_integer(&c, root, "", "page", (sj_range){WORLD_PAGE_MIN, WORLD_PAGE_MAX, false, false, 0}, &page) &&
         sj_number(&c, root, "", "height_min", any, &info->height_min) &&
         sj_number(&c, root, "", "height_max", any, &info->height_max);
    if (ok) {
        const char *missing = info->size == 0.0f ? "size"
                              : !res             ? "resolution"
                              : !map_res         ? "map_resolution"
                              : !page            ? "page"
                                                 : NULL;
        if (missing) ok = sj_fail(&c, missing, "missing required field");
    }
    if (ok && page % 16 != 0) ok = sj_fail(&c, "page", "must be a multiple of 16, got %lld", (long long)page);
    if (ok && info->height_min > info->height_max)
        ok = sj_fail(&c, "height_min", "must be <= height_max, got %g and %g", (double)info->height_min,
                     (double)info->height_max);
    char stamp[32] = "";
    ok = ok && sj_string(&c, root, "", "stamp", stamp, sizeof stamp);
    if (ok && stamp[0]) {
        char *end = NULL;
        errno = 0;
        unsigned long long v = strtoull(stamp, &end, 16);
        if (strlen(stamp) != 16 || *end || errno || strspn(stamp, "0123456789abcdef") != 16)
            ok = sj_fail(&c, "stamp", "must be 16 lower-case hexadecimal digits, got \"%s\"", stamp);
        info->stamp = (uint64_t)v;
    }
    const cJSON *types = ok ? sj_member(root, "types") : NULL;
    if (ok && types && !cJSON_IsArray(types)) ok = sj_fail(&c, "types", "must be an array of names");
    if (ok && types) {
        int n = cJSON_GetArraySize(types);
        if (n > WORLD_MAX_MATERIALS) ok = sj_fail(&c, "types", "at most %d names, got %d", WORLD_MAX_MATERIALS, n);
        for (int k = 0; ok && k < n; k++) {
            const cJSON *v = cJSON_GetArrayItem(types, k);
            if (!cJSON_IsString(v) || strlen(v->valuestring) >= WORLD_NAME_MAX) {
                char p[32];
                snprintf(p, sizeof p, "types[%d]", k);
                ok = sj_fail(&c, p, "must be a name of at most %d bytes", WORLD_NAME_MAX - 1);
            } else
                snprintf(info->type_names[k], WORLD_NAME_MAX, "%s", v->valuestring);
        }
        info->type_count = n;
    }
    cJSON_Delete(root);
    info->version = (int)version;
    info->resolution = (int)res;
    info->map_res = (int)map_res;
    info->page = (int)page;
    return ok ? SWARD_OK : SWARD_ERROR_INVALID_INPUT;
}

/* ---- the page files --------------------------------------------------------------------------------------- */

static sward_result check_header(FILE *f, const char *path, const char magic[8], int page, int side, size_t page_bytes,
                                 uint64_t info_stamp, sward_error *err)
{
    uint8_t h[WORLD_FILE_HEADER_BYTES];
    if (fread(h, 1, sizeof h, f) != sizeof h)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: truncated: shorter than its %u-byte header", path,
                         WORLD_FILE_HEADER_BYTES);
    if (memcmp(h, magic, 8) != 0)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: bad magic: not a sward world page file", path);
    uint32_t version = get_u32(h + 8), fpage = get_u32(h + 12), pages = get_u32(h + 16), fside = get_u32(h + 20);
    if (version != WORLD_FILE_VERSION)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: version %u, this sward reads version %d", path, version,
                         WORLD_FILE_VERSION);
    const uint32_t want_pages = (uint32_t)world_pages(side, page);
    const uint64_t stamp = (uint64_t)get_u32(h + 24) | (uint64_t)get_u32(h + 28) << 32;
    if (fpage != (uint32_t)page || fside != (uint32_t)side || pages != want_pages)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                         "%s: size mismatch: %u pages of %u samples over %u, but world.json gives %u pages of %d "
                         "over %d",
                         path, pages, fpage, fside, want_pages, page, side);
    /* The files of one bake carry its stamp; a bake that was interrupted between its renames, or files
     * copied together from two bakes, must not be read as one world. */
    if (stamp != info_stamp)
        return core_fail(
            err, SWARD_ERROR_INVALID_INPUT,
            "%s: stamp %016" PRIx64 ", but world.json's is %016" PRIx64
            ": the files are from different bakes (an interrupted `sward bake world`?); bake the world again",
            path, stamp, info_stamp);
    if (fseek(f, 0, SEEK_END) != 0) return core_fail(err, SWARD_ERROR_IO, "%s: cannot seek: %s", path, strerror(errno));
    long end = ftell(f);
    const double want = (double)WORLD_FILE_HEADER_BYTES + (double)want_pages * want_pages * (double)page_bytes;
    if (end < 0 || (double)end < want)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: truncated: %ld bytes, its %u pages need %.0f", path, end,
                         want_pages * want_pages, want);
    if ((double)end > want)
        return core_fail(err, SWARD_ERROR_INVALID_INPUT, "%s: %ld bytes, %.0f more than its %u pages", path, end,
                         (double)end - want, want_pages * want_pages);
    return SWARD_OK;
}

sward_result world_file_open(const char *dir, const world_file_info *info, FILE **hf, FILE **mf, sward_error *err)
{
    char path[WORLD_PATH_MAX + 16];
    *hf = *mf = NULL;
    const char *names[2] = {"heights.bin", "maps.bin"};
    for (int k = 0; k < 2; k++) {
        join(path, sizeof path, dir, names[k]);
        /* Regular files only: a FIFO would block the open (and every read) for ever, a folder reads as empty. */
        sward_result r = SWARD_OK;
        FILE *f = core_open_regular(path, err, &r);
        if (!f) {
            if (*hf) fclose(*hf);
            *hf = NULL;
            return r;
        }
        r = k == 0 ? check_header(f, path, HF_MAGIC, info->page, info->resolution, world_hf_page_bytes(info->page),
                                  info->stamp, err)
                   : check_header(f, path, MAP_MAGIC, info->page, info->map_res, world_map_page_bytes(info->page),
                                  info->stamp, err);
        if (r != SWARD_OK) {
            fclose(f);
            if (*hf) fclose(*hf);
            *hf = NULL;
            return r;
        }
        *(k == 0 ? hf : mf) = f;
    }
    return SWARD_OK;
}

static sward_result read_page(FILE *f, const char *dir, const char *name, int pages, int pi, int pj, size_t bytes,
                              void *out, sward_error *err)
{
    const long at = (long)WORLD_FILE_HEADER_BYTES + ((long)pj * pages + pi) * (long)bytes;
    if (fseek(f, at, SEEK_SET) != 0 || fread(out, 1, bytes, f) != bytes)
        return core_fail(err, SWARD_ERROR_IO, "%s/%s: cannot read page (%d, %d)", dir, name, pi, pj);
    return SWARD_OK;
}

sward_result world_file_read_hf_page(FILE *f, const char *dir, const world_file_info *info, int pi, int pj, float *out,
                                     sward_error *err)
{
    const size_t n = (size_t)info->page * (size_t)info->page;
    sward_result r =
        read_page(f, dir, "heights.bin", world_pages(info->resolution, info->page), pi, pj, n * 4u, out, err);
    if (r != SWARD_OK) return r;
    const uint8_t *b = (const uint8_t *)out;
    for (size_t k = 0; k < n; k++)
        out[k] = bits_float(get_u32(b + 4 * k)); /* in place: same width */
    /* Every height is a number within world.json's range, which the renderer's bounds (and the
     * culling of tiles by them) trust. `!(v >= lo && v <= hi)` also catches NaN. */
    for (size_t k = 0; k < n; k++) {
        const float v = out[k];
        if (!(v >= info->height_min && v <= info->height_max)) {
            const int i = pi * info->page + (int)(k % (size_t)info->page),
                      j = pj * info->page + (int)(k / (size_t)info->page);
            if (isnan(v))
                return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                                 "%s/heights.bin: page (%d, %d): sample (%d, %d) is not a number (NaN)", dir, pi, pj, i,
                                 j);
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "%s/heights.bin: page (%d, %d): sample (%d, %d) is %g, outside world.json's height range "
                             "[%g, %g]",
                             dir, pi, pj, i, j, (double)v, (double)info->height_min, (double)info->height_max);
        }
    }
    return SWARD_OK;
}

sward_result world_file_read_map_page(FILE *f, const char *dir, const world_file_info *info, int pi, int pj,
                                      uint8_t *types, uint8_t *material, float *grass, sward_error *err)
{
    const size_t n = (size_t)info->page * (size_t)info->page;
    /* The page is types (n), material (n), grass u16 (2n); read into grass's floats (4n bytes), then unpack. */
    sward_result r = read_page(f, dir, "maps.bin", world_pages(info->map_res, info->page), pi, pj, n * 4u, grass, err);
    if (r != SWARD_OK) return r;
    const uint8_t *b = (const uint8_t *)grass;
    memcpy(types, b, n);
    memcpy(material, b + n, n);
    /* Forwards in place: float k (bytes 4k..4k+3) overwrites at most the u16s 2k-n and 2k-n+1 <= k, read by then. */
    for (size_t k = 0; k < n; k++) {
        uint32_t v = (uint32_t)b[2 * n + 2 * k] | (uint32_t)b[2 * n + 2 * k + 1] << 8;
        grass[k] = (float)v / 65535.0f;
    }
    for (size_t k = 0; k < n; k++)
        if (types[k] != SW_TYPE_NONE && types[k] >= WORLD_MAX_MATERIALS)
            return core_fail(err, SWARD_ERROR_INVALID_INPUT,
                             "%s/maps.bin: page (%d, %d): texel %zu has type %u (0 to %d; 255 = none)", dir, pi, pj, k,
                             types[k], WORLD_MAX_MATERIALS - 1);
    return SWARD_OK;
}

sward_result world_file_read_map_types(FILE *f, const char *dir, const world_file_info *info, int pi, int pj,
                                       uint8_t *types, sward_error *err)
{
    const int pages = world_pages(info->map_res, info->page);
    const size_t n = (size_t)info->page * (size_t)info->page;
    const long at = (long)WORLD_FILE_HEADER_BYTES + ((long)pj * pages + pi) * (long)world_map_page_bytes(info->page);
    if (fseek(f, at, SEEK_SET) != 0 || fread(types, 1, n, f) != n)
        return core_fail(err, SWARD_ERROR_IO, "%s/maps.bin: cannot read page (%d, %d)", dir, pi, pj);
    return SWARD_OK;
}

/* ---- writing (`sward bake world`) --------------------------------------------------------------------------- */

/* The bake's stamp is the FNV-1a hash of every page of both files, so that a bake of the same world writes the
 * same bytes and files of two different bakes do not pass for one world. */

static void header_bytes(uint8_t h[WORLD_FILE_HEADER_BYTES], const char magic[8], int page, int side, uint64_t stamp)
{
    memset(h, 0, WORLD_FILE_HEADER_BYTES);
    memcpy(h, magic, 8);
    put_u32(h + 8, WORLD_FILE_VERSION);
    put_u32(h + 12, (uint32_t)page);
    put_u32(h + 16, (uint32_t)world_pages(side, page));
    put_u32(h + 20, (uint32_t)side);
    put_u32(h + 24, (uint32_t)stamp);
    put_u32(h + 28, (uint32_t)(stamp >> 32));
}

static sward_result write_info(const sward_scene *s, core_atomic *a, int page, float lo, float hi, uint64_t stamp,
                               sward_error *err)
{
    const world_terrain *t = &s->terrain;
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "format", WORLD_FILE_FORMAT);
    cJSON_AddNumberToObject(root, "version", WORLD_FILE_VERSION);
    cJSON_AddNumberToObject(root, "size", (double)t->size);
    cJSON_AddNumberToObject(root, "resolution", t->resolution);
    cJSON_AddNumberToObject(root, "map_resolution", t->map_res);
    cJSON_AddNumberToObject(root, "page", page);
    cJSON_AddNumberToObject(root, "height_min", (double)lo);
    cJSON_AddNumberToObject(root, "height_max", (double)hi);
    char hex[20];
    snprintf(hex, sizeof hex, "%016" PRIx64, stamp);
    cJSON_AddStringToObject(root, "stamp", hex);
    cJSON *types = cJSON_AddArrayToObject(root, "types");
    for (int k = 0; k < s->material_count; k++)
        cJSON_AddItemToArray(types, cJSON_CreateString(s->materials[k].name));
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text) return core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "%s: out of memory", a->path);
    size_t len = strlen(text);
    text[len] = '\n'; /* cJSON_Print's terminator becomes the file's last newline */
    sward_result r = core_atomic_write(a, text, len + 1, err);
    free(text);
    return r;
}

/* Writes the pages of one file (heights: file 0, maps: 1) after a header whose stamp is filled in later. */
static sward_result write_pages(const sward_scene *s, core_atomic *a, int file, int page, float *values, uint8_t *bytes,
                                float *lo, float *hi, uint64_t *hash, sward_error *err)
{
    const world_terrain *t = &s->terrain;
    const size_t pp = (size_t)page * (size_t)page;
    const int side = file == 0 ? t->resolution : t->map_res, pages = world_pages(side, page);
    uint8_t h[WORLD_FILE_HEADER_BYTES];
    header_bytes(h, file == 0 ? HF_MAGIC : MAP_MAGIC, page, side, 0);
    sward_result r = core_atomic_write(a, h, sizeof h, err);
    for (int pj = 0; pj < pages && r == SWARD_OK; pj++)
        for (int pi = 0; pi < pages && r == SWARD_OK; pi++) {
            if (file == 0) {
                r = world_source_hf_page(s, page, pi, pj, values, err);
                for (size_t k = 0; r == SWARD_OK && k < pp; k++) {
                    if (pi * page + (int)(k % (size_t)page) < side && pj * page + (int)(k / (size_t)page) < side) {
                        *lo = fminf(*lo, values[k]);
                        *hi = fmaxf(*hi, values[k]);
                    }
                    put_u32(bytes + 4 * k, float_bits(values[k]));
                }
            } else {
                r = world_source_map_page(s, page, pi, pj, bytes, bytes + pp, values, err);
                for (size_t k = 0; r == SWARD_OK && k < pp; k++) {
                    float g = values[k] < 0.0f ? 0.0f : values[k] > 1.0f ? 1.0f : values[k];
                    uint32_t v = (uint32_t)lrintf(g * 65535.0f);
                    bytes[2 * pp + 2 * k] = (uint8_t)v;
                    bytes[2 * pp + 2 * k + 1] = (uint8_t)(v >> 8);
                }
            }
            if (r == SWARD_OK) {
                *hash = core_fnv1a64(*hash, bytes, pp * 4u);
                r = core_atomic_write(a, bytes, pp * 4u, err);
            }
        }
    return r;
}

/* The three files are written to temporary files beside them and replaced as one set once all are complete
 * (core_batch: a full disk, a failed rename or a signal leaves the folder's previous world as it was, and a
 * bake into the folder the scene streams from reads the old pages through its open files while it writes the
 * new ones). The stamp in the headers and world.json tells a reader if it ever sees the files of two bakes
 * together (a machine that stopped between the renames). */
sward_result world_bake(const sward_scene *s, const char *dir, int page, sward_error *err)
{
    const world_terrain *t = &s->terrain;
    if (t->stream && t->stream->from_disk) page = t->stream->page; /* its pages are read as they are */
    const size_t pp = (size_t)page * (size_t)page;
    float *values = malloc(pp * sizeof *values);
    uint8_t *bytes = malloc(pp * 4u);
    static const char *const names[3] = {"heights.bin", "maps.bin", "world.json"};
    core_batch set = {0};
    core_atomic *files[3] = {NULL, NULL, NULL};
    sward_result r = SWARD_OK;
    float lo = INFINITY, hi = -INFINITY;
    uint64_t stamp = CORE_FNV_OFFSET;
    if (!values || !bytes) r = core_fail(err, SWARD_ERROR_OUT_OF_MEMORY, "out of memory for a page");
    for (int k = 0; k < 3 && r == SWARD_OK; k++) {
        char path[WORLD_PATH_MAX + 16];
        join(path, sizeof path, dir, names[k]);
        r = core_batch_open(&set, path, &files[k], err);
    }
    for (int file = 0; file < 2 && r == SWARD_OK; file++)
        r = write_pages(s, files[file], file, page, values, bytes, &lo, &hi, &stamp, err);
    for (int file = 0; file < 2 && r == SWARD_OK; file++) {
        uint8_t h[WORLD_FILE_HEADER_BYTES];
        header_bytes(h, file == 0 ? HF_MAGIC : MAP_MAGIC, page, file == 0 ? t->resolution : t->map_res, stamp);
        r = core_atomic_write_at(files[file], 0, h, sizeof h, err);
    }
    if (r == SWARD_OK) r = write_info(s, files[2], page, lo, hi, stamp, err);
    if (r == SWARD_OK)
        r = core_batch_commit(&set, err);
    else
        core_batch_abort(&set);
    free(values);
    free(bytes);
    return r;
}
