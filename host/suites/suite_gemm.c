/*
 * suite gemm — the pipelined MFMA GEMM of 000_106faad81daed8dd.txt (4 waves,
 * 2048 cycles per K-step) measured against its own design (asm/gemm/gemm.s,
 * asm/gemm/gemm_hip.hip).
 *
 * Kernels: gemm_stage (000_106faad81daed8dd.txt: HBM -> VGPRs -> LDS),
 * gemm_dma (002_6bc4fcfb1ec6bd4f.txt: buffer_load_dword ... lds),
 * gemm_dma_vmwait (gemm_dma with clang's
 * s_waitcnt vmcnt(0) after every LDS-DMA load) and gemm_hip (the same
 * tiling compiled by clang -O3). Each runs at two sizes: one work-group
 * (256 x 256 x k1: one CU, the seed's view) and one work-group per CU
 * (M x N = CUs tiles of 256 x 256, K = k_gpu).
 *
 * Per run: C is checked against a host reference; the kernel's own
 * s_memtime stamps give cycles per K-step (steady state: after step 1 to
 * the end), set beside the design's 64 MFMAs x the MFMA's cycles; the
 * emulator's counters give MFMA utilisation (SQ_VALU_MFMA_BUSY_CYCLES /
 * (GRBM_GUI_ACTIVE x 4 SIMDs x GCNLAB_CUS_USED)) and its trace the stall causes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

#include "gcn_mfma.h"
#include "measure/gl_counters.h"
#include "measure/gl_host_mem.h"
#include "suites/gl_bench.h"
#include "suites/gl_params.h"
#include "base/gl_str.h"
#include "measure/gl_trace.h"

#define SUITE "gemm"
#define TILE 256u
#define KSTEP 32u
#define WG_SIZE 256u
#define NSIZES 2
#define EMU_TIMEOUT_S 300.0

static const char *const kernels[] = { "gemm_stage", "gemm_dma", "gemm_dma_vmwait", "gemm_hip" };
#define NKERNELS (sizeof(kernels) / sizeof(kernels[0]))

static const struct gl_suite_param params[] = {
	{ "k1", "K of the one-work-group run, a multiple of 32, >= 96 (default 512; --long 8192)" },
	{ "k_gpu", "K of the one-work-group-per-CU run, a multiple of 32, >= 96 (default 128; --long 4096)" },
	{ "wgs", "work-groups of the second run (default: one per CU, the full GPU)" },
	{ "seed", "seed of the input values (default 1)" },
	{ NULL, NULL },
};

/* Per arch: cycles of the design's f16 32x32x8 MFMA on a SIMD's matrix
 * core, 4 x its passes (common/gcn_mfma.c, with sources: 64 on CDNA2, 32 on
 * CDNA3); 16384 FLOPs each. 0: no matrix cores (gfx900). CDNA3 renamed it
 * (v_mfma_f32_32x32x8_f16). */
static unsigned mfma_cycles(const char *arch)
{
	const struct gcn_proc *p = gcn_proc_find(arch);
	unsigned n = gcn_mfma_passes(p, "v_mfma_f32_32x32x8f16");
	if (!n)
		n = gcn_mfma_passes(p, "v_mfma_f32_32x32x8_f16");
	return 4u * n;
}

struct gemm_size {
	char label[32];       /* "1 WG", "GPU" (one work-group per CU) or "N WGs" */
	unsigned m, n, k;
	unsigned groups;
	int8_t *a, *b;        /* inputs as 16 x value, row-major M x K / N x K */
	int32_t *ref;         /* 256 x C */
	struct gl_hsa_buf da, db;
};

struct gemm_row {
	const char *kernel;
	const struct gemm_size *sz;
	char validated[96];
	bool ok, ran;
	double us;
	double cyc_step;      /* s_memtime cycles per K-step, steady state */
	double util;          /* MFMA busy / (elapsed x SIMDs), NAN: no counters */
	char stalls[160];
};

static bool gemm_list(const struct gl_run_ctx *ctx, gl_suite_emit_fn emit, void *user)
{
	if (ctx->arch[0] && !mfma_cycles(ctx->arch)) {
		for (unsigned i = 0; i < NKERNELS; i++)
			emit(user, kernels[i], "not built for this arch (no MFMA)");
		return true;
	}
	return gl_bench_list(ctx, kernels, NKERNELS, NULL, emit, user);
}

/* fp16 bits of v/16 for |v| <= 16 (exact: at most 5 significant bits). */
static uint16_t half_of16(int v)
{
	uint16_t sign = v < 0 ? 0x8000 : 0;
	unsigned a = (unsigned)(v < 0 ? -v : v);
	int e = 0;

	if (!a)
		return sign;
	while ((a >> e) > 1)
		e++;
	/* a = 1.f x 2^e; value = a / 16 = 1.f x 2^(e-4); 10-bit mantissa. */
	uint16_t mant = (uint16_t)(((a << 10) >> e) & 0x3ff);
	return (uint16_t)(sign | (uint16_t)((e - 4 + 15) << 10) | mant);
}

/* sum over k of x[k] * y[k], exactly: int8 products fit int16 and their
 * sums int32 for K <= 2^17. On x86-64, sixteen products per step with
 * SSE2's pmaddwd (baseline x86-64, so no CPU check): the host reference of
 * the large sizes was seconds of scalar multiply-adds, longer than some of
 * the dispatches it checks. */
static int32_t dot_i8(const int8_t *x, const int8_t *y, unsigned k)
{
	int32_t sum = 0;
	unsigned i = 0;
#if defined(__x86_64__)
	__m128i acc = _mm_setzero_si128();
	for (; i + 16 <= k; i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(x + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(y + i));
		/* sign-extend bytes to int16: each byte into a word's high half, then >> 8 */
		__m128i alo = _mm_srai_epi16(_mm_unpacklo_epi8(a, a), 8), ahi = _mm_srai_epi16(_mm_unpackhi_epi8(a, a), 8);
		__m128i blo = _mm_srai_epi16(_mm_unpacklo_epi8(b, b), 8), bhi = _mm_srai_epi16(_mm_unpackhi_epi8(b, b), 8);
		acc = _mm_add_epi32(acc, _mm_add_epi32(_mm_madd_epi16(alo, blo), _mm_madd_epi16(ahi, bhi)));
	}
	int32_t lanes[4];
	_mm_storeu_si128((__m128i *)lanes, acc);
	sum = lanes[0] + lanes[1] + lanes[2] + lanes[3];
#endif
	for (; i < k; i++)
		sum += x[i] * y[i];
	return sum;
}

/* Inputs: multiples of 1/16 in [-1, 1] (v in -16..16), so every product is
 * a multiple of 2^-8 and every partial sum of K <= 2^16 products is below
 * 2^16 in magnitude: exact in fp32 in any order. The reference is therefore
 * fp32 accumulation of the fp16 products, computed exactly (in integers).
 * Made once per size by gemm_run, before the points (gemm_point) share
 * them, in this process or in the processes the points run in apart (made
 * before those are forked, so each finds them made). */
static bool size_inputs(struct gemm_size *s, uint64_t *seed, struct gl_err *e)
{
	size_t na = (size_t)s->m * s->k, nb = (size_t)s->n * s->k;

	s->a = gl_host_mem_alloc(na);
	s->b = gl_host_mem_alloc(nb);
	s->ref = gl_host_mem_alloc((size_t)s->m * s->n * sizeof(int32_t));
	if (!s->a || !s->b || !s->ref)
		return gl_err_set(e, "%s: out of memory for a %ux%ux%u problem", SUITE, s->m, s->n, s->k);
	for (size_t i = 0; i < na; i++)
		s->a[i] = (int8_t)((int)(gl_bench_rand(seed) % 33) - 16);
	for (size_t i = 0; i < nb; i++)
		s->b[i] = (int8_t)((int)(gl_bench_rand(seed) % 33) - 16);
	for (unsigned i = 0; i < s->m; i++)
		for (unsigned j = 0; j < s->n; j++)
			s->ref[(size_t)i * s->n + j] = dot_i8(&s->a[(size_t)i * s->k], &s->b[(size_t)j * s->k], s->k);
	return true;
}

static void size_inputs_free(struct gemm_size *s)
{
	free(s->a);
	free(s->b);
	free(s->ref);
}

/* The size's device inputs from its inputs (size_inputs). replay: a size
 * before the point's own (gemm_point) needs only its mappings, where the
 * serial run made them: nothing uploaded. */
static bool size_setup(struct gl_bench *m, struct gemm_size *s, bool replay, struct gl_err *e)
{
	struct gl_hsa *h = m->ctx->hsa;
	size_t na = (size_t)s->m * s->k, nb = (size_t)s->n * s->k;
	uint16_t *ha, *hb;

	s->groups = (s->m / TILE) * (s->n / TILE);
	/* filled whole below, or addresses only */
	if (!gl_hsa_buf_alloc(h, na * 2, &s->da, e) || !gl_hsa_buf_alloc(h, nb * 2, &s->db, e))
		return gl_err_prefix(e, "%s: ", SUITE);
	if (replay)
		return true;
	ha = s->da.host;
	hb = s->db.host;
	for (size_t i = 0; i < na; i++)
		ha[i] = half_of16(s->a[i]);
	for (size_t i = 0; i < nb; i++)
		hb[i] = half_of16(s->b[i]);
	if (!gl_hsa_buf_upload(h, &s->da, e) || !gl_hsa_buf_upload(h, &s->db, e))
		return gl_err_prefix(e, "%s: ", SUITE);
	return true;
}

static void size_free(struct gl_bench *m, struct gemm_size *s)
{
	if (m->ctx->hsa) {
		gl_hsa_buf_destroy(m->ctx->hsa, &s->da);
		gl_hsa_buf_destroy(m->ctx->hsa, &s->db);
	}
}

/* |C - ref| <= 1e-6 x sum |a b| (the sums are exact, see size_setup: any
 * difference is a wrong element, not rounding). */
static bool validate(const struct gemm_size *s, const float *c, char *cell, size_t len, struct gl_err *e)
{
	for (unsigned i = 0; i < s->m; i++)
		for (unsigned j = 0; j < s->n; j++) {
			double want = s->ref[(size_t)i * s->n + j] / 256.0, got = c[(size_t)i * s->n + j];
			double mag = 0;
			const int8_t *x = &s->a[(size_t)i * s->k], *y = &s->b[(size_t)j * s->k];

			if (got == want)
				continue;
			for (unsigned k = 0; k < s->k; k++)
				mag += fabs((double)x[k] * y[k]) / 256.0;
			if (fabs(got - want) <= 1e-6 * mag)
				continue;
			gl_str_fmt(cell, len, "NO (C[%u][%u])", i, j);
			return gl_err_set(e, "C[%u][%u] = %.6g, expected %.6g (sum over k of A[i][k]*B[k][j])",
			                  i, j, got, want);
		}
	gl_str_copy(cell, len, "yes");
	return true;
}

/* Cycles per K-step from the kernel's stamps, mean over work-groups:
 * (end - after step 1) / (steps - 2): steps 0 and 1 each run half of the
 * two-step loop body for the first time (instruction cache misses). */
static double step_cycles(const uint64_t *times, unsigned groups)
{
	double sum = 0;
	unsigned n = 0;

	for (unsigned g = 0; g < groups; g++) {
		const uint64_t *t = &times[(size_t)g * 4];

		if (t[3] < 3 || t[2] <= t[1])
			continue;
		sum += (double)(t[2] - t[1]) / (double)(t[3] - 2);
		n++;
	}
	return n ? sum / n : NAN;
}

/* Top three stall causes of the trace as shares of all cycles charged, in
 * the trace's vocabulary (gl_trace.h: mfma-pipe included). */
static void stall_summary(struct gl_hsa *h, char *out, size_t len)
{
	const struct gcnlab_emu_trace_row *rows;
	size_t n;
	double tot[GL_TRACE_CAUSES] = { 0 }, all = 0;
	unsigned order[GL_TRACE_CAUSES], used = 0;

	if (!gl_hsa_trace(h, &rows, &n) || !n) {
		gl_str_copy(out, len, "n/a (no trace on this backend)");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t st[GL_TRACE_CAUSES];

		gl_trace_row_stalls(&rows[i], st);
		for (unsigned c = 0; c < GL_TRACE_CAUSES; c++)
			tot[c] += (double)st[c];
		all += (double)rows[i].cycles;
	}
	for (unsigned c = 0; c < GL_TRACE_CAUSES; c++)
		if (tot[c] > 0)
			order[used++] = c;
	for (unsigned i = 1; i < used; i++)   /* insertion sort, largest first */
		for (unsigned j = i; j > 0 && tot[order[j]] > tot[order[j - 1]]; j--) {
			unsigned x = order[j];
			order[j] = order[j - 1];
			order[j - 1] = x;
		}
	out[0] = '\0';
	for (unsigned i = 0; i < used && i < 3; i++) {
		size_t l = strlen(out);
		gl_str_fmt(out + l, len - l, "%s%s %.0f%%", i ? ", " : "", gl_trace_cause_name(order[i]),
		           all > 0 ? 100.0 * tot[order[i]] / all : 0.0);
	}
	if (!used)
		gl_str_copy(out, len, "none");
}

static void run_one(struct gl_bench *m, const struct gemm_size *s, struct gemm_row *r)
{
	struct gl_run_ctx *ctx = m->ctx;
	struct gl_hsa *h = ctx->hsa;
	bool emu = gl_hsa_emulated(h);   /* deterministic model: one hot dispatch is the figure */
	const struct gl_hsa_kernel *k;
	struct gl_hsa_buf dc = { 0 }, dt = { 0 };
	struct gl_counters cnt;
	struct gl_err e;
	uint64_t busy, active, cus;

	r->util = NAN;
	r->cyc_step = NAN;
	gl_str_copy(r->stalls, sizeof(r->stalls), "n/a (emulator only)");
	if (!gl_bench_kernel(m, r->kernel, &k, &e)) {
		gl_str_copy(r->validated, sizeof(r->validated), "not built");
		fprintf(stderr, "%s\n", e.msg);
		return;
	}
	if (!gl_hsa_buf_alloc(h, (size_t)s->m * s->n * 4, &dc, &e) ||
	    !gl_hsa_buf_alloc(h, (size_t)s->groups * 32, &dt, &e))
		goto fail;
	memset(dc.host, 0xff, dc.size);   /* NaN: an element never written fails */
	memset(dt.host, 0, dt.size);
	if (!gl_hsa_buf_upload(h, &dc, &e) || !gl_hsa_buf_upload(h, &dt, &e))
		goto fail;
	struct gl_kernarg_val args[8] = {
		gl_bench_buf(&s->da, "A"), gl_bench_buf(&s->db, "B"), gl_bench_buf(&dc, "C"),
		gl_bench_buf(&dt, "times"), gl_bench_u32(s->m, "M"), gl_bench_u32(s->n, "N"),
		gl_bench_u32(s->k, "K"), gl_bench_u32(1, "record"),
	};
	/* Emulator: one untimed dispatch first, so that the measured one finds
	 * its code in the instruction cache (hot, as a GEMM called in a loop;
	 * the model has no instruction prefetch, so a cold first pass would
	 * dominate a small K), then the measured one, traced. */
	if (emu && !gl_bench_dispatch(m, k, args, 8, s->groups * WG_SIZE, WG_SIZE, NULL, &e))
		goto fail;
	if (emu)
		gl_hsa_trace_enable(h, true, -1);
	if (!gl_bench_dispatch(m, k, args, 8, s->groups * WG_SIZE, WG_SIZE, &r->us, &e))
		goto fail;
	r->ran = true;
	if (emu) {
		stall_summary(h, r->stalls, sizeof(r->stalls));
		gl_hsa_trace_enable(h, false, -1);
	}
	gl_counters_read(h, &cnt);
	if (cnt.valid && gl_counters_get(&cnt, "SQ_VALU_MFMA_BUSY_CYCLES", &busy) &&
	    gl_counters_get(&cnt, "GRBM_GUI_ACTIVE", &active) && gl_counters_get(&cnt, "GCNLAB_CUS_USED", &cus) &&
	    active && cus)
		r->util = (double)busy / ((double)active * 4.0 * (double)cus);
	/* Hardware: time the steady state over the usual reps (the emulator's
	 * model is deterministic; one dispatch is the figure). */
	if (!emu && ctx->reps) {
		double *v = calloc(ctx->reps, sizeof(double));
		struct gl_timing_stats st;

		if (!v)
			goto fail;
		for (unsigned i = 0; i < ctx->warmup + ctx->reps; i++)
			if (!gl_bench_dispatch(m, k, args, 8, s->groups * WG_SIZE, WG_SIZE,
			                       i < ctx->warmup ? NULL : &v[i - ctx->warmup], &e)) {
				free(v);
				goto fail;
			}
		gl_bench_stats(v, ctx->reps, &st);
		r->us = st.median_us;
		free(v);
	}
	if (!gl_hsa_buf_download(h, &dc, &e) || !gl_hsa_buf_download(h, &dt, &e))
		goto fail;
	r->ok = validate(s, dc.host, r->validated, sizeof(r->validated), &e);
	if (!r->ok)
		fprintf(stderr, "%s: %s %s: %s\n", SUITE, r->kernel, s->label, e.msg);
	r->cyc_step = step_cycles(dt.host, s->groups);
	gl_hsa_buf_destroy(h, &dc);
	gl_hsa_buf_destroy(h, &dt);
	return;
fail:
	if (emu)
		gl_hsa_trace_enable(h, false, -1);
	gl_str_copy(r->validated, sizeof(r->validated), r->ran ? "read-back error" : "dispatch error");
	fprintf(stderr, "%s: %s %s: %s\n", SUITE, r->kernel, s->label, e.msg);
	gl_hsa_buf_destroy(h, &dc);
	gl_hsa_buf_destroy(h, &dt);
}

/* CSV names: snake_case, unit as the suffix. kstep_cycles is the
 * s_memtime-timed loop per K-step; mfma_util_pct comes from the trace
 * (empty when the backend has none); dispatch_tflops from the dispatch
 * time, loop_tflops from the K-step loop; top_stalls is text (trace, share
 * of cycles). */
static const char *const columns[] = {
	"kernel", "impl", "run", "m", "n", "k", "validated", "time_us", "kstep_cycles",
	"design_kstep_cycles", "measured_vs_design_ratio", "mfma_util_pct", "dispatch_tflops",
	"loop_tflops", "peak_tflops", "loop_peak_pct", "top_stalls",
};
#define NCOLS (sizeof(columns) / sizeof(columns[0]))
/* Rows are (kernel, impl, run); cycles per K-step, utilisation and loop
 * TFLOP/s are printed beside the reference. */
static const struct gl_ref_spec gemm_figures = { .nkeys = 3, .nfigures = 3, .figures = { 8, 11, 13 } };

static bool add_row(struct gl_table *t, const struct gemm_row *r, unsigned design, double sclk_mhz,
                    unsigned cus)
{
	const struct gemm_size *s = r->sz;
	char dm[16], dn[16], dk[16], us[32], cyc[32], des[16], ratio[16], util[16], tf[16], tfl[16], peak[16], pct[16];
	const char *cells[NCOLS] = {
		r->kernel, strcmp(r->kernel, "gemm_hip") == 0 ? "hip" : "asm", s->label, dm, dn, dk, r->validated, us,
		cyc, des, ratio, util, tf, tfl, peak, pct, r->stalls,
	};
	/* FLOPs/cycle of a CU: 4 SIMDs x 16384 / MFMA cycles. */
	double cu_flops = 4.0 * 16384.0 / (design / 64.0);
	unsigned ncu = s->groups < cus ? s->groups : cus;
	double peak_tf = cu_flops * ncu * sclk_mhz * 1e6 / 1e12;
	double flops = 2.0 * s->m * s->n * s->k;

	gl_str_fmt(dm, sizeof(dm), "%u", s->m);
	gl_str_fmt(dn, sizeof(dn), "%u", s->n);
	gl_str_fmt(dk, sizeof(dk), "%u", s->k);
	gl_str_fmt(des, sizeof(des), "%u", design);
	if (r->ran) {
		gl_str_fmt(us, sizeof(us), "%.2f", r->us);
		gl_str_fmt(tf, sizeof(tf), "%.2f", r->us > 0 ? flops / (r->us * 1e6) : 0.0);
	} else {
		us[0] = '\0';
		tf[0] = '\0';
	}
	if (r->ran && !isnan(r->cyc_step)) {
		/* a K-step of every resident work-group: 2 x 256 x 256 x 32 FLOPs each */
		double loop_tf = 2.0 * TILE * TILE * KSTEP * ncu / (r->cyc_step / (sclk_mhz * 1e6)) / 1e12;
		gl_str_fmt(cyc, sizeof(cyc), "%.0f", r->cyc_step);
		gl_str_fmt(ratio, sizeof(ratio), "%.2f", r->cyc_step / design);
		gl_str_fmt(tfl, sizeof(tfl), "%.2f", loop_tf);
		gl_str_fmt(pct, sizeof(pct), "%.0f", 100.0 * loop_tf / peak_tf);
	} else {
		cyc[0] = '\0';
		ratio[0] = '\0';
		tfl[0] = '\0';
		pct[0] = '\0';
	}
	if (isnan(r->util))
		util[0] = '\0';   /* no trace on this backend, or not run */
	else
		gl_str_fmt(util, sizeof(util), "%.0f", 100.0 * r->util);
	gl_str_fmt(peak, sizeof(peak), "%.2f", peak_tf);
	return gl_table_add_row(t, cells);
}

/* Cycles per K-step per kernel and size against the design line. The
 * axis spans the kernels near the design (up to twice it); a kernel beyond
 * (gemm_dma_vmwait, ~4x) stands at the top edge with its value, so the
 * differences that matter (2000-3200 cycles on gfx942) stay readable. */
static void chart(struct gl_bench *m, struct gl_table *t, const char *dir, const struct gemm_row *rows,
                  unsigned n, unsigned design)
{
	const char *labels[NKERNELS * NSIZES], *series[1] = { "measured (s_memtime)" };
	const char *groups[NSIZES] = { rows[0].sz->label, rows[n - 1].sz->label };
	char names[NKERNELS * NSIZES][48], title[128], dtext[96];
	unsigned group[NKERNELS * NSIZES];
	double values[NKERNELS * NSIZES], lo = design, hi = design;
	struct gl_chart_line line;

	for (unsigned i = 0; i < n; i++) {
		gl_str_fmt(names[i], sizeof(names[i]), "%s", rows[i].kernel);
		labels[i] = names[i];
		group[i] = i / NKERNELS;
		values[i] = rows[i].ran ? rows[i].cyc_step : NAN;
		if (rows[i].ran && rows[i].cyc_step <= 2.0 * design) {
			lo = rows[i].cyc_step < lo ? rows[i].cyc_step : lo;
			hi = rows[i].cyc_step > hi ? rows[i].cyc_step : hi;
		}
	}
	gl_str_fmt(dtext, sizeof(dtext), "design: %u cycles per K-step (64 MFMAs)", design);
	line = (struct gl_chart_line){ design, dtext };
	gl_str_fmt(title, sizeof(title), "gemm: cycles per K-step, %s (%s)", gl_hsa_arch(m->ctx->hsa),
	           gl_backend_name(gl_hsa_backend(m->ctx->hsa)));
	struct gl_chart c = {
		.title = title, .ylabel = "cycles per K-step of 32 (wave 0, s_memtime)",
		.npoints = n, .labels = labels, .group = group, .ngroups = NSIZES, .group_names = groups,
		.nseries = 1, .series_names = series, .values = values,
		.xlabel = "kernel, grouped by matrix size (dashed line)", .value_labels = true,
		.ymin = floor(lo * 0.9 / 100) * 100, .ymax = ceil(hi * 1.12 / 100) * 100,
		.lines = &line, .nlines = 1,
	};
	gl_bench_chart(m, t, &c, dir, "gemm.svg");
}

/* Tiles for one work-group per CU: a x b = cus with a <= b, a as large as possible. */
static void gpu_shape(unsigned cus, unsigned *a, unsigned *b)
{
	unsigned best = 1;

	for (unsigned x = 1; x * x <= cus; x++)
		if (cus % x == 0)
			best = x;
	*a = best;
	*b = cus / best;
}

/* The --param values: K of the one-work-group and the GPU-wide size, the
 * inputs' seed, and the GPU-wide size's work-groups (cus: the agent's). */
struct gemm_cfg {
	unsigned k1, kg, wgs;
	uint64_t seed;
};

static bool config(const struct gl_run_ctx *ctx, unsigned cus, struct gemm_cfg *c, struct gl_err *e)
{
	return gl_params_uint(ctx, SUITE, "k1", (unsigned)gl_params_pick(ctx, 512, 8192), 96, 1u << 16, &c->k1, e) &&
	       gl_params_uint(ctx, SUITE, "k_gpu", (unsigned)gl_params_pick(ctx, 128, 4096), 96, 1u << 16, &c->kg, e) &&
	       gl_params_u64(ctx, SUITE, "seed", 1, 0, UINT64_MAX, false, &c->seed, e) &&
	       gl_params_uint(ctx, SUITE, "wgs", cus, 1, 4 * cus, &c->wgs, e);
}

/* No value is read on an arch without MFMA: run() only says it skips. */
static bool gemm_check(struct gl_run_ctx *ctx, struct gl_err *e)
{
	struct gemm_cfg c;

	return !mfma_cycles(gl_hsa_arch(ctx->hsa)) || config(ctx, gl_bench_cus(ctx), &c, e);
}

/* ---- the sweep's points apart (measure/gl_run_ctx.h: gl_run_ctx_groups) ----
 *
 * Each point (kernel, size) is a measurement of its own: on the emulator
 * an untimed dispatch of the same kernel on the same buffers warms its
 * code, its inputs and its output before the measured one, so no point
 * relies on what the one before left; each is its own group, on a fresh
 * GPU. It makes the serial run's mappings before it in their order and
 * sizes (each size's inputs, each earlier point's code object and its C
 * and stamps buffers, the kernarg segment of the first dispatch), so that
 * its buffers lie where they lay when the whole suite ran on one GPU, and
 * uploads the inputs gemm_run made from the seed (size 0's values come
 * before size 1's). */
struct gemm_job {
	struct gemm_size sizes[NSIZES];   /* shapes, labels and inputs; no buffers */
};

/* The mappings point (si, ki) made in the serial run, without its
 * dispatches: its code object (first size only), its C and stamps. */
static bool replay_point(struct gl_bench *m, const struct gemm_size *s, unsigned si, unsigned ki, struct gl_err *e)
{
	struct gl_hsa *h = m->ctx->hsa;
	const struct gl_hsa_kernel *k;
	struct gl_hsa_buf dc = { 0 }, dt = { 0 };
	struct gl_err ke;
	bool ok;

	if (si == 0)
		(void)gl_bench_kernel(m, kernels[ki], &k, &ke);   /* a kernel not built fails its own point */
	/* addresses only */
	ok = gl_hsa_buf_alloc(h, (size_t)s->m * s->n * 4, &dc, e) && gl_hsa_buf_alloc(h, (size_t)s->groups * 32, &dt, e) &&
	     (si || ki || gl_hsa_kernarg_reserve(h, 1, e));
	gl_hsa_buf_destroy(h, &dc);
	gl_hsa_buf_destroy(h, &dt);
	return ok;
}

/* Point p = si * NKERNELS + ki on ctx's (fresh) GPU. */
static bool gemm_point(void *user, struct gl_run_ctx *ctx, unsigned p, void *out, struct gl_err *e)
{
	const struct gemm_job *j = user;
	unsigned si = p / NKERNELS, ki = p % NKERNELS;
	struct gemm_size sizes[NSIZES];
	struct gemm_row *r = out;
	struct gl_bench m;
	double old_timeout = 0;
	bool ok = true;

	memcpy(sizes, j->sizes, sizeof(sizes));
	gl_bench_init(&m, ctx, SUITE);
	/* The emulator spends seconds of host time on a GPU-wide dispatch (more
	 * on a loaded machine); its instruction budget still catches a hang. */
	if (gl_hsa_emulated(ctx->hsa) && gl_hsa_config(ctx->hsa)->timeout_s < EMU_TIMEOUT_S)
		old_timeout = gl_hsa_set_timeout(ctx->hsa, EMU_TIMEOUT_S);
	for (unsigned s = 0; s <= si && ok; s++) {
		ok = size_setup(&m, &sizes[s], s < si, e);
		for (unsigned k = 0; ok && k < (s < si ? NKERNELS : ki); k++)
			ok = replay_point(&m, &sizes[s], s, k, e);
	}
	if (ok) {
		gl_run_ctx_progress(ctx, "%s: %s, %s", SUITE, r->kernel, sizes[si].label);
		run_one(&m, &sizes[si], r);
	}
	if (old_timeout > 0)
		gl_hsa_set_timeout(ctx->hsa, old_timeout);
	for (unsigned s = 0; s < NSIZES; s++)
		size_free(&m, &sizes[s]);
	gl_bench_fini(&m);
	return ok;
}

static int gemm_run(struct gl_run_ctx *ctx, struct gl_err *e)
{
	struct gl_bench m;
	struct gemm_cfg c;
	struct gemm_size sizes[NSIZES];
	struct gemm_row rows[NKERNELS * NSIZES];
	struct gl_table *t = NULL;
	const char *arch = gl_hsa_arch(ctx->hsa);
	unsigned design = 64 * mfma_cycles(arch), cus, a, b, nrows = 0;
	uint32_t sclk = 0, mclk = 0;
	uint64_t seed;
	struct gemm_job job;
	char dir[PATH_MAX];
	int result = GL_SUITE_ERROR;
	bool all_ok = true;

	memset(sizes, 0, sizeof(sizes));
	memset(rows, 0, sizeof(rows));
	gl_bench_init(&m, ctx, SUITE);
	if (!design) {
		printf("gemm: skipped on %s: it has no MFMA (matrix cores); the kernels are built for gfx90a and gfx942\n", arch);
		return GL_SUITE_OK;
	}
	cus = gl_bench_cus(ctx);
	if (!config(ctx, cus, &c, e))
		goto out;
	if (ctx->long_run && gl_hsa_emulated(ctx->hsa))
		fprintf(stderr, "%s: --long on the emulated GPU: K = %u and %u with one work-group per CU, and a host reference of the same size; expect many minutes\n",
		        SUITE, c.k1, c.kg);
	if (c.k1 % KSTEP || c.kg % KSTEP) {
		gl_err_set(e, "--param gemm.k1 / k_gpu: K must be a multiple of 32 (the K-step)");
		goto out;
	}
	if (!gl_hsa_model_clocks(ctx->hsa, &sclk, &mclk)) {
		struct gl_hsa_info info;

		sclk = gl_hsa_info(ctx->hsa, &info, e) ? info.max_clock_mhz : 0;
	}
	seed = c.seed;
	gpu_shape(c.wgs, &a, &b);
	sizes[0] = (struct gemm_size){ .m = TILE, .n = TILE, .k = c.k1 };
	sizes[1] = (struct gemm_size){ .m = a * TILE, .n = b * TILE, .k = c.kg };
	gl_str_copy(sizes[0].label, sizeof(sizes[0].label), "1 WG");
	if (c.wgs == cus)
		gl_str_copy(sizes[1].label, sizeof(sizes[1].label), "GPU");
	else
		gl_str_fmt(sizes[1].label, sizeof(sizes[1].label), "%u WGs", c.wgs);
	for (unsigned si = 0; si < NSIZES; si++) {
		sizes[si].groups = (sizes[si].m / TILE) * (sizes[si].n / TILE);
		for (unsigned ki = 0; ki < NKERNELS; ki++) {
			struct gemm_row *r = &rows[nrows++];

			r->kernel = kernels[ki];
			r->sz = &sizes[si];
			gl_str_copy(r->validated, sizeof(r->validated), "not run");
			r->util = r->cyc_step = NAN;
		}
	}
	for (unsigned si = 0; si < NSIZES; si++) {
		gl_run_ctx_progress(ctx, "%s: reference %ux%ux%u", SUITE, sizes[si].m, sizes[si].n, sizes[si].k);
		if (!size_inputs(&sizes[si], &seed, e))
			goto out;
	}
	memcpy(job.sizes, sizes, sizeof(sizes));
	struct gl_run_groups groups = {
		.suite = SUITE, .n = nrows, .bytes = sizeof(struct gemm_row), .run = gemm_point, .user = &job,
	};
	if (!gl_run_ctx_groups(ctx, &groups, rows, e))
		goto out;
	for (unsigned i = 0; i < nrows; i++)
		all_ok &= rows[i].ok;
	gl_run_ctx_progress_end(ctx);

	t = gl_table_new("gemm: pipelined MFMA GEMM (seed 000) against its design", NCOLS, columns);
	if (!t) {
		gl_err_set(e, "out of memory");
		goto out;
	}
	gl_bench_params(&m, t);
	gl_table_param(t, "layout", "A row-major M x K fp16, B column-major (k contiguous) fp16, C row-major fp32");
	gl_table_param(t, "sizes", "1 WG: 256x256x%u (one CU); %s: %ux%ux%u (%u work-groups; %u CUs)",
	               c.k1, sizes[1].label, sizes[1].m, sizes[1].n, c.kg, sizes[1].groups, cus);
	gl_table_param(t, "inputs", "multiples of 1/16 in [-1, 1] (seed %llu): every fp32 partial sum is exact",
	               (unsigned long long)c.seed);
	gl_table_param(t, "tolerance", "|C - ref| <= 1e-6 x sum_k |A[i][k] B[k][j]| (in effect: exact)");
	gl_table_param(t, "cycles_per_kstep", "wave 0's s_memtime: (end of the last K-step - end of K-step 1) / (K-steps - 2); mean over work-groups");
	gl_table_param(t, "design", "64 v_mfma_f32_32x32x8f16 per wave per K-step x %u cycles (AMD matrix instruction calculator)",
	               design / 64);
	gl_table_param(t, "mfma_util", "SQ_VALU_MFMA_BUSY_CYCLES / (GRBM_GUI_ACTIVE x 4 SIMDs x GCNLAB_CUS_USED), whole dispatch (emulator counters; n/a on ROCr)");
	gl_table_param(t, "tflops", "dispatch: 2MNK / GPU time; loop: 2x256x256x32 per K-step per work-group / (cycles per K-step at %u MHz); peak: 4 SIMDs x 16384 FLOPs / %u cycles per CU-cycle x CUs used x %u MHz",
	               sclk, design / 64, sclk);
	gl_table_param(t, "stalls", "per-instruction trace, all waves: the 3 largest causes as shares of all cycles charged; mfma-pipe = an MFMA waiting for its SIMD's matrix core");
	gl_table_param(t, "time", gl_hsa_emulated(ctx->hsa) ? "the second of two dispatches (hot instruction cache; the model is deterministic)" : "median of --reps dispatches after --warmup");
	for (unsigned i = 0; i < nrows; i++)
		if (!add_row(t, &rows[i], design, sclk, cus)) {
			gl_err_set(e, "out of memory");
			goto out;
		}
	if (!gl_run_ctx_results_dir(ctx, dir, sizeof(dir), e))
		goto out;
	chart(&m, t, dir, rows, nrows, design);
	if (!gl_bench_write(&m, t, dir, SUITE, true, &gemm_figures, e))
		goto out;
	result = all_ok ? GL_SUITE_OK : GL_SUITE_FAILED;
out:
	gl_run_ctx_progress_end(ctx);
	for (unsigned si = 0; si < NSIZES; si++)
		size_inputs_free(&sizes[si]);
	gl_bench_fini(&m);
	gl_table_free(t);
	return result;
}

/* The suite's launch of one kernel (gcnlab trace / compare): one
 * work-group, 256 x 256 x 512, inputs random bits. */
static int gemm_launch(const struct gl_run_ctx *ctx, const char *kernel, struct gl_suite_launch *out,
                       struct gl_err *e)
{
	const unsigned k = 512;
	char file[96], tried[PATH_MAX + 64];
	const char *files[1] = { file };
	unsigned i;

	for (i = 0; i < NKERNELS; i++)
		if (strcmp(kernels[i], kernel) == 0)
			break;
	if (i == NKERNELS)
		return GL_SUITE_LAUNCH_NOT_MINE;
	if (!mfma_cycles(ctx->arch)) {
		gl_err_set(e, "%s: kernel %s needs MFMA: gfx90a or gfx942, not %s", SUITE, kernel, ctx->arch);
		return GL_SUITE_LAUNCH_ERROR;
	}
	gl_str_fmt(file, sizeof(file), "%s.co", kernel);
	if (!gl_run_ctx_find_code(ctx, ctx->arch, files, 1, out->code, sizeof(out->code), tried, sizeof(tried))) {
		gl_err_set(e, "%s: kernel %s is not built for %s (looked for %s; run make kernels ARCH=%s)",
		           SUITE, kernel, ctx->arch, tried, ctx->arch);
		return GL_SUITE_LAUNCH_ERROR;
	}
	gl_str_copy(out->kernel, sizeof(out->kernel), kernel);
	out->dims = 1;
	out->grid[0] = out->block[0] = WG_SIZE;
	out->grid[1] = out->grid[2] = out->block[1] = out->block[2] = 1;
	out->nargs = 8;
	gl_str_fmt(out->args[0], sizeof(out->args[0]), "buf:%u:rand:1", TILE * k * 2);
	gl_str_fmt(out->args[1], sizeof(out->args[1]), "buf:%u:rand:2", TILE * k * 2);
	gl_str_fmt(out->args[2], sizeof(out->args[2]), "buf:%u", TILE * TILE * 4);
	gl_str_copy(out->args[3], sizeof(out->args[3]), "buf:32");
	gl_str_fmt(out->args[4], sizeof(out->args[4]), "u32:%u", TILE);
	gl_str_fmt(out->args[5], sizeof(out->args[5]), "u32:%u", TILE);
	gl_str_fmt(out->args[6], sizeof(out->args[6]), "u32:%u", k);
	/* no timestamps: two kernels' outputs must be equal byte for byte */
	gl_str_copy(out->args[7], sizeof(out->args[7]), "u32:0");
	if (strcmp(kernel, "gemm_hip") != 0)
		gl_str_copy(out->ref, sizeof(out->ref), "gemm_hip");
	out->bytes = 2ull * TILE * k * 2 + TILE * TILE * 4;
	return GL_SUITE_LAUNCH_OK;
}

static const struct gl_suite_params param_set = { params, gemm_check };

const struct gl_suite gl_suite_gemm = {
	.name = "gemm",
	.summary = "seed 000's pipelined MFMA GEMM (256x256 tile, 4 waves): staged, direct-to-LDS, with clang's waits, HIP; cycles per K-step vs the design",
	.list = gemm_list,
	.run = gemm_run,
	.launch = gemm_launch,
	.params = &param_set,
};
