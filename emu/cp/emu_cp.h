/*
 * emu_cp — the command processor of one AQL queue, shared by the two front
 * ends of the emulated GPU: the emulator's own HSA runtime (emu/hsa) and the
 * emulated KFD thunk under ROCr (emu/kfd).
 *
 * It reads 64-byte AQL packets from a ring in memory, in order, once the
 * doorbell says they are there, runs each to completion on the GPU
 * (emu_gpu_dispatch, emu_gpu_barrier_packet) and retires it: header back to
 * INVALID, read index on, completion signal decremented. What a signal is,
 * how a doorbell is waited on and where errors go is the front end's, through
 * struct emu_cp_ops: the emulator's own struct emu_signal for emu/hsa, ROCr's
 * amd_signal_t (value, timestamps, event mailbox) and queue_inactive_signal
 * for emu/kfd.
 *
 * Processing is in order and synchronous, so a packet's barrier bit always
 * holds; fence scopes have no functional effect on a coherent emulator but
 * are checked for reserved values. A failed packet stops the queue: its
 * completion signal is not decremented, its read index not advanced.
 */
#ifndef EMU_CP_H
#define EMU_CP_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <hsa/hsa.h>
#include <hsa/amd_hsa_queue.h>

#include "core/emu_gpu.h"

/* What the front end provides. fe is emu_cp_queue.fe. Signals are opaque:
 * sig_get turns a packet's handle into one (holding whatever reference the
 * front end needs until sig_put). */
struct emu_cp_ops {
	/* The signal behind a packet's handle (not 0), or NULL if the handle
	 * names no signal (the CP reports a memory fault at its value). */
	void *(*sig_get)(void *fe, uint64_t handle);
	void (*sig_put)(void *fe, void *sig);
	int64_t (*sig_load)(void *fe, void *sig);
	/* The packet that names sig as completion signal is done: value - 1
	 * and whatever wakes the waiters; start/end (the GPU's timestamps) are
	 * written first when times is set (profiling on the queue). */
	void (*sig_complete)(void *fe, void *sig, const uint64_t times[2]);
	/* Sleep until sig's value is 0, *stop is set or the monotonic deadline
	 * (ns) passes; spurious returns are allowed. */
	void (*sig_wait_zero)(void *fe, void *sig, const atomic_bool *stop, uint64_t deadline_ns);
	/* Sleep until the doorbell carries index or more, or *stop is set. */
	void (*doorbell_wait)(void *fe, uint64_t index, const atomic_bool *stop);
	/* The queue stopped with st (report: one paragraph, maybe empty). */
	void (*error)(void *fe, hsa_status_t st, const char *report);
	/* A wave or the CP itself faulted at addr: the VM-fault path. */
	void (*fault)(void *fe, uint64_t addr, const char *report);
	/* A dispatch finished (any status), with the dispatch lock held. */
	void (*result)(void *fe, uint64_t completion, const struct emu_dispatch_result *res);
	/* After a VM fault every queue of the process is evicted. */
	bool (*evicted)(void *fe);
};

struct emu_cp_queue {
	const struct emu_cp_ops *ops;
	void *fe;
	struct emu_gpu *gpu;
	pthread_mutex_t *dispatch_lock;  /* one dispatch at a time per GPU */
	amd_queue_t *amd;                /* read index, profiling bit, queue_ptr */
	uint8_t *ring;                   /* packets */
	uint32_t size;                   /* packets, a power of two */
	/* Accept AMD vendor packets (PM4 indirect buffers, as ROCr submits
	 * after a code-object load) instead of refusing them. */
	bool vendor_pm4;
	atomic_bool stop;                /* destroy / inactivate / error */
	struct emu_dispatch_result res;
};

/* The queue's thread: packets until stop or an error. */
void emu_cp_run(struct emu_cp_queue *q);

/* Monotonic wall clock, ns. */
uint64_t emu_cp_wall_ns(void);

#endif
