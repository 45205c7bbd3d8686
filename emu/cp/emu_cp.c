/*
 * emu_cp — one queue's packet loop (emu_cp.h).
 *
 * Statuses of a failed packet, as ROCr's AqlQueue reports the CP's queue
 * exception codes:
 *   invalid dispatch (dim, group size, code, registers, packet format):
 *       the status chosen by emu_gpu_dispatch (res.hsa_status), else
 *       HSA_STATUS_ERROR_INVALID_PACKET_FORMAT
 *   unsupported packet type / vendor packet, reserved fence scope:
 *       HSA_STATUS_ERROR_INVALID_PACKET_FORMAT (EC_QUEUE_PACKET_UNSUPPORTED,
 *       EC_QUEUE_PACKET_VENDOR_UNSUPPORTED)
 *   memory fault (EC_QUEUE_WAVE_MEMORY_VIOLATION): ops->fault, no error
 *   illegal instruction: HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION
 *   hang (instruction budget; on hardware the wave would be killed by the
 *       debugger/timeout as EC_QUEUE_WAVE_ABORT): HSA_STATUS_ERROR_EXCEPTION
 *   a signal handle in a packet that is not a signal: the CP's write to it
 *       faults, reported as a memory fault at the signal's value address.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <hsa/amd_hsa_signal.h>
#include <hsa/hsa_ext_amd.h>

#include "cp/emu_cp.h"
#include "cp/emu_cp_pm4.h"

#define EMU_CP_POLL_NS 20000        /* header poll period while the host fills a packet */
#define EMU_CP_SLICE_NS 10000000    /* barrier waits re-check the stop flag this often */

uint64_t emu_cp_wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void emu_cp_sleep_ns(long ns)
{
	struct timespec ts = { 0, ns };
	nanosleep(&ts, NULL);
}

static void emu_cp_error(struct emu_cp_queue *q, hsa_status_t st, const char *report)
{
	atomic_store(&q->stop, true);
	q->ops->error(q->fe, st, report);
}

static void emu_cp_fault(struct emu_cp_queue *q, uint64_t addr, const char *report)
{
	atomic_store(&q->stop, true);
	q->ops->fault(q->fe, addr, report);
}

/* A signal named by a packet; false (fault reported) if it is not one. */
static bool emu_cp_signal(struct emu_cp_queue *q, hsa_signal_t h, void **out)
{
	char report[160];

	*out = NULL;
	if (!h.handle)
		return true;
	*out = q->ops->sig_get(q->fe, h.handle);
	if (*out)
		return true;
	snprintf(report, sizeof(report), "packet at read index %llu names signal 0x%llx, which is "
	         "not a live signal", (unsigned long long)q->amd->read_dispatch_id,
	         (unsigned long long)h.handle);
	emu_cp_fault(q, h.handle + offsetof(amd_signal_t, value), report);
	return false;
}

static void emu_cp_put(struct emu_cp_queue *q, void *sig)
{
	if (sig)
		q->ops->sig_put(q->fe, sig);
}

/* Packet done: header back to INVALID, read index on, then the signal. */
static void emu_cp_retire(struct emu_cp_queue *q, void *slot, void *done, const uint64_t *times)
{
	__atomic_store_n((uint16_t *)slot, (uint16_t)(HSA_PACKET_TYPE_INVALID << HSA_PACKET_HEADER_TYPE),
	                 __ATOMIC_RELEASE);
	__atomic_fetch_add(&q->amd->read_dispatch_id, 1, __ATOMIC_RELEASE);
	if (done) {
		q->ops->sig_complete(q->fe, done, times);
		q->ops->sig_put(q->fe, done);
	}
}

static bool emu_cp_profiling(const struct emu_cp_queue *q)
{
	return __atomic_load_n(&q->amd->queue_properties, __ATOMIC_RELAXED) &
	       AMD_QUEUE_PROPERTIES_ENABLE_PROFILING;
}

static hsa_status_t emu_cp_default_status(enum emu_dispatch_status s)
{
	switch (s) {
	case EMU_DISPATCH_FAULT_MEMORY: return (hsa_status_t)HSA_STATUS_ERROR_MEMORY_FAULT;
	case EMU_DISPATCH_FAULT_ILLEGAL: return (hsa_status_t)HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION;
	case EMU_DISPATCH_HANG: return HSA_STATUS_ERROR_EXCEPTION;
	default: return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
	}
}

static bool emu_cp_dispatch(struct emu_cp_queue *q, void *slot, uint64_t index)
{
	struct emu_dispatch_req req;
	struct emu_dispatch_result *res = &q->res;
	void *done;
	bool ok;

	memset(&req, 0, sizeof(req));
	memcpy(&req.pkt, slot, sizeof(req.pkt));
	if (!emu_cp_signal(q, req.pkt.completion_signal, &done))
		return false;
	req.packet_addr = (uint64_t)(uintptr_t)slot;
	req.queue_addr = (uint64_t)(uintptr_t)q->amd;
	req.dispatch_id = index;
	req.cancel = &q->stop;
	memset(res, 0, sizeof(*res));
	pthread_mutex_lock(q->dispatch_lock);
	ok = emu_gpu_dispatch(q->gpu, &req, res);
	if (q->ops->result)
		q->ops->result(q->fe, req.pkt.completion_signal.handle, res);
	pthread_mutex_unlock(q->dispatch_lock);
	if (res->status == EMU_DISPATCH_CANCELLED) {
		emu_cp_put(q, done);
		return false;  /* the queue is going away: no error */
	}
	if (!ok || res->status != EMU_DISPATCH_OK) {
		hsa_status_t st = res->hsa_status != HSA_STATUS_SUCCESS
		                  ? res->hsa_status : emu_cp_default_status(res->status);
		if (res->status == EMU_DISPATCH_FAULT_MEMORY)
			emu_cp_fault(q, res->fault_addr, res->report);
		else
			emu_cp_error(q, st, res->report);
		emu_cp_put(q, done);
		return false;
	}
	uint64_t times[2] = { res->start_ns, res->end_ns };
	emu_cp_retire(q, slot, done, emu_cp_profiling(q) ? times : NULL);
	return true;
}

/* BARRIER_AND (all dependencies at 0) and BARRIER_OR (any at 0; none
 * given completes at once). */
static bool emu_cp_barrier(struct emu_cp_queue *q, void *slot, bool is_or)
{
	hsa_barrier_and_packet_t pkt;
	void *dep[5] = { 0 }, *done = NULL;
	unsigned n = 0, i;
	bool ok = false;

	memcpy(&pkt, slot, sizeof(pkt));
	for (i = 0; i < 5; i++) {
		void *s;
		if (!emu_cp_signal(q, pkt.dep_signal[i], &s))
			goto out;
		if (s)
			dep[n++] = s;
	}
	if (!emu_cp_signal(q, pkt.completion_signal, &done))
		goto out;
	for (;;) {
		bool all = true, any = n == 0;
		for (i = 0; i < n; i++) {
			bool zero = q->ops->sig_load(q->fe, dep[i]) == 0;
			all &= zero;
			any |= zero;
		}
		if (is_or ? any : all)
			break;
		if (atomic_load(&q->stop))
			goto out;
		/* Sleep on the first unsatisfied dependency, a slice at a time. */
		for (i = 0; i < n && q->ops->sig_load(q->fe, dep[i]) == 0; i++)
			;
		q->ops->sig_wait_zero(q->fe, dep[i < n ? i : 0], &q->stop,
		                      emu_cp_wall_ns() + (is_or ? EMU_CP_SLICE_NS / 10 : EMU_CP_SLICE_NS));
	}
	/* The CP's time for the packet (emu_profile.h cp_barrier_ns). With
	 * profiling on, the CP stamps a barrier's completion signal as it does
	 * a dispatch's (its start and end on the GPU's clock): HIP's events are
	 * barrier packets, and hipEventElapsedTime reads these. */
	uint64_t times[2];
	pthread_mutex_lock(q->dispatch_lock);
	times[0] = emu_gpu_now_ns(q->gpu);
	emu_gpu_barrier_packet(q->gpu, ((pkt.header >> HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE) & 3u) ==
	                               HSA_FENCE_SCOPE_SYSTEM);
	times[1] = emu_gpu_now_ns(q->gpu);
	pthread_mutex_unlock(q->dispatch_lock);
	emu_cp_retire(q, slot, done, emu_cp_profiling(q) ? times : NULL);
	done = NULL;
	ok = true;
out:
	for (i = 0; i < n; i++)
		emu_cp_put(q, dep[i]);
	emu_cp_put(q, done);
	return ok;
}

/* AMD vendor packet: a PM4 indirect buffer (ROCr's AqlQueue::ExecutePM4). */
static bool emu_cp_vendor(struct emu_cp_queue *q, void *slot, uint64_t index)
{
	struct emu_cp_pm4_result r;
	void *done = NULL;
	uint64_t completion;

	memcpy(&completion, (uint8_t *)slot + 56, sizeof(completion));
	if (!emu_cp_signal(q, (hsa_signal_t){ completion }, &done))
		return false;
	pthread_mutex_lock(q->dispatch_lock);
	emu_cp_pm4_vendor_packet(q->gpu, slot, index, &r);
	pthread_mutex_unlock(q->dispatch_lock);
	if (r.fault) {
		emu_cp_fault(q, r.fault_addr, r.report);
		emu_cp_put(q, done);
		return false;
	}
	if (!r.ok) {
		emu_cp_error(q, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, r.report);
		emu_cp_put(q, done);
		return false;
	}
	emu_cp_retire(q, slot, done, NULL);
	return true;
}

static bool emu_cp_packet(struct emu_cp_queue *q, void *slot, uint16_t header, uint64_t index)
{
	unsigned type = (header >> HSA_PACKET_HEADER_TYPE) & ((1u << HSA_PACKET_HEADER_WIDTH_TYPE) - 1);
	unsigned acq = (header >> HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) & 3;
	unsigned rel = (header >> HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE) & 3;
	char report[160];

	/* Barrier bit (bit 8): earlier packets are complete by construction. */
	if (acq > HSA_FENCE_SCOPE_SYSTEM || rel > HSA_FENCE_SCOPE_SYSTEM) {
		snprintf(report, sizeof(report), "packet %llu: reserved fence scope (acquire %u, "
		         "release %u) in header 0x%04x", (unsigned long long)index, acq, rel, header);
		emu_cp_error(q, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, report);
		return false;
	}
	switch (type) {
	case HSA_PACKET_TYPE_KERNEL_DISPATCH:
		return emu_cp_dispatch(q, slot, index);
	case HSA_PACKET_TYPE_BARRIER_AND:
		return emu_cp_barrier(q, slot, false);
	case HSA_PACKET_TYPE_BARRIER_OR:
		return emu_cp_barrier(q, slot, true);
	case HSA_PACKET_TYPE_VENDOR_SPECIFIC:
		if (q->vendor_pm4)
			return emu_cp_vendor(q, slot, index);
		/* fall through */
	default:
		snprintf(report, sizeof(report), "packet %llu: type %u is not supported by a GPU "
		         "kernel-dispatch queue (header 0x%04x)", (unsigned long long)index, type, header);
		emu_cp_error(q, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, report);
		return false;
	}
}

void emu_cp_run(struct emu_cp_queue *q)
{
	amd_queue_t *aq = q->amd;

	while (!atomic_load(&q->stop)) {
		uint64_t rd = __atomic_load_n(&aq->read_dispatch_id, __ATOMIC_ACQUIRE);
		uint8_t *slot = q->ring + (rd & (q->size - 1)) * 64;
		uint16_t header;

		/* The doorbell carries the index of the last packet made ready. */
		q->ops->doorbell_wait(q->fe, rd, &q->stop);
		if (atomic_load(&q->stop))
			break;
		while (((header = __atomic_load_n((uint16_t *)slot, __ATOMIC_ACQUIRE)) &
		        0xff) == HSA_PACKET_TYPE_INVALID) {
			if (atomic_load(&q->stop))
				return;
			emu_cp_sleep_ns(EMU_CP_POLL_NS);
		}
		/* Evicted after a memory fault: packets stay in the ring. */
		if (q->ops->evicted(q->fe)) {
			while (!atomic_load(&q->stop))
				emu_cp_sleep_ns(EMU_CP_SLICE_NS);
			break;
		}
		if (!emu_cp_packet(q, slot, header, rd))
			break;
	}
}
