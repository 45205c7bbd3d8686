/*
 * suite copy — one workgroup copies 1 MiB (004_18b2dddb33536aee.txt: "Benchmark buffer
 * copy on RXVega64"). Each work-item moves a dwordx4 (16 bytes) per step.
 * The study's 22 kernels: asm copy_<total>_<unroll>_<loops>_<wi>
 * (asm/copy/copy.s) and their HIP twins copy_..._hip
 * (asm/copy/copy_study_hip.hip), 256/512/1024 work-items x unroll 2..16.
 * Every kernel is validated word by word, then timed two ways:
 *   study method  the study's: `launches` (default 32) dispatches back to
 *                 back, each followed by a system-release marker (its
 *                 hipEventRecord), host-timed from the first packet to the
 *                 last completion (gl_hsa_dispatch_batch; model time on the
 *                 emulator), so the gaps between dispatches count;
 *   GPU           each dispatch's own GPU timestamps (median), kernel only.
 * bandwidth = (1 MiB read + 1 MiB written) / time. On gfx900 each figure
 * stands beside the RX Vega 64's for the same kernel and clocks
 * (asm/copy/study_vega64.csv) and their ratio.
 * The plain-loop HIP kernels copy_hip_<wi> (asm/copy/copy_hip.hip) are not
 * in the table; they stay launchable as the asm kernels' `gcnlab compare`
 * reference.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#include "report/gl_chart.h"
#include "measure/gl_clocks.h"
#include "measure/gl_cold_cache.h"
#include "measure/gl_counters.h"
#include "gpu/gl_hsa.h"
#include "suites/gl_params.h"
#include "report/gl_ref.h"
#include "report/gl_results.h"
#include "base/gl_file.h"
#include "base/gl_str.h"
#include "suites/gl_bench.h"
#include "suites/gl_suite.h"
#include "measure/gl_timing.h"
#include "measure/gl_timing_launch.h"

#define COPY_BYTES (1u << 20)     /* 1 MiB, read once and written once */
#define COPY_BYTES_PER_WI 16u     /* one dwordx4 per work-item per iteration */

/* The study's configurations, in its log's order: asm then HIP; unroll 16
 * down to 2 for 256 and 512 work-items, 8 down to 2 for 1024 (16 does not
 * fit the registers). The plain HIP loops (plain) come last and are not
 * run: gcnlab compare's references. */
enum copy_impl { COPY_ASM, COPY_HIP, COPY_PLAIN };
static const struct copy_cfg {
	unsigned wi;
	unsigned unroll;              /* 0 for the plain loops */
	enum copy_impl impl;
} copy_cfgs[] = {
	{ 256, 16, COPY_ASM }, { 256, 8, COPY_ASM }, { 256, 4, COPY_ASM }, { 256, 2, COPY_ASM },
	{ 512, 16, COPY_ASM }, { 512, 8, COPY_ASM }, { 512, 4, COPY_ASM }, { 512, 2, COPY_ASM },
	{ 1024, 8, COPY_ASM }, { 1024, 4, COPY_ASM }, { 1024, 2, COPY_ASM },
	{ 256, 16, COPY_HIP }, { 256, 8, COPY_HIP }, { 256, 4, COPY_HIP }, { 256, 2, COPY_HIP },
	{ 512, 16, COPY_HIP }, { 512, 8, COPY_HIP }, { 512, 4, COPY_HIP }, { 512, 2, COPY_HIP },
	{ 1024, 8, COPY_HIP }, { 1024, 4, COPY_HIP }, { 1024, 2, COPY_HIP },
	{ 256, 0, COPY_PLAIN }, { 512, 0, COPY_PLAIN }, { 1024, 0, COPY_PLAIN },
};
#define NALL (sizeof(copy_cfgs) / sizeof(copy_cfgs[0]))
#define NCFG 22u                  /* the study's kernels: the ones run */
#define COPY_LAUNCHES 32u         /* the study's back-to-back launches */

static const char *const impl_names[] = { "asm", "hip", "hip (plain loop)" };

static unsigned total_loops(const struct copy_cfg *c)
{
	return COPY_BYTES / (c->wi * COPY_BYTES_PER_WI);
}

static void kernel_name(const struct copy_cfg *c, char *buf, size_t len)
{
	if (c->impl == COPY_PLAIN)
		gl_str_fmt(buf, len, "copy_hip_%u", c->wi);
	else
		gl_str_fmt(buf, len, "copy_%u_%u_%u_%u%s", total_loops(c), c->unroll,
		           total_loops(c) / c->unroll, c->wi, c->impl == COPY_HIP ? "_hip" : "");
}

/* Asm variants beyond the study's: a `// gcnlab: variant copy_T_U_L_W
 * UNROLL=U WI=W` line added to asm/copy/copy.s builds
 * build/<arch>/copy_T_U_L_W.co, and a name that is consistent (T = 1 MiB /
 * 16 W bytes per loop, T = U x L, W a whole number of waves up to 1024)
 * joins the suite after the study's kernels: run, list, trace. */
#define COPY_EXTRA_MAX 32u

/* name as an asm copy variant the table does not have; false otherwise. */
static bool extra_cfg(const char *name, struct copy_cfg *c)
{
	unsigned t, u, l, w;
	int end = 0;

	if (sscanf(name, "copy_%u_%u_%u_%u%n", &t, &u, &l, &w, &end) != 4 || name[end] != '\0' || !w ||
	    w % 64 || w > 1024 || !u || t != COPY_BYTES / (w * COPY_BYTES_PER_WI) || u * l != t)
		return false;
	for (size_t i = 0; i < NALL; i++)
		if (copy_cfgs[i].impl == COPY_ASM && copy_cfgs[i].wi == w && copy_cfgs[i].unroll == u)
			return false;
	*c = (struct copy_cfg){ w, u, COPY_ASM };
	return true;
}

/* Work-items up, then unroll down, as the table orders them. */
static int cmp_cfg(const void *x, const void *y)
{
	const struct copy_cfg *a = x, *b = y;

	if (a->wi != b->wi)
		return a->wi < b->wi ? -1 : 1;
	return (a->unroll < b->unroll) - (a->unroll > b->unroll);
}

/* The extra variants built for arch (none when arch is ""), in order. */
static unsigned copy_extras(const struct gl_run_ctx *ctx, const char *arch, struct copy_cfg *out)
{
	char dir[PATH_MAX];
	DIR *d;
	unsigned n = 0;

	if (!arch[0] || !gl_str_fmt(dir, sizeof(dir), "%s/%s", ctx->build_dir, arch) || !(d = opendir(dir)))
		return 0;
	for (struct dirent *de; (de = readdir(d)) && n < COPY_EXTRA_MAX;) {
		char name[64];
		size_t len = strlen(de->d_name);

		if (len < 4 || len >= sizeof(name) || strcmp(de->d_name + len - 3, ".co") != 0)
			continue;
		gl_str_fmt(name, sizeof(name), "%.*s", (int)(len - 3), de->d_name);
		n += extra_cfg(name, &out[n]);
	}
	closedir(d);
	qsort(out, n, sizeof(*out), cmp_cfg);
	return n;
}

/* Code object candidates (gl_bench_files_fn): one file per kernel, or
 * copy.co holding all the asm ones; the plain loops are in copy_hip.co. */
static unsigned copy_files(const char *kernel, char files[GL_BENCH_MAX_FILES][GL_BENCH_FILE_LEN])
{
	const struct copy_cfg *c = NULL;

	for (size_t i = 0; i < NALL && !c; i++) {
		char name[64];

		kernel_name(&copy_cfgs[i], name, sizeof(name));
		if (strcmp(name, kernel) == 0)
			c = &copy_cfgs[i];
	}
	if (c && c->impl == COPY_PLAIN) {
		gl_str_copy(files[0], GL_BENCH_FILE_LEN, "copy_hip.co");
		return 1;
	}
	gl_str_fmt(files[0], GL_BENCH_FILE_LEN, "%s.co", kernel);
	if (!c || c->impl == COPY_HIP)
		return 1;
	gl_str_copy(files[1], GL_BENCH_FILE_LEN, "copy.co");
	return 2;
}

static bool copy_list(const struct gl_run_ctx *ctx, gl_suite_emit_fn emit, void *user)
{
	char names[NALL + COPY_EXTRA_MAX][64];
	const char *p[NALL + COPY_EXTRA_MAX];
	struct copy_cfg extra[COPY_EXTRA_MAX];
	unsigned nextra = copy_extras(ctx, ctx->arch, extra);

	for (size_t i = 0; i < NALL + nextra; i++) {
		kernel_name(i < NALL ? &copy_cfgs[i] : &extra[i - NALL], names[i], sizeof(names[i]));
		p[i] = names[i];
	}
	return gl_bench_list(ctx, p, NALL + nextra, copy_files, emit, user);
}

/* Word i of the input: i * 2654435761 + 0x9e3779b9 (mod 2^32). The
 * multiplier is odd, so the map is a bijection and no two words of the
 * 1 MiB (2^18 words) are equal: a misplaced word cannot look right. */
static uint32_t input_word(uint32_t i)
{
	return i * 2654435761u + 0x9e3779b9u;
}

/* One row of the results. */
struct copy_row {
	const struct copy_cfg *cfg;
	char kernel[64];
	char clocks[64];
	char validated[64];
	bool ok;                    /* validated and timed */
	bool timed;
	double study_us;            /* study method: host-timed µs per dispatch */
	double study_gbps;
	double vega_gbps;           /* the RX Vega 64's figure (0: none) */
	struct gl_timing_stats st;  /* GPU dispatch timestamps */
	struct gl_timing_stats flush; /* cold mode: the flush dispatches (n = 0 hot) */
	double gbps;
	struct gl_counters cnt;     /* of the last timed dispatch (--counters) */
};

/* The study's figures (asm/copy/study_vega64.csv), by kernel and clocks. */
#define STUDY_MAX 1024
struct copy_study {
	unsigned n;
	char path[PATH_MAX];
	struct {
		char kernel[48];
		uint32_t sclk, mclk;
		double gbps;
	} row[STUDY_MAX];
};

/* Read the CSV (header line first; columns kernel, study_kernel, impl,
 * state, sclk_mhz, mclk_mhz, gbps). A missing file is no error: the
 * columns then say n/a. */
static bool study_load(struct copy_study *sd, const char *path, struct gl_err *e)
{
	char line[256];
	unsigned ln = 0;
	FILE *f;
	int fd;

	sd->n = 0;
	gl_str_copy(sd->path, sizeof(sd->path), path);
	if (access(path, F_OK) != 0)
		return true;
	/* Not a FIFO or a device: that open could block. */
	fd = gl_file_open_regular(path, "copy study figures", e);
	if (fd < 0)
		return false;
	f = fdopen(fd, "r");
	if (!f) {
		close(fd);
		return gl_err_set(e, "cannot read %s", path);
	}
	while (fgets(line, sizeof(line), f)) {
		char kernel[48], skern[64], impl[16], state[16];
		unsigned sclk, mclk;
		double g;

		if (ln++ == 0)
			continue;
		if (sscanf(line, "%47[^,],%63[^,],%15[^,],%15[^,],%u,%u,%lf", kernel, skern, impl, state, &sclk,
		           &mclk, &g) != 7) {
			fclose(f);
			return gl_err_set(e, "copy: %s line %u: expected kernel,study_kernel,impl,state,sclk_mhz,mclk_mhz,gbps",
			                  path, ln);
		}
		if (sd->n == STUDY_MAX)
			break;
		gl_str_copy(sd->row[sd->n].kernel, sizeof(sd->row[sd->n].kernel), kernel);
		sd->row[sd->n].sclk = sclk;
		sd->row[sd->n].mclk = mclk;
		sd->row[sd->n].gbps = g;
		sd->n++;
	}
	fclose(f);
	return true;
}

static double study_find(const struct copy_study *sd, const char *kernel, uint32_t sclk, uint32_t mclk)
{
	for (unsigned i = 0; i < sd->n; i++)
		if (sd->row[i].sclk == sclk && sd->row[i].mclk == mclk && strcmp(sd->row[i].kernel, kernel) == 0)
			return sd->row[i].gbps;
	return 0;
}

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

/* Validation, then the study method (hot: warm-up dispatches, then the
 * back-to-back batch), then, in cold mode, GPU timing with the suite's
 * gl_cold_cache (every timed dispatch reads a rotating copy of `in`), then
 * validation again. Hot, the GPU column is the batch's own dispatches. */
static void run_kernel(struct gl_bench *m, const struct copy_cfg *c, struct gl_hsa_buf *in,
                       struct gl_hsa_buf *out, struct gl_cold_cache *cold, unsigned launches,
                       struct copy_row *row)
{
	struct gl_run_ctx *ctx = m->ctx;
	struct gl_hsa *h = ctx->hsa;
	char path[PATH_MAX], tried[2 * PATH_MAX];
	const struct gl_hsa_kernel *k;
	struct gl_err e;
	struct gl_kernarg_val args[2] = {
		{ .kind = GL_KV_BUFFER, .address = (uint64_t)(uintptr_t)in->dev, .label = "in (1 MiB)" },
		{ .kind = GL_KV_BUFFER, .address = (uint64_t)(uintptr_t)out->dev, .label = "out (1 MiB)" },
	};
	struct gl_hsa_launch l = {
		.args = args, .nargs = 2,
		.grid = { c->wi, 1, 1 }, .block = { c->wi, 1, 1 }, .dims = 1,
	};
	struct gl_timing_launch tl = {
		.h = h, .launch = &l, .cold = cold, .warmup = ctx->warmup, .reps = ctx->reps,
	};
	struct gl_timing_result res;
	double us, host_us, *gpu = NULL;

	if (!gl_bench_code_path(ctx, gl_hsa_arch(h), row->kernel, copy_files, path, sizeof(path), tried,
	                        sizeof(tried))) {
		gl_str_copy(row->validated, sizeof(row->validated), "not built");
		fprintf(stderr, "copy: kernel %s: no code object (looked for %s)\n", row->kernel, tried);
		return;
	}
	if (!gl_bench_kernel_at(m, path, row->kernel, &k, &e)) {
		gl_str_copy(row->validated, sizeof(row->validated), "load error");
		fprintf(stderr, "copy: %s\n", e.msg);
		return;
	}
	l.kernel = k;
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
	gpu = calloc(launches, sizeof(*gpu));
	if (!gpu || !gl_hsa_buf_upload(h, out, &e))
		goto fail;
	for (unsigned i = 0; i < ctx->warmup; i++)
		if (!gl_hsa_dispatch(h, &l, &us, &e))
			goto fail;
	if (!gl_hsa_dispatch_batch(h, &l, launches, true, &host_us, gpu, &e))
		goto fail;
	row->study_us = host_us / launches;
	if (gl_cold_cache_is_cold(cold)) {
		if (!gl_timing_launch_run(&tl, &res, NULL, &e))
			goto fail;
		row->st = res.kernel;
		row->flush = res.flush;
	} else if (!gl_timing_stats(gpu, launches, &row->st)) {
		gl_err_set(&e, "out of memory");
		goto fail;
	}
	free(gpu);
	gpu = NULL;
	row->timed = true;
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
	row->study_gbps = row->study_us > 0 ? 2.0 * COPY_BYTES / row->study_us / 1e3 : 0;
	return;
fail:
	free(gpu);
	row->ok = false;
	fprintf(stderr, "copy: timing %s: %s\n", row->kernel, e.msg);
}

/* All kernels at the current clock state. False only if the buffers could
 * not be set up (then e says why). */
static bool run_state(struct gl_run_ctx *ctx, const struct gl_clock_state *state, unsigned si,
                      unsigned nstates, unsigned launches, const struct copy_study *sd,
                      const struct copy_cfg *extra, unsigned nextra, struct copy_row *rows,
                      struct copy_row *extra_rows, struct gl_cold_cache_info *cinfo, struct gl_err *e)
{
	struct gl_hsa *h = ctx->hsa;
	struct gl_hsa_buf in = { 0 }, out = { 0 };
	struct gl_cold_cache *cold = NULL;
	struct gl_bench *m = calloc(1, sizeof(*m));   /* ~150 KiB: not on the stack */
	char clocks[64];
	uint32_t *w;
	bool ok = false;
	/* The study's figures are the gfx900's (RX Vega 64) only. */
	bool vega = strcmp(gl_hsa_arch(h), "gfx900") == 0;

	gl_clock_plan_describe(state, clocks, sizeof(clocks));
	if (!m) {
		gl_err_set(e, "out of memory");
		goto fail;
	}
	gl_bench_init(m, ctx, "copy");
	if (!gl_hsa_buf_create(h, COPY_BYTES, &in, e) || !gl_hsa_buf_create(h, COPY_BYTES, &out, e))
		goto fail;
	w = in.host;
	for (uint32_t i = 0; i < COPY_BYTES / 4; i++)
		w[i] = input_word(i);
	if (!gl_hsa_buf_upload(h, &in, e) ||
	    !gl_cold_cache_open_ctx(ctx, &in, 1, "copy", &cold, e))
		goto fail;
	for (size_t i = 0; i < NCFG + nextra; i++) {
		struct copy_row *row = i < NCFG ? &rows[i] : &extra_rows[i - NCFG];

		row->cfg = i < NCFG ? &copy_cfgs[i] : &extra[i - NCFG];
		kernel_name(row->cfg, row->kernel, sizeof(row->kernel));
		gl_str_copy(row->clocks, sizeof(row->clocks), clocks);
		gl_run_ctx_progress(ctx, "copy: %s %s (%zu/%u, state %u/%u)", state->label, row->kernel,
		                i + 1, NCFG + nextra, si + 1, nstates);
		run_kernel(m, row->cfg, &in, &out, cold, launches, row);
		if (vega)
			row->vega_gbps = study_find(sd, row->kernel, state->sclk_mhz, state->mclk_mhz);
	}
	gl_run_ctx_progress_end(ctx);
	gl_cold_cache_info(cold, cinfo);
	ok = true;
fail:
	gl_cold_cache_close(cold);
	if (m)
		gl_bench_fini(m);
	free(m);
	gl_hsa_buf_destroy(h, &in);
	gl_hsa_buf_destroy(h, &out);
	return ok;
}

/* CSV names: snake_case, unit as the suffix. study_dispatch_us is the
 * study's method (host-timed: N back-to-back dispatches, each with a
 * system-release marker); median_us .. max_us are the GPU dispatch
 * timestamps (kernel only); bandwidths are 1 MiB read + 1 MiB written per
 * dispatch in 10^9 B/s; flush_us is the cold-mode flush, not in the time. */
static const char *const columns[] = {
	"kernel", "impl", "clocks", "work_items", "unroll", "loops", "validated",
	"study_dispatch_us", "study_bandwidth_gbs", "vega64_bandwidth_gbs", "study_vs_vega64_ratio",
	"median_us", "min_us", "max_us", "bandwidth_gbs", "flush_us",
};
#define NCOLS (sizeof(columns) / sizeof(columns[0]))
/* Rows are (kernel, impl, clocks); the study-method time and bandwidth and
 * the GPU time are printed beside the reference (the study's own figure has
 * its column). */
static const struct gl_ref_spec copy_figures = { .nkeys = 3, .nfigures = 3, .figures = { 7, 8, 11 } };

static bool add_row(struct gl_table *t, const struct copy_row *r)
{
	char wi[16], unroll[16], loops[16], sus[32], sbw[32], vbw[32], ratio[32], med[32], mn[32], mx[32],
	     bw[32], fl[32];
	const char *cells[NCOLS] = {
		r->kernel, impl_names[r->cfg->impl], r->clocks, wi, unroll, loops, r->validated, sus, sbw, vbw,
		ratio, med, mn, mx, bw, fl,
	};

	gl_str_fmt(wi, sizeof(wi), "%u", r->cfg->wi);
	gl_str_fmt(unroll, sizeof(unroll), "%u", r->cfg->unroll);
	gl_str_fmt(loops, sizeof(loops), "%u", total_loops(r->cfg) / r->cfg->unroll);
	sus[0] = '\0';
	sbw[0] = '\0';
	med[0] = '\0';
	mn[0] = '\0';
	mx[0] = '\0';
	bw[0] = '\0';
	ratio[0] = '\0';
	if (r->timed) {
		gl_str_fmt(sus, sizeof(sus), "%.2f", r->study_us);
		gl_str_fmt(sbw, sizeof(sbw), "%.2f", r->study_gbps);
		gl_timing_stats_text(&r->st, 2, med, mn, mx, sizeof(med));
		gl_str_fmt(bw, sizeof(bw), "%.2f", r->gbps);
		if (r->vega_gbps > 0)
			gl_str_fmt(ratio, sizeof(ratio), "%.2f", r->study_gbps / r->vega_gbps);
	}
	if (r->vega_gbps > 0)
		gl_str_fmt(vbw, sizeof(vbw), "%.2f", r->vega_gbps);
	else
		vbw[0] = '\0';
	if (r->timed && r->flush.n)
		gl_str_fmt(fl, sizeof(fl), "%.2f", r->flush.median_us);
	else
		fl[0] = '\0';
	return gl_table_add_row(t, cells);
}

/* Study-method GB/s per kernel: each asm kernel and its HIP twin side by
 * side (one cluster per configuration), the value over each bar, the RX
 * Vega 64's figure for the same kernel as a black mark where the study has
 * one, and a line at the best figure of this run. Several clock states:
 * one marker series per state (and per state the Vega's). */
static void chart(struct gl_run_ctx *ctx, const char *dir, const struct copy_row *rows,
                  const struct gl_clock_plan *plan, unsigned nstates, struct gl_table *t)
{
	const char *labels[NCFG], *series[2 * GL_CLOCKS_MAX_STATES], *cnames[NCFG];
	char names[2 * GL_CLOCKS_MAX_STATES][48], cn[NCFG][64], best_text[128] = "";
	const char *groups[2] = { "asm", "hip (its twin)" };
	unsigned group[NCFG], cluster[NCFG], ns = 0, ncl = 0;
	double *values = calloc((size_t)2 * nstates * NCFG, sizeof(double)), marks[NCFG], best = 0;
	bool any_mark = false;
	char path[PATH_MAX], title[256];
	const char *who = gl_backend_name(gl_hsa_backend(ctx->hsa));
	struct gl_chart_line line;
	struct gl_err e;

	if (!values)
		return;
	for (size_t i = 0; i < NCFG; i++) {
		labels[i] = rows[i].kernel;
		group[i] = rows[i].cfg->impl == COPY_ASM ? 0 : 1;
		marks[i] = NAN;
		/* A twin joins the cluster of the asm kernel of its shape. */
		cluster[i] = ncl;
		for (size_t j = 0; j < i; j++)
			if (rows[j].cfg->wi == rows[i].cfg->wi && rows[j].cfg->unroll == rows[i].cfg->unroll &&
			    rows[j].cfg->impl != rows[i].cfg->impl)
				cluster[i] = cluster[j];
		if (cluster[i] == ncl) {
			gl_str_copy(cn[ncl], sizeof(cn[ncl]),
			            strncmp(rows[i].kernel, "copy_", 5) ? rows[i].kernel : rows[i].kernel + 5);
			cnames[ncl] = cn[ncl];
			ncl++;
		}
	}
	for (unsigned s = 0; s < nstates; s++) {
		bool any = false;

		gl_str_fmt(names[ns], sizeof(names[ns]), "%s %s", plan->states[s].label, who);
		series[ns] = names[ns];
		for (size_t i = 0; i < NCFG; i++) {
			const struct copy_row *r = &rows[(size_t)s * NCFG + i];
			values[(size_t)ns * NCFG + i] = r->timed ? r->study_gbps : NAN;
			any |= r->vega_gbps > 0;
			if (r->timed && r->study_gbps > best) {
				best = r->study_gbps;
				gl_str_fmt(best_text, sizeof(best_text), "best of this run: %.1f GB/s (%s)", best, r->kernel);
			}
		}
		ns++;
		if (!any)
			continue;
		if (nstates == 1) {
			/* One state: the study's figures are marks on the bars. */
			for (size_t i = 0; i < NCFG; i++)
				marks[i] = rows[i].vega_gbps > 0 ? rows[i].vega_gbps : NAN;
			any_mark = true;
			continue;
		}
		gl_str_fmt(names[ns], sizeof(names[ns]), "%s RX Vega 64", plan->states[s].label);
		series[ns] = names[ns];
		for (size_t i = 0; i < NCFG; i++) {
			const struct copy_row *r = &rows[(size_t)s * NCFG + i];
			values[(size_t)ns * NCFG + i] = r->vega_gbps > 0 ? r->vega_gbps : NAN;
		}
		ns++;
	}
	line = (struct gl_chart_line){ best, best_text };
	gl_str_fmt(title, sizeof(title), "copy: 1 MiB by one workgroup, %s (%s), study method", gl_hsa_arch(ctx->hsa),
	           who);
	struct gl_chart c = {
		.title = title, .ylabel = "GB/s (1 MiB read + 1 MiB written, 10^9 B/s)",
		.npoints = NCFG, .labels = labels, .group = group, .ngroups = 2, .group_names = groups,
		.nseries = ns, .series_names = series, .values = values,
		.xlabel = "kernel copy_<name>: the asm kernel (left) and its HIP twin <name>_hip (right)",
		.cluster = cluster, .nclusters = ncl, .cluster_names = cnames, .value_labels = nstates == 1,
		.lines = best > 0 ? &line : NULL, .nlines = best > 0 ? 1 : 0,
		.marks = any_mark ? marks : NULL, .marks_name = "RX Vega 64 (the study, same kernel and clocks)",
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
		fprintf(stderr, "copy: chart copy.svg failed: %s\n", e.msg);
		gl_table_param(t, "chart", "none (gnuplot failed)");
		break;
	}
	free(values);
}

static void record_params(struct gl_run_ctx *ctx, struct gl_table *t, const struct gl_clock_plan *plan,
                          const struct gl_cold_cache_info *cinfo, unsigned launches,
                          const struct copy_study *sd)
{
	struct gl_hsa_info info;
	struct gl_err e;

	gl_bench_param_target(ctx, "copy", t);
	if (gl_hsa_info(ctx->hsa, &info, &e)) {
		gl_table_param(t, "agent", "%s", info.product[0] ? info.product : info.name);
		gl_table_param(t, "max_clock_mhz", "%u", info.max_clock_mhz);
		gl_table_param(t, "timestamp_hz", "%llu", (unsigned long long)info.timestamp_hz);
	}
	gl_table_param(t, "device", "%u", ctx->cfg.device);
	gl_table_param(t, "bytes", "%u", COPY_BYTES);
	gl_table_param(t, "launch", "grid = block = work-items (one workgroup)");
	gl_table_param(t, "warmup", "%u", ctx->warmup);
	gl_table_param(t, "launches", "%u", launches);
	gl_table_param(t, "time_study",
	               "the study's method: warm-up, then %u dispatches back to back, each followed by a "
	               "barrier-AND marker with a system-scope release (hipEventRecord on a "
	               "hipEventReleaseToSystem event), one wait; HSA system timestamp from the first packet "
	               "to the last completion / %u (%s)",
	               launches, launches,
	               gl_hsa_backend(ctx->hsa) == GL_BACKEND_EMU ? "the emulator's model time" : "host clock");
	if (gl_timing_mode_cold(&ctx->timing)) {
		gl_table_param(t, "reps", "%u", ctx->reps);
		gl_table_param(t, "time_gpu", "cold mode: --reps %u dispatches, each timed by its GPU timestamps",
		               ctx->reps);
	} else {
		gl_table_param(t, "time_gpu", "the study method's %u dispatches, each timed by its GPU timestamps "
		               "(--reps is not used hot)", launches);
	}
	gl_table_param(t, "bandwidth", "(%u B read + %u B written) / time, GB = 10^9 B",
	               COPY_BYTES, COPY_BYTES);
	gl_table_param(t, "study_data", "%s (%u rows%s)", sd->path, sd->n,
	               sd->n ? "" : ": not found, no study figures");
	gl_cold_cache_params(cinfo, t);
	gl_table_param(t, "clocks", "%s", plan->how == GL_CLOCKS_CURRENT ? "as found" : "sweep");
	if (plan->note[0])
		gl_table_param(t, "clocks_note", "%s", plan->note);
	gl_bench_param_date(t);
}

/* --param copy.states=S0M0:S7M3 keeps those states of the plan. */
static bool filter_states(const struct gl_run_ctx *ctx, struct gl_clock_plan *plan, struct gl_err *e)
{
	char want[256];
	unsigned n = 0;

	if (!gl_params_find(ctx->params, "copy", "states", want, sizeof(want)))
		return true;
	for (unsigned i = 0; i < plan->n; i++) {
		char key[40];
		const char *p;
		size_t len = strlen(plan->states[i].label);

		gl_str_fmt(key, sizeof(key), "%s", plan->states[i].label);
		for (p = strstr(want, key); p; p = strstr(p + 1, key))
			if ((p == want || p[-1] == ':') && (p[len] == '\0' || p[len] == ':'))
				break;
		if (p)
			plan->states[n++] = plan->states[i];
	}
	if (n == 0)
		return gl_err_set(e, "copy: --param copy.states=%s matches none of the clock states (S0M0..S7M3 "
		                  "with --clocks sweep on the emulated gfx900)", want);
	plan->n = n;
	return true;
}

/* The --param values: dispatches per kernel, the study's figures (into sd)
 * and the clock states to run. */
static bool config(struct gl_run_ctx *ctx, unsigned *launches, struct copy_study *sd, struct gl_clock_plan *plan,
                   struct gl_err *e)
{
	char spath[PATH_MAX];

	if (!gl_params_uint(ctx, "copy", "launches", COPY_LAUNCHES, 1, 256, launches, e))
		return false;
	if (!gl_params_find(ctx->params, "copy", "study", spath, sizeof(spath)))
		gl_str_fmt(spath, sizeof(spath), "%s/../asm/copy/study_vega64.csv", ctx->build_dir);
	return study_load(sd, spath, e) && gl_clocks_plan(ctx, plan, e) && filter_states(ctx, plan, e);
}

static bool copy_check(struct gl_run_ctx *ctx, struct gl_err *e)
{
	struct copy_study *sd = calloc(1, sizeof(*sd));
	struct gl_clock_plan plan;
	unsigned launches;
	bool ok;

	if (!sd)
		return gl_err_set(e, "out of memory");
	ok = config(ctx, &launches, sd, &plan, e);
	free(sd);
	return ok;
}

static int copy_run(struct gl_run_ctx *ctx, struct gl_err *e)
{
	struct gl_clock_plan plan;
	struct copy_row *rows = NULL;
	struct gl_table *t = NULL;
	struct gl_cold_cache_info cinfo;
	struct copy_study *sd = calloc(1, sizeof(*sd));
	char dir[PATH_MAX];
	unsigned done = 0, launches, nextra;
	struct copy_cfg extra[COPY_EXTRA_MAX];
	int result = GL_SUITE_ERROR;
	bool all_ok = true, state_failed = false;

	gl_cold_cache_info(NULL, &cinfo);
	if (!sd) {
		gl_err_set(e, "out of memory");
		return GL_SUITE_ERROR;
	}
	if (!config(ctx, &launches, sd, &plan, e))
		goto out;
	if (plan.note[0])
		fprintf(stderr, "copy: %s\n", plan.note);
	/* the study's rows, state by state (what the chart reads), then the
	 * extra variants', state by state */
	nextra = copy_extras(ctx, gl_hsa_arch(ctx->hsa), extra);
	rows = calloc((size_t)plan.n * (NCFG + nextra), sizeof(*rows));
	t = gl_table_new("copy: 1 MiB buffer copy by one workgroup", NCOLS, columns);
	if (!rows || !t) {
		gl_err_set(e, "out of memory");
		goto out;
	}
	for (; done < plan.n; done++) {
		if (!gl_clocks_apply(ctx, &plan, done, e) ||
		    !run_state(ctx, &plan.states[done], done, plan.n, launches, sd, extra, nextra,
		               &rows[(size_t)done * NCFG], &rows[(size_t)plan.n * NCFG + (size_t)done * nextra],
		               &cinfo, e)) {
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
	record_params(ctx, t, &plan, &cinfo, launches, sd);
	size_t nrows = (size_t)done * NCFG + (size_t)done * nextra;
	for (size_t r = 0; r < nrows; r++) {
		size_t i = r < (size_t)done * NCFG ? r : (size_t)plan.n * NCFG + (r - (size_t)done * NCFG);

		if (!add_row(t, &rows[i])) {
			gl_err_set(e, "out of memory");
			goto out;
		}
		all_ok &= rows[i].ok;
	}
	/* Counter columns last: they widen the table. */
	for (size_t r = 0; r < nrows; r++) {
		size_t i = r < (size_t)done * NCFG ? r : (size_t)plan.n * NCFG + (r - (size_t)done * NCFG);

		if (!gl_counters_table_row(t, (unsigned)r, &rows[i].cnt)) {
			gl_err_set(e, "out of memory");
			goto out;
		}
	}
	if (state_failed)
		gl_table_param(t, "incomplete", "%s", e->msg);
	if (!gl_run_ctx_results_dir(ctx, dir, sizeof(dir), e))
		goto out;
	chart(ctx, dir, rows, &plan, done, t);
	gl_ref_print(t, "copy", gl_hsa_arch(ctx->hsa), &copy_figures, ctx->all_diffs, stdout);
	fflush(stdout);
	if (!gl_bench_write_files("copy", t, dir, "copy", e))
		goto out;
	result = state_failed ? GL_SUITE_ERROR : all_ok ? GL_SUITE_OK : GL_SUITE_FAILED;
out:
	gl_table_free(t);
	free(rows);
	free(sd);
	return result;
}

/* The suite's launch of one kernel: one workgroup of WI work-items, a
 * 1 MiB input (word i = i) and a 1 MiB output. */
static int copy_launch(const struct gl_run_ctx *ctx, const char *kernel, struct gl_suite_launch *out,
                       struct gl_err *e)
{
	struct copy_cfg extra[COPY_EXTRA_MAX];
	unsigned nextra = copy_extras(ctx, ctx->arch, extra);

	for (size_t i = 0; i < NALL + nextra; i++) {
		const struct copy_cfg *c = i < NALL ? &copy_cfgs[i] : &extra[i - NALL];
		char name[64];

		kernel_name(c, name, sizeof(name));
		if (strcmp(name, kernel) != 0)
			continue;
		if (!gl_bench_launch_code(ctx, "copy", name, copy_files, out, e))
			return GL_SUITE_LAUNCH_ERROR;
		out->dims = 1;
		out->grid[0] = out->block[0] = c->wi;
		out->grid[1] = out->grid[2] = out->block[1] = out->block[2] = 1;
		out->nargs = 2;
		gl_str_fmt(out->args[0], sizeof(out->args[0]), "buf:%u:iota32", COPY_BYTES);
		gl_str_fmt(out->args[1], sizeof(out->args[1]), "buf:%u", COPY_BYTES);
		/* gcnlab compare: an asm kernel's reference is the HIP loop of
		 * the same work-group size (asm/copy/copy_hip.hip). */
		if (c->impl == COPY_ASM)
			gl_str_fmt(out->ref, sizeof(out->ref), "copy_hip_%u", c->wi);
		out->bytes = 2ull * COPY_BYTES;
		return GL_SUITE_LAUNCH_OK;
	}
	return GL_SUITE_LAUNCH_NOT_MINE;
}

static const struct gl_suite_param copy_params[] = {
	{ "launches", "back-to-back dispatches of the study method (default 32, the study's)" },
	{ "states", "clock states to run, ':'-separated labels, e.g. S0M0:S7M3 (default: all of the plan)" },
	{ "study", "the study's figures (default <build>/../asm/copy/study_vega64.csv)" },
	{ NULL, NULL },
};

static const struct gl_suite_params copy_param_set = { copy_params, copy_check };

const struct gl_suite gl_suite_copy = {
	.name = "copy",
	.summary = "1 MiB buffer copy by one workgroup (the RX Vega 64 study): 11 asm + 11 HIP kernels, study-method and GPU timing",
	.params = &copy_param_set,
	.list = copy_list,
	.run = copy_run,
	.launch = copy_launch,
};
