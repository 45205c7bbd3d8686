/*
 * gcnlab — run hand-written GCN kernels through HSA and measure them.
 *
 *   gcnlab info | list | run SUITE... | exec CODE_OBJECT KERNEL ARG...
 *
 * Exit status: 0 success, 1 a kernel or suite failed, 2 bad input.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gcn_codeobj.h"
#include "gpu/gl_args.h"
#include "measure/gl_cold_cache.h"
#include "cli/gl_compare.h"
#include "measure/gl_run_ctx.h"
#include "measure/gl_counters.h"
#include "measure/gl_rocprof.h"
#include "base/gl_env.h"
#include "base/gl_err.h"
#include "cli/gl_exec_out.h"
#include "base/gl_file.h"
#include "gpu/gl_hsa.h"
#include "cli/gl_info.h"
#include "gpu/gl_kernarg.h"
#include "cli/gl_opts.h"
#include "cli/gl_outfile.h"
#include "suites/gl_params.h"
#include "cli/gl_exec_report.h"
#include "report/gl_results.h"
#include "report/gl_results_set.h"
#include "base/gl_str.h"
#include "suites/gl_suite.h"
#include "measure/gl_trace.h"
#include "base/gl_version.h"

#define EXIT_FAILED 1
#define EXIT_USAGE 2
#define MAX_POSITIONAL 64

struct main_opts {
	char arch[16];
	char backend[8];
	unsigned device;
	unsigned reps;
	unsigned warmup;
	char out[PATH_MAX];
	char clocks[8];
	double timeout;
	struct gl_dims grid;
	struct gl_dims block;
	unsigned dynamic_lds;
	bool counters;          /* --counters */
	bool trace;             /* --trace */
	unsigned trace_wave;    /* --trace-wave; UINT_MAX: all waves */
	bool stats;             /* --stats */
	unsigned repeat;        /* --repeat */
	bool launch_only;       /* trace --launch-only */
	bool flush_cache;       /* --flush-cache */
	unsigned flush_per_cu;  /* --flush-per-cu */
	unsigned rotating_count; /* --rotating-count */
	char rotating_cap[24];  /* --rotating-cap */
	bool long_run;          /* --long */
	char params[GL_PARAMS_LEN]; /* --param */
	unsigned exec_reps;     /* exec --reps; 0: not given */
	unsigned exec_warmup;   /* exec --warmup; UINT_MAX: not given */
	char csv[PATH_MAX];     /* exec --csv */
	char json[PATH_MAX];    /* exec --json */
	char counters_csv[PATH_MAX]; /* exec --counters-csv */
	bool json_out;          /* info --json */
};

/* --arch: a processor whose code objects gcn_codeobj reads. */
static bool check_arch(const char *opt, const char *v, struct gl_err *e)
{
	if (!gcn_mach_from_name(v))
		return gl_err_set(e, "%s '%s': unknown processor (expected a GFX9 name such as gfx900, gfx90a or gfx942)",
		                  opt, v);
	return true;
}

/* --rotating-cap: a SIZE as buf: takes it (K/M/G, 1024-based). */
static bool check_size(const char *opt, const char *v, struct gl_err *e)
{
	uint64_t x;

	if (!gl_args_parse_size(v, &x, e))
		return gl_err_prefix(e, "%s: ", opt);
	return true;
}

static const char *const backend_choices[] = { "auto", "rocr", "emu", NULL };
static const char *const clocks_choices[] = { "sweep", NULL };

/* Each rotating copy is two runtime allocations (device + staging) per
 * input, each its own mapping on ROCr: 8192 copies of three inputs stay under
 * Linux's default vm.max_map_count of 65530, where 1M copies failed after
 * 40 s. Checked before anything is allocated. */
#define GL_ROTATING_COUNT_MAX 8192u

#define O(field) offsetof(struct main_opts, field)
#define OPT_ARCH { "--arch", GL_OPT_STRING, O(arch), "ARCH", \
	"target processor: gfx900, gfx90a, gfx942 (default: the GPU's, or the emulator's gfx942)", \
	.size = sizeof(((struct main_opts *)0)->arch), .check = check_arch }
#define OPT_BACKEND { "--backend", GL_OPT_STRING, O(backend), "B", \
	"auto (ROCr if it has a matching GPU, else the emulator), rocr or emu (default auto)", \
	.size = sizeof(((struct main_opts *)0)->backend), .choices = backend_choices }
#define OPT_DEVICE { "--device", GL_OPT_UINT, O(device), "N", \
	"use the runtime's GPU number N (default 0)", .min = 0, .max = 63 }
#define OPT_TIMEOUT { "--timeout", GL_OPT_DOUBLE, O(timeout), "SECONDS", \
	"fail a dispatch that has not completed after SECONDS (default 10)", .max = 86400 }
#define OPT_COUNTERS(what) { "--counters", GL_OPT_FLAG, O(counters), NULL, \
	"emulator: " what " the dispatch counters (rocprofv3's SQ_INSTS_*, SQ_LDS_BANK_CONFLICT, TCC_HIT, ...; GCNLAB_* the emulator's own)", .min = 0 }
#define OPT_TRACE_WAVE { "--trace-wave", GL_OPT_UINT, O(trace_wave), "N", \
	"trace only wave N (flat id in dispatch order) instead of all waves summed (implies --trace)", \
	.min = 0, .max = 1u << 24 }

/* Hot or cold timing (gl_timing.h, gl_cold_cache.h), on run and exec. */
#define OPT_COLD \
	{ "--flush-cache", GL_OPT_FLAG, O(flush_cache), NULL, \
	  "cold mode: run the instruction-cache flush kernel before every timed dispatch (timed apart)", \
	  .min = 0 }, \
	{ "--flush-per-cu", GL_OPT_UINT, O(flush_per_cu), "N", \
	  "flush kernel workgroups per compute unit (default 60)", .min = 1, .max = 10000 }, \
	{ "--rotating-count", GL_OPT_UINT, O(rotating_count), "N", \
	  "cold mode: N copies of each input buffer, one per timed dispatch in turn (default 1: none)", \
	  .min = 1, .max = GL_ROTATING_COUNT_MAX }, \
	{ "--rotating-cap", GL_OPT_STRING, O(rotating_cap), "BYTES", \
	  "most bytes all rotating copies may take, e.g. 512M (default 2G); lowers N with a note", \
	  .size = sizeof(((struct main_opts *)0)->rotating_cap), .check = check_size }

static const struct gl_opt info_opts[] = {
	OPT_ARCH, OPT_BACKEND, OPT_DEVICE,
	{ "--json", GL_OPT_FLAG, O(json_out), NULL, "print one JSON object instead of the text", .min = 0 },
	{ 0 },
};

static const struct gl_opt list_opts[] = {
	{ "--arch", GL_OPT_STRING, O(arch), "ARCH",
	  "also show where each kernel's code object is in build/ARCH/ (or that it is not built)",
	  .size = sizeof(((struct main_opts *)0)->arch), .check = check_arch },
	{ 0 },
};

static const struct gl_opt run_opts[] = {
	OPT_ARCH, OPT_BACKEND, OPT_DEVICE,
	{ "--reps", GL_OPT_UINT, O(reps), "N", "timed dispatches per kernel (default 20)",
	  .min = 1, .max = 1000000 },
	{ "--warmup", GL_OPT_UINT, O(warmup), "N", "untimed dispatches before them (default 3)",
	  .min = 0, .max = 1000000 },
	{ "--out", GL_OPT_STRING, O(out), "DIR",
	  "results root: files go to DIR/<arch>-<backend>/<suite>.{csv,json,md} (default results)",
	  .size = PATH_MAX },
	{ "--clocks", GL_OPT_STRING, O(clocks), "sweep",
	  "run at every sclk x mclk state (hardware: rocm-smi as root; emulator: the profile's states)",
	  .size = sizeof(((struct main_opts *)0)->clocks), .choices = clocks_choices },
	OPT_COUNTERS("add as result columns (and write <suite>_counter_collection.csv, rocprofv3's layout)"),
	OPT_COLD,
	{ "--long", GL_OPT_FLAG, O(long_run), NULL,
	  "hardware-sized runs (more CUs, steps and repetitions; default: sized for the emulator)", .min = 0 },
	{ "--param", GL_OPT_STRING, O(params), "K=V[,K=V]",
	  "suite parameters, e.g. cus=8,strides=1:8:32 or latency.cus=8; repeatable (gcnlab list shows them)",
	  .size = GL_PARAMS_LEN },
	OPT_TIMEOUT,
	{ 0 },
};

static const struct gl_opt exec_opts[] = {
	{ "--grid", GL_OPT_DIMS, O(grid), "X[,Y[,Z]]",
	  "total work-items per dimension, as in the AQL packet (required)", .max = UINT32_MAX },
	{ "--block", GL_OPT_DIMS, O(block), "X[,Y[,Z]]", "work-items per workgroup (required)",
	  .max = UINT16_MAX },
	{ "--dynamic-lds", GL_OPT_UINT, O(dynamic_lds), "BYTES",
	  "LDS bytes added to the kernel's static group segment (default 0)", .min = 0,
	  .max = 1u << 20 },
	OPT_COUNTERS("print"),
	{ "--trace", GL_OPT_FLAG, O(trace), NULL,
	  "emulator: print the disassembly annotated per instruction (issues, cycles, stalls by cause)",
	  .min = 0 },
	OPT_TRACE_WAVE,
	{ "--stats", GL_OPT_FLAG, O(stats), NULL,
	  "print wave-instructions executed, host seconds and wave-instructions per host second",
	  .min = 0 },
	{ "--repeat", GL_OPT_UINT, O(repeat), "N",
	  "dispatch N times (default 1), printing each; caches stay warm unless --flush-cache/--rotating-count",
	  .min = 1, .max = 1000000 },
	{ "--reps", GL_OPT_UINT, O(exec_reps), "N",
	  "time N dispatches and print their median, min and max, as the suites do (default 20 with --warmup)",
	  .min = 1, .max = 1000000 },
	{ "--warmup", GL_OPT_UINT, O(exec_warmup), "N",
	  "untimed dispatches before the --reps ones (default 3)", .min = 0, .max = 1000000 },
	{ "--csv", GL_OPT_STRING, O(csv), "FILE",
	  "write the timing (and --counters' counters of the last dispatch) as CSV: a header and one row",
	  .size = PATH_MAX },
	{ "--json", GL_OPT_STRING, O(json), "FILE",
	  "write the timing, every sample and the counters as one JSON object", .size = PATH_MAX },
	{ "--counters-csv", GL_OPT_STRING, O(counters_csv), "FILE",
	  "emulator: write every dispatch's counters in rocprofv3's counter_collection.csv layout",
	  .size = PATH_MAX },
	OPT_COLD,
	OPT_TIMEOUT,
	{ "--arch", GL_OPT_STRING, O(arch), "ARCH",
	  "target processor (default: the code object's, which also picks the emulator profile)",
	  .size = sizeof(((struct main_opts *)0)->arch), .check = check_arch },
	OPT_BACKEND, OPT_DEVICE,
	{ 0 },
};

static const struct gl_opt trace_opts[] = {
	OPT_TRACE_WAVE, OPT_COUNTERS("also print"),
	{ "--launch-only", GL_OPT_FLAG, O(launch_only), NULL,
	  "print the suite's launch as gcnlab exec arguments (CODE_OBJECT KERNEL --grid .. ARG...) and stop",
	  .min = 0 },
	{ "--arch", GL_OPT_STRING, O(arch), "ARCH", "processor whose build/ARCH/ code object runs (default gfx942)",
	  .size = sizeof(((struct main_opts *)0)->arch), .check = check_arch },
	{ "--backend", GL_OPT_STRING, O(backend), "B", "emu (default), rocr or auto",
	  .size = sizeof(((struct main_opts *)0)->backend), .choices = backend_choices },
	OPT_DEVICE, OPT_TIMEOUT,
	{ 0 },
};
#undef O

static void defaults(struct main_opts *o)
{
	memset(o, 0, sizeof(*o));
	gl_str_copy(o->backend, sizeof(o->backend), "auto");
	o->reps = 20;
	o->warmup = 3;
	gl_str_copy(o->out, sizeof(o->out), "results");
	o->timeout = 10.0;
	o->trace_wave = UINT_MAX;
	o->repeat = 1;
	o->exec_warmup = UINT_MAX;
}

static void hsa_cfg_from(const struct main_opts *o, struct gl_hsa_cfg *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	gl_backend_parse(o->backend, &cfg->backend);   /* validated by the option table */
	gl_str_copy(cfg->arch, sizeof(cfg->arch), o->arch);
	cfg->device = o->device;
	cfg->timeout_s = o->timeout;
}

static void timing_mode_from(const struct main_opts *o, struct gl_timing_mode *m)
{
	memset(m, 0, sizeof(*m));
	m->flush_cache = o->flush_cache;
	m->flush_per_cu = o->flush_per_cu;
	m->rotating_count = o->rotating_count;
	if (o->rotating_cap[0])   /* validated by check_size */
		gl_args_parse_size(o->rotating_cap, &m->rotating_cap, NULL);
}

static int fail(const char *cmd, const struct gl_err *e, int code)
{
	fprintf(stderr, "%s: %s\n", cmd, e->msg);
	return code;
}

/* --- info ---------------------------------------------------------------- */

static int cmd_info(const char *cmd, int argc, char **argv);
static int cmd_list(const char *cmd, int argc, char **argv);
static int cmd_run(const char *cmd, int argc, char **argv);
static int cmd_exec(const char *cmd, int argc, char **argv);
static int cmd_trace(const char *cmd, int argc, char **argv);

static const struct command {
	const char *name;
	const char *usage;
	const char *brief;      /* one line for `gcnlab --help` */
	const char *summary;
	const struct gl_opt *opts;
	int (*fn)(const char *cmd, int argc, char **argv);
} commands[] = {
	{ "info", "gcnlab info [OPTIONS]", "show the backend, its agents and the GPU",
	  "Show the backend, the agents, and the GPU's ISA, compute units, wave size, LDS and clocks.",
	  info_opts, cmd_info },
	{ "list", "gcnlab list [--arch ARCH]", "list the suites and their kernels", "List the suites and their kernels.", list_opts, cmd_list },
	{ "run", "gcnlab run SUITE... [OPTIONS]", "run benchmark suites and write their results",
	  "Run benchmark suites: print a table per suite and write\n"
	  "<out>/<arch>-<backend>/<suite>.csv (+ its .json sidecar) and .md.",
	  run_opts, cmd_run },
	{ "exec", "gcnlab exec CODE_OBJECT KERNEL --grid X[,Y[,Z]] --block X[,Y[,Z]] [OPTIONS] ARG...",
	  "dispatch one kernel of a code object (once, or --reps times with statistics)",
	  "Dispatch one kernel once and print its GPU time. Each ARG fills the next explicit kernel\n"
	  "argument (hidden arguments are filled from the launch):\n"
	  "  buf:SIZE[:INIT]        device buffer; SIZE like 4096, 64K, 1M (1024-based)\n"
	  "  out:SIZE:PATH[:INIT]   device buffer written to PATH after the dispatch\n"
	  "  u8:V i8:V u16:V i16:V u32:V i32:V u64:V i64:V  integers (decimal or 0x hex)\n"
	  "  f16:V bf16:V f32:V f64:V  floating point (f16/bf16 rounded to nearest even)\n"
	  "  bool:V (b8:V)          one byte: 0, 1, true or false\n"
	  "  bytes:HEX              by-value struct/vector: its bytes in memory order, two hex\n"
	  "                         digits each, '_' allowed between bytes (e.g. bytes:0000803f_2a000000)\n"
	  "INIT: zero (default), iota32 (word i = i), rand:SEED (splitmix64), file:PATH.",
	  exec_opts, cmd_exec },
	{ "trace", "gcnlab trace KERNEL [OPTIONS]", "run one suite kernel with the per-instruction trace",
	  "Run one suite kernel as its suite launches it, once, with gcnlab exec --trace: the\n"
	  "disassembly annotated per instruction with issues, cycles and stalls by cause.",
	  trace_opts, cmd_trace },
	{ "compare", GL_COMPARE_USAGE, GL_COMPARE_BRIEF, GL_COMPARE_SUMMARY, gl_compare_opts, gl_compare_cmd },
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void command_help(const struct command *c)
{
	printf("Usage: %s\n\n%s\n\n", c->usage, c->summary);
	gl_opts_print_help(stdout, c->opts);
}

/* Parse a subcommand's options; returns -1 to continue, else an exit code. */
static int parse(const struct command *c, const char *cmd, int argc, char **argv,
                 struct main_opts *o, const char **pos, unsigned *npos)
{
	struct gl_err e;
	bool help;

	defaults(o);
	if (!gl_opts_parse(cmd, c->opts, o, argc, argv, pos, MAX_POSITIONAL, npos, &help, &e)) {
		fprintf(stderr, "%s\n", e.msg);
		return EXIT_USAGE;
	}
	if (help) {
		command_help(c);
		return 0;
	}
	if (!gl_env_check(&e)) {
		fprintf(stderr, "%s: %s\n", cmd, e.msg);
		return EXIT_USAGE;
	}
	return -1;
}

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static int cmd_info(const char *cmd, int argc, char **argv)
{
	struct main_opts o;
	const char *pos[MAX_POSITIONAL];
	unsigned npos;
	struct gl_hsa_cfg cfg;
	struct gl_hsa *h = NULL;
	struct gl_hsa_info info;
	struct gl_err e;
	int rc = parse(find_command("info"), cmd, argc, argv, &o, pos, &npos);

	if (rc >= 0)
		return rc;
	if (npos) {
		fprintf(stderr, "%s: unexpected argument '%s' (see %s --help)\n", cmd, pos[0], cmd);
		return EXIT_USAGE;
	}
	hsa_cfg_from(&o, &cfg);
	if (!gl_hsa_open(&cfg, &h, &e))
		return fail(cmd, &e, EXIT_FAILED);
	if (!gl_hsa_info(h, &info, &e)) {
		gl_hsa_close(h);
		return fail(cmd, &e, EXIT_FAILED);
	}
	if (o.json_out)
		gl_info_json(stdout, &info, gl_hsa_arch(h));
	else
		gl_info_print(stdout, &info, gl_hsa_arch(h));
	gl_hsa_close(h);
	return 0;
}

/* --- list ---------------------------------------------------------------- */

static void list_emit(void *user, const char *kernel, const char *detail)
{
	(void)user;
	printf("    %-24s %s\n", kernel, detail);
}

static int cmd_list(const char *cmd, int argc, char **argv)
{
	struct main_opts o;
	const char *pos[MAX_POSITIONAL];
	unsigned npos;
	struct gl_run_ctx ctx;
	int rc = parse(find_command("list"), cmd, argc, argv, &o, pos, &npos);

	if (rc >= 0)
		return rc;
	if (npos) {
		fprintf(stderr, "%s: unexpected argument '%s' (see %s --help)\n", cmd, pos[0], cmd);
		return EXIT_USAGE;
	}
	memset(&ctx, 0, sizeof(ctx));
	gl_str_copy(ctx.arch, sizeof(ctx.arch), o.arch);
	if (o.arch[0] && !gl_run_ctx_default_build_dir(ctx.build_dir, sizeof(ctx.build_dir))) {
		fprintf(stderr, "%s: cannot find the build directory (set GCNLAB_BUILD_DIR)\n", cmd);
		return EXIT_FAILED;
	}
	for (const struct gl_suite *const *s = gl_suites_all(); *s; s++) {
		printf("%s: %s\n", (*s)->name, (*s)->summary);
		if (!(*s)->list(&ctx, list_emit, NULL))
			return EXIT_FAILED;
		for (const struct gl_suite_param *p = (*s)->params; p && p->key; p++)
			printf("    --param %-18s %s\n", p->key, p->help);
	}
	return 0;
}

/* --- run ----------------------------------------------------------------- */

static int cmd_run(const char *cmd, int argc, char **argv)
{
	struct main_opts o;
	const char *pos[MAX_POSITIONAL];
	const struct gl_suite *suites[MAX_POSITIONAL];
	struct gl_rocprof rocprof = { 0 };
	unsigned npos;
	struct gl_run_ctx ctx;
	struct gl_err e;
	char results[PATH_MAX];
	char progress_last[512] = "";
	int lock = -1;
	int exit_code = 0;
	int rc = parse(find_command("run"), cmd, argc, argv, &o, pos, &npos);

	if (rc >= 0)
		return rc;
	if (npos == 0) {
		char names[256];

		gl_suites_names(names, sizeof(names));
		fprintf(stderr, "%s: name at least one suite (known: %s)\n", cmd, names);
		return EXIT_USAGE;
	}
	/* "all" (what `make run` passes by default) is every suite in order. */
	if (npos == 1 && strcmp(pos[0], "all") == 0) {
		npos = 0;
		for (const struct gl_suite *const *s = gl_suites_all(); *s && npos < MAX_POSITIONAL; s++)
			pos[npos++] = (*s)->name;
	}
	for (unsigned i = 0; i < npos; i++) {
		suites[i] = gl_suites_find(pos[i]);
		if (!suites[i]) {
			char names[256];

			gl_suites_names(names, sizeof(names));
			fprintf(stderr, "%s: unknown suite '%s' (known: %s, or all)\n", cmd, pos[i], names);
			return EXIT_USAGE;
		}
	}
	memset(&ctx, 0, sizeof(ctx));
	hsa_cfg_from(&o, &ctx.cfg);
	ctx.reps = o.reps;
	ctx.warmup = o.warmup;
	ctx.clock_sweep = strcmp(o.clocks, "sweep") == 0;
	ctx.progress = isatty(STDERR_FILENO);
	ctx.progress_lines = !ctx.progress;
	ctx.progress_last = progress_last;
	ctx.progress_last_len = sizeof(progress_last);
	ctx.counters = o.counters;
	ctx.long_run = o.long_run;
	if (!gl_params_from_argv(argc, argv, ctx.params, sizeof(ctx.params), &e) ||
	    !gl_params_check(ctx.params, suites, npos, &e))
		return fail(cmd, &e, EXIT_USAGE);
	timing_mode_from(&o, &ctx.timing);
	gl_str_copy(ctx.out_root, sizeof(ctx.out_root), o.out);
	gl_str_copy(ctx.arch, sizeof(ctx.arch), o.arch);
	if (!gl_run_ctx_default_build_dir(ctx.build_dir, sizeof(ctx.build_dir))) {
		fprintf(stderr, "%s: cannot find the build directory (set GCNLAB_BUILD_DIR)\n", cmd);
		return EXIT_FAILED;
	}
	/* --counters: every dispatch's counters also in rocprofv3's long
	 * layout, one <suite>_counter_collection.csv per suite. */
	if (ctx.counters) {
		if (!gl_rocprof_init(&rocprof, ctx.cfg.device, &e))
			return fail(cmd, &e, EXIT_FAILED);
		ctx.cfg.observe = gl_rocprof_observe;
		ctx.cfg.observe_user = &rocprof;
	}
	if (!gl_hsa_open(&ctx.cfg, &ctx.hsa, &e)) {
		gl_rocprof_free(&rocprof);
		return fail(cmd, &e, EXIT_FAILED);
	}
	/* One run at a time per results folder; leftovers of killed runs go. */
	if (!gl_run_ctx_results_dir(&ctx, results, sizeof(results), &e) || !gl_results_claim(results, &lock, &e)) {
		gl_hsa_close(ctx.hsa);
		return fail(cmd, &e, EXIT_USAGE);
	}
	if (ctx.counters && gl_hsa_backend(ctx.hsa) != GL_BACKEND_EMU)
		fprintf(stderr, "%s\n", gl_counters_unavailable());
	/* Every suite checks its --param values before any suite dispatches:
	 * a bad value for the last suite is bad input (exit 2), not a failure
	 * after the others ran. */
	ctx.params_only = true;
	for (unsigned i = 0; i < npos && ctx.params[0]; i++) {
		if (suites[i]->run(&ctx, &e) == GL_SUITE_ERROR) {
			fprintf(stderr, "%s: suite %s: %s\n", cmd, suites[i]->name, e.msg);
			gl_hsa_close(ctx.hsa);
			gl_results_release(lock);
			return gl_params_is_error(&e) ? EXIT_USAGE : EXIT_FAILED;
		}
	}
	ctx.params_only = false;
	for (unsigned i = 0; i < npos; i++) {
		int r;

		if (!ctx.hsa) {
			/* A suite's clock sweep could not reopen the backend. */
			struct gl_hsa_cfg cfg = ctx.cfg;

			cfg.quiet = true;
			if (!gl_hsa_open(&cfg, &ctx.hsa, &e)) {
				fprintf(stderr, "%s: %s: cannot reopen the backend: %s\n", cmd, suites[i]->name, e.msg);
				exit_code = EXIT_FAILED;
				break;
			}
		}
		/* Every suite starts from the same emulated GPU whether it runs
		 * alone or after others: a fresh one (caches, clocks, address
		 * layout), so that no figure depends on what ran before it. */
		if (i > 0 && gl_hsa_backend(ctx.hsa) == GL_BACKEND_EMU && !gl_run_ctx_reopen(&ctx, 0, 0, &e)) {
			fprintf(stderr, "%s: %s: cannot reopen the emulated GPU: %s\n", cmd, suites[i]->name, e.msg);
			exit_code = EXIT_FAILED;
			break;
		}
		/* The suite's files replace the old ones as one set. */
		if (!gl_results_set_begin(results, &e)) {
			fprintf(stderr, "%s: %s: %s\n", cmd, suites[i]->name, e.msg);
			exit_code = EXIT_FAILED;
			break;
		}
		ctx.timing.applied = false;
		r = suites[i]->run(&ctx, &e);
		if (gl_rocprof_rows(&rocprof)) {
			char cpath[PATH_MAX];
			struct gl_err ce;

			if (!gl_str_fmt(cpath, sizeof(cpath), "%s/%s_counter_collection.csv", results,
			                suites[i]->name) || !gl_rocprof_write(&rocprof, cpath, &ce)) {
				fprintf(stderr, "%s: suite %s: %s\n", cmd, suites[i]->name,
				        cpath[0] ? ce.msg : "counter_collection path too long");
				exit_code = EXIT_FAILED;
			} else {
				fprintf(stderr, "%s: wrote %s\n", suites[i]->name, cpath);
			}
		}
		{
			struct gl_err ce;

			if (!gl_results_set_commit(results, &ce)) {
				fprintf(stderr, "%s: suite %s: %s\n", cmd, suites[i]->name, ce.msg);
				exit_code = EXIT_FAILED;
			}
		}
		if (gl_timing_mode_cold(&ctx.timing) && !ctx.timing.applied)
			fprintf(stderr, "%s: suite %s times its own way: --flush-cache and --rotating-count did not apply to it\n",
			        cmd, suites[i]->name);
		if (r == GL_SUITE_ERROR)
			fprintf(stderr, "%s: suite %s: %s\n", cmd, suites[i]->name, e.msg);
		else if (r == GL_SUITE_FAILED)
			fprintf(stderr, "%s: suite %s: some kernels failed (see above)\n", cmd, suites[i]->name);
		if (r != GL_SUITE_OK)
			exit_code = EXIT_FAILED;
		if (r == GL_SUITE_ERROR && gl_params_is_error(&e)) {
			exit_code = EXIT_USAGE;   /* e.g. a --param value out of range */
			break;
		}
		if (gl_hsa_vm_fault(ctx.hsa)) {
			/* On ROCr the queues are gone: later suites would only time
			 * out. What was written stays. */
			fprintf(stderr, "%s: a GPU memory fault in kernel %s (suite %s) ended the run", cmd,
			        gl_hsa_vm_fault(ctx.hsa), suites[i]->name);
			for (unsigned j = i + 1; j < npos; j++)
				fprintf(stderr, "%s%s", j == i + 1 ? "; not run: " : ", ", suites[j]->name);
			fprintf(stderr, "\n");
			exit_code = EXIT_FAILED;
			break;
		}
	}
	gl_hsa_close(ctx.hsa);
	gl_results_release(lock);
	gl_rocprof_free(&rocprof);
	return exit_code;
}

/* --- exec ---------------------------------------------------------------- */

static int cmd_exec(const char *cmd, int argc, char **argv)
{
	struct main_opts o;
	const char *pos[MAX_POSITIONAL];
	unsigned npos, nargs;
	struct gl_arg *args = NULL;
	struct gl_kernarg_val *vals = NULL;
	struct gl_hsa_buf *bufs = NULL;
	struct gl_outfile *outs = NULL;
	void *file = NULL;
	size_t file_size;
	struct gcn_codeobj co;
	bool have_co = false;
	const struct gcn_kernel *km;
	struct gl_hsa_cfg cfg;
	struct gl_hsa *h = NULL;
	struct gl_hsa_code *code = NULL;
	struct gl_hsa_kernel k;
	struct gl_hsa_launch l;
	struct gl_exec_report rep = { 0 };
	struct gl_timing_mode tm;
	struct gl_cold_cache *cold = NULL;
	struct gl_hsa_buf *inputs = NULL;
	unsigned ninputs = 0;
	char build_dir[PATH_MAX];
	double flush_us = 0;
	struct gl_err e;
	char perr[512];
	double us;
	bool stats_mode;
	unsigned ntimed, nwarm;
	double *samples = NULL;
	struct gl_timing_stats st;
	struct gl_counters last_counters = { 0 };
	struct gl_rocprof rocprof = { 0 };
	int exit_code = EXIT_USAGE;
	int rc = parse(find_command("exec"), cmd, argc, argv, &o, pos, &npos);

	if (rc >= 0)
		return rc;
	if (npos < 2) {
		fprintf(stderr, "%s: expected CODE_OBJECT KERNEL [ARG...] (see %s --help)\n", cmd, cmd);
		return EXIT_USAGE;
	}
	if (!o.grid.n || !o.block.n) {
		fprintf(stderr, "%s: %s is required (see %s --help)\n", cmd, !o.grid.n ? "--grid" : "--block",
		        cmd);
		return EXIT_USAGE;
	}
	if (o.repeat > 1 && (o.exec_reps || o.exec_warmup != UINT_MAX)) {
		fprintf(stderr, "%s: --repeat prints every dispatch, --reps/--warmup summarise them: use one or the other\n",
		        cmd);
		return EXIT_USAGE;
	}
	nargs = npos - 2;
	args = calloc(nargs ? nargs : 1, sizeof(*args));
	vals = calloc(nargs ? nargs : 1, sizeof(*vals));
	bufs = calloc(nargs ? nargs : 1, sizeof(*bufs));
	outs = calloc(nargs ? nargs : 1, sizeof(*outs));
	if (!args || !vals || !bufs || !outs) {
		gl_err_set(&e, "out of memory");
		goto fail;
	}
	for (unsigned i = 0; i < nargs; i++) {
		if (!gl_args_parse(pos[2 + i], &args[i], &e) || !gl_args_check_init(&args[i], &e))
			goto fail;
		vals[i].label = args[i].text;
		if (args[i].kind == GL_ARG_OUT) {
			char what[GL_ARGS_PATH_MAX + 16];

			gl_str_fmt(what, sizeof(what), "argument '%s'", args[i].text);
			if (!gl_outfile_check(args[i].out_path, what, &outs[i], &e))
				goto fail;
		}
		if (gl_arg_is_buffer(&args[i])) {
			vals[i].kind = GL_KV_BUFFER;
		} else {
			vals[i].kind = GL_KV_SCALAR;
			vals[i].size = args[i].scalar_size;
			memcpy(vals[i].bytes, args[i].bytes, sizeof(vals[i].bytes));
		}
	}

	/* The code object first: it names the target and the kernel's
	 * arguments, so bad input fails before any runtime is loaded. */
	if (!gl_file_read(pos[0], "code object", &file, &file_size, &e))
		goto fail;
	if (!gcn_codeobj_parse(file, file_size, &co, perr, sizeof(perr))) {
		gl_err_set(&e, "%s: %s", pos[0], perr);
		goto fail;
	}
	have_co = true;
	km = gcn_codeobj_find_kernel(&co, pos[1]);
	if (!km) {
		char list[1024] = "";
		size_t used = 0;

		for (uint32_t i = 0; i < co.nkernels; i++) {
			if (!gl_str_fmt(list + used, sizeof(list) - used, "%s%s", i ? ", " : "", co.kernels[i].name))
				break;
			used += strlen(list + used);
		}
		gl_err_set(&e, "%s has no kernel %s (it has: %s)", pos[0], pos[1], co.nkernels ? list : "none");
		goto fail;
	}
	if (!gl_kernarg_check(km, vals, nargs, &e))
		goto fail;

	/* A code object runs only on its own processor: say so before loading
	 * any runtime (bad input, exit 2). */
	if (o.arch[0] && strcmp(o.arch, co.target.proc) != 0) {
		gl_err_set(&e, "%s is built for %s, not --arch %s: rebuild it for %s or drop --arch", pos[0],
		           co.target.proc, o.arch, o.arch);
		goto fail;
	}
	hsa_cfg_from(&o, &cfg);
	if (!cfg.arch[0])
		gl_str_copy(cfg.arch, sizeof(cfg.arch), co.target.proc);
	if (o.counters_csv[0]) {
		char what[PATH_MAX + 32];
		struct gl_outfile of;

		gl_str_fmt(what, sizeof(what), "--counters-csv %s", o.counters_csv);
		if (!gl_outfile_check(o.counters_csv, what, &of, &e) || !gl_rocprof_init(&rocprof, cfg.device, &e))
			goto fail;
		cfg.observe = gl_rocprof_observe;
		cfg.observe_user = &rocprof;
	}
	exit_code = EXIT_FAILED;
	if (!gl_hsa_open(&cfg, &h, &e))
		goto fail;
	/* The loader refusing the file, or the file lacking the kernel, is bad
	 * input found before anything runs (issue 19 item 8). */
	exit_code = EXIT_USAGE;
	if (!gl_hsa_code_load(h, pos[0], &code, &e) || !gl_hsa_kernel_get(h, code, pos[1], &k, &e))
		goto fail;
	exit_code = EXIT_FAILED;

	memset(&l, 0, sizeof(l));
	l.kernel = &k;
	l.args = vals;
	l.nargs = nargs;
	l.dims = o.grid.n > o.block.n ? o.grid.n : o.block.n;
	for (unsigned d = 0; d < 3; d++) {
		l.grid[d] = o.grid.v[d];
		l.block[d] = o.block.v[d];
	}
	l.dynamic_lds = o.dynamic_lds;
	if (!gl_hsa_launch_check(h, &l, &e)) {
		exit_code = EXIT_USAGE;
		goto fail;
	}
	for (unsigned i = 0; i < nargs; i++) {
		if (!gl_arg_is_buffer(&args[i]))
			continue;
		if (!gl_hsa_buf_create(h, args[i].size, &bufs[i], &e) ||
		    !gl_args_fill(&args[i], bufs[i].host, &e) || !gl_hsa_buf_upload(h, &bufs[i], &e))
			goto fail;
		vals[i].address = (uint64_t)(uintptr_t)bufs[i].dev;
	}
	/* Cold mode: the buf: arguments are the inputs that rotate. */
	timing_mode_from(&o, &tm);
	if (gl_timing_mode_cold(&tm)) {
		struct gl_cold_cache_info ci;
		char desc[400];

		inputs = calloc(nargs ? nargs : 1, sizeof(*inputs));
		if (!inputs) {
			gl_err_set(&e, "out of memory");
			goto fail;
		}
		for (unsigned i = 0; i < nargs; i++)
			if (args[i].kind == GL_ARG_BUF)
				inputs[ninputs++] = bufs[i];
		if (!gl_run_ctx_default_build_dir(build_dir, sizeof(build_dir))) {
			gl_err_set(&e, "cannot find the build directory for the flush kernel (set GCNLAB_BUILD_DIR)");
			goto fail;
		}
		if (!gl_cold_cache_open(h, build_dir, &tm, inputs, ninputs, cmd, &cold, &e))
			goto fail;
		gl_cold_cache_info(cold, &ci);
		gl_cold_cache_describe(&ci, desc, sizeof(desc));
		printf("timing: %s\n", desc);
	}
	/* --reps/--warmup: untimed warm-ups, then timed dispatches summarised
	 * as the suites do; without them every one of --repeat is printed. */
	stats_mode = o.exec_reps || o.exec_warmup != UINT_MAX;
	ntimed = stats_mode ? (o.exec_reps ? o.exec_reps : 20) : o.repeat;
	nwarm = stats_mode ? (o.exec_warmup != UINT_MAX ? o.exec_warmup : 3) : 0;
	samples = calloc(ntimed, sizeof(*samples));
	if (!samples) {
		gl_err_set(&e, "out of memory");
		goto fail;
	}
	rep.counters = o.counters && !stats_mode;
	rep.trace = o.trace || o.trace_wave != UINT_MAX;
	rep.trace_wave = o.trace_wave == UINT_MAX ? -1 : (int)o.trace_wave;
	rep.stats = o.stats;
	gl_exec_report_begin(&rep, h);
	for (unsigned w = 0; w < nwarm; w++)
		if (!gl_hsa_dispatch(h, cold ? gl_cold_cache_launch(cold, &l) : &l, &us, &e))
			goto fail;
	for (unsigned r = 0; r < ntimed; r++) {
		struct timespec t0, t1, c0, c1;

		if (cold && !gl_cold_cache_prepare(cold, r, &flush_us, &e))
			goto fail;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
		if (!gl_hsa_dispatch(h, cold ? gl_cold_cache_launch(cold, &l) : &l, &us, &e))
			goto fail;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		samples[r] = us;
		if (!stats_mode) {
			printf("%s: %.3f µs (GPU timestamps; grid %u,%u,%u, block %u,%u,%u", km->name, us, l.grid[0],
			       l.grid[1], l.grid[2], l.block[0], l.block[1], l.block[2]);
			if (gl_cold_cache_has_flush(cold))
				printf("; after flush_icache %.3f µs, not included", flush_us);
			if (gl_cold_cache_copies(cold) > 1)
				printf("; rotating copy %u of %u", gl_cold_cache_copy(cold), gl_cold_cache_copies(cold));
			printf(o.repeat > 1 ? "; dispatch %u of %u)\n" : ")\n", r + 1, o.repeat);
		}
		gl_exec_report_dispatch(&rep, h, r, ntimed,
		                   (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9,
		                   (double)(c1.tv_sec - c0.tv_sec) + (double)(c1.tv_nsec - c0.tv_nsec) * 1e-9);
	}
	gl_timing_stats(samples, ntimed, &st);
	if (stats_mode)
		printf("%s: median %.3f µs, min %.3f, max %.3f over %u dispatches after %u warm-up (GPU timestamps; grid %u,%u,%u, block %u,%u,%u%s)\n",
		       km->name, st.median_us, st.min_us, st.max_us, ntimed, nwarm, l.grid[0], l.grid[1],
		       l.grid[2], l.block[0], l.block[1], l.block[2],
		       gl_timing_mode_cold(&tm) ? "; cold, see timing:" : "");
	if (o.counters || o.csv[0] || o.json[0])
		gl_counters_read(h, &last_counters);   /* of the last dispatch */
	if (stats_mode && o.counters) {
		if (last_counters.valid) {
			printf("counters of the last dispatch:\n");
			gl_counters_print(stdout, &last_counters);
		} else {
			printf("%s\n", gl_counters_unavailable());
		}
	}
	gl_exec_report_end(&rep, h, km->name);
	if (o.csv[0] || o.json[0]) {
		struct gl_exec_result xr = {
			.kernel = km->name, .code = pos[0], .arch = gl_hsa_arch(h),
			.backend = gl_hsa_backend(h) == GL_BACKEND_EMU ? "emu" : "rocr",
			.warmup = nwarm, .samples = samples, .n = ntimed, .stats = st,
			.counters = o.counters ? &last_counters : NULL,
		};

		for (unsigned d = 0; d < 3; d++) {
			xr.grid[d] = l.grid[d];
			xr.block[d] = l.block[d];
		}
		if ((o.csv[0] && !gl_exec_out_csv(o.csv, &xr, &e)) || (o.json[0] && !gl_exec_out_json(o.json, &xr, &e)))
			goto fail;
		if (o.csv[0])
			printf("wrote %s\n", o.csv);
		if (o.json[0])
			printf("wrote %s\n", o.json);
	}
	if (o.counters_csv[0]) {
		if (!gl_rocprof_rows(&rocprof)) {
			gl_err_set(&e, "--counters-csv %s: %s", o.counters_csv, gl_counters_unavailable());
			goto fail;
		}
		if (!gl_rocprof_write(&rocprof, o.counters_csv, &e))
			goto fail;
		printf("wrote %s\n", o.counters_csv);
	}
	if (gl_cold_cache_has_flush(cold)) {
		char reach[160];

		gl_cold_cache_reach(cold, reach, sizeof(reach));
		printf("flush_icache: %s\n", reach);
	}
	for (unsigned i = 0; i < nargs; i++) {
		if (args[i].kind != GL_ARG_OUT)
			continue;
		if (!gl_hsa_buf_download(h, &bufs[i], &e) ||
		    !gl_outfile_write(&outs[i], bufs[i].host, bufs[i].size, &e))
			goto fail;
		printf("wrote %s (%llu bytes)\n", args[i].out_path, (unsigned long long)args[i].size);
	}
	exit_code = 0;
fail:
	if (exit_code)
		fprintf(stderr, "%s: %s\n", cmd, e.msg);
	gl_cold_cache_close(cold);
	gl_rocprof_free(&rocprof);
	free(inputs);
	free(samples);
	if (h) {
		for (unsigned i = 0; i < nargs; i++)
			gl_hsa_buf_destroy(h, &bufs[i]);
		gl_hsa_code_free(h, code);
		gl_hsa_close(h);
	}
	if (have_co)
		gcn_codeobj_free(&co);
	free(file);
	free(args);
	free(vals);
	free(bufs);
	free(outs);
	return exit_code;
}

/* --- trace --------------------------------------------------------------- */

/* The trace is the emulator's: --backend defaults to emu unless given. */
static bool backend_given(int argc, char **argv)
{
	for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--backend") == 0 || strncmp(argv[i], "--backend=", 10) == 0)
			return true;
	return false;
}

/* gcnlab trace KERNEL: the suite's own launch of KERNEL, run by cmd_exec
 * with --trace. */
static int cmd_trace(const char *cmd, int argc, char **argv)
{
	static char store[MAX_POSITIONAL][GL_SUITES_ARG_LEN];
	char *eargv[MAX_POSITIONAL + 16];
	char wave[16], timeout[32];
	struct main_opts o;
	const char *pos[MAX_POSITIONAL];
	unsigned npos, n;
	struct gl_run_ctx ctx;
	struct gl_suite_launch l;
	struct gl_err e;
	int rc = parse(find_command("trace"), cmd, argc, argv, &o, pos, &npos);

	if (rc >= 0)
		return rc;
	if (npos != 1) {
		fprintf(stderr, "%s: name one suite kernel (gcnlab list shows them; see %s --help)\n", cmd, cmd);
		return EXIT_USAGE;
	}
	memset(&ctx, 0, sizeof(ctx));
	gl_str_copy(ctx.arch, sizeof(ctx.arch), o.arch[0] ? o.arch : "gfx942");
	if (!gl_run_ctx_default_build_dir(ctx.build_dir, sizeof(ctx.build_dir))) {
		fprintf(stderr, "%s: cannot find the build directory (set GCNLAB_BUILD_DIR)\n", cmd);
		return EXIT_FAILED;
	}
	if (!gl_suites_find_launch(&ctx, pos[0], &l, &e))
		return fail(cmd, &e, EXIT_USAGE);
	n = gl_suites_exec_argv(&l, store, eargv, MAX_POSITIONAL);
	if (!n) {
		fprintf(stderr, "%s: the launch of %s does not fit the argument list\n", cmd, pos[0]);
		return EXIT_FAILED;
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
	return cmd_exec("gcnlab exec", (int)n, eargv);
}

/* --- main ---------------------------------------------------------------- */

/* `gcnlab help --markdown`: the README's command reference, from the
 * option tables themselves (tests/e2e/readme_ref.t keeps the README equal). */
static void help_markdown(FILE *f)
{
	for (size_t i = 0; i < NCOMMANDS; i++) {
		fprintf(f, "#### `gcnlab %s`\n\n`", commands[i].name);
		gl_opts_md_cell(f, commands[i].usage);
		fprintf(f, "` — %s.\n\n", commands[i].brief);
		gl_opts_print_markdown(f, commands[i].opts);
		fputc('\n', f);
	}
}

static void usage(FILE *f)
{
	fprintf(f, "Usage: gcnlab COMMAND [OPTIONS]\n\nCommands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].brief);
	fprintf(f, "\n'gcnlab COMMAND --help' describes a command.\n");
}

int main(int argc, char **argv)
{
	const struct command *c;
	char cmd[32];

	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "help") == 0 && argc == 3 && strcmp(argv[2], "--markdown") == 0) {
		help_markdown(stdout);
		return 0;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("gcnlab %s (git %s)\n", GL_VERSION, gl_version_git());
		return 0;
	}
	c = find_command(argv[1]);
	if (!c) {
		fprintf(stderr, "gcnlab: unknown command '%s' (commands: info, list, run, exec, trace, compare; see gcnlab --help)\n",
		        argv[1]);
		return EXIT_USAGE;
	}
	gl_str_fmt(cmd, sizeof(cmd), "gcnlab %s", c->name);
	return c->fn(cmd, argc - 2, argv + 2);
}
