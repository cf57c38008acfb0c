// shadow.inc.glsl — the sun's visibility at a lit pixel (LS2-LS4). Placeholder until the cascades land:
// everything is lit.
float sw_sun_shadow(vec3 world, vec3 n, float dist) { return 1.0; }
float sw_contact_shadow(ivec2 px, vec3 world, float dist) { return 1.0; }
