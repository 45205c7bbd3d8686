/*
 * emu_timeline — the dispatch's timeline (gcnlab --timeline): events of the
 * followed waves, recorded where the trace rows are charged (the run loop,
 * emu_trace.c), into one bounded log per domain and joined in domain order
 * at the end (so the same for any GCNLAB_EMU_THREADS), kept by the GPU
 * until its next dispatch and read through the vendor extension
 * (gcnlab_emu_ext_1.get_timeline).
 *
 * Off (the default) it costs the run loop nothing per instruction: the loop
 * tests one flag per wave turn that it already tested for the trace.
 */
#ifndef EMU_TIMELINE_H
#define EMU_TIMELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "gcnlab_emu_ext.h"
#include "core/emu_dispatch_ctx.h"
#include "core/emu_dispatch_run.h"

struct emu_results;

/* A domain's log. */
struct emu_tl {
	struct gcnlab_emu_tl_cfg cfg;
	uint64_t start;                 /* the dispatch's first cycle */
	struct gcnlab_emu_tl_event *ev;
	size_t n, cap, max;             /* max: this domain's share of cfg.max_events */
	uint64_t dropped;
	uint64_t stall[GCNLAB_STALL_COUNT];   /* of the instruction being issued */
	bool mem_began;                 /* the instruction began a memory access
	                                   (emu_wave_env.c): its pending entry is the
	                                   wave's newest once it has run */
};

/* What the GPU keeps: the configuration and the last dispatch's timeline. */
struct emu_tl_gpu {
	struct gcnlab_emu_tl_cfg cfg;
	struct gcnlab_emu_tl_event *ev;
	size_t n;
	struct gcnlab_emu_trace_row *insts;
	size_t ninsts;
	struct gcnlab_emu_tl_info info;
};

/* Whether the log follows w (its workgroup and id in the configured ranges). */
static inline bool emu_tl_follows(const struct emu_tl *tl, const struct emu_wave *w)
{
	return w->wg->flat_id >= tl->cfg.wg_lo && w->wg->flat_id <= tl->cfg.wg_hi &&
	       w->id >= tl->cfg.wave_lo && w->id <= tl->cfg.wave_hi;
}
/* The domain's log when the GPU records a timeline; NULL otherwise or out
 * of memory (*oom then). */
struct emu_tl *emu_tl_create(const struct emu_dispatch_ctx *ctx, uint32_t ndom, bool *oom);
void emu_tl_destroy(struct emu_tl *tl);

/* w issued `in` at t0, fetched it by tf, the model gave `cost` cycles. */
void emu_tl_inst(struct emu_tl *tl, const struct emu_dispatch_ctx *ctx, struct emu_wave *w,
                 const struct emu_inst *in, uint64_t t0, uint64_t tf, uint32_t cost);
/* Stall cycles of `cause` inside w's current instruction (emu_trace_stall). */
void emu_tl_stall(struct emu_wave *w, uint64_t cycles, enum gcnlab_stall cause);
/* w waited at its s_barrier from `from` to `to`. */
void emu_tl_barrier(struct emu_wave *w, uint64_t from, uint64_t to);

/* The domains' logs into the GPU's timeline (g->tl); false out of memory. */
bool emu_tl_fill(struct emu_dispatch_ctx *ctx, struct emu_domain *dms, uint32_t ndom, uint64_t end);

/* The extension's calls (emu/hsa), less the front end's checks. */
hsa_status_t emu_tl_set(struct emu_results *r, const struct gcnlab_emu_tl_cfg *cfg);
hsa_status_t emu_tl_get(struct emu_results *r, hsa_signal_t signal, const struct gcnlab_emu_tl_event **ev,
                        size_t *count, const struct gcnlab_emu_trace_row **insts, size_t *ninsts,
                        struct gcnlab_emu_tl_info *info);
/* The GPU's timeline storage, freed with the GPU. */
void emu_tl_gpu_free(struct emu_tl_gpu *t);

#endif
