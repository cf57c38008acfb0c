/* tmp_util.h — a private temporary folder per unit-test program (set up and removed by the cmocka group
 * fixtures setup_tmp / teardown_tmp) and whole-file reads and writes in it. Define TMP_NAME (the folder's
 * prefix) before including. */
#ifndef SWARD_TMP_UTIL_H
#define SWARD_TMP_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char tmp_dir[256];

static inline int setup_tmp(void **state)
{
    (void)state;
    /* mkdtemp replaces the template's six trailing X with a unique name */
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/sward_test_%s_XXXXXX", TMP_NAME);
    return mkdtemp(tmp_dir) ? 0 : -1;
}

static inline int teardown_tmp(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_dir);
    return system(cmd) == 0 ? 0 : -1;
}

static inline void tmp_path(char *out, size_t cap, const char *name)
{
    snprintf(out, cap, "%s/%s", tmp_dir, name);
}

static inline void write_bytes(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    if (n) assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

static inline size_t read_bytes(const char *path, unsigned char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, cap, f);
    fclose(f);
    return n;
}

#endif
