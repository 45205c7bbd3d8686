/*
 * emu_results — the answers of the emulator's vendor extension
 * (include/gcnlab_emu_ext.h) for one emulated GPU, shared by both front
 * ends: emu/hsa (the emulator's runtime) and emu/kfd (the thunk under ROCr).
 *
 * A front end records every finished dispatch by its completion signal and
 * the last fault/hang/hazard report; the extension's calls read them back.
 * The front end checks first what is its own (the runtime is open, the
 * agent), then calls these, which check their arguments: ROCr's order.
 */
#ifndef EMU_RESULTS_H
#define EMU_RESULTS_H

#include <pthread.h>
#include <stdint.h>

#include "core/emu_gpu.h"

/* The most recent dispatches, keyed by completion signal: counters are
 * asked for after the signal fired, maybe after later dispatches. */
#define EMU_RESULTS_RING 16

struct emu_results {
	pthread_mutex_t lock;          /* ring, seq, report */
	struct {
		uint64_t signal;       /* completion signal handle (0: none) */
		uint64_t seq;          /* dispatch sequence number, 0 = empty slot */
		struct gcnlab_emu_counters counters;
	} ring[EMU_RESULTS_RING];
	uint64_t seq;
	char report[1024];
	struct emu_gpu *gpu;
	pthread_mutex_t *dispatch_lock; /* the front end's: the GPU's trace moves under it */
};

/* Empty, for a GPU that has just been created (lock initialised already). */
void emu_results_reset(struct emu_results *r, struct emu_gpu *gpu, pthread_mutex_t *dispatch_lock);
void emu_results_record(struct emu_results *r, uint64_t completion, const struct emu_dispatch_result *res);
void emu_results_set_report(struct emu_results *r, const char *report);

/* The gcnlab_emu_ext_1 calls, less the front end's checks. */
hsa_status_t emu_results_counters(struct emu_results *r, hsa_signal_t signal, struct gcnlab_emu_counters *out);
hsa_status_t emu_results_set_trace(struct emu_results *r, int enable, int wave);
hsa_status_t emu_results_trace(struct emu_results *r, hsa_signal_t signal,
                               const struct gcnlab_emu_trace_row **rows, size_t *count);
hsa_status_t emu_results_clocks(struct emu_results *r, uint32_t *sclk, uint32_t *mclk);
hsa_status_t emu_results_last_report(struct emu_results *r, char *buf, size_t len);

#endif
