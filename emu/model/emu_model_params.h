/*
 * emu_model_params — every number of the cycle model (emu_timing_*.c), one
 * struct per emulated GPU. The values and their sources are in
 * emu_model_params.c; the model derives throughputs and conflict costs from
 * these rates, sizes and queue depths, and takes only latencies as
 * calibration.
 *
 * Units: "cycles" are shader-clock (SCLK) cycles; latencies marked _ns10 are
 * tenths of a nanosecond at the profile's default memory clock and scale
 * with 1/MCLK (memory-side parts); byte rates marked _mclk are per memory
 * clock and scale with MCLK.
 */
#ifndef EMU_MODEL_PARAMS_H
#define EMU_MODEL_PARAMS_H

#include <stdint.h>

#include "isa/emu_isa.h"
#include "model/emu_profile.h"

/* MFMA input types, for the per-type matrix rate. */
enum emu_mfma_type {
	EMU_MFMA_F64 = 0,
	EMU_MFMA_F32,
	EMU_MFMA_XF32,
	EMU_MFMA_F16,
	EMU_MFMA_BF16,
	EMU_MFMA_I8,
	EMU_MFMA_FP8,        /* fp8/bf8 */
	EMU_MFMA_TYPE_COUNT
};

/* Geometry of one set-associative cache (one instance). */
struct emu_cache_geom {
	uint32_t bytes;      /* capacity of one instance */
	uint16_t line;       /* line bytes (power of two) */
	uint16_t ways;
	uint16_t shared_by;  /* CUs per instance (per-CU caches: 1; L2/MALL: unused) */
};

struct emu_model_params {
	/* ---- issue ---- */
	uint8_t issue[EMU_CLS_COUNT];        /* cycles an instruction of the class holds the wave */
	uint16_t mfma_flops[EMU_MFMA_TYPE_COUNT]; /* matrix FLOPs per SIMD per cycle (0: none) */
	uint8_t mfma_min_cycles;             /* shortest matrix-pipe occupancy */

	/* ---- LDS ---- */
	uint32_t lds_bytes;                  /* addresses wrap here */
	uint8_t lds_banks;                   /* 4-byte banks */
	uint8_t lds_port_bytes;              /* bytes per cycle per SIMD pair */
	uint8_t lds_latency;                 /* cycles after the last bank/port cycle */
	uint8_t lds_queue;                   /* DS instructions a CU accepts before issue stalls */

	/* ---- vector memory front end (TA) ---- */
	uint8_t ta_queue;                    /* VMEM instructions queued per CU before issue stalls */
	uint8_t ta_inst_cycles;              /* per instruction */
	uint8_t ta_line_qcycles;             /* per L1 line request, in quarter cycles */

	/* ---- caches ---- */
	struct emu_cache_geom l1;            /* vector L1 (TCP), per CU */
	struct emu_cache_geom sqc;           /* scalar L1 data cache */
	struct emu_cache_geom icache;        /* L1 instruction cache */
	struct emu_cache_geom l2;            /* per XCD on gfx942, per GPU otherwise */
	struct emu_cache_geom mall;          /* Infinity Cache; bytes 0: none */
	uint16_t tlb_entries;                /* UTCL1 per CU */
	uint8_t tlb_ways;
	uint8_t tlb_page_shift;              /* translation granule */

	/* ---- latencies ---- */
	uint16_t l1_hit;                     /* TA departure to data, L1 hit */
	uint16_t l2_hit;                     /* added by an L1 miss that hits L2 */
	uint16_t tlb_miss;                   /* added by a UTCL1 miss */
	uint16_t sqc_hit;                    /* scalar load issue to data, scalar-cache hit */
	uint32_t mall_ns10;                  /* added by an L2 miss that hits the MALL */
	uint32_t mem_ns10;                   /* added by an L2 (and MALL) miss served by DRAM */

	/* ---- bandwidth ---- */
	uint32_t mem_bus_bits;               /* DRAM interface width */
	uint8_t mem_transfers;               /* transfers per bus bit per MCLK cycle */
	uint8_t mem_efficiency_pct;          /* sustainable fraction of the peak */
	uint32_t mall_bytes_mclk;            /* Infinity Cache bytes per MCLK cycle */

	/* ---- LDS conflict path and instruction prefetch (issue 16) ---- */
	uint8_t lds_conflict_cycles;         /* a conflicted DS access returns no sooner than this
	                                        after reaching the banks (the rescheduling path) */
	uint8_t ifetch_ahead_lines;          /* icache lines the sequencer requests ahead of the
	                                        line a wave executes, on straight-line code */
	/* ---- packet processor (the copy study, issue 15) ----
	 * Fixed times (ns, on no modelled clock: the CP firmware, the signal
	 * writes to system memory) the queue spends around each AQL packet, on
	 * top of the SCLK launch cycles of emu_dispatch.c. They make the gaps
	 * between back-to-back dispatches that a host-timed run (the study's
	 * method) sees and GPU dispatch timestamps do not. */
	uint32_t cp_dispatch_ns;             /* kernel packet: previous packet done -> its waves launch */
	uint32_t cp_end_ns;                  /* last wave done -> completion signal written */
	uint32_t cp_barrier_ns;              /* barrier-AND/OR packet (hipEventRecord's marker) processed */
	uint8_t rel_sys_l2_wb;               /* a system-scope release writes the dirty L2 lines back */
};

const struct emu_model_params *emu_model_params_get(enum emu_arch arch);

#endif
