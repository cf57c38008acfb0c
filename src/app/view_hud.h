/* view_hud.h — the viewer's heads-up display: lines of text (stb_easy_font's segment font, Debian libstb-dev)
 * drawn into the frame's RGBA8 pixels on the CPU, over a darkened panel, before the frame is presented. */
#ifndef SWARD_APP_VIEW_HUD_H
#define SWARD_APP_VIEW_HUD_H

#include <stddef.h>
#include <stdint.h>

#define VIEW_HUD_LINES 48
#define VIEW_HUD_LINE_CHARS 200

typedef struct view_hud {
    char text[VIEW_HUD_LINES][VIEW_HUD_LINE_CHARS];
    uint8_t color[VIEW_HUD_LINES][3];
    size_t count;
} view_hud;

/* Appends a line (printf-style; cut at VIEW_HUD_LINE_CHARS - 1 bytes, non-ASCII shown as '?'). */
void view_hud_line(view_hud *h, uint8_t r, uint8_t g, uint8_t b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* Draws the lines from the top-left corner, each font pixel `scale` x `scale` image pixels. */
void view_hud_draw(const view_hud *h, uint8_t *rgba, uint32_t width, uint32_t height, int scale);

#endif
