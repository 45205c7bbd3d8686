#include "measure/gl_clocks_smi.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/gl_proc.h"
#include "base/gl_str.h"

/* Shader clock points of a determinism / soft-limit sweep: lowest to
 * highest DPM entry in equal steps. */
#define SMI_SCLK_POINTS 5

/* Which recipe each processor's boards take (gl_clocks_smi.h says why). */
static const struct {
	const char *arch;
	enum gl_smi_recipe recipe;
	const char *board;
} recipes[] = {
	{ "gfx900", GL_SMI_DPM_LEVELS, "Vega 10 (RX Vega 64)" },
	{ "gfx90a", GL_SMI_DETERMINISM, "MI200" },
	{ "gfx942", GL_SMI_SOFT_LIMITS, "MI300" },
};

void gl_smi_env_default(struct gl_smi_env *env)
{
	const char *sys = getenv("GCNLAB_SYSFS_ROOT");
	const char *smi = getenv("GCNLAB_ROCM_SMI");

	memset(env, 0, sizeof(*env));
	gl_str_copy(env->sysfs, sizeof(env->sysfs), sys && *sys ? sys : "/sys");
	gl_str_copy(env->smi, sizeof(env->smi), smi && *smi ? smi : "rocm-smi");
	env->root = geteuid() == 0;
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

/* The amdgpu DRM card at PCI domain:bdfid. *smi_index is the card's
 * position among amdgpu cards in card-number order, which is how rocm-smi
 * numbers devices. */
static bool find_card(const char *sysfs, uint32_t domain, uint32_t bdfid, char *dev_dir, size_t len,
                      int *smi_index)
{
	int idx = 0;

	for (int card = 0; card < 64; card++) {
		char path[512], uevent[2048];
		const char *slot;
		unsigned dom, bus, dev, fn;

		gl_str_fmt(path, sizeof(path), "%s/class/drm/card%d/device/uevent", sysfs, card);
		if (!read_text(path, uevent, sizeof(uevent)) || !strstr(uevent, "DRIVER=amdgpu"))
			continue;
		slot = strstr(uevent, "PCI_SLOT_NAME=");
		if (slot && sscanf(slot, "PCI_SLOT_NAME=%x:%x:%x.%x", &dom, &bus, &dev, &fn) == 4 &&
		    dom == domain && ((bus << 8) | (dev << 3) | fn) == bdfid) {
			gl_str_fmt(dev_dir, len, "%s/class/drm/card%d/device", sysfs, card);
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
	       gl_clock_plan_parse_dpm(text, mhz, 16, n, current);
}

void gl_smi_read_clocks(const char *dev_dir, uint32_t *sclk_mhz, uint32_t *mclk_mhz)
{
	uint32_t mhz[16];
	unsigned n;
	int cur;

	*sclk_mhz = card_states(dev_dir, "pp_dpm_sclk", mhz, &n, &cur) && cur >= 0 ? mhz[cur] : 0;
	*mclk_mhz = card_states(dev_dir, "pp_dpm_mclk", mhz, &n, &cur) && cur >= 0 ? mhz[cur] : 0;
}

static void set_state(struct gl_clock_state *st, const char *label, uint32_t sclk, uint32_t mclk)
{
	gl_str_copy(st->label, sizeof(st->label), label);
	st->sclk_mhz = sclk;
	st->mclk_mhz = mclk;
}

static void plan_levels(struct gl_clock_plan *plan, const uint32_t *sclk, unsigned ns,
                        const uint32_t *mclk, unsigned nm)
{
	gl_clock_plan_grid(plan, sclk, ns, mclk, nm);
	for (unsigned i = 0; i < plan->n; i++) {
		plan->states[i].sclk_asked = plan->states[i].sclk_mhz;
		plan->states[i].mclk_asked = plan->states[i].mclk_mhz;
	}
}

/* Equal steps from the lowest to the highest DPM entry; the memory clock
 * stays where the driver has it. */
static void plan_points(struct gl_clock_plan *plan, const uint32_t *sclk, unsigned ns, uint32_t mclk)
{
	uint32_t lo = sclk[0], hi = sclk[0];

	for (unsigned i = 1; i < ns; i++) {
		lo = sclk[i] < lo ? sclk[i] : lo;
		hi = sclk[i] > hi ? sclk[i] : hi;
	}
	plan->n = 0;
	for (unsigned k = 0; k < SMI_SCLK_POINTS; k++) {
		uint32_t f = lo + (uint32_t)((uint64_t)(hi - lo) * k / (SMI_SCLK_POINTS - 1));
		struct gl_clock_state *st = &plan->states[plan->n];
		char label[32];

		if (plan->n && plan->states[plan->n - 1].sclk_asked == f)
			continue;   /* a one-entry list: one state */
		gl_str_fmt(label, sizeof(label), "S%u", plan->n);
		set_state(st, label, f, mclk);
		st->sclk_asked = f;
		plan->n++;
	}
}

bool gl_smi_plan(const struct gl_smi_env *env, const char *arch, uint32_t domain, uint32_t bdfid,
                 bool sweep, struct gl_clock_plan *plan, struct gl_err *e)
{
	uint32_t sclk[16], mclk[16];
	unsigned ns = 0, nm = 0;
	int cs = -1, cm = -1;
	bool have_card, have_states;
	const char *why = NULL;
	int r = -1;

	(void)e;
	plan->how = GL_CLOCKS_CURRENT;
	gl_str_copy(plan->smi, sizeof(plan->smi), env->smi);
	have_card = find_card(env->sysfs, domain, bdfid, plan->dev_dir, sizeof(plan->dev_dir), &plan->smi_device);
	have_states = have_card && card_states(plan->dev_dir, "pp_dpm_sclk", sclk, &ns, &cs) &&
	              card_states(plan->dev_dir, "pp_dpm_mclk", mclk, &nm, &cm);
	for (size_t i = 0; i < sizeof(recipes) / sizeof(recipes[0]); i++)
		if (strcmp(recipes[i].arch, arch) == 0)
			r = (int)i;

	if (sweep) {
		if (r < 0)
			why = "gcnlab knows no clock recipe for this GPU (it has one for gfx900, gfx90a and gfx942)";
		else if (!have_card)
			why = "no amdgpu card in sysfs has the GPU's PCI address";
		else if (!have_states)
			why = "the GPU's pp_dpm_sclk / pp_dpm_mclk are not readable in sysfs";
		else if (!gl_proc_in_path(env->smi))
			why = "rocm-smi is not on PATH";
		else if (!env->root)
			why = "setting clocks needs root";
		if (!why) {
			plan->recipe = recipes[r].recipe;
			if (plan->recipe == GL_SMI_DPM_LEVELS)
				plan_levels(plan, sclk, ns, mclk, nm);
			else
				plan_points(plan, sclk, ns, cm >= 0 ? mclk[cm] : 0);
			plan->how = GL_CLOCKS_SMI;
			return true;
		}
		gl_str_fmt(plan->note, sizeof(plan->note),
		           "clock sweep not possible: %s; running at the current clocks", why);
	}
	plan->n = 1;
	memset(&plan->states[0], 0, sizeof(plan->states[0]));
	if (have_states && cs >= 0 && cm >= 0)
		set_state(&plan->states[0], "current", sclk[cs], mclk[cm]);
	else
		set_state(&plan->states[0], "current (unknown)", 0, 0);
	return true;
}

/* rocm-smi -d N ARGS... (args NULL-terminated, at most 6): exit 0 and no
 * "not supported", or e names the command and its output. */
static bool smi(const struct gl_clock_plan *plan, struct gl_err *e, const char *const *args)
{
	char dev[16], out[2048], cmd[512];
	char *argv[10] = { (char *)plan->smi, "-d", dev };
	int status;
	unsigned n = 3;

	gl_str_fmt(dev, sizeof(dev), "%d", plan->smi_device);
	gl_str_fmt(cmd, sizeof(cmd), "%s -d %s", plan->smi, dev);
	for (; *args && n < 9; args++) {
		argv[n++] = (char *)*args;
		gl_str_fmt(cmd + strlen(cmd), sizeof(cmd) - strlen(cmd), " %s", *args);
	}
	argv[n] = NULL;
	if (!gl_proc_run(argv, out, sizeof(out), &status, e))
		return false;
	/* rocm-smi reports some refusals as "Not supported" and exit 0. */
	if (status != 0 || strcasestr(out, "not supported"))
		return gl_err_set(e, "%s failed (exit %d): %s", cmd, status, out);
	return true;
}

#define SMI(plan, e, ...) smi(plan, e, (const char *const[]){ __VA_ARGS__, NULL })

/* A signal between setting the clocks and restoring them must not leave
 * the GPU pinned: the handler runs rocm-smi --resetclocks (fork and execve
 * are async-signal-safe) and exits. The argv is set up before the first
 * change; a signal handler can only reach it through a static. */
static char reset_dev[16], reset_smi[256];
static char *reset_argv[] = { reset_smi, "-d", reset_dev, "--resetclocks", NULL };

static void on_signal(int sig)
{
	pid_t pid = fork();

	if (pid == 0) {
		execvp(reset_argv[0], reset_argv);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
	_exit(128 + sig);
}

static void guard_signals(const struct gl_clock_plan *plan)
{
	struct sigaction sa;

	gl_str_copy(reset_smi, sizeof(reset_smi), plan->smi);
	gl_str_fmt(reset_dev, sizeof(reset_dev), "%d", plan->smi_device);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

static void unguard_signals(void)
{
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
}

bool gl_smi_apply(struct gl_clock_plan *plan, unsigned i, struct gl_err *e)
{
	struct gl_clock_state *s = &plan->states[i];
	char a[16], b[16], lo[16];

	guard_signals(plan);
	switch (plan->recipe) {
	case GL_SMI_DPM_LEVELS:
		gl_str_fmt(a, sizeof(a), "%u", s->sclk_level);
		gl_str_fmt(b, sizeof(b), "%u", s->mclk_level);
		if (!SMI(plan, e, "--setsclk", a) || !SMI(plan, e, "--setmclk", b))
			return false;
		break;
	case GL_SMI_DETERMINISM:
		gl_str_fmt(a, sizeof(a), "%u", s->sclk_asked);
		if (!SMI(plan, e, "--setperfdeterminism", a))
			return false;
		break;
	case GL_SMI_SOFT_LIMITS:
		/* The soft minimum may not exceed the maximum: open the window at
		 * the bottom (the first state's point), then close it on f.
		 * rocm-smi asks to confirm an out-of-spec change (setClockExtremum
		 * -> confirmOutOfSpecWarning); stdin is /dev/null, so answer. */
		gl_str_fmt(a, sizeof(a), "%u", s->sclk_asked);
		gl_str_fmt(lo, sizeof(lo), "%u", plan->states[0].sclk_asked);
		if (!SMI(plan, e, "--autorespond", "y", "--setextremum", "min", "sclk", lo) ||
		    !SMI(plan, e, "--autorespond", "y", "--setextremum", "max", "sclk", a) ||
		    !SMI(plan, e, "--autorespond", "y", "--setextremum", "min", "sclk", a))
			return false;
		break;
	}
	gl_smi_read_clocks(plan->dev_dir, &s->sclk_mhz, &s->mclk_mhz);
	return true;
}

bool gl_smi_restore(const struct gl_clock_plan *plan, struct gl_err *e)
{
	struct gl_err later;
	bool ok = true;

	/* Both steps run even when the first fails; e keeps the first error. */
	if (plan->recipe == GL_SMI_DETERMINISM && !SMI(plan, e, "--resetperfdeterminism"))
		ok = false;
	if (!SMI(plan, ok ? e : &later, "--resetclocks"))
		ok = false;
	unguard_signals();
	return ok;
}
