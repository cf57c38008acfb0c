/* sward_testing.h — experimental: for sward's own tests; may change without notice.
 *
 * Entry points that only sward's tests use, to compare what the GPU did with a CPU reference. They are in the
 * sward_testing library (src/testing/, CMake target sward_testing), which only the tests link: libsward.a and
 * libsward.so have none of them, and this header is not installed. The rest of the library's surface is
 * sward/sward.h (with its experimental section, sward_frame_debug) and sward/sward_vulkan.h. */
#ifndef SWARD_TESTING_H
#define SWARD_TESTING_H

#include "sward/sward.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Runs the placement and the camera view's culling (no occlusion test) and reads back the surviving blades
 * (PL7 records, 32 bytes each, see shaders/shared/sw_types.h) for testing against the CPU reference, tile by
 * tile in the frame's tile order, each tile's 15-vertex blades before its 7-vertex ones. `count` gets the
 * number of blades (also when it is more than capacity, which is then an error). */
sward_result sward_read_blades(sward_renderer *r, const sward_frame_desc *frame, void *blades, size_t capacity,
                               size_t *count, sward_error *err);

#ifdef __cplusplus
}
#endif

#endif
