/*
 * gl_cold_cache — what cold-cache timing needs on the GPU (001_0597331732635ddd.txt: Composable
 * Kernel's flush_icache() and RotatingMemWrapper):
 *
 *  - the flush kernel, asm/icache/flush_icache.s (s_icache_inv + 16 s_nop),
 *    dispatched as compute units x per_cu workgroups of 64 work-items.
 *    s_icache_inv empties the instruction cache of the CU group (2 CUs on
 *    gfx90a/gfx942, 3 on gfx900) that runs it, so every CU must run it:
 *    where the runtime has counters (the emulated GPU) every flush is checked
 *    against CUS_USED, and a flush that missed a CU is an error;
 *  - rotating copies: N copies of each input buffer (the original is copy
 *    0), each at its own address and filled from the original (checked byte
 *    for byte after the copy). Timed rep r reads copy (r + 1) mod N: copy 0
 *    is the one the warm-up dispatches just pulled into the caches. All N
 *    copies together are capped (--rotating-cap); when the cap lowers N a
 *    note says so on stderr and in the results.
 *
 * A gl_cold_cache exists in hot mode too (it then does nothing), so a suite has
 * one code path and one parameter block for both.
 */
#ifndef GL_COLD_CACHE_H
#define GL_COLD_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "measure/gl_run_ctx.h"
#include "base/gl_err.h"
#include "gpu/gl_hsa.h"
#include "report/gl_results.h"
#include "measure/gl_timing.h"

/* Code object of the flush kernel: <build_dir>/<arch>/GL_COLD_CACHE_FLUSH_CO. */
#define GL_COLD_CACHE_FLUSH_CO "flush_icache.co"
#define GL_COLD_CACHE_FLUSH_KERNEL "flush_icache"
/* Most kernel arguments a redirected launch carries (gcnlab exec takes at
 * most 62). */
#define GL_COLD_CACHE_MAX_ARGS 64

struct gl_cold_cache;

/* Set up mode m for a kernel whose inputs are inputs[0..ninputs) (their
 * device contents are what the copies get): load the flush kernel from
 * <build_dir>/<arch>/ when m->flush_cache, make the rotating copies when
 * m->rotating_count > 1. who prefixes the stderr note ("copy"); NULL: no
 * note on stderr (it is in gl_cold_cache_info either way). */
bool gl_cold_cache_open(struct gl_hsa *h, const char *build_dir, const struct gl_timing_mode *m,
                  const struct gl_hsa_buf *inputs, unsigned ninputs, const char *who,
                  struct gl_cold_cache **out, struct gl_err *e);
/* gl_cold_cache_open with the mode `gcnlab run` was given (ctx->timing), which
 * it marks as applied: what a suite calls to take --flush-cache and
 * --rotating-count. */
bool gl_cold_cache_open_ctx(struct gl_run_ctx *ctx, const struct gl_hsa_buf *inputs, unsigned ninputs,
                      const char *who, struct gl_cold_cache **out, struct gl_err *e);
/* Free the copies and the flush kernel. NULL is fine. */
void gl_cold_cache_close(struct gl_cold_cache *c);

bool gl_cold_cache_is_cold(const struct gl_cold_cache *c);
bool gl_cold_cache_has_flush(const struct gl_cold_cache *c);

/* Before timed rep `rep`: dispatch the flush kernel (*flush_us = its GPU
 * time, 0 without one) and select copy (rep + 1) mod N. */
bool gl_cold_cache_prepare(struct gl_cold_cache *c, unsigned rep, double *flush_us, struct gl_err *e);
/* Select copy k mod N (0: the originals). */
void gl_cold_cache_select(struct gl_cold_cache *c, unsigned k);
/* The selected copy, and N (1 when nothing rotates or c is NULL). */
unsigned gl_cold_cache_copy(const struct gl_cold_cache *c);
unsigned gl_cold_cache_copies(const struct gl_cold_cache *c);
/* l with every buffer argument that points at an input redirected to the
 * selected copy of it; l itself when copy 0 is selected or nothing rotates.
 * The result is valid until the next call. NULL c: l. NULL when l has more
 * than GL_COLD_CACHE_MAX_ARGS arguments. */
const struct gl_hsa_launch *gl_cold_cache_launch(struct gl_cold_cache *c, const struct gl_hsa_launch *l);

/* One dispatch of l in c's mode, for suites with a loop of their own:
 * rep >= 0 is timed rep `rep` (gl_cold_cache_prepare first: flush, next copy;
 * *flush_us gets the flush's time, 0 without), rep < 0 a warm-up or check
 * dispatch on the originals. NULL or hot c: a plain gl_hsa_dispatch. */
bool gl_cold_cache_dispatch(struct gl_cold_cache *c, struct gl_hsa *h, const struct gl_hsa_launch *l, int rep,
                      double *gpu_us, double *flush_us, struct gl_err *e);

/* Dispatch the flush kernel once, check its reach (counters), time it. */
bool gl_cold_cache_flush(struct gl_cold_cache *c, double *gpu_us, struct gl_err *e);

struct gl_cold_cache_info {
	bool flush;                /* the flush kernel runs before each timed rep */
	unsigned flush_per_cu;
	unsigned compute_units;
	unsigned flush_workgroups; /* compute_units x flush_per_cu */
	unsigned flushes;          /* dispatched so far */
	bool cus_checked;          /* the runtime has counters */
	unsigned cus_reached_min;  /* fewest CUs one flush ran on (CUS_USED) */
	unsigned rotating_asked;   /* --rotating-count */
	unsigned rotating_count;   /* copies in use, the original included */
	uint64_t rotating_bytes;   /* bytes of all copies together */
	uint64_t rotating_cap;
	char note[320];            /* why rotating_count < rotating_asked, else "" */
};

void gl_cold_cache_info(const struct gl_cold_cache *c, struct gl_cold_cache_info *out);

/* Where the flush kernel got to: "every flush reached 304 of 304 CUs
 * (CUS_USED)", or that the runtime cannot tell. */
void gl_cold_cache_reach(const struct gl_cold_cache *c, char *buf, size_t len);

/* One line for people: "hot" or "cold: flush_icache (304 CUs x 60
 * workgroups) before each timed dispatch; 3 rotating copies of the inputs
 * (3 MiB)". */
void gl_cold_cache_describe(const struct gl_cold_cache_info *i, char *buf, size_t len);

/* The timing mode into a results table's parameters: timing, flush_cache,
 * flush_grid, flush_cus_reached, rotating_count, rotating_bytes,
 * rotating_cap, rotating_note. */
void gl_cold_cache_params(const struct gl_cold_cache_info *i, struct gl_table *t);

#endif
