/* view_camera.h — the viewer's fly camera: an eye, a yaw and a pitch; WASD move along the view and sideways,
 * Q and E down and up, the mouse (right button held) turns, the wheel scales the speed. Pure math, no window. */
#ifndef SWARD_APP_VIEW_CAMERA_H
#define SWARD_APP_VIEW_CAMERA_H

#include <stdbool.h>

typedef struct view_camera {
    float eye[3];
    float yaw, pitch; /* radians: yaw about +y from +z toward +x; pitch up from the horizon, |pitch| < 89 deg */
    float speed;      /* m/s */
    bool moved;       /* false: still the scene's own camera (frames use it exactly) */
} view_camera;

/* The camera looking from eye at target. */
void view_camera_look(view_camera *c, const float eye[3], const float target[3]);
/* The unit view direction. */
void view_camera_forward(const view_camera *c, float out[3]);
/* A point 10 m ahead of the eye (sward_frame_desc.target). */
void view_camera_target(const view_camera *c, float out[3]);
/* Moves by (right, up, forward) in units of speed x dt. */
void view_camera_move(view_camera *c, float right, float up, float forward, float dt);
/* Turns by dx, dy pixels of mouse motion. */
void view_camera_turn(view_camera *c, double dx, double dy);

#endif
