#include "base/gl_env.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gcn_proc.h"

/* Ranges as the emulator reads them (emu/core/emu_gpu.c env_u32; budget: any
 * positive count of wave-instructions). */
static const struct {
	const char *name;
	unsigned long long lo, hi;
	const char *what;
} env_nums[] = {
	{ "GCNLAB_EMU_SCLK_MHZ", 100, 5000, "a shader clock in MHz" },
	{ "GCNLAB_EMU_MCLK_MHZ", 100, 5000, "a memory clock in MHz" },
	{ "GCNLAB_EMU_SKEW", 0, 1000000, "shader cycles" },
	{ "GCNLAB_EMU_THREADS", 1, 1024, "simulation threads" },
	{ "GCNLAB_EMU_BUDGET", 1, UINT64_MAX / 2, "wave-instructions per dispatch" },
	{ "GCNLAB_EMU_STRICT", 0, 1, "0 or 1" },
	{ "GCNLAB_EMU_PROFILE", 0, 1, "0 or 1" },
};

static bool whole(const char *s, unsigned long long *v)
{
	char *end;

	if (!(*s >= '0' && *s <= '9'))
		return false;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return !*end && !errno;
}

bool gl_env_check(struct gl_err *e)
{
	const char *arch = getenv("GCNLAB_EMU_ARCH");

	for (size_t i = 0; i < sizeof(env_nums) / sizeof(env_nums[0]); i++) {
		const char *s = getenv(env_nums[i].name);
		unsigned long long v;

		if (!s || !*s)
			continue;
		if (!whole(s, &v) || v < env_nums[i].lo || v > env_nums[i].hi)
			return gl_err_set(e, "environment variable %s='%s' is not valid: it takes a whole number from %llu to %llu (%s); fix or unset it",
			                  env_nums[i].name, s, env_nums[i].lo, env_nums[i].hi, env_nums[i].what);
	}
	if (arch && *arch && !gcn_proc_find(arch))
		return gl_err_set(e, "environment variable GCNLAB_EMU_ARCH='%s' is not a processor the emulator knows (%s); fix or unset it",
		                  arch, gcn_proc_list());
	return true;
}
