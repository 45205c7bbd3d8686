/*
 * emu_dispatch_ctx — private state of one kernel dispatch while it executes:
 * the decoded kernel descriptor, workgroups resident on CUs, the wave
 * scheduler, the instruction budget, and the fault report. Every file of
 * core/ that takes part in a dispatch reads it; it calls none of them.
 */
#ifndef EMU_DISPATCH_CTX_H
#define EMU_DISPATCH_CTX_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/emu_gpu.h"
#include "wave/emu_wave.h"

struct emu_timing;
struct emu_run;                  /* scheduler state, emu_dispatch_run.h */
struct emu_dmem;

/* The 64-byte kernel descriptor (AMDGPUUsage "Kernel Descriptor"), decoded. */
/* struct gcn_kd: the kernel descriptor, decoded once (common/gcn_proc.h). */

/* struct emu_workgroup: wave/emu_wave.h (its LDS and barrier are what a wave sees). */

struct emu_cu {
	bool used;                   /* ran at least one workgroup in this dispatch */
	uint32_t waves_resident;
	uint32_t lds_used;
	uint32_t wg_resident;
};

struct emu_dispatch_ctx {
	struct emu_gpu *gpu;
	const struct emu_profile *prof;
	struct emu_mem *mem;
	const struct emu_program *prog;
	const struct emu_dispatch_req *req;
	struct emu_dispatch_result *res;
	struct emu_timing *timing;
	struct emu_run *run;
	char kernel_name[128];
	struct gcn_kd kd;
	uint64_t kd_addr;
	uint64_t entry;              /* GPU address of the first instruction */
	uint32_t grid[3], wgsize[3], nwg[3];
	uint32_t waves_per_wg;
	uint32_t lds_bytes;          /* per workgroup */
	uint32_t max_wg_per_cu;
	uint64_t budget;             /* wave-instructions before a hang is reported */
	uint64_t insts;
	uint64_t hazards;            /* waitcnt hazards seen (emu_hazard.c) */
	uint64_t hazards_ws;         /* wait-state hazards seen (emu_hazard_nops.c) */
	uint32_t hazards_ws_warned;  /* its rules already warned about (one warning per rule) */
	uint64_t check_regs[12];     /* operand codes the program names (emu_check.c) */
	uint64_t uninit;             /* uninitialised reads seen (emu_check.c) */
	uint64_t lds_oob;            /* out-of-range LDS accesses seen (emu_check.c) */
	uint64_t descriptor;         /* inconsistent-descriptor reports (emu_check.c) */
	bool check_quiet;            /* an earlier dispatch of the kernel printed them: count only */
	struct { uint64_t lo, hi; } code[8]; /* text of the loaded programs (GPU VAs) */
	unsigned ncode;
	bool strict;
	uint32_t suppressed;         /* rules suppressed for this kernel (emu_suppress.h) */
	bool failed;
	uint64_t start_cycle;
	uint64_t end_cycle;
	uint64_t scratch_base;       /* private segment backing (GPU VA), 0 if none */
	uint64_t scratch_len;        /* its bytes */
	uint32_t scratch_per_wave;   /* bytes per wave slot (emu_wave.scratch_slot) */
	struct emu_cu *cus;
	uint64_t counters[64];       /* indexed by enum emu_counter (emu_timing.h) */
	/* A domain of a multi-domain dispatch (emu_domain.h): each has its own
	 * copy of this context; NULL/stderr/0 otherwise. */
	struct emu_dmem *dmem;       /* its view of global memory in a window */
	FILE *warn;                  /* where warnings go: stderr, or the domain's buffer */
	uint64_t fault_cycle;        /* the faulting wave's cycle (the merge's order) */
	uint64_t budget_hold;        /* budget while budget_held: lowered to stop a wave */
	bool budget_held;
	struct emu_wave_ops ops;     /* a domain's wave ops (emu_wave_env_domain) */
};

/* Whether [lo, hi) meets the code of a loaded program: stores there are
 * faults (emu_gva); the VMEM fast paths test it to leave such accesses to
 * the checked path. */
static inline bool emu_code_hit(const struct emu_dispatch_ctx *ctx, uint64_t lo, uint64_t hi)
{
	for (unsigned i = 0; i < ctx->ncode; i++)
		if (lo < ctx->code[i].hi && ctx->code[i].lo < hi)
			return true;
	return false;
}

#endif
