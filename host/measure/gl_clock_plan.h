/*
 * gl_clock_plan — the clock states of a `--clocks sweep` and how each is
 * set: what gl_clocks (the sweep) and gl_clocks_smi (real hardware via
 * rocm-smi and sysfs) both work on.
 */
#ifndef GL_CLOCK_PLAN_H
#define GL_CLOCK_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* Every sclk level with every mclk level, "S<s>M<m>" (at most
 * GL_CLOCKS_MAX_STATES): plan->states[0..plan->n) with their clocks and levels. */
void gl_clock_plan_grid(struct gl_clock_plan *plan, const uint32_t *sclk, unsigned ns, const uint32_t *mclk,
                        unsigned nm);

/* "S5M3 (1401/945 MHz)" */
void gl_clock_plan_describe(const struct gl_clock_state *s, char *buf, size_t len);

/* Parse a pp_dpm_sclk/pp_dpm_mclk text ("0: 852Mhz\n1: 991Mhz *\n") into
 * mhz[0..*n) by level; *current = the level marked '*' (-1 none). */
bool gl_clock_plan_parse_dpm(const char *text, uint32_t *mhz, unsigned max, unsigned *n, int *current);

#endif
