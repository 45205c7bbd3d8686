/*
 * kfd_event — KFD events: signal events with a mailbox slot each (the page
 * the command processor writes an event id into before it raises the
 * interrupt), and the memory event that carries a VM fault.
 *
 * All events share one lock and one condition: a wait on several events
 * (ROCr's async-events thread waits on all its interrupt signals at once)
 * sleeps once and is woken by any of them.
 *
 * Setting an event wakes every thread waiting on it, as the KFD does; an
 * auto-reset event then stays unset, and only one set while nobody waits
 * stays set for the next wait to consume. (Consuming it in the first
 * waiter to wake left a second waiter on the same event asleep for good:
 * ROCr's queue destruction waits on its queue event while the async-events
 * thread waits on it too.)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>

#include "kfd/kfd_priv.h"

struct kfd_event {
	HsaEvent ev;               /* first: ROCr holds a HsaEvent* */
	uint32_t slot;
	bool manual;               /* manual reset: a wait does not clear it */
	bool signaled;
	uint32_t waiters;          /* threads inside a wait on it */
	uint64_t fires;            /* times set: a waiter sees it change */
};

/* Set e (ev_lock held). */
static void kfd_event_set(struct kfd_event *e)
{
	e->fires++;
	if (e->manual || e->waiters == 0)
		e->signaled = true;
	pthread_cond_broadcast(&kfd.ev_cond);
}

bool kfd_events_init(void)
{
	size_t len = KFD_EVENT_SLOTS * sizeof(uint64_t);

	kfd.mailbox = emu_mem_map(kfd.mem, len);
	if (!kfd.mailbox)
		return false;
	if (!emu_mem_add(kfd.mem, kfd.mailbox, len, EMU_MEM_FINE)) {
		munmap(kfd.mailbox, len);
		kfd.mailbox = NULL;
		return false;
	}
	memset(kfd.events, 0, sizeof(kfd.events));
	kfd.vm_fault_event = NULL;
	return true;
}

void kfd_events_release_all(void)
{
	pthread_mutex_lock(&kfd.ev_lock);
	for (uint32_t i = 0; i < KFD_EVENT_SLOTS; i++) {
		free(kfd.events[i]);
		kfd.events[i] = NULL;
	}
	kfd.vm_fault_event = NULL;
	pthread_cond_broadcast(&kfd.ev_cond);
	pthread_mutex_unlock(&kfd.ev_lock);
	if (kfd.mailbox) {
		emu_mem_remove(kfd.mem, kfd.mailbox);
		munmap(kfd.mailbox, KFD_EVENT_SLOTS * sizeof(uint64_t));
		kfd.mailbox = NULL;
	}
}

KFD_API HSAKMT_STATUS hsaKmtCreateEvent(HsaEventDescriptor *desc, bool manual, bool signaled,
                                        HsaEvent **out)
{
	struct kfd_event *e;
	uint32_t slot;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!desc || !out)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	if (desc->EventType >= HSA_EVENTTYPE_MAXID)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	e = calloc(1, sizeof(*e));
	if (!e)
		return HSAKMT_STATUS_NO_MEMORY;
	pthread_mutex_lock(&kfd.ev_lock);
	/* Slot 0 stays free: an event id of 0 reads as "none" in a mailbox. */
	for (slot = 1; slot < KFD_EVENT_SLOTS && kfd.events[slot]; slot++)
		;
	if (slot == KFD_EVENT_SLOTS) {
		pthread_mutex_unlock(&kfd.ev_lock);
		free(e);
		return HSAKMT_STATUS_OUT_OF_RESOURCES;
	}
	e->slot = slot;
	e->manual = manual;
	e->signaled = signaled;
	e->ev.EventId = slot;
	e->ev.EventData.EventType = desc->EventType;
	e->ev.EventData.HWData1 = slot;
	e->ev.EventData.HWData3 = slot;
	if (desc->EventType == HSA_EVENTTYPE_SIGNAL) {
		/* Where the GPU writes the id before it interrupts. */
		e->ev.EventData.HWData2 = (HSAuint64)(uintptr_t)&kfd.mailbox[slot];
		kfd.mailbox[slot] = 0;
	}
	if (desc->EventType == HSA_EVENTTYPE_MEMORY && !kfd.vm_fault_event)
		kfd.vm_fault_event = e;
	kfd.events[slot] = e;
	pthread_mutex_unlock(&kfd.ev_lock);
	*out = &e->ev;
	return HSAKMT_STATUS_SUCCESS;
}

/* The event behind ROCr's pointer (ev_lock held); NULL if not ours. */
static struct kfd_event *kfd_event_of(const HsaEvent *ev)
{
	if (!ev || ev->EventId == 0 || ev->EventId >= KFD_EVENT_SLOTS)
		return NULL;
	struct kfd_event *e = kfd.events[ev->EventId];
	return e && &e->ev == ev ? e : NULL;
}

KFD_API HSAKMT_STATUS hsaKmtDestroyEvent(HsaEvent *ev)
{
	struct kfd_event *e;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	pthread_mutex_lock(&kfd.ev_lock);
	e = kfd_event_of(ev);
	if (e) {
		kfd.events[e->slot] = NULL;
		if (kfd.vm_fault_event == e)
			kfd.vm_fault_event = NULL;
		/* A thread still waiting on it wakes and finds it gone. */
		pthread_cond_broadcast(&kfd.ev_cond);
	}
	pthread_mutex_unlock(&kfd.ev_lock);
	if (!e)
		return HSAKMT_STATUS_INVALID_HANDLE;
	free(e);
	return HSAKMT_STATUS_SUCCESS;
}

KFD_API HSAKMT_STATUS hsaKmtSetEvent(HsaEvent *ev)
{
	struct kfd_event *e;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	pthread_mutex_lock(&kfd.ev_lock);
	e = kfd_event_of(ev);
	if (e)
		kfd_event_set(e);
	pthread_mutex_unlock(&kfd.ev_lock);
	return e ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_HANDLE;
}

/* The interrupt after the GPU wrote event_id into its mailbox. */
void kfd_event_fire(uint32_t event_id)
{
	pthread_mutex_lock(&kfd.ev_lock);
	if (event_id > 0 && event_id < KFD_EVENT_SLOTS && kfd.events[event_id]) {
		kfd.mailbox[event_id] = 0;
		kfd_event_set(kfd.events[event_id]);
	}
	pthread_mutex_unlock(&kfd.ev_lock);
}

void kfd_event_vm_fault(uint64_t addr)
{
	pthread_mutex_lock(&kfd.ev_lock);
	struct kfd_event *e = kfd.vm_fault_event;
	if (e) {
		HsaMemoryAccessFault *f = &e->ev.EventData.EventData.MemoryAccessFault;
		memset(f, 0, sizeof(*f));
		f->NodeId = KFD_NODE_GPU;
		f->VirtualAddress = addr;
		f->Failure.NotPresent = 1;
		f->Flags = HSA_EVENTID_MEMORY_FATAL_PROCESS;
		kfd_event_set(e);
	}
	pthread_mutex_unlock(&kfd.ev_lock);
	if (!e)
		fprintf(stderr, "libhsakmt (gcnlab emulated KFD): GPU memory fault at 0x%llx and no "
		        "memory event to report it on\n", (unsigned long long)addr);
}

/* Event i of the wait has fired: it was set at the start, or set since
 * (fires moved past what the wait saw). */
static bool kfd_hit(const struct kfd_event *e, uint64_t seen)
{
	return e->signaled || e->fires != seen;
}

/* Whether the wait is satisfied (ev_lock held); consumes the auto-reset
 * events that satisfied it. gone: an event was destroyed under the wait. */
static bool kfd_wait_done(HsaEvent *evs[], HSAuint32 n, bool all, const uint64_t *seen, bool *gone)
{
	unsigned hit = 0;

	*gone = false;
	for (HSAuint32 i = 0; i < n; i++) {
		struct kfd_event *e = kfd_event_of(evs[i]);
		if (!e) {
			*gone = true;
			return true;
		}
		hit += kfd_hit(e, seen[i]);
	}
	if (all ? hit < n : hit == 0)
		return false;
	for (HSAuint32 i = 0; i < n; i++) {
		struct kfd_event *e = kfd_event_of(evs[i]);
		if (!e->manual && kfd_hit(e, seen[i]))
			e->signaled = false;
	}
	return true;
}

/* Count the wait in (d 1) or out (d -1) of each event still there. */
static void kfd_wait_count(HsaEvent *evs[], HSAuint32 n, int d)
{
	for (HSAuint32 i = 0; i < n; i++) {
		struct kfd_event *e = kfd_event_of(evs[i]);
		if (e)
			e->waiters = (uint32_t)((int)e->waiters + d);
	}
}

KFD_API HSAKMT_STATUS hsaKmtWaitOnMultipleEvents(HsaEvent *evs[], HSAuint32 n, bool all,
                                                 HSAuint32 ms)
{
	struct timespec dl;
	HSAKMT_STATUS st = HSAKMT_STATUS_SUCCESS;
	uint64_t *seen;
	bool gone = false;

	if (!kfd_is_open())
		return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
	if (!evs || n == 0)
		return HSAKMT_STATUS_INVALID_PARAMETER;
	seen = calloc(n, sizeof(*seen));
	if (!seen)
		return HSAKMT_STATUS_NO_MEMORY;
	clock_gettime(CLOCK_REALTIME, &dl);
	dl.tv_sec += ms / 1000;
	dl.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (dl.tv_nsec >= 1000000000L) {
		dl.tv_sec++;
		dl.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&kfd.ev_lock);
	for (HSAuint32 i = 0; i < n; i++) {
		struct kfd_event *e = kfd_event_of(evs[i]);
		seen[i] = e ? e->fires : 0;
	}
	kfd_wait_count(evs, n, 1);
	while (!kfd_wait_done(evs, n, all, seen, &gone)) {
		int rc = ms == HSA_EVENTTIMEOUT_INFINITE ? pthread_cond_wait(&kfd.ev_cond, &kfd.ev_lock)
		         : ms == 0 ? ETIMEDOUT : pthread_cond_timedwait(&kfd.ev_cond, &kfd.ev_lock, &dl);
		if (rc == ETIMEDOUT) {
			st = HSAKMT_STATUS_WAIT_TIMEOUT;
			break;
		}
	}
	kfd_wait_count(evs, n, -1);
	pthread_mutex_unlock(&kfd.ev_lock);
	free(seen);
	return gone ? HSAKMT_STATUS_INVALID_HANDLE : st;
}

KFD_API HSAKMT_STATUS hsaKmtWaitOnEvent(HsaEvent *ev, HSAuint32 ms)
{
	return hsaKmtWaitOnMultipleEvents(&ev, 1, true, ms);
}
