/* stream_test_util.h — the check shared by the streaming tests (test_world_stream.c, test_page_jobs.c). Include
 * after cmocka.h and world/world.h. */
#ifndef SWARD_STREAM_TEST_UTIL_H
#define SWARD_STREAM_TEST_UTIL_H

/* Every sample of both windows equals the resident scene's; presence is the resident's in the window and clear
 * outside it. */
static inline void check_window(const sward_scene *a, const sward_scene *b)
{
    const world_terrain *ta = &a->terrain, *tb = &b->terrain;
    const int res = ta->resolution, mres = ta->map_res;
    for (int j = tb->hf_j0; j < tb->hf_j0 + tb->hf_ring && j < res; j++)
        for (int i = tb->hf_i0; i < tb->hf_i0 + tb->hf_ring && i < res; i++)
            if (world_height_at(tb, i, j) != ta->heights[(size_t)j * (size_t)res + (size_t)i]) {
                print_error("height (%d, %d) differs, window at (%d, %d)\n", i, j, tb->hf_i0, tb->hf_j0);
                fail();
            }
    for (int j = tb->map_j0; j < tb->map_j0 + tb->map_ring && j < mres; j++)
        for (int i = tb->map_i0; i < tb->map_i0 + tb->map_ring && i < mres; i++) {
            const size_t k = (size_t)j * (size_t)mres + (size_t)i;
            assert_int_equal(world_type_at(tb, i, j), ta->types[k]);
            assert_true(world_grass_height_at(tb, i, j) == ta->grass_height[k]);
        }
    const int pr = ta->presence_res, C = WORLD_PRESENCE_TEXELS;
    for (int cj = 0; cj < pr; cj++)
        for (int ci = 0; ci < pr; ci++) {
            const bool in = ci * C >= tb->map_i0 && ci * C < tb->map_i0 + tb->map_ring && cj * C >= tb->map_j0 &&
                            cj * C < tb->map_j0 + tb->map_ring;
            assert_int_equal(tb->type_presence[cj * pr + ci], in ? ta->type_presence[cj * pr + ci] : 0);
        }
}

#endif
