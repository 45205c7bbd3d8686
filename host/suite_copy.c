/*
 * suite copy — one workgroup copies 1 MiB (seed 004: "Benchmark buffer
 * copy on RXVega64"). Each work-item moves a dwordx4 (16 bytes) per
 * iteration; asm kernels copy_<total>_<unroll>_<loops>_<wi> unroll the loop
 * by 2..16, HIP references copy_hip_<wi> are what the compiler makes of it.
 * Every kernel is validated word by word, then timed from GPU timestamps;
 * bandwidth = (1 MiB read + 1 MiB written) / median time.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gl_chart.h"
#include "gl_clocks.h"
#include "gl_cold.h"
#include "gl_counters.h"
#include "gl_hsa.h"
#include "gl_ref.h"
#include "gl_results.h"
#include "gl_str.h"
#include "gl_suite.h"
#include "gl_timing.h"

#define COPY_BYTES (1u << 20)     /* 1 MiB, read once and written once */
#define COPY_BYTES_PER_WI 16u     /* one dwordx4 per work-item per iteration */

/* The seed's configurations: unroll 2..16 for 256 and 512 work-items; 1024
 * work-items stop at 8 (16 does not fit the registers). */
static const struct copy_cfg {
	unsigned wi;
	unsigned unroll;              /* 0: the HIP reference */
} copy_cfgs[] = {
	{ 256, 2 }, { 256, 4 }, { 256, 8 }, { 256, 16 },
	{ 512, 2 }, { 512, 4 }, { 512, 8 }, { 512, 16 },
	{ 1024, 2 }, { 1024, 4 }, { 1024, 8 },
	{ 256, 0 }, { 512, 0 }, { 1024, 0 },
};
#define NCFG (sizeof(copy_cfgs) / sizeof(copy_cfgs[0]))

static unsigned total_loops(const struct copy_cfg *c)
{
	return COPY_BYTES / (c->wi * COPY_BYTES_PER_WI);
}

static void kernel_name(const struct copy_cfg *c, char *buf, size_t len)
{
	if (c->unroll)
		gl_str_fmt(buf, len, "copy_%u_%u_%u_%u", total_loops(c), c->unroll,
		           total_loops(c) / c->unroll, c->wi);
	else
		gl_str_fmt(buf, len, "copy_hip_%u", c->wi);
}

/* Code object candidates: one file per asm kernel or one copy.co holding
 * them all; the HIP kernels are in copy_hip.co. */
static unsigned code_candidates(const struct copy_cfg *c, const char *kernel, char files[2][160])
{
	if (!c->unroll) {
		gl_str_copy(files[0], sizeof(files[0]), "copy_hip.co");
		return 1;
	}
	gl_str_fmt(files[0], sizeof(files[0]), "%s.co", kernel);
	gl_str_copy(files[1], sizeof(files[1]), "copy.co");
	return 2;
}

static bool find_code(const struct gl_ctx *ctx, const char *arch, const struct copy_cfg *c,
                      const char *kernel, char *path, size_t len, char *tried, size_t tried_len)
{
	char files[2][160];
	const char *f[2] = { files[0], files[1] };
	unsigned n = code_candidates(c, kernel, files);

	return gl_ctx_find_code(ctx, arch, f, n, path, len, tried, tried_len);
}

static bool copy_list(const struct gl_ctx *ctx, gl_suite_emit_fn emit, void *user)
{
	for (size_t i = 0; i < NCFG; i++) {
		char name[64], path[PATH_MAX], tried[2 * PATH_MAX], files[2][160], detail[2 * PATH_MAX + 32];

		kernel_name(&copy_cfgs[i], name, sizeof(name));
		if (!ctx->arch[0]) {
			unsigned n = code_candidates(&copy_cfgs[i], name, files);
			gl_str_fmt(detail, sizeof(detail), "build/<arch>/%s%s%s", files[0],
			           n > 1 ? " or " : "", n > 1 ? files[1] : "");
		} else if (find_code(ctx, ctx->arch, &copy_cfgs[i], name, path, sizeof(path), tried,
		                     sizeof(tried))) {
			gl_str_copy(detail, sizeof(detail), path);
		} else {
			gl_str_fmt(detail, sizeof(detail), "not built (%s)", tried);
		}
		emit(user, name, detail);
	}
	return true;
}

/* Word i of the input: i * 2654435761 + 0x9e3779b9 (mod 2^32). The
 * multiplier is odd, so the map is a bijection and no two words of the
 * 1 MiB (2^18 words) are equal: a misplaced word cannot look right. */
static uint32_t input_word(uint32_t i)
{
	return i * 2654435761u + 0x9e3779b9u;
}

/* Loaded code objects of one clock state, by path: at most one per kernel. */
#define CACHE_MAX NCFG
struct code_cache {
	unsigned n;
	char path[CACHE_MAX][PATH_MAX];
	struct gl_hsa_code *code[CACHE_MAX];
	bool failed[CACHE_MAX];
	char error[CACHE_MAX][512];
};

static struct gl_hsa_code *cache_get(struct gl_hsa *h, struct code_cache *cc, const char *path,
                                     struct gl_err *e)
{
	for (unsigned i = 0; i < cc->n; i++) {
		if (strcmp(cc->path[i], path) == 0) {
			if (cc->failed[i])
				gl_err_set(e, "%s", cc->error[i]);
			return cc->code[i];
		}
	}
	if (cc->n == CACHE_MAX) {
		gl_err_set(e, "internal error: too many code objects");
		return NULL;
	}
	unsigned i = cc->n++;
	gl_str_copy(cc->path[i], sizeof(cc->path[i]), path);
	if (!gl_hsa_code_load(h, path, &cc->code[i], e)) {
		cc->failed[i] = true;
		gl_str_copy(cc->error[i], sizeof(cc->error[i]), e->msg);
		cc->code[i] = NULL;
	}
	return cc->code[i];
}

static void cache_free(struct gl_hsa *h, struct code_cache *cc)
{
	for (unsigned i = 0; i < cc->n; i++)
		gl_hsa_code_free(h, cc->code[i]);
	memset(cc, 0, sizeof(*cc));
}

/* One row of the results. */
struct copy_row {
	const struct copy_cfg *cfg;
	char kernel[64];
	char clocks[64];
	char validated[64];
	bool ok;                    /* validated and timed */
	bool timed;
	struct gl_timing_stats st;
	struct gl_timing_stats flush; /* cold mode: the flush dispatches (n = 0 hot) */
	double gbps;
	struct gl_counters cnt;     /* of the last timed dispatch (--counters) */
};

/* Compare out with in; on a difference name the first bad byte. */
static bool validate(const struct gl_hsa_buf *in, const struct gl_hsa_buf *out, const char *kernel,
                     char *cell, size_t cell_len, struct gl_err *e)
{
	const uint8_t *a = in->host, *b = out->host;

	if (memcmp(a, b, COPY_BYTES) == 0) {
		gl_str_copy(cell, cell_len, "yes");
		return true;
	}
	for (size_t i = 0; i < COPY_BYTES; i++) {
		if (a[i] != b[i]) {
			uint32_t want, got;
			size_t w = i & ~(size_t)3;

			memcpy(&want, a + w, 4);
			memcpy(&got, b + w, 4);
			gl_str_fmt(cell, cell_len, "NO (byte %zu)", i);
			return gl_err_set(e, "copy: kernel %s: output differs from the input at byte offset %zu (word %zu: got 0x%08x, expected 0x%08x)",
			                  kernel, i, w / 4, got, want);
		}
	}
	return true;
}

/* Validation, then timing (hot, or cold with the suite's gl_cold: every
 * timed dispatch reads a rotating copy of `in`), then validation again:
 * the last timed dispatch's output came from a copy. */
static void run_kernel(struct gl_ctx *ctx, const struct copy_cfg *c, struct code_cache *cc,
                       struct gl_hsa_buf *in, struct gl_hsa_buf *out, struct gl_cold *cold,
                       struct copy_row *row)
{
	struct gl_hsa *h = ctx->hsa;
	char path[PATH_MAX], tried[2 * PATH_MAX];
	struct gl_hsa_code *code;
	struct gl_hsa_kernel k;
	struct gl_err e;
	struct gl_kernarg_val args[2] = {
		{ .kind = GL_KV_BUFFER, .address = (uint64_t)(uintptr_t)in->dev, .label = "in (1 MiB)" },
		{ .kind = GL_KV_BUFFER, .address = (uint64_t)(uintptr_t)out->dev, .label = "out (1 MiB)" },
	};
	struct gl_hsa_launch l = {
		.kernel = &k, .args = args, .nargs = 2,
		.grid = { c->wi, 1, 1 }, .block = { c->wi, 1, 1 }, .dims = 1,
	};
	struct gl_timing_launch tl = {
		.h = h, .launch = &l, .cold = cold, .warmup = ctx->warmup, .reps = ctx->reps,
	};
	struct gl_timing_result res;
	double us;

	if (!find_code(ctx, gl_hsa_arch(h), c, row->kernel, path, sizeof(path), tried, sizeof(tried))) {
		gl_str_copy(row->validated, sizeof(row->validated), "not built");
		fprintf(stderr, "copy: kernel %s: no code object (looked for %s)\n", row->kernel, tried);
		return;
	}
	code = cache_get(h, cc, path, &e);
	if (!code || !gl_hsa_kernel_get(h, code, row->kernel, &k, &e)) {
		gl_str_copy(row->validated, sizeof(row->validated), "load error");
		fprintf(stderr, "copy: %s\n", e.msg);
		return;
	}
	memset(out->host, 0, out->size);
	if (!gl_hsa_buf_upload(h, out, &e) || !gl_hsa_dispatch(h, &l, &us, &e) ||
	    !gl_hsa_buf_download(h, out, &e)) {
		gl_str_copy(row->validated, sizeof(row->validated), "dispatch error");
		fprintf(stderr, "copy: %s\n", e.msg);
		return;
	}
	row->ok = validate(in, out, row->kernel, row->validated, sizeof(row->validated), &e);
	if (!row->ok)
		fprintf(stderr, "%s\n", e.msg);
	memset(out->host, 0, out->size);
	if (!gl_hsa_buf_upload(h, out, &e) || !gl_timing_launch_run(&tl, &res, NULL, &e)) {
		row->ok = false;
		fprintf(stderr, "copy: timing %s: %s\n", row->kernel, e.msg);
		return;
	}
	row->timed = true;
	row->st = res.kernel;
	row->flush = res.flush;
	if (ctx->counters)
		gl_counters_read(h, &row->cnt);
	if (row->ok && (!gl_hsa_buf_download(h, out, &e) ||
	                !validate(in, out, row->kernel, row->validated, sizeof(row->validated), &e))) {
		row->ok = false;
		gl_str_copy(row->validated, sizeof(row->validated), "NO (after timing)");
		fprintf(stderr, "%s (after the timed dispatches)\n", e.msg);
	}
	/* GB/s = 10^9 bytes per second; bytes / µs / 1000 = GB/s. */
	row->gbps = row->st.median_us > 0 ? 2.0 * COPY_BYTES / row->st.median_us / 1e3 : 0;
}

/* All kernels at the current clock state. False only if the buffers could
 * not be set up (then e says why). */
static bool run_state(struct gl_ctx *ctx, const struct gl_clock_state *state, unsigned si,
                      unsigned nstates, struct copy_row *rows, struct gl_cold_info *cinfo,
                      struct gl_err *e)
{
	struct gl_hsa *h = ctx->hsa;
	struct gl_hsa_buf in = { 0 }, out = { 0 };
	struct gl_cold *cold = NULL;
	struct code_cache *cc = calloc(1, sizeof(*cc));   /* ~64 KiB: not on the stack */
	char clocks[64];
	uint32_t *w;
	bool ok = false;

	gl_clocks_describe(state, clocks, sizeof(clocks));
	if (!cc) {
		gl_err_set(e, "out of memory");
		goto fail;
	}
	if (!gl_hsa_buf_create(h, COPY_BYTES, &in, e) || !gl_hsa_buf_create(h, COPY_BYTES, &out, e))
		goto fail;
	w = in.host;
	for (uint32_t i = 0; i < COPY_BYTES / 4; i++)
		w[i] = input_word(i);
	if (!gl_hsa_buf_upload(h, &in, e) ||
	    !gl_cold_open_ctx(ctx, &in, 1, "copy", &cold, e))
		goto fail;
	for (size_t i = 0; i < NCFG; i++) {
		struct copy_row *row = &rows[i];

		row->cfg = &copy_cfgs[i];
		kernel_name(row->cfg, row->kernel, sizeof(row->kernel));
		gl_str_copy(row->clocks, sizeof(row->clocks), clocks);
		gl_ctx_progress(ctx, "copy: %s %s (%zu/%zu, state %u/%u)", state->label, row->kernel,
		                i + 1, NCFG, si + 1, nstates);
		run_kernel(ctx, row->cfg, cc, &in, &out, cold, row);
	}
	gl_ctx_progress_end(ctx);
	gl_cold_info(cold, cinfo);
	ok = true;
fail:
	gl_cold_close(cold);
	if (cc)
		cache_free(h, cc);
	free(cc);
	gl_hsa_buf_destroy(h, &in);
	gl_hsa_buf_destroy(h, &out);
	return ok;
}

static const char *const columns[] = {
	"kernel", "impl", "clocks", "work-items", "unroll", "loops", "validated",
	"median µs", "min µs", "max µs", "GB/s (1 MiB rd + 1 MiB wr, 10^9 B/s)",
	"flush µs (cold mode, not in the time)",
};
#define NCOLS (sizeof(columns) / sizeof(columns[0]))
/* Rows are (kernel, impl, clocks); time and bandwidth are the figures. */
static const struct gl_ref_spec copy_figures = { .nkeys = 3, .nfigures = 2, .figures = { 7, 10 } };

static bool add_row(struct gl_table *t, const struct copy_row *r)
{
	char wi[16], unroll[16], loops[16], med[32], mn[32], mx[32], bw[32], fl[32];
	const char *cells[NCOLS];

	gl_str_fmt(wi, sizeof(wi), "%u", r->cfg->wi);
	if (r->cfg->unroll) {
		gl_str_fmt(unroll, sizeof(unroll), "%u", r->cfg->unroll);
		gl_str_fmt(loops, sizeof(loops), "%u", total_loops(r->cfg) / r->cfg->unroll);
	} else {
		gl_str_copy(unroll, sizeof(unroll), "-");
		gl_str_copy(loops, sizeof(loops), "-");
	}
	if (r->timed) {
		gl_str_fmt(med, sizeof(med), "%.2f", r->st.median_us);
		gl_str_fmt(mn, sizeof(mn), "%.2f", r->st.min_us);
		gl_str_fmt(mx, sizeof(mx), "%.2f", r->st.max_us);
		gl_str_fmt(bw, sizeof(bw), "%.2f", r->gbps);
	} else {
		gl_str_copy(med, sizeof(med), "-");
		gl_str_copy(mn, sizeof(mn), "-");
		gl_str_copy(mx, sizeof(mx), "-");
		gl_str_copy(bw, sizeof(bw), "-");
	}
	cells[0] = r->kernel;
	cells[1] = r->cfg->unroll ? "asm" : "hip";
	cells[2] = r->clocks;
	cells[3] = wi;
	cells[4] = unroll;
	cells[5] = loops;
	cells[6] = r->validated;
	cells[7] = med;
	cells[8] = mn;
	cells[9] = mx;
	cells[10] = bw;
	if (r->timed && r->flush.n)
		gl_str_fmt(fl, sizeof(fl), "%.2f", r->flush.median_us);
	else
		gl_str_copy(fl, sizeof(fl), "-");
	cells[11] = fl;
	return gl_table_add_row(t, cells);
}

/* GB/s per kernel, asm then hip; one series per clock state. */
static void chart(struct gl_ctx *ctx, const char *dir, const struct copy_row *rows,
                  const struct gl_clock_plan *plan, unsigned nstates, struct gl_table *t)
{
	const char *labels[NCFG], *series[GL_CLOCKS_MAX_STATES];
	const char *groups[2] = { "asm", "hip" };
	unsigned group[NCFG];
	double *values = calloc((size_t)nstates * NCFG, sizeof(double));
	char path[PATH_MAX], title[256];
	struct gl_err e;

	if (!values)
		return;
	for (size_t i = 0; i < NCFG; i++) {
		labels[i] = rows[i].kernel;
		group[i] = rows[i].cfg->unroll ? 0 : 1;
	}
	for (unsigned s = 0; s < nstates; s++) {
		series[s] = plan->states[s].label;
		for (size_t i = 0; i < NCFG; i++) {
			const struct copy_row *r = &rows[(size_t)s * NCFG + i];
			values[(size_t)s * NCFG + i] = r->timed ? r->gbps : NAN;
		}
	}
	gl_str_fmt(title, sizeof(title), "copy: 1 MiB by one workgroup, %s (%s)", gl_hsa_arch(ctx->hsa),
	           gl_backend_name(gl_hsa_backend(ctx->hsa)));
	struct gl_chart c = {
		.title = title, .ylabel = "GB/s (1 MiB read + 1 MiB written, 10^9 B/s)",
		.npoints = NCFG, .labels = labels, .group = group, .ngroups = 2, .group_names = groups,
		.nseries = nstates, .series_names = series, .values = values,
	};
	gl_str_fmt(path, sizeof(path), "%s/copy.svg", dir);
	switch (gl_chart_svg(&c, path, &e)) {
	case GL_CHART_WRITTEN:
		gl_table_param(t, "chart", "copy.svg");
		break;
	case GL_CHART_NO_GNUPLOT:
		fprintf(stderr, "copy: no chart: gnuplot is not on PATH\n");
		gl_table_param(t, "chart", "none (gnuplot not on PATH)");
		break;
	case GL_CHART_FAILED:
		fprintf(stderr, "copy: no chart: %s\n", e.msg);
		gl_table_param(t, "chart", "none (gnuplot failed)");
		break;
	}
	free(values);
}

static void record_params(struct gl_ctx *ctx, struct gl_table *t, const struct gl_clock_plan *plan,
                          const struct gl_cold_info *cinfo)
{
	struct gl_hsa_info info;
	struct gl_err e;
	char date[32];
	time_t now = time(NULL);
	struct tm tm;

	gl_table_param(t, "suite", "copy");
	gl_table_param(t, "arch", "%s", gl_hsa_arch(ctx->hsa));
	gl_table_param(t, "backend", "%s", gl_backend_name(gl_hsa_backend(ctx->hsa)));
	gl_table_param(t, "isa", "%s", gl_hsa_isa_name(ctx->hsa));
	if (gl_hsa_info(ctx->hsa, &info, &e)) {
		gl_table_param(t, "agent", "%s", info.product[0] ? info.product : info.name);
		gl_table_param(t, "max_clock_mhz", "%u", info.max_clock_mhz);
		gl_table_param(t, "timestamp_hz", "%llu", (unsigned long long)info.timestamp_hz);
	}
	gl_table_param(t, "device", "%u", ctx->cfg.device);
	gl_table_param(t, "bytes", "%u", COPY_BYTES);
	gl_table_param(t, "launch", "grid = block = work-items (one workgroup)");
	gl_table_param(t, "warmup", "%u", ctx->warmup);
	gl_table_param(t, "reps", "%u", ctx->reps);
	gl_table_param(t, "time", "GPU dispatch timestamps (hsa_amd_profiling_get_dispatch_time)");
	gl_table_param(t, "bandwidth", "(%u B read + %u B written) / median time, GB = 10^9 B",
	               COPY_BYTES, COPY_BYTES);
	gl_cold_params(cinfo, t);
	gl_table_param(t, "clocks", "%s", plan->how == GL_CLOCKS_CURRENT ? "as found" : "sweep");
	if (plan->note[0])
		gl_table_param(t, "clocks_note", "%s", plan->note);
	if (gmtime_r(&now, &tm) && strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm))
		gl_table_param(t, "date", "%s", date);
}

static int copy_run(struct gl_ctx *ctx, struct gl_err *e)
{
	struct gl_clock_plan plan;
	struct copy_row *rows = NULL;
	struct gl_table *t = NULL;
	struct gl_cold_info cinfo;
	char dir[PATH_MAX];
	unsigned done = 0;
	int result = GL_SUITE_ERROR;
	bool all_ok = true, state_failed = false;

	gl_cold_info(NULL, &cinfo);
	if (!gl_clocks_plan(ctx, &plan, e))
		return GL_SUITE_ERROR;
	if (plan.note[0])
		fprintf(stderr, "copy: %s\n", plan.note);
	rows = calloc((size_t)plan.n * NCFG, sizeof(*rows));
	t = gl_table_new("copy: 1 MiB buffer copy by one workgroup", NCOLS, columns);
	if (!rows || !t) {
		gl_err_set(e, "out of memory");
		goto out;
	}
	for (; done < plan.n; done++) {
		if (!gl_clocks_apply(ctx, &plan, done, e) ||
		    !run_state(ctx, &plan.states[done], done, plan.n, &rows[(size_t)done * NCFG], &cinfo, e)) {
			gl_err_prefix(e, "copy: clock state %s: ", plan.states[done].label);
			state_failed = true;
			break;
		}
	}
	if (plan.how != GL_CLOCKS_CURRENT) {
		struct gl_err re;

		if (!gl_clocks_restore(ctx, &plan, &re)) {
			fprintf(stderr, "copy: restoring the clocks: %s\n", re.msg);
			if (!state_failed) {
				*e = re;
				state_failed = true;
			}
		}
	}
	/* Nothing measured (or no backend left to describe it): keep whatever
	 * results an earlier run wrote. */
	if (!ctx->hsa || done == 0)
		goto out;
	record_params(ctx, t, &plan, &cinfo);
	for (size_t i = 0; i < (size_t)done * NCFG; i++) {
		if (!add_row(t, &rows[i])) {
			gl_err_set(e, "out of memory");
			goto out;
		}
		all_ok &= rows[i].ok;
	}
	/* Counter columns last: they widen the table. */
	for (size_t i = 0; i < (size_t)done * NCFG; i++) {
		if (!gl_counters_table_row(t, (unsigned)i, &rows[i].cnt)) {
			gl_err_set(e, "out of memory");
			goto out;
		}
	}
	if (state_failed)
		gl_table_param(t, "incomplete", "%s", e->msg);
	if (!gl_ctx_results_dir(ctx, dir, sizeof(dir), e))
		goto out;
	chart(ctx, dir, rows, &plan, done, t);
	gl_ref_print(t, "copy", gl_hsa_arch(ctx->hsa), &copy_figures, stdout);
	fflush(stdout);
	if (!gl_results_write(t, dir, "copy", e))
		goto out;
	fprintf(stderr, "copy: wrote %s/copy.csv and copy.md\n", dir);
	result = state_failed ? GL_SUITE_ERROR : all_ok ? GL_SUITE_OK : GL_SUITE_FAILED;
out:
	gl_table_free(t);
	free(rows);
	return result;
}

/* The suite's launch of one kernel: one workgroup of WI work-items, a
 * 1 MiB input (word i = i) and a 1 MiB output. */
static int copy_launch(const struct gl_ctx *ctx, const char *kernel, struct gl_suite_launch *out,
                       struct gl_err *e)
{
	for (size_t i = 0; i < NCFG; i++) {
		const struct copy_cfg *c = &copy_cfgs[i];
		char name[64], tried[2 * PATH_MAX];

		kernel_name(c, name, sizeof(name));
		if (strcmp(name, kernel) != 0)
			continue;
		if (!find_code(ctx, ctx->arch, c, name, out->code, sizeof(out->code), tried, sizeof(tried))) {
			gl_err_set(e, "copy: kernel %s is not built for %s (looked for %s; run make kernels ARCH=%s)",
			           name, ctx->arch, tried, ctx->arch);
			return GL_SUITE_LAUNCH_ERROR;
		}
		gl_str_copy(out->kernel, sizeof(out->kernel), name);
		out->dims = 1;
		out->grid[0] = out->block[0] = c->wi;
		out->grid[1] = out->grid[2] = out->block[1] = out->block[2] = 1;
		out->nargs = 2;
		gl_str_fmt(out->args[0], sizeof(out->args[0]), "buf:%u:iota32", COPY_BYTES);
		gl_str_fmt(out->args[1], sizeof(out->args[1]), "buf:%u", COPY_BYTES);
		/* gcnlab compare: an asm kernel's reference is the HIP loop of
		 * the same work-group size (asm/copy/copy_hip.hip). */
		if (c->unroll)
			gl_str_fmt(out->ref, sizeof(out->ref), "copy_hip_%u", c->wi);
		out->bytes = 2ull * COPY_BYTES;
		return GL_SUITE_LAUNCH_OK;
	}
	return GL_SUITE_LAUNCH_NOT_MINE;
}

const struct gl_suite gl_suite_copy = {
	.name = "copy",
	.summary = "1 MiB buffer copy by one workgroup: asm unroll 2..16 vs HIP, 256/512/1024 work-items",
	.list = copy_list,
	.run = copy_run,
	.launch = copy_launch,
};
