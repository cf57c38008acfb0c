/* view_hud.c — the viewer's HUD text (view_hud.h). stb_easy_font turns text into axis-aligned quads; they are
 * filled straight into the pixels. */
#include "view_hud.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include <stb/stb_easy_font.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#define HUD_LINE_PX 12 /* font pixels from one line to the next */
#define HUD_MARGIN 6

void view_hud_line(view_hud *h, uint8_t r, uint8_t g, uint8_t b, const char *fmt, ...)
{
    if (h->count >= VIEW_HUD_LINES) return;
    char *t = h->text[h->count];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t, VIEW_HUD_LINE_CHARS, fmt, ap);
    va_end(ap);
    for (char *p = t; *p; p++)
        if ((unsigned char)*p < 32 || (unsigned char)*p > 126) *p = '?'; /* the font has ASCII only */
    h->color[h->count][0] = r;
    h->color[h->count][1] = g;
    h->color[h->count][2] = b;
    h->count++;
}

/* Fills [x0, x1) x [y0, y1) (clipped) with a colour, or darkens it (dark = true). */
static void fill(uint8_t *rgba, uint32_t width, uint32_t height, long x0, long y0, long x1, long y1,
                 const uint8_t c[3], int dark)
{
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > (long)width) x1 = (long)width;
    if (y1 > (long)height) y1 = (long)height;
    for (long y = y0; y < y1; y++) {
        uint8_t *p = rgba + ((size_t)y * width + (size_t)x0) * 4;
        for (long x = x0; x < x1; x++, p += 4) {
            if (dark) {
                p[0] = (uint8_t)(p[0] * 3 / 10);
                p[1] = (uint8_t)(p[1] * 3 / 10);
                p[2] = (uint8_t)(p[2] * 3 / 10);
            } else {
                p[0] = c[0];
                p[1] = c[1];
                p[2] = c[2];
            }
        }
    }
}

void view_hud_draw(const view_hud *h, uint8_t *rgba, uint32_t width, uint32_t height, int scale)
{
    static float quads[VIEW_HUD_LINE_CHARS * 70 * 4 * 4]; /* stb_easy_font's worst case: ~270 bytes a char */
    for (size_t i = 0; i < h->count; i++) {
        char *text = (char *)h->text[i];
        if (!text[0]) continue;
        long y = HUD_MARGIN + (long)i * HUD_LINE_PX * scale;
        long w = (long)stb_easy_font_width(text) * scale;
        fill(rgba, width, height, HUD_MARGIN - 3, y - 2, HUD_MARGIN + w + 3, y + HUD_LINE_PX * scale, h->color[i], 1);
        int n = stb_easy_font_print(0.0f, 0.0f, text, NULL, quads, (int)sizeof quads);
        for (int q = 0; q < n; q++) {
            const float *v = quads + q * 16; /* 4 vertices of x, y, z, colour */
            float qx0 = v[0], qy0 = v[1], qx1 = v[0], qy1 = v[1];
            for (int k = 1; k < 4; k++) {
                const float *u = v + k * 4;
                if (u[0] < qx0) qx0 = u[0];
                if (u[0] > qx1) qx1 = u[0];
                if (u[1] < qy0) qy0 = u[1];
                if (u[1] > qy1) qy1 = u[1];
            }
            fill(rgba, width, height, HUD_MARGIN + (long)qx0 * scale, y + (long)qy0 * scale,
                 HUD_MARGIN + (long)qx1 * scale, y + (long)qy1 * scale, h->color[i], 0);
        }
    }
}
