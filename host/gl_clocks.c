#include "gl_clocks.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gl_proc.h"
#include "gl_str.h"

/*
 * DPM states of the emulated gfx900, the RX Vega 64 of the copy seed
 * (/work/shared/seeds/004_18b2dddb33536aee.txt, its rocm-smi listing):
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

void gl_clocks_describe(const struct gl_clock_state *s, char *buf, size_t len)
{
	if (s->sclk_mhz && s->mclk_mhz)
		gl_str_fmt(buf, len, "%s (%u/%u MHz)", s->label, s->sclk_mhz, s->mclk_mhz);
	else
		gl_str_copy(buf, len, s->label);
}

bool gl_clocks_parse_dpm(const char *text, uint32_t *mhz, unsigned max, unsigned *n, int *current)
{
	*n = 0;
	*current = -1;
	while (*text) {
		unsigned level, f;
		int used = 0;
		const char *eol = strchr(text, '\n');
		size_t len = eol ? (size_t)(eol - text) : strlen(text);

		if (sscanf(text, " %u: %u%n", &level, &f, &used) == 2 && level == *n && *n < max) {
			mhz[(*n)++] = f;
			if (memchr(text, '*', len))
				*current = (int)level;
		}
		text += len;
		if (*text == '\n')
			text++;
	}
	return *n > 0;
}

static bool read_text(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return false;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	return n > 0;
}

/* The DRM card of the agent: match HSA_AMD_AGENT_INFO_BDFID (bus << 8 |
 * device << 3 | function) against each card's PCI_SLOT_NAME. *smi_index is
 * the card's position among amdgpu cards in card-number order, which is how
 * rocm-smi numbers devices. */
static bool find_card(uint32_t bdfid, char *dev_dir, size_t len, int *smi_index)
{
	int idx = 0;

	for (int card = 0; card < 64; card++) {
		char path[256], uevent[2048];
		const char *slot;
		unsigned dom, bus, dev, fn;

		gl_str_fmt(path, sizeof(path), "/sys/class/drm/card%d/device/uevent", card);
		if (!read_text(path, uevent, sizeof(uevent)))
			continue;
		if (!strstr(uevent, "DRIVER=amdgpu"))
			continue;
		slot = strstr(uevent, "PCI_SLOT_NAME=");
		if (slot && sscanf(slot, "PCI_SLOT_NAME=%x:%x:%x.%x", &dom, &bus, &dev, &fn) == 4 &&
		    ((bus << 8) | (dev << 3) | fn) == bdfid) {
			gl_str_fmt(dev_dir, len, "/sys/class/drm/card%d/device", card);
			*smi_index = idx;
			return true;
		}
		idx++;
	}
	return false;
}

static bool card_states(const char *dev_dir, const char *file, uint32_t *mhz, unsigned *n,
                        int *current)
{
	char path[512], text[1024];

	return gl_str_fmt(path, sizeof(path), "%s/%s", dev_dir, file) &&
	       read_text(path, text, sizeof(text)) &&
	       gl_clocks_parse_dpm(text, mhz, 16, n, current);
}

static void one_state(struct gl_clock_plan *plan, const char *label, uint32_t s, uint32_t m)
{
	plan->n = 1;
	gl_str_copy(plan->states[0].label, sizeof(plan->states[0].label), label);
	plan->states[0].sclk_mhz = s;
	plan->states[0].mclk_mhz = m;
}

static void add_grid(struct gl_clock_plan *plan, const uint32_t *sclk, unsigned ns,
                     const uint32_t *mclk, unsigned nm)
{
	plan->n = 0;
	for (unsigned s = 0; s < ns; s++) {
		for (unsigned m = 0; m < nm && plan->n < GL_CLOCKS_MAX_STATES; m++) {
			struct gl_clock_state *st = &plan->states[plan->n++];

			gl_str_fmt(st->label, sizeof(st->label), "S%uM%u", s, m);
			st->sclk_mhz = sclk[s];
			st->mclk_mhz = mclk[m];
			st->sclk_level = s;
			st->mclk_level = m;
		}
	}
}

static bool plan_emu(struct gl_ctx *ctx, struct gl_clock_plan *plan)
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
			add_grid(plan, emu_states[i].sclk, emu_states[i].nsclk, emu_states[i].mclk,
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

static bool plan_rocr(struct gl_ctx *ctx, struct gl_clock_plan *plan, struct gl_err *e)
{
	struct gl_hsa_info info;
	char dev_dir[256];
	uint32_t sclk[16], mclk[16];
	unsigned ns = 0, nm = 0;
	int cs = -1, cm = -1;
	bool have_card, have_states;

	if (!gl_hsa_info(ctx->hsa, &info, e))
		return false;
	have_card = find_card(info.bdfid, dev_dir, sizeof(dev_dir), &plan->smi_device);
	have_states = have_card && card_states(dev_dir, "pp_dpm_sclk", sclk, &ns, &cs) &&
	              card_states(dev_dir, "pp_dpm_mclk", mclk, &nm, &cm);

	if (ctx->clock_sweep) {
		const char *why = NULL;

		if (!gl_proc_in_path("rocm-smi"))
			why = "rocm-smi is not on PATH";
		else if (geteuid() != 0)
			why = "setting clocks needs root";
		else if (!have_states)
			why = "the GPU's DPM states are not readable in sysfs";
		if (!why) {
			add_grid(plan, sclk, ns, mclk, nm);
			plan->how = GL_CLOCKS_SMI;
			return true;
		}
		gl_str_fmt(plan->note, sizeof(plan->note), "clock sweep skipped: %s", why);
	}
	if (have_states && cs >= 0 && cm >= 0) {
		char label[32];

		gl_str_fmt(label, sizeof(label), "current S%dM%d", cs, cm);
		one_state(plan, label, sclk[cs], mclk[cm]);
	} else {
		one_state(plan, "current (unknown)", 0, 0);
	}
	return true;
}

bool gl_clocks_plan(struct gl_ctx *ctx, struct gl_clock_plan *plan, struct gl_err *e)
{
	memset(plan, 0, sizeof(*plan));
	plan->how = GL_CLOCKS_CURRENT;
	if (gl_hsa_backend(ctx->hsa) == GL_BACKEND_EMU)
		return plan_emu(ctx, plan);
	return plan_rocr(ctx, plan, e);
}

static bool smi(const struct gl_clock_plan *plan, const char *opt, unsigned level, struct gl_err *e)
{
	char dev[16], lvl[16], out[2048];
	char *argv[] = { "rocm-smi", "-d", dev, (char *)opt, lvl, NULL };
	int status;

	gl_str_fmt(dev, sizeof(dev), "%d", plan->smi_device);
	gl_str_fmt(lvl, sizeof(lvl), "%u", level);
	if (!gl_proc_run(argv, out, sizeof(out), &status, e))
		return false;
	if (status != 0)
		return gl_err_set(e, "rocm-smi -d %s %s %s failed (exit %d): %s", dev, opt, lvl, status, out);
	return true;
}

bool gl_clocks_apply(struct gl_ctx *ctx, const struct gl_clock_plan *plan, unsigned i,
                     struct gl_err *e)
{
	const struct gl_clock_state *s = &plan->states[i];

	switch (plan->how) {
	case GL_CLOCKS_CURRENT:
		return true;
	case GL_CLOCKS_EMU:
		return gl_ctx_reopen(ctx, s->sclk_mhz, s->mclk_mhz, e);
	case GL_CLOCKS_SMI:
		return smi(plan, "--setsclk", s->sclk_level, e) && smi(plan, "--setmclk", s->mclk_level, e);
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

bool gl_clocks_restore(struct gl_ctx *ctx, const struct gl_clock_plan *plan, struct gl_err *e)
{
	switch (plan->how) {
	case GL_CLOCKS_CURRENT:
		return true;
	case GL_CLOCKS_EMU:
		restore_env("GCNLAB_EMU_SCLK_MHZ", plan->had_sclk_env, plan->sclk_env);
		restore_env("GCNLAB_EMU_MCLK_MHZ", plan->had_mclk_env, plan->mclk_env);
		return gl_ctx_reopen(ctx, 0, 0, e);
	case GL_CLOCKS_SMI: {
		char dev[16], out[2048];
		char *argv[] = { "rocm-smi", "-d", dev, "--resetclocks", NULL };
		int status;

		gl_str_fmt(dev, sizeof(dev), "%d", plan->smi_device);
		if (!gl_proc_run(argv, out, sizeof(out), &status, e))
			return false;
		if (status != 0)
			return gl_err_set(e, "rocm-smi -d %s --resetclocks failed (exit %d): %s", dev, status, out);
		return true;
	}
	}
	return true;
}
