/*
 * emu_timing_state — the state of the cycle model that its files share,
 * one struct emu_timing per GPU (and one view of it per XCD domain). The
 * files, from the interface down:
 *   emu_timing.c         lifetime, issue (VALU ports, MFMA pipes), the
 *                        access entry, packet-level cache actions
 *   emu_timing_domain.c  views of the model per XCD domain, the merge
 *   emu_timing_icache.c  instruction fetch         emu_timing_lds.c  LDS
 *   emu_timing_vmem.c    vector memory: coalescing, TA, UTCL1, vector L1
 *   emu_timing_smem.c    scalar memory: the scalar cache
 *   emu_timing_l2.[ch]   the L2 of each XCD
 *   emu_timing_mem.c     beyond the L2: MALL and DRAM, direct or through
 *   emu_timing_ovl.c     a domain's overlay of them in a window
 *   emu_timing_cache.c   set-associative LRU caches
 *   emu_timing_hbm.c     bandwidth servers
 *   emu_timing_report.c  counter names           emu_timing_mfma.c MFMA cycles
 * Each calls only the files below it. Parameters: the profile's model
 * part (emu_profile.[ch]).
 */
#ifndef EMU_TIMING_STATE_H
#define EMU_TIMING_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/emu_profile.h"
#include "model/emu_timing_cache.h"
#include "model/emu_timing_cpol.h"
#include "model/emu_timing_hbm.h"
#include "model/emu_timing_report.h"
#include "wave/emu_wave.h"

/* One row of the cache-policy table as the vector path carries it out:
 * the L1 policy (enum emu_cpol_l1), its lookup flags (EMU_CACHE_*) and
 * how the L2 side is used (EMU_L2_*, emu_timing_l2.h). */
struct emu_timing_vpol {
	uint8_t l1, l1_flags, how;
};

/* ---- per-CU state ---- */

#define EMU_TA_MAX 64
#define EMU_LDSQ_MAX 32

struct emu_timing_cu {
	/* TA: departure cycles of the last ta_queue VMEM instructions (ring). */
	uint64_t ta_free;
	uint64_t ta_ring[EMU_TA_MAX];
	uint32_t ta_n;
	/* LDS: the bank array (shared) and the port of each SIMD pair. */
	uint64_t lds_bank_free;
	uint64_t lds_port_free[2];       /* LDS -> SIMD pair (read data) */
	uint64_t lds_in_free[2];         /* SIMD pair -> LDS (addresses, write data) */
	uint64_t lds_ring[EMU_LDSQ_MAX];
	uint32_t lds_n;
	/* Matrix core of each SIMD. */
	uint64_t mfma_free[4];
	/* Issue port of each SIMD (VALU), per dispatch (emu_timing_begin). */
	uint64_t simd_free[4];
};

/* LDS bank cycles, memoised per DS instruction: the waves of a kernel run
 * the same instruction with the same lane pattern at different bases, and
 * the bank cost of a pattern wholly inside the LDS only depends on the
 * pattern: moving every address by k dwords renames bank b to b + k mod 32
 * and keeps which dwords are distinct, so each group's busiest bank has
 * as many dwords as before. Patterns reaching past the LDS are not
 * memoised. The key is checked in full. */
#define EMU_LDS_MEMO 64
struct emu_lds_memo {
	const struct emu_inst *in;   /* slot owner (NULL: empty) */
	uint64_t mask;
	uint32_t bytes;
	uint32_t bank_cycles, conflicts;
	bool exact;                  /* some lane past the allocation: a hit needs base and size */
	uint32_t size;               /* the allocation it was costed for */
	uint32_t base;               /* the first lane's address rounded down to 4 B */
	int32_t lo, hi;              /* least and greatest off[] of the mask's lanes, as signed */
	/* address - base (32 bits, wrapping); 0 for lanes outside the mask.
	 * Aligned for the 128-bit compare of the lookup. */
	uint32_t off[EMU_LANES] __attribute__((aligned(16)));
};

/* Published matrix-core cycles of an MFMA on arch (emu_timing_mfma.c);
 * 0 when the tables do not list it. */
uint32_t emu_timing_mfma_cycles(const struct gcn_proc *proc, const struct emu_opdesc *op);

/* MFMA matrix-core cycles, memoised per opcode descriptor. */
#define EMU_MFMA_MEMO 64
struct emu_mfma_memo {
	const struct emu_opdesc *op;
	uint32_t cycles;
};

struct emu_timing {
	const struct emu_profile *prof;
	const struct emu_model_params *mp;
	uint32_t sclk_mhz, mclk_mhz;
	/* The dispatch running (emu_timing_begin): its counters (counters_none,
	 * a sink, outside one), the core's stall report, its LDS allocation. */
	uint64_t *cnt;
	emu_timing_stall_fn stall;
	uint32_t lds_bytes;
	bool in_dispatch;
	uint64_t counters_none[EMU_COUNTER_COUNT];

	uint32_t num_cu, cus_per_xcd;
	/* derived from the clocks */
	uint32_t mall_cycles;            /* memory-side latencies in shader cycles */
	uint32_t mem_cycles;
	struct emu_bw dram, mall_bw;

	struct emu_timing_cu *cu;        /* [num_cu] */
	struct emu_cache *l1;            /* [num_cu] */
	struct emu_cache *tlb;           /* [num_cu] */
	struct emu_cache *sqc;           /* [num_cu / sqc.shared_by, rounded up] */
	struct emu_cache *ic;            /* [num_cu / icache.shared_by, rounded up] */
	uint32_t *ic_epoch;              /* bumped whenever an icache's contents change */
	struct emu_cache *l2;            /* [num_xcd] */
	/* The channels of each L2 (l2_channels of them, l2_channel_bytes per
	 * cycle each): L2 i's channel c is l2ch[i * l2ch_n + c]; none when
	 * l2ch_n is 0. */
	struct emu_bw *l2ch;
	uint32_t l2ch_n, l2ch_shift;     /* l2ch_n = 1 << l2ch_shift (or 0) */
	struct emu_cache mall;           /* sets == 0 when the GPU has none */
	uint32_t n_sqc, n_ic, n_l2;
	/* The ISA's cache-policy table of the arch (emu_timing_cpol.h),
	 * resolved for n_l2 L2s and laid out for the vector path: by access
	 * kind and the instruction's policy flags as they are (acc->flags &
	 * (EMU_F_GLC | EMU_F_SLC | EMU_F_SC1), bits 0-2). */
	struct emu_timing_vpol vpol[EMU_CPOL_OPS][EMU_CPOL_COMBOS];

	/* Memos: a domain's own (each view has its copy), since a shared
	 * memo would be written by every domain's thread. */
	struct emu_mfma_memo mfma_memo[EMU_MFMA_MEMO];
	struct emu_lds_memo lds_memo[EMU_LDS_MEMO];

	/* Multi-domain dispatches (emu_timing_domain.c). The root is the model
	 * created for the GPU; a view is a copy of it for one XCD's domain: the
	 * same per-CU, per-group and per-XCD state (each domain touches only its
	 * own), its own counters and memos, and during a window an overlay of
	 * the chip-wide memory side (MALL, DRAM and MALL bandwidth). */
	struct emu_timing *root;         /* the shared model (the root itself) */
	struct emu_timing **views;       /* [n_l2] when n_l2 > 1, else NULL */
	struct emu_timing_ovl *ovl;      /* a view in a window: its overlay; NULL: direct */
	struct emu_timing_ovl *ovl_own;  /* a view's overlay, kept between windows */
};

static inline uint64_t *emu_timing_cnt(struct emu_timing *t)
{
	return t->cnt;
}

/* w waits `cycles` for cause: charged to its instruction's trace row. */
static inline void emu_timing_stall(struct emu_timing *t, struct emu_wave *w, uint64_t cycles,
                                    enum gcnlab_stall cause)
{
	if (t->stall)
		t->stall(w, cycles, cause);
}

static inline uint32_t emu_timing_cu_index(const struct emu_timing *t, const struct emu_wave *w)
{
	return w->cu < t->num_cu ? w->cu : w->cu % t->num_cu;
}

/* The vector memory path (emu_timing_vmem.c) and the scalar cache
 * (emu_timing_smem.c): the cycle an access issued at w->cycle completes
 * (emu_timing_access). */
uint64_t emu_timing_vmem(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in,
                         const struct emu_access *acc);
uint64_t emu_timing_smem(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in,
                         const struct emu_access *acc);

/* LDS (emu_timing_lds.c): bank cycles of one DS instruction, and its
 * completion. */
struct emu_lds_cost {
	uint32_t bank_cycles;    /* = SQ_LDS_IDX_ACTIVE */
	uint32_t conflicts;      /* = SQ_LDS_BANK_CONFLICT */
};
void emu_lds_cost(const struct emu_model_params *mp, uint32_t size, const uint64_t *addr, uint64_t mask,
                  unsigned bytes, struct emu_lds_cost *out);
uint64_t emu_timing_lds(struct emu_timing *t, struct emu_wave *w, const struct emu_access *acc);
/* buffer_load ... lds: the 64-dword write into the LDS when the data arrives. */
uint64_t emu_timing_lds_fill(struct emu_timing *t, struct emu_wave *w, uint64_t arrive);

/* Instruction cache (emu_timing_icache.c). */
uint32_t emu_timing_ifetch(struct emu_timing *t, struct emu_wave *w, const struct emu_inst *in);
void emu_timing_ic_inv(struct emu_timing *t, struct emu_wave *w);

#endif
