/*
 * suite latency — memory-load latency and throughput measured with
 * s_memtime inside the kernels (000_106faad81daed8dd.txt, "Memory loads latency"):
 *
 *   s_memtime overhead        lat_memtime: two back-to-back s_memtime
 *   HBM dwordx4               lat_chase_x4[_tput]: pointer chase, 1 KiB per load
 *   HBM dword -> LDS          lat_chase_lds[_tput]: buffer_load_dword ... lds
 *   LDS ds_read_b32 / b128    lat_ds_b32[_tput], lat_ds_b128[_tput], per lane stride
 *   footprint sweep           lat_chase_lane: single-lane chase over 4 KiB .. 1 GiB
 *
 * One work-group of one wave per CU (`cus` of them), so every CU has its
 * memory and LDS to itself. latency = mean cycles of [load, wait]; throughput
 * = (mean cycles of [11 independent loads, wait] - latency) / 10; each
 * dispatch gives one value of each, the table shows median and spread over
 * the dispatches (`--reps`, after `--warmup`). The chase's memory is laid
 * out by the host: a random cyclic permutation (Sattolo's algorithm) of
 * 16 KiB slots per CU, each dispatch continuing the cycle where the last one
 * stopped so that no node is read twice unless the cycle is exhausted
 * ("chain_wrapped" says so). The sweep's latency is its bracket minus the
 * s_memtime overhead measured in the same run (the load's own time, as the
 * published chase plateaus count it); the seed's table keeps the raw
 * brackets, as the seed printed them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/gl_cold_cache.h"
#include "measure/gl_host_mem.h"
#include "suites/gl_bench.h"
#include "suites/gl_params.h"
#include "base/gl_str.h"
#include "suites/gl_suite.h"

#define SUITE "latency"
#define KIB 1024ull
#define MIB (1024ull * 1024ull)
#define GIB (1024ull * MIB)

#define SLOT (16 * KIB)           /* chase node spacing: > the 11 KiB a TPUT step reads */
#define SLOT_LDS (12 * KIB)       /* the LDS chase's nodes, past the dwordx4 chase's lines */
#define WARM_ROUND (8 * KIB)      /* lat_chase.s streams 8 KiB per round */
#define NODE_SWEEP 64u            /* footprint sweep: one node per 64 bytes */
#define LDS_BYTES 65536u          /* lat_lds_read.s allocates 64 KiB */
#define TPUT_LOADS 11u

static const struct gl_suite_param params[] = {
	{ "cus", "work-groups of one wave, one per CU, for the table's rows (default 8; --long: every CU)" },
	{ "steps", "samples per work-group and dispatch, a multiple of 64 (default 64; --long 1024)" },
	{ "hbm_mib", "MiB of chase memory per CU for the HBM rows (default min(48, 4096/cus): the seed's layout)" },
	{ "strides", "LDS lane strides in elements of the read, ':'-separated (default 1:8:32)" },
	{ "footprints", "chase sweep footprints, multiples of 4K (default 4K:8K:..:1G, x2 steps; --long adds x1.5 points)" },
	{ "sweep_steps", "timed chase steps per footprint, a multiple of 64 (default 256; --long 2048)" },
	{ "sweep_reps", "dispatches per footprint (default 1; --long 5)" },
	{ "warm_max", "largest footprint streamed through the caches before its chase; larger ones are chased cold (default 256M)" },
	{ "plateau_tol", "percent a footprint may differ from its level's median latency (default 15)" },
	{ "seed", "seed of the chase permutations (default 1)" },
	{ NULL, NULL },
};

struct lat_cfg {
	unsigned cus, steps, reps, warmup, skip;
	uint64_t hbm;                  /* chase bytes per CU */
	uint64_t strides[GL_PARAMS_LIST_MAX];
	unsigned nstrides;
	uint64_t fp[GL_PARAMS_LIST_MAX];
	unsigned nfp;
	unsigned sweep_steps, sweep_reps;
	uint64_t warm_max;
	unsigned tol;
	uint64_t seed;
};

/* ---- configuration ---- */

static bool config(const struct gl_run_ctx *ctx, struct lat_cfg *c, struct gl_err *e)
{
	unsigned all = gl_bench_cus(ctx);
	uint64_t def_fp[GL_PARAMS_LIST_MAX], hbm_mib;
	unsigned ndef = 0;
	static const uint64_t def_strides[] = { 1, 8, 32 };

	memset(c, 0, sizeof(*c));
	c->reps = ctx->reps;
	c->warmup = ctx->warmup;
	c->skip = 1;
	/* Powers of two from 4 KiB to 1 GiB; --long adds the x1.5 points between. */
	for (uint64_t f = 4 * KIB; f <= GIB && ndef < GL_PARAMS_LIST_MAX; f *= 2) {
		def_fp[ndef++] = f;
		if (ctx->long_run && f < GIB && ndef < GL_PARAMS_LIST_MAX)
			def_fp[ndef++] = f + f / 2;
	}
	if (!gl_params_uint(ctx, SUITE, "cus", (unsigned)gl_params_pick(ctx, all < 8 ? all : 8, all), 1,
	                    all, &c->cus, e) ||
	    !gl_params_uint(ctx, SUITE, "steps", (unsigned)gl_params_pick(ctx, 64, 1024), 64, 1u << 20,
	                    &c->steps, e) ||
	    !gl_params_u64(ctx, SUITE, "hbm_mib", 4096 / c->cus < 48 ? (4096 / c->cus ? 4096 / c->cus : 1) : 48,
	                   1, 4096, false, &hbm_mib, e) ||
	    !gl_params_list(ctx, SUITE, "strides", def_strides, 3, 0, 1024, false, c->strides, &c->nstrides, e) ||
	    !gl_params_list(ctx, SUITE, "footprints", def_fp, ndef, 4 * KIB, 2 * GIB, true, c->fp, &c->nfp, e) ||
	    !gl_params_uint(ctx, SUITE, "sweep_steps", (unsigned)gl_params_pick(ctx, 256, 2048), 64, 1u << 20,
	                    &c->sweep_steps, e) ||
	    !gl_params_uint(ctx, SUITE, "sweep_reps", (unsigned)gl_params_pick(ctx, 1, 5), 1, 1000,
	                    &c->sweep_reps, e) ||
	    !gl_params_u64(ctx, SUITE, "warm_max", 256 * MIB, 0, 2 * GIB, true, &c->warm_max, e) ||
	    !gl_params_uint(ctx, SUITE, "plateau_tol", 15, 1, 100, &c->tol, e) ||
	    !gl_params_u64(ctx, SUITE, "seed", 1, 0, UINT64_MAX, false, &c->seed, e))
		return false;
	if (c->steps % 64 || c->sweep_steps % 64)
		return gl_err_set(e, "--param steps / sweep_steps: must be a multiple of 64 (one sample per lane of a VGPR)");
	for (unsigned i = 0; i < c->nfp; i++)
		if (c->fp[i] % (4 * KIB))
			return gl_err_set(e, "--param latency.footprints: %llu bytes is not a multiple of 4K",
			                  (unsigned long long)c->fp[i]);
	c->hbm = hbm_mib * MIB;
	if (ctx->long_run && gl_hsa_emulated(ctx->hsa))
		fprintf(stderr, "%s: --long on the emulated GPU: %u CUs x %llu MiB of chase memory (and as much host memory) and hardware-sized loops; expect many minutes\n",
		        SUITE, c->cus, (unsigned long long)hbm_mib);
	if (c->hbm * c->cus > 32 * GIB)
		return gl_err_set(e, "--param latency.hbm_mib: %llu MiB x %u CUs is more than 32 GiB",
		                  (unsigned long long)hbm_mib, c->cus);
	return true;
}

GL_BENCH_PARAMS(lat_params, params, struct lat_cfg, config);

/* ---- samples ---- */

/* The samples of one dispatch: out holds groups x steps u32. */
struct run {
	struct gl_bench *m;
	struct gl_hsa_buf out;
	unsigned groups, steps, skip;
};

static bool run_open(struct gl_bench *m, struct run *r, unsigned groups, unsigned steps, unsigned skip,
                     struct gl_err *e)
{
	memset(r, 0, sizeof(*r));
	r->m = m;
	r->groups = groups;
	r->steps = steps;
	r->skip = skip;
	return gl_hsa_buf_create(m->ctx->hsa, (size_t)groups * steps * 4, &r->out, e);
}

static void run_close(struct run *r)
{
	gl_hsa_buf_destroy(r->m->ctx->hsa, &r->out);
}

/* Dispatch k with args (args[1] must be the output), one wave per group;
 * *mean = mean sample. */
static bool run_once(struct run *r, const char *kernel, struct gl_kernarg_val *args, unsigned nargs,
                     int rep, double *mean, struct gl_err *e)
{
	const struct gl_hsa_kernel *k;

	if (!gl_bench_kernel(r->m, kernel, &k, e) ||
	    !gl_bench_dispatch_rep(r->m, k, args, nargs, r->groups * 64, 64, rep, NULL, e) ||
	    !gl_hsa_buf_download(r->m->ctx->hsa, &r->out, e))
		return false;
	*mean = gl_bench_mean(r->out.host, r->groups, r->steps, r->skip);
	return true;
}

/* Dispatch d of a warm-up + reps loop as gl_bench_dispatch_rep's rep. */
#define REP(c, d) ((d) >= (c)->warmup ? (int)((d) - (c)->warmup) : -1)

/* ---- the table's rows ---- */

enum row_kind { ROW_MEMTIME, ROW_HBM_X4, ROW_HBM_LDS, ROW_LDS };

struct lat_row {
	enum row_kind kind;
	char type[64];
	char insn[48];
	char stride[24];
	unsigned bytes;               /* per wave instruction */
	bool ok;
	char error[160];
	struct gl_timing_stats lat, tput;
	bool has_tput;
};

/* Sattolo's algorithm: a uniformly random permutation of 0..n-1 with a
 * single cycle, as its visit order: node seq[i] points to seq[i + 1 mod n].
 * Each swap touches a random entry of seq, a cache miss once seq outgrows
 * the host's caches (64 MiB for the 1 GiB chase); the partners depend on
 * the seed alone, so they are drawn CYCLE_AHEAD swaps early, in the same
 * order, and their entries prefetched. */
#define CYCLE_AHEAD 16u
static uint32_t *cycle_make(uint32_t n, uint64_t seed)
{
	uint32_t *seq = gl_host_mem_alloc((size_t)n * sizeof(*seq));
	uint32_t ahead[CYCLE_AHEAD];   /* partner of swap i at [i % CYCLE_AHEAD] */
	uint64_t st = seed;

	if (!seq)
		return NULL;
	for (uint32_t i = 0; i < n; i++)
		seq[i] = i;
	for (uint32_t i = n - 1; i > 0 && i + CYCLE_AHEAD > n - 1; i--)
		ahead[i % CYCLE_AHEAD] = (uint32_t)(gl_bench_rand(&st) % i);   /* j < i: one cycle */
	for (uint32_t i = n - 1; i > 0; i--) {
		uint32_t j = ahead[i % CYCLE_AHEAD], t = seq[i];

		if (i > CYCLE_AHEAD) {
			uint32_t f = i - CYCLE_AHEAD, jf = (uint32_t)(gl_bench_rand(&st) % f);

			ahead[f % CYCLE_AHEAD] = jf;
			__builtin_prefetch(&seq[jf], 1);
		}
		seq[i] = seq[j];
		seq[j] = t;
	}
	return seq;
}

/* Where a chase lies in its buffer: the region's byte offset, and the
 * node's offset within its slot (the region's dwords hold offsets within
 * the region). */
struct chain {
	uint64_t region;
	uint32_t in_slot;
};

/* The first `visits` nodes of the cycle seq (all n when it wraps) of each
 * chain, into buf's device memory: node seq[i] at region + seq[i] * slot
 * + in_slot holds the offset of seq[i + 1], seq[i + 1] * slot + in_slot.
 * Nothing else of the buffer is written: no kernel reads another word as
 * an offset (the other lanes' and loads' data and the warm-up stream are
 * discarded), so the rest may hold anything, as a new allocation does on
 * hardware; the emulator leaves those pages unbacked. */
static bool chase_upload(struct gl_hsa *h, struct gl_hsa_buf *buf, const uint32_t *seq, uint32_t n,
                         uint64_t visits, uint32_t slot, const struct chain *chains, unsigned nchains,
                         struct gl_err *e)
{
	size_t nodes = visits < n ? (size_t)visits : n, k = 0;
	uint64_t *offs = malloc(nodes * nchains * sizeof(*offs));
	uint32_t *vals = buf->host;
	bool ok;

	if (!offs)
		return gl_err_set(e, "%s: out of memory for a %zu-node chase", SUITE, nodes * nchains);
	for (unsigned c = 0; c < nchains; c++)
		for (size_t i = 0; i < nodes; i++, k++) {
			offs[k] = chains[c].region + (uint64_t)seq[i] * slot + chains[c].in_slot;
			vals[k] = seq[(i + 1) % n] * slot + chains[c].in_slot;
		}
	ok = gl_hsa_buf_scatter(h, buf, offs, k, sizeof(*vals), e);
	free(offs);
	return ok;
}

static bool memtime_row(struct gl_bench *m, const struct lat_cfg *c, struct lat_row *row,
                        double *lat, struct gl_err *e)
{
	struct run r;
	bool ok = false;

	if (!run_open(m, &r, c->cus, c->steps, c->skip, e))
		return false;
	for (unsigned d = 0; d < c->warmup + c->reps; d++) {
		struct gl_kernarg_val args[2] = { gl_bench_buf(&r.out, "out"), gl_bench_u32(c->steps, "steps") };
		double v;

		if (!run_once(&r, "lat_memtime", args, 2, REP(c, d), &v, e))
			goto out;
		if (d >= c->warmup)
			lat[d - c->warmup] = v;
	}
	gl_bench_stats(lat, c->reps, &row->lat);
	ok = true;
out:
	run_close(&r);
	return ok;
}

/* A row's statistics from its timed reps: the latency of one load, and
 * the issue interval of the other TPUT_LOADS - 1 (the tput kernel's time
 * less the latency kernel's, per extra load). tput is overwritten. */
static void row_stats(unsigned reps, const double *lat, double *tput, struct lat_row *row)
{
	gl_bench_stats(lat, reps, &row->lat);
	for (unsigned i = 0; i < reps; i++)
		tput[i] = (tput[i] - lat[i]) / (TPUT_LOADS - 1);
	gl_bench_stats(tput, reps, &row->tput);
	row->has_tput = true;
}

/* The HBM rows: lat_chase_<what> and lat_chase_<what>_tput on chain
 * positions *pos.., each dispatch taking the next `steps`. */
static bool hbm_rows(struct gl_bench *m, const struct lat_cfg *c, struct gl_hsa_buf *buf,
                     const uint32_t *seq, uint32_t n, uint32_t slot_off, const char *what,
                     struct lat_row *row, double *lat, double *tput, bool *wrapped, struct gl_err *e)
{
	struct run r;
	uint64_t pos = 0;   /* at most hbm_visits(c): the nodes hbm_memory wrote */
	char lat_k[48], tput_k[48];
	bool ok = false;

	gl_str_fmt(lat_k, sizeof(lat_k), "lat_chase_%s", what);
	gl_str_fmt(tput_k, sizeof(tput_k), "lat_chase_%s_tput", what);
	if (!run_open(m, &r, c->cus, c->steps, c->skip, e))
		return false;
	for (unsigned pass = 0; pass < 2; pass++) {
		for (unsigned d = 0; d < c->warmup + c->reps; d++) {
			uint32_t start = seq[pos % n] * (uint32_t)SLOT + slot_off;
			struct gl_kernarg_val args[6] = {
				gl_bench_buf(buf, "chase memory"), gl_bench_buf(&r.out, "out"),
				gl_bench_u32((uint32_t)c->hbm, "region_bytes"), gl_bench_u32(start, "start"),
				gl_bench_u32(c->steps, "steps"), gl_bench_u32(0, "warm_bytes"),
			};
			double v;

			gl_run_ctx_progress(m->ctx, "%s: %s %u/%u", SUITE, pass ? tput_k : lat_k, d + 1,
			                c->warmup + c->reps);
			if (!run_once(&r, pass ? tput_k : lat_k, args, 6, REP(c, d), &v, e))
				goto out;
			pos += c->steps;
			if (pos > n)
				*wrapped = true;
			if (d >= c->warmup)
				(pass ? tput : lat)[d - c->warmup] = v;
		}
	}
	row_stats(c->reps, lat, tput, row);
	ok = true;
out:
	run_close(&r);
	return ok;
}

static bool lds_rows(struct gl_bench *m, const struct lat_cfg *c, unsigned width, uint64_t stride,
                     struct lat_row *row, double *lat, double *tput, struct gl_err *e)
{
	struct gl_hsa *h = m->ctx->hsa;
	struct gl_hsa_buf addr = { 0 };
	struct run r;
	char lat_k[32], tput_k[32];
	uint64_t last = 63 * stride * width + (TPUT_LOADS - 1) * 64 * width + width;
	bool ok = false;

	if (last > LDS_BYTES)
		return gl_err_set(e, "%s: lane stride %llu is too large for ds_read_b%u: lane 63 and the 11th read reach byte %llu of the 64 KiB LDS",
		                  SUITE, (unsigned long long)stride, width * 8, (unsigned long long)last);
	gl_str_fmt(lat_k, sizeof(lat_k), "lat_ds_b%u", width * 8);
	gl_str_fmt(tput_k, sizeof(tput_k), "lat_ds_b%u_tput", width * 8);
	if (!run_open(m, &r, c->cus, c->steps, c->skip, e))
		return false;
	if (!gl_hsa_buf_create(h, 256, &addr, e))
		goto out;
	for (unsigned l = 0; l < 64; l++)
		((uint32_t *)addr.host)[l] = (uint32_t)(l * stride * width);
	if (!gl_hsa_buf_upload(h, &addr, e))
		goto out;
	for (unsigned pass = 0; pass < 2; pass++) {
		for (unsigned d = 0; d < c->warmup + c->reps; d++) {
			struct gl_kernarg_val args[3] = {
				gl_bench_buf(&addr, "lane addresses"), gl_bench_buf(&r.out, "out"),
				gl_bench_u32(c->steps, "steps"),
			};
			double v;

			if (!run_once(&r, pass ? tput_k : lat_k, args, 3, REP(c, d), &v, e))
				goto out;
			if (d >= c->warmup)
				(pass ? tput : lat)[d - c->warmup] = v;
		}
	}
	row_stats(c->reps, lat, tput, row);
	ok = true;
out:
	gl_hsa_buf_destroy(h, &addr);
	run_close(&r);
	return ok;
}

/* Chase nodes each HBM row reads: hbm_rows' two kernels, (warmup + reps)
 * dispatches each, `steps` loads per dispatch, from the cycle's start. */
static uint64_t hbm_visits(const struct lat_cfg *c)
{
	return 2ull * (c->warmup + c->reps) * c->steps;
}

/* The HBM chase memory: cus regions of c->hbm bytes, both chains (dwordx4
 * at slot + 0, LDS at slot + 12 KiB) following one permutation of slots. */
static bool hbm_memory(struct gl_bench *m, const struct lat_cfg *c, struct gl_hsa_buf *buf,
                       uint32_t **seq, uint32_t *n, struct gl_err *e)
{
	struct chain *chains;
	bool ok;

	*n = (uint32_t)(c->hbm / SLOT);
	if (*n < 2)
		return gl_err_set(e, "--param latency.hbm_mib: too small for a chase");
	if (!(*seq = cycle_make(*n, c->seed)))
		return gl_err_set(e, "%s: out of memory for a %u-node chase", SUITE, *n);
	/* not cleared: chase_upload writes what the kernels read */
	if (!gl_hsa_buf_alloc(m->ctx->hsa, (size_t)(c->hbm * c->cus), buf, e))
		return false;
	if (!(chains = calloc(2 * c->cus, sizeof(*chains))))
		return gl_err_set(e, "out of memory");
	for (unsigned g = 0; g < c->cus; g++) {
		chains[2 * g] = (struct chain){ (uint64_t)g * c->hbm, 0 };
		chains[2 * g + 1] = (struct chain){ (uint64_t)g * c->hbm, SLOT_LDS };
	}
	ok = chase_upload(m->ctx->hsa, buf, *seq, *n, hbm_visits(c), SLOT, chains, 2 * c->cus, e);
	free(chains);
	return ok;
}

/* ---- footprint sweep ---- */

struct sweep_pt {
	uint64_t fp;
	bool warm, ok;
	struct gl_timing_stats raw;   /* bracket cycles */
	struct gl_timing_stats lat;   /* minus the s_memtime overhead */
	int level;                    /* 1.. plateau; 0 between plateaus */
};

static bool sweep_point(struct gl_bench *m, const struct lat_cfg *c, double overhead,
                        struct sweep_pt *pt, double *raw, double *lat, struct gl_err *e)
{
	struct gl_hsa *h = m->ctx->hsa;
	struct gl_hsa_buf buf = { 0 };
	struct run r;
	uint32_t n = (uint32_t)(pt->fp / NODE_SWEEP), *seq = NULL;
	uint64_t region = (pt->fp + WARM_ROUND - 1) / WARM_ROUND * WARM_ROUND;
	static const struct chain chain = { 0, 0 };
	bool ok = false;

	pt->warm = pt->fp <= c->warm_max;
	if (!run_open(m, &r, 1, c->sweep_steps, c->skip, e))
		return false;
	if (!(seq = cycle_make(n, c->seed ^ pt->fp))) {
		gl_err_set(e, "%s: out of memory for a %u-node chase", SUITE, n);
		goto out;
	}
	/* Not cleared: the chase reads the nodes of its dispatches below (warm:
	 * each restarts at seq[0]; cold: each continues), the warm-up stream
	 * reads the rest and discards it. */
	if (!gl_hsa_buf_alloc(h, region, &buf, e) ||
	    !chase_upload(h, &buf, seq, n, (uint64_t)c->sweep_steps * (pt->warm ? 1 : c->sweep_reps), NODE_SWEEP,
	                  &chain, 1, e))
		goto out;
	for (unsigned d = 0; d < c->sweep_reps; d++) {
		/* Warm: every dispatch streams the footprint and may start
		 * anywhere; cold: each dispatch continues the cycle. */
		uint64_t pos = pt->warm ? 0 : (uint64_t)d * c->sweep_steps;
		struct gl_kernarg_val args[6] = {
			gl_bench_buf(&buf, "chase memory"), gl_bench_buf(&r.out, "out"),
			gl_bench_u32((uint32_t)(region > UINT32_MAX ? UINT32_MAX : region), "region_bytes"),
			gl_bench_u32(seq[pos % n] * NODE_SWEEP, "start"),
			gl_bench_u32(c->sweep_steps, "steps"),
			gl_bench_u32(pt->warm ? (uint32_t)region : 0, "warm_bytes"),
		};

		/* The sweep warms its footprint on purpose: always hot. */
		if (!run_once(&r, "lat_chase_lane", args, 6, -1, &raw[d], e))
			goto out;
		lat[d] = raw[d] - overhead;
	}
	gl_bench_stats(raw, c->sweep_reps, &pt->raw);
	gl_bench_stats(lat, c->sweep_reps, &pt->lat);
	pt->ok = ok = true;
out:
	free(seq);
	gl_hsa_buf_destroy(h, &buf);
	run_close(&r);
	return ok;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Plateaus: walk the footprints in order, keeping a group while each new
 * latency is within tol percent of the group's median; a group of two or
 * more footprints is a level, a lone footprint lies between levels. */
static unsigned detect_levels(struct sweep_pt *pts, unsigned n, unsigned tol)
{
	double vals[GL_PARAMS_LIST_MAX], sorted[GL_PARAMS_LIST_MAX];
	unsigned start = 0, levels = 0;

	for (unsigned i = 0; i <= n; i++) {
		bool close = i == n || !pts[i].ok;

		if (!close && i > start) {
			unsigned k = i - start;
			double med;

			memcpy(sorted, vals, k * sizeof(double));
			qsort(sorted, k, sizeof(double), cmp_double);
			med = k % 2 ? sorted[k / 2] : (sorted[k / 2 - 1] + sorted[k / 2]) / 2;
			close = fabs(pts[i].lat.median_us - med) > med * tol / 100.0;
		}
		if (close && i > start) {
			bool level = i - start >= 2;

			if (level)
				levels++;
			for (unsigned j = start; j < i; j++)
				pts[j].level = level ? (int)levels : 0;
		}
		if (i == n)
			break;
		if (!pts[i].ok) {
			pts[i].level = 0;
			start = i + 1;
			continue;
		}
		if (close)
			start = i;
		vals[i - start] = pts[i].lat.median_us;
	}
	return levels;
}

/* ---- output ---- */

/* CSV names: snake_case, unit as the suffix. latency_cycles and
 * throughput_cycles are medians (throughput: cycles per instruction, one
 * wave per CU); bytes_per_cycle is per CU; status is "ok" or "failed". */
static const char *const columns[] = {
	"mem_type", "instruction", "lane_stride", "latency_cycles", "latency_min_cycles",
	"latency_max_cycles", "throughput_cycles", "throughput_min_cycles", "throughput_max_cycles",
	"bytes_per_cycle", "status",
};
#define NCOLS (sizeof(columns) / sizeof(columns[0]))
/* Rows are (mem type, instruction, lane stride); latency, throughput, bytes/cycle
 * are printed beside the reference and the published figures. */
static const struct gl_ref_spec latency_figures = { .nkeys = 3, .nfigures = 3, .figures = { 3, 6, 9 } };

static bool add_row(struct gl_table *t, const struct lat_row *r)
{
	char v[7][32];
	const char *cells[NCOLS];

	for (unsigned i = 0; i < 7; i++)
		v[i][0] = '\0';
	if (r->ok) {
		gl_timing_stats_text(&r->lat, 1, v[0], v[1], v[2], sizeof(v[0]));
		if (r->has_tput) {
			gl_timing_stats_text(&r->tput, 2, v[3], v[4], v[5], sizeof(v[3]));
			if (r->tput.median_us > 0)
				gl_str_fmt(v[6], sizeof(v[6]), "%.1f", r->bytes / r->tput.median_us);
		}
	}
	cells[0] = r->type;
	cells[1] = r->insn;
	cells[2] = r->stride;
	for (unsigned i = 0; i < 7; i++)
		cells[3 + i] = v[i];
	cells[10] = r->ok ? "ok" : "failed";
	return gl_table_add_row(t, cells);
}

/* bracket_cycles: the median of the s_memtime bracket before the overhead
 * is taken off; level is the cache level the footprint lands in (1 = L1). */
static const char *const sweep_columns[] = {
	"footprint", "footprint_bytes", "warmed", "latency_cycles", "latency_min_cycles",
	"latency_max_cycles", "bracket_cycles", "level", "status",
};
#define NSCOLS (sizeof(sweep_columns) / sizeof(sweep_columns[0]))
static const struct gl_ref_spec chase_figures = { .nkeys = 1, .nfigures = 2, .figures = { 3, 7 } };

static bool add_sweep_row(struct gl_table *t, const struct sweep_pt *p)
{
	char fp[32], bytes[32], v[4][32], level[16];
	const char *cells[NSCOLS];

	gl_str_bytes(p->fp, true, fp, sizeof(fp));
	gl_str_fmt(bytes, sizeof(bytes), "%llu", (unsigned long long)p->fp);
	if (p->ok) {
		gl_timing_stats_text(&p->lat, 1, v[0], v[1], v[2], sizeof(v[0]));
		gl_str_fmt(v[3], sizeof(v[3]), "%.1f", p->raw.median_us);
	} else {
		for (unsigned i = 0; i < 4; i++)
			v[i][0] = '\0';
	}
	if (p->level > 0)
		gl_str_fmt(level, sizeof(level), "%d", p->level);
	else
		level[0] = '\0';
	cells[0] = fp;
	cells[1] = bytes;
	cells[2] = p->warm ? "yes" : "no";
	for (unsigned i = 0; i < 4; i++)
		cells[3 + i] = v[i];
	cells[7] = level;
	cells[8] = p->ok ? "ok" : "failed";
	return gl_table_add_row(t, cells);
}

/* The latency table as a chart: per row its latency and, where measured,
 * its cycles per instruction (throughput), on one log axis (4 to ~800
 * cycles); the latency is written over its marker. */
#define TABLE_CHART_MAX 64
static void table_chart(struct gl_bench *m, struct gl_table *t, const char *dir, const struct lat_row *rows,
                        unsigned n)
{
	char lab[TABLE_CHART_MAX][96], title[160];
	const char *labels[TABLE_CHART_MAX], *gnames[1] = { "row" };
	const char *series[2] = { "latency (cycles, one instruction)", "throughput (cycles per instruction)" };
	unsigned group[TABLE_CHART_MAX];
	double values[2 * TABLE_CHART_MAX];

	n = n < TABLE_CHART_MAX ? n : TABLE_CHART_MAX;
	for (unsigned i = 0; i < n; i++) {
		const struct lat_row *r = &rows[i];
		size_t sl = strcspn(r->stride, " ");

		/* "LDS read b128, stride 8": the stride's count without its bytes. */
		if (r->stride[0] && strcmp(r->stride, "chase") != 0)
			gl_str_fmt(lab[i], sizeof(lab[i]), "%s, stride %.*s", r->type, (int)sl, r->stride);
		else
			gl_str_copy(lab[i], sizeof(lab[i]), r->type);
		labels[i] = lab[i];
		group[i] = 0;
		values[i] = r->ok ? r->lat.median_us : NAN;
		values[n + i] = r->ok && r->has_tput ? r->tput.median_us : NAN;
	}
	gl_str_fmt(title, sizeof(title), "latency: the latency table, %s (%s)", gl_hsa_arch(m->ctx->hsa),
	           gl_backend_name(gl_hsa_backend(m->ctx->hsa)));
	struct gl_chart c = {
		.title = title, .ylabel = "cycles (s_memtime; log scale)", .npoints = n, .labels = labels,
		.group = group, .ngroups = 1, .group_names = gnames, .nseries = 2, .series_names = series,
		.values = values, .logy = true, .value_labels = true,
	};
	gl_bench_chart(m, t, &c, dir, "latency.svg");
}

/* The name of plateau l (1..levels) in the legend: when the plateaus are
 * one per data cache the runtime reports plus memory, the cache's name and
 * size (HSA_AGENT_INFO_CACHE_SIZE: L1, L2, L3 = the MALL on gfx942) and HBM
 * for the last; otherwise "level l". */
static void level_name(struct gl_bench *m, unsigned l, unsigned levels, char *buf, size_t len)
{
	static const char *const cache[4] = { "L1", "L2", "MALL", "L4" };
	struct gl_hsa_info info;
	struct gl_err e;
	unsigned ncaches = 0;
	char size[32];

	if (gl_hsa_info(m->ctx->hsa, &info, &e))
		while (ncaches < 4 && info.cache_bytes[ncaches])
			ncaches++;
	if (levels != ncaches + 1 || !ncaches) {
		gl_str_fmt(buf, len, "level %u", l);
		return;
	}
	if (l == levels) {
		gl_str_copy(buf, len, "HBM");
		return;
	}
	gl_str_bytes(info.cache_bytes[l - 1], true, size, sizeof(size));
	gl_str_fmt(buf, len, "%s (%s%s)", cache[l - 1], size, l == 1 ? " per CU" : "");
}

/* Latency per footprint, markers coloured by level (named by the cache);
 * the footprints grow geometrically, so their evenly spaced positions are
 * a log scale. */
static void sweep_chart(struct gl_bench *m, struct gl_table *t, const char *dir, const struct sweep_pt *pts,
                        unsigned n, unsigned levels)
{
	char labels[GL_PARAMS_LIST_MAX][32], names[GL_PARAMS_LIST_MAX + 1][64], title[160];
	const char *lab[GL_PARAMS_LIST_MAX], *gnames[GL_PARAMS_LIST_MAX + 1], *series[1] = { "latency" };
	unsigned group[GL_PARAMS_LIST_MAX];
	double values[GL_PARAMS_LIST_MAX];

	gl_str_copy(names[0], sizeof(names[0]), "between levels");
	gnames[0] = names[0];
	for (unsigned l = 1; l <= levels; l++) {
		level_name(m, l, levels, names[l], sizeof(names[l]));
		gnames[l] = names[l];
	}
	for (unsigned i = 0; i < n; i++) {
		gl_str_bytes(pts[i].fp, true, labels[i], sizeof(labels[i]));
		lab[i] = labels[i];
		group[i] = (unsigned)(pts[i].level > 0 ? pts[i].level : 0);
		values[i] = pts[i].ok ? pts[i].lat.median_us : NAN;
	}
	gl_str_fmt(title, sizeof(title), "latency: single-lane pointer chase by footprint, %s (%s)",
	           gl_hsa_arch(m->ctx->hsa), gl_backend_name(gl_hsa_backend(m->ctx->hsa)));
	struct gl_chart c = {
		.title = title, .ylabel = "cycles per load (s_memtime, overhead subtracted; log scale)",
		.npoints = n, .labels = lab, .group = group, .ngroups = levels + 1, .group_names = gnames,
		.nseries = 1, .series_names = series, .values = values,
		.xlabel = "footprint chased (bytes, x2 steps)", .key_title = "level the plateau detection assigns",
		.logy = true, .ordered_x = true, .value_labels = true,
	};
	gl_bench_chart(m, t, &c, dir, "latency_chase.svg");
}

static void record_cfg(struct gl_bench *m, const struct lat_cfg *c, struct gl_table *t)
{
	char list[512];

	gl_bench_params(m, t);
	gl_table_param(t, "cus", "%u", c->cus);
	gl_table_param(t, "launch", "grid = cus x 64, block = 64: one wave per CU");
	gl_table_param(t, "steps", "%u", c->steps);
	gl_table_param(t, "skip", "%u (first samples of each wave: the loop's code is fetched)", c->skip);
	gl_table_param(t, "warmup", "%u", c->warmup);
	gl_table_param(t, "reps", "%u", c->reps);
	gl_table_param(t, "hbm_mib", "%llu", (unsigned long long)(c->hbm / MIB));
	gl_params_list_str(c->strides, c->nstrides, false, list, sizeof(list));
	gl_table_param(t, "strides", "%s", list);
	gl_params_list_str(c->fp, c->nfp, true, list, sizeof(list));
	gl_table_param(t, "footprints", "%s", list);
	gl_table_param(t, "sweep_steps", "%u", c->sweep_steps);
	gl_table_param(t, "sweep_reps", "%u", c->sweep_reps);
	gl_params_list_str(&c->warm_max, 1, true, list, sizeof(list));
	gl_table_param(t, "warm_max", "%s", list);
	gl_table_param(t, "plateau_tol", "%u", c->tol);
	gl_table_param(t, "seed", "%llu", (unsigned long long)c->seed);
	gl_table_param(t, "latency", "mean cycles of [s_memtime; load; s_waitcnt; s_memtime] per dispatch");
	gl_table_param(t, "throughput", "(mean cycles of [11 independent loads; s_waitcnt] - latency) / 10");
	gl_table_param(t, "spread", "median, min and max over the reps dispatches");
}

/* ---- run ---- */

static int lat_run(struct gl_run_ctx *ctx, struct gl_err *e)
{
	struct gl_bench m;
	struct lat_cfg c;
	struct lat_row rows[3 + 2 * GL_PARAMS_LIST_MAX];
	struct sweep_pt pts[GL_PARAMS_LIST_MAX];
	unsigned nrows = 0, levels;
	double *lat = NULL, *tput = NULL, *raw = NULL, *slat = NULL;
	struct gl_hsa_buf hbm = { 0 };
	struct gl_cold_cache *cold = NULL, *hbm_cold = NULL;
	uint32_t *seq = NULL, nslots = 0;
	struct gl_table *t = NULL, *ts = NULL;
	char dir[PATH_MAX];
	bool wrapped = false, all_ok = true;
	double overhead;
	int result = GL_SUITE_ERROR;

	gl_bench_init(&m, ctx, SUITE);
	memset(rows, 0, sizeof(rows));
	memset(pts, 0, sizeof(pts));
	if (!config(ctx, &c, e))
		goto out;
	lat = calloc(c.reps, sizeof(*lat));
	tput = calloc(c.reps, sizeof(*tput));
	raw = calloc(c.sweep_reps, sizeof(*raw));
	slat = calloc(c.sweep_reps, sizeof(*slat));
	t = gl_table_new("latency: memory loads, one wave per CU (s_memtime cycles)", NCOLS, columns);
	ts = gl_table_new("latency: single-lane pointer chase by footprint", NSCOLS, sweep_columns);
	if (!lat || !tput || !raw || !slat || !t || !ts) {
		gl_err_set(e, "out of memory");
		goto out;
	}

	/* Cold mode (--flush-cache): the flush kernel before every timed rep of
	 * the table's rows; the HBM rows also rotate copies of the chase memory
	 * (--rotating-count), whose chain holds offsets, so every copy is a
	 * valid chain. */
	if (!gl_cold_cache_open_ctx(ctx, NULL, 0, NULL, &cold, e))
		goto out;
	m.cold = cold;

	/* s_memtime overhead. */
	struct lat_row *r = &rows[nrows++];
	r->kind = ROW_MEMTIME;
	gl_str_copy(r->type, sizeof(r->type), "s_memtime overhead");
	gl_str_copy(r->insn, sizeof(r->insn), "s_memtime x2");
	r->stride[0] = '\0';   /* no lanes to stride */
	gl_run_ctx_progress(ctx, "%s: s_memtime", SUITE);
	r->ok = memtime_row(&m, &c, r, lat, e);
	if (!r->ok)
		goto out;   /* nothing else can be corrected without it */
	overhead = r->lat.median_us;

	/* HBM rows. */
	if (!hbm_memory(&m, &c, &hbm, &seq, &nslots, e) ||
	    !gl_cold_cache_open_ctx(ctx, &hbm, 1, SUITE, &hbm_cold, e))
		goto out;
	m.cold = hbm_cold;
	static const struct { const char *what, *type, *insn; unsigned bytes; uint32_t off; } hbm_kinds[] = {
		{ "x4", "HBM load dwordx4", "buffer_load_dwordx4", 64 * 16, 0 },
		{ "lds", "HBM load dword -> LDS", "buffer_load_dword ... lds", 64 * 4, SLOT_LDS },
	};
	for (unsigned i = 0; i < 2; i++) {
		struct gl_err re;

		r = &rows[nrows++];
		r->kind = i ? ROW_HBM_LDS : ROW_HBM_X4;
		gl_str_copy(r->type, sizeof(r->type), hbm_kinds[i].type);
		gl_str_copy(r->insn, sizeof(r->insn), hbm_kinds[i].insn);
		gl_str_copy(r->stride, sizeof(r->stride), "chase");
		r->bytes = hbm_kinds[i].bytes;
		r->ok = hbm_rows(&m, &c, &hbm, seq, nslots, hbm_kinds[i].off, hbm_kinds[i].what, r, lat, tput,
		                 &wrapped, &re);
		if (!r->ok) {
			gl_bench_fail(&m, NULL, re.msg);
			gl_str_copy(r->error, sizeof(r->error), re.msg);
			all_ok = false;
		}
	}
	m.cold = cold;   /* hbm_cold stays open: its mode is recorded below */
	gl_hsa_buf_destroy(ctx->hsa, &hbm);

	/* LDS rows: b128 then b32 for each stride. */
	for (unsigned s = 0; s < c.nstrides; s++) {
		for (unsigned w = 0; w < 2; w++) {
			unsigned width = w ? 4 : 16;
			struct gl_err re;

			r = &rows[nrows++];
			r->kind = ROW_LDS;
			gl_str_fmt(r->type, sizeof(r->type), "LDS read b%u", width * 8);
			gl_str_fmt(r->insn, sizeof(r->insn), "ds_read_b%u", width * 8);
			gl_str_fmt(r->stride, sizeof(r->stride), "%llu (%llu B)", (unsigned long long)c.strides[s],
			           (unsigned long long)(c.strides[s] * width));
			r->bytes = 64 * width;
			gl_run_ctx_progress(ctx, "%s: ds_read_b%u stride %llu", SUITE, width * 8,
			                (unsigned long long)c.strides[s]);
			r->ok = lds_rows(&m, &c, width, c.strides[s], r, lat, tput, &re);
			if (!r->ok) {
				gl_bench_fail(&m, NULL, re.msg);
				all_ok = false;
			}
		}
	}

	/* Footprint sweep. */
	for (unsigned i = 0; i < c.nfp; i++) {
		struct gl_err re;
		char fp[32];

		pts[i].fp = c.fp[i];
		gl_str_bytes(c.fp[i], true, fp, sizeof(fp));
		gl_run_ctx_progress(ctx, "%s: chase %s (%u/%u)", SUITE, fp, i + 1, c.nfp);
		if (!sweep_point(&m, &c, overhead, &pts[i], raw, slat, &re)) {
			char what[48];

			gl_str_fmt(what, sizeof(what), "footprint %s", fp);
			gl_bench_fail(&m, what, re.msg);
			all_ok = false;
		}
	}
	gl_run_ctx_progress_end(ctx);
	levels = detect_levels(pts, c.nfp, c.tol);

	/* Output. */
	m.cold = hbm_cold ? hbm_cold : cold;
	record_cfg(&m, &c, t);
	m.cold = NULL;   /* the sweep is always hot */
	record_cfg(&m, &c, ts);
	gl_table_param(t, "chain_wrapped", "%s", wrapped ? "yes (the chase cycle was exhausted: later nodes were read before)" : "no");
	for (unsigned i = 0; i < nrows; i++)
		if (!add_row(t, &rows[i])) {
			gl_err_set(e, "out of memory");
			goto out;
		}
	for (unsigned i = 0; i < c.nfp; i++)
		if (!add_sweep_row(ts, &pts[i])) {
			gl_err_set(e, "out of memory");
			goto out;
		}
	gl_table_param(ts, "overhead", "%.1f cycles (s_memtime pair, subtracted from each bracket)", overhead);
	gl_table_param(ts, "latency", "mean cycles of [s_memtime; one-lane buffer_load_dwordx4; s_waitcnt; s_memtime] minus the overhead");
	gl_table_param(ts, "throughput", "-");
	gl_table_param(ts, "level", "consecutive footprints within plateau_tol %% of their group's median; '-' between levels");
	gl_table_param(ts, "levels", "%u", levels);
	printf("latency: chase plateaus (consecutive footprints within %u%% of their level's median):\n", c.tol);
	for (unsigned l = 1; l <= levels; l++) {
		unsigned first = c.nfp, lastp = 0;
		double vals[GL_PARAMS_LIST_MAX];
		unsigned k = 0;
		struct gl_timing_stats st;
		char a[32], b[32], key[16];

		for (unsigned i = 0; i < c.nfp; i++) {
			if (pts[i].level != (int)l)
				continue;
			if (first == c.nfp)
				first = i;
			lastp = i;
			vals[k++] = pts[i].lat.median_us;
		}
		gl_bench_stats(vals, k, &st);
		gl_str_bytes(pts[first].fp, true, a, sizeof(a));
		gl_str_bytes(pts[lastp].fp, true, b, sizeof(b));
		printf("  level %u: %9s .. %-9s %7.1f cycles\n", l, a, b, st.median_us);
		gl_str_fmt(key, sizeof(key), "level%u", l);
		gl_table_param(ts, key, "%s..%s %.1f cycles", a, b, st.median_us);
	}
	if (!gl_run_ctx_results_dir(ctx, dir, sizeof(dir), e))
		goto out;
	sweep_chart(&m, ts, dir, pts, c.nfp, levels);
	table_chart(&m, t, dir, rows, nrows);
	if (!gl_bench_write(&m, t, dir, "latency", true, &latency_figures, e) ||
	    !gl_bench_write(&m, ts, dir, "latency_chase", true, &chase_figures, e))
		goto out;
	result = all_ok ? GL_SUITE_OK : GL_SUITE_FAILED;
out:
	gl_run_ctx_progress_end(ctx);
	gl_hsa_buf_destroy(ctx->hsa, &hbm);
	gl_cold_cache_close(hbm_cold);
	gl_cold_cache_close(cold);
	gl_bench_fini(&m);
	gl_table_free(t);
	gl_table_free(ts);
	free(seq);
	free(lat);
	free(tput);
	free(raw);
	free(slat);
	return result;
}

/* Each kernel alone, one wave of 64 samples (gcnlab trace / compare; the
 * run sweeps these launches' sizes, strides and footprints). The chase
 * region is zero, so every node points back to offset 0: the same
 * instructions as the suite's chase, over one cache-resident node. The LDS
 * reads take lane address 0 (all lanes the same dword). */
static const struct gl_bench_launch lat_launches[] = {
	{ "lat_memtime", 64, 64, { "buf:256", "u32:64" } },
	{ "lat_chase_x4", 64, 64, { "buf:64K", "buf:256", "u32:65536", "u32:0", "u32:64", "u32:0" } },
	{ "lat_chase_x4_tput", 64, 64, { "buf:64K", "buf:256", "u32:65536", "u32:0", "u32:64", "u32:0" } },
	{ "lat_chase_lds", 64, 64, { "buf:64K", "buf:256", "u32:65536", "u32:0", "u32:64", "u32:0" } },
	{ "lat_chase_lds_tput", 64, 64, { "buf:64K", "buf:256", "u32:65536", "u32:0", "u32:64", "u32:0" } },
	{ "lat_ds_b32", 64, 64, { "buf:256", "buf:256", "u32:64" } },
	{ "lat_ds_b32_tput", 64, 64, { "buf:256", "buf:256", "u32:64" } },
	{ "lat_ds_b128", 64, 64, { "buf:256", "buf:256", "u32:64" } },
	{ "lat_ds_b128_tput", 64, 64, { "buf:256", "buf:256", "u32:64" } },
	{ "lat_chase_lane", 64, 64, { "buf:64K", "buf:256", "u32:65536", "u32:0", "u32:64", "u32:0" } },
};

const struct gl_suite gl_suite_latency = {
	.name = "latency",
	.summary = "load latency and throughput by s_memtime: HBM chase, LDS reads, buffer_load lds, footprint sweep",
	.run = lat_run,
	GL_SUITE_LAUNCHES(lat_launches),
	.params = &lat_params,
};
