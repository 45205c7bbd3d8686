/*
 * gcnlab_emu_ext.h — the vendor extension the emulated GPU (libhsa-emu.so)
 * advertises through hsa_system_extension_supported /
 * hsa_system_get_major_extension_table. ROCr does not know the extension id,
 * so on real hardware the host simply finds "no counters, no trace" and the
 * same host code runs on both.
 *
 * Profile selection happens before hsa_init, through the environment:
 *   GCNLAB_EMU_ARCH      gfx900 | gfx90a | gfx942   (default gfx942)
 *   GCNLAB_EMU_SCLK_MHZ  shader clock override, MHz (default: the profile's)
 *   GCNLAB_EMU_MCLK_MHZ  memory clock override, MHz (default: the profile's)
 *   GCNLAB_EMU_BUDGET    instruction budget per dispatch (wave-instructions)
 *                        after which the dispatch is reported as a hang
 *   GCNLAB_EMU_STRICT    1: a waitcnt hazard is an error, not a warning
 *   GCNLAB_EMU_SKEW      shader cycles two CU groups may run apart (default
 *                        500; 0: all waves in strict time order)
 */
#ifndef GCNLAB_EMU_EXT_H
#define GCNLAB_EMU_EXT_H

#include <stdint.h>
#include <stddef.h>
#include <hsa/hsa.h>

/* Vendor extension id, above ROCr's HSA_EXTENSION_AMD_LAST (0x202). */
#define GCNLAB_EXTENSION_EMU 0x2c0
#define GCNLAB_EMU_EXT_MAJOR 1

#define GCNLAB_COUNTER_NAME_MAX 40
#define GCNLAB_MAX_COUNTERS 64

/* Counters of one dispatch, named as the hardware's performance counters. */
struct gcnlab_emu_counters {
	uint32_t count;
	char name[GCNLAB_MAX_COUNTERS][GCNLAB_COUNTER_NAME_MAX];
	uint64_t value[GCNLAB_MAX_COUNTERS];
};

/* Stall causes charged by the cycle model in the per-instruction trace. */
enum gcnlab_stall {
	GCNLAB_STALL_VMCNT = 0,
	GCNLAB_STALL_LGKMCNT,
	GCNLAB_STALL_EXPCNT,
	GCNLAB_STALL_LDS_BANK,
	GCNLAB_STALL_VMEM_QUEUE,
	GCNLAB_STALL_BARRIER,
	GCNLAB_STALL_ICACHE,
	GCNLAB_STALL_COUNT
};

/* One row of the per-instruction trace: totals over the traced waves. */
struct gcnlab_emu_trace_row {
	uint32_t offset;          /* byte offset of the instruction from the kernel entry */
	uint32_t size;            /* bytes */
	char text[96];            /* disassembly */
	uint64_t issues;          /* times issued */
	uint64_t cycles;          /* cycles charged (issue to next issue of the wave) */
	uint64_t stall[GCNLAB_STALL_COUNT];
	uint64_t hazards;         /* waitcnt and wait-state (s_nop) hazards reported at it */
};

/* One finding of the static check (`gcnlab check`): an instruction that
 * some path reaches while a result it reads or overwrites is not yet
 * guaranteed by the counters, or too few wait states after a producer. */
struct gcnlab_emu_finding {
	char kernel[128];
	uint32_t offset;          /* the instruction, bytes from the kernel entry */
	uint32_t producer_offset; /* the instruction it depends on, likewise */
	char inst[96];            /* disassemblies */
	char producer[96];
	char rule[128];           /* "waitcnt", or the wait-state rule's name */
	char detail[320];         /* the wait that was needed, the path */
};

/* The timeline (gcnlab exec/trace --timeline): what the emulator records of
 * one dispatch, event by event, for the waves and the cycle window asked
 * for. Cycles are shader-clock cycles from the dispatch's start. */
enum gcnlab_tl_kind {
	GCNLAB_TL_INST = 0,       /* one issued instruction: [begin, end) the wave spent on it */
	GCNLAB_TL_BARRIER,        /* a wave waiting at s_barrier for the rest of its workgroup */
	GCNLAB_TL_MEM,            /* a memory instruction from issue to completion (counter: cause) */
};

/* The pipe an instruction uses (its emu_class folded). */
enum gcnlab_tl_pipe {
	GCNLAB_TL_PIPE_SCALAR = 0, /* SALU, branch, s_waitcnt, s_nop, messages */
	GCNLAB_TL_PIPE_SMEM,       /* scalar memory (scalar cache) */
	GCNLAB_TL_PIPE_VALU,
	GCNLAB_TL_PIPE_MFMA,
	GCNLAB_TL_PIPE_VMEM,       /* buffer/global/flat: the TA and vector memory path */
	GCNLAB_TL_PIPE_LDS,        /* DS */
	GCNLAB_TL_PIPE_COUNT
};

struct gcnlab_emu_tl_event {
	uint64_t begin, end;      /* cycles from the dispatch's start */
	uint64_t pipe_begin;      /* INST on VALU/MFMA: when the SIMD's pipe took it */
	uint32_t pipe_cycles;     /* and for how long (0: no pipe slice) */
	uint32_t stall;           /* INST: stall cycles charged inside [begin, end) */
	uint32_t wave;            /* flat wave id in dispatch order */
	uint32_t wg;              /* flat workgroup id */
	uint32_t offset;          /* the instruction, bytes from the kernel entry */
	uint16_t cu;              /* CU within its XCD */
	uint8_t xcd, simd;
	uint8_t kind;             /* enum gcnlab_tl_kind */
	uint8_t cause;            /* INST: the largest stall's enum gcnlab_stall; MEM: 0 vmcnt, 1 lgkmcnt */
	uint8_t pipe;             /* enum gcnlab_tl_pipe */
	uint8_t pad;
};

/* What to record (set_timeline): waves whose flat workgroup id is in
 * [wg_lo, wg_hi] and flat wave id in [wave_lo, wave_hi], events that begin
 * in [cycle_lo, cycle_hi), at most max_events of them. */
struct gcnlab_emu_tl_cfg {
	int enable;
	uint32_t wg_lo, wg_hi, wave_lo, wave_hi;
	uint64_t cycle_lo, cycle_hi;
	uint64_t max_events;
};

/* What get_timeline gives beside the events. */
struct gcnlab_emu_tl_info {
	uint64_t cycles;          /* the dispatch's length */
	uint64_t dropped;         /* events beyond max_events, not recorded */
	uint32_t waves, workgroups;   /* of the whole dispatch */
	uint32_t waves_recorded;
	uint32_t num_cu, num_xcd, simds;
	uint32_t sclk_mhz;
};

/* Function table returned by hsa_system_get_major_extension_table(
 * GCNLAB_EXTENSION_EMU, 1, sizeof(struct gcnlab_emu_ext_1), &table). */
struct gcnlab_emu_ext_1 {
	/* Counters of the dispatch whose completion signal was `signal`
	 * (like hsa_amd_profiling_get_dispatch_time). */
	hsa_status_t (*get_counters)(hsa_agent_t agent, hsa_signal_t signal,
	                             struct gcnlab_emu_counters *out);
	/* Enable the per-instruction trace for later dispatches: wave = -1 sums
	 * over all waves, otherwise only that wave (flat id in dispatch order). */
	hsa_status_t (*set_trace)(hsa_agent_t agent, int enable, int wave);
	/* Trace rows of the dispatch whose completion signal was `signal`.
	 * *rows is valid until the next dispatch on the agent. */
	hsa_status_t (*get_trace)(hsa_agent_t agent, hsa_signal_t signal,
	                          const struct gcnlab_emu_trace_row **rows, size_t *count);
	/* Model clocks in MHz (shader, memory). */
	hsa_status_t (*get_clocks)(hsa_agent_t agent, uint32_t *sclk_mhz, uint32_t *mclk_mhz);
	/* Text of the last fault/hang/hazard report on the agent ("" if none). */
	hsa_status_t (*get_last_report)(hsa_agent_t agent, char *buf, size_t len);
	/* The waitcnt and wait-state rules applied to every path of the
	 * kernels of the code object data[0..size) (all, or the one named
	 * `kernel`), without running them. *out (release with free_findings)
	 * and *count: the findings, by kernel and offset. note: what the
	 * check could not follow, or for HSA_STATUS_ERROR_INVALID_CODE_OBJECT
	 * and HSA_STATUS_ERROR_INVALID_ARGUMENT why the input is bad. */
	hsa_status_t (*check_code_object)(const void *data, size_t size, const char *kernel,
	                                  struct gcnlab_emu_finding **out, size_t *count, char *note,
	                                  size_t note_len);
	void (*free_findings)(struct gcnlab_emu_finding *f);
	/* Appended for the timeline (issue 33), so older tables stay a prefix
	 * of this one: a host finds NULL here in an emulator without it.
	 * Record the timeline of later dispatches as cfg says (enable 0: off). */
	hsa_status_t (*set_timeline)(hsa_agent_t agent, const struct gcnlab_emu_tl_cfg *cfg);
	/* The timeline of the dispatch whose completion signal was `signal`
	 * (the agent's last): events in recording order, and the rows (offset,
	 * size, text; issues counted over the recorded waves) of every
	 * instruction they name. Valid until the next dispatch on the agent. */
	hsa_status_t (*get_timeline)(hsa_agent_t agent, hsa_signal_t signal,
	                             const struct gcnlab_emu_tl_event **events, size_t *count,
	                             const struct gcnlab_emu_trace_row **insts, size_t *ninsts,
	                             struct gcnlab_emu_tl_info *info);
};

#endif
