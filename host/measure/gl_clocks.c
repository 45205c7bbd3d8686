#include "measure/gl_clocks.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure/gl_clocks_smi.h"
#include "base/gl_str.h"

/*
 * DPM states of the emulated gfx900, the RX Vega 64 of the copy seed
 * (004_18b2dddb33536aee.txt, its rocm-smi listing):
 * 8 shader clock states and 4 memory clock states, in MHz. The other
 * emulator profiles have only their default clocks.
 */
static const uint32_t gfx900_sclk[] = { 852, 991, 1084, 1138, 1200, 1401, 1536, 1630 };
static const uint32_t gfx900_mclk[] = { 167, 500, 800, 945 };

static const struct {
	const char *proc;
	const uint32_t *sclk;
	unsigned nsclk;
	const uint32_t *mclk;
	unsigned nmclk;
} emu_states[] = {
	{ "gfx900", gfx900_sclk, 8, gfx900_mclk, 4 },
};

static void one_state(struct gl_clock_plan *plan, const char *label, uint32_t s, uint32_t m)
{
	plan->n = 1;
	gl_str_copy(plan->states[0].label, sizeof(plan->states[0].label), label);
	plan->states[0].sclk_mhz = s;
	plan->states[0].mclk_mhz = m;
}

static bool plan_emu(struct gl_run_ctx *ctx, struct gl_clock_plan *plan)
{
	uint32_t s = 0, m = 0;
	const char *proc = gl_hsa_arch(ctx->hsa);
	bool known = gl_hsa_model_clocks(ctx->hsa, &s, &m);

	if (!ctx->clock_sweep) {
		one_state(plan, known ? "default" : "unknown", s, m);
		return true;
	}
	for (size_t i = 0; i < sizeof(emu_states) / sizeof(emu_states[0]); i++) {
		if (strcmp(emu_states[i].proc, proc) == 0) {
			const char *se = getenv("GCNLAB_EMU_SCLK_MHZ");
			const char *me = getenv("GCNLAB_EMU_MCLK_MHZ");

			plan->had_sclk_env = se && gl_str_copy(plan->sclk_env, sizeof(plan->sclk_env), se);
			plan->had_mclk_env = me && gl_str_copy(plan->mclk_env, sizeof(plan->mclk_env), me);
			gl_clock_plan_grid(plan, emu_states[i].sclk, emu_states[i].nsclk, emu_states[i].mclk,
			         emu_states[i].nmclk);
			plan->how = GL_CLOCKS_EMU;
			return true;
		}
	}
	gl_str_fmt(plan->note, sizeof(plan->note),
	           "clock sweep skipped: the emulated %s has only its default clocks", proc);
	one_state(plan, known ? "default" : "unknown", s, m);
	return true;
}

static bool plan_rocr(struct gl_run_ctx *ctx, struct gl_clock_plan *plan, struct gl_err *e)
{
	struct gl_hsa_info info;
	struct gl_smi_env env;

	if (!gl_hsa_info(ctx->hsa, &info, e))
		return false;
	gl_smi_env_default(&env);
	return gl_smi_plan(&env, gl_hsa_arch(ctx->hsa), info.pci_domain, info.bdfid, ctx->clock_sweep, plan, e);
}

bool gl_clocks_plan(struct gl_run_ctx *ctx, struct gl_clock_plan *plan, struct gl_err *e)
{
	memset(plan, 0, sizeof(*plan));
	plan->how = GL_CLOCKS_CURRENT;
	if (gl_hsa_emulated(ctx->hsa))
		return plan_emu(ctx, plan);
	return plan_rocr(ctx, plan, e);
}

bool gl_clocks_apply(struct gl_run_ctx *ctx, struct gl_clock_plan *plan, unsigned i,
                     struct gl_err *e)
{
	const struct gl_clock_state *s = &plan->states[i];

	switch (plan->how) {
	case GL_CLOCKS_CURRENT:
		return true;
	case GL_CLOCKS_EMU:
		return gl_run_ctx_reopen(ctx, s->sclk_mhz, s->mclk_mhz, e);
	case GL_CLOCKS_SMI:
		return gl_smi_apply(plan, i, e);
	}
	return true;
}

static void restore_env(const char *name, bool had, const char *value)
{
	if (had)
		setenv(name, value, 1);
	else
		unsetenv(name);
}

bool gl_clocks_restore(struct gl_run_ctx *ctx, const struct gl_clock_plan *plan, struct gl_err *e)
{
	switch (plan->how) {
	case GL_CLOCKS_CURRENT:
		return true;
	case GL_CLOCKS_EMU:
		restore_env("GCNLAB_EMU_SCLK_MHZ", plan->had_sclk_env, plan->sclk_env);
		restore_env("GCNLAB_EMU_MCLK_MHZ", plan->had_mclk_env, plan->mclk_env);
		return gl_run_ctx_reopen(ctx, 0, 0, e);
	case GL_CLOCKS_SMI:
		return gl_smi_restore(plan, e);
	}
	return true;
}
