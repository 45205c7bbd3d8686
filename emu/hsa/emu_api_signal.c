/*
 * emu_api_signal — HSA signals. A signal is a 64-byte aligned struct
 * emu_signal whose amd_signal_t comes first, so the handle is laid out as
 * ROCr's (kind at 0, value at 8, start_ts/end_ts at 32/40).
 *
 * Waits block on a condition variable instead of spinning: every modifying
 * operation performs its atomic update, then a full fence, then wakes the
 * sleepers if any are registered. A waiter registers (seq_cst) before it
 * reads the value, so one of the two always sees the other (Dekker).
 *
 * Live signals are kept in a registry (an emu_mem) so that the packet
 * processor can refuse a handle in a packet that is not a signal, and
 * holds a reference while it uses one.
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hsa/emu_runtime.h"

/* ---- internal ---- */

struct emu_signal *emu_signal_create(int64_t initial)
{
	struct emu_signal *s = aligned_alloc(64, (sizeof(struct emu_signal) + 63) & ~(size_t)63);
	pthread_condattr_t ca;

	if (!s)
		return NULL;
	memset(s, 0, sizeof(*s));
	s->amd.kind = AMD_SIGNAL_KIND_USER;
	s->amd.value = initial;
	if (pthread_mutex_init(&s->lock, NULL))
		goto fail;
	if (pthread_condattr_init(&ca))
		goto fail_mutex;
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	if (pthread_cond_init(&s->cond, &ca)) {
		pthread_condattr_destroy(&ca);
		goto fail_mutex;
	}
	pthread_condattr_destroy(&ca);
	atomic_init(&s->waiters, 0);
	atomic_init(&s->refs, 1);
	atomic_init(&s->busy, 0);
	if (!emu_mem_add(emu_rt.signals, s, sizeof(*s), EMU_MEM_FINE))
		goto fail_cond;
	return s;
fail_cond:
	pthread_cond_destroy(&s->cond);
fail_mutex:
	pthread_mutex_destroy(&s->lock);
fail:
	free(s);
	return NULL;
}

static void emu_signal_free(struct emu_signal *s)
{
	while (atomic_load(&s->busy))
		sched_yield();
	pthread_cond_destroy(&s->cond);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

struct emu_signal *emu_signal_get(hsa_signal_t h)
{
	struct emu_signal *s = NULL;
	uint64_t base;

	if (!h.handle || !emu_rt.signals)
		return NULL;
	pthread_mutex_lock(&emu_rt.sig_lock);
	if (emu_mem_find(emu_rt.signals, h.handle, &base, NULL, NULL) && base == h.handle) {
		s = (struct emu_signal *)(uintptr_t)h.handle;
		atomic_fetch_add(&s->refs, 1);
	}
	pthread_mutex_unlock(&emu_rt.sig_lock);
	return s;
}

void emu_signal_put(struct emu_signal *s)
{
	if (s && atomic_fetch_sub(&s->refs, 1) == 1)
		emu_signal_free(s);
}

void emu_signal_retire(struct emu_signal *s)
{
	bool found;

	if (!s)
		return;
	pthread_mutex_lock(&emu_rt.sig_lock);
	found = emu_mem_remove(emu_rt.signals, s);
	pthread_mutex_unlock(&emu_rt.sig_lock);
	if (found)
		emu_signal_put(s);
}

hsa_status_t emu_signal_times(hsa_signal_t signal, uint64_t *start, uint64_t *end)
{
	struct emu_signal *s = emu_signal_get(signal);

	if (!s)
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	*start = s->amd.start_ts;
	*end = s->amd.end_ts;
	emu_signal_put(s);
	return HSA_STATUS_SUCCESS;
}

void emu_signal_wake(struct emu_signal *s)
{
	pthread_mutex_lock(&s->lock);
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
}

/* Around a modification: mark it in flight, then wake sleepers (see the
 * file comment) and let a pending destroy free the signal. */
static inline void emu_signal_enter(struct emu_signal *s)
{
	atomic_fetch_add(&s->busy, 1);
}

static inline void emu_signal_notify(struct emu_signal *s)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (atomic_load(&s->waiters))
		emu_signal_wake(s);
	atomic_fetch_sub(&s->busy, 1);
}

int64_t emu_signal_value(struct emu_signal *s)
{
	return __atomic_load_n(&s->amd.value, __ATOMIC_SEQ_CST);
}

void emu_signal_store(struct emu_signal *s, int64_t v)
{
	emu_signal_enter(s);
	__atomic_store_n(&s->amd.value, v, __ATOMIC_RELEASE);
	emu_signal_notify(s);
}

void emu_signal_sub(struct emu_signal *s, int64_t v)
{
	emu_signal_enter(s);
	__atomic_fetch_sub(&s->amd.value, v, __ATOMIC_ACQ_REL);
	emu_signal_notify(s);
}

int64_t emu_signal_wait_pred(struct emu_signal *s, bool (*pred)(int64_t v, void *ctx), void *ctx,
                             uint64_t deadline_ns)
{
	struct timespec ts = { (time_t)(deadline_ns / 1000000000ull),
	                       (long)(deadline_ns % 1000000000ull) };
	int64_t v = emu_signal_value(s);

	if (pred(v, ctx))
		return v;
	pthread_mutex_lock(&s->lock);
	atomic_fetch_add(&s->waiters, 1);
	for (;;) {
		int rc;
		v = emu_signal_value(s);
		if (pred(v, ctx))
			break;
		if (deadline_ns == UINT64_MAX) {
			pthread_cond_wait(&s->cond, &s->lock);
			continue;
		}
		rc = pthread_cond_timedwait(&s->cond, &s->lock, &ts);
		if (rc == ETIMEDOUT) {
			v = emu_signal_value(s);
			break;
		}
	}
	atomic_fetch_sub(&s->waiters, 1);
	pthread_mutex_unlock(&s->lock);
	return v;
}

void emu_signal_destroy_all(void)
{
	void *base;
	size_t size;
	enum emu_mem_kind kind;

	if (!emu_rt.signals)
		return;
	pthread_mutex_lock(&emu_rt.sig_lock);
	while (emu_mem_pop(emu_rt.signals, &base, &size, &kind))
		emu_signal_put(base);
	pthread_mutex_unlock(&emu_rt.sig_lock);
}

/* ---- create / destroy ---- */

static struct emu_signal *emu_signal_from(hsa_signal_t h)
{
	return (struct emu_signal *)(uintptr_t)h.handle;
}

static hsa_status_t emu_signal_check_consumers(uint32_t num_consumers, const hsa_agent_t *consumers)
{
	if (num_consumers > 0 && !consumers)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	for (uint32_t i = 0; i < num_consumers; i++)
		if (!emu_agent_from(consumers[i]))
			return HSA_STATUS_ERROR_INVALID_AGENT;
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_signal_create(hsa_signal_value_t initial_value, uint32_t num_consumers,
                                       const hsa_agent_t *consumers, hsa_signal_t *signal)
{
	struct emu_signal *s;
	hsa_status_t st;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!signal)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	st = emu_signal_check_consumers(num_consumers, consumers);
	if (st != HSA_STATUS_SUCCESS)
		return st;
	s = emu_signal_create(initial_value);
	if (!s)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	*signal = emu_signal_handle(s);
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_amd_signal_create(hsa_signal_value_t initial_value, uint32_t num_consumers,
                                           const hsa_agent_t *consumers, uint64_t attributes,
                                           hsa_signal_t *signal)
{
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	/* Interprocess signals need a second process to attach: not emulated. */
	if (attributes & ~(uint64_t)HSA_AMD_SIGNAL_AMD_GPU_ONLY)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return hsa_signal_create(initial_value, num_consumers, consumers, signal);
}

EMU_API hsa_status_t hsa_signal_destroy(hsa_signal_t signal)
{
	struct emu_signal *s;
	bool found;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!signal.handle)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&emu_rt.sig_lock);
	found = emu_mem_remove(emu_rt.signals, (void *)(uintptr_t)signal.handle);
	pthread_mutex_unlock(&emu_rt.sig_lock);
	if (!found)
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	s = emu_signal_from(signal);
	emu_signal_put(s);
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_amd_signal_value_pointer(hsa_signal_t signal,
                                                  volatile hsa_signal_value_t **value_ptr)
{
	struct emu_signal *s;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!value_ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	s = emu_signal_get(signal);
	if (!s)
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	*value_ptr = &s->amd.value;
	emu_signal_put(s);
	return HSA_STATUS_SUCCESS;
}

/* ---- load / store ---- */

EMU_API hsa_signal_value_t hsa_signal_load_relaxed(hsa_signal_t signal)
{
	return __atomic_load_n(&emu_signal_from(signal)->amd.value, __ATOMIC_RELAXED);
}

EMU_API hsa_signal_value_t hsa_signal_load_scacquire(hsa_signal_t signal)
{
	return __atomic_load_n(&emu_signal_from(signal)->amd.value, __ATOMIC_ACQUIRE);
}

EMU_API hsa_signal_value_t hsa_signal_load_acquire(hsa_signal_t signal)
{
	return hsa_signal_load_scacquire(signal);
}

#define EMU_SIGNAL_STORE(name, order)                                            \
	EMU_API void name(hsa_signal_t signal, hsa_signal_value_t value)             \
	{                                                                            \
		struct emu_signal *s = emu_signal_from(signal);                          \
		emu_signal_enter(s);                                                     \
		__atomic_store_n(&s->amd.value, value, order);                           \
		emu_signal_notify(s);                                                    \
	}

EMU_SIGNAL_STORE(hsa_signal_store_relaxed, __ATOMIC_RELAXED)
EMU_SIGNAL_STORE(hsa_signal_store_screlease, __ATOMIC_RELEASE)
EMU_SIGNAL_STORE(hsa_signal_store_release, __ATOMIC_RELEASE)

/* "Silent" stores do not have to wake waiters. */
EMU_API void hsa_signal_silent_store_relaxed(hsa_signal_t signal, hsa_signal_value_t value)
{
	__atomic_store_n(&emu_signal_from(signal)->amd.value, value, __ATOMIC_RELAXED);
}

EMU_API void hsa_signal_silent_store_screlease(hsa_signal_t signal, hsa_signal_value_t value)
{
	__atomic_store_n(&emu_signal_from(signal)->amd.value, value, __ATOMIC_RELEASE);
}

/* ---- read-modify-write, one function per (operation, memory order) ---- */

#define EMU_SIGNAL_RMW(op, builtin, sfx, order)                                  \
	EMU_API void hsa_signal_##op##_##sfx(hsa_signal_t signal, hsa_signal_value_t value) \
	{                                                                            \
		struct emu_signal *s = emu_signal_from(signal);                          \
		emu_signal_enter(s);                                                     \
		builtin(&s->amd.value, value, order);                                    \
		emu_signal_notify(s);                                                    \
	}

#define EMU_SIGNAL_RMW_ALL(op, builtin)                                          \
	EMU_SIGNAL_RMW(op, builtin, relaxed, __ATOMIC_RELAXED)                       \
	EMU_SIGNAL_RMW(op, builtin, scacquire, __ATOMIC_ACQUIRE)                     \
	EMU_SIGNAL_RMW(op, builtin, acquire, __ATOMIC_ACQUIRE)                       \
	EMU_SIGNAL_RMW(op, builtin, screlease, __ATOMIC_RELEASE)                     \
	EMU_SIGNAL_RMW(op, builtin, release, __ATOMIC_RELEASE)                       \
	EMU_SIGNAL_RMW(op, builtin, scacq_screl, __ATOMIC_ACQ_REL)                   \
	EMU_SIGNAL_RMW(op, builtin, acq_rel, __ATOMIC_ACQ_REL)

EMU_SIGNAL_RMW_ALL(add, __atomic_fetch_add)
EMU_SIGNAL_RMW_ALL(subtract, __atomic_fetch_sub)
EMU_SIGNAL_RMW_ALL(and, __atomic_fetch_and)
EMU_SIGNAL_RMW_ALL(or, __atomic_fetch_or)
EMU_SIGNAL_RMW_ALL(xor, __atomic_fetch_xor)

#define EMU_SIGNAL_XCHG(sfx, order)                                              \
	EMU_API hsa_signal_value_t hsa_signal_exchange_##sfx(hsa_signal_t signal,    \
	                                                     hsa_signal_value_t value) \
	{                                                                            \
		struct emu_signal *s = emu_signal_from(signal);                          \
		hsa_signal_value_t old;                                                  \
		emu_signal_enter(s);                                                     \
		old = __atomic_exchange_n(&s->amd.value, value, order); \
		emu_signal_notify(s);                                                    \
		return old;                                                              \
	}

#define EMU_SIGNAL_CAS(sfx, order)                                               \
	EMU_API hsa_signal_value_t hsa_signal_cas_##sfx(hsa_signal_t signal,         \
	                                                hsa_signal_value_t expected, \
	                                                hsa_signal_value_t value)    \
	{                                                                            \
		struct emu_signal *s = emu_signal_from(signal);                          \
		hsa_signal_value_t old = expected;                                       \
		emu_signal_enter(s);                                                     \
		__atomic_compare_exchange_n(&s->amd.value, &old, value, false, order,    \
		                            __ATOMIC_RELAXED);                           \
		emu_signal_notify(s);                                                    \
		return old;                                                              \
	}

#define EMU_SIGNAL_ALL_ORDERS(M)                                                 \
	M(relaxed, __ATOMIC_RELAXED)                                                 \
	M(scacquire, __ATOMIC_ACQUIRE)                                               \
	M(acquire, __ATOMIC_ACQUIRE)                                                 \
	M(screlease, __ATOMIC_RELEASE)                                               \
	M(release, __ATOMIC_RELEASE)                                                 \
	M(scacq_screl, __ATOMIC_ACQ_REL)                                             \
	M(acq_rel, __ATOMIC_ACQ_REL)

EMU_SIGNAL_ALL_ORDERS(EMU_SIGNAL_XCHG)
EMU_SIGNAL_ALL_ORDERS(EMU_SIGNAL_CAS)

/* ---- wait ---- */

struct emu_wait_cond {
	hsa_signal_condition_t cond;
	hsa_signal_value_t compare;
};

static bool emu_wait_sat(int64_t v, void *ctx)
{
	const struct emu_wait_cond *c = ctx;

	switch (c->cond) {
	case HSA_SIGNAL_CONDITION_EQ: return v == c->compare;
	case HSA_SIGNAL_CONDITION_NE: return v != c->compare;
	case HSA_SIGNAL_CONDITION_LT: return v < c->compare;
	case HSA_SIGNAL_CONDITION_GTE: return v >= c->compare;
	default: return true;  /* not a condition: return at once */
	}
}

/* The timeout hint is in the HSA timestamp domain (1 GHz here, so ns); it is
 * applied to the wall clock: a host waits in real time. */
static hsa_signal_value_t emu_signal_wait(hsa_signal_t signal, hsa_signal_condition_t condition,
                                          hsa_signal_value_t compare_value, uint64_t timeout_hint)
{
	struct emu_wait_cond c = { condition, compare_value };
	uint64_t now = emu_rt_wall_ns();
	uint64_t deadline = timeout_hint >= UINT64_MAX - now ? UINT64_MAX : now + timeout_hint;

	return emu_signal_wait_pred(emu_signal_from(signal), emu_wait_sat, &c, deadline);
}

EMU_API hsa_signal_value_t hsa_signal_wait_scacquire(hsa_signal_t signal,
                                                     hsa_signal_condition_t condition,
                                                     hsa_signal_value_t compare_value,
                                                     uint64_t timeout_hint,
                                                     hsa_wait_state_t wait_state_hint)
{
	hsa_signal_value_t v;

	(void)wait_state_hint;
	v = emu_signal_wait(signal, condition, compare_value, timeout_hint);
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return v;
}

EMU_API hsa_signal_value_t hsa_signal_wait_relaxed(hsa_signal_t signal,
                                                   hsa_signal_condition_t condition,
                                                   hsa_signal_value_t compare_value,
                                                   uint64_t timeout_hint,
                                                   hsa_wait_state_t wait_state_hint)
{
	(void)wait_state_hint;
	return emu_signal_wait(signal, condition, compare_value, timeout_hint);
}

EMU_API hsa_signal_value_t hsa_signal_wait_acquire(hsa_signal_t signal,
                                                   hsa_signal_condition_t condition,
                                                   hsa_signal_value_t compare_value,
                                                   uint64_t timeout_hint,
                                                   hsa_wait_state_t wait_state_hint)
{
	return hsa_signal_wait_scacquire(signal, condition, compare_value, timeout_hint,
	                                 wait_state_hint);
}
