/*
 * gl_clocks — clock states for `--clocks sweep`.
 *
 * Real hardware (backend rocr): what the GPU's generation supports, set
 * with rocm-smi as root and read back from sysfs (gl_clocks_smi.h).
 * Emulator: the clocks are model parameters; a state is applied by
 * reopening the backend with GCNLAB_EMU_SCLK_MHZ / GCNLAB_EMU_MCLK_MHZ.
 * Without a sweep (or when it cannot be done) the plan is the single current
 * state, with a note saying why.
 */
#ifndef GL_CLOCKS_H
#define GL_CLOCKS_H

#include <stdbool.h>
#include <stdint.h>

#include "measure/gl_clock_plan.h"
#include "measure/gl_run_ctx.h"
#include "base/gl_err.h"

/* Decide the states for ctx (sweep or not). */
bool gl_clocks_plan(struct gl_run_ctx *ctx, struct gl_clock_plan *plan, struct gl_err *e);
/* Make state i current (may reopen ctx->hsa); on hardware, reads back the
 * achieved clocks into plan->states[i]. */
bool gl_clocks_apply(struct gl_run_ctx *ctx, struct gl_clock_plan *plan, unsigned i,
                     struct gl_err *e);
/* Back to the clocks from before the sweep (reopens / resets as needed). */
bool gl_clocks_restore(struct gl_run_ctx *ctx, const struct gl_clock_plan *plan, struct gl_err *e);
#endif
