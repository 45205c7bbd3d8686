/*
 * emu_profile — one description per emulated GPU, as Mesa's struct
 * radeon_info is per chip: every size, rate, latency and queue depth of one
 * arch, each once, in that arch's one initializer in emu_profile.c with its
 * source. The runtime (hsa/) reports agent and pool properties from it, the
 * core launches waves by it, and the cycle model (emu_timing*.c) takes its
 * mechanisms' inputs from the `model` part.
 *
 * Units: "cycles" are shader-clock (SCLK) cycles; latencies marked _ns10 are
 * tenths of a nanosecond at the profile's default memory clock and scale
 * with 1/MCLK (memory-side parts); byte rates marked _mclk are per memory
 * clock and scale with MCLK.
 */
#ifndef EMU_PROFILE_H
#define EMU_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/emu_arch.h"
#include "gcn_proc.h"

/* Geometry of one set-associative cache (one instance). */
struct emu_cache_geom {
	uint32_t bytes;      /* capacity of one instance (0: the GPU has none) */
	uint16_t line;       /* line bytes (power of two) */
	uint16_t ways;
	uint16_t shared_by;  /* CUs per instance (per-CU caches: 1; L2/MALL: unused) */
};

/* The cycle model's inputs: rates, sizes and queue depths of the
 * mechanisms, from which the figures the suites measure come out, and the
 * latencies, its only calibration parameters. */
struct emu_model_params {
	/* ---- issue ---- */
	uint8_t issue[EMU_CLS_COUNT];        /* cycles an instruction of the class holds the wave */
	uint16_t mfma_flops[EMU_MFMA_TYPE_COUNT]; /* matrix FLOPs per SIMD per cycle (0: none) */
	uint8_t mfma_min_cycles;             /* shortest matrix-pipe occupancy */

	/* ---- LDS (its size: emu_profile.lds_bytes) ---- */
	uint8_t lds_banks;                   /* 4-byte banks */
	uint8_t lds_port_bytes;              /* bytes per cycle per SIMD pair */
	uint8_t lds_latency;                 /* cycles after the last bank/port cycle */
	uint8_t lds_queue;                   /* DS instructions a CU accepts before issue stalls */
	uint8_t lds_conflict_cycles;         /* a conflicted DS access returns no sooner than this
	                                        after reaching the banks (the rescheduling path) */

	/* ---- vector memory front end (TA) ---- */
	uint8_t ta_queue;                    /* VMEM instructions queued per CU before issue stalls */
	uint8_t ta_inst_cycles;              /* per instruction */
	uint8_t ta_line_qcycles;             /* per L1 line that goes on to the L2 (a miss, a store,
	                                        an atomic), in quarter cycles */
	uint8_t l1_hit_qcycles;              /* per L1 line served by a hit, in quarter cycles */

	/* ---- caches ---- */
	struct emu_cache_geom l1;            /* vector L1 (TCP), per CU */
	struct emu_cache_geom sqc;           /* scalar L1 data cache */
	struct emu_cache_geom icache;        /* L1 instruction cache */
	struct emu_cache_geom l2;            /* per XCD on gfx942, per GPU otherwise */
	uint16_t l2_channels;                /* independent channels of each L2 (0: unlimited) */
	uint16_t l2_channel_bytes;           /* bytes each channel moves per shader cycle */
	struct emu_cache_geom mall;          /* Infinity Cache; bytes 0: none */
	uint16_t tlb_entries;                /* UTCL1 per CU */
	uint8_t tlb_ways;
	uint8_t tlb_page_shift;              /* translation granule */
	uint8_t ifetch_ahead_lines;          /* icache lines the sequencer requests ahead of the
	                                        line a wave executes, on straight-line code */

	/* ---- latencies ---- */
	uint16_t l1_hit;                     /* TA departure to data, L1 hit */
	uint16_t l2_hit;                     /* added by an L1 miss that hits L2 */
	uint16_t tlb_miss;                   /* added by a UTCL1 miss */
	uint16_t sqc_hit;                    /* scalar load issue to data, scalar-cache hit */
	uint32_t mall_ns10;                  /* added by an L2 miss that hits the MALL */
	uint32_t mem_ns10;                   /* added by an L2 (and MALL) miss served by DRAM */

	/* ---- DRAM and Infinity Cache bandwidth ---- */
	uint32_t mem_bus_bits;               /* DRAM interface width (HSA_AMD_AGENT_INFO_MEMORY_WIDTH) */
	uint8_t mem_transfers;               /* transfers per bus bit per MCLK cycle */
	uint8_t mem_efficiency_pct;          /* sustainable fraction of the peak, reading */
	uint8_t mem_write_efficiency_pct;    /* the same, writing (0: as reading) */
	uint32_t mall_bytes_mclk;            /* Infinity Cache bytes per MCLK cycle */

	/* ---- packet processor ----
	 * Fixed times (ns, on no modelled clock: the CP firmware, the signal
	 * writes to system memory) the queue spends around each AQL packet, on
	 * top of the SCLK launch cycles of emu_dispatch.c. They make the gaps
	 * between back-to-back dispatches that a host-timed run sees and GPU
	 * dispatch timestamps do not. */
	uint32_t cp_dispatch_ns;             /* kernel packet: previous packet done -> its waves launch */
	uint32_t cp_end_ns;                  /* last wave done -> completion signal written */
	uint32_t cp_barrier_ns;              /* barrier-AND/OR packet (hipEventRecord's marker) processed */
	uint8_t rel_sys_l2_wb;               /* a system-scope release writes the dirty L2 lines back */
};

struct emu_profile {
	/* ---- identity ---- */
	enum emu_arch arch;
	const struct gcn_proc *tgt; /* its row: name, capabilities, occupancy facts */
	const char *proc;          /* "gfx942" */
	const char *isa_name;      /* "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-" */
	const char *marketing;     /* "AMD Instinct MI300X (emulated)" */
	unsigned mach;             /* EF_AMDGPU_MACH_AMDGCN_GFX942 */
	uint32_t chip_id;          /* PCI device id (HSA_AMD_AGENT_INFO_CHIP_ID) */
	int xnack;                 /* feature state of the agent: 0 off, 1 on, -1 unsupported */
	int sramecc;

	/* ---- compute ---- */
	uint32_t num_cu;
	uint32_t num_se;           /* shader engines (XCDs x SEs on gfx942) */
	uint32_t num_xcd;          /* 1 except gfx942 */
	uint32_t arrays_per_se;    /* HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE */
	uint32_t simd_per_cu;      /* 4 */
	uint32_t max_waves_per_simd;

	/* ---- registers and counters ---- */
	uint32_t max_vgpr;         /* architected VGPRs per wave (256); unified VGPR+AGPR file is 512 on gfx90a/gfx942 */
	uint32_t vmcnt_max;        /* 63 on gfx9 */
	uint32_t lgkmcnt_max;      /* 15 on gfx9 */
	uint32_t expcnt_max;       /* 7 */

	/* ---- clocks ---- */
	uint32_t sclk_mhz;         /* shader clock, default */
	uint32_t mclk_mhz;         /* memory clock, default */
	uint32_t realtime_mhz;     /* s_memrealtime / timestamp counter frequency */

	/* ---- memory ---- */
	uint32_t lds_bytes;        /* LDS per workgroup (and per CU); LDS addresses end here */
	uint64_t vram_bytes;       /* HBM of the agent (size of the coarse-grained pool) */
	/* Caches, their lines (rocminfo's "Cacheline Size" is model.l1.line)
	 * and the memory bus are in model. */

	/* ---- the cycle model's inputs ---- */
	struct emu_model_params model;
};

/* Profile by processor name ("gfx942"); NULL if unknown. */
const struct emu_profile *emu_profile_find(const char *proc);
const struct emu_profile *emu_profile_get(enum emu_arch arch);

#endif
