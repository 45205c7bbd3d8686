/*
 * kfd_queue — hardware queues: AQL compute queues whose doorbells feed the
 * command processor (cp/emu_cp.h), with ROCr's amd_signal_t as signals.
 *
 * ROCr hands over the ring and the addresses of amd_queue_t's read and
 * write dispatch ids; the thunk returns a doorbell, one 64-bit slot of a
 * page it owns, to which ROCr stores the index of the last packet made
 * ready. One thread per queue polls it (backing off to KFD_POLL_MAX_NS when
 * idle) and runs the packets.
 *
 * Completion: value - 1; when the signal has an event mailbox, the event id
 * is written there and the event fired (what ROCr's interrupt signals sleep
 * on in hsaKmtWaitOnEvent). Timestamps are in kfd_clock_ns's domain.
 *
 * Errors go where ROCr's pre-debugger path reads them: a code stored into
 * amd_queue_t.queue_inactive_signal (ROCr's AqlQueue::DynamicScratchHandler
 * decodes it into the status of the queue's error callback), and VM faults
 * to the memory event with HsaMemoryAccessFault data, after which no queue
 * runs packets (the KFD evicts the process's queues).
 *
 * No SDMA engine: SDMA queue types are refused (ROCr then copies with blit
 * kernels); PM4 compute queues (gfx7/8) likewise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <hsa/amd_hsa_signal.h>
#include <hsa/hsa_ext_amd.h>

#include "cp/emu_cp.h"
#include "kfd/kfd_priv.h"

#define KFD_POLL_MIN_NS 1000
#define KFD_POLL_MAX_NS 200000

/* ROCr's queue error codes (AqlQueue::DynamicScratchHandler, 5.2.3). */
#define KFD_QERR_DIM 2u
#define KFD_QERR_GROUP 4u
#define KFD_QERR_CODE 8u
#define KFD_QERR_FORMAT 32u
#define KFD_QERR_GROUP_SIZE 64u
#define KFD_QERR_VGPR 128u
#define KFD_QERR_ILLEGAL 0x40000000u
#define KFD_QERR_TRAP 0x80000000u

struct kfd_queue {
	struct emu_cp_queue cp;
	uint32_t slot;
	uint64_t *doorbell;
	atomic_bool suspended;     /* hsaKmtUpdateQueue with 0 % */
	pthread_t thread;
};

static void kfd_sleep(long ns)
{
	struct timespec ts = { 0, ns };
	nanosleep(&ts, NULL);
}

/* ---- signals: ROCr's amd_signal_t, the handle is its address ---- */

static void *kfd_sig_get(void *fe, uint64_t handle)
{
	amd_signal_t *s;

	(void)fe;
	emu_mem_lock(kfd.mem);
	s = emu_mem_translate(kfd.mem, handle, sizeof(amd_signal_t));
	emu_mem_unlock(kfd.mem);
	return s && s->kind == AMD_SIGNAL_KIND_USER ? s : NULL;
}

static void kfd_sig_put(void *fe, void *sig)
{
	(void)fe;
	(void)sig;
}

static int64_t kfd_sig_load(void *fe, void *sig)
{
	(void)fe;
	return __atomic_load_n(&((amd_signal_t *)sig)->value, __ATOMIC_ACQUIRE);
}

/* Wake whoever sleeps on the signal's event. */
static void kfd_sig_notify(amd_signal_t *s)
{
	uint64_t *mb = (uint64_t *)(uintptr_t)s->event_mailbox_ptr;

	if (!mb)
		return;
	__atomic_store_n(mb, (uint64_t)s->event_id, __ATOMIC_RELEASE);
	kfd_event_fire(s->event_id);
}

static void kfd_sig_complete(void *fe, void *sig, const uint64_t times[2])
{
	amd_signal_t *s = sig;

	(void)fe;
	if (times) {
		s->start_ts = kfd_clock_of_model(times[0]);
		s->end_ts = kfd_clock_of_model(times[1]);
	}
	__atomic_fetch_sub(&s->value, 1, __ATOMIC_RELEASE);
	kfd_sig_notify(s);
}

static void kfd_sig_wait_zero(void *fe, void *sig, const atomic_bool *stop, uint64_t deadline)
{
	long ns = KFD_POLL_MIN_NS;

	while (kfd_sig_load(fe, sig) != 0 && !atomic_load(stop) && emu_cp_wall_ns() < deadline) {
		kfd_sleep(ns);
		ns = ns * 2 > KFD_POLL_MAX_NS ? KFD_POLL_MAX_NS : ns * 2;
	}
}

static void kfd_doorbell_wait(void *fe, uint64_t index, const atomic_bool *stop)
{
	struct kfd_queue *q = fe;
	long ns = KFD_POLL_MIN_NS;

	while (!atomic_load(stop)) {
		int64_t db = (int64_t)__atomic_load_n(q->doorbell, __ATOMIC_ACQUIRE);
		if (db >= (int64_t)index && !atomic_load(&q->suspended))
			return;
		kfd_sleep(ns);
		ns = ns * 2 > KFD_POLL_MAX_NS ? KFD_POLL_MAX_NS : ns * 2;
	}
}

/* ---- errors ---- */

static uint32_t kfd_qerr_code(hsa_status_t st)
{
	switch ((int)st) {
	case HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS: return KFD_QERR_DIM;
	case HSA_STATUS_ERROR_INVALID_ALLOCATION: return KFD_QERR_GROUP;
	case HSA_STATUS_ERROR_INVALID_CODE_OBJECT: return KFD_QERR_CODE;
	case HSA_STATUS_ERROR_INVALID_PACKET_FORMAT: return KFD_QERR_FORMAT;
	case HSA_STATUS_ERROR_INVALID_ARGUMENT: return KFD_QERR_GROUP_SIZE;
	case HSA_STATUS_ERROR_INVALID_ISA: return KFD_QERR_VGPR;
	case HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION: return KFD_QERR_ILLEGAL;
	default: return KFD_QERR_TRAP;  /* a hang: the wave is killed (ERROR_EXCEPTION) */
	}
}

static void kfd_cp_error(void *fe, hsa_status_t st, const char *report)
{
	struct kfd_queue *q = fe;
	uint64_t h = q->cp.amd->queue_inactive_signal.handle;
	amd_signal_t *s = NULL;

	if (report && *report) {
		fprintf(stderr, "libhsakmt (gcnlab emulated KFD): queue %u stopped: %s\n", q->slot,
		        report);
		kfd_ext_report(report);
	}
	emu_mem_lock(kfd.mem);
	if (h)
		s = emu_mem_translate(kfd.mem, h, sizeof(amd_signal_t));
	emu_mem_unlock(kfd.mem);
	if (!s) {
		fprintf(stderr, "libhsakmt (gcnlab emulated KFD): queue %u has no queue_inactive_signal "
		        "to report status 0x%x on\n", q->slot, (unsigned)st);
		return;
	}
	__atomic_store_n(&s->value, (int64_t)kfd_qerr_code(st), __ATOMIC_RELEASE);
	kfd_sig_notify(s);
}

static void kfd_cp_fault(void *fe, uint64_t addr, const char *report)
{
	struct kfd_queue *q = fe;

	if (report && *report) {
		fprintf(stderr, "libhsakmt (gcnlab emulated KFD): queue %u: %s\n", q->slot, report);
		kfd_ext_report(report);
	}
	atomic_store(&kfd.vm_fault, true);   /* evicted before anyone hears of it */
	kfd_event_vm_fault(addr);
}

static void kfd_cp_result(void *fe, uint64_t completion, const struct emu_dispatch_result *res)
{
	(void)fe;
	kfd_ext_record(completion, res);
}

static bool kfd_cp_evicted(void *fe)
{
	(void)fe;
	return atomic_load(&kfd.vm_fault);
}

static const struct emu_cp_ops kfd_cp_ops = {
	.sig_get = kfd_sig_get,
	.sig_put = kfd_sig_put,
	.sig_load = kfd_sig_load,
	.sig_complete = kfd_sig_complete,
	.sig_wait_zero = kfd_sig_wait_zero,
	.doorbell_wait = kfd_doorbell_wait,
	.error = kfd_cp_error,
	.fault = kfd_cp_fault,
	.result = kfd_cp_result,
	.evicted = kfd_cp_evicted,
};

static void *kfd_queue_thread(void *arg)
{
	struct kfd_queue *q = arg;

	emu_cp_run(&q->cp);
	return NULL;
}

/* ---- the entry points ---- */

KFD_API HSAKMT_STATUS hsaKmtCreateQueue(HSAuint32 node, HSA_QUEUE_TYPE type, HSAuint32 pct,
                                        HSA_QUEUE_PRIORITY prio, void *ring, HSAuint64 bytes,
                                        HsaEvent *event, HsaQueueResource *res)
{
	struct kfd_queue *q;
	amd_queue_t *aq;
	uint64_t packets = bytes / 64;
	uint32_t slot;

	(void)prio;
	(void)event;
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (node != KFD_NODE_GPU)
		return HSAKMT_STATUS_INVALID_NODE_UNIT;
	if (type != HSA_QUEUE_COMPUTE_AQL)
		return HSAKMT_STATUS_NOT_SUPPORTED;  /* no SDMA engine, no PM4 compute queues */
	if (!res || !ring || packets == 0 || (packets & (packets - 1)) || packets > UINT32_MAX ||
	    !res->Queue_read_ptr_aql || !res->Queue_write_ptr_aql)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	/* The read and write pointers are amd_queue_t's: the CP needs the rest
	 * of it (queue_ptr of the dispatches, queue_inactive_signal). */
	aq = (amd_queue_t *)((uint8_t *)res->Queue_read_ptr_aql - offsetof(amd_queue_t, read_dispatch_id));
	if ((void *)res->Queue_write_ptr_aql != (void *)&aq->write_dispatch_id)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	q = calloc(1, sizeof(*q));
	if (!q)
		return HSAKMT_STATUS_NO_MEMORY;
	pthread_mutex_lock(&kfd.lock);
	for (slot = 0; slot < KFD_MAX_QUEUES && kfd.queues[slot]; slot++)
		;
	if (slot == KFD_MAX_QUEUES) {
		pthread_mutex_unlock(&kfd.lock);
		free(q);
		return HSAKMT_STATUS_OUT_OF_RESOURCES;
	}
	q->slot = slot;
	q->doorbell = &kfd.doorbells[slot];
	__atomic_store_n(q->doorbell, UINT64_MAX, __ATOMIC_RELAXED);  /* nothing rung: -1 */
	atomic_store(&q->suspended, pct == 0);
	q->cp.ops = &kfd_cp_ops;
	q->cp.fe = q;
	q->cp.gpu = kfd.gpu;
	q->cp.dispatch_lock = &kfd.dispatch_lock;
	q->cp.amd = aq;
	q->cp.ring = ring;
	q->cp.size = (uint32_t)packets;
	q->cp.vendor_pm4 = true;
	if (pthread_create(&q->thread, NULL, kfd_queue_thread, q)) {
		pthread_mutex_unlock(&kfd.lock);
		free(q);
		return HSAKMT_STATUS_OUT_OF_RESOURCES;
	}
	kfd.queues[slot] = q;
	pthread_mutex_unlock(&kfd.lock);
	res->QueueId = slot;
	res->Queue_DoorBell_aql = q->doorbell;
	res->ErrorReason = NULL;
	return HSAKMT_STATUS_SUCCESS;
}

static struct kfd_queue *kfd_queue_take(HSA_QUEUEID id, bool unlink)
{
	struct kfd_queue *q = NULL;

	pthread_mutex_lock(&kfd.lock);
	if (id < KFD_MAX_QUEUES) {
		q = kfd.queues[id];
		if (unlink)
			kfd.queues[id] = NULL;
	}
	pthread_mutex_unlock(&kfd.lock);
	return q;
}

static void kfd_queue_stop(struct kfd_queue *q)
{
	atomic_store(&q->cp.stop, true);
	pthread_join(q->thread, NULL);
	free(q);
}

KFD_API HSAKMT_STATUS hsaKmtDestroyQueue(HSA_QUEUEID id)
{
	struct kfd_queue *q;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	q = kfd_queue_take(id, true);
	if (!q)
		return HSAKMT_STATUS_INVALID_HANDLE;
	kfd_queue_stop(q);
	return HSAKMT_STATUS_SUCCESS;
}

/* 0 % suspends the queue (its CP stops fetching), more resumes it; the
 * emulator runs one dispatch at a time, so priority and share change
 * nothing else. */
KFD_API HSAKMT_STATUS hsaKmtUpdateQueue(HSA_QUEUEID id, HSAuint32 pct, HSA_QUEUE_PRIORITY prio,
                                        void *ring, HSAuint64 bytes, HsaEvent *event)
{
	struct kfd_queue *q;

	(void)prio;
	(void)event;
	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	q = kfd_queue_take(id, false);
	if (!q)
		return HSAKMT_STATUS_INVALID_HANDLE;
	if (ring != (void *)q->cp.ring || bytes / 64 != q->cp.size)
		return HSAKMT_STATUS_NOT_SUPPORTED;  /* moving a ring: not needed by ROCr 5.2 */
	atomic_store(&q->suspended, pct == 0);
	return HSAKMT_STATUS_SUCCESS;
}

/* The emulator places workgroups on every CU. */
KFD_API HSAKMT_STATUS hsaKmtSetQueueCUMask(HSA_QUEUEID id, HSAuint32 count, HSAuint32 *mask)
{
	(void)id;
	(void)count;
	(void)mask;
	return kfd_is_open() ? HSAKMT_STATUS_NOT_SUPPORTED : HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
}

/* No GWS (NumGws 0): ROCr does not ask unless a cooperative queue is made. */
KFD_API HSAKMT_STATUS hsaKmtAllocQueueGWS(HSA_QUEUEID id, HSAuint32 n, HSAuint32 *first)
{
	(void)id;
	(void)n;
	(void)first;
	return kfd_is_open() ? HSAKMT_STATUS_NOT_SUPPORTED : HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
}

void kfd_queues_destroy_all(void)
{
	for (uint32_t i = 0; i < KFD_MAX_QUEUES; i++) {
		struct kfd_queue *q = kfd_queue_take(i, true);
		if (q)
			kfd_queue_stop(q);
	}
}
