/*
 * gl_hsa_timeline — the emulator's timeline through the vendor extension
 * (gcnlab_emu_ext_1.set_timeline / get_timeline, include/gcnlab_emu_ext.h):
 * absent on ROCr and in an emulator whose table predates them.
 */
#ifndef GL_HSA_TIMELINE_H
#define GL_HSA_TIMELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "gpu/gl_hsa.h"

/* Whether the runtime records timelines. */
bool gl_hsa_timeline_available(const struct gl_hsa *h);
/* Record (cfg->enable) or not the next dispatches' timeline. */
bool gl_hsa_timeline_enable(struct gl_hsa *h, const struct gcnlab_emu_tl_cfg *cfg);
/* The timeline of the last completed dispatch (valid until the next one). */
bool gl_hsa_timeline(struct gl_hsa *h, const struct gcnlab_emu_tl_event **ev, size_t *n,
                     const struct gcnlab_emu_trace_row **insts, size_t *ninsts, struct gcnlab_emu_tl_info *info);

#endif
