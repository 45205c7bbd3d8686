/*
 * emu_domain — parallel simulation that stays deterministic: the parts of a
 * multi-domain dispatch that are not the scheduling loop itself
 * (emu_dispatch_run.c): each domain's view of global memory during a window,
 * the ordered merge of what the domains wrote, and the worker threads.
 *
 * Domains are XCDs. On gfx942 the command processor hands workgroups to the
 * eight XCDs round-robin (workgroup f to XCD f mod 8: "On MI300 series GPUs,
 * workgroups are typically scheduled round-robin across XCDs", ROCm
 * composable_kernel PR 3652 / rocm-libraries PR 4279, "Stream-K XCD
 * remapping", which remaps tiles because of it), and an XCD's CUs share
 * its L2 and nothing else but the MALL, HBM and memory. So a dispatch whose
 * workgroups fall in several XCDs runs as one domain per XCD: its own
 * stream of workgroups (f = d mod num_xcd), CUs, scheduler, L2, counters,
 * trace, warnings and timing memos. A dispatch in one domain (every gfx900
 * and gfx90a dispatch, a one-workgroup grid on gfx942) runs as before.
 *
 * Windows. A multi-domain dispatch advances in model-time windows of W
 * cycles (emu_domain_window_cycles). In a window each domain runs its waves
 * until every ready wave is at or past the window's end, touching only its
 * own state and reading the shared state (memory, MALL, calendars) as of
 * the window's start plus its own writes:
 *   - stores (VMEM and scalar) go to the domain's store log; its own loads
 *     see the log (an overlay; a bitmap of written 64-byte lines lets loads
 *     that touch none skip it). Scratch is private to a wave: written in
 *     place.
 *   - atomics are logged and performed at the merge; their pre-op value is
 *     written into the wave's pending result then, and a wave with such a
 *     result outstanding stops until the merge (emu_domain_parked).
 *   - the memory side of the cycle model: model/emu_timing_domain.c.
 * Then, on one thread, the merge applies the logs in domain order (0 .. n-1,
 * each in its own order): a total order, so memory after the dispatch does
 * not depend on the threads. Faults, hangs and cancellation are decided at
 * the merge too (the earliest fault by (cycle, domain); the instruction
 * budget left at a window's start is each domain's allowance in it), and
 * the domains' warnings, written to a buffer per domain with each domain's
 * own first-N limits, are printed then, in domain order, within the
 * dispatch's first-N limits (emu_dispatch_run.c warn_kinds).
 *
 * W: no domain can see another's effect sooner than a round trip through
 * shared state. The shortest one is an access beyond the L1 that is
 * performed at the L2 (an atomic): l1_hit + l2_hit of the profile
 * (gfx942: 106 + 100 = 206 cycles, emu_profile.c, the pointer-chase fit
 * [FIT004]); the MALL adds its 262 cycles on top. An atomic issued in a
 * window thus completes no sooner than the window's end, and a MALL or
 * calendar request another domain made in the same window is at most W
 * cycles old, less than its own latency.
 *
 * Threads (GCNLAB_EMU_THREADS, default the online cores): a pool of
 * persistent workers owned by the GPU; per window the domains are shared
 * among the threads (each domain on exactly one), then a barrier, then the
 * merge on the dispatching thread. With one thread the same windows run
 * one after the other: the results are the same by construction.
 */
#ifndef EMU_DOMAIN_H
#define EMU_DOMAIN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "wave/emu_wave.h"

struct emu_dispatch_ctx;
struct emu_profile;

/* Window length in shader cycles for the profile: l1_hit + l2_hit. */
uint64_t emu_domain_window_cycles(const struct emu_profile *prof);

/* ---- a domain's view of global memory (one per domain) ---- */

struct emu_dmem;
struct emu_dmem *emu_dmem_create(void);
void emu_dmem_destroy(struct emu_dmem *m);
/* Apply the window's log to memory (stores, then atomics in log order,
 * writing their pre-op values to the waves' results) and empty it. False
 * if the log lost records for want of host memory. */
bool emu_dmem_merge(struct emu_dmem *m);

/* The wave ops of a domain's waves in a window (emu_wave_env.c uses them
 * when ctx->dmem is set). */
void *emu_dmem_gva(struct emu_wave *w, uint64_t gpu, void *p, unsigned size, bool write);
bool emu_dmem_direct(struct emu_wave *w, uint64_t lo, uint64_t hi);
/* A store of [lo, hi) of direct memory (host address = GPU address) into
 * the log as gva's per-element stores of it in address order would put
 * it (a plain store: atomics go to emu_dmem_atomic); NULL (nothing
 * logged) in a private segment or out of host memory. */
void *emu_dmem_store_range(struct emu_wave *w, uint64_t lo, uint64_t hi);
void emu_dmem_atomic(struct emu_wave *w, const struct emu_atomic_req *r);

/* ---- worker threads ---- */

struct emu_pool;
/* n threads in all, the caller included (n - 1 workers); NULL if n < 2 or
 * the threads cannot be made. */
struct emu_pool *emu_pool_create(unsigned n);
void emu_pool_destroy(struct emu_pool *p);
/* fn(arg, i) for i in 0 .. njobs-1, shared among the threads; returns when
 * all have returned. */
void emu_pool_run(struct emu_pool *p, unsigned njobs, void (*fn)(void *arg, unsigned i), void *arg);

/* GCNLAB_EMU_THREADS: the simulation threads, default the online cores. */
unsigned emu_domain_threads(void);

#endif
