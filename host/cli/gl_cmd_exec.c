/*
 * gl_cmd_exec — `gcnlab exec CODE_OBJECT KERNEL ARG...`: one kernel of any
 * code object, dispatched once, --repeat times, or --reps times with
 * statistics, hot or cold.
 */
#include "cli/gl_cmd.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gcn_codeobj.h"
#include "base/gl_file.h"
#include "base/gl_str.h"
#include "base/gl_suggest.h"
#include "cli/gl_exec_out.h"
#include "cli/gl_exec_report.h"
#include "cli/gl_timeline.h"
#include "cli/gl_outfile.h"
#include "gpu/gl_args.h"
#include "gpu/gl_kernarg.h"
#include "measure/gl_cold_cache.h"
#include "measure/gl_counters.h"
#include "measure/gl_rocprof.h"
#include "measure/gl_run_ctx.h"

static const struct gl_opt exec_opts[] = {
	{ "--grid", GL_OPT_DIMS, GL_CMD_O(grid), "X[,Y[,Z]]",
	  "total work-items per dimension, as in the AQL packet (required)", .max = UINT32_MAX },
	{ "--block", GL_OPT_DIMS, GL_CMD_O(block), "X[,Y[,Z]]", "work-items per workgroup (required)",
	  .max = UINT16_MAX },
	{ "--dynamic-lds", GL_OPT_UINT, GL_CMD_O(dynamic_lds), "BYTES",
	  "LDS bytes added to the kernel's static group segment (default 0)", .min = 0,
	  .max = 1u << 20 },
	GL_CMD_OPT_COUNTERS("print"),
	{ "--trace", GL_OPT_FLAG, GL_CMD_O(trace), NULL,
	  "emulator: print the disassembly annotated per instruction (issues, cycles, stalls by cause)",
	  .min = 0 },
	GL_CMD_OPT_TRACE_WAVE, GL_CMD_OPT_TRACE_SORT,
	{ "--stats", GL_OPT_FLAG, GL_CMD_O(stats), NULL,
	  "print wave-instructions executed, host seconds and wave-instructions per host second",
	  .min = 0 },
	{ "--repeat", GL_OPT_UINT, GL_CMD_O(repeat), "N",
	  "dispatch N times (default 1), printing each; caches stay warm unless --flush-cache/--rotating-count",
	  .min = 1, .max = 1000000 },
	{ "--reps", GL_OPT_UINT, GL_CMD_O(exec_reps), "N",
	  "time N dispatches and print their median, min and max, as the suites do (default 20 with --warmup)",
	  .min = 1, .max = 1000000 },
	{ "--warmup", GL_OPT_UINT, GL_CMD_O(exec_warmup), "N",
	  "untimed dispatches before the --reps ones (default 3)", .min = 0, .max = 1000000 },
	{ "--csv", GL_OPT_STRING, GL_CMD_O(csv), "FILE",
	  "write the timing (and --counters' counters of the last dispatch) as CSV: a header and one row",
	  .size = PATH_MAX },
	{ "--json", GL_OPT_STRING, GL_CMD_O(json), "FILE",
	  "write the timing, every sample and the counters as one JSON object", .size = PATH_MAX },
	{ "--counters-csv", GL_OPT_STRING, GL_CMD_O(counters_csv), "FILE",
	  "emulator: write every dispatch's counters in rocprofv3's counter_collection.csv layout",
	  .size = PATH_MAX },
	{ "--kernel-trace", GL_OPT_STRING, GL_CMD_O(kernel_trace), "FILE",
	  "write every dispatch in rocprofv3's kernel_trace.csv layout (one row each: ids, times, sizes)",
	  .size = PATH_MAX },
	GL_CMD_OPT_TIMELINE,
	GL_CMD_OPT_COLD,
	GL_CMD_OPT_TIMEOUT,
	{ "--arch", GL_OPT_STRING, GL_CMD_O(arch), "ARCH",
	  "target processor (default: the code object's, which also picks the emulator profile)",
	  .size = sizeof(((struct gl_cmd_opts *)0)->arch), .check = gl_cmd_check_arch },
	GL_CMD_OPT_BACKEND, GL_CMD_OPT_DEVICE, GL_CMD_OPT_VERBOSE,
	{ 0 },
};

/* One `gcnlab exec`: what it parsed, opened and measured, freed by
 * exec_free whatever stage it reached. */
struct exec {
	const char *cmd;
	struct gl_cmd_opts o;
	const char *pos[GL_CMD_MAX_POSITIONAL];   /* CODE_OBJECT KERNEL ARG... */
	unsigned npos, nargs;
	struct gl_arg *args;            /* [nargs] */
	struct gl_kernarg_val *vals;    /* [nargs] */
	struct gl_hsa_buf *bufs;        /* [nargs], buffers only */
	struct gl_outfile *outs;        /* [nargs], out: only */
	struct gl_outfile csv_out, json_out, counters_out;  /* --csv, --json, --counters-csv */
	struct gl_outfile timeline_out, html_out, ktrace_out;  /* --timeline(-html), --kernel-trace */
	struct gl_timeline tl;
	void *file;
	size_t file_size;
	struct gcn_codeobj co;
	bool have_co;
	const struct gcn_kernel *km;
	struct gl_hsa *h;
	struct gl_hsa_code *code;
	struct gl_hsa_kernel k;
	struct gl_hsa_launch l;
	struct gl_timing_mode tm;
	struct gl_cold_cache *cold;
	struct gl_hsa_buf *inputs;      /* cold mode: the buf: arguments, which rotate */
	bool stats_mode;                /* --reps/--warmup: summarised */
	unsigned ntimed, nwarm;
	double *samples;                /* [ntimed] */
	struct gl_timing_stats st;
	struct gl_counters last_counters;
	struct gl_rocprof rocprof;
	struct gl_exec_report rep;
};

/* The positional and option checks that need no file: -1 when fine, else
 * the exit code (message printed). */
static int check_usage(const struct exec *x)
{
	const char *cmd = x->cmd;

	if (x->npos < 2) {
		fprintf(stderr, "%s: expected CODE_OBJECT KERNEL [ARG...] (see %s --help)\n", cmd, cmd);
		return GL_CMD_EXIT_USAGE;
	}
	if (!x->o.grid.n || !x->o.block.n) {
		fprintf(stderr, "%s: %s is required (see %s --help)\n", cmd, !x->o.grid.n ? "--grid" : "--block",
		        cmd);
		return GL_CMD_EXIT_USAGE;
	}
	if (x->o.repeat > 1 && (x->o.exec_reps || x->o.exec_warmup != UINT_MAX)) {
		fprintf(stderr, "%s: --repeat prints every dispatch, --reps/--warmup summarise them: use one or the other\n",
		        cmd);
		return GL_CMD_EXIT_USAGE;
	}
	return -1;
}

/* --csv, --json and --counters-csv: checked before anything runs, written
 * as the out: buffers are (gl_outfile). */
static bool check_file_opts(struct exec *x, struct gl_err *e)
{
	const struct { const char *opt, *path; struct gl_outfile *out; } files[] = {
		{ "--csv", x->o.csv, &x->csv_out },
		{ "--json", x->o.json, &x->json_out },
		{ "--counters-csv", x->o.counters_csv, &x->counters_out },
		{ "--timeline", x->o.timeline, &x->timeline_out },
		{ "--timeline-html", x->o.timeline_html, &x->html_out },
		{ "--kernel-trace", x->o.kernel_trace, &x->ktrace_out },
	};

	for (unsigned i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char what[PATH_MAX + 32];

		if (!files[i].path[0])
			continue;
		gl_str_fmt(what, sizeof(what), "%s %s", files[i].opt, files[i].path);
		if (!gl_outfile_check(files[i].path, what, files[i].out, e))
			return false;
	}
	return true;
}

/* Each ARG into its kernel argument value; out: paths checked now. */
static bool parse_args(struct exec *x, struct gl_err *e)
{
	unsigned n = x->nargs ? x->nargs : 1;

	x->args = calloc(n, sizeof(*x->args));
	x->vals = calloc(n, sizeof(*x->vals));
	x->bufs = calloc(n, sizeof(*x->bufs));
	x->outs = calloc(n, sizeof(*x->outs));
	if (!x->args || !x->vals || !x->bufs || !x->outs)
		return gl_err_set(e, "out of memory");
	for (unsigned i = 0; i < x->nargs; i++) {
		struct gl_arg *a = &x->args[i];
		struct gl_kernarg_val *v = &x->vals[i];

		if (!gl_args_parse(x->pos[2 + i], a, e) || !gl_args_check_init(a, e))
			return false;
		v->label = a->text;
		if (a->kind == GL_ARG_OUT) {
			char what[GL_ARGS_PATH_MAX + 16];

			gl_str_fmt(what, sizeof(what), "argument '%s'", a->text);
			if (!gl_outfile_check(a->out_path, what, &x->outs[i], e))
				return false;
		}
		if (gl_arg_is_buffer(a)) {
			v->kind = GL_KV_BUFFER;
		} else {
			v->kind = GL_KV_SCALAR;
			v->size = a->scalar_size;
			memcpy(v->bytes, a->bytes, sizeof(v->bytes));
		}
	}
	return check_file_opts(x, e);
}

/* "CODE has no kernel K; did you mean K2? (it has: a, b)". */
static bool no_such_kernel(const struct exec *x, struct gl_err *e)
{
	char list[1024] = "", mean[160] = "";
	size_t used = 0;
	struct gl_suggest sg;

	gl_suggest_init(&sg, x->pos[1]);
	for (uint32_t i = 0; i < x->co.nkernels; i++) {
		gl_suggest_offer(&sg, x->co.kernels[i].name);
		if (used < sizeof(list) &&
		    gl_str_fmt(list + used, sizeof(list) - used, "%s%s", i ? ", " : "", x->co.kernels[i].name))
			used += strlen(list + used);
	}
	if (gl_suggest_best(&sg))
		gl_str_fmt(mean, sizeof(mean), "; did you mean %s?", gl_suggest_best(&sg));
	return gl_err_set(e, "%s has no kernel %s%s (it has: %s)", x->pos[0], x->pos[1], mean,
	                  x->co.nkernels ? list : "none");
}

/* The code object first: it names the target and the kernel's arguments,
 * so bad input fails before any runtime is loaded. A code object runs only
 * on its own processor: say so before loading any runtime too. */
static bool read_code_object(struct exec *x, struct gl_err *e)
{
	char perr[512];

	if (!gl_file_read(x->pos[0], "code object", &x->file, &x->file_size, e))
		return false;
	if (!gcn_codeobj_parse(x->file, x->file_size, &x->co, perr, sizeof(perr)))
		return gl_err_set(e, "%s: %s", x->pos[0], perr);
	x->have_co = true;
	x->km = gcn_codeobj_find_kernel(&x->co, x->pos[1]);
	if (!x->km)
		return no_such_kernel(x, e);
	if (!gl_kernarg_check(x->km, x->vals, x->nargs, e))
		return false;
	if (x->o.arch[0] && strcmp(x->o.arch, x->co.target.proc) != 0)
		return gl_err_set(e, "%s is built for %s, not --arch %s: rebuild it for %s or drop --arch", x->pos[0],
		                  x->co.target.proc, x->o.arch, x->o.arch);
	return true;
}

/* The backend to open: the options, the code object's processor, and
 * --counters-csv's observer. */
static bool backend_cfg(struct exec *x, struct gl_hsa_cfg *cfg, struct gl_err *e)
{
	gl_cmd_hsa_cfg(&x->o, cfg);
	if (!cfg->arch[0])
		gl_str_copy(cfg->arch, sizeof(cfg->arch), x->co.target.proc);
	if (x->o.counters_csv[0] || x->o.kernel_trace[0]) {
		if (!gl_rocprof_init(&x->rocprof, cfg->device, e))
			return false;
		x->rocprof.kernel_trace = x->o.kernel_trace[0] != '\0';
		x->rocprof.skip_counters = !x->o.counters_csv[0];
		cfg->observe = gl_rocprof_observe;
		cfg->observe_user = &x->rocprof;
	}
	return true;
}

/* The kernel as the runtime loads it, and the launch checked against it:
 * a refusal here is bad input found before anything runs (issue 19 item 8). */
static bool load_launch(struct exec *x, struct gl_err *e)
{
	struct gl_hsa_launch *l = &x->l;

	if (!gl_hsa_code_load(x->h, x->pos[0], &x->code, e) || !gl_hsa_kernel_get(x->h, x->code, x->pos[1], &x->k, e))
		return false;
	memset(l, 0, sizeof(*l));
	l->kernel = &x->k;
	l->args = x->vals;
	l->nargs = x->nargs;
	l->dims = x->o.grid.n > x->o.block.n ? x->o.grid.n : x->o.block.n;
	for (unsigned d = 0; d < 3; d++) {
		l->grid[d] = x->o.grid.v[d];
		l->block[d] = x->o.block.v[d];
	}
	l->dynamic_lds = x->o.dynamic_lds;
	return gl_hsa_launch_check(x->h, l, e);
}

/* Explicit argument i's name in the metadata ("" when it has none). */
static const char *arg_name(const struct exec *x, unsigned i)
{
	unsigned n = 0;

	for (uint32_t j = 0; j < x->km->nargs; j++)
		if (!x->km->args[j].hidden && n++ == i)
			return x->km->args[j].name;
	return "";
}

/* "argument 0 'in' (buf:4K:iota32: 4096 bytes at 0x200000200000-0x200000201000)" */
static void buf_text(const struct exec *x, unsigned i, char *buf, size_t len)
{
	const char *name = arg_name(x, i);
	uint64_t base = x->vals[i].address;

	gl_str_fmt(buf, len, "argument %u%s%s%s (%s: %llu bytes at 0x%llx-0x%llx)", i, name[0] ? " '" : "", name,
	           name[0] ? "'" : "", x->args[i].text, (unsigned long long)x->args[i].size,
	           (unsigned long long)base, (unsigned long long)(base + x->args[i].size));
}

/* --verbose: where each buffer argument is. */
static void print_buffers(const struct exec *x)
{
	for (unsigned i = 0; i < x->nargs; i++) {
		char text[GL_ARGS_PATH_MAX + 256];

		if (!gl_arg_is_buffer(&x->args[i]))
			continue;
		buf_text(x, i, text, sizeof(text));
		printf("%s\n", text);
	}
}

/* After a memory fault: the buffer argument the address is in or nearest
 * past the end of, and by how much (what to grow, or which index to fix). */
static void explain_fault(const struct exec *x)
{
	uint64_t addr, best_d = UINT64_MAX;
	int best = -1;
	bool in = false;
	char text[GL_ARGS_PATH_MAX + 256];

	if (!x->h || !gl_hsa_vm_fault_address(x->h, &addr))
		return;
	for (unsigned i = 0; i < x->nargs && !in; i++) {
		uint64_t base = x->vals[i].address, end = base + x->args[i].size;

		if (!gl_arg_is_buffer(&x->args[i]) || addr < base)
			continue;
		in = addr < end;
		if (in || addr - end < best_d) {
			best = (int)i;
			best_d = in ? 0 : addr - end;
		}
	}
	if (best < 0) {
		fprintf(stderr, "%s: the fault address 0x%llx is below every buffer argument\n", x->cmd,
		        (unsigned long long)addr);
		return;
	}
	buf_text(x, (unsigned)best, text, sizeof(text));
	if (in)
		fprintf(stderr, "%s: the fault address 0x%llx is inside %s\n", x->cmd, (unsigned long long)addr, text);
	else
		fprintf(stderr, "%s: the fault address 0x%llx is %llu byte(s) past the end of %s: is that buffer too "
		        "small, or the kernel's index wrong?\n", x->cmd, (unsigned long long)addr,
		        (unsigned long long)best_d, text);
}

static bool upload_args(struct exec *x, struct gl_err *e)
{
	for (unsigned i = 0; i < x->nargs; i++) {
		if (!gl_arg_is_buffer(&x->args[i]))
			continue;
		if (!gl_hsa_buf_create(x->h, x->args[i].size, &x->bufs[i], e) ||
		    !gl_args_fill(&x->args[i], x->bufs[i].host, e) || !gl_hsa_buf_upload(x->h, &x->bufs[i], e))
			return false;
		x->vals[i].address = (uint64_t)(uintptr_t)x->bufs[i].dev;
	}
	if (x->o.verbose)
		print_buffers(x);
	return true;
}

/* Cold mode: the buf: arguments are the inputs that rotate. */
static bool open_cold(struct exec *x, struct gl_err *e)
{
	struct gl_cold_cache_info ci;
	char build_dir[PATH_MAX], desc[400];
	unsigned ninputs = 0;

	gl_cmd_timing_mode(&x->o, &x->tm);
	if (!gl_timing_mode_cold(&x->tm))
		return true;
	x->inputs = calloc(x->nargs ? x->nargs : 1, sizeof(*x->inputs));
	if (!x->inputs)
		return gl_err_set(e, "out of memory");
	for (unsigned i = 0; i < x->nargs; i++)
		if (x->args[i].kind == GL_ARG_BUF)
			x->inputs[ninputs++] = x->bufs[i];
	if (!gl_run_ctx_default_build_dir(build_dir, sizeof(build_dir)))
		return gl_err_set(e, "cannot find the build directory for the flush kernel (set GCNLAB_BUILD_DIR)");
	if (!gl_cold_cache_open(x->h, build_dir, &x->tm, x->inputs, ninputs, x->cmd, &x->cold, e))
		return false;
	gl_cold_cache_info(x->cold, &ci);
	gl_cold_cache_describe(&ci, desc, sizeof(desc));
	printf("timing: %s\n", desc);
	return true;
}

static double seconds(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) * 1e-9;
}

/* The first dispatch of freshly loaded code fetched its instructions
 * cold (the suites time warm dispatches): say so, with the emulator's
 * instruction-cache misses when it counts them. */
static void print_cold_note(const struct exec *x)
{
	struct gl_counters c;
	uint64_t miss;
	char n[64] = "";

	gl_counters_read(x->h, &c);
	if (gl_counters_get(&c, "SQC_ICACHE_MISSES", &miss) || gl_counters_get(&c, "GCNLAB_SQC_ICACHE_MISSES", &miss))
		gl_str_fmt(n, sizeof(n), " (%llu instruction-cache misses)", (unsigned long long)miss);
	printf("note: dispatch 1 ran cold: the first dispatch of this code fetched its instructions%s; "
	       "--warmup 1 --reps 5 times warm dispatches as the suites do\n", n);
}

/* Without --reps/--warmup every dispatch is printed. */
static void print_dispatch(const struct exec *x, unsigned r, double us, double flush_us)
{
	const struct gl_hsa_launch *l = &x->l;
	bool cold_first = r == 0 && !x->cold;

	printf("%s: %.3f µs (GPU timestamps; grid %u,%u,%u, block %u,%u,%u", x->km->name, us, l->grid[0],
	       l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2]);
	if (gl_cold_cache_has_flush(x->cold))
		printf("; after flush_icache %.3f µs, not included", flush_us);
	if (gl_cold_cache_copies(x->cold) > 1)
		printf("; rotating copy %u of %u", gl_cold_cache_copy(x->cold), gl_cold_cache_copies(x->cold));
	if (cold_first)
		printf("; cold");
	printf(x->o.repeat > 1 ? "; dispatch %u of %u)\n" : ")\n", r + 1, x->o.repeat);
	if (cold_first)
		print_cold_note(x);
}

/* Dispatch i (0-based, warm-ups first), with its timeline if it is the
 * one --timeline records. */
static bool dispatch_one(struct exec *x, unsigned i, double *us, struct gl_err *e)
{
	bool tl = gl_timeline_wanted(&x->o);

	return (!tl || gl_timeline_before(&x->tl, x->h, i, e)) &&
	       gl_hsa_dispatch(x->h, x->cold ? gl_cold_cache_launch(x->cold, &x->l) : &x->l, us, e) &&
	       (!tl || gl_timeline_after(&x->tl, x->h, i, e));
}

/* --reps/--warmup: untimed warm-ups, then timed dispatches summarised as
 * the suites do; without them every one of --repeat is printed. */
static bool dispatch_all(struct exec *x, struct gl_err *e)
{
	double us, flush_us = 0;

	x->stats_mode = x->o.exec_reps || x->o.exec_warmup != UINT_MAX;
	x->ntimed = x->stats_mode ? (x->o.exec_reps ? x->o.exec_reps : 20) : x->o.repeat;
	x->nwarm = x->stats_mode ? (x->o.exec_warmup != UINT_MAX ? x->o.exec_warmup : 3) : 0;
	x->samples = calloc(x->ntimed, sizeof(*x->samples));
	if (!x->samples)
		return gl_err_set(e, "out of memory");
	x->rep.counters = x->o.counters && !x->stats_mode;
	x->rep.trace = x->o.trace || x->o.trace_wave != UINT_MAX;
	x->rep.trace_wave = x->o.trace_wave == UINT_MAX ? -1 : (int)x->o.trace_wave;
	x->rep.stats = x->o.stats;
	x->rep.trace_sort = x->o.trace_sort[0] ? x->o.trace_sort : NULL;
	x->rep.trace_top = x->o.trace_top;
	x->rep.warmups = x->nwarm;
	x->rep.cold_mode = x->cold != NULL;
	gl_exec_report_begin(&x->rep, x->h);
	if (gl_timeline_wanted(&x->o) && !gl_timeline_init(&x->tl, &x->o, x->nwarm + x->ntimed, e))
		return false;
	for (unsigned w = 0; w < x->nwarm; w++)
		if (!dispatch_one(x, w, &us, e))
			return false;
	for (unsigned r = 0; r < x->ntimed; r++) {
		struct timespec t0, t1, c0, c1;

		if (x->cold && !gl_cold_cache_prepare(x->cold, r, &flush_us, e))
			return false;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
		if (!dispatch_one(x, x->nwarm + r, &us, e))
			return false;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		x->samples[r] = us;
		if (!x->stats_mode)
			print_dispatch(x, r, us, flush_us);
		gl_exec_report_dispatch(&x->rep, x->h, r, x->ntimed, seconds(&t0, &t1), seconds(&c0, &c1));
	}
	return true;
}

/* The statistics (--reps), the last dispatch's counters, the report. */
static void print_summary(struct exec *x)
{
	const struct gl_hsa_launch *l = &x->l;

	gl_timing_stats(x->samples, x->ntimed, &x->st);
	if (x->stats_mode)
		printf("%s: median %.3f µs, min %.3f, max %.3f over %u dispatches after %u warm-up (GPU timestamps; grid %u,%u,%u, block %u,%u,%u%s)\n",
		       x->km->name, x->st.median_us, x->st.min_us, x->st.max_us, x->ntimed, x->nwarm, l->grid[0],
		       l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2],
		       gl_timing_mode_cold(&x->tm) ? "; cold, see timing:" : "");
	if (x->stats_mode && !x->nwarm && !x->cold)
		printf("note: --warmup 0: the first of the %u timed dispatches fetched the code cold (max %.3f µs)\n",
		       x->ntimed, x->st.max_us);
	if (x->o.counters || x->o.csv[0] || x->o.json[0])
		gl_counters_read(x->h, &x->last_counters);   /* of the last dispatch */
	if (x->stats_mode && x->o.counters) {
		if (x->last_counters.valid) {
			printf("counters of the last dispatch:\n");
			gl_counters_print(stdout, &x->last_counters);
		} else {
			printf("%s\n", gl_counters_unavailable());
		}
	}
	gl_exec_report_end(&x->rep, x->h, x->km->name);
}

/* --csv and --json: the timing (and counters) as files. */
static bool write_timing(const struct exec *x, struct gl_err *e)
{
	struct gl_exec_result xr = {
		.kernel = x->km->name, .code = x->pos[0], .arch = gl_hsa_arch(x->h),
		.backend = gl_backend_name(gl_hsa_backend(x->h)),
		.warmup = x->nwarm, .samples = x->samples, .n = x->ntimed, .stats = x->st,
		.counters = x->o.counters ? &x->last_counters : NULL,
	};

	for (unsigned d = 0; d < 3; d++) {
		xr.grid[d] = x->l.grid[d];
		xr.block[d] = x->l.block[d];
	}
	if ((x->o.csv[0] && !gl_exec_out_csv(&x->csv_out, &xr, e)) ||
	    (x->o.json[0] && !gl_exec_out_json(&x->json_out, &xr, e)))
		return false;
	if (x->o.csv[0])
		printf("wrote %s\n", x->o.csv);
	if (x->o.json[0])
		printf("wrote %s\n", x->o.json);
	return true;
}

/* Every file asked for: --csv/--json, --counters-csv, the out: buffers;
 * and where the flush reached. */
static bool write_outputs(struct exec *x, struct gl_err *e)
{
	if ((x->o.csv[0] || x->o.json[0]) && !write_timing(x, e))
		return false;
	if (x->o.kernel_trace[0]) {   /* before the counters, whose take starts over */
		char *text = NULL;
		size_t len = 0;
		bool ok = gl_rocprof_kernel_take(&x->rocprof, &text, &len, e) &&
		          gl_outfile_write(&x->ktrace_out, text, len, e);

		free(text);
		if (!ok)
			return false;
		printf("wrote %s\n", x->o.kernel_trace);
	}
	if (x->o.counters_csv[0]) {
		if (!gl_rocprof_rows(&x->rocprof))
			return gl_err_set(e, "--counters-csv %s: %s", x->o.counters_csv, gl_counters_unavailable());
		char *text = NULL;
		size_t len = 0;
		bool ok = gl_rocprof_take(&x->rocprof, &text, &len, e) &&
		          gl_outfile_write(&x->counters_out, text, len, e);

		free(text);
		if (!ok)
			return false;
		printf("wrote %s\n", x->o.counters_csv);
	}
	if (gl_timeline_wanted(&x->o) &&
	    !gl_timeline_write(&x->tl, &x->timeline_out, &x->html_out, x->km->name, gl_hsa_arch(x->h), e))
		return false;
	if (gl_cold_cache_has_flush(x->cold)) {
		char reach[160];

		gl_cold_cache_reach(x->cold, reach, sizeof(reach));
		printf("flush_icache: %s\n", reach);
	}
	for (unsigned i = 0; i < x->nargs; i++) {
		const struct gl_arg *a = &x->args[i];

		if (a->kind != GL_ARG_OUT)
			continue;
		if (!gl_hsa_buf_download(x->h, &x->bufs[i], e) ||
		    !gl_outfile_write(&x->outs[i], x->bufs[i].host, x->bufs[i].size, e))
			return false;
		printf("wrote %s (%llu bytes)\n", a->out_path, (unsigned long long)a->size);
	}
	return true;
}

static void exec_free(struct exec *x)
{
	gl_cold_cache_close(x->cold);
	gl_rocprof_free(&x->rocprof);
	gl_timeline_free(&x->tl);
	free(x->inputs);
	free(x->samples);
	if (x->h) {
		for (unsigned i = 0; i < x->nargs; i++)
			gl_hsa_buf_destroy(x->h, &x->bufs[i]);
		gl_hsa_code_free(x->h, x->code);
		gl_hsa_close(x->h);
	}
	if (x->have_co)
		gcn_codeobj_free(&x->co);
	free(x->file);
	free(x->args);
	free(x->vals);
	free(x->bufs);
	free(x->outs);
}

/* Bad input (exit 2) is everything found before the backend opens, and the
 * loader's or the launch check's refusal after it; the rest fails (1). */
static int exec_main(const char *cmd, int argc, char **argv)
{
	struct exec x = { .cmd = cmd };
	struct gl_hsa_cfg cfg;
	struct gl_err e;
	int exit_code = gl_cmd_parse(&gl_cmd_exec, cmd, argc, argv, &x.o, x.pos, &x.npos);

	if (exit_code >= 0)
		return exit_code;
	exit_code = check_usage(&x);
	if (exit_code >= 0)
		return exit_code;
	x.nargs = x.npos - 2;
	exit_code = GL_CMD_EXIT_USAGE;
	if (!parse_args(&x, &e) || !read_code_object(&x, &e) || !backend_cfg(&x, &cfg, &e))
		goto fail;
	exit_code = GL_CMD_EXIT_FAILED;
	if (!gl_hsa_open(&cfg, &x.h, &e))
		goto fail;
	exit_code = GL_CMD_EXIT_USAGE;
	if (!load_launch(&x, &e))
		goto fail;
	exit_code = GL_CMD_EXIT_FAILED;
	if (!upload_args(&x, &e) || !open_cold(&x, &e) || !dispatch_all(&x, &e))
		goto fail;
	print_summary(&x);
	if (!write_outputs(&x, &e))
		goto fail;
	exit_code = 0;
fail:
	if (exit_code) {
		fprintf(stderr, "%s: %s\n", cmd, e.msg);
		explain_fault(&x);
	}
	exec_free(&x);
	return exit_code;
}

const struct gl_cmd gl_cmd_exec = {
	.name = "exec",
	.usage = "gcnlab exec CODE_OBJECT KERNEL --grid X[,Y[,Z]] --block X[,Y[,Z]] [OPTIONS] ARG...",
	.brief = "dispatch one kernel of a code object (once, or --reps times with statistics)",
	.summary = "Dispatch one kernel once and print its GPU time. Each ARG fills the next explicit kernel\n"
	           "argument (hidden arguments are filled from the launch):\n"
	           "  buf:SIZE[:INIT]        device buffer; SIZE like 4096, 64K, 1M (1024-based)\n"
	           "  out:SIZE:PATH[:INIT]   device buffer written to PATH after the dispatch\n"
	           "  u8:V i8:V u16:V i16:V u32:V i32:V u64:V i64:V  integers (decimal or 0x hex)\n"
	           "  f16:V bf16:V f32:V f64:V  floating point (f16/bf16 rounded to nearest even)\n"
	           "  bool:V (b8:V)          one byte: 0, 1, true or false\n"
	           "  bytes:HEX              by-value struct/vector: its bytes in memory order, two hex\n"
	           "                         digits each, '_' allowed between bytes (e.g. bytes:0000803f_2a000000)\n"
	           "INIT: zero (default), iota32 (word i = i), rand:SEED (splitmix64), file:PATH.",
	.opts = exec_opts,
	.fn = exec_main,
};
