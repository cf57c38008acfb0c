// raster.comp.glsl — the compute rasteriser (SPEC BX1) for the camera, its row walk (the small blades): the blades of the tiles
// raster_split.inc.glsl gives to compute (raster_blades.inc.glsl walks them) into a 64-bit visibility buffer:
// each covered pixel that the SC5 screen door keeps gets one atomicMax of (depth, blade, t, side)
// (shared/sw_raster.h). resolve.comp.glsl turns the buffer into the G-buffer.
// Reads: frame, view, materials, tiles, tile_draws, survivors. Writes: the visibility buffer, counters.
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#include "raster_camera.inc.glsl"
