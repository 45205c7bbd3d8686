/*
 * suite lds_banks — how the LDS is banked, measured from outside (002_6bc4fcfb1ec6bd4f.txt,
 * "Measuring bank-conflict behaviour" and "Using Memory Buffer Load to LDS"):
 *
 *   bank size    lds_loop_b32 with lane l at byte l * stride * 4, for strides
 *                0, 1, 2, 3, 4, 5, 8, 9, ..., 256, 512, 1024 dwords: the time
 *                grows with the stride until every lane lands in one bank;
 *                the stride where it stops growing is the number of banks.
 *   lane groups  lds_loop_b64 / lds_loop_b128 with every lane reading element
 *                0 (a broadcast) except lane `src` at element 1 and lane
 *                `dst` at element 33 (same banks, another row): the pair
 *                costs a cycle only when both are served in the same lane
 *                group. For each src not yet grouped, the dst lanes slower
 *                than 1.05 x the mean form its group (the seed's rule).
 *   padding      lds_direct_{nopad,pad,linear}: 16 rows of 1 KiB filled by
 *                buffer_load_dword ... lds, read back in the MFMA B-operand
 *                pattern without and with grouped padding, and linearly.
 *
 * Times are GPU dispatch timestamps (the seed's hipEvents); the padding
 * study also times its read phase with s_memtime and reports the LDS
 * counters (emulator only: SQ_LDS_IDX_ACTIVE, SQ_LDS_BANK_CONFLICT).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/gl_counters.h"
#include "suites/gl_bench.h"
#include "suites/gl_params.h"
#include "base/gl_str.h"
#include "suites/gl_suite.h"

#define SUITE "lds_banks"
#define LDS_BYTES 65536u
#define LOOP_UNROLL 8u           /* reads per iteration in lds_loop.s */
#define DIRECT_BLOCK 16384u      /* lds_direct.s: 16 rows x 1 KiB */
#define DIRECT_READS 16u
#define GROUP_RULE 1.05          /* 002_6bc4fcfb1ec6bd4f.txt: slower than 1.05 x the mean */

static const struct gl_suite_param params[] = {
	{ "cus", "work-groups (one per CU) of the bank-size sweep (default 4; --long: every CU)" },
	{ "waves", "waves per work-group of the sweep and the lane-group runs (default 16: 1024 work-items)" },
	{ "iters", "loop iterations of lds_loop (8 reads each) per wave (default 64; --long 1250: the seed's 10000 reads)" },
	{ "strides", "bank-size sweep strides in dwords (default 0:1:2:3:4:5:8:9:16:17:32:33:64:65:128:129:256:512:1024)" },
	{ "group_reps", "dispatches per lane pair, median taken (default 1; --long 3)" },
	{ "direct_iters", "16 KiB blocks of the padding study, a multiple of 64 (default 64; --long 4096)" },
	{ "growth", "percent by which the time must grow from one power-of-two stride to the next (default 10)" },
	{ NULL, NULL },
};

struct banks_cfg {
	unsigned cus, waves, iters, reps, warmup, group_reps, direct_iters, growth;
	uint64_t strides[GL_PARAMS_LIST_MAX];
	unsigned nstrides;
};

static bool config(const struct gl_run_ctx *ctx, struct banks_cfg *c, struct gl_err *e)
{
	unsigned all = gl_bench_cus(ctx);
	static const uint64_t def_strides[] = { 0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 128, 129,
	                                        256, 512, 1024 };

	memset(c, 0, sizeof(*c));
	c->reps = ctx->reps;
	c->warmup = ctx->warmup;
	if (!gl_params_uint(ctx, SUITE, "cus", (unsigned)gl_params_pick(ctx, all < 4 ? all : 4, all), 1, all,
	                    &c->cus, e) ||
	    !gl_params_uint(ctx, SUITE, "waves", 16, 1, 16, &c->waves, e) ||
	    !gl_params_uint(ctx, SUITE, "iters", (unsigned)gl_params_pick(ctx, 64, 1250), 1, 1u << 24,
	                    &c->iters, e) ||
	    !gl_params_list(ctx, SUITE, "strides", def_strides, sizeof(def_strides) / sizeof(def_strides[0]),
	                    0, 1u << 20, false, c->strides, &c->nstrides, e) ||
	    !gl_params_uint(ctx, SUITE, "group_reps", (unsigned)gl_params_pick(ctx, 1, 3), 1, 1000,
	                    &c->group_reps, e) ||
	    !gl_params_uint(ctx, SUITE, "direct_iters", (unsigned)gl_params_pick(ctx, 64, 4096), 64, 1u << 16,
	                    &c->direct_iters, e) ||
	    !gl_params_uint(ctx, SUITE, "growth", 10, 1, 1000, &c->growth, e))
		return false;
	if (c->direct_iters % 64)
		return gl_err_set(e, "--param lds_banks.direct_iters: %u is not a multiple of 64", c->direct_iters);
	return true;
}

GL_BENCH_PARAMS(banks_params, params, struct banks_cfg, config);

/* ---- lds_loop: one dispatch with the given lane addresses ---- */

struct loop_run {
	struct gl_bench *m;
	struct gl_hsa_buf addr;
};

static bool loop_time(struct loop_run *lr, const char *kernel, const uint32_t *addr, unsigned groups,
                      unsigned waves, unsigned iters, double *us, struct gl_err *e)
{
	const struct gl_hsa_kernel *k;
	struct gl_kernarg_val args[2] = { gl_bench_buf(&lr->addr, "lane addresses"), gl_bench_u32(iters, "iters") };

	memcpy(lr->addr.host, addr, 64 * 4);
	return gl_bench_kernel(lr->m, kernel, &k, e) && gl_hsa_buf_upload(lr->m->ctx->hsa, &lr->addr, e) &&
	       gl_bench_dispatch(lr->m, k, args, 2, groups * waves * 64, waves * 64, us, e);
}

/* ---- bank size ---- */

struct stride_pt {
	uint64_t stride;
	bool ok;
	struct gl_timing_stats us;
	double conflicts;   /* SQ_LDS_BANK_CONFLICT per ds_read_b32 (emulator), NaN if none */
	bool bank_mark;
};

static void stride_sweep(struct loop_run *lr, const struct banks_cfg *c, struct stride_pt *pts,
                         double *samples, bool *all_ok)
{
	for (unsigned i = 0; i < c->nstrides; i++) {
		struct stride_pt *p = &pts[i];
		uint32_t addr[64];
		struct gl_err e;
		struct gl_counters cn;
		uint64_t conf, insts;
		double us;

		p->stride = c->strides[i];
		p->conflicts = NAN;
		/* Byte addresses as the seed computes them (lane * stride dwords),
		 * used as they are: past 64 KiB a lane is out of the LDS. */
		for (unsigned l = 0; l < 64; l++)
			addr[l] = (uint32_t)(l * p->stride * 4);
		gl_run_ctx_progress(lr->m->ctx, "%s: stride %llu (%u/%u)", SUITE, (unsigned long long)p->stride, i + 1,
		                c->nstrides);
		p->ok = true;
		for (unsigned d = 0; d < c->warmup + c->reps && p->ok; d++) {
			p->ok = loop_time(lr, "lds_loop_b32", addr, c->cus, c->waves, c->iters, &us, &e);
			if (d >= c->warmup)
				samples[d - c->warmup] = us;
		}
		if (!p->ok) {
			fprintf(stderr, "%s\n", e.msg);
			*all_ok = false;
			continue;
		}
		gl_bench_stats(samples, c->reps, &p->us);
		gl_counters_read(lr->m->ctx->hsa, &cn);
		if (cn.valid && gl_counters_get(&cn, "SQ_LDS_BANK_CONFLICT", &conf) &&
		    gl_counters_get(&cn, "SQ_INSTS_LDS", &insts) && insts)
			p->conflicts = (double)conf / insts;
	}
}

/* The bank count: walking the power-of-two strides up from 1, the first
 * stride after which the time stops growing (by more than growth percent),
 * provided it grew into it. 0 if there is none. */
static uint64_t detect_banks(struct stride_pt *pts, unsigned n, unsigned growth)
{
	int prev = -1;
	bool grew = false;

	for (uint64_t s = 1; s <= (1u << 20); s *= 2) {
		int cur = -1;

		for (unsigned i = 0; i < n; i++)
			if (pts[i].stride == s && pts[i].ok)
				cur = (int)i;
		if (cur < 0)
			continue;
		if (prev >= 0) {
			bool grows = pts[cur].us.median_us > pts[prev].us.median_us * (1 + growth / 100.0);

			if (grew && !grows) {
				pts[prev].bank_mark = true;
				return pts[prev].stride;
			}
			grew = grows;
		}
		prev = cur;
	}
	return 0;
}

/* ---- lane groups ---- */

/* groups[i] = group index of lane i; returns the number of groups. */
static bool lane_groups(struct loop_run *lr, const struct banks_cfg *c, unsigned width, int *group,
                        unsigned *ngroups, struct gl_err *e)
{
	char kernel[32];
	double dt[64], *rep = calloc(c->group_reps, sizeof(double));
	unsigned ng = 0;
	bool ok = false;

	if (!rep)
		return gl_err_set(e, "out of memory");
	gl_str_fmt(kernel, sizeof(kernel), "lds_loop_b%u", width * 8);
	for (unsigned l = 0; l < 64; l++)
		group[l] = -1;
	for (unsigned src = 0; src < 64; src++) {
		double mean = 0;

		if (group[src] >= 0)
			continue;
		for (unsigned dst = 0; dst < 64; dst++) {
			uint32_t addr[64];
			struct gl_timing_stats st;

			/* Everyone reads element 0 (broadcast), src element 1 and
			 * dst element 33: the same banks one row of 32 dwords on. */
			memset(addr, 0, sizeof(addr));
			addr[src] = 1 * width;
			addr[dst] = 33 * width;
			gl_run_ctx_progress(lr->m->ctx, "%s: ds_read_b%u lanes %u/%u", SUITE, width * 8, src, dst);
			for (unsigned r = 0; r < c->group_reps; r++)
				if (!loop_time(lr, kernel, addr, 1, c->waves, c->iters, &rep[r], e))
					goto out;
			gl_bench_stats(rep, c->group_reps, &st);
			dt[dst] = st.median_us;
			mean += dt[dst] / 64;
		}
		group[src] = (int)ng;
		for (unsigned dst = 0; dst < 64; dst++)
			if (dst != src && dt[dst] > mean * GROUP_RULE) {
				if (group[dst] >= 0 && group[dst] != (int)ng) {
					gl_err_set(e, "%s: ds_read_b%u: lane %u is slow with lane %u but already grouped with lane %u's group: the timings do not form groups",
					           SUITE, width * 8, dst, src, (unsigned)group[dst]);
					goto out;
				}
				group[dst] = (int)ng;
			}
		ng++;
	}
	*ngroups = ng;
	ok = true;
out:
	free(rep);
	return ok;
}

/* "[0, 1, 2, 3, 20, 21, 22, 23]" */
static void group_text(const int *group, int g, char *buf, size_t len)
{
	size_t used = 0;

	gl_str_copy(buf, len, "[");
	used = 1;
	for (unsigned l = 0; l < 64; l++) {
		if (group[l] != g)
			continue;
		if (!gl_str_fmt(buf + used, len - used, "%s%u", used > 1 ? ", " : "", l))
			return;
		used += strlen(buf + used);
	}
	gl_str_fmt(buf + used, len - used, "]");
}

/* Two panels of 64 lanes (4 rows of 16), coloured by group. */
static bool lanes_svg(const char *path, const int *g64, unsigned n64, const int *g128, unsigned n128,
                      struct gl_err *e)
{
	static const char *const colours[] = {
		"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
		"#bcbd22", "#17becf", "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94",
	};
	const int *groups[2] = { g64, g128 };
	const unsigned ng[2] = { n64, n128 };
	const char *const titles[2] = { "ds_read_b64", "ds_read_b128" };
	enum { CELL = 40, ROWLEN = 16, PANEL_H = 4 * CELL + 40, W = ROWLEN * CELL + 40 };
	size_t cap = 64 * 1024, used = 0;
	char *svg = malloc(cap);
	bool ok;

	if (!svg)
		return gl_err_set(e, "out of memory");
#define OUT(...) do { int w_ = snprintf(svg + used, cap - used, __VA_ARGS__); \
		if (w_ > 0 && (size_t)w_ < cap - used) used += (size_t)w_; } while (0)
	OUT("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	OUT("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"13\">\n",
	    W, 2 * PANEL_H + 20);
	OUT("<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	for (unsigned p = 0; p < 2; p++) {
		int y0 = 10 + (int)p * PANEL_H;

		OUT("<text x=\"20\" y=\"%d\" font-size=\"15\">%s: lanes coloured by group (%u groups)</text>\n",
		    y0 + 16, titles[p], ng[p]);
		for (unsigned l = 0; l < 64; l++) {
			int x = 20 + (int)(l % ROWLEN) * CELL, y = y0 + 28 + (int)(l / ROWLEN) * CELL;
			int gi = groups[p][l];
			const char *fill = gi < 0 ? "#ffffff" : colours[gi % 16];

			OUT("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#333\"><title>lane %u: group %d</title></rect>\n",
			    x, y, CELL - 2, CELL - 2, fill, l, gi);
			OUT("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%u</text>\n", x + CELL / 2 - 1,
			    y + CELL / 2 + 4, l);
		}
	}
	OUT("</svg>\n");
#undef OUT
	ok = gl_results_write_file(path, svg, used, e);
	free(svg);
	return ok;
}

/* ---- padding study ---- */

struct direct_row {
	const char *kernel, *layout, *read;
	bool ok, valid;
	struct gl_timing_stats us;
	double read_cycles;       /* median over blocks of the read phase */
	bool have_counters;
	uint64_t conflicts, idx_active;
	char check[96];
};

/* Word i of the tile data: distinct words (odd multiplier), as in copy. */
static uint32_t direct_word(uint32_t i)
{
	return i * 2654435761u + 0x9e3779b9u;
}

static void direct_study(struct gl_bench *m, const struct banks_cfg *c, struct direct_row *rows,
                         unsigned nrows, double *samples, bool *all_ok)
{
	struct gl_hsa *h = m->ctx->hsa;
	struct gl_hsa_buf b = { 0 }, out = { 0 }, smp = { 0 };
	size_t bytes = (size_t)c->direct_iters * DIRECT_BLOCK;
	struct gl_err e;
	double *blocks = calloc(c->direct_iters, sizeof(double));

	if (!blocks || !gl_hsa_buf_create(h, bytes, &b, &e) || !gl_hsa_buf_create(h, DIRECT_READS * 64 * 16, &out, &e) ||
	    !gl_hsa_buf_create(h, (size_t)c->direct_iters * 4, &smp, &e)) {
		fprintf(stderr, "%s: padding study: %s\n", SUITE, blocks ? e.msg : "out of memory");
		*all_ok = false;
		goto done;
	}
	for (uint32_t i = 0; i < bytes / 4; i++)
		((uint32_t *)b.host)[i] = direct_word(i);
	if (!gl_hsa_buf_upload(h, &b, &e)) {
		fprintf(stderr, "%s: %s\n", SUITE, e.msg);
		*all_ok = false;
		goto done;
	}
	for (unsigned r = 0; r < nrows; r++) {
		struct direct_row *row = &rows[r];
		const struct gl_hsa_kernel *k;
		struct gl_kernarg_val args[4] = {
			gl_bench_buf(&b, "tile data"), gl_bench_buf(&out, "read-back"), gl_bench_buf(&smp, "samples"),
			gl_bench_u32(c->direct_iters, "iters"),
		};
		struct gl_counters cn;
		const uint32_t *got = out.host;
		uint32_t last = (c->direct_iters - 1) * (DIRECT_BLOCK / 4);
		unsigned bad = 0;
		double us;

		gl_run_ctx_progress(m->ctx, "%s: %s", SUITE, row->kernel);
		row->ok = gl_bench_kernel(m, row->kernel, &k, &e);
		for (unsigned d = 0; row->ok && d < c->warmup + c->reps; d++) {
			row->ok = gl_bench_dispatch(m, k, args, 4, 64, 64, &us, &e);
			if (d >= c->warmup)
				samples[d - c->warmup] = us;
		}
		if (row->ok)
			row->ok = gl_hsa_buf_download(h, &out, &e) && gl_hsa_buf_download(h, &smp, &e);
		if (!row->ok) {
			fprintf(stderr, "%s\n", e.msg);
			*all_ok = false;
			continue;
		}
		gl_bench_stats(samples, c->reps, &row->us);
		gl_counters_read(h, &cn);
		row->have_counters = cn.valid && gl_counters_get(&cn, "SQ_LDS_BANK_CONFLICT", &row->conflicts) &&
		                     gl_counters_get(&cn, "SQ_LDS_IDX_ACTIVE", &row->idx_active);
		/* The read phase: the blocks after the first (which fetches code). */
		for (unsigned i = 1; i < c->direct_iters; i++)
			blocks[i - 1] = ((const uint32_t *)smp.host)[i];
		{
			struct gl_timing_stats st;

			gl_bench_stats(blocks, c->direct_iters - 1, &st);
			row->read_cycles = st.median_us;
		}
		/* Lane l (row m = l & 15, kq = l >> 4) read j must be the tile's
		 * row m, bytes kq * 16 + 64 j; linear: byte l * 16 + 64 j. */
		for (unsigned j = 0; j < DIRECT_READS; j++)
			for (unsigned l = 0; l < 64; l++) {
				uint32_t byte = strcmp(row->read, "linear") == 0 ? l * 16 + 64 * j
				                : (l & 15) * 1024 + (l >> 4) * 16 + 64 * j;

				for (unsigned q = 0; q < 4; q++)
					bad += got[(j * 64 + l) * 4 + q] != direct_word(last + byte / 4 + q);
			}
		row->valid = bad == 0;
		if (bad) {
			gl_str_fmt(row->check, sizeof(row->check), "NO (%u words)", bad);
			fprintf(stderr, "%s: %s read back %u wrong words of the last tile\n", SUITE, row->kernel, bad);
			*all_ok = false;
		} else {
			gl_str_copy(row->check, sizeof(row->check), "yes");
		}
	}
done:
	free(blocks);
	gl_hsa_buf_destroy(h, &b);
	gl_hsa_buf_destroy(h, &out);
	gl_hsa_buf_destroy(h, &smp);
}

/* ---- output ---- */

/* CSV names: snake_case, unit as the suffix. dt_us is the median dispatch
 * time; slowdown_ratio is against stride 1; bank_count_dwords is filled on
 * the one stride detected as the bank count; status is "ok" or "failed". */
static const char *const sweep_cols[] = {
	"stride_dword", "stride_bytes", "dt_us", "dt_min_us", "dt_max_us", "slowdown_ratio",
	"bank_conflicts_per_read", "bank_count_dwords", "status",
};
#define NSWEEP (sizeof(sweep_cols) / sizeof(sweep_cols[0]))

/* One row per lane: the group it falls in for the instruction. */
static const char *const group_cols[] = { "instruction", "group", "lane" };

/* read_phase_cycles: s_memtime cycles of the 16 ds_read_b128 phase; the
 * counter columns are the counters' names in lower case. */
static const char *const direct_cols[] = {
	"kernel", "lds_layout", "read_index", "dt_us", "dt_min_us", "dt_max_us", "read_phase_cycles",
	"sq_lds_bank_conflict", "sq_lds_idx_active", "validated",
};
#define NDIRECT (sizeof(direct_cols) / sizeof(direct_cols[0]))
static const struct gl_ref_spec padding_figures = { .nkeys = 1, .nfigures = 3, .figures = { 3, 6, 7 } };

static void record_cfg(struct gl_bench *m, const struct banks_cfg *c, struct gl_table *t)
{
	char list[512];

	gl_bench_params(m, t);
	gl_table_param(t, "cus", "%u", c->cus);
	gl_table_param(t, "waves", "%u (block = %u work-items, one work-group per CU: 64 KiB of LDS each)",
	               c->waves, c->waves * 64);
	gl_table_param(t, "iters", "%u (x %u ds_read per wave)", c->iters, LOOP_UNROLL);
	gl_params_list_str(c->strides, c->nstrides, false, list, sizeof(list));
	gl_table_param(t, "strides", "%s", list);
	gl_table_param(t, "warmup", "%u", c->warmup);
	gl_table_param(t, "reps", "%u", c->reps);
	gl_table_param(t, "group_reps", "%u", c->group_reps);
	gl_table_param(t, "group_rule", "slower than %.2f x the mean over the 64 dst lanes", GROUP_RULE);
	gl_table_param(t, "direct_iters", "%u", c->direct_iters);
	gl_table_param(t, "growth", "%u", c->growth);
	gl_table_param(t, "time", "GPU dispatch timestamps");
}

/* 2^k of a power of two, else -1. */
static int log2_exact(uint64_t v)
{
	return v && !(v & (v - 1)) ? __builtin_ctzll(v) : -1;
}

/* The slowdown against stride 1 per stride, without the zig-zag of the
 * stride list (1, 2, 3, 4, 5, 8, 9, ...): one slot per power of two 2^k
 * holds the bar of stride 2^k (the conflicts double up to the bank count)
 * and beside it that of 2^k + 1 (odd: conflict-free), stride 0 (one
 * address, a broadcast) its own slot first; any other stride stands in
 * the slot of the power of two below it. */
static void sweep_chart(struct gl_bench *m, const struct banks_cfg *c, const char *dir,
                        const struct stride_pt *pts, double base, uint64_t banks, struct gl_table *t)
{
	const char *gnames[3] = { "stride 2^k (or 0)", "stride 2^k + 1", "other strides" };
	const char *labels[GL_PARAMS_LIST_MAX], *series[1] = { "slowdown" }, *cnames[GL_PARAMS_LIST_MAX + 1];
	char lab[GL_PARAMS_LIST_MAX][24], cn[GL_PARAMS_LIST_MAX + 1][48], title[160], xlabel[160];
	unsigned group[GL_PARAMS_LIST_MAX], cluster[GL_PARAMS_LIST_MAX], ngroups = 2, ncl = 0;
	int key[GL_PARAMS_LIST_MAX];
	double values[GL_PARAMS_LIST_MAX];
	const char *ylabel = "dispatch time / stride 1's (x slower)";

	/* Without stride 1 in --param lds_banks.strides: against the fastest. */
	if (!(base > 0)) {
		for (unsigned i = 0; i < c->nstrides; i++)
			if (pts[i].ok && (!(base > 0) || pts[i].us.median_us < base))
				base = pts[i].us.median_us;
		ylabel = "dispatch time / the fastest stride's (x slower; stride 1 not run)";
	}
	for (unsigned i = 0; i < c->nstrides; i++) {
		uint64_t st = pts[i].stride;
		int k = log2_exact(st);

		group[i] = 0;
		if (st == 0)
			k = -1;
		else if (k < 0 && st > 2 && log2_exact(st - 1) >= 0) {
			k = log2_exact(st - 1);
			group[i] = 1;
		} else if (k < 0) {
			k = 63 - __builtin_clzll(st);
			group[i] = 2;
			ngroups = 3;
		}
		key[i] = k;
		gl_str_fmt(lab[i], sizeof(lab[i]), "%llu", (unsigned long long)st);
		labels[i] = lab[i];
		values[i] = pts[i].ok && base > 0 ? pts[i].us.median_us / base : NAN;
	}
	/* Slots in key order (-1: stride 0), named by their strides. */
	for (int k = -1; k < 64; k++) {
		unsigned here = 0;

		for (unsigned i = 0; i < c->nstrides; i++) {
			if (key[i] != k)
				continue;
			if (!here++)
				cn[ncl][0] = '\0';
			cluster[i] = ncl;
			gl_str_fmt(cn[ncl] + strlen(cn[ncl]), sizeof(cn[ncl]) - strlen(cn[ncl]), "%s%s",
			           here > 1 ? " | " : "", lab[i]);
		}
		if (here) {
			cnames[ncl] = cn[ncl];
			ncl++;
		}
	}
	gl_str_fmt(title, sizeof(title), "lds_banks: ds_read_b32 slowdown by lane stride, %s (%s)",
	           gl_hsa_arch(m->ctx->hsa), gl_backend_name(gl_hsa_backend(m->ctx->hsa)));
	if (banks)
		gl_str_fmt(xlabel, sizeof(xlabel), "lane stride in dwords (lane l reads dword l x stride); detected "
		           "bank count: %llu", (unsigned long long)banks);
	else
		gl_str_copy(xlabel, sizeof(xlabel), "lane stride in dwords (lane l reads dword l x stride); bank count "
		            "not detected");
	struct gl_chart ch = {
		.title = title, .ylabel = ylabel, .npoints = c->nstrides,
		.labels = labels, .group = group, .ngroups = ngroups, .group_names = gnames, .nseries = 1,
		.series_names = series, .values = values, .xlabel = xlabel,
		.cluster = cluster, .nclusters = ncl, .cluster_names = cnames, .value_labels = true,
	};
	gl_bench_chart(m, t, &ch, dir, "lds_banks.svg");
}

static bool write_sweep(struct gl_bench *m, const struct banks_cfg *c, const char *dir, struct stride_pt *pts,
                        uint64_t banks, struct gl_err *e)
{
	struct gl_table *t = gl_table_new("lds_banks: ds_read_b32 time by lane stride", NSWEEP, sweep_cols);
	double base = NAN;
	bool ok = false;

	if (!t)
		return gl_err_set(e, "out of memory");
	record_cfg(m, c, t);
	if (banks)
		gl_table_param(t, "bank_count", "%llu dwords (%llu bytes)", (unsigned long long)banks,
		               (unsigned long long)banks * 4);
	else
		gl_table_param(t, "bank_count", "not detected");
	for (unsigned i = 0; i < c->nstrides; i++)
		if (pts[i].stride == 1 && pts[i].ok)
			base = pts[i].us.median_us;
	printf("======================== LDS bank size\n");
	for (unsigned i = 0; i < c->nstrides; i++) {
		const struct stride_pt *p = &pts[i];
		char s[24], sb[24], v[5][32], mark[64];
		const char *cells[NSWEEP];

		gl_str_fmt(s, sizeof(s), "%llu", (unsigned long long)p->stride);
		gl_str_fmt(sb, sizeof(sb), "%llu", (unsigned long long)p->stride * 4);
		for (unsigned k = 0; k < 5; k++)
			v[k][0] = '\0';
		mark[0] = '\0';
		if (p->ok) {
			gl_timing_stats_text(&p->us, 2, v[0], v[1], v[2], sizeof(v[0]));
			if (!isnan(base))
				gl_str_fmt(v[3], sizeof(v[3]), "%.2f", p->us.median_us / base);
			if (!isnan(p->conflicts))
				gl_str_fmt(v[4], sizeof(v[4]), "%.1f", p->conflicts);
			if (p->bank_mark)
				gl_str_fmt(mark, sizeof(mark), "%llu", (unsigned long long)p->stride);
			printf("stride_dword:%5llu   dt: %9.2f us", (unsigned long long)p->stride, p->us.median_us);
			if (p->bank_mark)
				printf(" <=========== bank size %llu DWORDs (%llu bytes)", (unsigned long long)p->stride,
				       (unsigned long long)p->stride * 4);
			printf("\n");
		} else {
			printf("stride_dword:%5llu   failed\n", (unsigned long long)p->stride);
		}
		cells[0] = s;
		cells[1] = sb;
		for (unsigned k = 0; k < 5; k++)
			cells[2 + k] = v[k];
		cells[7] = mark;
		cells[8] = p->ok ? "ok" : "failed";
		if (!gl_table_add_row(t, cells)) {
			gl_err_set(e, "out of memory");
			goto out;
		}
	}
	sweep_chart(m, c, dir, pts, base, banks, t);
	ok = gl_bench_write(m, t, dir, "lds_banks", false, NULL, e);
out:
	gl_table_free(t);
	return ok;
}

static bool write_groups(struct gl_bench *m, const struct banks_cfg *c, const char *dir, const int *g64,
                         unsigned n64, const int *g128, unsigned n128, struct gl_err *e)
{
	struct gl_table *t = gl_table_new("lds_banks: lane groups of ds_read_b64 and ds_read_b128", 3, group_cols);
	const int *groups[2] = { g64, g128 };
	const unsigned ng[2] = { n64, n128 };
	char path[PATH_MAX];
	struct gl_err se;
	bool ok = false;

	if (!t)
		return gl_err_set(e, "out of memory");
	record_cfg(m, c, t);
	for (unsigned w = 0; w < 2; w++) {
		const char *insn = w ? "ds_read_b128" : "ds_read_b64";

		printf("======================== %s\n", insn);
		for (unsigned g = 0; g < ng[w]; g++) {
			char lanes[512], gi[16], li[16];
			const char *cells[3] = { insn, gi, li };

			group_text(groups[w], (int)g, lanes, sizeof(lanes));
			gl_str_fmt(gi, sizeof(gi), "%u", g);
			printf("lane_group:  %s\n", lanes);
			for (unsigned l = 0; l < 64; l++) {
				if (groups[w][l] != (int)g)
					continue;
				gl_str_fmt(li, sizeof(li), "%u", l);
				if (!gl_table_add_row(t, cells)) {
					gl_err_set(e, "out of memory");
					goto out;
				}
			}
		}
	}
	gl_str_fmt(path, sizeof(path), "%s/lds_banks_lanes.svg", dir);
	if (lanes_svg(path, g64, n64, g128, n128, &se)) {
		gl_table_param(t, "chart", "lds_banks_lanes.svg");
		fprintf(stderr, "%s: wrote %s\n", SUITE, path);
	} else {
		fprintf(stderr, "%s: no lane picture: %s\n", SUITE, se.msg);
		gl_table_param(t, "chart", "none (%s)", se.msg);
	}
	ok = gl_bench_write(m, t, dir, "lds_banks_groups", false, NULL, e);
out:
	gl_table_free(t);
	return ok;
}

/* The read phase of each direct-to-LDS layout: a bar per kernel, the
 * legend saying its layout, its read index and its bank conflicts. */
#define PADDING_MAX 8
static void padding_chart(struct gl_bench *m, const char *dir, const struct direct_row *rows, unsigned n,
                          struct gl_table *t)
{
	const char *labels[PADDING_MAX], *gnames[PADDING_MAX], *series[1] = { "read phase" };
	char gn[PADDING_MAX][160], title[160];
	unsigned group[PADDING_MAX];
	double values[PADDING_MAX];

	n = n < PADDING_MAX ? n : PADDING_MAX;
	for (unsigned i = 0; i < n; i++) {
		const struct direct_row *r = &rows[i];

		labels[i] = r->kernel;
		group[i] = i;
		if (r->have_counters)
			gl_str_fmt(gn[i], sizeof(gn[i]), "%s: %s, read %s; %llu bank conflicts", r->kernel, r->layout,
			           r->read, (unsigned long long)r->conflicts);
		else
			gl_str_fmt(gn[i], sizeof(gn[i]), "%s: %s, read %s", r->kernel, r->layout, r->read);
		gnames[i] = gn[i];
		values[i] = r->ok ? r->read_cycles : NAN;
	}
	gl_str_fmt(title, sizeof(title), "lds_banks: padding of a direct-to-LDS tile, %s (%s)",
	           gl_hsa_arch(m->ctx->hsa), gl_backend_name(gl_hsa_backend(m->ctx->hsa)));
	struct gl_chart ch = {
		.title = title, .ylabel = "cycles of the ds_read_b128 phase (median over blocks)", .npoints = n,
		.labels = labels, .group = group, .ngroups = n, .group_names = gnames, .nseries = 1,
		.series_names = series, .values = values, .value_labels = true,
	};
	gl_bench_chart(m, t, &ch, dir, "lds_banks_padding.svg");
}

static bool write_direct(struct gl_bench *m, const struct banks_cfg *c, const char *dir,
                         const struct direct_row *rows, unsigned n, struct gl_err *e)
{
	struct gl_table *t = gl_table_new("lds_banks: buffer_load_dword ... lds, read back with ds_read_b128",
	                                  NDIRECT, direct_cols);
	bool ok = false;

	if (!t)
		return gl_err_set(e, "out of memory");
	record_cfg(m, c, t);
	gl_table_param(t, "tile", "16 rows x 1 KiB per block (16 x 512 fp16), 4 units of 256 B per row");
	gl_table_param(t, "launch", "one work-group of one wave");
	for (unsigned i = 0; i < n; i++) {
		const struct direct_row *r = &rows[i];
		char v[6][32];
		const char *cells[NDIRECT];

		for (unsigned k = 0; k < 6; k++)
			v[k][0] = '\0';
		if (r->ok) {
			gl_timing_stats_text(&r->us, 2, v[0], v[1], v[2], sizeof(v[0]));
			gl_str_fmt(v[3], sizeof(v[3]), "%.0f", r->read_cycles);
			if (r->have_counters) {
				gl_str_fmt(v[4], sizeof(v[4]), "%llu", (unsigned long long)r->conflicts);
				gl_str_fmt(v[5], sizeof(v[5]), "%llu", (unsigned long long)r->idx_active);
			}
		}
		cells[0] = r->kernel;
		cells[1] = r->layout;
		cells[2] = r->read;
		for (unsigned k = 0; k < 6; k++)
			cells[3 + k] = v[k];
		cells[9] = r->ok ? r->check : "failed";
		if (!gl_table_add_row(t, cells)) {
			gl_err_set(e, "out of memory");
			goto out;
		}
	}
	padding_chart(m, dir, rows, n, t);
	ok = gl_bench_write(m, t, dir, "lds_banks_padding", true, &padding_figures, e);
out:
	gl_table_free(t);
	return ok;
}

/* ---- run ---- */

static int banks_run(struct gl_run_ctx *ctx, struct gl_err *e)
{
	struct gl_bench m;
	struct banks_cfg c;
	struct loop_run lr = { 0 };
	struct stride_pt pts[GL_PARAMS_LIST_MAX];
	struct direct_row direct[3] = {
		{ .kernel = "lds_direct_nopad", .layout = "row m at m KiB", .read = "MFMA (row m = lane & 15)" },
		{ .kernel = "lds_direct_pad", .layout = "grouped padding", .read = "MFMA (row m = lane & 15)" },
		{ .kernel = "lds_direct_linear", .layout = "row m at m KiB", .read = "linear" },
	};
	int g64[64], g128[64];
	unsigned n64 = 0, n128 = 0;
	uint64_t banks;
	double *samples = NULL;
	char dir[PATH_MAX];
	bool all_ok = true, groups_ok;
	struct gl_err ge;
	int result = GL_SUITE_ERROR;

	gl_bench_init(&m, ctx, SUITE);
	lr.m = &m;
	memset(pts, 0, sizeof(pts));
	if (!config(ctx, &c, e))
		goto out;
	samples = calloc(c.reps, sizeof(*samples));
	if (!samples) {
		gl_err_set(e, "out of memory");
		goto out;
	}
	if (!gl_hsa_buf_create(ctx->hsa, 256, &lr.addr, e))
		goto out;

	stride_sweep(&lr, &c, pts, samples, &all_ok);
	banks = detect_banks(pts, c.nstrides, c.growth);
	groups_ok = lane_groups(&lr, &c, 8, g64, &n64, &ge) && lane_groups(&lr, &c, 16, g128, &n128, &ge);
	if (!groups_ok) {
		fprintf(stderr, "%s\n", ge.msg);
		all_ok = false;
	}
	direct_study(&m, &c, direct, 3, samples, &all_ok);
	gl_run_ctx_progress_end(ctx);

	/* Asked once everything ran: side by side, the suite waits for its
	 * turn to write there (gl_run_ctx.h). */
	if (!gl_run_ctx_results_dir(ctx, dir, sizeof(dir), e))
		goto out;
	if (!write_sweep(&m, &c, dir, pts, banks, e) ||
	    (groups_ok && !write_groups(&m, &c, dir, g64, n64, g128, n128, e)) ||
	    !write_direct(&m, &c, dir, direct, 3, e))
		goto out;
	if (!banks) {
		fprintf(stderr, "%s: no bank count detected (the time never stopped growing)\n", SUITE);
		all_ok = false;
	}
	result = all_ok ? GL_SUITE_OK : GL_SUITE_FAILED;
out:
	gl_run_ctx_progress_end(ctx);
	gl_hsa_buf_destroy(ctx->hsa, &lr.addr);
	gl_bench_fini(&m);
	free(samples);
	return result;
}

/* Each kernel alone (gcnlab trace / compare): one wave. lds_loop: every
 * lane at LDS address 0, 4 iterations (32 reads); lds_direct: 64 blocks of
 * the 16 x 1 KiB tile (iters must be a multiple of 64), data word i = i.
 * The run sweeps strides, lane pairs and wave counts around these. */
static const struct gl_bench_launch banks_launches[] = {
	{ "lds_loop_b32", 64, 64, { "buf:256", "u32:4" } },
	{ "lds_loop_b64", 64, 64, { "buf:256", "u32:4" } },
	{ "lds_loop_b128", 64, 64, { "buf:256", "u32:4" } },
	{ "lds_direct_nopad", 64, 64, { "buf:1M:iota32", "buf:16K", "buf:256", "u32:64" } },
	{ "lds_direct_pad", 64, 64, { "buf:1M:iota32", "buf:16K", "buf:256", "u32:64" } },
	{ "lds_direct_linear", 64, 64, { "buf:1M:iota32", "buf:16K", "buf:256", "u32:64" } },
};

const struct gl_suite gl_suite_lds_banks = {
	.name = "lds_banks",
	.summary = "LDS bank count (stride sweep), ds_read_b64/b128 lane groups, direct-to-LDS loads with padding",
	.run = banks_run,
	GL_SUITE_LAUNCHES(banks_launches),
	.params = &banks_params,
};
