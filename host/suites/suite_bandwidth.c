/*
 * suite bandwidth — how many bytes per clock each level of the memory
 * hierarchy gives one CU and the whole GPU, as the field measures it
 * (RRZE gpu-benches' gpu-cache / gpu-l2-cache / gpu-stream, BabelStream,
 * the Chips and Cheese ladders). Kernels: asm/bandwidth/bw.s.
 *
 *  bandwidth.csv         read bandwidth by footprint, scope `cu` (one
 *                        work-group of 4 waves on one CU) and `gpu` (two
 *                        work-groups per CU, the footprint split into one
 *                        window per work-group, or shared when it is small):
 *                        each wave streams its quarter of its window, 8 KiB
 *                        of dwordx4 loads per step, so no wave loads a line
 *                        another wave of its group or another group loaded
 *                        (the whole-GPU figure is the memory's, not the
 *                        L1's and L2's re-serving it).
 *  bandwidth_stream.csv  BabelStream's copy, mul, add, triad and dot on f64
 *                        arrays of at least the last-level cache each
 *                        (gfx942: the 256 MiB MALL; so each kernel's data is
 *                        2-3x past it), at 1..8 work-groups of 256 per CU;
 *                        GB/s count the bytes each kernel moves (BabelStream's
 *                        2/2/3/3/2 arrays), and of_max_pct shows at which
 *                        occupancy each reaches its plateau.
 *
 * Steady state: a ladder row is the difference of two runs of the same
 * footprint, `iters` and 2 x `iters` steps (at least two passes over it),
 * after a warm-up run when the footprint can stay cached: launch, ramp and
 * the first, cold pass cancel. A stream row is one dispatch after a
 * warm-up of the same kernel (its arrays exceed every cache, so each pass
 * is the steady state). Every row is validated: the read kernel's sums
 * against the count of loads it made (each KiB of the buffer holds the
 * dwords 0..255), the stream arrays against BabelStream's values
 * (a = 0.1, b = 0.2, c = 0.0, scalar 0.4) after each kernel.
 *
 * Sampling: the ladder's footprints are set from the agent's caches (half
 * and all of the L1, 4x L1, half the L2, 4x L2, a quarter of the L3, and
 * past the last level: 2x a MALL, 8x an L2), seven or so instead of a fine
 * sweep; --param
 * bandwidth.footprints=8K:64K:... chooses others.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/gl_str.h"
#include "suites/gl_bench.h"
#include "suites/gl_params.h"
#include "suites/gl_suite.h"

#define SUITE "bandwidth"
#define WG 256u                 /* work-items per work-group: 4 waves */
#define WAVES (WG / 64u)
#define STEP_BYTES 8192u        /* bw.s READ_U: 8 KiB per wave and step */
#define MIN_STEPS 32u           /* steps of the shorter run, at least */
#define GPU_WGS_PER_CU 2u       /* scope gpu: 8 waves per CU keep the L2 path busy */
#define MAX_FOOT 16u
#define MAX_OCC 4u
#define KIB 1024ull
#define MIB (1024ull * 1024ull)

static const char *const stream_kernels[] = { "bw_copy", "bw_mul", "bw_add", "bw_triad", "bw_dot" };
/* Arrays each moves (BabelStream's byte counts). */
static const unsigned stream_arrays[] = { 2, 2, 3, 3, 2 };
#define NSTREAM (sizeof(stream_kernels) / sizeof(stream_kernels[0]))
#define SCALAR 0.4
#define STREAM_TIMEOUT_S 600.0  /* per dispatch, host seconds */

static const struct gl_suite_param params[] = {
	{ "footprints", "read footprints, ':'-separated sizes (default: from the agent's caches, 7 or so)" },
	{ "occupancy", "stream work-groups of 256 per CU, ':'-separated (default 1:8; --long 1:2:4:8)" },
	{ "stream_bytes", "bytes per stream array (default: the last-level cache, at least 32M)" },
	{ NULL, NULL },
};

struct bw_cfg {
	uint64_t foot[MAX_FOOT];
	unsigned nfoot;
	uint64_t occ[MAX_OCC];
	unsigned nocc;
	uint64_t stream_bytes;
};

static uint64_t pow2_ceil(uint64_t v)
{
	uint64_t p = 1;
	while (p < v)
		p <<= 1;
	return p;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* The default ladder from the caches the agent reports (L1..L3). */
static unsigned default_footprints(const struct gl_hsa_info *info, uint64_t *out)
{
	uint64_t l1 = info->cache_bytes[0] ? info->cache_bytes[0] : 16 * KIB;
	uint64_t l2 = info->cache_bytes[1] ? info->cache_bytes[1] : 4 * MIB;
	uint64_t l3 = info->cache_bytes[2];
	uint64_t last = l3 > l2 ? l3 : l2;
	/* past the last level: twice a big one (the 256 MiB MALL), 8x a small one */
	uint64_t v[8] = { l1 / 2, l1, 4 * l1, l2 / 2, 4 * l2, l3 / 4, last > 64 * MIB ? 2 * last : 8 * last, 0 };
	unsigned n = 0;

	for (unsigned i = 0; i < 7; i++)
		if (v[i] >= 8 * KIB)
			out[n++] = pow2_ceil(v[i]);
	qsort(out, n, sizeof(*out), cmp_u64);
	unsigned u = 0;
	for (unsigned i = 0; i < n; i++)
		if (!u || out[u - 1] != out[i])
			out[u++] = out[i];
	return u;
}

static bool config(const struct gl_run_ctx *ctx, struct bw_cfg *c, struct gl_err *e)
{
	struct gl_hsa_info info;
	/* every occupancy takes one pass over the arrays: two on the emulator */
	uint64_t def[MAX_FOOT], occ_short[] = { 1, 8 }, occ_long[] = { 1, 2, 4, 8 };
	bool lng = gl_params_pick(ctx, 0, 1) != 0;
	unsigned ndef;

	memset(c, 0, sizeof(*c));
	memset(&info, 0, sizeof(info));
	if (ctx->hsa && !gl_hsa_info(ctx->hsa, &info, e))
		return false;
	ndef = default_footprints(&info, def);
	if (!gl_params_list(ctx, SUITE, "footprints", def, ndef, 8 * KIB, 2048 * MIB, true, c->foot, &c->nfoot, e) ||
	    !gl_params_list(ctx, SUITE, "occupancy", lng ? occ_long : occ_short, lng ? 4 : 2, 1, 8, false, c->occ,
	                    &c->nocc, e))
		return false;
	if (c->nfoot > MAX_FOOT)
		c->nfoot = MAX_FOOT;
	if (c->nocc > MAX_OCC)
		c->nocc = MAX_OCC;
	for (unsigned i = 0; i < c->nfoot; i++) {
		if (c->foot[i] & (c->foot[i] - 1)) {
			gl_err_set(e, GL_PARAMS_ERR_PREFIX "bandwidth.footprints: %llu is not a power of two (8K, 64K, 1M, ...)",
			           (unsigned long long)c->foot[i]);
			return false;
		}
	}
	uint64_t last = info.cache_bytes[2] > info.cache_bytes[1] ? info.cache_bytes[2] : info.cache_bytes[1];
	uint64_t sdef = last > 32 * MIB ? pow2_ceil(last) : 32 * MIB;
	return gl_params_u64(ctx, SUITE, "stream_bytes", sdef, 1 * MIB, 1024 * MIB, true, &c->stream_bytes, e);
}

GL_BENCH_PARAMS(bw_params, params, struct bw_cfg, config);

/* ---- the read ladder ---- */

struct read_row {
	bool gpu;
	uint64_t foot;
	unsigned wgs;
	bool ok, valid;
	double gbs, bpc_cu;   /* GB/s, bytes per shader cycle per CU */
};

/* The window of each work-group: the footprint over the work-groups,
 * rounded down to 32 KiB (a wave's 8 KiB step in each quarter), so that
 * windows never overlap (rounded up, 608 windows of 1 MiB wrapped onto 512
 * MiB and 96 pairs of work-groups of one XCD read the same lines); at least
 * 32 KiB, where work-groups share windows (wg * 32 KiB mod the
 * power-of-two footprint), at most the footprint. */
static uint64_t read_window(uint64_t foot, unsigned wgs)
{
	uint64_t r = foot / wgs / (32 * KIB) * (32 * KIB);
	r = r < 32 * KIB ? 32 * KIB : r;
	return r > foot ? foot : r;
}

/* Steps for one pass of a wave over its quarter of the window. */
static unsigned read_pass_steps(uint64_t window)
{
	uint64_t q = window / 4 < STEP_BYTES ? STEP_BYTES : window / 4;
	return (unsigned)(q / STEP_BYTES);
}

static bool read_dispatch(struct gl_bench *m, const struct gl_hsa_kernel *k, struct gl_hsa_buf *buf,
                          struct gl_hsa_buf *out, unsigned wgs, uint64_t window, uint64_t span, unsigned iters,
                          double *us, bool *valid, struct gl_err *e)
{
	double scalar = 0;
	struct gl_kernarg_val args[9] = {
		gl_bench_buf(buf, "a"), gl_bench_buf(buf, "b"), gl_bench_buf(buf, "c"), gl_bench_buf(out, "out"),
		{ .kind = GL_KV_SCALAR, .size = 8, .label = "scalar" },
		gl_bench_u32(iters, "iters"), gl_bench_u32(0, "stride"), gl_bench_u32((uint32_t)window, "region"),
		gl_bench_u32((uint32_t)span, "span"),
	};
	memcpy(args[4].bytes, &scalar, 8);
	if (!gl_bench_dispatch(m, k, args, 9, wgs * WG, WG, us, e) || !gl_hsa_buf_download(m->ctx->hsa, out, e))
		return false;
	/* Every wave load reads one KiB-aligned KiB: dwords 0..255, 32640. */
	uint32_t sum = 0, want = (uint32_t)((uint64_t)wgs * WAVES * (STEP_BYTES / 1024) * iters * 32640u);
	const uint32_t *o = out->host;
	for (unsigned i = 0; i < wgs * WG; i++)
		sum += o[i];
	*valid = sum == want;
	return true;
}

/* Steps of a point's shorter timed run: whole passes, at least MIN_STEPS. */
static unsigned read_iters(const struct read_row *r)
{
	unsigned pass = read_pass_steps(read_window(r->foot, r->wgs));

	return pass < MIN_STEPS ? (MIN_STEPS + pass - 1) / pass * pass : pass;
}

static void read_row_run(struct gl_bench *m, const struct gl_hsa_kernel *k, struct gl_hsa_buf *buf,
                         struct gl_hsa_buf *out, uint64_t last_cache, uint32_t sclk, struct read_row *r)
{
	uint64_t window = read_window(r->foot, r->wgs);
	unsigned iters = read_iters(r);
	double t1, t2, tw;
	bool v1 = false, v2 = false, vw = true;
	struct gl_err e;

	r->ok = (r->foot > 2 * last_cache ||
	         read_dispatch(m, k, buf, out, r->wgs, window, r->foot, iters, &tw, &vw, &e)) &&
	        read_dispatch(m, k, buf, out, r->wgs, window, r->foot, iters, &t1, &v1, &e) &&
	        read_dispatch(m, k, buf, out, r->wgs, window, r->foot, 2 * iters, &t2, &v2, &e);
	if (!r->ok) {
		gl_bench_fail(m, r->gpu ? "bandwidth gpu" : "bandwidth cu", e.msg);
		return;
	}
	r->valid = vw && v1 && v2;
	double bytes = (double)r->wgs * WAVES * STEP_BYTES * iters;   /* the second run's extra bytes */
	r->gbs = t2 > t1 ? bytes / ((t2 - t1) * 1e3) : NAN;
	r->bpc_cu = r->gbs * 1e3 / sclk / (r->gpu ? r->wgs / GPU_WGS_PER_CU : 1);
}

/* ---- the stream kernels ---- */

struct stream_row {
	unsigned kernel;       /* index into stream_kernels */
	unsigned wgs_per_cu;
	bool ok, valid;
	double us, gbs, of_max;
};

static void fill(struct gl_hsa_buf *b, double v)
{
	double *d = b->host;
	for (size_t i = 0; i < b->size / 8; i++)
		d[i] = v;
}

static bool all_equal(const struct gl_hsa_buf *b, double v)
{
	const double *d = b->host;
	for (size_t i = 0; i < b->size / 8; i++)
		if (fabs(d[i] - v) > 1e-12 * fabs(v))
			return false;
	return true;
}

/* After kernel ki (in BabelStream order, each run on the previous one's
 * arrays): its output against BabelStream's values. */
static bool stream_check(struct gl_run_ctx *ctx, unsigned ki, struct gl_hsa_buf *a, struct gl_hsa_buf *b,
                         struct gl_hsa_buf *c, struct gl_hsa_buf *out, unsigned threads, struct gl_err *e)
{
	const double va = 0.1, vb = SCALAR * va, vc = va + vb, va2 = vb + SCALAR * vc;
	switch (ki) {
	case 0:
		return gl_hsa_buf_download(ctx->hsa, c, e) && all_equal(c, va);
	case 1:
		return gl_hsa_buf_download(ctx->hsa, b, e) && all_equal(b, vb);
	case 2:
		return gl_hsa_buf_download(ctx->hsa, c, e) && all_equal(c, vc);
	case 3:
		return gl_hsa_buf_download(ctx->hsa, a, e) && all_equal(a, va2);
	default: {
		if (!gl_hsa_buf_download(ctx->hsa, out, e))
			return false;
		double sum = 0, want = (double)(a->size / 8) * va2 * vb;
		const double *d = out->host;
		for (unsigned i = 0; i < threads; i++)
			sum += d[i];
		return fabs(sum - want) <= 1e-8 * want;
	}
	}
}

/* ---- tables ---- */

static const char *const read_cols[] = {
	"scope", "footprint", "footprint_bytes", "work_groups", "bandwidth_gbs", "bytes_per_cycle_per_cu", "validated",
};
#define NREAD (sizeof(read_cols) / sizeof(read_cols[0]))
static const struct gl_ref_spec read_figures = { .nkeys = 2, .nfigures = 2, .figures = { 4, 5 } };

static const char *const stream_cols[] = {
	"kernel", "waves_per_cu", "array_bytes", "moved_bytes", "time_us", "bandwidth_gbs", "of_max_pct", "validated",
};
#define NSTREAMCOLS (sizeof(stream_cols) / sizeof(stream_cols[0]))
static const struct gl_ref_spec stream_figures = { .nkeys = 2, .nfigures = 2, .figures = { 5, 6 } };

static void size_text(uint64_t v, char *buf, size_t len)
{
	if (v >= MIB && v % MIB == 0)
		gl_str_fmt(buf, len, "%lluM", (unsigned long long)(v / MIB));
	else
		gl_str_fmt(buf, len, "%lluK", (unsigned long long)(v / KIB));
}

static bool read_table_add(struct gl_table *t, const struct read_row *r)
{
	char foot[16], bytes[24], wgs[16], gbs[32] = "", bpc[32] = "";

	size_text(r->foot, foot, sizeof(foot));
	gl_str_fmt(bytes, sizeof(bytes), "%llu", (unsigned long long)r->foot);
	gl_str_fmt(wgs, sizeof(wgs), "%u", r->wgs);
	if (r->ok && !isnan(r->gbs)) {
		gl_str_fmt(gbs, sizeof(gbs), "%.1f", r->gbs);
		gl_str_fmt(bpc, sizeof(bpc), "%.2f", r->bpc_cu);
	}
	const char *cells[NREAD] = {
		r->gpu ? "gpu" : "cu", foot, bytes, wgs, gbs, bpc, !r->ok ? "failed" : r->valid ? "yes" : "wrong sums",
	};
	return gl_table_add_row(t, cells);
}

static bool stream_table_add(struct gl_table *t, const struct stream_row *r, uint64_t array_bytes)
{
	char waves[16], ab[24], mb[24], us[32] = "", gbs[32] = "", pct[16] = "";

	gl_str_fmt(waves, sizeof(waves), "%u", r->wgs_per_cu * WAVES);
	gl_str_fmt(ab, sizeof(ab), "%llu", (unsigned long long)array_bytes);
	gl_str_fmt(mb, sizeof(mb), "%llu", (unsigned long long)(stream_arrays[r->kernel] * array_bytes));
	if (r->ok) {
		gl_str_fmt(us, sizeof(us), "%.2f", r->us);
		gl_str_fmt(gbs, sizeof(gbs), "%.1f", r->gbs);
		gl_str_fmt(pct, sizeof(pct), "%.1f", r->of_max);
	}
	const char *cells[NSTREAMCOLS] = {
		stream_kernels[r->kernel] + 3, waves, ab, mb, us, gbs, pct,
		!r->ok ? "failed" : r->valid ? "yes" : "wrong values",
	};
	return gl_table_add_row(t, cells);
}

/* The ladder: bytes per cycle per CU by footprint, one series per scope. */
static void ladder_chart(struct gl_bench *m, struct gl_table *t, const char *dir, const struct read_row *rows,
                         unsigned nfoot)
{
	char lab[MAX_FOOT][16], title[192];
	const char *labels[MAX_FOOT], *gnames[1] = { "footprint" };
	const char *series[2] = { "one CU (one work-group of 4 waves)", "whole GPU, per CU" };
	unsigned group[MAX_FOOT];
	double values[2 * MAX_FOOT];

	for (unsigned i = 0; i < nfoot; i++) {
		size_text(rows[i].foot, lab[i], sizeof(lab[i]));
		labels[i] = lab[i];
		group[i] = 0;
		values[i] = rows[i].ok ? rows[i].bpc_cu : NAN;
		values[nfoot + i] = rows[nfoot + i].ok ? rows[nfoot + i].bpc_cu : NAN;
	}
	gl_str_fmt(title, sizeof(title), "bandwidth: read bytes per cycle per CU by footprint, %s (%s)",
	           gl_hsa_arch(m->ctx->hsa), gl_backend_name(gl_hsa_backend(m->ctx->hsa)));
	struct gl_chart c = {
		.title = title, .ylabel = "bytes per shader cycle per CU", .npoints = nfoot, .labels = labels,
		.group = group, .ngroups = 1, .group_names = gnames, .nseries = 2, .series_names = series,
		.values = values, .xlabel = "footprint (doubling)", .key_title = "scope", .logy = true,
		.ordered_x = true,
	};
	gl_bench_chart(m, t, &c, dir, "bandwidth.svg");
}

/* ---- the run: groups of sweep points (measure/gl_run_ctx.h) ----
 *
 * Which points are measurements of their own, starting from a state they
 * define themselves (each group below starts on a fresh GPU, apart or one
 * after another, and its rows are the same bytes either way):
 * - a ladder point whose footprint can stay cached (at most twice the last
 *   level) warms it with a run of its own before the two timed runs: its
 *   own group;
 * - a ladder point past that has no warm-up: its first timed run starts on
 *   the caches the point before it left (its lines at the start of the
 *   buffer), so it stays in that point's group, after it;
 * - a stream kernel's occupancies: the first is warmed by a dispatch of its
 *   own, each next one by the dispatch before it (a warm-up of the same
 *   kernel), so one group per kernel; its arrays hold what the kernels
 *   before it (BabelStream's order) left, set by the host (stream_values).
 * Every group makes the serial run's mappings in its order and sizes
 * (bw_read's code object, the read buffer, the read output, the kernarg
 * segment of the first dispatch, then the stream arrays and the codes of
 * the kernels before), so that each point's buffers lie where they lay
 * when the whole suite ran on one GPU. */

struct bw_state {
	struct gl_hsa_buf rbuf, rout, a, b, c, sout;
};

static void bw_state_free(struct gl_run_ctx *ctx, struct bw_state *s)
{
	gl_hsa_buf_destroy(ctx->hsa, &s->rbuf);
	gl_hsa_buf_destroy(ctx->hsa, &s->rout);
	gl_hsa_buf_destroy(ctx->hsa, &s->a);
	gl_hsa_buf_destroy(ctx->hsa, &s->b);
	gl_hsa_buf_destroy(ctx->hsa, &s->c);
	gl_hsa_buf_destroy(ctx->hsa, &s->sout);
}

/* What every group reads: the sweep and its split. */
struct bw_job {
	struct bw_cfg cfg;
	unsigned cus;
	uint32_t sclk;
	uint64_t last;                  /* the last-level cache's bytes */
	unsigned nladder;               /* ladder groups; then one per stream kernel */
	unsigned first[2 * MAX_FOOT + 1]; /* ladder group g: points [first[g], first[g + 1]) */
};

/* One group's rows. */
struct bw_rows {
	struct read_row read[2 * MAX_FOOT];  /* a ladder group's points, from its first */
	struct stream_row stream[MAX_OCC];   /* a stream group's occupancies */
};

/* Ladder point p (cu footprints, then gpu ones). */
static void read_point(const struct bw_job *j, unsigned p, struct read_row *r)
{
	r->gpu = p >= j->cfg.nfoot;
	r->foot = j->cfg.foot[p % j->cfg.nfoot];
	r->wgs = r->gpu ? GPU_WGS_PER_CU * j->cus : 1;
}

/* The values of a, b, c before stream kernel ki: what the kernels before it
 * wrote (copy c = a, mul b = s c, add c = a + b, triad a = s c + b: one
 * v_fma_f64, one rounding). Each kernel's rerun writes the same again. */
static void stream_values(unsigned ki, double *va, double *vb, double *vc)
{
	*va = 0.1;
	*vb = 0.2;
	*vc = 0.0;
	if (ki > 0)
		*vc = *va;
	if (ki > 1)
		*vb = SCALAR * *vc;
	if (ki > 2)
		*vc = *va + *vb;
	if (ki > 3)
		*va = fma(SCALAR, *vc, *vb);
}

static bool run_ladder(struct gl_bench *m, const struct bw_job *j, struct bw_state *s, unsigned g,
                       struct read_row *rows, struct gl_err *e)
{
	const struct gl_hsa_kernel *k;

	if (!gl_bench_kernel(m, "bw_read", &k, e))   /* loaded by bw_group: found */
		return false;
	/* A point reads only its footprint, the head of the buffer: the group
	 * fills and uploads the largest of its points' (the rest stays unpaged). */
	uint64_t reach = 0;
	for (unsigned p = j->first[g]; p < j->first[g + 1]; p++) {
		struct read_row r;

		read_point(j, p, &r);
		reach = r.foot > reach ? r.foot : reach;
	}
	uint32_t *d = s->rbuf.host;
	for (size_t i = 0; i < reach / 4; i++)
		d[i] = (uint32_t)(i & 255);
	if (!gl_hsa_buf_upload_head(m->ctx->hsa, &s->rbuf, reach, e))
		return false;
	for (unsigned p = j->first[g]; p < j->first[g + 1]; p++) {
		struct read_row *r = &rows[p - j->first[g]];

		read_point(j, p, r);
		gl_run_ctx_progress(m->ctx, "%s: read %s %lluK", SUITE, r->gpu ? "gpu" : "cu",
		                    (unsigned long long)(r->foot / KIB));
		read_row_run(m, k, &s->rbuf, &s->rout, j->last, j->sclk, r);
	}
	return true;
}

static bool run_stream(struct gl_bench *m, const struct bw_job *j, struct bw_state *s, unsigned ki,
                       struct stream_row *rows, struct gl_err *e)
{
	const struct bw_cfg *cfg = &j->cfg;
	uint64_t n = cfg->stream_bytes;
	unsigned maxw = 0, cus = j->cus;
	double va, vb, vc;

	for (unsigned o = 0; o < cfg->nocc; o++)
		maxw = (unsigned)cfg->occ[o] > maxw ? (unsigned)cfg->occ[o] : maxw;
	/* a, b and c are filled whole below */
	if (!gl_hsa_buf_alloc(m->ctx->hsa, n, &s->a, e) || !gl_hsa_buf_alloc(m->ctx->hsa, n, &s->b, e) ||
	    !gl_hsa_buf_alloc(m->ctx->hsa, n, &s->c, e) ||
	    !gl_hsa_buf_create(m->ctx->hsa, (size_t)cus * maxw * WG * 8, &s->sout, e))
		return false;
	stream_values(ki, &va, &vb, &vc);
	fill(&s->a, va);
	fill(&s->b, vb);
	fill(&s->c, vc);
	if (!gl_hsa_buf_upload(m->ctx->hsa, &s->a, e) || !gl_hsa_buf_upload(m->ctx->hsa, &s->b, e) ||
	    !gl_hsa_buf_upload(m->ctx->hsa, &s->c, e))
		return false;
	/* The kernels before it were loaded before it, serially. */
	for (unsigned i = 0; i < ki; i++) {
		const struct gl_hsa_kernel *prev;
		struct gl_err pe;

		(void)gl_bench_kernel(m, stream_kernels[i], &prev, &pe);   /* their failure is their group's */
	}
	const struct gl_hsa_kernel *k;
	struct gl_err re;
	bool kok = gl_bench_kernel(m, stream_kernels[ki], &k, &re);
	double best = 0;
	for (unsigned o = 0; o < cfg->nocc; o++) {
		struct stream_row *r = &rows[o];
		unsigned threads = cus * (unsigned)cfg->occ[o] * WG;
		uint32_t stride = threads * 16u;
		uint32_t iters = (uint32_t)((n + stride - 1) / stride);
		double scalar = SCALAR;
		struct gl_kernarg_val args[9] = {
			gl_bench_buf(&s->a, "a"), gl_bench_buf(&s->b, "b"), gl_bench_buf(&s->c, "c"),
			gl_bench_buf(&s->sout, "out"), { .kind = GL_KV_SCALAR, .size = 8, .label = "scalar" },
			gl_bench_u32(iters, "iters"), gl_bench_u32(stride, "stride"),
			gl_bench_u32((uint32_t)n, "region"), gl_bench_u32(0, "span"),
		};
		memcpy(args[4].bytes, &scalar, 8);
		r->kernel = ki;
		r->wgs_per_cu = (unsigned)cfg->occ[o];
		gl_run_ctx_progress(m->ctx, "%s: %s at %u waves per CU", SUITE, stream_kernels[ki],
		                    r->wgs_per_cu * WAVES);
		double warm;
		r->ok = kok && (o > 0 || gl_bench_dispatch(m, k, args, 9, threads, WG, &warm, &re)) &&
		        gl_bench_dispatch(m, k, args, 9, threads, WG, &r->us, &re);
		if (!r->ok) {
			gl_bench_fail(m, stream_kernels[ki], re.msg);
			continue;
		}
		r->gbs = (double)stream_arrays[ki] * (double)n / (r->us * 1e3);
		best = r->gbs > best ? r->gbs : best;
		r->valid = stream_check(m->ctx, ki, &s->a, &s->b, &s->c, &s->sout, threads, &re);
	}
	for (unsigned o = 0; o < cfg->nocc; o++) {
		struct stream_row *r = &rows[o];
		r->of_max = r->ok && best > 0 ? 100.0 * r->gbs / best : NAN;
	}
	return true;
}

/* Group g on ctx's (fresh) GPU. */
static bool bw_group(void *user, struct gl_run_ctx *ctx, unsigned g, void *out, struct gl_err *e)
{
	const struct bw_job *j = user;
	struct bw_rows *rows = out;
	struct gl_bench m;
	struct bw_state s;
	const struct gl_hsa_kernel *k;
	struct gl_err ke;
	uint64_t maxf = 0;
	bool ok = false;

	memset(&s, 0, sizeof(s));
	gl_bench_init(&m, ctx, SUITE);
	/* A pass over arrays past the MALL is millions of wave-instructions:
	 * tens of seconds on the emulator's host, not a hang. */
	double old_timeout = gl_hsa_set_timeout(ctx->hsa, STREAM_TIMEOUT_S);
	if (old_timeout > STREAM_TIMEOUT_S)   /* the user's longer --timeout stands */
		gl_hsa_set_timeout(ctx->hsa, old_timeout);
	for (unsigned i = 0; i < j->cfg.nfoot; i++)
		maxf = j->cfg.foot[i] > maxf ? j->cfg.foot[i] : maxf;
	/* The ladder's mappings, in its order (the kernarg segment is its first
	 * dispatch's). Unfilled in a stream group: never touched, never paged. */
	if (!gl_bench_kernel(&m, "bw_read", &k, &ke)) {
		*e = ke;
		goto out;
	}
	if (!gl_hsa_buf_alloc(ctx->hsa, maxf, &s.rbuf, e) ||
	    !gl_hsa_buf_create(ctx->hsa, (size_t)GPU_WGS_PER_CU * j->cus * WG * 4, &s.rout, e))
		goto out;
	if (g < j->nladder) {
		ok = run_ladder(&m, j, &s, g, rows->read, e);
		goto out;
	}
	if (!gl_hsa_kernarg_reserve(ctx->hsa, 1, e))
		goto out;
	gl_hsa_buf_destroy(ctx->hsa, &s.rbuf);
	ok = run_stream(&m, j, &s, g - j->nladder, rows->stream, e);
out:
	gl_hsa_set_timeout(ctx->hsa, old_timeout > 0 ? old_timeout : 10);
	bw_state_free(ctx, &s);
	gl_bench_fini(&m);
	return ok;
}

/* Group g's cost: the bytes its dispatches move (the emulator's host work
 * grows with them), a warm-up included. */
static double bw_cost(void *user, unsigned g)
{
	const struct bw_job *j = user;
	double bytes = 0;

	if (g >= j->nladder)
		return (double)stream_arrays[g - j->nladder] * (double)j->cfg.stream_bytes * (j->cfg.nocc + 1);
	for (unsigned p = j->first[g]; p < j->first[g + 1]; p++) {
		struct read_row r;

		read_point(j, p, &r);
		bytes += (double)r.wgs * WAVES * STEP_BYTES * read_iters(&r) * (r.foot > 2 * j->last ? 3 : 4);
	}
	return bytes;
}

/* The split into groups: a ladder point with a warm-up of its own starts
 * one; one without joins the group of the point before. */
static void bw_split(struct bw_job *j)
{
	unsigned np = 2 * j->cfg.nfoot;

	j->nladder = 0;
	for (unsigned p = 0; p < np; p++) {
		struct read_row r;

		read_point(j, p, &r);
		if (p == 0 || r.foot <= 2 * j->last)
			j->first[j->nladder++] = p;
	}
	j->first[j->nladder] = np;
}

/* The smallest occupancy within 5 % of the kernel's best: its plateau. */
static void plateau_params(struct gl_table *t, const struct bw_cfg *cfg, const struct stream_row *rows)
{
	for (unsigned ki = 0; ki < NSTREAM; ki++) {
		unsigned best = 0;
		for (unsigned o = 0; o < cfg->nocc; o++) {
			const struct stream_row *r = &rows[ki * cfg->nocc + o];
			if (r->ok && r->of_max >= 95.0 && (!best || r->wgs_per_cu * WAVES < best))
				best = r->wgs_per_cu * WAVES;
		}
		char key[32];
		gl_str_fmt(key, sizeof(key), "plateau_%s", stream_kernels[ki] + 3);
		if (best)
			gl_table_param(t, key, "%u waves per CU (within 5 %% of the best)", best);
	}
}

static int bw_run(struct gl_run_ctx *ctx, struct gl_err *e)
{
	struct gl_bench m;
	struct bw_job job;
	struct bw_cfg cfg;
	struct gl_hsa_info info;
	struct read_row *rows = NULL;
	struct stream_row *srows = NULL;
	struct bw_rows *grows = NULL;
	struct gl_table *t = NULL, *st = NULL;
	char dir[PATH_MAX];
	int result = GL_SUITE_ERROR;
	bool all_ok = true;

	memset(&job, 0, sizeof(job));
	gl_bench_init(&m, ctx, SUITE);
	if (!config(ctx, &cfg, e) || !gl_hsa_info(ctx->hsa, &info, e))
		goto out;
	unsigned cus = gl_bench_cus(ctx);
	uint32_t sclk = info.model_clocks && info.sclk_mhz ? info.sclk_mhz : info.max_clock_mhz;
	uint64_t last = info.cache_bytes[2] > info.cache_bytes[1] ? info.cache_bytes[2] : info.cache_bytes[1];
	if (!sclk)
		sclk = 1000;
	job.cfg = cfg;
	job.cus = cus;
	job.sclk = sclk;
	job.last = last;
	bw_split(&job);
	struct gl_run_groups groups = {
		.suite = SUITE, .n = job.nladder + (unsigned)NSTREAM, .bytes = sizeof(struct bw_rows),
		.run = bw_group, .cost = bw_cost, .user = &job,
	};
	rows = calloc(2 * (size_t)cfg.nfoot, sizeof(*rows));
	srows = calloc(NSTREAM * (size_t)cfg.nocc, sizeof(*srows));
	grows = calloc(groups.n, sizeof(*grows));
	t = gl_table_new("bandwidth: read bandwidth by footprint (steady state)", NREAD, read_cols);
	st = gl_table_new("bandwidth: BabelStream kernels at full GPU, arrays past the last-level cache", NSTREAMCOLS,
	                  stream_cols);
	if (!rows || !srows || !grows || !t || !st) {
		gl_err_set(e, "out of memory");
		goto out;
	}
	/* Each row's keys, for a group that never came back. */
	for (unsigned g = 0; g < job.nladder; g++)
		for (unsigned p = job.first[g]; p < job.first[g + 1]; p++)
			read_point(&job, p, &grows[g].read[p - job.first[g]]);
	for (unsigned ki = 0; ki < NSTREAM; ki++)
		for (unsigned o = 0; o < cfg.nocc; o++) {
			grows[job.nladder + ki].stream[o].kernel = ki;
			grows[job.nladder + ki].stream[o].wgs_per_cu = (unsigned)cfg.occ[o];
			grows[job.nladder + ki].stream[o].of_max = NAN;
		}
	if (!gl_run_ctx_groups(ctx, &groups, grows, e))
		goto out;
	for (unsigned g = 0; g < job.nladder; g++)
		memcpy(&rows[job.first[g]], grows[g].read, (job.first[g + 1] - job.first[g]) * sizeof(*rows));
	for (unsigned ki = 0; ki < NSTREAM; ki++)
		memcpy(&srows[ki * cfg.nocc], grows[job.nladder + ki].stream, cfg.nocc * sizeof(*srows));
	gl_run_ctx_progress_end(ctx);

	for (unsigned i = 0; i < 2 * cfg.nfoot; i++) {
		all_ok &= rows[i].ok && rows[i].valid;
		if (!read_table_add(t, &rows[i]))
			goto oom;
	}
	for (unsigned i = 0; i < NSTREAM * cfg.nocc; i++) {
		all_ok &= srows[i].ok && srows[i].valid;
		if (!stream_table_add(st, &srows[i], cfg.stream_bytes))
			goto oom;
	}
	char list[256];
	gl_bench_params(&m, t);
	gl_params_list_str(cfg.foot, cfg.nfoot, true, list, sizeof(list));
	gl_table_param(t, "footprints", "%s", list);
	gl_table_param(t, "sclk_mhz", "%u", sclk);
	gl_table_param(t, "launch", "cu: one work-group of %u; gpu: %u per CU (%u), windows of the footprint over the work-groups rounded down to 32 KiB (at least 32 KiB, shared below); each wave streams its quarter of the window, %u KiB of dwordx4 loads per step",
	               WG, GPU_WGS_PER_CU, GPU_WGS_PER_CU * cus, STEP_BYTES / 1024);
	gl_table_param(t, "steady_state", "difference of two runs (iters, 2 x iters steps, at least %u and two passes) after a warm-up run of cacheable footprints",
	               MIN_STEPS);
	gl_bench_params(&m, st);
	gl_params_list_str(cfg.occ, cfg.nocc, false, list, sizeof(list));
	gl_table_param(st, "work_groups_per_cu", "%s (work-groups of %u)", list, WG);
	gl_table_param(st, "array_bytes", "%llu", (unsigned long long)cfg.stream_bytes);
	gl_table_param(st, "init", "a = 0.1, b = 0.2, c = 0.0, scalar = %.1f (BabelStream)", SCALAR);
	gl_table_param(st, "timing", "one dispatch after a warm-up of the same kernel; GPU timestamps");
	plateau_params(st, &cfg, srows);
	if (!gl_run_ctx_results_dir(ctx, dir, sizeof(dir), e))
		goto out;
	ladder_chart(&m, t, dir, rows, cfg.nfoot);
	if (!gl_bench_write(&m, t, dir, SUITE, true, &read_figures, e) ||
	    !gl_bench_write(&m, st, dir, "bandwidth_stream", true, &stream_figures, e))
		goto out;
	result = all_ok ? GL_SUITE_OK : GL_SUITE_FAILED;
	goto out;
oom:
	gl_err_set(e, "out of memory");
out:
	gl_run_ctx_progress_end(ctx);
	gl_bench_fini(&m);
	gl_table_free(t);
	gl_table_free(st);
	free(rows);
	free(srows);
	free(grows);
	return result;
}

/* ---- each kernel alone (gcnlab trace / compare): one CU's worth ---- */

static const char *const all_kernels[] = { "bw_read", "bw_copy", "bw_mul", "bw_add", "bw_triad", "bw_dot" };

static bool bw_list(const struct gl_run_ctx *ctx, gl_suite_emit_fn emit, void *user)
{
	return gl_bench_list(ctx, all_kernels, 6, NULL, emit, user);
}

static int bw_launch(const struct gl_run_ctx *ctx, const char *kernel, struct gl_suite_launch *out,
                     struct gl_err *e)
{
	bool read = strcmp(kernel, "bw_read") == 0;
	unsigned i;

	for (i = 0; i < 6 && strcmp(all_kernels[i], kernel) != 0; i++)
		;
	if (i == 6)
		return GL_SUITE_LAUNCH_NOT_MINE;
	if (!gl_bench_launch_code(ctx, SUITE, kernel, NULL, out, e))
		return GL_SUITE_LAUNCH_ERROR;
	/* read: 32 KiB, 8 steps; stream: 256 KiB arrays, one work-group, 16 steps */
	const char *args[9] = {
		read ? "buf:32K:iota32" : "buf:256K", "buf:256K", "buf:256K", "buf:2K", "f64:0.4",
		read ? "u32:8" : "u32:16", read ? "u32:0" : "u32:4096", read ? "u32:32768" : "u32:262144",
		read ? "u32:32768" : "u32:0",
	};
	out->dims = 1;
	out->grid[0] = out->block[0] = WG;
	out->grid[1] = out->grid[2] = out->block[1] = out->block[2] = 1;
	out->nargs = 9;
	for (unsigned a = 0; a < 9; a++)
		gl_str_copy(out->args[a], sizeof(out->args[0]), args[a]);
	return GL_SUITE_LAUNCH_OK;
}

const struct gl_suite gl_suite_bandwidth = {
	.name = "bandwidth",
	.summary = "read bandwidth by footprint (one CU, whole GPU) and the BabelStream kernels past the last-level cache",
	.list = bw_list,
	.run = bw_run,
	.launch = bw_launch,
	.params = &bw_params,
};
