/*
 * gl_cmd_trace — `gcnlab trace KERNEL`: a suite kernel as its suite launches
 * it, run through gcnlab exec with --trace.
 */
#include "cli/gl_cmd.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/gl_str.h"
#include "cli/gl_timeline.h"
#include "measure/gl_run_ctx.h"
#include "suites/gl_suite.h"

static const struct gl_opt trace_opts[] = {
	GL_CMD_OPT_TRACE_WAVE, GL_CMD_OPT_COUNTERS("also print"),
	{ "--warmup", GL_OPT_UINT, GL_CMD_O(exec_warmup), "N",
	  "dispatch N times first and trace the next, warm dispatch as the suites time it (default 0: the "
	  "first, whose code is fetched cold)", .min = 0, .max = 1000 },
	GL_CMD_OPT_TRACE_SORT, GL_CMD_OPT_TIMELINE,
	{ "--launch-only", GL_OPT_FLAG, GL_CMD_O(launch_only), NULL,
	  "print the suite's launch as gcnlab exec arguments (CODE_OBJECT KERNEL --grid .. ARG...) and stop",
	  .min = 0 },
	{ "--arch", GL_OPT_STRING, GL_CMD_O(arch), "ARCH", "processor whose build/ARCH/ code object runs (default gfx942)",
	  .size = sizeof(((struct gl_cmd_opts *)0)->arch), .check = gl_cmd_check_arch },
	{ "--backend", GL_OPT_STRING, GL_CMD_O(backend), "B", "emu (default), rocr, rocr-emu or auto",
	  .size = sizeof(((struct gl_cmd_opts *)0)->backend), .choices = gl_cmd_backend_choices },
	GL_CMD_OPT_DEVICE, GL_CMD_OPT_TIMEOUT, GL_CMD_OPT_VERBOSE,
	{ 0 },
};

/* The trace is the emulator's: --backend defaults to emu unless given. */
static bool backend_given(int argc, char **argv)
{
	for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--backend") == 0 || strncmp(argv[i], "--backend=", 10) == 0)
			return true;
	return false;
}

/* gcnlab trace KERNEL: the suite's own launch of KERNEL, run by gcnlab exec
 * with --trace. */
static int trace_main(const char *cmd, int argc, char **argv)
{
	static char store[GL_CMD_MAX_POSITIONAL][GL_SUITES_ARG_LEN];
	char *eargv[GL_CMD_MAX_POSITIONAL + 36];
	char wave[16], timeout[32], repeat[16], top[16];
	struct gl_cmd_opts o;
	const char *pos[GL_CMD_MAX_POSITIONAL];
	unsigned npos, n;
	struct gl_run_ctx ctx;
	struct gl_suite_launch l;
	struct gl_err e;
	int rc = gl_cmd_parse(&gl_cmd_trace, cmd, argc, argv, &o, pos, &npos);

	if (rc >= 0)
		return rc;
	if (npos != 1) {
		fprintf(stderr, "%s: name one suite kernel (gcnlab list shows them; see %s --help)\n", cmd, cmd);
		return GL_CMD_EXIT_USAGE;
	}
	memset(&ctx, 0, sizeof(ctx));
	gl_str_copy(ctx.arch, sizeof(ctx.arch), o.arch[0] ? o.arch : "gfx942");
	if (!gl_run_ctx_default_build_dir(ctx.build_dir, sizeof(ctx.build_dir))) {
		fprintf(stderr, "%s: cannot find the build directory (set GCNLAB_BUILD_DIR)\n", cmd);
		return GL_CMD_EXIT_FAILED;
	}
	if (!gl_suites_find_launch(&ctx, pos[0], &l, &e))
		return gl_cmd_fail(cmd, &e, GL_CMD_EXIT_USAGE);
	n = gl_suites_exec_argv(&l, store, eargv, GL_CMD_MAX_POSITIONAL);
	if (!n) {
		fprintf(stderr, "%s: the launch of %s does not fit the argument list\n", cmd, pos[0]);
		return GL_CMD_EXIT_FAILED;
	}
	if (o.launch_only) {
		for (unsigned i = 0; i < n; i++)
			printf("%s%s", i ? " " : "", eargv[i]);
		printf("\n");
		return 0;
	}
	gl_str_fmt(wave, sizeof(wave), "%u", o.trace_wave);
	gl_str_fmt(timeout, sizeof(timeout), "%g", o.timeout);
	eargv[n++] = "--trace";
	if (o.trace_wave != UINT_MAX) {
		eargv[n++] = "--trace-wave";
		eargv[n++] = wave;
	}
	if (o.counters)
		eargv[n++] = "--counters";
	if (o.exec_warmup != UINT_MAX && o.exec_warmup) {
		gl_str_fmt(repeat, sizeof(repeat), "%u", o.exec_warmup + 1);
		eargv[n++] = "--repeat";   /* the trace is the last dispatch's */
		eargv[n++] = repeat;
	}
	if (o.trace_sort[0]) {
		eargv[n++] = "--sort";
		eargv[n++] = o.trace_sort;
	}
	if (o.trace_top) {
		gl_str_fmt(top, sizeof(top), "%u", o.trace_top);
		eargv[n++] = "--top";
		eargv[n++] = top;
	}
	n += gl_timeline_argv(&o, eargv + n);
	if (o.verbose)
		eargv[n++] = "--verbose";
	eargv[n++] = "--arch";
	eargv[n++] = ctx.arch;
	eargv[n++] = "--backend";
	eargv[n++] = backend_given(argc, argv) ? o.backend : "emu";
	eargv[n++] = "--timeout";
	eargv[n++] = timeout;
	eargv[n] = NULL;
	printf("trace: %s as its suite launches it: gcnlab exec", l.kernel);
	for (unsigned i = 0; i < n; i++)
		printf(" %s", eargv[i]);
	printf("\n");
	fflush(stdout);
	return gl_cmd_exec.fn("gcnlab exec", (int)n, eargv);
}

const struct gl_cmd gl_cmd_trace = {
	.name = "trace",
	.usage = "gcnlab trace KERNEL [OPTIONS]",
	.brief = "run one suite kernel with the per-instruction trace",
	.summary = "Run one suite kernel as its suite launches it, once, with gcnlab exec --trace: the\n"
	           "disassembly annotated per instruction with issues, cycles and stalls by cause. The first\n"
	           "dispatch of a code object fetches its instructions cold (icache stalls the suites' warm\n"
	           "dispatches do not have): --warmup 1 traces the warm one. --sort stall --top 10 lists the\n"
	           "ten instructions that stall most. The causes are one vocabulary with the suites and\n"
	           "compare: vmcnt, lgkmcnt, expcnt, lds-bank, vmem-queue, barrier, icache, and mfma-pipe (an\n"
	           "MFMA's cycles beyond its issue and named stalls: waiting for the matrix core).",
	.opts = trace_opts,
	.fn = trace_main,
};
