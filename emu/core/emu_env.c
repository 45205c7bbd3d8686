/*
 * emu_env — the emulated GPU and the host CPU of the process (emu_env.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/emu_env.h"

const struct emu_profile *emu_env_profile(const char *def_arch, const char *who, const char *note)
{
	const char *arch = getenv("GCNLAB_EMU_ARCH");
	const struct emu_profile *prof;
	char names[128] = "";
	size_t n = 0;

	if (!arch || !*arch)
		arch = def_arch;
	if ((prof = emu_profile_find(arch)))
		return prof;
	for (unsigned a = 0; a < EMU_ARCH_COUNT && n < sizeof(names); a++)
		n += (size_t)snprintf(names + n, sizeof(names) - n, "%s%s", a ? ", " : "",
		                      emu_profile_get((enum emu_arch)a)->proc);
	fprintf(stderr, "%s: GCNLAB_EMU_ARCH=%s is not an emulated GPU; set it to one of %s%s\n", who, arch,
	        names, note);
	return NULL;
}

void emu_env_cpu_name(char *buf, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];

	snprintf(buf, len, "CPU");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');
		if (strncmp(line, "model name", 10) != 0 || !colon)
			continue;
		colon += 1 + (colon[1] == ' ');
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(buf, len, "%s", colon);
		break;
	}
	fclose(f);
}

uint32_t emu_env_cpu_count(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (uint32_t)n : 1;
}

uint64_t emu_env_ram_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
}
