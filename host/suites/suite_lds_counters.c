/*
 * suite lds_counters — rocprofiler-compute's LDS example (003_2971ecc2aaaadb01.txt): the
 * kernels `load` (work-item t reads array[t]) and `conflicts` (array[t * 32],
 * every work-item in bank 0), each dispatched as one work-group of 1..N
 * work-items. Per dispatch, from the emulated GPU's counters named as the
 * hardware's (SQ_LDS_IDX_ACTIVE, SQ_LDS_BANK_CONFLICT), the metrics as
 * rocprofiler-compute derives them:
 *
 *   Index Accesses (cycles)     = SQ_LDS_IDX_ACTIVE
 *   Bank Conflict (cycles)      = SQ_LDS_BANK_CONFLICT
 *   Theoretical Bandwidth (B)   = (IDX_ACTIVE - BANK_CONFLICT) x 4 B x 32 banks
 *                                 (rocprofiler-compute's LDS bandwidth: the
 *                                 cycles that moved data, 128 B each)
 *   Bank Conflict Rate (%)      = 100 x ((BANK_CONFLICT / 32) /
 *                                        (IDX_ACTIVE - BANK_CONFLICT))
 *                                 (the formula 003_2971ecc2aaaadb01.txt quotes)
 *
 * ROCr has no such counters without a profiler: there the suite still
 * dispatches every kernel and prints the rocprofv3 command that collects
 * the same two counters.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure/gl_counters.h"
#include "suites/gl_bench.h"
#include "suites/gl_params.h"
#include "base/gl_str.h"
#include "suites/gl_suite.h"

#define SUITE "lds_counters"
#define LDS_BANKS 32u         /* rocprofiler-compute's $lds_banks_per_cu (gfx9/CDNA) */
#define BANK_BYTES 4u
#define CHART_MAX 64u         /* work-items shown in the chart */

static const char *const kernels[] = { "lds_counters_load", "lds_counters_conflicts" };
#define NKERNELS (sizeof(kernels) / sizeof(kernels[0]))

static const struct gl_suite_param params[] = {
	{ "max_wi", "dispatch 1..max_wi work-items, one work-group (default 64; --long 256, the example's range)" },
	{ NULL, NULL },
};

struct cnt_row {
	unsigned kernel;            /* index into kernels */
	unsigned wi;
	bool ok, counted;
	double us;
	uint64_t idx, conf;
};

static double theoretical_bytes(const struct cnt_row *r)
{
	return (double)(r->idx - r->conf) * BANK_BYTES * LDS_BANKS;
}

static double conflict_rate(const struct cnt_row *r)
{
	return r->idx > r->conf ? 100.0 * ((double)r->conf / LDS_BANKS) / (double)(r->idx - r->conf) : NAN;
}

/* CSV names: rocprofiler-compute's LDS metrics (Theoretical Bandwidth,
 * Index Accesses, Bank Conflict, Bank Conflict Rate) in snake_case with
 * their unit as the suffix; status is "ok" or "failed". */
static const char *const columns[] = {
	"kernel", "work_items", "waves", "dt_us", "theoretical_bandwidth_bytes", "index_accesses_cycles",
	"bank_conflict_cycles", "bank_conflict_rate_pct", "status",
};
#define NCOLS (sizeof(columns) / sizeof(columns[0]))
/* Rows are (kernel, work-items); the rocprofiler-compute metrics are the figures. */
static const struct gl_ref_spec counters_figures = { .nkeys = 2, .nfigures = 4, .figures = { 3, 5, 6, 7 } };

static bool add_row(struct gl_table *t, const struct cnt_row *r)
{
	char wi[16], waves[16], v[5][32];
	const char *cells[NCOLS];
	const char *name = kernels[r->kernel] + strlen("lds_counters_");

	gl_str_fmt(wi, sizeof(wi), "%u", r->wi);
	gl_str_fmt(waves, sizeof(waves), "%u", (r->wi + 63) / 64);
	for (unsigned i = 0; i < 5; i++)
		v[i][0] = '\0';
	if (r->ok)
		gl_str_fmt(v[0], sizeof(v[0]), "%.2f", r->us);
	if (r->counted) {
		gl_str_fmt(v[1], sizeof(v[1]), "%.0f", theoretical_bytes(r));
		gl_str_fmt(v[2], sizeof(v[2]), "%llu", (unsigned long long)r->idx);
		gl_str_fmt(v[3], sizeof(v[3]), "%llu", (unsigned long long)r->conf);
		if (!isnan(conflict_rate(r)))
			gl_str_fmt(v[4], sizeof(v[4]), "%.2f", conflict_rate(r));
	}
	cells[0] = name;
	cells[1] = wi;
	cells[2] = waves;
	for (unsigned i = 0; i < 5; i++)
		cells[3 + i] = v[i];
	cells[8] = r->ok ? "ok" : "failed";
	return gl_table_add_row(t, cells);
}

/* Index accesses and bank conflicts of `conflicts`, and the theoretical
 * bandwidth of `load` in cycles (bytes / 128), against work-items. */
static void chart(struct gl_bench *m, struct gl_table *t, const char *dir, const struct cnt_row *rows,
                  unsigned max_wi)
{
	unsigned n = max_wi < CHART_MAX ? max_wi : CHART_MAX;
	char lab[CHART_MAX][8], title[192];
	const char *labels[CHART_MAX], *gnames[1] = { "work-items" };
	const char *series[3] = { "conflicts: Index Accesses", "conflicts: Bank Conflict",
	                          "load: Index Accesses" };
	unsigned group[CHART_MAX];
	double *values = calloc(3 * (size_t)n, sizeof(double));

	if (!values)
		return;
	for (unsigned i = 0; i < n; i++) {
		const struct cnt_row *load = &rows[i], *conf = &rows[max_wi + i];

		gl_str_fmt(lab[i], sizeof(lab[i]), "%u", i + 1);
		labels[i] = lab[i];
		group[i] = 0;
		values[i] = conf->counted ? (double)conf->idx : NAN;
		values[n + i] = conf->counted ? (double)conf->conf : NAN;
		values[2 * n + i] = load->counted ? (double)load->idx : NAN;
	}
	gl_str_fmt(title, sizeof(title), "lds_counters: LDS cycles per dispatch vs work-items (one work-group), %s (%s)",
	           gl_hsa_arch(m->ctx->hsa), gl_backend_name(gl_hsa_backend(m->ctx->hsa)));
	struct gl_chart c = {
		.title = title, .ylabel = "cycles (SQ_LDS_IDX_ACTIVE, SQ_LDS_BANK_CONFLICT)", .npoints = n,
		.labels = labels, .group = group, .ngroups = 1, .group_names = gnames, .nseries = 3,
		.series_names = series, .values = values,
		.xlabel = "work-items in the one work-group", .key_title = "kernel: counter", .ordered_x = true,
	};
	gl_bench_chart(m, t, &c, dir, "lds_counters.svg");
	if (n < max_wi)
		gl_table_param(t, "chart_range", "work-items 1..%u", n);
	free(values);
}

static void rocprof_hint(const struct gl_run_ctx *ctx, struct gl_table *t)
{
	char exe[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (len <= 0)
		gl_str_copy(exe, sizeof(exe), "gcnlab");
	else
		exe[len] = '\0';
	printf("lds_counters: ROCr has no counters without a profiler; collect the same two with\n"
	       "  rocprofv3 --pmc SQ_LDS_IDX_ACTIVE SQ_LDS_BANK_CONFLICT --output-format csv -d rocprof-lds -- \\\n"
	       "    %s run lds_counters --backend rocr --arch %s --out %s\n",
	       exe, gl_hsa_arch(ctx->hsa), ctx->out_root);
	gl_table_param(t, "counters", "not available on ROCr: rocprofv3 --pmc SQ_LDS_IDX_ACTIVE SQ_LDS_BANK_CONFLICT -- gcnlab run lds_counters --backend rocr");
}

/* --param max_wi: the largest work-group of the table. */
static bool config(const struct gl_run_ctx *ctx, unsigned *max_wi, struct gl_err *e)
{
	return gl_params_uint(ctx, SUITE, "max_wi", (unsigned)gl_params_pick(ctx, 64, 256), 1, 256, max_wi, e);
}

GL_BENCH_PARAMS(cnt_params, params, unsigned, config);

static int cnt_run(struct gl_run_ctx *ctx, struct gl_err *e)
{
	struct gl_bench m;
	struct gl_hsa_buf out = { 0 };
	struct cnt_row *rows = NULL;
	struct gl_table *t = NULL;
	unsigned max_wi;
	char dir[PATH_MAX];
	bool all_ok = true, counted = false;
	int result = GL_SUITE_ERROR;

	gl_bench_init(&m, ctx, SUITE);
	if (!config(ctx, &max_wi, e))
		goto out;
	rows = calloc(NKERNELS * (size_t)max_wi, sizeof(*rows));
	t = gl_table_new("lds_counters: rocprofiler-compute LDS metrics per dispatch", NCOLS, columns);
	if (!rows || !t) {
		gl_err_set(e, "out of memory");
		goto out;
	}
	if (!gl_hsa_buf_create(ctx->hsa, 256 * 4, &out, e))
		goto out;
	for (unsigned k = 0; k < NKERNELS; k++) {
		for (unsigned wi = 1; wi <= max_wi; wi++) {
			struct cnt_row *r = &rows[k * max_wi + wi - 1];
			const struct gl_hsa_kernel *kern;
			struct gl_kernarg_val args[2] = { gl_bench_buf(&out, "out"), gl_bench_u32(0, "flag") };
			struct gl_counters cn;
			struct gl_err re;

			r->kernel = k;
			r->wi = wi;
			gl_run_ctx_progress(ctx, "%s: %s %u/%u", SUITE, kernels[k], wi, max_wi);
			r->ok = gl_bench_kernel(&m, kernels[k], &kern, &re) &&
			        gl_bench_dispatch(&m, kern, args, 2, wi, wi, &r->us, &re);
			if (!r->ok) {
				gl_bench_fail(&m, NULL, re.msg);
				all_ok = false;
				continue;
			}
			gl_counters_read(ctx->hsa, &cn);
			r->counted = cn.valid && gl_counters_get(&cn, "SQ_LDS_IDX_ACTIVE", &r->idx) &&
			             gl_counters_get(&cn, "SQ_LDS_BANK_CONFLICT", &r->conf);
			counted |= r->counted;
		}
	}
	gl_run_ctx_progress_end(ctx);

	gl_bench_params(&m, t);
	gl_table_param(t, "max_wi", "%u", max_wi);
	gl_table_param(t, "launch", "one work-group of work-items 1..max_wi; flag = 0");
	gl_table_param(t, "theoretical_bandwidth", "(SQ_LDS_IDX_ACTIVE - SQ_LDS_BANK_CONFLICT) x %u B x %u banks",
	               BANK_BYTES, LDS_BANKS);
	gl_table_param(t, "bank_conflict_rate", "100 x ((SQ_LDS_BANK_CONFLICT / %u) / (SQ_LDS_IDX_ACTIVE - SQ_LDS_BANK_CONFLICT))",
	               LDS_BANKS);
	if (!counted)
		rocprof_hint(ctx, t);
	for (unsigned i = 0; i < NKERNELS * max_wi; i++)
		if (!add_row(t, &rows[i])) {
			gl_err_set(e, "out of memory");
			goto out;
		}
	if (!gl_run_ctx_results_dir(ctx, dir, sizeof(dir), e))
		goto out;
	if (counted)
		chart(&m, t, dir, rows, max_wi);
	if (!gl_bench_write(&m, t, dir, SUITE, true, &counters_figures, e))
		goto out;
	result = all_ok ? GL_SUITE_OK : GL_SUITE_FAILED;
out:
	gl_run_ctx_progress_end(ctx);
	gl_hsa_buf_destroy(ctx->hsa, &out);
	gl_bench_fini(&m);
	gl_table_free(t);
	free(rows);
	return result;
}

/* Each kernel alone (gcnlab trace / compare): one work-group of 256
 * work-items, flag 0, as the run's largest row. */
static const struct gl_bench_launch cnt_launches[] = {
	{ "lds_counters_load", 256, 256, { "buf:1K", "i32:0" } },
	{ "lds_counters_conflicts", 256, 256, { "buf:1K", "i32:0" } },
};

const struct gl_suite gl_suite_lds_counters = {
	.name = "lds_counters",
	.summary = "rocprofiler-compute LDS example: Index Accesses, Bank Conflict, bandwidth for 1..N work-items",
	.run = cnt_run,
	GL_SUITE_LAUNCHES(cnt_launches),
	.params = &cnt_params,
};
