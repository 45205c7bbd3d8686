#include "suites/gl_suite.h"

#include <string.h>

#include "base/gl_str.h"

extern const struct gl_suite gl_suite_copy;
extern const struct gl_suite gl_suite_latency, gl_suite_lds_banks, gl_suite_lds_counters;
extern const struct gl_suite gl_suite_icache;
extern const struct gl_suite gl_suite_gemm;

static const struct gl_suite *const suites[] = {
	&gl_suite_copy,
	&gl_suite_latency, &gl_suite_lds_banks, &gl_suite_lds_counters,
	&gl_suite_icache,
	&gl_suite_gemm,
	NULL,
};

const struct gl_suite *const *gl_suites_all(void)
{
	return suites;
}

const struct gl_suite *gl_suites_find(const char *name)
{
	for (const struct gl_suite *const *s = suites; *s; s++)
		if (strcmp((*s)->name, name) == 0)
			return *s;
	return NULL;
}

void gl_suites_names(char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (const struct gl_suite *const *s = suites; *s; s++) {
		if (!gl_str_fmt(buf + used, len - used, "%s%s", s == suites ? "" : ", ", (*s)->name))
			return;
		used += strlen(buf + used);
	}
}
