/*
 * emu_gpu — one emulated GPU agent as the packet processor sees it: a
 * profile, the memory map, the loaded programs, the model state that
 * persists between dispatches (clock, caches, icache), and the one entry
 * point that executes a kernel dispatch packet.
 */
#ifndef EMU_GPU_H
#define EMU_GPU_H

#include <stdbool.h>
#include <stdatomic.h>
#include <stdint.h>
#include <hsa/hsa.h>

#include "isa/emu_isa.h"
#include "core/emu_mem.h"
#include "arch/emu_profile.h"
#include "gcnlab_emu_ext.h"

struct emu_gpu;

struct emu_gpu *emu_gpu_create(const struct emu_profile *prof, struct emu_mem *mem);
void emu_gpu_destroy(struct emu_gpu *g);
const struct emu_profile *emu_gpu_profile(const struct emu_gpu *g);

/* Clocks (MHz); the defaults come from the profile, GCNLAB_EMU_SCLK_MHZ /
 * GCNLAB_EMU_MCLK_MHZ override them. */
void emu_gpu_clocks(const struct emu_gpu *g, uint32_t *sclk_mhz, uint32_t *mclk_mhz);

/* Current model time in nanoseconds (the HSA timestamp domain, 1 GHz). */
uint64_t emu_gpu_now_ns(const struct emu_gpu *g);
/* ns of model time in shader cycles, rounded up. */
uint64_t emu_gpu_ns_to_cycles(const struct emu_gpu *g, uint64_t ns);
/* A barrier packet was processed: model time advances by the packet
 * processor's cp_barrier_ns (emu_profile.h) and, for a system-scope
 * release, by its L2 write-back (emu_timing_release_system). Call with the
 * dispatch lock held, as dispatches are. */
void emu_gpu_barrier_packet(struct emu_gpu *g, bool system_release);

/* A loaded kernel: the executable registers every kernel descriptor it
 * loads, so that a packet's kernel_object can be checked ("is a loaded
 * kernel descriptor") and its code found. */
struct emu_kernel_reg {
	uint64_t kd_addr;                 /* GPU address of the 64-byte descriptor */
	const struct emu_program *prog;   /* decoded text containing the entry */
	char name[128];
};
bool emu_gpu_register_kernel(struct emu_gpu *g, const struct emu_kernel_reg *k);
void emu_gpu_unregister_program(struct emu_gpu *g, const struct emu_program *prog);

/* Code the GPU did not load (ROCr's loader and blit kernels behind the
 * emulated KFD): with demand on, a kernel_object that no loader registered
 * is read as a kernel descriptor in GPU memory, and the code from its entry
 * to the end of the allocation holding it (at most 1 MiB) is decoded then
 * and kept, until emu_gpu_drop_code removes what overlaps [base, base+len)
 * (memory freed, or a code-cache invalidation: len UINT64_MAX drops all).
 * Call drop with the dispatch lock held, as dispatches are. */
void emu_gpu_set_demand_code(struct emu_gpu *g, bool on);
/* The command processor's ACQUIRE_MEM (cp/emu_cp_pm4.c): the caches it
 * names are written back and emptied in the model (emu_timing_acquire_mem),
 * model time advancing by the write-back; an instruction-cache invalidation
 * also drops the code decoded on demand. Dispatch lock held. */
void emu_gpu_acquire_mem(struct emu_gpu *g, bool l2, bool icache, bool kcache);
void emu_gpu_drop_code(struct emu_gpu *g, uint64_t base, uint64_t len);
struct emu_mem *emu_gpu_mem(const struct emu_gpu *g);

/* One kernel dispatch. */
struct emu_dispatch_req {
	hsa_kernel_dispatch_packet_t pkt; /* copy of the packet */
	uint64_t packet_addr;             /* GPU address of the packet (dispatch ptr) */
	uint64_t queue_addr;              /* GPU address of the amd_queue_t (queue ptr) */
	uint64_t dispatch_id;
	/* Nonzero (read atomically) asks a running dispatch to stop: the queue
	 * was destroyed or made inactive. NULL: never. */
	const atomic_bool *cancel;
};

enum emu_dispatch_status {
	EMU_DISPATCH_OK = 0,
	EMU_DISPATCH_INVALID_PACKET,  /* hsa_status in result: what ROCr reports */
	EMU_DISPATCH_FAULT_MEMORY,    /* HSA_AMD_GPU_MEMORY_FAULT_EVENT + queue error */
	EMU_DISPATCH_FAULT_ILLEGAL,   /* illegal or unimplemented instruction */
	EMU_DISPATCH_HANG,            /* instruction budget exceeded */
	EMU_DISPATCH_CANCELLED,       /* req->cancel was raised (queue destroyed) */
};

struct emu_dispatch_result {
	enum emu_dispatch_status status;
	hsa_status_t hsa_status;      /* for the queue error callback */
	uint64_t fault_addr;
	char report[1024];            /* one precise paragraph: arch, kernel, offset, words, disasm */
	uint64_t start_ns, end_ns;    /* model time */
	uint64_t cycles;              /* shader cycles from first wave start to last wave end */
	uint64_t wave_insts;          /* wave-instructions executed */
	uint64_t hazards;             /* waitcnt and wait-state hazards (warnings unless strict) */
	struct gcnlab_emu_counters counters;
};

/* Execute the packet to completion (functional + cycle model). Thread: the
 * queue's packet processor. Never aborts the process. */
bool emu_gpu_dispatch(struct emu_gpu *g, const struct emu_dispatch_req *req,
                      struct emu_dispatch_result *res);

/* Trace control (gcnlab_emu_ext). */
void emu_gpu_set_trace(struct emu_gpu *g, bool enable, int wave);
const struct gcnlab_emu_trace_row *emu_gpu_trace(const struct emu_gpu *g, size_t *count);

#endif
