/* retire.c — deferred destruction: a buffer or image replaced while earlier frames may still read it (a
 * list that grew, a target that was resized) is kept until the frame that retired it is known to be done,
 * so growing never waits for the device in the middle of recording (DESIGN "frames in flight"). */
#include "gpu/gpu.h"

#include <stdlib.h>
#include <string.h>

static bool grow(void **items, uint32_t *cap, uint32_t need, size_t size)
{
    if (need <= *cap) return true;
    uint32_t n = *cap ? *cap * 2 : 8;
    while (n < need) n *= 2;
    void *p = realloc(*items, n * size);
    if (!p) return false;
    *items = p;
    *cap = n;
    return true;
}

void gpu_retire_buffer(gpu_device *dev, gpu_retired *list, gpu_buffer *b)
{
    if (!b->buffer) return;
    if (!grow((void **)&list->buffers, &list->buffer_cap, list->buffer_count + 1, sizeof *list->buffers)) {
        vkDeviceWaitIdle(dev->device); /* out of host memory: correctness first */
        gpu_buffer_destroy(dev, b);
        return;
    }
    list->buffers[list->buffer_count++] = *b;
    memset(b, 0, sizeof *b);
}

void gpu_retire_image(gpu_device *dev, gpu_retired *list, gpu_image *img)
{
    if (!img->image) return;
    if (!grow((void **)&list->images, &list->image_cap, list->image_count + 1, sizeof *list->images)) {
        vkDeviceWaitIdle(dev->device);
        gpu_image_destroy(dev, img);
        return;
    }
    list->images[list->image_count++] = *img;
    memset(img, 0, sizeof *img);
}

void gpu_retired_flush(gpu_device *dev, gpu_retired *list)
{
    for (uint32_t i = 0; i < list->buffer_count; i++) gpu_buffer_destroy(dev, &list->buffers[i]);
    for (uint32_t i = 0; i < list->image_count; i++) gpu_image_destroy(dev, &list->images[i]);
    list->buffer_count = list->image_count = 0;
}

void gpu_retired_free(gpu_device *dev, gpu_retired *list)
{
    gpu_retired_flush(dev, list);
    free(list->buffers);
    free(list->images);
    memset(list, 0, sizeof *list);
}
