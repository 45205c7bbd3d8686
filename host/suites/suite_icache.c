/*
 * suite icache — hot and cold timing side by side (001_0597331732635ddd.txt): what the
 * caches do to a repeated measurement of the same kernel.
 *
 * Instruction cache (asm/icache/icache_body.s): straight-line kernels of
 * 24 KiB (fits every arch's L1 instruction cache) and 256 KiB (4-8 times
 * it), one wave, and the 24 KiB one also with one wave per CU. Each is
 *   first  the very first dispatch: nothing of it is cached anywhere;
 *   hot    repeated dispatches: the code stays in the instruction cache;
 *   cold   flush_icache (gl_cold_cache) before each timed dispatch: every CU's
 *          instruction cache is empty, the code comes from L2.
 * Data caches (asm/icache/dcache_read.s): one workgroup reads 1 MiB,
 *   hot       the same buffer every dispatch: it stays in L2;
 *   rotating  N copies in turn (gl_cold_cache), N from --rotating-count
 *             (default 3, the seed's example), and N such that all copies
 *             make twice the L2 + L3 the runtime reports (HSA cache sizes).
 * Each row has the median time, the flush time (timed apart, never in the
 * kernel's), the ratio to the hot row and, on the emulated GPU, the
 * counters that explain it (per timed dispatch: "lo..hi" when they vary).
 * The text output ends with the seed's "Run 1 ... Run 2 ..." view.
 *
 * --flush-cache does not apply (the suite times both ways by design);
 * --rotating-count N sets the first rotating row, --rotating-cap caps both.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "measure/gl_cold_cache.h"
#include "report/gl_chart.h"
#include "suites/gl_bench.h"
#include "measure/gl_counters.h"
#include "gpu/gl_hsa.h"
#include "report/gl_ref.h"
#include "report/gl_results.h"
#include "base/gl_str.h"
#include "suites/gl_suite.h"
#include "measure/gl_timing.h"
#include "measure/gl_timing_launch.h"

#define DC_BYTES (1u << 20)   /* dcache_read's buffer: 1 MiB, well inside every L2 */
#define DC_WI 256u            /* dcache_read: one workgroup of 256 work-items */
#define DC_ROTATE_DEFAULT 3u  /* the seed's rotating_count=3 */
#define IC_UNIT_BYTES 8u      /* icache_body.s: one unit = two 4-byte SALU instructions */

static const struct ic_kernel {
	const char *name;
	unsigned body_kib;        /* icache_body.s BODY_KIB */
	bool every_cu;            /* also run with one wave per CU */
} ic_kernels[] = {
	{ "icache_24k", 24, true },
	{ "icache_256k", 256, false },
};
#define NIC (sizeof(ic_kernels) / sizeof(ic_kernels[0]))

/* Counters shown, in this order. */
static const char *const cnt_names[] = {
	"SQC_ICACHE_MISSES", "SQC_ICACHE_HITS", "TCC_HIT", "TCC_MISS", "GCNLAB_MALL_HIT", "GCNLAB_HBM_READ_BYTES",
};
#define NCNT (sizeof(cnt_names) / sizeof(cnt_names[0]))

struct cnt_range {
	bool seen;
	uint64_t lo, hi;
};

struct ic_row {
	char kernel[32];
	char shape[48];
	char mode[96];
	char validated[64];
	unsigned group;            /* rows of one kernel + shape; [0] is its hot row */
	bool timed;
	struct gl_timing_stats st; /* the first dispatch: n = 1 */
	struct gl_timing_stats flush;
	bool have_cnt;
	struct cnt_range cnt[NCNT];
	double vs_hot;             /* median / the group's hot median; 0: none */
};

#define MAX_ROWS 16
struct ic_run {
	struct gl_run_ctx *ctx;
	struct gl_hsa *h;
	unsigned cus;
	uint64_t llc_bytes;        /* L2 + L3 + L4 as HSA reports them */
	struct ic_row rows[MAX_ROWS];
	unsigned nrows, ngroups;
	struct gl_bench bench;     /* the kernel being measured, freed after it */
	struct gl_cold_cache *flush;     /* flush only, for the cold rows */
	struct gl_cold_cache_info flush_info;
	char notes[4][320];
	unsigned nnotes;
};

/* --- observing counters ------------------------------------------------ */

static void cnt_note(struct ic_row *r, const struct gl_counters *c)
{
	if (!c->valid)
		return;
	r->have_cnt = true;
	for (unsigned i = 0; i < NCNT; i++) {
		uint64_t v;
		struct cnt_range *x = &r->cnt[i];

		if (!gl_counters_get(c, cnt_names[i], &v))
			continue;
		if (!x->seen || v < x->lo)
			x->lo = v;
		if (!x->seen || v > x->hi)
			x->hi = v;
		x->seen = true;
	}
}

struct observe {
	struct gl_hsa *h;
	struct ic_row *row;
};

/* Counters of every timed dispatch (the warm-up's are not the row's). */
static void observe(void *user, int rep)
{
	struct observe *o = user;
	struct gl_counters c;

	if (rep < 0)
		return;
	gl_counters_read(o->h, &c);
	cnt_note(o->row, &c);
}

static struct ic_row *new_row(struct ic_run *run, const char *kernel, const char *shape,
                              const char *mode, unsigned group)
{
	struct ic_row *r;

	if (run->nrows == MAX_ROWS)
		return NULL;
	r = &run->rows[run->nrows++];
	memset(r, 0, sizeof(*r));
	gl_str_copy(r->kernel, sizeof(r->kernel), kernel);
	gl_str_copy(r->shape, sizeof(r->shape), shape);
	gl_str_copy(r->mode, sizeof(r->mode), mode);
	gl_str_copy(r->validated, sizeof(r->validated), "-");
	r->group = group;
	return r;
}

/* One row: the first dispatch (timed = a single sample) or a timing run. */
static bool first_row(struct ic_run *run, struct ic_row *r, const struct gl_hsa_launch *l,
                      struct gl_err *e)
{
	struct gl_counters c;
	double us;

	if (!gl_hsa_dispatch(run->h, l, &us, e))
		return false;
	gl_counters_read(run->h, &c);
	cnt_note(r, &c);
	gl_timing_stats(&us, 1, &r->st);
	r->timed = true;
	return true;
}

static bool timed_row(struct ic_run *run, struct ic_row *r, const struct gl_hsa_launch *l,
                      struct gl_cold_cache *cold, struct gl_err *e)
{
	struct observe o = { .h = run->h, .row = r };
	struct gl_timing_launch tl = {
		.h = run->h, .launch = l, .cold = cold, .warmup = run->ctx->warmup,
		.reps = run->ctx->reps, .observe = observe, .user = &o,
	};
	struct gl_timing_result res;

	if (!gl_timing_launch_run(&tl, &res, NULL, e))
		return false;
	r->st = res.kernel;
	r->flush = res.flush;
	r->timed = true;
	return true;
}

/* --- instruction cache ------------------------------------------------- */

/* out[2w] = units, out[2w + 1] = hash for every workgroup w (icache_body.s). */
static bool ic_validate(const struct gl_hsa_buf *out, unsigned wgs, unsigned units,
                        const char *kernel, char *cell, size_t len, struct gl_err *e)
{
	const uint32_t *o = out->host;
	uint32_t hash = 0;

	for (uint32_t k = 1; k <= units; k++)
		hash = 2 * hash + k;
	for (unsigned w = 0; w < wgs; w++) {
		if (o[2 * w] != units || o[2 * w + 1] != hash) {
			gl_str_fmt(cell, len, "NO (workgroup %u)", w);
			return gl_err_set(e, "icache: kernel %s: workgroup %u wrote count %u, hash 0x%08x; expected %u, 0x%08x",
			                  kernel, w, o[2 * w], o[2 * w + 1], units, hash);
		}
	}
	gl_str_copy(cell, len, "yes");
	return true;
}

/* first, hot, cold rows of one kernel and launch shape. `again`: the
 * kernel ran before (another shape), so its first dispatch here finds the
 * code in L2 and, on CU 0's group, in the instruction cache. */
static void ic_unit(struct ic_run *run, const struct ic_kernel *k, const struct gl_hsa_kernel *kern,
                    unsigned wgs, bool again)
{
	struct gl_hsa *h = run->h;
	struct gl_hsa_buf out = { 0 };
	struct gl_err e;
	char shape[48];
	unsigned g = run->ngroups++, units = k->body_kib * 1024u / IC_UNIT_BYTES;
	struct ic_row *first, *hot, *cold;
	struct gl_kernarg_val args[1] = { { .kind = GL_KV_BUFFER, .label = "out" } };
	struct gl_hsa_launch l = {
		.kernel = kern, .args = args, .nargs = 1, .grid = { wgs * 64, 1, 1 },
		.block = { 64, 1, 1 }, .dims = 1,
	};

	if (wgs == 1)
		gl_str_copy(shape, sizeof(shape), "1 wave");
	else
		gl_str_fmt(shape, sizeof(shape), "1 wave on each of %u CUs", wgs);
	/* Rows first, so that a failure still shows where. */
	first = new_row(run, k->name, shape, again ? "first with this launch" : "first dispatch", g);
	hot = new_row(run, k->name, shape, "hot: repeated", g);
	cold = new_row(run, k->name, shape, "cold: flush_icache before each", g);
	if (!hot || !first || !cold)
		return;
	gl_run_ctx_progress(run->ctx, "icache: %s, %s", k->name, shape);
	if (!gl_hsa_buf_create(h, (size_t)wgs * 8, &out, &e))
		goto fail;
	args[0].address = (uint64_t)(uintptr_t)out.dev;
	if (!gl_hsa_buf_upload(h, &out, &e) || !first_row(run, first, &l, &e) ||
	    !gl_hsa_buf_download(h, &out, &e))
		goto fail;
	if (!ic_validate(&out, wgs, units, k->name, first->validated, sizeof(first->validated), &e)) {
		fprintf(stderr, "%s\n", e.msg);
		goto out;
	}
	if (!timed_row(run, hot, &l, NULL, &e))
		goto fail;
	gl_str_copy(hot->validated, sizeof(hot->validated), "yes");
	memset(out.host, 0, out.size);
	if (!gl_hsa_buf_upload(h, &out, &e) || !timed_row(run, cold, &l, run->flush, &e) ||
	    !gl_hsa_buf_download(h, &out, &e))
		goto fail;
	if (!ic_validate(&out, wgs, units, k->name, cold->validated, sizeof(cold->validated), &e))
		fprintf(stderr, "%s (after the cold dispatches)\n", e.msg);
	goto out;
fail:
	gl_str_copy(first->validated, sizeof(first->validated), "error");
	fprintf(stderr, "icache: %s, %s: %s\n", k->name, shape, e.msg);
out:
	gl_hsa_buf_destroy(h, &out);
}

static void ic_part(struct ic_run *run)
{
	for (size_t i = 0; i < NIC; i++) {
		const struct ic_kernel *k = &ic_kernels[i];
		char path[PATH_MAX], tried[2 * PATH_MAX];
		const struct gl_hsa_kernel *kern;
		struct gl_err e;

		if (!gl_bench_code_path(run->ctx, gl_hsa_arch(run->h), k->name, NULL, path, sizeof(path), tried,
		                        sizeof(tried))) {
			struct ic_row *r = new_row(run, k->name, "-", "-", run->ngroups++);

			if (r)
				gl_str_copy(r->validated, sizeof(r->validated), "not built");
			fprintf(stderr, "icache: kernel %s: no code object (looked for %s)\n", k->name, tried);
			continue;
		}
		if (!gl_bench_kernel_at(&run->bench, path, k->name, &kern, &e)) {
			fprintf(stderr, "icache: %s\n", e.msg);
			gl_bench_fini(&run->bench);
			continue;
		}
		ic_unit(run, k, kern, 1, false);
		if (k->every_cu)
			ic_unit(run, k, kern, run->cus, true);
		gl_bench_fini(&run->bench);
	}
}

/* --- data caches ------------------------------------------------------- */

/* Word i of the input (as in the copy suite): a bijection of i, so no two
 * words are equal. */
static uint32_t input_word(uint32_t i)
{
	return i * 2654435761u + 0x9e3779b9u;
}

/* out[t] = the sum of the dwords at c * 4096 + t * 16 .. + 15, every chunk c. */
static bool dc_validate(const struct gl_hsa_buf *in, const struct gl_hsa_buf *out, char *cell,
                        size_t len, struct gl_err *e)
{
	const uint32_t *w = in->host, *o = out->host;

	for (uint32_t t = 0; t < DC_WI; t++) {
		uint32_t sum = 0;

		for (uint32_t c = 0; c < DC_BYTES / (DC_WI * 16); c++)
			for (uint32_t j = 0; j < 4; j++)
				sum += w[(c * DC_WI * 16 + t * 16) / 4 + j];
		if (o[t] != sum) {
			gl_str_fmt(cell, len, "NO (work-item %u)", t);
			return gl_err_set(e, "icache: kernel dcache_read: work-item %u summed 0x%08x, expected 0x%08x",
			                  t, o[t], sum);
		}
	}
	gl_str_copy(cell, len, "yes");
	return true;
}

static void note(struct ic_run *run, const char *text)
{
	if (text[0] && run->nnotes < sizeof(run->notes) / sizeof(run->notes[0]))
		gl_str_copy(run->notes[run->nnotes++], sizeof(run->notes[0]), text);
}

/* count copies of in for row r (its mode notes a cap). */
static bool dc_copies(struct ic_run *run, struct ic_row *r, struct gl_hsa_buf *in, unsigned count,
                      struct gl_cold_cache **out, struct gl_err *e)
{
	struct gl_timing_mode m = { .rotating_count = count, .rotating_cap = run->ctx->timing.rotating_cap };
	struct gl_cold_cache_info ci;

	if (!gl_cold_cache_open(run->h, run->ctx->build_dir, &m, in, 1, "icache", out, e))
		return false;
	gl_cold_cache_info(*out, &ci);
	note(run, ci.note);
	if (ci.rotating_count != count)
		gl_str_fmt(r->mode + strlen(r->mode), sizeof(r->mode) - strlen(r->mode),
		           " (capped: x%u)", ci.rotating_count);
	return true;
}

/* A rotating row; the output is validated afterwards (the last dispatch
 * read a copy). */
static bool dc_rotating(struct ic_run *run, struct ic_row *r, const struct gl_hsa_launch *l,
                        struct gl_hsa_buf *in, struct gl_hsa_buf *out, struct gl_cold_cache *cold,
                        struct gl_err *e)
{
	memset(out->host, 0, out->size);
	if (!gl_hsa_buf_upload(run->h, out, e) || !timed_row(run, r, l, cold, e) ||
	    !gl_hsa_buf_download(run->h, out, e))
		return false;
	if (!dc_validate(in, out, r->validated, sizeof(r->validated), e))
		fprintf(stderr, "%s (after the rotating dispatches)\n", e->msg);
	return true;
}

static void dc_part(struct ic_run *run)
{
	struct gl_hsa *h = run->h;
	const struct gl_timing_mode *tm = &run->ctx->timing;
	char path[PATH_MAX], tried[2 * PATH_MAX], mode[96], size[32];
	const struct gl_hsa_kernel *kern;
	struct gl_hsa_buf in = { 0 }, out = { 0 };
	struct gl_cold_cache *c1 = NULL, *c2 = NULL;
	struct gl_err e;
	unsigned g = run->ngroups++;
	unsigned n1 = tm->rotating_count > 1 ? tm->rotating_count : DC_ROTATE_DEFAULT, n2;
	struct ic_row *hot, *first, *rot1, *rot2 = NULL;
	struct gl_kernarg_val args[3] = {
		{ .kind = GL_KV_BUFFER, .label = "in (1 MiB)" },
		{ .kind = GL_KV_BUFFER, .label = "out" },
		{ .kind = GL_KV_SCALAR, .size = 4, .label = "bytes" },
	};
	struct gl_hsa_launch l = {
		.args = args, .nargs = 3, .grid = { DC_WI, 1, 1 },
		.block = { DC_WI, 1, 1 }, .dims = 1,
	};
	const uint32_t bytes = DC_BYTES;

	memcpy(args[2].bytes, &bytes, 4);
	first = new_row(run, "dcache_read", "1 workgroup reads 1 MiB", "first dispatch", g);
	hot = new_row(run, "dcache_read", "1 workgroup reads 1 MiB", "hot: the same buffer", g);
	gl_str_fmt(mode, sizeof(mode), "rotating x%u%s", n1,
	           tm->rotating_count > 1 ? " (--rotating-count)" : " (the seed's example)");
	rot1 = new_row(run, "dcache_read", "1 workgroup reads 1 MiB", mode, g);
	/* Enough copies that each is evicted before it comes round again:
	 * all of them twice the caches below the L1 (LRU leaves no line of a
	 * copy after that much other data). */
	n2 = run->llc_bytes ? (unsigned)((2 * run->llc_bytes + DC_BYTES - 1) / DC_BYTES) : 0;
	if (n2 > 1) {
		gl_str_bytes(run->llc_bytes, false, size, sizeof(size));
		gl_str_fmt(mode, sizeof(mode), "rotating x%u (2 x the %s of L2 + L3)", n2, size);
		rot2 = new_row(run, "dcache_read", "1 workgroup reads 1 MiB", mode, g);
	} else {
		note(run, "the runtime reports no L2/L3 size (HSA_AGENT_INFO_CACHE_SIZE): no rotating row beyond the caches");
	}
	if (!hot || !first || !rot1)
		return;
	gl_run_ctx_progress(run->ctx, "icache: dcache_read");
	if (!gl_bench_code_path(run->ctx, gl_hsa_arch(h), "dcache_read", NULL, path, sizeof(path), tried,
	                        sizeof(tried))) {
		gl_str_copy(first->validated, sizeof(first->validated), "not built");
		fprintf(stderr, "icache: kernel dcache_read: no code object (looked for %s)\n", tried);
		return;
	}
	if (!gl_bench_kernel_at(&run->bench, path, "dcache_read", &kern, &e))
		goto fail;
	l.kernel = kern;
	if (!gl_hsa_buf_create(h, DC_BYTES, &in, &e) || !gl_hsa_buf_create(h, DC_WI * 4, &out, &e))
		goto fail;
	for (uint32_t i = 0; i < DC_BYTES / 4; i++)
		((uint32_t *)in.host)[i] = input_word(i);
	args[0].address = (uint64_t)(uintptr_t)in.dev;
	args[1].address = (uint64_t)(uintptr_t)out.dev;
	if (!gl_hsa_buf_upload(h, &in, &e) || !gl_hsa_buf_upload(h, &out, &e) ||
	    !first_row(run, first, &l, &e) || !gl_hsa_buf_download(h, &out, &e))
		goto fail;
	if (!dc_validate(&in, &out, first->validated, sizeof(first->validated), &e)) {
		fprintf(stderr, "%s\n", e.msg);
		goto out;
	}
	if (!timed_row(run, hot, &l, NULL, &e))
		goto fail;
	gl_str_copy(hot->validated, sizeof(hot->validated), "yes");
	/* Both sets of copies exist together: the second never lands on the
	 * addresses of the first (freed memory comes back at the same
	 * addresses, and the emulated caches are indexed by address). */
	if (!dc_copies(run, rot1, &in, n1, &c1, &e) || (rot2 && !dc_copies(run, rot2, &in, n2, &c2, &e)) ||
	    !dc_rotating(run, rot1, &l, &in, &out, c1, &e) ||
	    (rot2 && !dc_rotating(run, rot2, &l, &in, &out, c2, &e)))
		goto fail;
	goto out;
fail:
	gl_str_copy(first->validated, sizeof(first->validated), "error");
	fprintf(stderr, "icache: dcache_read: %s\n", e.msg);
out:
	gl_cold_cache_close(c1);
	gl_cold_cache_close(c2);
	gl_hsa_buf_destroy(h, &in);
	gl_hsa_buf_destroy(h, &out);
	gl_bench_fini(&run->bench);
}

/* --- output ------------------------------------------------------------ */

/* CSV names: snake_case, unit as the suffix. flush_us is timed apart (not
 * in the time); vs_hot_ratio = median / the hot row's median. Each counter
 * has two columns, its lowest and highest value over the timed dispatches
 * (<counter in lower case>_min, _max). */
static const char *const base_columns[] = {
	"kernel", "launch", "mode", "validated", "median_us", "min_us", "max_us", "flush_us",
	"vs_hot_ratio",
};
#define NBASE (sizeof(base_columns) / sizeof(base_columns[0]))
#define NCOLS (NBASE + 2 * NCNT)
/* Rows are (kernel, launch, mode); the time and the cold/hot ratio are the figures. */
static const struct gl_ref_spec icache_figures = { .nkeys = 3, .nfigures = 2, .figures = { 4, 8 } };

static void cnt_cell(const struct ic_row *r, unsigned i, char *buf, size_t len)
{
	const struct cnt_range *x = &r->cnt[i];

	if (!r->have_cnt || !x->seen)
		gl_str_copy(buf, len, r->timed ? "n/a" : "-");
	else if (x->lo == x->hi)
		gl_str_fmt(buf, len, "%llu", (unsigned long long)x->lo);
	else
		gl_str_fmt(buf, len, "%llu..%llu", (unsigned long long)x->lo, (unsigned long long)x->hi);
}

/* The range of counter i as two cells, empty when not observed. */
static void cnt_cells(const struct ic_row *r, unsigned i, char *lo, char *hi, size_t len)
{
	const struct cnt_range *x = &r->cnt[i];

	lo[0] = hi[0] = '\0';
	if (r->have_cnt && x->seen) {
		gl_str_fmt(lo, len, "%llu", (unsigned long long)x->lo);
		gl_str_fmt(hi, len, "%llu", (unsigned long long)x->hi);
	}
}

/* Each row's time against its kernel's hot dispatch: one bar per mode
 * (first, hot, cold, rotating copies), coloured by kernel and launch, a
 * line at 1 (hot). */
static void chart(struct ic_run *run, struct gl_table *t, const char *dir)
{
	char lab[MAX_ROWS][48], gn[MAX_ROWS][96], title[160];
	const char *labels[MAX_ROWS], *gnames[MAX_ROWS], *series[1] = { "time / hot" };
	unsigned group[MAX_ROWS];
	double values[MAX_ROWS];
	struct gl_chart_line hot = { 1.0, "1 = the hot dispatch of the same kernel and launch" };
	struct gl_err e;
	char path[PATH_MAX];

	for (unsigned g = 0; g < MAX_ROWS; g++)
		gnames[g] = "";
	for (unsigned i = 0; i < run->nrows; i++) {
		const struct ic_row *r = &run->rows[i];
		size_t len = strcspn(r->mode, ":(");

		while (len && r->mode[len - 1] == ' ')
			len--;
		gl_str_fmt(lab[i], sizeof(lab[i]), "%.*s", (int)len, r->mode);
		labels[i] = lab[i];
		group[i] = r->group;
		gl_str_fmt(gn[r->group], sizeof(gn[r->group]), "%s, %s", r->kernel, r->shape);
		gnames[r->group] = gn[r->group];
		values[i] = r->timed && r->vs_hot > 0 ? r->vs_hot : NAN;
	}
	gl_str_fmt(title, sizeof(title), "icache: cold against hot, %s (%s)", gl_hsa_arch(run->ctx->hsa),
	           gl_backend_name(gl_hsa_backend(run->ctx->hsa)));
	struct gl_chart c = {
		.title = title, .ylabel = "dispatch time / the hot dispatch's (x)", .npoints = run->nrows,
		.labels = labels, .group = group, .ngroups = run->ngroups, .group_names = gnames, .nseries = 1,
		.series_names = series, .values = values, .xlabel = "timing mode, per kernel and launch (dashed lines)",
		.value_labels = true, .lines = &hot, .nlines = 1,
	};
	gl_str_fmt(path, sizeof(path), "%s/icache.svg", dir);
	switch (gl_chart_svg(&c, path, &e)) {
	case GL_CHART_WRITTEN:
		gl_table_param(t, "chart", "icache.svg");
		fprintf(stderr, "icache: wrote %s\n", path);
		break;
	case GL_CHART_NO_GNUPLOT:
		gl_table_param(t, "chart", "none (gnuplot not on PATH)");
		break;
	case GL_CHART_FAILED:
		fprintf(stderr, "icache: chart icache.svg failed: %s\n", e.msg);
		gl_table_param(t, "chart", "none (gnuplot failed)");
		break;
	}
}

static bool add_row(struct gl_table *t, const struct ic_row *r)
{
	char med[32], mn[32], mx[32], fl[32], vs[32], cnt[2 * NCNT][32];
	const char *cells[NCOLS] = { r->kernel, r->shape, r->mode, r->validated, med, mn, mx, fl, vs };

	if (r->timed) {
		gl_timing_stats_text(&r->st, 2, med, mn, mx, sizeof(med));
	} else {
		med[0] = '\0';
		mn[0] = '\0';
		mx[0] = '\0';
	}
	if (r->flush.n)
		gl_str_fmt(fl, sizeof(fl), "%.2f", r->flush.median_us);
	else
		fl[0] = '\0';
	if (r->vs_hot > 0)
		gl_str_fmt(vs, sizeof(vs), "%.2f", r->vs_hot);
	else
		vs[0] = '\0';
	for (unsigned i = 0; i < NCNT; i++) {
		cnt_cells(r, i, cnt[2 * i], cnt[2 * i + 1], sizeof(cnt[0]));
		cells[NBASE + 2 * i] = cnt[2 * i];
		cells[NBASE + 2 * i + 1] = cnt[2 * i + 1];
	}
	return gl_table_add_row(t, cells);
}

/* The seed's view: per kernel and launch, run 1, the hot runs, the cold
 * runs, what the counters say and the ratio. */
static void print_runs(const struct ic_run *run, FILE *f)
{
	fprintf(f, "\nRun by run (median of the timed dispatches; counters per dispatch):\n");
	for (unsigned g = 0; g < run->ngroups; g++) {
		bool head = false;

		for (unsigned i = 0; i < run->nrows; i++) {
			const struct ic_row *r = &run->rows[i];
			char c0[48], c1[48], line[160] = "";
			bool ic = strncmp(r->kernel, "icache", 6) == 0;

			if (r->group != g || !r->timed)
				continue;
			if (!head) {
				fprintf(f, "  %s, %s:\n", r->kernel, r->shape);
				head = true;
			}
			/* icache rows: misses and hits; data rows: L2 hits and misses. */
			cnt_cell(r, ic ? 0 : 3, c0, sizeof(c0));
			cnt_cell(r, ic ? 1 : 2, c1, sizeof(c1));
			if (r->have_cnt)
				gl_str_fmt(line, sizeof(line), "  %s %s, %s %s", cnt_names[ic ? 0 : 3], c0,
				           cnt_names[ic ? 1 : 2], c1);
			fprintf(f, "    %-44s %10.2f µs%s", r->mode, r->st.median_us, line);
			if (r->flush.n)
				fprintf(f, "  (flush %.2f µs, timed apart)", r->flush.median_us);
			if (r->vs_hot > 0 && strncmp(r->mode, "hot", 3) != 0)
				fprintf(f, "  = %.2f x hot", r->vs_hot);
			fprintf(f, "\n");
		}
	}
	if (run->flush) {
		char reach[160];

		gl_cold_cache_reach(run->flush, reach, sizeof(reach));
		fprintf(f, "  flush_icache: %s\n", reach);
	}
	for (unsigned i = 0; i < run->nnotes; i++)
		fprintf(f, "  note: %s\n", run->notes[i]);
}

static void record_params(struct ic_run *run, struct gl_table *t)
{
	struct gl_run_ctx *ctx = run->ctx;
	struct gl_hsa_info info;
	struct gl_err e;
	char sz[32];

	gl_bench_param_target(ctx, "icache", t);
	if (gl_hsa_info(ctx->hsa, &info, &e)) {
		gl_table_param(t, "agent", "%s", info.product[0] ? info.product : info.name);
		gl_table_param(t, "compute_units", "%u", info.compute_units);
		gl_table_param(t, "max_clock_mhz", "%u", info.max_clock_mhz);
		gl_table_param(t, "timestamp_hz", "%llu", (unsigned long long)info.timestamp_hz);
	}
	gl_table_param(t, "device", "%u", ctx->cfg.device);
	gl_table_param(t, "warmup", "%u", ctx->warmup);
	gl_table_param(t, "reps", "%u", ctx->reps);
	gl_table_param(t, "time", "GPU dispatch timestamps (hsa_amd_profiling_get_dispatch_time)");
	gl_table_param(t, "icache_kernels", "icache_24k, icache_256k: 24 / 256 KiB of straight-line SALU code (asm/icache/icache_body.s)");
	gl_table_param(t, "dcache_kernel", "dcache_read: one workgroup of %u work-items reads %u bytes", DC_WI, DC_BYTES);
	gl_str_bytes(run->llc_bytes, false, sz, sizeof(sz));
	gl_table_param(t, "caches_below_l1", "%s (L2 + L3 from HSA_AGENT_INFO_CACHE_SIZE)", sz);
	gl_table_param(t, "modes", "first = the first dispatch; hot = repeated (after warm-up); cold = flush_icache before each timed dispatch; rotating xN = timed rep r reads copy (r + 1) mod N");
	gl_table_param(t, "counters", "per timed dispatch, lo..hi over the reps (emulator only)");
	if (run->flush) {
		gl_table_param(t, "flush_cache", "flush_icache: %u workgroups of 64 work-items (%u CUs x %u) before each cold dispatch; its time is reported apart, never in the kernel's",
		               run->flush_info.flush_workgroups, run->flush_info.compute_units,
		               run->flush_info.flush_per_cu);
		if (run->flush_info.cus_checked)
			gl_table_param(t, "flush_cus_reached", "%u of %u (HW_ID bitmap, fewest over %u flushes)",
			               run->flush_info.cus_reached_min, run->flush_info.compute_units,
			               run->flush_info.flushes);
		else
			gl_table_param(t, "flush_cus_reached", "not checked (the runtime has no counters)");
	}
	gl_str_bytes(gl_timing_mode_cap(&ctx->timing), false, sz, sizeof(sz));
	gl_table_param(t, "rotating_cap", "%s", sz);
	for (unsigned i = 0; i < run->nnotes; i++)
		gl_table_param(t, i ? "note2" : "note", "%s", run->notes[i]);
	if (ctx->clock_sweep)
		gl_table_param(t, "clocks", "as found (--clocks sweep does not apply to this suite)");
	gl_bench_param_date(t);
}

static int icache_run(struct gl_run_ctx *ctx, struct gl_err *e)
{
	struct ic_run *run = calloc(1, sizeof(*run));
	struct gl_timing_mode fm = { .flush_cache = true, .flush_per_cu = ctx->timing.flush_per_cu };
	struct gl_hsa_info info;
	struct gl_table *t = NULL;
	char dir[PATH_MAX];
	int result = GL_SUITE_ERROR;
	bool all_ok = true;

	if (!run) {
		gl_err_set(e, "out of memory");
		return GL_SUITE_ERROR;
	}
	run->ctx = ctx;
	run->h = ctx->hsa;
	gl_bench_init(&run->bench, ctx, "icache");
	if (ctx->clock_sweep)
		fprintf(stderr, "icache: --clocks sweep does not apply to this suite: running at the current clocks\n");
	if (ctx->timing.flush_cache)
		fprintf(stderr, "icache: the suite times hot and cold by itself (--flush-cache changes nothing)\n");
	ctx->timing.applied = true;   /* --rotating-count and --rotating-cap are its own */
	if (!gl_hsa_info(run->h, &info, e))
		goto out;
	run->cus = info.compute_units;
	for (unsigned i = 1; i < 4; i++)
		run->llc_bytes += info.cache_bytes[i];
	if (!gl_cold_cache_open(run->h, ctx->build_dir, &fm, NULL, 0, "icache", &run->flush, e))
		goto out;
	ic_part(run);
	dc_part(run);
	gl_run_ctx_progress_end(ctx);
	gl_cold_cache_info(run->flush, &run->flush_info);

	for (unsigned i = 0; i < run->nrows; i++) {
		struct ic_row *r = &run->rows[i];
		const struct ic_row *hot = NULL;

		for (unsigned j = 0; j < run->nrows; j++)
			if (run->rows[j].group == r->group && strncmp(run->rows[j].mode, "hot", 3) == 0)
				hot = &run->rows[j];
		if (r->timed && hot && hot->timed && hot->st.median_us > 0)
			r->vs_hot = r->st.median_us / hot->st.median_us;
		all_ok &= r->timed && strcmp(r->validated, "yes") == 0;
	}
	{
		const char *cols[NCOLS];
		char cnt_cols[2 * NCNT][GCNLAB_COUNTER_NAME_MAX + 8];

		for (unsigned i = 0; i < NBASE; i++)
			cols[i] = base_columns[i];
		for (unsigned i = 0; i < 2 * NCNT; i++) {
			gl_counters_column(cnt_names[i / 2], i % 2 ? "_max" : "_min", cnt_cols[i],
			                   sizeof(cnt_cols[i]));
			cols[NBASE + i] = cnt_cols[i];
		}
		t = gl_table_new("icache: hot and cold timing (instruction cache, data caches)", NCOLS, cols);
	}
	if (!t) {
		gl_err_set(e, "out of memory");
		goto out;
	}
	record_params(run, t);
	for (unsigned i = 0; i < run->nrows; i++) {
		if (!add_row(t, &run->rows[i])) {
			gl_err_set(e, "out of memory");
			goto out;
		}
	}
	if (!gl_run_ctx_results_dir(ctx, dir, sizeof(dir), e))
		goto out;
	gl_ref_print(t, "icache", gl_hsa_arch(ctx->hsa), &icache_figures, ctx->all_diffs, stdout);
	print_runs(run, stdout);
	fflush(stdout);
	chart(run, t, dir);
	if (!gl_bench_write_files("icache", t, dir, "icache", e))
		goto out;
	result = all_ok ? GL_SUITE_OK : GL_SUITE_FAILED;
out:
	gl_table_free(t);
	gl_cold_cache_close(run->flush);
	free(run);
	return result;
}

/* One kernel as the suite launches it (one wave; dcache_read as in dc_part). */
static const struct gl_bench_launch icache_launches[] = {
	{ "icache_24k", 64, 64, { "buf:8" } },
	{ "icache_256k", 64, 64, { "buf:8" } },
	{ "dcache_read", DC_WI, DC_WI, { "buf:1M:iota32", "buf:1K", "u32:1048576" } },
	{ "flush_icache", 64, 64, { "buf:512" } },   /* its reach bitmap */
};

const struct gl_suite gl_suite_icache = {
	.name = "icache",
	.summary = "hot vs cold timing: straight-line kernels after s_icache_inv, a 1 MiB read with rotating copies",
	.run = icache_run,
	GL_SUITE_LAUNCHES(icache_launches),
};
