/* history.h — what earlier frames left for this one (module `render`): the TAA history (SH8), the adapted
 * exposure (PO4), the camera's Hi-Z pyramid of the last frame (SC3) and what the kept shadow map holds (LS2).
 * Lifetime: from frame to frame. plan.c reads them at the frame's start and at the view to decide (a TAA reset,
 * two culling phases, a kept shadow map); history.c writes what each frame keeps, after everything that reads the
 * last frame's values (render_history_keep, setup stage 5; the TAA history after the taa pass, render_taa_keep).
 * Besides, the standalone frame's warm-up marks the TAA history incomplete or spent (frame.c, standalone.c).
 * Their GPU halves are resources (RES_TAA_HISTORY, RES_EXPOSURE, RES_HIZ_HISTORY, RES_SHADOW). */
#ifndef SWARD_RENDER_HISTORY_H
#define SWARD_RENDER_HISTORY_H

#include "render/pass.h"

#define RENDER_TAA_CUT_M 2.0f   /* an eye that moved more than this since the history's frame is a camera cut */

/* SC3: what the camera's pyramid copied at the end of the last frame's culling (RES_HIZ_HISTORY) was
 * made from: the next frame's first culling phase of the assets reads it through its view_proj. */
typedef struct render_hiz_history {
    bool valid;             /* the last frame kept its pyramid (its assets occluded) */
    uint32_t width, height; /* its render size */
    float eye[3];           /* its eye (a cut: RENDER_TAA_CUT_M) */
    float view_proj[16];    /* its jittered world -> clip */
} render_hiz_history;

/* PO4: what the CPU knows of the auto exposure's state (RES_EXPOSURE): whether it holds an adapted frame, and
 * that frame's time (the next one adapts over the difference). */
typedef struct render_exposure {
    bool kept;    /* an earlier frame metered and adapted (the state holds its EV) */
    float time;   /* s, that frame's */
    float eye[3]; /* its eye (a cut: RENDER_TAA_CUT_M) */
} render_exposure;
#define RENDER_EXPOSURE_GAP_S 1.0f /* s: frames farther apart take their target at once */

/* SH8: the TAA history of the camera view (view 0) and the jitter sequence. */
typedef struct render_taa {
    bool valid;              /* the history holds a frame (written by the taa pass) */
    uint32_t width, height;  /* the history's size */
    float eye[3];            /* the history's camera position (cuts) */
    float view_proj[16];     /* the history's unjittered view_proj */
    sw_frame constants;      /* the history's frame constants (frame_index, tile_count 0): time, sun, ... */
    uint32_t content;        /* the history's render_taa_content: what the frame leaves out (tests, comparisons) */
    uint32_t frame;          /* frames since the history was reset: the jitter's index in the sequence */
    uint32_t serial;         /* of the images the history is in (a replaced image holds none) */
    bool incomplete;         /* a frame since the last warm-up began dropped blades in some view */
} render_taa;

/* LS2: what the shadow map last drawn holds (plan.shadows_kept compares this frame's with it): its cascades,
 * time, features, switches and images. */
typedef struct render_shadow_history {
    bool kept_valid;
    sw_view kept_views[2];
    render_switches kept_switches;
    float kept_time;
    uint32_t kept_features, kept_serial;
} render_shadow_history;

/* Setup stage 5: the histories take this frame's values (each read the last frame's in stages 1-4): the TAA
 * images' serial and jitter index, the exposure's metered frame, the camera's pyramid, the shadow map's content
 * where this frame draws it. */
void render_history_keep(sward_renderer *r, const sward_vulkan_view *view);
/* SH8: the frame's comparison switches (no_grass, no_culling, ...) as bits: a history of other ones shows
 * other content and is not used. */
uint32_t render_taa_content(const sward_renderer *r);
/* SH8: the history now holds this frame (render_post, after the taa pass). */
void render_taa_keep(sward_renderer *r);
/* SH8: the TAA history cannot be used for a frame of `v` (none yet, another size, a camera cut, other
 * content). */
bool render_taa_needs_reset(const sward_renderer *r, const sward_vulkan_view *v);

#endif
