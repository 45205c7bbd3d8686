/*
 * emu_timing_cpol — the ISA documents' cache-policy tables as data: for a
 * vector load, store or atomic and its three policy bits, what it does at
 * the vector L1, the L2 and the last-level cache (the MALL of gfx942), in
 * the documents' own words (Hit LRU, Miss Evict, Hit Stream, Coherent
 * Cache Bypass, ...). The rows and their sources are in emu_timing_cpol.c;
 * emu_timing_vmem.c and emu_timing_l2.h carry them out.
 */
#ifndef EMU_TIMING_CPOL_H
#define EMU_TIMING_CPOL_H

#include <stdint.h>

#include "gcn_proc.h"

enum emu_cpol_op { EMU_CPOL_LOAD, EMU_CPOL_STORE, EMU_CPOL_ATOMIC, EMU_CPOL_OPS };

/* The vector L1 (TCP). */
enum emu_cpol_l1 {
	EMU_CPOL_L1_HIT_LRU,    /* a load may hit; a miss fills the line at MRU */
	EMU_CPOL_L1_MISS_LRU,   /* a store: misses (written through); a present line is updated and kept */
	EMU_CPOL_L1_MISS_EVICT, /* misses; a present line is evicted, none is filled */
	EMU_CPOL_L1_NONE,       /* an atomic: not looked up (performed at the L2 or beyond) */
};

/* The L2 (TCC) of the CU's XCD. */
enum emu_cpol_l2 {
	EMU_CPOL_L2_HIT_LRU,    /* may hit; a miss fills at MRU */
	EMU_CPOL_L2_HIT_STREAM, /* may hit; a miss fills at the LRU position */
	EMU_CPOL_L2_BYPASS,     /* "Coherent Cache Bypass": memory is the point of coherence */
	EMU_CPOL_L2_DEV_LRU,    /* one L2: HIT_LRU; more than one (gfx942's XCDs): BYPASS */
	EMU_CPOL_L2_DEV_STREAM, /* one L2: HIT_STREAM; more than one: BYPASS */
};

/* The last-level cache (MALL, gfx942; no effect without one). */
enum emu_cpol_llc {
	EMU_CPOL_LLC_HIT_LRU,   /* may hit; a miss fills at MRU */
	EMU_CPOL_LLC_HIT_EVICT, /* may hit, and a hit line is evicted; a miss fills nothing */
};

struct emu_cpol_row {
	uint8_t l1, l2, llc;  /* enum emu_cpol_l1, _l2, _llc */
};

/* Index of the policy bits: bit 0 glc (gfx942: sc0), bit 1 gfx90a's scc
 * (gfx942: sc1; none on gfx900), bit 2 slc (gfx942: nt) — the CPOL
 * numbering of asm/bandwidth/cpol.s. */
#define EMU_CPOL_COMBOS 8

/* The row of the table of `gen`'s ISA document for `op` with policy bits
 * `bits`, as written there (DEV_* unresolved). */
struct emu_cpol_row emu_cpol_row(enum gcn_gen gen, enum emu_cpol_op op, unsigned bits);

/* The same with DEV_* resolved for a GPU of `n_l2` L2s. */
struct emu_cpol_row emu_cpol_resolve(enum gcn_gen gen, enum emu_cpol_op op, unsigned bits, unsigned n_l2);

#endif
