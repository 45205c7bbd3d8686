/*
 * emu_sched — the order in which the resident waves of a dispatch run.
 *
 * The cycle model keeps shared state (SIMD issue ports, the LDS, the TA
 * queue, the vector L1 and TLB per CU; the instruction and scalar caches per
 * group of CUs; the L2, MALL and HBM for the whole chip), and its answers
 * depend on the order in which waves reach that state. Waves are therefore
 * run in time order, but at two levels:
 *
 *   - Within a CU group (the CUs that share an instruction cache and a
 *     scalar cache: 2 on gfx90a/gfx942, 3 on gfx900) waves run in strict
 *     (cycle, wave id) order: a wave runs until its cycle passes the next
 *     wave's. Everything a wave shares with a wave of its group is seen in
 *     time order.
 *   - Groups share only the L2 and what lies beyond it. A group, once
 *     picked (the one whose earliest wave is earliest), runs until its
 *     earliest wave is more than `skew` cycles past the next group's. Two
 *     groups' L2 and memory requests can then reach the model up to `skew`
 *     cycles out of time order: which of two nearly simultaneous requests
 *     allocates an L2 or MALL line and which finds it filling, and the order
 *     of their HBM bookings (emu_timing_hbm.c books time buckets, which does
 *     not favour the request processed first). A workgroup handed to a freed
 *     CU of another group while one runs starts no earlier than the freed
 *     slot, so its waves too are at most about the skew behind. (The same
 *     bounded-skew idea is the "bound phase" of ZSim, Sanchez & Kozyrakis,
 *     ISCA 2013, and gem5's simulation quantum.)
 *
 * Why not strict global order: with hundreds of CUs resident, strict order
 * switches to another CU's wave after nearly every instruction, and the
 * host's caches cannot hold a thousand waves' registers; running a group's
 * few waves for a while keeps their state in the host's caches. `skew` = 0
 * gives time order across all waves (a tie between groups goes to the one
 * running), for checking that a figure does not depend on the skew
 * (GCNLAB_EMU_SKEW=0; `make bench` reports both).
 *
 * The order depends only on the waves' cycles and ids and on which group is
 * running: deterministic.
 */
#ifndef EMU_SCHED_H
#define EMU_SCHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct emu_wave;

/* Default skew between CU groups, in shader cycles: about one Infinity
 * Cache (MALL) round trip seen from a CU and below an HBM one (gfx942
 * pointer chase: MALL 455-535 cycles, HBM 835-910, 000_106faad81daed8dd.txt and the
 * issue's calibration table), so requests of two groups that overtake each
 * other were in the memory system at the same time. Chosen by measurement
 * (`make bench`): the matrix multiply's modelled time is the same at 200
 * and 500 cycles (1% from strict order), and at 500 a group runs long
 * enough (a barrier-to-barrier step of that kernel) for its waves' state to
 * stay in the host's caches. The model tests pass with any skew from 0 to
 * 2000. */
#define EMU_SCHED_SKEW_DEFAULT 500u

/* A wave of a group: its place in the group's slot table. */
struct emu_sched_slot {
	struct emu_wave *w;
	uint64_t cycle;        /* the wave's cycle when it entered the group */
	uint32_t id;
	uint32_t next;         /* next slot of its bucket, or of the free list */
};

/* An entry of a group's overflow heap, keyed by (cycle, id). */
struct emu_sched_ent {
	uint64_t cycle;
	uint32_t id;
	uint32_t slot;
};

/* A non-empty group in the heap of groups. */
struct emu_sched_top {
	uint64_t key;          /* cycle of the group's earliest wave */
	uint32_t gi;           /* group index */
};

#define EMU_SCHED_WHEEL 64u    /* buckets of the wheel: one cycle each, one bit each in `map` */

/* Waves of one CU group in (cycle, id) order: a wheel of one-cycle buckets
 * for the waves within EMU_SCHED_WHEEL cycles of `base` (each bucket a
 * list by id), a binary heap for the rest (emu_sched.c says why). */
struct emu_sched_group {
	struct emu_sched_slot *sl;    /* [cap] */
	struct emu_sched_ent *ovf;    /* [cap], the overflow heap */
	uint32_t cap, nsl;            /* slots allocated, slots ever used */
	uint32_t free;                /* free slot list */
	uint32_t n;                   /* ready waves, `run` included */
	uint32_t novf;
	uint32_t run;                 /* slot taken out to run (emu_sched_next), or UINT32_MAX */
	uint64_t second;              /* while `run` is out: the earliest cycle of the rest */
	bool run_ovf;                 /* `run` is still the overflow heap's root */
	uint32_t pos;                 /* index in the group heap, or UINT32_MAX */
	uint64_t map;                 /* bit b: bucket b holds a wave */
	uint64_t base;                /* every wheel wave's cycle is in [base, base + EMU_SCHED_WHEEL) */
	uint32_t head[EMU_SCHED_WHEEL], tail[EMU_SCHED_WHEEL];
};

struct emu_sched {
	struct emu_sched_group *g;    /* [ngroups] */
	uint32_t ngroups;
	uint32_t cu_lo;               /* first CU (a domain's scheduler holds only its CUs) */
	uint32_t cus_per_group;
	struct emu_sched_top *top;    /* heap of non-empty groups by (key, gi) */
	uint32_t ntop;
	uint64_t skew;
	uint32_t cur;                 /* group running, or UINT32_MAX */
	uint64_t limit;               /* cur runs while its earliest wave is at or before this */
};

bool emu_sched_init(struct emu_sched *s, uint32_t num_cu, uint32_t cus_per_group, uint64_t skew);
/* The waves of CUs cu_lo .. cu_lo + num_cu - 1 only (one domain of a
 * multi-domain dispatch, emu_domain.h); cu_lo is a multiple of
 * cus_per_group. */
bool emu_sched_init_range(struct emu_sched *s, uint32_t cu_lo, uint32_t num_cu, uint32_t cus_per_group,
                          uint64_t skew);
void emu_sched_fini(struct emu_sched *s);

/* Wave w (READY, w->cycle and w->cu set) joins its group. */
bool emu_sched_push(struct emu_sched *s, struct emu_wave *w);

/* The wave to run next, NULL when no wave is ready. It runs until its cycle
 * passes *horizon, then the caller hands it back with emu_sched_requeue (still
 * READY) or emu_sched_remove (done, or waiting at a barrier). */
struct emu_wave *emu_sched_next(struct emu_sched *s, uint64_t *horizon);
void emu_sched_requeue(struct emu_sched *s, struct emu_wave *w);
/* emu_sched_requeue(w), then emu_sched_next: one call per switch. */
struct emu_wave *emu_sched_requeue_next(struct emu_sched *s, struct emu_wave *w, uint64_t *horizon);
void emu_sched_remove(struct emu_sched *s, struct emu_wave *w);

/* The earliest cycle of any ready wave (UINT64_MAX: none). Anything the
 * dispatch decides in time order across CU groups (which CU gets the next
 * workgroup) is safe to decide for events up to this cycle: no wave can
 * still produce an earlier one. */
uint64_t emu_sched_min(const struct emu_sched *s);

#endif
