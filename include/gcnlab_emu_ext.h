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
};

#endif
