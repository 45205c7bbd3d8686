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

#include "measure/gl_run_ctx.h"
#include "base/gl_err.h"

#define GL_CLOCKS_MAX_STATES 64

enum gl_clocks_how {
	GL_CLOCKS_CURRENT,  /* run as is */
	GL_CLOCKS_EMU,      /* reopen the emulator per state */
	GL_CLOCKS_SMI,      /* rocm-smi per state */
};

struct gl_clock_state {
	char label[32];     /* "S5M3", "default", "current", "unknown" */
	uint32_t sclk_mhz;  /* 0 = unknown; on hardware, what was read back */
	uint32_t mclk_mhz;
	unsigned sclk_level, mclk_level;
	uint32_t sclk_asked, mclk_asked;   /* hardware sweep: what was set (0 = not set) */
};

/* How a hardware sweep sets a state (gl_clocks_smi.h). */
enum gl_smi_recipe {
	GL_SMI_DPM_LEVELS,    /* gfx900: --setsclk L --setmclk L */
	GL_SMI_DETERMINISM,   /* gfx90a: --setperfdeterminism MHZ */
	GL_SMI_SOFT_LIMITS,   /* gfx942: --setextremum min|max sclk MHZ */
};

struct gl_clock_plan {
	enum gl_clocks_how how;
	unsigned n;
	struct gl_clock_state states[GL_CLOCKS_MAX_STATES];
	char note[256];          /* why no sweep, or "" */
	int smi_device;          /* rocm-smi -d index */
	enum gl_smi_recipe recipe;
	char dev_dir[256];       /* the card's sysfs device folder */
	char smi[256];           /* the rocm-smi to run */
	/* The emulator's clock environment before the sweep, restored after. */
	bool had_sclk_env, had_mclk_env;
	char sclk_env[32], mclk_env[32];
};

/* Decide the states for ctx (sweep or not). */
bool gl_clocks_plan(struct gl_run_ctx *ctx, struct gl_clock_plan *plan, struct gl_err *e);
/* Make state i current (may reopen ctx->hsa); on hardware, reads back the
 * achieved clocks into plan->states[i]. */
bool gl_clocks_apply(struct gl_run_ctx *ctx, struct gl_clock_plan *plan, unsigned i,
                     struct gl_err *e);
/* Back to the clocks from before the sweep (reopens / resets as needed). */
bool gl_clocks_restore(struct gl_run_ctx *ctx, const struct gl_clock_plan *plan, struct gl_err *e);
/* "S5M3 (1401/945 MHz)" */
void gl_clocks_describe(const struct gl_clock_state *s, char *buf, size_t len);

/* Parse a pp_dpm_sclk/pp_dpm_mclk text ("0: 852Mhz\n1: 991Mhz *\n") into
 * mhz[0..*n) by level; *current = the level marked '*' (-1 none). */
bool gl_clocks_parse_dpm(const char *text, uint32_t *mhz, unsigned max, unsigned *n, int *current);

#endif
