/*
 * gl_cmd_run — `gcnlab run SUITE...`: open the backend once, check every
 * suite's --param values, then run the suites in order, each on a fresh
 * emulated GPU, each writing its results as one set; on the emulator side
 * by side, one process per suite (gl_run_jobs.h) and per group of a
 * suite's sweep points (gl_run_points.h), as if in order.
 */
#include "cli/gl_cmd.h"
#include "cli/gl_run_jobs.h"
#include "cli/gl_run_points.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/gl_str.h"
#include "measure/gl_counters.h"
#include "measure/gl_rocprof.h"
#include "measure/gl_run_ctx.h"
#include "report/gl_results.h"
#include "report/gl_results_set.h"
#include "suites/gl_params.h"
#include "suites/gl_suite.h"

static const struct gl_opt run_opts[] = {
	GL_CMD_OPT_ARCH, GL_CMD_OPT_BACKEND, GL_CMD_OPT_DEVICE,
	{ "--reps", GL_OPT_UINT, GL_CMD_O(reps), "N", "timed dispatches per kernel (default 20)",
	  .min = 1, .max = 1000000 },
	{ "--warmup", GL_OPT_UINT, GL_CMD_O(warmup), "N", "untimed dispatches before them (default 3)",
	  .min = 0, .max = 1000000 },
	{ "--out", GL_OPT_STRING, GL_CMD_O(out), "DIR",
	  "results root: files go to DIR/<arch>-<backend>/<suite>.{csv,json,md} (default results)",
	  .size = PATH_MAX },
	{ "--clocks", GL_OPT_STRING, GL_CMD_O(clocks), "sweep",
	  "run at every sclk x mclk state (hardware: rocm-smi as root; emulator: the profile's states)",
	  .size = sizeof(((struct gl_cmd_opts *)0)->clocks), .choices = gl_cmd_clocks_choices },
	GL_CMD_OPT_COUNTERS("add as result columns (and write <suite>_counter_collection.csv, rocprofv3's layout)"),
	{ "--kernel-trace", GL_OPT_FLAG, GL_CMD_O(kernel_trace_on), NULL,
	  "write <suite>_kernel_trace.csv: every dispatch in rocprofv3's kernel trace layout", .min = 0 },
	GL_CMD_OPT_COLD,
	{ "--long", GL_OPT_FLAG, GL_CMD_O(long_run), NULL,
	  "hardware-sized runs (more CUs, steps and repetitions; default: sized for the emulator)", .min = 0 },
	{ "--param", GL_OPT_STRING, GL_CMD_O(params), "K=V[,K=V]",
	  "suite parameters, e.g. cus=8,strides=1:8:32 or latency.cus=8; repeatable (gcnlab list shows them)",
	  .size = GL_PARAMS_LEN },
	{ "--diffs", GL_OPT_FLAG, GL_CMD_O(all_diffs), NULL,
	  "list every figure that differs from results/reference/, reference -> this run and % (default: the first 3)",
	  .min = 0 },
	{ "--jobs", GL_OPT_UINT, GL_CMD_O(jobs), "N",
	  "emulator: N processes at once for suites side by side and a suite's independent sweep points side by "
	  "side, each on its own GPU, output and results as in order (default: the online cores, over "
	  "GCNLAB_EMU_THREADS when set; 1: one after another)",
	  .min = 1, .max = GL_CMD_MAX_POSITIONAL },
	GL_CMD_OPT_TIMEOUT,
	{ 0 },
};

/* The suites named (or "all", what `make run` passes by default: every
 * suite in order): -1, or the exit code when a name is unknown. */
static int pick_suites(const char *cmd, const char **pos, unsigned *npos, const struct gl_suite **suites)
{
	char names[256];

	if (*npos == 0) {
		gl_suites_names(names, sizeof(names));
		fprintf(stderr, "%s: name at least one suite (known: %s)\n", cmd, names);
		return GL_CMD_EXIT_USAGE;
	}
	if (*npos == 1 && strcmp(pos[0], "all") == 0) {
		*npos = 0;
		for (const struct gl_suite *const *s = gl_suites_all(); *s && *npos < GL_CMD_MAX_POSITIONAL; s++)
			pos[(*npos)++] = (*s)->name;
	}
	for (unsigned i = 0; i < *npos; i++) {
		suites[i] = gl_suites_find(pos[i]);
		if (!suites[i]) {
			gl_suites_names(names, sizeof(names));
			fprintf(stderr, "%s: unknown suite '%s' (known: %s, or all)\n", cmd, pos[i], names);
			return GL_CMD_EXIT_USAGE;
		}
	}
	return -1;
}

/* What every suite runs with, from the options: -1, or the exit code. */
static int ctx_from(const char *cmd, const struct gl_cmd_opts *o, int argc, char **argv,
                    const struct gl_suite *const *suites, unsigned n, struct gl_run_ctx *ctx)
{
	struct gl_err e;

	gl_cmd_hsa_cfg(o, &ctx->cfg);
	ctx->reps = o->reps;
	ctx->warmup = o->warmup;
	ctx->clock_sweep = strcmp(o->clocks, "sweep") == 0;
	ctx->progress = isatty(STDERR_FILENO);
	ctx->progress_lines = !ctx->progress;
	ctx->counters = o->counters;
	ctx->long_run = o->long_run;
	ctx->all_diffs = o->all_diffs;
	if (!gl_params_from_argv(argc, argv, ctx->params, sizeof(ctx->params), &e) ||
	    !gl_params_check(ctx->params, suites, n, &e))
		return gl_cmd_fail(cmd, &e, GL_CMD_EXIT_USAGE);
	gl_cmd_timing_mode(o, &ctx->timing);
	gl_str_copy(ctx->out_root, sizeof(ctx->out_root), o->out);
	gl_str_copy(ctx->arch, sizeof(ctx->arch), o->arch);
	if (!gl_run_ctx_default_build_dir(ctx->build_dir, sizeof(ctx->build_dir))) {
		fprintf(stderr, "%s: cannot find the build directory (set GCNLAB_BUILD_DIR)\n", cmd);
		return GL_CMD_EXIT_FAILED;
	}
	return -1;
}

/* Every suite checks its --param values before any suite dispatches: a
 * bad value for the last suite is bad input (exit 2), not a failure after
 * the others ran. -1, or the exit code. */
static int check_params(const char *cmd, struct gl_run_ctx *ctx, const struct gl_suite *const *suites,
                        unsigned n)
{
	struct gl_err e;

	for (unsigned i = 0; i < n && ctx->params[0]; i++) {
		const struct gl_suite_params *p = suites[i]->params;

		if (p && p->check && !p->check(ctx, &e)) {
			fprintf(stderr, "%s: suite %s: %s\n", cmd, suites[i]->name, e.msg);
			return gl_params_is_error(&e) ? GL_CMD_EXIT_USAGE : GL_CMD_EXIT_FAILED;
		}
	}
	return -1;
}

/* Every suite starts from the same emulated GPU whether it runs alone or
 * after others: a fresh one (caches, clocks, address layout), so that no
 * figure depends on what ran before it. A suite's clock sweep that could
 * not reopen the backend left none: open it again. */
static bool fresh_backend(const char *cmd, struct gl_run_ctx *ctx, const struct gl_suite *suite, bool first)
{
	struct gl_err e;

	if (!ctx->hsa) {
		struct gl_hsa_cfg cfg = ctx->cfg;

		cfg.quiet = true;
		if (!gl_hsa_open(&cfg, &ctx->hsa, &e)) {
			fprintf(stderr, "%s: %s: cannot reopen the backend: %s\n", cmd, suite->name, e.msg);
			return false;
		}
	}
	if (!first && gl_hsa_emulated(ctx->hsa) && !gl_run_ctx_reopen(ctx, 0, 0, &e)) {
		fprintf(stderr, "%s: %s: cannot reopen the emulated GPU: %s\n", cmd, suite->name, e.msg);
		return false;
	}
	return true;
}

/* --counters: the suite's dispatches in rocprofv3's long layout,
 * <suite>_counter_collection.csv. False when it could not be written. */
static bool write_counters(const char *cmd, struct gl_rocprof *rocprof, const char *results,
                           const struct gl_suite *suite)
{
	char cpath[PATH_MAX];
	struct gl_err ce;

	if (gl_rocprof_kernel_rows(rocprof)) {   /* before the counters, whose write starts over */
		if (!gl_str_fmt(cpath, sizeof(cpath), "%s/%s_kernel_trace.csv", results, suite->name) ||
		    !gl_rocprof_kernel_write(rocprof, cpath, &ce)) {
			fprintf(stderr, "%s: suite %s: %s\n", cmd, suite->name,
			        cpath[0] ? ce.msg : "kernel_trace path too long");
			return false;
		}
		fprintf(stderr, "%s: wrote %s\n", suite->name, cpath);
	}
	if (!gl_rocprof_rows(rocprof))
		return true;
	if (!gl_str_fmt(cpath, sizeof(cpath), "%s/%s_counter_collection.csv", results, suite->name) ||
	    !gl_rocprof_write(rocprof, cpath, &ce)) {
		fprintf(stderr, "%s: suite %s: %s\n", cmd, suite->name,
		        cpath[0] ? ce.msg : "counter_collection path too long");
		return false;
	}
	fprintf(stderr, "%s: wrote %s\n", suite->name, cpath);
	return true;
}

/* A suite's results set opens before the suite runs when suites run one
 * after another; side by side (jobs set), when the suite first asks for
 * its results folder or else after it ran: there it waits for its turn,
 * so that the folder sees one set at a time, in suite order. */
struct suite_turn {
	const char *results;
	void *jobs;
	bool open;
};

static bool take_turn(void *user, struct gl_err *e)
{
	struct suite_turn *t = user;

	if (t->open)
		return true;
	if (t->jobs && !gl_run_jobs_turn(t->jobs, e))
		return false;
	if (!gl_results_set_begin(t->results, e))
		return false;
	t->open = true;
	return true;
}

/* One suite, its files replacing the old ones as one set, and only when
 * the suite and every write of it succeeded: a failed suite leaves the
 * previous set as it was. Returns the exit code so far (*stop: no later
 * suite runs). */
static int run_suite(const char *cmd, struct gl_run_ctx *ctx, struct gl_rocprof *rocprof, const char *results,
                     const struct gl_suite *suite, void *jobs, bool *stop)
{
	struct suite_turn turn = { .results = results, .jobs = jobs };
	struct gl_err e, ce;
	int exit_code = 0, r;

	if (!jobs && !take_turn(&turn, &e)) {
		fprintf(stderr, "%s: %s: %s\n", cmd, suite->name, e.msg);
		*stop = true;
		return GL_CMD_EXIT_FAILED;
	}
	ctx->results_turn = take_turn;
	ctx->results_turn_user = &turn;
	ctx->timing.applied = false;
	ctx->group_fault[0] = '\0';
	r = suite->run(ctx, &e);
	ctx->results_turn = NULL;
	if (!take_turn(&turn, &ce)) {
		if (r == GL_SUITE_ERROR)
			fprintf(stderr, "%s: suite %s: %s\n", cmd, suite->name, e.msg);
		fprintf(stderr, "%s: %s: %s\n", cmd, suite->name, ce.msg);
		*stop = true;
		return GL_CMD_EXIT_FAILED;
	}
	if (r == GL_SUITE_OK && !write_counters(cmd, rocprof, results, suite))
		exit_code = GL_CMD_EXIT_FAILED;
	if (gl_timing_mode_cold(&ctx->timing) && !ctx->timing.applied)
		fprintf(stderr, "%s: suite %s times its own way: --flush-cache and --rotating-count did not apply to it\n",
		        cmd, suite->name);
	if (r == GL_SUITE_ERROR)
		fprintf(stderr, "%s: suite %s: %s\n", cmd, suite->name, e.msg);
	else if (r == GL_SUITE_FAILED)
		fprintf(stderr, "%s: suite %s: some kernels failed (see above)\n", cmd, suite->name);
	if (r != GL_SUITE_OK) {
		gl_results_set_abort(results);
		fprintf(stderr, "%s: suite %s: no results written: %s keeps the previous %s results as they were "
		        "(this run's figures are only in the table printed above)\n", cmd, suite->name, results,
		        suite->name);
		exit_code = GL_CMD_EXIT_FAILED;
	} else if (!gl_results_set_commit(results, suite->name, &ce)) {
		fprintf(stderr, "%s: suite %s: %s\n%s: suite %s: no results written: %s keeps the previous %s "
		        "results as they were\n", cmd, suite->name, ce.msg, cmd, suite->name, results, suite->name);
		exit_code = GL_CMD_EXIT_FAILED;
	}
	if (r == GL_SUITE_ERROR && gl_params_is_error(&e)) {
		*stop = true;
		return GL_CMD_EXIT_USAGE;   /* e.g. a --param value out of range */
	}
	return exit_code;
}

/* The kernel of the suite's GPU memory fault, on its GPU or on one of its
 * points' (gl_run_ctx_groups), or NULL. */
static const char *suite_fault(const struct gl_run_ctx *ctx)
{
	if (ctx->hsa && gl_hsa_vm_fault(ctx->hsa))
		return gl_hsa_vm_fault(ctx->hsa);
	return ctx->group_fault[0] ? ctx->group_fault : NULL;
}

/* The suites one after another in this process. */
static int run_serial(const char *cmd, struct gl_run_ctx *ctx, struct gl_rocprof *rocprof, const char *results,
                      const struct gl_suite *const *suites, unsigned n)
{
	int exit_code = 0;

	for (unsigned i = 0; i < n; i++) {
		bool stop = false;
		int r;

		if (!fresh_backend(cmd, ctx, suites[i], i == 0)) {
			exit_code = GL_CMD_EXIT_FAILED;
			break;
		}
		r = run_suite(cmd, ctx, rocprof, results, suites[i], NULL, &stop);
		if (r)
			exit_code = r;
		if (stop)
			break;
		if (suite_fault(ctx)) {
			/* On ROCr the queues are gone: later suites would only time
			 * out. What was written stays. */
			fprintf(stderr, "%s: a GPU memory fault in kernel %s (suite %s) ended the run", cmd,
			        suite_fault(ctx), suites[i]->name);
			for (unsigned j = i + 1; j < n; j++)
				fprintf(stderr, "%s%s", j == i + 1 ? "; not run: " : ", ", suites[j]->name);
			fprintf(stderr, "\n");
			exit_code = GL_CMD_EXIT_FAILED;
			break;
		}
	}
	return exit_code;
}

struct run_job {
	const char *cmd;
	struct gl_run_ctx *ctx;
	struct gl_rocprof *rocprof;
	const char *results;
	const struct gl_suite *const *suites;
};

/* Suite i in its own process (gl_run_jobs.h), on a GPU of its own. */
static void run_job(void *user, struct gl_run_jobs *jobs, unsigned i, struct gl_run_job_end *end)
{
	struct run_job *rj = user;
	struct gl_run_ctx *ctx = rj->ctx;

	ctx->progress = false;   /* the parent shows what runs; a log's step lines stay */
	if (!fresh_backend(rj->cmd, ctx, rj->suites[i], true)) {
		end->exit_code = GL_CMD_EXIT_FAILED;
		end->stop = true;
		return;
	}
	end->exit_code = run_suite(rj->cmd, ctx, rj->rocprof, rj->results, rj->suites[i], jobs, &end->stop);
	if (suite_fault(ctx))
		gl_str_copy(end->fault, sizeof(end->fault), suite_fault(ctx));
	gl_hsa_close(ctx->hsa);
	ctx->hsa = NULL;
}

/* Side by side on the emulator only: ROCr drives one real GPU, where
 * suites at once would time each other (and a fault evicts every queue of
 * the process); rocr-emu loads ROCr into this process, which is not made
 * to survive a fork. 1 there, and where one job is asked. The whole run's
 * children: suites and their points (gl_run_points.h) share them. */
static unsigned jobs_for(const char *cmd, const struct gl_cmd_opts *o, const struct gl_hsa *h, unsigned *threads)
{
	unsigned jobs = gl_run_jobs_count(o->jobs, GL_CMD_MAX_POSITIONAL, threads);

	if (jobs > 1 && gl_hsa_backend(h) != GL_BACKEND_EMU) {
		if (o->jobs > 1)
			fprintf(stderr, "%s: --jobs %u: the %s backend runs suites one after another (side by side "
			        "is for the emu backend)\n", cmd, o->jobs, gl_backend_name(gl_hsa_backend(h)));
		jobs = 1;
	}
	return jobs;
}

static int run_main(const char *cmd, int argc, char **argv)
{
	struct gl_cmd_opts o;
	const char *pos[GL_CMD_MAX_POSITIONAL];
	const struct gl_suite *suites[GL_CMD_MAX_POSITIONAL];
	struct gl_rocprof rocprof = { 0 };
	unsigned npos;
	struct gl_run_ctx ctx = { 0 };
	struct gl_err e;
	char results[PATH_MAX];
	char progress_last[512] = "";
	unsigned jobs, threads;
	struct gl_run_jobs_budget budget = { { -1, -1 } };
	struct gl_run_points points;
	int lock = -1;
	int exit_code = gl_cmd_parse(&gl_cmd_run, cmd, argc, argv, &o, pos, &npos);

	if (exit_code >= 0)
		return exit_code;
	exit_code = pick_suites(cmd, pos, &npos, suites);
	if (exit_code >= 0)
		return exit_code;
	ctx.progress_last = progress_last;
	ctx.progress_last_len = sizeof(progress_last);
	exit_code = ctx_from(cmd, &o, argc, argv, suites, npos, &ctx);
	if (exit_code >= 0)
		return exit_code;
	/* --counters: every dispatch's counters also in rocprofv3's long
	 * layout, one <suite>_counter_collection.csv per suite. */
	if (ctx.counters || o.kernel_trace_on) {
		if (!gl_rocprof_init(&rocprof, ctx.cfg.device, &e))
			return gl_cmd_fail(cmd, &e, GL_CMD_EXIT_FAILED);
		rocprof.kernel_trace = o.kernel_trace_on;
		rocprof.skip_counters = !ctx.counters;
		ctx.cfg.observe = gl_rocprof_observe;
		ctx.cfg.observe_user = &rocprof;
	}
	if (!gl_hsa_open(&ctx.cfg, &ctx.hsa, &e)) {
		gl_rocprof_free(&rocprof);
		return gl_cmd_fail(cmd, &e, GL_CMD_EXIT_FAILED);
	}
	/* One run at a time per results folder; leftovers of killed runs go. */
	if (!gl_run_ctx_results_dir(&ctx, results, sizeof(results), &e) || !gl_results_claim(results, &lock, &e)) {
		gl_hsa_close(ctx.hsa);
		return gl_cmd_fail(cmd, &e, GL_CMD_EXIT_USAGE);
	}
	if (ctx.counters && !gl_hsa_emulated(ctx.hsa))
		fprintf(stderr, "%s\n", gl_counters_unavailable());
	exit_code = check_params(cmd, &ctx, suites, npos);
	if (exit_code >= 0) {
		gl_hsa_close(ctx.hsa);
		gl_results_release(lock);
		gl_rocprof_free(&rocprof);
		return exit_code;
	}
	jobs = jobs_for(cmd, &o, ctx.hsa, &threads);
	/* Points side by side (gl_run_points.h) too, in the same budget; not
	 * with --counters or --kernel-trace, whose rows this process collects. */
	if (jobs > 1 && !ctx.cfg.observe) {
		if (!gl_run_jobs_budget_open(&budget, jobs, &e)) {
			gl_hsa_close(ctx.hsa);
			gl_results_release(lock);
			gl_rocprof_free(&rocprof);
			return gl_cmd_fail(cmd, &e, GL_CMD_EXIT_FAILED);
		}
		points = (struct gl_run_points){ .cmd = cmd, .jobs = jobs, .threads = threads, .budget = &budget };
		ctx.groups_apart = gl_run_points_apart;
		ctx.groups_apart_user = &points;
	}
	if (jobs > 1 && npos > 1) {
		struct run_job rj = { cmd, &ctx, &rocprof, results, suites };
		struct gl_run_jobs_cfg jc = {
			.cmd = cmd, .names = pos, .n = npos, .jobs = jobs < npos ? jobs : npos, .threads = threads,
			.progress = ctx.progress, .results = results, .budget = budget.fd[0] >= 0 ? &budget : NULL,
			.job = run_job, .user = &rj,
		};

		/* Each child opens this backend afresh: the same one and agent,
		 * never a silent switch; none of it is left in this process to
		 * be copied into them. */
		ctx.cfg.backend = gl_hsa_backend(ctx.hsa);
		gl_str_copy(ctx.cfg.arch, sizeof(ctx.cfg.arch), gl_hsa_arch(ctx.hsa));
		gl_hsa_close(ctx.hsa);
		ctx.hsa = NULL;
		exit_code = gl_run_jobs_run(&jc);
	} else {
		exit_code = run_serial(cmd, &ctx, &rocprof, results, suites, npos);
	}
	gl_hsa_close(ctx.hsa);
	gl_run_jobs_budget_close(&budget);
	gl_results_release(lock);
	gl_rocprof_free(&rocprof);
	return exit_code;
}

const struct gl_cmd gl_cmd_run = {
	.name = "run",
	.usage = "gcnlab run SUITE... [OPTIONS]",
	.brief = "run benchmark suites and write their results",
	.summary = "Run benchmark suites: print a table per suite and write\n"
	           "<out>/<arch>-<backend>/<suite>.csv (+ its .json sidecar) and .md.",
	.opts = run_opts,
	.fn = run_main,
};
