/* timing.c — GPU timestamps: two per timed pass, read back after the frame's fence (TL3). The frame names the
 * pairs (src/render/graph.c); this file only counts ticks. */
#include "gpu/gpu.h"

#include <string.h>

sward_result gpu_timer_create(gpu_device *dev, gpu_timer *t, uint32_t stamps, const char *name, sward_error *err)
{
    memset(t, 0, sizeof *t);
    t->count = stamps < GPU_MAX_TIMESTAMPS ? stamps : GPU_MAX_TIMESTAMPS;
    t->period_ns = (double)dev->props.limits.timestampPeriod;
    t->supported = dev->props.limits.timestampComputeAndGraphics && t->period_ns > 0.0;
    if (!t->supported) return SWARD_OK;
    VkQueryPoolCreateInfo qi = {
        .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
        .queryType = VK_QUERY_TYPE_TIMESTAMP,
        .queryCount = t->count,
    };
    GPU_TRY(vkCreateQueryPool(dev->device, &qi, NULL, &t->pool));
    gpu_name(dev, VK_OBJECT_TYPE_QUERY_POOL, (uint64_t)t->pool, name);
    uint32_t bits = 64; /* timestampValidBits of the queue family; differences are masked to it */
    uint32_t qn = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &qn, NULL);
    VkQueueFamilyProperties fams[32];
    if (qn > 32) qn = 32;
    vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &qn, fams);
    if (dev->queue_family < qn && fams[dev->queue_family].timestampValidBits)
        bits = fams[dev->queue_family].timestampValidBits;
    t->mask = bits >= 64 ? ~0ull : ((1ull << bits) - 1ull);
    return SWARD_OK;
}

void gpu_timer_destroy(gpu_device *dev, gpu_timer *t)
{
    if (t->pool) vkDestroyQueryPool(dev->device, t->pool, NULL);
    memset(t, 0, sizeof *t);
}

void gpu_timer_reset(VkCommandBuffer cmd, gpu_timer *t)
{
    if (t->supported) vkCmdResetQueryPool(cmd, t->pool, 0, t->count);
}

void gpu_timer_mark(VkCommandBuffer cmd, gpu_timer *t, uint32_t index, VkPipelineStageFlags2 stage)
{
    if (t->supported && index < t->count) vkCmdWriteTimestamp2(cmd, stage, t->pool, index);
}

sward_result gpu_timer_read(gpu_device *dev, gpu_timer *t, uint64_t written, double *ms, uint32_t pairs,
                            sward_error *err)
{
    for (uint32_t p = 0; p < pairs; p++) {
        ms[p] = 0.0;
        if (!t->supported || !(written & (1ull << p)) || 2 * p + 1 >= t->count) continue;
        uint64_t stamps[2];
        GPU_TRY(vkGetQueryPoolResults(dev->device, t->pool, 2 * p, 2, sizeof stamps, stamps, sizeof(uint64_t),
                                      VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
        ms[p] = (double)((stamps[1] - stamps[0]) & t->mask) * t->period_ns * 1e-6;
    }
    return SWARD_OK;
}

/* ---- pipeline statistics: fragment shader invocations of spans of commands (SH1's overdraw) ---- */

sward_result gpu_stats_create(gpu_device *dev, gpu_stats *q, const char *name, sward_error *err)
{
    memset(q, 0, sizeof *q);
    q->supported = dev->features.pipelineStatisticsQuery;
    if (!q->supported) return SWARD_OK;
    /* one pool per span: lavapipe (Mesa 22.3) crashed with two statistics queries of one pool in a frame */
    VkQueryPoolCreateInfo qi = {
        .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
        .queryType = VK_QUERY_TYPE_PIPELINE_STATISTICS,
        .queryCount = 1,
        .pipelineStatistics = VK_QUERY_PIPELINE_STATISTIC_FRAGMENT_SHADER_INVOCATIONS_BIT,
    };
    for (uint32_t i = 0; i < GPU_STATS_SPANS; i++) {
        GPU_TRY(vkCreateQueryPool(dev->device, &qi, NULL, &q->pool[i]));
        gpu_name(dev, VK_OBJECT_TYPE_QUERY_POOL, (uint64_t)q->pool[i], name);
    }
    return SWARD_OK;
}

void gpu_stats_destroy(gpu_device *dev, gpu_stats *q)
{
    for (uint32_t i = 0; i < GPU_STATS_SPANS; i++)
        if (q->pool[i]) vkDestroyQueryPool(dev->device, q->pool[i], NULL);
    memset(q, 0, sizeof *q);
}

void gpu_stats_reset(VkCommandBuffer cmd, gpu_stats *q)
{
    for (uint32_t i = 0; q->supported && i < GPU_STATS_SPANS; i++) vkCmdResetQueryPool(cmd, q->pool[i], 0, 1);
    q->ended = 0;
    q->active = -1;
}

void gpu_stats_begin(VkCommandBuffer cmd, gpu_stats *q, uint32_t span)
{
    if (!q->supported || span >= GPU_STATS_SPANS || q->active >= 0 || (q->ended & (1u << span))) return;
    vkCmdBeginQuery(cmd, q->pool[span], 0, 0);
    q->active = (int)span;
}

void gpu_stats_end(VkCommandBuffer cmd, gpu_stats *q)
{
    if (!q->supported || q->active < 0) return;
    vkCmdEndQuery(cmd, q->pool[q->active], 0);
    q->ended |= 1u << q->active;
    q->active = -1;
}

sward_result gpu_stats_read(gpu_device *dev, gpu_stats *q, uint64_t *fragments, bool *valid, sward_error *err)
{
    *fragments = 0;
    *valid = q->supported && q->ended;
    for (uint32_t span = 0; *valid && span < GPU_STATS_SPANS; span++) {
        if (!(q->ended & (1u << span))) continue;
        uint64_t n = 0;
        GPU_TRY(vkGetQueryPoolResults(dev->device, q->pool[span], 0, 1, sizeof n, &n, sizeof n,
                                      VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
        *fragments += n;
    }
    return SWARD_OK;
}
