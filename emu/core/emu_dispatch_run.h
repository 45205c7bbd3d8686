/*
 * emu_dispatch_run — private to the dispatch files (emu_dispatch.c, the run
 * loop emu_dispatch_run.c, the placement emu_place.c, the wave start
 * emu_wave_init.c): the scheduler state of a dispatch (one per domain),
 * the domains, and the functions they share, each calling down that list.
 */
#ifndef EMU_DISPATCH_RUN_H
#define EMU_DISPATCH_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/emu_dispatch_ctx.h"
#include "core/emu_sched.h"

/* Cycles between the waves of a workgroup as the SPI starts them, and from
 * a freed slot to its next workgroup (the first fill of the GPU starts a
 * workgroup every EMU_WAVE_LAUNCH_GAP / 2 cycles, emu_dispatch_run.c).
 * Assumption, no published figure found: neither the rocprofiler-compute
 * documentation (Workgroup Manager (SPI), Shader engine, Pipeline metrics:
 * wave dispatch counts and rates are measured, no launch rate is given),
 * the CDNA2/CDNA3 white papers and ISA documents, AMD's GCN material
 * (gpuopen), nor published microbenchmarks of wave or workgroup launch
 * (searched for MI200/MI300/GCN wave launch rate, SPI dispatch rate) state
 * one. 4 cycles is kept: its figures (the stream tables, the copy study)
 * stand within their published windows. */
#define EMU_WAVE_LAUNCH_GAP 4u

/* A CU that a finished workgroup left free at `cycle`. */
struct free_slot {
	uint64_t cycle;
	uint32_t cu;
};

struct emu_run {
	struct emu_sched sched;
	/* Freed CU slots not yet given a workgroup, a heap by (cycle, cu): the
	 * SPI hands the next workgroup to the CU that frees first in time, and
	 * with CU groups running up to the skew apart (emu_sched.h) the slots
	 * reach the dispatch out of time order; they are filled once no ready
	 * wave is earlier (emu_sched_min). */
	struct free_slot *slots;
	size_t nslots, slots_cap;
	struct emu_wave **free_waves;  /* recycled wave storage */
	size_t nfree;
	struct emu_wave **all_waves;   /* every wave allocated, for teardown */
	size_t nall;
	struct emu_workgroup **wgs;    /* resident workgroups, for teardown */
	size_t nwgs;
	uint64_t next_wg;              /* flat id of the next workgroup to launch */
	uint64_t total_wg;
	uint32_t wg_step;              /* between the domain's workgroups (emu_domain.h) */
	uint32_t next_cu;              /* round-robin position */
	uint32_t wave_id;              /* the domain's waves so far */
	uint32_t ndom, dom;            /* wave ids: wave_id x ndom + dom */
	uint32_t slot_base;            /* the domain's first wave storage index (scratch) */
	struct emu_wave **pool;        /* storage from earlier dispatches: the GPU's, or the domain's share */
	size_t *npool;
	struct trace_acc *trace;       /* per instruction slot, or NULL */
	struct emu_tl *tl;             /* the timeline's log (emu_timeline.h), or NULL */
};

struct trace_acc {
	uint64_t issues, cycles;
	uint64_t stall[GCNLAB_STALL_COUNT];
	uint64_t hazards;
};

/* ---- domains (emu_domain.h) ---- */

struct emu_domain {
	struct emu_dispatch_ctx ctx;   /* the domain's copy of the dispatch's context */
	struct emu_run rs;
	struct emu_dispatch_result res;
	uint64_t end;                  /* latest wave end */
	struct emu_wave **parked;      /* waiting for the merge (deferred atomics) */
	size_t nparked;
	struct emu_wave **own_pool;    /* its share of the GPU's wave storage */
	size_t own_npool;
	char *warn_buf;                /* warnings of a window (open_memstream) */
	size_t warn_len;
	bool filled;                   /* its initial workgroups are launched */
	bool oom;
};

/* emu_place.c: workgroups on CUs. */
uint32_t emu_run_cu_order(const struct emu_profile *prof, uint32_t i);
uint32_t emu_run_cus_per_group(const struct emu_profile *prof);
bool emu_run_launch_wg(struct emu_dispatch_ctx *ctx, struct emu_run *rs, uint32_t cu, uint64_t cycle);
void emu_run_wg_free(struct emu_run *rs, struct emu_workgroup *wg);
bool emu_run_slot_push(struct emu_run *rs, uint64_t cycle, uint32_t cu);
bool emu_run_fill_slots(struct emu_dispatch_ctx *ctx, struct emu_run *rs);
/* Workgroups a CU holds at once (0: it fits none) and, then, why. */
uint32_t emu_place_max_wg(const struct emu_dispatch_ctx *ctx);
void emu_place_max_wg_why(const struct emu_dispatch_ctx *ctx, char *buf, size_t len);

/* emu_wave_init.c: a wave's launch state (descriptor, packet, ids). */
bool emu_wave_init(struct emu_dispatch_ctx *ctx, struct emu_workgroup *wg, struct emu_wave *w, uint32_t j);

/* emu_dispatch_run.c */
bool emu_run_initial_fill(struct emu_domain *dm);
bool emu_run_until(struct emu_domain *dm, uint64_t until);
bool emu_run_windows(struct emu_dispatch_ctx *ctx, struct emu_domain *dms, uint32_t ndom);
bool emu_run_domains_setup(struct emu_dispatch_ctx *ctx, struct emu_domain *dms, uint32_t ndom,
                           size_t max_res_d, uint32_t ncu_d);
void emu_run_domains_sum(struct emu_dispatch_ctx *ctx, struct emu_domain *dms, uint32_t ndom, uint64_t *end);
void emu_run_domain_teardown(struct emu_gpu *g, struct emu_domain *dm);

#endif
