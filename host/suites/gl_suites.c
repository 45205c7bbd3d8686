#include "suites/gl_suite.h"

#include <string.h>

#include "base/gl_str.h"
#include "base/gl_suggest.h"
#include "suites/gl_bench.h"

extern const struct gl_suite gl_suite_copy;
extern const struct gl_suite gl_suite_latency, gl_suite_lds_banks, gl_suite_lds_counters;
extern const struct gl_suite gl_suite_icache;
extern const struct gl_suite gl_suite_gemm;
extern const struct gl_suite gl_suite_bandwidth;

static const struct gl_suite *const suites[] = {
	&gl_suite_copy,
	&gl_suite_latency, &gl_suite_lds_banks, &gl_suite_lds_counters,
	&gl_suite_icache,
	&gl_suite_gemm,
	&gl_suite_bandwidth,
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

bool gl_suites_list(const struct gl_suite *s, const struct gl_run_ctx *ctx, gl_suite_emit_fn emit, void *user)
{
	if (s->list)
		return s->list(ctx, emit, user);
	return gl_bench_list_launches(ctx, s->launches, s->nlaunches, emit, user);
}

/* s's launch of kernel: its launch(), or its launches table. */
static int suite_launch(const struct gl_suite *s, const struct gl_run_ctx *ctx, const char *kernel,
                        struct gl_suite_launch *out, struct gl_err *e)
{
	if (s->launch)
		return s->launch(ctx, kernel, out, e);
	return gl_bench_launch(ctx, s->name, s->launches, s->nlaunches, kernel, out, e);
}

/* The launch of kernel from the suite that has it: GL_SUITE_LAUNCH_*. */
int gl_suites_launch(const struct gl_run_ctx *ctx, const char *kernel, struct gl_suite_launch *out,
                     const char **suite, struct gl_err *e)
{
	for (const struct gl_suite *const *s = suites; *s; s++) {
		int r;

		if (!(*s)->launch && !(*s)->launches)
			continue;
		memset(out, 0, sizeof(*out));
		r = suite_launch(*s, ctx, kernel, out, e);
		if (r != GL_SUITE_LAUNCH_NOT_MINE) {
			if (suite)
				*suite = (*s)->name;
			return r;
		}
	}
	return GL_SUITE_LAUNCH_NOT_MINE;
}

static void suggest_emit(void *user, const char *kernel, const char *detail)
{
	(void)detail;
	gl_suggest_offer(user, kernel);
}

const char *gl_suites_suggest(const struct gl_run_ctx *ctx, const char *kernel, struct gl_suggest *s)
{
	gl_suggest_init(s, kernel);
	for (const struct gl_suite *const *t = suites; *t; t++)
		gl_suites_list(*t, ctx, suggest_emit, s);
	return gl_suggest_best(s);
}

bool gl_suites_find_launch(const struct gl_run_ctx *ctx, const char *kernel, struct gl_suite_launch *out,
                           struct gl_err *e)
{
	struct gl_suggest sg;
	const char *near;

	switch (gl_suites_launch(ctx, kernel, out, NULL, e)) {
	case GL_SUITE_LAUNCH_OK:
		return true;
	case GL_SUITE_LAUNCH_ERROR:
		return false;
	default:
		near = gl_suites_suggest(ctx, kernel, &sg);
		if (near)
			return gl_err_set(e, "no such kernel '%s'; did you mean %s? (gcnlab list shows them)", kernel, near);
		return gl_err_set(e, "no suite has a kernel named '%s' (gcnlab list shows them); any other kernel "
		                  "can be traced with gcnlab exec CODE_OBJECT KERNEL --grid .. --block .. --trace ARG...",
		                  kernel);
	}
}

/* "X", "X,Y" or "X,Y,Z" for a launch of dims dimensions. */
static void dims_text(char *buf, size_t len, const uint32_t v[3], unsigned dims)
{
	if (dims <= 1)
		gl_str_fmt(buf, len, "%u", v[0]);
	else if (dims == 2)
		gl_str_fmt(buf, len, "%u,%u", v[0], v[1]);
	else
		gl_str_fmt(buf, len, "%u,%u,%u", v[0], v[1], v[2]);
}

unsigned gl_suites_exec_argv(const struct gl_suite_launch *l, char (*store)[GL_SUITES_ARG_LEN], char **argv,
                             unsigned max)
{
	unsigned n = 0;
	bool ok;

	if (max < 6 + (l->dynamic_lds ? 2 : 0) + l->nargs)
		return 0;
	ok = gl_str_copy(store[n++], GL_SUITES_ARG_LEN, l->code);
	gl_str_copy(store[n++], GL_SUITES_ARG_LEN, l->kernel);
	gl_str_copy(store[n++], GL_SUITES_ARG_LEN, "--grid");
	dims_text(store[n++], GL_SUITES_ARG_LEN, l->grid, l->dims);
	gl_str_copy(store[n++], GL_SUITES_ARG_LEN, "--block");
	dims_text(store[n++], GL_SUITES_ARG_LEN, l->block, l->dims);
	if (l->dynamic_lds) {
		gl_str_copy(store[n++], GL_SUITES_ARG_LEN, "--dynamic-lds");
		gl_str_fmt(store[n++], GL_SUITES_ARG_LEN, "%u", l->dynamic_lds);
	}
	for (unsigned i = 0; i < l->nargs; i++)
		ok &= gl_str_copy(store[n++], GL_SUITES_ARG_LEN, l->args[i]);
	if (!ok)
		return 0;  /* a path too long for store */
	for (unsigned i = 0; i < n; i++)
		argv[i] = store[i];
	return n;
}
