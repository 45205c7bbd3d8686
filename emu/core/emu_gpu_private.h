/*
 * emu_gpu_private — the emu_gpu object, shared by emu_gpu.c (lifetime,
 * kernel registry, clocks) and emu_dispatch.c (execution).
 */
#ifndef EMU_GPU_PRIVATE_H
#define EMU_GPU_PRIVATE_H

#include <pthread.h>

#include "core/emu_gpu.h"

struct emu_timing;
struct emu_pool;
struct emu_tl_gpu;

struct emu_gpu {
	const struct emu_profile *prof;
	struct emu_mem *mem;
	uint32_t sclk_mhz, mclk_mhz;
	uint64_t now_cycle;            /* shader cycles since the GPU was created */
	pthread_mutex_t lock;          /* kernel registry */
	struct emu_kernel_reg *kernels;
	size_t nkernels, cap;
	bool demand_code;              /* emu_gpu_set_demand_code */
	struct emu_program **demand;   /* programs decoded on demand (owned) */
	size_t ndemand, demand_cap;
	struct emu_timing *timing;     /* caches and icache persist across dispatches */
	uint64_t budget;               /* GCNLAB_EMU_BUDGET */
	bool strict;                   /* GCNLAB_EMU_STRICT */
	struct emu_suppress *suppress; /* GCNLAB_EMU_SUPPRESSIONS (emu_suppress.h) */
	uint32_t skew;                 /* GCNLAB_EMU_SKEW: cycles CU groups may run apart (emu_sched.h) */
	bool trace_on;
	int trace_wave;
	struct gcnlab_emu_trace_row *trace;
	size_t ntrace;
	struct emu_tl_gpu *tl;         /* the timeline (emu_timeline.h); NULL until asked for */
	/* Wave storage (struct emu_wave + its VGPRs + pending ring, ~230 KiB)
	 * kept between dispatches: allocating and freeing it per dispatch cost
	 * as much host time as the waves' instructions (mmap, page faults). */
	struct emu_wave **wave_pool;
	size_t npool;
	/* Kernel descriptors whose dispatch already printed emu_check warnings:
	 * later dispatches of them only count (a suite runs a kernel hundreds
	 * of times). */
	uint64_t *check_quiet;
	size_t ncheck_quiet, check_quiet_cap;
	/* Scratch backing (private segments), grown as dispatches need it and
	 * kept, as ROCr keeps a queue's scratch; registered as EMU_MEM_SCRATCH. */
	void *scratch;
	size_t scratch_len;
	/* Parallel simulation (emu_domain.h): GCNLAB_EMU_THREADS, and the
	 * worker threads, made on the first multi-domain dispatch. */
	uint32_t threads;
	struct emu_pool *pool;
	bool profile;                  /* GCNLAB_EMU_PROFILE: host time by part (emu_run_prof.h) */
};

/* Most wave storages the GPU keeps between dispatches: every wave slot of
 * the largest profile (gfx942: 304 CUs x 4 SIMDs x 8). With fewer, each
 * full-GPU dispatch freed the rest, glibc trimmed the queue thread's arena
 * (MADV_DONTNEED) and the next dispatch faulted and zeroed them again:
 * 2/3 of `gcnlab run icache`'s page faults. Only the rows waves wrote
 * are resident. */
#define EMU_WAVE_POOL_MAX 10240

/* Registered kernel whose descriptor is at kd_addr; false if none. */
bool emu_gpu_find_kernel(struct emu_gpu *g, uint64_t kd_addr, struct emu_kernel_reg *out);

#endif
