/* view_camera.c — the viewer's fly camera (view_camera.h). */
#include "view_camera.h"

#include <math.h>

#define PITCH_MAX 1.553343f /* 89 degrees */
#define TURN_PER_PIXEL 0.003f

void view_camera_look(view_camera *c, const float eye[3], const float target[3])
{
    float d[3] = {target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]};
    float h = sqrtf(d[0] * d[0] + d[2] * d[2]);
    for (int k = 0; k < 3; k++) c->eye[k] = eye[k];
    c->yaw = atan2f(d[0], d[2]);
    c->pitch = atan2f(d[1], h > 1e-6f ? h : 1e-6f);
    if (c->pitch > PITCH_MAX) c->pitch = PITCH_MAX;
    if (c->pitch < -PITCH_MAX) c->pitch = -PITCH_MAX;
    c->moved = false;
}

void view_camera_forward(const view_camera *c, float out[3])
{
    out[0] = cosf(c->pitch) * sinf(c->yaw);
    out[1] = sinf(c->pitch);
    out[2] = cosf(c->pitch) * cosf(c->yaw);
}

void view_camera_target(const view_camera *c, float out[3])
{
    float f[3];
    view_camera_forward(c, f);
    for (int k = 0; k < 3; k++) out[k] = c->eye[k] + 10.0f * f[k];
}

void view_camera_move(view_camera *c, float right, float up, float forward, float dt)
{
    if (right == 0.0f && up == 0.0f && forward == 0.0f) return;
    float f[3];
    view_camera_forward(c, f);
    /* right = forward x up(+y), in the horizontal plane */
    float r[3] = {-cosf(c->yaw), 0.0f, sinf(c->yaw)};
    float s = c->speed * dt;
    for (int k = 0; k < 3; k++) c->eye[k] += s * (forward * f[k] + right * r[k]);
    c->eye[1] += s * up;
    c->moved = true;
}

void view_camera_turn(view_camera *c, double dx, double dy)
{
    if (dx == 0.0 && dy == 0.0) return;
    c->yaw += (float)dx * TURN_PER_PIXEL;
    c->pitch -= (float)dy * TURN_PER_PIXEL;
    if (c->pitch > PITCH_MAX) c->pitch = PITCH_MAX;
    if (c->pitch < -PITCH_MAX) c->pitch = -PITCH_MAX;
    c->moved = true;
}
