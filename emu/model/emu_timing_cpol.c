/*
 * emu_timing_cpol — the cache-policy tables of the ISA documents, one per
 * generation, indexed [load/store/atomic][bits] (bits: emu_timing_cpol.h).
 *
 * Sources (the documents' section and table names):
 *  [CDNA3] "AMD Instinct MI300" Instruction Set Architecture (CDNA3),
 *          "Memory Scope and Temporal Control", "Vector Memory": SC[1:0] is
 *          the scope (0 wave, 1 group, 2 device, 3 system), NT "do not
 *          expect temporal reuse"; the tables "Load Controls" and "Store
 *          Controls" (columns CU cache / L2 cache / last-level cache) and
 *          the paragraph "Atomics". Read here in the CDNA4 edition (MI350
 *          ISA §9.1.10, Tables 49 and 50); LLVM's clang documentation of
 *          the direct-to-LDS builtins ("Cache policy (aux parameter)",
 *          "CDNA3 and CDNA4") gives the same rows for both generations.
 *  [VEGA]  "Vega" Instruction Set Architecture, §8.1.10 "GLC Bit
 *  [CDNA2] Explained" (the MI200 guide's own section could not be read
 *          here; clang's table below puts CDNA2 with CDNA): a GLC=1 load intentionally misses the L1 and reads
 *          the L2, a matching L1 line being invalidated; GLC=1 on an atomic
 *          returns the pre-op value; stores are written through the L1.
 *          LLVM's clang documentation ("Cache policy (aux parameter)",
 *          "CDNA and CDNA2") words the same and names GLC the only bit
 *          acting on the L1.
 *  [GCN]   the MUBUF/MTBUF field table of the GCN ISA documents (Southern
 *          Islands onward) names SLC "System Level Coherent" and says an
 *          access with it is forced to miss the "level 2 texture cache".
 *          AMD's own compiler states what GFX6-GFX9 and gfx90a do with it
 *          (LLVM SIMemoryLegalizer, SIGfx6CacheControl, non-temporal
 *          accesses): it marks a non-temporal access with glc and slc,
 *          which it says give the L1 policy MISS_EVICT (loads and stores)
 *          and the L2 policy STREAM — the L2 is not bypassed. The compiler's
 *          statement is the one about these chips' behaviour, the field
 *          table's wording dates from Southern Islands; modelled: slc
 *          streams in the L2 (fills at LRU), glc alone decides the L1.
 *
 * Where the model cannot tell two behaviours apart, the row takes the
 * stricter (slower or equal) one, said at the row:
 *  - TG_SPLIT (group scope misses the L1) is not a mode the emulator runs.
 *  - [VEGA]/[CDNA2] GLC=0 stores that write a whole L1 line may leave it
 *    valid in the L1; the model never allocates on a store (MISS_LRU).
 *  - [CDNA2] SCC ("system cache coherent") has no row of its own in the
 *    parts of the MI200 document we could read; AMDGPUUsage (memory model
 *    GFX90A) says there is no L2 bypass policy at the ISA level: SCC
 *    changes nothing here.
 *  - The last-level column of an access the L2 keeps (Hit LRU / Hit
 *    Stream) applies when the L2 evicts the line; the L2 keeps no policy
 *    per line, so its write-back always allocates in the MALL ("Hit LRU").
 *    The column is carried out when the L2 is missed or bypassed.
 *  - A bypassing "Hit Evict" store goes to DRAM without evicting a copy
 *    the MALL may hold.
 *  - Atomics: the documents say what the bits mean (return, scope,
 *    last-level allocation), not where a system-scope atomic is done; it
 *    is done beyond the L2 like a system-scope load or store (BYPASS).
 *    Device-scope atomics are done at the L2.
 */
#include "model/emu_timing_cpol.h"

#define R(a, b, c) { EMU_CPOL_L1_##a, EMU_CPOL_L2_##b, EMU_CPOL_LLC_##c }

/* [CDNA3]. Row index: sc0 | sc1 << 1 | nt << 2. */
static const struct emu_cpol_row cdna3[EMU_CPOL_OPS][EMU_CPOL_COMBOS] = {
	[EMU_CPOL_LOAD] = {
		/* "Load Controls" */
		R(HIT_LRU, HIT_LRU, HIT_LRU),        /* 0: wave, NT=0 */
		R(HIT_LRU, HIT_LRU, HIT_EVICT),      /* 1: group (sc0), NT=0 */
		R(MISS_EVICT, DEV_LRU, HIT_LRU),     /* 2: device (sc1), NT=0 */
		R(MISS_EVICT, BYPASS, HIT_LRU),      /* 3: system (sc0 sc1), NT=0 */
		R(MISS_EVICT, HIT_STREAM, HIT_EVICT),  /* 4: wave, NT=1 */
		R(MISS_EVICT, HIT_STREAM, HIT_EVICT),  /* 5: group, NT=1 */
		R(MISS_EVICT, DEV_STREAM, HIT_EVICT),  /* 6: device, NT=1 */
		R(MISS_EVICT, BYPASS, HIT_EVICT),      /* 7: system, NT=1 */
	},
	[EMU_CPOL_STORE] = {
		/* "Store Controls" */
		R(MISS_LRU, HIT_LRU, HIT_LRU),       /* 0: wave, NT=0 */
		R(MISS_LRU, HIT_LRU, HIT_LRU),       /* 1: group, NT=0 */
		R(MISS_EVICT, DEV_LRU, HIT_LRU),     /* 2: device, NT=0 */
		R(MISS_EVICT, BYPASS, HIT_LRU),      /* 3: system, NT=0 */
		R(MISS_EVICT, HIT_STREAM, HIT_EVICT),  /* 4: wave, NT=1 */
		R(MISS_EVICT, HIT_STREAM, HIT_EVICT),  /* 5: group, NT=1 */
		R(MISS_EVICT, DEV_STREAM, HIT_EVICT),  /* 6: device, NT=1 */
		R(MISS_EVICT, BYPASS, HIT_EVICT),      /* 7: system, NT=1 */
	},
	[EMU_CPOL_ATOMIC] = {
		/* "Atomics": SC0 returns the pre-op value (no cache effect); SC1
		 * 0 device scope, 1 system scope; NT 0 last-level "allocate",
		 * 1 "no allocate". */
		R(NONE, HIT_LRU, HIT_LRU),           /* 0: device */
		R(NONE, HIT_LRU, HIT_LRU),           /* 1: device, returns */
		R(NONE, BYPASS, HIT_LRU),            /* 2: system */
		R(NONE, BYPASS, HIT_LRU),            /* 3: system, returns */
		R(NONE, HIT_LRU, HIT_EVICT),         /* 4: device, no allocate */
		R(NONE, HIT_LRU, HIT_EVICT),         /* 5: device, returns, no allocate */
		R(NONE, BYPASS, HIT_EVICT),          /* 6: system, no allocate */
		R(NONE, BYPASS, HIT_EVICT),          /* 7: system, returns, no allocate */
	},
};

/* [VEGA]/[CDNA2] §8.1.10 for glc, [GCN] (LLVM's reading) for slc; [CDNA2]'s
 * SCC (bit 1) without effect (see above; gfx900 cannot encode it, so its
 * rows 2, 3, 6, 7 are never looked up and repeat 0, 1, 4, 5). Row index:
 * glc | scc << 1 | slc << 2. */
static const struct emu_cpol_row gfx9[EMU_CPOL_OPS][EMU_CPOL_COMBOS] = {
	[EMU_CPOL_LOAD] = {
		R(HIT_LRU, HIT_LRU, HIT_LRU),        /* 0 */
		R(MISS_EVICT, HIT_LRU, HIT_LRU),     /* 1: glc: misses the L1, a present line invalidated */
		R(HIT_LRU, HIT_LRU, HIT_LRU),        /* 2: scc */
		R(MISS_EVICT, HIT_LRU, HIT_LRU),     /* 3: glc scc */
		R(HIT_LRU, HIT_STREAM, HIT_LRU),     /* 4: slc: L2 STREAM [GCN] */
		R(MISS_EVICT, HIT_STREAM, HIT_LRU),  /* 5: glc slc: LLVM's non-temporal load */
		R(HIT_LRU, HIT_STREAM, HIT_LRU),     /* 6: scc slc */
		R(MISS_EVICT, HIT_STREAM, HIT_LRU),  /* 7: glc scc slc */
	},
	[EMU_CPOL_STORE] = {
		/* written through the L1 whatever GLC; GLC=1 leaves no line in it */
		R(MISS_LRU, HIT_LRU, HIT_LRU),       /* 0 */
		R(MISS_EVICT, HIT_LRU, HIT_LRU),     /* 1: glc */
		R(MISS_LRU, HIT_LRU, HIT_LRU),       /* 2: scc */
		R(MISS_EVICT, HIT_LRU, HIT_LRU),     /* 3: glc scc */
		R(MISS_LRU, HIT_STREAM, HIT_LRU),    /* 4: slc: L2 STREAM */
		R(MISS_EVICT, HIT_STREAM, HIT_LRU),  /* 5: glc slc: LLVM's non-temporal store */
		R(MISS_LRU, HIT_STREAM, HIT_LRU),    /* 6: scc slc */
		R(MISS_EVICT, HIT_STREAM, HIT_LRU),  /* 7: glc scc slc */
	},
	[EMU_CPOL_ATOMIC] = {
		/* at the L2; glc returns the pre-op value; slc: L2 STREAM */
		R(NONE, HIT_LRU, HIT_LRU),           /* 0 */
		R(NONE, HIT_LRU, HIT_LRU),           /* 1: glc */
		R(NONE, HIT_LRU, HIT_LRU),           /* 2: scc */
		R(NONE, HIT_LRU, HIT_LRU),           /* 3: glc scc */
		R(NONE, HIT_STREAM, HIT_LRU),        /* 4: slc */
		R(NONE, HIT_STREAM, HIT_LRU),        /* 5: glc slc */
		R(NONE, HIT_STREAM, HIT_LRU),        /* 6: scc slc */
		R(NONE, HIT_STREAM, HIT_LRU),        /* 7: glc scc slc */
	},
};

#undef R

struct emu_cpol_row emu_cpol_row(enum gcn_gen gen, enum emu_cpol_op op, unsigned bits)
{
	const struct emu_cpol_row (*tab)[EMU_CPOL_COMBOS] = gen >= GCN_GEN_CDNA3 ? cdna3 : gfx9;
	return tab[op][bits % EMU_CPOL_COMBOS];
}

struct emu_cpol_row emu_cpol_resolve(enum gcn_gen gen, enum emu_cpol_op op, unsigned bits, unsigned n_l2)
{
	struct emu_cpol_row r = emu_cpol_row(gen, op, bits);
	if (r.l2 == EMU_CPOL_L2_DEV_LRU || r.l2 == EMU_CPOL_L2_DEV_STREAM)
		r.l2 = n_l2 > 1 ? EMU_CPOL_L2_BYPASS
		     : r.l2 == EMU_CPOL_L2_DEV_LRU ? EMU_CPOL_L2_HIT_LRU : EMU_CPOL_L2_HIT_STREAM;
	return r;
}
