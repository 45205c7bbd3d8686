/*
 * emu_api_queue — AQL queues and their packet processor.
 *
 * A queue is one mapping: a page holding the amd_queue_t (whose first member
 * is the hsa_queue_t the host gets, as in ROCr, so the kernel's queue_ptr
 * points at the real structure) followed by the packet ring. The mapping is
 * registered in emu_mem as EMU_MEM_QUEUE.
 *
 * One thread per queue runs the command processor (cp/emu_cp.h) on the
 * ring; this file gives it the emulator's own signals (a doorbell that is a
 * struct emu_signal, completion signals from the signal registry) and says
 * where its errors go. A failed packet is reported as ROCr does (the
 * statuses are in cp/emu_cp.c) and the queue stops:
 *   memory fault (EC_QUEUE_WAVE_MEMORY_VIOLATION): every handler registered
 *       with hsa_amd_register_system_event_handler gets
 *       HSA_AMD_GPU_MEMORY_FAULT_EVENT, and the queue callback is NOT
 *       called (ROCr reports a VM fault through the system handler only and
 *       aborts when there is none; the emulator never aborts the host, it
 *       prints ROCr's message instead). KFD then evicts every queue of the
 *       process and does not restore them: from then on no queue, old or
 *       new, processes packets (emu_rt.vm_fault, until the next hsa_init).
 *   illegal instruction (EC_QUEUE_WAVE_ILLEGAL_INSTRUCTION):
 *       HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION
 *   hang (instruction budget; on hardware the wave would be killed by the
 *       debugger/timeout as EC_QUEUE_WAVE_ABORT): HSA_STATUS_ERROR_EXCEPTION
 *   a signal handle in a packet that is not a live signal: the CP's write to
 *       it faults, reported as a memory fault at the signal's value address.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "hsa/emu_runtime.h"
#include "cp/emu_cp.h"

#define EMU_QUEUE_MIN 64         /* rocminfo "Queue Min Size" */
#define EMU_QUEUE_MAX 131072     /* rocminfo "Queue Max Size" */
#define EMU_QUEUE_HDR 4096       /* page holding the amd_queue_t */
#define EMU_PRIVATE_MAX 262128   /* ROCr GpuAgent::QueueCreate scratch limit, bytes/lane */

/* KFD's gfx9 apertures (64-bit processes): LDS at 1 << 48, scratch at 2 << 48;
 * ROCr copies their high halves into amd_queue_t. */
#define EMU_SHARED_APERTURE_HI 0x10000u
#define EMU_PRIVATE_APERTURE_HI 0x20000u

struct emu_queue {
	struct emu_queue *next;
	amd_queue_t *amd;
	void *map;
	size_t map_size;
	struct emu_signal *doorbell;
	void (*callback)(hsa_status_t status, hsa_queue_t *source, void *data);
	void *data;
	pthread_t thread;
	hsa_amd_queue_priority_t priority;
	struct emu_cp_queue cp;    /* the packet processor: its stop flag and the
	                              profiling bit of the amd_queue_t */
};

/* ---- write / read indices (on the amd_queue_t, as ROCr) ---- */

static inline amd_queue_t *emu_aq(const hsa_queue_t *q)
{
	return (amd_queue_t *)(uintptr_t)q;
}

#define EMU_Q_LOAD(which, field, sfx, order)                                       \
	EMU_API uint64_t hsa_queue_load_##which##_index_##sfx(const hsa_queue_t *queue) \
	{                                                                              \
		return __atomic_load_n(&emu_aq(queue)->field, order);                      \
	}

EMU_Q_LOAD(read, read_dispatch_id, relaxed, __ATOMIC_RELAXED)
EMU_Q_LOAD(read, read_dispatch_id, scacquire, __ATOMIC_ACQUIRE)
EMU_Q_LOAD(read, read_dispatch_id, acquire, __ATOMIC_ACQUIRE)
EMU_Q_LOAD(write, write_dispatch_id, relaxed, __ATOMIC_RELAXED)
EMU_Q_LOAD(write, write_dispatch_id, scacquire, __ATOMIC_ACQUIRE)
EMU_Q_LOAD(write, write_dispatch_id, acquire, __ATOMIC_ACQUIRE)

#define EMU_Q_STORE_W(sfx, order)                                                  \
	EMU_API void hsa_queue_store_write_index_##sfx(const hsa_queue_t *queue, uint64_t value) \
	{                                                                              \
		__atomic_store_n(&emu_aq(queue)->write_dispatch_id, value, order);         \
	}

EMU_Q_STORE_W(relaxed, __ATOMIC_RELAXED)
EMU_Q_STORE_W(screlease, __ATOMIC_RELEASE)
EMU_Q_STORE_W(release, __ATOMIC_RELEASE)

/* The packet processor owns the read index: ROCr's AqlQueue ignores host
 * stores to it, and so does the emulator. */
#define EMU_Q_STORE_R(sfx)                                                         \
	EMU_API void hsa_queue_store_read_index_##sfx(const hsa_queue_t *queue, uint64_t value) \
	{                                                                              \
		(void)queue;                                                               \
		(void)value;                                                               \
	}

EMU_Q_STORE_R(relaxed)
EMU_Q_STORE_R(screlease)
EMU_Q_STORE_R(release)

#define EMU_Q_RMW(sfx, order)                                                      \
	EMU_API uint64_t hsa_queue_add_write_index_##sfx(const hsa_queue_t *queue,     \
	                                                 uint64_t value)               \
	{                                                                              \
		return __atomic_fetch_add(&emu_aq(queue)->write_dispatch_id, value, order); \
	}                                                                              \
	EMU_API uint64_t hsa_queue_cas_write_index_##sfx(const hsa_queue_t *queue,     \
	                                                 uint64_t expected, uint64_t value) \
	{                                                                              \
		uint64_t old = expected;                                                   \
		__atomic_compare_exchange_n(&emu_aq(queue)->write_dispatch_id, &old, value, \
		                            false, order, __ATOMIC_RELAXED);               \
		return old;                                                                \
	}

EMU_Q_RMW(relaxed, __ATOMIC_RELAXED)
EMU_Q_RMW(scacquire, __ATOMIC_ACQUIRE)
EMU_Q_RMW(acquire, __ATOMIC_ACQUIRE)
EMU_Q_RMW(screlease, __ATOMIC_RELEASE)
EMU_Q_RMW(release, __ATOMIC_RELEASE)
EMU_Q_RMW(scacq_screl, __ATOMIC_ACQ_REL)
EMU_Q_RMW(acq_rel, __ATOMIC_ACQ_REL)

/* ---- the command processor's view of this runtime (cp/emu_cp.h) ---- */

static const char *emu_fault_reason(uint32_t mask)
{
	return mask & HSA_AMD_MEMORY_FAULT_PAGE_NOT_PRESENT ?
	       "Page not present or supervisor privilege." : "Unknown.";
}

/* Memory fault: system event handlers first, as ROCr's VM fault handler. */
static void emu_queue_memory_fault(uint64_t addr)
{
	hsa_amd_event_t ev;
	uint32_t n;

	memset(&ev, 0, sizeof(ev));
	ev.event_type = HSA_AMD_GPU_MEMORY_FAULT_EVENT;
	ev.memory_fault.agent = emu_agent_handle(EMU_AGENT_GPU);
	ev.memory_fault.virtual_address = addr;
	ev.memory_fault.fault_reason_mask = HSA_AMD_MEMORY_FAULT_PAGE_NOT_PRESENT;
	atomic_store(&emu_rt.vm_fault, true);   /* evicted before anyone hears of it */
	pthread_mutex_lock(&emu_rt.lock);
	n = emu_rt.nhandlers;
	pthread_mutex_unlock(&emu_rt.lock);
	if (n == 0) {
		fprintf(stderr, "Memory access fault by GPU node-%u (Agent handle: %p) on address %p. "
		        "Reason: %s\n", emu_rt.agents[EMU_AGENT_GPU].node,
		        (void *)&emu_rt.agents[EMU_AGENT_GPU], (void *)(uintptr_t)addr,
		        emu_fault_reason(ev.memory_fault.fault_reason_mask));
		return;
	}
	for (uint32_t i = 0; i < n; i++)
		emu_rt.handlers[i].cb(&ev, emu_rt.handlers[i].data);
}

/* After a memory fault the queue is evicted, silently (no error callback;
 * the report is there for the gcnlab extension). */
static void emu_cpq_fault(void *fe, uint64_t addr, const char *report)
{
	(void)fe;
	emu_queue_memory_fault(addr);
	if (report && *report)
		emu_results_set_report(&emu_rt.results, report);
	atomic_store(&emu_rt.vm_fault, true);
}

/* The queue stopped with status st (see the file comment). */
static void emu_cpq_error(void *fe, hsa_status_t st, const char *report)
{
	struct emu_queue *q = fe;
	const char *text = NULL;

	hsa_status_string(st, &text);
	if (report && *report)
		emu_results_set_report(&emu_rt.results, report);
	/* With a callback the application hears of it (and the report is in
	 * the extension): printing it too would show it twice. */
	if (!q->callback)
		fprintf(stderr, "libhsa-emu: queue %u stopped: %s\n", (unsigned)q->amd->hsa_queue.id,
		        report && *report ? report : text ? text : "error");
	if (q->callback)
		q->callback(st, &q->amd->hsa_queue, q->data);
}

static void *emu_cpq_sig_get(void *fe, uint64_t handle)
{
	(void)fe;
	return emu_signal_get((hsa_signal_t){ handle });
}

static void emu_cpq_sig_put(void *fe, void *sig)
{
	(void)fe;
	emu_signal_put(sig);
}

static int64_t emu_cpq_sig_load(void *fe, void *sig)
{
	(void)fe;
	return emu_signal_value(sig);
}

static void emu_cpq_sig_complete(void *fe, void *sig, const uint64_t times[2])
{
	struct emu_signal *s = sig;

	(void)fe;
	if (times) {
		s->amd.start_ts = times[0];
		s->amd.end_ts = times[1];
	}
	emu_signal_sub(s, 1);
}

static bool emu_dep_zero(int64_t v, void *ctx)
{
	return v == 0 || atomic_load((const atomic_bool *)ctx);
}

static void emu_cpq_sig_wait_zero(void *fe, void *sig, const atomic_bool *stop, uint64_t deadline)
{
	(void)fe;
	emu_signal_wait_pred(sig, emu_dep_zero, (void *)stop, deadline);
}

struct emu_doorbell_wait {
	const atomic_bool *stop;
	uint64_t index;
};

static bool emu_doorbell_rung(int64_t v, void *ctx)
{
	const struct emu_doorbell_wait *w = ctx;
	return v >= (int64_t)w->index || atomic_load(w->stop);
}

static void emu_cpq_doorbell_wait(void *fe, uint64_t index, const atomic_bool *stop)
{
	struct emu_queue *q = fe;
	struct emu_doorbell_wait w = { stop, index };

	emu_signal_wait_pred(q->doorbell, emu_doorbell_rung, &w, UINT64_MAX);
}

static void emu_cpq_result(void *fe, uint64_t completion, const struct emu_dispatch_result *res)
{
	(void)fe;
	emu_results_record(&emu_rt.results, completion, res);
	/* A dispatch the host gave up on (queue destroyed): no error callback
	 * follows, but the report says where its waves were (get_last_report). */
	if (res->status == EMU_DISPATCH_CANCELLED)
		emu_results_set_report(&emu_rt.results, res->report);
}

static bool emu_cpq_evicted(void *fe)
{
	(void)fe;
	return atomic_load(&emu_rt.vm_fault);
}

static const struct emu_cp_ops emu_queue_cp_ops = {
	.sig_get = emu_cpq_sig_get,
	.sig_put = emu_cpq_sig_put,
	.sig_load = emu_cpq_sig_load,
	.sig_complete = emu_cpq_sig_complete,
	.sig_wait_zero = emu_cpq_sig_wait_zero,
	.doorbell_wait = emu_cpq_doorbell_wait,
	.error = emu_cpq_error,
	.fault = emu_cpq_fault,
	.result = emu_cpq_result,
	.evicted = emu_cpq_evicted,
};

static void *emu_queue_thread(void *arg)
{
	struct emu_queue *q = arg;

	emu_cp_run(&q->cp);
	return NULL;
}

/* ---- create / destroy ---- */

static void emu_queue_free(struct emu_queue *q)
{
	if (q->map) {
		emu_mem_remove(emu_rt.mem, q->map);
		munmap(q->map, q->map_size);
	}
	emu_signal_retire(q->doorbell);
	free(q);
}

/* Empty one of the runtime's queue lists under its lock; the caller owns
 * what it returns. */
static struct emu_queue *emu_queue_take(struct emu_queue **list)
{
	struct emu_queue *q;

	pthread_mutex_lock(&emu_rt.lock);
	q = *list;
	*list = NULL;
	pthread_mutex_unlock(&emu_rt.lock);
	return q;
}

/* Join and free the queues destroyed from their own error callback. */
static void emu_queue_reap(void)
{
	struct emu_queue *q = emu_queue_take(&emu_rt.dead_queues);

	while (q) {
		struct emu_queue *next = q->next;
		pthread_join(q->thread, NULL);
		emu_queue_free(q);
		q = next;
	}
}

/* The queue behind a host pointer; emu_rt.lock held. */
static struct emu_queue **emu_queue_link(const hsa_queue_t *queue)
{
	for (struct emu_queue **pp = &emu_rt.queues; *pp; pp = &(*pp)->next)
		if (&(*pp)->amd->hsa_queue == queue)
			return pp;
	return NULL;
}

/* The checks a queue call starts with, in ROCr's order: the runtime is
 * open, a queue is given, it is one of ours (*out, on success; taken off
 * the runtime's list when unlink is set). */
static hsa_status_t emu_queue_query(const hsa_queue_t *queue, bool unlink, struct emu_queue **out)
{
	struct emu_queue **pp;
	hsa_status_t st;

	if ((st = emu_rt_enter(queue != NULL)) != HSA_STATUS_SUCCESS)
		return st;
	pp = emu_queue_link(queue);
	*out = pp ? *pp : NULL;
	if (*out && unlink)
		*pp = (*out)->next;
	pthread_mutex_unlock(&emu_rt.lock);
	return *out ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_QUEUE;
}

EMU_API hsa_status_t hsa_queue_create(hsa_agent_t agent, uint32_t size, hsa_queue_type32_t type,
                                      void (*callback)(hsa_status_t status, hsa_queue_t *source,
                                                       void *data),
                                      void *data, uint32_t private_segment_size,
                                      uint32_t group_segment_size, hsa_queue_t **queue)
{
	const struct emu_profile *p = emu_rt.prof;
	struct emu_agent *a;
	struct emu_queue *q;
	amd_queue_t *aq;
	size_t ring;
	hsa_status_t st;
	bool started;

	(void)group_segment_size;  /* a hint only */
	if ((st = emu_agent_query(agent, true, &a)) != HSA_STATUS_SUCCESS)
		return st;
	/* Checks in the order of ROCr's hsa_queue_create / GpuAgent::QueueCreate. */
	if (!queue || size == 0 || (size & (size - 1)) ||
	    (type != HSA_QUEUE_TYPE_MULTI && type != HSA_QUEUE_TYPE_SINGLE &&
	     type != HSA_QUEUE_TYPE_COOPERATIVE))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (a->kind != EMU_AGENT_GPU)
		return HSA_STATUS_ERROR;  /* CpuAgent::QueueCreate: no packet processor */
	if (type == HSA_QUEUE_TYPE_COOPERATIVE)
		return HSA_STATUS_ERROR_INVALID_QUEUE_CREATION;  /* no GWS */
	if (size > EMU_QUEUE_MAX)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	if (size < EMU_QUEUE_MIN)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (private_segment_size != UINT32_MAX && private_segment_size > EMU_PRIVATE_MAX)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;

	emu_queue_reap();
	q = calloc(1, sizeof(*q));
	if (!q)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	ring = (size_t)size * 64;
	q->map_size = EMU_QUEUE_HDR + ring;
	q->map = emu_mem_map(emu_rt.mem, q->map_size);
	if (!q->map)
		goto fail;
	if (!emu_mem_add(emu_rt.mem, q->map, q->map_size, EMU_MEM_QUEUE)) {
		munmap(q->map, q->map_size);
		q->map = NULL;
		goto fail;
	}
	q->doorbell = emu_signal_create(-1);
	if (!q->doorbell)
		goto fail;
	q->doorbell->amd.kind = AMD_SIGNAL_KIND_DOORBELL;
	aq = q->amd = q->map;
	for (uint32_t i = 0; i < size; i++)
		((hsa_kernel_dispatch_packet_t *)((uint8_t *)q->map + EMU_QUEUE_HDR))[i].header =
			HSA_PACKET_TYPE_INVALID << HSA_PACKET_HEADER_TYPE;
	aq->hsa_queue.type = HSA_QUEUE_TYPE_MULTI;
	aq->hsa_queue.features = HSA_QUEUE_FEATURE_KERNEL_DISPATCH;
	aq->hsa_queue.base_address = (uint8_t *)q->map + EMU_QUEUE_HDR;
	aq->hsa_queue.doorbell_signal = emu_signal_handle(q->doorbell);
	aq->hsa_queue.size = size;
	aq->read_dispatch_id_field_base_byte_offset = (uint32_t)offsetof(amd_queue_t, read_dispatch_id);
	aq->max_cu_id = p->num_cu - 1;
	aq->max_wave_id = p->max_waves_per_simd * p->simd_per_cu - 1;
	aq->group_segment_aperture_base_hi = EMU_SHARED_APERTURE_HI;
	aq->private_segment_aperture_base_hi = EMU_PRIVATE_APERTURE_HI;
	aq->queue_properties = AMD_QUEUE_PROPERTIES_IS_PTR64;
	q->doorbell->amd.queue_ptr = aq;
	q->callback = callback;
	q->data = data;
	q->priority = HSA_AMD_QUEUE_PRIORITY_NORMAL;
	q->cp.ops = &emu_queue_cp_ops;
	q->cp.fe = q;
	q->cp.gpu = emu_rt.gpu;
	q->cp.dispatch_lock = &emu_rt.dispatch_lock;
	q->cp.amd = aq;
	q->cp.ring = aq->hsa_queue.base_address;
	q->cp.size = size;

	pthread_mutex_lock(&emu_rt.lock);
	aq->hsa_queue.id = emu_rt.next_queue_id++;
	EMU_RT_START(emu_rt.queues, q, emu_queue_thread, started);
	pthread_mutex_unlock(&emu_rt.lock);
	if (!started)
		goto fail;
	*queue = &aq->hsa_queue;
	return HSA_STATUS_SUCCESS;
fail:
	emu_queue_free(q);
	return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
}

/* Stop the thread and release the queue (q already unlinked). */
static void emu_queue_stop_and_free(struct emu_queue *q)
{
	atomic_store(&q->cp.stop, true);
	emu_signal_wake(q->doorbell);
	if (pthread_equal(pthread_self(), q->thread)) {
		/* From the queue's own error callback: the thread cannot join
		 * itself; it is joined and freed by the next create or shut down. */
		pthread_mutex_lock(&emu_rt.lock);
		EMU_RT_LINK(emu_rt.dead_queues, q);
		pthread_mutex_unlock(&emu_rt.lock);
		return;
	}
	pthread_join(q->thread, NULL);
	emu_queue_free(q);
}

EMU_API hsa_status_t hsa_queue_destroy(hsa_queue_t *queue)
{
	struct emu_queue *q;
	hsa_status_t st;

	if ((st = emu_queue_query(queue, true, &q)) != HSA_STATUS_SUCCESS)
		return st;
	emu_queue_stop_and_free(q);
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_queue_inactivate(hsa_queue_t *queue)
{
	struct emu_queue *q;
	hsa_status_t st;

	if ((st = emu_queue_query(queue, false, &q)) != HSA_STATUS_SUCCESS)
		return st;
	atomic_store(&q->cp.stop, true);
	emu_signal_wake(q->doorbell);
	return HSA_STATUS_SUCCESS;
}

void emu_queue_destroy_all(void)
{
	struct emu_queue *q = emu_queue_take(&emu_rt.queues);

	while (q) {
		struct emu_queue *next = q->next;
		emu_queue_stop_and_free(q);
		q = next;
	}
	emu_queue_reap();
}

/* ---- AMD queue extensions ---- */

EMU_API hsa_status_t hsa_amd_queue_set_priority(hsa_queue_t *queue,
                                                hsa_amd_queue_priority_t priority)
{
	struct emu_queue *q;
	hsa_status_t st;

	if ((st = emu_queue_query(queue, false, &q)) != HSA_STATUS_SUCCESS)
		return st;
	if (priority < HSA_AMD_QUEUE_PRIORITY_LOW || priority > HSA_AMD_QUEUE_PRIORITY_HIGH)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	q->priority = priority;  /* one dispatch at a time: priority changes nothing */
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_amd_profiling_set_profiler_enabled(hsa_queue_t *queue, int enable)
{
	struct emu_queue *q;
	hsa_status_t st;

	if ((st = emu_queue_query(queue, false, &q)) != HSA_STATUS_SUCCESS)
		return st;
	if (enable)
		__atomic_fetch_or(&q->amd->queue_properties, AMD_QUEUE_PROPERTIES_ENABLE_PROFILING,
		                  __ATOMIC_RELAXED);
	else
		__atomic_fetch_and(&q->amd->queue_properties, ~AMD_QUEUE_PROPERTIES_ENABLE_PROFILING,
		                   __ATOMIC_RELAXED);
	return HSA_STATUS_SUCCESS;
}

/* Start/end of the dispatch whose completion signal this is; written only
 * when the queue had profiling enabled, as the CP does. */
EMU_API hsa_status_t hsa_amd_profiling_get_dispatch_time(hsa_agent_t agent, hsa_signal_t signal,
                                                         hsa_amd_profiling_dispatch_time_t *time)
{
	struct emu_agent *a;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!(a = emu_agent_from(agent)) || a->kind != EMU_AGENT_GPU)
		return HSA_STATUS_ERROR_INVALID_AGENT;
	if (!time)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return emu_signal_times(signal, &time->start, &time->end);
}

/* GPU timestamps already are system nanoseconds (model time). */
EMU_API hsa_status_t hsa_amd_profiling_convert_tick_to_system_domain(hsa_agent_t agent,
                                                                     uint64_t agent_tick,
                                                                     uint64_t *system_tick)
{
	struct emu_agent *a;
	hsa_status_t st;

	if ((st = emu_agent_query(agent, system_tick != NULL, &a)) != HSA_STATUS_SUCCESS)
		return st;
	*system_tick = agent_tick;
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_amd_register_system_event_handler(hsa_amd_system_event_callback_t callback,
                                                           void *data)
{
	hsa_status_t st;

	if ((st = emu_rt_enter(callback != NULL)) != HSA_STATUS_SUCCESS)
		return st;
	if (emu_rt.nhandlers == EMU_MAX_EVENT_HANDLERS) {
		st = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	} else {
		emu_rt.handlers[emu_rt.nhandlers].cb = callback;
		emu_rt.handlers[emu_rt.nhandlers].data = data;
		emu_rt.nhandlers++;
	}
	pthread_mutex_unlock(&emu_rt.lock);
	return st;
}
